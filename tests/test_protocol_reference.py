"""The reference engine as a protocol program gives the same result as in-process, for the
full scenario set (whatever the compiler finds in features/)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec.adapters.process import ProcessAdapter
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.cli import main
from duelspec.compiler import compile_paths
from duelspec.runner import Run
from fault_adapters.helpers import PY, hang_guard  # noqa: F401

pytestmark = pytest.mark.usefixtures("hang_guard")


def _comparable(r: dict) -> tuple:
    # durations differ, and an errored result's traceback text may differ in paths only
    return (r["outcome"], r.get("failures"), r.get("reason"), r.get("message"))


def _results(adapter, scenarios) -> dict:
    run = Run(adapter)
    run.start()
    try:
        return {r["id"]: r for r in run.results(scenarios)}
    finally:
        adapter.stop()


def test_full_scenario_set_same_results_in_process_and_over_the_protocol():
    scenarios = compile_paths().scenarios
    assert scenarios, "compile_paths() found no scenario: the full-set protocol test needs the feature files"
    inproc = _results(ReferenceAdapter(), scenarios)
    proc = _results(ProcessAdapter(f"{PY} -m duelspec.adapters.reference", timeout=60, startup_timeout=60,
                                   max_restarts=0), scenarios)
    assert sorted(proc) == sorted(inproc) == sorted(s["id"] for s in scenarios)
    differ = {i: (_comparable(inproc[i]), _comparable(proc[i])) for i in inproc if _comparable(inproc[i]) != _comparable(proc[i])}
    assert not differ, f"in-process vs protocol results differ for {len(differ)} scenario(s): {differ}"


def test_reference_programs_pass_the_smoke_test():
    script = Path(sys.executable).parent / "duelspec-reference-adapter"
    for command in (f"{PY} -m duelspec.adapters.reference", str(script)):
        res = CliRunner().invoke(main, ["smoke", "--adapter", f"cmd:{command}", "--startup-timeout", "60"])
        assert res.exit_code == 0, res.output
        assert "duelspec-reference" in res.output
