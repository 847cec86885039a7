"""A deliberately misbehaving protocol adapter for the runner's fault tests (stdlib only).

What it does with a scenario depends on the second segment of the scenario id
(``t.<behaviour>.<n>``):

- ``ok``: a trace whose final winner is ``B`` (test scenarios expect that: passed)
- ``fail``: a trace whose final winner is ``A`` (failed)
- ``skip`` / ``error``: a ``skipped`` / ``errored`` reply
- ``hang``: starts a grandchild (``sleep``) in its process group, writes its pid to
  ``$FAULTY_PIDFILE``, then never answers
- ``exit``: writes ``boom`` to stderr and exits with status 3
- ``garbage``: writes a line that is not JSON
- ``oversize``: writes a 300 000-byte line
- ``wrongseq``: answers with seq + 1
- ``badtrace``: a trace with an unknown event kind (fails the trace schema)
- ``badenvelope``: ``{"seq": n, "result": "ok"}`` (fails the protocol schema)
- ``print``: prints free text via ``print`` to stderr and answers ok

Options (argv): ``--slow-start S`` (sleep S seconds before the handshake), ``--slow-restart S``
(only from the second start on: needs ``$FAULTY_STATE``, a file counting starts),
``--start-exit``, ``--start-garbage``, ``--start-invalid``, ``--games ygo,dm``,
``--unsupported chain,xyz``, ``--stderr-noise N`` (N KiB to stderr at start).
"""
import json
import os
import subprocess
import sys
import time

args = sys.argv[1:]


def opt(name, default=None):
    return args[args.index(name) + 1] if name in args else default


def out(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


state = os.environ.get("FAULTY_STATE")
starts = 0
if state:
    try:
        starts = int(open(state).read() or 0)
    except FileNotFoundError:
        starts = 0
    with open(state, "w") as fh:
        fh.write(str(starts + 1))

if opt("--stderr-noise"):
    sys.stderr.write("n" * 1024 * int(opt("--stderr-noise")))
    sys.stderr.flush()
if opt("--slow-start"):
    time.sleep(float(opt("--slow-start")))
if opt("--slow-restart") and starts >= 1:
    time.sleep(float(opt("--slow-restart")))


def trace(winner):
    return {"format": 1, "events": [{"event": "phase", "phase": "main1"}], "steps": [], "final": {"winner": winner}}


for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] == "stop":
        sys.exit(0)
    if msg["cmd"] == "start":
        if "--start-exit" in args:
            sys.stderr.write("cannot open the card database\n")
            sys.exit(4)
        if "--start-garbage" in args:
            print("Welcome to FaultySim 1.0!", flush=True)
            continue
        if "--start-invalid" in args:
            out({"protocol": 1, "implementation": {"name": "faulty"}})
            continue
        out({"protocol": 1, "implementation": {
            "name": "faulty", "version": "1", "language": "python",
            "games": (opt("--games") or "ygo,dm").split(","),
            "unsupported": [u for u in (opt("--unsupported") or "").split(",") if u]}})
        continue
    seq, sid = msg["seq"], msg["scenario"]["id"]
    kind = sid.split(".")[1]
    if kind == "ok":
        out({"seq": seq, "trace": trace("B")})
    elif kind == "fail":
        out({"seq": seq, "trace": trace("A")})
    elif kind == "skip":
        out({"seq": seq, "skipped": {"reason": "faulty cannot play this", "issue": "https://example.org/faulty/1"}})
    elif kind == "error":
        out({"seq": seq, "errored": {"message": "faulty engine assertion", "detail": "Traceback: ..."}})
    elif kind == "print":
        print("debug output from the engine", file=sys.stderr)
        out({"seq": seq, "trace": trace("B")})
    elif kind == "hang":
        child = subprocess.Popen(["sleep", "300"])
        if os.environ.get("FAULTY_PIDFILE"):
            with open(os.environ["FAULTY_PIDFILE"], "w") as fh:
                fh.write(str(child.pid))
        sys.stderr.write(f"hanging in {sid}\n")
        sys.stderr.flush()
        while True:
            time.sleep(60)
    elif kind == "exit":
        sys.stderr.write(f"boom in {sid}\n")
        sys.stderr.flush()
        os._exit(3)
    elif kind == "garbage":
        print(f"Segmentation fault in {sid} (not JSON)", flush=True)
    elif kind == "oversize":
        out({"seq": seq, "trace": trace("B"), "padding": "x" * 300_000})
    elif kind == "wrongseq":
        out({"seq": seq + 1, "trace": trace("B")})
    elif kind == "badtrace":
        out({"seq": seq, "trace": {"format": 1, "events": [{"event": "teleport"}], "steps": [], "final": {}}})
    elif kind == "badenvelope":
        out({"seq": seq, "result": "ok"})
    else:
        out({"seq": seq, "errored": {"message": f"unknown test behaviour {kind!r}"}})
