@game:dm
Feature: Battle (バトル): power comparison, "wins all battles", destruction
  Rulings AT-B1..AT-B5, AT-S2, AT-S6a, AT-X1. Player A is AP, player B is NAP. Every card is a real card of
  features/cards/dm.json; its text is quoted where the scenario relies on it.

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.battle.higher-power-wins @ruling:AT-B1 @ruling:AT-B3
  Scenario Outline: The higher power wins and the loser is destroyed (<case>)
    Given player A has "<attacker>" as "attacker" in the battle zone
    And player B has "<defender>" as "defender" in the battle zone, tapped
    When in step AT-S1, player A attacks "defender" with "attacker"
    Then [AT-B1] "attacker" (<pa>) battles "defender" (<pd>) <result>
    And [AT-B3] "<loser>" is destroyed
    And [AT-B3] "<winner>" is not destroyed
    And [AT-B3] "<loser>" ends in the graveyard
    And [AT-B3] "<winner>" ends in the battle zone

    Examples:
      | id            | case              | attacker          | defender          | pa   | pd   | result    | loser    | winner   |
      | attacker-wins | the attacker wins | Tri-horn Shepherd | Fear Fang         | 5000 | 3000 | and wins  | defender | attacker |
      | defender-wins | the defender wins | Fear Fang         | Forest Hornet     | 3000 | 4000 | and loses | attacker | defender |

  @id:dm.attack.battle.equal-power @ruling:AT-B4
  Scenario: With equal power both creatures lose and both are destroyed
    Given player A has "Burning Mane" as "mane" in the battle zone
    And player B has "Immortal Baron, Vorg" as "vorg" in the battle zone, tapped
    When in step AT-S1, player A attacks "vorg" with "mane"
    Then [AT-B4] "mane" (2000) battles "vorg" (2000), both lose
    # AT-B4 (「両方とも『負け』の扱いになり、破壊される」) destroys both and orders neither destruction
    And [AT-B4] these events happen in any order:
      | "mane" is destroyed |
      | "vorg" is destroyed |
    And [AT-B4] "mane" ends in the graveyard
    And [AT-B4] "vorg" ends in the graveyard

  @id:dm.attack.battle.equal-power-no-win-trigger @ruling:AT-B4 @ruling:AT-S6a
  Scenario: Both lose a tie: a "when this creature wins a battle" ability does not trigger
    # Crash Lizard (3000): 「このクリーチャーがバトルに勝った時、相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く。」
    # Nobody wins a tie (AT-B4: 「両方とも『負け』の扱いになり」). Earlier this scenario used Dark Clown, whose
    # English text says "When this creature wins a battle, destroy it" but whose Japanese text is an after-the-battle
    # ability (「このクリーチャーがバトルする時、バトルの後、このクリーチャーを破壊する。」), not a win trigger
    # cites: card-text | Crash Lizard (DM-14 95/110) 「このクリーチャーがバトルに勝った時、相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く。」
    Given player A has "Crash Lizard" as "lizard" in the battle zone
    And player B has "Fear Fang" as "fang" in the battle zone, tapped
    And player B has 1 card in the mana zone
    When in step AT-S1, player A attacks "fang" with "lizard"
    Then [AT-B4] "lizard" (3000) battles "fang" (3000), both lose
    And [AT-B4, AT-S6a] no ability of "lizard" resolves
    And "lizard" ends in the graveyard
    And "fang" ends in the graveyard
    And [AT-B4, AT-S6a] player B ends with 1 card in the mana zone

  @id:dm.attack.battle.wins-all-battles @ruling:AT-B2 @ruling:AT-B3
  Scenario Outline: "Wins all battles" decides the battle instead of the power (<case>)
    # Marshias, Spirit of the Sun (2000): "This creature wins all battles."
    Given player A has "<attacker>" as "attacker" in the battle zone
    And player B has "<defender>" as "defender" in the battle zone, tapped
    When in step AT-S1, player A attacks "defender" with "attacker"
    Then [AT-B2] "attacker" battles "defender" <result>
    And [AT-B3] "<loser>" is destroyed
    And [AT-B2] "<winner>" is not destroyed

    Examples:
      | id              | case                              | attacker                    | defender                    | result    | loser    | winner   |
      | attacker-side   | the attacker wins all battles     | Marshias, Spirit of the Sun | Deathliger, Lion of Chaos   | and wins  | defender | attacker |
      | defender-side   | the defender wins all battles     | Tri-horn Shepherd           | Marshias, Spirit of the Sun | and loses | attacker | defender |

  @id:dm.attack.battle.both-win-all-battles @ruling:AT-B5
  Scenario: Both creatures "win all battles": neither is destroyed
    Given player A has "Marshias, Spirit of the Sun" as "marshias" in the battle zone
    And player B has "Marshias, Spirit of the Sun" as "other" in the battle zone, tapped
    When in step AT-S1, player A attacks "other" with "marshias"
    Then [AT-B5] "marshias" battles "other", both win
    And [AT-B5] "marshias" is not destroyed
    And [AT-B5] "other" is not destroyed
    And [AT-B5] "marshias" ends in the battle zone, tapped
    And [AT-B5] "other" ends in the battle zone, tapped

  @id:dm.attack.battle.power-attacker @ruling:AT-S2 @ruling:AT-S7 @ruling:AT-B1
  Scenario: Power attacker applies while attacking: Brawler Zyler (1000, +2000) beats a 2000 and is 1000 again after the attack
    Given player A has "Brawler Zyler" as "zyler" in the battle zone
    And player B has "Burning Mane" as "mane" in the battle zone, tapped
    When in step AT-S1, player A attacks "mane" with "zyler"
    Then step AT-S2 begins
    And [AT-S2] "zyler" has power 3000
    And [AT-S2, AT-B1] "zyler" (3000) battles "mane" (2000) and wins
    And step AT-S7 begins
    And [AT-S7] "zyler" has power 1000
    And [AT-S7] "zyler" ends with power 1000

  @id:dm.attack.battle.while-tapped @ruling:AT-S2
  Scenario: A "while tapped" static applies as soon as the attacker is tapped: Barkwhip gives Fear Fang +2000
    # Barkwhip, the Smasher: "While this creature is tapped, each of your other Beast Folk in the battle zone gets +2000 power."
    # cites: card-text | Barkwhip, the Smasher (DM-02 45/55) 「このクリーチャーがバトルゾーンにあり、タップされていれば、バトルゾーンにある自分の他のビーストフォークすべてのパワーは+2000される。」
    Given player A has "Barkwhip, the Smasher" as "barkwhip" in the battle zone
    And player A has "Burning Mane" as "source" under "barkwhip"
    And player A has "Fear Fang" as "fang" in the battle zone
    # one shield: its break is no choice (the ruling is about the static, not the shields)
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "barkwhip"
    Then [AT-S2] "barkwhip" is tapped
    And step AT-S2 begins
    And [AT-S2] "fang" has power 5000
    And step AT-S3 begins
    And "fang" ends with power 5000

  @id:dm.attack.battle.when-attacked-sees-power-attacker @ruling:AT-X1 @ruling:AT-S2 @ruling:AT-S3
  Scenario: An ability of AT-S3 sees the power-attacker bonus already applied: Joe's Toolkit cannot destroy Brawler Zyler
    # Joe's Toolkit: "Whenever this creature is attacked, you may destroy one of your opponent's creatures that has
    # power 2000 or less." Brawler Zyler: 1000, "Power attacker +2000". AT-X1: the bonus applies in AT-S2, before
    # the "when attacked" ability resolves in AT-S3, so Zyler (3000) is not a creature it can destroy
    # cites: card-text | Joe's Toolkit (DM-13 47/55) 「このクリーチャーが攻撃された時、相手のパワー2000以下のクリーチャーを1体破壊してもよい。」
    Given player A has "Brawler Zyler" as "zyler" in the battle zone
    And player B has "Joe's Toolkit" as "joe" in the battle zone, tapped
    When in step AT-S1, player A attacks "joe" with "zyler"
    And [AT-X1] in step AT-S3, player B cannot choose "zyler"
    Then [AT-X1, AT-S2] "zyler" has power 3000
    And [AT-S3] the "when-attacked" ability of "joe" resolves
    And [AT-X1, AT-S3] "zyler" is not destroyed
    And "zyler" (3000) battles "joe" (1000) and wins
    And "zyler" ends in the battle zone, tapped

  @id:dm.attack.battle.after-battle-order @ruling:AT-S6a @ruling:AT-D1
  Scenario: "When destroyed" resolves before "after the battle": Necrodragon Giland beats Cetibols
    # Cetibols: "When this creature is destroyed, you may draw a card." (waits, resolves)
    # Necrodragon Giland: "When this creature battles, destroy it after the battle." (after the battle)
    # cites: card-text | Cetibols (DM-07 19/55) 「このクリーチャーが破壊された時、カードを1枚引いてもよい。」
    # cites: card-text | Necrodragon Giland (DM-08 33/55) 「このクリーチャーはバトルに勝っても、バトルの後持ち主の墓地に置かれる。」
    Given player A has "Necrodragon Giland" as "giland" in the battle zone
    And player B has "Cetibols" as "cetibols" in the battle zone, tapped
    And player B has 1 card in the deck
    When in step AT-S1, player A attacks "cetibols" with "giland"
    And in step AT-S6a, player B chooses yes
    Then "giland" (6000) battles "cetibols" (2000) and wins
    And "cetibols" is destroyed
    And [AT-S6a, AT-D1] the "when-destroyed" ability of "cetibols" resolves
    And player B is asked whether to use an optional ability
    And [AT-S6a, AT-D1] player B draws a card
    And [AT-S6a, AT-D1] the "after-battle" ability of "giland" resolves
    And [AT-S6a, AT-D1] "giland" is destroyed
    And "giland" ends in the graveyard

  @id:dm.attack.battle.win-trigger-ap-first @ruling:AT-S6a @ruling:AT-D1
  Scenario: "When wins a battle" (AP) and "when destroyed" (NAP) wait together and resolve AP first
    # Crash Lizard: 「このクリーチャーがバトルに勝った時、相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く。」
    # Cetibols: 「このクリーチャーが破壊された時、カードを1枚引いてもよい。」 AT-S6a: both wait (「解決待ちとなる」), and
    # AT-D1 resolves AP's first. Earlier this scenario used Bone Spider, whose Japanese text is an after-the-battle
    # ability (「このクリーチャーがバトルする時、バトルの後、このクリーチャーを破壊する。」): see after-the-battle-destroy
    # cites: card-text | Crash Lizard (DM-14 95/110) 「このクリーチャーがバトルに勝った時、相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く。」
    # cites: card-text | Cetibols (DM-07 19/55) 「このクリーチャーが破壊された時、カードを1枚引いてもよい。」
    Given player A has "Crash Lizard" as "lizard" in the battle zone
    And player B has "Cetibols" as "cetibols" in the battle zone, tapped
    And player B has "Aqua Vehicle" as "mana" in the mana zone
    And player B has 1 card in the deck
    When in step AT-S1, player A attacks "cetibols" with "lizard"
    And in step AT-S6a, player A chooses "mana"
    And in step AT-S6a, player B chooses yes
    Then "lizard" (3000) battles "cetibols" (2000) and wins
    And "cetibols" is destroyed
    And [AT-S6a, AT-D1] the "when-wins-battle" ability of "lizard" resolves
    And [AT-S6a, AT-D1] "mana" is put into player B's graveyard
    And [AT-S6a, AT-D1] the "when-destroyed" ability of "cetibols" resolves
    And [AT-S6a, AT-D1] player B draws a card
    And "lizard" ends in the battle zone, tapped

  @id:dm.attack.battle.after-the-battle-destroy @ruling:AT-S6a @ruling:AT-D1
  Scenario: 「バトルする時、バトルの後」: Bone Spider wins, and is destroyed after NAP's "when destroyed" resolved
    # Bone Spider: 「このクリーチャーがバトルする時、バトルの後、このクリーチャーを破壊する。」 (Japanese text; the English
    # text reads "When this creature wins a battle, destroy it"). AT-S6a: 「それらの効果を解決したのち、「バトルの後で〜」関連の
    # 能力が誘発・解決する」: Cetibols' "when destroyed" (NAP) first, then the after-the-battle destruction (AP's), which
    # a "when wins a battle" reading would resolve first (AT-D1)
    # cites: card-text | Bone Spider (DM-01 48/110) 「このクリーチャーがバトルする時、バトルの後、このクリーチャーを破壊する。」
    # cites: card-text | Cetibols (DM-07 19/55) 「このクリーチャーが破壊された時、カードを1枚引いてもよい。」
    Given player A has "Bone Spider" as "spider" in the battle zone
    And player B has "Cetibols" as "cetibols" in the battle zone, tapped
    And player B has 1 card in the deck
    When in step AT-S1, player A attacks "cetibols" with "spider"
    And in step AT-S6a, player B chooses yes
    Then "spider" (5000) battles "cetibols" (2000) and wins
    And "cetibols" is destroyed
    And [AT-S6a, AT-D1] the "when-destroyed" ability of "cetibols" resolves
    And [AT-S6a, AT-D1] player B draws a card
    And [AT-S6a, AT-D1] the "after-battle" ability of "spider" resolves
    And [AT-S6a, AT-D1] "spider" is destroyed
    And [AT-S6a] "spider" ends in the graveyard

  @id:dm.attack.battle.when-battling-bonus @ruling:AT-S6a
  Scenario: 「バトルする時」: Tajimal's bonus applies once the battle is fixed, before the powers are compared
    # Tajimal, Vizier of Aqua (4000): 「火のクリーチャーとバトルする時、このクリーチャーのパワーは+4000される。」 AT-S6a:
    # 「バトルが行われることとバトルの相手が確定し、「バトルする時〜」関連の効果が適用される。バトルが行われ、負けたクリーチャーは
    # 破壊される。」 It blocks the fire Bolshack Dragon (6000 while attacking, no fire card in the graveyard) and battles
    # it at 8000; after the battle it is 4000 again
    # cites: card-text | Tajimal, Vizier of Aqua (DM-10 98/110) 「火のクリーチャーとバトルする時、このクリーチャーのパワーは+4000される。」
    Given player A has "Bolshack Dragon" as "bolshack" in the battle zone
    And player B has "Tajimal, Vizier of Aqua" as "tajimal" in the battle zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "bolshack"
    And in step AT-S4, player B blocks with "tajimal"
    Then "tajimal" blocks "bolshack"
    And step AT-S6a begins
    And [AT-S6a] "tajimal" has power 8000
    And [AT-S6a] "bolshack" (6000) battles "tajimal" (8000) and loses
    And [AT-S6a] "bolshack" is destroyed
    And [AT-S6a] "tajimal" is not destroyed
    And "tajimal" ends in the battle zone, tapped
    And "tajimal" ends with power 4000
    And player B ends with 1 shield

  @id:dm.attack.battle.slayer @ruling:AT-S6a @ruling:AT-B3
  Scenario: Slayer: the creature that beat Grinning Axe is destroyed after the battle
    # Grinning Axe: "Slayer (Whenever this creature battles, destroy the other creature after the battle.)"
    Given player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Grinning Axe, the Monstrosity" as "axe" in the battle zone, tapped
    When in step AT-S1, player A attacks "axe" with "shepherd"
    Then [AT-B3] "shepherd" battles "axe" and wins
    And [AT-B3] "axe" is destroyed
    And [AT-S6a] "shepherd" is destroyed
    And [AT-S6a] "shepherd" ends in the graveyard

  # The defending / blocking creature's own "after the battle" ability (issue 35): AT-S6a 「それらの効果を解決したのち、
  # 「バトルの後で〜」関連の能力が誘発・解決する」 says nothing of whose creature it is: the attacked or blocking
  # creature's triggers as the attacker's do.

  @id:dm.attack.battle.blocker-after-the-battle-destroy @ruling:AT-S6a
  Scenario: Dark Clown blocks and wins; its own after-the-battle ability destroys it
    # cites: card-text | Dark Clown (DM-01 50/110) 「このクリーチャーがバトルする時、バトルの後、このクリーチャーを破壊する。」
    # cites: card-text | Deadly Fighter Braid Claw (DM-01 74/110) 「このクリーチャーは、可能であれば毎ターン攻撃する。」
    Given player A has "Deadly Fighter Braid Claw" as "claw" in the battle zone
    And player B has "Dark Clown" as "clown" in the battle zone
    When in step AT-S1, player A attacks player B with "claw"
    And in step AT-S4, player B blocks with "clown"
    Then "clown" blocks "claw"
    And "claw" (1000) battles "clown" (6000) and loses
    And "claw" is destroyed
    And [AT-S6a] the "after-battle" ability of "clown" resolves
    And [AT-S6a] "clown" is destroyed
    And "clown" ends in the graveyard

  @id:dm.attack.battle.blocker-after-the-battle-untap @ruling:AT-S6a
  Scenario: Spiral Grass blocks and wins; after the battle it untaps
    # cites: card-text | Spiral Grass (DM-02 10/55) 「このクリーチャーをブロックのためにタップしたときは、バトルのあとでアンタップする。」
    Given player A has "Deadly Fighter Braid Claw" as "claw" in the battle zone
    And player B has "Spiral Grass" as "grass" in the battle zone
    When in step AT-S1, player A attacks player B with "claw"
    And in step AT-S4, player B blocks with "grass"
    Then "grass" blocks "claw"
    And "claw" (1000) battles "grass" (2500) and loses
    And [AT-S6a] the "after-battle" ability of "grass" resolves
    And [AT-S6a] "grass" becomes untapped
    And "grass" ends in the battle zone, untapped

  @id:dm.attack.battle.shadow-moon-both-sides @ruling:AT-B1 @ruling:AT-B3
  Scenario: Shadow Moon raises every other darkness creature, the opponent's too: Bone Spider (7000) loses to Dark Clown (8000)
    # cites: card-text | Shadow Moon, Cursed Shade (DM-04 36/55) 「他の闇のクリーチャーすべてのパワーを+2000する。」 (すべて: both players')
    # cites: card-text | Dark Clown (DM-01 50/110) 「このクリーチャーがバトルする時、バトルの後、このクリーチャーを破壊する。」
    Given player A has "Shadow Moon, Cursed Shade" as "moon" in the battle zone
    And player A has "Bone Spider" as "spider" in the battle zone
    And player B has "Dark Clown" as "clown" in the battle zone, tapped
    When in step AT-S1, player A attacks "clown" with "spider"
    Then [AT-B1] "spider" (7000) battles "clown" (8000) and loses
    And [AT-B3] "spider" is destroyed
    And [AT-B3] "spider" ends in the graveyard
