"""The ``duelspec`` command: run the conformance suite, export scenarios, list steps.

    duelspec run                       # every built-in scenario on the reference engine
    duelspec run --ruling 'ND-E*' --adapter 'cmd:node my_adapter.js'
    duelspec run --as-of 2019-06-01    # the answers in force on that date (default: today)
    duelspec run --format json --out results.jsonl
    duelspec run --adapter 'cmd:node sim.js' --junit junit.xml --markdown summary.md --expect-fail xfail.toml
    duelspec summary results.jsonl --format markdown
    duelspec smoke --adapter 'cmd:node sim.js'
    duelspec export --out build/scenarios
    duelspec steps                     # the step grammar
"""
from __future__ import annotations

import fnmatch
import json
import os
import sys
import time
from pathlib import Path

import click


def select(scenarios, games=(), rulings=(), ids=(), tags=(), requires=()):
    """Filter scenario dicts: every given criterion must hold; patterns take ``*`` / ``?``."""
    def any_match(values, patterns):
        return any(fnmatch.fnmatchcase(v, p) for v in values for p in patterns)
    out = []
    for s in scenarios:
        if games and s["game"] not in games:
            continue
        if rulings and not any_match(s["rulings"], rulings):
            continue
        if ids and not any_match([s["id"]], ids):
            continue
        if tags and not any_match(s.get("tags", []), tags):
            continue
        if requires and not any_match(s.get("requires", []), requires):
            continue
        out.append(s)
    return out


def _select_errors(errors, games, rulings, ids):
    def keep(e):
        if games and e.game and e.game not in games:
            return False
        if rulings and not any(fnmatch.fnmatchcase(r, p) for r in e.rulings for p in rulings):
            return False
        if ids and not any(fnmatch.fnmatchcase(e.id, p) for p in ids):
            return False
        return True
    return [e for e in errors if keep(e)]


def selection_options(f):
    for opt in reversed([
        click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path)),
        click.option("--game", "games", multiple=True, type=click.Choice(["ygo", "dm"]), help="Only this game (repeatable)."),
        click.option("--ruling", "rulings", multiple=True, help="Ruling ID, wildcards allowed: 'ND-E*' (repeatable)."),
        click.option("--id", "ids", multiple=True, help="Scenario id, wildcards allowed (repeatable)."),
        click.option("--tag", "tags", multiple=True, help="Scenario tag (repeatable)."),
        click.option("--requires", "requires", multiple=True, help="Mechanic tag of `requires` (repeatable)."),
    ]):
        f = opt(f)
    return f


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="duelspec")
def main():
    """duelspec: rulings as executable scenarios; check a simulator against them."""
    for name in ("stdout", "stderr"):       # started with a closed stdout/stderr (`>&-`): write nowhere
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))


def load(paths, games, rulings, ids, tags, requires, generated=False):
    """Scenarios and compile errors of ``paths`` (default: the built-in features), selected.

    ``.json`` paths are scenario documents (as written by ``duelspec export``), checked
    against the scenario schema and the catalogues (an invalid one is an ``errored`` result naming the file and
    JSON pointer); other paths are feature files or folders of them."""
    from .compiler import Compiled, ScenarioError, compile_paths, validate
    from .errors import InputError
    from .resources import load_json
    json_source: dict = {}                  # id(document) -> the JSON file it was read from
    json_paths = [p for p in paths if p.suffix == ".json" and p.is_file()]
    for folder in [p for p in paths if p.is_dir()]:
        # a folder of the spec holds the card and ruling catalogues beside the features: they are
        # data of the suite, not scenario documents (a catalogue named on its own is still an error)
        json_paths += [f for f in sorted(folder.rglob("*.json")) if not _is_catalogue(f)]
    features = [p for p in paths if p.suffix != ".json"]
    # paths given: exactly those (never the built-in suite in their place); none: the built-in suite
    compiled = compile_paths(features) if features else Compiled() if paths else compile_paths()
    for p in json_paths:
        doc = None
        try:
            doc = load_json(str(p))
            validate(doc, str(p))      # the schema, then card ids, ruling IDs and local ids
        except InputError as exc:
            d = doc if isinstance(doc, dict) else {}
            compiled.errors.append(ScenarioError(str(d.get("id") or f"<invalid:{p}>"), str(d.get("title", "")), exc,
                                                 [r for r in d.get("rulings", []) if isinstance(r, str)]
                                                 if isinstance(d.get("rulings"), list) else [],
                                                 str(d.get("game", ""))))
            continue
        compiled.scenarios.append(doc)
        json_source[id(doc)] = str(p)
    if generated:  # the generated normal-draw chains (duelspec.generated), checked for duplicates too
        from .generated import scenarios as generated_scenarios
        compiled.scenarios.extend(generated_scenarios())
    _one_per_id(compiled, json_source)
    scenarios = select(compiled.scenarios, games, rulings, ids, tags, requires)
    errors = _select_errors(compiled.errors, games, rulings, ids)
    return scenarios, errors


def _one_per_id(compiled, json_source: dict) -> None:
    """Make every id name one result: when several documents (scenarios, or compile errors that
    know their id) share an id, none of them is run; one ``errored`` result for that id names
    every place it is used (a run never reports two results with one id)."""
    from .compiler import ScenarioError
    from .errors import InputError

    def place(x) -> str:
        if isinstance(x, ScenarioError):
            e = x.error
            # the file, then its own error's place: the duplicate is not an error *at* that pointer
            return f"{e.file} (which has an error of its own at {e.location})" if getattr(e, "location", "") \
                else str(getattr(e, "file", "?"))
        o = x.get("origin") if isinstance(x.get("origin"), dict) else {}
        return json_source.get(id(x)) or (f"{o.get('file', '?')}:{o.get('line', '')}" if o else "a generated scenario")

    places: dict = {}
    for x in compiled.errors + compiled.scenarios:
        places.setdefault(x.id if isinstance(x, ScenarioError) else x["id"], []).append(x)
    dup = {k: v for k, v in places.items() if len(v) > 1}
    if not dup:
        return
    compiled.scenarios = [s for s in compiled.scenarios if s["id"] not in dup]
    errors, done = [], set()
    for x in compiled.errors + [d for k, v in dup.items() for d in v if not isinstance(d, ScenarioError)]:
        k = x.id if isinstance(x, ScenarioError) else x["id"]
        if k not in dup:
            errors.append(x)
        elif k not in done:
            done.add(k)
            first = dup[k][0]
            where = [place(d) for d in dup[k]]
            scen = next((d for d in dup[k] if not isinstance(d, ScenarioError)), None)
            first_file = str(getattr(first.error, "file", "?")) if isinstance(first, ScenarioError) else place(first)
            errors.append(ScenarioError(k, scen.get("title", "") if scen else first.title, InputError(
                first_file, "", f"a scenario id used once in a run (it is used {len(where)} times: {', '.join(where)}; "
                              f"none of them is run)", k),
                list(scen.get("rulings", [])) if scen else first.rulings, scen.get("game", "") if scen else first.game))
    compiled.errors = errors


