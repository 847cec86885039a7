"""The keeper of one adapter program: every process the program starts stays below it.

    python -I -S reaper.py STATUS_FD -- command args...

:class:`duelspec.adapters.process.ProcessAdapter` starts each adapter program through this
small process (stdlib only, run without ``site`` so it starts in a few tens of milliseconds).
It makes itself the Linux *child subreaper* of its descendants (``prctl(PR_SET_CHILD_SUBREAPER)``)
and starts the command with its own stdin, stdout and stderr (the protocol pipes, untouched).
A helper of the program that leaves its session, double-forks and clears its environment is
re-parented to the keeper when its parent exits, so **the processes of the program are exactly
the keeper's descendants**: found by the process tree alone, with no mark to lose, and never
mixed up with the processes of another adapter of the same run (``--jobs``).

On the status descriptor it writes ``ok <pid>`` once the command runs, or ``error <errno>
<message>`` when it cannot be started (then it exits with status 127). It then waits:

- the command exits: every remaining descendant is killed (SIGKILL, until none is left) and
  reaped, and the keeper exits with the command's status (killed by a signal: the keeper kills
  itself with the same signal), so the caller sees the program's exit status;
- SIGTERM, SIGINT or SIGHUP: the same, at once (the command included);
- the keeper's parent (the runner) dies, even by SIGKILL: the same, within half a second.

The runner ends a program by killing the keeper's descendants first (complete while the keeper
lives), then the keeper. Linux only; elsewhere the runner starts the command directly.
"""
import ctypes
import errno
import os
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36       # <linux/prctl.h>
POLL_PARENT_S = 0.5


class _End(Exception):
    """Stop waiting: end everything now."""


def _descendants(root: int) -> list:
    """The live descendants of ``root`` by parent links (``/proc``), zombies excluded."""
    parent, live = {}, set()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                rest = fh.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid = int(name)
        parent[pid] = int(rest[1])
        if rest[0] not in (b"Z", b"X"):
            live.add(pid)
    children = {}
    for pid, ppid in parent.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = [], [root]
    while todo:
        for c in children.get(todo.pop(), ()):
            todo.append(c)
            if c in live:
                found.append(c)
    return found


def _end_all(me: int) -> None:
    """SIGKILL every descendant until none is left (bounded), then reap the keeper's children."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        pids = _descendants(me)
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.005)
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                break
        except ChildProcessError:
            break


def _exit_as(status: int) -> None:
    code = os.waitstatus_to_exitcode(status)
    if code < 0:                                   # killed by a signal: the caller sees that signal
        try:
            signal.signal(-code, signal.SIG_DFL)
        except (OSError, ValueError):              # SIGKILL, SIGSTOP: no handler to reset
            pass
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {-code})
        os.kill(os.getpid(), -code)
        time.sleep(1)
        code = 128 - code
    os._exit(code)


def main() -> None:
    status_fd = int(sys.argv[1])
    argv = sys.argv[sys.argv.index("--") + 1:]
    os.set_inheritable(status_fd, False)
    parent = os.getppid()

    def end(*_):
        raise _End

    def check_parent(*_):
        if os.getppid() != parent:
            raise _End

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, end)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass
    try:
        child = os.posix_spawnp(argv[0], argv, os.environ,
                                setsigdef=(signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGPIPE, signal.SIGXFSZ))
    except OSError as exc:
        os.write(status_fd, f"error {exc.errno or errno.ENOEXEC} {exc.strerror or exc}".encode())
        os._exit(127)
    os.write(status_fd, f"ok {child}".encode())
    os.close(status_fd)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):                           # the pipes are the program's: EOF when it is gone
        os.dup2(null, fd)
    os.close(null)
    me = os.getpid()
    signal.signal(signal.SIGALRM, check_parent)
    signal.setitimer(signal.ITIMER_REAL, POLL_PARENT_S, POLL_PARENT_S)
    status = None
    try:
        while status is None:
            try:
                pid, st = os.waitpid(-1, 0)
            except ChildProcessError:
                break
            if pid == child:
                status = st
    except _End:
        pass
    signal.setitimer(signal.ITIMER_REAL, 0)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    _end_all(me)
    if status is None:                             # ended before the command exited
        try:
            _, status = os.waitpid(child, 0)
        except ChildProcessError:
            status = signal.SIGKILL
    _exit_as(status)


if __name__ == "__main__":
    main()
