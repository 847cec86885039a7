"""Unit tests of the Duel Masters reference engine (reference_engine/dm): battle, breaking,
trigger order, refusals, interruption. Expected values come from the rulings (AT-* IDs)."""
import pytest

from duelspec.adapters.kit import MissingDecision, ScriptDriver
from duelspec.reference_engine import dm


def setup(*cards, turn_player="A"):
    return {"first_player": "A", "turn": 3, "turn_player": turn_player, "phase": "attack",
            "players": {"A": {}, "B": {}}, "cards": [dict(zip(("id", "card", "owner", "zone"), c[:4]), **(c[4] if len(c) > 4 else {}))
                                                      for c in cards]}


def play(s, script):
    d = ScriptDriver(script)
    events, final = dm.play(s, d)
    return events, final, d.finish()


def kinds(events, kind):
    return [e for e in events if e["event"] == kind]


def attack(target, attacker="att"):
    return {"player": "A", "do": "declare-attack", "attacker": attacker, "target": target}


@pytest.mark.parametrize("pa_card,pd_card,winner,destroyed", [
    ("test:vanilla-5000", "test:vanilla-3000", "att", ["def"]),          # AT-B1, AT-B3
    ("test:vanilla-3000", "test:vanilla-5000", "def", ["att"]),
    ("test:vanilla-3000", "test:vanilla-3000", "none", ["att", "def"]),  # AT-B4
    ("test:wins-all-battles-2000", "test:vanilla-5000", "att", ["def"]),  # AT-B2
    ("test:wins-all-battles-2000", "test:wins-all-battles-2000", "both", []),  # AT-B5
])
def test_battle(pa_card, pd_card, winner, destroyed):
    s = setup(("att", pa_card, "A", "battle"), ("def", pd_card, "B", "battle", {"tapped": True}))
    events, final, steps = play(s, [attack("def")])
    (battle,) = kinds(events, "battle")
    assert battle["winner"] == winner
    assert sorted(e["card"] for e in kinds(events, "destroy")) == sorted(destroyed)
    assert steps == [{"index": 0, "outcome": "applied"}]


def test_steps_in_order_and_declaration_before_triggers():
    # AT-S1..AT-S7 as explicit steps; AT-X2: tap and attack before any trigger
    s = setup(("att", "test:attack-draw-3000", "A", "battle"), ("d1", "test:vanilla-1000", "A", "deck"),
              ("s1", "test:vanilla-1000", "B", "shield"))
    events, final, _ = play(s, [attack("player")])
    assert [e["step"] for e in kinds(events, "step")] == ["AT-S1", "AT-S2", "AT-S3", "AT-S4", "AT-S5", "AT-S6b", "AT-S7"]
    names = [e["event"] for e in events]
    assert names.index("tap") < names.index("attack") < names.index("trigger")
    assert final["players"]["B"]["counts"]["hand"] == 1


@pytest.mark.parametrize("breaker,shields,broken", [("test:double-breaker-6000", 3, 2), ("test:double-breaker-6000", 1, 1),
                                                     ("test:triple-breaker-9000", 2, 2), ("test:vanilla-5000", 2, 1)])
def test_breaker_count(breaker, shields, broken):
    # AT-P3: a W-/T-breaker breaks that many shields at the same time, all of them if fewer
    cards = [("att", breaker, "A", "battle")] + [(f"s{i}", "test:vanilla-1000", "B", "shield") for i in range(shields)]
    script = [attack("player")]
    if shields > broken:
        script.append({"player": "A", "do": "break-shields", "cards": [f"s{i}" for i in range(broken)]})
    events, final, _ = play(setup(*cards), script)
    (brk,) = kinds(events, "break")
    assert len(brk["shields"]) == broken
    assert final["players"]["B"]["counts"]["shield"] == shields - broken


def test_shield_choice_is_mandatory_and_never_guessed():
    cards = [("att", "test:vanilla-5000", "A", "battle")] + [(f"s{i}", "test:vanilla-1000", "B", "shield") for i in range(2)]
    with pytest.raises(MissingDecision):
        play(setup(*cards), [attack("player")])


class ChangingDriver(ScriptDriver):
    """Gives the attacker triple breaker as soon as AP is asked which shields to break (after AT-S6b began)."""
    def __init__(self, script, game):
        super().__init__(script)
        self.game = game

    def peek(self):
        s = super().peek()
        a = self.game.attack
        card = self.game.cards["att"]
        if a is not None and a.break_count is not None and "triple-breaker" not in card.gained:
            card.gained.append("triple-breaker")   # a change after the number was fixed
        return s


def test_break_count_fixed_when_s6b_begins(monkeypatch):
    # AT-S6b: the number is fixed when the step begins; a later change does not change it
    cards = [("att", "test:double-breaker-6000", "A", "battle")] + [(f"s{i}", "test:vanilla-1000", "B", "shield") for i in range(4)]
    g = dm.engine.Game(setup(*cards), None)
    d = ChangingDriver([attack("player"), {"player": "A", "do": "break-shields", "cards": ["s0", "s1", "s2"]},
                        {"player": "A", "do": "break-shields", "cards": ["s0", "s1"]}], g)
    g.driver = d
    g.run()
    assert [o["outcome"] for o in d.finish()] == ["applied", "refused", "applied"]
    assert kinds(g.events, "break")[0]["shields"] == ["s0", "s1"]


