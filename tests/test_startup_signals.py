"""Issue 23: a signal during the command's start-up, before `duelspec run` had installed its
handlers (click, rich and the suite still being imported), left no stream at all. The entry point
(duelspec.start) holds SIGINT, SIGTERM and SIGHUP from its first line; `run` takes the held ones
over and acts on them once its stream is open; every other command gets them back as they came."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from duelspec.tomlread import tomllib

from fault_adapters.helpers import faulty_cmd, scenario, write_scenarios

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ["-m", "duelspec.start"]      # what the `duelspec` script runs (pyproject's entry point)


def signal_while_importing(args, sig) -> tuple[int, str]:
    """Run ``args`` with ``-X importtime`` and send ``sig`` the moment the interpreter says it has
    imported click: the command is still being imported, no command has begun (the old code had no
    handler yet). Its exit status and stderr (without the import times)."""
    proc = subprocess.Popen([sys.executable, "-X", "importtime", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err, sent = [], False
    for raw in proc.stderr:
        line = raw.decode("utf-8", "replace")
        if line.startswith("import time:"):
            if not sent and line.rsplit("|", 1)[-1].strip() == "click":
                proc.send_signal(sig)
                sent = True
            continue
        err.append(line)
    proc.wait(timeout=60)
    assert sent, "click was never imported"
    return proc.returncode, "".join(err)


def test_the_entry_point_is_the_one_that_holds_signals():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["duelspec"] == "duelspec.start:main"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_during_start_up_leaves_a_stream_that_says_so(tmp_path, sig):
    paths = write_scenarios(tmp_path, scenario("t.ok.1"), scenario("t.ok.2"))
    out = tmp_path / "r.jsonl"
    code, err = signal_while_importing([*ENTRY, "run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--out", str(out)], sig)
    assert code == 1, err
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [x["type"] for x in lines] == ["header", "footer"], err
    foot = lines[-1]
    assert foot["stopped_early"] and foot["reason"] == f"interrupted ({sig.name}) before the adapter was started", foot


def test_other_commands_get_a_held_signal_back_as_it_came(tmp_path):
    """SIGTERM's default action: the process ends by it (it is not swallowed by the holding)."""
    code, err = signal_while_importing([*ENTRY, "list"], signal.SIGTERM)
    assert code == -signal.SIGTERM, err


def test_a_run_holds_signals_from_before_its_first_handler():
    """The property test's case: a SIGTERM after `run` installed its handlers but before it held them
    (while the session's modules were imported) was a KeyboardInterrupt outside the run: click printed
    "Aborted!" and there was no stream. Held from before the first handler, it stops the run once
    the stream is open (:meth:`Stopper.begin`)."""
    import os
    import time
    from duelspec.stopping import Stopper
    stopper = Stopper()
    stopper.install(hold=True)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        end = time.monotonic() + 10
        while not stopper.received and time.monotonic() < end:
            time.sleep(0.01)                 # the handler runs here, and raises nothing
        assert stopper.received == ["SIGTERM"]
        stopper.hold()                       # the session holds too (a library caller's stopper): still once
        with pytest.raises(KeyboardInterrupt):
            stopper.begin()
        stopper.begin()                      # nothing held any more: nothing to act on
    finally:
        stopper.uninstall()
