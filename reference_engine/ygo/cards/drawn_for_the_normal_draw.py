"""Cards that must be drawn for the normal draw to be activated (the page's list ND-L-TRIGGER),
and Afterglow.

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from ...common import opponent
from ..effects import Effect
from .shapes import DrawnForTheNormalDraw, LooksAtNormalDraw, model, pick


@model("35906693")
class ShiningDraw(DrawnForTheNormalDraw):
    """Shining Draw (シャイニング・ドロー). See :class:`DrawnForTheNormalDraw`."""


@model("97769122")
class BariansChaosDraw(DrawnForTheNormalDraw):
    """Barian's Chaos Draw (バリアンズ・カオス・ドロー). See :class:`DrawnForTheNormalDraw`."""


@model("57734012")
class RankUpMagicTheSeventhOne(DrawnForTheNormalDraw):
    """Rank-Up-Magic - The Seventh One (RUM－七皇の剣): "... reveal it, and keep it revealed until
    the start of Main Phase 1." See :class:`DrawnForTheNormalDraw`."""


@model("02295831")
class SymbolOfFriendship(DrawnForTheNormalDraw):
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
            back = pick(duel, p, banished, "an Afterglow to shuffle into the Deck")[0]
            duel.move(back, "deck", "effect")
            duel.shuffle_deck(p)

        def act(d, drawn):
            for c in drawn:
                d.emit("reveal", card=c.uid, player=p)
                if c.data["name"]["en"] == "Afterglow":
                    d.damage(opponent(p), 4000)
        next_own = duel.turn + (2 if duel.turn_player == p else 1)     # "during your next Draw Phase"
        duel.watches.append(LooksAtNormalDraw(p, self.card, act, next_own))
        return True
