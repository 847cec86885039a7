"""The built-in suite compiled once, and one scenario played on the reference engine with or
without a rule mutant: for the tests that show a scenario failing on the bug it names (a
mutant recreating the old behaviour) while passing on the reference engine."""
from __future__ import annotations

from functools import lru_cache

from duelspec.adapters.reference import ReferenceAdapter
from duelspec.compiler import compile_paths
from duelspec.judging.asof import day_to_check
from duelspec.mutation import applied, get
from duelspec.runner import run_one

ADAPTER = ReferenceAdapter()
IMPL = ADAPTER.implementation()


@lru_cache(maxsize=None)
def suite() -> dict:
    """The built-in scenarios by id."""
    out = compile_paths()
    assert not out.errors, [str(e.error) for e in out.errors]
    return {s["id"]: s for s in out.scenarios}


def outcome(scenario: dict, mutant: str | None = None) -> dict:
    """The result of ``scenario`` on the reference engine, with the rule mutant ``mutant`` applied;
    a scenario whose answer was replaced is played on the last day it was in force."""
    day = day_to_check(scenario)
    if mutant is None:
        return run_one(scenario, ADAPTER, IMPL, day)
    with applied(get(mutant)):
        return run_one(scenario, ADAPTER, IMPL, day)
