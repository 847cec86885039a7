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

Each command is one small function over the library (as Bowtie's and toml-test's are): its
options, one call into the library (``session.run``, ``selection.load``, ``smoke.stoppable_smoke``,
``reporting.formats.render_stream``, ``analysis.causes.report_by_cause``, ``site.build``, ...), then
the terminal (``reporting.terminal``) and the exit status. Nothing imports this module but the
entry points (``duelspec.start``, ``duelspec.github_action``; docs/design/architecture.md, "Layers").
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click


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


def _print_version(ctx, _param, value):
    if value and not ctx.resilient_parsing:
        from .version import describe
        click.echo(describe())
        ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version, the commit it was built from and the suite's content hash, then exit.")
def main():
    """duelspec: rulings as executable scenarios; check a simulator against them."""
    if click.get_current_context().invoked_subcommand != "run":
        from .held_signals import release
        release()                           # signals held since start-up (duelspec.start) act as they came
    for name in ("stdout", "stderr"):       # started with a closed stdout/stderr (`>&-`): write nowhere
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))


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


def _input_error(exc) -> None:
    from .text import plain
    click.echo(f"error: {plain(exc)}", err=True)
    sys.exit(2)


def _write_out(out: Path | None, write) -> None:
    """``write(fh)`` into ``--out`` (``fh``), or stdout (``fh`` None); a reader of stdout that is gone
    (``| head``) ends it quietly, any other write that fails is an error (exit status 2)."""
    from rich.text import Text
    from .console import console as make_console
    from .errors import InputError
    from .files import is_epipe, open_output, quiet_stdout
    from .text import terminal
    try:
        fh = open_output(out) if out else None
    except InputError as exc:
        _input_error(f"--out {out}: expected a file that can be written, got {exc.got}")
    try:
        write(fh)
        (fh or sys.stdout).flush()
        if fh:
            fh.close()
    except OSError as exc:
        quiet_stdout()
        if not (fh is None and is_epipe(exc)):
            make_console(stderr=True).print(Text("error:", style="red") + " could not write "
                                            + terminal(f"{out or 'stdout'}: {exc.strerror or exc}"), highlight=False)
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
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated: every normal-draw replacement chain up to length 4; the Duel Masters attacks of the attack model, ids dm.generated.*).")
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

    SIGINT (Ctrl-C), SIGTERM and SIGHUP stop the run at any moment, also while the command and
    the adapter start (one before the stream is open is acted on once it is): the adapter and every process it started are ended, the footer (``stopped_early``,
    the reason, how many scenarios were selected) and the reports are written. A second
    signal while stopping ends the adapter at once instead of waiting for it."""
    from .errors import InputError, NotRun, UsageError
    from .session import RunRequest, run as run_session
    from .stopping import Stopper
    from .text import visible
    from .console import Lazy, Progress, is_terminal
    from .reporting.terminal import show_run
    console = Lazy()   # a terminal's width; outside one, lines that are never hard-wrapped (made when first used)
    bar = progress is not False and fmt == "table" and is_terminal(sys.stdout)
    every = progress_every if progress is not False and not bar else None
    request = RunRequest(paths=paths, games=games, rulings=rulings, ids=ids, tags=tags, requires=requires,
                         generated=generated, adapter_spec=adapter_spec, timeout=timeout, startup_timeout=startup_timeout,
                         max_restarts=max_restarts, jobs=jobs, shard=shard, run_id=run_id, as_of=as_of, out=out, junit=junit_out,
                         markdown=md_out, expect_fail=expect_fail, write_expect_fail=write_expect_fail,
                         keep_traces=keep_traces, stream_to_stdout=fmt == "json", keep_results=False)
    stopper = Stopper()
    stopper.install(hold=True)      # held until the stream is open (session.run), then a signal stops the run
    try:
        try:
            outcome = run_session(request, stopper, warn=lambda message: click.echo(f"warning: {message}", err=True),
                                  progress=lambda total: Progress(console, bar, total, every),
                                  notice=lambda message: click.echo(f"notice: {visible(message, limit=2000)}", err=True))
        except (InputError, UsageError) as exc:
            _input_error(exc)
        except NotRun as exc:
            click.echo(str(exc), err=True)
            sys.exit(1)
        status = show_run(outcome, request, "json" if outcome.stdout_gone else fmt, console)
    finally:
        stopper.uninstall()
    sys.exit(status)


def _date_option(value):
    """``--as-of``: an ISO date, or a usage error (exit 2)."""
    if value is None:
        return None
    from .judging.asof import parse_date
    try:
        return parse_date(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


@main.command()
@click.argument("results_files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["table", "markdown", "junit", "json"]), default="table", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write here instead of stdout.")
@click.option("--by-cause", is_flag=True, help="The failures (and xfailures) grouped by cause instead: by the first failing "
              "expectation, the replacement's kind and the interference (duelspec.analysis.causes), matched to the causes of "
              "--causes; table or markdown.")
@click.option("--causes", "causes_file", type=click.Path(dir_okay=False, path_type=Path),
              help="With --by-cause: a TOML cause file mapping signatures to an engine's causes (e.g. adapters/edopro/causes.toml).")
@click.option("--write-expect-fail", "expect_out", type=click.Path(dir_okay=False, path_type=Path),
              help="With --by-cause: write an expect-fail file, every failure with its cause as the reason.")
@click.option("--scenarios", "scenario_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="With --by-cause: scenario documents (JSON files or folders) the stream ran besides the built-in ones.")
@click.option("--unordered", "unordered_stream", type=click.Path(dir_okay=False, path_type=Path),
              help="With --by-cause: the stream of a run of the failures' copies without the order of their negations "
                   "(python -m duelspec.analysis.causes unorder; documents in --scenarios): the causes those failures hid.")
@click.option("--expect-fail", "expect_fail", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The expect-fail file the run used: warn about its entries that name no scenario of these streams "
                   "(each shard judged only its own; the merged report judges them all).")
def summary(results_files, fmt, out, by_cause, causes_file, expect_out, scenario_paths, unordered_stream, expect_fail=None):
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
    from .analysis.causes import report_by_cause
    from .console import console as make_console
    from .errors import InputError, UsageError
    from .files import check_outputs, scenario_inputs
    from .reporting.formats import render_stream
    from .reporting.report import read_streams
    from .reporting.terminal import summary_table
    try:
        check_outputs(inputs={**{f"results file {f}": f for f in results_files}, "--causes file": causes_file,
                              "--unordered stream": unordered_stream, **scenario_inputs(scenario_paths)},
                      out=out, write_expect_fail=expect_out)
        st = read_streams(results_files)
    except (InputError, UsageError) as exc:
        _input_error(exc)
    tally = st.tally()
    if expect_fail is not None:
        from .generated import is_generated
        from .judging import expectfail
        from .reporting.terminal import warn_stale
        try:
            listed = expectfail.load(expect_fail)
        except (InputError, UsageError) as exc:
            _input_error(exc)
        ran = {r.get("id") for r in st.results}
        generated = bool((st.header.get("selection") or {}).get("generated"))
        warn_stale(make_console(stderr=True), sorted(i for i in set(listed) - ran if generated or not is_generated(i)))
    if (causes_file or expect_out or scenario_paths or unordered_stream) and not by_cause:
        raise click.UsageError("--causes, --write-expect-fail, --scenarios and --unordered go with --by-cause")
    if by_cause and fmt not in ("table", "markdown"):
        raise click.UsageError("--by-cause renders as table or markdown")

    def write(fh) -> None:
        if by_cause:
            try:
                report_by_cause(st, fmt, fh, causes_file, expect_out, scenario_paths, unordered_stream)
            except (InputError, UsageError) as exc:
                _input_error(exc)
        elif fmt == "table":
            summary_table(st, make_console(fh))
        else:
            (fh or sys.stdout).write(render_stream(st, fmt))
    _write_out(out, write)
    sys.exit(0 if tally.passed(st.footer) else 1)


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
    (duelspec.analysis.consensus). Give every stream of every engine (streams of one engine are merged)."""
    from .analysis import consensus as cs
    from .errors import InputError, UsageError
    from .files import check_outputs, scenario_inputs, write_output
    try:
        check_outputs(inputs={**{f"stream {f}": f for f in streams}, "--arguments file": arguments_path,
                              **scenario_inputs(scenario_paths)}, markdown=markdown_out)
        c = cs.run(streams, arguments_path, scenario_paths)
    except (InputError, UsageError) as exc:
        _input_error(exc)
    if markdown_out:
        argv = " ".join(["duelspec consensus", *(str(p) for p in streams)]
                        + ([f"--arguments {arguments_path}"] if arguments_path else []) + [f"--markdown {markdown_out}"])
        err = write_output(markdown_out, cs.render_markdown(c, argv))
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
    from .adapters import make_adapter
    from .console import console as make_console
    from .smoke import stoppable_smoke
    console = make_console()
    try:
        adapter = make_adapter(adapter_spec, timeout, startup_timeout, 0)
    except (ValueError, ImportError, AttributeError) as exc:
        _input_error(exc)
    checks, stopped = stoppable_smoke(adapter)
    if stopped:
        click.echo(f"{stopped}: the smoke test did not finish", err=True)
        sys.exit(1)
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
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated: every normal-draw replacement chain up to length 4; the Duel Masters attacks of the attack model, ids dm.generated.*).")
def export(paths, games, rulings, ids, tags, requires, out, generated):
    """Write every scenario as a JSON document (<id>.json), validated against the schema."""
    from .errors import InputError, UsageError
    from .files import check_outputs, scenario_inputs
    from .selection import check_paths, load, write_documents
    try:
        check_paths(paths)
        check_outputs(inputs=scenario_inputs(paths), folders={"out": out})
        if out.exists() and not out.is_dir():
            raise UsageError(f"--out {out}: expected a folder, got a file")
        scenarios, errors = load(paths, games, rulings, ids, tags, requires, generated)
    except (InputError, UsageError) as exc:
        _input_error(exc)
    problem = write_documents(scenarios, out)
    if problem:                                   # whole or nothing: --out is as it was
        _input_error(f"--out {out}: nothing written: {problem}")
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
    from .errors import InputError, UsageError
    from .selection import check_paths, listed, load, nothing_selected
    try:
        check_paths(paths)
        scenarios, errors = load(paths, games, rulings, ids, tags, requires)
    except (InputError, UsageError) as exc:
        _input_error(exc)
    from .text import plain
    for s in scenarios:
        click.echo(listed(s))
    for e in errors:
        click.echo(f"error: {plain(e.error)}", err=True)
    if not scenarios and not errors:
        click.echo(nothing_selected(games, rulings, ids, tags, requires), err=True)
        sys.exit(1)
    sys.exit(1 if errors else 0)


