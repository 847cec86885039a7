"""The Duel Masters cards the engine plays: one function per card, registered with
:func:`~.abilities.card`, returning the card's abilities (:mod:`.abilities`: the shapes and the
building blocks they share; an effect only one card has is written beside that card).

The code is written from each card's Japanese text (``text_ja`` in ``features/cards/dm.json``: the rulings are Japanese, so the Japanese wording
decides an ability's timing and whether it is optional; ``features/cards/dm-abilities.json`` quotes,
for every ability here, the words that decide both, and ``tests/test_dm_card_table.py`` checks that
table against the texts and against this code). Keywords are not here: the engine reads them from
the catalogue. Test cards (``test:<name>``) have their one generic ability here too (English text).

A new card is one decorated function here; nothing else lists it.
"""
from __future__ import annotations

from ..common import opponent
from .abilities import (CAN_ATTACK_UNTAPPED, ONLY_TOP_LEAVES, SCRIPTS, SUMMONING_ONLY, UNBLOCKABLE, NotModelled,
                        Static, Triggered, attacked_player, attacking, blocked_this_attack, blocking, bounce,
                        bounce_attacker, card, choose_and, destroy, destroy_highest_power, destroy_self, draw,
                        gain_self, grant_blocker, has_blocker, may_top_card_to_mana, may_untap_self, optional,
                        own_mana_at_least, power_at_least_draw, power_at_most, return_blocker, return_self_to_hand,
                        self_bonus, tap, tap_all_opponents, to_mana, untap_self)

__all__ = ["SCRIPTS"]


# ---- real cards (text in features/cards/dm.json) -------------------------------------------
@card("DM-01 19/110")
def solar_ray():
    """Solar Ray (ソーラー・レイ)."""
    return [Triggered("spell", choose_and(tap, prompt="tap one of the opponent's creatures"))]


@card("DM-01 40/110")
def spiral_gate():
    """Spiral Gate (スパイラル・ゲート)."""
    return [Triggered("spell", choose_and(bounce, who="any", prompt="return a creature"))]


@card("DM-01 6/110")
def holy_awe():
    """Holy Awe (ホーリー・スパーク)."""
    return [Triggered("spell", tap_all_opponents)]


@card("DM-01 63/110")
def terror_pit():
    """Terror Pit (デーモン・ハンド)."""
    return [Triggered("spell", choose_and(destroy, prompt="destroy one of the opponent's creatures"))]


@card("DM-01 99/110")
def natural_snare():
    """Natural Snare (ナチュラル・トラップ)."""
    return [Triggered("spell", choose_and(to_mana, prompt="put a creature into the mana zone"))]


@card("DM-01 48/110")
def bone_spider():
    """Bone Spider (捕らえる者ボーン・スパイダー)."""
    return [Triggered("after-battle", destroy_self)]


@card("DM-01 50/110")
def dark_clown():
    """Dark Clown (ダーク・クラウン)."""
    return [Triggered("after-battle", destroy_self)]


@card("DM-01 69/110")
def bolshack_dragon():
    """Bolshack Dragon (ボルシャック・ドラゴン)."""
    return [Static("power", delta=lambda g, h, c: 1000 * len([x for x in g.zone(h.owner, "graveyard")
                                                             if "fire" in x.entry.get("civilizations", [])])
                   if c is h and attacking(g, h) else 0, when="while-attacking")]


@card("DM-01 79/110")
def gatling_skyterror():
    """Gatling Skyterror (ガトリング・ワイバーン)."""
    return [CAN_ATTACK_UNTAPPED]


def _fire_or_nature(g, src, c):
    return bool({"fire", "nature"} & set(c.entry.get("civilizations", [])))


@card("DM-02 21/55")
def stained_glass():
    """Stained Glass (ステンドグラス)."""
    return [Triggered("when-attacks", choose_and(bounce, who="any", minimum=0, where=_fire_or_nature,
                                                 prompt="return a fire or nature creature"))]


@card("DM-02 10/55")
def spiral_grass():
    """Spiral Grass (竜巻草)."""
    return [Triggered("after-battle", untap_self, blocked_this_attack)]


