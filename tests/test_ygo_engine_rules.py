"""General OCG rules the reference engine must follow beyond the page's rulings (found by a
rules review): expectations here come from the general rules named in each test, not from a
ruling of the page, so these are engine tests, not part of the spec in features/. (The
compiler asks for a ruling tag; each scenario carries the page ruling closest to it.)"""
import functools

import pytest

from duelspec import compiler
from duelspec.adapters.kit import ScriptDriver
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.mutation import Mutant, applied
from duelspec.reference_engine.common import opponent
from duelspec.reference_engine.ygo import cards as C
from duelspec.reference_engine.ygo import duel as D
from duelspec.runner import run_one

HEAD = "@game:ygo\nFeature: engine rules\n  Background:\n    Given player B went first\n"


def outcome(body: str) -> dict:
    out = compiler.compile_text(HEAD + body, "rules.feature")
    assert not out.errors, [str(e.error) for e in out.errors]
    assert len(out.scenarios) == 1
    adapter = ReferenceAdapter()
    return run_one(out.scenarios[0], adapter, adapter.start())


def test_quick_effects_cannot_start_a_chain_before_the_draw():
    """Only effects of the "before the draw" timing start a chain there; a Quick-Play Spell can
    be activated in the Draw Phase only after the normal draw."""
    r = outcome('''
  @id:rules.quick-before-draw @ruling:ND-05
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Legacy of the Duelist" as "legacy" face-up in the spell & trap zone
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When in player A's Draw Phase, player B activates "mst", targeting "legacy"
    Then player A conducts the normal draw, drawing "top"
    And "mst" is activated as chain link 1
''')
    assert r["outcome"] == "passed", r


def test_the_same_effect_of_a_card_cannot_be_activated_twice_in_one_chain():
    r = outcome('''
  @id:rules.same-effect-twice @ruling:ND-E5
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When before the draw, player A activates "muusiki"
    And before the draw, player A cannot activate "muusiki"
    Then "muusiki" is activated as chain link 1
    And player A ends with 1 card in hand
''')
    assert r["outcome"] == "passed", r


def test_a_face_up_spell_cannot_be_activated_again():
    r = outcome('''
  @id:rules.mst-twice @ruling:ND-E4
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A controls "Legacy of the Duelist" as "legacy" face-up in the spell & trap zone
    And player A's deck holds "Seal, Strategist Fur Hire", in this order from the top
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player A activates "fandora"
    And in response to chain link 1, player B activates "mst", targeting "fandora"
    And in response to chain link 2, player B cannot activate "mst", targeting "legacy"
    Then "mst" is activated as chain link 2
''')
    assert r["outcome"] == "passed", r


def test_once_per_turn_of_a_copy_does_not_bind_another_copy():
    """Infernoid Onuncu: "Once per turn, when ..." is per copy (not "You can only use this
    effect of <name> once per turn")."""
    r = outcome('''
  @id:rules.soft-opt @ruling:ND-01
  Scenario: s
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A has "Reload" as "r1" in hand
    And player A has "Reload" as "r2" in hand
    And player A has "Alexandrite Dragon" as "x" in hand
    And player A's deck holds "Mystical Elf", "Celtic Guardian", "Dark Blade", in this order from the top
    And player B controls "Infernoid Onuncu" as "o1" face-up in attack position
    And player B controls "Infernoid Onuncu" as "o2" face-up in attack position
    And player B controls "Mystical Elf" as "e1" face-up in attack position
    And player B controls "Mystical Elf" as "e2" face-up in attack position
    When in player A's Draw Phase, player A activates "r1"
    And in response to chain link 1, player B activates "o1", tributing "e1" as cost
    And in player A's Draw Phase, player A activates "r2"
    And in response to chain link 1, player B activates "o2", tributing "e2" as cost
    Then "o1" is activated as chain link 2
    And "o2" is activated as chain link 2
''')
    assert r["outcome"] == "passed", r


