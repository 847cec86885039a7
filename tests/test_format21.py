"""Scenario format 2.1 (issue 22): the words format 2.0 could not say, each with the bug it catches.

Every word: its Gherkin phrase and JSON (compiler, schema), the kit's semantics, the version a
document and an adapter must speak for it (``format_minor: 1``, adapter protocol 3: an adapter
speaking 2 gets a visible skip naming the word), and a scenario that fails on the bug it names
(a rule mutant) while the format-2.0 form of the same scenario passes on it.
"""
from __future__ import annotations

import json

import pytest

from duelspec import words
from duelspec.adapters.kit import ScriptDriver
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.compiler import compile_text, validate
from duelspec.errors import InputError
from duelspec.runner import run_one, skip_reason
from mutant_runs import ADAPTER, IMPL, outcome, suite

SETUP = {"turn": 2, "turn_player": "A", "phase": "draw"}


def feature(body: str, background: str = "Given player B went first\n    And it is turn 2, player A's Draw Phase, before the draw"):
    text = f"@game:ygo\nFeature: t\n  Background:\n    {background}\n\n{body}"
    out = compile_text(text, "t.feature")
    return out


def one(body: str, **kw) -> dict:
    out = feature(body, **kw)
    assert not out.errors, [str(e.error) for e in out.errors]
    return out.scenarios[0]


def error_of(body: str, **kw) -> str:
    out = feature(body, **kw)
    assert out.errors and not out.scenarios
    return str(out.errors[0].error)


class Protocol2(ReferenceAdapter):
    protocol = 2


# ------------------------------------------------------------------ the versions
def test_a_format_20_document_stays_20_and_a_21_word_makes_it_21():
    """Every scenario that uses no word of 2.1 compiles exactly as before (no `format_minor`)."""
    plain = [s for s in suite().values() if not words.uses(s)]
    assert plain and all("format_minor" not in s for s in plain)
    new = [s for s in suite().values() if words.uses(s)]
    assert new and all(s["format_minor"] == 1 and s["format"] == 2 for s in new)


def test_a_document_using_a_21_word_must_say_so():
    doc = dict(suite()["ygo.normal-draw.effect-type.no-replacement-after-negation.every-timing"])
    del doc["format_minor"]
    with pytest.raises(InputError) as exc:
        validate(doc, "x.json")
    assert exc.value.location == "/format_minor" and "`every` at /script/2/when/every" in str(exc.value)


def test_a_protocol_2_adapter_gets_a_visible_skip_naming_the_word_never_the_scenario():
    s = suite()["ygo.normal-draw.effect-type.no-replacement-after-negation.every-timing"]
    reason = skip_reason(s, IMPL, 2)
    assert reason and "format-2.1" in reason and "`every`" in reason and "protocol 2" in reason
    assert skip_reason(s, IMPL, 3) is None
    r = run_one(s, Protocol2(), IMPL)
    assert r["outcome"] == "skipped" and r["skip_kind"] == "runner" and "`every`" in r["reason"]
    plain = suite()["ygo.normal-draw.effect-type.no-replacement-after-negation"]
    assert run_one(plain, Protocol2(), IMPL)["outcome"] == "passed"      # format 2.0: as before


def test_the_protocol_server_answers_the_adapters_own_version():
    import io
    from duelspec.adapters.protocol_server import serve
    for adapter, asked, want in ((ReferenceAdapter(), 3, 3), (ReferenceAdapter(), 2, 2), (Protocol2(), 3, 2)):
        out = io.StringIO()
        serve(adapter, io.StringIO(json.dumps({"cmd": "start", "protocol": asked, "protocols": [1, 2, 3]}) + "\n"),
              out, io.StringIO())
        assert json.loads(out.getvalue())["protocol"] == want


# ------------------------------------------------------------------ 1. a window that comes back
EVERY = """  @id:t.every @ruling:ND-E2
  Scenario: every
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A has "Magical Blast" as "blast" in the graveyard
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And in response to chain link 1, player B activates "ash"
    And before the draw, every time this turn, player A cannot activate "blast"
    Then player A conducts the normal draw
"""


