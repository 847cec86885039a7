"""Split, don't skip (issue 27): an expectation on what an adapter does not observe is left out of
the check, the rest is checked, and the result says so (`coverage`, `partial`); a scenario is
skipped only when its script cannot be played or nothing that carries its rulings is left."""
import pytest

from duelspec import validation
from duelspec.judging.checker import check
from duelspec.compiler import compile_text
from duelspec.judging.coverage import describe, plan, unplayable
from duelspec.errors import InputError
from duelspec.runner import run_one

EXPECT = {
    "events": [{"event": "attack", "attacker": "a", "target": "player"},
               {"event": "step", "step": "AT-S4"},
               {"any_order": [{"event": "trigger", "card": "a"}, {"event": "destroy", "card": "b"},
                              {"event": "destroy", "card": "a"}]},
               {"together": [{"event": "attack-end", "interrupted": True}, {"event": "power", "card": "a", "power": 1000},
                             {"event": "move", "card": "b", "from": "battle", "to": "hand"}]},
               {"event": "win", "player": "A"}],
    "never": [{"event": "trigger", "card": "b"}, {"event": "break", "shields": ["s"]}],
    "final": {"cards": {"a": {"zone": "battle", "power": 1000}}, "players": {"B": {"counts": {"shield": 1}}}, "winner": "A"},
}
SCEN = {"format": 2, "id": "t.partial", "game": "dm", "rulings": ["AT-B4", "AT-S6a"],
        "setup": {"cards": [{"id": x} for x in ("a", "b", "s")]},
        "script": [{"player": "A", "do": "declare-attack", "when": {"window": "AT-S1"}, "attacker": "a", "target": "player"}],
        "expect": EXPECT}
OBSERVES = {"events": ["attack", "destroy", "move", "win", "break"], "final": ["cards.zone", "players.counts", "winner"]}
TRACE = {"format": 2, "events": [
    {"event": "attack", "attacker": "a", "target": "player"},
    {"event": "destroy", "card": "a"}, {"event": "destroy", "card": "b"},
    {"event": "move", "card": "b", "from": "battle", "to": "hand"},
    {"event": "win", "player": "A"}],
    "steps": [{"index": 0, "outcome": "applied"}],
    "final": {"cards": {"a": {"zone": "battle"}}, "players": {"B": {"counts": {"shield": 1}}}, "winner": "A"}}


def test_unobserved_items_are_left_out_and_the_rest_is_checked():
    cov = plan(SCEN, None, OBSERVES)
    unchecked = {(u["pointer"], u["kind"]) for u in cov.as_dict()["unchecked"]}
    assert unchecked == {("/expect/events/1", "step"), ("/expect/events/2/any_order/0", "trigger"),
                         ("/expect/events/3/together/0", "attack-end"), ("/expect/events/3/together/1", "power"),
                         ("/expect/never/0", "trigger"), ("/expect/final/cards/a/power", "cards.power")}
    # 9 event patterns (5 items, two of them groups) + 2 never + 4 final fields + 1 step = 16 items, 6 not observable
    assert cov.checked == 10 and cov.partial and not cov.skip
    assert check(SCEN, TRACE, cov.omit) == []
    # without leaving them out the same trace fails (the items are real expectations)
    assert check(SCEN, TRACE) != []


def test_a_reduced_group_is_still_checked_and_failures_keep_the_scenarios_pointers():
    omit = plan(SCEN, None, OBSERVES).omit
    # the any_order group keeps its two destroy members: one missing fails at its own pointer
    t = dict(TRACE, events=[e for e in TRACE["events"] if e != {"event": "destroy", "card": "a"}])
    assert [f.pointer for f in check(SCEN, t, omit)] == ["/expect/events/2/any_order/2"]
    # the together group has one member left: an ordinary pattern, failing at the member's pointer
    t = dict(TRACE, events=[e for e in TRACE["events"] if e.get("event") != "move"])
    assert [f.pointer for f in check(SCEN, t, omit)] == ["/expect/events/3/together/2"]
    # order is kept among what is checked: the win before the attack fails
    t = dict(TRACE, events=[TRACE["events"][4]] + TRACE["events"][:4])
    assert [f.pointer for f in check(SCEN, t, omit)] == ["/expect/events/4"]
    # the observed `never` still fails; the unobserved one could never match
    t = dict(TRACE, events=TRACE["events"] + [{"event": "break", "shields": ["s"]}])
    assert [f.pointer for f in check(SCEN, t, omit)] == ["/expect/never/1"]
    # final fields left out one by one: the zone is still checked
    t = dict(TRACE, final=dict(TRACE["final"], cards={"a": {"zone": "graveyard"}}))
    assert [f.pointer for f in check(SCEN, t, omit)] == ["/expect/final/cards/a/zone"]


