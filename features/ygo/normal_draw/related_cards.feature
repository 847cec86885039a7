@game:ygo
Feature: The page's related cards (ND-L-RELATED), each played for what relates it to the normal draw
  The page lists 18 related cards. Each is played from its OCG text (text_ja in
  features/cards/ygo.json, quoted in features/cards/ygo-effects.json): cards that change how many
  cards the normal draw takes, cards that react to it, a card that skips the Draw Phase. Afterglow,
  Shining Draw, Barian's Chaos Draw, Symbol of Friendship and Rank-Up-Magic - The Seventh One are
  played in drawn_cards.feature (ND-L-TRIGGER). Knightmare Unicorn counts co-linked Knightmare
  monsters (相互リンク): the scenario format has no Link Arrows, so no scenario can set it up (README).
  What is expected comes from each card's text, quoted beside it.

  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw

  # ------------------------------------------------------------ how many cards the normal draw takes
  @id:ygo.normal-draw.related.pandora.two-cards @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Pandora's Jewelry Box with an empty Extra Deck: the normal draw takes 2 cards
    # cites: card-text | Pandora's Jewelry Box (15936370), monster effect ①
    # 「自分のエクストラデッキにカードが存在せず、このカードがモンスターゾーンに存在する限り、自分ドローフェイズの通常のドローは２枚になる。」
    Given player A controls "Pandora's Jewelry Box" as "pandora" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", in this order from the top
    Then player A draws "alexandrite-dragon", "mystical-elf" by the normal draw
    And "celtic-guardian" ends in player A's deck

  @id:ygo.normal-draw.related.pandora.extra-deck @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Pandora's Jewelry Box with a card in the Extra Deck: the normal draw takes 1 card
    # cites: card-text | Pandora's Jewelry Box (15936370), monster effect ①
    # 「自分のエクストラデッキにカードが存在せず…」
    Given player A controls "Pandora's Jewelry Box" as "pandora" face-up in attack position
    And player A has "Number 39: Utopia" as "utopia" in the Extra Deck
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    Then player A draws "alexandrite-dragon" by the normal draw
    And "mystical-elf" ends in player A's deck

  @id:ygo.normal-draw.related.guarded-treasure @ruling:ND-L-RELATED @ruling:ND-01 @ruling:ND-04
  Scenario: Guarded Treasure: activated by discarding 5 cards it draws 2; then every normal draw of its controller takes 2 cards
    # cites: card-text | Guarded Treasure (17052477) ①②
    # 「①：手札を５枚捨ててこのカードを発動できる。自分はデッキから２枚ドローする。②：このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズの通常のドローは２枚になる。」
    Given it is turn 2, player A's Main Phase 1
    And player A has "Guarded Treasure" as "treasure" in hand
    And player A has "Mystical Elf" as "h1" in hand
    And player A has "Celtic Guardian" as "h2" in hand
    And player A has "Dark Blade" as "h3" in hand
    And player A has "Alien Shocktrooper" as "h4" in hand
    And player A has "Sangan" as "h5" in hand
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", in this order from the top
    And player B's deck holds "Alexandrite Dragon", in this order from the top
    And the duel goes on until turn 4's Standby Phase
    When in player A's Main Phase 1, player A activates "treasure"
    Then "h1" is sent to the graveyard
    And player A draws "alexandrite-dragon", "mystical-elf" by a card effect
    And player B draws "alexandrite-dragon-2" by the normal draw
    And player A draws "celtic-guardian", "dark-blade" by the normal draw
    And player A ends with 4 cards in hand

  @id:ygo.normal-draw.related.mystical-cards.two-copies @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Mystical Cards of Light with another copy face-up: its controller may draw 2 cards with the normal draw
    # cites: card-text | Mystical Cards of Light (48356796)
    # 「このカード以外の「閃光の宝札」が自分フィールド上に表側表示で存在する場合、自分のドローフェイズ時の通常ドローでカードを２枚ドローする事ができる。」
    # (できる: a choice of its controller, made before the draw)
    Given player A has "Mystical Cards of Light" as "light1" face-up in the spell & trap zone
    And player A has "Mystical Cards of Light" as "light2" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    When before the draw, player A declares "yes"
    Then player A draws "alexandrite-dragon", "mystical-elf" by the normal draw

  @id:ygo.normal-draw.related.mystical-cards.declined @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Mystical Cards of Light: a controller who declines draws 1 card
    # cites: card-text | Mystical Cards of Light (48356796)
    # 「…２枚ドローする事ができる。」
    Given player A has "Mystical Cards of Light" as "light1" face-up in the spell & trap zone
    And player A has "Mystical Cards of Light" as "light2" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    When before the draw, player A declares "no"
    Then player A draws "alexandrite-dragon" by the normal draw
    And "mystical-elf" ends in player A's deck

  @id:ygo.normal-draw.related.mystical-cards.alone @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Mystical Cards of Light alone: the normal draw takes 1 card
    # cites: card-text | Mystical Cards of Light (48356796)
    # 「このカード以外の「閃光の宝札」が…存在する場合」
    Given player A has "Mystical Cards of Light" as "light1" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    Then player A draws "alexandrite-dragon" by the normal draw
    And "mystical-elf" ends in player A's deck

  @id:ygo.normal-draw.related.slower-swallow @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Slower Swallow, Tributed, makes its controller's next normal draw 2 cards (not the opponent's)
    # cites: card-text | Slower Swallow (10505300) ②
    # 「②：このカードをリリースして発動できる。次の自分ドローフェイズの通常のドローは２枚になる。」
    Given it is turn 2, player A's Main Phase 1
    And player A controls "Slower Swallow" as "swallow" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", in this order from the top
    And player B's deck holds "Dark Blade", "Sangan", in this order from the top
    And the duel goes on until turn 4's Standby Phase
    When in player A's Main Phase 1, player A activates "swallow"
    Then "swallow" is sent to the graveyard
    And player B draws "dark-blade" by the normal draw
    And player A draws "alexandrite-dragon", "mystical-elf" by the normal draw
    And "sangan" ends in player B's deck

  # ------------------------------------------------------------------- cards that react to the normal draw
  @id:ygo.normal-draw.related.cyber-archfiend.empty-hand @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Cyber Archfiend: with an empty hand as the Draw Phase began, its controller draws 1 more after the normal draw
    # cites: card-text | Cyber Archfiend (59907935)
    # 「自分のドローフェイズ開始時に自分の手札が０枚だった場合、通常のドローに加えてもう１枚ドローする。」
    # (no できる: mandatory, the game activates it)
    Given player A controls "Cyber Archfiend" as "archfiend" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    Then player A draws "alexandrite-dragon" by the normal draw
    And "archfiend" is activated
    And player A draws "mystical-elf" by a card effect

  @id:ygo.normal-draw.related.cyber-archfiend.card-in-hand @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Cyber Archfiend: with a card in hand as the Draw Phase began, only the normal draw
    # cites: card-text | Cyber Archfiend (59907935)
    # 「…手札が０枚だった場合…」
    Given player A controls "Cyber Archfiend" as "archfiend" face-up in attack position
    And player A has "Dark Blade" as "blade" in hand
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    Then player A draws "alexandrite-dragon" by the normal draw
    And "archfiend" is not activated
    And player A draws nothing by a card effect

  @id:ygo.normal-draw.related.lightshower.burn @ruling:ND-L-RELATED @ruling:ND-04
  Scenario: Flower Cardian Lightshower burns 1500 when the opponent conducts the normal draw, not for a draw by an effect
    # cites: card-text | Flower Cardian Lightshower (42291297) ②
    # 「②：相手のドローフェイズに相手が通常のドローをした場合に発動する。相手に１５００ダメージを与える。」
    Given player B controls "Flower Cardian Lightshower" as "lightshower" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    And player A has "Reload" as "reload" in hand
    When in player A's Draw Phase, player A activates "reload"
    Then player A draws "alexandrite-dragon" by the normal draw
    And "lightshower" is activated
    And "reload" is activated as chain link 1
    And player A draws a card by a card effect
    And player A has 6500 LP at the end

  @id:ygo.normal-draw.related.lightshower.skip-draw-phase @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Flower Cardian Lightshower skips its controller's next Draw Phase: no normal draw that turn
    # cites: card-text | Flower Cardian Lightshower (42291297) ③
    # 「③：相手エンドフェイズに以下の効果から１つを選択して発動する。●次の自分ターンのドローフェイズをスキップする。●このカードの効果を次の相手スタンバイフェイズまで無効にする。」
    Given it is turn 2, player A's Main Phase 2
    And player B controls "Flower Cardian Lightshower" as "lightshower" face-up in attack position
    And player B's deck holds "Dark Blade", in this order from the top
    And the duel goes on until turn 3's Standby Phase
    When while chain link 1 is being activated, player B declares "skip-draw-phase"
    Then "lightshower" is activated as chain link 1
    And player B's Standby Phase of turn 3 begins
    And player B's Draw Phase of turn 3 never begins
    And player B does not conduct the normal draw
    And player B ends with 0 cards in hand

  @id:ygo.normal-draw.related.lightshower.negated @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Flower Cardian Lightshower negating its own effects: no burn on the opponent's next normal draw
    # cites: card-text | Flower Cardian Lightshower (42291297) ③
    # 「●このカードの効果を次の相手スタンバイフェイズまで無効にする。」
    Given it is turn 2, player A's Main Phase 2
    And player B controls "Flower Cardian Lightshower" as "lightshower" face-up in attack position
    And player B's deck holds "Dark Blade", in this order from the top
    And player A's deck holds "Alexandrite Dragon", in this order from the top
    And the duel goes on until turn 4's Standby Phase
    When while chain link 1 is being activated, player B declares "negate-its-effects"
    Then player B draws "dark-blade" by the normal draw
    And player A draws "alexandrite-dragon" by the normal draw
    And player A has 8000 LP at the end

  @id:ygo.normal-draw.related.cosmos-channelling.declared @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Cosmos Channelling with Jinzo: the opponent's normal draw is revealed; the declared type sends it to the GY and draws 1
    # cites: card-text | Cosmos Channelling (91654806) ②
    # 「②：自分フィールドに「人造人間－サイコ・ショッカー」が存在し、相手ドローフェイズに相手が通常のドローをした時、カードの種類（モンスター・魔法・罠）を宣言して発動できる。ドローしたカードをお互いに確認し、宣言した種類だった場合、このカードを墓地へ送り、自分はデッキから１枚ドローする。」
    Given the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B controls "Jinzo" as "jinzo" face-up in attack position
    And player B has "Cosmos Channelling" as "cosmos" face-up in the spell & trap zone
    And player B's deck holds "Dark Blade", in this order from the top
    When after the normal draw, player B activates "cosmos", declaring "Monster"
    Then player A draws "top" by the normal draw
    And "cosmos" is activated as chain link 1
    And "top" is revealed
    And "cosmos" is sent to the graveyard
    And player B draws "dark-blade" by a card effect

  @id:ygo.normal-draw.related.cosmos-channelling.other-type @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Cosmos Channelling: another card type was declared: it stays and nothing is drawn
    # cites: card-text | Cosmos Channelling (91654806) ②
    # 「…宣言した種類だった場合、…」
    Given the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B controls "Jinzo" as "jinzo" face-up in attack position
    And player B has "Cosmos Channelling" as "cosmos" face-up in the spell & trap zone
    And player B's deck holds "Dark Blade", in this order from the top
    When after the normal draw, player B activates "cosmos", declaring "Trap"
    Then "top" is revealed
    And "cosmos" ends in player B's spell & trap zone
    And player B draws nothing by a card effect

  @id:ygo.normal-draw.related.cosmos-channelling.no-jinzo @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Cosmos Channelling without Jinzo cannot be activated on the opponent's normal draw
    # cites: card-text | Cosmos Channelling (91654806) ②
    # 「②：自分フィールドに「人造人間－サイコ・ショッカー」が存在し、…」
    Given the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B has "Cosmos Channelling" as "cosmos" face-up in the spell & trap zone
    When after the normal draw, player B cannot activate "cosmos", declaring "Monster"
    Then "cosmos" is not activated
    And "top" is never revealed

  @id:ygo.normal-draw.related.shard-of-greed.two-normal-draws @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Shard of Greed gets a Greed Counter for each normal draw: after two it draws 2
    # cites: card-text | Shard of Greed (33904024) ①②
    # 「①：このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズに通常のドローをする度に、このカードに強欲カウンターを１つ置く。②：強欲カウンターが２つ以上置かれているこのカードを墓地へ送って発動できる。自分は２枚ドローする。」
    Given player A has "Shard of Greed" as "shard" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", "Celtic Guardian", "Dark Blade", "Sangan", in this order from the top
    And player B's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    And the duel goes on until turn 4's Main Phase 2
    When in player A's Main Phase 1, player A cannot activate "shard" effect (2) (refused: condition)
    And in player A's Main Phase 1 on turn 4, player A activates "shard" effect (2)
    Then "shard" is sent to the graveyard
    And player A draws "celtic-guardian", "dark-blade" by a card effect

  @id:ygo.normal-draw.related.shard-of-greed.effect-draw @ruling:ND-L-RELATED @ruling:ND-04
  Scenario: Shard of Greed: a draw by a card effect in the Draw Phase gives no Greed Counter
    # cites: card-text | Shard of Greed (33904024) ①
    # 「…通常のドローをする度に、…強欲カウンターを１つ置く。」 Two draws this Draw Phase, one of them by Cyber
    # Archfiend's effect: one counter, so (2) cannot be activated yet
    Given player A has "Shard of Greed" as "shard" face-up in the spell & trap zone
    And player A controls "Cyber Archfiend" as "archfiend" face-up in attack position
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    When in player A's Main Phase 1, player A cannot activate "shard" effect (2) (refused: condition)
    Then player A draws "alexandrite-dragon" by the normal draw
    And player A draws "mystical-elf" by a card effect
    And "shard" ends in player A's spell & trap zone

  @id:ygo.normal-draw.related.tilted-try.normal-draw @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Tilted Try: the card drawn for the normal draw is revealed, returned to the bottom of the Deck, and its controller draws 1
    # cites: card-text | Tilted Try (20216608) ①
    # 「①：自分ドローフェイズに通常のドローをした時、そのカード１枚を相手に見せて発動できる。そのカードをデッキの一番下に戻し、自分はデッキから１枚ドローする。」
    Given the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player A has "Tilted Try" as "tilted" face-up in the field zone
    And player A's deck holds "Mystical Elf", "Celtic Guardian", in this order from the top
    When after the normal draw, player A activates "tilted"
    Then player A draws "top" by the normal draw
    And "tilted" is activated as chain link 1
    And "top" is revealed
    And "top" is returned to the deck
    And player A draws "mystical-elf" by a card effect
    And "top" ends in player A's deck

  @id:ygo.normal-draw.related.tilted-try.effect-draw @ruling:ND-L-RELATED @ruling:ND-04
  Scenario: Tilted Try: a card drawn by a card effect uses its other effect, which sends Tilted Try to the GY
    # cites: card-text | Tilted Try (20216608) ②
    # 「②：自分が効果でカードをドローした時、そのカード１枚を相手に見せて発動できる。このカードを墓地へ送り、見せたカードをデッキの一番下に戻し、自分はデッキから１枚ドローする。」
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A has "Tilted Try" as "tilted" face-up in the field zone
    And player A has "Reload" as "reload" in hand
    And player A has "Alexandrite Dragon" as "alex" in hand
    And player A's deck holds "Mystical Elf", in this order from the top
    When in player A's Draw Phase, player A activates "reload"
    And after player A draws by a card effect, player A activates "tilted" effect (2)
    Then "tilted" is activated
    And "tilted" is sent to the graveyard
    And player A ends with 1 card in hand

  @id:ygo.normal-draw.related.drop-off @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Drop Off, right after the opponent's normal draw: the card drawn is discarded
    # cites: card-text | Drop Off (55773067)
    # 「相手のドローフェイズ時に、相手が通常のドローをした時に発動する事ができる。相手はドローしたカード１枚をそのまま墓地へ捨てる。」
    Given the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B has "Drop Off" as "trap" set in the spell & trap zone
    When in player A's Draw Phase, player B activates "trap"
    Then player A draws "top" by the normal draw
    And "trap" is activated as chain link 1
    And "top" is sent to the graveyard

  @id:ygo.normal-draw.related.drop-off.other-draw @ruling:ND-L-RELATED @ruling:ND-04
  Scenario: Drop Off cannot answer a draw by a card effect in the Draw Phase
    # cites: card-text | Drop Off (55773067)
    # 「…相手が通常のドローをした時に発動する事ができる。」 (yugioh-wiki FAQ: ルールのドローのみが対象)
    Given it is turn 2, player A's Draw Phase, after the draw
    And player A has "Reload" as "reload" in hand
    And player A has "Mystical Space Typhoon" as "mst" in hand
    And player A's deck holds "Alexandrite Dragon", in this order from the top
    And player B has "Drop Off" as "trap" set in the spell & trap zone
    When in player A's Draw Phase, player A activates "reload"
    And in player A's Draw Phase, player B cannot activate "trap" (refused: condition)
    Then player A draws a card by a card effect
    And "trap" is not activated
    And player A ends with 1 card in hand

  @id:ygo.normal-draw.related.commander-of-swords.discard @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Commander of Swords: the normal draw is revealed; a Spell/Trap drawn is discarded
    # cites: card-text | Commander of Swords (12197543)
    # 「相手のドローフェイズ時に、相手が通常のドローをした時に発動できる。ドローしたカードをお互いに確認し、確認したカードが魔法・罠カードだった場合、以下の効果から１つを選択して適用する。●ドローしたカードを捨てる。●相手フィールド上の魔法・罠カード１枚を選んで破壊する。」
    Given the top card of player A's deck is "Mystical Space Typhoon" as "top"
    And player B has "Commander of Swords" as "trap" set in the spell & trap zone
    When in player A's Draw Phase, player B activates "trap"
    And while chain link 1 resolves, player B declares "discard"
    Then player A draws "top" by the normal draw
    And "top" is revealed
    And "top" is sent to the graveyard

  @id:ygo.normal-draw.related.commander-of-swords.two-cards @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Commander of Swords with a normal draw of 2 cards: a Spell among them, both cards drawn are discarded
    # cites: card-text | Commander of Swords (12197543)
    # 「ドローしたカードをお互いに確認し、確認したカードが魔法・罠カードだった場合、…●ドローしたカードを捨てる。」: the
    # cards drawn are discarded, the monster among them too (English: "Discard all cards they drew"); no
    # official ruling on a multi-card draw was found, the text decides (issue 35). Pandora's Jewelry Box ①
    # 「…自分ドローフェイズの通常のドローは２枚になる。」 makes the normal draw 2 cards.
    Given player A controls "Pandora's Jewelry Box" as "pandora" face-up in attack position
    And player A's deck holds "Mystical Space Typhoon", "Alexandrite Dragon", "Celtic Guardian", in this order from the top
    And player B has "Commander of Swords" as "trap" set in the spell & trap zone
    When in player A's Draw Phase, player B activates "trap"
    And while chain link 1 resolves, player B declares "discard"
    Then player A draws "mystical-space-typhoon", "alexandrite-dragon" by the normal draw
    # the cards are confirmed together and discarded together: no order between them
    And these events happen in any order:
      | "mystical-space-typhoon" is revealed |
      | "alexandrite-dragon" is revealed     |
    And these events happen in any order:
      | "mystical-space-typhoon" is sent to the graveyard |
      | "alexandrite-dragon" is sent to the graveyard     |
    And "celtic-guardian" ends in player A's deck

  @id:ygo.normal-draw.related.commander-of-swords.destroy @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Commander of Swords: it may destroy a Spell/Trap of the player who drew instead
    # cites: card-text | Commander of Swords (12197543)
    # 「●相手フィールド上の魔法・罠カード１枚を選んで破壊する。」
    Given the top card of player A's deck is "Mystical Space Typhoon" as "top"
    And player A has "Gearbreed" as "gear" face-up in the spell & trap zone
    And player B has "Commander of Swords" as "trap" set in the spell & trap zone
    When in player A's Draw Phase, player B activates "trap"
    And while chain link 1 resolves, player B declares "destroy"
    Then "gear" is sent to the graveyard
    And "top" ends in player A's hand

  @id:ygo.normal-draw.related.commander-of-swords.monster @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Commander of Swords: a monster drawn is revealed and nothing else happens
    # cites: card-text | Commander of Swords (12197543)
    # 「確認したカードが魔法・罠カードだった場合、…」
    Given the top card of player A's deck is "Alexandrite Dragon" as "top"
    And player B has "Commander of Swords" as "trap" set in the spell & trap zone
    When in player A's Draw Phase, player B activates "trap"
    Then "top" is revealed
    And "top" ends in player A's hand

  @id:ygo.normal-draw.related.destructive-draw @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Destructive Draw: a player whose hand was empty as the Draw Phase began draws 1 more after the normal draw; 700 LP in its controller's End Phase
    # cites: card-text | Destructive Draw (77859858)
    # 「お互いのプレイヤーはドローフェイズ開始時に手札が０枚だった場合、通常のドローに加えてもう１枚ドローする事ができる。このカードのコントローラーは自分のターンのエンドフェイズ毎に７００ライフポイントを払う。」
    # the yugioh-wiki page of 《破滅へのクイック・ドロー》: the draw is a trigger effect at the timing of the normal draw
    Given player A has "Destructive Draw" as "destructive" face-up in the spell & trap zone
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    And player B's deck holds "Dark Blade", in this order from the top
    And the duel goes on until turn 3's Standby Phase
    When after the normal draw, player A activates "destructive"
    Then player A draws "alexandrite-dragon" by the normal draw
    And "destructive" is activated as chain link 1
    And player A draws "mystical-elf" by a card effect
    And player A has 7300 LP at the end

  @id:ygo.normal-draw.related.destructive-draw.card-in-hand @ruling:ND-L-RELATED @ruling:ND-01
  Scenario: Destructive Draw: with a card in hand as the Draw Phase began, no extra draw
    # cites: card-text | Destructive Draw (77859858)
    # 「…ドローフェイズ開始時に手札が０枚だった場合…」
    Given player A has "Destructive Draw" as "destructive" face-up in the spell & trap zone
    And player A has "Dark Blade" as "blade" in hand
    And player A's deck holds "Alexandrite Dragon", "Mystical Elf", in this order from the top
    When after the normal draw, player A cannot activate "destructive"
    Then player A draws "alexandrite-dragon" by the normal draw
    And player A draws nothing by a card effect
