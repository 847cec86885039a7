@game:ygo @rule:YGO-GEN-SEGOC
Feature: Effects of both players at the timing before the draw, on one chain
  Effects activated at the same timing go on one chain in this order: the turn player's
  mandatory effects, the opponent's mandatory effects, the turn player's optional effects, the
  opponent's optional effects; effects of the same kind of one player in the order that player
  chooses; no Quick Effect can come between them (general rule YGO-GEN-SEGOC: the official rulebook,
  quoted on the rules wiki's page 「同時に複数のカードが発動した場合」; docs/rulings/general-rules.md).
  Mandatory (発動する / no できる): Sylvan Waterslide (the turn player's), Diabolos, King of the
  Abyss and Gravekeeper's Trap (the opponent's). No card has an optional effect of the opponent
  at this timing: in the whole card database (YGOJSON, v1/individual) only Diabolos and
  Gravekeeper's Trap have an effect 「相手ドローフェイズのドロー前に」, and both are mandatory, so
  that combination has no scenario.

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"

  @id:ygo.normal-draw.same-timing.opp-mandatory.tp-optional @ruling:ND-05 @ruling:ND-E7
  Scenario: The opponent's Diabolos (mandatory) is chain link 1, the turn player's Flying Saucer Muusik'i (optional) chain link 2
    # cites: card-text | Diabolos, King of the Abyss (29424328) ②
    # 「②：相手ドローフェイズのドロー前に発動する。相手のデッキの一番上のカードを確認し、デッキの一番上または一番下に戻す。」
    # (an engine that refuses Muusik'i because a link of the opponent is already on the chain fails here)
    Given player B controls "Diabolos, King of the Abyss" as "diabolos" face-up in attack position
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When before the draw, player A activates "muusiki"
    And while chain link 1 resolves, player B declares "top"
    Then "diabolos" is activated as chain link 1
    And "muusiki" is activated as chain link 2
    And "alien-shocktrooper" is added to the hand
    And player A does not conduct the normal draw
    And "top" ends in player A's deck

  @id:ygo.normal-draw.same-timing.opp-mandatory.tp-optional-cost @ruling:ND-05 @ruling:ND-C4
  Scenario: The opponent's Diabolos (mandatory) is chain link 1, the turn player's cost-type Gearbreed chain link 2
    # ND-C4: a cost-type can be activated on that chain (Diabolos is no replacement)
    Given player B controls "Diabolos, King of the Abyss" as "diabolos" face-up in attack position
    And player A has "Gearbreed" as "gearbreed" face-up in the spell & trap zone
    And player A's deck holds "Axe of Despair", in this order from the top
    When before the draw, player A activates "gearbreed"
    And while chain link 1 resolves, player B declares "top"
    Then "diabolos" is activated as chain link 1
    And "gearbreed" is activated as chain link 2
    And "axe-of-despair" is added to the hand
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.same-timing.tp-mandatory.opp-mandatory @ruling:ND-05 @ruling:ND-C1
  Scenario: The turn player's Sylvan Waterslide (mandatory) is chain link 1, the opponent's Diabolos chain link 2, which resolves first
    # cites: card-text | Sylvan Waterslide (49838105)
    # 「…通常のドローを行う代わりに、自分のデッキの一番上のカードをめくる。めくったカードが植物族モンスターだった場合、そのモンスターを墓地へ送る。違った場合、そのカードを手札に加える。」
    Given player A has "Sylvan Waterslide" as "waterslide" face-up in the spell & trap zone
    And player B controls "Diabolos, King of the Abyss" as "diabolos" face-up in attack position
    And player A's deck holds "Celtic Guardian", in this order from the top
    When while chain link 2 resolves, player B declares "bottom"
    Then "waterslide" is activated as chain link 1
    And "diabolos" is activated as chain link 2
    And "top" is returned to the deck
    And "celtic-guardian" is revealed
    And "celtic-guardian" is added to the hand
    And player A does not conduct the normal draw
    And "top" ends in player A's deck

  @id:ygo.normal-draw.same-timing.tp-mandatory.tp-optional @ruling:ND-05 @ruling:ND-E6
  Scenario: The turn player's Sylvan Waterslide (mandatory, cost-type) is chain link 1: no optional replacement can follow it
    # ND-E6: nothing after a cost-type; Waterslide, mandatory, always comes first (issue 9: 77 of the
    # 78 generated chains with Waterslide placed it after an optional replacement)
    Given player A has "Sylvan Waterslide" as "waterslide" face-up in the spell & trap zone
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When before the draw, player A cannot activate "muusiki"
    Then "waterslide" is activated as chain link 1
    And "muusiki" is not activated
    And "top" is revealed
    And "top" is added to the hand
    And player A does not conduct the normal draw
    And "alien-shocktrooper" ends in player A's deck

  @id:ygo.normal-draw.same-timing.both-mandatory.tp-optional @ruling:ND-05 @ruling:ND-E6
  Scenario: Sylvan Waterslide chain link 1, Diabolos chain link 2: the turn player's optional replacement is refused
    Given player A has "Sylvan Waterslide" as "waterslide" face-up in the spell & trap zone
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player B controls "Diabolos, King of the Abyss" as "diabolos" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When before the draw, player A cannot activate "muusiki"
    And while chain link 2 resolves, player B declares "top"
    Then "waterslide" is activated as chain link 1
    And "diabolos" is activated as chain link 2
    And "muusiki" is not activated
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.same-timing.two-opp-mandatory.tp-optional @ruling:ND-05 @ruling:ND-E7
  Scenario: Two mandatory effects of the opponent, in the order the opponent chooses, then the turn player's optional one
    Given player B controls "Diabolos, King of the Abyss" as "diabolos" face-up in attack position
    And player B has "Gravekeeper's Trap" as "trap" face-up in the spell & trap zone
    And player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A's deck holds "Alien Shocktrooper", in this order from the top
    When before the draw, player B chooses "trap"
    And while chain link 1 is being activated, player B declares "Alexandrite Dragon"
    And before the draw, player A activates "muusiki"
    And while chain link 2 resolves, player B declares "top"
    Then "trap" is activated as chain link 1
    And "diabolos" is activated as chain link 2
    And "muusiki" is activated as chain link 3
    And "alien-shocktrooper" is added to the hand
    And player A does not conduct the normal draw
    # Gravekeeper's Trap looks at the card drawn for the normal draw: there is none
    And "top" is never sent to the graveyard

  @id:ygo.normal-draw.same-timing.opp-mandatory.gravekeeper.tp-optional @ruling:ND-05 @ruling:ND-E7
  Scenario: The opponent's Gravekeeper's Trap (mandatory) is chain link 1, the turn player's Magical Blast chain link 2
    # cites: card-text | Gravekeeper's Trap (98715423) ③
    # 「③：このカードが表側表示で存在する場合、相手ドローフェイズのドロー前に、カード名を１つ宣言して発動する。通常のドローをしたカードを確認し、宣言したカードの場合、墓地へ送る。」
    Given player B has "Gravekeeper's Trap" as "trap" face-up in the spell & trap zone
    And player A has "Magical Blast" as "blast" in the graveyard
    When while chain link 1 is being activated, player B declares "Alexandrite Dragon"
    And before the draw, player A activates "blast"
    Then "trap" is activated as chain link 1
    And "blast" is activated as chain link 2
    And "blast" is added to the hand
    And player A does not conduct the normal draw
    And "top" ends in player A's deck

  # Effects activated from the hand: the rules wiki, page 手札誘発 (the source page's wiki):
  # 「手札誘発の誘発効果は通常の誘発効果だけでチェーンを組み終えた後に発動できる。同時に複数のカードが発動した場合の
  # ルールにおける通常の誘発効果の扱いとは異なり、これらより先に発動することはできない」, with 《イリュージョン・スナッチ》
  # in the hand and 《氷帝メビウス》 as its example: only chain link 1 Mobius, chain link 2 Snatch
  # (the general rule YGO-GEN-HAND-TRIGGER). Black Luster Soldier - Legendary Swordsman's (1) is
  # activated from the hand (「①：自分ドローフェイズのドロー前に、手札のこのカードを相手に見せて発動できる。」).

  @id:ygo.normal-draw.same-timing.hand-after-public @rule:YGO-GEN-HAND-TRIGGER @ruling:ND-05 @ruling:ND-E5 @ruling:ND-E7
  Scenario: Meteor Flare (in the graveyard) is chain link 1, Black Luster Soldier - Legendary Swordsman from the hand chain link 2, which is applied
    # ND-L-EFFECT: both are effect-type; ND-E7: the last one activated resolves first and spends the right
    Given player A has "Meteor Flare" as "flare" in the graveyard
    And player A has "Black Luster Soldier - Legendary Swordsman" as "swordsman" in hand
    And player A's deck holds "Chaos Form", in this order from the top
    # Scripted first, Legendary Swordsman is refused while Meteor Flare is still to be placed: an engine
    # that lets an effect from the hand go before the public ones fails here (issue 35)
    When before the draw, player A cannot activate "swordsman"
    And before the draw, player A activates "flare"
    And before the draw, player A activates "swordsman"
    Then "flare" is activated as chain link 1
    And "swordsman" is activated as chain link 2
    And "chaos-form" is added to the hand
    And "flare" is never added to the hand
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.same-timing.hand-after-public.negated @rule:YGO-GEN-HAND-TRIGGER @ruling:ND-L-EFFECT @ruling:ND-E9 @ruling:ND-05
  Scenario: Black Luster Soldier - Legendary Swordsman from the hand, chain link 2, has its effect negated: Meteor Flare below it is applied
    # ND-L-EFFECT: Legendary Swordsman is effect-type, so negated it does not spend the right (ND-E1)
    # and the replacement below it is applied (ND-E9); a cost-type would have spent it on activation
    Given player A has "Meteor Flare" as "flare" in the graveyard
    And player A has "Black Luster Soldier - Legendary Swordsman" as "swordsman" in hand
    And player A's deck holds "Chaos Form", in this order from the top
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A cannot activate "swordsman"
    And before the draw, player A activates "flare"
    And before the draw, player A activates "swordsman"
    And in response to chain link 2, player B activates "ash"
    Then "flare" is activated as chain link 1
    And "swordsman" is activated as chain link 2
    And "ash" is activated as chain link 3
    And the effect of chain link 2 is negated
    And "flare" is added to the hand
    And "chaos-form" is never added to the hand
    And player A does not conduct the normal draw

  # Format 2.2 (issue 35): a player may decline an optional effect the engine offers (`declines`). 手札誘発:
  # 「手札誘発の誘発効果は通常の誘発効果だけでチェーンを組み終えた後に発動できる」 — the effect from the hand is
  # activated once the chain of the public ones is built; Meteor Flare's (1) is optional
  # (「…ドロー前に…発動できる」, 任意効果), so a player who declines it builds that chain with none, and Legendary
  # Swordsman is then chain link 1. A public one can no longer follow it (the public ones were placed, or
  # declined, before it: 「これらより先に発動することはできない」 read from the other side).

  @id:ygo.normal-draw.same-timing.hand-trigger.public-declined @rule:YGO-GEN-HAND-TRIGGER @ruling:ND-05 @ruling:ND-L-EFFECT
  Scenario: Meteor Flare declined, Black Luster Soldier - Legendary Swordsman from the hand is chain link 1 and replaces the draw
    Given player A has "Meteor Flare" as "flare" in the graveyard
    And player A has "Black Luster Soldier - Legendary Swordsman" as "swordsman" in hand
    And player A's deck holds "Chaos Form", in this order from the top
    When before the draw, player A declines "flare"
    And before the draw, player A activates "swordsman"
    Then "swordsman" is activated as chain link 1
    And "flare" is not activated
    And "chaos-form" is added to the hand
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.same-timing.hand-trigger.no-public-after-hand @rule:YGO-GEN-HAND-TRIGGER @ruling:ND-05
  Scenario: After Legendary Swordsman from the hand, the declined Meteor Flare cannot be placed after it
    Given player A has "Meteor Flare" as "flare" in the graveyard
    And player A has "Black Luster Soldier - Legendary Swordsman" as "swordsman" in hand
    And player A's deck holds "Chaos Form", in this order from the top
    When before the draw, player A declines "flare"
    And before the draw, player A activates "swordsman"
    And before the draw, player A cannot activate "flare"
    Then "swordsman" is activated as chain link 1
    And "flare" is not activated
    And "flare" ends in the graveyard
    And "chaos-form" is added to the hand
    And player A does not conduct the normal draw

  @id:ygo.normal-draw.same-timing.mandatory-not-declined @ruling:ND-L-BEFORE @ruling:ND-01
  Scenario: The opponent's Gravekeeper's Trap is mandatory: player B cannot decline it
    # cites: card-text | Gravekeeper's Trap (98715423) ③
    # 「③：このカードが表側表示で存在する場合、相手ドローフェイズのドロー前に、カード名を１つ宣言して発動する。」: 発動する,
    # not 発動できる — the game activates it; "mandatory even if B would decline" as a step (format 2.2)
    Given player B has "Gravekeeper's Trap" as "trap" face-up in the spell & trap zone
    # (the declaration comes first in the script: the game asks for it while it activates the trap, before
    # the timing is over; the `cannot decline` step is judged when that timing closes)
    When while chain link 1 is being activated, player B declares "Alexandrite Dragon"
    And before the draw, player B cannot decline "trap"
    Then "trap" is activated as chain link 1
    And player A conducts the normal draw, drawing "top"
