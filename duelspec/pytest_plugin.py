"""pytest plugin (entry point ``pytest11``): ``pytest --duelspec-adapter <spec>`` runs the feature files
through pytest-bdd against any adapter (default in duelspec's own repository: the reference
engine, in-process).

The plugin does nothing until it is asked (issue 32 §4): in a simulator's repository a plain
``pytest`` runs that repository's own tests, and duelspec's scenario tests (a module importing
:mod:`duelspec.pytest_scenarios` or :mod:`duelspec.pytest_suite`) are skipped, with the reason,
until an adapter is named: ``--duelspec-adapter`` or the ini key ``duelspec_adapter`` of the project's
pytest configuration (``[tool.pytest.ini_options]`` in ``pyproject.toml``, ``pytest.ini``, ...).

Options: ``--duelspec-adapter`` (``reference``, ``module:attribute`` or ``cmd:<command line>``; overrides
the ini key ``duelspec_adapter``),
``--duelspec-timeout`` / ``--duelspec-startup-timeout`` (seconds, ``cmd:`` adapters),
``--duelspec-max-restarts``.

Fixtures:
- ``duelspec_adapter`` (session): the adapter, started once, stopped at the end. A ``cmd:``
  adapter is a :class:`~duelspec.adapters.process.ProcessAdapter`; a start-up failure fails
  the tests that use it with the evidence (stderr tail, offending line).
- ``duelspec_implementation`` (session): its start-up description (dict).
- ``duelspec_run`` (function): ``duelspec_run(scenario) -> result dict`` (result schema),
  with the same up-front skips and fault handling as ``duelspec run``.
"""
from __future__ import annotations

import os

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("duelspec")
    group.addoption("--duelspec-adapter", action="store", default=None, dest="duelspec_adapter",
                    help="duelspec adapter: `reference`, `module:attribute` or `cmd:<command line>` "
                         "(overrides the ini key duelspec_adapter; without either, outside duelspec's own "
                         "repository, duelspec's scenario tests are skipped)")
    parser.addini("duelspec_adapter", "the duelspec adapter under test (as --duelspec-adapter): `reference`, "
                  "`module:attribute` or `cmd:<command line>`; without it (and without --duelspec-adapter) duelspec's "
                  "scenario tests are skipped", default=None)
    group.addoption("--duelspec-timeout", action="store", type=float, default=30.0, dest="duelspec_timeout",
                    help="seconds a scenario may take on a cmd: adapter (default 30)")
    group.addoption("--duelspec-startup-timeout", action="store", type=float, default=10.0,
                    dest="duelspec_startup_timeout", help="seconds for a cmd: adapter to start (default 10)")
    group.addoption("--duelspec-expect-fail", action="store", default=None, dest="duelspec_expect_fail",
                    help="duelspec expect-fail file (TOML, keyed by scenario id): listed scenarios are xfail(strict)")
    group.addoption("--duelspec-generated", action="store_true", default=False, dest="duelspec_generated",
                    help="duelspec.pytest_scenarios: add the generated chains to the scenarios collected")
    group.addoption("--duelspec-game", action="append", choices=("ygo", "dm"), dest="duelspec_games",
                    help="duelspec.pytest_scenarios: only this game's scenarios (repeatable)")
    group.addoption("--duelspec-as-of", action="store", default=None, dest="duelspec_as_of", metavar="YYYY-MM-DD",
                    help="duelspec.pytest_scenarios: judge by the answers in force on this date (default today; "
                         "see `duelspec run --as-of`)")
    group.addoption("--duelspec-max-restarts", action="store", type=int, default=5, dest="duelspec_max_restarts",
                    help="restarts of a cmd: adapter after faults (default 5)")


