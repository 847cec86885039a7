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

    # ND-H3: already answered so on 2019-03-17 (the page's commented-out FAQ answer)
    @ruling:ND-H3
    Examples: answered the same way on 2019-03-17
      | id                 | date       | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | fandora            | 2019-03-17 | Fandora, the Flying Furtress              | face-up in the field zone        | "Seal, Strategist Fur Hire" | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | seal-strategist-fur-hire  |
      | muusiki            | 2022-07-30 | Flying Saucer Muusik'i                    | face-up in attack position       | "Alien Shocktrooper"        | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | alien-shocktrooper        |
      | freed              | 2022-07-30 | Freed the Matchless General               | face-up in attack position       | "Celtic Guardian"           | Mystical Elf       | Ash Blossom & Joyous Spring | in hand                         |                             | celtic-guardian           |
      | dark-general-freed | 2022-07-30 | Dark General Freed                        | face-up in attack position       | "Dark Blade"                | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | dark-blade                |

    # ND-H1: answered the other way on 2019-03-17 (not conducted), changed on the date of the row
    @ruling:ND-H1
    Examples: answered "not conducted" on 2019-03-17, changed later
      | id                 | date       | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | magical-blast      | 2019-12-26 | Magical Blast                             | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |
      | skull-flame        | 2022-07-30 | Skull Flame                               | face-up in attack position       | "Celtic Guardian"           | Burning Skull Head | Infinite Impermanence       | set in the spell & trap zone    | , targeting "replacement"   | support                   |
      | spirit-burner      | 2022-07-30 | Spirit Burner                             | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |
      | iron-core          | 2022-08-01 | Iron Core of Koa'ki Meiru                 | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |

    # ND-H2: under review (調整中) on 2019-03-17, answered on 2019-12-26
    @ruling:ND-H2
    Examples: under review on 2019-03-17
      | id                 | date       | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | meteor-flare       | 2019-12-26 | Meteor Flare                              | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | Skull Meister               | in hand                         |                             | replacement               |

    Examples: first answered on the date of the row
      | id                 | date       | card                                      | place                            | deck                        | gy                 | negator                     | nplace                          | aim                         | gain                      |
      | legendary-swordsman| 2022-02-18 | Black Luster Soldier - Legendary Swordsman| in hand                          | "Chaos Form"                | Celtic Guardian    | Ash Blossom & Joyous Spring | in hand                         |                             | chaos-form                |

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

    # ND-H1: the 2019-03-17 answer said the same for these cards (the later dates re-confirm it)
    @ruling:ND-H1
    Examples:
      | id           | date       | card                       | place                            | deck                                                                                          | gy                                    | act                              | negator                     | unapplied                               |
      | astral-force | 2019-03-17 | Rank-Up-Magic Astral Force | in the graveyard                 | "Celtic Guardian"                                                                             | Mystical Elf                          | effect (2)                       | Skull Meister               | "replacement" is never added to the hand |
      | sin-world    | 2019-03-17 | Malefic World              | face-up in the field zone        | "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon" | Mystical Elf                          |                                  | Ash Blossom & Joyous Spring | player A ends with 0 cards in hand      |
      | tachyon      | 2022-07-25 | Tachyon Chaos Hole         | in the graveyard                 | "Celtic Guardian"                                                                             | Number 107: Galaxy-Eyes Tachyon Dragon| , targeting "support"            | Skull Meister               | "support" is never Special Summoned     |
      | flame-tiger  | 2022-07-30 | Flame Tiger                | in the graveyard                 | "Celtic Guardian"                                                                             | Mystical Elf                          |                                  | Skull Meister               | "replacement" is never Special Summoned |

  # ND-H1: Sylvan Waterslide is among the cards the 2019-03-17 answer gave as "not conducted" too
  @id:ygo.normal-draw.faq2.waterslide @ruling:ND-FAQ2 @ruling:ND-H1
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

  @id:ygo.normal-draw.table @ruling:ND-TAB
  Scenario Outline: ND-TAB: a <kind> replacement whose <interference>: normal draw <conducted>
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "Mystical Elf" as "support" in the graveyard
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
      | id                      | kind         | interference            | conducted | card                         | place                     | deck                                                                                          | act        | has      | interferer                  | iplace                     | iact                                 | result                          | happened                              | hand    |
      | cost.activation-negated | cost-type    | activation is negated   | no        | Malefic World                | face-up in the field zone | "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon" |            | controls | Infernoid Onuncu            | face-up in attack position | , tributing "elf" as cost            | does not conduct the normal draw | the activation of chain link 1 is negated | 0 cards |
      | cost.effect-negated     | cost-type    | effect is negated       | no        | Malefic World                | face-up in the field zone | "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon" |            | has      | Ash Blossom & Joyous Spring | in hand                    |                                      | does not conduct the normal draw | the effect of chain link 1 is negated | 0 cards |
      | cost.fizzles            | cost-type    | effect fizzles          | no        | Flame Tiger                  | in the graveyard          | "Celtic Guardian"                                                                             |            | has      | D.D. Crow                   | in hand                    | , targeting "replacement"            | does not conduct the normal draw | "replacement" is banished             | 0 cards |
      | effect.activation-negated | effect-type | activation is negated  | yes       | Fandora, the Flying Furtress | face-up in the field zone | "Seal, Strategist Fur Hire"                                                                   |            | controls | Infernoid Onuncu            | face-up in attack position | , tributing "elf" as cost            | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | effect.effect-negated   | effect-type  | effect is negated       | yes       | Fandora, the Flying Furtress | face-up in the field zone | "Seal, Strategist Fur Hire"                                                                   |            | has      | Ash Blossom & Joyous Spring | in hand                    |                                      | conducts the normal draw         | the effect of chain link 1 is negated | 1 card  |
      | effect.fizzles          | effect-type  | effect fizzles          | no        | Magical Blast                | in the graveyard          | "Celtic Guardian"                                                                             |            | has      | D.D. Crow                   | in hand                    | , targeting "replacement"            | does not conduct the normal draw | "replacement" is banished             | 0 cards |
      | astral.activation-negated | Astral Force (2) | activation is negated | yes   | Rank-Up-Magic Astral Force   | in the graveyard          | "Celtic Guardian"                                                                             | effect (2) | controls | Infernoid Onuncu            | face-up in attack position | , tributing "elf" as cost            | conducts the normal draw         | the activation of chain link 1 is negated | 1 card  |
      | astral.effect-negated   | Astral Force (2) | effect is negated   | no        | Rank-Up-Magic Astral Force   | in the graveyard          | "Celtic Guardian"                                                                             | effect (2) | has      | Skull Meister               | in hand                    |                                      | does not conduct the normal draw | the effect of chain link 1 is negated | 0 cards |
      | astral.fizzles          | Astral Force (2) | effect fizzles      | no        | Rank-Up-Magic Astral Force   | in the graveyard          | "Celtic Guardian"                                                                             | effect (2) | has      | D.D. Crow                   | in hand                    | , targeting "replacement"            | does not conduct the normal draw | "replacement" is banished             | 0 cards |
