"""Issue 23, processes: every process an adapter starts is ended, found by the process tree alone
(its keeper, adapters/reaper.py), also with ``--jobs`` and a signal while scenarios run, and
also when the runner itself is killed."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from duelspec.adapters.pool import AdapterPool
from duelspec.adapters.process import ProcessAdapter
from duelspec.runner import Run
from fault_adapters.helpers import HERE, alive, faulty_cmd, hang_guard, pids, scenario, wait_for, write_scenarios  # noqa: F401

pytestmark = [pytest.mark.usefixtures("hang_guard"),
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process trees are read from /proc")]
JAIL = HERE / "jail.py"


def environ(pid: int) -> bytes:
    return Path(f"/proc/{pid}/environ").read_bytes()


def test_a_helper_that_leaves_its_session_and_clears_its_environment_is_ended_by_a_library_run(tmp_path, monkeypatch):
    """No environment mark, no adoption (a library caller's other children are not the adapter's):
    the helper is found because it stays below the program's keeper."""
    helpers = tmp_path / "helpers"
    monkeypatch.setenv("FAULTY_PIDFILE", str(helpers))
    a = ProcessAdapter(faulty_cmd(), timeout=10, startup_timeout=20)
    assert not a.adopt_orphans
    run = Run(a)
    run.start()
    try:
        res = list(run.results([scenario("t.bare.1"), scenario("t.exit.1")]))
        assert [r["outcome"] for r in res] == ["passed", "errored"]
        first = pids(helpers)[0]
        assert wait_for(lambda: not alive(first), 5), "a bare helper survived its adapter's crash"
        list(run.results([scenario("t.bare.2")]))
        second = pids(helpers)[1]
        # recorded before it has replaced itself with an empty environment: give it the moment (under load)
        assert wait_for(lambda: alive(second) and environ(second) == b"", 5), "the helper kept its environment"
    finally:
        a.stop()
    assert wait_for(lambda: not alive(second), 5), "a bare helper survived stop()"


def test_the_keeper_ends_the_program_and_its_helpers_when_the_runner_is_killed(tmp_path):
    """SIGKILL of the runner cannot clean up; the keeper sees its parent gone and ends everything."""
    helpers, ready = tmp_path / "helpers", tmp_path / "ready"
    script = (
        "import sys, json\n"
        "sys.path.insert(0, %r)\n"
        "from duelspec.adapters.process import ProcessAdapter\n"
        "from fault_adapters.helpers import faulty_cmd, scenario\n"
        "a = ProcessAdapter(faulty_cmd(), timeout=10, startup_timeout=20)\n"
        "a.start()\n"
        "a.run(scenario('t.bare.1')); a.run(scenario('t.daemon.2'))\n"
        "open(%r, 'w').write(json.dumps([a.proc.pid, a.program_pid]))\n"
        "import time; time.sleep(300)\n" % (str(HERE.parent), str(ready)))
    runner = subprocess.Popen([sys.executable, "-c", script], env={**os.environ, "FAULTY_PIDFILE": str(helpers)})
    try:
        assert wait_for(lambda: ready.exists() and ready.read_text(), 60)
        keeper, program = json.loads(ready.read_text())
        everything = [keeper, program, *pids(helpers)]
        assert len(everything) == 4 and all(alive(p) for p in everything)
        runner.kill()
        runner.wait()
        assert wait_for(lambda: not any(alive(p) for p in everything), 10), \
            [p for p in everything if alive(p)]
    finally:
        runner.kill()
        runner.wait()


def test_the_keeper_passes_the_programs_exit_status_and_start_errors_through(tmp_path):
    from duelspec.adapters.process import keeper_argv
    assert keeper_argv(), "the keeper runs on Linux"
    a = ProcessAdapter(faulty_cmd(), timeout=10, startup_timeout=20)
    a.start()
    assert a.run(scenario("t.exit.1"))["errored"]["evidence"]["exit_status"] == 3
    a.start()
    assert a.stop() == 0
    from duelspec.adapters.process import AdapterStartError
    with pytest.raises(AdapterStartError, match=r"cannot run the adapter command .*No such file or directory"):
        ProcessAdapter(str(tmp_path / "no-such-program")).start()


