"""`pytest --adapter cmd:...`: the plugin's fixtures work with a process adapter."""
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
    res = pytester.runpytest_subprocess("-p", "no:cacheprovider", f"--adapter=cmd:{PY} {TOY_PY}",
                                        "--adapter-startup-timeout=30")
    res.assert_outcomes(passed=4)


def test_a_cmd_adapter_that_does_not_start_fails_with_evidence(pytester):
    pytester.makepyfile(test_x="def test_x(duelspec_adapter):\n    pass\n")
    res = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--adapter=cmd:" + faulty_cmd("--start-exit"))
    res.assert_outcomes(errors=1)
    res.stdout.fnmatch_lines(["*did not start*", "*cannot open the card database*"])
