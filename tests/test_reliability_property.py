"""The run's invariants under random adapter misbehaviour and random signals (issue 14; the
"Reliability" section of docs/adapters.md states them):

1. every selected scenario is reported at most once, in order;
2. the stream ends with a footer that says whether the run completed (and how many were selected);
3. every report file is well-formed (stream: result schema; JUnit: XML; Markdown: no raw controls);
4. no process of the run is left alive (the adapter and everything it started, any session, with
   or without its environment);
5. the exit status is non-zero unless everything passed.

Each example runs ``duelspec run`` as its own process against the fault adapter
(tests/fault_adapters/faulty.py) with a random list of behaviours (crash, hang, garbage, a
second reply, invalid UTF-8, a helper in its own session, one that also clears its environment,
hostile text, ...), a random way to start (slow, crashing, starting a helper first), one to four
adapter processes (``--jobs``) and up to two signals (SIGINT, SIGTERM, SIGHUP) at random moments:
from the start of the process (interpreter start-up included) or from its first result (while
the jobs run).

What the run leaves behind is found by the process tree alone: the run is started under a jail
(tests/fault_adapters/jail.py, a child subreaper) that lists every process still below it when
the run has exited, so a helper that left its session and dropped its environment cannot hide.
Bounded for CI: a fixed number of examples, derandomized, each with short time limits (about a
minute in all on a loaded 2-core machine).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from pathlib import Path

from duelspec.reporting.report import BAD, read_stream
from fault_adapters.helpers import HERE, faulty_cmd, scenario, write_scenarios

BEHAVIOURS = ["ok", "ok", "fail", "skip", "error", "hang", "exit", "garbage", "wrongseq", "dupnow", "duplate",
              "badutf8", "daemon", "bare", "bare", "print", "texterr", "badtrace"]
STARTS = [[], [], ["--slow-start", "0.4"], ["--start-daemon"], ["--start-bare"], ["--start-exit"], ["--start-garbage"]]
JAIL = HERE / "jail.py"
NAMES = ["faulty", "my-sim [/beta]", "\x1b]8;;https://e.x/\x1b\\sim\x1b]8;;\x1b\\ \x9b2J <img src=x> \ud800 \ufffe"]
TEXT = "[bold]x[/] \x1b[2J \x9b31m <script>alert(1)</script> [l](https://e.x) \ufffe \uffff \ud800 line\nbreak"


@st.composite
def plans(draw):
    return {"kinds": draw(st.lists(st.sampled_from(BEHAVIOURS), min_size=1, max_size=6)),
            "start": draw(st.sampled_from(STARTS)),
            "name": draw(st.sampled_from(NAMES)),
            "jobs": draw(st.sampled_from(["1", "1", "2", "3", "4"])),
            # (from what, seconds after it, signal): from the process start (also during the
            # interpreter's start-up) or from the first result in the stream (the jobs are running)
            "signals": sorted(draw(st.lists(st.tuples(st.sampled_from(["start", "results", "results"]),
                                                      st.floats(0.0, 1.5), st.sampled_from(
                [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])), max_size=2)))}


def first_result(out: Path) -> bool:
    try:
        return out.read_bytes().count(b"\n") >= 2
    except OSError:
        return False


@settings(max_examples=14, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(plan=plans())
# the break-it round's case (issue 23): helpers that drop their environment, four jobs, Ctrl-C while
# scenarios hang on the members (the stop raced the worker threads and the orphans stayed)
@example(plan={"kinds": ["bare", "hang", "bare", "hang", "bare", "hang"], "start": [], "name": "faulty", "jobs": "4",
               "signals": [("results", 0.2, signal.SIGINT)]})
# a signal while the interpreter starts or the command is imported, before `run` installs its handlers
@example(plan={"kinds": ["ok", "bare"], "start": ["--start-bare"], "name": "faulty", "jobs": "2",
               "signals": [("start", 0.0, signal.SIGTERM)]})
def test_invariants_under_random_faults_and_signals(tmp_path_factory, plan):
    tmp = tmp_path_factory.mktemp("prop")
    ids = [f"t.{k}.{i}" for i, k in enumerate(plan["kinds"])]
    paths = write_scenarios(tmp, *[scenario(i) for i in ids])
    out, junit, md = tmp / "r.jsonl", tmp / "j.xml", tmp / "s.md"
    report = tmp / "left.json"
    env = {**os.environ, "FAULTY_TEXT": json.dumps(TEXT), "FAULTY_PIDFILE": str(tmp / "helpers")}
    cmd = [sys.executable, "-m", "duelspec.start", "run", *paths, "--timeout", "0.5", "--startup-timeout", "3",
           "--max-restarts", "3", "--jobs", plan["jobs"], "--out", str(out), "--junit", str(junit), "--markdown", str(md), "--format", "json",
           "--adapter", "cmd:" + faulty_cmd(*plan["start"], "--name-json", json.dumps(plan["name"]))]
    proc = subprocess.Popen([sys.executable, str(JAIL), str(report), "--", *cmd], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    signalled = False
    try:
        pidfile = Path(str(report) + ".pid")
        while not pidfile.exists() and proc.poll() is None:
            time.sleep(0.005)
        run_pid = int(pidfile.read_text())
        t0 = {"start": time.monotonic()}
        for anchor, delay, sig in plan["signals"]:
            if anchor not in t0:              # the first result: wait for it (bounded), while the run lasts
                end = time.monotonic() + 30
                while not first_result(out) and proc.poll() is None and time.monotonic() < end:
                    time.sleep(0.005)
                t0[anchor] = time.monotonic()
            time.sleep(max(0.0, t0[anchor] + delay - time.monotonic()))
            try:
                os.kill(run_pid, sig)         # (the jail has not reaped the run yet while it runs)
                signalled = True
            except ProcessLookupError:        # the run was over
                pass
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = stderr.decode("utf-8", "replace")[-3000:]
    left = json.loads(report.read_text())

    # 4. nothing of the run is left alive (found by the process tree: no mark to lose)
    assert not left, f"processes of the run survived it: {left}\n{err}"
    # 5 (part). killed by a signal while no handler held it: during the interpreter's own start, before
    # the command's first line (no output yet), or after it had written everything (the files are complete)
    if proc.returncode < 0:
        assert signalled, err
        if not out.exists():
            return
        assert not read_stream(out).truncated, err
        ET.parse(junit)
        return
    # a signal from the command's first line on (duelspec.start holds it) is acted on once the stream is open
    assert out.exists(), f"the run was signalled after its start-up and left no stream\n{err}"
    # 3. the stream is well-formed (schema, one header, footer counts match) and ends with a footer
    st_ = read_stream(out)
    assert not st_.truncated, f"the stream has no footer\n{err}"
    foot = st_.footer
    # 2. the footer says whether the run completed, and how many were selected (unless the signal
    # came before the selection was made)
    if "before the adapter was started" in foot.get("reason", ""):
        assert foot.get("selected") in (None, len(ids)) and not st_.results
    else:
        assert foot["selected"] == len(ids), foot
    got = [r["id"] for r in st_.results]
    # 1. at most once, in order
    assert got == ids[:len(got)], (got, ids)
    if len(got) < len(ids):
        assert foot["stopped_early"] and foot.get("reason"), foot
    stdout_lines = [json.loads(x) for x in stdout.decode("utf-8").splitlines() if x.strip()]
    assert stdout_lines and stdout_lines[0]["type"] == "header" and stdout_lines[-1]["type"] == "footer"
    assert [x["id"] for x in stdout_lines if x["type"] == "result"] == got
    root = ET.parse(junit).getroot()
    assert int(root.get("tests")) == len(got)
    text = md.read_text(encoding="utf-8")
    assert not any(c in text for c in "\x1b\x9b\r\ufffe\uffff"), "raw control characters in the Markdown"
    assert "<script" not in text.split("```")[0]
    # 5. non-zero unless everything passed
    everything_passed = (not foot["stopped_early"] and not foot.get("late_faults") and
                         not any(r["outcome"] in BAD for r in st_.results) and
                         any(r["outcome"] in ("passed", "xfailed") for r in st_.results))
    assert (proc.returncode == 0) == everything_passed, (proc.returncode, foot, err)
    if signalled and foot["stopped_early"] and foot["reason"].startswith("interrupted"):
        assert proc.returncode == 1


def test_the_property_test_can_see_a_leftover_process(tmp_path):
    """The leftover check is not vacuous: a helper that left its session, was orphaned and cleared
    its environment is reported by the jail, then ended."""
    report = tmp_path / "left.json"
    leaver = ("import os\n"
              "r, w = os.pipe()\n"                     # close-on-exec: EOF once the helper runs `sleep`
              "if os.fork() == 0:\n"
              "    os.setsid()\n"
              "    if os.fork() == 0:\n"
              "        os.execve('/bin/sleep', ['sleep', '300'], {})\n"
              "    os._exit(0)\n"
              "os.close(w)\n"
              "os.wait()\n"
              "os.read(r, 1)\n")
    p = subprocess.run([sys.executable, str(JAIL), str(report), "--", sys.executable, "-c", leaver], timeout=60)
    assert p.returncode == 0
    left = json.loads(report.read_text())
    assert [x["cmdline"] for x in left] == ["sleep 300"], left
    assert not os.path.exists(f"/proc/{left[0]['pid']}") or \
        open(f"/proc/{left[0]['pid']}/stat").read().rsplit(")", 1)[1].split()[0] in "ZX"


def _keepers_of(run_pid: int) -> list[int]:
    """The keepers (adapters/reaper.py) the run has started: its children running the keeper, or with
    ``--jobs N`` its workers' (duelspec/workers.py: each worker starts its own adapter)."""
    parents, keepers = {}, []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                parents[int(name)] = int(fh.read().rsplit(b")", 1)[1].split()[1])
            if b"reaper.py" in Path(f"/proc/{name}/cmdline").read_bytes():
                keepers.append(int(name))
        except (OSError, IndexError, ValueError):
            continue
    return [k for k in keepers if parents.get(k) == run_pid or parents.get(parents.get(k)) == run_pid]


