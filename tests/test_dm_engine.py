"""Unit tests of the Duel Masters reference engine (reference_engine/dm): battle, breaking,
trigger order, refusals, interruption. Expected values come from the rulings (AT-* IDs)."""
import copy

import pytest

from duelspec import compiler
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


# ---- real cards' abilities (features/cards/dm.json), modelled from their text ----------------------------
VANILLA = "DM-01 26/110"   # Aqua Vehicle: no abilities


def choose(player, *cards):
    return {"player": player, "do": "choose", "cards": list(cards)}


def yes(player):
    return {"player": player, "do": "choose", "option": "yes"}


def test_olgate_untaps_when_another_of_its_owners_creatures_is_destroyed():
    # Olgate: "Whenever one of your creatures is destroyed, you may untap this creature." Metalwing Skyterror
    # destroys Seamine (blocker) in AT-S3; the tapped target untaps; AT-D3: the attack goes on to the battle
    s = setup(("att", "DM-02 42/55", "A", "battle"), ("olgate", "Promo-Y1 L14/20", "B", "battle", {"tapped": True}),
              ("sea", "DM-01 39/110", "B", "battle"))
    events, final, steps = play(s, [attack("olgate"), choose("A", "sea"), yes("B")])
    assert [e["card"] for e in kinds(events, "untap")] == ["olgate"]
    (battle,) = kinds(events, "battle")
    assert battle["winner"] == "none"          # 6000 against 6000 (AT-B4)
    assert all(st["outcome"] == "applied" for st in steps)


def test_dolzark_and_rugeeza_metamorph():
    # Dolzark puts Fear Fang into its owner's mana zone when Regarion (a Dragon) attacks: B now has 7 mana
    # cards, so Rugeeza gains "can't be attacked" after the declaration (AT-D3: the attack goes on)
    s = setup(("att", "DM-08 55/55", "A", "battle"), ("dolzark", "Promo P0/Y3", "A", "battle"),
              ("rugeeza", "DM-14 98/110", "B", "battle", {"tapped": True}), ("fang", "DM-01 95/110", "B", "battle"),
              *[(f"m{i}", VANILLA, "B", "mana") for i in range(6)])
    events, final, _ = play(s, [attack("rugeeza"), choose("A", "fang")])
    assert final["cards"]["fang"]["zone"] == "mana"
    (battle,) = kinds(events, "battle")
    assert (battle["defender"], battle["winner"]) == ("rugeeza", "att")


def test_rugeeza_with_seven_mana_cannot_be_attacked():
    s = setup(("att", "DM-08 55/55", "A", "battle"), ("rugeeza", "DM-14 98/110", "B", "battle", {"tapped": True}),
              *[(f"m{i}", VANILLA, "B", "mana") for i in range(7)])
    _, _, steps = play(s, [dict(attack("rugeeza"), legal=False)])
    assert steps[0]["outcome"] == "refused"


def test_tropic_crawler_and_coliseum_shell_resolve_ap_first():
    # AT-S5 / AT-D1: Coliseum Shell's "when blocked" (AP) before Tropic Crawler's "when blocks" (NAP); the
    # opponent of Tropic Crawler's controller chooses which of their creatures returns to the hand
    s = setup(("att", "DM-08 48/55", "A", "battle"), ("mane", "DM-01 91/110", "A", "battle"),
              ("d1", VANILLA, "A", "deck"), ("crawler", "DM-12 40/55", "B", "battle"), ("s1", VANILLA, "B", "shield"))
    events, final, _ = play(s, [attack("player"), {"player": "B", "do": "block", "card": "crawler"}, yes("A"),
                                choose("A", "mane")])
    assert [e["card"] for e in kinds(events, "trigger")] == ["att", "crawler"]
    assert final["cards"]["d1"]["zone"] == "mana" and final["cards"]["mane"]["zone"] == "hand"
    assert kinds(events, "battle")[0]["winner"] == "none"


