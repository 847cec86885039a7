"""The fault-proof runner: every misbehaviour of a process adapter becomes the result of the
scenario it happened in, with its evidence; every other scenario's result is kept.

Each test asserts the exact outcome of every scenario id, so a dropped or reordered result
fails; ``hang_guard`` turns a hung runner into a failure instead of a blocked suite.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from duelspec.adapters.process import AdapterStartError, ProcessAdapter
from fault_adapters.helpers import faulty_cmd, hang_guard, run_all, scenario  # noqa: F401

pytestmark = pytest.mark.usefixtures("hang_guard")


def test_every_fault_is_reported_with_evidence_and_the_run_goes_on(tmp_path):
    ids = ["t.ok.1", "t.fail.1", "t.skip.1", "t.error.1", "t.hang.1", "t.ok.2", "t.exit.1", "t.garbage.1",
           "t.oversize.1", "t.wrongseq.1", "t.badtrace.1", "t.badenvelope.1", "t.print.1", "t.ok.3"]
    a = ProcessAdapter(faulty_cmd(), timeout=0.5, startup_timeout=10, max_restarts=10, max_line_bytes=100_000)
    run, res = run_all(a, ids)
    assert {i: r["outcome"] for i, r in res.items()} == {
        "t.ok.1": "passed", "t.fail.1": "failed", "t.skip.1": "skipped", "t.error.1": "errored",
        "t.hang.1": "timed-out", "t.ok.2": "passed", "t.exit.1": "errored", "t.garbage.1": "errored",
        "t.oversize.1": "errored", "t.wrongseq.1": "errored", "t.badtrace.1": "errored",
        "t.badenvelope.1": "errored", "t.print.1": "passed", "t.ok.3": "passed"}
    assert res["t.skip.1"]["reason"] == "faulty cannot play this"
    assert res["t.skip.1"]["issue"] == "https://example.org/faulty/1"
    assert res["t.error.1"]["message"] == "faulty engine assertion"
    assert res["t.hang.1"]["evidence"]["stderr"] == "hanging in t.hang.1\n"
    assert res["t.exit.1"]["evidence"] == {"stderr": "boom in t.exit.1\n", "exit_status": 3}
    assert res["t.garbage.1"]["evidence"]["line"] == "Segmentation fault in t.garbage.1 (not JSON)"
    assert "not JSON" in res["t.garbage.1"]["message"]
    assert "write logs and prints to stderr" in res["t.garbage.1"]["message"]   # what to do about a stray print
    assert "limit of 100000 bytes" in res["t.oversize.1"]["message"]
    assert res["t.oversize.1"]["evidence"]["line"].startswith('{"seq": 1, "trace"')
    assert len(res["t.oversize.1"]["evidence"]["line"]) < 3000
    assert res["t.wrongseq.1"]["message"] == "<adapter stdout>:/seq: expected seq 1, got 2"
    assert res["t.badtrace.1"]["evidence"]["pointer"] == "/trace/events/0/event"
    assert "teleport" in res["t.badtrace.1"]["evidence"]["line"]
    assert "`trace`, `skipped`, `errored`" in res["t.badenvelope.1"]["message"]
    # restarts: hang, exit, garbage, oversize, wrongseq (schema failures keep the process)
    assert a.restarts == 5
    assert [k for _, k in a.faults] == ["timeout", "exit", "not-json", "oversize", "wrong-seq",
                                        "invalid-reply", "invalid-reply"]
    assert not run.stopped_early


def _dead(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")  # a zombie no one reaped is dead too


def test_timeout_kills_the_whole_process_group(tmp_path, monkeypatch):
    pidfile = tmp_path / "child.pid"
    monkeypatch.setenv("FAULTY_PIDFILE", str(pidfile))
    a = ProcessAdapter(faulty_cmd(), timeout=0.5, startup_timeout=10)
    _, res = run_all(a, ["t.hang.1", "t.ok.1"])
    assert res["t.hang.1"]["outcome"] == "timed-out"
    assert res["t.ok.1"]["outcome"] == "passed"
    child = int(pidfile.read_text())
    for _ in range(100):
        if _dead(child):
            break
        time.sleep(0.05)
    assert _dead(child), f"the adapter's grandchild {child} survived the time-out"


def test_slow_start_errors_every_scenario_and_stops_early():
    a = ProcessAdapter(faulty_cmd("--slow-start", "30"), timeout=0.5, startup_timeout=0.3)
    run, res = run_all(a, ["t.ok.1", "t.ok.2"])
    assert {i: r["outcome"] for i, r in res.items()} == {"t.ok.1": "errored", "t.ok.2": "errored"}
    assert run.stopped_early
    assert "did not answer `start` within 0.3 s" in run.reason
    assert "did not answer `start` within 0.3 s" in res["t.ok.1"]["message"]


@pytest.mark.parametrize("option, evidence_key, needle", [
    ("--start-exit", "stderr", "cannot open the card database"),
    ("--start-garbage", "line", "Welcome to FaultySim 1.0!"),
    ("--start-invalid", "pointer", "/implementation"),
])
def test_start_faults_carry_their_evidence(option, evidence_key, needle):
    a = ProcessAdapter(faulty_cmd(option), startup_timeout=10)
    with pytest.raises(AdapterStartError) as exc:
        a.start()
    assert needle in exc.value.evidence[evidence_key]
    assert a.proc is None  # killed, not left behind


def test_missing_program_is_a_start_error():
    a = ProcessAdapter("/nonexistent/simulator --serve")
    with pytest.raises(AdapterStartError, match="cannot run the adapter command"):
        a.start()


def test_restart_limit_errors_the_rest_without_restarting():
    ids = ["t.exit.1", "t.exit.2", "t.exit.3", "t.ok.1", "t.exit.4"]
    a = ProcessAdapter(faulty_cmd(), timeout=2, startup_timeout=10, max_restarts=2)
    run, res = run_all(a, ids)
    assert [res[i]["outcome"] for i in ids] == ["errored"] * 5
    assert [res[i].get("evidence", {}).get("exit_status") for i in ids] == [3, 3, 3, None, None]
    assert res["t.ok.1"]["message"].startswith("not run: ")
    assert "restart limit (2) reached" in res["t.ok.1"]["message"]
    assert a.restarts == 2
    assert run.stopped_early and "restart limit (2) reached" in run.reason


def test_a_slow_restart_errors_that_scenario_and_is_counted(tmp_path, monkeypatch):
    monkeypatch.setenv("FAULTY_STATE", str(tmp_path / "starts"))
    ids = ["t.ok.1", "t.exit.1", "t.ok.2", "t.ok.3", "t.ok.4"]
    a = ProcessAdapter(faulty_cmd("--slow-restart", "30"), timeout=2, startup_timeout=0.5, max_restarts=2)
    run, res = run_all(a, ids)
    assert [res[i]["outcome"] for i in ids] == ["passed", "errored", "errored", "errored", "errored"]
    assert "could not be (re)started" in res["t.ok.2"]["message"]
    assert "could not be (re)started" in res["t.ok.3"]["message"]
    assert "restart limit (2) reached" in res["t.ok.4"]["message"]
    assert run.stopped_early


def test_a_chatty_stderr_does_not_block_and_only_its_tail_is_kept():
    a = ProcessAdapter(faulty_cmd("--stderr-noise", "512"), timeout=5, startup_timeout=10)
    _, res = run_all(a, ["t.ok.1", "t.exit.1"])
    assert res["t.ok.1"]["outcome"] == "passed"
    tail = res["t.exit.1"]["evidence"]["stderr"]
    assert tail.endswith("boom in t.exit.1\n") and len(tail) <= 8192


def test_stop_ends_the_program():
    a = ProcessAdapter(faulty_cmd(), startup_timeout=10)
    a.start()
    proc = a.proc
    a.stop()
    assert proc.returncode == 0
    assert a.proc is None
