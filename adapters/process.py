"""The runner side of the adapter protocol: :class:`ProcessAdapter` for ``cmd:<command line>``.

It starts the command (its own session and process group), speaks protocol version 1
(``schemas/protocol.schema.json``) over the program's stdin/stdout and keeps the last
bytes of its stderr as evidence. It never raises for anything the program does: every
fault becomes the reply of the scenario that was running, and the program is restarted
for the next one.

Faults and what they become (``run`` returns one of these dicts):

==============================================  ==========================================
the program ...                                 reply                         restart?
==============================================  ==========================================
answers with a valid trace/skipped/errored       as given                      no
answers with a JSON object whose ``seq`` is     ``errored`` (schema pointer,  no (the
right but that fails the schema                 the line, stderr tail)        stream is in step)
answers with a wrong ``seq``                    ``errored`` (the line)        yes
writes a line that is not a JSON object         ``errored`` (the line)        yes
writes a line longer than ``max_line_bytes``    ``errored`` (its first bytes) yes
exits or closes stdout                          ``errored`` (exit status)     yes
does not answer within ``timeout`` seconds      ``timed-out``                 yes
==============================================  ==========================================

"Restart" means: every process of the program is killed (SIGKILL) and the next ``run`` starts
the program again (``start`` handshake within ``startup_timeout``). On Linux the program runs
under its keeper (``adapters/reaper.py``, a child subreaper): whatever the program starts stays
below the keeper in the process tree, even a helper that leaves its session, double-forks and
clears its environment, so the processes to kill are found by the tree alone; the keeper also
ends them when the program exits or when the runner dies. The environment mark
(:data:`TOKEN_VAR`) and, in the ``duelspec`` command, this process's adopted orphans
(:func:`become_subreaper`) find whatever escaped a keeper killed from outside. After
``max_restarts`` restarts the adapter gives up: :attr:`gave_up` holds the reason and every
later ``run`` returns ``errored`` without starting anything.

Errors of the evidence shape: ``{"errored": {"message": str, "detail": str, "evidence":
{"line"?: str, "stderr"?: str, "exit_status"?: int | None, "pointer"?: str}}}``. POSIX only
(process groups).
"""
from __future__ import annotations

import collections
import json
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
import uuid

from .. import PROTOCOL_VERSION, PROTOCOL_VERSIONS
from ..files import json_loads

EVIDENCE_CHARS = 2000      # of an offending line kept in a result
# what a stray line on stdout (a print, a log) gets as advice: stdout carries the protocol only
STDOUT_HINT = ": stdout carries only the protocol's JSON lines, one reply per message; write logs and prints to stderr"
READ_CHUNK = 1 << 20       # bytes per read of the program's stdout
STDERR_TAIL_BYTES = 8192   # of the program's stderr kept as evidence
REPLY_MEMORY_FACTOR = 16   # reading one reply needs at most this many bytes per byte of it (benchmarks/, reply-memory)


_AGAIN = {"again": True}   # internal: ask the same scenario again on a fresh program


class AdapterStartError(Exception):
    """The program could not be started or did not complete the ``start`` handshake.

    ``evidence``: ``{"line"?, "stderr"?, "exit_status"?, "pointer"?}``."""

    def __init__(self, message: str, evidence: dict | None = None):
        super().__init__(message)
        self.evidence = evidence or {}


class _Fault(Exception):
    """A protocol fault while talking to the program (internal)."""

    def __init__(self, kind: str, message: str, line: str | None = None, pointer: str | None = None):
        super().__init__(message)
        self.kind, self.line, self.pointer = kind, line, pointer


class _StderrTail(threading.Thread):
    """Drains the program's stderr, keeping the last ``limit`` bytes."""

    def __init__(self, fh, limit: int = STDERR_TAIL_BYTES):
        super().__init__(daemon=True)
        self.fh, self.limit = fh, limit
        self.buf: collections.deque = collections.deque()
        self.size = 0
        self.lock = threading.Lock()
        self.start()

    def run(self):
        try:
            while True:
                chunk = self.fh.read1(4096) if hasattr(self.fh, "read1") else self.fh.read(4096)
                if not chunk:
                    return
                with self.lock:
                    self.buf.append(chunk)
                    self.size += len(chunk)
                    while self.size - len(self.buf[0]) >= self.limit:
                        self.size -= len(self.buf.popleft())
        except (OSError, ValueError):
            return

    def text(self) -> str:
        with self.lock:
            data = b"".join(self.buf)[-self.limit:]
        return data.decode("utf-8", "backslashreplace")


