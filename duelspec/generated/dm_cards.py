"""The real Duel Masters cards the generated attacks are played with (features/cards/dm.json), each
with the :class:`~.dm_model.Creature` its Japanese text (``text_ja``) makes it for the model.

Each entry names the words of the card's Japanese text that decide its model (``words``); a test
(tests/test_dm_generated.py) checks that the catalogue's text holds them and that the power is the
catalogue's. A card of the catalogue whose text has anything else the attack would see is not here.
"""
from __future__ import annotations

from dataclasses import dataclass

from .dm_model import Creature


@dataclass(frozen=True)
class Card:
    slug: str
    code: str
    name: str
    model: Creature
    words: tuple = ()            # the words of text_ja its model rests on (empty: no text)


def _c(slug, code, name, power, *words, **kw):
    return Card(slug, code, name, Creature(power, **kw), tuple(words))


#: the Fire Bird and the Earth Dragon under Soul Phoenix (進化V), in the setup's order: their texts matter once it split
SOUL_PHOENIX_SOURCES = (
    _c("kooc", "DM-07 42/55", "Kooc Pollon", 1000, "このクリーチャーは攻撃されない", cannot_be_attacked=True, fire=True),
    _c("regarion", "DM-08 55/55", "Terradragon Regarion", 4000, "パワーアタッカー+3000", "W(ダブル)・ブレイカー",
       power_attacker=3000, breaker=2, nature=True, dragon=True),     # an Earth Dragon (アース・ドラゴン)
)

# attackers
ATTACKERS = (
    _c("vehicle", "DM-01 26/110", "Aqua Vehicle", 1000),
    _c("mane", "DM-01 91/110", "Burning Mane", 2000),
    _c("fang", "DM-01 95/110", "Fear Fang", 3000),
    _c("shepherd", "DM-01 109/110", "Tri-horn Shepherd", 5000),
    _c("zyler", "DM-01 70/110", "Brawler Zyler", 1000, "パワーアタッカー+2000", power_attacker=2000, fire=True),
    _c("deathliger", "DM-01 S5/110", "Deathliger, Lion of Chaos", 9000, "W・ブレイカー", breaker=2),
    _c("billion", "DM-05 S4/55", "Billion-Degree Dragon", 15000, "T(トリプル)・ブレイカー", breaker=3, fire=True),
    _c("marshias", "DM-14 S1/110", "Marshias, Spirit of the Sun", 2000, "すべてのバトルに勝つ", wins_all=True),
    _c("lizard", "DM-14 95/110", "Crash Lizard", 3000, "バトルに勝った時、相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く",
       ability="wins-battle-mana", fire=True),
    _c("spider", "DM-01 48/110", "Bone Spider", 5000, "バトルする時、バトルの後、このクリーチャーを破壊する",
       ability="after-battle-destroy"),
    _c("rocketdive", "DM-08 41/55", "Rocketdive Skyterror", 5000, "相手プレイヤーを攻撃できない", "パワーアタッカー+1000",
       "攻撃されない", power_attacker=1000, cannot_attack_players=True, cannot_be_attacked=True, fire=True),
    _c("gatling", "DM-01 79/110", "Gatling Skyterror", 7000, "タップされていないクリーチャーを攻撃できる", "W・ブレイカー",
       can_attack_untapped=True, breaker=2, fire=True),
    _c("walter", "DM-02 16/55", "Hypersquid Walter", 1000, "攻撃するとき、カードを1枚引いてよい", ability="when-attacks-draw"),
    _c("shell", "DM-08 48/55", "Coliseum Shell", 3000, "ブロックされたとき、自分の山札の上から1枚目を自分のマナゾーンに加えてもよい",
       ability="blocked-mana"),
    _c("quakesaur", "DM-09 40/55", "Quakesaur", 3000, "相手プレイヤーを攻撃してブロックされなかったとき、相手は自分自身のマナゾーンから"
       "カードを1枚選び、持ち主の墓地に置く", ability="not-blocked-burn", fire=True),
    # its 「ブロッカー」 does not matter when it attacks
    _c("ooze", "DM-02 32/55", "Marrow Ooze, the Twister", 1000, "このクリーチャーは相手プレイヤーを攻撃したあと、持ち主の墓地に置かれる",
       ability="after-attacking-player"),
    # an evolution creature already in the battle zone; its 「自分の他のクリーチャーがバトルゾーンに出たとき、このクリーチャーを
    # 自分の手札に戻す」 keeps it out of AP's ninja strike (no other creature of A's enters otherwise)
    _c("maroll", "DM-09 17/55", "Emperor Maroll", 5000, "このクリーチャーがブロックされたとき、バトルは行われない。ブロックしたクリーチャーを"
       "持ち主の手札に戻す", ability="blocked-bounce"),
    # 「このクリーチャーがシールドをブレイクした時、そのターンの終わりに…手札に戻す」: the attack ends before the turn does
    _c("flametropus", "DM-03 39/55", "Flametropus", 3000, "このクリーチャーが攻撃するとき、自分のマナゾーンからカードを1枚選び、自分の墓地"
       "に置いてよい。そうしたなら、このターン、このクリーチャーは「パワーアタッカー+3000」と「W(ダブル)・ブレイカー」を得る",
       ability="when-attacks-gains", fire=True),
    _c("hopper", "DM-11 42/55", "Hazard Hopper", 5000, "このクリーチャーがシールドをブレイクした時", ability="when-breaks"),
    # an evolution creature already in the battle zone (as Emperor Maroll); its 革命2 is a cip: it does not enter here
    # Terror Pit destroying it splits it (AT-D4): its sources are SOUL_PHOENIX_SOURCES
    Card("phoenix", "DM-12 5/55", "Soul Phoenix, Avatar of Unity",
         Creature(13000, breaker=3, fire=True, nature=True, sources=tuple(c.model for c in SOUL_PHOENIX_SOURCES)),
         ("T・ブレイカー", "このクリーチャーがバトルゾーンを離れる時、一番上のカードだけがバトルゾーンから離れる")),
    _c("dogiragon", "DMR-17 L1/L2", "Dogiragon, Flaming Revolution", 15000, "T・ブレイカー",
       "革命0:このクリーチャーが攻撃する時、自分のシールドが1つもなければ、このクリーチャーをアンタップする。",
       breaker=3, ability="when-attacks-untap", fire=True),
)

