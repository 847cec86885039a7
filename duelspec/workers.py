"""``duelspec run --jobs N`` as N worker processes (issue 37): each loads, plays and judges its part
of the scenarios on an adapter process of its own; this process merges their results into the stream
of one process.

One runner process judging for N adapter processes caps the speed-up near 1.7x (the runner's own
work, loading, validating, generating and judging, is serial). :class:`Workers` instead forks N
workers (:mod:`multiprocessing`, the ``fork`` start method: no import again); worker ``k`` loads
only part ``k`` of the selection (:func:`duelspec.selection.load` ``part``: a partition by a hash of
the id, so every worker sees every duplicate of its ids), starts its own adapter (a
:class:`~duelspec.adapters.process.ProcessAdapter`, with its own time-outs and restarts) and runs its
part (:class:`duelspec.runner.Run`, expect-fail applied there), sending each result with its key;
:meth:`Workers.results` merges them by key (:func:`heapq.merge`), which is the order of one process:
the stream, the reports and the exit status are those of ``--jobs 1``.

To the session it is one adapter and one run (``start``, ``results``, ``stop``, ``abort``,
``restarts``, ``late_faults``, ``protocol``, ``stopped_early``, ``reason``). Signals are the
parent's: a worker ignores SIGINT, SIGTERM and SIGHUP (a terminal's Ctrl-C reaches the whole
process group) and is told to stop (SIGUSR1: it stops its adapter and reports); :meth:`abort` kills
the workers, whose adapters' keepers end what they started, and this process (a child subreaper)
ends whatever else is left once they are gone. A start-up that fails in any worker fails the run's
start as one process would (the first worker's failure, its evidence on the first scenario).
"""
from __future__ import annotations

import heapq
import os
import signal
import sys
from collections import deque

#: the signals a worker ignores (the parent acts on them) and the one that tells it to stop
PARENT_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
STOP_SIGNAL = "SIGUSR1"
#: how many results of a worker ahead of the merge are taken from its pipe and kept here, at most
AHEAD = 512


def available() -> bool:
    """Whether worker processes can be forked here (Linux and other POSIX systems with ``fork``)."""
    import multiprocessing
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


class _StartFailed(Exception):
    """The run's start-up failure as a worker is told it (the reason, and the evidence for the first scenario)."""

    def __init__(self, reason: str, evidence):
        super().__init__(reason)
        self.evidence = evidence


#: ``DUELSPEC_JOBS_PROFILE=DIR``: each worker's cProfile written to ``DIR/worker-K.prof`` (benchmarks/README.md, "--jobs")
PROFILE_VAR = "DUELSPEC_JOBS_PROFILE"


def _profiled(conn, k: int, *args) -> None:
    import cProfile
    prof = cProfile.Profile()
    try:
        prof.runcall(_work, conn, k, *args)
    finally:
        prof.dump_stats(os.path.join(os.environ[PROFILE_VAR], f"worker-{k + 1}.prof"))


def _stop_here(signum, frame):
    raise KeyboardInterrupt


