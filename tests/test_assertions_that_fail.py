"""Assertions the page makes that the suite could not fail (issue 25 §6), each with the rule mutant
that recreates the old behaviour: the scenario as it was passes on it, the scenario as it is
fails on it (and both pass on the reference engine).

- ND-03: both players' opening hands, not normal draws, before the first Draw Phase (the
  scenario asserted only the first player's).
- ND-T1 「直後に発動」: with the right spent, the trigger is the first thing after the chain, before
  the turn player's Quick-Play Spell of the Draw Phase (the scenario asserted only "before the
  Standby Phase").
- AT-S5: AP's ninja strike after a block in AP's free order with AP's own "when blocked"
  ability (only NAP's free order at AT-S3 had scenarios).
"""
from __future__ import annotations

import pytest

from duelspec.compiler import compile_text
from mutant_runs import outcome as run, suite

OLD_OPENING_HAND = """@game:ygo
Feature: t
  @id:old.opening-hand @ruling:ND-03 @ruling:ND-02
  Scenario: The 5 cards of the opening hand are not a normal draw (as it was)
    Given the duel has not started yet, player B going first
    And player B's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And the duel goes on until turn 2's Standby Phase
    Then player B draws "alexandrite-dragon", "mystical-elf", "celtic-guardian", "dark-blade", "sangan" as the opening hand
    And player A conducts the normal draw, drawing "alien-shocktrooper-2"
    And player B does not conduct the normal draw
    And player B ends with 5 cards in hand
    And player A ends with 6 cards in hand
    And "alexandrite-dragon-2" ends in player A's hand
    And "sangan-2" ends in player A's hand
    And "alien-shocktrooper" ends in player B's deck
"""

OLD_RIGHT_AFTER = """@game:ygo
Feature: t
  Background:
    Given player B went first

  @id:old.right-after @ruling:ND-T1 @ruling:ND-C1
  Scenario: With the right spent, the trigger is activated right after that chain (as it was)
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player A has "Mystical Space Typhoon" as "mst" in hand
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Sangan" as "sangan" face-up in attack position
    And player B has "Solemn Strike" as "solemn" set in the spell & trap zone
    And player B's deck holds "Mystical Elf", in this order from the top
    When before the draw, player A activates "world"
    And in response to chain link 1, player B activates "onuncu", tributing "sangan" as cost
    And in player A's Draw Phase, player A activates "mst", targeting "solemn"
    Then the activation of chain link 1 is negated
    And the chain ends
    And "sangan" is activated before player A would conduct the normal draw
    And "mystical-elf" ends in player B's hand
"""


def old(text: str) -> dict:
    out = compile_text(text, "old.feature")
    assert not out.errors, [str(e.error) for e in out.errors]
    return out.scenarios[0]


def outcome(scenario: dict, mutant: str | None = None) -> str:
    return run(scenario, mutant)["outcome"]


@pytest.mark.parametrize("mutant", ["ygo.opening-hand.second-player-normal-draw",
                                    "ygo.opening-hand.second-player-in-the-draw-phase"])
def test_both_opening_hands_are_constrained(mutant):
    """ND-03: the second player's opening hand reported as a normal draw, or drawn once the first
    Draw Phase has begun, passed the scenario that asserted only the first player's."""
    was, now = old(OLD_OPENING_HAND), suite()["ygo.normal-draw.basics.opening-hand"]
    assert outcome(was) == outcome(now) == "passed"
    assert outcome(was, mutant) == "passed"
    assert outcome(now, mutant) == "failed"


def test_the_trigger_with_the_right_spent_is_the_first_thing_after_the_chain():
    """ND-T1 「直後に発動」: a trigger that waits for the turn player's Quick-Play Spell of the Draw
    Phase is still activated before the Standby Phase, which was all the scenario asserted."""
    mutant = "ygo.triggers.after-the-open-game-state"
    was, now = old(OLD_RIGHT_AFTER), suite()["ygo.normal-draw.triggers.right-spent-trigger-right-after"]
    assert outcome(was) == outcome(now) == "passed"
    assert outcome(was, mutant) == "passed"
    assert outcome(now, mutant) == "failed"


def test_a_group_row_may_bring_the_never_patterns_of_its_event():
    """The opening hand's step expects its draw and that the draw is never one of the Draw Phase:
    in a group (``these events happen in any order``) the event is grouped, the `never` kept."""
    s = suite()["ygo.normal-draw.basics.opening-hand"]
    group = s["expect"]["events"][0]["any_order"]
    assert {e["player"] for e in group} == {"A", "B"} and all(e["normal"] is False for e in group)
    assert sum(1 for n in s["expect"]["never"] if n.get("phase") == "draw" and "cards" in n) == 2


@pytest.mark.parametrize("mutant, new", [
    ("dm.s3.ninja-strike-only-before-own-abilities", "dm.attack.blocking.ap-ninja-strike-after-own-ability"),
    ("dm.s3.ninja-strike-only-after-own-abilities", "dm.attack.blocking.ap-ninja-strike-before-own-ability"),
])
def test_ap_orders_its_ninja_strike_freely_at_s5(mutant, new):
    """AT-S5: AP's ninja strike after a block, in either order with AP's own "when blocked"
    ability (Coliseum Shell). The one AT-S5 ninja strike scenario there was (AP has no other
    ability waiting) passes on an engine that fixes the order; each new one fails on one."""
    was = suite()["dm.attack.blocking.ap-ninja-strike-after-block"]
    assert outcome(was) == outcome(suite()[new]) == "passed"
    assert outcome(was, mutant) == "passed"
    assert outcome(suite()[new], mutant) in ("failed", "errored")
