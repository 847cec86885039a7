"""A run on the terminal: its tables by ruling, skips, partial checks, answers followed and failures
(:func:`results_table`), the lines that say why it did not pass (:func:`verdict_lines`), the end of
``duelspec run`` (:func:`show_run`: warnings, the table, outputs that could not be written, the
exit status) and a saved stream's tables (:func:`summary_table`, ``duelspec summary``)."""
from __future__ import annotations

import sys


def show_run(outcome, request, fmt: str, console) -> int:
    """The end of ``duelspec run`` on the terminal: warnings, the table (``fmt`` table), what could
    not be written (exit status 2), why the run did not pass. Returns the exit status."""
    from ..console import Lazy
    from ..files import is_epipe, quiet_stdout
    from ..text import terminal
    tally, impl, unwritten = outcome.tally, outcome.impl, list(outcome.unwritten)
    err_console = Lazy(stderr=True)      # rich is imported only when something is printed
    stale = outcome.stale
    try:
        warn_stale(err_console, stale)
        if fmt == "table":
            results_table(tally, console, set(request.games) or outcome.games or None,
                           request.rulings or None,
                           terminal(f"{impl.get('name', request.adapter_spec)} {impl.get('version', '')}".strip(), limit=400)
                           + (f"; as of {outcome.as_of}" if outcome.as_of else ""))
            sys.stdout.flush()
    except OSError as exc:
        if is_epipe(exc):             # `duelspec run | head`: the reader is gone
            quiet_stdout()
        else:                         # e.g. stdout is /dev/full: the table is lost, say so
            quiet_stdout()
            unwritten.append(f"stdout: {exc.strerror or exc}")
    if unwritten:
        from rich.text import Text
        err_console.print(Text("error:", style="red") + Text(" could not write ") + terminal("; ".join(unwritten)),
                          highlight=False)
        return 2
    for line in verdict_lines(tally, outcome.foot):
        err_console.print(line, highlight=False, soft_wrap=True)
    if request.write_expect_fail:
        from rich.text import Text
        err_console.print(Text(f"wrote {request.write_expect_fail}"), highlight=False)
    return 0 if outcome.passed() else 1


def warn_stale(err_console, stale: list) -> None:
    """The warning about expect-fail entries that named no scenario of the run (a shard: of its own)."""
    if stale:
        from rich.text import Text
        from ..text import terminal
        err_console.print(Text("warning:", style="yellow") + Text(f" {len(stale)} expect-fail entries match no scenario "
                          "of this run: ") + terminal(", ".join(stale[:10]) + (" ..." if len(stale) > 10 else "")),
                          highlight=False)


#: the headline's style on a terminal, by its state (duelspec.headline)
HEADLINE_STYLE = {"bad": "bold red", "known": "bold dark_orange", "unchecked": "bold yellow", "good": "bold green", "none": "bold"}


def results_table(tally, console, games, rulings, adapter_text) -> None:
    """The terminal report of a run: the table by ruling, skips, answers followed, failures, the
    summary line naming the adapter (``adapter_text``, already made safe for a terminal)."""
    from rich.text import Text
    from ..catalogue import rulings as ruling_catalogue
    from .report import render_failures, render_follows, render_partial, render_skips, render_table
    render_table(tally, ruling_catalogue(), console, games=games, rulings=rulings)
    render_skips(tally, console)
    render_partial(tally, console)
    render_follows(tally, console)
    render_failures(tally, console)
    console.print(Text(tally.headline(), style=HEADLINE_STYLE[tally.state()]), highlight=False)
    console.print(Text(tally.summary_line(), style="bold") + "  (adapter: " + adapter_text + ")", highlight=False)


def summary_table(st, console) -> None:
    """``duelspec summary`` on the terminal: the tables of a saved stream, the verdict's reasons."""
    from ..text import terminal
    impl = st.header.get("adapter", {}).get("implementation", {}) or {}
    as_of = (st.header.get("selection") or {}).get("as_of")
    tally = st.tally()
    results_table(tally, console, {r.get("game") for r in st.results if r.get("game")} or None, None,
                   terminal(f"{impl.get('name', st.header['adapter'].get('spec'))} {impl.get('version', '')}, "
                            f"started {st.header.get('started')}" + (f", as of {as_of}" if as_of else ""), limit=600))
    for line in verdict_lines(tally, st.footer):
        console.print(line, highlight=False, soft_wrap=True)


def verdict_lines(tally, foot) -> list:
    """Lines (:class:`rich.text.Text`) that say why a run did not pass."""
    if not (foot.get("stopped_early") or not tally.executed or tally.counts["xpassed"] or foot.get("late_faults")):
        return []                     # (rich is not imported for nothing to say)
    from rich.text import Text
    from ..text import terminal
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
