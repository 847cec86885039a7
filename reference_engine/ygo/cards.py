"""Card effects, modelled from each card's text (English text from the card catalogue,
``features/cards/ygo.json``; the kind of normal-draw replacement from the OCG text and the
page's lists ND-L-COST / ND-L-EFFECT, see each class).

A card whose passcode is not in :data:`MODELS` has no activatable effects here; a scenario
that activates it is refused, and one that *needs* its effect is marked unplayable by
:func:`reference_engine.ygo.play` (a visible skip).
"""
from __future__ import annotations

from ..common import opponent
from . import effects as fx
from .effects import Effect

MODELS: dict[str, list] = {}


def model(passcode: str):
    """Register an effect class for the card ``passcode`` (several per card allowed)."""
    def deco(cls):
        MODELS.setdefault(passcode, []).append(cls)
        return cls
    return deco


def effects_of(card) -> list:
    return [cls(card) for cls in MODELS.get(card.code, [])]


# ---------------------------------------------------------------------------- helpers
def _pick(duel, player, candidates, prompt, n=1):
    """``player`` chooses ``n`` of ``candidates`` (cards) through the decider; returns cards."""
    if getattr(duel, "probing", False):
        return candidates[:n]
    uids = duel.decider.choose(player, [c.uid for c in candidates], n, n, prompt)
    return [duel.cards[u] for u in uids]


def _deck(duel, player, pred):
    return [c for c in duel.zone(player, "deck") if pred(c)]


def _gy(duel, player, pred=lambda c: True):
    return [c for c in duel.zone(player, "graveyard") if pred(c)]


def _named_cost(duel, step, pred, where, what, n=1, player=None):
    """Check/pay a cost that uses ``n`` cards named by ``step['cost']`` satisfying ``pred``."""
    picked = step.get("cost") or []
    cards = [duel.cards.get(u) for u in picked]
    if len(cards) != n or any(c is None or not pred(c) for c in cards):
        return f"the cost needs {n} {what} (give them with `cost`)"
    return cards


class _Search(Effect):
    """Take 1 card matching :meth:`wanted` from ``sources`` (default the Deck) and add it to the
    hand (サーチ), or with ``to_top = True`` place it on top of the Deck. With
    ``must_stay_face_up`` ("this card must be face-up on the field to resolve this effect") the
    effect cannot be applied once its card left the field or was turned face-down."""
    categories = frozenset({fx.SEARCH})
    sources: tuple = ("deck",)
    to_top = False
    must_stay_face_up = False

    def wanted(self, c) -> bool:
        raise NotImplementedError

    def candidates(self, duel, player) -> list:
        return [c for z in self.sources for c in duel.zone(player, z) if self.wanted(c)]

    def condition(self, duel, player):
        return None if self.candidates(duel, player) else f"no card it could take from the {' or '.join(self.sources)}"

    def resolve(self, duel, link):
        if self.must_stay_face_up and (not self.card.face_up_on_field() or self.card.incarnation != link.incarnation):
            return False
        cands = self.candidates(duel, link.player)
        if not cands:
            return False
        where = "to place on top of the Deck" if self.to_top else f"to add from the {' or '.join(self.sources)}"
        for c in _pick(duel, link.player, cands, f"{self.card.uid}: a card {where}"):
            duel.move(c, "deck" if self.to_top else "hand", "effect", top=True)
        return True


class _SelfFromGY(Effect):
    """Add this card from the GY to the hand (the common GY replacement)."""
    locations = ("graveyard",)
    categories = frozenset({fx.TO_HAND})

    def resolve(self, duel, link):
        if self.card.zone != "graveyard" or self.card.incarnation != link.incarnation:
            return False
        duel.move(self.card, "hand", "effect")
        return True


# ======================================================================== cost-type (ND-L-COST)
@model("82434071")
class InfernityPawn(_Search):
    """Infernity Pawn (インフェルニティ・ポーン): "During your Draw Phase, if you have no cards in
    your hand, instead of conducting your normal draw: You can banish this card from your GY,
    then activate 1 of these effects; ● Place 1 "Infernity" card from your Deck on top of your
    Deck. ● Set 1 "Void" Spell/Trap directly from your Deck." Cost-type (ND-L-COST). Only the
    first choice is modelled (the second needs a "Void" card)."""
    kind, replacement, locations, to_top, label = "before-draw", "cost", ("graveyard",), True, "1"
    categories = frozenset()

    def wanted(self, c):
        return c.in_archetype("Infernity")

    def condition(self, duel, player):
        return "the hand is not empty" if duel.zone(player, "hand") else super().condition(duel, player)

    def cost(self, duel, link, step):
        duel.move(self.card, "banished", "cost")


@model("66499018")
class FlameTiger(Effect):
    """Flame Tiger (焔虎): "During your Draw Phase, if this card is in your Graveyard and you
    control no monsters, instead of conducting your normal draw: You can Special Summon this
    card, and if you do, banish it when it leaves the field." Cost-type (ND-L-COST)."""
    kind, replacement, locations = "before-draw", "cost", ("graveyard",)
    categories = frozenset({fx.SUMMON})

    def condition(self, duel, player):
        return "you control a monster" if duel.zone(player, "monster") else None

    def resolve(self, duel, link):
        if self.card.zone != "graveyard" or self.card.incarnation != link.incarnation or len(duel.zone(link.player, "monster")) >= 5:
            return False
        duel.move(self.card, "monster", "summon", player=link.player, position="face-up-attack")
        self.card.banish_when_leaves = True          # "and if you do, banish it when it leaves the field"
        return True


@model("27979109")
class Gearbreed(_Search):
    """Gearbreed (武装鍛錬), Continuous Spell: "During your Draw Phase, instead of conducting
    your normal draw: You can add 1 Equip Spell from your Deck or GY to your hand. ... You can
    only use each effect of "Gearbreed" once per turn." Cost-type (ND-L-COST)."""
    kind, replacement, locations, once_per_turn = "before-draw", "cost", ("spell-trap",), "name"
    label = "1"

    sources = ("deck", "graveyard")

    def wanted(self, c):
        return c.card_type == "spell" and "equip" in c.subtypes


@model("27564031")
class MaleficWorld(Effect):
    """Malefic World (Sin World), Field Spell: "... you can activate this effect instead of
    conducting a normal draw during your Draw Phase. Choose 3 "Malefic" cards from your Deck
    and have your opponent pick 1 of them at random to add to your hand. Shuffle the rest back
    into your Deck." Cost-type (ND-L-COST, FAQ ND-FAQ2)."""
    kind, replacement, locations, label = "before-draw", "cost", ("field",), "1"
    categories = frozenset({fx.SEARCH})

    def wanted(self, c):
        return c.in_archetype("Malefic")

    def condition(self, duel, player):
        return None if len(_deck(duel, player, self.wanted)) >= 3 else "fewer than 3 \"Malefic\" cards in the Deck"

    def resolve(self, duel, link):
        cands = _deck(duel, link.player, self.wanted)
        if len(cands) < 3:
            return False
        three = _pick(duel, link.player, cands, "3 Malefic cards", n=3)
        for c in three:                        # 「デッキから「Ｓｉｎ」カード３枚を相手に見せ」
            duel.emit("reveal", card=c.uid, player=link.player)
        chosen = duel.pick_at_random(link.player, three)   # "have your opponent pick 1 of them at random"
        duel.move(chosen, "hand", "effect")
        duel.shuffle_deck(link.player)
        return True


