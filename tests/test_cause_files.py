"""The committed engine reports' cause files cannot mislabel their own examples (issue 20 §2): the
cause rules are tried in the file's order, so a rule placed too early takes another cause's
failures; each cause names an example (``examples``: scenario ids of the report's run), and the
committed run must classify each example as that cause."""
from __future__ import annotations

from pathlib import Path

import pytest

from duelspec.causes import by_id, group, load_causes
from duelspec.report import read_stream

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "docs" / "conformance"
ENGINES = {"edopro": ["edopro.jsonl", "edopro-generated.jsonl"], "ygopro": ["ygopro.jsonl"]}


def labels(engine: str, causes) -> dict:
    """``{scenario id: cause key}`` of every failure of the engine's committed run."""
    results = {}
    for f in ENGINES[engine]:
        results.update({r["id"]: r for r in read_stream(CONF / f).results})
    bad = [r for r in results.values() if r.get("outcome") in ("failed", "errored", "xfailed")]
    groups = group(bad, by_id(r["id"] for r in bad), causes)
    return {i: k for k, g in groups.items() for i in g.ids}


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_each_causes_example_is_classified_as_that_cause(engine):
    causes = load_causes(ROOT / "adapters" / engine / "causes.toml")
    lab = labels(engine, causes)
    wrong = [(c.key, sid, lab.get(sid)) for c in causes for sid in c.examples if lab.get(sid) != c.key]
    assert not wrong, f"examples classified as another cause (cause, scenario, label): {wrong}"
    assert all(c.examples for c in causes if c.key in set(lab.values())), "a cause of the run without an example"


def test_a_rule_placed_too_early_is_caught(tmp_path):
    """Moving the first cause's rules to the end of the file changes nothing for it, but moving a
    catch-all rule first takes the others' examples: the check fails."""
    src = (ROOT / "adapters" / "edopro" / "causes.toml").read_text(encoding="utf-8")
    catch_all = '[causes.X]\ntitle = "anything"\nwho = "nobody"\nrulings = []\nevidence = "none"\n[[causes.X.match]]\nfirst = "*"\n\n'
    bad = tmp_path / "causes.toml"
    bad.write_text(catch_all + src, encoding="utf-8")
    causes = load_causes(bad)
    lab = labels("edopro", causes)
    assert [c.key for c in causes if c.examples and any(lab.get(s) != c.key for s in c.examples)]


def test_the_ygopro_reports_prose_tables_and_expected_failures_give_each_cause_one_count():
    """Issue 20 §5: the report's cause table, its prose and the expected-failures file agree
    ("1 + 303" in the prose against 313 in the table was the defect)."""
    import re
    import tomllib

    text = (CONF / "ygopro.md").read_text(encoding="utf-8")
    table = {m.group(1): m.group(2) for m in re.finditer(r"^\| \*\*([A-Za-z-]+)\*\* [^|]*\| (\d+ \+ \d+) \|", text, re.M)}
    prose = {m.group(1): m.group(2) for m in re.finditer(r"^\*\*([A-Za-z-]+) — .*?\*\*\s*\((\d+ \+ \d+)", text, re.M | re.S)}
    assert table and prose and set(prose) <= set(table)
    assert {k: v for k, v in prose.items() if table[k] != v} == {}
    listed = tomllib.loads((ROOT / "adapters" / "ygopro" / "expected-failures.toml").read_text(encoding="utf-8"))["scenarios"]
    counts: dict = {}
    for sid, entry in listed.items():
        key = entry["reason"].split(":", 1)[0]
        hand, gen = counts.get(key, (0, 0))
        counts[key] = (hand, gen + 1) if sid.startswith("ygo.generated") else (hand + 1, gen)
    assert {k: f"{h} + {g}" for k, (h, g) in counts.items()} == table


# ------------------------------------------------------------------ checked against the engine's own behaviour
#: the engines whose report commits its fix experiments (docs/conformance/<engine>-fixes.json)
MEASURED = ["edopro"]


