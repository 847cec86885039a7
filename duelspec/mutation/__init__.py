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
from typing import Iterator

from .mutant import Mutant, Patcher, UnknownMutant

__all__ = ["Mutant", "Patcher", "applied", "registry", "select", "get", "UnknownMutant"]

_LOCK = threading.Lock()      # one mutant at a time in a process: patches are process-wide


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
