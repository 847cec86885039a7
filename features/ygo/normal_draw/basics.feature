@game:ygo
Feature: The normal draw (通常のドロー)
  Source: 通常のドロー, first section. The normal draw is the draw the turn player
  conducts at the start of each Draw Phase (ND-01); not in the first turn of the player
  going first (ND-02); the opening hand is not a normal draw (ND-03).

  Background:
    Given player B went first

  @id:ygo.normal-draw.basics.turn-player-draws @ruling:ND-01
  Scenario: The turn player conducts the normal draw at the start of the Draw Phase
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A's deck holds "Mystical Elf", in this order from the top
    Then player A conducts the normal draw, drawing "top"
    And player B draws nothing
    And "top" ends in player A's hand
    And player A ends with 1 card in deck

  @id:ygo.normal-draw.basics.first-turn-no-draw @ruling:ND-02
  Scenario: The player going first does not conduct a normal draw in the first turn
    Given it is turn 1, player B's Draw Phase, before the draw
    And the top card of player B's deck is "Alexandrite Dragon" as "top"
    Then player B's Standby Phase of turn 1 begins
    And player B does not conduct the normal draw
    And "top" ends in player B's deck

  @id:ygo.normal-draw.basics.opening-hand-not-drawn-for-the-normal-draw @ruling:ND-03 @ruling:ND-L-TRIGGER
  Scenario: A card of the opening hand is not drawn for the normal draw: Shining Draw there cannot be revealed
    # ND-03: the opening hand is not a normal draw; Shining Draw must be drawn for the normal draw to be
    # revealed (ND-L-TRIGGER). Format 2.1 (issue 22.5): `after player B draws the opening hand` names the
    # moment right after that draw (a draw event with `opening: true`) instead of borrowing "after player B
    # draws by a card effect", which matched it only because the opening hand's draw has `normal: false`.
    Given the duel has not started yet, player B going first
    And player B's deck holds "Shining Draw", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And the duel goes on until turn 1's Standby Phase
    When after player B draws the opening hand, player B cannot reveal "shining-draw"
    Then "shining-draw" is never revealed
    And "shining-draw" ends in player B's hand

  @id:ygo.normal-draw.basics.from-the-start.shining-draw-turn-2 @ruling:ND-L-TRIGGER @ruling:ND-01
  Scenario: A duel played from its start: Shining Draw drawn by turn 2's normal draw is offered for its reveal, as when the scenario starts at turn 2
    # Issue 35: whatever state a scenario starts from, the same turn plays the same (list.trigger.shining-draw
    # starts at turn 2's Draw Phase). The step says `on turn 2`: a step that names no turn is for the setup's
    # turn, turn 1 for a duel played from its start (the checker's message says so when such a step is not reached).
    Given the duel has not started yet, player B going first
    And player B's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Shining Draw", "Alien Shocktrooper", in this order from the top
    And the duel goes on until turn 2's Standby Phase
    When after "shining-draw" is drawn by the normal draw on turn 2, player A reveals "shining-draw"
    Then player A draws "shining-draw" by the normal draw
    And "shining-draw" is revealed as the card drawn for the normal draw
    And "shining-draw" ends in player A's hand

  @id:ygo.normal-draw.basics.first-turn-no-timing-before-the-draw @ruling:ND-02 @ruling:ND-05
  Scenario: In the first turn of the player going first there is no timing before the draw: no replacement can be activated
    # ND-02: no normal draw in the first turn of the player going first, so no timing "immediately
    # before the normal draw" (ND-05) comes in which to replace it. Format 2.1 (`which must not come`,
    # issue 22.2): the step passes only if that timing never opens. ygopro-core before PR 433 offered
    # Black Luster Soldier's replacement there (Duel.GetDrawCount gave 1 in turn 1: field.cpp get_draw_count).
    Given it is turn 1, player B's Draw Phase, before the draw
    And player B has "Black Luster Soldier - Legendary Swordsman" as "bls" in hand
    And player B's deck holds "Chaos Form", "Alexandrite Dragon", in this order from the top
    When before the draw, which must not come, player B cannot activate "bls"
    Then player B's Standby Phase of turn 1 begins
    And player B does not conduct the normal draw
    And "bls" is never revealed
    And "chaos-form" is never added to the hand

  @id:ygo.normal-draw.basics.second-player-first-turn-draws @ruling:ND-01 @ruling:ND-02
  Scenario: The player going second conducts a normal draw in their first turn (turn 2)
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Mystical Elf" as "top"
    Then player A conducts the normal draw, drawing "top"

  @id:ygo.normal-draw.basics.opening-hand @ruling:ND-03 @ruling:ND-02
  Scenario: The 5 cards of the opening hand are not a normal draw
    Given the duel has not started yet, player B going first
    And player B's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", "Alien Shocktrooper", in this order from the top
    And the duel goes on until turn 2's Standby Phase
    # ND-03: 5 cards each, drawn before any Draw Phase, not normal draws. Both players' opening
    # hands (which player draws first is not a ruling of the page: in any order), each not a normal
    # draw and never reported in the Draw Phase (the step expects that too; issue 9), both before
    # the first Draw Phase begins: 「初手を引くのはドローフェイズより前」 (issue 25: an engine that
    # reports the second player's opening hand as a normal draw, or drawn in the Draw Phase, fails)
    Then these events happen in any order:
      | player B draws "alexandrite-dragon", "mystical-elf", "celtic-guardian", "dark-blade", "sangan" as the opening hand |
      | player A draws "alexandrite-dragon-2", "mystical-elf-2", "celtic-guardian-2", "dark-blade-2", "sangan-2" as the opening hand |
    And player B's Draw Phase of turn 1 begins
    # ND-02: no normal draw in turn 1 for B; ND-01: A's normal draw in turn 2
    And player A conducts the normal draw, drawing "alien-shocktrooper-2"
    And player B does not conduct the normal draw
    And player B ends with 5 cards in hand
    And player A ends with 6 cards in hand
    And "alexandrite-dragon-2" ends in player A's hand
    And "sangan-2" ends in player A's hand
    And "alien-shocktrooper" ends in player B's deck
