"""Run a command and report every process it leaves behind, found by the process tree alone.

    python jail.py REPORT [--settle SECONDS] -- command args...

The jail makes itself the Linux *child subreaper* of its descendants (``prctl(
PR_SET_CHILD_SUBREAPER)``), so whatever the command starts stays below it in the process tree,
whatever it does: a new session, a double fork, an empty environment. It writes the command's
pid to ``REPORT.pid`` (send it signals there), waits for it, then writes to ``REPORT`` the
processes still alive below the jail (a JSON list of ``{"pid", "cmdline"}``; one already dying
of SIGKILL is not counted), ends them, and exits with the command's status (a command killed by
a signal: the jail kills itself with it). stdin, stdout and stderr are the command's.
``--settle S``: after the command exits, wait up to S seconds for what it left to end by itself
before the report (a keeper whose runner was SIGKILLed ends its program within a second).
No environment variable, no marker: a leftover cannot hide from it. Linux only (stdlib only).

Its /proc reading and subreaper set-up repeat adapters/process.py and adapters/reaper.py on
purpose: the jail is the independent observer of the code it checks, so it imports none of it.
"""
import ctypes
import json
import os
import signal
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def stat(pid):
    """(parent pid, state letter) or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            rest = fh.read().rsplit(b")", 1)[1].split()
        return int(rest[1]), rest[0].decode()
    except (OSError, IndexError, ValueError):
        return None


def dying(pid) -> bool:
    """SIGKILL is pending for ``pid`` (sent, not yet acted on)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith(("SigPnd:", "ShdPnd:")) and int(line.split()[1], 16) & (1 << (signal.SIGKILL - 1)):
                    return True
    except (OSError, ValueError):
        return True
    return False


def below(root) -> list:
    """The live processes below ``root`` (by parent links), zombies excluded."""
    stats = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            st = stat(int(name))
            if st is not None:
                stats[int(name)] = st
    children = {}
    for pid, (ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = [], [root]
    while todo:
        for c in children.get(todo.pop(), ()):
            todo.append(c)
            if stats[c][1] not in ("Z", "X"):
                found.append(c)
    return found


def cmdline(pid) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except OSError:
        return "?"


def main():
    report, argv = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
    opts = sys.argv[2:sys.argv.index("--")]
    settle = float(opts[opts.index("--settle") + 1]) if "--settle" in opts else 0.0
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("jail: cannot become a child subreaper")
    child = subprocess.Popen(argv)
    with open(report + ".pid.tmp", "w") as fh:
        fh.write(str(child.pid))
    os.replace(report + ".pid.tmp", report + ".pid")
    status = child.wait()
    me = os.getpid()
    end = time.monotonic() + settle
    while time.monotonic() < end and [p for p in below(me) if not dying(p)]:
        try:                         # reap what ended meanwhile (re-parented to the jail)
            os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.01)
    left = [{"pid": p, "cmdline": cmdline(p)} for p in below(me) if not dying(p)]
    with open(report, "w") as fh:
        json.dump(left, fh)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        pids = below(me)
        if not pids:
            break
        for p in pids:
            try:
                os.kill(p, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.01)
    while True:                      # reap whatever was re-parented to the jail
        try:
            os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if not below(me):
            break
        time.sleep(0.01)
    if status < 0:
        if -status not in (signal.SIGKILL, signal.SIGSTOP):   # no handler to reset for these
            signal.signal(-status, signal.SIG_DFL)
        os.kill(me, -status)
        time.sleep(1)
    sys.exit(status if status >= 0 else 1)


if __name__ == "__main__":
    main()