def _short(line: str, limit: int = EVIDENCE_CHARS) -> str:
    return line if len(line) <= limit else line[:limit] + f"... [{len(line) - limit} more characters]"


def _show(raw) -> str:
    """Bytes from the program as text for evidence: invalid UTF-8 shown as ``\\xNN``, not replaced."""
    return bytes(raw).decode("utf-8", "backslashreplace")


class ProcessAdapter:
    """An adapter that is a program speaking the JSON-lines protocol.

    Args:
        command: the command line (split with :func:`shlex.split`; no shell).
        timeout: seconds a scenario may take (reply to ``run``), float.
        startup_timeout: seconds for the program to start and answer ``start``.
        max_restarts: restarts allowed after faults; then :attr:`gave_up` is set.
        max_line_bytes: longest reply line accepted, in bytes (without the newline).
        cwd, env: for :class:`subprocess.Popen`.

    Attributes: ``implementation`` (the start reply's description), ``restarts`` (count),
    ``gave_up`` (``None`` or the reason, a str), ``faults`` (list of ``(scenario id, kind)``).
    """

    may_change_scenarios = False   # the runner need not hand it a copy (see runner.run_one)
    replies_valid = True           # a trace it returns passed the trace schema (run_reply): not checked again

    def __init__(self, command: str, timeout: float = 30.0, startup_timeout: float = 10.0,
                 max_restarts: int = 5, max_line_bytes: int = 16 * 1024 * 1024, cwd=None, env=None):
        self.command = command
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("adapter spec `cmd:` needs a command line, e.g. `cmd:node my_adapter.js`")
        self.timeout, self.startup_timeout = timeout, startup_timeout
        self.max_restarts, self.max_line_bytes = max_restarts, max_line_bytes
        self.cwd, self.env = cwd, env
        self.proc: subprocess.Popen | None = None
        self.implementation: dict | None = None
        self.protocol: int | None = None        # the version the program answered `start` with
        self.restarts = 0
        self.gave_up: str | None = None
        self.faults: list[tuple[str, str]] = []
        self._answered: dict = {}          # recent seq -> scenario id (to name a duplicate reply)
        self._seq = 0
        self._buf = bytearray()
        self._scanned = 0                  # bytes of _buf already searched for a newline
        self.token = uuid.uuid4().hex      # marks every process of this adapter (TOKEN_VAR)
        self.adopt_orphans = False         # also end every other child of this process (the CLI: all are ours)
        self.late_faults: list[dict] = []  # faults found after the scenario's result was given
        self._stderr: _StderrTail | None = None
        self._starts = 0
        self.closed = False                # stop() or abort() was called: nothing is started any more
        self._spawning = threading.Lock()  # a spawn and a stop do not interleave (--jobs: worker threads)
        self._closing = threading.Lock()   # one thread closes a program's pipes (a stop racing a fault)
        self._talking = threading.Condition()
        self._talker: int | None = None    # the thread talking to the program (start / run), if any
        self.kept = False                  # the program runs under its keeper (adapters/reaper.py)
        self.program_pid: int | None = None

    # -- process management -------------------------------------------------------------
    def _spawn(self) -> None:
        self._buf = bytearray()
        self._scanned = 0
        self._seq = 0
        self._answered = {}
        become_subreaper()
        env = dict(os.environ if self.env is None else self.env)
        env[TOKEN_VAR] = self.token
        keeper = keeper_argv()
        status_r = status_w = None
        with self._spawning:
            if self.closed:               # stopped meanwhile (a signal, or --jobs stopping every member)
                raise AdapterStartError("not started: the adapter was stopped")
            try:
                if keeper:
                    status_r, status_w = os.pipe()
                self.proc = subprocess.Popen(keeper + [str(status_w), str(os.getpid()), "--"] + self.argv if keeper else self.argv,
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                             cwd=self.cwd, env=env, start_new_session=True, bufsize=0,
                                             pass_fds=(status_w,) if keeper else ())
            except OSError as exc:
                for fd in (status_r, status_w):
                    if fd is not None:
                        os.close(fd)
                raise AdapterStartError(f"cannot run the adapter command {self.command!r}: {exc}") from None
            finally:
                if status_w is not None:
                    os.close(status_w)
        self.kept = bool(keeper)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self._stderr = _StderrTail(self.proc.stderr)
        if keeper:
            self._keeper_status(status_r)

    def _keeper_status(self, fd: int) -> None:
        """Read the keeper's word (``ok <pid>`` or ``error <errno> <message>``, adapters/reaper.py)."""
        data = b""
        try:
            with selectors.DefaultSelector() as sel:
                sel.register(fd, selectors.EVENT_READ)
                deadline = time.monotonic() + max(self.startup_timeout, 10.0)
                while time.monotonic() < deadline:
                    if not sel.select(max(0.0, deadline - time.monotonic())):
                        continue
                    chunk = os.read(fd, 4096)
                    if not chunk:
                        break
                    data += chunk
        finally:
            os.close(fd)
        word = data.decode("utf-8", "replace").split(" ", 2)
        if word[0] == "ok" and len(word) == 2 and word[1].isdigit():
            self.program_pid = int(word[1])
            return
        self._kill()
        if word[0] == "error" and len(word) == 3:
            raise AdapterStartError(f"cannot run the adapter command {self.command!r}: [Errno {word[1]}] {word[2]}: "
                                    f"{self.argv[0]!r}")
        raise AdapterStartError(f"cannot run the adapter command {self.command!r}: its keeper process "
                                f"(adapters/reaper.py) did not start it", self._evidence())

    def _kill(self) -> None:
        """Kill the program, its process group and every process it started (in any session:
        :func:`end_processes`), reap them, and close the pipes."""
        p = self.proc
        self._end_all(p)
        if p is not None:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:  # pragma: no cover - unkillable
                pass
        self._close(p)

    def abort(self) -> None:
        """Kill everything of this adapter now, without waiting or reaping the program (safe to
        call from a signal handler while :meth:`stop` waits: that wait then ends at once).
        Nothing is started after it."""
        self.closed = True
        self._end_all(self.proc)

    def _end_all(self, p) -> None:
        """Kill every process of the program. With its keeper (adapters/reaper.py) alive, the
        program's processes are the keeper's descendants: they are killed first (by the process
        tree, until none is left), then the keeper; the environment mark and (``adopt_orphans``)
        this process's other children find whatever escaped a keeper killed from outside."""
        alive = p is not None and p.returncode is None   # the group leader is not reaped: its pid is not reused
        if alive and self.kept:
            end_processes(self.token, p.pid, self.adopt_orphans)
        if alive:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        end_processes(self.token, p.pid if p is not None else None, self.adopt_orphans)

    def _close(self, p=None) -> None:
        """Close the pipes of ``p`` (default: the current program) and forget it; idempotent,
        and safe when another thread closes it too (``--jobs``: a stop racing a fault)."""
        with self._closing:
            if p is None:
                p = self.proc
            if p is None:
                return
            if self.proc is p:
                self.proc = None
        for fh in (p.stdin, p.stdout):
            try:
                fh.close()
            except (OSError, ValueError):
                pass
        if self._stderr is not None:
            self._stderr.join(timeout=1)
        try:
            p.stderr.close()
        except (OSError, ValueError):
            pass

    def _evidence(self, line: str | None = None, pointer: str | None = None) -> dict:
        """Evidence of a fault: the offending line, the JSON pointer, the exit status, stderr tail."""
        ev: dict = {}
        if line is not None:
            ev["line"] = _short(line)
        if pointer is not None:
            ev["pointer"] = pointer
        if self._stderr is not None:
            p = self.proc
            if p is None or p.returncode is not None:
                self._stderr.join(timeout=0.5)  # the program is gone: let the tail reach EOF
            tail = self._stderr.text()
            if tail:
                ev["stderr"] = tail
        return ev

    def _fault(self, f: "_Fault") -> dict:
        """Kill the program (its process group) and return the evidence of fault ``f``."""
        exited = f.kind == "exit"
        p = self.proc
        if exited and p is not None:
            try:
                p.wait(timeout=1)
            except subprocess.TimeoutExpired:
                exited = False
        status = p.returncode if exited and p is not None else None
        self._kill()
        ev = self._evidence(f.line, f.pointer)
        if exited:
            ev["exit_status"] = status
        return ev

    # -- line I/O -----------------------------------------------------------------------
    def _pipe(self, name: str, p=None) -> int:
        """The descriptor of the program's ``stdin`` / ``stdout`` (of ``p``, default the current
        program); a program already stopped (by another thread: a stop during a scenario) is a
        fault of kind ``exit``, never an AttributeError."""
        p = self.proc if p is None else p
        try:
            return getattr(p, name).fileno()
        except (AttributeError, ValueError):
            raise _Fault("exit", "the adapter was stopped") from None

    def _send(self, obj: dict, deadline: float, p=None) -> None:
        data = (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        fd = self._pipe("stdin", p)
        os.set_blocking(fd, False)
        view = memoryview(data)
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_WRITE)
            while view:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _Fault("timeout", "the adapter did not read its input in time")
                if not sel.select(left):
                    continue
                try:
                    n = os.write(fd, view)
                except BlockingIOError:
                    continue
                except (BrokenPipeError, ConnectionResetError):
                    raise _Fault("exit", "the adapter closed its stdin (exited?)") from None
                view = view[n:]

    def _take_line(self) -> bytes | None:
        """The next complete line of the buffer (without its newline), or None. Only bytes not
        searched before are searched, so a long line is read at pipe speed (linear time)."""
        nl = self._buf.find(b"\n", self._scanned)
        if nl < 0:
            self._scanned = len(self._buf)
            return None
        raw = bytes(self._buf[:nl])
        del self._buf[:nl + 1]
        self._scanned = 0
        return raw

    def _decode(self, raw: bytes) -> str:
        if len(raw) > self.max_line_bytes:
            raise _Fault("oversize", f"the adapter wrote a line of {len(raw)} bytes; the limit is "
                                     f"{self.max_line_bytes}", _show(raw[:EVIDENCE_CHARS]))
        try:
            return raw.decode("utf-8").rstrip("\r")
        except UnicodeDecodeError as exc:
            raise _Fault("not-utf8", f"the adapter wrote a line that is not UTF-8 (byte 0x{raw[exc.start]:02x} at offset "
                                     f"{exc.start}); the protocol is UTF-8 JSON lines", _show(raw[:EVIDENCE_CHARS])) from None

    def _readline(self, deadline: float) -> str:
        p = self.proc
        fd = self._pipe("stdout", p)
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                raw = self._take_line()
                if raw is not None:
                    line = self._decode(raw)
                    if not line.strip():
                        continue
                    return line
                if len(self._buf) > self.max_line_bytes:        # "too long" is decided before "timed out"
                    raise _Fault("oversize", f"the adapter wrote a line longer than the limit of {self.max_line_bytes} "
                                             f"bytes", _show(self._buf[:EVIDENCE_CHARS]))
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _Fault("timeout", "no reply in time", _show(self._buf[:EVIDENCE_CHARS]) or None)
                if not sel.select(min(left, 0.25)):
                    status = p.poll()
                    if status is not None and not sel.select(0.05):
                        raise _Fault("exit", f"the adapter exited with status {status} before replying (a process "
                                             f"it started still holds its stdout open)",
                                     _show(self._buf[:EVIDENCE_CHARS]) or None)
                    continue
                try:
                    chunk = os.read(fd, READ_CHUNK)
                except BlockingIOError:
                    continue
                except OSError:                   # closed by a stop on another thread
                    raise _Fault("exit", "the adapter was stopped") from None
                if not chunk:
                    partial = _show(self._buf[:EVIDENCE_CHARS]) or None
                    try:
                        p.wait(timeout=1)
                    except subprocess.TimeoutExpired:
                        pass
                    status = p.returncode
                    raise _Fault("exit", "the adapter exited" + (f" with status {status}" if status is not None
                                 else " (closed its stdout)") + " before replying", partial)
                self._buf += chunk

    def _unsolicited(self) -> str | None:
        """A line the program wrote after its reply, before being asked anything (already in
        the buffer or the pipe), or None: a second reply is the fault of the scenario it answers."""
        fd = self._pipe("stdout")
        while True:
            try:
                chunk = os.read(fd, READ_CHUNK)
            except (BlockingIOError, OSError):
                break
            if not chunk:
                break
            self._buf += chunk
        text = bytes(self._buf[:EVIDENCE_CHARS])
        return _show(text) if text.strip() else None

    def _message(self, deadline: float, what: str) -> tuple[dict, str]:
        line = self._readline(deadline)
        try:
            msg = json_loads(line)
        except (ValueError, RecursionError) as exc:
            why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            raise _Fault("not-json", f"the adapter's reply to `{what}` is not JSON duelspec can read ({why}){STDOUT_HINT}",
                         line[:EVIDENCE_CHARS]) from None
        if not isinstance(msg, dict):
            raise _Fault("not-json", f"the adapter's reply to `{what}` is not a JSON object{STDOUT_HINT}", line)
        return msg, line

    # -- the Adapter interface ----------------------------------------------------------
    def start(self) -> dict:
        """Start the program and do the handshake; returns the implementation description.

        Raises :class:`AdapterStartError` (with evidence) when it cannot start, exits,
        answers wrongly or not within ``startup_timeout`` seconds; the program is killed then.
        (After :meth:`stop`, only this explicit call starts the program again: the restarts
        after faults do not.)"""
        self.closed = False
        with self._conversation():
            return self._start()

    def _conversation(self):
        """Mark this thread as the one talking to the program (start or run), so that a
        :meth:`stop` from another thread ends the program instead of writing into the
        conversation (``--jobs``: a signal stops every process while scenarios run)."""
        import contextlib

        @contextlib.contextmanager
        def talking():
            with self._talking:
                self._talker = threading.get_ident()
            try:
                yield
            finally:
                with self._talking:
                    self._talker = None
                    self._talking.notify_all()
        return talking()

    def _start(self) -> dict:
        from ..validation import errors_of, pointer
        self._starts += 1
        self._spawn()
        deadline = time.monotonic() + self.startup_timeout
        try:
            self._send({"cmd": "start", "protocol": PROTOCOL_VERSION, "protocols": list(PROTOCOL_VERSIONS)}, deadline)
            msg, line = self._message(deadline, "start")
        except _Fault as f:
            text = (f"the adapter did not answer `start` within {self.startup_timeout:g} s" if f.kind == "timeout"
                    else f"start-up failed: {f}")
            raise AdapterStartError(text, self._fault(f)) from None
        except BaseException:             # interrupted (Ctrl-C, a signal) while starting: leave nothing behind
            self._kill()
            raise
        errs = errors_of(msg, "protocol", "#/$defs/start_reply")
        if errs:
            from jsonschema.exceptions import best_match
            e = best_match(errs)
            ptr = pointer(e.absolute_path)
            ev = self._fault(_Fault("invalid-reply", "", line, ptr))
            raise AdapterStartError(f"<adapter stdout>:{ptr}: the reply to `start` fails the protocol schema "
                                    f"(#/$defs/start_reply): {e.message}", ev)
        self.implementation = msg["implementation"]
        self.protocol = msg["protocol"]          # the version the adapter speaks (1: format-1 scenarios only)
        return self.implementation

    def _not_run(self) -> dict:
        return {"errored": {"message": f"not run: {self.gave_up}", "detail": "adapter gave up"}}

    def run(self, scenario: dict, as_of: str | None = None) -> dict:
        """Play one scenario; returns a reply dict (see the module docstring). Never raises.
        ``as_of`` (ISO date) goes to the adapter in the ``run`` message.

        An adapter that exits with status 0 without a word for this scenario (it exited after
        its previous reply, racing with this request) is restarted and asked once more: a clean
        exit between scenarios is not this scenario's fault (the restart is counted)."""
        with self._conversation():
            reply = self._run_once(scenario, as_of)
            ev = reply.get("errored", {}).get("evidence") or {}
            if (reply is _AGAIN or reply.get("errored", {}).get("detail") == "exit" and ev.get("exit_status") == 0
                    and not ev.get("line") and not self.gave_up and not self.closed):
                reply = self._run_once(scenario, as_of)
        if reply is _AGAIN:
            last = self.late_faults[-1]
            reply = {"errored": {"message": f"not run: twice in a row {last['message']}", "detail": "wrong-seq"}}
        return reply

    def _run_once(self, scenario: dict, as_of: str | None = None) -> dict:
        sid = scenario.get("id", "?")
        if self.gave_up:
            return self._not_run()
        p = self.proc
        if p is not None and p.poll() is not None:
            # it exited after its last reply (without being told to stop): not this scenario's
            # fault — restart it (this counts as a restart) and run the scenario
            self.faults.append((sid, "exited-between-scenarios"))
            self._fault(_Fault("exit", f"the adapter exited with status {p.returncode} between scenarios"))
        if self.proc is None:
            if self._starts > 0:
                if self.restarts >= self.max_restarts:
                    self.gave_up = (f"the adapter failed {len(self.faults)} times; restart limit "
                                    f"({self.max_restarts}) reached, remaining scenarios not run")
                    return self._not_run()
                self.restarts += 1
            try:
                self._start()
            except AdapterStartError as exc:
                self.faults.append((sid, "start"))
                return {"errored": {"message": f"the adapter could not be (re)started: {exc}", "detail": "start-up failed",
                                    "evidence": exc.evidence}}
        self._seq += 1
        seq = self._seq
        deadline = time.monotonic() + self.timeout
        try:
            self._send({"cmd": "run", "seq": seq, **({"as_of": as_of} if as_of else {}), "scenario": scenario}, deadline)
            msg, line = self._message(deadline, "run")
        except MemoryError:
            return self._runner_out_of_memory(sid)
        except _Fault as f:
            self.faults.append((sid, f.kind))
            ev = self._fault(f)
            if f.kind == "timeout":
                return {"timed-out": {"message": f"no reply within {self.timeout:g} s; the adapter's process group "
                                                 f"was killed", "detail": "timeout", "evidence": ev}}
            return {"errored": {"message": str(f), "detail": f.kind, "evidence": ev}}
        if msg.get("seq") != seq:
            got = msg.get("seq")
            earlier = self._answered.get(got) if isinstance(got, int) and not isinstance(got, bool) else None
            if earlier is not None:
                # a second reply to an earlier request: that scenario's fault (its result is already
                # given; the run records it and fails); this scenario is asked again on a fresh program
                self.faults.append((earlier, "duplicate-reply"))
                ev = self._fault(_Fault("wrong-seq", "", line, "/seq"))
                self.late_faults.append({"id": earlier, "kind": "duplicate-reply", "evidence": ev,
                                         "message": f"the adapter sent a second reply to seq {got} (scenario {earlier}) "
                                                    f"while scenario {sid} was running"})
                return _AGAIN
            self.faults.append((sid, "wrong-seq"))
            ev = self._fault(_Fault("wrong-seq", "", line, "/seq"))
            return {"errored": {"message": f"<adapter stdout>:/seq: expected seq {seq}, got {got!r}", "detail": "wrong-seq",
                                "evidence": ev}}
        extra = self._unsolicited()
        if extra is not None:
            self.faults.append((sid, "extra-output"))
            ev = self._fault(_Fault("extra-output", "", extra))
            return {"errored": {"message": f"<adapter stdout>: the adapter wrote more than its one reply to seq {seq} "
                                           f"(a second reply, or other output on stdout)", "detail": "extra-output",
                                "evidence": ev}}
        self._answered[seq] = sid
        if len(self._answered) > 64:
            self._answered.pop(next(iter(self._answered)))
        try:
            bad = _reply_error(msg)
        except MemoryError:
            msg = line = None
            return self._runner_out_of_memory(sid)
        if bad:  # a well-formed line with the right seq: the conversation is still in step, no restart
            ptr, text = bad
            self.faults.append((sid, "invalid-reply"))
            return {"errored": {"message": f"<adapter stdout>:{ptr}: {text}", "detail": "invalid-reply",
                                "evidence": self._evidence(line, ptr)}}
        msg.pop("seq")
        return msg

    def _runner_out_of_memory(self, sid: str) -> dict:
        """This process (the runner) ran out of memory reading or checking the reply: the runner's
        failure, never the engine's (``detail: "runner"``). The program is ended (the conversation
        is out of step) and started afresh for the next scenario; the restart is not its fault."""
        size = len(self._buf)
        self._buf = bytearray()
        self._kill()
        self._starts = 0                   # the next start is not counted as a restart of the program
        return {"errored": {"message": f"duelspec itself ran out of memory while reading or checking the adapter's "
                                       f"reply ({size} bytes still unread): the runner's failure, not the engine's; "
                                       f"run with fewer --jobs or more memory (docs/adapters.md, \"Memory\")",
                            "detail": "runner"}}

    def stop(self, grace: float = 2.0) -> int | None:
        """Send ``stop`` and wait up to ``grace`` seconds for the program to exit; then kill
        its process group (grandchildren included). Returns the program's exit status, or
        None when it had to be killed (or was not running); also kept as ``exit_status``.

        Safe from any thread while another plays a scenario (``--jobs`` and a signal): then the
        program is killed at once (it would not read ``stop`` before its reply), the playing
        thread records that as its fault, and nothing is started any more."""
        self.exit_status = None
        with self._spawning:
            self.closed = True            # no restart after this (another thread may be playing a scenario)
        with self._talking:
            busy = self._talker is not None and self._talker != threading.get_ident()
        if busy:
            self._end_all(self.proc)      # the other thread sees its program end, records it and closes
            with self._talking:
                self._talking.wait_for(lambda: self._talker is None, timeout=5)
        p = self.proc
        if p is None or busy:
            self._kill()                  # still: anything an earlier program left behind
            return None
        try:
            self._send({"cmd": "stop"}, time.monotonic() + grace, p)
            p.stdin.close()
            self.exit_status = p.wait(timeout=grace)
        except (_Fault, OSError, ValueError, subprocess.TimeoutExpired):
            pass
        self._kill()
        return self.exit_status

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def _reply_error(msg: dict) -> tuple[str, str] | None:
    """``(JSON pointer, what was expected)`` when a run reply fails the protocol schema, else None."""
    from jsonschema.exceptions import best_match
    from ..validation import errors_of, is_valid, pointer
    if is_valid(msg, "protocol", "#/$defs/run_reply"):
        return None                    # the common case: one fast check; the analysis below is for faults
    kinds = [k for k in ("trace", "skipped", "errored") if k in msg]
    extra = sorted(set(msg) - {"seq", "trace", "skipped", "errored"})
    if len(kinds) != 1:
        return "/", f"expected exactly one of `trace`, `skipped`, `errored` next to `seq`, got the keys {sorted(msg)}"
    if extra:
        return f"/{extra[0]}", f"expected no property other than `seq` and `{kinds[0]}`, got {extra}"
    if kinds[0] == "trace":  # the oneOf would hide the useful error: validate the branch directly
        errs = errors_of(msg["trace"], "trace")
        if errs:
            from ..validation import all_errors
            e = best_match(errs)
            return "/trace" + (pointer(e.absolute_path) if e.absolute_path else ""), \
                f"the trace fails the trace schema ({len(errs)} error{'s' if len(errs) != 1 else ''}): {all_errors(errs, '/trace')}"
    errs = errors_of(msg, "protocol", "#/$defs/run_reply")
    if not errs:
        return None
    e = best_match(errs)
    return pointer(e.absolute_path), f"the reply fails the protocol schema (#/$defs/run_reply): {e.message}"


