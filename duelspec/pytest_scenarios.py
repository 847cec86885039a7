"""Every duelspec scenario as one pytest test named by its scenario id, for a simulator's CI.

Add one module to your project and name the engine under test::

    # tests/test_duelspec.py
    from duelspec.pytest_scenarios import *  # noqa: F401,F403

    $ pytest tests/test_duelspec.py --duelspec-adapter 'cmd:./my-sim --duelspec' --duelspec-expect-fail duelspec-xfail.toml
    $ pytest tests/test_duelspec.py --duelspec-adapter ... -k 'ND-E1'              # by ruling ID
    $ pytest tests/test_duelspec.py --duelspec-adapter ... -k 'faq1.muusiki'       # by scenario id

Each test is ``test_scenario[<scenario id>]``; it runs the scenario through the adapter exactly as
``duelspec run`` does (:func:`duelspec.runner.run_one`: the same up-front skips, fault handling
and checker) and fails with the checker's rendering of every unmet expectation. Options of the
plugin (:mod:`duelspec.pytest_plugin`): ``--duelspec-adapter`` or the ini key ``duelspec_adapter`` (outside
duelspec's own repository, without either the module is one skipped test: the plugin does nothing
until asked), ``--duelspec-expect-fail``, ``--duelspec-generated`` (add the generated chains),
``--duelspec-game ygo|dm``. A feature file that does not compile is one failing test naming the
file and line. Unlike :mod:`duelspec.pytest_suite` (the feature files through pytest-bdd, step
by step) this collects scenarios directly: no per-step fixture work, so a run costs about what
``duelspec run`` costs.
"""
from __future__ import annotations

import pytest

__all__ = ["test_scenario", "pytest_generate_tests"]


def _scenarios(config) -> tuple[list, list]:
    """(scenarios, compile errors) of the installed features, selected by the plugin's options."""
    cache = getattr(config, "_duelspec_scenarios", None)
    if cache is None:
        from .selection import load
        games = tuple(config.getoption("duelspec_games", None) or ())
        cache = load((), games, (), (), (), (), generated=bool(config.getoption("duelspec_generated", False)))
        config._duelspec_scenarios = cache
    return cache


def pytest_generate_tests(metafunc):
    if "duelspec_scenario" not in metafunc.fixturenames:
        return
    if getattr(metafunc.config, "duelspec_adapter_spec", "") is None:   # set by duelspec.pytest_plugin
        # nobody named an adapter: the plugin does nothing (one skipped placeholder, no compiling of the suite)
        metafunc.parametrize("duelspec_scenario", [pytest.param({"id": "no-adapter-named"}, id="no-adapter-named")])
        return
    scenarios, errors = _scenarios(metafunc.config)
    params = [pytest.param(s, id=s["id"]) for s in scenarios]
    params += [pytest.param({"compile_error": str(e.error), "id": e.id}, id=e.id) for e in errors]
    metafunc.parametrize("duelspec_scenario", params)


def test_scenario(duelspec_scenario, duelspec_run):
    """One scenario on the adapter under test (``--duelspec-adapter``)."""
    from .judging.checker import Failure
    from .reporting.report import failure_text, problem_line
    from .text import DETAIL_CHARS, plain
    if "compile_error" in duelspec_scenario:
        pytest.fail(f"this scenario cannot be compiled: {duelspec_scenario['compile_error']}", pytrace=False)
    result = duelspec_run(duelspec_scenario)
    outcome = result["outcome"]
    if outcome == "skipped":
        pytest.skip(plain(result.get("reason") or "skipped"))
    if outcome in ("errored", "timed-out"):
        pytest.fail(problem_line(duelspec_scenario["id"], result), pytrace=False)
    if outcome != "passed":
        failures = [Failure(**{k: f[k] for k in ("pointer", "message", "expected", "actual", "context", "kind", "see") if k in f})
                    for f in result.get("failures", [])]
        # the ruling, the scenario and the evidence; never this module's source (pytrace=False)
        pytest.fail(plain(failure_text(duelspec_scenario, outcome, failures), multiline=True, limit=DETAIL_CHARS),
                    pytrace=False)

