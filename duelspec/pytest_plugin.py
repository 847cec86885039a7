"""pytest plugin (entry point ``pytest11``): ``pytest --adapter <spec>`` runs the feature files
through pytest-bdd against any adapter (default: the reference engine, in-process).

Options: ``--adapter`` (``reference``, ``module:attribute`` or ``cmd:<command line>``),
``--adapter-timeout`` / ``--adapter-startup-timeout`` (seconds, ``cmd:`` adapters),
``--adapter-max-restarts``.

Fixtures:
- ``duelspec_adapter`` (session): the adapter, started once, stopped at the end. A ``cmd:``
  adapter is a :class:`~duelspec.adapters.process.ProcessAdapter`; a start-up failure fails
  the tests that use it with the evidence (stderr tail, offending line).
- ``duelspec_implementation`` (session): its start-up description (dict).
- ``duelspec_run`` (function): ``duelspec_run(scenario) -> result dict`` (result schema),
  with the same up-front skips and fault handling as ``duelspec run``.
"""
from __future__ import annotations

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("duelspec")
    group.addoption("--adapter", action="store", default="reference", dest="duelspec_adapter",
                    help="duelspec adapter: `reference`, `module:attribute` or `cmd:<command line>`")
    group.addoption("--adapter-timeout", action="store", type=float, default=30.0, dest="duelspec_timeout",
                    help="seconds a scenario may take on a cmd: adapter (default 30)")
    group.addoption("--adapter-startup-timeout", action="store", type=float, default=10.0,
                    dest="duelspec_startup_timeout", help="seconds for a cmd: adapter to start (default 10)")
    group.addoption("--expect-fail", action="store", default=None, dest="duelspec_expect_fail",
                    help="duelspec expect-fail file (TOML, keyed by scenario id): listed scenarios are xfail(strict)")
    group.addoption("--adapter-max-restarts", action="store", type=int, default=5, dest="duelspec_max_restarts",
                    help="restarts of a cmd: adapter after faults (default 5)")


def pytest_configure(config):
    """Refuse option values that cannot work (a usage error, before any test runs)."""
    for opt, name in (("duelspec_timeout", "--adapter-timeout"), ("duelspec_startup_timeout", "--adapter-startup-timeout")):
        v = config.getoption(opt, None)
        if v is not None and not (0 < v <= 86400):
            raise pytest.UsageError(f"{name}: expected seconds in 0 < x <= 86400, got {v}")
    r = config.getoption("duelspec_max_restarts", None)
    if r is not None and r < 0:
        raise pytest.UsageError(f"--adapter-max-restarts: expected a count >= 0, got {r}")
    # pytest-bdd turns the tags of an Examples block into marks without asking
    # pytest_bdd_apply_tag; duelspec's own tags are not marks there either
    config.addinivalue_line("filterwarnings",
                            r"ignore:Unknown pytest\.mark\.(game|id|ruling)(?=\x3a):pytest.PytestUnknownMarkWarning")


@pytest.fixture(scope="session")
def duelspec_adapter(request):
    from duelspec.cli import make_adapter
    cfg = request.config
    adapter = make_adapter(cfg.getoption("duelspec_adapter"), cfg.getoption("duelspec_timeout"),
                           cfg.getoption("duelspec_startup_timeout"), cfg.getoption("duelspec_max_restarts"))
    try:
        adapter.implementation_info = adapter.start()
    except Exception as exc:
        evidence = getattr(exc, "evidence", None)
        pytest.fail(f"duelspec adapter {cfg.getoption('duelspec_adapter')!r} did not start: {exc}"
                    + (f"\nevidence: {evidence}" if evidence else ""), pytrace=False)
    yield adapter
    adapter.stop()


@pytest.fixture(scope="session")
def duelspec_implementation(duelspec_adapter):
    return duelspec_adapter.implementation_info


@pytest.fixture
def duelspec_run(duelspec_adapter, duelspec_implementation):
    """``run(scenario: dict) -> dict``: one result (``outcome``, ``failures``, ``reason``, ...)."""
    from duelspec.runner import run_one

    def run(scenario: dict) -> dict:
        return run_one(scenario, duelspec_adapter, duelspec_implementation)
    return run


@pytest.fixture(autouse=True)
def _duelspec_expected_failure(request):
    """With ``--expect-fail FILE``, a duelspec scenario listed there is ``xfail(strict=True)``:
    a listed scenario that passes fails the run until its entry is removed."""
    path = request.config.getoption("duelspec_expect_fail")
    if not path:
        return
    from .pytest_suite import scenario_id
    sid = scenario_id(request)[1]
    if sid is None:
        return
    entries = _expect_fail_entries(request.config, path)
    if sid in entries:
        e = entries[sid]
        request.node.add_marker(pytest.mark.xfail(reason=e.get("reason") or e.get("issue") or "listed", strict=True))


def _expect_fail_entries(config, path):
    cache = getattr(config, "_duelspec_xfail", None)
    if cache is None:
        from .errors import InputError
        from .expectfail import load
        try:
            cache = load(path)
        except InputError as exc:
            raise pytest.UsageError(str(exc)) from None
        config._duelspec_xfail = cache
    return cache


def pytest_bdd_apply_tag(tag, function):
    """duelspec's own tags (``@game:``, ``@id:``, ``@ruling:``) are not pytest marks: they are
    read by the compiler (select scenarios with ``duelspec run --ruling ...`` or ``-k``)."""
    if tag.startswith(("game:", "id:", "ruling:")):
        return True
    return None
