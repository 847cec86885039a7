"""`duelspec summary --by-cause` (duelspec/analysis/causes.py, issue 12): failures grouped by the first
failing expectation, the replacement's kind and the interference, matched to a cause file."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from duelspec.analysis.causes import by_id, group, load_causes, signature, without_negation_order
from duelspec.cli import main
from duelspec.errors import InputError
from duelspec.judging.expectfail import load as load_expect_fail

IDS = ["ygo.normal-draw.table.cost.fizzles", "ygo.normal-draw.table.effect.fizzles", "ygo.normal-draw.table.cost.effect-negated"]
CAUSES = '''
[causes.A]
title = "a free-chain effect is not offered as the first response"
who = "engine"
evidence = "core.cpp:12 | skip_freechain"
[[causes.A.match]]
first = "refused legal step: B activates * (first response)"
interferer = "D.D. Crow"
kind = "cost"

[causes.Z]
title = "never matches"
[[causes.Z.match]]
first = "nothing like it"
'''


@pytest.fixture(scope="module")
def stream(tmp_path_factory):
    d = tmp_path_factory.mktemp("causes")
    out = d / "r.jsonl"
    res = CliRunner().invoke(main, ["run", *sum((["--id", i] for i in IDS), []), "--adapter", "bad_adapters.nofreechain:NoDDCrow",
                                    "--out", str(out)])
    assert res.exit_code == 1, res.output
    (d / "causes.toml").write_text(CAUSES)
    return d, out


def results(out):
    return [json.loads(x) for x in out.read_text().splitlines() if '"result"' in x]


def test_a_failure_gets_its_signature_from_the_result_and_its_scenario(stream):
    _, out = stream
    failed = [r for r in results(out) if r["outcome"] == "failed"]
    assert sorted(r["id"] for r in failed) == sorted(IDS[:2])
    docs = by_id(r["id"] for r in failed)
    sig = signature(next(r for r in failed if r["id"] == IDS[0]), docs[IDS[0]])
    # the refused step comes first: the expectations failing after it are its consequences
    assert sig == {"first": "refused legal step: B activates D.D. Crow (first response)", "card": "Flame Tiger", "kind": "cost",
                   "interference": "fizzle", "interferer": "D.D. Crow", "top": "Flame Tiger (fizzle)", "chain": "Flame Tiger (fizzle)",
                   "before": "Flame Tiger (fizzle)", "reason": "not offered"}
    assert signature(next(r for r in failed if r["id"] == IDS[1]), docs[IDS[1]])["kind"] == "effect"


def test_an_engine_error_is_the_first_failing_expectation_of_an_errored_result(stream):
    _, out = stream
    failed = next(r for r in results(out) if r["id"] == IDS[0])
    doc = by_id([IDS[0]])[IDS[0]]
    # as both YGO adapters report one (adapters/edopro/lib/engine_errors.mjs, adapters/ygopro/engine_errors.py)
    errored = {"id": IDS[0], "outcome": "errored", "message": 'engine error: Lua error in c66499018.lua:41, card 66499018 '
               '"Flame Tiger" (scenario card ' + doc["script"][0]["card"] + "): attempt to perform arithmetic on a nil value "
               "(global '_replace_count') (and 1 more engine error: see the detail)"}
    sig = signature(errored, doc)
    assert sig["first"] == "engine error: Lua error in c66499018.lua: attempt to perform arithmetic on a nil value (global '_replace_count')"
    assert sig["card"] == "Flame Tiger" and sig["before"] == ""
    assert signature({**failed, "outcome": "xfailed"}, doc)["first"] == signature(failed, doc)["first"]
    other = signature({"id": IDS[0], "outcome": "errored", "message": "adapter error: boom"}, doc)
    assert other["first"] == "errored: adapter error: boom"


def test_failures_are_grouped_by_the_first_matching_cause_and_the_rest_is_unclassified(stream):
    d, out = stream
    failed = [r for r in results(out) if r["outcome"] == "failed"]
    groups = group(failed, by_id(r["id"] for r in failed), load_causes(d / "causes.toml"))
    assert list(groups) == ["A", "unclassified"]          # empty causes are left out
    assert groups["A"].ids == [IDS[0]] and groups["unclassified"].ids == [IDS[1]]   # kind = cost only


def test_the_cli_shows_each_cause_with_its_count_example_evidence_and_writes_an_expect_fail_file(stream, tmp_path):
    d, out = stream
    res = CliRunner().invoke(main, ["summary", "--by-cause", "--causes", str(d / "causes.toml"), str(out),
                                    "--write-expect-fail", str(tmp_path / "xf.toml")])
    assert res.exit_code == 1
    assert "2 failures by cause (2 groups)" in res.output and "A         1  a free-chain effect" in res.output
    assert f"e.g. {IDS[0]}" in res.output and "core.cpp:12" in res.output and "unclassified" in res.output
    xf = load_expect_fail(str(tmp_path / "xf.toml"))
    assert set(xf) == set(IDS[:2]) and xf[IDS[0]]["reason"].startswith("A: a free-chain effect")
    md = CliRunner().invoke(main, ["summary", "--by-cause", "--format", "markdown", "--causes", str(d / "causes.toml"), str(out)]).output
    assert "| **A** a free-chain effect is not offered as the first response | 1 | 1 | 0 | engine |" in md
    assert "core.cpp:12 \\| skip\\_freechain" in md         # text of a cause file is escaped for a table


def test_an_errored_result_is_grouped_and_listed_as_an_expected_failure(stream, tmp_path):
    """An engine error is evidence (issue 20 section 1): the summary groups an errored result by the
    error it reports and the expect-fail file lists it (else the run with the file fails on it)."""
    d, out = stream
    lines = out.read_text().splitlines()
    i = next(n for n, x in enumerate(lines) if '"result"' in x and json.loads(x)["id"] == IDS[2])
    r = json.loads(lines[i])
    lines[i] = json.dumps({**{k: v for k, v in r.items() if k not in ("failures", "coverage")}, "outcome": "errored",
                           "message": 'engine error: Lua error in c66499018.lua:41, card 66499018 "Flame Tiger": attempt to call a nil value'})
    foot = json.loads(lines[-1])
    foot["counts"] = {**foot["counts"], "passed": foot["counts"]["passed"] - 1, "errored": foot["counts"].get("errored", 0) + 1}
    lines[-1] = json.dumps(foot)
    (tmp_path / "e.jsonl").write_text("\n".join(lines) + "\n")
    (tmp_path / "c.toml").write_text(CAUSES + '[causes.Y]\ntitle = "a Lua error"\n[[causes.Y.match]]\nfirst = "engine error: Lua error in *"\n')
    res = CliRunner().invoke(main, ["summary", "--by-cause", "--causes", str(tmp_path / "c.toml"), str(tmp_path / "e.jsonl"),
                                    "--write-expect-fail", str(tmp_path / "xf.toml")])
    assert "3 failures by cause (3 groups)" in res.output and "Y         1  a Lua error" in res.output, res.output
    xf = load_expect_fail(str(tmp_path / "xf.toml"))
    assert set(xf) == set(IDS) and xf[IDS[2]]["reason"].startswith("Y: a Lua error")


def test_bad_options_and_a_malformed_cause_file_are_clear_errors(stream, tmp_path):
    d, out = stream
    res = CliRunner().invoke(main, ["summary", "--causes", str(d / "causes.toml"), str(out)])
    assert res.exit_code == 2 and "go with --by-cause" in res.output
    bad = tmp_path / "bad.toml"
    bad.write_text('[causes.X]\ntitle = "x"\n[[causes.X.match]]\nfrist = "typo"\n')
    with pytest.raises(InputError, match="/causes/X/match/0"):
        load_causes(bad)
    res = CliRunner().invoke(main, ["summary", "--by-cause", "--causes", str(bad), str(out)])
    assert res.exit_code == 2 and "/causes/X/match/0" in res.output and "frist" in res.output


def test_a_window_that_must_not_open_but_opened_is_its_own_signature():
    sid = "ygo.normal-draw.basics.first-turn-no-timing-before-the-draw"
    step = by_id([sid])[sid]["script"][0]
    result = {"id": sid, "outcome": "failed", "failures": [{
        "pointer": "/script/0", "message": "the step's window must not open, but it opened",
        "expected": {"step": step, "outcome": "not-reached"}, "actual": {"index": 0, "outcome": "refused", "code": "not-offered"}}]}
    assert signature(result, by_id([sid])[sid])["first"] == "window opened: B activates Black Luster Soldier - Legendary Swordsman"

def test_a_scenario_without_the_order_of_its_negations_keeps_everything_else():
    neg = ("negate-effect", "negate-activation")
    s = {"id": "t.x", "title": "t", "expect": {"events": [
        {"event": "activate", "card": "a", "link": 1}, {"event": "negate-effect", "link": 1},
        {"any_order": [{"event": "negate-activation", "link": 2}, {"event": "resolve", "link": 2}]},
        {"together": [{"event": "negate-effect", "link": 3}]}, {"event": "chain-end"}],
        "never": [{"event": "draw", "normal": True}]}, "script": [{"player": "A"}]}
    u = without_negation_order(s)
    assert u["id"] == "t.x.unordered-negations" and u["title"].endswith("(negations not ordered)")
    assert u["expect"]["events"] == [{"event": "activate", "card": "a", "link": 1},
                                     {"any_order": [{"event": "resolve", "link": 2}]}, {"event": "chain-end"}]
    assert u["expect"]["never"] == s["expect"]["never"] and u["script"] == s["script"]
    assert any(e.get("event") in neg for e in s["expect"]["events"])       # the original is left alone


def test_the_generated_chains_lose_only_their_negations_too():
    from duelspec.generated import scenarios

    def patterns(items):
        for e in items:
            yield from (e.get("any_order") or e.get("together") or [e])

    s = next(x for x in scenarios() if any(e.get("event") == "negate-effect" for e in patterns(x["expect"]["events"])))
    u = without_negation_order(s)
    assert u["id"] == s["id"] + ".unordered-negations"
    assert not any(e.get("event") in ("negate-effect", "negate-activation") for e in patterns(u["expect"]["events"]))
    assert [e for e in patterns(s["expect"]["events"]) if e.get("event") not in ("negate-effect", "negate-activation")] \
        == list(patterns(u["expect"]["events"]))
    assert u["expect"]["never"] == s["expect"]["never"] and u["script"] == s["script"]


def test_a_cause_that_blames_other_cards_names_the_first_of_them_on_the_chain_in_its_rows():
    """Issue 33: EDOPro's cause M is about the draw of Legacy of the Duelist (its failing
    expectation), but the file to open is the script below it that zeroed the draw count (a B
    card); the row names that card first, the card the expectation is about after it."""
    from duelspec.analysis.causes import Cause
    sig = {"first": "missing move its resource from graveyard to hand", "card": "Legacy of the Duelist",
           "kind": "effect-continuous", "interference": "none", "interferer": "",
           "chain": "Magical Blast (negate-effect) > Legacy of the Duelist (none)"}
    m = Cause("M", "t", blames=["Magical Blast", "Iron Core of Koa'ki Meiru"])
    shown = m.shown(sig)
    assert shown["card"] == "Magical Blast (below Legacy of the Duelist)"
    assert (shown["kind"], shown["interference"]) == ("effect", "negate-effect")
    assert shown["first"] == sig["first"]
    assert Cause("X", "t").shown(sig) == sig                                      # no blames: unchanged
    assert m.shown({**sig, "card": "Magical Blast"})["card"] == "Magical Blast"  # about the blamed card itself
    assert m.shown({**sig, "chain": "Legacy of the Duelist (none)"}) == {**sig, "chain": "Legacy of the Duelist (none)"}


def test_a_window_mismatch_is_signed_as_the_contracts_not_the_engines_rules(stream):
    """Issue 32 §1: a step left unused while the engine offered its card in another window (result failure
    `kind: "window"`) is classified as a contract (window) mismatch, never as a refused legal step."""
    _, out = stream
    failed = next(r for r in results(out) if r["outcome"] == "failed" and r["id"] == IDS[0])
    doc = by_id([IDS[0]])[IDS[0]]
    i = next(int(f["pointer"].split("/")[2]) for f in failed["failures"] if f["pointer"].startswith("/script/"))
    mismatch = dict(failed, failures=[{"pointer": f"/script/{i}", "message": "contract (window) mismatch, …", "kind": "window"}])
    sig = signature(mismatch, doc)
    assert sig["first"].startswith("window mismatch (contract): B activates D.D. Crow"), sig
    assert signature(failed, doc)["first"].startswith("refused legal step")


def test_a_duel_masters_failure_names_its_cards_its_question_and_its_steps_reason():
    """Issue 33: a Duel Masters failure's signature names the cards by their English name (not
    "another card": the Yu-Gi-Oh! roles do not apply), an `ask` pattern its question, and a failing
    step the reason the trace gave for it: what the Go engine's cause file matches."""
    from duelspec.reporting.report import read_stream
    from pathlib import Path
    st = read_stream(Path(__file__).resolve().parents[1] / "docs" / "conformance" / "duel-masters-go.jsonl")
    res = {r["id"]: r for r in st.results}
    ids = ["dm.attack.battle.when-battling-bonus", "dm.attack.shields.blocked-breaks-nothing",
           "dm.attack.shields.breakers.w-breaker-too-few"]
    docs = by_id(ids)
    sigs = {i: signature(res[i], docs[i]) for i in ids}
    assert sigs[ids[0]]["first"] == "missing power Tajimal, Vizier of Aqua"
    assert sigs[ids[1]]["first"] == "occurred ask A break-shields"
    assert sigs[ids[2]]["first"].startswith("refused legal step: A break-shields")
    assert "shields to break in step AT-S1" in sigs[ids[2]]["reason"] or "stopped at" in sigs[ids[2]]["reason"]