def test_every_time_this_turn_compiles_to_when_every():
    s = one(EVERY)
    assert s["script"][2] == {"player": "A", "do": "activate", "when": {"window": "before-draw", "every": True},
                              "card": "blast", "legal": False}
    assert s["format_minor"] == 1


def test_every_time_this_turn_only_with_a_cannot_step():
    msg = error_of(EVERY.replace("every time this turn, player A cannot activate", "every time this turn, player A activates"))
    assert "only with a `cannot` step" in msg
    dm = compile_text("@game:dm\nFeature: t\n  @id:t.x @ruling:AT-S1\n  Scenario: x\n    Given it is turn 3, player A's attack phase\n"
                      "    And player A has \"Aqua Vehicle\" as \"v\" in the battle zone\n"
                      "    When in step AT-S1, every time this turn, player A cannot attack player B with \"v\"\n"
                      "    Then no attack happens\n", "t.feature")
    assert dm.errors and "only in a scenario of ygo" in str(dm.errors[0].error)


def test_the_kit_tries_an_every_step_again_at_each_later_occurrence_of_its_window():
    script = [{"player": "A", "do": "activate", "when": {"window": "before-draw", "every": True}, "card": "blast",
               "legal": False},
              {"player": "A", "do": "activate", "when": {"window": "open", "phase": "draw"}, "card": "other", "legal": False}]
    tried = []

    def refuse(step):
        tried.append(step["card"])
        return "no"
    d = ScriptDriver(script, setup=SETUP)
    d.open({"window": "before-draw"})
    d.close("before-draw")                                    # first occurrence: never offered
    assert d.outcomes[0]["outcome"] == "refused" and d.peek() is script[1]
    d.open({"window": "before-draw"})                         # the timing comes back
    assert d.priority("A", refuse) is False and tried == ["blast"]   # tried again, refused again
    assert d.priority("B", refuse) is False and tried == ["blast"]   # only its own player's decisions
    assert d.priority("A", lambda st: None) is True                    # the engine lets A do it after all
    d.close("before-draw")
    d.open({"window": "open", "phase": "draw"})
    d.close("open")
    out = d.finish()
    assert out[0]["outcome"] == "applied" and "later occurrence" in out[0]["reason"] and "code" not in out[0]
    assert out[1]["outcome"] == "refused"


def test_an_every_step_watches_only_its_turn():
    d = ScriptDriver([{"player": "A", "do": "activate", "when": {"window": "before-draw", "every": True}, "card": "b",
                       "legal": False}], setup=SETUP)
    d.open({"window": "before-draw"})
    d.close("before-draw")
    d.event({"event": "turn", "turn": 3, "player": "B"})
    d.open({"window": "before-draw"})
    assert d.priority("A", lambda st: pytest.fail("turn 3 is not the step's turn")) is False
    assert d.finish()[0]["outcome"] == "refused"


REOPENS = "ygo.replacement.timing-reopens-after-negated-chain"


@pytest.mark.parametrize("old, new", [
    ("ygo.normal-draw.effect-type.no-replacement-after-negation", "ygo.normal-draw.effect-type.no-replacement-after-negation.every-timing"),
    ("ygo.normal-draw.effect-type.all-negated", "ygo.normal-draw.effect-type.all-negated.every-timing"),
])
def test_the_timing_that_comes_back_is_caught_only_with_every(old, new):
    """ND-E2 / ND-E10: on an engine that opens the timing before the draw a second time after a
    fully negated chain, the format-2.0 scenario passes (its refusal was used up when the first
    timing closed) and the format-2.1 one fails on the refusal that held at the second timing."""
    assert outcome(suite()[old])["outcome"] == outcome(suite()[new])["outcome"] == "passed"
    assert outcome(suite()[old], REOPENS)["outcome"] == "passed"
    r = outcome(suite()[new], REOPENS)
    assert r["outcome"] == "failed"
    step = next(f for f in r["failures"] if f["pointer"].startswith("/script/"))
    assert step["actual"]["outcome"] == "applied" and "later occurrence" in step["actual"]["reason"]


