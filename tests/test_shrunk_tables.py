"""Each engine report shows every failing cause's shrunk example (issue 34 §3): for every cause of an
engine's cause file that the report's committed result stream shows failing, the report has a table row
for that cause naming the shrunk example of the cause's smallest failing scenario
(``duelspec shrink --stream``: :func:`duelspec.analysis.repro.shortest`), and that file is committed in
docs/conformance/shrunk/<engine>/. No engine is needed: a "not shrunk yet" row, a cause left out, or a
row naming a scenario that is no longer the cause's smallest fails here. (tests/test_shrink.py checks
that the reference engine passes every committed file.)"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from duelspec.analysis.causes import BAD, by_id, group, load_causes
from duelspec.analysis.repro import shortest
from duelspec.reporting.report import read_stream

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "docs" / "conformance"
#: report -> (cause file, the streams it is shrunk from, each stream shrunk on its own as the report says)
REPORTS = {
    "edopro": ("adapters/edopro/causes.toml", [["edopro.jsonl", "edopro-generated.jsonl"]]),
    "ygopro": ("adapters/ygopro/causes.toml", [["ygopro.jsonl"]]),
    "duel-masters-go": ("adapters/duel-masters-go/causes.toml", [["duel-masters-go.jsonl"], ["duel-masters-go-generated.jsonl"]]),
}


def expected_examples(causes_file: Path, streams: list) -> dict:
    """``{cause key: scenario id}``: per failing cause of the streams its smallest failing scenario."""
    results = {}
    for s in streams:
        results.update({r["id"]: r for r in read_stream(CONF / s).results})
    bad = [r for r in results.values() if r.get("outcome") in BAD]
    docs = by_id(r["id"] for r in bad)
    groups = group(bad, docs, load_causes(causes_file))
    return {k: sid for k, sid in shortest(groups, docs).items() if k != "unclassified" and sid in docs}


def rows(text: str) -> dict:
    """``{cause key: [row, ...]}`` of the report's table rows (first cell: the key, bold or not)."""
    out: dict = {}
    for line in text.splitlines():
        m = re.match(r"^\|\s*\**([A-Za-z][A-Za-z0-9-]*)\**(?:\s[^|]*)?\|", line)
        if m:
            out.setdefault(m.group(1), []).append(line)
    return out


@pytest.mark.parametrize("engine", sorted(REPORTS))
def test_every_failing_cause_has_its_shrunk_example_in_the_report(engine):
    causes_file, stream_sets = REPORTS[engine]
    table = rows((CONF / f"{engine}.md").read_text(encoding="utf-8"))
    folder = CONF / "shrunk" / engine
    missing = []
    for streams in stream_sets:
        want = expected_examples(ROOT / causes_file, streams)
        assert want, f"{streams}: no failing cause"
        for key, sid in want.items():
            name = f"{sid}.shrunk"
            if not (folder / f"{name}.json").is_file():
                missing.append(f"{key}: {folder.relative_to(ROOT)}/{name}.json is not committed")
            elif not any(name in r for r in table.get(key, [])):
                missing.append(f"{key}: no row of docs/conformance/{engine}.md names {name}")
    assert not missing, missing


def test_the_row_parser_reads_plain_and_bold_keys_and_a_missing_example_fails(tmp_path):
    text = "| cause | from |\n|---|---|\n| S-legal | `x` -> `x.shrunk.json` |\n| **D3** title | not shrunk yet |\n"
    got = rows(text)
    assert set(got) >= {"S-legal", "D3"} and "x.shrunk" in got["S-legal"][0]
    assert not any("y.shrunk" in r for r in got["D3"])