def _is_catalogue(path: Path) -> bool:
    """A card or ruling catalogue of the spec (``{"format", "game", "cards"|"rulings"|"effects"}``
    without a scenario's ``setup``), recognised by its shape; a file that cannot be read is not
    one (it is then reported as a scenario document that cannot be read)."""
    from .errors import InputError
    from .resources import load_json
    try:
        doc = load_json(str(path))
    except InputError:
        return False
    return isinstance(doc, dict) and bool(set(doc) & {"cards", "rulings", "effects"}) and "setup" not in doc


def adapter_options(f):
    for opt in reversed([
        click.option("--adapter", "adapter_spec", default="reference", show_default=True,
                     help="`reference`, `module:attribute`, or `cmd:<command line>` (adapter protocol)."),
        click.option("--timeout", type=click.FloatRange(min=0, min_open=True, max=86400), default=30.0, show_default=True,
                     help="Seconds a scenario may take (cmd: adapters; then the process group is killed)."),
        click.option("--startup-timeout", type=click.FloatRange(min=0, min_open=True, max=86400), default=10.0, show_default=True,
                     help="Seconds for a cmd: adapter to start and answer `start`."),
        click.option("--max-restarts", type=click.IntRange(min=0), default=5, show_default=True,
                     help="Restarts of a cmd: adapter after faults; then the remaining scenarios are errored."),
    ]):
        f = opt(f)
    return f


def make_adapter(spec: str, timeout: float = 30.0, startup_timeout: float = 10.0, max_restarts: int = 5):
    """The adapter for ``spec``; a ``cmd:`` spec gets the given timeouts (seconds) and restart limit."""
    if spec.startswith("cmd:"):
        from .adapters.process import ProcessAdapter
        return ProcessAdapter(spec[4:], timeout=timeout, startup_timeout=startup_timeout, max_restarts=max_restarts)
    from .adapters import load_adapter
    return load_adapter(spec)


def _input_error(exc) -> None:
    from .text import plain
    click.echo(f"error: {plain(exc)}", err=True)
    sys.exit(2)


@main.command()
@selection_options
@adapter_options
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="Terminal output; `json`: the JSON-lines result stream on stdout.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the JSON-lines result stream here.")
@click.option("--junit", "junit_out", type=click.Path(dir_okay=False, path_type=Path), help="Write JUnit XML here.")
@click.option("--markdown", "md_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a Markdown summary here (e.g. $GITHUB_STEP_SUMMARY).")
@click.option("--expect-fail", "expect_fail", type=click.Path(dir_okay=False, path_type=Path),
              help="TOML file of known failures (keyed by scenario id): they become xfailed; a listed pass is xpassed.")
@click.option("--write-expect-fail", "write_expect_fail", type=click.Path(dir_okay=False, path_type=Path),
              help="Write an expect-fail file listing this run's failures (keeps reasons of --expect-fail).")
@click.option("--keep-traces", "keep_traces", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Keep every reply of the adapter, whole (its trace, or its skip or error), as DIR/<scenario id>.json "
                   "with the scenario it played: for debugging an adapter beyond the events around a failure.")
@click.option("--progress/--no-progress", default=None,
              help="Progress: a bar when stdout is a terminal (and --format table), else a line on stderr every "
                   "--progress-every seconds (default: on).")
@click.option("--progress-every", "progress_every", type=click.FloatRange(min=0, min_open=True), default=30.0,
              show_default=True, metavar="SECONDS", help="Outside a terminal (a CI log): seconds between two progress lines.")
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated: every normal-draw replacement chain up to length 4).")
@click.option("--jobs", "jobs", type=click.IntRange(min=1, max=64), default=1, show_default=True,
              help="Adapter processes playing in parallel (cmd: adapters); results keep the scenarios' order.")
@click.option("--shard", "shard", default=None, metavar="K/N",
              help="Play only shard K of N (a deterministic partition by scenario id, for CI matrix jobs); merge the shards' streams with `duelspec summary`. "
                   "Every shard of a run names the run (--run-id) and is judged as of one date (--as-of).")
@click.option("--run-id", "run_id", default=None, metavar="ID",
              help="With --shard: the id of the run the shard belongs to, the same for every shard (default: the pipeline's "
                   "id on GitHub Actions, GITHUB_RUN_ID, and GitLab CI, CI_PIPELINE_ID). Only the shards of one run add up.")
@click.option("--as-of", "as_of", metavar="YYYY-MM-DD", callback=lambda ctx, p, v: _date_option(v),
              help="Judge by the answers in force on this date (default: today): a superseded answer's expectations "
                   "in its period; not yet ruled or under review then: skipped. The adapter plays as of it too.")
def run(paths, games, rulings, ids, tags, requires, generated, jobs, shard, run_id, adapter_spec, timeout, startup_timeout, max_restarts,
        fmt, out, junit_out, md_out, expect_fail, write_expect_fail, keep_traces, progress, progress_every, as_of):
    """Run the scenarios against an adapter and report by ruling.

    Exit status 0 when every executed scenario passed (or xfailed) and at least one was
    executed; 1 when anything failed, errored, timed out or xpassed, the run stopped early
    (also when interrupted), or no scenario was executed; 2 for bad input (an unreadable
    expect-fail file, a bad option, a path that is not a scenario file or folder) or an
    output that could not be written.

    SIGINT (Ctrl-C), SIGTERM and SIGHUP stop the run at any moment, also while the adapter
    starts: the adapter and every process it started are ended, the footer (``stopped_early``,
    the reason, how many scenarios were selected) and the reports are written. A second
    signal while stopping ends the adapter at once instead of waiting for it."""
    stopper = _Stopper()
    stopper.install()
    try:
        _run(stopper, paths, games, rulings, ids, tags, requires, generated, jobs, shard, adapter_spec, timeout, startup_timeout,
             max_restarts, fmt, out, junit_out, md_out, expect_fail, write_expect_fail, progress, as_of, run_id, progress_every,
             keep_traces)
    finally:
        stopper.uninstall()