def test_duelspec_steps_shows_every_word_of_21_with_an_example():
    from click.testing import CliRunner
    from duelspec.cli import main
    out = CliRunner().invoke(main, ["steps"]).output
    marked = [line for line in out.splitlines() if line.endswith("(format 2.1)")]
    assert any("every time this turn" in line for line in marked)
    lines = out.splitlines()
    for line in marked:                       # each with an example right below it
        below = lines[lines.index(line) + 1:lines.index(line) + 3]
        assert any("e.g. " in b for b in below), line


# ------------------------------------------------------------------ 2. a window that must never open
FIRST_TURN = "ygo.normal-draw.basics.first-turn-no-timing-before-the-draw"
PR433 = "ygo.first-turn.timing-before-the-draw-opens"


def test_which_must_not_come_compiles_to_opens_false_on_cannot_steps_only():
    s = suite()[FIRST_TURN]
    assert s["script"] == [{"player": "B", "do": "activate", "when": {"window": "before-draw", "opens": False},
                            "card": "bls", "legal": False}]
    assert s["format_minor"] == 1 and words.uses(s) == [("/script/0/when/opens", "opens")]
    msg = error_of(EVERY.replace("before the draw, every time this turn, player A cannot activate",
                                 "before the draw, which must not come, player A activates"))
    assert "`which must not come` only with a `cannot` step" in msg


@pytest.mark.parametrize("got, passes", [({"outcome": "not-reached"}, True), ({"outcome": "refused", "code": "not-offered"}, False),
                                         ({"outcome": "refused", "code": "timing"}, False), ({"outcome": "applied"}, False)])
def test_a_window_that_must_not_open_passes_only_when_it_never_opened(got, passes):
    from duelspec.judging.checker import check
    s = suite()[FIRST_TURN]
    failures = check({**s, "expect": {}}, {"events": [], "steps": [{"index": 0, **got}], "final": {}})
    assert (not failures) == passes
    if not passes:
        assert "must not open, but it opened" in failures[0].message


def test_the_first_turn_replacement_of_pr_433_is_caught_only_with_which_must_not_come():
    """ND-02: format 2.0 could say it only as a refusal, which is `not-reached` (a failure) on a
    correct engine, or with no step at all, which an engine offering the replacement passes."""
    s = suite()[FIRST_TURN]
    assert outcome(s)["outcome"] == "passed"
    r = outcome(s, PR433)
    assert r["outcome"] == "failed" and any(f["pointer"] == "/script/0" for f in r["failures"])
    as_20 = json.loads(json.dumps(s))
    del as_20["format_minor"]
    del as_20["script"][0]["when"]["opens"]
    r20 = outcome(as_20)
    assert r20["outcome"] == "failed" and r20["failures"][0]["actual"]["outcome"] == "not-reached"
    weak = {**as_20, "script": [], "requires": [t for t in s["requires"] if t != "refusal"]}
    assert outcome(weak)["outcome"] == outcome(weak, PR433)["outcome"] == "passed"


# ------------------------------------------------------------------ 3. after the before-the-draw chain, before the draw
NO_NEW_CHAIN = "ygo.normal-draw.list.before.no-new-chain-after-its-chain"
PR476 = "ygo.before-draw.new-chain-after-its-chain"


def test_between_the_timing_and_the_draw_is_a_window_of_its_own():
    s = suite()[NO_NEW_CHAIN]
    assert s["script"][1]["when"] == {"window": "after-before-draw"} and s["format_minor"] == 1
    assert outcome(s)["outcome"] == "passed"
    r = outcome(s, PR476)
    assert r["outcome"] == "failed"
    step = next(f for f in r["failures"] if f["pointer"] == "/script/1")
    assert step["actual"]["outcome"] == "applied"