def test_a_stop_from_another_thread_while_a_scenario_runs_ends_the_program_at_once(tmp_path, monkeypatch):
    """--jobs and a signal: the main thread stops a member whose worker thread is in the middle of
    a scenario. The stop neither waits for the scenario nor trips over the worker closing the
    program (it was `AttributeError: 'NoneType' object has no attribute 'stdin'`)."""
    helpers = tmp_path / "helpers"
    monkeypatch.setenv("FAULTY_PIDFILE", str(helpers))
    a = ProcessAdapter(faulty_cmd(), timeout=60, startup_timeout=20)
    a.start()
    a.run(scenario("t.bare.0"))
    replies, errors = [], []

    def worker():
        try:
            replies.append(a.run(scenario("t.hang.1")))
        except BaseException as exc:         # noqa: BLE001 - the test reports it
            errors.append(exc)
    t = threading.Thread(target=worker)
    t.start()
    assert wait_for(lambda: len(pids(helpers)) == 2)      # the program hangs in t.hang.1
    t0 = time.monotonic()
    a.stop(grace=40)
    took = time.monotonic() - t0
    t.join(20)
    assert not errors and not t.is_alive()
    assert took < 15, f"stop() waited {took:.1f} s for a scenario it should have ended"
    assert "errored" in replies[0], replies
    assert wait_for(lambda: not any(alive(p) for p in pids(helpers)), 5)
    assert a.proc is None


class _Member:
    def __init__(self, fail=False):
        self.fail, self.stopped, self.aborted = fail, False, False

    def stop(self):
        if self.fail:
            raise AttributeError("'NoneType' object has no attribute 'stdin'")
        self.stopped = True

    def abort(self):
        self.aborted = True


def test_a_member_whose_stop_fails_does_not_keep_the_pool_from_ending_the_others_and_the_orphans(monkeypatch):
    ended = []
    import duelspec.adapters.process as process
    monkeypatch.setattr(process, "end_processes", lambda *a, **k: ended.append(k.get("adopted")) or set())
    members = iter([_Member(fail=True), _Member(), _Member()])
    pool = AdapterPool(lambda: next(members), 3)
    pool.adopt_orphans = True
    with pytest.raises(AttributeError):
        pool.stop()
    assert pool.members[0].aborted and pool.members[1].stopped and pool.members[2].stopped
    assert ended == [True], "the pool left before it ended the adopted orphans"


