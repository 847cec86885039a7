"""What the two reference engines share: how they stop, who the opponent is, the deck order of a setup.

Both :mod:`.ygo` and :mod:`.dm` build a game from a scenario's ``setup``, ask a
:class:`duelspec.decisions.Decider` for every decision and play until the scenario is over:

- :class:`Unplayable`: the engine cannot play the scenario (a card it does not model, a stop
  beyond what it plays): a visible skip naming the reason, never a silent one;
- :class:`GameOver`: a player has won (a ``win`` event was emitted); it unwinds the game;
- :func:`opponent`: the other player (相手プレイヤー / 相手);
- :func:`deck_order`: the setup's cards in the order the scenario format gives a deck.
"""
from __future__ import annotations

__all__ = ["PLAYERS", "Unplayable", "GameOver", "opponent", "deck_order_key", "deck_order"]

#: the two players of a scenario
PLAYERS = ("A", "B")


class Unplayable(Exception):
    """The engine cannot play this scenario (something it does not model): a visible skip."""


class GameOver(Exception):
    """A player has won (a ``win`` event was emitted): unwinds the game."""


def opponent(player: str) -> str:
    """The other player.

    >>> opponent("A"), opponent("B")
    ('B', 'A')
    """
    return "B" if player == "A" else "A"


def deck_order_key(card: dict, index: int) -> tuple:
    """Sort key of the setup card listed at ``index`` by its ``order`` (scenario schema, the
    ``order`` of a card): the card with ``top`` first; then the cards with an integer ``order``,
    ascending; then the cards without one; then the card with ``bottom``. Ties keep the order
    the cards are listed in. No number is a sentinel: any integer sorts before an unordered card.

    >>> sorted([({"order": "bottom"}, 0), ({}, 1), ({"order": 2000000}, 2), ({"order": "top"}, 3)],
    ...        key=lambda e: deck_order_key(*e))[1:3]
    [({'order': 2000000}, 2), ({}, 1)]
    """
    o = card.get("order")
    if o == "top":
        return (0, 0, index)
    if isinstance(o, int) and not isinstance(o, bool):
        return (1, o, index)
    if o == "bottom":
        return (3, 0, index)
    return (2, 0, index)


def deck_order(cards: list) -> list:
    """``cards`` (setup cards) sorted by :func:`deck_order_key`, top first."""
    return [c for _, c in sorted(enumerate(cards), key=lambda e: deck_order_key(e[1], e[0]))]
