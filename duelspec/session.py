"""One run of the suite with its outputs, as ``duelspec run`` does it (:func:`run`).

In the order a run meets them: the inputs and outputs are checked before anything starts
(:func:`duelspec.files.check_outputs`, :func:`duelspec.selection.check_paths` …: a
:class:`duelspec.errors.UsageError` or :class:`~duelspec.errors.InputError`); the result stream
(``--out``) is locked; the scenarios are loaded and selected (:func:`duelspec.selection.load`;
nothing selected is :class:`~duelspec.errors.NotRun`); the adapter is built
(:func:`duelspec.adapters.make_adapter`) and started; each result is counted and written whole
(:class:`duelspec.stopping.Stopper`: a signal at any moment stops the run in order); the adapter
is stopped; the footer and the reports (JUnit, Markdown, expect-fail) are written. What could not
be written is returned with the results (:class:`RunOutcome`), nothing already computed is lost.
The caller shows the outcome (the ``duelspec`` command: a table, the verdict, an exit status).
"""
from __future__ import annotations

import contextlib
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .errors import InputError, NotRun, UsageError
from .files import check_outputs, is_epipe, open_locked, quiet_stdout, scenario_inputs, truncate_regular, write_output
from .selection import check_paths, check_requires, load, nothing_selected, parse_shard
from .stopping import Stopper, stop_adapter
from . import workers

__all__ = ["RunRequest", "RunOutcome", "run"]


@dataclass
class RunRequest:
    """What to run and where to write it (the options of ``duelspec run``)."""
    paths: tuple = ()
    games: tuple = ()
    rulings: tuple = ()
    ids: tuple = ()
    tags: tuple = ()
    requires: tuple = ()
    generated: bool = False
    adapter_spec: str = "reference"
    timeout: float = 30.0
    startup_timeout: float = 10.0
    max_restarts: int = 5
    jobs: int = 1
    shard: str | None = None
    run_id: str | None = None               # with a shard: the run it belongs to (duelspec.ci.shard_run)
    as_of: str | None = None
    out: Path | None = None
    junit: Path | None = None
    markdown: Path | None = None
    expect_fail: Path | None = None
    write_expect_fail: Path | None = None
    keep_traces: Path | None = None         # every reply kept whole in this folder (runner.TraceKeeper)
    stream_to_stdout: bool = False          # the result stream on stdout too (``--format json``)
    keep_results: bool = True               # RunOutcome.results holds every result (the reports asked for keep them anyway)


@dataclass
class RunOutcome:
    """A finished run: the stream's header, results and footer, the tally, the adapter's
    implementation, the expect-fail entries used, and the outputs that could not be written.
    ``results``: every result when the request keeps them (``keep_results``) or a report needs
    them (JUnit, Markdown, expect-fail), else none (the stream has them: the run's memory stays
    flat); ``scenarios``: the selection (:class:`duelspec.selection.Documents`: iterating it reads
    the scenario documents again); ``games``: the games selected; ``stale``: the expect-fail
    entries that named no scenario of the run (a generated chain's only when the run selected them)."""
    head: dict
    results: list
    foot: dict
    tally: object
    impl: dict
    scenarios: object
    expect_fail: dict
    shard: dict | None
    as_of: str | None                       # the date judged by when one was given (or a shard's run fixed it)
    unwritten: list = field(default_factory=list)
    stdout_gone: bool = False               # stdout's reader went away (``| head``)
    games: set = field(default_factory=set)
    stale: list = field(default_factory=list)

    def passed(self) -> bool:
        """The run's verdict: everything executed passed (or xfailed), it completed, and no adapter
        fault was found after a result had been given. One shard (``--shard K/N``) that executed
        nothing (all skipped up front) is not a failure by itself: the merged report of every shard
        (``duelspec summary``) judges the whole run."""
        t, foot = self.tally, self.foot
        if t.passed(foot):
            return True
        return self.shard is not None and not t.executed \
            and not any(t.counts[o] for o in ("failed", "errored", "timed-out", "xpassed")) \
            and not foot.get("stopped_early") and not foot.get("late_faults")


