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
    # AT-S6a: carried by two unobserved items only (uncarried: neither a pass nor a failure counts);
    # AT-B4: by a group one of whose members (a trigger) is not observed (issue 33 §3: a pass does not
    # credit it: what shows it was not all checked), and by nothing else
    cov = plan(carried({"AT-B4": ["/expect/events/2"], "AT-S6a": ["/expect/never/0", "/expect/events/1"]}), None, OBSERVES)
    assert cov.uncredited == ["AT-B4", "AT-S6a"] and cov.uncarried == ["AT-S6a"] and not cov.skip
    assert cov.as_dict()["uncredited"] == ["AT-B4", "AT-S6a"] and cov.as_dict()["uncarried"] == ["AT-S6a"]
    # carried by the two observed destroy members alone, AT-B4 is credited
    cov = plan(carried({"AT-B4": ["/expect/events/2/any_order/1", "/expect/events/2/any_order/2"],
                        "AT-S6a": ["/expect/events/0"]}), None, OBSERVES)
    assert cov.uncredited == [] and "uncredited" not in cov.as_dict()


def test_a_pass_credits_a_ruling_only_when_every_item_carrying_it_was_checked():
    from duelspec.reporting.report import NOT_CHECKED, ruling_outcome
    cov = plan(carried({"AT-B4": ["/expect/events/2"], "AT-S6a": ["/expect/never/0", "/expect/events/1"]}), None, OBSERVES)
    res = {"rulings": ["AT-B4", "AT-S6a"], "coverage": cov.as_dict(), "partial": True}
    assert [ruling_outcome(dict(res, outcome="passed"), r) for r in ("AT-B4", "AT-S6a")] == [NOT_CHECKED, NOT_CHECKED]
    # a failure is a verdict on the ruling a checked item carries, not on one nothing checked carries
    assert [ruling_outcome(dict(res, outcome="failed"), r) for r in ("AT-B4", "AT-S6a")] == ["failed", NOT_CHECKED]
    # a stream written before issue 33: `uncredited` alone meant "no checked item carries it"
    old = dict(res, coverage={"checked": 1, "unchecked": [], "uncredited": ["AT-S6a"]})
    assert [ruling_outcome(dict(old, outcome="failed"), r) for r in ("AT-B4", "AT-S6a")] == ["failed", NOT_CHECKED]


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
    assert cov.uncredited == ["AT-B4", "AT-S6a"] and cov.uncarried == ["AT-B4"] and not cov.skip
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
    assert bad["coverage"]["uncredited"] == ["AT-B4", "AT-S6a"] and bad["coverage"]["uncarried"] == ["AT-S6a"]
    assert ok["coverage"]["uncredited"] == ["AT-B4", "AT-S6a"] and "partial" not in full
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
    # per ruling (issue 33 §3): the partial pass credits neither ruling (items that carry them were left
    # out): "not checked"; the partial failure counts for AT-B4, which a checked item of it carries,
    # not for AT-S6a, which only an unobserved step marker carries
    assert dict(t.by_ruling["AT-B4"]) == {"passed": 1, "failed": 1, "partly": 1, "not checked": 1}
    assert dict(t.by_ruling["AT-S6a"]) == {"passed": 1, "not checked": 2}
    console = Console(record=True, width=200)
    render_table(t, rulings(), console, games={"dm"}, rulings=["AT-B4", "AT-S6a"])
    render_partial(t, console)
    text = console.export_text()
    assert "partly" in text.splitlines()[2]
    assert "t.partial: passed (partly checked: 10 of 16); not checked: trigger ×2, step, attack-end, power, cards.power" in text
    assert "t.partial: passed (partly checked: 10 of 16); not checked: trigger ×2, step, attack-end, power, cards.power; " \
        "AT-B4, AT-S6a: not checked on this engine" in text
    assert "AT-S6a: not checked on this engine" in text and "not checked" in text.splitlines()[2]
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
    # AT-B4: the full pass and the partial failure judged it; the partial pass did not show it (issue 33 §3)
    assert "(1 partly checked)" in index and "(1 not checked on this engine)" in index and "(2 not checked on this engine)" in index
    failure = (out / "failures" / "canned" / "t.bad.html").read_text()
    assert "failed (partly checked:" in failure and "AT-S6a: not checked on this engine" in failure
    assert "AT-B4: not checked on this engine" in page
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


# --- issue 33 §3: a ruling is credited only by the checked items that carry it -------------------

