"""Which window a decision is in, and a failure that comes from the window contract says so (issue 32 §1).

docs/design/scenario-format.md, "Which window a decision is in": the timing before the draw lasts while
the chain started at it is built, so an engine that gives its players priority after each link of that
chain (in response to link *n*) still asks there at the timing before the draw; a second replacement
scripted `before the draw` answers it (ND-05, ND-C4, ND-E5). A step left unused while the engine offered
its card at another window's decision is a contract (window) mismatch, never a rules failure.
"""
from __future__ import annotations

import pytest

from duelspec.adapters.kit import Refusal, ScriptDriver
from duelspec.judging.checker import WINDOW_RULE, check

SETUP = {"turn": 2, "turn_player": "A", "phase": "draw"}


def step(player, card, window, **when):
    return {"player": player, "do": "activate", "card": card, "when": {"window": window, **when}}


def play_like_a_priority_engine(script, offered_at_response=True):
    """The engine of issue 32's toy: at the timing before the draw the turn player activates, then the
    players get priority in response to the newest link (the opponent first), and the turn player may
    chain another replacement there; two passes resolve the chain."""
    d = ScriptDriver(script, format=2, setup=SETUP)
    done = []

    def offer(st):
        done.append(st["card"])
        return None
    d.open({"window": "before-draw"})
    d.priority("A", offer, offered=["muusiki", "world"])
    link, passes, p = len(done), 0, "B"
    while link and passes < 2:
        d.open({"window": "response", "link": link})
        acted = d.priority(p, offer, offered=(["muusiki", "world"] if p == "A" and offered_at_response else ["onuncu"]))
        d.close("response")
        if acted:
            link, passes = len(done), 0
        else:
            passes += 1
        p = "B" if p == "A" else "A"
    d.close("before-draw")
    return done, d.finish()


def test_a_replacement_chained_at_a_response_priority_is_at_the_timing_before_the_draw():
    """cost-type.last-activation-negated's script (ND-C5): A's second replacement is `before the draw`
    although the engine asks it while link 1 is the newest; the opponent's Quick Effect is `in response
    to chain link 2`."""
    script = [step("A", "muusiki", "before-draw"), step("A", "world", "before-draw"),
              step("B", "onuncu", "response", link=2)]
    done, outcomes = play_like_a_priority_engine(script)
    assert done == ["muusiki", "world", "onuncu"]
    assert [o["outcome"] for o in outcomes] == ["applied"] * 3


def test_the_timing_before_the_draw_does_not_reach_into_other_windows():
    """Only a decision to activate at the timing before the draw, or in response to a link of its chain, is
    also in `before-draw`: an open game state of the Draw Phase after the draw is not."""
    d = ScriptDriver([step("A", "blast", "before-draw")], format=2, setup=SETUP)
    d.open({"window": "before-draw"})
    d.open({"window": "trigger"})
    assert not d.priority("A", lambda st: None)
    d.close("trigger")
    d.close("before-draw")
    d.open({"window": "open", "phase": "draw"})
    assert not d.priority("A", lambda st: None)
    assert d.finish()[0]["outcome"] == "refused"


def scenario(script):
    return {"format": 2, "id": "t.window", "game": "ygo", "title": "t", "rulings": ["ND-C5"], "requires": [],
            "setup": dict(SETUP, first_player="B", players={"A": {}, "B": {}}, cards=[]), "script": script,
            "expect": {}}