@card("DM-02 15/55")
def crystal_lancer():
    """Crystal Lancer (クリスタル・ランサー)."""
    return [UNBLOCKABLE]


@card("DM-02 16/55")
def hypersquid_walter():
    """Hypersquid Walter (ウォルタ)."""
    return [Triggered("when-attacks", draw(1, optional=True))]


@card("DM-02 30/55")
def horrid_worm():
    """Horrid Worm (卵胞虫ゼリー・ワーム)."""
    return [NotModelled("when-attacks", "your opponent discards a card at random")]


@card("DM-02 32/55")
def marrow_ooze():
    """Marrow Ooze, the Twister (ねじれる者ボーン・スライム)."""
    return [Triggered("after-attacking", destroy_self, attacked_player)]


@card("DM-02 42/55")
def metalwing_skyterror():
    """Metalwing Skyterror (メタルウィング・ワイバーン)."""
    return [Triggered("when-attacks", choose_and(destroy, where=has_blocker,
                                                 prompt="destroy a creature that has blocker"))]


def _while_tapped(g, holder):
    return g.in_battle(holder.id) and holder.tapped


@card("DM-04 36/55")
def shadow_moon():
    """Shadow Moon, Cursed Shade (呪いの影シャドウ・ムーン): 「他の闇のクリーチャーすべてのパワーを+2000する。」 —
    every other darkness creature in the battle zone, either player's (すべて: the opponent's too)."""
    return [Static("power", delta=lambda g, h, c: 2000 if c is not h and g.in_battle(h.id)
                   and "darkness" in c.entry.get("civilizations", []) else 0)]


@card("DM-02 45/55")
def barkwhip():
    """Barkwhip, the Smasher (大勇者「大地の猛攻」)."""
    return [Static("power", delta=lambda g, h, c: 2000 if c is not h and c.owner == h.owner and _while_tapped(g, h)
                   and "Beast Folk" in c.entry.get("races", []) else 0, when="while-tapped")]


@optional
def _flametropus(g, src, ctx):
    mana = [c.id for c in g.zone(src.owner, "mana")]
    picked = g.choose(src.owner, mana, 0, 1, f"{src.id}: put a mana card into the graveyard?")
    if picked:
        c = g.cards[picked[0]]
        g.move(c, "graveyard", "effect")
        for kw in ("power-attacker:3000", "double-breaker"):        # until the end of the turn
            g.grant(src, kw, ("end", g.turn))


@card("DM-03 39/55")
def flametropus():
    """Flametropus (フレムトロプス)."""
    return [Triggered("when-attacks", _flametropus)]


def _dark_or_fire(g, src, c):
    return bool({"darkness", "fire"} & set(c.entry.get("civilizations", [])))


@card("DM-05 12/55")
def le_quist():
    """Le Quist, the Oracle (予言者レクイル)."""
    return [Triggered("when-attacks", choose_and(tap, who="any", minimum=0, where=_dark_or_fire,
                                                 prompt="tap a darkness or fire creature"))]


@card("DM-05 16/55")
def aqua_surfer():
    """Aqua Surfer (アクア・サーファー)."""
    return [Triggered("cip", choose_and(bounce, who="any", minimum=0, prompt="return a creature"))]


@card("DM-06 S5/110")
def daidalos():
    """Daidalos, General of Fury (憤怒の猛将ダイダロス)."""
    return [NotModelled("cost", "it can't attack unless you put one of your other creatures into your graveyard")]


@card("DM-08 15/55")
def thrumiss():
    """Thrumiss, Zephyr Guardian (疾風の守護者スール・ミース)."""
    return [Triggered("ally-attacks", choose_and(tap, minimum=0, prompt="tap one of the opponent's creatures"))]


@card("DM-08 48/55")
def coliseum_shell():
    """Coliseum Shell (シェル・コロシアム)."""
    return [Triggered("when-blocked", may_top_card_to_mana)]


