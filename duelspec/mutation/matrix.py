"""Run scenarios against rule mutants and report, per ruling, the mutants no scenario kills.

A mutant is *killed for a ruling* when a scenario tagged with that ruling passes on the
reference engine and fails on the mutant. Every result goes through the runner's
:func:`~duelspec.runner.run_one` (the trace schema, the trace checks and the checker), as for
any adapter; with ``protocol=True`` each mutant is served by its own protocol program
(``python -m duelspec.mutation serve <name>``, :class:`~duelspec.adapters.process.ProcessAdapter`),
the path a third-party adapter takes.

What kills: a ``failed`` result (an assertion of the scenario failed), or an ``errored``
result whose detail is ``missing decision`` — the mutant asked for a decision the ruling gives
to no one in the script (e.g. NAP choosing what AP chooses; the scenario format makes such a
run ``errored``, never guessed); the report shows pairs killed only that way apart. Any other
``errored`` result (a mutant engine that crashed) and ``skipped`` do not kill.

Bounded work: the scenarios are compiled once; in-process, mutants are applied one after
another in this process (no fork, no pool: the machine's cores are shared).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from ..judging.asof import day_to_check
from . import Mutant, applied

KILLS = ("failed", "missing-decision")


def outcome_of(result: dict) -> str:
    """A result's outcome; ``"missing-decision"`` for an ``errored`` one with that detail."""
    if result["outcome"] == "errored" and result.get("detail") == "missing decision":
        return "missing-decision"
    return result["outcome"]


@dataclass
class MutantRun:
    """The outcomes of one mutant: ``outcomes`` by scenario id (only scenarios of its game)."""
    mutant: Mutant
    outcomes: dict = field(default_factory=dict)

    def killers(self, baseline: dict, tagged_with: str | None = None, tags: dict | None = None,
                kills: tuple = KILLS) -> list:
        """Scenario ids that pass on the reference engine and whose outcome on this mutant is one
        of ``kills`` (only those tagged with ``tagged_with`` when given; ``tags``: scenario id ->
        rulings)."""
        return sorted(sid for sid, o in self.outcomes.items()
                      if o in kills and baseline.get(sid) == "passed"
                      and (tagged_with is None or tagged_with in tags.get(sid, ())))


@dataclass
class Matrix:
    """Every mutant against the scenarios: ``baseline`` (scenario id -> outcome on the
    reference engine), ``runs`` (one :class:`MutantRun` per mutant), ``tags`` (scenario id ->
    its rulings), ``all_scenarios`` (False: each mutant ran only the scenarios tagged with one
    of its rulings)."""
    baseline: dict
    runs: list
    tags: dict
    all_scenarios: bool
    protocol: bool = False
    games: dict = field(default_factory=dict)      # scenario id -> game

    def scenario_counts(self) -> dict:
        """Scenarios per game."""
        out: dict = {}
        for g in self.games.values():
            out[g] = out.get(g, 0) + 1
        return out

    def pairs(self) -> list:
        """``(ruling, MutantRun, tagged killers)`` for every ruling a mutant names."""
        return [(r, run, run.killers(self.baseline, r, self.tags)) for run in self.runs for r in run.mutant.rulings]

    def error_only(self) -> list:
        """``(ruling, mutant name)`` pairs killed, but by no failed assertion (only missing decisions)."""
        return [(r, run.mutant.name) for r, run, k in self.pairs()
                if k and not run.killers(self.baseline, r, self.tags, ("failed",))]

    def survivors(self) -> list:
        """``(ruling, mutant name)`` pairs no scenario tagged with the ruling kills."""
        return [(r, run.mutant.name) for r, run, k in self.pairs() if not k]

    def kill_rate(self) -> tuple:
        pairs = self.pairs()
        return sum(1 for _, _, k in pairs if k), len(pairs)


def _selected(mutant: Mutant, scenarios: list, all_scenarios: bool) -> list:
    wanted = set(mutant.rulings)
    return [s for s in scenarios if s["game"] == mutant.game and (all_scenarios or wanted & set(s["rulings"]))]


def _reference():
    from ..adapters.reference import ReferenceAdapter
    adapter = ReferenceAdapter()
    return adapter, adapter.start()


def serve_command(name: str) -> str:
    """The command line of the protocol program serving mutant ``name``."""
    import shlex
    return f"{shlex.quote(sys.executable)} -m duelspec.mutation serve {shlex.quote(name)}"


def run_protocol(mutant: Mutant, chosen: list, timeout: float = 30.0) -> dict:
    """Outcomes (scenario id -> outcome) of ``chosen`` on ``mutant`` served by its own protocol program."""
    from ..adapters.process import ProcessAdapter
    from ..runner import run_one
    adapter = ProcessAdapter(serve_command(mutant.name), timeout=timeout, startup_timeout=timeout, max_restarts=2)
    try:
        impl = adapter.start()
        return {s["id"]: outcome_of(run_one(s, adapter, impl, day_to_check(s))) for s in chosen}
    finally:
        adapter.stop()


