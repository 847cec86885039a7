@game:ygo
Feature: Cost-type replacements of the normal draw (コストタイプ)
  "During your Draw Phase, instead of conducting your normal draw, you can <cost> to
  activate": the normal draw right is spent as the cost of the activation.

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"

  @id:ygo.normal-draw.cost-type.activation-negated @ruling:ND-C1
  Scenario: The activation of a cost-type replacement is negated: no normal draw
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    When before the draw, player A activates "world"
    And in response to chain link 1, player B activates "onuncu", tributing "elf" as cost
    Then "world" is activated as chain link 1
    And the activation of chain link 1 is negated
    # ND-C1: the cost (the normal draw right) is not returned
    And player A does not conduct the normal draw
    And "world" ends in banishment

  @id:ygo.normal-draw.cost-type.effect-negated @ruling:ND-C1 @ruling:ND-FAQ2 @in-force-from:2019-03-17
  Scenario: The effect of a cost-type replacement is negated: no normal draw
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "world"
    And in response to chain link 1, player B activates "ash"
    Then "world" is activated as chain link 1
    And "ash" is activated as chain link 2
    And the effect of chain link 1 is negated
    And player A does not conduct the normal draw
    And player A ends with 0 cards in hand

  @id:ygo.normal-draw.cost-type.no-replacement-after-negation @ruling:ND-C2
  Scenario: After a negated cost-type replacement, no other replacement can be activated this turn
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player A has "Magical Blast" as "blast" in the graveyard
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "world"
    And in response to chain link 1, player B activates "ash"
    And before the draw, player A cannot activate "blast"
    # ND-C2: "no other replacement of the normal draw can be activated this turn", also once the
    # chain has ended and no normal draw was conducted
    And in player A's Draw Phase, player A cannot activate "blast"
    Then the effect of chain link 1 is negated
    And the chain ends
    And player A does not conduct the normal draw
    And "blast" ends in the graveyard

  @id:ygo.normal-draw.cost-type.no-replacement-after-negation.every-timing @ruling:ND-C2
  Scenario: After a negated cost-type replacement, no timing before the draw of this turn lets another replacement be activated
    # ND-C2: "no other replacement of the normal draw can be activated this turn", at every timing
    # before the draw of turn 2 (format 2.1, `every time this turn`, issue 22.1)
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player A has "Magical Blast" as "blast" in the graveyard
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "world"
    And in response to chain link 1, player B activates "ash"
    And before the draw, every time this turn, player A cannot activate "blast"
    Then the effect of chain link 1 is negated
    And player A does not conduct the normal draw
    And "blast" ends in the graveyard

  @id:ygo.normal-draw.cost-type.fizzle @ruling:ND-C3
  Scenario: The effect of a cost-type replacement cannot be applied (fizzles): no normal draw
    Given player A has "Flame Tiger" as "tiger" in the graveyard
    And player B has "D.D. Crow" as "crow" in hand
    When before the draw, player A activates "tiger"
    And in response to chain link 1, player B activates "crow", targeting "tiger"
    Then "tiger" is activated as chain link 1
    And "tiger" is banished
    And chain link 1 resolves
    # ND-C3: the right was spent on activation
    And player A does not conduct the normal draw
    And "tiger" ends in banishment

  @id:ygo.normal-draw.cost-type.second-cost-type-refused @ruling:ND-C4
  Scenario: Only one cost-type replacement can be activated on the chain
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A controls "Gearbreed" as "gearbreed" face-up in the spell & trap zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", "Axe of Despair", in this order from the top
    When before the draw, player A activates "world"
    # ND-C4: the second one cannot pay its cost
    And before the draw, player A cannot activate "gearbreed"
    Then "world" is activated as chain link 1
    And player A does not conduct the normal draw
    And "gearbreed" is not activated
    And player A ends with 1 card in hand

  @id:ygo.normal-draw.cost-type.no-skull-flame-after-cost-type @ruling:ND-E6 @ruling:ND-C4
  Scenario: After a cost-type replacement, Skull Flame cannot be activated on that chain
    # ND-E6: 「ただし、コストタイプを1つでも発動すると、その後は効果タイプであっても発動できなくなる。」
    # Skull Flame (スカル・フレイム, ND-L-EFFECT) is an effect-type whose own activation conditions
    # name only the Draw Phase and its target; the right Malefic World spent at activation forbids it
    Given player A controls "Malefic World" as "world" face-up in the field zone
    And player A controls "Skull Flame" as "skull-flame" face-up in attack position
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player A has "Burning Skull Head" as "support" in the graveyard
    When before the draw, player A activates "world"
    And before the draw, player A cannot activate "skull-flame"
    Then "world" is activated as chain link 1
    And player A does not conduct the normal draw
    And "skull-flame" is not activated
    And "support" ends in the graveyard

  @id:ygo.normal-draw.cost-type.last-applied @ruling:ND-C5 @ruling:ND-E6 @ruling:ND-E7
  Scenario: A cost-type activated after an effect-type resolves first; the effect-type fizzles
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Alien Shocktrooper", "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "world"
    Then "muusiki" is activated as chain link 1
    And "world" is activated as chain link 2
    And chain link 2 resolves
    And chain link 1 resolves
    And player A does not conduct the normal draw
    # ND-C5: the effect-type activated before it fizzles
    And "alien-shocktrooper" is never added to the hand
    And player A ends with 1 card in hand

  @id:ygo.normal-draw.cost-type.last-activation-negated @ruling:ND-C5
  Scenario: The cost-type activated last is negated: the effect-type before it still fizzles
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Alien Shocktrooper", "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player B controls "Infernoid Onuncu" as "onuncu" face-up in attack position
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "world"
    And in response to chain link 2, player B activates "onuncu", tributing "elf" as cost
    Then the activation of chain link 2 is negated
    And player A does not conduct the normal draw
    And "alien-shocktrooper" is never added to the hand
    And player A ends with 0 cards in hand

  @id:ygo.normal-draw.cost-type.last-effect-negated @ruling:ND-C5
  Scenario: The effect of the cost-type activated last is negated: the effect-type before it still fizzles
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A controls "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Alien Shocktrooper", "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "world"
    And in response to chain link 2, player B activates "ash"
    Then the effect of chain link 2 is negated
    And player A does not conduct the normal draw
    And "alien-shocktrooper" is never added to the hand
    And player A ends with 0 cards in hand

  @id:ygo.normal-draw.cost-type.last-fizzles @ruling:ND-C5 @ruling:ND-C3
  Scenario: The cost-type activated last fizzles: the effect-type before it still fizzles
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A has "Tachyon Chaos Hole" as "hole" in the graveyard
    And player A has "Number 107: Galaxy-Eyes Tachyon Dragon" as "galaxy" in the graveyard
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    And player B has "D.D. Crow" as "crow" in hand
    When before the draw, player A activates "muusiki"
    And before the draw, player A activates "hole", targeting "galaxy"
    And in response to chain link 2, player B activates "crow", targeting "galaxy"
    Then "galaxy" is banished
    And player A does not conduct the normal draw
    And "alien-shocktrooper" is never added to the hand
    And "galaxy" is never Special Summoned

  @id:ygo.normal-draw.cost-type.continuous-card-leaves @ruling:ND-C3 @ruling:ND-C5
  Scenario: A continuous cost-type card removed during the chain: the right was spent at activation; no normal draw
    # cites: source-page | 「通常のドロー」 (rules wiki), cost-type: 「発動の時点で通常のドローの権利は消費されている」 — the page's one reason for every cost-type outcome (ND-C3, ND-C5); ND-E4's exception is for effect-type replacements (issue 9)
    Given player A has "Gearbreed" as "gearbreed" face-up in the spell & trap zone
    And player A's deck holds "Axe of Despair", in this order from the top
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player A activates "gearbreed"
    And in response to chain link 1, player B activates "mst", targeting "gearbreed"
    Then "gearbreed" is sent to the graveyard
    And player A does not conduct the normal draw
    And "axe-of-despair" is never added to the hand
    And "top" ends in player A's deck

  @id:ygo.normal-draw.cost-type.malefic-world-shows-three @ruling:ND-L-COST @ruling:ND-05
  Scenario: Malefic World shows 3 "Malefic" cards to the opponent, who picks 1 at random for the hand
    # cites: card-text | Malefic World (Ｓｉｎ Ｗｏｒｌｄ, 27564031) ①
    # 「…デッキから「Ｓｉｎ」カード３枚を相手に見せ、相手はその中からランダムに１枚選ぶ。そのカード１枚を自分の手札に加え、残りのカードはデッキに戻す。」
    Given player A has "Malefic World" as "world" face-up in the field zone
    And player A's deck holds "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon", in this order from the top
    When before the draw, player A activates "world"
    Then "world" is activated as chain link 1
    # the text gives no order for showing the three
    And these events happen in any order:
      | "malefic-cyber-end-dragon" is revealed       |
      | "malefic-blue-eyes-white-dragon" is revealed |
      | "malefic-red-eyes-black-dragon" is revealed  |
    And player A does not conduct the normal draw
    And player A ends with 1 card in hand
