@game:ygo
Feature: Cards drawn by the normal draw (ND-L-TRIGGER, ND-L-RELATED)
  One row per listed card, played from its real text (features/cards/ygo.json).

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw

  @id:ygo.normal-draw.list.trigger @ruling:ND-L-TRIGGER
  Scenario Outline: ND-L-TRIGGER: <card> drawn for the normal draw is revealed
    Given the top card of player A's deck is "<card>" as "drawn"
    Then player A conducts the normal draw, drawing "drawn"
    And "drawn" is revealed as the card drawn for the normal draw

    Examples:
      | id              | card                            |
      | afterglow       | Afterglow                       |
      | shining-draw    | Shining Draw                    |
      | barians         | Barian's Chaos Draw             |
      | symbol          | Symbol of Friendship            |
      | seventh-one     | Rank-Up-Magic - The Seventh One |

  @id:ygo.normal-draw.list.related @ruling:ND-L-RELATED @ruling:ND-01
  Scenario Outline: ND-L-RELATED: <card>, a related card, is drawn by the normal draw like any card
    Given the top card of player A's deck is "<card>" as "drawn"
    Then player A conducts the normal draw, drawing "drawn"
    And "drawn" ends in player A's hand

    Examples:
      | id             | card                           |
      | cyber-archfiend| Cyber Archfiend                |
      | slower-swallow | Slower Swallow                 |
      | pandora        | Pandora's Jewelry Box          |
      | afterglow      | Afterglow                      |
      | cosmos         | Cosmos Channelling             |
      | shard          | Shard of Greed                 |
      | shining-draw   | Shining Draw                   |
      | guarded        | Guarded Treasure               |
      | mystical-cards | Mystical Cards of Light        |
      | tilted-try     | Tilted Try                     |
      | barians        | Barian's Chaos Draw            |
      | symbol         | Symbol of Friendship           |
      | seventh-one    | Rank-Up-Magic - The Seventh One|
      | commander      | Commander of Swords            |
      | drop-off       | Drop Off                       |
      | destructive    | Destructive Draw               |

  @id:ygo.normal-draw.list.related-extra-deck @ruling:ND-L-RELATED @ruling:ND-01
  Scenario Outline: ND-L-RELATED: <card> is an Extra Deck monster; the normal draw takes the top card of the Deck
    Given the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "<card>" as "extra" in the Extra Deck
    Then player A conducts the normal draw, drawing "top"
    And "extra" ends in player A's Extra Deck

    Examples:
      | id          | card                       |
      | lightshower | Flower Cardian Lightshower |
      | knightmare  | Knightmare Unicorn         |
