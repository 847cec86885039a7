"""Trigger effects and draws around the normal draw (ND-04, ND-T1, ND-T2).

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from .. import effects as fx
from ..effects import Effect
from .shapes import Search, model, pick


@model("26202165")
class Sangan(Search):
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
        card = pick(duel, link.player, shown, f"{self.card.uid}: the drawn Normal Monster to reveal")[0]
        duel.emit("reveal", card=card.uid, player=link.player)

    def triggered_by(self, duel, ev):
        """Any draw of its controller in the Draw Phase that drew a Normal Monster (ND-04)."""
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