@model("49838105")
class SylvanWaterslide(Effect):
    """Sylvan Waterslide (森羅の滝滑り), Continuous Trap: "During your Draw Phase, instead of
    conducting your normal draw: Excavate the top card of your Deck, and if it is a Plant-Type
    monster, send it to the Graveyard. Otherwise, add it to your hand." Cost-type (ND-L-COST).
    OCG: 「…通常のドローを行う代わりに、自分のデッキの一番上のカードをめくる。」 — no できる:
    mandatory, the game activates it (issue 9); a Trap's effect: spell speed 2."""
    kind, replacement, locations, mandatory, speed, label = "before-draw", "cost", ("spell-trap",), True, 2, "2"
    categories = frozenset({fx.SEARCH, fx.SEND_FROM_DECK})

    def condition(self, duel, player):
        return None if duel.zone(player, "deck") else "the Deck is empty"

    def resolve(self, duel, link):
        deck = duel.zone(link.player, "deck")
        if not deck:
            return False
        top = deck[0]
        duel.emit("reveal", card=top.uid, player=link.player)
        if top.is_monster() and top.race == "Plant":
            duel.move(top, "graveyard", "effect")
        else:
            duel.move(top, "hand", "effect")
        return True


@model("59650656")
class TachyonChaosHole(Effect):
    """Tachyon Chaos Hole (時空混沌渦): "During your Draw Phase, if this card is in your
    Graveyard, instead of conducting your normal draw: You can banish this card, then target
    1 "Galaxy" Xyz Monster in your Graveyard; Special Summon that target." Cost-type
    (ND-L-COST, FAQ ND-FAQ2)."""
    kind, replacement, locations, label, speed = "before-draw", "cost", ("graveyard",), "2", 2     # a Trap's effect
    categories = frozenset({fx.SUMMON})

    @staticmethod
    def _ok(c):
        return c.in_archetype("Galaxy") and "xyz" in c.subtypes and c.can_be_special_summoned_from("graveyard")

    def condition(self, duel, player):
        return None if _gy(duel, player, self._ok) else "no \"Galaxy\" Xyz Monster in the GY that can be Special Summoned"

    def cost(self, duel, link, step):
        duel.move(self.card, "banished", "cost")

    def target(self, duel, link, step):
        t = [duel.cards.get(u) for u in step.get("targets", [])]
        if len(t) != 1 or t[0] is None or t[0].zone != "graveyard" or not self._ok(t[0]) or t[0].controller != link.player:
            return "target 1 \"Galaxy\" Xyz Monster in your GY (give it with `targets`)"
        link.targets = [(t[0], t[0].incarnation)]

    def resolve(self, duel, link):
        card, inc = link.targets[0]
        if card.zone != "graveyard" or card.incarnation != inc:
            return False
        duel.move(card, "monster", "summon", player=link.player, position="face-up-attack")
        return True


# ===================================================================== effect-type (ND-L-EFFECT)
@model("97697678")
class FlyingSaucerMuusiki(_Search):
    """Flying Saucer Muusik'i (円盤ムスキー): "While this card is face-up on the field, you can
    select and add 1 "Alien" card from your Deck to your hand instead of conducting your
    normal draw during your Draw Phase." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement = "before-draw", "effect"

    must_stay_face_up = True                   # "while this card is face-up on the field"

    def wanted(self, c):
        return c.in_archetype("Alien")


class _FreedLike(_Search):
    kind, replacement = "before-draw", "effect"
    must_stay_face_up = True                   # "must be face-up on the field to activate and to resolve"


@model("49681811")
class FreedTheMatchlessGeneral(_FreedLike):
    """Freed the Matchless General (無敗将軍 フリード): "During your Draw Phase, instead of
    conducting your normal draw: You can add 1 Level 4 or lower Warrior monster from your Deck
    to your hand. This card must be face-up on the field to activate and to resolve this
    effect." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""

    def wanted(self, c):
        return c.is_monster() and c.race == "Warrior" and (c.level or 0) <= 4


@model("70676581")
class DarkGeneralFreed(_FreedLike):
    """Dark General Freed (ダーク・ジェネラル フリード): "During your Draw Phase, instead of
    conducting your normal draw: You can add 1 Level 4 DARK monster from your Deck to your
    hand. This card must be face-up on the field to activate and to resolve this effect."
    Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""

    def wanted(self, c):
        return c.is_monster() and c.attribute == "DARK" and c.level == 4


@model("99899504")
class SkullFlame(_Search):
    """Skull Flame (スカル・フレイム): "You can add 1 "Burning Skull Head" from your Graveyard to
    your hand instead of conducting a normal draw in your Draw Phase." Effect-type
    (ND-L-EFFECT, FAQ ND-FAQ1). (Its other effect is not modelled.)"""
    kind, replacement, label, sources = "before-draw", "effect", "2", ("graveyard",)
    categories = frozenset({fx.TO_HAND})

    def wanted(self, c):
        return c.data["name"]["en"] == "Burning Skull Head"   # the card text names this card


@model("70551291")
class BlackLusterSoldierLegendarySwordsman(_Search):
    """Black Luster Soldier - Legendary Swordsman (伝説の剣闘士 カオス・ソルジャー): "During your
    Draw Phase, before you draw: You can reveal this card in your hand; give up your normal
    draw this turn, and if you do, add 1 Ritual Spell from your Deck to your hand."
    Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement, locations, label = "before-draw", "effect", ("hand",), "1"

    def wanted(self, c):
        return c.card_type == "spell" and "ritual" in c.subtypes

    def cost(self, duel, link, step):
        duel.emit("reveal", card=self.card.uid, player=link.player)


@model("88851326")
class LegacyOfTheDuelist(_Search):
    """Legacy of the Duelist (熱き決闘者たち), Continuous Spell: "During your Draw Phase, before
    your draw: You can give up your normal draw this turn, and if you do, add 1 monster from
    your Graveyard to your hand." Effect-type (ND-L-EFFECT); a continuous card (ND-E4)."""
    kind, replacement, locations, label, sources = "before-draw", "effect", ("spell-trap",), "3", ("graveyard",)
    categories = frozenset({fx.TO_HAND})

    def wanted(self, c):
        return c.is_monster()


@model("36623431")
class IronCoreOfKoakiMeiru(_SelfFromGY):
    """Iron Core of Koa'ki Meiru (コアキメイルの鋼核): "During your Draw Phase, if this card is in
    your Graveyard, you can add this card to your hand instead of drawing, and/or send 1
    "Koa'ki Meiru" monster from your hand to your Graveyard to add this card to your hand."
    Effect-type (ND-L-EFFECT, FAQ ND-FAQ1). The first way is modelled."""
    kind, replacement = "before-draw", "effect"


@model("50418970")
class SpiritBurner(_SelfFromGY):
    """Spirit Burner (スピリット・バーナー): "If this card is in the Graveyard, you can add it to
    your hand instead of conducting a normal draw during your Draw Phase." Effect-type
    (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement = "before-draw", "effect"


@model("91819979")
class MagicalBlast(_SelfFromGY):
    """Magical Blast (マジックブラスト): "During your Draw Phase, if this card is in your GY,
    before you draw: You can give up your normal draw this turn, and if you do, add this card
    to your hand." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement, label = "before-draw", "effect", "2"