def test_a_lingering_look_at_the_normal_draw_ends_with_its_turn():
    """Gravekeeper's Trap looks at the card drawn for this turn's normal draw only."""
    r = outcome('''
  @id:rules.gravekeeper-linger @ruling:ND-L-BEFORE
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Magical Blast" as "blast" in the graveyard
    And player B controls "Gravekeeper's Trap" as "gk" face-up in the spell & trap zone
    And player B's deck holds "Mystical Elf", "Celtic Guardian", in this order from the top
    And the duel goes on until turn 4's Standby Phase
    When while chain link 1 is being activated, player B declares "Alexandrite Dragon"
    And before the draw, player A activates "blast"
    And while chain link 1 is being activated on turn 4, player B declares "Celtic Guardian"
    Then "top" ends in player A's hand
''')
    assert r["outcome"] == "passed", r


def test_negated_effects_stay_negated_for_the_turn():
    """Infinite Impermanence: "negate its effects (until the end of this turn)"."""
    r = outcome('''
  @id:rules.impermanence-linger @ruling:ND-01
  Scenario: s
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A has "Infinite Impermanence" as "imp" set in the spell & trap zone
    And player A has "Reload" as "r1" in hand
    And player A has "Alexandrite Dragon" as "x" in hand
    And player A's deck holds "Mystical Elf", "Celtic Guardian", in this order from the top
    And player B controls "Infernoid Onuncu" as "o1" face-up in attack position
    And player B controls "Mystical Elf" as "e1" face-up in attack position
    When in player A's Draw Phase, player A activates "imp", targeting "o1"
    And in player A's Standby Phase, player A activates "r1"
    And in response to chain link 1, player B cannot activate "o1", tributing "e1" as cost
    Then "imp" is activated as chain link 1
''')
    assert r["outcome"] == "passed", r


def test_simultaneous_triggers_mandatory_of_both_players_before_optional_ones():
    """SEGOC: the turn player's mandatory, the opponent's mandatory, then the optional ones."""
    r = outcome('''
  @id:rules.segoc @ruling:ND-T2 @in-force-from:2022-08-05
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A's deck holds "Mystical Elf", "Seal, Strategist Fur Hire", in this order from the top
    And player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A controls "Heart of the Underdog" as "underdog" face-up in the spell & trap zone
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Sangan" as "sangan" face-up in attack position
    And player B's deck holds "Celtic Guardian", in this order from the top
    When before the draw, player A activates "fandora"
    And in response to chain link 1, player B activates "onuncu", tributing "sangan" as cost
    And after the normal draw, player A activates "underdog"
    Then player A conducts the normal draw, drawing "top"
    And "sangan" is activated as chain link 1
    And "underdog" is activated as chain link 2
''')
    assert r["outcome"] == "passed", r


def test_a_face_up_card_whose_effects_are_not_modelled_is_a_visible_skip():
    """Issue 9 (3): Royal Decree face-up would negate Sylvan Waterslide's effect; an engine that
    ignores it silently gives a wrong trace. The reference engine refuses up front, naming it."""
    r = outcome('''
  @id:rules.unmodelled-face-up @ruling:ND-L-COST
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Sylvan Waterslide" as "slide" face-up in the spell & trap zone
    And player B has "Royal Decree" as "decree" face-up in the spell & trap zone
    Then "slide" is activated as chain link 1
''')
    assert r["outcome"] == "skipped", r
    assert "Royal Decree (51452091)" in r["reason"] and "not modelled" in r["reason"], r


def _trace(body: str):
    from duelspec.adapters.kit import ScriptDriver
    from duelspec.reference_engine.ygo import play
    out = compiler.compile_text(HEAD + body, "rules.feature")
    assert not out.errors, [str(e.error) for e in out.errors]
    s = out.scenarios[0]
    driver = ScriptDriver.for_scenario(s)
    events, final = play(s["setup"], driver)
    return events, driver.finish()


