"""The ``duelspec`` command: run the conformance suite, export scenarios, list steps.

    duelspec run                       # every built-in scenario on the reference engine
    duelspec run --ruling 'ND-E*' --adapter 'cmd:node my_adapter.js'
    duelspec run --format json --out results.jsonl
    duelspec export --out build/scenarios
    duelspec steps                     # the step grammar
"""
from __future__ import annotations

import fnmatch
import json
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


def load(paths, games, rulings, ids, tags, requires, generated=False):
    from .compiler import compile_paths
    compiled = compile_paths(list(paths) or None)
    scenarios = select(compiled.scenarios, games, rulings, ids, tags, requires)
    if generated:  # issue 6: the generated normal-draw chains, same selection
        from .generated import scenarios as generated_scenarios
        scenarios += select(generated_scenarios(), games, rulings, ids, tags, requires)
    errors = _select_errors(compiled.errors, games, rulings, ids)
    return scenarios, errors


@main.command()
@selection_options
@click.option("--adapter", "adapter_spec", default="reference", show_default=True,
              help="`reference`, `module:attribute`, or `cmd:<command line>` (adapter protocol).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="`json`: the JSON-lines result stream.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the result stream here (any format).")
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated).")
def run(paths, games, rulings, ids, tags, requires, adapter_spec, fmt, out, generated):
    """Run the scenarios against an adapter and report by ruling.

    Exit status 1 when a scenario failed, errored or timed out, or when none was executed."""
    from rich.console import Console
    from .adapters import load_adapter
    from .catalogue import rulings as ruling_catalogue
    from .report import JsonLines, Tally, header, render_failures, render_table
    from .runner import run_scenarios

    scenarios, errors = load(paths, games, rulings, ids, tags, requires, generated)
    adapter = load_adapter(adapter_spec)
    impl = adapter.start()
    tally = Tally()
    streams = []
    out_fh = open(out, "w", encoding="utf-8") if out else None
    if out_fh:
        streams.append(JsonLines(out_fh))
    if fmt == "json":
        streams.append(JsonLines(sys.stdout))
    head = header(adapter_spec, impl, {"games": list(games), "rulings": list(rulings), "ids": list(ids),
                                       "tags": list(tags), "requires": list(requires)})
    for s in streams:
        s.write(head)
    t0 = time.perf_counter()
    try:
        for result in run_scenarios(scenarios, adapter, impl, errors):
            tally.add(result)
            for s in streams:
                s.write(result)
    finally:
        adapter.stop()
        foot = tally.footer(duration_s=time.perf_counter() - t0,
                            reason=None if tally.executed else "no scenario was executed")
        for s in streams:
            s.write(foot)
        if out_fh:
            out_fh.close()
    if fmt == "table":
        console = Console(width=max(Console().width, 140))
        render_table(tally, ruling_catalogue(), console, games=set(games) or {s["game"] for s in scenarios} or None)
        render_failures(tally, console)
        console.print(f"[bold]{tally.summary_line()}[/]  (adapter: {impl.get('name', adapter_spec)} {impl.get('version', '')})")
        if not tally.executed:
            console.print("[red]no scenario was executed: a run that executes nothing fails[/]")
    sys.exit(0 if tally.ok() else 1)


@main.command()
@selection_options
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path), help="Folder for one JSON file per scenario.")
@click.option("--generated", is_flag=True, help="Also the generated scenarios (duelspec.generated).")
def export(paths, games, rulings, ids, tags, requires, out, generated):
    """Write every scenario as a JSON document (<id>.json), validated against the schema."""
    scenarios, errors = load(paths, games, rulings, ids, tags, requires, generated)
    out.mkdir(parents=True, exist_ok=True)
    for s in scenarios:
        (out / f"{s['id']}.json").write_text(json.dumps(s, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    for e in errors:
        click.echo(f"error: {e.error}", err=True)
    click.echo(f"wrote {len(scenarios)} scenarios to {out}" + (f"; {len(errors)} could not be compiled" if errors else ""))
    sys.exit(1 if errors or not scenarios else 0)


@main.command(name="list")
@selection_options
def list_(paths, games, rulings, ids, tags, requires):
    """List the selected scenarios: id, rulings, origin."""
    scenarios, errors = load(paths, games, rulings, ids, tags, requires)
    for s in scenarios:
        o = s.get("origin", {})
        click.echo(f"{s['id']}\t{','.join(s['rulings'])}\t{o.get('file', '')}:{o.get('line', '')}")
    for e in errors:
        click.echo(f"error: {e.error}", err=True)


@main.command()
@click.option("--game", type=click.Choice(["ygo", "dm"]))
def steps(game):
    """Print the step grammar: every step form, with an example."""
    from .compiler.grammar import GRAMMAR
    for r in GRAMMAR.rules:
        if game and game not in r.games:
            continue
        click.echo(f"{r.keyword.title():5} [{','.join(r.games)}] {r.example or r.pattern.pattern}")


if __name__ == "__main__":  # pragma: no cover
    main()