def test_the_engine_opens_that_window_after_the_timing_and_closes_it_before_the_normal_draw():
    from duelspec.adapters.kit import ScriptDriver as Driver
    seen = []

    class Spy(Driver):
        def open(self, window):
            seen.append(("open", window["window"], len(self.armed)))
            return super().open(window)

        def close(self, window):
            seen.append(("close", window if isinstance(window, str) else window["window"]))
            return super().close(window)

        def event(self, ev):
            if ev["event"] == "draw":
                seen.append(("draw", ev["normal"]))
            super().event(ev)
    s = suite()[NO_NEW_CHAIN]
    from duelspec.reference_engine import ygo
    ygo.play(s["setup"], Spy.for_scenario(s))
    kinds = [x[:2] for x in seen if x[0] != "open" or x[1] in ("before-draw", "after-before-draw")]
    kinds = [k for k in kinds if k[0] == "draw" or k[1] in ("before-draw", "after-before-draw")]
    assert kinds == [("open", "before-draw"), ("close", "before-draw"), ("open", "after-before-draw"),
                     ("close", "after-before-draw"), ("draw", True)]


def test_a_step_of_that_window_expires_when_the_draw_phase_ends():
    d = ScriptDriver([{"player": "B", "do": "activate", "when": {"window": "after-before-draw"}, "card": "m",
                       "legal": False}], setup=SETUP)
    d.event({"event": "phase", "phase": "standby", "turn": 2})
    assert d.outcomes[0]["outcome"] == "not-reached"


# ------------------------------------------------------------------ 4. "x is drawn by the normal draw" with a 2-card normal draw
TWO_CARDS = "ygo.normal-draw.list.trigger-two-card-draw"


def test_is_drawn_by_means_among_the_cards_drawn_and_draws_exactly_keeps_the_20_list():
    s = suite()[TWO_CARDS]
    assert s["script"][0]["when"]["after"] == {"event": "draw", "cards": {"includes": ["shining-draw"]}, "normal": True}
    assert ("/script/0/when/after/cards", "includes") in words.uses(s)
    # the scenarios that meant one card say so and stay format 2.0 (the same documents as before)
    for sid, after in (("ygo.normal-draw.list.trigger.shining-draw", {"event": "draw", "cards": ["drawn"], "normal": True}),
                       ("ygo.normal-draw.list.trigger-other-draw.shining-draw", {"event": "draw", "cards": ["drawn"], "normal": False})):
        doc = suite()[sid]
        assert "format_minor" not in doc and any(st["when"].get("after") == after for st in doc["script"]), sid


def test_includes_matches_a_list_that_contains_the_items():
    from duelspec.judging.checker import matches
    ev = {"event": "draw", "player": "A", "cards": ["a", "x"], "normal": True}
    assert matches({"event": "draw", "cards": {"includes": ["x"]}}, ev)
    assert not matches({"event": "draw", "cards": ["x"]}, ev)                    # 2.0: the exact list
    assert not matches({"event": "draw", "cards": {"includes": ["x", "x"]}}, ev)  # a multiset
    assert not matches({"event": "draw", "cards": {"includes": ["y"]}}, ev)


@pytest.mark.parametrize("value, pointer", [({"includes": ["nobody"]}, "/includes/0"), ({"includes": []}, "/includes"),
                                            ({"includes": ["top"], "x": 1}, "")])
def test_a_bad_includes_is_an_error_with_its_pointer(value, pointer):
    doc = json.loads(json.dumps(suite()[TWO_CARDS]))
    doc["script"][0]["when"]["after"]["cards"] = value
    with pytest.raises(InputError) as exc:
        validate(doc, "x.json")
    assert exc.value.location.startswith("/script/0/when/after/cards" + pointer)


