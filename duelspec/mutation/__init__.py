"""Mutation testing of the spec: rule mutants of the reference engines.

A *rule mutant* is a reference engine that gets exactly one ruling wrong in one way (a
cost-type replacement handled as effect-type, the ND-E4 exception off, NAP's abilities
first, ...). Every assertion of the spec must be able to fail: for each ruling, every
mutant that breaks it must fail at least one scenario tagged with that ruling (issue 9,
part 5). :mod:`duelspec.mutation.matrix` runs the scenarios against the mutants and
reports, per ruling, the mutants no scenario tagged with it kills.

A mutant is data plus one patch function:

- ``name`` (``"ygo.cost.as-effect-type"``), ``game`` (``ygo``/``dm``);
- ``rulings``: the ruling IDs it breaks (``features/rulings/*.json``);
- ``summary``: what the mutated engine does wrong, in the rules' terms;
- ``patch(p)``: changes the engine through the :class:`Patcher` ``p`` only — it replaces or
  wraps a decision point of the engine (a method such as ``Duel.settle_right`` or
  ``Game.battle_result``, where the engine decides that ruling) or a card model's attribute.

:func:`applied` applies a mutant for the duration of a ``with`` block and restores every
patched attribute afterwards, so the engine's normal behaviour is untouched outside it.
Mutants never look at a scenario, a scenario id or a card name: a card-model mutant is a
patch of one card class of :mod:`duelspec.reference_engine.ygo.cards`.

Mutants: :func:`registry` (``{name: Mutant}``, both games).
"""
from __future__ import annotations

import contextlib
import functools
import threading
from dataclasses import dataclass
from typing import Callable, Iterator

__all__ = ["Mutant", "Patcher", "applied", "registry", "select", "get", "UnknownMutant"]

_LOCK = threading.Lock()      # one mutant at a time in a process: patches are process-wide


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


@contextlib.contextmanager
def applied(mutant: Mutant) -> Iterator[Mutant]:
    """Apply ``mutant`` for the ``with`` block (one mutant at a time per process)."""
    with _LOCK:
        p = Patcher()
        try:
            mutant.patch(p)
            yield mutant
        finally:
            p.restore()


@functools.lru_cache(maxsize=None)
def _all() -> dict:
    from . import dm, ygo
    out: dict = {}
    for m in list(ygo.mutants()) + list(dm.mutants()):
        if m.name in out:
            raise ValueError(f"two mutants are named {m.name!r}")
        out[m.name] = m
    return out


def registry(game: str | None = None) -> dict:
    """Every mutant by name (of ``game`` only, when given), in definition order."""
    return {k: m for k, m in _all().items() if game is None or m.game == game}


def select(games=(), rulings=(), names=()) -> list:
    """The mutants of ``games`` naming one of ``rulings`` and named one of ``names`` (patterns take
    ``*`` / ``?``; an empty criterion selects all), in definition order."""
    import fnmatch

    def any_match(values, patterns):
        return any(fnmatch.fnmatchcase(v, p) for v in values for p in patterns)
    return [m for m in registry().values()
            if (not games or m.game in games) and (not rulings or any_match(m.rulings, rulings))
            and (not names or any_match([m.name], names))]


def get(name: str) -> Mutant:
    """The mutant ``name``; raises :class:`UnknownMutant` with the closest names."""
    try:
        return _all()[name]
    except KeyError:
        import difflib
        close = difflib.get_close_matches(name, list(_all()), n=3)
        raise UnknownMutant(f"no mutant named {name!r}" + (f" (did you mean {', '.join(close)}?)" if close else "")) from None