def test_a_together_group_keeps_its_members_consecutive():
    scen = {"script": [], "expect": {"events": [{"together": [
        {"event": "power", "card": "a", "power": 1}, {"event": "destroy", "card": "a"}, {"event": "destroy", "card": "b"}]}]}}
    omit = plan(dict(scen, rulings=["AT-B4"]), None, {"events": ["destroy", "move"]}).omit
    apart = {"events": [{"event": "destroy", "card": "a"}, {"event": "move", "card": "x", "from": "hand", "to": "mana"},
                        {"event": "destroy", "card": "b"}], "steps": [], "final": {}}
    fails = check(scen, apart, omit)
    assert [f.pointer for f in fails] == ["/expect/events/0"] and "one moment" in fails[0].message
    close = dict(apart, events=[apart["events"][2], apart["events"][0]])
    assert check(scen, close, omit) == []


def carried(carries):
    return dict(SCEN, expect=dict(EXPECT, carries=carries))


def test_a_ruling_is_credited_only_through_a_checked_item_that_carries_it():
    cov = plan(carried({"AT-B4": ["/expect/events/2"], "AT-S6a": ["/expect/never/0", "/expect/events/1"]}), None, OBSERVES)
    assert cov.uncredited == ["AT-S6a"] and not cov.skip
    assert cov.as_dict()["uncredited"] == ["AT-S6a"]


def test_nothing_that_carries_the_rulings_observable_is_a_skip_never_a_pass():
    s = carried({"AT-B4": ["/expect/never/0"], "AT-S6a": ["/expect/events/1", "/expect/final/cards/a/power"]})
    cov = plan(s, None, OBSERVES)
    assert cov.skip and "AT-B4, AT-S6a" in cov.skip and "trigger" in cov.skip and "step" in cov.skip
    assert cov.uncredited == ["AT-B4", "AT-S6a"]
    # an adapter that observes everything is judged on everything
    assert plan(s, None, None).skip is None and not plan(s, None, None).partial


def test_a_ruling_without_marks_is_carried_by_every_expectation_and_refused_step():
    s = carried({"AT-B4": ["/expect/never/0"]})          # AT-S6a unmarked: carried by all
    cov = plan(s, None, OBSERVES)
    assert cov.uncredited == ["AT-B4"] and not cov.skip
    only_steps = {"rulings": ["AT-02"], "script": [{"player": "A", "do": "declare-attack", "legal": False}],
                  "expect": {"events": [{"event": "step", "step": "AT-S1"}]}}
    assert not plan(only_steps, None, {"events": []}).skip          # the refused step carries it
    legal = dict(only_steps, script=[{"player": "A", "do": "declare-attack"}])
    assert plan(legal, None, {"events": []}).skip                      # an applied step shows no ruling


def test_a_script_the_adapter_cannot_play_is_skipped_up_front():
    s = dict(SCEN, script=[{"player": "A", "do": "choose", "when": {"window": "AT-S5"}},
                           {"player": "A", "do": "choose", "when": {"window": "AT-S3", "after": {"event": "trigger"}}}])
    why = unplayable(s, {"windows": ["AT-S1", "AT-S3"], "events": ["attack"]})
    assert "windows AT-S5" in why and "event kinds trigger" in why
    assert unplayable(s, {"windows": ["AT-S3", "AT-S5"]}) is None


