@game:dm
Feature: Interrupting the attack (AT-D2) and creatures that split (AT-D4); the end of the attack (AT-S7)
  Player A is AP, player B is NAP. Every card is a real card of features/cards/dm.json; its text is quoted
  where the scenario relies on it.

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.interruption.target-leaves @ruling:AT-D2
  Scenario: The target leaves the battle zone in AT-S3: the attack is interrupted, no block step, no battle
    # Metalwing Skyterror: "Whenever this creature attacks, you may destroy one of your opponent's creatures that has "blocker.""
    # cites: card-text | Metalwing Skyterror (DM-02 42/55) 「このクリーチャーが攻撃するとき、相手がブロックする前に、バトルゾーンにある相手の「ブロッカー」を持つクリーチャーを1体選び、持ち主の墓地に置く。」
    Given player A has "Metalwing Skyterror" as "metalwing" in the battle zone
    And player B has "Dark Clown" as "clown" in the battle zone, tapped
    And player B has "Seamine" as "seamine" in the battle zone
    And player B has 2 shields
    When in step AT-S1, player A attacks "clown" with "metalwing"
    And in step AT-S3, player A chooses "clown"
    Then "metalwing" attacks "clown"
    And the "when-attacks" ability of "metalwing" resolves
    And [AT-D2] "clown" is destroyed
    And [AT-D2] the attack is interrupted
    And [AT-D2] step AT-S4 never begins
    And [AT-D2] player B is never asked whether to block
    And [AT-D2] nobody blocks
    And [AT-D2] no battle happens
    And [AT-D2] step AT-S7 never begins
    And "metalwing" ends in the battle zone, tapped
    And player B ends with 2 shields

  @id:dm.attack.interruption.while-attacking-ends @ruling:AT-D2 @ruling:AT-S2
  Scenario: The interruption ends "while attacking" effects: the power attacker bonus is gone with the attack
    # Terradragon Regarion: 4000, "Power attacker +3000". Super Dragon Machine Dolzark: "Whenever one of your other
    # creatures that has Dragon in its race attacks, you may choose one of your opponent's creatures in the battle
    # zone that has power 5000 or less and put it into his mana zone."
    # AT-D2 (「攻撃は中断され、「攻撃中」の継続的効果も終了する」) makes the end of the attack and the end of the
    # bonus one event: they happen at the same time, in no asserted order
    Given player A has "Terradragon Regarion" as "regarion" in the battle zone
    And player A has "Super Dragon Machine Dolzark" as "dolzark" in the battle zone
    And player B has "Fear Fang" as "fang" in the battle zone, tapped
    When in step AT-S1, player A attacks "fang" with "regarion"
    And in step AT-S3, player A chooses "fang"
    Then [AT-S2] "regarion" has power 7000
    And "fang" is put into player B's mana zone
    And [AT-D2, AT-S2] these events happen at the same time:
      | the attack is interrupted |
      | "regarion" has power 4000 |
    And [AT-D2] no battle happens
    And [AT-D2, AT-S2] "regarion" ends with power 4000

  @id:dm.attack.interruption.waiting-abilities-resolve-first @ruling:AT-D2 @ruling:AT-S3
  Scenario: The attack is interrupted only when no ability waits: NAP's waiting ability still resolves
    # Metalwing Skyterror destroys the attacked Dark Clown (a blocker); Olgate, Nightmare Samurai: "Whenever one
    # of your creatures is destroyed, you may untap this creature." (NAP's ability, waiting when the target left)
    # cites: card-text | Olgate, Nightmare Samurai (Promo-Y1 L14/20): whenever one of your creatures is destroyed, you may untap this creature (English text: no Japanese printing found)
    Given player A has "Metalwing Skyterror" as "metalwing" in the battle zone
    And player B has "Dark Clown" as "clown" in the battle zone, tapped
    And player B has "Olgate, Nightmare Samurai" as "olgate" in the battle zone, tapped
    When in step AT-S1, player A attacks "clown" with "metalwing"
    And in step AT-S3, player A chooses "clown"
    And in step AT-S3, player B chooses yes
    Then "clown" is destroyed
    And [AT-D2, AT-S3] the "ally-destroyed" ability of "olgate" resolves
    And [AT-D2, AT-S3] player B is asked whether to use an optional ability
    And [AT-D2, AT-S3] "olgate" becomes untapped
    And [AT-D2] the attack is interrupted
    And [AT-D2] no battle happens

  @id:dm.attack.interruption.attacker-leaves @ruling:AT-D2 @ruling:AT-S3
  Scenario: The attacker leaves the battle zone in AT-S3: no block step, no battle, no AT-S7
    # Joe's Toolkit: 「このクリーチャーが攻撃された時、相手のパワー2000以下のクリーチャーを1体破壊してもよい。」 It destroys
    # the attacking Burning Mane (2000). Earlier this scenario used Daidalos, General of Fury, whose English text is a
    # "when attacks, destroy one of your creatures" trigger but whose Japanese text is an attack cost
    # (「自分の他のクリーチャー1体を自分の墓地に置かなければ、このクリーチャーは攻撃することができない。」)
    # cites: card-text | Joe's Toolkit (DM-13 47/55) 「このクリーチャーが攻撃された時、相手のパワー2000以下のクリーチャーを1体破壊してもよい。」
    Given player A has "Burning Mane" as "mane" in the battle zone
    And player B has "Joe's Toolkit" as "joe" in the battle zone, tapped
    And player B has "Seamine" as "seamine" in the battle zone
    When in step AT-S1, player A attacks "joe" with "mane"
    And in step AT-S3, player B chooses "mane"
    Then "mane" attacks "joe"
    And [AT-S3] the "when-attacked" ability of "joe" resolves
    And [AT-S3] "mane" is destroyed
    And [AT-D2] the attack is interrupted
    And [AT-D2] step AT-S4 never begins
    And [AT-D2] player B is never asked whether to block
    And [AT-D2] no battle happens
    And [AT-D2] step AT-S7 never begins
    And "joe" ends in the battle zone, tapped

  @id:dm.attack.interruption.split-target @ruling:AT-D4 @ruling:AT-D3
  Scenario Outline: The attacked evolution creature splits into two creatures: the attacking side chooses which one battles (<case>)
    # Soul Phoenix: "Vortex Evolution—Put on one of your Fire Birds and one of your Earth Dragons. ... When this card would
    # leave the battle zone, only the top card leaves the battle zone instead (Separate the other cards into 2 creatures)."
    # Stained Glass: "Whenever this creature attacks, you may choose one of your opponent's fire or nature creatures in
    # the battle zone and return it to its owner's hand."
    # cites: card-text | Soul Phoenix, Avatar of Unity (DM-12 5/55) 「このクリーチャーがバトルゾーンを離れる時、一番上のカードだけがバトルゾーンから離れる。」
    # cites: card-text | Stained Glass (DM-02 21/55) 「このクリーチャーが攻撃するとき、相手がブロックする前に、バトルゾーンにある火または自然のクリーチャーを1体選び、持ち主の手札に戻してよい。」
    Given player A has "Stained Glass" as "glass" in the battle zone
    And player B has "Soul Phoenix, Avatar of Unity" as "phoenix" in the battle zone, tapped
    And player B has "Kooc Pollon" as "kooc" under "phoenix"
    And player B has "Terradragon Regarion" as "regarion" under "phoenix"
    When in step AT-S1, player A attacks "phoenix" with "glass"
    And in step AT-S3, player A chooses "phoenix"
    And in step AT-S3, player A chooses "<chosen>"
    Then [AT-D4] "phoenix" is put into player B's hand
    # AT-D3: Kooc Pollon "can't be attacked", but legality was checked at the declaration only
    And [AT-D4, AT-D3] <battle>
    And [AT-D4] "<other>" ends in the battle zone, tapped

    Examples:
      | id            | case                  | chosen   | battle                                          | other    |
      | kooc-pollon   | Kooc Pollon battles   | kooc     | "glass" (1000) battles "kooc" (1000), both lose  | regarion |
      | regarion      | Regarion battles      | regarion | "glass" (1000) battles "regarion" (4000) and loses | kooc   |

  @id:dm.attack.interruption.split-attacker @ruling:AT-D4 @ruling:AT-S7
  Scenario Outline: The attacking evolution creature splits: the attacking side chooses which one goes on attacking (<case>)
    # Soul Phoenix destroyed by Terror Pit used as a shield trigger: only the top card leaves
    # cites: card-text | Soul Phoenix, Avatar of Unity (DM-12 5/55) 「このクリーチャーがバトルゾーンを離れる時、一番上のカードだけがバトルゾーンから離れる。」
    # cites: card-text | Terror Pit (DM-01 63/110) 「相手のクリーチャーを1体破壊する。」
    Given player A has "Soul Phoenix, Avatar of Unity" as "phoenix" in the battle zone
    And player A has "Kooc Pollon" as "kooc" under "phoenix"
    And player A has "Terradragon Regarion" as "regarion" under "phoenix"
    And player B has "Terror Pit" as "pit" in the shield zone
    And player B has shields "s2", "s3" and "s4"
    When in step AT-S1, player A attacks player B with "phoenix"
    And in step AT-S6b, player A breaks "pit", "s2" and "s3"
    And in step AT-S6b, player B uses the shield trigger of "pit"
    And in step AT-S6b, player B chooses "phoenix"
    And in step AT-S6b, player A chooses "<chosen>"
    Then "pit", "s2" and "s3" are broken at the same time
    And [AT-D4] "phoenix" is destroyed
    And [AT-D4, AT-S7] the attack ends with "<chosen>" as the attacking creature
    And [AT-D4] "kooc" ends in the battle zone, tapped
    And [AT-D4] "regarion" ends in the battle zone, tapped

    Examples:
      | id            | case                     | chosen   |
      | kooc-pollon   | Kooc Pollon is chosen    | kooc     |
      | regarion      | Regarion is chosen       | regarion |

  @id:dm.attack.end.after-attacking @ruling:AT-S7
  Scenario: "After attacking" abilities resolve in AT-S7: Marrow Ooze is destroyed after attacking a player
    # Marrow Ooze: "When this creature attacks a player, destroy it after the attack."
    # cites: card-text | Marrow Ooze, the Twister (DM-02 32/55) 「このクリーチャーは相手プレイヤーを攻撃したあと、持ち主の墓地に置かれる。」
    Given player A has "Marrow Ooze, the Twister" as "ooze" in the battle zone
    # one shield: its break is no choice (the shields are not what this scenario is about)
    And player B has shields "s2"
    When in step AT-S1, player A attacks player B with "ooze"
    Then "s2" is broken
    And [AT-S7] step AT-S7 begins
    And [AT-S7] the "after-attacking" ability of "ooze" resolves
    And [AT-S7] "ooze" is destroyed
    And the attack ends
    And [AT-S7] "ooze" ends in the graveyard

  @id:dm.attack.end.after-attacking-not-on-creature @ruling:AT-S7 @ruling:AT-S6a @rule:DM-GEN-ATTACKER-LEAVES
  Scenario: Marrow Ooze attacking a creature: its "after attacking a player" ability does not trigger; the attack still ends
    # Marshias, Spirit of the Sun: 「このクリーチャーはすべてのバトルに勝つ。」
    # DM-GEN-ATTACKER-LEAVES: the attacker was destroyed in the battle (AT-S6a); 「全ての処理が終わったら、7.に進む」 and the
    # rules wiki (攻撃終了ステップ: 「攻撃中のクリーチャーが除去…されたりしても訪れる」): the attack still ends in AT-S7
    Given player A has "Marrow Ooze, the Twister" as "ooze" in the battle zone
    And player B has "Marshias, Spirit of the Sun" as "wall" in the battle zone, tapped
    When in step AT-S1, player A attacks "wall" with "ooze"
    Then [AT-S6a] "ooze" battles "wall" and loses
    And [AT-S7] step AT-S7 begins
    And [AT-S7] the attack ends
    And [AT-S7] no ability of "ooze" resolves