def _opponent_burns_mana(g, src, ctx):
    """「相手は自身のマナゾーンのカードを1枚選び、墓地に置く」: the opponent chooses one of their mana cards."""
    foe = opponent(src.owner)
    mana = [c.id for c in g.zone(foe, "mana")]
    if mana:
        picked = g.choose(foe, mana, 1, 1, f"{src.id}: choose a card in your mana zone to put into your graveyard")
        g.move(g.cards[picked[0]], "graveyard", "effect")


@card("DM-09 40/55")
def quakesaur():
    """Quakesaur (マウントザウルス)."""
    return [Triggered("when-not-blocked", _opponent_burns_mana, attacked_player)]


@card("DM-12 40/55")
def tropic_crawler():
    """Tropic Crawler (バミューダ・クロウラー)."""
    return [Triggered("when-blocks", choose_and(bounce, prompt="return one of your creatures to your hand",
                                                chooser="opponent"))]


@card("DM-13 47/55")
def joes_toolkit():
    """Joe's Toolkit (ジョーのツールキット)."""
    return [Triggered("when-attacked", choose_and(destroy, minimum=0, where=power_at_most(2000),
                                                  prompt="destroy a creature that has power 2000 or less"))]


@card("DM-13 S3/55")
def asylum():
    """Asylum, the Dragon Paladin (聖霊龍騎アサイラム)."""
    return [SUMMONING_ONLY, Static("destroy-replacement", value="shield")]


@card("DM-14 72/110")
def rentia():
    """Rentia, the Explorer (宣凶師レンティア)."""
    return [self_bonus(blocking, 3000, "while-blocking")]


def _fire_or_nature_attacker(g, src, ctx):
    att = g.cards.get(ctx.get("attacker", ""))
    return att is not None and _fire_or_nature(g, src, att)


@card("DM-14 80/110")
def dolunka():
    """Dolunka (ドルンカ)."""
    return [Triggered("opponent-attacks", draw(1, optional=True), _fire_or_nature_attacker)]


@card("DM-14 98/110")
def rugeeza():
    """Rugeeza, Assault Soldier (突撃兵ルギーザ): metamorph."""
    return [Static("grant-keyword", applies=own_mana_at_least(7), value="cannot-be-attacked", when="metamorph"),
            Static("grant-keyword", applies=own_mana_at_least(7), value="power-attacker:3000",
                   when="metamorph")]


def _has_dragon_race(entry):
    return any("Dragon" in r for r in entry.get("races", []))


def _other_dragon_attacks(g, src, ctx):
    att = g.cards.get(ctx.get("attacker", ""))
    return att is not None and att.id != src.id and _has_dragon_race(att.entry)


@card("Promo P0/Y3")
def super_dragon_machine_dolzark():
    """Super Dragon Machine Dolzark."""
    return [Triggered("ally-attacks", choose_and(to_mana, minimum=0, where=power_at_most(5000),
                                                 prompt="put a creature that has power 5000 or less into its owner's mana zone"),
                      _other_dragon_attacks)]


@card("Promo-Y1 L14/20")
def olgate():
    """Olgate, Nightmare Samurai."""
    return [Triggered("ally-destroyed", may_untap_self)]


def _burn_opponents_mana(g, src, ctx):
    """「相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く」: the controller chooses."""
    mana = [c.id for c in g.zone(opponent(src.owner), "mana")]
    if mana:
        picked = g.choose(src.owner, mana, 1, 1, f"{src.id}: choose a card in your opponent's mana zone")
        g.move(g.cards[picked[0]], "graveyard", "effect")


@card("DM-14 95/110")
def crash_lizard():
    """Crash Lizard (クラッシュ・リザード)."""
    return [Triggered("when-wins-battle", _burn_opponents_mana)]


def _battling_fire(g, holder):
    """Is ``holder`` battling a fire creature (the battle fixed in AT-S6a)?"""
    pair = g.battling or ()
    return holder.id in pair and any(x != holder.id and "fire" in g.cards[x].entry.get("civilizations", [])
                                     for x in pair)


@card("DM-10 98/110")
def tajimal():
    """Tajimal, Vizier of Aqua (電脳聖者タージマル)."""
    return [Static("power", delta=lambda g, h, c: 4000 if c is h and _battling_fire(g, h) else 0,
                   when="while-battling")]