def test_the_two_card_normal_draw_is_reached_only_with_includes():
    """Format 2.0's exact list never matches a normal draw of 2 cards: the step is `not-reached`
    and the scenario fails on a correct engine; with `includes` it passes, and it fails on an
    engine that recognises a card drawn for the normal draw only in a 1-card normal draw."""
    s = suite()[TWO_CARDS]
    assert outcome(s)["outcome"] == "passed"
    as_20 = json.loads(json.dumps(s))
    del as_20["format_minor"]
    as_20["script"][0]["when"]["after"]["cards"] = ["shining-draw"]
    r = outcome(as_20)
    assert r["outcome"] == "failed" and any(f["pointer"] == "/script/0" and f["actual"]["outcome"] == "not-reached"
                                            for f in r["failures"])
    assert outcome(s, "ygo.drawn-card.one-card-normal-draw-only")["outcome"] == "failed"


# ------------------------------------------------------------------ 5. the opening hand
OPENING = "ygo.normal-draw.basics.opening-hand-not-drawn-for-the-normal-draw"


def test_the_opening_hand_has_its_own_moment():
    from duelspec.judging.checker import matches
    s = suite()[OPENING]
    after = s["script"][0]["when"]["after"]
    assert after == {"event": "draw", "player": "B", "opening": True} and s["format_minor"] == 1
    opening = {"event": "draw", "player": "B", "cards": ["a"], "normal": False, "opening": True}
    effect = {"event": "draw", "player": "B", "cards": ["b"], "normal": False, "phase": "main1"}
    borrowed = {"event": "draw", "player": "B", "normal": False}        # "after player B draws by a card effect"
    assert matches(borrowed, opening) and matches(borrowed, effect)     # it matched the opening hand by accident
    assert matches(after, opening) and not matches(after, effect)


def test_the_reference_engine_reports_the_opening_hands_draw():
    from duelspec.reference_engine import ygo
    s = suite()[OPENING]
    events, _ = ygo.play(s["setup"], ScriptDriver.for_scenario(s))
    draws = [e for e in events if e["event"] == "draw"]
    assert [(e["player"], e.get("opening")) for e in draws[:2]] == [("B", True), ("A", True)]
    assert all("opening" not in e for e in draws[2:])


def test_a_card_of_the_opening_hand_counted_as_drawn_for_the_normal_draw_is_caught():
    s = suite()[OPENING]
    assert outcome(s)["outcome"] == "passed"
    r = outcome(s, "ygo.opening-hand.drawn-for-the-normal-draw")
    assert r["outcome"] == "failed" and any(f["pointer"] == "/script/0" for f in r["failures"])


# ------------------------------------------------------------------ 6. inside AT-S3: before any ability resolves
BEFORE = "dm.attack.triggers.revolution-change-before-any-ability"
RC_LAST = "dm.s3.revolution-change-after-all-abilities"


def test_before_any_ability_resolves_names_the_moment_of_the_official_answer():
    s = suite()[BEFORE]
    assert s["script"][1]["when"] == {"window": "AT-S3", "before": {"event": "trigger"}}
    assert s["format_minor"] == 1 and ("/script/1/when/before", "before") in words.uses(s)
    assert any(c["kind"] == "official-qa" and c.get("date") == "2024-04-05" for c in s["cites"])
    assert outcome(s)["outcome"] == "passed"


def test_a_revolution_change_offered_only_after_the_other_abilities_is_caught_by_the_step():
    """On an engine that offers the revolution change only once Dolunka's ability has resolved, the
    format-2.1 step is refused (its moment ended), while the same step without `before` (format
    2.0, and without the expectation that orders the events) is applied later and passes."""
    s = suite()[BEFORE]
    r = outcome(s, RC_LAST)
    step = next(f for f in r["failures"] if f["pointer"] == "/script/1")
    assert step["actual"]["outcome"] == "refused" and "moment ended" in step["actual"]["reason"]
    as_20 = json.loads(json.dumps(s))
    del as_20["format_minor"]
    del as_20["script"][1]["when"]["before"]
    as_20["expect"]["events"] = [e for e in as_20["expect"]["events"] if e.get("event") != "trigger"]
    assert outcome(as_20)["outcome"] == outcome(as_20, RC_LAST)["outcome"] == "passed"