def _register_commands() -> None:
    """Commands defined beside their library (``python -m duelspec.mutation`` runs the same command)."""
    from .mutation.command import mutants
    main.add_command(mutants)


_register_commands()


@main.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the format-2 documents (<id>.json).")
def migrate(inputs, out):
    """Rewrite format-1 scenario documents (files or folders of .json) as format 2: each step gets
    the window the reference engine used it in, `pass` steps are dropped; a notice on stderr says
    what was guessed. Exit status 1 when a document could not be migrated."""
    from .migrate import migrate_files
    migrated, failed = migrate_files(inputs, out, say=lambda line: click.echo(line, err=True))
    click.echo(f"{migrated} migrated to format 2, {failed} not", err=True)
    sys.exit(1 if failed else 0)


@main.command()
@click.option("--game", type=click.Choice(["ygo", "dm"]))
def steps(game):
    """Print the step grammar: every step form, with an example. A When step starts with one of
    the moments (scenario format 2), then a comma and the action: `When <moment>, <action>`; a
    phrase may stand between them (`every time this turn`). Words of format 2.1 and 2.2 say so."""
    from .compiler import step_grammar
    from .compiler.grammar import step_forms
    step_grammar()
    for line in step_forms(game):
        click.echo(line)


@main.command()
@click.option("--results", "results", multiple=True, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A result stream (duelspec run --out FILE); repeatable, one per engine run. Several runs of one engine make its history.")
@click.option("--out", "out", required=True, type=click.Path(file_okay=False, path_type=Path), help="The folder to write the site into: a new or empty one, or one an earlier `duelspec site` wrote "
                   "(only its files are replaced; a stream inside it is refused).")
@click.option("--consensus-arguments", "arguments_path", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The verdicts on the consensus clusters (duelspec consensus --arguments), shown on consensus.html.")
@click.option("--causes", "causes", multiple=True, metavar="NAME=CAUSES[,FIXES[,REPRO_DIR]]",
              help="An engine's cause file (and its fix measurements and reproductions): the engines' causes side by side on "
                   "causes.html, and that engine's failing generated chains grouped by them; NAME is a word of the "
                   "engine's name (repeatable; python -m duelspec.analysis.sidebyside).")
def site(results, out, arguments_path, causes):
    """Write the spec as a static website: the engines × rulings matrix, a page per ruling with
    its scenarios as Gherkin and every engine's verdicts, a page per failure of a hand-written
    scenario, the generated chains summarised per ruling with their failures grouped by cause
    (--causes) or first failing expectation and a drill-down listing each failing chain and how to
    re-run it, each engine's history and badge, the general rules (general-rules.html) and, with
    two engines of a game or more, where they all fail the same way (consensus.html), with --causes
    the engines' causes side by side (causes.html); also the cause file groups that engine's
    generated chains' failures. The pages work from file:// and need no network. Runs of another suite than the
    installed one are named on every page. Exit status 2 for bad input (a stream that is not one,
    more than 200 streams or 512 MiB of them, a --out with files the site did not write, an input
    inside --out)."""
    from .errors import InputError
    from .text import plain
    from .site import build
    try:
        info = build(list(results), out, arguments_path, causes)
    except InputError as exc:
        _input_error(exc)
    for name, c in info["engines"].items():
        click.echo(f"{plain(name, limit=200)}: " + ", ".join(f"{n} {o}" for o, n in c.items() if n))
    for rel in info.get("kept", []):
        click.echo(f"notice: {plain(str(out / rel), limit=500)} was written by an earlier build and changed since: left as it is",
                   err=True)
    click.echo(f"wrote {info['pages']} pages to {plain(str(out / 'index.html'), limit=1000)}")


@main.command(name="cards", context_settings={"ignore_unknown_options": True})
@click.argument("query")
@click.option("--game", "games", multiple=True, type=click.Choice(["ygo", "dm"]), help="Only this game's catalogue (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def cards_(query, games, fmt):
    """Look a card up in the card catalogues by English or Japanese name (or part of it),
    passcode or set number; prints its facts and where they come from. Exit 1 when nothing
    matches."""
    from .catalogue import card_lines, cards
    found = [(g, c) for g in (games or ("ygo", "dm")) for c in cards(g).search(query)]
    if fmt == "json":
        click.echo(json.dumps([dict(c, game=g) for g, c in found], ensure_ascii=False, indent=2))
    for g, c in found if fmt == "text" else ():
        for line in card_lines(g, c):
            click.echo(line)
    if not found:
        from .text import terminal
        click.echo(f"no card matches {terminal(query, limit=200)}", err=True)
        sys.exit(1)


from .search_cli import explore as _explore, shrink as _shrink  # noqa: E402  (issue 34: their own module)
main.add_command(_explore)
main.add_command(_shrink)

if __name__ == "__main__":  # pragma: no cover
    main()
