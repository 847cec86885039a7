@game:ygo
Feature: FAQ and summary table: is the normal draw conducted after interference?
  FAQ: "If the effect of the following cards is negated by Ash Blossom & Joyous Spring, Skull
  Meister or a similar effect, can the normal draw be conducted?" (ND-FAQ1: yes; ND-FAQ2: no).
  Each row uses a real card that can negate that card's effect at this timing: Ash Blossom
  for an effect that adds from the Deck, Skull Meister for one activated in the GY, Infinite
  Impermanence for a face-up monster's effect.

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B controls "Mystical Elf" as "elf" face-up in attack position

  # The page keeps its own history: the FAQ answers of 2019-03-17 are commented out in its source
  # (ND-H1..H3, see features/rulings/ygo-normal-draw.json for each line). `in force from` is the first
  # date the current answer was given; `date` the date the current list gives it.
  @id:ygo.normal-draw.faq1 @ruling:ND-FAQ1 @ruling:ND-E1
  Scenario Outline: ND-FAQ1 (<date>): <card> with its effect negated by <negator>: the normal draw is conducted
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    And player B has "<negator>" as "negator" <nplace>
    When before the draw, player A activates "replacement"
    And in response to chain link 1, player B activates "negator"<aim>
    Then the effect of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "<gain>" is never added to the hand

    # ND-H3: the same answer was given on 2019-03-17 already (the commented-out list of that date)
    @ruling:ND-H3
    Examples: answered the same way on 2019-03-17
      | id                 | date       | in force from | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | fandora            | 2019-03-17 | 2019-03-17    | Fandora, the Flying Furtress              | face-up in the field zone        | "Seal, Strategist Fur Hire" | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | seal-strategist-fur-hire  |
      | muusiki            | 2022-07-30 | 2019-03-17    | Flying Saucer Muusik'i                    | face-up in attack position       | "Alien Shocktrooper"        | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | alien-shocktrooper        |
      | freed              | 2022-07-30 | 2019-03-17    | Freed the Matchless General               | face-up in attack position       | "Celtic Guardian"           | Mystical Elf       | Ash Blossom & Joyous Spring | in hand                         |                             | celtic-guardian           |
      | dark-general-freed | 2022-07-30 | 2019-03-17    | Dark General Freed                        | face-up in attack position       | "Dark Blade"                | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | dark-blade                |

    # no earlier answer on the page: not yet ruled before the date of the row
    Examples: first answered on the date of the row
      | id                 | date       | in force from | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | legendary-swordsman| 2022-02-18 | 2022-02-18    | Black Luster Soldier - Legendary Swordsman| in hand                          | "Chaos Form"                | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | chaos-form                |

  # ND-H1: on 2019-03-17 the page answered "cannot" (no normal draw) for these cards; the answer
  # changed on the date of the row
  @id:ygo.normal-draw.faq1 @ruling:ND-FAQ1 @ruling:ND-E1 @ruling:ND-H1
  Scenario Outline: ND-FAQ1 (<date>): <card> with its effect negated by <negator>: the normal draw is conducted (ND-H1: not conducted under the answer of 2019-03-17)
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    And player B has "<negator>" as "negator" <nplace>
    When before the draw, player A activates "replacement"
    And in response to chain link 1, player B activates "negator"<aim>
    Then the effect of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "<gain>" is never added to the hand
    But under the answer of 2019-03-17 (ND-H1), replaced on <date>: the effect of chain link 1 is negated
    And under the answer of 2019-03-17 (ND-H1), replaced on <date>: player A does not conduct the normal draw
    And under the answer of 2019-03-17 (ND-H1), replaced on <date>: "<gain>" is never added to the hand

    Examples: answered "not conducted" on 2019-03-17, changed later
      | id                 | date       | in force from | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | magical-blast      | 2019-12-26 | 2019-12-26    | Magical Blast                             | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |
      | skull-flame        | 2022-07-30 | 2022-07-30    | Skull Flame                               | face-up in attack position       | "Celtic Guardian"           | Burning Skull Head | Infinite Impermanence       | set in the spell & trap zone    | , targeting "replacement"   | support                   |
      | spirit-burner      | 2022-07-30 | 2022-07-30    | Spirit Burner                             | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |
      | iron-core          | 2022-08-01 | 2022-08-01    | Iron Core of Koa'ki Meiru                 | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |

  # ND-H2: on 2019-03-17 the page answered 調整中 (under review) for Meteor Flare: no expectation
  # existed until it was answered on 2019-12-26
  @id:ygo.normal-draw.faq1 @ruling:ND-FAQ1 @ruling:ND-E1 @ruling:ND-H2
  Scenario Outline: ND-FAQ1 (<date>): <card> with its effect negated by <negator>: the normal draw is conducted (ND-H2: under review on 2019-03-17)
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    And player B has "<negator>" as "negator" <nplace>
    When before the draw, player A activates "replacement"
    And in response to chain link 1, player B activates "negator"<aim>
    Then the effect of chain link 1 is negated
    And player A conducts the normal draw, drawing "top"
    And "<gain>" is never added to the hand
    But under the answer of 2019-03-17 (ND-H2), replaced on <date>: the question is under review

    Examples: under review on 2019-03-17
      | id                 | date       | in force from | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | meteor-flare       | 2019-12-26 | 2019-12-26    | Meteor Flare                              | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |

  @id:ygo.normal-draw.faq2 @ruling:ND-FAQ2
  Scenario Outline: ND-FAQ2 (<date>): <card> with its effect negated by <negator>: the normal draw is not conducted
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    And player B has "<negator>" as "negator" in hand
    When before the draw, player A activates "replacement"<act>
    And in response to chain link 1, player B activates "negator"
    Then the effect of chain link 1 is negated
    And player A does not conduct the normal draw
    # the negated effect is not applied
    And <unapplied>

    # ND-H1: the 2019-03-17 answer was the same for these cards (the later dates re-confirm it): in force since then
    @ruling:ND-H1
    Examples:
      | id           | date       | in force from | card                       | place                            | deck                                                                                          | gy                                    | act                              | negator                     | unapplied                               |
      | astral-force | 2019-03-17 | 2019-03-17    | Rank-Up-Magic Astral Force | in the graveyard                 | "Celtic Guardian"                                                                             | Mystical Elf                          | effect (2)                       | Skull Meister               | "replacement" is never added to the hand |
      | sin-world    | 2019-03-17 | 2019-03-17    | Malefic World              | face-up in the field zone        | "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon" | Mystical Elf                          |                                  | Ash Blossom & Joyous Spring | player A ends with 0 cards in hand      |
      | tachyon      | 2022-07-25 | 2019-03-17    | Tachyon Chaos Hole         | in the graveyard                 | "Celtic Guardian"                                                                             | Number 107: Galaxy-Eyes Tachyon Dragon| , targeting "support"            | Skull Meister               | "support" is never Special Summoned     |
      | flame-tiger  | 2022-07-30 | 2019-03-17    | Flame Tiger                | in the graveyard                 | "Celtic Guardian"                                                                             | Mystical Elf                          |                                  | Skull Meister               | "replacement" is never Special Summoned |

  # ND-H1: Sylvan Waterslide is among the cards the 2019-03-17 answer gave as "not conducted" too
  @id:ygo.normal-draw.faq2.waterslide @ruling:ND-FAQ2 @ruling:ND-H1 @in-force-from:2019-03-17
  Scenario: ND-FAQ2 (2022-07-30): Sylvan Waterslide with its effect negated by Ash Blossom & Joyous Spring: the normal draw is not conducted
    # Sylvan Waterslide is mandatory (OCG: 「…通常のドローを行う代わりに、…めくる。」): the game activates it
    Given player A has "Sylvan Waterslide" as "replacement" face-up in the spell & trap zone
    And player A's deck holds "Celtic Guardian", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "negator" in hand
    When in response to chain link 1, player B activates "negator"
    Then "replacement" is activated as chain link 1
    And the effect of chain link 1 is negated
    And player A does not conduct the normal draw
    And "top" is never added to the hand

  @id:ygo.normal-draw.table.waterslide.activation-negated @ruling:ND-TAB
  Scenario: ND-TAB: Sylvan Waterslide, a cost-type replacement the game activates, whose activation is negated: normal draw no
    # Sylvan Waterslide is mandatory (OCG: 「…通常のドローを行う代わりに、…めくる。」): the game activates it, so
    # it has no row in the outline below (whose player A activates the replacement)
    Given player A has "Sylvan Waterslide" as "replacement" face-up in the spell & trap zone
    And player A's deck holds "Celtic Guardian", in this order from the top
    And player B controls "Infernoid Onuncu" as "interferer" face-up in attack position
    When in response to chain link 1, player B activates "interferer", tributing "elf" as cost
    Then "replacement" is activated as chain link 1
    And the activation of chain link 1 is negated
    And player A does not conduct the normal draw
    And player A ends with 0 cards in hand

  @id:ygo.normal-draw.table @ruling:ND-TAB
  Scenario Outline: ND-TAB: <card>, a <kind> replacement whose <interference>: normal draw <conducted>
    # Every card of the page's lists (ND-L-COST, ND-L-EFFECT) and Astral Force (2) against every column
    # of the table, with a real card that causes that interference to it (duelspec/generated/cards.py:
    # Infernoid Onuncu negates a Spell/Trap's activation, Solemn Strike a monster effect's; Ash Blossom,
    # Skull Meister or Infinite Impermanence negate an effect per their text; D.D. Crow banishes the card
    # the effect needs from the GY, so it fizzles). A card with no real way to cause a column has no row
    # (docs/conformance/edopro.md, "The page's table, card by card", lists them with the reason).
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    And player B <has> "<interferer>" as "interferer" <iplace>
    When before the draw, player A activates "replacement"<act>
    And in response to chain link 1, player B activates "interferer"<iact>
    Then "replacement" is activated as chain link 1
    # the interference of the row happened, and nothing of the replacement's effect was applied:
    # the hand holds the normal draw's card or nothing
    And <happened>
    And player A <result>
    And player A ends with <hand> in hand

    Examples:
      | id                      | kind         | interference            | conducted | card                         | place                     | deck                                                                                          | gy           | act        | has      | interferer                  | iplace                     | iact                                 | result                          | happened                              | hand    |
      | cost.activation-negated | cost-type    | activation is negated   | no        | Malefic World                | face-up in the field zone | "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon" | Mystical Elf |            | controls | Infernoid Onuncu            | face-up in attack position | , tributing "elf" as cost            | does not conduct the normal draw | the activation of chain link 1 is negated | 0 cards |
      | cost.effect-negated     | cost-type    | effect is negated       | no        | Malefic World                | face-up in the field zone | "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon" | Mystical Elf |            | has      | Ash Blossom & Joyous Spring | in hand                    |                                      | does not conduct the normal draw | the effect of chain link 1 is negated | 0 cards |
      | cost.fizzles            | cost-type    | effect fizzles          | no        | Flame Tiger                  | in the graveyard          | "Celtic Guardian"                                                                             | Mystical Elf |            | has      | D.D. Crow                   | in hand                    | , targeting "replacement"            | does not conduct the normal draw | "replacement" is banished             | 0 cards |
      | effect.activation-negated | effect-type | activation is negated  | yes       | Fandora, the Flying Furtress | face-up in the field zone | "Seal, Strategist Fur Hire"                                                                   | Mystical Elf |            | controls | Infernoid Onuncu            | face-up in attack position | , tributing "elf" as cost            | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | effect.effect-negated   | effect-type  | effect is negated       | yes       | Fandora, the Flying Furtress | face-up in the field zone | "Seal, Strategist Fur Hire"                                                                   | Mystical Elf |            | has      | Ash Blossom & Joyous Spring | in hand                    |                                      | conducts the normal draw         | the effect of chain link 1 is negated | 1 card  |
      | effect.fizzles          | effect-type  | effect fizzles          | no        | Magical Blast                | in the graveyard          | "Celtic Guardian"                                                                             | Mystical Elf |            | has      | D.D. Crow                   | in hand                    | , targeting "replacement"            | does not conduct the normal draw | "replacement" is banished             | 0 cards |
      | astral.activation-negated | Astral Force (2) | activation is negated | yes   | Rank-Up-Magic Astral Force   | in the graveyard          | "Celtic Guardian"                                                                             | Mystical Elf | effect (2) | controls | Infernoid Onuncu            | face-up in attack position | , tributing "elf" as cost            | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | astral.effect-negated   | Astral Force (2) | effect is negated   | no        | Rank-Up-Magic Astral Force   | in the graveyard          | "Celtic Guardian"                                                                             | Mystical Elf | effect (2) | has      | Skull Meister               | in hand                    |                                      | does not conduct the normal draw | the effect of chain link 1 is negated | 0 cards |
      | astral.fizzles          | Astral Force (2) | effect fizzles      | no        | Rank-Up-Magic Astral Force   | in the graveyard          | "Celtic Guardian"                                                                             | Mystical Elf | effect (2) | has      | D.D. Crow                   | in hand                    | , targeting "replacement"            | does not conduct the normal draw | "replacement" is banished             | 0 cards |

    # ND-TAB, cost-type row (ND-L-COST): no normal draw whatever happens to it (ND-C1, ND-C3)
    Examples: every cost-type card of the page's list
      | id                             | kind      | interference          | conducted | card               | place                              | deck                  | gy                                     | act                   | has      | interferer                  | iplace                          | iact                      | result                           | happened                                  | hand    |
      | pawn.activation-negated        | cost-type | activation is negated | no        | Infernity Pawn     | in the graveyard                   | "Infernity Archfiend" | Mystical Elf                           |                       | has      | Solemn Strike               | set in the spell & trap zone    |                           | does not conduct the normal draw | the activation of chain link 1 is negated | 0 cards |
      | pawn.effect-negated            | cost-type | effect is negated     | no        | Infernity Pawn     | in the graveyard                   | "Infernity Archfiend" | Mystical Elf                           |                       | has      | Skull Meister               | in hand                         |                           | does not conduct the normal draw | the effect of chain link 1 is negated     | 0 cards |
      | flame-tiger.activation-negated | cost-type | activation is negated | no        | Flame Tiger        | in the graveyard                   | "Celtic Guardian"     | Mystical Elf                           |                       | has      | Solemn Strike               | set in the spell & trap zone    |                           | does not conduct the normal draw | the activation of chain link 1 is negated | 0 cards |
      | gearbreed.activation-negated   | cost-type | activation is negated | no        | Gearbreed          | face-up in the spell & trap zone   | "Axe of Despair"      | Mystical Elf                           |                       | controls | Infernoid Onuncu            | face-up in attack position      | , tributing "elf" as cost | does not conduct the normal draw | the activation of chain link 1 is negated | 0 cards |
      | gearbreed.effect-negated       | cost-type | effect is negated     | no        | Gearbreed          | face-up in the spell & trap zone   | "Axe of Despair"      | Mystical Elf                           |                       | has      | Ash Blossom & Joyous Spring | in hand                         |                           | does not conduct the normal draw | the effect of chain link 1 is negated     | 0 cards |
      | tachyon.activation-negated     | cost-type | activation is negated | no        | Tachyon Chaos Hole | in the graveyard                   | "Celtic Guardian"     | Number 107: Galaxy-Eyes Tachyon Dragon | , targeting "support" | controls | Infernoid Onuncu            | face-up in attack position      | , tributing "elf" as cost | does not conduct the normal draw | the activation of chain link 1 is negated | 0 cards |
      | tachyon.fizzles                | cost-type | effect fizzles        | no        | Tachyon Chaos Hole | in the graveyard                   | "Celtic Guardian"     | Number 107: Galaxy-Eyes Tachyon Dragon | , targeting "support" | has      | D.D. Crow                   | in hand                         | , targeting "support"     | does not conduct the normal draw | "support" is banished                     | 0 cards |

    # ND-TAB, effect-type row (ND-L-EFFECT): conducted when its activation or effect is negated (ND-E1),
    # not when it fizzles (ND-E3; the continuous card's fizzle here is not its leaving the field, ND-E4).
    # (Solemn Strike destroys the negated monster, also the revealed Black Luster Soldier in the hand.)
    Examples: every effect-type card of the page's list
      | id                                     | kind        | interference          | conducted | card                                       | place                            | deck                 | gy                 | act | has      | interferer       | iplace                          | iact                      | result                           | happened                                  | hand    |
      | muusiki.activation-negated             | effect-type | activation is negated | yes       | Flying Saucer Muusik'i                     | face-up in attack position       | "Alien Shocktrooper" | Mystical Elf       |     | has      | Solemn Strike    | set in the spell & trap zone    |                           | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | freed.activation-negated               | effect-type | activation is negated | yes       | Freed the Matchless General                | face-up in attack position       | "Celtic Guardian"    | Mystical Elf       |     | has      | Solemn Strike    | set in the spell & trap zone    |                           | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | skull-flame.activation-negated         | effect-type | activation is negated | yes       | Skull Flame                                | face-up in attack position       | "Celtic Guardian"    | Burning Skull Head |     | has      | Solemn Strike    | set in the spell & trap zone    |                           | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | skull-flame.fizzles                    | effect-type | effect fizzles        | no        | Skull Flame                                | face-up in attack position       | "Celtic Guardian"    | Burning Skull Head |     | has      | D.D. Crow        | in hand                         | , targeting "support"     | does not conduct the normal draw | "support" is banished                     | 0 cards |
      | dark-general-freed.activation-negated  | effect-type | activation is negated | yes       | Dark General Freed                         | face-up in attack position       | "Dark Blade"         | Mystical Elf       |     | has      | Solemn Strike    | set in the spell & trap zone    |                           | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | legendary-swordsman.activation-negated | effect-type | activation is negated | yes       | Black Luster Soldier - Legendary Swordsman | in hand                          | "Chaos Form"         | Mystical Elf       |     | has      | Solemn Strike    | set in the spell & trap zone    |                           | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | legacy.activation-negated              | effect-type | activation is negated | yes       | Legacy of the Duelist                      | face-up in the spell & trap zone | "Celtic Guardian"    | Mystical Elf       |     | controls | Infernoid Onuncu | face-up in attack position      | , tributing "elf" as cost | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | legacy.fizzles                         | effect-type | effect fizzles        | no        | Legacy of the Duelist                      | face-up in the spell & trap zone | "Celtic Guardian"    | Mystical Elf       |     | has      | D.D. Crow        | in hand                         | , targeting "support"     | does not conduct the normal draw | "support" is banished                     | 0 cards |
      | iron-core.activation-negated           | effect-type | activation is negated | yes       | Iron Core of Koa'ki Meiru                  | in the graveyard                 | "Celtic Guardian"    | Mystical Elf       |     | controls | Infernoid Onuncu | face-up in attack position      | , tributing "elf" as cost | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | iron-core.fizzles                      | effect-type | effect fizzles        | no        | Iron Core of Koa'ki Meiru                  | in the graveyard                 | "Celtic Guardian"    | Mystical Elf       |     | has      | D.D. Crow        | in hand                         | , targeting "replacement" | does not conduct the normal draw | "replacement" is banished                 | 0 cards |
      | spirit-burner.activation-negated       | effect-type | activation is negated | yes       | Spirit Burner                              | in the graveyard                 | "Celtic Guardian"    | Mystical Elf       |     | controls | Infernoid Onuncu | face-up in attack position      | , tributing "elf" as cost | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | spirit-burner.fizzles                  | effect-type | effect fizzles        | no        | Spirit Burner                              | in the graveyard                 | "Celtic Guardian"    | Mystical Elf       |     | has      | D.D. Crow        | in hand                         | , targeting "replacement" | does not conduct the normal draw | "replacement" is banished                 | 0 cards |
      | magical-blast.activation-negated       | effect-type | activation is negated | yes       | Magical Blast                              | in the graveyard                 | "Celtic Guardian"    | Mystical Elf       |     | controls | Infernoid Onuncu | face-up in attack position      | , tributing "elf" as cost | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | meteor-flare.activation-negated        | effect-type | activation is negated | yes       | Meteor Flare                               | in the graveyard                 | "Celtic Guardian"    | Mystical Elf       |     | controls | Infernoid Onuncu | face-up in attack position      | , tributing "elf" as cost | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | meteor-flare.fizzles                   | effect-type | effect fizzles        | no        | Meteor Flare                               | in the graveyard                 | "Celtic Guardian"    | Mystical Elf       |     | has      | D.D. Crow        | in hand                         | , targeting "replacement" | does not conduct the normal draw | "replacement" is banished                 | 0 cards |
