"""The keeper of one adapter program: every process the program starts stays below it.

    python -I -S reaper.py STATUS_FD PARENT_PID -- command args...

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
- the keeper's parent (the runner, ``PARENT_PID``) dies, even by SIGKILL, at any moment: the
  same, within a fifth of a second. The watch runs from the keeper's first line, before the command
  is started: a keeper whose parent is already not ``PARENT_PID`` (the runner died while the keeper
  was being exec'd) starts nothing; one whose word on the status descriptor finds the pipe closed
  (EPIPE: the runner is gone) ends what it just started. ``PR_SET_PDEATHSIG`` is not used: it fires
  when the *thread* that started the keeper ends (a ``--jobs`` worker thread), not the runner.

What a keeper cannot do (docs/adapters.md, "Reliability", says what a run guarantees then): an
adapter that kills its own keeper (SIGKILL) or stops it (SIGSTOP). While the runner lives, nothing
is lost: the keeper's orphans are re-parented to the runner (the ``duelspec`` command is their
subreaper too) and it ends them with the keeper's process group. If the runner is then SIGKILLed
as well, no process of the run is left to act: the program gets EOF on its stdin, and whatever it
leaves running survives.

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
POLL_PARENT_S = 0.2
PR_SET_PDEATHSIG = 1             # <linux/prctl.h>


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


def _say(fd: int, word: str) -> bool:
    """Write the keeper's word on the status descriptor; False when nobody reads it any more
    (EPIPE, or any other error: the runner is gone, or cannot hear: end what was started)."""
    try:
        os.write(fd, word.encode())
        return True
    except OSError:
        return False
    finally:
        try:
            os.close(fd)
        except OSError:
            pass


def main() -> None:
    args = sys.argv[1:sys.argv.index("--")]
    argv = sys.argv[sys.argv.index("--") + 1:]
    status_fd = int(args[0])
    parent = int(args[1]) if len(args) > 1 else os.getppid()
    os.set_inheritable(status_fd, False)
    child = None

    def end(*_):
        raise _End

    def check_parent(*_):
        if os.getppid() != parent:
            raise _End

    try:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, end)
        signal.signal(signal.SIGALRM, check_parent)   # the parent watch, from the start on
        signal.setitimer(signal.ITIMER_REAL, POLL_PARENT_S, POLL_PARENT_S)
        check_parent()                                # the runner died while this process started
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        except (OSError, AttributeError):
            pass
        try:
            child = os.posix_spawnp(argv[0], argv, os.environ,
                                    setsigdef=(signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGPIPE,
                                               signal.SIGXFSZ, signal.SIGALRM))
        except OSError as exc:
            _say(status_fd, f"error {exc.errno or errno.ENOEXEC} {exc.strerror or exc}")
            os._exit(127)
        if not _say(status_fd, f"ok {child}"):        # the runner is gone (EPIPE): end what was started
            raise _End
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):                       # the pipes are the program's: EOF when it is gone
            os.dup2(null, fd)
        os.close(null)
        check_parent()
        status = None
        while status is None:
            try:
                pid, st = os.waitpid(-1, 0)
            except ChildProcessError:
                break
            if pid == child:
                status = st
    except _End:
        status = None
    signal.setitimer(signal.ITIMER_REAL, 0)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
        signal.signal(sig, signal.SIG_IGN)
    _end_all(os.getpid())
    if status is None:                             # ended before the command exited (or before it ran)
        status = signal.SIGKILL
        if child is not None:
            try:
                _, status = os.waitpid(child, 0)
            except ChildProcessError:
                pass
    _exit_as(status)


if __name__ == "__main__":
    main()