def test_same_shield_twice_refused():
    cards = [("att", "test:double-breaker-6000", "A", "battle")] + [(f"s{i}", "test:vanilla-1000", "B", "shield") for i in range(3)]
    _, _, steps = play(setup(*cards), [attack("player"), {"player": "A", "do": "break-shields", "cards": ["s0", "s0"]},
                                       {"player": "A", "do": "break-shields", "cards": ["s0", "s2"]}])
    assert [o["outcome"] for o in steps] == ["applied", "refused", "applied"]


def test_direct_attack_wins():
    events, final, _ = play(setup(("att", "test:vanilla-1000", "A", "battle")), [attack("player")])
    assert kinds(events, "win") == [{"event": "win", "player": "A", "reason": "direct-attack"}]   # AT-P1, AT-S6c
    assert final["winner"] == "A"


@pytest.mark.parametrize("card,extra,target,why", [
    ("test:vanilla-5000", {"summoning_sick": True}, "player", "summoning sickness"),
    ("test:vanilla-5000", {"tapped": True}, "player", "tapped"),
    ("test:cannot-attack-players-4000", {}, "player", "cannot attack players"),       # AT-P5
    ("test:vanilla-5000", {}, "untapped", "untapped creature"),                        # AT-02
])
def test_illegal_attacks_are_refused_not_performed(card, extra, target, why):
    s = setup(("att", card, "A", "battle", extra), ("untapped", "test:vanilla-1000", "B", "battle"),
              ("s1", "test:vanilla-1000", "B", "shield"))
    events, final, steps = play(s, [attack(target)])
    assert steps[0]["outcome"] == "refused" and why.split()[0] in steps[0]["reason"]
    assert kinds(events, "attack") == [] and kinds(events, "break") == []
    assert final["cards"]["s1"]["zone"] == "shield"


def test_trigger_order_ap_first_then_each_players_order():
    # AT-D1: AP's abilities first, each player in their chosen order
    s = setup(("att", "test:attack-draw-3000", "A", "battle"), ("ally", "test:ally-attack-draw-2000", "A", "battle"),
              ("n1", "test:opponent-attacks-draw-1000", "B", "battle"), ("n2", "test:opponent-attacks-draw-1000", "B", "battle"),
              *[(f"a{i}", "test:vanilla-1000", "A", "deck") for i in range(2)],
              *[(f"b{i}", "test:vanilla-1000", "B", "deck") for i in range(2)])
    events, _, _ = play(s, [attack("player"), {"player": "A", "do": "order-triggers", "order": ["ally", "att"]},
                            {"player": "B", "do": "order-triggers", "order": ["n2", "n1"]}])
    assert [e["card"] for e in kinds(events, "trigger")] == ["ally", "att", "n2", "n1"]


def test_missing_order_is_an_error_of_the_scenario():
    s = setup(("att", "test:attack-draw-3000", "A", "battle"), ("ally", "test:ally-attack-draw-2000", "A", "battle"),
              *[(f"a{i}", "test:vanilla-1000", "A", "deck") for i in range(2)])
    with pytest.raises(MissingDecision):
        play(s, [attack("player")])


def test_interruption_skips_the_remaining_steps():
    # AT-D2: the target leaves in AT-S3 -> no block step, no battle, no AT-S7; while-attacking ends
    s = setup(("att", "test:attack-destroyer-3000", "A", "battle"), ("def", "test:vanilla-1000", "B", "battle", {"tapped": True}),
              ("blk", "test:blocker-5000", "B", "battle"))
    events, final, _ = play(s, [attack("def"), {"player": "A", "do": "choose", "cards": ["def"]}])
    steps = [e["step"] for e in kinds(events, "step")]
    assert steps == ["AT-S1", "AT-S2", "AT-S3"]
    assert kinds(events, "attack-end") == [{"event": "attack-end", "interrupted": True, "attacker": "att"}]
    assert final["cards"]["att"]["power"] == 3000


def test_block_stands_when_blocker_leaves():
    # AT-S4: the block is established; the blocker leaving interrupts the attack: no battle, no break
    s = setup(("att", "DM-09 17/55", "A", "battle"), ("blk", "DM-01 39/110", "B", "battle"), ("s1", "test:vanilla-1000", "B", "shield"))
    events, final, _ = play(s, [attack("player"), {"player": "B", "do": "block", "card": "blk"}])
    assert kinds(events, "battle") == [] and kinds(events, "break") == []
    assert final["cards"]["blk"]["zone"] == "hand"


def test_card_without_ability_code_is_unplayable():
    # Horrid Worm's random discard is not modelled: a visible skip, never silently ignored
    s = setup(("att", "DM-02 30/55", "A", "battle"), ("s1", "test:vanilla-1000", "B", "shield"))
    with pytest.raises(dm.Unplayable, match="not modelled"):
        play(s, [attack("player")])