@model("56856951")
class MeteorFlare(_SelfFromGY):
    """Meteor Flare (メテオ・プロミネンス): "If this card is in the Graveyard, you can add it to
    your hand instead of conducting your normal draw during your Draw Phase." Effect-type
    (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement, label, speed = "before-draw", "effect", "2", 2     # a Trap's effect


@model("64400161")
class FandoraTheFlyingFurtress(_Search):
    """Fandora, the Flying Furtress (飛竜艇－ファンドラ), Field Spell: "During your Draw Phase,
    before you draw: You can give up your normal draw this turn, and if you do, add 1 monster
    "Fur Hire" from your Deck to your hand." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1, ND-T2)."""
    kind, replacement, locations, label = "before-draw", "effect", ("field",), "1"

    def wanted(self, c):
        return c.is_monster() and c.in_archetype("Fur Hire")


# ============================================================ pledge: Rank-Up-Magic Astral Force (2)
@model("45950291")
class RankUpMagicAstralForce(_SelfFromGY):
    """Rank-Up-Magic Astral Force (RUM－アストラル・フォース) (2): add this card from the GY to the
    hand, and "the turn you activate this effect, you cannot conduct your normal draw" — in the
    OCG wording 「この効果を発動するターン、自分は通常のドローを行えず…」 (quoted by the rules-wiki
    page, ND-AF1; see the card's `notes` in the catalogue: the TCG text differs) a pledge
    (誓約効果, ND-AF1..AF4), not a replacement. Effect (1) and the Special Summon restriction
    are not modelled."""
    kind, replacement, label = "before-draw", "pledge", "2"


# ================================================================== negators and interference
class _NegatesTheLinkItRespondsTo(Effect):
    """A Quick Effect that responds to the chain link just before it ("When ... is activated:
    ... negate that effect / the activation"): the link is remembered at activation and
    negated on resolution. ``negates`` is ``"effect"`` or ``"activation"``; ``self_to_gy``:
    the cost sends this card from the hand to the GY."""
    kind, speed = "quick", 2
    negates = "effect"
    self_to_gy = False

    def cost(self, duel, link, step):
        link.data["target"] = duel.chain[-1]
        if self.self_to_gy:
            duel.move(self.card, "graveyard", "cost")

    def resolve(self, duel, link):
        duel.negate(link.data["target"], self.negates, self.card)
        self.after(duel, link.data["target"])
        return True

    def after(self, duel, target) -> None:
        """What happens to the negated link's card ("and if you do, banish that card")."""


@model("14558127")
class AshBlossom(_NegatesTheLinkItRespondsTo):
    """Ash Blossom & Joyous Spring (灰流うらら): "When a card or effect is activated that includes
    any of these effects (Quick Effect): You can discard this card; negate that effect.
    ● Add a card from the Deck to the hand. ● Special Summon from the Deck. ● Send a card from
    the Deck to the GY. You can only use this effect ... once per turn.\""""
    locations, once_per_turn, self_to_gy, label = ("hand",), "name", True, "1"
    CATS = frozenset({fx.SEARCH, fx.SUMMON_FROM_DECK, fx.SEND_FROM_DECK})

    def condition(self, duel, player):
        if not duel.chain or not (duel.chain[-1].effect.categories & self.CATS):
            return "it responds to the activation of an effect that adds from the Deck, Special Summons from the Deck or sends from the Deck"
        return None


@model("67750322")
class SkullMeister(_NegatesTheLinkItRespondsTo):
    """Skull Meister (スカル・マイスター): "When a card effect is activated in your opponent's GY
    (Quick Effect): You can send this card from your hand to the GY; negate that effect.\""""
    locations, self_to_gy, label = ("hand",), True, "1"

    def condition(self, duel, player):
        if not duel.chain:
            return "nothing to respond to"
        top = duel.chain[-1]
        if top.player == player or top.data.get("activated_in") != "graveyard":
            return "it responds to a card effect activated in the opponent's GY"
        return None


@model("14799437")
class InfernoidOnuncu(_NegatesTheLinkItRespondsTo):
    """Infernoid Onuncu (インフェルノイド・ネヘモス): "Once per turn, when a Spell/Trap Card or
    effect is activated (Quick Effect): You can Tribute 1 monster; negate the activation, and
    if you do, banish that card." (Its Summoning conditions and other effect are not modelled.)"""
    negates, once_per_turn, label = "activation", "copy", "2"

    def condition(self, duel, player):
        if not duel.chain or duel.chain[-1].card.card_type not in ("spell", "trap"):
            return "it responds to the activation of a Spell/Trap Card or effect"
        return None

    def cost(self, duel, link, step):
        got = _named_cost(duel, step, lambda c: c.is_monster() and c.zone == "monster" and c.controller == link.player,
                          "monster", "monster you control to Tribute")
        if isinstance(got, str):
            return got
        super().cost(duel, link, step)
        duel.move(got[0], "graveyard", "cost")

    def after(self, duel, target):
        if target.card.zone in ("field", "spell-trap", "graveyard", "hand", "monster"):
            duel.move(target.card, "banished", "effect")


@model("40605147")
class SolemnStrike(_NegatesTheLinkItRespondsTo):
    """Solemn Strike (神の通告), Counter Trap: "When a monster(s) would be Special Summoned, OR a
    monster effect is activated: Pay 1500 LP; negate the Summon or activation, and if you do,
    destroy that card." (The Summon part is not modelled.)"""
    kind, speed, locations, face_up, negates = "card", 3, ("spell-trap",), False, "activation"

    def condition(self, duel, player):
        if not duel.chain or not duel.chain[-1].card.is_monster():
            return "it responds to the activation of a monster effect"
        return None if duel.lp[player] >= 1500 else "cannot pay 1500 LP"

    def cost(self, duel, link, step):
        super().cost(duel, link, step)
        duel.damage(link.player, 1500)

    def after(self, duel, target):
        if target.card.zone in ("monster", "spell-trap", "field", "hand"):
            duel.move(target.card, "graveyard", "effect")      # "destroy that card"


@model("10045474")
class InfiniteImpermanence(Effect):
    """Infinite Impermanence (無限泡影), Normal Trap: "Target 1 face-up monster your opponent
    controls; negate its effects (until the end of this turn) ..." Negating a monster's effects
    also negates its activated effect still on the chain while it is face-up on the field.
    (The column clause and the activation from the hand are not modelled.)"""
    kind, speed, locations, face_up, label = "card", 2, ("spell-trap",), False, "1"

    def target(self, duel, link, step):
        t = [duel.cards.get(u) for u in step.get("targets", [])]
        if len(t) != 1 or t[0] is None or not t[0].is_monster() or not t[0].face_up_on_field() or t[0].controller == link.player:
            return "target 1 face-up monster your opponent controls (give it with `targets`)"
        link.targets = [(t[0], t[0].incarnation)]

    def resolve(self, duel, link):
        card, inc = link.targets[0]
        if not card.face_up_on_field() or card.incarnation != inc:
            return False
        duel.negated_cards.add((card.uid, card.incarnation, duel.turn))      # "negate its effects (until the end of this turn)"
        for l in duel.chain:
            if l.card is card and l.activated_on_field and l.incarnation == inc and not l.negated_effect:
                duel.negate(l, "effect", self.card)
        return True


