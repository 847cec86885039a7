"""Other chain links at the timing before the draw (the page's list ND-L-BEFORE).

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from ...common import opponent
from ..effects import Effect
from .shapes import LooksAtNormalDraw, Search, model


@model("29424328")
class DiabolosKingOfTheAbyss(Effect):
    """Diabolos, King of the Abyss (魔王ディアボロス): "Once per turn, during your opponent's Draw
    Phase, before their normal draw: Look at the top card of your opponent's Deck, and if you
    do, place that card on either the top or bottom of their Deck." OCG: 「…相手ドローフェイズ
    のドロー前に発動する」 — mandatory, listed by the page among the other "before the draw" cards
    (ND-L-BEFORE); no replacement. The OCG text has no "once per turn" (the TCG text's)."""
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
class ZexalField(Search):
    """Zexal Field (ゼアル・フィールド), Field Spell: "During your Draw Phase, before you draw: You
    can place 1 "Shining Draw" from your Deck on top of your Deck.\"" Listed among the other
    "before the draw" cards (ND-L-BEFORE); no replacement."""
    kind, locations, label, to_top = "before-draw", ("field",), "3", True
    categories = frozenset()

    def wanted(self, c):
        return c.data["name"]["en"] == "Shining Draw"      # the card text names this card


@model("84335863")
class WhiteRoseCloister(Effect):
    """White Rose Cloister (白薔薇の回廊), Field Spell (ND-L-BEFORE; no replacement): "During your Draw Phase, before you draw:
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


@model("98715423")
class GravekeepersTrap(Effect):
    """Gravekeeper's Trap (墓守の罠), Continuous Trap: "During your opponent's Draw Phase, before
    their normal draw, if this card is already face-up on the field: Declare 1 card name; look
    at the card(s) drawn for their normal draw, and if it was the declared card, send it to the
    GY." OCG ③: 「このカードが表側表示で存在する場合、相手ドローフェイズのドロー前に、カード名を１つ
    宣言して発動する。」 — mandatory (the game activates it; its controller declares the name), once
    per turn by name (「このカード名の②③の効果はそれぞれ１ターンに１度」); a Trap's effect: spell speed 2.
    Listed among the other "before the draw" cards (ND-L-BEFORE); no replacement."""
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
        duel.watches.append(LooksAtNormalDraw(opponent(link.player), self.card, act, duel.turn))   # this turn's normal draw
        return True
