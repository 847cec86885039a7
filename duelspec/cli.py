"""The ``duelspec`` command: run the conformance suite, export scenarios, list steps.

    duelspec run                       # every built-in scenario on the reference engine
    duelspec run --ruling 'ND-E*' --adapter 'cmd:node my_adapter.js'
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
        json_paths += sorted(folder.rglob("*.json"))
    features = [p for p in paths if p.suffix != ".json"]
    compiled = compile_paths(features) if features or not json_paths else Compiled()
    for p in json_paths:
        doc = None
        try:
            doc = load_json(str(p))
            validate(doc, str(p))      # the schema, then card ids, ruling IDs and local ids
        except InputError as exc:
            d = doc if isinstance(doc, dict) else {}
            compiled.errors.append(ScenarioError(str(d.get("id") or f"<invalid:{p}>"), str(d.get("title", "")), exc,
                                                 list(d.get("rulings", [])) if isinstance(d.get("rulings"), list) else [],
                                                 str(d.get("game", ""))))
            continue
        compiled.scenarios.append(doc)
        json_source[id(doc)] = str(p)
    if generated:  # the generated normal-draw chains (duelspec.generated), checked for duplicates too
        from .generated import scenarios as generated_scenarios
        compiled.scenarios.extend(generated_scenarios())
    seen: dict = {}
    unique = []
    for sc in compiled.scenarios:          # one result per id: a second document with the same id is an error
        o = sc.get("origin", {}) if isinstance(sc.get("origin"), dict) else {}
        src = json_source.get(id(sc)) or (f"{o.get('file', '?')}:{o.get('line', '')}" if o else "a generated scenario")
        if sc["id"] in seen:
            compiled.errors.append(ScenarioError(sc["id"], sc.get("title", ""), InputError(
                src, "", f"a scenario id not used by another scenario of this run (also in {seen[sc['id']]})", sc["id"]),
                sc.get("rulings", []), sc.get("game", "")))
            continue
        seen[sc["id"]] = src
        unique.append(sc)
    compiled.scenarios = unique
    scenarios = select(compiled.scenarios, games, rulings, ids, tags, requires)
    errors = _select_errors(compiled.errors, games, rulings, ids)
    return scenarios, errors


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
    click.echo(f"error: {exc}", err=True)
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
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on the terminal (default: only when stdout is a terminal and --format table).")
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated: every normal-draw replacement chain up to length 4).")
@click.option("--shard", "shard", default=None, metavar="K/N",
              help="Play only shard K of N (a deterministic partition by scenario id, for CI matrix jobs); merge the shards' streams with `duelspec summary`.")
def run(paths, games, rulings, ids, tags, requires, generated, shard, adapter_spec, timeout, startup_timeout, max_restarts, fmt, out,
        junit_out, md_out, expect_fail, write_expect_fail, progress):
    """Run the scenarios against an adapter and report by ruling.

    Exit status 0 when every executed scenario passed (or xfailed) and at least one was
    executed; 1 when anything failed, errored, timed out or xpassed, the run stopped early,
    or no scenario was executed; 2 for bad input (an unreadable expect-fail file, a bad option)."""
    from rich.console import Console
    from . import expectfail
    from .catalogue import rulings as ruling_catalogue
    from .errors import InputError
    from .report import JsonLines, Tally, header, render_failures, render_skips, render_table, render_markdown
    from .runner import Run

    xf = {}
    if expect_fail:
        try:
            xf = expectfail.load(expect_fail)
        except InputError as exc:
            _input_error(exc)
    _check_outputs(out=out, junit=junit_out, markdown=md_out, expect_fail=write_expect_fail)
    _check_requires(requires)
    from .report import stale_install_warning
    stale = None if paths else stale_install_warning()
    if stale:
        click.echo(f"warning: {stale}", err=True)
    try:
        scenarios, errors = load(paths, games, rulings, ids, tags, requires, generated)
    except InputError as exc:          # a catalogue or schema of the suite itself is broken
        _input_error(exc)
    shard_sel = None
    if shard is not None:
        from .report import shard_of
        shard_sel = _parse_shard(shard)
        scenarios = [s for s in scenarios if shard_of(s["id"], shard_sel["count"]) == shard_sel["index"]]
        errors = [e for e in errors if shard_of(e.id, shard_sel["count"]) == shard_sel["index"]]
    if not scenarios and not errors and shard is None:
        _nothing_selected(games, rulings, ids, tags, requires)
    try:
        adapter = make_adapter(adapter_spec, timeout, startup_timeout, max_restarts)
    except (ValueError, ImportError, AttributeError, TypeError) as exc:
        _input_error(exc)
    runner = Run(adapter, expect_fail=xf)
    impl = runner.start()
    if not isinstance(impl, dict):
        _input_error(f"the adapter's start() must return its implementation description (a dict), got {type(impl).__name__}")
    import signal
    signal.signal(signal.SIGTERM, _terminate)  # CI cancellation: stop like Ctrl-C (adapter killed, footer written)
    tally = Tally()
    results: list[dict] = []
    streams = []
    out_fh = _open_locked(out) if out else None
    if out_fh:
        streams.append(JsonLines(out_fh, str(out)))
    if fmt == "json":
        streams.append(JsonLines(sys.stdout, "stdout"))
    head = header(adapter_spec, impl, {"games": list(games), "rulings": list(rulings), "ids": list(ids),
                                       "tags": list(tags), "requires": list(requires),
                                       **({"generated": True} if generated else {}), **({"shard": shard_sel} if shard_sel else {})},
                  scenarios=len(scenarios) + len(errors))
    for s in streams:
        s.write(head)
    console = Console()   # the terminal's width (COLUMNS when not a terminal): the table fits it
    show = progress if progress is not None else (fmt == "table" and sys.stdout is not None and sys.stdout.isatty())
    t0 = time.perf_counter()
    interrupted = False
    try:
        with _progress(console, show, len(scenarios) + len(errors)) as advance:
            for result in runner.results(scenarios, errors):
                tally.add(result)
                results.append(result)
                for s in streams:
                    s.write(result)
                advance(tally)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        try:
            adapter.stop()
        except Exception as exc:  # an in-process adapter's stop() failed: the results stand
            Console(stderr=True).print(f"[yellow]warning:[/] the adapter's stop() failed: {type(exc).__name__}: {exc}",
                                       highlight=False, markup=False)
        reason = ("interrupted (Ctrl-C or SIGTERM)" if interrupted else runner.reason if runner.stopped_early
                  else None if tally.executed else "no scenario was executed")
        foot = tally.footer(stopped_early=interrupted or runner.stopped_early, reason=reason,
                            duration_s=time.perf_counter() - t0)
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
    unwritten = [f"{s.name}: {s.failed}" for s in streams if s.failed is not None and s.name != "stdout"]
    try:
        if junit_out:
            from .junit import to_junit
            junit_out.write_text(to_junit(head, results, foot), encoding="utf-8")
        if md_out:
            with open(md_out, "a" if str(md_out) == os.environ.get("GITHUB_STEP_SUMMARY") else "w", encoding="utf-8") as fh:
                fh.write(render_markdown(head, results, foot))
        if write_expect_fail:
            write_expect_fail.write_text(expectfail.dump(results, xf, impl.get("name", adapter_spec)), encoding="utf-8")
    except OSError as exc:
        unwritten.append(f"{exc.filename or 'an output file'}: {exc.strerror or exc}")
    if any(s.failed is not None and s.name == "stdout" for s in streams):
        _quiet_stdout()               # e.g. `| head`: the reader is gone; the run and its files are complete
        fmt = "json"
    if unwritten:
        Console(stderr=True).print("[red]error:[/] could not write " + "; ".join(unwritten), highlight=False)
        sys.exit(2)
    err_console = Console(stderr=True)
    stale = sorted(set(xf) - {r["id"] for r in results})
    if stale:
        err_console.print(f"[yellow]warning:[/] {len(stale)} expect-fail entries match no scenario of this run: "
                          + ", ".join(stale[:10]) + (" ..." if len(stale) > 10 else ""), highlight=False)
    if fmt == "table":
        try:
            render_table(tally, ruling_catalogue(), console, games=set(games) or {s["game"] for s in scenarios} or None,
                         rulings=rulings or None)
            render_skips(tally, console)
            render_failures(tally, console)
            console.print(f"[bold]{tally.summary_line()}[/]  (adapter: {impl.get('name', adapter_spec)} {impl.get('version', '')})",
                          highlight=False)
        except BrokenPipeError:       # `duelspec run | head`: the reader is gone
            _quiet_stdout()
    for line in _verdict_lines(tally, foot):
        err_console.print(line, highlight=False, soft_wrap=True)
    if write_expect_fail:
        err_console.print(f"wrote {write_expect_fail}", highlight=False)
    sys.exit(0 if tally.ok() and not foot["stopped_early"] else 1)


def _parse_shard(text: str) -> dict:
    """``K/N`` (1 <= K <= N) as ``{"index": K, "count": N}``; a usage error (exit 2) otherwise."""
    import re
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text or "")
    if not m or not (1 <= int(m.group(1)) <= int(m.group(2)) <= 10000):
        _input_error(f"--shard: expected K/N with 1 <= K <= N (e.g. 2/4), got {text!r}")
    return {"index": int(m.group(1)), "count": int(m.group(2))}


def _terminate(signum, frame):
    raise KeyboardInterrupt


def _open_locked(path):
    """Open ``path`` for the result stream, refusing (exit 2) when another run is writing it."""
    import fcntl
    try:
        fh = open(path, "a", encoding="utf-8")
    except OSError as exc:
        _input_error(f"--out {path}: expected a file that can be written ({exc.strerror})")
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.close()
        _input_error(f"--out {path}: another duelspec run is writing this file")
    if os.path.isfile(path):
        fh.seek(0)
        fh.truncate()
    return fh


def _quiet_stdout() -> None:
    """Point stdout at /dev/null (after its reader went away) so nothing fails at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _check_outputs(**paths) -> None:
    """Exit 2 before anything runs when an output file cannot be written (its folder is missing
    or not writable), so that no run's results are lost at the end."""
    for what, path in paths.items():
        if path is None:
            continue
        folder = Path(path).resolve().parent
        if Path(path).is_dir():
            _input_error(f"--{what.replace('_', '-')} {path}: expected a file path, got a folder")
        if not folder.is_dir():
            _input_error(f"--{what.replace('_', '-')} {path}: expected a file in an existing folder ({folder} does not exist)")
        if not os.access(folder, os.W_OK):
            _input_error(f"--{what.replace('_', '-')} {path}: expected a writable folder ({folder} is not writable)")


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