def run_matrix(scenarios: list, mutants: list, all_scenarios: bool = True, protocol: bool = False,
               timeout: float = 30.0, progress=None) -> Matrix:
    """Run ``scenarios`` (compiled scenario dicts) against each of ``mutants``.

    ``all_scenarios``: every scenario of the mutant's game (False: only those tagged with one
    of its rulings, enough to decide the kills the report needs). ``protocol``: through the
    adapter protocol, one program per mutant. ``progress(done, total, mutant)`` is called
    after each mutant."""
    from ..runner import run_one
    adapter, impl = _reference()
    games = {m.game for m in mutants}
    scenarios = [s for s in scenarios if s["game"] in games]
    baseline = {s["id"]: outcome_of(run_one(s, adapter, impl, day_to_check(s))) for s in scenarios}
    runs = []
    for i, m in enumerate(mutants):
        chosen = _selected(m, scenarios, all_scenarios)
        if protocol:
            outcomes = run_protocol(m, chosen, timeout)
        else:
            with applied(m):
                outcomes = {s["id"]: outcome_of(run_one(s, adapter, impl, day_to_check(s))) for s in chosen}
        runs.append(MutantRun(m, outcomes))
        if progress:
            progress(i + 1, len(mutants), m)
    tags = {s["id"]: tuple(s["rulings"]) for s in scenarios}
    return Matrix(baseline, runs, tags, all_scenarios, protocol, {s["id"]: s["game"] for s in scenarios})


# ------------------------------------------------------------------------------ the report
def render_markdown(mx: Matrix, command: str = "duelspec mutants --markdown docs/mutation-report.md") -> str:
    """The mutation report (deterministic: no times, no paths): the kill rate, per ruling the
    mutants and the survivors, per mutant what it breaks and the tagged scenarios that kill it."""
    from ..catalogue import rulings as catalogue
    from ..reporting.markdown import render
    cat = catalogue()
    killed, total = mx.kill_rate()
    by_game: dict = {}
    for run in mx.runs:
        by_game[run.mutant.game] = by_game.get(run.mutant.game, 0) + 1
    names = {run.mutant.name: run.mutant for run in mx.runs}
    per: dict = {}
    for r, run, k in mx.pairs():
        per.setdefault(r, []).append((run.mutant.name, bool(k)))
    by_ruling = []
    for rid in list(cat) + sorted(set(per) - set(cat)):
        if rid not in per and cat.get(rid) and cat[rid].game not in by_game:
            continue
        ms = per.get(rid, [])
        by_ruling.append((rid, len(ms), sum(ok for _, ok in ms), ", ".join(f"`{n}`" for n, ok in ms if not ok) or "—"))
    rows = []
    for run in mx.runs:
        m = run.mutant
        cells = []
        for r in m.rulings:
            k = run.killers(mx.baseline, r, mx.tags)
            cells.append(f"{r}: {len(k)}" + (f" (`{k[0]}`{' …' if len(k) > 1 else ''})" if k else " **survives**"))
        rows.append((m.name, ", ".join(m.rulings), m.summary, "; ".join(cells)))
    return render("mutation-report.md", command=command, mutants=len(mx.runs),
                  by_game=", ".join(f"{g}: {n}" for g, n in sorted(by_game.items())),
                  scenarios=", ".join(f"{g}: {n}" for g, n in sorted(mx.scenario_counts().items())),
                  total=total, killed=killed, rate=f"{100 * killed / total if total else 0:.1f}",
                  errors=mx.error_only(), survivors=[(r, n, names[n].summary) for r, n in mx.survivors()],
                  by_ruling=by_ruling, rows=rows)


def json_lines(mx: Matrix) -> list:
    """``duelspec mutants --format json``: one JSON line per mutant (its rulings, the scenarios that
    kill it per ruling and untagged), then a footer with the kill rate and the survivors."""
    import json
    killed, total = mx.kill_rate()
    lines = [json.dumps({"type": "mutant", **run.mutant.as_dict(),
                         "killers": {r: run.killers(mx.baseline, r, mx.tags) for r in run.mutant.rulings},
                         "killers_untagged": run.killers(mx.baseline)}, ensure_ascii=False) for run in mx.runs]
    lines.append(json.dumps({"type": "footer", "mutants": len(mx.runs), "pairs": total, "killed": killed,
                             "survivors": [list(x) for x in mx.survivors()]}))
    return lines


def render_table(mx: Matrix, console, protocol: bool = False) -> None:
    """The terminal report of ``duelspec mutants``: a table by ruling, each survivor, the kill rate."""
    from rich.markup import escape
    from rich.table import Table
    killed, total = mx.kill_rate()
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
    for r, name in mx.survivors():
        elsewhere = runs[name].killers(mx.baseline)
        note = (f"; killed only by scenarios not tagged {r}: {', '.join(elsewhere[:3])}" if elsewhere
                else "" if mx.all_scenarios else "")
        console.print(f"[red]SURVIVES[/] {escape(name)} for {r}: {escape(runs[name].mutant.summary)}{escape(note)}",
                      highlight=False)
    console.print(f"[bold]{len(mx.runs)} mutants, {killed}/{total} (ruling, mutant) pairs killed "
                  f"({100 * killed / total:.1f}%)[/]" + (" through the adapter protocol" if protocol else ""),
                  highlight=False)
