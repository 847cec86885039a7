"""The run's invariants under random adapter misbehaviour and random signals (issue 14; the
"Reliability" section of docs/adapters.md states them):

1. every selected scenario is reported at most once, in order;
2. the stream ends with a footer that says whether the run completed (and how many were selected);
3. every report file is well-formed (stream: result schema; JUnit: XML; Markdown: no raw controls);
4. no process of the run is left alive (the adapter and everything it started, any session);
5. the exit status is non-zero unless everything passed.

Each example runs ``duelspec run`` as its own process against the fault adapter
(tests/fault_adapters/faulty.py) with a random list of behaviours (crash, hang, garbage, a
second reply, invalid UTF-8, a helper in its own session, hostile text, ...), a random way
to start (slow, crashing, starting a helper first), one or two adapter processes (``--jobs``)
and up to two signals (SIGINT, SIGTERM,
SIGHUP) at random moments. Bounded for CI: a fixed number of examples, derandomized, each
with short time limits (well under a minute in all on a loaded 2-core machine).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from duelspec.adapters.process import end_processes, run_processes
from duelspec.report import BAD, read_stream
from fault_adapters.helpers import faulty_cmd, scenario, write_scenarios

BEHAVIOURS = ["ok", "ok", "fail", "skip", "error", "hang", "exit", "garbage", "wrongseq", "dupnow", "duplate",
              "badutf8", "daemon", "print", "texterr", "badtrace"]
STARTS = [[], [], ["--slow-start", "0.4"], ["--start-daemon"], ["--start-exit"], ["--start-garbage"]]
NAMES = ["faulty", "my-sim [/beta]", "\x1b]8;;https://e.x/\x1b\\sim\x1b]8;;\x1b\\ \x9b2J <img src=x> \ud800 \ufffe"]
TEXT = "[bold]x[/] \x1b[2J \x9b31m <script>alert(1)</script> [l](https://e.x) \ufffe \uffff \ud800 line\nbreak"
MARK = "DUELSPEC_PROPERTY_MARK"


@st.composite
def plans(draw):
    return {"kinds": draw(st.lists(st.sampled_from(BEHAVIOURS), min_size=1, max_size=5)),
            "start": draw(st.sampled_from(STARTS)),
            "name": draw(st.sampled_from(NAMES)),
            "jobs": draw(st.sampled_from(["1", "1", "2"])),
            "signals": sorted(draw(st.lists(st.tuples(st.floats(0.0, 2.5), st.sampled_from(
                [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])), max_size=2)))}


@settings(max_examples=12, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(plan=plans())
def test_invariants_under_random_faults_and_signals(tmp_path_factory, plan):
    tmp = tmp_path_factory.mktemp("prop")
    ids = [f"t.{k}.{i}" for i, k in enumerate(plan["kinds"])]
    paths = write_scenarios(tmp, *[scenario(i) for i in ids])
    out, junit, md = tmp / "r.jsonl", tmp / "j.xml", tmp / "s.md"
    token = uuid.uuid4().hex
    env = {**os.environ, MARK: token, "FAULTY_TEXT": json.dumps(TEXT), "FAULTY_PIDFILE": str(tmp / "helpers")}
    cmd = [sys.executable, "-m", "duelspec.cli", "run", *paths, "--timeout", "0.5", "--startup-timeout", "3",
           "--max-restarts", "3", "--jobs", plan["jobs"], "--out", str(out), "--junit", str(junit), "--markdown", str(md), "--format", "json",
           "--adapter", "cmd:" + faulty_cmd(*plan["start"], "--name-json", json.dumps(plan["name"]))]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        t0 = time.monotonic()
        for delay, sig in plan["signals"]:
            time.sleep(max(0.0, t0 + delay - time.monotonic()))
            if proc.poll() is None:
                proc.send_signal(sig)
        stdout, stderr = proc.communicate(timeout=90)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        left = run_processes(token, var=MARK)
        end_processes(token, var=MARK)
    err = stderr.decode("utf-8", "replace")[-3000:]
    signalled = bool(plan["signals"])

    # 4. nothing of the run is left alive
    assert not left, f"processes of the run survived it: {left}\n{err}"
    # 5 (part). killed by a signal while its handlers were not installed: before duelspec started
    # anything (no output yet), or after it had written everything (the files are complete)
    if proc.returncode < 0:
        assert signalled, err
        if not out.exists():
            return
        assert not read_stream(out).truncated, err
        ET.parse(junit)
        return
    if not out.exists():           # interrupted before the output was opened (click says "Aborted!" before
        # duelspec's own handlers are installed; before that, while the interpreter starts or imports duelspec,
        # Python's own SIGINT handling ends the process with KeyboardInterrupt: on a loaded machine a start
        # takes longer than the signal's delay)
        python_start = (signal.SIGINT in [sig for _, sig in plan["signals"]]
                        and err.rstrip().endswith("KeyboardInterrupt"))
        assert signalled and proc.returncode == 1 and (
            "before the run started" in err or "Aborted!" in err or python_start), err
        return
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


def test_the_property_test_can_see_a_leftover_process():
    """The leftover check is not vacuous: a process carrying the mark is found, then ended
    (and reaped: ``end_processes`` collects its status, so Popen sees no status of its own)."""
    token = uuid.uuid4().hex
    p = subprocess.Popen(["sleep", "30"], env={**os.environ, MARK: token})
    try:
        assert run_processes(token, var=MARK) == {p.pid}
    finally:
        assert end_processes(token, var=MARK) == {p.pid}
        p.wait(timeout=5)
    assert not run_processes(token, var=MARK) and not os.path.exists(f"/proc/{p.pid}")