#: attackers played on a smaller space (the player with 0-3 shields or a tapped Fear Fang; no blocker or Seamine
#: blocking or not): what they add is their AT-S3 ability and the breakers it gives
SMALL_SPACE = ("flametropus", "dogiragon", "phoenix")

# attacked creatures
DEFENDERS = (
    _c("vehicle", "DM-01 26/110", "Aqua Vehicle", 1000),
    _c("mane", "DM-01 91/110", "Burning Mane", 2000),
    _c("fang", "DM-01 95/110", "Fear Fang", 3000),
    _c("hornet", "DM-01 96/110", "Forest Hornet", 4000),
    _c("shepherd", "DM-01 109/110", "Tri-horn Shepherd", 5000),
    _c("deathliger", "DM-01 S5/110", "Deathliger, Lion of Chaos", 9000, "W・ブレイカー", breaker=2),
    _c("marshias", "DM-14 S1/110", "Marshias, Spirit of the Sun", 2000, "すべてのバトルに勝つ", wins_all=True),
    _c("cetibols", "DM-07 19/55", "Cetibols", 2000, "破壊された時、カードを1枚引いてもよい", ability="when-destroyed-draw"),
    _c("kooc", "DM-07 42/55", "Kooc Pollon", 1000, "このクリーチャーは攻撃されない", cannot_be_attacked=True),
    _c("spider", "DM-01 48/110", "Bone Spider", 5000, "バトルする時、バトルの後、このクリーチャーを破壊する",
       ability="after-battle-destroy"),
    _c("axe", "DM-06 60/110", "Grinning Axe, the Monstrosity", 1000, "スレイヤー", "勝っても持ち主の墓地に置かれる", slayer=True),
    _c("scalpel", "DM-07 32/55", "Scalpel Spider", 2000, "攻撃を受けたとき、このクリーチャーはこのターンが終わるまで「スレイヤー」を得る",
       ability="attacked-slayer"),
    _c("joe", "DM-13 47/55", "Joe's Toolkit", 1000, "攻撃された時、相手のパワー2000以下のクリーチャーを1体破壊してもよい",
       ability="attacked-destroy-2000"),
)

# blockers (「ブロッカー」); Szubs Kin's 「相手プレイヤーを攻撃できない」 does not matter when it blocks
BLOCKERS = (
    _c("guard", "DM-04 19/55", "Aqua Guard", 2000, "ブロッカー", blocker=True),
    _c("seamine", "DM-01 39/110", "Seamine", 4000, "ブロッカー", blocker=True),
    _c("szubs", "DM-01 21/110", "Szubs Kin, Twilight Guardian", 6000, "ブロッカー", blocker=True),
    # its 「相手プレイヤーを攻撃できない」 and mana text do not matter when it blocks
    _c("tajimal", "DM-10 98/110", "Tajimal, Vizier of Aqua", 4000, "ブロッカー", "火のクリーチャーとバトルする時、このクリーチャーのパワーは+4000される",
       blocker=True, battling_fire_bonus=4000),
)