def test_quakesaur_not_blocked_opponent_burns_mana():
    s = setup(("att", "DM-09 40/55", "A", "battle"), ("m1", VANILLA, "B", "mana"), ("s1", VANILLA, "B", "shield"))
    events, final, _ = play(s, [attack("player"), choose("B", "m1")])
    assert final["cards"]["m1"]["zone"] == "graveyard"
    names = [e.get("step") or e["event"] for e in events]
    assert names.index("AT-S5") < names.index("trigger") < names.index("AT-S6b")


def test_joes_toolkit_sees_the_power_attacker_bonus():
    # AT-X1: Brawler Zyler has 3000 while attacking before the "when attacked" ability resolves
    s = setup(("att", "DM-01 70/110", "A", "battle"), ("joe", "DM-13 47/55", "B", "battle", {"tapped": True}))
    events, final, steps = play(s, [attack("joe"), dict(choose("B", "att"), legal=False)])
    assert steps[1]["outcome"] != "applied"        # Zyler (3000) is not a creature that has power 2000 or less
    assert kinds(events, "battle")[0]["winner"] == "att"
    assert [e["card"] for e in kinds(events, "destroy")] == ["joe"]
    assert final["cards"]["att"]["zone"] == "battle"


def test_daidalos_attack_cost_is_a_visible_skip():
    # 憤怒の猛将ダイダロス: 「自分の他のクリーチャー1体を自分の墓地に置かなければ、このクリーチャーは攻撃することが
    # できない」 — an attack cost (Japanese text), not the English "when attacks, destroy one of your creatures"
    # trigger the engine used to play: attacking with it is Unplayable, naming the cost
    s = setup(("att", "DM-06 S5/110", "A", "battle"), ("s1", VANILLA, "B", "shield"))
    with pytest.raises(dm.Unplayable, match="attack cost"):
        play(s, [attack("player")])


def test_joes_toolkit_destroys_the_attacker_in_s3_and_the_attack_is_interrupted():
    # AT-D2: the attacker left the battle zone in AT-S3 (ジョーのツールキット 「攻撃された時、相手のパワー2000以下の
    # クリーチャーを1体破壊してもよい」): no block, no battle, the attack ends interrupted
    s = setup(("att", "DM-01 91/110", "A", "battle"), ("joe", "DM-13 47/55", "B", "battle", {"tapped": True}))
    events, final, _ = play(s, [attack("joe"), choose("B", "att")])
    assert final["cards"]["att"]["zone"] == "graveyard"
    assert kinds(events, "attack-end") == [{"event": "attack-end", "interrupted": True, "attacker": "att"}]
    assert kinds(events, "battle") == []


def test_bone_spider_is_destroyed_after_the_battle_not_when_it_wins():
    # 捕らえる者ボーン・スパイダー 「このクリーチャーがバトルする時、バトルの後、このクリーチャーを破壊する」 (AT-S6a):
    # Cetibols' 「破壊された時」 (NAP) resolves first, then the after-the-battle destruction; the English text
    # ("when this creature wins a battle") would resolve AP's ability first
    s = setup(("att", "DM-01 48/110", "A", "battle"), ("ceti", "DM-07 19/55", "B", "battle", {"tapped": True}),
              ("d1", VANILLA, "B", "deck"))
    events, final, _ = play(s, [attack("ceti"), yes("B")])
    trig = [(e["card"], e["ability"]) for e in kinds(events, "trigger")]
    assert trig == [("ceti", "when-destroyed"), ("att", "after-battle")]
    assert final["cards"]["att"]["zone"] == "graveyard" and final["cards"]["d1"]["zone"] == "hand"


def test_crash_lizard_wins_and_its_ability_resolves_before_the_nap_when_destroyed():
    # クラッシュ・リザード 「バトルに勝った時、相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く」: waits with
    # Cetibols' 「破壊された時」; AP's first (AT-S6a, AT-D1)
    s = setup(("att", "DM-14 95/110", "A", "battle"), ("ceti", "DM-07 19/55", "B", "battle", {"tapped": True}),
              ("m1", VANILLA, "B", "mana"), ("d1", VANILLA, "B", "deck"))
    events, final, _ = play(s, [attack("ceti"), choose("A", "m1"), yes("B")])
    assert [e["card"] for e in kinds(events, "trigger")] == ["att", "ceti"]
    assert final["cards"]["m1"]["zone"] == "graveyard" and final["cards"]["d1"]["zone"] == "hand"


