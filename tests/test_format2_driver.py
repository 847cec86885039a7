"""Scenario format 2: the kit's ScriptDriver uses a step only in the window its `when` names
(docs/design/scenario-format.md, "How a driver uses steps"), tested against a scripted
engine that opens windows and asks decisions the way a real one would."""
import pytest

from duelspec.adapters.kit import MissingDecision, Refusal, ScriptDriver

SETUP = {"turn": 2, "turn_player": "A", "phase": "draw"}
NORMAL_DRAW = {"event": "draw", "player": "A", "cards": ["top"], "normal": True}
EFFECT_DRAW = {"event": "draw", "player": "A", "cards": ["elf"], "normal": False}


def step(player, when, **kw):
    return {"player": player, "do": kw.pop("do", "activate"), "when": when, **kw}


def test_a_trigger_step_is_not_spent_at_an_earlier_prompt_of_its_player():
    """Issue 12: the second Heart of the Underdog activation names the trigger window after the
    draw it reacts to, so the empty "respond to your own chain" prompt before it passes."""
    d = ScriptDriver([step("A", {"window": "trigger", "after": {"event": "draw", "normal": True}}, card="underdog"),
                      step("A", {"window": "trigger", "after": {"event": "draw", "cards": ["elf"], "normal": False}},
                           card="underdog")], setup=SETUP)
    assert d.format == 2
    d.event(NORMAL_DRAW)
    d.open({"window": "trigger"})
    assert d.priority("A", lambda s: None) is True           # after the normal draw: link 1
    d.close("trigger")
    d.open({"window": "response", "link": 1})
    assert d.priority("A", lambda s: pytest.fail("spent at the wrong prompt")) is False
    assert d.priority("B", lambda s: pytest.fail("not B's step")) is False
    d.close("response")
    assert d.outcomes == [{"index": 0, "outcome": "applied"}]
    d.open({"window": "resolution", "link": 1})
    d.event(EFFECT_DRAW)
    d.close("resolution")
    d.event({"event": "chain-end"})
    d.open({"window": "trigger"})
    assert d.priority("A", lambda s: None) is True
    d.close("trigger")
    assert [o["outcome"] for o in d.finish()] == ["applied", "applied"]


def test_a_window_that_closes_unused_refuses_the_step_and_one_that_never_opens_is_not_reached():
    d = ScriptDriver([step("A", {"window": "before-draw"}, card="x", legal=False),
                      step("B", {"window": "response", "link": 3}, card="y")], setup=SETUP)
    d.open({"window": "before-draw"})
    d.close("before-draw")                                      # the engine never asked A
    d.event({"event": "chain-end"})                            # no link 3 in that chain
    assert d.finish() == [
        {"index": 0, "outcome": "refused", "code": "not-offered",
         "reason": "its window closed and the engine never offered it"},
        {"index": 1, "outcome": "not-reached", "reason": "its window never opened (the game went past it)"}]


def test_an_open_window_step_waits_for_its_phase_and_expires_after_it():
    d = ScriptDriver([step("A", {"window": "open", "phase": "main1"}, card="reload"),
                      step("A", {"window": "open", "phase": "standby"}, card="late")], setup=SETUP)
    d.open({"window": "open", "phase": "draw"})
    assert d.priority("A", lambda s: pytest.fail("not in the Draw Phase")) is False
    d.close("open")
    d.event({"event": "phase", "phase": "standby", "turn": 2, "player": "A"})
    d.open({"window": "open", "phase": "standby"})
    assert d.priority("A", lambda s: pytest.fail("step 0 is pending, not step 1")) is False
    d.close("open")
    d.event({"event": "phase", "phase": "main1", "turn": 2, "player": "A"})
    d.open({"window": "open", "phase": "main1"})
    assert d.priority("A", lambda s: None) is True
    d.close("open")
    assert [o["outcome"] for o in d.outcomes] == ["applied", "not-reached"]


def test_a_scripted_choice_that_is_not_offered_is_refused_never_replaced():
    d = ScriptDriver([step("A", {"window": "resolution", "link": 1}, do="choose", cards=["alien-2"])], setup=SETUP)
    d.open({"window": "resolution", "link": 1})
    with pytest.raises(MissingDecision):
        d.choose("A", ["alien-1", "alien-3"], 1, 1, "an Alien to add")
    assert d.outcomes[0]["outcome"] == "refused" and d.outcomes[0]["code"] == "not-offered"
    # an optional choice: nothing is chosen in its place
    d = ScriptDriver([step("A", {"window": "resolution", "link": 1}, do="choose", cards=["alien-2"])], setup=SETUP)
    d.open({"window": "resolution", "link": 1})
    assert d.choose("A", ["alien-1"], 0, 1, "an Alien to add") == []
    assert d.outcomes[0]["outcome"] == "refused"