@pytest.mark.parametrize("keeper", ["1", "0"], ids=["keeper", "no-keeper"])
def test_jobs_and_a_signal_while_scenarios_run_leave_no_process_and_no_warning(tmp_path, keeper):
    """`--jobs 4`, helpers that leave their session and clear their environment, one Ctrl-C while
    scenarios run. What is left is found by the process tree (tests/fault_adapters/jail.py: a
    subreaper around the run), not by a mark a helper can drop. Without the keeper
    (``DUELSPEC_NO_KEEPER=1``) the run's own subreaper adoption must end them."""
    kinds = ["bare", "bare", "hang", "bare", "hang", "hang", "bare", "ok"]
    ids = [f"t.{k}.{i}" for i, k in enumerate(kinds)]
    paths = write_scenarios(tmp_path, *[scenario(i) for i in ids])
    out, report = tmp_path / "r.jsonl", tmp_path / "left.json"
    env = {**os.environ, "DUELSPEC_NO_KEEPER": "1" if keeper == "0" else "0"}
    proc = subprocess.Popen([sys.executable, str(JAIL), str(report), "--", sys.executable, "-m", "duelspec.cli", "run",
                             *paths, "--timeout", "30", "--jobs", "4", "--out", str(out), "--adapter", "cmd:" + faulty_cmd()],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        assert wait_for(lambda: Path(str(report) + ".pid").exists(), 60)
        run_pid = int(Path(str(report) + ".pid").read_text())
        assert wait_for(lambda: out.exists() and out.read_text().count("\n") >= 3, 60)   # header + 2 results
        time.sleep(0.3)                                # the hang scenarios are running on their members
        os.kill(run_pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    err = err.decode("utf-8", "replace")
    assert proc.returncode == 1, err
    assert "stop() failed" not in err and "Traceback" not in err, err
    assert json.loads(report.read_text()) == [], f"processes of the run survived it\n{err}"
    foot = json.loads(out.read_text().splitlines()[-1])
    assert foot["type"] == "footer" and foot["stopped_early"] and foot["reason"].startswith("interrupted (SIGINT)")


# -- issue 36: the keeper ends what it started whatever moment the runner dies -------------------

def _jailed_keeper(tmp_path, runner_body: str) -> tuple[subprocess.CompletedProcess, list]:
    """Run ``runner_body`` (Python; ``KEEPER``, ``PROGRAM`` and ``sys`` are defined) under the jail
    (with a settle time of 3 s) and return the jail's run and the processes left below it."""
    from duelspec.adapters.process import KEEPER
    report = tmp_path / "left.json"
    program = [sys.executable, "-c", "import os, time\nos.fork()\ntime.sleep(300)\n"]   # a helper at boot
    script = f"import os, subprocess, sys, time\nKEEPER = {KEEPER!r}\nPROGRAM = {program!r}\n" + runner_body
    p = subprocess.run([sys.executable, str(JAIL), str(report), "--settle", "3", "--", sys.executable, "-c", script],
                       capture_output=True, timeout=60)
    return p, json.loads(report.read_text())


def test_the_keeper_ends_what_it_started_when_its_word_finds_the_runner_gone(tmp_path):
    """The runner died while its keeper was starting: the keeper's ``ok <pid>`` finds the status pipe
    closed (EPIPE). It was a BrokenPipeError traceback, and the program it had just started (and the
    helper that program starts at boot) was left running, adopted by init (issue 36, 4 to 8 of 6 to
    8 trials)."""
    p, left = _jailed_keeper(tmp_path, (
        "r, w = os.pipe()\n"
        "os.close(r)\n"                       # nobody will read the keeper's word: the runner is gone
        "with open(%r, 'wb') as err:\n"     # (not a pipe: a program left running would hold it open)
        "    subprocess.run([sys.executable, '-I', '-S', KEEPER, str(w), str(os.getpid()), '--', *PROGRAM],\n"
        "                   pass_fds=(w,), stderr=err, timeout=30)\n" % str(tmp_path / "keeper.err")))
    assert not left, f"the program outlived its keeper: {left}\n{p.stderr.decode()[-2000:]}"
    assert "Traceback" not in (tmp_path / "keeper.err").read_text(), (tmp_path / "keeper.err").read_text()


def test_a_keeper_whose_runner_died_before_it_ran_starts_nothing(tmp_path):
    """The runner was SIGKILLed between forking its keeper and the keeper's first line: the keeper
    (its parent is not the runner it was given) starts nothing and says nothing; the program was
    started and kept running by the old keeper, which only watched for a change of its parent."""
    p, left = _jailed_keeper(tmp_path, (
        "r, w = os.pipe()\n"                  # held open: no EPIPE here, only the parent says the runner is gone
        "k = subprocess.run([sys.executable, '-I', '-S', KEEPER, str(w), '1', '--', *PROGRAM],\n"
        "                   pass_fds=(w,), timeout=30)\n"
        "os.close(w)\n"
        "print(repr(os.read(r, 100)), k.returncode)\n"))
    assert not left, f"the keeper started its program for a runner that is gone: {left}"
    assert p.stdout.decode().startswith("b''"), p.stdout


def test_the_runners_own_memory_error_is_never_the_engines(tmp_path, monkeypatch):
    """Under a memory cap the runner's own MemoryError while parsing a large reply was recorded as
    the scenario's `errored`, blamed on the engine (issue 36 §3). Now it is `errored` with
    `detail: "runner"`, says so, and the next scenario runs on a fresh program, not counted as a restart."""
    import duelspec.adapters.process as process
    from duelspec.runner import run_one
    real = process.json_loads
    calls = {"n": 0, "armed": False}

    def starved(text, **kw):                 # the first reply after the handshake: out of memory
        if calls["armed"]:
            calls["armed"] = False
            calls["n"] += 1
            raise MemoryError
        return real(text, **kw)
    monkeypatch.setattr(process, "json_loads", starved)
    a = ProcessAdapter(faulty_cmd(), timeout=10, startup_timeout=20)
    impl = a.start()
    calls["armed"] = True
    try:
        first = run_one(scenario("t.ok.1"), a, impl)
        assert calls["n"] == 1, calls
        assert first["outcome"] == "errored" and first.get("detail") == "runner", first
        assert "the runner's failure, not the engine's" in first["message"], first
        second = run_one(scenario("t.ok.2"), a, impl)
        assert second["outcome"] == "passed", second
        assert a.restarts == 0 and not a.faults, (a.restarts, a.faults)
    finally:
        a.stop()


def test_an_adapter_that_kills_its_own_keeper_leaves_nothing_while_the_runner_lives(tmp_path):
    """docs/adapters.md, "Reliability": the keeper killed by its own adapter loses nothing while the
    runner lives (its orphans are re-parented to the `duelspec` command, their subreaper, and ended
    with the keeper's process group). The jail finds anything left, by the process tree alone."""
    from fault_adapters.helpers import write_scenarios
    report = tmp_path / "left.json"
    paths = write_scenarios(tmp_path, scenario("t.killkeeper.1"), scenario("t.ok.2"))
    cmd = [sys.executable, "-m", "duelspec.start", "run", *paths, "--timeout", "10", "--out", str(tmp_path / "r.jsonl"),
           "--adapter", "cmd:" + faulty_cmd()]
    p = subprocess.run([sys.executable, str(JAIL), str(report), "--", *cmd], capture_output=True, timeout=120,
                       env={**os.environ, "FAULTY_PIDFILE": str(tmp_path / "helpers")})
    assert len(pids(tmp_path / "helpers")) == 1, p.stderr.decode()[-2000:]
    assert json.loads(report.read_text()) == [], p.stderr.decode()[-2000:]