def mislabelled(engine: str, causes) -> dict:
    """``{scenario id: (its label, the fixes that alone turn it green)}`` for every failure of the
    committed run that a fix made alone (not on top of another) turns green while the classifier
    names a cause that fix does not fix (neither that cause nor one with ``same_fix`` = it)."""
    import json
    measured = json.loads((CONF / f"{engine}-fixes.json").read_text(encoding="utf-8"))["fixes"]
    lab = labels(engine, causes)
    green_by: dict = {}
    for key, m in measured.items():
        if not m.get("on_top_of"):
            for sid in m["passing"]:
                green_by.setdefault(sid, set()).add(key)
    fixed_by = {c.key: {c.key, c.same_fix} for c in causes}
    return {sid: (lab.get(sid), sorted(fixes)) for sid, fixes in green_by.items()
            if not fixed_by.get(lab.get(sid), set()) & fixes}


@pytest.mark.parametrize("engine", MEASURED)
def test_a_failure_that_one_fix_alone_turns_green_carries_that_fixs_cause(engine):
    """Issue 20 section 2: no cause masked or mislabelled. The fix experiment of a cause changes
    exactly the place it names; a failure it alone turns green is that cause's (or of a cause
    with the same fix), whatever the first failing expectation looks like."""
    wrong = mislabelled(engine, load_causes(ROOT / "adapters" / engine / "causes.toml"))
    assert not wrong, f"{len(wrong)} failures labelled against the fix that alone turns them green: {sorted(wrong.items())[:10]}"


@pytest.mark.parametrize("engine", MEASURED)
def test_every_fix_of_the_cause_file_is_measured_on_the_committed_run(engine):
    import json
    from duelspec.fixes import load_fixes
    measured = json.loads((CONF / f"{engine}-fixes.json").read_text(encoding="utf-8"))
    assert sorted(load_fixes(ROOT / "adapters" / engine / "causes.toml")) == sorted(measured["fixes"])
    bad = {r["id"] for f in ENGINES[engine] for r in read_stream(CONF / f).results if r.get("outcome") in ("failed", "errored")}
    for key, m in measured["fixes"].items():       # a fix alone: measured against the committed run's failures
        if not m["on_top_of"]:
            assert sum(v["failures"] for v in m["by_cause"].values()) == len(bad), key


def test_the_edopro_reports_counts_and_fix_sentences_are_those_of_its_files():
    """Issue 20: every count of a cause in docs/conformance/edopro.md (the by-cause table, the fix
    experiments' table, the prose "**X** (n)") equals the expected-failures file's, and each
    measured sentence is the one edopro-fixes.json holds."""
    import json
    import re
    import tomllib
    from collections import Counter
    text = (CONF / "edopro.md").read_text(encoding="utf-8")
    expected = tomllib.loads((ROOT / "adapters" / "edopro" / "expected-failures.toml").read_text(encoding="utf-8"))["scenarios"]
    want = {k: f"{n:,}" for k, n in Counter(v["reason"].split(":")[0] for v in expected.values()).items()}
    by_cause = {m.group(1): m.group(2) for m in re.finditer(r"^\| \*\*([A-Za-z-]+)\*\* [^|]+\| ([\d,]+) \| [\d,]+ \| [\d,]+ \|", text, re.M)}
    fix_rows = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(r"^\| \*\*([A-Za-z-]+)\*\* \| ([\d,]+) \| [^|]+\| ([^|]+) \|", text, re.M)}
    prose = {m.group(1): m.group(2) for m in re.finditer(r"^\* \*\*([A-Za-z-]+)\*\* \(([\d,]+)\)", text, re.M)}
    prose.update({m.group(1): m.group(2) for m in re.finditer(r"\*\*([A-Za-z-]+)\*\* \(([\d,]+)\)", text)})
    assert by_cause == want
    assert {k: n for k, (n, _) in fix_rows.items()} == want
    assert prose and {k: n for k, n in prose.items() if want.get(k) != n} == {}
    fixes = json.loads((CONF / "edopro-fixes.json").read_text(encoding="utf-8"))["fixes"]
    assert {k: s.strip() for k, (_, s) in fix_rows.items() if k in fixes} == {k: m["sentence"] for k, m in fixes.items()}