@optional
def _destroy_self_instead(g, holder):
    """「かわりにこのクリーチャーを破壊してもよい」: the holder's controller may destroy it instead."""
    if g.in_battle(holder.id) and g.yes_no(holder.owner, f"{holder.id}: destroy this creature instead of the shield?"):
        g.destroy([holder])
        return True
    return False


@card("DM-07 12/55")
def pulsar_tree():
    """Pulsar Tree (光封樹)."""
    return [Static("shield-break-replacement", effect=_destroy_self_instead)]


def _return_self_at_end_of_turn(g, src, ctx):
    """「そのターンの終わりにこのクリーチャーを…手札に戻す」: a delayed ability for the end of the
    turn (recorded in ``g.end_of_turn``; it comes due in a scenario of several turns, format 2.1)."""
    g.end_of_turn.append((src.id, "return-to-hand"))


@card("DM-11 42/55")
def hazard_hopper():
    """Hazard Hopper (ハザード・ホッパー)."""
    return [Triggered("when-breaks", _return_self_at_end_of_turn)]


@card("DM-06 60/110")
def grinning_axe():
    """Grinning Axe, the Monstrosity (逆歯怪人トマホーク): its one ability is the slayer keyword (the engine's ``SLAYER``)."""
    return []


@card("DM-06 74/110")
def badlands_lizard():
    """Badlands Lizard (ピーカプ・リザード)."""
    return [NotModelled("when-blocked", "no battle happens")]


@card("DM-06 S7/110")
def bolmeteus_steel_dragon():
    """Bolmeteus Steel Dragon (ボルメテウス・ホワイト・ドラゴン)."""
    return [NotModelled("when-breaks", "broken shields go to the graveyard instead")]


@card("DM-07 19/55")
def cetibols():
    """Cetibols (セティボルス)."""
    return [Triggered("when-destroyed", draw(1, optional=True))]


@card("DM-07 32/55")
def scalpel_spider():
    """Scalpel Spider (ポイズン・ティアラ)."""
    return [Triggered("when-attacked", gain_self("slayer"))]


@card("DM-08 33/55")
def necrodragon_giland():
    """Necrodragon Giland (黒神龍ギランド)."""
    return [Triggered("after-battle", destroy_self)]


@card("DM-09 17/55")
def emperor_maroll():
    """Emperor Maroll (エンペラー・マロル)."""
    return [Triggered("when-blocked", return_blocker),
            Triggered("ally-enters", return_self_to_hand)]


@card("DM-09 20/55")
def kelp_candle():
    """Kelp Candle (フェアリー・キャンドル)."""
    return [NotModelled("when-blocks", "look at the top 4 cards of your deck")]


@card("DM-10 17/110")
def ikaz():
    """Ikaz, the Spydroid (粛清者アイザク)."""
    return [NotModelled("when-blocks", "untap one of your creatures after the battle")]


@card("DM-12 5/55")
def soul_phoenix():
    """Soul Phoenix, Avatar of Unity (太陽王ソウル・フェニックス)."""
    return [ONLY_TOP_LEAVES]


@card("DM-29 37/55")
def hayabusamaru():
    """Hayabusamaru, Light Fang Ninja (光牙忍ハヤブサマル)."""
    return [Triggered("cip", choose_and(grant_blocker, who="own", prompt="give blocker"))]


@card("DM-30 22/55")
def raiden():
    """Raiden, Light Fang Ninja (光牙忍ライデン)."""
    return [Triggered("cip", choose_and(tap, prompt="tap one of the opponent's creatures"))]


def _if_no_shields_untap_self(g, src, ctx):
    if not g.zone(src.owner, "shield"):
        untap_self(g, src, ctx)


@card("DMR-17 L1/L2")
def dogiragon():
    """Dogiragon, Flaming Revolution (燃える革命 ドギラゴン)."""
    return [NotModelled("cip", "Revolution 2: you can't lose the game"),
            Triggered("when-attacks", _if_no_shields_untap_self)]


