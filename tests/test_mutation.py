"""Mutation testing of the spec (issue 9, part 5): every assertion must be able to fail.

The rule mutants (duelspec/mutation/) each break one ruling in one way; every mutant must be
killed, for every ruling it names, by a scenario tagged with that ruling, and the committed
report (docs/mutation-report.md) must say so.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from duelspec.catalogue import rulings
from duelspec.mutation import applied, get, registry
from duelspec.mutation.matrix import render_markdown, run_matrix

REPORT = Path(__file__).resolve().parent.parent / "docs" / "mutation-report.md"


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
    from duelspec.reference_engine.dm import abilities as dm_abilities, cards as dm_cards, engine as dm_engine
    from duelspec.reference_engine.ygo import cards as ygo_cards, duel, effects
    out = {}
    for mod in (duel, ygo_cards, ygo_cards.shapes, *ygo_cards.FAMILIES, effects, dm_engine, dm_abilities, dm_cards):
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


def test_every_mutant_is_killed_for_every_ruling_it_names():
    mx = _matrix()
    survivors = mx.survivors()
    assert not survivors, (
        f"{len(survivors)} (ruling, mutant) pairs survive: no scenario tagged with the ruling fails on the mutant; "
        f"add the missing assertion (`duelspec mutants` shows them): "
        + "; ".join(f"{r}: {n} ({get(n).summary})" for r, n in survivors))


def test_the_committed_report_is_current():
    assert REPORT.read_text(encoding="utf-8") == render_markdown(_matrix()), \
        "docs/mutation-report.md is stale: run `duelspec mutants --markdown docs/mutation-report.md`"


# -- the examples of issue 9 (part 5), through the real protocol path ---------------------------

def _through_protocol(mutant_name: str, scenarios: list) -> dict:
    """Outcomes of ``scenarios`` on mutant ``mutant_name`` served by `python -m duelspec.mutation serve`."""
    from duelspec.mutation.matrix import run_protocol
    return run_protocol(get(mutant_name), scenarios, timeout=60)


def _tagged(ruling: str) -> list:
    return [s for s in _scenarios() if ruling in s["rulings"]]


def test_issue_examples_fail_through_the_protocol():
    """Each example of the issue, fed through the protocol, now fails: every ND-TAB row with an
    interference when the negator or D.D. Crow does nothing; every ND-FAQ2 row when the negated
    effect is applied all the same; ND-03 when the opening hand is reported as a normal draw;
    a hand-written feature when Gearbreed or Infernity Pawn is handled as effect-type."""
    table = [s for s in _tagged("ND-TAB") if any(st["player"] == "B" for st in s["script"])]
    assert len(table) >= 9
    a = _through_protocol("ygo.interference.negators-do-nothing", table)
    b = _through_protocol("ygo.interference.banish-does-nothing", table)
    assert [s["id"] for s in table if "failed" not in (a[s["id"]], b[s["id"]])] == []

    faq2 = _tagged("ND-FAQ2")
    assert len(faq2) >= 5
    c = _through_protocol("ygo.cost.negated-effect-applied", faq2)
    p = _through_protocol("ygo.pledge.negated-effect-applied", faq2)
    assert [s["id"] for s in faq2 if "failed" not in (c[s["id"]], p[s["id"]])] == []

    nd03 = _tagged("ND-03")
    assert nd03 and set(_through_protocol("ygo.opening-hand.normal-draw", nd03).values()) == {"failed"}

    for name in ("ygo.card.gearbreed.as-effect-type", "ygo.card.infernity-pawn.as-effect-type"):
        assert "failed" in _through_protocol(name, _tagged("ND-L-COST")).values(), name


def test_the_protocol_path_gives_the_in_process_outcomes():
    """A mutant served over the protocol is judged like the in-process one (same checker)."""
    mx = _matrix()
    for name in ("ygo.cost.as-effect-type", "dm.order.nap-first"):
        run = next(r for r in mx.runs if r.mutant.name == name)
        chosen = [s for s in _scenarios() if s["id"] in run.outcomes]
        assert _through_protocol(name, chosen) == run.outcomes, name