#: the shield trigger spell: 「S・トリガー…相手のクリーチャーを1体破壊する。」
TERROR_PIT = ("DM-01 63/110", "Terror Pit", ("S・トリガー", "相手のクリーチャーを1体破壊する"))
#: the creature shield triggers of ``trigger="creatures"``: Aqua Surfer's cip returns a creature (「戻してもよい」); Gregorian
#: Worm has no other text
AQUA_SURFER = ("DM-05 16/55", "Aqua Surfer", ("S・トリガー", "このクリーチャーをバトルゾーンに出した時、バトルゾーンにあるクリーチャーを1体選び、"
                                              "持ち主の手札に戻してもよい"))
GREGORIAN_WORM = ("DM-04 31/55", "Gregorian Worm", ("S(シールド)・トリガー",))
#: the ninja (シノビ) the ninja strike axis plays from the hand: ニンジャ・ストライク 1 and its cip
RAIDEN = ("DM-30 22/55", "Raiden, Light Fang Ninja", ("ニンジャ・ストライク 1", "相手のクリーチャーが攻撃またはブロックした時",
                                                      "このクリーチャーをバトルゾーンに出した時、バトルゾーンにある相手のクリーチャーを1体選び、タップする"))
#: S・バック-水 from B's hand (a blocker that cannot attack: neither matters to the attack that broke the shield)
CRACK_CRAWLER = ("DM-17 24/55", "Crack Crawler", ("S・バック-水", "水のカードを自分のシールドゾーンから手札に加える時、そのカードを捨ててもよい"))
#: B's creature with a shield-break replacement
PULSAR_TREE = ("DM-07 12/55", "Pulsar Tree", ("自分のシールドが1枚ブレイクされる時、かわりにこのクリーチャーを破壊してもよい",))
#: a broken card that is not water (Burning Mane: nature, no text), for the refused S-back
NOT_WATER = "DM-01 91/110"
#: a card without abilities for shields, mana and decks (Aqua Vehicle: no text)
FILLER = "DM-01 26/110"

#: the attacker of the split-target axis (its ability is played only against Soul Phoenix, tapped: AT-D4)
STAINED_GLASS = _c("glass", "DM-02 21/55", "Stained Glass", 1000, "このクリーチャーが攻撃するとき、相手がブロックする前に、バトルゾーン"
                   "にある火または自然のクリーチャーを1体選び、持ち主の手札に戻してよい", ability="when-attacks-bounce")

#: the revolution change axis: Dogiragon Buster from A's hand switches with Billion-Degree Dragon (a fire Dragon of cost
#: 10); its ファイナル革命 cip finds no multicolored creature to put and its 「スピードアタッカー」 grant does not matter here
BUSTER = _c("buster", "DMR-21 L1/L2", "Dogiragon Buster, Blue Leader", 13000, "革命チェンジ:火または自然の、コスト5以上のドラゴン",
            "T・ブレイカー", breaker=3, fire=True, nature=True)

#: the attacker of the target-leaves axis (AT-D2): Terradragon Regarion, a Dragon with power attacker
REGARION = SOUL_PHOENIX_SOURCES[1]
#: A's creature whose ability puts the attacked creature into B's mana zone when Regarion attacks. No Japanese
#: printing of this promo was found (features/cards/dm.json notes, dm-abilities.json `no_japanese_text`): its words
#: are its English text's, and its timing (when another Dragon of A's attacks: AT-S3) and "you may" are the English
#: text's (the hand-written features/dm/attack/interruption.feature plays it too)
DOLZARK = _c("dolzark", "Promo P0/Y3", "Super Dragon Machine Dolzark", 7000,
             "Whenever one of your other creatures that has Dragon in its race attacks, you may choose one of your "
             "opponent's creatures in the battle zone that has power 5000 or less and put it into his mana zone",
             breaker=2, fire=True, nature=True, dragon=True)

#: the ninja of the next-turn axis, from B's hand (ニンジャ・ストライク4: B has 4 mana cards), and the creature its cip
#: makes a blocker (Tri-horn Shepherd: no text)
HAYABUSAMARU = ("DM-29 37/55", "Hayabusamaru, Light Fang Ninja", ("ニンジャ・ストライク4", "相手のクリーチャーが攻撃またはブロックした時",
                                                                "そのターンの終わりに、このシノビを自分の山札の一番下に置く",
                                                                "次の自分のターンのはじめまで、バトルゾーンにある自分のクリーチャー1体は「ブロッカー」を得る"))
SHEPHERD = "DM-01 109/110"
