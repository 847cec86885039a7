"""The pytest plugin as a simulator's project meets it (issue 13, traps 1 and 2): installing
duelspec never breaks a project's own pytest run, a run of the suite names its engine, and
outside duelspec's own repository a run without ``--adapter`` is a usage error."""
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


def test_outside_duelspec_a_missing_adapter_is_an_error(tmp_path):
    r = _pytest(tmp_path, test=SUITE)
    assert r.returncode == 4, r.stdout + r.stderr
    assert "no --adapter given" in r.stdout + r.stderr


def test_the_pytest_bdd_suite_outside_duelspec_needs_an_adapter_too(tmp_path):
    r = _pytest(tmp_path, test="from duelspec.pytest_suite import *  # noqa: F401,F403\n")
    assert r.returncode == 4, r.stdout + r.stderr
    assert "no --adapter given" in r.stdout + r.stderr


def test_the_header_names_the_adapter_and_tests_are_scenario_ids(tmp_path):
    r = _pytest(tmp_path, "--adapter", "reference", "-k", "faq1 and muusiki", "-vv", test=SUITE)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "duelspec adapter: reference" in r.stdout
    assert "test_scenario[ygo.normal-draw.faq1.muusiki] PASSED" in r.stdout


def test_rulings_select_with_k(tmp_path):
    r = _pytest(tmp_path, "--adapter", "reference", "-k", "ND-C1", "--co", test=SUITE)
    ids = [ln for ln in r.stdout.splitlines() if "test_scenario[" in ln]
    assert ids and all("ygo.normal-draw" in ln for ln in ids), r.stdout


def test_a_ruling_id_selects_that_ruling_only(tmp_path):
    """Issue 21 §5: pytest's -k matches substrings, so `-k ND-E1` used to select the scenarios of ND-E10 too."""
    from duelspec.compiler import compile_paths
    scenarios = compile_paths().scenarios
    e1 = {s["id"] for s in scenarios if "ND-E1" in s["rulings"]}
    e10_only = {s["id"] for s in scenarios if "ND-E10" in s["rulings"] and "ND-E1" not in s["rulings"]}
    assert e1 and e10_only
    r = _pytest(tmp_path, "--adapter", "reference", "-k", "ND-E1", "--co", test=SUITE)
    ids = {ln.split("[", 1)[1].rstrip("]>") for ln in r.stdout.splitlines() if "test_scenario[" in ln}
    assert ids == e1, (sorted(ids - e1)[:5], sorted(e1 - ids)[:5])
    r = _pytest(tmp_path, "--adapter", "reference", "-k", "ND-E and not ND-E1", "--co", test=SUITE)
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
    r = _pytest(tmp_path, "--adapter", "bad_engine:Drops", "-k", "effect-type and effect-negated", test=SUITE)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "/expect/events/" in r.stdout and "expected event did not occur" in r.stdout