def run(request: RunRequest, stopper: Stopper, warn: Callable[[str], None] = lambda message: None,
        progress: Callable[[int], contextlib.AbstractContextManager] | None = None,
        notice: Callable[[str], None] = lambda message: None) -> RunOutcome:
    """Run ``request`` under ``stopper`` (installed by the caller); ``warn`` receives warnings
    before the run starts, ``notice`` a line per format-1 document migrated on load once the adapter
    said its protocol, ``progress(total)`` a context that yields ``advance(tally)``, called
    after each result. Raises :class:`UsageError` / :class:`InputError` (bad input: nothing runs,
    ``--out`` is left as it was) and :class:`NotRun` (nothing selected, interrupted before the start)."""
    stopper.hold()                  # (if the caller did not) until the stream is open: then a signal stops the run
    from .judging import expectfail
    from .adapters import check_jobs, make_adapter
    from .judging.asof import today
    from .reporting.report import JsonLines, Tally, header, stale_install_warning
    from .runner import Run
    r = request
    as_of = r.as_of
    try:
        xf = expectfail.load(r.expect_fail) if r.expect_fail else {}
        check_outputs(inputs={"--expect-fail": r.expect_fail, **scenario_inputs(r.paths)},
                      keep={(r.expect_fail, r.write_expect_fail)} if r.expect_fail and r.write_expect_fail else set(),
                      folders={"keep_traces": r.keep_traces},
                      out=r.out, junit=r.junit, markdown=r.markdown, write_expect_fail=r.write_expect_fail)
        check_paths(r.paths)
        check_requires(r.requires)
        if not r.adapter_spec.strip():
            raise UsageError("--adapter is empty: name your engine's adapter (`cmd:<command line>` or `module:Class`); "
                             "`--adapter reference` is duelspec's own engine")
        check_jobs(r.adapter_spec, r.jobs)
        shard = parse_shard(r.shard) if r.shard is not None else None
        if shard is not None:
            from .ci import shard_run
            try:
                shard["run"], as_of = shard_run(r.run_id, as_of)
            except ValueError as exc:
                raise UsageError(str(exc)) from None
        elif r.run_id is not None:
            raise UsageError("--run-id names the run a shard belongs to: it goes with --shard K/N")
        stale = None if r.paths else stale_install_warning()
        if stale:
            warn(stale)
        tally = Tally()
    except KeyboardInterrupt:       # only without the stopper's handlers (a library caller that did not install them)
        raise NotRun(f"{stopper.reason()} before the run started: nothing was run") from None
    # From the lock on, whatever happens (a signal at any moment, an adapter fault) the stream gets
    # its header and footer; only bad input or an empty selection leaves --out untouched.
    phase = " before the adapter was started"
    interrupted: str | None = None
    scenarios, errors, adapter, out_fh, runner, impl = [], [], None, None, None, {}
    keeper = None                                        # --keep-traces
    results: list[dict] = []
    named: set = set()                                   # the expect-fail entries that named a scenario of the run
    streams: list = []
    head: dict | None = None
    selected: int | None = None                          # unknown until the scenarios are loaded and selected
    day = as_of or today()                               # the date whose answers the run judges by (issue 16)
    t0 = time.perf_counter()

    def begin_stream() -> dict:
        """Write the header (once), emptying --out first; returns it."""
        h = header(r.adapter_spec, impl if isinstance(impl, dict) else {},
                   {"games": list(r.games), "rulings": list(r.rulings), "ids": list(r.ids), "tags": list(r.tags),
                    "requires": list(r.requires), **({"generated": True} if r.generated else {}),
                    **({"shard": shard} if shard else {}), "as_of": day}, scenarios=selected,
                   protocol=getattr(runner.adapter, "protocol", None) if runner is not None else None)
        if out_fh:
            truncate_regular(out_fh)
            streams.append(JsonLines(out_fh, str(r.out)))
        if r.stream_to_stdout:
            streams.append(JsonLines(sys.stdout, "stdout"))
        for s in streams:
            s.write(h)
        return h

    try:
        with stopper.critical():                         # a signal while opening is acted on once out_fh is set
            out_fh = open_locked(r.out) if r.out else None  # before anything starts; emptied when the header is written
        stopper.begin()                                  # a signal held until now stops the run here, the stream says so
        selection = dict(paths=r.paths, games=r.games, rulings=r.rulings, ids=r.ids, tags=r.tags, requires=r.requires,
                         generated=r.generated, shard=shard)
        try:
            if r.jobs > 1 and workers.available():
                # --jobs N: N worker processes, each loading, playing and judging its part (duelspec.workers)
                make_adapter(r.adapter_spec, r.timeout, r.startup_timeout, r.max_restarts)     # the spec, checked here
                adapter = workers.Workers(r.jobs, selection, (r.adapter_spec, r.timeout, r.startup_timeout, r.max_restarts),
                                          xf, day, r.keep_traces)
                adapter.adopt_orphans = True             # every child of this process is the run's
                selected = adapter.load()
                scenarios = workers.Selection(selection, adapter)
            else:
                # a shard generates only its chains; the scenario documents are read as they are run
                scenarios, errors = load(**selection, lazy=True)
                selected = len(scenarios) + len(errors)
            if not selected and shard is None:           # an empty shard is a valid part of a run
                raise NotRun(nothing_selected(r.games, r.rulings, r.ids, r.tags, r.requires))
            if not isinstance(adapter, workers.Workers):
                adapter = make_adapter(r.adapter_spec, r.timeout, r.startup_timeout, r.max_restarts, r.jobs)
        except (ValueError, ImportError, AttributeError, TypeError) as exc:   # the adapter spec names no adapter
            raise UsageError(str(exc)) from None
        if hasattr(adapter, "adopt_orphans"):
            adapter.adopt_orphans = True                 # every child of this process is the adapter's
        if r.keep_traces is not None:
            from .runner import TraceKeeper
            try:
                keeper = TraceKeeper(r.keep_traces)
            except OSError as exc:
                raise UsageError(f"--keep-traces {r.keep_traces}: expected a folder that can be written, "
                                 f"got {exc.strerror or exc}") from None
        runner = adapter if isinstance(adapter, workers.Workers) else Run(adapter, expect_fail=xf, as_of=day, keep=keeper)
        phase = " while the adapter was starting"
        impl = runner.start()
        if not isinstance(impl, dict):
            raise UsageError(f"the adapter's start() must return its implementation description (a dict), "
                             f"got {type(impl).__name__}")
        formats = scenarios.formats if hasattr(scenarios, "formats") else {s.get("format") for s in scenarios}
        if isinstance(adapter, workers.Workers):
            for line in adapter.notices:                 # each worker migrated its own format-1 documents
                notice(line)
        elif 1 in formats:
            # format-1 documents: migrated on load (issue 27 §5), in memory (the format-2 ones stream)
            from .migrate import for_adapter
            scenarios, notices = for_adapter(scenarios, getattr(adapter, "protocol", None))
            for line in notices:
                notice(line)
        phase = ""
        with stopper.critical():                         # a signal here is acted on after the header is whole
            head = begin_stream()
        keep = r.keep_results or bool(r.junit or r.markdown or r.write_expect_fail)
        with (progress(selected) if progress else contextlib.nullcontext(lambda tally: None)) as advance:
            for result in runner.results(scenarios, errors):
                with stopper.critical():                 # a result is counted and written whole, or not at all
                    tally.add(result)
                    if keep:
                        results.append(result)
                    if result.get("id") in xf:
                        named.add(result["id"])
                    for s in streams:
                        s.write(result)
                advance(tally)
    except KeyboardInterrupt:
        interrupted = stopper.reason() + phase
    finally:
        stopper.stopping(adapter)                        # from here a signal ends the adapter at once, nothing else
        stop_adapter(adapter)
        if isinstance(sys.exc_info()[1], (UsageError, InputError, NotRun)):   # --out is left as it was
            _close_quietly(out_fh)
    if head is None:
        head = begin_stream()
    late = list(getattr(adapter, "late_faults", None) or [])
    if interrupted is not None:
        interrupted = stopper.reason() + phase           # every signal received, also those while stopping
    stopped = interrupted is not None or (runner is not None and runner.stopped_early)
    reason = (interrupted if interrupted else runner.reason if runner is not None and runner.stopped_early
              else None if tally.executed or shard is not None else "no scenario was executed")
    foot = tally.footer(stopped_early=stopped, reason=reason, duration_s=time.perf_counter() - t0, selected=selected,
                        late_faults=late)
    if getattr(adapter, "restarts", None) is not None:
        foot["restarts"] = adapter.restarts
    if adapter is not None:
        foot["jobs"] = r.jobs                            # with duration_s: how long the run took, with how many processes
    for s in streams:
        s.write(foot)
    if out_fh:
        try:
            out_fh.close()
        except OSError as exc:       # the last buffered bytes could not be written (a full disk)
            for s in streams:
                if s.fh is out_fh and s.failed is None:
                    s.failed = exc
    unwritten = [f"{s.name}: {s.failed}" for s in streams if s.failed is not None and not _reader_gone(s)]
    if keeper is not None and (keeper.failed or getattr(adapter, "keep_failed", None)):
        unwritten.append(keeper.failed or adapter.keep_failed)
    unwritten += _write_reports(r, head, results, foot, xf, impl)
    stdout_gone = any(s.failed is not None and s.name == "stdout" for s in streams)
    if stdout_gone:
        quiet_stdout()               # e.g. `| head`: the reader is gone; the run and its files are complete
    games = set(getattr(scenarios, "games", None) or {s["game"] for s in scenarios})
    # an entry of a generated chain names no scenario of a run that did not select them (--generated):
    # one expect-fail file serves the hand-written run and the run with the generated chains
    from .generated import is_generated
    # a shard judges only the entries of its own scenarios; the merged report (`duelspec summary
    # --expect-fail`) judges the rest
    from .selection import shard_of
    stale = sorted(i for i in set(xf) - named if (r.generated or not is_generated(i))
                   and (shard is None or shard_of(i, shard["count"]) == shard["index"]))
    return RunOutcome(head, results, foot, tally, impl, scenarios, xf, shard, as_of, unwritten, stdout_gone, games, stale)