def test_the_kit_refuses_a_before_step_once_the_event_happened_in_its_window():
    d = ScriptDriver([{"player": "A", "do": "revolution-change", "when": {"window": "AT-S3", "before": {"event": "trigger"}},
                       "card": "buster"}], setup={"turn": 3, "turn_player": "A", "phase": "attack"})
    d.open({"window": "AT-S3", "attack": 1})
    d.event({"event": "power", "card": "x", "power": 1000})                   # not the event it must come before
    assert d.peek() is not None
    d.event({"event": "trigger", "card": "dolunka", "ability": "opponent-attacks"})
    assert d.peek() is None and d.outcomes[0]["outcome"] == "refused" and d.outcomes[0]["code"] == "not-offered"


# ------------------------------------------------------------------ 7. Duel Masters refusals in Gherkin, and the attack a step binds to
def test_cannot_use_the_shield_trigger_is_a_refusal_and_catches_the_hand_trigger_bug():
    s = suite()["dm.attack.shields.shield-trigger-in-hand-refused"]
    assert s["script"][1] == {"player": "B", "do": "use-shield-trigger", "when": {"window": "AT-S6b"}, "card": "awe",
                              "legal": False}
    assert "format_minor" not in s                          # a Gherkin phrase for format-2.0 JSON
    assert outcome(s)["outcome"] == "passed"
    r = outcome(s, "dm.s6b.any-shield-trigger-in-hand")
    assert r["outcome"] == "failed" and any(f["pointer"] == "/script/1" and f["actual"]["outcome"] == "applied"
                                            for f in r["failures"])


def test_a_missing_decision_says_which_attack_the_pending_step_binds_to():
    """Issue 22.7: an AT-S1 step written after an attack's declaration binds to the next attack; the
    missing decision that follows (AT-S6b of attack 1) names it and asks `of attack 1`?"""
    text = ('@game:dm\nFeature: t\n  Background:\n    Given it is turn 3, player A\'s attack phase\n\n'
            '  @id:t.binding @ruling:AT-S1\n  Scenario: x\n'
            '    Given player A has "Fear Fang" as "fang" in the battle zone\n'
            '    And player A has "Tri-horn Shepherd" as "shepherd" in the battle zone\n'
            '    And player B has shields "s1" and "s2"\n'
            '    When in step AT-S1, player A attacks player B with "fang"\n'
            '    And in step AT-S1, player A cannot attack player B with "shepherd"\n'
            '    And in step AT-S6b, player A breaks "s1"\n'
            '    Then "s1" is broken\n')
    out = compile_text(text, "t.feature")
    assert not out.errors, [str(e.error) for e in out.errors]
    r = run_one(out.scenarios[0], ADAPTER, IMPL)
    assert r["outcome"] == "errored" and r["detail"] == "missing decision"
    assert "pending step #1 (`in step AT-S1`, player A declare-attack) binds to attack 2" in r["message"]
    assert "did you mean `in step AT-S1 of attack 1`" in r["message"]


# ------------------------------------------------------------------ 8. more than one attack phase
TURNS = "dm.attack.blocking.blocker-until-the-start-of-the-next-turn"


def test_a_scenario_of_several_turns_says_so():
    s = suite()[TURNS]
    assert s["setup"]["stop"] == {"turn": 5, "phase": "end"} and "several-turns" in s["requires"]
    assert s["script"][6]["when"] == {"window": "AT-S4", "attack": 1, "turn": 5}
    assert {w for _, w in words.uses(s)} == {"turns"} and s["format_minor"] == 1
    assert "unsupported mechanics: ninja-strike, several-turns" in skip_reason(
        s, {"games": ["dm"], "unsupported": ["ninja-strike", "several-turns"]}, 3)