class Canned:
    """An in-process adapter that answers every scenario with one trace."""
    protocol = 2

    def __init__(self, trace):
        self.trace = trace

    def run(self, scenario):
        return {"trace": self.trace}


def test_run_one_labels_a_partial_pass_and_the_result_is_schema_valid():
    impl = {"name": "canned", "observes": OBSERVES}
    r = run_one(SCEN, Canned(TRACE), impl)
    assert r["outcome"] == "passed" and r["partial"] is True
    assert r["coverage"]["checked"] == 10 and len(r["coverage"]["unchecked"]) == 6
    assert describe(r) == "passed (partly checked: 10 of 16)"
    validation.check(r, "result", "<result>")
    full = run_one(SCEN, Canned(TRACE), {"name": "canned"})
    assert full["outcome"] == "failed" and "partial" not in full and full["coverage"] == {"checked": 16, "unchecked": []}
    assert describe(full) == "failed"
    skipped = run_one(carried({"AT-B4": ["/expect/never/0"], "AT-S6a": ["/expect/events/1"]}), Canned(TRACE), impl)
    assert skipped["outcome"] == "skipped" and skipped["skip_kind"] == "runner" and "nothing that carries" in skipped["reason"]


FEATURE = '''@game:dm
Feature: marks
  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.t.marks @ruling:AT-B4 @ruling:AT-S6a
  Scenario: marks
    Given player A has "Bolshack Dragon" as "bolshack" in the battle zone
    And player B has "Dark Clown" as "clown" in the battle zone
    And player B has 2 shields
    When in step AT-S1, player A attacks player B with "bolshack"
    And [AT-S6a] in step AT-S4, player B blocks with "clown"
    Then "clown" blocks "bolshack"
    And [AT-B4] "bolshack" (6000) battles "clown" (6000), both lose
    And [AT-B4, AT-S6a] no ability of "clown" resolves
    And [AT-B4] these events happen in any order:
      | "bolshack" is destroyed |
      | "clown" is destroyed |
    And [AT-B4] player B ends with 2 shields
'''


def test_gherkin_marks_compile_to_carries():
    c = compile_text(FEATURE, "marks.feature")
    assert not c.errors, c.errors
    assert c.scenarios[0]["expect"]["carries"] == {
        "AT-S6a": ["/script/1", "/expect/never/0"],
        "AT-B4": ["/expect/events/1", "/expect/never/0", "/expect/events/2", "/expect/final/players/B/counts/shield"]}
    assert list(c.scenarios[0]["expect"])[-1] == "carries"


@pytest.mark.parametrize("old, new, words", [
    ('And [AT-B4] "bolshack"', 'And [AT-S1] "bolshack"', "a ruling the scenario is tagged with"),
    ("And [AT-B4] player B ends with 2 shields", "And [AT-B4] player B ends with 2 shields\n    And [AT-B4] player B ends with 2 shields",
     "a marked step that adds an expectation"),
    ('      | "clown" is destroyed |', '      | [AT-B4] "clown" is destroyed |', "rows without a ruling mark"),
])
def test_a_wrong_mark_is_an_error_at_its_line(old, new, words):
    c = compile_text(FEATURE.replace(old, new), "marks.feature")
    assert c.errors and words in str(c.errors[0].error), c.errors
    assert c.errors[0].error.location.startswith("line ")


def test_a_carries_pointer_to_nothing_is_a_load_error():
    from duelspec.compiler import validate
    doc = compile_text(FEATURE, "marks.feature").scenarios[0]
    doc["expect"]["carries"]["AT-B4"].append("/expect/events/9")
    with pytest.raises(InputError, match="carries/AT-B4/4"):
        validate(doc)
    doc["expect"]["carries"] = {"AT-D1": ["/expect/events/0"]}
    with pytest.raises(InputError, match="tagged with"):
        validate(doc)


