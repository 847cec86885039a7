@game:dm
Feature: Declaring an attack (攻撃宣言): tap the creature, choose the target
  Rulings AT-01, AT-02, AT-03, AT-P5, AT-S1, AT-X2, AT-D3 (features/rulings/dm-attack.json).
  Player A is the active player (AP), player B the non-active player (NAP). Every card is a real card of
  features/cards/dm.json; its text is quoted where the scenario relies on it.

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.declaration.player @ruling:AT-01 @ruling:AT-03 @ruling:AT-S1 @ruling:AT-X2
  Scenario: Attacking the opponent: the creature is tapped and the opponent is declared as the target
    # Hypersquid Walter: "Whenever this creature attacks, you may draw a card."
    # cites: card-text | Hypersquid Walter (DM-02 16/55) 「このクリーチャーが攻撃するとき、カードを1枚引いてよい。」
    Given player A has "Hypersquid Walter" as "walter" in the battle zone
    And player A has 1 card in the deck
    # one shield: its break is no choice (the shields are not what this scenario is about)
    And player B has shields "s1"
    When in step AT-S1, player A attacks player B with "walter"
    And in step AT-S3, player A chooses yes
    # AT-S1 / AT-03: the attack starts with the tap and the declared target
    Then step AT-S1 begins
    And [AT-01, AT-03, AT-S1] "walter" is tapped
    And [AT-01, AT-03, AT-S1] "walter" attacks player B
    # AT-X2: the attack trigger comes after the declaration, never before it
    And step AT-S3 begins
    And [AT-X2] the "when-attacks" ability of "walter" resolves
    And [AT-X2] player A is asked whether to use an optional ability
    And [AT-X2] player A draws a card
    And "s1" is broken
    And the attack ends
    And [AT-01] "walter" ends in the battle zone, tapped

  @id:dm.attack.declaration.attack-trigger-asks-after-tap @ruling:AT-X2 @ruling:AT-S3
  Scenario: An attack trigger that asks a choice asks it after the declaration: Flametropus taps, then its player chooses
    # Flametropus: 「このクリーチャーが攻撃するとき、自分のマナゾーンからカードを1枚選び、自分の墓地に置いてよい。」 AT-X2: the
    # declaration (the tap and the target) comes first; AT-S3: the "when attacks" ability triggers and resolves then, so
    # its choice is asked after the attack is declared. The creature attacked (tapped, no blocker) keeps the shields
    # out of it. With the card put into the graveyard Flametropus has power attacker +3000 (3000 + 3000)
    # cites: card-text | Flametropus (DM-03 39/55) 「このクリーチャーが攻撃するとき、自分のマナゾーンからカードを1枚選び、自分の墓地に置いてよい。そうしたなら、このターン、このクリーチャーは「パワーアタッカー+3000」と「W(ダブル)・ブレイカー」を得る。」
    Given player A has "Flametropus" as "flametropus" in the battle zone
    And player A has "Aqua Vehicle" as "m" in the mana zone
    And player B has "Fear Fang" as "fang" in the battle zone, tapped
    When in step AT-S1, player A attacks "fang" with "flametropus"
    And in step AT-S3, player A chooses "m"
    Then [AT-X2] "flametropus" is tapped
    And [AT-X2] "flametropus" attacks "fang"
    And [AT-X2, AT-S3] player A is asked to choose a card among "m"
    And [AT-S3] "m" is put into player A's graveyard
    And "flametropus" (6000) battles "fang" (3000) and wins

  @id:dm.attack.declaration.tapped-creature @ruling:AT-01 @ruling:AT-02 @ruling:AT-S1
  Scenario: A tapped creature of the opponent can be attacked
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Fear Fang" as "fang" in the battle zone, tapped
    When in step AT-S1, player A attacks "fang" with "shepherd"
    Then [AT-01, AT-S1] "shepherd" is tapped
    And [AT-01, AT-02, AT-S1] "shepherd" attacks "fang"
    And [AT-02] "shepherd" (5000) battles "fang" (3000) and wins

  @id:dm.attack.declaration.tapped-attacker-refused @ruling:AT-01 @ruling:AT-S1
  Scenario: A tapped creature cannot attack
    # AT-01 / AT-S1: an attack is made by tapping one of your creatures; a tapped creature cannot be tapped
    # one shield: an engine that let the attack happen would break it without any choice
    Given player A has "Fear Fang" as "fang" in the battle zone, tapped
    And player B has 1 shield
    When [AT-01, AT-S1] in step AT-S1, player A cannot attack player B with "fang"
    Then [AT-01, AT-S1] no attack happens
    And "fang" ends in the battle zone, tapped
    And [AT-01, AT-S1] player B ends with 1 shield

  @id:dm.attack.declaration.untapped-creature-refused @ruling:AT-02
  Scenario: An untapped creature of the opponent cannot be attacked: the declaration is refused
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Fear Fang" as "fang" in the battle zone
    When [AT-02] in step AT-S1, player A cannot attack "fang" with "shepherd"
    Then [AT-02] no attack happens
    And [AT-02] "shepherd" is never tapped
    And "shepherd" ends in the battle zone, untapped
    And [AT-02] "fang" ends in the battle zone, untapped

  @id:dm.attack.declaration.untapped-creature-by-text @ruling:AT-02
  Scenario: "Unless a card says otherwise": Gatling Skyterror can attack an untapped creature
    # Gatling Skyterror: "This creature can attack untapped creatures."
    # cites: card-text | Gatling Skyterror (DM-01 79/110) 「このクリーチャーは、タップされていないクリーチャーを攻撃できる。」
    Given player A has "Gatling Skyterror" as "gatling" in the battle zone
    And player B has "Fear Fang" as "fang" in the battle zone
    When in step AT-S1, player A attacks "fang" with "gatling"
    Then [AT-02] "gatling" attacks "fang"
    And [AT-02] "gatling" battles "fang" and wins
    And [AT-02] "fang" is destroyed

  @id:dm.attack.declaration.cannot-be-attacked-refused @ruling:AT-02
  Scenario: A tapped creature that "can't be attacked" cannot be chosen as the target
    # Kooc Pollon: "This creature can't be attacked."
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Kooc Pollon" as "kooc" in the battle zone, tapped
    When [AT-02] in step AT-S1, player A cannot attack "kooc" with "shepherd"
    Then [AT-02] no attack happens
    And "shepherd" ends in the battle zone, untapped

  @id:dm.attack.declaration.summoning-sickness-refused @ruling:AT-S1 @rule:DM-GEN-SUMMONING-SICKNESS
  Scenario: A creature put into the battle zone this turn cannot be chosen to attack
    # AT-S1: AP chooses one of their creatures that can attack. That summoning sickness (召喚酔い) prevents it is a
    # general rule of the game, not a ruling of this page
    # one shield: an engine that let the attack happen would break it without any choice
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone, put there this turn
    And player B has 1 shield
    When [AT-S1] in step AT-S1, player A cannot attack player B with "shepherd"
    Then [AT-S1] no attack happens
    And "shepherd" ends in the battle zone, untapped
    And [AT-S1] player B ends with 1 shield

  @id:dm.attack.declaration.cannot-attack-players @ruling:AT-P5
  Scenario Outline: A creature that "can't attack players" cannot attack to break shields, but can attack a tapped creature
    # one shield: an engine that let the attack on the player happen would break it without any choice
    Given player A has "<card>" as "guardian" in the battle zone
    And player B has 1 shield
    And player B has "Aqua Vehicle" as "vehicle" in the battle zone, tapped
    When [AT-P5] in step AT-S1, player A cannot attack player B with "guardian"
    And in step AT-S1, player A attacks "vehicle" with "guardian"
    # AT-P5: attacking the opponent includes breaking shields; only the attack on the creature happens
    Then [AT-P5] "guardian" attacks "vehicle"
    And "guardian" battles "vehicle" and wins
    And [AT-P5] no shield is broken
    And [AT-P5] player B ends with 1 shield

    Examples:
      | id             | card                             |
      | dia-nork       | Dia Nork, Moonlight Guardian     |
      | bargon         | Cannoneer Bargon                 |

  @id:dm.attack.declaration.refused-then-legal @ruling:AT-02 @ruling:AT-S1
  Scenario: After a refused declaration the script goes on; the legal attack is performed
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Fear Fang" as "untapped" in the battle zone
    And player B has shields "s1"
    When [AT-02] in step AT-S1, player A cannot attack "untapped" with "shepherd"
    And [AT-S1] in step AT-S1, player A attacks player B with "shepherd"
    Then [AT-S1] "shepherd" attacks player B
    And [AT-S1] "s1" is broken
    And [AT-02] "untapped" ends in the battle zone, untapped

  @id:dm.attack.declaration.target-untapped @ruling:AT-D3 @ruling:AT-S3
  Scenario: The target is untapped after the declaration: the attack goes on to the battle
    # Metalwing Skyterror: "Whenever this creature attacks, you may destroy one of your opponent's creatures that
    # has "blocker."" Olgate, Nightmare Samurai: "Whenever one of your creatures is destroyed, you may untap this
    # creature." AT-D3: the target became untapped in AT-S3; legality was checked at the declaration only
    # cites: card-text | Olgate, Nightmare Samurai (Promo-Y1 L14/20): whenever one of your creatures is destroyed, you may untap this creature (English text: no Japanese printing found)
    Given player A has "Metalwing Skyterror" as "metalwing" in the battle zone
    And player B has "Olgate, Nightmare Samurai" as "olgate" in the battle zone, tapped
    And player B has "Seamine" as "seamine" in the battle zone
    When in step AT-S1, player A attacks "olgate" with "metalwing"
    And in step AT-S3, player A chooses "seamine"
    And in step AT-S3, player B chooses yes
    Then "metalwing" attacks "olgate"
    And [AT-S3] "seamine" is destroyed
    And the "ally-destroyed" ability of "olgate" resolves
    And player B is asked whether to use an optional ability
    And [AT-S3, AT-D3] "olgate" becomes untapped
    And [AT-D3] "metalwing" (6000) battles "olgate" (6000), both lose
    And [AT-D3] "olgate" ends in the graveyard

  @id:dm.attack.declaration.target-cannot-be-attacked @ruling:AT-D3 @ruling:AT-S3
  Scenario: The target gets "can't be attacked" after the declaration: the attack goes on to the battle
    # Super Dragon Machine Dolzark: "Whenever one of your other creatures that has Dragon in its race attacks, you
    # may choose one of your opponent's creatures in the battle zone that has power 5000 or less and put it into
    # his mana zone." Rugeeza, Assault Soldier: "Metamorph (If you have 7 or more cards in your mana zone ...):
    # This creature can't be attacked." Fear Fang going to B's mana zone makes 7 cards: Rugeeza can't be attacked
    # from then on, but AT-D3 checks the target only at the declaration
    # cites: card-text | Super Dragon Machine Dolzark (Promo P0/Y3): whenever one of your other creatures that has Dragon in its race attacks, you may put one of your opponent's creatures in the battle zone that has power 5000 or less into his mana zone (English text: no Japanese printing found)
    # cites: card-text | Rugeeza, Assault Soldier (DM-14 98/110) 「このクリーチャーは攻撃されない。」「このクリーチャーは｢パワーアタッカー+3000｣を得る。」
    Given player A has "Terradragon Regarion" as "regarion" in the battle zone
    And player A has "Super Dragon Machine Dolzark" as "dolzark" in the battle zone
    And player B has "Rugeeza, Assault Soldier" as "rugeeza" in the battle zone, tapped
    And player B has "Fear Fang" as "fang" in the battle zone
    And player B has 6 cards in the mana zone
    When in step AT-S1, player A attacks "rugeeza" with "regarion"
    And in step AT-S3, player A chooses "fang"
    Then "regarion" attacks "rugeeza"
    And the "ally-attacks" ability of "dolzark" resolves
    And [AT-S3] "fang" is put into player B's mana zone
    And [AT-D3] "regarion" (7000) battles "rugeeza" (2000) and wins
    And [AT-D3] "rugeeza" is destroyed
    And [AT-S3] player B ends with 7 cards in the mana zone

  @id:dm.attack.declaration.rugeeza-with-seven-mana-refused @ruling:AT-02
  Scenario: Rugeeza with 7 cards in its owner's mana zone "can't be attacked": the declaration is refused
    # the counterpart of the scenario above: the same creature, its metamorph applying at the declaration
    # cites: card-text | Rugeeza, Assault Soldier (DM-14 98/110) 「このクリーチャーは攻撃されない。」「このクリーチャーは｢パワーアタッカー+3000｣を得る。」
    Given player A has "Terradragon Regarion" as "regarion" in the battle zone
    And player B has "Rugeeza, Assault Soldier" as "rugeeza" in the battle zone, tapped
    And player B has 7 cards in the mana zone
    When [AT-02] in step AT-S1, player A cannot attack "rugeeza" with "regarion"
    Then [AT-02] no attack happens
    And "rugeeza" ends in the battle zone, tapped

  @id:dm.attack.declaration.attacker-untapped @ruling:AT-D3 @ruling:AT-S3
  Scenario: The attacker untapped by its own attack trigger goes on attacking (Dogiragon's Revolution 0)
    # Dogiragon, Flaming Revolution: "Revolution 0—Whenever this creature attacks, if you have no shields, untap this creature."
    # cites: card-text | Dogiragon, Flaming Revolution (DMR-17 L1/L2) 「革命2:このクリーチャーが出た時、自分のシールドが2つ以下なら、次の自分のターンのはじめまで、自分はゲームに負けない。」「革命0:このクリーチャーが攻撃する時、自分のシールドが1つもなければ、このクリーチャーをアンタップする。」
    Given player A has "Dogiragon, Flaming Revolution" as "dogiragon" in the battle zone
    And player A has "Brawler Zyler" as "source" under "dogiragon"
    And player B has shields "s1", "s2" and "s3"
    When in step AT-S1, player A attacks player B with "dogiragon"
    Then "dogiragon" is tapped
    And [AT-S3] the "when-attacks" ability of "dogiragon" resolves
    And [AT-S3, AT-D3] "dogiragon" becomes untapped
    # T-breaker: all three shields
    And [AT-D3] "s1", "s2" and "s3" are broken at the same time
    And the attack ends
    And [AT-D3] "dogiragon" ends in the battle zone, untapped