def _variant(observes: dict, mutant: str | None, scenario: dict, extra_first: list = ()) -> dict:
    """``scenario`` on the reference engine (with the rule ``mutant``) through an adapter variant that
    observes only ``observes`` (its trace keeps only those event kinds; ``extra_first``: events the
    variant's engine shows first)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from mutant_runs import ADAPTER, IMPL
    from duelspec.mutation import applied, get
    keep = {k.split(":")[0] for k in observes["events"]}

    class Variant:
        protocol = 3
        may_change_scenarios = False

        def run(self, sc, as_of=None):
            r = ADAPTER.run(sc)
            r["trace"]["events"] = [*extra_first, *(e for e in r["trace"]["events"] if e["event"] in keep)]
            return r
    impl = dict(IMPL, observes=observes)
    if mutant is None:
        return run_one(scenario, Variant(), impl)
    with applied(get(mutant)):
        return run_one(scenario, Variant(), impl)


#: what the Go Duel Masters driver observes (its committed run's header), the engine of the issue
def _go_observes() -> dict:
    from pathlib import Path
    from duelspec.reporting.report import read_stream
    path = Path(__file__).resolve().parents[1] / "docs" / "conformance" / "duel-masters-go.jsonl"
    return read_stream(path).header["adapter"]["implementation"]["observes"]


def test_hiding_destroy_credits_no_after_the_battle_ruling_to_an_engine_that_breaks_them(tmp_path):
    """An engine that destroys the "after the battle" creatures first (mutant dm.s6a.after-battle-first)
    seen through a variant of the Go driver's observes without `destroy`: both after-the-battle
    scenarios pass (what shows the order is not observed), and neither credits AT-D1 or AT-S6a — in
    the console table, the Markdown summary, JUnit, the site and the stream (issue 33 §3)."""
    import json
    import sys
    from pathlib import Path
    from rich.console import Console
    from duelspec.catalogue import rulings
    from duelspec.reporting.junit import to_junit
    from duelspec.reporting.report import NOT_CHECKED, Tally, header, read_stream, render_markdown, render_table, ruling_outcome
    from duelspec.site import build
    sys.path.insert(0, str(Path(__file__).parent))
    from mutant_runs import suite
    obs = _go_observes()
    hidden = dict(obs, events=[k for k in obs["events"] if k != "destroy"])
    ids = ["dm.attack.battle.after-battle-order", "dm.attack.battle.after-the-battle-destroy"]
    results = [_variant(hidden, "dm.s6a.after-battle-first", suite()[sid]) for sid in ids]
    assert [r["outcome"] for r in results] == ["passed", "passed"]
    for r in results:
        assert {ru: ruling_outcome(r, ru) for ru in ("AT-D1", "AT-S6a")} == {"AT-D1": NOT_CHECKED, "AT-S6a": NOT_CHECKED}
    # seen with `destroy`, the same engine fails both: the hidden items are what carries the rulings
    assert [_variant(obs, "dm.s6a.after-battle-first", suite()[sid])["outcome"] for sid in ids] == ["failed", "failed"]
    t = Tally()
    impl = {"name": "variant", "version": "1", "games": ["dm"], "observes": hidden}
    lines = [header("variant", impl)]
    for r in results:
        t.add(r)
        lines.append(r)
    lines.append(t.footer())
    for ru in ("AT-D1", "AT-S6a"):
        assert t.by_ruling[ru]["passed"] == 0 and t.by_ruling[ru][NOT_CHECKED] == 2
    path = tmp_path / "variant.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    st = read_stream(path)                     # schema-valid, `uncarried` and all
    assert all(set(r["coverage"]["uncredited"]) == {"AT-D1", "AT-S6a"} for r in st.results)
    console = Console(record=True, width=220)
    render_table(t, rulings(), console, games={"dm"}, rulings=["AT-D1", "AT-S6a"])
    text = console.export_text()
    for ru in ("AT-D1", "AT-S6a"):
        row = next(x for x in text.splitlines() if f" {ru} " in x)
        assert "not checked on this engine" in row and row.split("│")[2].strip() == "0", row   # passed: 0
    md = render_markdown(st.header, st.results, st.footer)
    assert "| not checked on this engine |" in md
    assert "| AT-D1 | 0 | 0 | 0 | 0 | 0 | 0 | 2 |" in md and "| AT-S6a | 0 | 0 | 0 | 0 | 0 | 0 | 2 |" in md
    xml = to_junit(st.header, st.results, st.footer)
    assert xml.count('name="not checked on this engine" value="AT-S6a, AT-D1"') == 2
    out = tmp_path / "site"
    build([path], out)
    index = (out / "index.html").read_text()
    assert index.count("(2 not checked on this engine)") == 2
    assert "AT-D1: not checked on this engine" in (out / "rulings" / "AT-D1.html").read_text()


def test_hiding_ask_does_not_turn_blocked_breaks_nothing_into_a_credited_pass():
    """The Go engine asks the attacking player for the shields at the declaration, also when the
    attack will be blocked (docs/conformance/duel-masters-go.md, D1): `blocked-breaks-nothing` fails on
    that `ask`. Hidden `ask`, it passes, and credits neither of its rulings (issue 33 §3)."""
    import sys
    from pathlib import Path
    from duelspec.reporting.report import NOT_CHECKED, ruling_outcome
    sys.path.insert(0, str(Path(__file__).parent))
    from mutant_runs import suite
    sc = suite()["dm.attack.shields.blocked-breaks-nothing"]
    early = [{"event": "ask", "player": "A", "question": "break-shields", "cards": ["b-shield-1", "b-shield-2"]}]
    obs = _go_observes()
    seen = _variant(obs, None, sc, early)
    assert seen["outcome"] == "failed" and seen["failures"][0]["pointer"] == "/expect/never/2"
    assert {ru: ruling_outcome(seen, ru) for ru in sc["rulings"]} == {ru: "failed" for ru in sc["rulings"]}
    hidden = _variant(dict(obs, events=[k for k in obs["events"] if k != "ask"]), None, sc, early)
    assert hidden["outcome"] == "passed"
    assert {ru: ruling_outcome(hidden, ru) for ru in sc["rulings"]} == {ru: NOT_CHECKED for ru in sc["rulings"]}