def test_the_opening_hand_is_drawn_in_no_phase_and_no_draw_phase_effect_sees_it():
    """ND-03: 「そもそも初手を引くのはドローフェイズより前である」: the opening hand's draw events carry
    no Draw Phase (the engine used to report phase "draw", so Heart of the Underdog could react)."""
    events, _ = _trace('''
  @id:rules.opening-hand-phase @ruling:ND-03
  Scenario: s
    Given the duel has not started yet, player B going first
    And player B's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And the duel goes on until turn 2's Standby Phase
    Then player B draws "alexandrite-dragon", "mystical-elf", "celtic-guardian", "dark-blade", "sangan" as the opening hand
''')
    opening = [e for e in events if e["event"] == "draw" and len(e["cards"]) == 5]
    assert len(opening) == 2 and all("phase" not in e and e["normal"] is False for e in opening), opening
    normal = [e for e in events if e["event"] == "draw" and e["normal"]]
    assert normal and all(e["phase"] == "draw" for e in normal)


def test_heart_of_the_underdog_reveals_the_drawn_normal_monster():
    events, _ = _trace('''
  @id:rules.underdog-reveal @ruling:ND-04
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A controls "Heart of the Underdog" as "underdog" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Sangan", in this order from the top
    When after the normal draw, player A activates "underdog"
    Then "underdog" is activated
''')
    kinds = [(e["event"], e.get("card")) for e in events if e["event"] in ("activate", "reveal", "draw")]
    assert kinds[:3] == [("draw", None), ("activate", "underdog"), ("reveal", "alexandrite-dragon")], kinds


SEGOC_CASES = {
    # (turn player's, opponent's) effects at the "before the draw" timing -> the chain, in order
    "tp-mandatory+opp-mandatory": ('And player A has "Sylvan Waterslide" as "tpm" face-up in the spell & trap zone\n'
                                   '    And player B controls "Diabolos, King of the Abyss" as "oppm" face-up in attack position',
                                   'When while chain link 2 resolves, player B declares "top"', ["tpm", "oppm"]),
    "opp-mandatory+tp-optional": ('And player A controls "Flying Saucer Muusik\'i" as "tpo" face-up in attack position\n'
                                  '    And player B controls "Diabolos, King of the Abyss" as "oppm" face-up in attack position',
                                  'When before the draw, player A activates "tpo"\n    And while chain link 1 resolves, player B declares "top"',
                                  ["oppm", "tpo"]),
    "tp-mandatory+tp-optional": ('And player A has "Sylvan Waterslide" as "tpm" face-up in the spell & trap zone\n'
                                 '    And player A controls "Flying Saucer Muusik\'i" as "tpo" face-up in attack position',
                                 'When before the draw, player A cannot activate "tpo"', ["tpm"]),
    "both-mandatory+tp-optional": ('And player A controls "Flying Saucer Muusik\'i" as "tpo" face-up in attack position\n'
                                   '    And player B controls "Diabolos, King of the Abyss" as "oppm" face-up in attack position\n'
                                   '    And player B has "Gravekeeper\'s Trap" as "oppm2" face-up in the spell & trap zone',
                                   'When before the draw, player B chooses "oppm"\n'
                                   '    And while chain link 2 is being activated, player B declares "Mystical Elf"\n'
                                   '    And before the draw, player A activates "tpo"\n'
                                   '    And while chain link 1 resolves, player B declares "top"',
                                   None),
}


@pytest.mark.parametrize("case", sorted(SEGOC_CASES))
def test_effects_of_both_players_before_the_draw_in_segoc_order(case):
    """Issue 9 (2): the turn player's mandatory, the opponent's mandatory, the turn player's
    optional, the opponent's optional; the opponent's Diabolos (mandatory) does not block the turn
    player's replacement (the engine refused it: "the turn player's effects are placed first")."""
    given, when, chain = SEGOC_CASES[case]
    events, steps = _trace(f'''
  @id:rules.segoc @ruling:ND-05
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A's deck holds "Alien Shocktrooper", "Mystical Elf", in this order from the top
    {given}
    {when}
    Then player A ends with 0 cards in hand
''')
    acts = [e["card"] for e in events if e["event"] == "activate"]
    if chain is None:       # two mandatory effects of B, in the order B chose: both before A's optional one
        assert acts == ["oppm", "oppm2", "tpo"], acts
    else:
        assert acts == chain, acts
    assert all(s["outcome"] != "not-reached" for s in steps), steps
    if case == "tp-mandatory+tp-optional":
        assert steps[0]["outcome"] == "refused", steps
    else:
        assert all(s["outcome"] == "applied" for s in steps), steps


