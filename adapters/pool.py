"""``--jobs N``: N processes of one ``cmd:`` adapter playing scenarios in parallel.

:class:`AdapterPool` looks like one adapter to the runner (``start``, ``stop``, ``abort``,
``restarts``, ``gave_up``, ``late_faults``) and adds :meth:`AdapterPool.run_many`, which plays
scenarios on whichever process is free and yields their results **in scenario order**, so the
result stream, the reports and the exit status are the same as with one process. Each process
keeps its own time-outs, restarts and fault evidence (:class:`~duelspec.adapters.process.ProcessAdapter`);
a process that gives up (too many restarts) takes no more scenarios, the others go on, and the
run is stopped early only when every process gave up.

While several processes run, one process's clean-up must not kill another: their members do not
adopt orphans one by one; the pool ends every orphan once all of its processes are stopped.
"""
from __future__ import annotations

import queue
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Iterable, Iterator


class AdapterPool:
    """``factory()`` makes one process adapter; ``jobs`` of them are started (in parallel)."""

    def __init__(self, factory: Callable, jobs: int):
        if jobs < 2:
            raise ValueError("an adapter pool needs at least 2 jobs")
        self.members = [factory() for _ in range(jobs)]
        self.jobs = jobs
        self._adopt = False
        self.implementation: dict = {}

    # -- one adapter to the runner --------------------------------------------------------
    @property
    def adopt_orphans(self) -> bool:
        return self._adopt

    @adopt_orphans.setter
    def adopt_orphans(self, value: bool) -> None:
        self._adopt = bool(value)          # acted on by stop(), once no member is alive

    @property
    def restarts(self) -> int:
        return sum(getattr(m, "restarts", 0) or 0 for m in self.members)

    @property
    def gave_up(self) -> str | None:
        reasons = [getattr(m, "gave_up", None) for m in self.members]
        return reasons[0] if reasons and all(reasons) else None

    @property
    def protocol(self) -> int | None:
        """The adapter-protocol version the processes answered (the lowest, should they differ;
        ``None`` before they started)."""
        spoken = [m.protocol for m in self.members if getattr(m, "protocol", None) is not None]
        return min(spoken) if spoken else None

    @property
    def late_faults(self) -> list:
        return [f for m in self.members for f in (getattr(m, "late_faults", None) or [])]

    def start(self) -> dict:
        """Start every process at once; the first failure is raised (the others are stopped).
        Every process must describe the same implementation (name and version)."""
        ex = ThreadPoolExecutor(max_workers=self.jobs)
        try:
            futures = [ex.submit(m.start) for m in self.members]
            errors = [f.exception() for f in futures]
        except BaseException:
            # a signal (KeyboardInterrupt) while the processes start: end them now; waiting for
            # the executor would wait for every start-up to finish (up to --startup-timeout)
            self.abort()
            ex.shutdown(wait=False, cancel_futures=True)
            raise
        ex.shutdown(wait=True)
        failed = next((e for e in errors if e is not None), None)
        if failed is not None:
            self.stop()
            raise failed
        impls = [f.result() for f in futures]
        first = impls[0] or {}
        for i, impl in enumerate(impls[1:], 2):
            if (impl or {}).get("name") != first.get("name") or (impl or {}).get("version") != first.get("version"):
                self.stop()
                from .process import AdapterStartError
                raise AdapterStartError(f"--jobs: process {i} describes another implementation than process 1 "
                                        f"({(impl or {}).get('name')} {(impl or {}).get('version')} vs "
                                        f"{first.get('name')} {first.get('version')})", {})
        self.implementation = first
        return first

    def run(self, scenario: dict) -> dict:
        """One scenario on the first member (the runner uses :meth:`run_many`)."""
        return self.members[0].run(scenario)

    def run_many(self, scenarios: Iterable[dict], play: Callable) -> Iterator[dict]:
        """``play(scenario, adapter)`` on a free member for every scenario; what it returns is
        yielded in scenario order as soon as it and all before it are known. The member is free
        again as soon as ``play`` returns: the runner's ``play`` only plays
        (:func:`duelspec.runner.play_one`) and the caller judges what it yields, so a process never
        waits for the judging of its last reply. At most ``2 * jobs`` scenarios are in flight or
        waiting to be yielded (memory stays flat)."""
        free: queue.Queue = queue.Queue()
        for m in self.members:
            free.put(m)

        def task(s):
            while True:
                m = free.get()
                if getattr(m, "gave_up", None) and not all(getattr(x, "gave_up", None) for x in self.members):
                    continue                  # a member that gave up takes no more scenarios: not put back
                try:
                    return play(s, m)
                finally:
                    free.put(m)

        ex = ThreadPoolExecutor(max_workers=self.jobs, thread_name_prefix="duelspec-job")
        window: list = []
        try:
            for s in scenarios:
                window.append(ex.submit(task, s))
                while len(window) >= 2 * self.jobs or (window and window[0].done()):
                    yield window.pop(0).result()
            while window:
                yield window.pop(0).result()
        finally:
            for f in window:
                f.cancel()
            ex.shutdown(wait=False, cancel_futures=True)

    def abort(self) -> None:
        for m in self.members:
            abort = getattr(m, "abort", None)
            if abort is not None:
                abort()

    def stop(self) -> None:
        """Stop every process (in parallel; safe while worker threads still play scenarios: those
        processes are killed), then end whatever orphan any of them left, also when a member's
        stop failed (its error is raised after that)."""
        errors: list = []

        def stop_one(m):
            try:
                m.stop()
            except Exception as exc:  # one member's failure must not leave the others running
                errors.append(exc)
                abort = getattr(m, "abort", None)
                if abort is not None:
                    abort()
        try:
            with ThreadPoolExecutor(max_workers=self.jobs) as ex:
                list(ex.map(stop_one, self.members))
        finally:
            if self._adopt:
                from .process import end_processes
                end_processes("no-token-" + str(id(self)), None, adopted=True)
        if errors:
            raise errors[0]
