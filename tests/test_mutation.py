"""Mutation testing of the spec (issue 9, part 5): every assertion must be able to fail.

The rule mutants (duelspec/mutation/) each break one ruling in one way; every mutant must be
killed, for every ruling it names, by a scenario tagged with that ruling, and the committed
report (docs/mutation-report.md) must say so.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest

from duelspec.catalogue import rulings
from duelspec.mutation import applied, registry
from duelspec.mutation.matrix import run_matrix


@lru_cache(maxsize=None)
def _scenarios():
    from duelspec.compiler import compile_paths
    out = compile_paths()
    assert not out.errors, [str(e.error) for e in out.errors]
    return out.scenarios


@lru_cache(maxsize=None)
def _matrix():
    return run_matrix(_scenarios(), list(registry().values()), all_scenarios=False)


def test_every_ruling_has_at_least_two_mutants():
    counts = Counter(r for m in registry().values() for r in m.rulings)
    missing = {rid: counts[rid] for rid in rulings() if counts[rid] < 2}
    assert not missing, f"rulings with fewer than 2 mutants: {missing}"


def test_mutants_name_rulings_of_their_game():
    cat = rulings()
    for m in registry().values():
        assert m.rulings, m.name
        for r in m.rulings:
            assert r in cat, f"{m.name}: unknown ruling {r}"
            assert cat[r].game == m.game, f"{m.name} ({m.game}) names {r} of {cat[r].game}"
        assert len(set(m.rulings)) == len(m.rulings), m.name


def _engine_attributes():
    """Every attribute of every class of the two engines, by identity."""
    import inspect
    from duelspec.reference_engine.dm import cards as dm_cards, engine as dm_engine
    from duelspec.reference_engine.ygo import cards as ygo_cards, duel, effects
    out = {}
    for mod in (duel, ygo_cards, effects, dm_engine, dm_cards):
        for name, obj in vars(mod).items():
            out[(mod.__name__, name)] = id(obj)
            if inspect.isclass(obj) and obj.__module__ == mod.__name__:
                for attr, val in vars(obj).items():
                    out[(mod.__name__, name, attr)] = id(val)
    return out


def test_applying_a_mutant_changes_the_engine_and_restoring_undoes_it():
    before = _engine_attributes()
    for m in registry().values():
        with applied(m):
            assert _engine_attributes() != before, f"{m.name} patches nothing"
        assert _engine_attributes() == before, f"{m.name} left a patch behind"


def test_a_patch_of_a_missing_decision_point_is_an_error():
    from duelspec.mutation import Mutant
    from duelspec.reference_engine.ygo.duel import Duel
    ghost = Mutant("test.ghost", "ygo", ("ND-01",), "patches a method that does not exist",
                   lambda p: p.set(Duel, "no_such_decision_point", None))
    with pytest.raises(AttributeError):
        with applied(ghost):
            pass
    assert not hasattr(Duel, "no_such_decision_point")


def test_every_scenario_passes_on_the_reference_engine():
    mx = _matrix()
    bad = {sid: o for sid, o in mx.baseline.items() if o != "passed"}
    assert not bad, f"scenarios that do not pass without any mutant (they could kill nothing): {bad}"
