"""`pytest --duelspec-adapter cmd:...`: the plugin's fixtures work with a process adapter."""
from __future__ import annotations

import pytest

from fault_adapters.helpers import TOY_PY, PY, faulty_cmd, hang_guard  # noqa: F401

pytest_plugins = ["pytester"]
pytestmark = pytest.mark.usefixtures("hang_guard")

TEST_FILE = """
import sys
sys.path.insert(0, {tests!r})
from fault_adapters.helpers import draw_scenario

def test_implementation(duelspec_implementation):
    assert duelspec_implementation["name"] == "toy-draw"

def test_pass(duelspec_run):
    r = duelspec_run(draw_scenario("toy.draw.top", expect={{"final": {{"cards": {{"top": {{"zone": "hand"}}}}}}}}))
    assert r["outcome"] == "passed", r

def test_fail(duelspec_run):
    r = duelspec_run(draw_scenario("toy.draw.wrong", expect={{"final": {{"cards": {{"top": {{"zone": "deck"}}}}}}}}))
    assert r["outcome"] == "failed" and r["failures"][0]["pointer"] == "/expect/final/cards/top/zone"

def test_adapter_is_a_process(duelspec_adapter):
    assert type(duelspec_adapter).__name__ == "ProcessAdapter" and duelspec_adapter.proc is not None
"""


def test_cmd_adapter_through_the_plugin(pytester):
    from pathlib import Path
    pytester.makepyfile(test_toy=TEST_FILE.format(tests=str(Path(__file__).parent)))
    res = pytester.runpytest_subprocess("-p", "no:cacheprovider", f"--duelspec-adapter=cmd:{PY} {TOY_PY}",
                                        "--duelspec-startup-timeout=30")
    res.assert_outcomes(passed=4)


def test_a_cmd_adapter_that_does_not_start_fails_with_evidence(pytester):
    pytester.makepyfile(test_x="def test_x(duelspec_adapter):\n    pass\n")
    res = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--duelspec-adapter=cmd:" + faulty_cmd("--start-exit"))
    res.assert_outcomes(errors=1)
    res.stdout.fnmatch_lines(["*did not start*", "*cannot open the card database*"])


@pytest.mark.hang_limit(620)          # two pytest runs of the suite, each with its own 300 s limit
def test_a_simulator_project_runs_the_suite_with_one_import_and_expect_fail(tmp_path):
    """`from duelspec.pytest_suite import *` in a project's test module runs every feature
    against the adapter; --duelspec-expect-fail makes listed scenarios xfail(strict): one that passes
    fails the run."""
    import subprocess
    import sys
    (tmp_path / "test_duelspec.py").write_text("from duelspec.pytest_suite import *  # noqa: F401,F403\n")
    (tmp_path / "xf.toml").write_text('format = 1\n[scenarios."ygo.normal-draw.basics.turn-player-draws"]\n'
                                      'reason = "listed although it passes"\n')
    base = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--duelspec-adapter", "reference",
            str(tmp_path / "test_duelspec.py"), "-k", "(normal_draw_at_the_start or first_turn) and not no_timing"]
    ok = subprocess.run(base, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stdout[-2000:]
    assert "3 passed" in ok.stdout and "warning" not in ok.stdout.splitlines()[-1]
    xp = subprocess.run(base + ["--duelspec-expect-fail", str(tmp_path / "xf.toml")], cwd=tmp_path, capture_output=True,
                        text=True, timeout=300)
    assert xp.returncode == 1 and "1 failed, 2 passed" in xp.stdout, xp.stdout[-2000:]


@pytest.mark.hang_limit(620)          # two pytest runs of the suite, each with its own 300 s limit
def test_pytest_plugin_with_an_adapter_that_cannot_be_made(tmp_path):
    # `--duelspec-adapter nosuchmodule:X` used to be a ModuleNotFoundError traceback at every test's set-up
    import subprocess
    import sys
    (tmp_path / "test_duelspec.py").write_text("from duelspec.pytest_scenarios import *  # noqa: F401,F403\n")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--duelspec-adapter", "nosuchmodule_b2:X",
                        "-k", "ND-C1"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "duelspec adapter 'nosuchmodule_b2:X' did not start: No module named 'nosuchmodule_b2'" in r.stdout
    assert "Traceback" not in r.stdout and "During handling" not in r.stdout


@pytest.mark.hang_limit(620)          # two pytest runs of the suite, each with its own 300 s limit
def test_pytest_plugin_all_scenarios_skipped_is_not_green(tmp_path):
    # a protocol-1 adapter skips every format-2 scenario: `duelspec run` exits 1 ("a run that
    # executes nothing fails"); the pytest plugin used to exit 0 with everything skipped
    import subprocess
    import sys
    from fault_adapters.helpers import faulty_cmd
    (tmp_path / "test_duelspec.py").write_text("from duelspec.pytest_scenarios import *  # noqa: F401,F403\n")

    def run(*args):
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
    r = run("--duelspec-adapter", "cmd:" + faulty_cmd(), "-k", "ND-C1")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "none of the 4 scenario test(s) ran to a verdict" in r.stdout
    r = run("--duelspec-adapter", "reference", "-k", "ND-C1")
    assert r.returncode == 0 and "4 passed" in r.stdout, r.stdout + r.stderr
