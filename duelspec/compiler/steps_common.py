"""Steps both games share."""
from __future__ import annotations

from .grammar import GRAMMAR, PLAYER, StepError


@GRAMMAR.rule("given", r"player (?P<player>[AB]) went first", example="player B went first")
def _first(b, player):
    b.setup["first_player"] = player


@GRAMMAR.rule("then", r"player (?P<player>[AB]) wins the (?:duel|game)", example="player A wins the game")
def _wins(b, player):
    b.expect_event(event="win", player=player)
    b.expect.setdefault("final", {})["winner"] = player


@GRAMMAR.rule("then", r"nobody has won yet", example="nobody has won yet")
def _no_winner(b):
    b.expect_never(event="win")
    b.expect.setdefault("final", {})["winner"] = None


def need(cond: bool, expected: str) -> None:
    """Raise :class:`StepError` with ``expected`` unless ``cond``."""
    if not cond:
        raise StepError(expected)


__all__ = ["need", "PLAYER"]