def _die_with_parent() -> None:
    """The worker is killed when this process dies (``prctl(PR_SET_PDEATHSIG, SIGKILL)``): its adapter's
    keeper then ends the adapter (adapters/reaper.py)."""
    import ctypes
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _work(conn, k: int, n: int, load_args: dict, adapter_args: tuple, xf: dict, day: str, keep_traces) -> None:
    """Worker ``k`` of ``n`` (in the forked process): load part ``k``, start its adapter, run the part, report.

    Its messages, in order: ``("loaded", count, games, formats)``, ``("started", implementation,
    protocol, start-up failure or None, its evidence, the key of its first scenario)``, then (told
    ``("go",)`` or ``("fail", reason, evidence)``) ``("notices", [(key, line)])``, ``("result", key,
    result)`` per error and scenario, ``("done", restarts, late faults, stopped early, reason, --keep-traces
    failure)``; ``("crash", traceback)`` for a fault of its own."""
    for name in PARENT_SIGNALS:
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    signal.signal(getattr(signal, STOP_SIGNAL), _stop_here)
    _die_with_parent()
    adapter = run = keeper = None
    try:
        try:
            from .adapters import make_adapter
            from .runner import Run, TraceKeeper
            from .selection import load
            scenarios, errors, (ekeys, skeys) = load(**load_args, lazy=True, part=(k, n))
            conn.send(("loaded", len(scenarios) + len(errors), set(scenarios.games), set(scenarios.formats)))
            adapter = make_adapter(*adapter_args)
            adapter.adopt_orphans = True              # every child of a worker is its adapter's
            keeper = TraceKeeper(keep_traces) if keep_traces is not None else None
            run = Run(adapter, expect_fail=xf, as_of=day, keep=keeper)
            impl = run.start()
            err = run.start_error
            conn.send(("started", impl, getattr(adapter, "protocol", None), run.reason if err is not None else None,
                       getattr(err, "evidence", None), skeys[0] if skeys else None))
            go = conn.recv()
            notices = []
            if go[0] == "fail":                        # this worker or another did not start: none plays
                _stop(adapter)
                run.start_error, run.stopped_early, run.reason = _StartFailed(go[1], go[2]), True, go[1]
            elif 1 in scenarios.formats:
                from .migrate import for_adapter
                scenarios = list(scenarios)           # (as one process: format-1 documents are migrated in memory)
                ones = [key for key, s in zip(skeys, scenarios) if isinstance(s, dict) and s.get("format") == 1]
                scenarios, lines = for_adapter(scenarios, getattr(adapter, "protocol", None))
                notices = list(zip(ones, lines))      # a notice per format-1 document, in order (none for protocol 1)
            conn.send(("notices", notices))
            for key, r in zip(ekeys + skeys, run.results(scenarios, errors)):
                conn.send(("result", key, r))
        except KeyboardInterrupt:                      # told to stop (SIGUSR1)
            pass
        finally:
            try:
                signal.signal(getattr(signal, STOP_SIGNAL), signal.SIG_IGN)   # the stop and the report: whole
            except (ValueError, OSError):
                pass
            _stop(adapter)
        _report_cpu(k)
        conn.send(("done", getattr(adapter, "restarts", 0) or 0, list(getattr(adapter, "late_faults", None) or []),
                   bool(run is not None and run.stopped_early), run.reason if run is not None else None,
                   keeper.failed if keeper is not None else None))
    except (BrokenPipeError, EOFError, OSError):       # the parent went away
        pass
    except BaseException:                              # a fault of duelspec's own: the parent raises it
        import traceback
        try:
            conn.send(("crash", traceback.format_exc(limit=12)))
        except (BrokenPipeError, OSError):
            pass
    finally:
        conn.close()


#: ``DUELSPEC_JOBS_CPU=FILE``: each worker appends a JSON line with its CPU time and its adapter's (benchmarks/bench.py)
CPU_VAR = "DUELSPEC_JOBS_CPU"


def _report_cpu(k: int) -> None:
    path = os.environ.get(CPU_VAR)
    if path:
        import json
        import resource
        me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"worker": k + 1, "worker_cpu_s": round(me.ru_utime + me.ru_stime, 3),
                                 "adapter_cpu_s": round(kids.ru_utime + kids.ru_stime, 3)}) + "\n")


def _stop(adapter) -> None:
    if adapter is not None:
        from .stopping import stop_adapter
        stop_adapter(adapter)


