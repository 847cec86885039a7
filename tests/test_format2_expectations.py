"""Scenario format 2 expectations: `any_order` / `together` groups, `legal: false` and refusal
codes, and patterns validated against the trace schema when a scenario is loaded."""
import copy

import pytest

from duelspec.judging.checker import check
from duelspec.compiler import compile_text, validate
from duelspec.errors import InputError

M = lambda c: {"event": "move", "card": c, "to": "hand"}   # noqa: E731
EV = [{"event": "break", "shields": ["s1", "s2"]}, M("s1"), M("s2"), {"event": "step", "step": "AT-S7"}, M("s3")]


def scen(events=(), script=(), fmt=2):
    return {"format": fmt, "script": list(script), "expect": {"events": list(events)}}


def trace(events=EV, steps=()):
    return {"format": 2, "events": list(events), "steps": list(steps), "final": {}}


def test_together_needs_consecutive_events_in_any_order():
    assert check(scen([{"together": [M("s2"), M("s1")]}]), trace()) == []
    fails = check(scen([{"together": [M("s1"), M("s3")]}]), trace())
    assert [f.pointer for f in fails] == ["/expect/events/0"] and "one moment" in fails[0].message


def test_any_order_needs_each_pattern_on_its_own_event_between_its_neighbours():
    assert check(scen([{"event": "break"}, {"any_order": [M("s3"), M("s1")]}]), trace()) == []
    same = {"event": "move", "to": "hand"}
    assert check(scen([{"any_order": [same, same, same]}]), trace()) == []
    assert [f.pointer for f in check(scen([{"any_order": [same, same, same, same]}]), trace())] == ["/expect/events/0"]
    # the item after the group is looked for after the group's last event
    fails = check(scen([{"any_order": [M("s3"), M("s1")]}, {"event": "step", "step": "AT-S7"}]), trace())
    assert [f.pointer for f in fails] == ["/expect/events/1"]


def test_a_group_pattern_that_never_occurs_is_pointed_at():
    fails = check(scen([{"together": [M("s1"), M("zz")]}]), trace())
    assert [f.pointer for f in fails] == ["/expect/events/0/together/1"]


ILLEGAL = {"player": "A", "do": "activate", "card": "x", "legal": False, "refusal": "once-per-turn",
           "when": {"window": "before-draw"}}


@pytest.mark.parametrize("outcome, ok", [
    ({"index": 0, "outcome": "refused", "code": "once-per-turn"}, True),
    ({"index": 0, "outcome": "refused"}, True),                          # no code given: not failed for that
    ({"index": 0, "outcome": "refused", "code": "not-offered"}, True),   # not offered: no reason given, not a wrong one
    ({"index": 0, "outcome": "refused", "code": "cost"}, False),         # another reason
    ({"index": 0, "outcome": "applied"}, False),
    ({"index": 0, "outcome": "not-reached"}, False),                     # the window never opened
])
def test_cannot_means_cannot(outcome, ok):
    fails = check(scen(script=[ILLEGAL]), trace(steps=[outcome]))
    assert (fails == []) is ok, fails
    if outcome["outcome"] == "not-reached":
        assert "window never opened" in fails[0].message


BASE = '''@game:ygo
Feature: x
  @id:t.x @ruling:ND-01
  Scenario: s
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    Then player A conducts the normal draw, drawing "top"
'''


def one():
    out = compile_text(BASE, "t.feature")
    assert not out.errors, out.errors
    return out.scenarios[0]


@pytest.mark.parametrize("pattern, pointer", [
    ({"event": "move", "card": "top", "to": "hnad"}, "/expect/never/0/to"),
    ({"event": "draw", "normal": "true"}, "/expect/never/0/normal"),
    ({"event": "activate", "link": 0}, "/expect/never/0/link"),
    ({"event": "draw", "cards": ["nobody"]}, "/expect/never/0/cards/0"),
    ({"event": "drawn"}, "/expect/never/0/event"),
    ({"event": "draw", "colour": "red"}, "/expect/never/0/colour"),
])
def test_a_pattern_no_event_could_match_is_an_error_with_its_pointer(pattern, pointer):
    s = one()
    s["expect"]["never"] = [pattern]
    with pytest.raises(InputError) as e:
        validate(s, "t.json")
    assert e.value.location == pointer