def _run(stopper, paths, games, rulings, ids, tags, requires, generated, jobs, shard, adapter_spec, timeout, startup_timeout,
         max_restarts, fmt, out, junit_out, md_out, expect_fail, write_expect_fail, progress, as_of=None, run_id=None,
         progress_every=None, keep_traces=None):
    from .console import Progress, console as make_console, is_terminal
    from .asof import today
    from rich.text import Text
    from . import expectfail
    from .catalogue import rulings as ruling_catalogue
    from .errors import InputError
    from .report import JsonLines, Tally, header, render_failures, render_follows, render_partial, render_skips, render_table, render_markdown
    from .runner import Run
    from .text import terminal

    try:
        xf = {}
        if expect_fail:
            try:
                xf = expectfail.load(expect_fail)
            except InputError as exc:
                _input_error(exc)
        _check_outputs(inputs={"--expect-fail": expect_fail, **{f"scenario file {p}": p for p in paths if p.is_file()}},
                       keep={(expect_fail, write_expect_fail)} if expect_fail and write_expect_fail else set(),
                       out=out, junit=junit_out, markdown=md_out, write_expect_fail=write_expect_fail)
        _check_paths(paths)
        _check_requires(requires)
        if not adapter_spec.strip():
            _input_error("--adapter is empty: name your engine's adapter (`cmd:<command line>` or `module:Class`); "
                         "`--adapter reference` is duelspec's own engine")
        if jobs > 1 and not adapter_spec.startswith("cmd:"):
            _input_error(f"--jobs {jobs} runs several adapter processes: it needs a cmd: adapter "
                         "(the reference engine as one: --adapter cmd:duelspec-reference-adapter)")
        shard_sel = _parse_shard(shard) if shard is not None else None
        if shard_sel is not None:
            from .ci import shard_run
            try:
                shard_sel["run"], as_of = shard_run(run_id, as_of)
            except ValueError as exc:
                _input_error(exc)
        elif run_id is not None:
            _input_error("--run-id names the run a shard belongs to: it goes with --shard K/N")
        from .report import stale_install_warning
        stale = None if paths else stale_install_warning()
        if stale:
            click.echo(f"warning: {stale}", err=True)
        console = make_console()   # a terminal's width; outside one, lines that are never hard-wrapped
        bar = progress is not False and fmt == "table" and is_terminal(sys.stdout)
        every = progress_every if progress is not False and not bar else None
        tally = Tally()
    except KeyboardInterrupt:
        click.echo(f"{stopper.reason()} before the run started: nothing was run", err=True)
        sys.exit(1)
    # From the lock on, whatever happens (a signal at any moment, an adapter fault) the stream gets
    # its header and footer; only bad input (exit 2) or an empty selection leaves --out untouched.
    phase = " before the adapter was started"
    interrupted: str | None = None
    scenarios, errors, adapter, out_fh, runner, impl = [], [], None, None, None, {}
    keeper = None                                        # --keep-traces
    results: list[dict] = []
    streams: list = []
    head: dict | None = None
    selected: int | None = None                          # unknown until the scenarios are loaded and selected
    day = as_of or today()                               # the date whose answers the run judges by (issue 16)
    t0 = time.perf_counter()

    def begin_stream() -> dict:
        """Write the header (once), emptying --out first; returns it."""
        h = header(adapter_spec, impl if isinstance(impl, dict) else {},
                   {"games": list(games), "rulings": list(rulings), "ids": list(ids), "tags": list(tags),
                    "requires": list(requires), **({"generated": True} if generated else {}),
                    **({"shard": shard_sel} if shard_sel else {}), "as_of": day}, scenarios=selected,
                   protocol=getattr(runner.adapter, "protocol", None) if runner is not None else None)
        if out_fh:
            _truncate(out_fh)
            streams.append(JsonLines(out_fh, str(out)))
        if fmt == "json":
            streams.append(JsonLines(sys.stdout, "stdout"))
        for s in streams:
            s.write(h)
        return h

    try:
        with stopper.critical():                         # a signal while opening is acted on once out_fh is set
            out_fh = _open_locked(out) if out else None  # before anything starts; emptied when the header is written
        try:
            scenarios, errors = load(paths, games, rulings, ids, tags, requires, generated)
            if shard_sel is not None:
                from .report import shard_of
                scenarios = [s for s in scenarios if shard_of(s["id"], shard_sel["count"]) == shard_sel["index"]]
                errors = [e for e in errors if shard_of(e.id, shard_sel["count"]) == shard_sel["index"]]
            if not scenarios and not errors and shard_sel is None:   # an empty shard is a valid part of a run
                _nothing_selected(games, rulings, ids, tags, requires)
            if jobs > 1:
                from .adapters.pool import AdapterPool
                adapter = AdapterPool(lambda: make_adapter(adapter_spec, timeout, startup_timeout, max_restarts), jobs)
            else:
                adapter = make_adapter(adapter_spec, timeout, startup_timeout, max_restarts)
        except InputError as exc:                        # a catalogue or schema of the suite itself is broken
            _input_error(exc)
        except (ValueError, ImportError, AttributeError, TypeError) as exc:
            _input_error(exc)
        if hasattr(adapter, "adopt_orphans"):
            adapter.adopt_orphans = True                 # every child of this process is the adapter's
        selected = len(scenarios) + len(errors)
        if keep_traces is not None:
            from .runner import TraceKeeper
            try:
                keeper = TraceKeeper(keep_traces)
            except OSError as exc:
                _input_error(f"--keep-traces {keep_traces}: expected a folder that can be written, got {exc.strerror or exc}")
        runner = Run(adapter, expect_fail=xf, as_of=day, keep=keeper)
        phase = " while the adapter was starting"
        impl = runner.start()
        if not isinstance(impl, dict):
            _input_error(f"the adapter's start() must return its implementation description (a dict), "
                         f"got {type(impl).__name__}")
        phase = ""
        with stopper.critical():                         # a signal here is acted on after the header is whole
            head = begin_stream()
        with Progress(console, bar, selected, every) as advance:
            for result in runner.results(scenarios, errors):
                with stopper.critical():                 # a result is counted and written whole, or not at all
                    tally.add(result)
                    results.append(result)
                    for s in streams:
                        s.write(result)
                advance(tally)
    except KeyboardInterrupt:
        interrupted = stopper.reason() + phase
    finally:
        stopper.stopping(adapter)                        # from here a signal ends the adapter at once, nothing else
        _stop_adapter(adapter)
        if isinstance(sys.exc_info()[1], SystemExit):    # bad input or nothing selected: --out is left as it was
            _close_quietly(out_fh)
    if head is None:
        head = begin_stream()
    late = list(getattr(adapter, "late_faults", None) or [])
    if interrupted is not None:
        interrupted = stopper.reason() + phase           # every signal received, also those while stopping
    stopped = interrupted is not None or (runner is not None and runner.stopped_early)
    reason = (interrupted if interrupted else runner.reason if runner is not None and runner.stopped_early
              else None if tally.executed or shard_sel is not None else "no scenario was executed")
    foot = tally.footer(stopped_early=stopped, reason=reason, duration_s=time.perf_counter() - t0, selected=selected,
                        late_faults=late)
    if getattr(adapter, "restarts", None) is not None:
        foot["restarts"] = adapter.restarts
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
    if keeper is not None and keeper.failed:
        unwritten.append(keeper.failed)
    for path, render, append in ((junit_out, lambda: __import__("duelspec.junit", fromlist=["to_junit"]).to_junit(head, results, foot), False),
                                 (md_out, lambda: render_markdown(head, results, foot),
                                  _same_file(md_out, os.environ.get("GITHUB_STEP_SUMMARY"))),
                                 (write_expect_fail, lambda: expectfail.dump(results, xf, impl.get("name", adapter_spec)), False)):
        if path:
            problem = _write_output(path, render(), append)
            if problem:
                unwritten.append(problem)
    if any(s.failed is not None and s.name == "stdout" for s in streams):
        _quiet_stdout()               # e.g. `| head`: the reader is gone; the run and its files are complete
        fmt = "json"
    err_console = make_console(stderr=True)
    stale = sorted(set(xf) - {r["id"] for r in results})
    try:
        if stale:
            err_console.print(Text("warning:", style="yellow") + Text(f" {len(stale)} expect-fail entries match no scenario "
                              "of this run: ") + terminal(", ".join(stale[:10]) + (" ..." if len(stale) > 10 else "")),
                              highlight=False)
        if fmt == "table":
            render_table(tally, ruling_catalogue(), console, games=set(games) or {s["game"] for s in scenarios} or None,
                         rulings=rulings or None)
            render_skips(tally, console)
            render_partial(tally, console)
            render_follows(tally, console)
            render_failures(tally, console)
            console.print(Text(tally.summary_line(), style="bold") + "  (adapter: "
                          + terminal(f"{impl.get('name', adapter_spec)} {impl.get('version', '')}".strip(), limit=400)
                          + (f"; as of {as_of}" if as_of else "") + ")", highlight=False)
            sys.stdout.flush()
    except OSError as exc:
        if _is_epipe(exc):            # `duelspec run | head`: the reader is gone
            _quiet_stdout()
        else:                         # e.g. stdout is /dev/full: the table is lost, say so
            _quiet_stdout()
            unwritten.append(f"stdout: {exc.strerror or exc}")
    if unwritten:
        err_console.print(Text("error:", style="red") + Text(" could not write ") + terminal("; ".join(unwritten)),
                          highlight=False)
        sys.exit(2)
    for line in _verdict_lines(tally, foot):
        err_console.print(line, highlight=False, soft_wrap=True)
    if write_expect_fail:
        err_console.print(Text(f"wrote {write_expect_fail}"), highlight=False)
    # one shard of a run (--shard K/N) that executed nothing (all skipped up front) is not a failure
    # by itself: the merged report (`duelspec summary` of every shard) judges the whole run
    empty_shard = shard_sel is not None and not tally.executed and not any(tally.counts[o] for o in ("failed", "errored", "timed-out", "xpassed")) \
        and not foot.get("stopped_early") and not foot.get("late_faults")
    sys.exit(0 if _passed(tally, foot) or empty_shard else 1)