# -- what the adapter started: found and ended, wherever it went --------------------------------

TOKEN_VAR = "DUELSPEC_ADAPTER_TOKEN"   # set in the adapter's environment; its descendants inherit it
PR_SET_CHILD_SUBREAPER = 36            # <linux/prctl.h>


KEEPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reaper.py")


def keeper_argv() -> list[str]:
    """The command line that starts a program under its keeper (adapters/reaper.py: the program's
    processes are exactly the keeper's descendants), or ``[]`` where there is none (not Linux,
    no Python executable to run it, or ``DUELSPEC_NO_KEEPER=1``: the program is started directly,
    and the environment mark and the subreaper find what it leaves)."""
    import sys
    if (not sys.platform.startswith("linux") or not sys.executable or not os.path.isfile(KEEPER)
            or os.environ.get("DUELSPEC_NO_KEEPER") == "1"):
        return []
    return [sys.executable, "-I", "-S", KEEPER]


def become_subreaper() -> bool:
    """Make this process the Linux *child subreaper* of its descendants (``prctl(
    PR_SET_CHILD_SUBREAPER, 1)`` through ctypes): a process the adapter started whose parent
    dies (a daemon that double-forks, a helper that called ``setsid()``) is re-parented to
    this process instead of init, so it can be found, killed and reaped. False where
    unavailable (then the environment mark alone finds such processes)."""
    import ctypes
    import sys
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _pids() -> list[int]:
    try:
        return [int(n) for n in os.listdir("/proc") if n.isdigit()]
    except OSError:
        return []