def test_a_step_unused_while_its_card_was_offered_elsewhere_is_a_window_mismatch():
    """An engine that offers A's card only in a trigger window, while the script says `in player A's Main
    Phase 1`: the step's outcome carries where it was offered (`offered_in`), and the checker calls the
    failure a contract (window) mismatch naming both windows and linking the rule."""
    script = [step("A", "blast", "open", phase="main1")]
    d = ScriptDriver(script, format=2, setup=dict(SETUP, phase="main1"))
    d.open({"window": "trigger"})
    assert not d.priority("A", lambda st: None, offered=["blast"])
    d.close("trigger")
    d.open({"window": "open", "phase": "main1"})
    # in its own window the engine does not offer it: refused as not offered (the engine's prompt lists another card)
    assert d.priority("A", lambda st: Refusal("not among the cards offered", code="not-offered"), offered=["other"]) is False
    d.close("open")
    outcomes = d.finish()
    assert outcomes[0]["outcome"] == "refused" and outcomes[0]["offered_in"] == [{"window": "trigger", "turn": 2}], outcomes
    failures = check(scenario(script), {"format": 2, "events": [], "steps": outcomes, "final": {}})
    assert len(failures) == 1
    f = failures[0].as_dict()
    assert f["kind"] == "window" and f["see"] == WINDOW_RULE
    assert f["message"].startswith("contract (window) mismatch, not a rules disagreement")
    assert "in an open game state of the main1 phase (`open`, phase main1" in f["message"]
    assert "where triggered effects are placed (`trigger`" in f["message"]


@pytest.mark.parametrize("outcome", [{"outcome": "not-reached"}, {"outcome": "refused", "code": "not-offered"}])
def test_without_evidence_an_unused_step_stays_an_ordinary_failure(outcome):
    script = [step("A", "blast", "before-draw")]
    failures = check(scenario(script), {"format": 2, "events": [], "final": {}, "steps": [dict(index=0, **outcome)]})
    assert len(failures) == 1 and failures[0].kind is None and "mismatch" not in failures[0].message


def test_a_refusal_for_a_reason_is_never_a_window_mismatch():
    """The step was tried in its window and the engine refused it (its cost): a rules verdict, even if the
    card was offered elsewhere too."""
    script = [step("A", "blast", "before-draw")]
    trace = {"format": 2, "events": [], "final": {},
             "steps": [{"index": 0, "outcome": "refused", "code": "cost", "offered_in": [{"window": "open", "phase": "draw"}]}]}
    failures = check(scenario(script), trace)
    assert len(failures) == 1 and failures[0].kind is None


def test_the_offered_in_evidence_is_schema_valid_and_reaches_the_result():
    from duelspec.runner import judge
    script = [step("A", "blast", "before-draw")]
    trace = {"format": 2, "events": [], "final": {},
             "steps": [{"index": 0, "outcome": "not-reached", "offered_in": [{"window": "open", "phase": "draw", "turn": 2}]}]}
    result = judge(scenario(script), {"trace": trace})
    assert result["outcome"] == "failed", result
    assert result["failures"][0]["kind"] == "window"
    assert "at the timing before the draw (`before-draw`" in result["failures"][0]["message"]


def test_the_worked_chain_of_the_docs_is_the_scenario_and_the_replay_above():
    """docs/design/scenario-format.md's worked chain is the real scenario's script (its Gherkin lines are
    the feature file's, and it compiles to the script the replay above plays prompt by prompt)."""
    from pathlib import Path
    from duelspec.compiler import compile_paths
    root = Path(__file__).resolve().parents[1]
    doc = (root / "docs" / "design" / "scenario-format.md").read_text(encoding="utf-8")
    section = doc.split("### Which window a decision is in", 1)[1].split("### How a driver uses steps", 1)[0]
    feature = (root / "features" / "ygo" / "normal_draw" / "cost_type.feature").read_text(encoding="utf-8")
    body = feature.split("@id:ygo.normal-draw.cost-type.last-activation-negated", 1)[1].split("@id:", 1)[0]
    lines = section.split("```gherkin\n", 1)[1].split("```", 1)[0].strip().splitlines()
    assert len(lines) == 3 and all(f"    {ln}" in body for ln in lines), lines
    sc = next(s for s in compile_paths().scenarios if s["id"] == "ygo.normal-draw.cost-type.last-activation-negated")
    assert [(s["player"], s["card"], s["when"]) for s in sc["script"]] == [
        ("A", "muusiki", {"window": "before-draw"}), ("A", "world", {"window": "before-draw"}),
        ("B", "onuncu", {"window": "response", "link": 2})]
    assert "| 3 | A: respond to link 1? | `response` link 1, `before-draw` | #1 (A, `before-draw`) |" in section