@card("DMR-17 L2/L2")
def red_zone():
    """Red Zone, Roaring Invasion (轟く侵略 レッドゾーン)."""
    return [Triggered("cip", destroy_highest_power)]


def _final_revolution(g, src, ctx):
    """Dogiragon Buster: when put into the battle zone by revolution change, if no other Final
    Revolution was used this turn: any number of non-evolution multicolored creatures with a
    total cost of 6 or less from your mana zone and/or hand into the battle zone."""
    if ctx.get("how") != "revolution-change" or (src.owner, "final-revolution") in g.used_once:
        return
    g.used_once.add((src.owner, "final-revolution"))
    cands = [c for z in ("mana", "hand") for c in g.zone(src.owner, z)
             if c.entry["card_type"] == "creature" and len(c.entry.get("civilizations", [])) >= 2]
    ids = [c.id for c in cands]

    def valid(st):
        picked = st.get("cards", [])
        if not set(picked) <= set(ids) or len(set(picked)) != len(picked):
            return f"Final Revolution: choose among {ids}"
        if sum(g.cards[x].entry.get("cost", 0) for x in picked) > 6:
            return "Final Revolution: the total cost must be 6 or less"
        return None
    st = g.take(src.owner, ("choose",), valid) if ids else None
    for x in (st or {}).get("cards", []):
        g.summon(g.cards[x], "effect")


@card("DMR-21 L1/L2")
def dogiragon_buster():
    """Dogiragon Buster, Blue Leader (蒼き団長 ドギラゴン剣)."""
    return [Static("grant-keyword", applies=lambda g, h, c: c.owner == h.owner and len(c.entry.get("civilizations", [])) >= 2,
                   value="speed-attacker"),
            Triggered("cip", _final_revolution)]


# ---- test cards (one generic ability each; see their catalogue text) -----------------------
@card("test:attack-draw-3000")
def testcard_attack_draw_3000():
    """Test Attack Draw 3000."""
    return [Triggered("when-attacks", draw(1))]


@card("test:ally-attack-draw-2000")
def testcard_ally_attack_draw_2000():
    """Test Ally Attack Draw 2000."""
    return [Triggered("ally-attacks", draw(1))]


@card("test:opponent-attacks-draw-1000")
def testcard_opponent_attacks_draw_1000():
    """Test Opponent Attacks Draw 1000."""
    return [Triggered("opponent-attacks", draw(1))]


@card("test:power-check-3000")
def testcard_power_check_3000():
    """Test Power Check 3000 (+2000)."""
    return [Triggered("when-attacks", power_at_least_draw(5000))]


@card("test:attacked-untap-2000")
def testcard_attacked_untap_2000():
    """Test Attacked Untap 2000."""
    return [Triggered("when-attacked", untap_self)]


@card("test:attacked-untouchable-2000")
def testcard_attacked_untouchable_2000():
    """Test Attacked Untouchable 2000."""
    return [Triggered("when-attacked", gain_self("cannot-be-attacked"))]


@card("test:blocker-guard-2000")
def testcard_blocker_guard_2000():
    """Test Blocker Guard 2000."""
    return [self_bonus(blocking, 4000, "while-blocking")]


@card("test:blocked-draw-5000")
def testcard_blocked_draw_5000():
    """Test Blocked Draw 5000."""
    return [Triggered("when-blocked", draw(1))]


@card("test:blocker-draw-3000")
def testcard_blocker_draw_3000():
    """Test Blocker Draw 3000."""
    return [Triggered("when-blocks", draw(1))]


@card("test:not-blocked-draw-3000")
def testcard_not_blocked_draw_3000():
    """Test Not Blocked Draw 3000."""
    return [Triggered("when-not-blocked", draw(1))]


@card("test:attacker-bounce-1000")
def testcard_attacker_bounce_1000():
    """Test Attacker Bounce 1000."""
    return [Triggered("opponent-attacks", bounce_attacker)]


@card("test:attack-destroyer-3000")
def testcard_attack_destroyer_3000():
    """Test Attack Destroyer 3000 (+2000)."""
    return [Triggered("when-attacks", choose_and(destroy, minimum=0, prompt="destroy a creature"))]
