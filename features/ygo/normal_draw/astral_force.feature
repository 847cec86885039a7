@game:ygo
Feature: Rank-Up-Magic Astral Force, effect (2): a pledge, not a replacement
  "The turn you activate this effect, you cannot conduct your normal draw" is a pledge
  (誓約効果): it applies unless the activation is negated (ND-AF1..ND-AF3).

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Rank-Up-Magic Astral Force" as "astral" in the graveyard

  @id:ygo.normal-draw.astral-force.effect-negated @ruling:ND-AF1 @ruling:ND-FAQ2 @in-force-from:2019-03-17
  Scenario: Only its effect is negated: the pledge still applies, no normal draw
    Given player B has "Skull Meister" as "meister" in hand
    When before the draw, player A activates "astral" effect (2)
    And in response to chain link 1, player B activates "meister"
    Then the effect of chain link 1 is negated
    And player A does not conduct the normal draw
    And "astral" ends in the graveyard

  @id:ygo.normal-draw.astral-force.activation-negated @ruling:ND-AF2
  Scenario: Its activation is negated: the pledge does not apply, the normal draw is conducted
    Given player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    When before the draw, player A activates "astral" effect (2)
    And in response to chain link 1, player B activates "onuncu", tributing "elf" as cost
    Then the activation of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "astral" ends in banishment

  @id:ygo.normal-draw.astral-force.fizzle @ruling:ND-AF3
  Scenario: Its effect fizzles: no normal draw
    Given player B has "D.D. Crow" as "crow" in hand
    When before the draw, player A activates "astral" effect (2)
    And in response to chain link 1, player B activates "crow", targeting "astral"
    Then "astral" is banished
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.astral-force.applied @ruling:ND-AF1 @ruling:ND-TAB @ruling:ND-L-BEFORE
  Scenario: Resolved normally: the card returns to the hand and the normal draw is not conducted
    When before the draw, player A activates "astral" effect (2)
    Then "astral" is added to the hand
    And player A does not conduct the normal draw

  # Not a scenario: an effect-type replacement activated on the same chain AFTER effect (2).
  # ND-AF4 (ruling of 2022-09-12) lets effect (2) and effect-type replacements be on one chain but
  # states no order, nor which of them is applied after the pledge; no official Q&A or page the suite
  # has decides it (searched: the rules wiki's pages of the card and of 通常のドロー). The generated
  # model lists the case as undecided (duelspec/generated/model.py, _legality: "an effect-type
  # activated after Astral Force (2)"), and no scenario asserts it (issue 33: the YGOPro report's
  # cause AF rested on this expectation alone and is withdrawn).

  @id:ygo.normal-draw.astral-force.after-effect-type @ruling:ND-AF4 @in-force-from:2022-09-12
  Scenario: Effect (2) can be activated on the same chain after an effect-type replacement
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "astral" effect (2)
    Then "muusiki" is activated as chain link 1
    And "astral" is activated as chain link 2
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.astral-force.not-with-cost-type-after @ruling:ND-AF4 @in-force-from:2022-09-12
  Scenario: A cost-type replacement cannot be activated on the same chain after effect (2) (Sin World FAQ 2022-09-12)
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    When before the draw, player A activates "astral" effect (2)
    And before the draw, player A cannot activate "world"
    Then "astral" is activated as chain link 1
    And "world" is not activated

  @id:ygo.normal-draw.astral-force.not-after-cost-type @ruling:ND-AF4 @in-force-from:2022-09-12
  Scenario: Effect (2) cannot be activated on the same chain after a cost-type replacement (Sin World FAQ 2022-09-12)
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    When before the draw, player A activates "world"
    And before the draw, player A cannot activate "astral" effect (2)
    Then "world" is activated as chain link 1
    And "astral" ends in the graveyard