FIVE = ["ygo.normal-draw.cost-type.last-applied", "ygo.normal-draw.cost-type.last-activation-negated",
        "ygo.normal-draw.cost-type.last-effect-negated", "ygo.normal-draw.effect-type.last-activation-negated",
        "ygo.normal-draw.effect-type.last-effect-negated"]


@pytest.mark.parametrize("sid", FIVE)
def test_the_five_scenarios_of_issue_32_are_played_whole_by_an_engine_that_gives_priority_after_each_link(sid):
    """Issue 32: an engine that asks the turn player's second replacement in response to link 1 failed these
    five (their second replacement is `before the draw`, ND-C4/ND-E5). Under the rule of "Which window a
    decision is in" the kit's driver uses every step of their scripts on such an engine, in order."""
    from duelspec.compiler import compile_paths
    sc = next(s for s in compile_paths().scenarios if s["id"] == sid)
    cards = {st["card"] for st in sc["script"]}
    d = ScriptDriver.for_scenario(sc)
    done = []

    def offer(st):          # the engine offers every card of the script, wherever it asks
        done.append(st["card"])
        return None
    d.open({"window": "before-draw"})
    d.priority(sc["setup"]["turn_player"], offer, offered=sorted(cards))
    link, passes, p = len(done), 0, "B" if sc["setup"]["turn_player"] == "A" else "A"
    while link and passes < 2:
        d.open({"window": "response", "link": link})
        acted = d.priority(p, offer, offered=sorted(cards))
        d.close("response")
        link, passes = (len(done), 0) if acted else (link, passes + 1)
        p = "B" if p == "A" else "A"
    d.close("before-draw")
    outcomes = d.finish()
    assert done == [st["card"] for st in sc["script"]]
    assert [o["outcome"] for o in outcomes] == ["applied"] * len(sc["script"]), outcomes


def _window_results():
    """A contract failure (its one failure a window mismatch), a rules failure with a window mismatch
    beside it, and a pass, judged as a run judges them."""
    from duelspec.runner import judge
    script = [step("A", "blast", "before-draw")]
    unused = {"index": 0, "outcome": "not-reached", "offered_in": [{"window": "open", "phase": "draw", "turn": 2}]}
    trace = {"format": 2, "events": [], "final": {}, "steps": [unused]}
    contract = judge(dict(scenario(script), id="t.window.contract"), {"trace": trace})
    mixed = judge(dict(scenario(script), id="t.window.mixed", expect={"final": {"winner": "A"}}), {"trace": trace})
    passed = judge(dict(scenario(script), id="t.window.pass"), {"trace": dict(trace, steps=[{"index": 0, "outcome": "applied"}])})
    return contract, mixed, passed