def partial_stream(tmp_path):
    """A result stream with a partial pass, a full pass and a partial failure whose ruling AT-S6a
    is uncredited."""
    import json
    from duelspec.reporting.report import Tally, header
    impl = {"name": "canned", "version": "1", "games": ["dm"], "observes": OBSERVES}
    ok = run_one(SCEN, Canned(TRACE), impl)
    full = run_one(dict(SCEN, id="t.full", expect={"events": [EXPECT["events"][0]]}), Canned(TRACE), impl)
    bad_trace = dict(TRACE, events=TRACE["events"][:1])
    bad = run_one(dict(carried({"AT-S6a": ["/expect/events/1"]}), id="t.bad"), Canned(bad_trace), impl)
    assert (ok["outcome"], full["outcome"], bad["outcome"]) == ("passed", "passed", "failed")
    assert bad["coverage"]["uncredited"] == ["AT-S6a"] and "partial" not in full
    t = Tally()
    lines = [header("canned", impl)]
    for r in (ok, full, bad):
        t.add(r)
        lines.append(r)
    lines.append(t.footer())
    p = tmp_path / "partial.jsonl"
    p.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return p, t, lines


def test_reports_label_a_partial_pass_and_credit_only_the_rulings_checked(tmp_path):
    from rich.console import Console
    from duelspec.catalogue import rulings
    from duelspec.reporting.junit import to_junit
    from duelspec.reporting.report import read_stream, render_markdown, render_partial, render_table
    path, t, lines = partial_stream(tmp_path)
    assert t.summary_line() == "2 passed (1 partly checked), 1 failed (1 partly checked)"
    # per ruling: AT-B4 counts all three; AT-S6a does not count the failure that showed none of it
    assert t.by_ruling["AT-B4"]["passed"] == 2 and t.by_ruling["AT-B4"]["failed"] == 1 and t.by_ruling["AT-B4"]["partly"] == 2
    assert t.by_ruling["AT-S6a"]["failed"] == 0 and t.by_ruling["AT-S6a"]["skipped"] == 1
    console = Console(record=True, width=200)
    render_table(t, rulings(), console, games={"dm"}, rulings=["AT-B4", "AT-S6a"])
    render_partial(t, console)
    text = console.export_text()
    assert "partly" in text.splitlines()[2]
    assert "t.partial: passed (partly checked: 10 of 16); not checked: trigger ×2, step, attack-end, power, cards.power" in text
    assert "not counted for AT-S6a" in text
    st = read_stream(path)                      # the stream is schema-valid, partial fields and all
    md = render_markdown(st.header, st.results, st.footer)
    assert "passed (partly checked: 10 of 16)" in md and "failed (partly checked:" in md
    assert "Partly checked (the adapter does not observe every expectation" in md
    xml = to_junit(st.header, st.results, st.footer)
    assert 'name="coverage" value="partly checked: 10 of 16"' in xml
    assert "passed (partly checked: 10 of 16); not checked" in xml
    assert 'message="failed (partly checked:' in xml


def test_the_site_shows_partial_verdicts(tmp_path):
    from duelspec.site import build
    path, _, _ = partial_stream(tmp_path)
    out = tmp_path / "site"
    summary = build([path], out)
    assert summary["engines"]["canned"]["partly checked"] == 2
    page = (out / "rulings" / "AT-B4.html").read_text()
    index = (out / "index.html").read_text()
    assert "(2 partly checked)" in index
    failure = (out / "failures" / "canned" / "t.bad.html").read_text()
    assert "failed (partly checked:" in failure and "does not count for AT-S6a" in failure
    # the scenarios are not in the suite: the ruling page lists them from the stream
    assert "passed (partly checked: 10 of 16)" in page


def test_the_kit_and_the_reference_engine_report_the_questions_they_ask():
    from duelspec.adapters.kit import ScriptDriver
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.compiler import compile_paths
    d = ScriptDriver([], format=2)
    assert d.ask("B", "block", ["x"]) == {"event": "ask", "player": "B", "question": "block", "cards": ["x"]}
    with pytest.raises(ValueError):
        d.ask("B", "pass")
    # the reference engine: whether to block when a blocker can block (and only then)
    docs = {s["id"]: s for s in compile_paths().scenarios}
    r = ReferenceAdapter().run(docs["dm.attack.blocking.blocker-tapped"])
    asks = [e for e in r["trace"]["events"] if e["event"] == "ask"]
    assert asks == [{"event": "ask", "player": "B", "question": "block", "cards": ["seamine"]}]
    r = ReferenceAdapter().run(docs["dm.attack.declaration.tapped-creature"])     # no blocker: no question
    assert not [e for e in r["trace"]["events"] if e["event"] == "ask"]