@settings(max_examples=6, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(delay=st.floats(0.0, 0.08), jobs=st.sampled_from(["1", "2", "4"]),
       start=st.sampled_from([["--start-bare"], ["--start-daemon"], []]))
# the break-it round's case (issue 36): SIGKILL of the runner at once after its keeper appears
@example(delay=0.0, jobs="4", start=["--start-bare"])
def test_sigkill_of_the_runner_while_a_keeper_starts_leaves_nothing(tmp_path_factory, delay, jobs, start):
    """The keeper's start-up window (from its fork by the runner to its word on the status pipe,
    a few tens of milliseconds) and SIGKILL of the runner in it: every keeper ends what it started
    (it was a BrokenPipeError and an adapter adopted by init, issue 36). The jail waits up to 3 s
    for the keepers to act (they watch their runner every 0.2 s)."""
    tmp = tmp_path_factory.mktemp("kill")
    paths = write_scenarios(tmp, *[scenario(f"t.hang.{i}") for i in range(4)])
    report = tmp / "left.json"
    env = {**os.environ, "FAULTY_PIDFILE": str(tmp / "helpers")}
    cmd = [sys.executable, "-m", "duelspec.start", "run", *paths, "--timeout", "5", "--startup-timeout", "5",
           "--jobs", jobs, "--out", str(tmp / "r.jsonl"), "--adapter", "cmd:" + faulty_cmd(*start)]
    proc = subprocess.Popen([sys.executable, str(JAIL), str(report), "--settle", "3", "--", *cmd],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        pidfile = Path(str(report) + ".pid")
        while not pidfile.exists() and proc.poll() is None:
            time.sleep(0.002)
        run_pid = int(pidfile.read_text())
        end = time.monotonic() + 60
        while not _keepers_of(run_pid) and proc.poll() is None and time.monotonic() < end:
            time.sleep(0.001)
        assert _keepers_of(run_pid), "the run started no keeper"
        time.sleep(delay)
        os.kill(run_pid, signal.SIGKILL)
        _, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    left = json.loads(report.read_text())
    assert not left, f"processes of the run survived SIGKILL of the runner {delay:.3f} s into a keeper's start: " \
                     f"{left}\n{stderr.decode('utf-8', 'replace')[-2000:]}"