@model("24508238")
class DDCrow(Effect):
    """D.D. Crow (Ｄ．Ｄ．クロウ): "(Quick Effect): You can discard this card to the GY, then
    target 1 card in your opponent's GY; banish that target.\""""
    kind, speed, locations, label = "quick", 2, ("hand",), "1"
    categories = frozenset({fx.BANISH})

    def cost(self, duel, link, step):
        t = [duel.cards.get(u) for u in step.get("targets", [])]
        if len(t) != 1 or t[0] is None or t[0].zone != "graveyard" or t[0].owner == link.player:
            return "target 1 card in your opponent's GY (give it with `targets`)"
        duel.move(self.card, "graveyard", "cost")
        link.targets = [(t[0], t[0].incarnation)]

    def resolve(self, duel, link):
        card, inc = link.targets[0]
        if card.zone != "graveyard" or card.incarnation != inc:
            return False
        duel.move(card, "banished", "effect")
        return True


@model("05318639")
class MysticalSpaceTyphoon(Effect):
    """Mystical Space Typhoon (サイクロン), Quick-Play Spell: "Target 1 Spell/Trap on the field;
    destroy that target.\""""
    kind, speed, locations, face_up, label = "card", 2, ("hand", "spell-trap"), False, "1"
    categories = frozenset({fx.DESTROY})

    def target(self, duel, link, step):
        t = [duel.cards.get(u) for u in step.get("targets", [])]
        if len(t) != 1 or t[0] is None or t[0].card_type not in ("spell", "trap") or t[0].zone not in ("spell-trap", "field") or t[0] is self.card:
            return "target 1 Spell/Trap on the field (give it with `targets`)"
        link.targets = [(t[0], t[0].incarnation)]

    def resolve(self, duel, link):
        card, inc = link.targets[0]
        if card.zone not in ("spell-trap", "field") or card.incarnation != inc:
            return False
        duel.move(card, "graveyard", "effect")
        return True


# ======================================================================= triggers and draws
@model("26202165")
class Sangan(_Search):
    """Sangan (クリッター): "If this card is sent from the field to the GY: Add 1 monster with
    1500 or less ATK from your Deck to your hand, but you cannot activate cards, or the
    effects of cards, with that name for the rest of this turn. You can only use this effect
    of "Sangan" once per turn." A mandatory trigger effect (ND-T2)."""
    kind, mandatory, once_per_turn, locations, label = "trigger", True, "name", ("graveyard",), "1"

    def triggered_by(self, duel, ev):
        return ev["event"] == "move" and ev["card"] == self.card.uid and ev["from"] == "monster" and ev["to"] == "graveyard"

    def condition(self, duel, player):
        return None                            # a trigger that must be activated, even with nothing to add

    def wanted(self, c):
        return c.is_monster() and c.atk is not None and c.atk <= 1500


@model("35762283")
class HeartOfTheUnderdog(Effect):
    """Heart of the Underdog (凡骨の意地), Continuous Spell: "During your Draw Phase, when you
    draw a Normal Monster(s): You can reveal it; draw 1 more card." Any draw in the Draw
    Phase counts, not only the normal draw (ND-04). OCG: 「ドローフェイズにドローしたカードが通常モンス
    ターだった場合、そのカードを相手に見せる事で、自分はカードをもう１枚ドローする事ができる。」 — the
    drawn Normal Monster is revealed (見せる) to activate it: a ``reveal`` event."""
    kind, locations = "trigger", ("spell-trap",)
    categories = frozenset({fx.DRAW})

    def _normal_monsters(self, duel, link):
        ev = link.data.get("event") or {}
        return [duel.cards[u] for u in ev.get("cards", []) if duel.cards[u].is_normal_monster() and duel.cards[u].zone == "hand"]

    def cost(self, duel, link, step):
        shown = self._normal_monsters(duel, link)
        if not shown:
            return "the drawn Normal Monster is no longer in the hand to be revealed"
        card = _pick(duel, link.player, shown, f"{self.card.uid}: the drawn Normal Monster to reveal")[0]
        duel.emit("reveal", card=card.uid, player=link.player)

    def triggered_by(self, duel, ev):
        if ev["event"] != "draw" or duel.phase != "draw" or not self.card.face_up_on_field():
            return False
        return ev["player"] == self.card.controller and any(duel.cards[u].is_normal_monster() for u in ev["cards"])

    def resolve(self, duel, link):
        duel.draw(link.player, 1)
        return True


@model("22589918")
class Reload(Effect):
    """Reload (リロード), Quick-Play Spell: "Add all cards in your hand to your Deck and shuffle
    it. Then draw the same number of cards that you added to your Deck.\""""
    kind, speed, locations, face_up = "card", 2, ("hand", "spell-trap"), False
    categories = frozenset({fx.DRAW})

    def condition(self, duel, player):
        return None if [c for c in duel.zone(player, "hand") if c is not self.card] else "no other card in the hand"

    def resolve(self, duel, link):
        hand = list(duel.zone(link.player, "hand"))
        for c in hand:
            duel.move(c, "deck", "effect")
        duel.shuffle_deck(link.player)
        duel.draw(link.player, len(hand))
        return True


# ================================================== other chain links before the draw (ND-L-BEFORE)
@model("29424328")
class DiabolosKingOfTheAbyss(Effect):
    """Diabolos, King of the Abyss (魔王ディアボロス): "Once per turn, during your opponent's Draw
    Phase, before their normal draw: Look at the top card of your opponent's Deck, and if you
    do, place that card on either the top or bottom of their Deck." OCG: 「…相手ドローフェイズ
    のドロー前に発動する」 — mandatory. The OCG text has no "once per turn" (the TCG text's)."""
    kind, mandatory, whose_turn, label = "before-draw", True, "opponent", "2"

    def condition(self, duel, player):
        return None if duel.zone(opponent(player), "deck") else "the opponent's Deck is empty"

    def resolve(self, duel, link):
        deck = duel.zone(opponent(link.player), "deck")
        if not self.card.face_up_on_field() or not deck:
            return False
        top = deck[0]
        duel.emit("reveal", card=top.uid, player=top.owner)    # 「相手のデッキの一番上のカードを確認し」: shown to its controller
        where = duel.decider.choose_option(link.player, ["top", "bottom"], f"{self.card.uid}: where to place the top card")
        if where == "bottom":
            duel.move(top, "deck", "effect", top=False)
        return True


@model("95856586")
class ZexalField(_Search):
    """Zexal Field (ゼアル・フィールド), Field Spell: "During your Draw Phase, before you draw: You
    can place 1 "Shining Draw" from your Deck on top of your Deck.\""""
    kind, locations, label, to_top = "before-draw", ("field",), "3", True
    categories = frozenset()

    def wanted(self, c):
        return c.data["name"]["en"] == "Shining Draw"      # the card text names this card


