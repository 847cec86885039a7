@game:dm
Feature: Abilities that trigger on the attack (AT-S3) and their order (AT-D1)
  Invasion (侵略) and revolution change (革命チェンジ) by AP; ninja strike (ニンジャ・ストライク) and
  revolution 0 trigger (革命0トリガー) by NAP. Player A is AP, player B is NAP. Every card is a real card of
  features/cards/dm.json (one listed exception: the revolution 0 trigger), its text quoted where the scenario
  relies on it.

  Background:
    Given it is turn 3, player A's attack phase

  @id:dm.attack.triggers.ap-before-nap @ruling:AT-D1 @ruling:AT-S3
  Scenario: AP's "when attacks" resolves before NAP's "when attacked"
    # Hypersquid Walter: "whenever this creature attacks, you may draw a card";
    # Scalpel Spider: "Whenever this creature is attacked, it gets "slayer" until the end of the turn."
    # cites: card-text | Hypersquid Walter (DM-02 16/55) 「このクリーチャーが攻撃するとき、カードを1枚引いてよい。」
    # cites: card-text | Scalpel Spider (DM-07 32/55) 「攻撃を受けたとき、このクリーチャーはこのターンが終わるまで「スレイヤー」を得る。」
    Given player A has "Hypersquid Walter" as "walter" in the battle zone
    And player A has 1 card in the deck
    And player B has "Scalpel Spider" as "spider" in the battle zone, tapped
    When in step AT-S1, player A attacks "spider" with "walter"
    And in step AT-S3, player A chooses yes
    Then step AT-S3 begins
    And [AT-D1, AT-S3] the "when-attacks" ability of "walter" resolves
    And player A is asked whether to use an optional ability
    And player A draws a card
    And [AT-D1, AT-S3] the "when-attacked" ability of "spider" resolves
    # Scalpel Spider (2000) wins and its gained slayer does nothing more to the destroyed Walter (1000)
    And "walter" (1000) battles "spider" (2000) and loses
    And "walter" is destroyed

  @id:dm.attack.triggers.player-orders-own @ruling:AT-D1 @ruling:AT-S3
  Scenario Outline: Each player orders their own abilities; AP's all resolve before NAP's (<case>)
    # Flametropus: "Whenever this creature attacks, you may put a card from your mana zone into your graveyard. ..."
    # Thrumiss, Zephyr Guardian: "Whenever any of your creatures attacks, you may choose one of your opponent's
    # creatures in the battle zone and tap it." Dolunka: "Whenever one of your opponent's fire or nature creatures
    # attacks, you may draw a card." Nobody takes the optional effects: only the order is observed
    # cites: card-text | Flametropus (DM-03 39/55) 「このクリーチャーが攻撃するとき、自分のマナゾーンからカードを1枚選び、自分の墓地に置いてよい。そうしたなら、このターン、このクリーチャーは「パワーアタッカー+3000」と「W(ダブル)・ブレイカー」を得る。」
    # cites: card-text | Thrumiss, Zephyr Guardian (DM-08 15/55) 「このクリーチャーがバトルゾーンにある間、自分のクリーチャーが攻撃するとき、バトルゾーンにある相手のクリーチャーを1体選び、タップしてもよい。」
    # cites: card-text | Dolunka (DM-14 80/110) 「相手の火または自然のクリーチャーが攻撃する時、カードを1枚引いてもよい。」
    Given player A has "Flametropus" as "flametropus" in the battle zone
    And player A has "Thrumiss, Zephyr Guardian" as "thrumiss" in the battle zone
    And player B has "Dolunka" as "d1" in the battle zone
    And player B has "Dolunka" as "d2" in the battle zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "flametropus"
    And in step AT-S3, player A orders the waiting abilities of "<a1>", "<a2>"
    And in step AT-S3, player B orders the waiting abilities of "<b1>", "<b2>"
    Then [AT-D1, AT-S3] an ability of "<a1>" resolves
    And [AT-D1, AT-S3] an ability of "<a2>" resolves
    And [AT-D1, AT-S3] an ability of "<b1>" resolves
    And [AT-D1, AT-S3] an ability of "<b2>" resolves
    And step AT-S4 begins

    Examples:
      | id       | case                 | a1          | a2          | b1 | b2 |
      | order-1  | one order            | flametropus | thrumiss    | d1 | d2 |
      | order-2  | the reverse order    | thrumiss    | flametropus | d2 | d1 |

  @id:dm.attack.triggers.ap-orders-own-seen @ruling:AT-D1 @ruling:AT-S3
  Scenario Outline: AP orders its own "when attacks" abilities, seen by what they do: Thrumiss's tap and Walter's draw (<case>)
    # AT-D1: 「…複数ある場合はそのプレイヤーが順番を選ぶ」 (a player with several chooses their order). Both abilities
    # trigger when Hypersquid Walter attacks; what each does is observable (a tap, a draw), so the order AP chose
    # is checked without the `trigger` markers of player-orders-own (an adapter that cannot show triggers still
    # shows this order)
    # cites: card-text | Hypersquid Walter (DM-02 16/55) 「このクリーチャーが攻撃するとき、カードを1枚引いてよい。」
    # cites: card-text | Thrumiss, Zephyr Guardian (DM-08 15/55) 「このクリーチャーがバトルゾーンにある間、自分のクリーチャーが攻撃するとき、バトルゾーンにある相手のクリーチャーを1体選び、タップしてもよい。」
    Given player A has "Hypersquid Walter" as "walter" in the battle zone
    And player A has "Thrumiss, Zephyr Guardian" as "thrumiss" in the battle zone
    And player A has 1 card in the deck
    And player B has "Burning Mane" as "mane" in the battle zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "walter"
    And in step AT-S3, player A orders the waiting abilities of "<a1>", "<a2>"
    And in step AT-S3, player A <c1>
    And in step AT-S3, player A <c2>
    Then [AT-D1, AT-S3] <e1>
    And [AT-D1, AT-S3] <e2>

    Examples:
      | id      | case              | a1       | a2       | c1             | c2             | e1                  | e2                  |
      | order-1 | Thrumiss first    | thrumiss | walter   | chooses "mane" | chooses yes    | "mane" is tapped    | player A draws a card |
      | order-2 | Walter first      | walter   | thrumiss | chooses yes    | chooses "mane" | player A draws a card | "mane" is tapped  |

  @id:dm.attack.triggers.invasion @ruling:AT-S3 @ruling:AT-D3 @ruling:AT-S6b
  Scenario: AP declares invasion in AT-S3: Red Zone goes on top of the attacking fire Command and breaks 3 shields
    # Red Zone: "Invasion—fire Command (When one of your fire Commands attacks, you may put this creature from your hand
    # on top of it.) Triple breaker. When you put this creature into the battle zone, destroy all of your opponent's
    # creatures that have the highest power." Asylum, the Dragon Paladin: a light and fire Angel Command.
    # cites: card-text | Red Zone, Roaring Invasion (DMR-17 L2/L2) 「このクリーチャーがバトルゾーンに出た時、一番パワーが大きい相手のクリーチャーをすべて破壊する。」
    Given player A has "Asylum, the Dragon Paladin" as "command" in the battle zone
    And player A has "Red Zone, Roaring Invasion" as "redzone" in hand
    And player B has "Tri-horn Shepherd" as "shepherd" in the battle zone
    And player B has "Fear Fang" as "fang" in the battle zone
    And player B has shields "s1", "s2", "s3" and "s4"
    When in step AT-S1, player A attacks player B with "command"
    And in step AT-S3, player A declares invasion with "redzone"
    And in step AT-S6b, player A breaks "s1", "s2" and "s3"
    Then step AT-S3 begins
    And [AT-S3] "redzone" is declared for invasion
    And [AT-S3] "redzone" is put into the battle zone
    And the "cip" ability of "redzone" resolves
    And [AT-S3] "shepherd" is destroyed
    # AT-D3: the attacker evolved during the attack; the attack goes on, now with Red Zone's triple breaker (AT-S6b)
    And step AT-S6b begins
    And [AT-D3, AT-S6b] "s1", "s2" and "s3" are broken at the same time
    And "fang" is not destroyed
    And [AT-D3] "redzone" ends in the battle zone, tapped
    And [AT-D3, AT-S6b] player B ends with 1 shield

  @id:dm.attack.triggers.revolution-change @ruling:AT-S3 @ruling:AT-S6b
  Scenario: AP declares revolution change in AT-S3: Dogiragon Buster replaces the attacking Bolshack Dragon
    # Dogiragon Buster: "Revolution Change—fire or nature Dragon that costs 5 or more (... you may switch that creature
    # with this creature from your hand.) Triple breaker". The page gives no order for the two moves of the switch:
    # they happen in any order.
    # cites: card-text | Dogiragon Buster, Blue Leader (DMR-21 L1/L2) 「自分の多色クリーチャーすべてに「スピードアタッカー」を与える。」「ファイナル革命:このクリーチャーが「革命チェンジ」によって出た時、そのターン中に他の「ファイナル革命」をまだ使っていなければ、コストの合計が6以下になるよう、進化ではない多色クリーチャーを好きな数、自分の手札またはマナゾーンから出す。」
    Given player A has "Bolshack Dragon" as "bolshack" in the battle zone
    And player A has "Dogiragon Buster, Blue Leader" as "buster" in hand
    And player B has shields "s1", "s2", "s3" and "s4"
    When in step AT-S1, player A attacks player B with "bolshack"
    And in step AT-S3, player A declares revolution change with "buster"
    And in step AT-S6b, player A breaks "s2", "s3" and "s4"
    Then "bolshack" attacks player B
    And [AT-S3] "buster" is declared for revolution change
    And [AT-S3] these events happen in any order:
      | "bolshack" is put into player A's hand |
      | "buster" is put into the battle zone   |
    And the "cip" ability of "buster" resolves
    And [AT-S6b] "s2", "s3" and "s4" are broken at the same time
    And [AT-S3, AT-S6b] the attack ends with "buster" as the attacking creature
    And "bolshack" ends in player A's hand
    And [AT-S6b] player B ends with 1 shield

  @id:dm.attack.triggers.revolution-change-wrong-attacker @ruling:AT-S3
  Scenario: Revolution change needs the attacking creature to match: a 2-cost fire creature does not
    # AT-S3 says when revolution change is declared; that it needs "a fire or nature Dragon that costs 5 or more"
    # is the card's text (Dogiragon Buster), not a ruling of this page
    # cites: card-text | Dogiragon Buster, Blue Leader (DMR-21 L1/L2) 「自分の多色クリーチャーすべてに「スピードアタッカー」を与える。」「ファイナル革命:このクリーチャーが「革命チェンジ」によって出た時、そのターン中に他の「ファイナル革命」をまだ使っていなければ、コストの合計が6以下になるよう、進化ではない多色クリーチャーを好きな数、自分の手札またはマナゾーンから出す。」
    Given player A has "Brawler Zyler" as "zyler" in the battle zone
    And player A has "Dogiragon Buster, Blue Leader" as "buster" in hand
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "zyler"
    And [AT-S3] in step AT-S3, player A cannot declare revolution change with "buster"
    Then "b-shield-1" is broken
    And [AT-S3] "buster" ends in player A's hand

  @id:dm.attack.triggers.revolution-change-after-resolution-refused @ruling:AT-S3
  Scenario: Revolution change is declared before any other ability starts to resolve: after Thrumiss's ability resolved it is refused
    # AT-S3 says AP declares revolution change in this step; the official Q&A of 2024-04-05 decides when in it:
    # 「革命チェンジ」は、クリーチャーが攻撃した際、他の能力を解決しはじめる前に…使用宣言を行う必要があります.
    # Thrumiss: "Whenever any of your creatures attacks, you may choose one of your opponent's creatures in the
    # battle zone and tap it."
    # cites: official-qa | Takara Tomy official Q&A (quoted by dmwiki.net 「公式Q&A 2024年4月5日更新版」): revolution change is declared before other abilities start to resolve | 2024-04-05 | https://dmwiki.net/公式Q＆A 2024年4月5日更新版
    # cites: card-text | Thrumiss, Zephyr Guardian (DM-08 15/55) 「このクリーチャーがバトルゾーンにある間、自分のクリーチャーが攻撃するとき、バトルゾーンにある相手のクリーチャーを1体選び、タップしてもよい。」
    Given player A has "Bolshack Dragon" as "bolshack" in the battle zone
    And player A has "Thrumiss, Zephyr Guardian" as "thrumiss" in the battle zone
    And player A has "Dogiragon Buster, Blue Leader" as "buster" in hand
    And player B has "Fear Fang" as "fang" in the battle zone
    And player B has shields "s1" and "s2"
    When in step AT-S1, player A attacks player B with "bolshack"
    And in step AT-S3, player A chooses "fang"
    And [AT-S3] in step AT-S3, player A cannot declare revolution change with "buster"
    Then the "ally-attacks" ability of "thrumiss" resolves
    And "fang" is tapped
    And [AT-S3] "buster" is never put into the battle zone
    And [AT-S3] "bolshack" is never put into player A's hand
    And "s1" and "s2" are broken at the same time
    And [AT-S3] the attack ends with "bolshack" as the attacking creature
    And [AT-S3] "buster" ends in player A's hand

  @id:dm.attack.triggers.revolution-change-before-any-ability @ruling:AT-S3 @ruling:AT-D1
  Scenario: Revolution change is declared before any ability starts to resolve, the opponent's "when your creature attacks" one too
    # AT-S3 says AP declares revolution change in this step; the official Q&A of 2024-04-05 decides when in it:
    # 「「革命チェンジ」は、クリーチャーが攻撃した際、他の能力を解決しはじめる前に…使用宣言を行う必要があります」. Format 2.1
    # (issue 22.6): `in step AT-S3 before any ability resolves` names that moment, so an engine that offers the
    # declaration only once Dolunka's ability (which asks no decision unless the draw is taken) has resolved fails on
    # the step itself; ordering the steps could not say it. The switch waits among AP's abilities and resolves before
    # NAP's (AT-D1).
    # cites: official-qa | Takara Tomy official Q&A (quoted by dmwiki.net 「公式Q&A 2024年4月5日更新版」): revolution change is declared before other abilities start to resolve | 2024-04-05 | https://dmwiki.net/公式Q＆A 2024年4月5日更新版
    # cites: card-text | Dolunka (DM-14 80/110) 「相手の火または自然のクリーチャーが攻撃する時、カードを1枚引いてもよい。」
    # cites: card-text | Dogiragon Buster, Blue Leader (DMR-21 L1/L2) 「革命チェンジ:火または自然の、コスト5以上のドラゴン」
    Given player A has "Bolshack Dragon" as "bolshack" in the battle zone
    And player A has "Dogiragon Buster, Blue Leader" as "buster" in hand
    And player B has "Dolunka" as "dolunka" in the battle zone
    And player B has 1 card in the deck
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "bolshack"
    And in step AT-S3 before any ability resolves, player A declares revolution change with "buster"
    Then [AT-S3] "buster" is declared for revolution change
    And [AT-S3, AT-D1] "buster" is put into the battle zone
    And [AT-D1] the "opponent-attacks" ability of "dolunka" resolves
    And "b-shield-1" is broken
    And "bolshack" ends in player A's hand

  @id:dm.attack.triggers.revolution-change-waits @ruling:AT-S3 @ruling:AT-D1
  Scenario: A declared revolution change waits with AP's other abilities; AP resolves Thrumiss's first, then the switch
    # Official Q&A 2024-04-05: the revolution change and the "when attacks" abilities each trigger and wait; their
    # controller resolves them in any order (AT-D1: a player with several chooses the order).
    # cites: official-qa | Takara Tomy official Q&A (quoted by dmwiki.net 「公式Q&A 2024年4月5日更新版」): a revolution change and "when attacks" abilities resolve in the order their controller chooses | 2024-04-05 | https://dmwiki.net/公式Q＆A 2024年4月5日更新版
    # cites: card-text | Thrumiss, Zephyr Guardian (DM-08 15/55) 「このクリーチャーがバトルゾーンにある間、自分のクリーチャーが攻撃するとき、バトルゾーンにある相手のクリーチャーを1体選び、タップしてもよい。」
    Given player A has "Bolshack Dragon" as "bolshack" in the battle zone
    And player A has "Thrumiss, Zephyr Guardian" as "thrumiss" in the battle zone
    And player A has "Dogiragon Buster, Blue Leader" as "buster" in hand
    And player B has "Fear Fang" as "fang" in the battle zone
    And player B has shields "s1", "s2", "s3" and "s4"
    When in step AT-S1, player A attacks player B with "bolshack"
    And in step AT-S3, player A declares revolution change with "buster"
    And in step AT-S3, player A orders the waiting abilities of "thrumiss", "buster"
    And in step AT-S3, player A chooses "fang"
    And in step AT-S6b, player A breaks "s1", "s2" and "s3"
    Then [AT-S3] "buster" is declared for revolution change
    And [AT-S3, AT-D1] the "ally-attacks" ability of "thrumiss" resolves
    And [AT-S3, AT-D1] "fang" is tapped
    And [AT-S3, AT-D1] "buster" is put into the battle zone
    And "s1", "s2" and "s3" are broken at the same time
    And [AT-S3] the attack ends with "buster" as the attacking creature
    And "bolshack" ends in player A's hand

  @id:dm.attack.triggers.nap-ninja-strike-after-ap @ruling:AT-S3 @ruling:AT-S4 @ruling:AT-D1 @rule:DM-GEN-SUMMONING-SICKNESS
  Scenario: NAP's ninja strike comes after AP's attack trigger; the ninja's cip gives blocker and it blocks
    # Hayabusamaru: "Ninja Strike 4 ... When you put this creature into the battle zone, one of your creatures in the
    # battle zone gets "blocker" until the start of your next turn."
    # cites: card-text | Hypersquid Walter (DM-02 16/55) 「このクリーチャーが攻撃するとき、カードを1枚引いてよい。」
    # cites: card-text | Hayabusamaru, Light Fang Ninja (DM-29 37/55) 「このクリーチャーをバトルゾーンに出した時、次の自分のターンのはじめまで、バトルゾーンにある自分のクリーチャー1体は「ブロッカー」を得る。」
    Given player A has "Hypersquid Walter" as "walter" in the battle zone
    And player A has 1 card in the deck
    And player B has "Hayabusamaru, Light Fang Ninja" as "hayabusamaru" in hand
    And player B has 4 cards in the mana zone
    And player B has 2 shields
    When in step AT-S1, player A attacks player B with "walter"
    And in step AT-S3, player A chooses yes
    And in step AT-S3, player B declares ninja strike with "hayabusamaru"
    And in step AT-S3, player B chooses "hayabusamaru"
    And in step AT-S4, player B blocks with "hayabusamaru"
    Then [AT-D1] the "when-attacks" ability of "walter" resolves
    And [AT-S3, AT-D1] player A draws a card
    And [AT-S3, AT-D1] "hayabusamaru" is declared for ninja strike
    And [AT-S3] "hayabusamaru" is summoned
    And the "cip" ability of "hayabusamaru" resolves
    And step AT-S4 begins
    And [AT-S4] "hayabusamaru" blocks "walter"
    And "walter" battles "hayabusamaru" and loses
    And [AT-S4] no shield is broken

  @id:dm.attack.triggers.ninja-strike-before-own-ability @ruling:AT-S3
  Scenario: NAP may declare its ninja strike before its own "when attacked" ability resolves, and order the ninja's cip first
    # AT-S3: 「非アクティブ・プレイヤー側で他の「攻撃された時」の能力がトリガーしている場合、それらの能力の解決とニンジャ・ストライクの
    # 宣言(とcip能力の解決)の順番は任意。」 Joe's Toolkit waits; player B declares Raiden's ninja strike first, then resolves
    # Raiden's cip (it taps Immortal Baron Vorg), then Joe's Toolkit's ability (it destroys Burning Mane, not the attacker)
    # cites: card-text | Joe's Toolkit (DM-13 47/55) 「このクリーチャーが攻撃された時、相手のパワー2000以下のクリーチャーを1体破壊してもよい。」
    # cites: card-text | Raiden, Light Fang Ninja (DM-30 22/55) 「このクリーチャーをバトルゾーンに出した時、バトルゾーンにある相手のクリーチャーを1体選び、タップする。」
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player A has "Burning Mane" as "mane" in the battle zone
    And player A has "Immortal Baron, Vorg" as "vorg" in the battle zone
    And player B has "Joe's Toolkit" as "joe" in the battle zone, tapped
    And player B has "Raiden, Light Fang Ninja" as "raiden" in hand
    And player B has 1 card in the mana zone
    When in step AT-S1, player A attacks "joe" with "fang"
    And in step AT-S3, player B declares ninja strike with "raiden"
    And in step AT-S3, player B orders the waiting abilities of "raiden" and "joe"
    And in step AT-S3, player B chooses "vorg"
    And in step AT-S3, player B chooses "mane"
    Then [AT-S3] "raiden" is declared for ninja strike
    And "raiden" is summoned
    And the "cip" ability of "raiden" resolves
    And [AT-S3] "vorg" is tapped
    And the "when-attacked" ability of "joe" resolves
    And [AT-S3] "mane" is destroyed
    And "fang" (3000) battles "joe" (1000) and wins
    And "raiden" ends in the battle zone

  @id:dm.attack.triggers.ninja-strike-after-own-ability @ruling:AT-S3
  Scenario: NAP may resolve its own "when attacked" ability first and declare its ninja strike afterwards
    # AT-S3 (the same sentence): the order is player B's. Joe's Toolkit's ability resolves first (it destroys Burning
    # Mane), then player B declares Raiden's ninja strike, still in AT-S3, and Raiden's cip taps Immortal Baron Vorg
    # cites: card-text | Joe's Toolkit (DM-13 47/55) 「このクリーチャーが攻撃された時、相手のパワー2000以下のクリーチャーを1体破壊してもよい。」
    # cites: card-text | Raiden, Light Fang Ninja (DM-30 22/55) 「このクリーチャーをバトルゾーンに出した時、バトルゾーンにある相手のクリーチャーを1体選び、タップする。」
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player A has "Burning Mane" as "mane" in the battle zone
    And player A has "Immortal Baron, Vorg" as "vorg" in the battle zone
    And player B has "Joe's Toolkit" as "joe" in the battle zone, tapped
    And player B has "Raiden, Light Fang Ninja" as "raiden" in hand
    And player B has 1 card in the mana zone
    When in step AT-S1, player A attacks "joe" with "fang"
    And in step AT-S3, player B chooses "mane"
    And in step AT-S3, player B declares ninja strike with "raiden"
    And in step AT-S3, player B chooses "vorg"
    Then the "when-attacked" ability of "joe" resolves
    And [AT-S3] "mane" is destroyed
    And [AT-S3] "raiden" is declared for ninja strike
    And "raiden" is summoned
    And the "cip" ability of "raiden" resolves
    And [AT-S3] "vorg" is tapped
    And step AT-S4 begins
    And "fang" (3000) battles "joe" (1000) and wins

  @id:dm.attack.triggers.ninja-strike-mana-short @ruling:AT-S3
  Scenario: Ninja strike 4 with 3 cards in the mana zone can be declared; the ninja is not summoned and stays in the hand
    # AT-S3 says when ninja strike is declared. The official Q&A of 2022-08-10 (comprehensive rules 112.3c) decides
    # the rest: Hayabusamaru's "Ninja Strike 4" can be declared with 3 cards in the mana zone; if the mana zone
    # still has 3 cards when the ability resolves, it is not summoned and stays in the hand.
    # cites: official-qa | Takara Tomy official Q&A 41804 (quoted by dmwiki.net 「公式Q&A 2022年8月10日更新版」): Ninja Strike 4 can be declared with 3 mana cards; not summoned if still 3 when it resolves | 2022-08-10 | https://dm.takaratomy.co.jp/rule/qa/41804
    # cites: comprehensive-rules | デュエル・マスターズ総合ゲームルール 112.3c | 2022-08-10
    Given player A has "Fear Fang" as "fang" in the battle zone
    And player B has "Hayabusamaru, Light Fang Ninja" as "hayabusamaru" in hand
    And player B has 3 cards in the mana zone
    And player B has 1 shield
    When in step AT-S1, player A attacks player B with "fang"
    And in step AT-S3, player B declares ninja strike with "hayabusamaru"
    Then [AT-S3] "hayabusamaru" is declared for ninja strike
    And [AT-S3] "hayabusamaru" is never put into the battle zone
    And "b-shield-1" is broken
    And [AT-S3] "hayabusamaru" ends in player B's hand

  @id:dm.attack.triggers.revolution-0-trigger @ruling:AT-S3 @ruling:AT-D1
  Scenario: NAP with no shields declares revolution 0 trigger when attacked, after AP's abilities
    # Listed exception (a test card, `requires: test-card`): every real revolution 0 trigger card reveals cards from
    # the top of the deck (革命の鉄拳 DMR-17, 獅子王の紋章 DMR-21, ボルシャック・ドギラゴン) and no collector number
    # of them could be verified for the catalogue; the generic "Test Revolution 0 Trigger 4000" stands in.
    # cites: card-text | Hypersquid Walter (DM-02 16/55) 「このクリーチャーが攻撃するとき、カードを1枚引いてよい。」
    Given player A has "Hypersquid Walter" as "walter" in the battle zone
    And player A has 1 card in the deck
    And player B has "Test Revolution 0 Trigger 4000" as "r0" in hand
    When in step AT-S1, player A attacks player B with "walter"
    And in step AT-S3, player A chooses yes
    And in step AT-S3, player B declares revolution 0 trigger with "r0"
    Then [AT-D1] the "when-attacks" ability of "walter" resolves
    And [AT-S3, AT-D1] "r0" is declared for revolution 0 trigger
    And [AT-S3] "r0" is summoned
    And step AT-S4 begins
    # the summoned creature has no blocker: nothing stops the direct attack (AT-P1)
    And [AT-S3] player A wins the game by direct attack
