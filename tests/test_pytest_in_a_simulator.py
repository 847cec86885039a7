"""The pytest plugin as a simulator's project meets it (issue 13, traps 1 and 2; issue 32 §4):
installing duelspec never breaks a project's own pytest run, a run of the suite names its engine,
and outside duelspec's own repository the plugin does nothing until it is asked (``--duelspec-adapter`` or
the ini key ``duelspec_adapter``): a plain ``pytest`` runs the project's own tests."""
import re
import subprocess
import sys


def _pytest(tmp_path, *args, test="def test_own():\n    assert 1 + 1 == 2\n"):
    (tmp_path / "test_own.py").write_text(test)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)


def test_a_project_without_pytest_bdd_still_runs_its_tests(tmp_path):
    # `-p no:pytest-bdd` stands for an environment where pytest-bdd is not installed: the
    # plugin's pytest-bdd hook must not be declared there ("unknown hook", exit 3, no test ran)
    r = _pytest(tmp_path, "-p", "no:pytest-bdd")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 passed" in r.stdout


SUITE = "from duelspec.pytest_scenarios import *  # noqa: F401,F403\n"


def test_outside_duelspec_a_missing_adapter_skips_the_suite_and_runs_the_own_tests(tmp_path):
    r = _pytest(tmp_path, test=SUITE)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 skipped" in r.stdout and "no duelspec adapter named" in r.stdout, r.stdout


def test_the_pytest_bdd_suite_outside_duelspec_is_skipped_too(tmp_path):
    r = _pytest(tmp_path, test="from duelspec.pytest_suite import *  # noqa: F401,F403\n")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "passed" not in r.stdout and "no duelspec adapter named" in r.stdout, r.stdout


def simulator_repo(root, pyproject: str = ""):
    """A simulator's repository as its author has it: its own package and tests, duelspec's suite
    in one module of its tests (docs/ci.md, "In pytest"), and its own pytest configuration."""
    (root / "mysim").mkdir()
    (root / "mysim" / "__init__.py").write_text("def draw(deck):\n    return deck[0], deck[1:]\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_engine.py").write_text(
        "from mysim import draw\n\n"
        "def test_draw_takes_the_top_card():\n    assert draw(['a', 'b']) == ('a', ['b'])\n\n"
        "def test_draw_leaves_the_rest():\n    assert draw(['a', 'b', 'c'])[1] == ['b', 'c']\n")
    (root / "tests" / "test_duelspec.py").write_text(SUITE)
    (root / "pyproject.toml").write_text('[project]\nname = "mysim"\nversion = "1.0"\n\n'
                                         '[tool.pytest.ini_options]\npythonpath = ["."]\n' + pyproject)


def plain_pytest(root, *args):
    """`pytest` as the simulator's author types it: no option, in the repository's root."""
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=root,
                          capture_output=True, text=True, timeout=300)


def test_plain_pytest_in_a_simulator_repository_runs_its_own_tests(tmp_path):
    """Issue 32 §4: with duelspec installed, `pytest` in a simulator's repository exited 4 (usage error)
    and ran none of the project's tests; now they run and pass, and duelspec's suite says why it waits."""
    simulator_repo(tmp_path)
    r = plain_pytest(tmp_path, "-rs")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "2 passed, 1 skipped" in r.stdout, r.stdout
    assert "duelspec adapter: none named" in r.stdout and "duelspec_adapter" in r.stdout


OWN_OPTIONS = ("def pytest_addoption(parser):\n"
               "    parser.addoption('--adapter', default='mine')\n"
               "    parser.addoption('--expect-fail', default=None)\n"
               "    parser.addoption('--adapter-timeout', type=float, default=1.0)\n\n"
               "import pytest\n\n"
               "@pytest.fixture\n"
               "def my_adapter(request):\n"
               "    return request.config.getoption('--adapter')\n")


def test_a_simulator_conftest_with_its_own_adapter_option_keeps_working(tmp_path):
    """A simulator whose own conftest.py defines `--adapter`, `--expect-fail` or `--adapter-timeout` (names
    a simulator's test harness may well use): with duelspec installed its pytest used to stop at start-up
    ("option names {'--adapter'} already added"). The plugin's options all begin with `--duelspec-`: the
    project's own options and tests work, and duelspec's suite still runs when its own option names it."""
    simulator_repo(tmp_path)
    (tmp_path / "conftest.py").write_text(OWN_OPTIONS)
    (tmp_path / "tests" / "test_mine.py").write_text(
        "def test_my_option(my_adapter):\n    assert my_adapter == 'tcp:9000'\n")
    r = plain_pytest(tmp_path, "-rs", "--adapter", "tcp:9000", "--expect-fail", "mine.toml")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "3 passed, 1 skipped" in r.stdout, r.stdout
    assert "already added" not in r.stdout + r.stderr
    r = plain_pytest(tmp_path, "-q", "--adapter", "tcp:9000", "--duelspec-adapter", "reference",
                     "-k", "my_option or faq1")
    assert r.returncode == 0, r.stdout + r.stderr
    passed = re.search(r"(\d+) passed", r.stdout)
    # the project's own test and the faq1 scenarios, run on the reference engine (none skipped)
    assert passed and int(passed.group(1)) >= 2 and "failed" not in r.stdout and "skipped" not in r.stdout, r.stdout


