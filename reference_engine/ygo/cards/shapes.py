"""The registry of card models and the shapes cards share (XMage's shared abilities: a card is
assembled from them, its own code beside it).

- :func:`model` registers an effect class for a card's passcode (:data:`MODELS`); a card may have
  several, in the order of its text;
- helpers: :func:`pick` (a player chooses cards through the decider), :func:`in_deck`,
  :func:`in_gy`, :func:`named_cost`;
- shapes: :class:`Search` (サーチ), :class:`SelfFromGY`, :class:`NegatesTheLinkItRespondsTo`,
  :class:`LooksAtNormalDraw`, :class:`DrawnForTheNormalDraw`, :class:`Continuous` (永続効果),
  :class:`CardActivation`.
"""
from __future__ import annotations

from .. import effects as fx
from ..effects import Effect

#: passcode -> the effect classes of the card, in the order of its text
MODELS: dict[str, list] = {}


def model(passcode: str):
    """Register an effect class for the card ``passcode`` (several per card allowed)."""
    def deco(cls):
        MODELS.setdefault(passcode, []).append(cls)
        return cls
    return deco


def effects_of(card) -> list:
    """The effects of a card in the duel (instances of its models; none for an unmodelled card)."""
    return [cls(card) for cls in MODELS.get(card.code, [])]


# ---------------------------------------------------------------------------- helpers
def pick(duel, player, candidates, prompt, n=1):
    """``player`` chooses ``n`` of ``candidates`` (cards) through the decider; returns cards."""
    if getattr(duel, "probing", False):
        return candidates[:n]
    uids = duel.decider.choose(player, [c.uid for c in candidates], n, n, prompt)
    return [duel.cards[u] for u in uids]


def in_deck(duel, player, pred):
    return [c for c in duel.zone(player, "deck") if pred(c)]


def in_gy(duel, player, pred=lambda c: True):
    return [c for c in duel.zone(player, "graveyard") if pred(c)]


def named_cost(duel, step, pred, where, what, n=1, player=None):
    """Check/pay a cost that uses ``n`` cards named by ``step['cost']`` satisfying ``pred``."""
    picked = step.get("cost") or []
    cards = [duel.cards.get(u) for u in picked]
    if len(cards) != n or any(c is None or not pred(c) for c in cards):
        return f"the cost needs {n} {what} (give them with `cost`)"
    return cards


class Search(Effect):
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
        for c in pick(duel, link.player, cands, f"{self.card.uid}: a card {where}"):
            duel.move(c, "deck" if self.to_top else "hand", "effect", top=True)
        return True


class SelfFromGY(Effect):
    """Add this card from the GY to the hand (the common GY replacement)."""
    locations = ("graveyard",)
    categories = frozenset({fx.TO_HAND})

    def resolve(self, duel, link):
        if self.card.zone != "graveyard" or self.card.incarnation != link.incarnation:
            return False
        duel.move(self.card, "hand", "effect")
        return True


class NegatesTheLinkItRespondsTo(Effect):
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
        """Negate the link responded to (the page's table of interferences, ND-TAB;
        YGO-GEN-NEGATION)."""
        duel.negate(link.data["target"], self.negates, self.card)
        self.after(duel, link.data["target"])
        return True

    def after(self, duel, target) -> None:
        """What happens to the negated link's card ("and if you do, banish that card")."""


class LooksAtNormalDraw:
    """A lingering effect that looks at the card(s) drawn by ``player``'s normal draw of turn
    ``turn``; it ends with that turn's Draw Phase."""

    def __init__(self, player, source, act, turn):
        self.player, self.source, self.act, self.turn = player, source, act, turn

    def after_draw(self, duel, drawn, normal):
        """It sees only the normal draw (ND-L-TRIGGER, ND-L-BEFORE)."""
        if normal:
            duel.watches.remove(self)
            self.act(duel, drawn)


class DrawnForTheNormalDraw(Effect):
    """"To activate this card, you must draw it for your normal draw in your Draw Phase, reveal
    it, and keep it revealed until the Main Phase 1." When its owner draws it, they may reveal
    it; a reveal of a card drawn by any other draw is refused (ND-L-TRIGGER). Its Main Phase 1
    activation is not modelled."""
    kind, locations, label = "on-draw", ("hand",), "1"

    def extra_condition(self, duel, player) -> str | None:
        return None

    def drawn(self, duel, player, normal):
        """Its owner drew it: revealable only when ``normal`` (drawn for the normal draw, ND-L-TRIGGER)."""
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


class Continuous(Effect):
    """A continuous effect (永続効果): applied while its card is face-up in ``locations``, never
    activated (no chain link); the engine calls its hooks (``draw_count``, ``after_draw``,
    ``phase_begins``, ``protects``, ``locks_zones``, ``left_the_field``)."""
    kind, speed, mandatory = "continuous", None, True


class CardActivation(Effect):
    """Activating a Continuous or Field Spell/Trap Card that does nothing on resolution itself
    (its effects are continuous or activated later)."""
    kind, face_up, locations = "card", False, ("hand", "spell-trap", "field")

    def resolve(self, duel, link):
        return True
