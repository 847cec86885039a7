"""Reports: the JSON-lines result stream (the source of truth) and the console table.

The stream is written line by line and flushed, so a killed run leaves every finished
result readable: a ``header`` line, one ``result`` line per scenario, a ``footer``.
"""
from __future__ import annotations

import datetime as _dt
import json
from collections import Counter, defaultdict

from . import __version__, SCENARIO_FORMAT, PROTOCOL_VERSION

OUTCOMES = ("passed", "failed", "skipped", "errored", "timed-out", "xfailed", "xpassed")
BAD = ("failed", "errored", "timed-out", "xpassed")


def header(adapter_spec: str, implementation: dict | None, selection: dict | None = None) -> dict:
    return {"type": "header", "format": 1,
            "suite": {"name": "duelspec", "version": __version__, "scenario_format": SCENARIO_FORMAT},
            "protocol": PROTOCOL_VERSION,
            "adapter": {"spec": adapter_spec, "implementation": implementation or {}},
            "selection": selection or {},
            "started": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}


class Tally:
    """Counts by outcome and by ruling ID."""

    def __init__(self):
        self.counts: Counter = Counter()
        self.by_ruling: dict[str, Counter] = defaultdict(Counter)
        self.bad: list[dict] = []

    def add(self, result: dict) -> None:
        self.counts[result["outcome"]] += 1
        for r in result.get("rulings", []):
            self.by_ruling[r][result["outcome"]] += 1
        if result["outcome"] in BAD:
            self.bad.append(result)

    @property
    def executed(self) -> int:
        return sum(self.counts[o] for o in ("passed", "failed", "xfailed", "xpassed"))

    def ok(self) -> bool:
        """True when nothing failed or errored and at least one scenario was executed."""
        return self.executed > 0 and not any(self.counts[o] for o in BAD)

    def footer(self, stopped_early: bool = False, reason: str | None = None, duration_s: float | None = None) -> dict:
        f = {"type": "footer", "counts": {o: self.counts[o] for o in OUTCOMES}, "stopped_early": stopped_early}
        if reason:
            f["reason"] = reason
        if duration_s is not None:
            f["duration_s"] = round(duration_s, 3)
        return f

    def summary_line(self) -> str:
        parts = [f"{self.counts[o]} {o}" for o in OUTCOMES if self.counts[o] or o in ("passed", "failed")]
        return ", ".join(parts)


class JsonLines:
    """Writes result-stream lines to a text file handle, flushing after each."""

    def __init__(self, fh):
        self.fh = fh

    def write(self, obj: dict) -> None:
        self.fh.write(json.dumps(obj, ensure_ascii=False, sort_keys=False) + "\n")
        self.fh.flush()


def render_table(tally: Tally, catalogue: dict, console, games=None) -> None:
    """A rich table: one row per catalogued ruling of ``games``, with its counts."""
    from rich.table import Table
    t = Table(title="duelspec: results by ruling", show_lines=False)
    t.add_column("ruling")
    for o in ("passed", "failed", "skipped", "errored"):
        t.add_column(o, justify="right")
    t.add_column("summary", overflow="ellipsis", max_width=70, no_wrap=True)
    for rid, r in catalogue.items():
        if games and r.game not in games:
            continue
        c = tally.by_ruling.get(rid, Counter())
        total = sum(c.values())
        style = "red" if c["failed"] or c["errored"] or c["timed-out"] else ("yellow" if not total or c["skipped"] == total else "green")
        t.add_row(f"[{style}]{rid}[/]", *(str(c[o] + (c["timed-out"] if o == "errored" else 0)) for o in ("passed", "failed", "skipped", "errored")),
                  r.summary if total else "[yellow]no scenario selected[/] " + r.summary)
    console.print(t)


def render_failures(tally: Tally, console, limit: int = 50) -> None:
    from .checker import Failure, format_failure
    for r in tally.bad[:limit]:
        where = r.get("origin", {})
        console.print(f"[bold red]{r['outcome'].upper()}[/] {r['id']}  ({where.get('file', '')}:{where.get('line') or where.get('location', '').replace('line ', '')})", highlight=False)
        if r.get("failures"):
            for f in r["failures"]:
                console.print(format_failure(Failure(**{k: f.get(k) for k in ("pointer", "message", "expected", "actual")}, context=f.get("context", [])), ""), highlight=False, markup=False)
        if r.get("message"):
            console.print("  " + r["message"], highlight=False, markup=False)
    if len(tally.bad) > limit:
        console.print(f"... and {len(tally.bad) - limit} more (see --format json)")
