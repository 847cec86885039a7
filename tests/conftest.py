"""The pytest-bdd bindings of features/ live in the installed package (duelspec.pytest_suite,
imported by tests/test_features.py) so that a simulator's own project can use them too; the
fixtures (--duelspec-adapter, --duelspec-expect-fail) come from the pytest plugin duelspec.pytest_plugin."""

import os
import uuid

import pytest

TEST_MARK = "DUELSPEC_TEST_MARK"

# The test files that drive real engines, toolchains or whole simulated CI runs, or build the package:
# marked `slow`. `.ci/run` runs every test on Python 3.11 and `-m "not slow"` on 3.10 and 3.13
# (issue 32 §3); the fast set still imports every module (tests/test_layout.py) and runs each command.
SLOW_FILES = frozenset({
    "test_edopro_adapter.py", "test_ygopro_adapter.py", "test_duel_masters_go_adapter.py", "test_fix_experiments.py",
    "test_consensus.py", "test_mutation.py", "test_site_scale.py", "test_github_action.py", "test_ci_workflows.py",
    "test_benchmarks.py", "test_generated_harness.py", "test_stock_validators.py", "test_wheel.py",
})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def no_process_left_behind(monkeypatch):
    """Tests clean up what they start (issue 13, trap 4): every process a test starts carries
    ``DUELSPEC_TEST_MARK=<a token of that test>`` in its environment; one still alive after the
    test is killed and fails the test, naming its command line."""
    from duelspec.adapters.process import end_processes, run_processes
    token = uuid.uuid4().hex
    monkeypatch.setenv(TEST_MARK, token)
    yield token
    left = run_processes(token, var=TEST_MARK)
    if not left:
        return
    names = {}
    for pid in left:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                names[pid] = fh.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            names[pid] = "?"
    end_processes(token, var=TEST_MARK)
    pytest.fail(f"the test left {len(left)} process(es) running (now killed): {names}", pytrace=False)


@pytest.fixture(params=["local", "github-actions", "gitlab-ci"])
def ci_environment(request, monkeypatch, tmp_path_factory):
    """Run a test under the environment each CI really gives a job (tests/ci_environments.py): the CLI's
    test files use it (``pytestmark = pytest.mark.usefixtures("ci_environment")``), so each of their tests
    runs in a developer's shell, on GitHub Actions and on GitLab CI. Yields the environment's name."""
    import ci_environments
    ci_environments.apply(request.param, tmp_path_factory.mktemp(request.param), monkeypatch)
    yield request.param