def test_crash_lizard_tie_no_win_ability():
    # AT-B4: both lose a tie; nobody wins, the 「バトルに勝った時」 ability does not trigger
    s = setup(("att", "DM-14 95/110", "A", "battle"), ("fang", "DM-01 95/110", "B", "battle", {"tapped": True}),
              ("m1", VANILLA, "B", "mana"))
    events, final, _ = play(s, [attack("fang")])
    assert kinds(events, "trigger") == [] and final["cards"]["m1"]["zone"] == "mana"


def test_stained_glass_may_return_its_controllers_own_fire_creature():
    # ステンドグラス 「バトルゾーンにある火または自然のクリーチャーを1体選び、持ち主の手札に戻してよい」: any
    # player's creature (the English text says "one of your opponent's")
    s = setup(("att", "DM-02 21/55", "A", "battle"), ("mane", "DM-01 91/110", "A", "battle"), ("s1", VANILLA, "B", "shield"))
    events, final, _ = play(s, [attack("player"), choose("A", "mane"), {"player": "A", "do": "break-shields", "cards": ["s1"]}])
    assert final["cards"]["mane"]["zone"] == "hand"


def test_metalwing_must_destroy_a_blocker():
    # メタルウィング・ワイバーン 「相手の「ブロッカー」を持つクリーチャーを1体選び、持ち主の墓地に置く」: mandatory
    # (no 「てもよい」); the English text says "you may"
    s = setup(("att", "DM-02 42/55", "A", "battle"), ("sea", "DM-01 39/110", "B", "battle"), ("s1", VANILLA, "B", "shield"))
    events, final, steps = play(s, [attack("player"), dict(choose("A"), legal=False), choose("A", "sea")])
    assert steps[1]["outcome"] != "applied"
    assert final["cards"]["sea"]["zone"] == "graveyard"


def test_tajimal_gets_its_bonus_while_battling_a_fire_creature():
    # 電脳聖者タージマル 「火のクリーチャーとバトルする時、このクリーチャーのパワーは+4000される」 (AT-S6a: the "when
    # battling" effects apply once the battle is fixed, before the powers are compared)
    s = setup(("att", "DM-01 69/110", "A", "battle"), ("taj", "DM-10 98/110", "B", "battle"), ("s1", VANILLA, "B", "shield"))
    events, final, _ = play(s, [attack("player"), {"player": "B", "do": "block", "card": "taj"}])
    (battle,) = kinds(events, "battle")
    assert (battle["attacker_power"], battle["defender_power"], battle["winner"]) == (6000, 8000, "taj")
    assert final["cards"]["taj"]["power"] == 4000           # the bonus ended with the battle


def test_pulsar_tree_is_destroyed_instead_of_a_shield():
    # 光封樹 「自分のシールドが1枚ブレイクされる時、かわりにこのクリーチャーを破壊してもよい」 (AT-S6b: applied for each
    # chosen shield before they are broken): a W-breaker's two shields, one replaced
    s = setup(("att", "DM-01 S5/110", "A", "battle"), ("tree", "DM-07 12/55", "B", "battle"),
              *[(f"s{i}", VANILLA, "B", "shield") for i in range(3)])
    events, final, _ = play(s, [attack("player"), {"player": "A", "do": "break-shields", "cards": ["s0", "s1"]}, yes("B")])
    names = [e["event"] for e in events]
    assert names.index("destroy") < names.index("break")
    assert kinds(events, "break")[0]["shields"] == ["s1"]
    assert final["players"]["B"]["counts"]["shield"] == 2 and final["cards"]["tree"]["zone"] == "graveyard"


