@game:ygo
Feature: Trigger effects around the normal draw, and draws in the Draw Phase
  ND-T1: a trigger effect that a replacement's chain makes trigger is activated right after
  that chain when the normal draw right is spent, and after the normal draw when it is not.

  Background:
    Given player B went first

  @id:ygo.normal-draw.triggers.fandora-onuncu-sangan @ruling:ND-T2 @ruling:ND-T1 @ruling:ND-E1 @in-force-from:2022-08-05
  Scenario: FAQ 2022-08-05: Sangan, tributed to negate Fandora's activation, is activated after the normal draw
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A's deck holds "Seal, Strategist Fur Hire", in this order from the top
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Sangan" as "sangan" face-up in attack position
    And player B's deck holds "Mystical Elf", in this order from the top
    When before the draw, player A activates "fandora"
    And in response to chain link 1, player B activates "onuncu", tributing "sangan" as cost
    Then the activation of chain link 1 is negated
    And "fandora" is banished
    And the chain ends
    # ND-T2: the right is still unspent, so Sangan's effect waits for the normal draw
    And the normal draw of player A comes before "sangan" is activated
    And "mystical-elf" is added to the hand

  @id:ygo.normal-draw.triggers.right-spent-trigger-right-after @ruling:ND-T1 @ruling:ND-C1
  Scenario: With the right spent, the trigger is activated right after that chain, before anything else of the Draw Phase
    # ND-T1: 「通常のドローの権利がないなら直後に発動」: Sangan's effect is the first thing after the
    # chain of Malefic World (a cost-type: the right was spent at activation, ND-C1), before the
    # turn player's Mystical Space Typhoon of the Draw Phase's open game state, not merely before the
    # Standby Phase (issue 25: an engine that lets the Quick-Play Spell come first failed nothing)
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
    And "sangan" is activated as chain link 1
    And "mystical-elf" is added to the hand
    And "mst" is activated as chain link 1
    And "solemn" is sent to the graveyard
    And player A's Standby Phase of turn 2 begins
    And player A does not conduct the normal draw
    And "mystical-elf" ends in player B's hand

  @id:ygo.normal-draw.triggers.underdog-normal-and-own-draw @ruling:ND-04 @ruling:ND-01
  Scenario: Heart of the Underdog applies to the normal draw and to its own draw in the Draw Phase
    Given it is turn 2, player A's Draw Phase, before the draw
    And player A controls "Heart of the Underdog" as "underdog" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Sangan", in this order from the top
    When after the normal draw, player A activates "underdog"
    And after a card effect draws exactly "mystical-elf", player A activates "underdog"
    Then player A conducts the normal draw, drawing "alexandrite-dragon"
    # card text (OCG): 「…そのカードを相手に見せる事で、…もう１枚ドローする事ができる」: the drawn Normal
    # Monster is revealed to activate it (issue 9; an engine that shows nothing fails here)
    # cites: card-text | Heart of the Underdog (凡骨の意地, 35762283), OCG text: the drawn Normal Monster is revealed |
    And "underdog" is activated
    And "alexandrite-dragon" is revealed
    # ND-04: a Normal Monster drawn by Heart of the Underdog's own effect counts too
    And player A draws "mystical-elf" by a card effect
    And "underdog" is activated
    And "mystical-elf" is revealed
    And player A draws "sangan" by a card effect
    And player A ends with 3 cards in hand

  @id:ygo.normal-draw.triggers.underdog-after-reload @ruling:ND-04
  Scenario: Heart of the Underdog applies to a Normal Monster drawn by Reload in the Draw Phase
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A controls "Heart of the Underdog" as "underdog" face-up in the spell & trap zone
    And player A has "Reload" as "reload" in hand
    And player A has "Alexandrite Dragon" as "alexandrite" in hand
    And player A's deck holds "Mystical Elf", in this order from the top
    When in player A's Draw Phase, player A activates "reload"
    And after player A draws by a card effect, player A activates "underdog"
    # every card Reload can draw here is a Normal Monster (the Deck holds only Normal Monsters)
    Then "reload" is activated as chain link 1
    And player A draws a card by a card effect
    And "underdog" is activated
    And player A draws a card by a card effect
    And player A ends with 2 cards in hand

  @id:ygo.normal-draw.triggers.replacement-before-draw-only @ruling:ND-05
  Scenario: A replacement is activated immediately before the normal draw, not after it
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When in player A's Draw Phase, player A cannot activate "muusiki"
    Then "muusiki" is not activated
    And "alien-shocktrooper" ends in player A's deck

  @id:ygo.normal-draw.triggers.replacement-not-in-response @ruling:ND-05
  Scenario: A replacement is activated at the timing immediately before the normal draw, not in response to another effect
    # ND-05: activated "immediately before the normal draw would be conducted"; the replacements of
    # that timing go on one chain together (ND-C4, ND-E5), not in response to an effect chained to them
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Freed the Matchless General" as "freed" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", "Celtic Guardian", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And in response to chain link 1, player B activates "ash"
    And in response to chain link 2, player A cannot activate "freed"
    Then the effect of chain link 1 is negated
    And "freed" is not activated
    # ND-E1: the only replacement on the chain was negated
    And player A conducts the normal draw, drawing "top"
    And "celtic-guardian" is never added to the hand

  @id:ygo.normal-draw.triggers.replacement-at-before-draw @ruling:ND-05 @ruling:ND-E7
  Scenario: A replacement activated at the timing immediately before the normal draw replaces it
    Given it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When before the draw, player A activates "muusiki"
    Then "muusiki" is activated as chain link 1
    And "alien-shocktrooper" is added to the hand
    And player A does not conduct the normal draw
    And "top" ends in player A's deck