def test_patterns_in_groups_and_in_when_after_are_validated_too():
    s = one()
    s["expect"]["events"] = [{"together": [{"event": "draw"}, {"event": "move", "to": "hnad"}]}]
    with pytest.raises(InputError) as e:
        validate(copy.deepcopy(s), "t.json")
    assert e.value.location == "/expect/events/0/together/1/to"
    s = one()
    s["script"] = [{"player": "A", "do": "activate", "card": "top",
                    "when": {"window": "trigger", "after": {"event": "draw", "normal": 1}}}]
    with pytest.raises(InputError) as e:
        validate(s, "t.json")
    assert e.value.location == "/script/0/when/after/normal"


def test_group_steps_with_a_data_table():
    text = BASE.replace('    Then player A conducts the normal draw, drawing "top"\n', '''    Then these events happen in any order:
      | player A conducts the normal draw, drawing "top" |
      | "top" is added to the hand |
''')
    out = compile_text(text, "t.feature")
    assert not out.errors, [str(e.error) for e in out.errors]
    assert out.scenarios[0]["expect"]["events"] == [{"any_order": [
        {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}, {"event": "move", "card": "top", "to": "hand"}]}]
    for bad, why in [('      | "top" ends in player A\'s hand |\n      | "top" is added to the hand |\n', "exactly one event"),
                     ('      | "top" is added to the hand |\n', "at least two rows")]:
        out = compile_text(BASE.replace('    Then player A conducts the normal draw, drawing "top"\n',
                                        "    Then these events happen at the same time:\n" + bad), "t.feature")
        assert out.errors and why in str(out.errors[0].error), out.errors
    out = compile_text(BASE + "      | a | table |\n", "t.feature")
    assert out.errors and "without a data table" in str(out.errors[0].error)


def test_cites_come_from_comment_lines_inside_the_scenario():
    text = BASE.replace("    Given player B went first\n", "    # cites: official-qa | Q&A 123 | 2022-08-05 | https://example.org/qa/123\n"
                        "    # cites: card-text | Sangan (32), OCG text |\n    Given player B went first\n")
    out = compile_text(text, "t.feature")
    assert not out.errors, out.errors
    assert out.scenarios[0]["cites"] == [
        {"kind": "official-qa", "ref": "Q&A 123", "date": "2022-08-05", "url": "https://example.org/qa/123"},
        {"kind": "card-text", "ref": "Sangan (32), OCG text"}]
    for bad in ("    # cites: rumour | somebody said |\n", "    # cites: official-qa | Q&A 1 | 5 Aug 2022\n"):
        out = compile_text(BASE.replace("    Given player B went first\n", bad + "    Given player B went first\n"), "t.feature")
        assert out.errors and "line 5" in str(out.errors[0].error), out.errors
    out = compile_text(BASE.replace("Feature: x\n", "Feature: x\n  # cites: card-text | x |\n"), "t.feature")
    assert out.errors and "inside a scenario" in str(out.errors[0].error)


def test_the_contracts_example_is_a_valid_scenario_that_the_reference_engine_passes():
    import json as _json
    import re
    from pathlib import Path

    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.runner import run_one
    text = (Path(__file__).resolve().parents[1] / "docs" / "design" / "scenario-format.md").read_text()
    doc = _json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    validate(doc, "scenario-format.md")
    a = ReferenceAdapter()
    assert run_one(doc, a, a.start())["outcome"] == "passed"


SICK = '''@game:dm
Feature: x
  @id:t.sick @ruling:AT-S1
  Scenario: s
    Given it is turn 3, player A's attack phase
    And player A has "Fear Fang" as "fang" in the battle zone, put there this turn
    And player B has 1 shield
    When in step AT-S1, player A cannot attack player B with "fang" (refused: {code})
    Then no attack happens
'''


def test_a_refusal_code_is_checked_when_the_engine_gives_one():
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.runner import run_one
    a = ReferenceAdapter()
    impl = a.start()
    outcomes = {}
    for code in ("summoning sickness", "tapped"):
        out = compile_text(SICK.format(code=code), "t.feature")
        assert not out.errors, [str(e.error) for e in out.errors]
        assert out.scenarios[0]["script"][0]["refusal"] == code.replace(" ", "-")
        outcomes[code] = run_one(out.scenarios[0], a, impl)
    assert outcomes["summoning sickness"]["outcome"] == "passed", outcomes
    assert outcomes["tapped"]["outcome"] == "failed"
    assert outcomes["tapped"]["failures"][0]["pointer"] == "/script/0/refusal"