def test_every_dm_scenario_marks_the_expectations_that_carry_each_of_its_rulings():
    """Every DM scenario says which expectations carry each of its rulings (Gherkin marks), so that an
    adapter that cannot observe them is never credited with a ruling it was not checked on."""
    from duelspec.compiler import compile_paths
    from duelspec.resources import features_dir
    compiled = compile_paths([features_dir() / "dm"])
    assert compiled.scenarios and not compiled.errors
    for s in compiled.scenarios:
        for expect in [s["expect"]] + [e["expect"] for e in s.get("superseded", []) if "expect" in e]:
            lacking = [r for r in s["rulings"] if r not in expect.get("carries", {})]
            assert not lacking, f"{s['id']}: no expectation is marked as carrying {lacking}"


def test_a_power_pattern_about_an_attacking_creature_is_left_out_for_a_not_attacking_observer():
    scen = {"rulings": ["AT-S2"], "script": [{"player": "A", "do": "declare-attack", "attacker": "z", "target": "player"}],
            "expect": {"events": [{"event": "power", "card": "z", "power": 3000}, {"event": "power", "card": "f", "power": 5000}]}}
    cov = plan(scen, None, {"events": ["power:not-attacking"]})
    assert [u.pointer for u in cov.unchecked] == ["/expect/events/0"]
    assert not plan(scen, None, {"events": ["power"]}).unchecked
    assert [u.pointer for u in plan(scen, None, {"events": ["attack"]}).unchecked] == ["/expect/events/0", "/expect/events/1"]


FORMAT_TWO_ONLY = '''
from duelspec.adapters.reference import ReferenceAdapter


class FormatTwoOnly(ReferenceAdapter):
    """A protocol-2 adapter that plays format-2 documents only (as the Go DM driver does)."""
    def run(self, scenario, as_of=None):
        if scenario.get("format") != 2:
            return {"skipped": {"reason": "a format-1 scenario: this adapter plays format 2"}}
        return super().run(scenario, as_of=as_of)
'''


def test_a_format_1_document_is_migrated_on_load_for_a_protocol_2_adapter(tmp_path, monkeypatch):
    """docs/design/scenario-format.md ("Version 1"): format-1 documents still run. On an adapter
    that speaks protocol 2 (and plays format 2 only) `duelspec run` migrates them on load, with a
    notice; before issue 27 §5 they were skipped."""
    import json
    from click.testing import CliRunner
    from duelspec.cli import main
    from duelspec.compiler import compile_paths
    (tmp_path / "format_two_only.py").write_text(FORMAT_TWO_ONLY)
    monkeypatch.syspath_prepend(str(tmp_path))
    doc = next(s for s in compile_paths().scenarios if s["id"] == "dm.attack.declaration.tapped-creature")
    v1 = {k: v for k, v in doc.items() if k not in ("origin",)}
    v1.update(format=1, id="v1.dm.tapped-creature", script=[{k: v for k, v in st.items() if k != "when"} for st in doc["script"]])
    v1["expect"] = {k: v for k, v in doc["expect"].items() if k != "carries"}
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(v1))
    out = tmp_path / "r.jsonl"
    res = CliRunner().invoke(main, ["run", str(path), "--adapter", "format_two_only:FormatTwoOnly",
                                                    "--out", str(out)])
    assert res.exit_code == 0, res.output + res.stderr
    assert "notice: format-1 document v1.dm.tapped-creature: migrated to format 2 on load" in res.stderr
    result = [json.loads(x) for x in out.read_text().splitlines()][1]
    assert result["outcome"] == "passed", result
