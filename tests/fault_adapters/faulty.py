"""A deliberately misbehaving protocol adapter for the runner's fault tests (stdlib only).

What it does with a scenario depends on the second segment of the scenario id
(``t.<behaviour>.<n>``):

- ``ok``: a trace whose final winner is ``B`` (test scenarios expect that: passed)
- ``fail``: a trace whose final winner is ``A`` (failed)
- ``skip`` / ``error``: a ``skipped`` / ``errored`` reply
- ``hang``: starts a grandchild (``sleep``) in its process group, appends its pid to
  ``$FAULTY_PIDFILE``, then never answers
- ``exit``: writes ``boom`` to stderr and exits with status 3
- ``garbage``: writes a line that is not JSON
- ``oversize``: writes a 300 000-byte line
- ``wrongseq``: answers with seq + 1
- ``badtrace``: a trace with an unknown event kind (fails the trace schema)
- ``badenvelope``: ``{"seq": n, "result": "ok"}`` (fails the protocol schema)
- ``print``: prints free text via ``print`` to stderr and answers ok
- ``daemon``: starts a helper that calls ``setsid()`` and double-forks (``sleep 300``, its pid
  appended to ``$FAULTY_PIDFILE``), then answers ok: the helper escapes the process group
- ``bare``: the same helper, which also clears its environment (``execve`` with an empty one):
  nothing marks it as the adapter's but the process tree
- ``dupnow``: answers ok twice at once (the second reply is already in the pipe)
- ``duplate``: answers ok, then a second time 0.3 s later (while the next scenario runs)
- ``badutf8``: a reply line with a byte that is not UTF-8
- ``bigskip``: a valid ``skipped`` reply whose reason is 15 MiB (written in one go)
- ``hugeline``: a 64 MiB line (longer than the runner's 16 MiB limit)
- ``text``: a ``skipped`` reply whose reason is ``$FAULTY_TEXT`` (JSON-decoded: any character)
- ``texterr``: an ``errored`` reply whose message is ``$FAULTY_TEXT``

Options (argv): ``--slow-start S`` (sleep S seconds before the handshake), ``--slow-restart S``
(only from the second start on: needs ``$FAULTY_STATE``, a file counting starts),
``--start-exit``, ``--start-garbage``, ``--start-invalid``, ``--games ygo,dm``,
``--unsupported chain,xyz``, ``--stderr-noise N`` (N KiB to stderr at start),
``--name-json JSON`` / ``--version-json JSON`` (the implementation's name / version, JSON-decoded:
lone surrogates and control characters possible), ``--start-daemon`` (a ``daemon`` helper before
the handshake), ``--start-bare`` (a ``bare`` helper before the handshake). ``$FAULTY_SELFPIDS``: a file to which every start appends the adapter's pid.
"""
import json
import os
import signal
import subprocess
import sys
import time

args = sys.argv[1:]


def opt(name, default=None):
    return args[args.index(name) + 1] if name in args else default


def out(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def daemon(bare=False):
    """A helper in a new session, orphaned at once (double fork): killpg cannot reach it.
    ``bare``: it also clears its environment (no variable of the adapter's marks it). Returns
    once the helper has recorded its pid (so a fault right after cannot kill it unrecorded)."""
    ready_r, ready_w = os.pipe()          # close-on-exec: the helper's exec closes its end
    pid = os.fork()
    if pid == 0:
        os.setsid()
        if os.fork() == 0:
            fd = os.open(os.devnull, os.O_RDWR)
            for n in (0, 1, 2):
                os.dup2(fd, n)
            if os.environ.get("FAULTY_PIDFILE"):
                with open(os.environ["FAULTY_PIDFILE"], "a") as fh:
                    fh.write(f"{os.getpid()}\n")
            os.write(ready_w, b"1")
            if bare:
                os.execve("/bin/sleep", ["sleep", "300"], {})
            os.execvp("sleep", ["sleep", "300"])
        os._exit(0)
    os.close(ready_w)
    os.waitpid(pid, 0)
    os.read(ready_r, 1)
    os.close(ready_r)


if os.environ.get("FAULTY_SELFPIDS"):
    with open(os.environ["FAULTY_SELFPIDS"], "a") as fh:
        fh.write(f"{os.getpid()}\n")
if "--start-daemon" in args or "--start-bare" in args:
    daemon(bare="--start-bare" in args)
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
            "name": json.loads(opt("--name-json", '"faulty"')), "version": json.loads(opt("--version-json", '"1"')),
            "language": "python",
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
            with open(os.environ["FAULTY_PIDFILE"], "a") as fh:
                fh.write(f"{child.pid}\n")
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
    elif kind in ("daemon", "bare"):
        daemon(bare=kind == "bare")
        out({"seq": seq, "trace": trace("B")})
    elif kind == "killkeeper":                 # a bare helper, then SIGKILL of its own keeper (its parent)
        daemon(bare=True)
        os.kill(os.getppid(), signal.SIGKILL)
        out({"seq": seq, "trace": trace("B")})
    elif kind == "dupnow":
        sys.stdout.write(json.dumps({"seq": seq, "trace": trace("B")}) + "\n" + json.dumps({"seq": seq, "trace": trace("B")}) + "\n")
        sys.stdout.flush()
    elif kind == "duplate":
        out({"seq": seq, "trace": trace("B")})
        time.sleep(0.3)
        out({"seq": seq, "trace": trace("B")})
    elif kind == "badutf8":
        sys.stdout.buffer.write(b'{"seq": %d, "skipped": {"reason": "caf\xe9"}}\n' % seq)
        sys.stdout.flush()
    elif kind == "bigskip":
        out({"seq": seq, "skipped": {"reason": "r" * (15 << 20)}})
    elif kind == "hugeline":
        sys.stdout.write("x" * (64 << 20) + "\n")
        sys.stdout.flush()
    elif kind == "text":
        out({"seq": seq, "skipped": {"reason": json.loads(os.environ["FAULTY_TEXT"])}})
    elif kind == "texterr":
        out({"seq": seq, "errored": {"message": json.loads(os.environ["FAULTY_TEXT"])}})
    elif kind == "badenvelope":
        out({"seq": seq, "result": "ok"})
    else:
        out({"seq": seq, "errored": {"message": f"unknown test behaviour {kind!r}"}})