def test_the_reference_engine_plays_the_next_turns_for_real():
    from duelspec.reference_engine import dm
    s = suite()[TURNS]
    driver = ScriptDriver.for_scenario(s)
    events, final = dm.play(s["setup"], driver)
    turns = [(e["turn"], e["player"]) for e in events if e["event"] == "turn"]
    phases = [(e["turn"], e["phase"]) for e in events if e["event"] == "phase"]
    assert turns == [(4, "B"), (5, "A")]
    assert phases[0] == (3, "end") and phases[-1] == (5, "end")
    assert [p for t, p in phases if t == 4] == ["untap", "start", "draw", "mana", "main", "attack", "end"]
    assert [p for t, p in phases if t == 5] == ["untap", "start", "draw", "mana", "main", "attack", "end"]
    draws = [e for e in events if e["event"] == "draw"]
    assert [(e["player"], e["normal"], e["phase"]) for e in draws] == [("B", True, "draw"), ("A", True, "draw")]
    i_untap = events.index({"event": "untap", "card": "fang"})                     # A's untap step of turn 5
    assert events[i_untap - 1] == {"event": "phase", "phase": "untap", "player": "A", "turn": 5}
    ninja = next(i for i, e in enumerate(events) if e == {"event": "move", "card": "ninja", "from": "battle", "to": "deck",
                                                            "player": "B", "reason": "effect"})
    assert events[ninja - 1] == {"event": "phase", "phase": "end", "player": "A", "turn": 3}   # the shinobi, at the end of turn 3
    assert [o["outcome"] for o in driver.finish()] == ["applied"] * 6 + ["refused", "applied"]


def test_until_the_start_of_your_next_turn_that_never_ends_is_caught_in_turn_5():
    s = suite()[TURNS]
    assert outcome(s)["outcome"] == "passed"
    r = outcome(s, "dm.lasting.until-next-turn-never-ends")
    assert r["outcome"] == "failed" and any(f["pointer"] == "/script/6" and f["actual"]["outcome"] == "applied"
                                            for f in r["failures"])


def test_the_kit_counts_the_attacks_of_each_turn_and_a_later_turns_step_waits():
    setup = {"turn": 3, "turn_player": "A", "phase": "attack"}
    d = ScriptDriver([{"player": "A", "do": "declare-attack", "when": {"window": "AT-S1", "attack": 1, "turn": 5},
                       "attacker": "x", "target": "player"}], setup=setup)
    d.open({"window": "AT-S1", "attack": 1})
    assert d.take("A", ("declare-attack",), lambda st: pytest.fail("turn 3 is not the step's turn")) is None
    d.close("AT-S1")
    for turn, player in ((4, "B"), (5, "A")):
        d.event({"event": "turn", "turn": turn, "player": player})
        assert d.peek() is not None and d.attack == 0
    w = d.open({"window": "AT-S1", "attack": 1})
    assert w["turn"] == 5 and d.take("A", ("declare-attack",), lambda st: None) is not None


def test_a_stop_before_the_end_of_the_setups_attack_phase_is_an_error():
    out = compile_text('@game:dm\nFeature: t\n  @id:t.stop @ruling:AT-S1\n  Scenario: x\n'
                       '    Given it is turn 3, player A\'s attack phase\n'
                       '    And the game goes on until turn 3\'s main step\n    Then no attack happens\n', "t.feature")
    assert out.errors and "a step after the attack phase of the setup's turn (3)" in str(out.errors[0].error)


def test_a_before_step_on_an_event_kind_the_adapter_does_not_observe_is_skipped_up_front():
    """The Go driver does not observe `trigger` events: a step `before any ability resolves` could
    never see its moment end there, so the scenario is skipped up front, never misjudged."""
    from duelspec.judging.coverage import unplayable
    s = suite()[BEFORE]
    reason = unplayable(s, {"events": ["attack", "break", "move"], "windows": ["AT-S1", "AT-S3"]})
    assert reason and "event kinds trigger (a step's `after` or `before`)" in reason