class Workers:
    """``jobs`` worker processes as one run and one adapter to the session (see the module docstring).

    :meth:`load` forks them and waits for their parts (``selected``, ``games``, ``formats``);
    :meth:`start` waits for their adapters (the implementation, or ``start_error``); :meth:`results`
    merges their results; :meth:`stop` ends them (:meth:`abort` at once)."""

    def __init__(self, jobs: int, load_args: dict, adapter_args: tuple, expect_fail: dict, as_of: str, keep_traces=None):
        self.jobs, self.load_args, self.adapter_args = jobs, load_args, adapter_args
        self.expect_fail, self.as_of, self.keep_traces = expect_fail, as_of, keep_traces
        self.procs: list = []
        self.conns: list = []
        self.inbox: list = []               # per worker: messages received, not yet taken
        self.done: list = []                # per worker: its "done" message, once received
        self.selected = 0
        self.games: set = set()
        self.formats: set = set()
        self.implementation: dict = {}
        self.protocol = None
        self.start_error: Exception | None = None
        self.stopped_early = False
        self.reason: str | None = None
        self.notices: list = []
        self.adopt_orphans = False          # also end every other child of this process once the workers are gone
        self.stopped = False

    @property
    def adapter(self) -> "Workers":
        """The run's adapter (as :attr:`duelspec.runner.Run.adapter`): the workers."""
        return self

    # -- the workers' messages ---------------------------------------------------------------
    def _pump(self, want: int) -> None:
        """Receive until worker ``want`` has a message waiting (the other ready workers' messages are taken
        meanwhile, up to :data:`AHEAD` each, so that a worker ahead of the others neither waits on a full
        pipe at once nor fills this process's memory)."""
        from multiprocessing.connection import wait
        while not self.inbox[want]:
            ready = wait([c for i, c in enumerate(self.conns)
                          if c is not None and (i == want or len(self.inbox[i]) < AHEAD)])
            for c in ready:
                i = self.conns.index(c)
                try:
                    msg = c.recv()
                except (EOFError, OSError):
                    self.conns[i] = None
                    c.close()
                    msg = ("gone", self.procs[i].exitcode if self.procs[i] is not None else None)
                self.inbox[i].append(msg)

    def _take(self, i: int, *kinds: str):
        self._pump(i)
        msg = self.inbox[i].popleft()
        if msg[0] == "crash":
            raise RuntimeError(f"--jobs: worker {i + 1} failed:\n{msg[1]}")
        if msg[0] == "gone":
            raise RuntimeError(f"--jobs: worker {i + 1} ended unexpectedly (exit status {self.procs[i].exitcode})")
        if msg[0] not in kinds:
            raise RuntimeError(f"--jobs: worker {i + 1} sent {msg[0]!r}, expected {' or '.join(kinds)}")
        return msg

    # -- a run ----------------------------------------------------------------------------------
    def load(self) -> int:
        """Fork the workers; each loads its part. Returns how many scenarios and errors were selected."""
        import multiprocessing
        from .adapters.process import become_subreaper
        become_subreaper()                  # what a killed worker's adapter leaves is re-parented here
        from . import runner  # noqa: F401  (imported once, here: every worker inherits it)
        from .adapters import process  # noqa: F401
        from .selection import prepare
        prepare(**self.load_args)           # what every part would repeat
        ctx = multiprocessing.get_context("fork")
        for k in range(self.jobs):
            mine, theirs = ctx.Pipe(duplex=True)
            p = ctx.Process(target=_profiled if os.environ.get(PROFILE_VAR) else _work, name=f"duelspec-job-{k + 1}", daemon=False,
                            args=(theirs, k, self.jobs, self.load_args, self.adapter_args, self.expect_fail,
                                  self.as_of, self.keep_traces))
            self.procs.append(p)
            self.conns.append(mine)
            self.inbox.append(deque())
            self.done.append(None)
            p.start()
            theirs.close()
        for k in range(self.jobs):
            _, count, games, formats = self._take(k, "loaded")
            self.selected += count
            self.games |= games
            self.formats |= formats
        return self.selected

    def start(self) -> dict:
        """Wait for every worker's adapter; a failure of any fails the start of all (the first worker's,
        as :class:`~duelspec.adapters.pool.AdapterPool` does). Returns the implementation (``{}`` then)."""
        started = [self._take(k, "started") for k in range(self.jobs)]
        failed = next((m for m in started if m[3] is not None), None)
        impls = [m[1] or {} for m in started]
        if failed is None:
            first = impls[0]
            for i, impl in enumerate(impls[1:], 2):
                if impl.get("name") != first.get("name") or impl.get("version") != first.get("version"):
                    failed = (None, None, None, f"the adapter did not start: --jobs: process {i} describes another "
                              f"implementation than process 1 ({impl.get('name')} {impl.get('version')} vs "
                              f"{first.get('name')} {first.get('version')})", {}, None)
                    break
        if failed is None:
            from .text import bound
            self.implementation = bound(first) if isinstance(first, dict) else first
            spoken = [m[2] for m in started if m[2] is not None]
            self.protocol = min(spoken) if spoken else None
            for k in range(self.jobs):
                self.conns[k].send(("go",))
        else:
            self.start_error, self.stopped_early, self.reason = _StartFailed(failed[3], failed[4]), True, failed[3]
            firsts = [(m[5], k) for k, m in enumerate(started) if m[5] is not None]
            holder = min(firsts)[1] if firsts else None         # the worker with the run's first scenario
            for k in range(self.jobs):
                self.conns[k].send(("fail", failed[3], failed[4] if k == holder else None))
        for k in range(self.jobs):
            self.notices += self._take(k, "notices")[1]
        self.notices = [line for _, line in sorted(self.notices)]
        return self.implementation

    def _stream(self, k: int):
        while True:
            msg = self._take(k, "result", "done")
            if msg[0] == "done":
                self.done[k] = msg
                return
            yield msg[1], msg[2]

    def results(self, scenarios=None, errors=()):
        """Every worker's results merged in the order of one process (their keys)."""
        for _, r in heapq.merge(*(self._stream(k) for k in range(self.jobs)), key=lambda x: x[0]):
            yield r
        reasons = [d[4] for d in self.done if d is not None and d[3]]
        if reasons and not self.stopped_early:
            self.stopped_early, self.reason = True, reasons[0]

    # -- one adapter to the session ---------------------------------------------------------------
    @property
    def restarts(self) -> int:
        return sum(d[1] for d in self.done if d is not None)

    @property
    def late_faults(self) -> list:
        return [f for d in self.done if d is not None for f in d[2]]

    @property
    def keep_failed(self) -> str | None:
        return next((d[5] for d in self.done if d is not None and d[5]), None)

    def abort(self) -> None:
        """End every worker at once (a second signal while stopping)."""
        for p in self.procs:
            if p.pid is not None and p.exitcode is None:
                try:
                    os.kill(p.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass

    def stop(self, grace: float = 10.0) -> None:
        """Tell every worker still running to stop (it stops its adapter and reports), wait up to ``grace``
        seconds for them, kill those left, then end whatever orphan is left below this process."""
        import time
        if self.stopped:
            return
        self.stopped = True
        for k, p in enumerate(self.procs):
            if self.done[k] is None and p.pid is not None and p.exitcode is None:
                try:
                    os.kill(p.pid, getattr(signal, STOP_SIGNAL))
                except (ProcessLookupError, PermissionError):
                    pass
        deadline = time.monotonic() + grace
        try:
            for k in range(len(self.procs)):   # their last messages (restarts, late faults): until each pipe ends
                while self.conns[k] is not None and self.done[k] is None and time.monotonic() < deadline:
                    if self.inbox[k]:
                        msg = self.inbox[k].popleft()
                        if msg[0] == "done":
                            self.done[k] = msg
                        continue
                    if not self.conns[k].poll(max(0.0, deadline - time.monotonic())):
                        break
                    try:
                        self.inbox[k].append(self.conns[k].recv())
                    except Exception:           # the pipe ended, or a message cut by the stop
                        self.conns[k].close()
                        self.conns[k] = None
            for p in self.procs:
                p.join(max(0.0, deadline - time.monotonic()))
        finally:
            self.abort()
            for p in self.procs:
                p.join(5)
            for c in self.conns:
                if c is not None:
                    c.close()
            if self.adopt_orphans:
                from .adapters.process import end_processes
                end_processes("no-token-" + str(id(self)), None, adopted=True)


class Selection:
    """The selection of a run on :class:`Workers` (``RunOutcome.scenarios``): its ``games`` and ``formats``
    as the workers loaded them; iterating it loads the scenarios here (the run did not)."""

    def __init__(self, load_args: dict, pool: Workers):
        self.load_args, self.games, self.formats, self.count = load_args, pool.games, pool.formats, pool.selected

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        from .selection import load
        return iter(load(**self.load_args, lazy=True)[0])