def test_an_engine_refusal_keeps_its_code_and_the_next_step_of_the_window_is_tried():
    d = ScriptDriver([step("A", {"window": "before-draw"}, card="blast", legal=False),
                      step("A", {"window": "before-draw"}, card="muusiki")], setup=SETUP)
    d.open({"window": "before-draw"})
    tried = []
    assert d.priority("A", lambda s: tried.append(s["card"]) or (Refusal("right spent", code="no-normal-draw-right")
                                                                  if s["card"] == "blast" else None)) is True
    assert tried == ["blast", "muusiki"]
    assert d.outcomes[0] == {"index": 0, "outcome": "refused", "code": "no-normal-draw-right", "reason": "right spent"}


def test_a_later_turn_moves_a_pending_step_of_an_earlier_turn_on():
    d = ScriptDriver([step("A", {"window": "trigger", "after": {"event": "draw", "normal": False}}, card="u"),
                      step("B", {"window": "before-draw", "turn": 3}, card="v")], setup=SETUP)
    d.event({"event": "turn", "turn": 3, "player": "B"})
    d.event({"event": "phase", "phase": "draw", "turn": 3, "player": "B"})
    d.open({"window": "before-draw"})
    assert d.priority("B", lambda s: None) is True
    assert [o["outcome"] for o in d.outcomes] == ["not-reached", "applied"]


def test_duel_masters_steps_bind_to_the_attack_being_processed():
    d = ScriptDriver([step("A", {"window": "AT-S1"}, do="declare-attack", attacker="x", target="player"),
                      step("A", {"window": "AT-S1"}, do="declare-attack", attacker="y", target="player"),
                      step("B", {"window": "AT-S4"}, do="block", card="z")], format=2)
    d.open({"window": "AT-S1", "attack": 1})
    assert d.take("A", ("declare-attack",), lambda s: None)["attacker"] == "x"
    d.event({"event": "attack", "attacker": "x", "target": "player"})
    assert d.take("A", ("declare-attack",), lambda s: pytest.fail("the next attack's declaration")) is None
    d.close("AT-S1")
    d.open({"window": "AT-S4", "attack": 1})
    d.close("AT-S4")
    d.event({"event": "attack-end", "interrupted": False})
    d.open({"window": "AT-S1", "attack": 2})
    assert d.take("A", ("declare-attack",), lambda s: None)["attacker"] == "y"
    assert [o["outcome"] for o in d.outcomes] == ["applied", "applied"]
    assert d.finish()[2]["outcome"] == "not-reached"          # attack 2 never got to AT-S4


def test_a_step_after_one_refused_as_its_step_closes_stays_with_the_same_attack():
    """An AT-S3 step the engine never offers is refused when AT-S3 closes; the AT-S6b step that
    becomes pending then belongs to the same attack (not to the next one)."""
    d = ScriptDriver([step("A", {"window": "AT-S1"}, do="declare-attack", attacker="x", target="player"),
                      step("A", {"window": "AT-S3"}, do="choose", option="yes"),
                      step("A", {"window": "AT-S6b"}, do="break-shields", cards=["s2"])], format=2)
    d.open({"window": "AT-S1", "attack": 1})
    assert d.take("A", ("declare-attack",), lambda s: None)["attacker"] == "x"
    d.event({"event": "attack", "attacker": "x", "target": "player"})
    d.close("AT-S1")
    d.open({"window": "AT-S3", "attack": 1})
    d.close("AT-S3")
    d.open({"window": "AT-S6b", "attack": 1})
    assert d.take("A", ("break-shields",), lambda s: None)["cards"] == ["s2"]
    assert [(o["outcome"], o.get("code")) for o in d.outcomes] == [("applied", None), ("refused", "not-offered"),
                                                                   ("applied", None)]


def test_format_1_scripts_keep_format_1_semantics():
    d = ScriptDriver([{"player": "A", "do": "pass"}, {"player": "A", "do": "activate", "card": "x"}])
    assert d.format == 1
    d.open({"window": "before-draw"})                          # windows are ignored
    assert d.priority("A", lambda s: None) is False             # the pass
    assert d.priority("A", lambda s: None) is True
    assert [o["outcome"] for o in d.finish()] == ["applied", "applied"]