def pytest_configure(config):
    """Refuse option values that cannot work (a usage error, before any test runs); register the
    pytest-bdd hook only where pytest-bdd is installed (installing duelspec must never break a
    project's pytest run that has no pytest-bdd: an unknown hook is a pytest error)."""
    if config.pluginmanager.hasplugin("pytest-bdd") or config.pluginmanager.hasplugin("pytest_bdd"):
        from . import pytest_bdd_tags
        if not config.pluginmanager.is_registered(pytest_bdd_tags):
            config.pluginmanager.register(pytest_bdd_tags, "duelspec-bdd-tags")
    # the adapter named (None: nobody asked); duelspec.pytest_scenarios reads it to stay idle
    config.duelspec_adapter_spec = adapter_spec(config)
    for opt, name in (("duelspec_timeout", "--duelspec-timeout"), ("duelspec_startup_timeout", "--duelspec-startup-timeout")):
        v = config.getoption(opt, None)
        if v is not None and not (0 < v <= 86400):
            raise pytest.UsageError(f"{name}: expected seconds in 0 < x <= 86400, got {v}")
    r = config.getoption("duelspec_max_restarts", None)
    if r is not None and r < 0:
        raise pytest.UsageError(f"--duelspec-max-restarts: expected a count >= 0, got {r}")
    day = config.getoption("duelspec_as_of", None)
    if day is not None:
        from .judging.asof import parse_date
        try:
            config.option.duelspec_as_of = parse_date(day)
        except ValueError as exc:
            raise pytest.UsageError(f"--duelspec-as-of: {exc}") from None
    # pytest-bdd turns the tags of an Examples block into marks without asking
    # pytest_bdd_apply_tag; duelspec's own tags are not marks there either
    config.addinivalue_line("filterwarnings",
                            r"ignore:Unknown pytest\.mark\.(game|id|ruling|in-force-from|in-force-until)(?=\x3a):pytest.PytestUnknownMarkWarning")


def own_repository(rootpath) -> bool:
    """True when pytest runs in duelspec's own checkout (its pyproject names the project
    ``duelspec`` and the spec folders are beside it): there the reference engine is the default
    adapter. Anywhere else a run of the suite must name the engine under test."""
    from pathlib import Path
    root = Path(rootpath)
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    return 'name = "duelspec"' in text and (root / "reference_engine").is_dir() and (root / "features").is_dir()


def adapter_spec(config) -> str | None:
    """The ``--duelspec-adapter`` given, else the ini key ``duelspec_adapter``, else ``reference`` in
    duelspec's own repository, else None (nobody asked: the scenario tests are skipped)."""
    spec = config.getoption("duelspec_adapter", None)
    if spec is None:
        try:
            spec = (config.getini("duelspec_adapter") or "").strip() or None
        except ValueError:          # the ini key is not registered (the plugin is not loaded as a plugin)
            spec = None
    if spec is None and own_repository(config.rootpath):
        return "reference"
    return spec


NOT_ASKED = ("no duelspec adapter named: duelspec's scenario tests are not run (name the engine under test "
             "with --duelspec-adapter or with `duelspec_adapter = ...` in your pytest configuration, e.g. "
             "[tool.pytest.ini_options] of pyproject.toml)")


def pytest_report_header(config):
    """Every run names the engine under test in its header (or says none was named)."""
    spec = adapter_spec(config)
    return [f"duelspec adapter: {spec}" if spec else
            "duelspec adapter: none named (--duelspec-adapter, or the ini key duelspec_adapter): scenario tests skipped"]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    """A duelspec scenario test needs an adapter. Nobody named one (no ``--duelspec-adapter``, no ini key
    ``duelspec_adapter``, outside duelspec's own repository): the plugin does nothing, the project's
    own tests run and every duelspec test is skipped with the reason (never run on duelspec's own
    engine, never an error of the project's run). Scenario tests also match their ruling IDs with ``-k``."""
    uses = [it for it in items if "duelspec_adapter" in getattr(it, "fixturenames", ())
            or hasattr(getattr(it, "module", None), "duelspec_then")]   # pytest-bdd: duelspec.pytest_suite
    config._duelspec_items = set()
    if uses and adapter_spec(config) is None:
        for it in uses:
            it.add_marker(pytest.mark.skip(reason=NOT_ASKED))
        config._duelspec_not_asked = len(uses)
        return
    for it in uses:
        scenario = getattr(getattr(it, "callspec", None), "params", {}).get("duelspec_scenario")
        if isinstance(scenario, dict):
            it.extra_keyword_matches.update(scenario.get("rulings", ()))
            config._duelspec_items.add(it.nodeid)
    config._duelspec_verdicts = 0
    _select_by_keyword(config, items)