def test_an_invalid_reply_is_grouped_but_never_written_as_an_expected_failure(stream, tmp_path):
    """`--by-cause --write-expect-fail` wrote every bad result, an invalid reply too: a contract error is
    shown among the failures, but the expect-fail file leaves it out (it is no verdict on the engine)."""
    d, out = stream
    lines = out.read_text().splitlines()
    i = next(n for n, x in enumerate(lines) if '"result"' in x and json.loads(x)["id"] == IDS[2])
    r = json.loads(lines[i])
    lines[i] = json.dumps({**{k: v for k, v in r.items() if k not in ("failures", "coverage")}, "outcome": "errored",
                           "message": "<adapter stdout>: the adapter's reply to `run` is not JSON", "detail": "not-json"})
    foot = json.loads(lines[-1])
    foot["counts"] = {**foot["counts"], "passed": foot["counts"]["passed"] - 1, "errored": foot["counts"].get("errored", 0) + 1}
    lines[-1] = json.dumps(foot)
    (tmp_path / "e.jsonl").write_text("\n".join(lines) + "\n")
    res = CliRunner().invoke(main, ["summary", "--by-cause", "--causes", str(d / "causes.toml"), str(tmp_path / "e.jsonl"),
                                    "--write-expect-fail", str(tmp_path / "xf.toml")])
    assert "3 failures by cause" in res.output, res.output
    assert set(load_expect_fail(str(tmp_path / "xf.toml"))) == set(IDS[:2])