def test_hazard_hopper_when_breaks_resolves_after_the_shield_trigger_and_before_its_cip():
    # AT-S6b: shield triggers first; then 「ブレイクした時」 (AP's) and the summoned creature's cip (NAP's), AP first
    s = setup(("att", "DM-11 42/55", "A", "battle"), ("surfer", "DM-05 16/55", "B", "shield"))
    events, final, _ = play(s, [attack("player"), {"player": "B", "do": "use-shield-trigger", "card": "surfer"},
                                choose("B", "att")])
    names = [(e["event"], e.get("card")) for e in events]
    assert names.index(("shield-trigger", "surfer")) < names.index(("trigger", "att")) < names.index(("trigger", "surfer"))
    assert final["cards"]["att"]["zone"] == "hand"


def test_stained_glass_returns_soul_phoenix_which_splits():
    # AT-D4: only the top card leaves; AP chooses which of the two creatures is battled
    s = setup(("att", "DM-02 21/55", "A", "battle"), ("phoenix", "DM-12 5/55", "B", "battle", {"tapped": True}),
              ("kooc", "DM-07 42/55", "B", "battle", {"under": "phoenix"}),
              ("reg", "DM-08 55/55", "B", "battle", {"under": "phoenix"}))
    events, final, _ = play(s, [attack("phoenix"), choose("A", "phoenix"), choose("A", "reg")])
    assert final["cards"]["phoenix"]["zone"] == "hand"
    assert kinds(events, "battle")[0]["defender"] == "reg"


def test_asylum_goes_to_the_shields_instead_of_being_destroyed():
    s = setup(("att", "DM-01 S5/110", "A", "battle"), ("asylum", "DM-13 S3/55", "B", "battle", {"tapped": True}))
    events, final, _ = play(s, [attack("asylum")])
    assert final["cards"]["asylum"]["zone"] == "shield"
    assert kinds(events, "destroy") == []


def test_ninja_strike_is_declared_without_the_mana_and_not_summoned():
    # official Q&A 2022-08-10 (comprehensive rules 112.3c)
    s = setup(("att", "DM-01 95/110", "A", "battle"), ("ninja", "DM-29 37/55", "B", "hand"),
              *[(f"m{i}", VANILLA, "B", "mana") for i in range(3)], ("s1", VANILLA, "B", "shield"))
    events, final, steps = play(s, [attack("player"), {"player": "B", "do": "ninja-strike", "card": "ninja"}])
    assert steps[1]["outcome"] == "applied"
    assert kinds(events, "declare") and not kinds(events, "summon")
    assert final["cards"]["ninja"]["zone"] == "hand"


def test_revolution_change_after_an_ability_resolved_is_refused():
    # official Q&A 2024-04-05: declared before any other ability starts to resolve
    s = setup(("att", "DM-01 69/110", "A", "battle"), ("thr", "DM-08 15/55", "A", "battle"),
              ("buster", "DMR-21 L1/L2", "A", "hand"), ("fang", "DM-01 95/110", "B", "battle"),
              *[(f"s{i}", VANILLA, "B", "shield") for i in range(2)])
    _, final, steps = play(s, [attack("player"), choose("A", "fang"),
                               {"player": "A", "do": "revolution-change", "card": "buster"}])
    assert steps[2]["outcome"] == "refused" and "2024-04-05" in steps[2]["reason"]
    assert final["cards"]["buster"]["zone"] == "hand"


def test_ability_kinds_are_the_requires_tags_and_every_ability_has_code():
    # a card's abilities imply `ability:<kind>` tags (compiler); the kinds are the schema's tags, and every
    # card whose text has an ability has card code (else the engine would skip it) and vice versa
    from duelspec.catalogue import cards as catalogue
    from duelspec.compiler.steps_dm import ABILITY_KINDS
    from duelspec.validation import schema
    from duelspec.reference_engine.dm import cards as scripts
    tags = {t.split(":", 1)[1] for t in schema("requires")["enum"] if t.startswith("ability:")}
    assert tags == set(ABILITY_KINDS)
    cat = catalogue("dm")
    for entry in cat:
        cid = entry["id"]
        assert {a.split(":", 1)[0] for a in entry.get("abilities", [])} <= tags, cid
        assert (cid in scripts.SCRIPTS) == bool(entry.get("abilities")), cid
    assert set(scripts.SCRIPTS) <= {e["id"] for e in cat}


