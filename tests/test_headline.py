"""The badge and every headline count known failures, partly checked and unchecked scenarios apart
from passes (issue 32 §5), with the issue's three examples: "32/33 pass" for 29 passed, 1 failed,
3 xfailed; "151/151 pass" for an engine with 79 listed failures; "46/46 pass" for an adapter that
observes nothing (216 of 262 skipped)."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from click.testing import CliRunner

from duelspec import headline as hl
from duelspec.cli import main
from duelspec.reporting.report import Tally, header, render_markdown


def _results(passed=0, failed=0, xfailed=0, skipped=0, partly=0):
    """Results of those outcomes; ``partly``: passes on what the adapter observes only."""
    out = []
    for outcome, k, partial in (("passed", passed, False), ("failed", failed, False), ("xfailed", xfailed, False),
                                ("skipped", skipped, False), ("passed", partly, True)):
        for _ in range(k):
            r = {"type": "result", "id": f"ygo.headline.s{len(out) + 1}", "game": "ygo", "outcome": outcome,
                 "rulings": ["ND-01"], "title": f"scenario {len(out) + 1}", "duration_ms": 1.0}
            if partial:
                r.update(partial=True, coverage={"checked": 1, "unchecked": [{"pointer": "/expect/events/0", "kind": "step"}]})
            if outcome == "skipped":
                r["reason"] = "the adapter does not observe events"
            if outcome == "xfailed":
                r["expected_failure"] = {"reason": "known: ND-01", "was": "failed"}
            if outcome == "failed":
                r["failures"] = [{"pointer": "/expect/final/winner", "message": "expected A, got B"}]
            out.append(r)
    return out


EXAMPLES = [   # (results, headline, state): the three, and a clean run
    (_results(passed=29, failed=1, xfailed=3), "29 pass · 1 fail · 3 known failures", "bad"),
    (_results(passed=72, xfailed=79), "72 pass · 79 known failures", "known"),
    (_results(skipped=216, partly=46), "0 pass · 46 partly checked · 216 not checked", "unchecked"),
    (_results(passed=5), "5 pass", "good"),
]


def _stream(results):
    t = Tally()
    for r in results:
        t.add(r)
    impl = {"name": "my-sim", "version": "1", "language": "python", "games": ["ygo"], "unsupported": []}
    return [header("cmd:my-sim", impl, {"games": ["ygo"]}), *results, t.footer()]


@pytest.mark.parametrize("results,text,state", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_the_headline_never_calls_a_known_failure_or_an_unchecked_scenario_a_pass(results, text, state):
    c = hl.tally(results)
    assert hl.headline(c) == text and hl.state(c) == state
    assert (hl.COLOURS[state] == hl.COLOURS["good"]) == (state == "good")
    t = Tally()
    for r in results:
        t.add(r)
    assert t.headline() == text and t.state() == state          # the terminal's summary (duelspec run / summary)
    head, *rest = _stream(results)
    md = render_markdown(head, rest[:-1], rest[-1])              # the Markdown report and the job summary
    assert md.splitlines()[2] == f"**{text}**", md[:400]


@pytest.mark.parametrize("results,text,state", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_the_site_badge_and_summary_say_the_headline_in_its_colour(results, text, state, tmp_path):
    stream = tmp_path / "run.jsonl"
    stream.write_text("".join(json.dumps(x) + "\n" for x in _stream(results)), encoding="utf-8")
    r = CliRunner().invoke(main, ["site", "--results", str(stream), "--out", str(tmp_path / "site")])
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "site" / "badges" / "my-sim.svg").read_text(encoding="utf-8")
    assert f"<title>duelspec: {text}</title>" in svg and not re.search(r"\d+/\d+ pass", svg)
    assert f'fill="{hl.COLOURS[state]}"' in svg
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert f'data-state="{state}">{text}</p>' in index


def test_the_run_prints_the_headline_before_its_counts(tmp_path):
    r = CliRunner().invoke(main, ["run", "--ruling", "ND-C1"], env={"NO_COLOR": "1", "COLUMNS": "120"})
    lines = r.stdout.strip().splitlines()
    n = int(re.match(r"(\d+) passed, 0 failed", lines[-1]).group(1))
    assert lines[-2] == f"{n} pass"


def test_no_part_is_left_out_and_one_is_singular():
    c = Counter({"passed": 1, "failed": 1, "errored": 1, "timed-out": 1, "xpassed": 1, "xfailed": 1, "partly": 1, "skipped": 1})
    assert hl.headline(c) == ("1 pass · 1 fail · 1 errored · 1 timed out · 1 unexpectedly passed · 1 known failure · "
                              "1 partly checked · 1 not checked")
    assert hl.headline(Counter()) == "no scenario run" and hl.state(Counter()) == "none"
    assert hl.state(Counter(passed=3), incomplete=True) == "bad"