def _same_file(path, other: str | None) -> bool:
    """``path`` names the file ``other`` names (``--markdown "$GITHUB_STEP_SUMMARY"``: append to it)."""
    if not path or not other:         # no --markdown (GitHub sets GITHUB_STEP_SUMMARY in every step)
        return False
    try:
        return Path(path).resolve() == Path(other).resolve()
    except OSError:
        return str(path) == other


def _passed(tally, foot) -> bool:
    """The run's verdict: everything executed passed (or xfailed), it completed, and no adapter
    fault was found after a result had been given."""
    return tally.ok() and not foot.get("stopped_early") and not foot.get("late_faults")


class _Stopper:
    """SIGINT, SIGTERM and SIGHUP during ``duelspec run``: an orderly stop at any moment.

    The first signal raises :class:`KeyboardInterrupt` in the main thread, except inside a
    :meth:`critical` section (a result being counted and written), where it is acted on when
    the section ends, so no line is ever half written. After :meth:`stopping` (or the first
    signal), a signal raises nothing: it ends the adapter's processes at once (``abort``), so
    a second Ctrl-C during the stop wait makes the stop quicker, never skips the footer."""

    SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self):
        self.received: list[str] = []
        self.depth = 0
        self.pending = False
        self.done = False            # the stop has begun: signals no longer raise
        self.adapter = None
        self.old: dict = {}

    def install(self) -> None:
        import signal
        for name in self.SIGNALS:
            sig = getattr(signal, name, None)
            if sig is not None:
                try:
                    self.old[sig] = signal.signal(sig, self._handle)
                except (ValueError, OSError):   # not the main thread: leave the defaults
                    pass

    def uninstall(self) -> None:
        import signal
        for sig, old in self.old.items():
            try:
                signal.signal(sig, old)
            except (ValueError, OSError, TypeError):
                pass

    def _handle(self, signum, frame):
        import signal
        self.received.append(signal.Signals(signum).name)
        if self.done:
            abort = getattr(self.adapter, "abort", None)
            if abort is not None:
                abort()
            return
        if self.depth:
            self.pending = True
            return
        self.done = True
        raise KeyboardInterrupt

    def critical(self):
        import contextlib

        @contextlib.contextmanager
        def section():
            self.depth += 1
            try:
                yield
            finally:
                self.depth -= 1
                if not self.depth and self.pending and not self.done:
                    self.pending, self.done = False, True
                    raise KeyboardInterrupt
        return section()

    def stopping(self, adapter) -> None:
        self.adapter, self.done = adapter, True

    def reason(self) -> str:
        names = ", ".join(dict.fromkeys(self.received)) or "Ctrl-C"
        return f"interrupted ({names})"


def _stop_adapter(adapter) -> None:
    """Stop ``adapter``; a failing in-process ``stop()`` is a warning (the results stand)."""
    if adapter is None:
        return
    try:
        adapter.stop()
    except Exception as exc:
        from .console import console as make_console
        from rich.text import Text
        from .text import terminal
        make_console(stderr=True).print(Text("warning:", style="yellow") + " the adapter's stop() failed: "
                                   + terminal(f"{type(exc).__name__}: {exc}"), highlight=False)


def _close_quietly(fh) -> None:
    if fh is not None:
        try:
            fh.close()
        except OSError:
            pass


def _is_epipe(exc: BaseException) -> bool:
    import errno
    return isinstance(exc, BrokenPipeError) or getattr(exc, "errno", None) == errno.EPIPE


def _reader_gone(stream) -> bool:
    """A stdout whose reader went away (``| head``) is not a write error; a full disk is."""
    return stream.name == "stdout" and _is_epipe(stream.failed)


def _write_output(path, text: str, append: bool = False) -> str | None:
    """Write a report; returns what went wrong (``"<path>: <why>"``) or None."""
    from .errors import InputError
    from .files import open_output
    try:
        fh = open_output(path, append=append)
    except InputError as exc:
        return f"{path}: {exc.got or exc.expected}"
    try:
        with fh:
            fh.write(text)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    return None


def _date_option(value):
    """``--as-of``: an ISO date, or a usage error (exit 2)."""
    if value is None:
        return None
    from .asof import parse_date
    try:
        return parse_date(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _parse_shard(text: str) -> dict:
    """``K/N`` (1 <= K <= N) as ``{"index": K, "count": N}``; a usage error (exit 2) otherwise."""
    import re
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text or "")
    if not m or not (1 <= int(m.group(1)) <= int(m.group(2)) <= 10000):
        _input_error(f"--shard: expected K/N with 1 <= K <= N (e.g. 2/4), got {text!r}")
    return {"index": int(m.group(1)), "count": int(m.group(2))}


