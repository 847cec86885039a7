"""General OCG rules the reference engine must follow beyond the page's rulings (found by a
rules review): expectations here come from the general rules named in each test, not from a
ruling of the page, so these are engine tests, not part of the spec in features/. (The
compiler asks for a ruling tag; each scenario carries the page ruling closest to it.)"""
import pytest

from duelspec import compiler
from duelspec.adapters.reference import ReferenceAdapter
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
    When player B activates "mst", targeting "legacy"
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
    When player A activates "muusiki"
    And player A cannot activate "muusiki"
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
    When player A activates "fandora"
    And player B activates "mst", targeting "fandora"
    And player A passes
    And player B cannot activate "mst", targeting "legacy"
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
    When player A activates "r1"
    And player B activates "o1", tributing "e1" as cost
    And player A passes
    And player B passes
    And player A activates "r2"
    And player B activates "o2", tributing "e2" as cost
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
    When player A activates "blast"
    And player B activates "gk", declaring "Alexandrite Dragon"
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
    When player A activates "imp", targeting "o1"
    And player A passes
    And player B passes
    And player A activates "r1"
    And player B cannot activate "o1", tributing "e1" as cost
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
    When player A activates "fandora"
    And player B activates "onuncu", tributing "sangan" as cost
    And player A activates "underdog"
    Then player A conducts the normal draw, drawing "top"
    And "sangan" is activated as chain link 1
    And "underdog" is activated as chain link 2
''')
    assert r["outcome"] == "passed", r