@model("84335863")
class WhiteRoseCloister(Effect):
    """White Rose Cloister (白薔薇の回廊), Field Spell: "During your Draw Phase, before you draw:
    You can declare 1 card type (Monster, Spell, or Trap); reveal the top card of your Deck,
    and if it is the declared card type, apply this effect for the rest of this turn ...
    ● Level 7 or higher Synchro Monsters you control gain 1000 ATK." (The ATK gain is
    recorded, not shown: no scenario has a Synchro Monster.)"""
    kind, locations, label = "before-draw", ("field",), "2"
    TYPES = {"Monster": "monster", "Spell": "spell", "Trap": "trap"}

    def condition(self, duel, player):
        return None if duel.zone(player, "deck") else "the Deck is empty"

    def cost(self, duel, link, step):
        if step.get("option") not in self.TYPES:
            return "declare a card type: Monster, Spell or Trap (give it with `declaring`)"
        link.data["declared"] = self.TYPES[step["option"]]

    def resolve(self, duel, link):
        deck = duel.zone(link.player, "deck")
        if not deck:
            return False
        duel.emit("reveal", card=deck[0].uid, player=link.player)
        if deck[0].card_type == link.data["declared"]:
            duel.lingering.add(("white-rose-cloister-atk", link.player, duel.turn))
        return True


class _LooksAtNormalDraw:
    """A lingering effect that looks at the card(s) drawn by ``player``'s normal draw of turn
    ``turn``; it ends with that turn's Draw Phase."""

    def __init__(self, player, source, act, turn):
        self.player, self.source, self.act, self.turn = player, source, act, turn

    def after_draw(self, duel, drawn, normal):
        if normal:
            duel.watches.remove(self)
            self.act(duel, drawn)


@model("98715423")
class GravekeepersTrap(Effect):
    """Gravekeeper's Trap (墓守の罠), Continuous Trap: "During your opponent's Draw Phase, before
    their normal draw, if this card is already face-up on the field: Declare 1 card name; look
    at the card(s) drawn for their normal draw, and if it was the declared card, send it to the
    GY." OCG ③: 「このカードが表側表示で存在する場合、相手ドローフェイズのドロー前に、カード名を１つ
    宣言して発動する。」 — mandatory (the game activates it; its controller declares the name), once
    per turn by name (「このカード名の②③の効果はそれぞれ１ターンに１度」); a Trap's effect: spell speed 2."""
    kind, locations, whose_turn, once_per_turn = "before-draw", ("spell-trap",), "opponent", "name"
    mandatory, speed, label = True, 2, "3"

    def declaration(self, duel, player) -> list:
        """The names its controller may declare on activation: every card name (the catalogue's)."""
        return sorted({c["name"]["en"] for c in duel.catalogue})

    def cost(self, duel, link, step):
        if not step.get("option"):
            return "declare a card name (give it with `declaring`)"
        link.data["declared"] = step["option"]

    def resolve(self, duel, link):
        name = link.data["declared"]

        def act(d, drawn):
            for c in drawn:                    # 「通常のドローをしたカードを確認し」: shown to its controller
                if c.zone == "hand":
                    d.emit("reveal", card=c.uid, player=c.owner)
            for c in drawn:
                if c.data["name"]["en"] == name and c.zone == "hand":
                    d.move(c, "graveyard", "effect")
        duel.watches.append(_LooksAtNormalDraw(opponent(link.player), self.card, act, duel.turn))   # this turn's normal draw
        return True


# ================================== cards that must be drawn for the normal draw (ND-L-TRIGGER)
class _DrawnForTheNormalDraw(Effect):
    """"To activate this card, you must draw it for your normal draw in your Draw Phase, reveal
    it, and keep it revealed until the Main Phase 1." When its owner draws it, they may reveal
    it; a reveal of a card drawn by any other draw is refused (ND-L-TRIGGER). Its Main Phase 1
    activation is not modelled."""
    kind, locations, label = "on-draw", ("hand",), "1"

    def extra_condition(self, duel, player) -> str | None:
        return None

    def drawn(self, duel, player, normal):
        card = self.card

        def applies(step):
            return step.get("option") == "reveal" and step.get("cards") == [card.uid]

        def offer(step):
            if not normal:
                return "it was not drawn for the normal draw"
            why = self.extra_condition(duel, player)
            if why:
                return why
            duel.emit("reveal", card=card.uid, player=player)
            return None
        # the moment right after the draw: the trigger window after it (scenario format 2)
        duel.decider.priority(player, offer, kinds=("choose",), applies=applies, window=duel.decider.trigger_window())


@model("35906693")
class ShiningDraw(_DrawnForTheNormalDraw):
    """Shining Draw (シャイニング・ドロー). See :class:`_DrawnForTheNormalDraw`."""


@model("97769122")
class BariansChaosDraw(_DrawnForTheNormalDraw):
    """Barian's Chaos Draw (バリアンズ・カオス・ドロー). See :class:`_DrawnForTheNormalDraw`."""


@model("57734012")
class RankUpMagicTheSeventhOne(_DrawnForTheNormalDraw):
    """Rank-Up-Magic - The Seventh One (RUM－七皇の剣): "... reveal it, and keep it revealed until
    the start of Main Phase 1." See :class:`_DrawnForTheNormalDraw`."""


@model("02295831")
class SymbolOfFriendship(_DrawnForTheNormalDraw):
    """Symbol of Friendship (ピースの輪): "To activate this card, you must draw it for your normal
    draw in your Draw Phase while your opponent controls 3 or more monsters and you control no
    cards, reveal it, ...\""""

    def extra_condition(self, duel, player):
        if len(duel.zone(opponent(player), "monster")) < 3:
            return "the opponent controls fewer than 3 monsters"
        if any(duel.zone(player, z) for z in ("monster", "spell-trap", "field")):
            return "you control a card"
        return None


@model("43575579")
class Afterglow(Effect):
    """Afterglow (アフター・グロー), Normal Spell: "Banish this card, and as many "Afterglow" from
    your hand, Deck, GY, and face-up field as possible, then shuffle 1 of your banished
    "Afterglow" into the Deck. During your next Draw Phase, reveal the card you draw for your
    normal draw, and inflict 4000 damage to your opponent if it is "Afterglow". You can only
    activate 1 "Afterglow" per Duel." Only the normal draw is looked at (ND-L-TRIGGER)."""
    kind, locations, face_up, label = "card", ("hand", "spell-trap"), False, "1"

    def condition(self, duel, player):
        return "only 1 \"Afterglow\" per Duel" if ("afterglow", player) in duel.once_per_duel else None

    def cost(self, duel, link, step):
        if not getattr(duel, "probing", False):
            duel.once_per_duel.add(("afterglow", link.player))

    def resolve(self, duel, link):
        p = link.player
        mine = [c for z in ("hand", "deck", "graveyard", "spell-trap") for c in duel.zone(p, z)
                if c.data["name"]["en"] == "Afterglow" and (z != "spell-trap" or c.face_up_on_field())]
        for c in mine:
            duel.move(c, "banished", "effect")
        banished = [c for c in duel.zone(p, "banished") if c.data["name"]["en"] == "Afterglow"]
        if banished:
            back = _pick(duel, p, banished, "an Afterglow to shuffle into the Deck")[0]
            duel.move(back, "deck", "effect")
            duel.shuffle_deck(p)

        def act(d, drawn):
            for c in drawn:
                d.emit("reveal", card=c.uid, player=p)
                if c.data["name"]["en"] == "Afterglow":
                    d.damage(opponent(p), 4000)
        next_own = duel.turn + (2 if duel.turn_player == p else 1)     # "during your next Draw Phase"
        duel.watches.append(_LooksAtNormalDraw(p, self.card, act, next_own))
        return True



