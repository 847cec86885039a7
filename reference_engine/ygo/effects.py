"""Effects: what a card can activate, and the vocabulary the rules engine reads.

Every card effect is an :class:`Effect` subclass (see :mod:`.cards`), modelled from the
card's text: where it is activated from, its activation condition, its cost, its targets
and what it does on resolution. The engine (:mod:`.duel`) applies the general rules —
chains, spell speed, negation, the normal draw right — to these objects; it never looks
at a card's name or passcode.
"""
from __future__ import annotations

# categories: what an effect "includes" (conditions of negators such as Ash Blossom)
SEARCH = "add-from-deck-to-hand"          # デッキから手札に加える
SUMMON_FROM_DECK = "special-summon-from-deck"
SEND_FROM_DECK = "send-from-deck-to-gy"
DRAW = "draw"
NEGATE = "negate"
DESTROY = "destroy"
BANISH = "banish"
SUMMON = "special-summon"
TO_HAND = "add-to-hand"


class Effect:
    """One effect of one card.

    Class attributes (override in subclasses):

    - ``label``: the effect's number on the card (``"1"``, ``"2"``) or ``""``.
    - ``kind``: ``"ignition"`` (spell speed 1), ``"quick"`` (2), ``"trigger"`` (a trigger
      effect, 誘発効果), ``"card"`` (activating a Spell/Trap Card), ``"before-draw"``
      (activated at the timing immediately before the normal draw, ND-05; these of
      both players go on one chain, the turn player's first), ``"on-draw"`` (not activated:
      :meth:`drawn` is called when the card is drawn, e.g. to offer a reveal).
    - ``speed``: spell speed 1, 2 or 3.
    - ``replacement``: ``None``; ``"cost"`` (コストタイプ: the normal draw right is spent
      as the activation cost, ND-C*); ``"effect"`` (効果タイプ: spent when the effect
      resolves, ND-E*); ``"pledge"`` (誓約効果: "you cannot conduct your normal draw the
      turn you activate this effect", ND-AF*).
    - ``locations``: zones the card must be in to activate (``monster``, ``spell-trap``,
      ``field``, ``hand``, ``graveyard``).
    - ``face_up``: on the field, must the card be face-up (True for effects of face-up cards).
    - ``whose_turn``: ``"own"``, ``"opponent"`` or ``None`` (either).
    - ``categories``: what the effect includes (:data:`SEARCH`, ...).
    - ``once_per_turn``: ``False``; ``"name"`` ("You can only use this effect of <name> once per
      turn": every copy shares it); ``"copy"`` ("Once per turn": this copy, reset when it moves).
    - ``mandatory``: for trigger effects: must be activated.
    """

    label = ""
    kind = "ignition"
    speed = 1
    replacement: str | None = None
    locations: tuple = ("monster",)
    face_up = True
    whose_turn: str | None = None
    categories: frozenset = frozenset()
    once_per_turn = False
    mandatory = False

    def __init__(self, card):
        self.card = card

    # -- activation ----------------------------------------------------------------------------
    def condition(self, duel, player: str) -> str | None:
        """The activation condition beyond timing/location; ``None`` when met, else why not."""
        return None

    def cost(self, duel, link, step: dict) -> str | None:
        """Pay the cost (``step['cost']`` names the cards chosen); ``None`` when paid, else why
        it cannot be. Must not change anything when it returns a reason."""
        return None

    def target(self, duel, link, step: dict) -> str | None:
        """Choose targets (``step['targets']``) into ``link.targets``; ``None`` or why not."""
        return None

    def resolve(self, duel, link) -> bool:
        """Apply the effect. Returns False when it could not be applied (不発) — for tests and
        readers; the rules consequences (the normal draw right) are decided by the duel."""
        raise NotImplementedError

    # -- triggers --------------------------------------------------------------------------------
    def triggered_by(self, duel, event: dict) -> bool:
        """For trigger effects: does ``event`` (a trace event) trigger this effect?"""
        return False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.card.uid}>"