def whole_id_match(word: str, ruling: str) -> bool:
    """Whether ``-k WORD`` names ``ruling``: the ID itself or a prefix of it that does not end inside a
    number (``ND-E1`` names ND-E1, not ND-E10; ``ND-E`` names both; ``ND`` every ND ruling)."""
    word, ruling = word.lower(), ruling.lower()
    if not word or not ruling.startswith(word):
        return False
    return len(word) == len(ruling) or not (word[-1].isdigit() and ruling[len(word)].isdigit())


def _select_by_keyword(config, items) -> None:
    """``-k`` with ruling IDs that are whole (issue 21 §5): pytest's ``-k`` matches substrings, so
    ``-k ND-E1`` also selected the scenarios of ND-E10. For a scenario test a word of the expression
    names one of its rulings by :func:`whole_id_match`, and any other name (the test's id, its markers)
    as pytest matches it; every other test as pytest matches it. Runs before pytest's own ``-k``, which
    then has nothing left to do (the expression is handed back to the config after it)."""
    expr_text = (getattr(config.option, "keyword", "") or "").strip()
    if not expr_text or not config._duelspec_items:
        return
    try:
        from _pytest.mark import KeywordMatcher
        from _pytest.mark.expression import Expression
        expr = Expression.compile(expr_text)
    except Exception:     # another pytest's internals, or a bad expression: pytest's own -k reports it
        return
    keep, drop = [], []
    for it in items:
        scenario = getattr(getattr(it, "callspec", None), "params", {}).get("duelspec_scenario")
        rulings = list(scenario.get("rulings", ())) if isinstance(scenario, dict) and it.nodeid in config._duelspec_items else []
        it.extra_keyword_matches.difference_update(rulings)
        try:
            base = KeywordMatcher.from_item(it)
        finally:
            it.extra_keyword_matches.update(rulings)

        def matcher(word, /, _base=base, _rulings=rulings, **kwargs):
            return _base(word, **kwargs) or any(whole_id_match(word, r) for r in _rulings)
        (keep if expr.evaluate(matcher) else drop).append(it)
    config._duelspec_keyword = config.option.keyword
    config.option.keyword = ""
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.hookimpl(trylast=True, specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems_keyword_back(session, config, items):   # pytest reads pytest_* names only
    """The ``-k`` expression back in the config once every selection is done."""
    if getattr(config, "_duelspec_keyword", None) is not None:
        config.option.keyword = config._duelspec_keyword


def pytest_sessionstart(session):
    _RAN.clear()
    _VERDICTS.clear()


def pytest_runtest_logreport(report):
    """Count the tests that ran and those that ran to a verdict (passed, failed, xfailed)."""
    _RAN.add(report.nodeid)
    if report.when == "call" and (report.passed or report.failed or hasattr(report, "wasxfail")):
        _VERDICTS.add(report.nodeid)


_RAN: set = set()
_VERDICTS: set = set()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    """As ``duelspec run``: a run whose scenario tests were all skipped (an adapter that
    declares every tag unsupported, speaks a protocol too old for the scenarios, ...) executed
    nothing and fails (exit 1) instead of going green."""
    items = getattr(session.config, "_duelspec_items", None)
    if not items or exitstatus != 0 or session.config.getoption("collectonly", False):
        return
    ran = items & _RAN
    if ran and not (items & _VERDICTS):
        session.config._duelspec_nothing_ran = (f"duelspec: none of the {len(ran)} scenario test(s) ran to a verdict "
                                                "(all skipped): a run that executes nothing fails")
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    msg = getattr(config, "_duelspec_nothing_ran", None)
    if msg:
        terminalreporter.write_sep("=", msg, red=True)
    skipped = getattr(config, "_duelspec_not_asked", 0)
    if skipped:
        terminalreporter.write_line(f"duelspec: {skipped} scenario test(s) skipped: {NOT_ASKED}", yellow=True)
        if os.environ.get("GITHUB_ACTIONS") == "true":
            # a workflow that forgot to name its adapter goes green (the project's own tests passed):
            # say so where a GitHub user looks, on the run's page, not only in the log
            from .text import workflow_data
            terminalreporter.write_line(
                f"::warning title=duelspec::{workflow_data(f'{skipped} scenario test(s) skipped: {NOT_ASKED}')}")


@pytest.fixture(scope="session")
def duelspec_adapter(request):
    from .adapters import make_adapter
    cfg = request.config
    if adapter_spec(cfg) is None:
        pytest.skip(NOT_ASKED)
    try:
        # inside the try: a bad spec (`--duelspec-adapter nosuchmodule:X`) is one clear message, not a
        # traceback at the set-up of every scenario test
        adapter = make_adapter(adapter_spec(cfg), cfg.getoption("duelspec_timeout"),
                               cfg.getoption("duelspec_startup_timeout"), cfg.getoption("duelspec_max_restarts"))
        adapter.implementation_info = adapter.start()
    except Exception as exc:
        evidence = getattr(exc, "evidence", None)
        from .text import plain
        problem = plain(f"duelspec adapter {adapter_spec(cfg)!r} did not start: {exc}"
                        + (f"\nevidence: {evidence}" if evidence else ""), multiline=True)
    else:
        problem = None
    if problem is not None:      # outside the except: no "during handling of the above exception"
        pytest.fail(problem, pytrace=False)
    yield adapter
    adapter.stop()


@pytest.fixture(scope="session")
def duelspec_implementation(duelspec_adapter):
    return duelspec_adapter.implementation_info


@pytest.fixture
def duelspec_run(request, duelspec_adapter, duelspec_implementation):
    """``run(scenario: dict) -> dict``: one result (``outcome``, ``failures``, ``reason``, ...),
    judged by the answers in force on ``--duelspec-as-of`` (default today)."""
    from duelspec.runner import run_one
    day = request.config.getoption("duelspec_as_of", None)

    def run(scenario: dict) -> dict:
        return run_one(scenario, duelspec_adapter, duelspec_implementation, day)
    return run


@pytest.fixture(autouse=True)
def _duelspec_expected_failure(request):
    """With ``--duelspec-expect-fail FILE``, a duelspec scenario listed there is ``xfail(strict=True)``:
    a listed scenario that passes fails the run until its entry is removed."""
    path = request.config.getoption("duelspec_expect_fail")
    if not path:
        return
    sid = _scenario_id_of(request)
    if sid is None:
        return
    entries = _expect_fail_entries(request.config, path)
    if sid in entries:
        e = entries[sid]
        request.node.add_marker(pytest.mark.xfail(reason=e.get("reason") or e.get("issue") or "listed", strict=True))


def _scenario_id_of(request) -> str | None:
    """The scenario id of a duelspec test: a :mod:`duelspec.pytest_scenarios` item's parameter,
    or a pytest-bdd scenario of :mod:`duelspec.pytest_suite` (only where pytest-bdd is installed)."""
    scenario = getattr(getattr(request.node, "callspec", None), "params", {}).get("duelspec_scenario")
    if isinstance(scenario, dict):
        return scenario.get("id")
    if not request.config.pluginmanager.hasplugin("pytest-bdd"):
        return None
    from .pytest_suite import scenario_id
    return scenario_id(request)[1]


def _expect_fail_entries(config, path):
    cache = getattr(config, "_duelspec_xfail", None)
    if cache is None:
        from .errors import InputError
        from .judging.expectfail import load
        try:
            cache = load(path)
        except InputError as exc:
            raise pytest.UsageError(str(exc)) from None
        config._duelspec_xfail = cache
    return cache