# ------------------------------------------------ related cards: what features/ cannot show (issue 9, part 3)
def test_knightmare_unicorn_face_up_is_a_visible_skip():
    """Its (2) counts co-linked Knightmare monsters (相互リンク): the engine models no Link Arrows."""
    r = outcome('''
  @id:rules.knightmare @ruling:ND-L-RELATED
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Knightmare Unicorn" as "unicorn" face-up in attack position
    Then player A conducts the normal draw, drawing "top"
''')
    assert r["outcome"] == "skipped" and "Knightmare Unicorn (38342335)" in r["reason"], r


def test_mystical_cards_of_light_makes_one_spell_and_trap_zone_unusable():
    # 「このカードがフィールド上に存在する限り、自分の魔法＆罠カードゾーンを１ヵ所だけ使用不可能にする。」
    body = '''
  @id:rules.zone-lock @ruling:ND-L-RELATED
  Scenario: s
    Given it is turn 2, player A's Main Phase 1
    And player A has "Mystical Cards of Light" as "light" face-up in the spell & trap zone
    And player A has "Gearbreed" as "g1" face-up in the spell & trap zone
    And player A has "Legacy of the Duelist" as "g2" face-up in the spell & trap zone
    And player A has "Heart of the Underdog" as "g3" face-up in the spell & trap zone
    And player A has "Shard of Greed" as "shard" in hand
    When in player A's Main Phase 1, player A cannot activate "shard"
    Then "shard" ends in player A's hand
'''
    assert outcome(body)["outcome"] == "passed"
    _, steps = _trace(body)
    assert "no Spell & Trap Zone is free" in steps[0]["reason"], steps


def test_guarded_treasure_needs_5_other_cards_to_discard():
    body = '''
  @id:rules.guarded-5 @ruling:ND-L-RELATED
  Scenario: s
    Given it is turn 2, player A's Main Phase 1
    And player A has "Guarded Treasure" as "treasure" in hand
    And player A has "Mystical Elf" as "h1" in hand
    When in player A's Main Phase 1, player A cannot activate "treasure"
    Then player A ends with 2 cards in hand
'''
    assert outcome(body)["outcome"] == "passed"
    _, steps = _trace(body)
    assert "5 other cards" in steps[0]["reason"], steps


def test_jinzo_negates_trap_effects_on_the_field():
    # Jinzo ①: 「…フィールドの罠カードの効果は無効化される。」: Sylvan Waterslide is not activated
    r = outcome('''
  @id:rules.jinzo @ruling:ND-L-RELATED
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Sylvan Waterslide" as "slide" face-up in the spell & trap zone
    And player B controls "Jinzo" as "jinzo" face-up in attack position
    Then "slide" is not activated
    And player A conducts the normal draw, drawing "top"
''')
    assert r["outcome"] == "passed", r


def test_destructive_draw_leaving_the_field_costs_3000():
    # 「自分フィールド上に表側表示で存在するこのカードがフィールド上から離れた時、自分は３０００ポイントダメージを受ける。」
    r = outcome('''
  @id:rules.destructive-leaves @ruling:ND-L-RELATED
  Scenario: s
    Given it is turn 2, player A's Draw Phase, after the draw
    And player B has "Destructive Draw" as "destructive" face-up in the spell & trap zone
    And player A has "Mystical Space Typhoon" as "mst" in hand
    When in player A's Draw Phase, player A activates "mst", targeting "destructive"
    Then "destructive" is sent to the graveyard
    And player B has 5000 LP at the end
''')
    assert r["outcome"] == "passed", r


class _DriverWithoutTheEngineFilter(ScriptDriver):
    """The kit's format-2 driver before issue 25: it asked for activations without the engine's
    filter of what a decision takes (``applies``)."""

    def priority(self, player, offer, kinds=("activate",), applies=None, window=None):
        return super().priority(player, offer, kinds, None, window)