def _write_reports(r: RunRequest, head: dict, results: list, foot: dict, xf: dict, impl: dict) -> list:
    """Write the JUnit, Markdown and expect-fail reports asked for; returns what could not be written."""
    from .judging import expectfail
    from .reporting.report import render_markdown
    unwritten = []

    def to_junit(*args):              # (xml.etree only for --junit)
        from .reporting.junit import to_junit
        return to_junit(*args)
    for path, render, append in ((r.junit, lambda: to_junit(head, results, foot), False),
                                 (r.markdown, lambda: render_markdown(head, results, foot),
                                  _same_file(r.markdown, os.environ.get("GITHUB_STEP_SUMMARY"))),
                                 (r.write_expect_fail, lambda: expectfail.dump(results, xf, impl.get("name", r.adapter_spec)),
                                  False)):
        if path:
            problem = write_output(path, render(), append)
            if problem:
                unwritten.append(problem)
    return unwritten


def _same_file(path, other: str | None) -> bool:
    """``path`` names the file ``other`` names (``--markdown "$GITHUB_STEP_SUMMARY"``: append to it)."""
    if not path or not other:         # no --markdown (GitHub sets GITHUB_STEP_SUMMARY in every step)
        return False
    try:
        return Path(path).resolve() == Path(other).resolve()
    except OSError:
        return str(path) == other


def _reader_gone(stream) -> bool:
    """A stdout whose reader went away (``| head``) is not a write error; a full disk is."""
    return stream.name == "stdout" and is_epipe(stream.failed)


def _close_quietly(fh) -> None:
    if fh is not None:
        try:
            fh.close()
        except OSError:
            pass
