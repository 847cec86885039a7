"""A rule mutant (:class:`Mutant`: data plus one patch function) and the :class:`Patcher` its patch
changes an engine through (see :mod:`duelspec.mutation`). A leaf of the package: the mutants of
each game (:mod:`.ygo`, :mod:`.dm`, :mod:`.general`) import it; the registry imports them."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Mutant:
    """One rule mutant (see the module docstring)."""
    name: str
    game: str
    rulings: tuple
    summary: str
    patch: Callable[["Patcher"], None]

    def as_dict(self) -> dict:
        return {"name": self.name, "game": self.game, "rulings": list(self.rulings), "summary": self.summary}


class UnknownMutant(KeyError):
    """A mutant name that is not in the registry."""


class Patcher:
    """Sets and wraps attributes of engine classes and modules, remembering how to undo it.

    ``set(owner, attr, value)`` replaces ``owner.attr``; ``wrap(owner, attr, fn)`` replaces a
    function ``f`` by ``lambda *a, **k: fn(f, *a, **k)``; ``original(owner, attr)`` is the
    value before this patcher touched it. ``restore()`` undoes everything, last first. Raises
    ``AttributeError`` when ``owner`` has no ``attr`` (a renamed decision point is an error,
    never a silently inert mutant)."""

    def __init__(self):
        self._undo: list = []
        self._originals: dict = {}

    def original(self, owner, attr: str):
        return self._originals.get((id(owner), attr), getattr(owner, attr))

    def set(self, owner, attr: str, value) -> None:
        current = getattr(owner, attr)          # AttributeError for a decision point that does not exist
        self._originals.setdefault((id(owner), attr), current)
        own = vars(owner)
        self._undo.append((owner, attr, attr in own, own.get(attr)))
        setattr(owner, attr, value)

    def wrap(self, owner, attr: str, fn: Callable) -> None:
        f = getattr(owner, attr)
        if not callable(f):
            raise TypeError(f"{owner!r}.{attr} is not callable")

        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            return fn(f, *args, **kwargs)
        self.set(owner, attr, wrapper)

    def restore(self) -> None:
        while self._undo:
            owner, attr, had, old = self._undo.pop()
            if had:
                setattr(owner, attr, old)
            else:
                delattr(owner, attr)
        self._originals.clear()