def _steps_past_the_filter(body: str) -> list:
    from duelspec.reference_engine import ygo
    out = compiler.compile_text(HEAD + body, "rules.feature")
    assert not out.errors, [str(e.error) for e in out.errors]
    driver = _DriverWithoutTheEngineFilter.for_scenario(out.scenarios[0])
    ygo.play(out.scenarios[0]["setup"], driver)
    return driver.finish()


def test_the_engine_itself_refuses_a_quick_effect_that_would_start_the_chain_before_the_draw():
    """ND-L-BEFORE (issue 25 §2): not only the kit's filter; a step that reaches the engine is refused
    for the timing (its target is valid: it is activated on it after the normal draw)."""
    steps = _steps_past_the_filter('''
  @id:rules.quick-before-draw-engine @ruling:ND-L-BEFORE
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Reload" as "reload" set in the spell & trap zone
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player B cannot activate "mst", targeting "reload"
    And in player A's Draw Phase, player B activates "mst", targeting "reload"
    Then "mst" is activated as chain link 1
''')
    assert steps[0]["outcome"] == "refused" and steps[0]["code"] == "timing", steps
    assert "Quick Effect" in steps[0]["reason"]
    assert steps[1]["outcome"] == "applied"


def test_the_engine_itself_refuses_an_effect_from_the_hand_before_a_public_one():
    """YGO-GEN-HAND-TRIGGER (issue 25 §1): Black Luster Soldier - Legendary Swordsman scripted before
    Meteor Flare is refused for the order, not for anything of its own; Meteor Flare is placed."""
    steps = _steps_past_the_filter('''
  @id:rules.hand-trigger-first @ruling:ND-05
  Scenario: s
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Meteor Flare" as "flare" in the graveyard
    And player A has "Black Luster Soldier - Legendary Swordsman" as "swordsman" in hand
    And player A's deck holds "Chaos Form", in this order from the top
    When before the draw, player A cannot activate "swordsman"
    And before the draw, player A activates "flare"
    Then "flare" is activated as chain link 1
''')
    assert steps[0]["outcome"] == "refused" and steps[0]["code"] == "timing", steps
    assert "手札誘発" in steps[0]["reason"]
    assert steps[1]["outcome"] == "applied"


# ---- the card audit (issue 9, parts 1-4, 9): each finding has a scenario of the spec that fails on the engine behaviour the finding was about (re-created as a one-off patch, duelspec.mutation.applied) and passes on the fixed engine
@functools.lru_cache(maxsize=None)
def _scenarios() -> dict:
    return {s["id"]: s for s in compiler.compile_paths().scenarios}


def _patch_segoc_turn_player_first(p):
    """The old rule: the turn player's effects of the timing only before any of the opponent's."""
    def problem(f, self, player, eff):
        if player == self.turn_player and any(l.player != player for l in self.chain):
            return "the turn player's effects of this timing are placed on the chain first"
        return f(self, player, eff)
    p.wrap(D.Duel, "before_draw_timing_problem", problem)


def _patch_opening_hand_in_draw_phase(p):
    def start(f, self):
        self.phase = "draw"
        for pl in (self.first_player, opponent(self.first_player)):
            self.draw(pl, 5, normal=False)
    p.wrap(D.Duel, "start_duel", start)


def _patch_field_spell_not_continuous(p):
    p.set(D.Card, "is_continuous_card", lambda self: self.card_type in ("spell", "trap") and "continuous" in self.subtypes)


def _patch_cost_type_continuous_exception(p):
    """ND-E4's exception applied to a cost-type: its card leaving the field gives the right back."""
    def resolve(f, self, link):
        card = link.card
        if link.effect.replacement == "cost" and link.activated_on_field and card.is_continuous_card() \
                and card.incarnation != link.incarnation:
            self.draw_right = "unspent"
            return None
        return f(self, link)
    p.wrap(D.Duel, "_resolve_link", resolve)