# ====================================== related cards of the page (ND-L-RELATED), from their OCG text
class _Continuous(Effect):
    """A continuous effect (永続効果): applied while its card is face-up in ``locations``, never
    activated (no chain link); the engine calls its hooks (``draw_count``, ``after_draw``,
    ``phase_begins``, ``protects``, ``locks_zones``, ``left_the_field``)."""
    kind, speed, mandatory = "continuous", None, True


class _CardActivation(Effect):
    """Activating a Continuous or Field Spell/Trap Card that does nothing on resolution itself
    (its effects are continuous or activated later)."""
    kind, face_up, locations = "card", False, ("hand", "spell-trap", "field")

    def resolve(self, duel, link):
        return True


def _next_own_turn(duel, player) -> int:
    return duel.turn + (2 if duel.turn_player == player else 1)


@model("59907935")
class CyberArchfiendDraw(Effect):
    """Cyber Archfiend (サイバーデーモン): 「自分のドローフェイズ開始時に自分の手札が０枚だった場合、
    通常のドローに加えてもう１枚ドローする。」 — a mandatory trigger effect (誘発効果) after its
    controller's normal draw, when their hand was empty as the Draw Phase began."""
    kind, mandatory, label = "trigger", True, "1"
    categories = frozenset({fx.DRAW})

    def triggered_by(self, duel, ev):
        p = self.card.controller
        return ev["event"] == "draw" and ev["normal"] and ev["player"] == p and self.card.face_up_on_field() \
            and self.card.zone == "monster" and duel.draw_phase_start_hand.get(p) == 0

    def resolve(self, duel, link):
        duel.draw(link.player, 1)
        return True


@model("59907935")
class CyberArchfiendDestroy(Effect):
    """Cyber Archfiend: 「自分のエンドフェイズ時に自分の手札が１枚以上存在していた場合、このカードを
    破壊する。」 — a mandatory trigger effect at the start of its controller's End Phase."""
    kind, mandatory, label = "trigger", True, "2"
    categories = frozenset({fx.DESTROY})

    def triggered_by(self, duel, ev):
        p = self.card.controller
        return ev["event"] == "phase" and ev["phase"] == "end" and ev["player"] == p and self.card.zone == "monster" \
            and self.card.face_up_on_field() and len(duel.zone(p, "hand")) >= 1

    def resolve(self, duel, link):
        if self.card.zone != "monster" or self.card.incarnation != link.incarnation:
            return False
        duel.move(self.card, "graveyard", "effect")
        return True


@model("10505300")
class SlowerSwallow(Effect):
    """Slower Swallow (スロワースワロー) ②: 「このカードをリリースして発動できる。次の自分ドローフェイズの
    通常のドローは２枚になる。」 An ignition effect; its Special Summon from the hand (①, a Summon
    procedure, not an activated effect) is not modelled."""
    label = "2"

    def cost(self, duel, link, step):
        if self.card.zone != "monster":
            return "Tribute this card"
        duel.move(self.card, "graveyard", "cost")

    def resolve(self, duel, link):
        duel.lingering_draw_counts.append((link.player, _next_own_turn(duel, link.player), 2))
        return True


@model("15936370")
class PandorasJewelryBox(_Continuous):
    """Pandora's Jewelry Box (パンドラの宝具箱), monster effect ①: 「自分のエクストラデッキにカードが
    存在せず、このカードがモンスターゾーンに存在する限り、自分ドローフェイズの通常のドローは２枚になる。」
    (Its Pendulum Effect needs a Pendulum Zone: not modelled.)"""
    locations, label = ("monster",), "1"

    def draw_count(self, duel, player):
        return 2 if player == self.card.controller and not duel.zone(player, "extra") else None


@model("42291297")
class FlowerCardianLightshowerProtection(_Continuous):
    """Flower Cardian Lightshower (花札衛－雨四光－) ①: 「このカードがモンスターゾーンに存在する限り、
    自分フィールドの「花札衛」モンスターは効果では破壊されず、相手の効果の対象にならない。」"""
    locations, label = ("monster",), "1"

    def protects(self, duel, card, what, by):
        mine = card.controller == self.card.controller and card.zone == "monster" and card.in_archetype("Flower Cardian")
        return mine and (what == "destroy" or (what == "target" and by != self.card.controller))


@model("42291297")
class FlowerCardianLightshowerBurn(Effect):
    """Flower Cardian Lightshower ②: 「相手のドローフェイズに相手が通常のドローをした場合に発動する。
    相手に１５００ダメージを与える。」 — mandatory, triggered by the opponent's normal draw."""
    kind, mandatory, label = "trigger", True, "2"

    def triggered_by(self, duel, ev):
        return ev["event"] == "draw" and ev["normal"] and ev["player"] != self.card.controller \
            and self.card.zone == "monster" and self.card.face_up_on_field()

    def resolve(self, duel, link):
        duel.damage(opponent(link.player), 1500)
        return True


@model("42291297")
class FlowerCardianLightshowerEndPhase(Effect):
    """Flower Cardian Lightshower ③: 「相手エンドフェイズに以下の効果から１つを選択して発動する。●次の
    自分ターンのドローフェイズをスキップする。●このカードの効果を次の相手スタンバイフェイズまで無効にする。」
    — mandatory; its controller chooses on activation (``skip-draw-phase`` / ``negate-its-effects``)."""
    kind, mandatory, label = "trigger", True, "3"
    OPTIONS = ("skip-draw-phase", "negate-its-effects")

    def triggered_by(self, duel, ev):
        return ev["event"] == "phase" and ev["phase"] == "end" and ev["player"] != self.card.controller \
            and self.card.zone == "monster" and self.card.face_up_on_field()

    def cost(self, duel, link, step):
        if getattr(duel, "probing", False):
            return None
        link.data["chosen"] = duel.decider.choose_option(link.player, list(self.OPTIONS),
                                                         f"{self.card.uid}: the effect to activate")

    def resolve(self, duel, link):
        if link.data["chosen"] == "skip-draw-phase":
            duel.skip_draw_phase.add((link.player, duel.turn + 1))      # the next turn is its controller's
        elif self.card.zone == "monster" and self.card.incarnation == link.incarnation:
            duel.negated_until.append((self.card.uid, self.card.incarnation, (duel.turn + 2, "standby")))
        return True


@model("91654806")
class CosmosChannellingCard(_CardActivation):
    """Cosmos Channelling (宇宙との交信), Continuous Spell: activating the card."""


