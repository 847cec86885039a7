@game:ygo
Feature: Cards drawn by the normal draw (ND-L-TRIGGER, ND-L-RELATED)
  One row per listed card, played from its real text (features/cards/ygo.json).

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw

  @id:ygo.normal-draw.list.trigger @ruling:ND-L-TRIGGER @ruling:ND-L-RELATED
  Scenario Outline: ND-L-TRIGGER: <card>, drawn for the normal draw, can be revealed
    Given the top card of player A's deck is "<card>" as "drawn"
    When after the normal draw draws exactly "drawn", player A reveals "drawn"
    Then player A conducts the normal draw, drawing "drawn"
    And "drawn" is revealed as the card drawn for the normal draw

    Examples:
      | id          | card                            |
      | shining-draw| Shining Draw                    |
      | barians     | Barian's Chaos Draw             |
      | seventh-one | Rank-Up-Magic - The Seventh One |

  @id:ygo.normal-draw.list.trigger-symbol @ruling:ND-L-TRIGGER @ruling:ND-L-RELATED
  Scenario: ND-L-TRIGGER: Symbol of Friendship, drawn for the normal draw while the opponent controls 3 monsters and you control no cards, can be revealed
    Given the top card of player A's deck is "Symbol of Friendship" as "drawn"
    And player B controls "Mystical Elf" as "elf" face-up in attack position
    And player B controls "Celtic Guardian" as "guardian" face-up in attack position
    And player B controls "Alexandrite Dragon" as "dragon" face-up in attack position
    When after the normal draw draws exactly "drawn", player A reveals "drawn"
    Then player A conducts the normal draw, drawing "drawn"
    And "drawn" is revealed as the card drawn for the normal draw

  @id:ygo.normal-draw.list.trigger-two-card-draw @ruling:ND-L-TRIGGER @ruling:ND-L-RELATED
  Scenario: ND-L-TRIGGER: Shining Draw drawn among the 2 cards of the normal draw (Guarded Treasure) can be revealed
    # Format 2.1 (issue 22.4): `after "shining-draw" is drawn by the normal draw` means the card is among the
    # cards the normal draw takes (`cards: {"includes": [...]}`); format 2.0 could name only the exact list.
    # cites: card-text | Guarded Treasure (守護神の宝札, 17052477) ②: 「このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズの通常のドローは２枚になる。」 |
    Given player A controls "Guarded Treasure" as "treasure" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Shining Draw", "Mystical Elf", in this order from the top
    When after "shining-draw" is drawn by the normal draw, player A reveals "shining-draw"
    Then player A draws "alexandrite-dragon", "shining-draw" by the normal draw
    And "shining-draw" is revealed as the card drawn for the normal draw
    And "mystical-elf" ends in player A's deck

  @id:ygo.normal-draw.list.trigger-other-draw @ruling:ND-L-TRIGGER @ruling:ND-04
  Scenario Outline: ND-L-TRIGGER: <card> drawn by another draw (Reload) cannot be revealed as drawn for the normal draw
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A has "<card>" as "drawn" in hand
    And player A has "Reload" as "reload" in hand
    When in player A's Draw Phase, player A activates "reload"
    And after a card effect draws exactly "drawn", player A cannot reveal "drawn"
    Then player A draws "drawn" by a card effect
    And "drawn" is never revealed

    Examples:
      | id           | card                            |
      | shining-draw | Shining Draw                    |
      | barians      | Barian's Chaos Draw             |
      | seventh-one  | Rank-Up-Magic - The Seventh One |

  @id:ygo.normal-draw.list.trigger-afterglow @ruling:ND-L-TRIGGER @ruling:ND-L-RELATED
  Scenario: ND-L-TRIGGER: Afterglow reveals the card drawn for the next normal draw and burns for 4000 if it is Afterglow
    Given it is turn 1, player B's Main Phase 1
    And player B has "Afterglow" as "afterglow" in hand
    And player A's deck holds "Mystical Elf", in this order from the top
    And the duel goes on until turn 3's Standby Phase
    When in player B's Main Phase 1, player B activates "afterglow"
    Then "afterglow" is banished
    And "afterglow" is shuffled into the deck
    And player A conducts the normal draw, drawing "mystical-elf"
    And player B conducts the normal draw, drawing "afterglow"
    And "afterglow" is revealed as the card drawn for the normal draw
    And player A has 4000 LP at the end