def _open_locked(path):
    """Open ``path`` for the result stream (not emptied yet: :func:`_truncate`), refusing
    (exit 2) when another run is writing it or it is a FIFO nobody reads."""
    import fcntl
    from .errors import InputError
    from .files import open_output
    try:
        fh = open_output(path, append=True)
    except InputError as exc:
        _input_error(f"--out {path}: expected a file that can be written, got {exc.got}")
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.close()
        _input_error(f"--out {path}: another duelspec run is writing this file")
    return fh


def _truncate(fh) -> None:
    import stat
    if stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
        fh.seek(0)
        fh.truncate()


def _quiet_stdout() -> None:
    """Point stdout at /dev/null (after its reader went away) so nothing fails at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _check_paths(paths) -> None:
    """Exit 2 for a scenario path that is neither a regular file nor a folder of scenario files
    (a FIFO, a device such as /dev/zero, a folder named like a file, a folder with none): a
    path that cannot be read as asked is an error, never a reason to run something else."""
    from .files import kind
    for p in paths:
        k = kind(p)
        if k == "folder":
            if p.suffix in (".json", ".feature"):
                _input_error(f"{p}: expected a scenario file ({p.suffix}), got a folder")
            if not any(f.is_file() for pat in ("*.feature", "*.json") for f in p.rglob(pat)):
                _input_error(f"{p}: expected a folder with .feature or .json scenario files, found none")
        elif k == "file" and p.suffix not in (".json", ".feature"):
            _input_error(f"{p}: expected a scenario file (.feature or .json) or a folder of them")
        elif k != "file":
            _input_error(f"{p}: expected a scenario file (.feature or .json) or a folder of them, got a "
                         f"{ {'fifo': 'FIFO', 'device': 'device file', 'socket': 'socket'}.get(k, k) }")


def _check_outputs(inputs: dict | None = None, keep: set = frozenset(), **paths) -> None:
    """Exit 2 before anything runs when an output file cannot be written (its folder is missing
    or not writable), names a folder, is the same file as another output, or is an input of
    the run (``keep``: pairs allowed to be one file, e.g. updating an expect-fail file in place),
    so that no run's results or inputs are lost."""
    given = [(f"--{what.replace('_', '-')}", path) for what, path in paths.items() if path is not None]
    for opt, path in given:
        folder = Path(path).resolve().parent
        if Path(path).is_dir():
            _input_error(f"{opt} {path}: expected a file path, got a folder")
        if not folder.is_dir():
            _input_error(f"{opt} {path}: expected a file in an existing folder ({folder} does not exist)")
        if not os.access(folder, os.W_OK):
            _input_error(f"{opt} {path}: expected a writable folder ({folder} is not writable)")
    from .files import same_file
    for i, (opt, path) in enumerate(given):
        for opt2, path2 in given[i + 1:]:
            if same_file(path, path2):
                _input_error(f"{opt} {path} and {opt2} {path2}: expected different files (one would overwrite the other)")
        for what, src in (inputs or {}).items():
            if src is not None and (src, path) not in keep and same_file(src, path):
                _input_error(f"{opt} {path}: expected a file that is not an input of the run (it is the {what})")


def _check_requires(requires) -> None:
    """Exit 2 for a ``--requires`` pattern that matches no tag of the controlled list."""
    from .validation import schema
    tags = schema("requires")["enum"]
    for pat in requires:
        if not any(fnmatch.fnmatchcase(t, pat) for t in tags):
            _input_error(f"--requires {pat}: expected a mechanic tag of schemas/requires.schema.json "
                         f"({', '.join(tags)})")


def _nothing_selected(games, rulings, ids, tags, requires) -> None:
    crit = " ".join(f"--{k} {v}" for k, vs in (("game", games), ("ruling", rulings), ("id", ids), ("tag", tags),
                                                   ("requires", requires)) for v in vs)
    click.echo(f"error: the selection ({crit or 'no criteria'}) matched no scenario; `duelspec list` shows them all",
               err=True)
    sys.exit(1)


def _verdict_lines(tally, foot) -> list:
    """Lines (:class:`rich.text.Text`) that say why a run did not pass."""
    from rich.text import Text
    from .text import terminal
    lines = []
    if foot.get("stopped_early"):
        lines.append(Text("the run stopped early: ", style="red") + terminal(foot.get("reason", "")))
    if not tally.executed:
        lines.append(Text("no scenario was executed to a verdict (skipped and errored ones do not count): "
                          "a run that executes nothing fails", style="red"))
    if tally.counts["xpassed"]:
        lines.append(Text(f"{tally.counts['xpassed']} scenario(s) listed as expected failures passed: "
                          f"remove them from the expect-fail file", style="red"))
    for f in foot.get("late_faults") or []:
        lines.append(Text("adapter fault after a result was given: ", style="red") + terminal(f.get("message", "")))
    return lines


@main.command()
@click.argument("results_files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["table", "markdown", "junit", "json"]), default="table", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write here instead of stdout.")
@click.option("--by-cause", is_flag=True, help="The failures (and xfailures) grouped by cause instead: by the first failing "
              "expectation, the replacement's kind and the interference (duelspec.causes), matched to the causes of "
              "--causes; table or markdown.")
@click.option("--causes", "causes_file", type=click.Path(dir_okay=False, path_type=Path),
              help="With --by-cause: a TOML cause file mapping signatures to an engine's causes (e.g. adapters/edopro/causes.toml).")
@click.option("--write-expect-fail", "expect_out", type=click.Path(dir_okay=False, path_type=Path),
              help="With --by-cause: write an expect-fail file, every failure with its cause as the reason.")
