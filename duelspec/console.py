"""Output where it lands (issue 21 §5): a terminal gets rich's tables, wrapping and a progress bar; a
CI log or a file gets lines that are never hard-wrapped (a JSON event of the evidence stays one line,
whatever its length), tables as wide as ``COLUMNS`` or :data:`LOG_WIDTH`, and, for a long run, a
progress line every so many seconds instead of silence until the end."""
from __future__ import annotations

import os
import sys
import time

LOG_WIDTH = 160          # the width of a table outside a terminal when COLUMNS does not say (CI logs are wide)
PROGRESS_EVERY = 30.0    # seconds between two progress lines in a log


def console(file=None, stderr: bool = False):
    """A console (:class:`rich.console.Console`) for ``file`` (default stdout, or stderr): rich's own on a
    terminal; elsewhere one whose text is never wrapped (``soft_wrap``) and whose tables are ``COLUMNS``
    (or :data:`LOG_WIDTH`) wide."""
    from rich.console import Console
    c = Console(file=file, stderr=stderr)
    if c.is_terminal:
        return c
    columns = os.environ.get("COLUMNS", "")
    width = int(columns) if columns.isdigit() and int(columns) > 0 else LOG_WIDTH
    return Console(file=file, stderr=stderr, width=width, soft_wrap=True)


class Lazy:
    """A :func:`console` made when it is first used (issue 37: a run that prints nothing through it, e.g.
    ``--format json`` that passes, does not import rich): ``Lazy(stderr=True).print(...)``."""

    def __init__(self, file=None, stderr: bool = False):
        self._args, self._console = (file, stderr), None

    def real(self):
        """The console itself (made now if it was not yet)."""
        if self._console is None:
            self._console = console(*self._args)
        return self._console

    def __getattr__(self, name):
        return getattr(self.real(), name)


def is_terminal(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """The progress of a run: a rich bar on ``console`` when ``bar``; otherwise, when ``every`` is a
    number of seconds, a plain line on stderr at most that often (``duelspec: 1200/2765 scenarios, 1150
    passed, …, 62 s``), so that a CI log shows a long run going on. Used as a context manager that
    gives ``advance(tally)``, called after each result."""

    def __init__(self, console, bar: bool, total: int, every: float | None = None, clock=time.monotonic):
        self.console, self.bar, self.total, self.every, self.clock = console, bar, total, every, clock

    def __enter__(self):
        if self.bar:
            return self._bar()
        if self.every:
            return self._lines()
        return lambda tally: None

    def _bar(self):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeElapsedColumn
        self.p = Bar(TextColumn("[bold]duelspec"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                     TextColumn("{task.description}"), console=self.console.real() if isinstance(self.console, Lazy) else self.console, transient=True)
        self.p.__enter__()
        task = self.p.add_task("", total=self.total)

        def advance(tally):
            c = tally.counts
            self.p.update(task, advance=1, description=(
                f"[green]{c['passed']} passed[/] [red]{c['failed']} failed[/] [yellow]{c['skipped']} skipped[/] "
                f"[magenta]{c['errored'] + c['timed-out']} errored[/]"))
        return advance

    def _lines(self):
        start = self.clock()
        state = {"next": start + self.every, "done": 0}

        def advance(tally):
            state["done"] += 1
            now = self.clock()
            if now < state["next"] or state["done"] >= self.total:
                return
            state["next"] = now + self.every
            c = tally.counts
            print(f"duelspec: {state['done']}/{self.total} scenarios, {c['passed']} passed, {c['failed']} failed, "
                  f"{c['skipped']} skipped, {c['errored'] + c['timed-out']} errored, {c['xfailed']} xfailed "
                  f"({now - start:.0f} s)", file=sys.stderr, flush=True)
        return advance

    def __exit__(self, *exc):
        if self.bar:
            self.p.__exit__(*exc)
        return False