@model("91654806")
class CosmosChannellingSummon(Effect):
    """Cosmos Channelling ①: 「元々の持ち主が相手となる自分フィールドのモンスター１体を墓地へ送って発動
    できる。自分の手札・墓地から機械族モンスター１体を選んで特殊召喚する。」"""
    locations, label, once_per_turn = ("spell-trap",), "1", "name"
    categories = frozenset({fx.SUMMON})

    def _fodder(self, duel, player):
        return [c for c in duel.zone(player, "monster") if c.owner != player]

    def _machines(self, duel, player):
        return [c for z in ("hand", "graveyard") for c in duel.zone(player, z) if c.is_monster() and c.race == "Machine"
                and c.can_be_special_summoned_from(z)]

    def condition(self, duel, player):
        if not self._fodder(duel, player):
            return "you control no monster whose original owner is your opponent"
        return None if self._machines(duel, player) else "no Machine monster in your hand or GY"

    def cost(self, duel, link, step):
        got = _named_cost(duel, step, lambda c: c in self._fodder(duel, link.player), "monster",
                          "monster you control whose original owner is your opponent")
        if isinstance(got, str):
            return got
        duel.move(got[0], "graveyard", "cost")

    def resolve(self, duel, link):
        cands = self._machines(duel, link.player)
        if not cands or len(duel.zone(link.player, "monster")) >= 5:
            return False
        c = _pick(duel, link.player, cands, f"{self.card.uid}: a Machine monster to Special Summon")[0]
        duel.move(c, "monster", "summon", player=link.player, position="face-up-attack")
        return True


@model("91654806")
class CosmosChannellingDraw(Effect):
    """Cosmos Channelling ②: 「自分フィールドに「人造人間－サイコ・ショッカー」が存在し、相手ドローフェイズに
    相手が通常のドローをした時、カードの種類（モンスター・魔法・罠）を宣言して発動できる。ドローしたカードを
    お互いに確認し、宣言した種類だった場合、このカードを墓地へ送り、自分はデッキから１枚ドローする。」"""
    kind, locations, label, once_per_turn = "trigger", ("spell-trap",), "2", "name"
    categories = frozenset({fx.DRAW})
    TYPES = {"Monster": "monster", "Spell": "spell", "Trap": "trap"}

    def triggered_by(self, duel, ev):
        p = self.card.controller
        return ev["event"] == "draw" and ev["normal"] and ev["player"] != p and self.card.face_up_on_field() \
            and any(c.data["name"]["en"] == "Jinzo" and c.face_up_on_field() for c in duel.zone(p, "monster"))

    def cost(self, duel, link, step):
        if step.get("option") not in self.TYPES:
            return "declare a card type: Monster, Spell or Trap (give it with `declaring`)"
        link.data["declared"] = self.TYPES[step["option"]]

    def resolve(self, duel, link):
        drawn = [duel.cards[u] for u in (link.data.get("event") or {}).get("cards", [])]
        drawn = [c for c in drawn if c.zone == "hand"]
        for c in drawn:
            duel.emit("reveal", card=c.uid, player=opponent(link.player))
        if drawn and any(c.card_type == link.data["declared"] for c in drawn):
            if self.card.zone != "spell-trap" or self.card.incarnation != link.incarnation:
                return False
            duel.move(self.card, "graveyard", "effect")
            duel.draw(link.player, 1)
        return True


@model("33904024")
class ShardOfGreedCard(_CardActivation):
    """Shard of Greed (強欲なカケラ), Continuous Spell: activating the card."""


@model("33904024")
class ShardOfGreedCounter(_Continuous):
    """Shard of Greed ①: 「このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズに通常のドローを
    する度に、このカードに強欲カウンターを１つ置く。」 (A draw by an effect does not count.)"""
    locations, label, mandatory = ("spell-trap",), "1", True

    def after_draw(self, duel, player, drawn, normal):
        if normal and player == self.card.controller and duel.phase == "draw":
            self.card.counters["greed"] = self.card.counters.get("greed", 0) + 1


@model("33904024")
class ShardOfGreedDraw(Effect):
    """Shard of Greed ②: 「強欲カウンターが２つ以上置かれているこのカードを墓地へ送って発動できる。
    自分は２枚ドローする。」"""
    locations, label = ("spell-trap",), "2"
    categories = frozenset({fx.DRAW})

    def condition(self, duel, player):
        return None if self.card.counters.get("greed", 0) >= 2 else "fewer than 2 Greed Counters on it"

    def cost(self, duel, link, step):
        duel.move(self.card, "graveyard", "cost")

    def resolve(self, duel, link):
        duel.draw(link.player, 2)
        return True


@model("17052477")
class GuardedTreasureCard(Effect):
    """Guarded Treasure (守護神の宝札) ①: 「手札を５枚捨ててこのカードを発動できる。自分はデッキから
    ２枚ドローする。」 (the Continuous Spell's activation; the 5 cards are discarded as its cost)."""
    kind, locations, face_up, label = "card", ("hand", "spell-trap"), False, "1"
    categories = frozenset({fx.DRAW})

    def _others(self, duel, player):
        return [c for c in duel.zone(player, "hand") if c is not self.card]

    def condition(self, duel, player):
        return None if len(self._others(duel, player)) >= 5 else "fewer than 5 other cards in the hand to discard"

    def cost(self, duel, link, step):
        others = self._others(duel, link.player)
        if len(others) == 5 and not step.get("cost"):
            picked = others
        else:
            picked = _named_cost(duel, step, lambda c: c in others, "hand", "cards from your hand to discard", n=5)
            if isinstance(picked, str):
                return picked
        for c in picked:
            duel.move(c, "graveyard", "cost")

    def resolve(self, duel, link):
        duel.draw(link.player, 2)
        return True


@model("17052477")
class GuardedTreasureDrawCount(_Continuous):
    """Guarded Treasure ②: 「このカードが魔法＆罠ゾーンに存在する限り、自分ドローフェイズの通常の
    ドローは２枚になる。」"""
    locations, label, mandatory = ("spell-trap",), "2", True

    def draw_count(self, duel, player):
        return 2 if player == self.card.controller else None


@model("48356796")
class MysticalCardsOfLightCard(_CardActivation):
    """Mystical Cards of Light (閃光の宝札), Continuous Spell: activating the card."""


@model("48356796")
class MysticalCardsOfLightZone(_Continuous):
    """Mystical Cards of Light: 「このカードがフィールド上に存在する限り、自分の魔法＆罠カードゾーンを
    １ヵ所だけ使用不可能にする。」 (applied while it is face-up)"""
    locations, label, mandatory = ("spell-trap",), "1", True

    def locks_zones(self, duel, player):
        return 1 if player == self.card.controller else 0


@model("48356796")
class MysticalCardsOfLightDraw(_Continuous):
    """Mystical Cards of Light: 「このカード以外の「閃光の宝札」が自分フィールド上に表側表示で存在する
    場合、自分のドローフェイズ時の通常ドローでカードを２枚ドローする事ができる。」 — its controller may
    (a yes/no decision)."""
    locations, label, mandatory = ("spell-trap",), "2", False

    def draw_count(self, duel, player):
        if player != self.card.controller:
            return None
        other = [c for z in FIELD for c in duel.zone(player, z) if c is not self.card and c.face_up_on_field()
                 and c.code == self.card.code]
        if not other or duel.decider is None:
            return None
        return 2 if duel.decider.yes_no(player, f"{self.card.uid}: draw 2 cards for the normal draw?",
                                        window={"window": "before-draw", "turn": duel.turn}) else None


@model("20216608")
class TiltedTryCard(_CardActivation):
    """Tilted Try (ツッパリーチ), Field Spell: activating the card."""


