@game:ygo
Feature: The card lists of the page, one row per listed card
  Each listed card is played from its real text (features/cards/ygo.json). A card whose text
  the reference engine cannot play yet is a visible skip with its reason.

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"

  @id:ygo.normal-draw.list.cost @ruling:ND-L-COST @ruling:ND-05 @ruling:ND-E6
  Scenario Outline: ND-L-COST: <card> is a cost-type replacement; activated before the draw, it replaces the normal draw
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    And player A has "Magical Blast" as "blast" in the graveyard
    When before the draw, player A activates "replacement"<act>
    # ND-E6: after a cost-type, no replacement (an effect-type included) can be activated on that chain
    And before the draw, player A cannot activate "blast"
    Then "replacement" is activated as chain link 1
    And player A does not conduct the normal draw
    And "blast" ends in the graveyard

    Examples:
      | id         | card               | place                            | deck                                                                                          | gy                                     | act                   |
      | pawn       | Infernity Pawn     | in the graveyard                 | "Infernity Archfiend"                                                                         | Mystical Elf                           |                       |
      | flame-tiger| Flame Tiger        | in the graveyard                 | "Celtic Guardian"                                                                             | Mystical Elf                           |                       |
      | gearbreed  | Gearbreed          | face-up in the spell & trap zone | "Axe of Despair"                                                                              | Mystical Elf                           |                       |
      | sin-world  | Malefic World      | face-up in the field zone        | "Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon" | Mystical Elf                           |                       |
      | tachyon    | Tachyon Chaos Hole | in the graveyard                 | "Celtic Guardian"                                                                             | Number 107: Galaxy-Eyes Tachyon Dragon | , targeting "support" |

  @id:ygo.normal-draw.list.cost.waterslide @ruling:ND-L-COST @ruling:ND-05 @ruling:ND-E6
  Scenario: ND-L-COST: Sylvan Waterslide is a cost-type replacement the game activates (mandatory): it replaces the normal draw
    # card text (OCG, features/cards/ygo-effects.json): 「…通常のドローを行う代わりに、自分のデッキの一番上のカードをめくる。」
    # — no できる: mandatory; no script step activates it (an engine that lets the player skip it draws "top")
    # cites: card-text | Sylvan Waterslide (森羅の滝滑り, 49838105), OCG text: the game activates it (mandatory) |
    Given player A has "Sylvan Waterslide" as "replacement" face-up in the spell & trap zone
    And player A's deck holds "Celtic Guardian", in this order from the top
    And player A has "Magical Blast" as "blast" in the graveyard
    # ND-E6: after a cost-type, no replacement (an effect-type included) can be activated on that chain
    When before the draw, player A cannot activate "blast"
    Then "replacement" is activated as chain link 1
    And "top" is revealed
    And "top" is added to the hand
    And player A does not conduct the normal draw
    And "blast" ends in the graveyard

  @id:ygo.normal-draw.list.effect @ruling:ND-L-EFFECT @ruling:ND-05
  Scenario Outline: ND-L-EFFECT: <card> is an effect-type replacement; it is applied instead of the normal draw
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    When before the draw, player A activates "replacement"
    Then "replacement" is activated as chain link 1
    And "<gain>" is added to the hand
    And player A does not conduct the normal draw

    Examples:
      | id                  | card                                       | place                            | deck                        | gy                 | gain                     |
      | muusiki             | Flying Saucer Muusik'i                     | face-up in attack position       | "Alien Shocktrooper"        | Mystical Elf       | alien-shocktrooper       |
      | freed               | Freed the Matchless General                | face-up in attack position       | "Celtic Guardian"           | Mystical Elf       | celtic-guardian          |
      | skull-flame         | Skull Flame                                | face-up in attack position       | "Celtic Guardian"           | Burning Skull Head | support                  |
      | dark-general-freed  | Dark General Freed                         | face-up in attack position       | "Dark Blade"                | Mystical Elf       | dark-blade               |
      | legendary-swordsman | Black Luster Soldier - Legendary Swordsman | in hand                          | "Chaos Form"                | Mystical Elf       | chaos-form               |
      | legacy              | Legacy of the Duelist                      | face-up in the spell & trap zone | "Celtic Guardian"           | Mystical Elf       | support                  |
      | iron-core           | Iron Core of Koa'ki Meiru                  | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              |
      | spirit-burner       | Spirit Burner                              | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              |
      | fandora             | Fandora, the Flying Furtress               | face-up in the field zone        | "Seal, Strategist Fur Hire" | Mystical Elf       | seal-strategist-fur-hire |
      | magical-blast       | Magical Blast                              | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              |
      | meteor-flare        | Meteor Flare                               | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              |

  @id:ygo.normal-draw.list.effect-chained @ruling:ND-L-EFFECT @ruling:ND-E5 @ruling:ND-E7
  Scenario Outline: ND-L-EFFECT: <card> is an effect-type replacement; another one can be chained after it, and only the last one is applied
    # ND-E5: any number of effect-type replacements on one chain (a cost-type would forbid the second, ND-E6);
    # ND-E7: the last one activated resolves first and spends the right; <card> fizzles.
    # Black Luster Soldier - Legendary Swordsman, activated from the hand, can only come after the
    # public one (YGO-GEN-HAND-TRIGGER): its row is the scenario after this outline
    Given player A has "<card>" as "replacement" <place>
    And player A's deck holds <deck>, in this order from the top
    And player A has "<gy>" as "support" in the graveyard
    And player A has "<second>" as "second" in the graveyard
    When before the draw, player A activates "replacement"
    And before the draw, player A activates "second"
    Then "replacement" is activated as chain link 1
    And "second" is activated as chain link 2
    And "second" is added to the hand
    And "<gain>" is never added to the hand
    And player A does not conduct the normal draw

    Examples:
      | id                  | card                                       | place                            | deck                        | gy                 | gain                     | second        |
      | muusiki             | Flying Saucer Muusik'i                     | face-up in attack position       | "Alien Shocktrooper"        | Mystical Elf       | alien-shocktrooper       | Meteor Flare  |
      | freed               | Freed the Matchless General                | face-up in attack position       | "Celtic Guardian"           | Mystical Elf       | celtic-guardian          | Meteor Flare  |
      | skull-flame         | Skull Flame                                | face-up in attack position       | "Celtic Guardian"           | Burning Skull Head | support                  | Meteor Flare  |
      | dark-general-freed  | Dark General Freed                         | face-up in attack position       | "Dark Blade"                | Mystical Elf       | dark-blade               | Meteor Flare  |
      | legacy              | Legacy of the Duelist                      | face-up in the spell & trap zone | "Celtic Guardian"           | Mystical Elf       | support                  | Meteor Flare  |
      | iron-core           | Iron Core of Koa'ki Meiru                  | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              | Meteor Flare  |
      | spirit-burner       | Spirit Burner                              | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              | Meteor Flare  |
      | fandora             | Fandora, the Flying Furtress               | face-up in the field zone        | "Seal, Strategist Fur Hire" | Mystical Elf       | seal-strategist-fur-hire | Meteor Flare  |
      | magical-blast       | Magical Blast                              | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              | Meteor Flare  |
      | meteor-flare        | Meteor Flare                               | in the graveyard                 | "Celtic Guardian"           | Mystical Elf       | replacement              | Magical Blast |

  @id:ygo.normal-draw.list.effect-chained.legendary-swordsman @ruling:ND-L-EFFECT @ruling:ND-05 @ruling:ND-E7 @rule:YGO-GEN-HAND-TRIGGER
  Scenario: Black Luster Soldier - Legendary Swordsman from the hand cannot be chain link 1 under Meteor Flare: refused, Meteor Flare is chain link 1
    # The row of the outline above that put it before Meteor Flare: an effect activated from the hand
    # (手札誘発) comes after the public ones of its timing (the rules wiki, page 手札誘発:
    # 「手札誘発の誘発効果は通常の誘発効果だけでチェーンを組み終えた後に発動できる」, YGO-GEN-HAND-TRIGGER);
    # scripted first, it is refused and Meteor Flare is placed (issue 25; same_timing.feature has the
    # legal order, Meteor Flare chain link 1 and Legendary Swordsman chain link 2)
    Given player A has "Meteor Flare" as "flare" in the graveyard
    And player A has "Black Luster Soldier - Legendary Swordsman" as "swordsman" in hand
    And player A's deck holds "Chaos Form", in this order from the top
    When before the draw, player A cannot activate "swordsman" (refused: timing)
    And before the draw, player A activates "flare"
    Then "flare" is activated as chain link 1
    And "swordsman" is not activated
    And "flare" is added to the hand
    And "chaos-form" is never added to the hand
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.list.before.diabolos @ruling:ND-L-BEFORE @ruling:ND-01
  Scenario: ND-L-BEFORE: the opponent's Diabolos is activated before the normal draw (mandatory) and can send the top card to the bottom
    Given player B controls "Diabolos, King of the Abyss" as "diabolos" face-up in attack position
    And player A's deck holds "Mystical Elf", in this order from the top
    When while chain link 1 resolves, player B declares "bottom"
    Then "diabolos" is activated as chain link 1
    # 「相手のデッキの一番上のカードを確認し」: the top card is shown to player B
    And "top" is revealed
    And "top" is returned to the deck
    And player A conducts the normal draw, drawing "mystical-elf"
    And "top" ends in player A's deck

  @id:ygo.normal-draw.list.before.zexal-field @ruling:ND-L-BEFORE @ruling:ND-01
  Scenario: ND-L-BEFORE: Zexal Field places Shining Draw on top of the Deck before the normal draw, which then draws it
    Given player A has "Zexal Field" as "zexal" face-up in the field zone
    And player A's deck holds "Mystical Elf", "Shining Draw", in this order from the top
    When before the draw, player A activates "zexal"
    Then "zexal" is activated as chain link 1
    And player A conducts the normal draw, drawing "shining-draw"

  @id:ygo.normal-draw.list.before.white-rose @ruling:ND-L-BEFORE @ruling:ND-01
  Scenario: ND-L-BEFORE: White Rose Cloister reveals the top card before the normal draw, which then draws it
    Given player A has "White Rose Cloister" as "cloister" face-up in the field zone
    When before the draw, player A activates "cloister", declaring "Monster"
    Then "cloister" is activated as chain link 1
    And "top" is revealed
    And player A conducts the normal draw, drawing "top"

  @id:ygo.normal-draw.list.before.gravekeeper @ruling:ND-L-BEFORE @ruling:ND-01
  Scenario: ND-L-BEFORE: the opponent's Gravekeeper's Trap, activated before the normal draw, sends the declared card drawn to the GY
    Given player B has "Gravekeeper's Trap" as "trap" face-up in the spell & trap zone
    # card text (OCG): 「…相手ドローフェイズのドロー前に、カード名を１つ宣言して発動する。」 — mandatory: the game
    # activates it, player B only declares the name
    # cites: card-text | Gravekeeper's Trap (墓守の罠, 98715423), OCG text: mandatory, a card name declared on activation |
    When while chain link 1 is being activated, player B declares "Alexandrite Dragon"
    Then "trap" is activated as chain link 1
    And player A conducts the normal draw, drawing "top"
    # 「通常のドローをしたカードを確認し」: the card drawn is shown to player B
    And "top" is revealed
    And "top" is sent to the graveyard
    And "top" ends in the graveyard

  @id:ygo.normal-draw.list.before.no-new-chain-after-its-chain @ruling:ND-L-BEFORE @ruling:ND-01
  Scenario: ND-L-BEFORE: once the chain of the timing before the draw has resolved, no new chain starts before the normal draw
    # The page lists what can start a chain link before the normal draw (「通常のドローより前にチェーンブロック
    # を作ることができるカード」: the effects of that timing and the replacements); once that timing's chain has
    # resolved, a Quick Effect cannot start a new one before the draw (it could have responded to the chain).
    # Format 2.1: the window `between the timing before the draw and the normal draw` (issue 22.3); the
    # refusal has a target, so it is a refusal for the timing. ygopro-core before PR 476 opened a new chain
    # there (processor.cpp: the point event after the EVENT_PREDRAW chain did not skip new chains).
    Given player A has "White Rose Cloister" as "cloister" face-up in the field zone
    And player B has "Mystical Space Typhoon" as "mst" set in the spell & trap zone
    When before the draw, player A activates "cloister", declaring "Monster"
    And between the timing before the draw and the normal draw, player B cannot activate "mst", targeting "cloister"
    Then "cloister" is activated as chain link 1
    And player A conducts the normal draw, drawing "top"
    And "mst" is not activated
    And "cloister" ends in the field zone