def _verdict_lines(tally, foot) -> list[str]:
    lines = []
    if foot.get("stopped_early"):
        lines.append(f"[red]the run stopped early: {foot.get('reason', '')}[/]")
    if not tally.executed:
        lines.append("[red]no scenario was executed to a verdict (skipped and errored ones do not count): "
                     "a run that executes nothing fails[/]")
    if tally.counts["xpassed"]:
        lines.append(f"[red]{tally.counts['xpassed']} scenario(s) listed as expected failures passed: "
                     f"remove them from the expect-fail file[/]")
    return lines


class _progress:
    """A rich progress bar with outcome counts; a no-op when not shown."""

    def __init__(self, console, show: bool, total: int):
        self.console, self.show, self.total = console, show, total

    def __enter__(self):
        if not self.show:
            return lambda tally: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        self.p = Progress(TextColumn("[bold]duelspec"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          TextColumn("{task.description}"), console=self.console, transient=True)
        self.p.__enter__()
        task = self.p.add_task("", total=self.total)

        def advance(tally):
            c = tally.counts
            self.p.update(task, advance=1, description=(
                f"[green]{c['passed']} passed[/] [red]{c['failed']} failed[/] [yellow]{c['skipped']} skipped[/] "
                f"[magenta]{c['errored'] + c['timed-out']} errored[/]"))
        return advance

    def __exit__(self, *exc):
        if self.show:
            self.p.__exit__(*exc)
        return False


@main.command()
@click.argument("results_files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["table", "markdown", "junit", "json"]), default="table", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write here instead of stdout.")
def summary(results_files, fmt, out):
    """Re-render saved JSON-lines result streams (from `run --out`) as a table, Markdown, JUnit
    XML or one merged stream (`json`). Several files are merged into one report: the shards of
    one run (`run --shard K/N`), or several selections of one engine; a missing shard makes the
    merged run stopped early.

    A stream cut off by a killed run is accepted and reported as stopped early. Exit status:
    0 when the saved run passed, 1 when it did not (or stopped early), 2 when a file is not
    a result stream (the error names the line and JSON pointer) or the files are not of one run."""
    from rich.console import Console
    from .errors import InputError
    from .report import merge_streams, read_stream, render_failures, render_skips, render_markdown, render_table
    _check_outputs(out=out)
    try:
        streams = [read_stream(f) for f in results_files]
        st = streams[0] if len(streams) == 1 else merge_streams(streams)
    except InputError as exc:
        _input_error(exc)
    tally = st.tally()
    if fmt == "table":
        from .catalogue import rulings as ruling_catalogue
        console = Console(file=open(out, "w", encoding="utf-8") if out else None)
        render_table(tally, ruling_catalogue(), console, games={r.get("game") for r in st.results if r.get("game")} or None)
        render_skips(tally, console)
        render_failures(tally, console)
        impl = st.header.get("adapter", {}).get("implementation", {}) or {}
        console.print(f"[bold]{tally.summary_line()}[/]  (adapter: {impl.get('name', st.header['adapter'].get('spec'))} "
                      f"{impl.get('version', '')}, started {st.header.get('started')})", highlight=False)
        for line in _verdict_lines(tally, st.footer):
            console.print(line, highlight=False, soft_wrap=True)
        if out:
            console.file.close()
    else:
        if fmt == "markdown":
            text = render_markdown(st.header, st.results, st.footer)
        elif fmt == "json":
            text = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in (st.header, *st.results, st.footer))
        else:
            from .junit import to_junit
            text = to_junit(st.header, st.results, st.footer)
        if out:
            Path(out).write_text(text, encoding="utf-8")
        else:
            click.echo(text, nl=False)
    sys.exit(0 if tally.ok() and not st.footer.get("stopped_early") else 1)