class _TiltedTry(Effect):
    """Tilted Try's effects: reveal 1 card just drawn (the cost: 「そのカード１枚を相手に見せて」),
    return it to the bottom of the Deck, draw 1."""
    kind, locations = "trigger", ("field",)
    categories = frozenset({fx.DRAW})
    normal = True

    def triggered_by(self, duel, ev):
        return ev["event"] == "draw" and ev["normal"] is self.normal and ev["player"] == self.card.controller \
            and self.card.face_up_on_field() and (not self.normal or duel.phase == "draw")

    def cost(self, duel, link, step):
        drawn = [duel.cards[u] for u in (link.data.get("event") or {}).get("cards", []) if duel.cards[u].zone == "hand"]
        if not drawn:
            return "the card drawn is no longer in the hand"
        shown = _pick(duel, link.player, drawn, f"{self.card.uid}: the drawn card to reveal")[0]
        link.data["shown"] = (shown, shown.incarnation)
        duel.emit("reveal", card=shown.uid, player=link.player)

    def resolve(self, duel, link):
        shown, _ = link.data["shown"]
        if shown.zone != "hand":
            return False
        duel.move(shown, "deck", "effect", top=False)
        duel.draw(link.player, 1)
        return True


@model("20216608")
class TiltedTryNormalDraw(_TiltedTry):
    """Tilted Try ①: 「自分ドローフェイズに通常のドローをした時、そのカード１枚を相手に見せて発動できる。
    そのカードをデッキの一番下に戻し、自分はデッキから１枚ドローする。」"""
    label = "1"


@model("20216608")
class TiltedTryEffectDraw(_TiltedTry):
    """Tilted Try ②: 「自分が効果でカードをドローした時、そのカード１枚を相手に見せて発動できる。この
    カードを墓地へ送り、見せたカードをデッキの一番下に戻し、自分はデッキから１枚ドローする。」"""
    label, normal = "2", False

    def resolve(self, duel, link):
        if not self.card.face_up_on_field() or self.card.incarnation != link.incarnation:
            return False
        duel.move(self.card, "graveyard", "effect")
        return super().resolve(duel, link)


class _AfterTheOpponentsNormalDraw(Effect):
    """A Trap Card activated 「相手のドローフェイズ時に、相手が通常のドローをした時」: right after the
    opponent's normal draw, before anything else happens."""
    kind, speed, locations, face_up, label = "card", 2, ("spell-trap",), False, ""

    def condition(self, duel, player):
        nd = duel.last_normal_draw
        if not nd or nd["player"] == player or nd["turn"] != duel.turn or duel.phase != "draw":
            return "only when the opponent has just conducted the normal draw"
        return None

    def target(self, duel, link, step):
        link.data["drawn"] = [(c, c.incarnation) for c in duel.last_normal_draw["cards"]]

    def still_drawn(self, link):
        return [c for c, inc in link.data["drawn"] if c.zone == "hand" and c.incarnation == inc]


@model("55773067")
class DropOff(_AfterTheOpponentsNormalDraw):
    """Drop Off (はたき落とし), Normal Trap: 「相手のドローフェイズ時に、相手が通常のドローをした時に
    発動する事ができる。相手はドローしたカード１枚をそのまま墓地へ捨てる。」 Only the normal draw (the
    yugioh-wiki FAQ: not a draw by Reload)."""

    def resolve(self, duel, link):
        drawn = self.still_drawn(link)
        if not drawn:
            return False
        c = _pick(duel, opponent(link.player), drawn, f"{self.card.uid}: the drawn card to discard")[0]
        duel.move(c, "graveyard", "effect")
        return True


@model("12197543")
class CommanderOfSwords(_AfterTheOpponentsNormalDraw):
    """Commander of Swords (剣の采配), Normal Trap: 「相手のドローフェイズ時に、相手が通常のドローをした時に
    発動できる。ドローしたカードをお互いに確認し、確認したカードが魔法・罠カードだった場合、以下の効果から
    １つを選択して適用する。●ドローしたカードを捨てる。●相手フィールド上の魔法・罠カード１枚を選んで破壊
    する。」 Its controller chooses on resolution (``discard`` / ``destroy``)."""

    def resolve(self, duel, link):
        drawn = self.still_drawn(link)
        if not drawn:
            return False
        for c in drawn:
            duel.emit("reveal", card=c.uid, player=opponent(link.player))
        spells_traps = [c for c in drawn if c.card_type in ("spell", "trap")]
        if not spells_traps:
            return True
        opp = opponent(link.player)
        on_field = [c for z in ("spell-trap", "field") for c in duel.zone(opp, z) if not duel.protected(c, "destroy", link.player)]
        options = ["discard"] + (["destroy"] if on_field else [])
        if duel.decider.choose_option(link.player, options, f"{self.card.uid}: the effect to apply") == "discard":
            for c in spells_traps:
                duel.move(c, "graveyard", "effect")
        else:
            c = _pick(duel, link.player, on_field, f"{self.card.uid}: a Spell/Trap your opponent controls to destroy")[0]
            duel.move(c, "graveyard", "effect")
        return True


@model("77859858")
class DestructiveDrawCard(_CardActivation):
    """Destructive Draw (破滅へのクイック・ドロー), Continuous Trap: activating the card."""
    speed = 2


@model("77859858")
class DestructiveDrawDraw(Effect):
    """Destructive Draw: 「お互いのプレイヤーはドローフェイズ開始時に手札が０枚だった場合、通常のドローに
    加えてもう１枚ドローする事ができる。」 — a trigger effect at the timing of the normal draw (the
    yugioh-wiki page: 通常のドローをしたタイミングで誘発する効果, others can chain to it), optional, of
    its controller (a card's effects are activated by its controller); the player who conducted the
    normal draw draws."""
    kind, locations, speed, label = "trigger", ("spell-trap",), 2, "1"
    categories = frozenset({fx.DRAW})

    def triggered_by(self, duel, ev):
        return ev["event"] == "draw" and ev["normal"] and self.card.face_up_on_field() \
            and duel.draw_phase_start_hand.get(ev["player"]) == 0

    def resolve(self, duel, link):
        duel.draw(link.data["event"]["player"], 1)
        return True


@model("77859858")
class DestructiveDrawUpkeep(_Continuous):
    """Destructive Draw: 「このカードのコントローラーは自分のターンのエンドフェイズ毎に７００ライフポイント
    を払う。この時にライフポイントが７００未満だった場合、ライフポイントは０になる。」"""
    locations, label, mandatory = ("spell-trap",), "2", True

    def phase_begins(self, duel):
        if duel.phase == "end" and duel.turn_player == self.card.controller:
            duel.damage(self.card.controller, min(700, duel.lp[self.card.controller]))


@model("77859858")
class DestructiveDrawLeaves(_Continuous):
    """Destructive Draw: 「自分フィールド上に表側表示で存在するこのカードがフィールド上から離れた時、自分は
    ３０００ポイントダメージを受ける。」 (applied when it leaves the field face-up; no chain link)."""
    locations, label, mandatory = ("spell-trap",), "3", True

    def left_the_field(self, duel):
        duel.damage(self.card.owner, 3000)


@model("77585513")
class Jinzo(_Continuous):
    """Jinzo (人造人間－サイコ・ショッカー) ①: 「このカードがモンスターゾーンに存在する限り、お互いにフィールド
    の罠カードの効果を発動できず、フィールドの罠カードの効果は無効化される。」 (read by the duel:
    :meth:`Duel.traps_locked`)."""
    locations, label, mandatory = ("monster",), "1", True
    locks_traps = True


FIELD = ("monster", "spell-trap", "field")