def _stat(pid: int) -> tuple[int, str] | None:
    """``(parent pid, state letter)`` of ``pid`` from ``/proc`` (None when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            rest = fh.read().rsplit(b")", 1)[1].split()
        return int(rest[1]), rest[0].decode()
    except (OSError, IndexError, ValueError):
        return None


def _alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[1] not in ("Z", "X")


def _marked(pid: int, mark: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as fh:
            return mark in fh.read().split(b"\0")
    except OSError:                      # gone, or another user's process
        return False


def run_processes(token: str, root: int | None = None, adopted: bool = False, var: str = TOKEN_VAR) -> set[int]:
    """The live processes of an adapter run: those below ``root`` by parent links (any session
    or process group), those whose environment carries ``TOKEN_VAR=token``, and (``adopted``)
    every other child of this process (orphans re-parented to it as subreaper). ``var``: the
    environment variable that carries the mark."""
    me, mark = os.getpid(), f"{var}={token}".encode()
    stats = {pid: _stat(pid) for pid in _pids() if pid != me}
    stats = {pid: st for pid, st in stats.items() if st is not None and st[1] not in ("Z", "X")}
    found = {pid for pid in stats if _marked(pid, mark)}
    if adopted:
        found |= {pid for pid, st in stats.items() if st[0] == me and pid != root}
    if root is not None:
        children = collections.defaultdict(list)
        for pid, st in stats.items():
            children[st[0]].append(pid)
        todo = [root]
        while todo:
            for c in children.get(todo.pop(), ()):
                if c not in found:
                    found.add(c)
                    todo.append(c)
    found.discard(root)
    return found


def end_processes(token: str, root: int | None = None, adopted: bool = False, rounds: int = 50,
                  var: str = TOKEN_VAR) -> set[int]:
    """SIGKILL every process of :func:`run_processes` until none is left (one that forks while
    being killed is found again), then reap those that became this process's children, so no
    zombie of theirs stays. Returns the pids killed. Linux (``/proc``); elsewhere a no-op."""
    if not os.path.isdir("/proc/self"):
        return set()
    killed: set[int] = set()
    for _ in range(rounds):
        found = run_processes(token, root, adopted, var)
        if not found:
            break
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        killed |= found
        time.sleep(0.002)
    me, deadline = os.getpid(), time.monotonic() + 2
    waiting = {p for p in killed if (_stat(p) or (0, ""))[0] == me}
    while waiting and time.monotonic() < deadline:
        for pid in list(waiting):
            try:
                if os.waitpid(pid, os.WNOHANG)[0] == pid:
                    waiting.discard(pid)
            except (ChildProcessError, OSError):
                waiting.discard(pid)
        if waiting:
            time.sleep(0.005)
    return killed