CASES = [
    # (what the engine did wrong, patch, scenario that must fail on it)
    ("Sylvan Waterslide optional: the player may skip it (part 1)",
     lambda p: p.set(C.SylvanWaterslide, "mandatory", False), "ygo.normal-draw.list.cost.waterslide"),
    ("Sylvan Waterslide optional (part 1)",
     lambda p: p.set(C.SylvanWaterslide, "mandatory", False), "ygo.normal-draw.same-timing.tp-mandatory.tp-optional"),
    ("Gravekeeper's Trap optional (part 1)",
     lambda p: p.set(C.GravekeepersTrap, "mandatory", False), "ygo.normal-draw.list.before.gravekeeper"),
    ("the opponent's Diabolos blocks the turn player's replacements (part 2)",
     _patch_segoc_turn_player_first, "ygo.normal-draw.same-timing.opp-mandatory.tp-optional"),
    ("the opponent's Gravekeeper's Trap blocks the turn player's replacements (part 2)",
     _patch_segoc_turn_player_first, "ygo.normal-draw.same-timing.opp-mandatory.gravekeeper.tp-optional"),
    ("Pandora's Jewelry Box does nothing (part 3)",
     lambda p: p.set(C.PandorasJewelryBox, "draw_count", lambda self, duel, player: None),
     "ygo.normal-draw.related.pandora.two-cards"),
    ("Guarded Treasure's (2) does nothing (part 3)",
     lambda p: p.set(C.GuardedTreasureDrawCount, "draw_count", lambda self, duel, player: None),
     "ygo.normal-draw.related.guarded-treasure"),
    ("Flower Cardian Lightshower does not react to the normal draw (part 3)",
     lambda p: p.set(C.FlowerCardianLightshowerBurn, "triggered_by", lambda self, duel, ev: False),
     "ygo.normal-draw.related.lightshower.burn"),
    ("Drop Off answers any draw (part 3)",
     lambda p: p.set(C.DropOff, "condition", lambda self, duel, player: None), "ygo.normal-draw.related.drop-off.other-draw"),
    ("Shard of Greed counts every draw (part 3)",
     lambda p: p.wrap(C.ShardOfGreedCounter, "after_draw",
                      lambda f, self, duel, player, drawn, normal: f(self, duel, player, drawn, True)),
     "ygo.normal-draw.related.shard-of-greed.effect-draw"),
    ("a Field Spell is not a continuous card (part 4, ND-E4)",
     _patch_field_spell_not_continuous, "ygo.normal-draw.effect-type.field-spell-leaves"),
    ("a continuous cost-type card leaving the field gives the right back (part 4)",
     _patch_cost_type_continuous_exception, "ygo.normal-draw.cost-type.continuous-card-leaves"),
    ("Heart of the Underdog reveals nothing (part 9)",
     lambda p: p.set(C.HeartOfTheUnderdog, "cost", lambda self, duel, link, step: None),
     "ygo.normal-draw.triggers.underdog-normal-and-own-draw"),
    ("Malefic World shows nothing (part 9)",
     lambda p: p.wrap(D.Duel, "emit", lambda f, self, event, **k: None if event == "reveal" else f(self, event, **k)),
     "ygo.normal-draw.cost-type.malefic-world-shows-three"),
    ("Gravekeeper's Trap looks at the normal draw without showing it (part 9)",
     lambda p: p.wrap(D.Duel, "emit", lambda f, self, event, **k: None if event == "reveal" else f(self, event, **k)),
     "ygo.normal-draw.list.before.gravekeeper"),
    ("the opening hand is drawn in the Draw Phase (part 9, ND-03)",
     _patch_opening_hand_in_draw_phase, "ygo.normal-draw.basics.opening-hand"),
]


@pytest.mark.parametrize("what,patch,scenario_id", CASES, ids=[c[2] + ":" + c[0][:40] for c in CASES])
def test_the_scenario_fails_on_the_old_behaviour_and_passes_now(what, patch, scenario_id):
    s = _scenarios()[scenario_id]
    adapter = ReferenceAdapter()
    impl = adapter.start()
    assert run_one(s, adapter, impl)["outcome"] == "passed", scenario_id
    with applied(Mutant("issue9." + scenario_id, "ygo", tuple(s["rulings"]), what, patch)):
        r = run_one(s, adapter, impl)
    assert r["outcome"] in ("failed", "errored"), f"{scenario_id} still passes when {what}"
