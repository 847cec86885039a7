@game:ygo
Feature: Effect-type replacements of the normal draw (効果タイプ)
  "During your Draw Phase, before your draw, you can activate this; instead of conducting
  your normal draw this turn, <effect>": the normal draw right is spent when it resolves.

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"

  @id:ygo.normal-draw.effect-type.activation-negated @ruling:ND-E1
  Scenario: The activation of an effect-type replacement is negated: the normal draw is conducted
    Given player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A's deck holds "Seal, Strategist Fur Hire", in this order from the top
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    When before the draw, player A activates "fandora"
    And in response to chain link 1, player B activates "onuncu", tributing "elf" as cost
    Then the activation of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "seal-strategist-fur-hire" is never added to the hand

  @id:ygo.normal-draw.effect-type.effect-negated @ruling:ND-E1 @ruling:ND-FAQ1 @in-force-from:2019-03-17
  Scenario: The effect of an effect-type replacement is negated: the normal draw is conducted
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And in response to chain link 1, player B activates "ash"
    Then "muusiki" is activated as chain link 1
    And "ash" is activated as chain link 2
    And the effect of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "alien-shocktrooper" is never added to the hand

  @id:ygo.normal-draw.effect-type.no-replacement-after-negation @ruling:ND-E2
  Scenario: After a negated effect-type replacement, no other replacement can be activated this turn
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A has "Magical Blast" as "blast" in the graveyard
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And in response to chain link 1, player B activates "ash"
    And before the draw, player A cannot activate "blast"
    # ND-E2: "no other replacement of the normal draw can be activated this turn", also once the chain has ended
    And in player A's Draw Phase, player A cannot activate "blast"
    Then the effect of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "blast" ends in the graveyard

  @id:ygo.normal-draw.effect-type.no-replacement-after-negation.every-timing @ruling:ND-E2
  Scenario: After a negated effect-type replacement, no timing before the draw of this turn lets another replacement be activated
    # ND-E2: "no other replacement of the normal draw can be activated this turn". Format 2.1
    # (`every time this turn`): the refusal holds at every timing before the draw of turn 2, so an
    # engine that opens that timing a second time after the negated chain (and offers Magical Blast
    # there) fails, which a refusal used up when the first timing closes cannot show (issue 22.1)
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A has "Magical Blast" as "blast" in the graveyard
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And in response to chain link 1, player B activates "ash"
    And before the draw, every time this turn, player A cannot activate "blast"
    Then the effect of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "alien-shocktrooper" is never added to the hand
    And "blast" ends in the graveyard

  @id:ygo.normal-draw.effect-type.fizzle @ruling:ND-E3
  Scenario: The effect of an effect-type replacement cannot be applied (fizzles): no normal draw
    Given player A has "Magical Blast" as "blast" in the graveyard
    And player B has "D.D. Crow" as "crow" in hand
    When before the draw, player A activates "blast"
    And in response to chain link 1, player B activates "crow", targeting "blast"
    Then "blast" is banished
    And chain link 1 resolves
    # ND-E3: "instead of conducting your normal draw this turn" is still applied
    And player A does not conduct the normal draw
    And "blast" ends in banishment

  @id:ygo.normal-draw.effect-type.continuous-card-leaves @ruling:ND-E4
  Scenario: A continuous card's replacement fizzles because the card left the field: the normal draw is conducted
    Given player A controls "Legacy of the Duelist" as "legacy" face-up in the spell & trap zone
    And player A has "Mystical Elf" as "elf" in the graveyard
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player A activates "legacy"
    And in response to chain link 1, player B activates "mst", targeting "legacy"
    Then "legacy" is sent to the graveyard
    And player A conducts the normal draw, drawing "top"
    And "elf" ends in the graveyard

  @id:ygo.normal-draw.effect-type.three-on-one-chain @ruling:ND-E5 @ruling:ND-E7
  Scenario: Any number of effect-type replacements go on one chain; only the last activated is applied
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Freed the Matchless General" as "freed" face-up in attack position
    And player A has "Magical Blast" as "blast" in the graveyard
    And player A's deck holds "Alien Shocktrooper", "Celtic Guardian", in this order from the top
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "freed"
    And before the draw, player A activates "blast"
    Then "muusiki" is activated as chain link 1
    And "freed" is activated as chain link 2
    And "blast" is activated as chain link 3
    And "blast" is added to the hand
    And player A does not conduct the normal draw
    And "alien-shocktrooper" is never added to the hand
    And "celtic-guardian" is never added to the hand

  @id:ygo.normal-draw.effect-type.nothing-after-cost-type @ruling:ND-E6
  Scenario: After a cost-type replacement, no effect-type replacement can be activated on that chain
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", "Alien Shocktrooper", in this order from the top
    When before the draw, player A activates "world"
    And before the draw, player A cannot activate "muusiki"
    Then "world" is activated as chain link 1
    And "muusiki" is not activated
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.effect-type.last-applied @ruling:ND-E7
  Scenario: The last-activated effect-type is applied; the one before it fizzles
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Freed the Matchless General" as "freed" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", "Celtic Guardian", in this order from the top
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "freed"
    Then "celtic-guardian" is added to the hand
    And player A does not conduct the normal draw
    And "alien-shocktrooper" is never added to the hand

  @id:ygo.normal-draw.effect-type.last-fizzled @ruling:ND-E8
  Scenario: The last effect-type fizzled: the right is spent anyway and the ones before it fizzle
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A has "Magical Blast" as "blast" in the graveyard
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    And player B has "D.D. Crow" as "crow" in hand
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "blast"
    And in response to chain link 2, player B activates "crow", targeting "blast"
    Then "blast" is banished
    And player A does not conduct the normal draw
    And "alien-shocktrooper" is never added to the hand

  @id:ygo.normal-draw.effect-type.last-activation-negated @ruling:ND-E9
  Scenario: The last effect-type's activation is negated: the one just before it is applied
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A's deck holds "Alien Shocktrooper", "Seal, Strategist Fur Hire", in this order from the top
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "fandora"
    And in response to chain link 2, player B activates "onuncu", tributing "elf" as cost
    Then the activation of chain link 2 is negated
    And "alien-shocktrooper" is added to the hand
    And player A does not conduct the normal draw
    And "seal-strategist-fur-hire" is never added to the hand

  @id:ygo.normal-draw.effect-type.last-effect-negated @ruling:ND-E9
  Scenario: The last effect-type's effect is negated: the one just before it is applied
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A's deck holds "Alien Shocktrooper", "Seal, Strategist Fur Hire", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "fandora"
    And in response to chain link 2, player B activates "ash"
    Then the effect of chain link 2 is negated
    And "Alien Shocktrooper" is added to the hand
    And player A does not conduct the normal draw
    And "Seal, Strategist Fur Hire" is never added to the hand

  @id:ygo.normal-draw.effect-type.last-continuous-leaves @ruling:ND-E9 @ruling:ND-E4
  Scenario: The last effect-type is a continuous card that left the field: the one just before it is applied, earlier ones fizzle
    Given player A controls "Freed the Matchless General" as "freed" face-up in attack position
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Legacy of the Duelist" as "legacy" face-up in the spell & trap zone
    And player A has "Mystical Elf" as "elf" in the graveyard
    And player A's deck holds "Alien Shocktrooper", "Celtic Guardian", in this order from the top
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player A activates "freed"
    And before the draw, player A activates "muusiki"
    And before the draw, player A activates "legacy"
    And in response to chain link 3, player B activates "mst", targeting "legacy"
    Then "legacy" is sent to the graveyard
    And "alien-shocktrooper" is added to the hand
    And player A does not conduct the normal draw
    And "celtic-guardian" is never added to the hand
    And "elf" ends in the graveyard

  @id:ygo.normal-draw.effect-type.all-negated @ruling:ND-E10
  Scenario: Every effect-type on the chain is negated: the normal draw is conducted, and no replacement afterwards
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A has "Magical Blast" as "blast" in the graveyard
    And player A's deck holds "Alien Shocktrooper", "Seal, Strategist Fur Hire", in this order from the top
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    And player B has "Infinite Impermanence" as "impermanence" set in the spell & trap zone
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "fandora"
    And in response to chain link 2, player B activates "onuncu", tributing "elf" as cost
    And in response to chain link 3, player B activates "impermanence", targeting "muusiki"
    And before the draw, player A cannot activate "blast"
    # ND-E10: "afterwards no other replacement can be activated this turn", also once the chain has ended
    And in player A's Draw Phase, player A cannot activate "blast"
    # link 1's negation is expected through its consequence only (when it is reported is not a ruling)
    Then the activation of chain link 2 is negated
    And player A conducts the normal draw, drawing "top"
    And "alien-shocktrooper" is never added to the hand
    And "seal-strategist-fur-hire" is never added to the hand

  @id:ygo.normal-draw.effect-type.all-negated.every-timing @ruling:ND-E10
  Scenario: Every effect-type on the chain is negated: the normal draw is conducted, and no timing before the draw of this turn offers another replacement
    # ND-E10: "afterwards no other replacement can be activated this turn", at every timing before the
    # draw of turn 2 (format 2.1, `every time this turn`): an engine that opens the timing again
    # after the fully negated chain fails (issue 22.1)
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A has "Magical Blast" as "blast" in the graveyard
    And player A's deck holds "Alien Shocktrooper", "Seal, Strategist Fur Hire", in this order from the top
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    And player B has "Infinite Impermanence" as "impermanence" set in the spell & trap zone
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "fandora"
    And in response to chain link 2, player B activates "onuncu", tributing "elf" as cost
    And in response to chain link 3, player B activates "impermanence", targeting "muusiki"
    And before the draw, every time this turn, player A cannot activate "blast"
    Then the activation of chain link 2 is negated
    And player A conducts the normal draw, drawing "top"
    And "alien-shocktrooper" is never added to the hand
    And "seal-strategist-fur-hire" is never added to the hand
    And "blast" ends in the graveyard

  @id:ygo.normal-draw.effect-type.earlier-link-negated @ruling:ND-E7
  Scenario: Negating an earlier effect-type changes nothing: the last one is applied and the right is spent
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Freed the Matchless General" as "freed" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", "Celtic Guardian", in this order from the top
    And player B has "Infinite Impermanence" as "impermanence" set in the spell & trap zone
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "freed"
    And in response to chain link 2, player B activates "impermanence", targeting "muusiki"
    # when a trace reports the negation of link 1 (at Impermanence's resolution or at link 1's) is
    # not a ruling: only its consequence is expected
    Then "Celtic Guardian" is added to the hand
    And player A does not conduct the normal draw
    And "alien-shocktrooper" is never added to the hand

  @id:ygo.normal-draw.effect-type.negated-and-continuous-card-leaves @ruling:ND-E10 @ruling:ND-E4
  Scenario: One effect-type negated, the other a continuous card that leaves the field: the normal draw is conducted
    # ND-E10: "each one's activation or effect is negated (or each fizzles by its continuous card leaving the field)"
    Given player A controls "Legacy of the Duelist" as "legacy" face-up in the spell & trap zone
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A has "Mystical Elf" as "elf" in the graveyard
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player A activates "legacy"
    And before the draw, player A activates "muusiki"
    And in response to chain link 2, player B activates "ash"
    And in response to chain link 3, player B activates "mst", targeting "legacy"
    Then "legacy" is sent to the graveyard
    And the effect of chain link 2 is negated
    And player A conducts the normal draw, drawing "top"
    And "elf" ends in the graveyard
    And "alien-shocktrooper" is never added to the hand

  @id:ygo.normal-draw.effect-type.field-spell-leaves @ruling:ND-E4
  Scenario: A Field Spell is a continuous card: Fandora removed by a chained effect does not spend the right; the normal draw is conducted
    # cites: source-page | 「通常のドロー」 (rules wiki): ND-E4 names [[永続カード]]; that linked page counts フィールド魔法 among the 永続カード (issue 9)
    Given player A controls "Fandora, the Flying Furtress" as "fandora" face-up in the field zone
    And player A's deck holds "Seal, Strategist Fur Hire", in this order from the top
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player A activates "fandora"
    And in response to chain link 1, player B activates "mst", targeting "fandora"
    Then "fandora" is sent to the graveyard
    And player A conducts the normal draw, drawing "top"
    And "seal-strategist-fur-hire" is never added to the hand
