"""Effects: what a card can activate, and the vocabulary the rules engine reads.

Every card effect is an :class:`Effect` subclass (see :mod:`.cards`), modelled from the
card's text: where it is activated from, its activation condition, its cost, its targets
and what it does on resolution. The engine (:mod:`.duel`) applies the general rules —
chains, spell speed, negation, the normal draw right — to these objects; it never looks
at a card's name or passcode.
"""
from __future__ import annotations

from functools import lru_cache

#: the zones of the field (a card there is on the field; 場)
FIELD_ZONES = ("monster", "spell-trap", "field")

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

    def skip_is_pledge_on(self, day: str | None) -> bool:
        """As of ``day`` (ISO; ``None``: today), is this effect-type replacement's draw skip a
        pledge (誓約効果) that applies even when its effect is negated? Only before the page's
        answer about its card changed (:func:`pledged_skip_until`, ND-H1)."""
        until = pledged_skip_until(self.card.code, self.replacement) if day else None
        return until is not None and day < until

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


@lru_cache(maxsize=None)
def pledged_skip_until(code: str, current: str | None) -> str | None:
    """The date until which the draw skip of card ``code`` (an effect-type replacement today,
    ``current``) was a pledge, or ``None``.

    Source: the ruling catalogue's superseded answers (``features/rulings/``, ND-H1). On
    2019-03-17 the page answered that the normal draw is *not* conducted when the effect of
    スカル・フレイム, コアキメイルの鋼核, マジックブラスト or スピリット・バーナー is negated; those
    answers changed (to ND-FAQ1) on 2019-12-26, 2022-07-30 and 2022-08-01. The page's
    commented-out explanation of that view (the catalogue's ``withdrawn`` entry:
    「《マジックブラスト》や《Sin World》などの古いカードでは誓約効果としてドロースキップを
    行っていたため、妨害されると通常のドローが行えない」) is that such cards gave up the draw as a
    pledge (誓約効果): a pledge still applies when only the effect is negated (as ND-AF1 says of
    Astral Force (2)). So before that answer was replaced the engine plays these cards as
    effect-type replacements (ND-L-EFFECT) whose draw skip is spent even when their effect is
    negated; nothing else about them changes (the page says nothing else of that time). An
    answer "under review" (ND-H2) changes nothing: no expectation exists for that period."""
    if current != "effect":
        return None
    from ...catalogue import changed_answers
    dates = [a["replaced"] for a in changed_answers(code) if a["answer"] == "not conducted" and a.get("replaced_by") == "ND-FAQ1"]
    return max(dates) if dates else None
