"""``duelspec mutants`` (and ``python -m duelspec.mutation``): the mutation testing of the spec as
a command, over :func:`duelspec.mutation.matrix.run_matrix`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

__all__ = ["mutants"]


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
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
    from ..console import console as make_console
    from . import select
    from .matrix import json_lines, render_markdown, render_table, run_matrix
    chosen = select(games, rulings, names)
    if not chosen:
        click.echo("error: the selection matched no mutant; `duelspec mutants --list` shows them all", err=True)
        sys.exit(1)
    if list_only:
        for m in chosen:
            click.echo(f"{m.name}\t{','.join(m.rulings)}\t{m.summary}")
        sys.exit(0)
    from ..errors import InputError, UsageError
    from ..files import check_outputs
    from ..selection import load
    try:
        check_outputs(markdown=md_out)
        scenarios, errors = load((), tuple(games), (), (), (), (), generated)
    except (InputError, UsageError) as exc:
        from ..text import plain
        click.echo(f"error: {plain(exc)}", err=True)
        sys.exit(2)
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
    if fmt == "json":
        for line in json_lines(mx):
            click.echo(line)
    else:
        render_table(mx, console, protocol)
    if md_out:
        from ..files import write_output
        problem = write_output(md_out, render_markdown(mx))
        if problem:                       # e.g. /dev/full: the matrix was shown, the report is lost: say so
            from ..text import plain
            click.echo(f"error: could not write {plain(problem)}", err=True)
            sys.exit(2)
    sys.exit(0 if not mx.survivors() else 1)
