"""pytest plugin (entry point ``pytest11``): ``pytest --adapter <spec>`` runs the feature files
through pytest-bdd against any adapter (default: the reference engine, in-process).

Fixtures: ``duelspec_adapter`` (session; started once, stopped at the end) and
``duelspec_implementation`` (its start-up description).
"""
from __future__ import annotations

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("duelspec")
    group.addoption("--adapter", action="store", default="reference", dest="duelspec_adapter",
                    help="duelspec adapter: `reference`, `module:attribute` or `cmd:<command line>`")


@pytest.fixture(scope="session")
def duelspec_adapter(request):
    from duelspec.adapters import load_adapter
    adapter = load_adapter(request.config.getoption("duelspec_adapter"))
    adapter.implementation_info = adapter.start()
    yield adapter
    adapter.stop()


@pytest.fixture(scope="session")
def duelspec_implementation(duelspec_adapter):
    return duelspec_adapter.implementation_info