def test_a_failure_that_is_all_window_mismatch_is_counted_as_a_contract_failure_everywhere():
    """Issue: a window mismatch stayed `failed` in the headline's "N fail", the ruling table's failed column,
    the Markdown summary, JUnit and the badge. A result whose every failure comes from the contract carries
    `contract: true` and is counted apart ("1 contract failure"), never against its ruling; a result with a
    rules failure beside it stays a rules failure."""
    import io
    import xml.etree.ElementTree as ET
    from rich.console import Console
    from duelspec.catalogue import rulings
    from duelspec.headline import contract_failure, headline, state, tally
    from duelspec.judging.expectfail import not_expectable
    from duelspec.reporting.junit import to_junit
    from duelspec.reporting.report import Tally, header, render_markdown, render_table
    contract, mixed, passed = _window_results()
    assert contract["outcome"] == "failed" and contract["contract"] is True and contract_failure(contract)
    assert mixed["outcome"] == "failed" and "contract" not in mixed and not contract_failure(mixed)
    assert {f.get("kind") for f in mixed["failures"]} == {"window", None}
    results = [contract, mixed, passed]
    assert headline(tally(results)) == "1 pass · 1 fail · 1 contract failure"
    assert state(tally([contract, passed])) == "bad"               # it fails the run: the adapter breaks the contract
    t = Tally()
    for r in results:
        t.add(r)
    assert t.headline() == "1 pass · 1 fail · 1 contract failure" and t.by_ruling["ND-C5"]["failed"] == 1
    assert t.by_ruling["ND-C5"]["contract"] == 1 and "1 contract failure, not rules failures" in t.summary_line()
    out = io.StringIO()
    render_table(t, rulings(), Console(file=out, width=200), rulings=["ND-C5"])
    head_row = next(x for x in out.getvalue().splitlines() if "ruling" in x and "passed" in x)
    row = next(x for x in out.getvalue().splitlines() if "ND-C5" in x)
    cols = [c.strip() for c in head_row.split("┃")[1:-1]]
    cells = [c.strip() for c in row.split("│")[1:-1]]
    assert dict(zip(cols, cells))["failed"] == "1" and dict(zip(cols, cells))["contract"] == "1", out.getvalue()
    foot = t.footer()
    md = render_markdown(header("cmd:x", {"name": "x", "version": "1"}), results, foot)
    assert "**1 pass · 1 fail · 1 contract failure**" in md
    assert "<b>contract failure (not a rules failure)</b> <code>t.window.contract</code>" in md
    assert "| ruling | passed | failed | contract |" in md and "| ND-C5 | 1 | 1 | 1 |" in md, md
    cases = {c.get("name"): c for c in ET.fromstring(to_junit(header("cmd:x", {}), results, foot).split("\n", 1)[1]).iter("testcase")}
    f = cases["t.window.contract"].find("failure")
    assert f.get("type") == "contract" and f.get("message").startswith("contract failure, not a rules failure: contract (window)")
    assert cases["t.window.mixed"].find("failure").get("type") == "failed"
    assert not_expectable(contract) and not not_expectable(mixed)


def test_a_trace_with_fewer_steps_than_the_script_is_a_contract_error():
    """docs/adapters.md: one step outcome per script step. A trace that leaves a step out was judged
    `failed` ("the trace gives no outcome for this step") under the rulings; like a step the script does
    not have, it is an invalid trace (`errored`), saying it is a contract error and linking the rule."""
    from duelspec.judging.expectfail import not_expectable
    from duelspec.runner import STEPS_RULE, judge
    script = [step("A", "blast", "before-draw"), step("B", "onuncu", "response", link=1), step("A", "world", "before-draw")]
    trace = {"format": 2, "events": [], "final": {}, "steps": [{"index": 1, "outcome": "applied"}]}
    r = judge(scenario(script), {"trace": trace})
    assert r["outcome"] == "errored" and r["detail"] == "invalid trace", r
    assert "the trace gives no outcome for steps 0, 2: a contract error, not a rules failure" in r["message"]
    assert STEPS_RULE in r["message"] and "failures" not in r and not_expectable(r)
    full = dict(trace, steps=[{"index": i, "outcome": "applied"} for i in range(3)])
    assert judge(scenario(script), {"trace": full})["outcome"] == "passed"


def test_a_pytest_failure_of_a_contract_failure_says_so():
    from duelspec.judging.checker import Failure
    from duelspec.reporting.report import failure_text
    contract, mixed, _ = _window_results()
    as_objects = lambda r: [Failure(**{k: f[k] for k in ("pointer", "message", "expected", "actual", "kind") if k in f})  # noqa: E731
                            for f in r["failures"]]
    assert failure_text(contract, "failed", as_objects(contract)).startswith("t.window.contract: contract failure (not a rules failure)")
    assert failure_text(mixed, "failed", as_objects(mixed)).startswith("t.window.mixed: failed")
