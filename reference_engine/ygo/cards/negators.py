"""Cards that negate or remove what is on the chain before the draw (ND-TAB, ND-C3, ND-E3, ND-E4, ND-E8 …):
the interference of the page's examples.

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from .. import effects as fx
from ..effects import Effect
from .shapes import NegatesTheLinkItRespondsTo, model, named_cost


@model("14558127")
class AshBlossom(NegatesTheLinkItRespondsTo):
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
class SkullMeister(NegatesTheLinkItRespondsTo):
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
class InfernoidOnuncu(NegatesTheLinkItRespondsTo):
    """Infernoid Onuncu (インフェルノイド・ネヘモス): "Once per turn, when a Spell/Trap Card or
    effect is activated (Quick Effect): You can Tribute 1 monster; negate the activation, and
    if you do, banish that card." (Its Summoning conditions and other effect are not modelled.)"""
    negates, once_per_turn, label = "activation", "copy", "2"

    def condition(self, duel, player):
        if not duel.chain or duel.chain[-1].card.card_type not in ("spell", "trap"):
            return "it responds to the activation of a Spell/Trap Card or effect"
        return None

    def cost(self, duel, link, step):
        got = named_cost(duel, step, lambda c: c.is_monster() and c.zone == "monster" and c.controller == link.player,
                          "monster", "monster you control to Tribute")
        if isinstance(got, str):
            return got
        super().cost(duel, link, step)
        duel.move(got[0], "graveyard", "cost")

    def after(self, duel, target):
        if target.card.zone in ("field", "spell-trap", "graveyard", "hand", "monster"):
            duel.move(target.card, "banished", "effect")


@model("40605147")
class SolemnStrike(NegatesTheLinkItRespondsTo):
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
        """Negate the target's effects, and its activated effect on the chain (ND-TAB; YGO-GEN-NEGATION)."""
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
        """Banish the target (a replacement's resource: it fizzles, ND-C3, ND-E3)."""
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
        """Destroy the target Spell/Trap (a continuous card whose replacement is on the chain: ND-E4)."""
        card, inc = link.targets[0]
        if card.zone not in ("spell-trap", "field") or card.incarnation != inc:
            return False
        duel.move(card, "graveyard", "effect")
        return True