def test_the_ini_key_names_the_adapter(tmp_path):
    """`duelspec_adapter` in the project's pytest configuration names the engine under test: the same plain
    `pytest` then runs the project's tests and duelspec's scenarios on that adapter."""
    simulator_repo(tmp_path, 'duelspec_adapter = "reference"\n')
    r = plain_pytest(tmp_path, "-k", "test_draw or ND-C1")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "duelspec adapter: reference" in r.stdout
    assert "6 passed" in r.stdout, r.stdout          # the project's 2 tests and the 4 scenarios of ND-C1
    # --duelspec-adapter overrides the key
    r = plain_pytest(tmp_path, "-q", "--duelspec-adapter", "nosuchmodule_c3:X", "-k", "ND-C1")
    assert r.returncode == 1 and "nosuchmodule_c3" in r.stdout, r.stdout


def test_a_failure_shows_the_ruling_scenario_and_evidence_never_the_plugins_source(tmp_path):
    """Issue 32 §4: a failed scenario test printed the plugin's own source (`assert outcome == ...`)."""
    import inspect
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from duelspec import pytest_scenarios
    from fault_adapters.helpers import write_normal_draw_dropper
    simulator_repo(tmp_path, 'duelspec_adapter = "bad_engine:Drops"\n')
    write_normal_draw_dropper(tmp_path / "bad_engine.py")
    r = plain_pytest(tmp_path, "-q", "-k", "ygo.normal-draw.effect-type.effect-negated")
    assert r.returncode == 1, r.stdout + r.stderr
    out = r.stdout
    assert "ygo.normal-draw.effect-type.effect-negated: failed (features/ygo/normal_draw/effect_type.feature:" in out, out
    assert "rulings: ND-E1, ND-FAQ1" in out and "/expect/events/" in out and "trace around it:" in out
    source = inspect.getsource(pytest_scenarios.test_scenario).splitlines()
    shown = [ln.strip() for ln in source[1:] if ln.strip() and ln.strip() in {x.strip() for x in out.splitlines()}]
    assert not shown, f"the plugin's source is shown: {shown}"
    assert "duelspec/pytest_scenarios.py" not in out


def test_the_header_names_the_adapter_and_tests_are_scenario_ids(tmp_path):
    r = _pytest(tmp_path, "--duelspec-adapter", "reference", "-k", "faq1 and muusiki", "-vv", test=SUITE)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "duelspec adapter: reference" in r.stdout
    assert "test_scenario[ygo.normal-draw.faq1.muusiki] PASSED" in r.stdout


def test_rulings_select_with_k(tmp_path):
    r = _pytest(tmp_path, "--duelspec-adapter", "reference", "-k", "ND-C1", "--co", test=SUITE)
    ids = [ln for ln in r.stdout.splitlines() if "test_scenario[" in ln]
    assert ids and all("ygo.normal-draw" in ln for ln in ids), r.stdout


def test_a_ruling_id_selects_that_ruling_only(tmp_path):
    """Issue 21 §5: pytest's -k matches substrings, so `-k ND-E1` used to select the scenarios of ND-E10 too."""
    from duelspec.compiler import compile_paths
    scenarios = compile_paths().scenarios
    e1 = {s["id"] for s in scenarios if "ND-E1" in s["rulings"]}
    e10_only = {s["id"] for s in scenarios if "ND-E10" in s["rulings"] and "ND-E1" not in s["rulings"]}
    assert e1 and e10_only
    r = _pytest(tmp_path, "--duelspec-adapter", "reference", "-k", "ND-E1", "--co", test=SUITE)
    ids = {ln.split("[", 1)[1].rstrip("]>") for ln in r.stdout.splitlines() if "test_scenario[" in ln}
    assert ids == e1, (sorted(ids - e1)[:5], sorted(e1 - ids)[:5])
    r = _pytest(tmp_path, "--duelspec-adapter", "reference", "-k", "ND-E and not ND-E1", "--co", test=SUITE)
    ids = {ln.split("[", 1)[1].rstrip("]>") for ln in r.stdout.splitlines() if "test_scenario[" in ln}
    assert e10_only <= ids and not ids & e1


def test_whole_id_match():
    from duelspec.pytest_plugin import whole_id_match
    assert whole_id_match("ND-E1", "ND-E1") and whole_id_match("nd-e1", "ND-E1")
    assert not whole_id_match("ND-E1", "ND-E10") and whole_id_match("ND-E", "ND-E10") and whole_id_match("ND", "ND-E10")
    assert not whole_id_match("E1", "ND-E1") and not whole_id_match("ND-E10", "ND-E1")


def test_a_failing_engine_fails_with_the_checker_rendering(tmp_path):
    import sys as _sys
    _sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from fault_adapters.helpers import write_normal_draw_dropper
    write_normal_draw_dropper(tmp_path / "bad_engine.py")
    r = _pytest(tmp_path, "--duelspec-adapter", "bad_engine:Drops", "-k", "effect-type and effect-negated", test=SUITE)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "/expect/events/" in r.stdout and "expected event did not occur" in r.stdout


def test_on_github_actions_a_forgotten_adapter_is_a_warning_on_the_run_page(tmp_path):
    """A workflow that installs duelspec and forgets to name the adapter still goes green (the project's
    own tests passed; issue 32 §4 wants them to run), but the skip is a GitHub warning annotation, not
    only a line in the log. Elsewhere no workflow command is printed."""
    import os
    simulator_repo(tmp_path)
    env = {**os.environ, "GITHUB_ACTIONS": "true"}
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    warning = [ln for ln in r.stdout.splitlines() if ln.startswith("::warning title=duelspec::")]
    assert len(warning) == 1 and "1 scenario test(s) skipped" in warning[0] and "duelspec_adapter" in warning[0]
    env.pop("GITHUB_ACTIONS")
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0 and "::warning" not in r.stdout, r.stdout
