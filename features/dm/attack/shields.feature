@game:dm
Feature: Attacking the opponent: breaking shields (ブレイク), shield triggers, direct attack
  Rulings AT-P1..AT-P4, AT-S6b, AT-S6c. Player A is AP, player B is NAP. Every card is a real card of
  features/cards/dm.json; its text is quoted where the scenario relies on it.

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.shields.shield-trigger-in-hand-refused @ruling:AT-S6b
  Scenario: Only the shield triggers of the shields broken now can be used: one already in the hand cannot
    # AT-S6b: NAP may use the shield triggers among the shields broken now. Player B is asked (Solar Ray was
    # broken) and cannot use Holy Awe, which was in the hand already; B declines Solar Ray. Issue 22.7: the
    # refusal of a shield trigger in Gherkin (`cannot use the shield trigger of`).
    # cites: card-text | Holy Awe (DM-01 6/110) 「S(シールド)・トリガー(このカードをシールドゾーンから手札に戻すとき、コストを支払わずにすぐ使ってよい。)バトルゾーンにある相手のクリーチャーすべてをタップする。」
    # cites: card-text | Solar Ray (DM-01 19/110) 「S・トリガー(この呪文をシールドゾーンから手札に加える時、コストを支払わずにすぐ唱えてもよい)」
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player A has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Holy Awe" as "awe" in hand
    And player B has "Solar Ray" as "ray" in the shield zone
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S6b, player B cannot use the shield trigger of "awe"
    And in step AT-S6b, player B declines the shield triggers
    Then "ray" is broken
    And [AT-S6b] "shepherd" is never tapped
    And "awe" ends in player B's hand
    And "ray" ends in player B's hand

  @id:dm.attack.shields.choose-one @ruling:AT-P2 @ruling:AT-P3
  Scenario: The attacking player chooses which shield to break; it goes to the opponent's hand
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has shields "s1", "s2" and "s3"
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S6b, player A breaks "s2"
    Then "fang" attacks player B
    And step AT-S6b begins
    And [AT-P2] player A is asked which shields to break among "s1", "s2" and "s3"
    And [AT-P2, AT-P3] "s2" is broken
    And [AT-P3] "s2" is put into player B's hand
    And [AT-P2] "s1" ends in the shield zone
    And [AT-P2] "s3" ends in the shield zone
    And [AT-P3] player B ends with 2 shields
    And [AT-P3] player B ends with 1 card in hand
    And nobody has won yet

  @id:dm.attack.shields.breakers @ruling:AT-P3 @ruling:AT-S6b
  Scenario Outline: <breaker> against <n> shields breaks <broken> of them at the same time
    Given player A has "<card>" as "breaker" in the battle zone
    And player B has shields <shields>
    When in step AT-S1, player A attacks player B with "breaker"
    And in step AT-S6b, player A breaks <chosen>
    Then [AT-P3, AT-S6b] <chosen> are broken at the same time
    And [AT-P3] player B ends with <left> shields
    And [AT-P3] player B ends with <broken> cards in hand

    Examples:
      | id                 | breaker   | card                      | n | shields                    | chosen               | broken | left |
      | w-breaker-enough   | W-breaker | Deathliger, Lion of Chaos | 3 | "s1", "s2" and "s3"        | "s1" and "s3"        | 2      | 1    |
      | w-breaker-too-few  | W-breaker | Deathliger, Lion of Chaos | 1 | "s1"                       | "s1"                 | 1      | 0    |
      | t-breaker-enough   | T-breaker | Billion-Degree Dragon     | 4 | "s1", "s2", "s3" and "s4"  | "s1", "s2" and "s4"  | 3      | 1    |
      | t-breaker-too-few  | T-breaker | Billion-Degree Dragon     | 2 | "s1" and "s2"              | "s1" and "s2"        | 2      | 0    |

  @id:dm.attack.shields.same-shield-twice @ruling:AT-P4
  Scenario: The same shield cannot be chosen twice during one attack
    Given player A has "Deathliger, Lion of Chaos" as "deathliger" in the battle zone
    And player B has shields "s1", "s2" and "s3"
    When in step AT-S1, player A attacks player B with "deathliger"
    And [AT-P4] in step AT-S6b, player A cannot break "s1" and "s1"
    And in step AT-S6b, player A breaks "s1" and "s2"
    Then [AT-P4] "s1" and "s2" are broken at the same time
    And [AT-P4] player B ends with 1 shield

  @id:dm.attack.shields.count-fixed-at-s6b @ruling:AT-S6b @ruling:AT-D3
  Scenario: The number of shields is fixed when AT-S6b begins: double breaker gained in AT-S3 counts
    # Flametropus: "Whenever this creature attacks, you may put a card from your mana zone into your graveyard.
    # If you do, this creature gets "power attacker +3000" and "double breaker" until the end of the turn."
    # cites: card-text | Flametropus (DM-03 39/55) 「このクリーチャーが攻撃するとき、自分のマナゾーンからカードを1枚選び、自分の墓地に置いてよい。そうしたなら、このターン、このクリーチャーは「パワーアタッカー+3000」と「W(ダブル)・ブレイカー」を得る。」
    Given player A has "Flametropus" as "flametropus" in the battle zone
    And player A has 1 card in the mana zone
    And player B has shields "s1", "s2" and "s3"
    When in step AT-S1, player A attacks player B with "flametropus"
    And in step AT-S3, player A chooses "a-mana-1"
    And [AT-S6b, AT-D3] in step AT-S6b, player A cannot break "s1"
    And in step AT-S6b, player A breaks "s1" and "s2"
    Then the "when-attacks" ability of "flametropus" resolves
    And [AT-D3] "flametropus" has power 6000
    And step AT-S6b begins
    And [AT-S6b, AT-D3] "s1" and "s2" are broken at the same time
    And [AT-S6b, AT-D3] player B ends with 1 shield

  @id:dm.attack.shields.shield-trigger-spell @ruling:AT-S6b @ruling:AT-P3 @rule:DM-GEN-ATTACKER-LEAVES
  Scenario: A shield trigger among the broken shields is used after they are all in the hand: Terror Pit destroys the attacker
    # Terror Pit: "Shield trigger ... Destroy 1 of your opponent's creatures."
    # cites: card-text | Terror Pit (DM-01 63/110) 「相手のクリーチャーを1体破壊する。」
    Given player A has "Deathliger, Lion of Chaos" as "deathliger" in the battle zone
    And player B has "Terror Pit" as "pit" in the shield zone
    # two shields: the W-breaker breaks both, no choice (the shields to break are not what this scenario is about)
    And player B has shields "s2"
    When in step AT-S1, player A attacks player B with "deathliger"
    And in step AT-S6b, player B uses the shield trigger of "pit"
    And in step AT-S6b, player B chooses "deathliger"
    Then [AT-P3] "pit" and "s2" are broken at the same time
    And [AT-P3, AT-S6b] "pit" is put into player B's hand
    And [AT-P3, AT-S6b] "s2" is put into player B's hand
    And [AT-S6b] player B is asked whether to use a shield trigger among "pit"
    And [AT-S6b] "pit" is used as a shield trigger
    And [AT-S6b] "deathliger" is destroyed
    And "pit" is put into player B's graveyard
    # DM-GEN-ATTACKER-LEAVES: the attacker left the battle zone in AT-S6b; 「全ての処理が終わったら、7.に進む」 (AT-S6b)
    # and the rules wiki (攻撃終了ステップ: 「攻撃中のクリーチャーが除去…されたりしても訪れる」): the attack still ends in AT-S7
    And step AT-S7 begins
    And the attack ends
    And [AT-S6b] "deathliger" ends in the graveyard
    And [AT-P3] player B ends with 0 shields
    And [AT-P3, AT-S6b] player B ends with 1 card in hand

  @id:dm.attack.shields.shield-trigger-declined @ruling:AT-S6b
  Scenario: The opponent may decline a shield trigger: the card stays in the hand
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Terror Pit" as "pit" in the shield zone
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S6b, player B declines the shield triggers
    Then "pit" is broken
    And [AT-S6b] player B is asked whether to use a shield trigger among "pit"
    And [AT-S6b] "fang" is not destroyed
    And [AT-S6b] "pit" ends in player B's hand

  @id:dm.attack.shields.shield-trigger-creature-cip-after @ruling:AT-S6b
  Scenario: Creature shield triggers are summoned first; their cip resolves after all triggers are used
    # Aqua Surfer: "Shield trigger ... When you put this creature into the battle zone, you may choose a creature
    # in the battle zone and return it to its owner's hand." Gregorian Worm: shield trigger creature.
    # cites: card-text | Aqua Surfer (DM-05 16/55) 「このクリーチャーをバトルゾーンに出した時、バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻してもよい。」
    Given player A has "Deathliger, Lion of Chaos" as "deathliger" in the battle zone
    And player B has "Aqua Surfer" as "surfer" in the shield zone
    And player B has "Gregorian Worm" as "worm" in the shield zone
    When in step AT-S1, player A attacks player B with "deathliger"
    And in step AT-S6b, player B uses the shield trigger of "surfer"
    And in step AT-S6b, player B uses the shield trigger of "worm"
    And in step AT-S6b, player B chooses "deathliger"
    Then "surfer" and "worm" are broken at the same time
    And [AT-S6b] "surfer" is used as a shield trigger
    And [AT-S6b] "surfer" is summoned
    And [AT-S6b] "worm" is used as a shield trigger
    And [AT-S6b] "worm" is summoned
    And [AT-S6b] the "cip" ability of "surfer" resolves
    And [AT-S6b] player B is asked to choose a card
    And [AT-S6b] "deathliger" is put into player A's hand
    And "surfer" ends in the battle zone
    And "worm" ends in the battle zone
    And "deathliger" ends in player A's hand

  @id:dm.attack.shields.would-be-broken-replacement @ruling:AT-S6b
  Scenario: 「シールドがブレイクされる時」 effects apply before the shields are broken: Pulsar Tree is destroyed instead of one
    # Pulsar Tree: 「自分のシールドが1枚ブレイクされる時、かわりにこのクリーチャーを破壊してもよい。」 AT-S6b: 「「シールドがブレイク
    # される時〜」関係の効果をその枚数分適用した後、それらのシールドを同時にブレイクする。」 A W-breaker chose two shields;
    # player B destroys Pulsar Tree instead of breaking one of them: one shield is broken. Which of the two is kept is
    # player B's to say, in an order the page does not give: not expected
    # cites: card-text | Pulsar Tree (DM-07 12/55) 「自分のシールドが1枚ブレイクされる時、かわりにこのクリーチャーを破壊してもよい。」
    Given player A has "Deathliger, Lion of Chaos" as "deathliger" in the battle zone
    And player B has "Pulsar Tree" as "tree" in the battle zone
    And player B has shields "s1", "s2" and "s3"
    When in step AT-S1, player A attacks player B with "deathliger"
    And in step AT-S6b, player A breaks "s1" and "s2"
    And in step AT-S6b, player B chooses yes
    Then step AT-S6b begins
    And [AT-S6b] "tree" is destroyed
    And [AT-S6b] "s3" ends in the shield zone
    And "tree" ends in the graveyard
    And [AT-S6b] player B ends with 2 shields
    And [AT-S6b] player B ends with 1 card in hand

  @id:dm.attack.shields.when-breaks-after-shield-triggers @ruling:AT-S6b @ruling:AT-D1
  Scenario: 「ブレイクした時」 resolves after the shield triggers were used, AP's before the summoned creature's cip
    # Hazard Hopper: 「このクリーチャーがシールドをブレイクした時、そのターンの終わりにこのクリーチャーをバトルゾーンから自分の
    # 手札に戻す。」 (the English text is an end-of-turn trigger instead). Aqua Surfer: shield trigger creature, 「このクリーチャーを
    # バトルゾーンに出した時、バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻してもよい。」 AT-S6b: 「その後、ブレイクした
    # シールドのS・トリガー…をプレイしてもよい。その後、「ブレイクした時」やS・トリガーで召喚されたクリーチャーのcipなどが誘発して
    # いれば、それらを解決する。」; AT-D1: AP's first. (What Hazard Hopper does at the end of the turn is past the attack phase.)
    # cites: card-text | Hazard Hopper (DM-11 42/55) 「このクリーチャーがシールドをブレイクした時、そのターンの終わりにこのクリーチャーをバトルゾーンから自分の手札に戻す。」
    # cites: card-text | Aqua Surfer (DM-05 16/55) 「このクリーチャーをバトルゾーンに出した時、バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻してもよい。」
    Given player A has "Hazard Hopper" as "hopper" in the battle zone
    And player B has "Aqua Surfer" as "surfer" in the shield zone
    When in step AT-S1, player A attacks player B with "hopper"
    And in step AT-S6b, player B uses the shield trigger of "surfer"
    And in step AT-S6b, player B chooses "hopper"
    Then "surfer" is broken
    And [AT-S6b] "surfer" is used as a shield trigger
    And "surfer" is summoned
    And [AT-S6b, AT-D1] the "when-breaks" ability of "hopper" resolves
    And [AT-S6b, AT-D1] the "cip" ability of "surfer" resolves
    And [AT-S6b] "hopper" is put into player A's hand
    And "surfer" ends in the battle zone

  @id:dm.attack.shields.s-back @ruling:AT-S6b
  Scenario: S・バック: a broken water card is discarded and Crack Crawler is summoned for no cost, where the shield triggers are used
    # Crack Crawler: 「S・バック-水(水のカードを自分のシールドゾーンから手札に加える時、そのカードを捨ててもよい。そうした場合、
    # コストを支払わずにこのクリーチャーを召喚する)」 AT-S6b: 「その後、ブレイクしたシールドのS・トリガー、S・バックなど、プレイできる
    # カードがあればそれをプレイしてもよい。」 The broken Aqua Vehicle (water) is discarded
    # cites: card-text | Crack Crawler (DM-17 24/55) 「S・バック-水(水のカードを自分のシールドゾーンから手札に加える時、そのカードを捨ててもよい。そうした場合、コストを支払わずにこのクリーチャーを召喚する)」
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Crack Crawler" as "crawler" in hand
    And player B has "Aqua Vehicle" as "vehicle" in the shield zone
    And player B has "Aqua Vehicle" as "s2" in the shield zone
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S6b, player A breaks "vehicle"
    And in step AT-S6b, player B declares S-back with "crawler"
    Then "vehicle" is broken
    And "vehicle" is put into player B's hand
    And [AT-S6b] "crawler" is declared for S-back
    And [AT-S6b] "vehicle" is put into player B's graveyard
    And [AT-S6b] "crawler" is summoned
    And step AT-S7 begins
    And [AT-S6b] "crawler" ends in the battle zone
    And "vehicle" ends in the graveyard
    And player B ends with 0 cards in hand
    And player B ends with 1 shield

  @id:dm.attack.shields.s-back-civilization @ruling:AT-S6b
  Scenario: S・バック-水 needs a broken water card: with a broken fire card it cannot be used
    # Crack Crawler: 「S・バック-水(水のカードを自分のシールドゾーンから手札に加える時、…)」: the broken Burning Mane is fire
    # cites: card-text | Crack Crawler (DM-17 24/55) 「S・バック-水(水のカードを自分のシールドゾーンから手札に加える時、そのカードを捨ててもよい。そうした場合、コストを支払わずにこのクリーチャーを召喚する)」
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Crack Crawler" as "crawler" in hand
    And player B has "Burning Mane" as "mane" in the shield zone
    When in step AT-S1, player A attacks player B with "fang"
    And [AT-S6b] in step AT-S6b, player B cannot declare S-back with "crawler"
    Then "mane" is broken
    And [AT-S6b] "crawler" is never put into the battle zone
    And [AT-S6b] "crawler" ends in player B's hand
    And "mane" ends in player B's hand

  @id:dm.attack.shields.direct-attack @ruling:AT-P1 @ruling:AT-S6c
  Scenario: No shields left: the attack is a direct attack and the attacking player wins
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Aqua Vehicle" as "bystander" in the battle zone
    When in step AT-S1, player A attacks player B with "fang"
    Then [AT-S6c] step AT-S6c begins
    And [AT-P1, AT-S6c] player A wins the game by direct attack
    And [AT-P1] no shield is broken

  @id:dm.attack.shields.blocked-breaks-nothing @ruling:AT-S6a @ruling:AT-S4
  Scenario: A blocked attack breaks no shield: the attacker battles the blocker instead
    Given player A has "Deathliger, Lion of Chaos" as "deathliger" in the battle zone
    And player B has "Seamine" as "seamine" in the battle zone
    And player B has 2 shields
    When in step AT-S1, player A attacks player B with "deathliger"
    And in step AT-S4, player B blocks with "seamine"
    Then [AT-S4] "seamine" blocks "deathliger"
    And step AT-S6a begins
    And [AT-S6a] "deathliger" battles "seamine" and wins
    And [AT-S4, AT-S6a] no shield is broken
    And [AT-S4, AT-S6a] step AT-S6b never begins
    And [AT-S4, AT-S6a] player A is never asked which shields to break
    And [AT-S4, AT-S6a] player B ends with 2 shields

  @id:dm.attack.shields.blocked-no-direct-attack @ruling:AT-P1 @ruling:AT-S4 @ruling:AT-S6c
  Scenario: With no shields, a block stops the direct attack
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Seamine" as "seamine" in the battle zone
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S4, player B blocks with "seamine"
    Then [AT-S4] "fang" battles "seamine" and loses
    And [AT-P1, AT-S6c] step AT-S6c never begins
    And [AT-P1, AT-S4, AT-S6c] nobody has won yet