def test_format_2_refuses_a_step_the_engine_filter_does_not_take_and_never_tries_it():
    """Issue 25 §2: the engine's own filter of what a decision takes (``applies``: e.g. only the
    effects of the timing before the draw) holds for format-2 steps too; before, format 2 asked
    for activations without it, so a scripted Quick Effect started the chain before the draw."""
    d = ScriptDriver([step("B", {"window": "before-draw"}, card="mst", legal=False),
                      step("A", {"window": "before-draw"}, card="gearbreed")], setup=SETUP)
    d.open({"window": "before-draw"})
    assert d.priority("B", lambda s: pytest.fail("tried past the engine's filter"),
                      applies=lambda s: s["card"] != "mst") is False
    assert d.priority("A", lambda s: None, applies=lambda s: s["card"] != "mst") is True
    d.close("before-draw")
    assert d.finish() == [
        {"index": 0, "outcome": "refused", "code": "not-offered", "reason": "the engine does not offer this at that decision"},
        {"index": 1, "outcome": "applied"}]


def test_format_1_keeps_a_step_the_filter_does_not_take_for_a_later_decision():
    d = ScriptDriver([{"player": "B", "do": "activate", "card": "mst"}], format=1)
    assert d.priority("B", lambda s: pytest.fail("not this decision"), applies=lambda s: False) is False
    assert d.priority("B", lambda s: None) is True
    assert d.finish() == [{"index": 0, "outcome": "applied"}]


def test_a_standing_every_step_is_not_tried_past_the_engine_filter_at_a_later_occurrence():
    """Format 2.1 `every` with issue 25's filter: a refused standing step is tried again at later
    occurrences of its window only where the engine's filter takes it (never applied past it)."""
    d = ScriptDriver([step("B", {"window": "before-draw", "every": True}, card="mst", legal=False)], setup=SETUP)
    only_the_timing = lambda s: s["card"] != "mst"    # noqa: E731
    d.open({"window": "before-draw"})
    assert d.priority("B", lambda s: pytest.fail("tried past the filter"), applies=only_the_timing) is False
    d.close("before-draw")
    d.open({"window": "before-draw"})                                    # the timing again in the same turn
    assert d.priority("B", lambda s: pytest.fail("tried past the filter"), applies=only_the_timing) is False
    d.close("before-draw")
    assert [(o["outcome"], o.get("code")) for o in d.finish()] == [("refused", "not-offered")]


def test_a_mandatory_choice_says_which_driver_call_reads_the_pending_step():
    """Issue 21 §4: a DM adapter that asked its shield choice with choose() while the script's pending step
    was a `break-shields` step was told "the script gives no `choose` step for it": the opposite of the
    truth. The message names the pending step and the call that reads it."""
    from duelspec.adapters.kit import MissingDecision, ScriptDriver
    step = {"player": "A", "do": "break-shields", "cards": ["s1", "s2"], "when": {"window": "AT-S6b"}}
    d = ScriptDriver([step], format=2)
    d.open({"window": "AT-S6b", "attack": 1})
    with pytest.raises(MissingDecision) as e:
        d.choose("A", ["s1", "s2", "s3"], 2, 2, "shields to break")
    msg = str(e.value)
    assert "gives no `choose` step" not in msg
    assert "`break-shields`" in msg and "take(player, ('break-shields',), validate)" in msg and "not choose()" in msg
    # the same step read as the kit says: applied
    assert d.take("A", ("break-shields",), lambda s: None)["cards"] == ["s1", "s2"]
    with pytest.raises(MissingDecision, match="script is used up"):
        d.choose("A", ["s3", "s4"], 1, 1, "another choice")


def test_when_of_gives_the_defaults_and_the_current_attack_binding_every_time():
    """when_of keeps each step's `when` with its defaults (issue 26: made once per step): the step's
    own `when` is never changed, and the attack a pending AT step binds to is the current one at
    every call (it moves on when the step becomes pending again after an attack)."""
    steps = [step("A", {"window": "AT-S1"}, do="declare-attack", attacker="x", target="player"),
             step("B", {"window": "AT-S4"}, do="block", card="z")]
    d = ScriptDriver(steps, format=2, setup={"turn": 3})
    assert d.when_of(steps[0]) == {"window": "AT-S1", "turn": 3, "attack": 1}
    assert d.when_of(steps[1]) == {"window": "AT-S4", "turn": 3}                # not pending: no binding
    d.open({"window": "AT-S1", "attack": 1})
    assert d.take("A", ("declare-attack",), lambda s: None)["attacker"] == "x"
    d.event({"event": "attack", "attacker": "x", "target": "player"})
    assert d.when_of(steps[1]) == {"window": "AT-S4", "turn": 3, "attack": 1}   # pending now, bound to attack 1
    d._bound_attack = 2                                                         # the binding moves on (a later attack)
    assert d.when_of(steps[1])["attack"] == 2
    assert [s["when"] for s in steps] == [{"window": "AT-S1"}, {"window": "AT-S4"}]