def test_each_card_script_is_a_function_named_for_its_card():
    """One decorated function per card (reference_engine/dm/cards.py): its docstring names the card as
    the catalogue does, in English and (where the catalogue has it) Japanese."""
    from duelspec.catalogue import cards as catalogue
    from duelspec.reference_engine.dm import abilities
    cat = catalogue("dm")
    assert set(abilities.WRITTEN_BY) == set(abilities.SCRIPTS)
    for cid, fn in abilities.WRITTEN_BY.items():
        name = cat[cid]["name"]
        assert fn.__module__.endswith(".dm.cards") and fn.__doc__.startswith(name["en"]), (cid, fn.__doc__)
        if name.get("ja"):
            assert f"({name['ja']})" in fn.__doc__, (cid, fn.__doc__)


def test_cannot_choose_is_a_step_that_must_be_refused():
    # AT-X1 (Joe's Toolkit cannot destroy Brawler Zyler): the DM grammar's `cannot choose` is a `legal: false` choice
    from duelspec import compiler
    text = ('@game:dm\nFeature: f\n  Background:\n    Given it is turn 3, player A\'s attack phase\n\n'
            '  @id:t.cannot-choose @ruling:AT-X1\n  Scenario: s\n'
            '    Given player A has "Brawler Zyler" as "zyler" in the battle zone\n'
            '    And player B has "Joe\'s Toolkit" as "joe" in the battle zone, tapped\n'
            '    When in step AT-S1, player A attacks "joe" with "zyler"\n    And in step AT-S3, player B cannot choose "zyler"\n'
            '    Then "zyler" is not destroyed\n')
    out = compiler.compile_text(text, "t.feature")
    assert not out.errors, out.errors
    (sc,) = out.scenarios
    assert sc["script"][1] == {"player": "B", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["zyler"], "legal": False}
    assert "refusal" in sc["requires"] and "ability:when-attacked" in sc["requires"]


def test_s_back_discards_a_broken_card_of_its_civilization_and_summons_for_free():
    # クラック・クロウラー 「S・バック-水(水のカードを自分のシールドゾーンから手札に加える時、そのカードを捨ててもよい。
    # そうした場合、コストを支払わずにこのクリーチャーを召喚する)」 (AT-S6b: S・トリガー, S・バック … after the break)
    s = setup(("att", "DM-01 95/110", "A", "battle"), ("crawler", "DM-17 24/55", "B", "hand"),
              ("s1", VANILLA, "B", "shield"))
    events, final, steps = play(s, [attack("player"), {"player": "B", "do": "s-back", "card": "crawler"}])
    assert final["cards"]["crawler"]["zone"] == "battle" and final["cards"]["s1"]["zone"] == "graveyard"
    assert kinds(events, "declare") == [{"event": "declare", "card": "crawler", "ability": "s-back", "player": "B"}]
    s = setup(("att", "DM-01 95/110", "A", "battle"), ("crawler", "DM-17 24/55", "B", "hand"),
              ("s1", "DM-01 91/110", "B", "shield"))                         # Burning Mane: fire, not water
    events, final, steps = play(s, [attack("player"), {"player": "B", "do": "s-back", "card": "crawler", "legal": False}])
    assert steps[1]["outcome"] != "applied" and final["cards"]["crawler"]["zone"] == "hand"


@pytest.mark.usefixtures("ci_environment")   # as in the CLI test file it came from (issue 21 §1)
def test_a_dm_attack_outside_the_attack_phase_is_refused():
    out = compiler.compile_paths()
    d = copy.deepcopy(next(s for s in out.scenarios if s["id"] == "dm.attack.declaration.player"))
    d["setup"]["phase"] = "mana"
    from duelspec.adapters.reference import ReferenceAdapter
    reply = ReferenceAdapter().run({k: v for k, v in d.items() if k != "expect"})
    assert reply["trace"]["steps"][0]["outcome"] == "refused"
    assert "attack phase" in reply["trace"]["steps"][0]["reason"]
