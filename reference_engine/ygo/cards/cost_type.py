"""Cost-type replacements of the normal draw (the page's list ND-L-COST): 「…通常のドローを行う代わりに…発動できる」,
the normal draw right spent as the cost (ND-C1..C5).

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from .. import effects as fx
from ..effects import Effect
from .shapes import Search, in_deck, in_gy, model, pick


@model("82434071")
class InfernityPawn(Search):
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
class Gearbreed(Search):
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
        return None if len(in_deck(duel, player, self.wanted)) >= 3 else "fewer than 3 \"Malefic\" cards in the Deck"

    def resolve(self, duel, link):
        cands = in_deck(duel, link.player, self.wanted)
        if len(cands) < 3:
            return False
        three = pick(duel, link.player, cands, "3 Malefic cards", n=3)
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
        return None if in_gy(duel, player, self._ok) else "no \"Galaxy\" Xyz Monster in the GY that can be Special Summoned"

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