@main.command(name="smoke")
@adapter_options
def smoke_(adapter_spec, timeout, startup_timeout, max_restarts):
    """Protocol smoke test of an adapter: handshake, two runs (seq 1, 2), stop (exit status 0).

    Exit status 0 when every check passed, 1 otherwise. Scenario outcomes are shown, not judged."""
    from rich.console import Console
    from .smoke import smoke
    console = Console()
    try:
        adapter = make_adapter(adapter_spec, timeout, startup_timeout, 0)
    except (ValueError, ImportError, AttributeError) as exc:
        _input_error(exc)
    checks = smoke(adapter)
    for name, ok, detail in checks:
        console.print(f"{'[green]✓[/]' if ok else '[red]✗[/]'} {name}: ", end="", highlight=False)
        console.print(detail, markup=False, highlight=False)
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
    try:
        scenarios, errors = load(paths, games, rulings, ids, tags, requires, generated)
        out.mkdir(parents=True, exist_ok=True)
    except InputError as exc:
        _input_error(exc)
    except OSError as exc:
        _input_error(f"--out {out}: expected a folder that can be created and written ({exc.strerror})")
    for s in scenarios:
        (out / f"{s['id']}.json").write_text(json.dumps(s, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    for e in errors:
        click.echo(f"error: {e.error}", err=True)
    click.echo(f"wrote {len(scenarios)} scenario{'' if len(scenarios) == 1 else 's'} to {out}" + (f"; {len(errors)} could not be compiled" if errors else ""))
    sys.exit(1 if errors or not scenarios else 0)


@main.command(name="list")
@selection_options
def list_(paths, games, rulings, ids, tags, requires):
    """List the selected scenarios: id, rulings, origin. Exit status 1 when a file could not be
    compiled or the selection matched nothing."""
    from .errors import InputError
    try:
        scenarios, errors = load(paths, games, rulings, ids, tags, requires)
    except InputError as exc:
        _input_error(exc)
    for s in scenarios:
        o = s.get("origin", {})
        click.echo(f"{s['id']}\t{','.join(s['rulings'])}\t{o.get('file', '')}:{o.get('line', '')}")
    for e in errors:
        click.echo(f"error: {e.error}", err=True)
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
    from rich.console import Console
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
    console = Console(width=max(Console().width, 120), stderr=fmt == "json")

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
@click.option("--game", type=click.Choice(["ygo", "dm"]))
def steps(game):
    """Print the step grammar: every step form, with an example. A When step starts with one of
    the moments (scenario format 2), then a comma and the action: `When <moment>, <action>`."""
    from .compiler.grammar import GRAMMAR, readable
    for m in GRAMMAR.moments:
        if game and game not in m.games:
            continue
        click.echo(f"{'Moment':6} [{','.join(m.games)}] {readable(m.pattern.pattern[:-2])}, ...")
        if m.example:
            click.echo(f"{'':6}   e.g. When {m.example}")
    for r in GRAMMAR.rules:
        if game and game not in r.games:
            continue
        click.echo(f"{r.keyword.title():5} [{','.join(r.games)}] {readable(r.pattern.pattern)}")
        if r.example:
            click.echo(f"{'':5}   e.g. {r.example}")


@main.command()
@click.option("--results", "results", multiple=True, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A result stream (duelspec run --out FILE); repeatable, one per engine run. Several runs of one engine make its history.")
@click.option("--out", "out", required=True, type=click.Path(file_okay=False, path_type=Path), help="The folder to write the site into.")
def site(results, out):
    """Write the spec as a static website: the engines × rulings matrix, a page per ruling with
    its scenarios as Gherkin and every engine's verdicts, a page per failure, each engine's history
    and badge. The pages work from file:// and need no network."""
    from .errors import InputError
    from .site import build
    try:
        info = build(list(results), out)
    except InputError as exc:
        _input_error(exc)
    for name, c in info["engines"].items():
        click.echo(f"{name}: " + ", ".join(f"{n} {o}" for o, n in c.items() if n))
    click.echo(f"wrote {info['pages']} pages to {out}/index.html")


@main.command(name="cards")
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
        click.echo(f"no card matches {query!r}", err=True)
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