@click.option("--scenarios", "scenario_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="With --by-cause: scenario documents (JSON files or folders) the stream ran besides the built-in ones.")
@click.option("--unordered", "unordered_stream", type=click.Path(dir_okay=False, path_type=Path),
              help="With --by-cause: the stream of a run of the failures' copies without the order of their negations "
                   "(python -m duelspec.causes unorder; documents in --scenarios): the causes those failures hid.")
def summary(results_files, fmt, out, by_cause, causes_file, expect_out, scenario_paths, unordered_stream):
    """Re-render saved JSON-lines result streams (from `run --out`) as a table, Markdown, JUnit
    XML or one merged stream (`json`). Several files are merged into one report: the shards of
    one run (`run --shard K/N`), or several selections of one engine; a missing shard (also the
    other shards of a lone shard's run) makes the merged run stopped early, and streams of
    different suites, engine versions, dates or runs are refused. With --by-cause: the failures grouped by cause (a thousand results
    read as a few causes, each with its count, an example and the engine's file:line from the
    cause file).

    A stream cut off by a killed run is accepted and reported as stopped early. Exit status:
    0 when the saved run passed, 1 when it did not (or stopped early), 2 when a file is not
    a result stream (the error names the line and JSON pointer) or the files are not of one run."""
    from .console import console as make_console
    from .errors import InputError
    from .report import combine, read_stream, render_failures, render_follows, render_partial, render_skips, render_markdown, render_table
    _check_outputs(inputs={f"results file {f}": f for f in results_files}, out=out)
    try:
        st = combine([read_stream(f) for f in results_files])
    except InputError as exc:
        _input_error(exc)
    from rich.text import Text
    from .files import open_output
    from .text import terminal
    tally = st.tally()
    if (causes_file or expect_out or scenario_paths or unordered_stream) and not by_cause:
        raise click.UsageError("--causes, --write-expect-fail, --scenarios and --unordered go with --by-cause")
    if by_cause and fmt not in ("table", "markdown"):
        raise click.UsageError("--by-cause renders as table or markdown")
    try:
        fh = open_output(out) if out else None
    except InputError as exc:
        _input_error(f"--out {out}: expected a file that can be written, got {exc.got}")
    try:
        if by_cause:
            _by_cause(st, fmt, fh, causes_file, expect_out, scenario_paths, unordered_stream)
        elif fmt == "table":
            from .catalogue import rulings as ruling_catalogue
            console = make_console(fh)
            render_table(tally, ruling_catalogue(), console, games={r.get("game") for r in st.results if r.get("game")} or None)
            render_skips(tally, console)
            render_partial(tally, console)
            render_follows(tally, console)
            render_failures(tally, console)
            impl = st.header.get("adapter", {}).get("implementation", {}) or {}
            as_of = (st.header.get("selection") or {}).get("as_of")
            console.print(Text(tally.summary_line(), style="bold") + "  (adapter: " + terminal(
                f"{impl.get('name', st.header['adapter'].get('spec'))} {impl.get('version', '')}, started "
                f"{st.header.get('started')}" + (f", as of {as_of}" if as_of else ""), limit=600) + ")", highlight=False)
            for line in _verdict_lines(tally, st.footer):
                console.print(line, highlight=False, soft_wrap=True)
        else:
            if fmt == "markdown":
                text = render_markdown(st.header, st.results, st.footer)
            elif fmt == "json":
                from .report import json_line
                text = "".join(json_line(x) + "\n" for x in (st.header, *st.results, st.footer))
            else:
                from .junit import to_junit
                text = to_junit(st.header, st.results, st.footer)
            (fh or sys.stdout).write(text)
        (fh or sys.stdout).flush()
        if fh:
            fh.close()
    except OSError as exc:
        _quiet_stdout()
        if not (fh is None and _is_epipe(exc)):
            make_console(stderr=True).print(Text("error:", style="red") + " could not write "
                                       + terminal(f"{out or 'stdout'}: {exc.strerror or exc}"), highlight=False)
            sys.exit(2)
    sys.exit(0 if _passed(tally, st.footer) else 1)


def _by_cause(st, fmt, fh, causes_file, expect_out, scenario_paths=(), unordered_stream=None) -> None:
    """`summary --by-cause`: the failures of a stream grouped by cause (duelspec.causes)."""
    from .console import console as make_console
    from .causes import (by_id, expect_fail_toml, group, hidden_causes, load_causes, render_hidden, render_markdown,
                         render_text)
    from .errors import InputError
    from .files import open_output
    from .report import read_stream
    try:
        causes = load_causes(causes_file) if causes_file else []
        hidden = hidden_causes(read_stream(unordered_stream).results, scenario_paths, causes) if unordered_stream else {}
    except InputError as exc:
        _input_error(exc)
    bad = [r for r in st.results if r.get("outcome") in ("failed", "xfailed")]
    groups = group(bad, by_id((r["id"] for r in bad), scenario_paths), causes)
    if fmt == "markdown":
        (fh or sys.stdout).write(render_markdown(groups) + "\n" + (render_hidden(groups, hidden) + "\n" if unordered_stream else ""))
    else:
        console = make_console(fh)
        console.print(f"{len(bad)} failures by cause ({len(groups)} groups)", style="bold", highlight=False)
        render_text(groups, console)
        if unordered_stream:
            console.print(render_hidden(groups, hidden), highlight=False, markup=False)
    if expect_out:
        impl = st.header.get("adapter", {}).get("implementation", {}) or {}
        try:
            with open_output(expect_out) as f:
                f.write(expect_fail_toml(groups, [
                    f"duelspec expected failures of {impl.get('name', '?')} ({impl.get('version', '')}),",
                    f"one per failing scenario, with its cause (duelspec summary --by-cause --causes {causes_file}).",
                    "A listed scenario that passes is `xpassed` and fails the run: then remove its entry."], hidden))
        except InputError as exc:
            _input_error(f"--write-expect-fail {expect_out}: expected a file that can be written, got {exc.got}")


@main.command()
@click.argument("streams", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--arguments", "arguments_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A TOML arguments file: per cluster, the verdict and the argument (e.g. docs/conformance/consensus-arguments.toml).")
@click.option("--scenarios", "scenario_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="Scenario documents (JSON files or folders) the streams ran besides the built-in ones.")
@click.option("--markdown", "markdown_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the consensus page (Markdown) to this file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def consensus(streams, arguments_path, scenario_paths, markdown_out, fmt):
    """Where every engine of a game fails a scenario the same way (the same first failing
    expectation): the scenarios and their clusters, what each expectation rests on (rulings with
    the page's passage, general rules with their source) and, with --arguments, the verdict on each
    (duelspec.consensus). Give every stream of every engine (streams of one engine are merged)."""
    from . import consensus as cs
    from .errors import InputError
    try:
        c = cs.run(streams, arguments_path, scenario_paths)
    except InputError as exc:
        _input_error(exc)
    if markdown_out:
        argv = " ".join(["duelspec consensus", *(str(p) for p in streams)]
                        + ([f"--arguments {arguments_path}"] if arguments_path else []) + [f"--markdown {markdown_out}"])
        err = _write_output(markdown_out, cs.render_markdown(c, argv))
        if err:
            _input_error(f"--markdown {markdown_out}: expected a file that can be written, got {err}")
    if fmt == "json":
        click.echo(json.dumps(cs.as_json(c), ensure_ascii=False, indent=1))
    else:
        from rich.console import Console
        cs.render_text(c, Console(highlight=False, soft_wrap=True))
    sys.exit(0)


@main.command(name="smoke")
@adapter_options
def smoke_(adapter_spec, timeout, startup_timeout, max_restarts):
    """Protocol smoke test of an adapter: handshake, two runs (seq 1, 2), stop (exit status 0).

    Exit status 0 when every check passed, 1 otherwise. Scenario outcomes are shown, not judged."""
    from .console import console as make_console
    from .smoke import smoke
    console = make_console()
    try:
        adapter = make_adapter(adapter_spec, timeout, startup_timeout, 0)
    except (ValueError, ImportError, AttributeError) as exc:
        _input_error(exc)
    stopper = _Stopper()            # Ctrl-C, SIGTERM, SIGHUP: the adapter (and all it started) is ended
    stopper.install()
    try:
        checks = smoke(adapter)
    except KeyboardInterrupt:
        stopper.stopping(adapter)
        _stop_adapter(adapter)
        click.echo(f"{stopper.reason()}: the smoke test did not finish", err=True)
        sys.exit(1)
    finally:
        stopper.uninstall()
    from rich.text import Text
    from .text import terminal
    for name, ok, detail in checks:
        console.print(Text("✓" if ok else "✗", style="green" if ok else "red") + " " + terminal(name) + ": "
                      + terminal(detail, multiline=True), highlight=False)
    ok = all(c[1] for c in checks)
    console.print("[bold green]smoke test passed[/]" if ok else "[bold red]smoke test failed[/]")
    sys.exit(0 if ok else 1)


@main.command()
@selection_options
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path), help="Folder for one JSON file per scenario.")
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated: every normal-draw replacement chain up to length 4).")
def export(paths, games, rulings, ids, tags, requires, out, generated):
    """Write every scenario as a JSON document (<id>.json), validated against the schema."""
    from .errors import InputError
    _check_paths(paths)
    try:
        scenarios, errors = load(paths, games, rulings, ids, tags, requires, generated)
        out.mkdir(parents=True, exist_ok=True)
    except InputError as exc:
        _input_error(exc)
    except OSError as exc:
        _input_error(f"--out {out}: expected a folder that can be created and written ({exc.strerror})")
    for s in scenarios:
        (out / f"{s['id']}.json").write_text(json.dumps(s, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    from .text import plain
    for e in errors:
        click.echo(f"error: {plain(e.error)}", err=True)
    click.echo(f"wrote {len(scenarios)} scenario{'' if len(scenarios) == 1 else 's'} to {out}" + (f"; {len(errors)} could not be compiled" if errors else ""))
    sys.exit(1 if errors or not scenarios else 0)


@main.command(name="list")
@selection_options
def list_(paths, games, rulings, ids, tags, requires):
    """List the selected scenarios: id, rulings, origin and the sources they cite besides the
    source page (`cites`). Exit status 1 when a file could not be
    compiled or the selection matched nothing."""
    from .errors import InputError
    _check_paths(paths)
    try:
        scenarios, errors = load(paths, games, rulings, ids, tags, requires)
    except InputError as exc:
        _input_error(exc)
    from .text import plain
    for s in scenarios:
        o = s.get("origin") if isinstance(s.get("origin"), dict) else {}
        cites = "; ".join(f"{c['kind']}: {c['ref']}" + (f" ({c['date']})" if c.get("date") else "") for c in s.get("cites", []))
        click.echo("\t".join(plain(x, limit=1000) for x in (s["id"], ",".join(s["rulings"]),
                                                             f"{o.get('file', '')}:{o.get('line', '')}")
                              + ((f"cites {cites}",) if cites else ())))
    for e in errors:
        click.echo(f"error: {plain(e.error)}", err=True)
    if not scenarios and not errors:
        _nothing_selected(games, rulings, ids, tags, requires)
    sys.exit(1 if errors else 0)


@main.command()
@click.option("--game", "games", multiple=True, type=click.Choice(["ygo", "dm"]), help="Only mutants of this game (repeatable).")
@click.option("--ruling", "rulings", multiple=True, help="Only mutants naming this ruling, wildcards allowed (repeatable).")
@click.option("--mutant", "names", multiple=True, help="Only this mutant, wildcards allowed (repeatable).")
@click.option("--tagged-only", is_flag=True,
              help="Run each mutant only on the scenarios tagged with one of its rulings (all the report needs).")
@click.option("--protocol", is_flag=True, help="Through the adapter protocol: one `python -m duelspec.mutation serve` per mutant.")
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated).")
@click.option("--markdown", "md_out", type=click.Path(dir_okay=False, path_type=Path), help="Write the mutation report here.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="`json`: one line per mutant (name, rulings, killers per ruling) and a footer.")
@click.option("--list", "list_only", is_flag=True, help="List the selected mutants (name, rulings, what they break) and exit.")
def mutants(games, rulings, names, tagged_only, protocol, generated, md_out, fmt, list_only):
    """Mutation testing of the spec: run the scenarios against rule mutants of the reference engines.

    Each mutant breaks one ruling in one way; it is killed for a ruling when a scenario tagged
    with that ruling passes on the reference engine and fails on the mutant. Reports, per
    ruling, the mutants no scenario tagged with it kills. Exit status 0 when every selected
    mutant is killed for every ruling it names, 1 otherwise, 2 for bad input."""
    from .console import console as make_console
    from rich.markup import escape
    from rich.table import Table
    from .mutation import registry
    from .mutation.matrix import render_markdown, run_matrix

    def any_match(values, patterns):
        return any(fnmatch.fnmatchcase(v, p) for v in values for p in patterns)
    chosen = [m for m in registry().values()
              if (not games or m.game in games) and (not rulings or any_match(m.rulings, rulings))
              and (not names or any_match([m.name], names))]
    if not chosen:
        click.echo("error: the selection matched no mutant; `duelspec mutants --list` shows them all", err=True)
        sys.exit(1)
    if list_only:
        for m in chosen:
            click.echo(f"{m.name}\t{','.join(m.rulings)}\t{m.summary}")
        sys.exit(0)
    _check_outputs(markdown=md_out)
    from .errors import InputError
    try:
        scenarios, errors = load((), tuple(games), (), (), (), (), generated)
    except InputError as exc:
        _input_error(exc)
    for e in errors:
        click.echo(f"error: {e.error}", err=True)
    if errors:
        sys.exit(2)
    console = make_console(stderr=fmt == "json")
    console.width = max(console.width, 120)

    def progress(done, total, m):
        if fmt == "table" and sys.stderr.isatty():
            click.echo(f"\r{done}/{total} {m.name[:60]:60}", nl=False, err=True)
    mx = run_matrix(scenarios, chosen, all_scenarios=not tagged_only, protocol=protocol, progress=progress)
    if fmt == "table" and sys.stderr.isatty():
        click.echo("\r" + " " * 80 + "\r", nl=False, err=True)
    killed, total = mx.kill_rate()
    survivors = mx.survivors()
    if fmt == "json":
        for run in mx.runs:
            click.echo(json.dumps({"type": "mutant", **run.mutant.as_dict(),
                                   "killers": {r: run.killers(mx.baseline, r, mx.tags) for r in run.mutant.rulings},
                                   "killers_untagged": run.killers(mx.baseline)}, ensure_ascii=False))
        click.echo(json.dumps({"type": "footer", "mutants": len(mx.runs), "pairs": total, "killed": killed,
                               "survivors": [list(x) for x in survivors]}))
    else:
        table = Table(title="duelspec: rule mutants by ruling")
        for col, just in (("ruling", "left"), ("mutants", "right"), ("killed", "right"), ("survivors", "left")):
            table.add_column(col, justify=just)
        per: dict = {}
        for r, run, k in mx.pairs():
            per.setdefault(r, []).append((run, k))
        for r, entries in per.items():
            left = [run.mutant.name for run, k in entries if not k]
            table.add_row(r, str(len(entries)), str(sum(1 for _, k in entries if k)), escape(", ".join(left)) or "—")
        console.print(table)
        runs = {run.mutant.name: run for run in mx.runs}
        for r, name in survivors:
            elsewhere = runs[name].killers(mx.baseline)
            note = (f"; killed only by scenarios not tagged {r}: {', '.join(elsewhere[:3])}" if elsewhere
                    else "" if mx.all_scenarios else "")
            console.print(f"[red]SURVIVES[/] {escape(name)} for {r}: {escape(runs[name].mutant.summary)}{escape(note)}",
                          highlight=False)
        console.print(f"[bold]{len(mx.runs)} mutants, {killed}/{total} (ruling, mutant) pairs killed "
                      f"({100 * killed / total:.1f}%)[/]" + (" through the adapter protocol" if protocol else ""),
                      highlight=False)
    if md_out:
        md_out.write_text(render_markdown(mx), encoding="utf-8")
    sys.exit(0 if not survivors else 1)


@main.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the format-2 documents (<id>.json).")
def migrate(inputs, out):
    """Rewrite format-1 scenario documents (files or folders of .json) as format 2: each step gets
    the window the reference engine used it in, `pass` steps are dropped; a notice on stderr says
    what was guessed. Exit status 1 when a document could not be migrated."""
    from .migrate import MigrationError, migrate as migrate_doc
    from .text import plain
    from .resources import load_json
    from .errors import InputError
    files = [p for i in inputs for p in (sorted(i.rglob("*.json")) if i.is_dir() else [i])]
    out.mkdir(parents=True, exist_ok=True)
    failed, written = 0, {}
    for f in files:
        try:
            doc, notes = migrate_doc(load_json(str(f)), str(f))
        except (MigrationError, InputError) as exc:
            failed += 1
            click.echo(f"error: {plain(str(exc), limit=2000)}", err=True)
            continue
        if doc["id"] in written:
            # two documents of one id would be one file: the second used to overwrite the first
            failed += 1
            click.echo(f"error: {plain(str(f), limit=500)}:/id: expected an id no other input has, got "
                       f"{plain(doc['id'], limit=500)!r} (also {plain(str(written[doc['id']]), limit=500)})", err=True)
            continue
        written[doc["id"]] = f
        for n in notes:
            click.echo(f"notice: {plain(str(f), limit=500)}: {plain(n, limit=1000)}", err=True)
        (out / f"{doc['id']}.json").write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    click.echo(f"{len(files) - failed} migrated to format 2, {failed} not", err=True)
    sys.exit(1 if failed else 0)


@main.command()
@click.option("--game", type=click.Choice(["ygo", "dm"]))
def steps(game):
    """Print the step grammar: every step form, with an example. A When step starts with one of
    the moments (scenario format 2), then a comma and the action: `When <moment>, <action>`; a
    phrase may stand between them (`every time this turn`). Words of format 2.1 say so."""
    from .compiler.grammar import GRAMMAR, readable
    forms = [("Moment", m, f"{readable(m.pattern.pattern[:-2])}, ...", "", "When ") for m in GRAMMAR.moments]
    forms += [("Modifier", m, f"<moment>, {readable(m.pattern.pattern[:-2])}, <action>", m.text, "When ")
              for m in GRAMMAR.modifiers]
    forms += [(r.keyword.title(), r, readable(r.pattern.pattern), "", "") for r in GRAMMAR.rules]
    for label, form, shape, text, prefix in forms:
        if game and game not in form.games:
            continue
        # a word of scenario format 2.1: documents using it need adapter protocol 3
        click.echo(f"{label:5} [{','.join(form.games)}] {shape}{' (format 2.1)' if form.minor else ''}")
        for line in ([text] if text else []) + ([f"e.g. {prefix}{form.example}"] if form.example else []):
            click.echo(f"{'':5}   {line}")


@main.command()
@click.option("--results", "results", multiple=True, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A result stream (duelspec run --out FILE); repeatable, one per engine run. Several runs of one engine make its history.")
@click.option("--out", "out", required=True, type=click.Path(file_okay=False, path_type=Path), help="The folder to write the site into.")
@click.option("--consensus-arguments", "arguments_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The verdicts on the consensus clusters (duelspec consensus --arguments), shown on consensus.html.")
def site(results, out, arguments_path):
    """Write the spec as a static website: the engines × rulings matrix, a page per ruling with
    its scenarios as Gherkin and every engine's verdicts, a page per failure, each engine's history
    and badge, the general rules (general-rules.html) and, with two engines of a game or more,
    where they all fail the same way (consensus.html). The pages work from file:// and need no network."""
    from .errors import InputError
    from .text import plain
    from .site import build
    try:
        info = build(list(results), out, arguments_path)
    except InputError as exc:
        _input_error(exc)
    for name, c in info["engines"].items():
        click.echo(f"{plain(name, limit=200)}: " + ", ".join(f"{n} {o}" for o, n in c.items() if n))
    click.echo(f"wrote {info['pages']} pages to {out}/index.html")


@main.command(name="cards", context_settings={"ignore_unknown_options": True})
@click.argument("query")
@click.option("--game", "games", multiple=True, type=click.Choice(["ygo", "dm"]), help="Only this game's catalogue (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def cards_(query, games, fmt):
    """Look a card up in the card catalogues by English or Japanese name (or part of it),
    passcode or set number; prints its facts and where they come from. Exit 1 when nothing
    matches."""
    from .catalogue import cards
    found = [(g, c) for g in (games or ("ygo", "dm")) for c in cards(g).search(query)]
    if fmt == "json":
        click.echo(json.dumps([dict(c, game=g) for g, c in found], ensure_ascii=False, indent=2))
    for g, c in found if fmt == "text" else ():
        facts = [f"{k}: {c[k]}" for k in ("card_type", "subtypes", "attribute", "race", "level", "rank", "link", "atk", "def",
                                            "civilizations", "cost", "power", "races", "keywords", "archetypes") if k in c]
        click.echo(f"[{g}] {c['id']}  {c['name']['en']}" + (f"  /  {c['name']['ja']}" if c["name"].get("ja") else ""))
        click.echo("  " + "; ".join(str(f) for f in facts))
        if c.get("text"):
            click.echo("  text: " + c["text"])
        for src in c.get("sources", []):
            click.echo(f"  source ({', '.join(src.get('facts', []))}): {src.get('ref', '')}")
    if not found:
        from .text import terminal
        click.echo(f"no card matches {terminal(query, limit=200)}", err=True)
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
