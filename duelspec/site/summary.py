"""The generated chains on the site (issue 26): summarised, never a page each.

Thousands of generated chains per engine (``ygo.generated.*``, :mod:`duelspec.generated`) made a
page each and a row each on every ruling page they are tagged with (176 MB and ruling pages of
4 MB for 10 engines). Here they are read as a reader reads a run of them, by cause:

- per engine, its failing generated chains are grouped (:func:`failure_groups`) by the cause of
  its cause file (``duelspec site --causes NAME=CAUSES``) that matches the failure's signature
  (:func:`duelspec.analysis.causes.signature`), else by that signature's first failing expectation
  described by role (``refused legal step: B activates D.D. Crow (first response)``); a result
  of another version of its scenario (its title differs: the chain was instantiated anew) is
  grouped by its first failure's pointer and message, as the stream says it;
- each group is a drill-down: pages of at most :data:`ROWS_PER_PAGE` chains, each with its id,
  rulings, outcome, first failing expectation (bounded) and the command that re-runs it;
- a ruling page shows its generated chains' counts per engine and outcome and its failures per
  group and engine, linked to the drill-down (at most :data:`RULING_GROUPS` groups, the rest counted).
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass, field

ROWS_PER_PAGE = 250      # failing chains on one drill-down page (each row is bounded: a page stays under 1 MB)
GROUPS_PER_PAGE = 250    # groups on one page of an engine's list
RULING_GROUPS = 40       # groups shown on a ruling page (the rest are counted)
LABEL_CHARS = 300        # characters of a group's label (it comes from a stream's text)
OTHER = {"timed-out": "timed out (no verdict: the adapter did not answer in time)",
         "xpassed": "passed although its expect-fail entry says it fails"}


@dataclass
class Group:
    """One engine's failing generated chains with one cause (``cause``, a
    :class:`duelspec.analysis.causes.Cause`) or, without one, one first failing expectation (``label``)."""
    n: int
    key: tuple
    label: str
    cause: object = None
    results: list = field(default_factory=list)

    def pages(self, folder: str) -> list:
        """The site-relative file names of its drill-down pages."""
        k = max(1, -(-len(self.results) // ROWS_PER_PAGE))
        return [f"{folder}/{self.n}.html"] + [f"{folder}/{self.n}-{i}.html" for i in range(2, k + 1)]

    def chunks(self) -> list:
        return [self.results[i:i + ROWS_PER_PAGE] for i in range(0, len(self.results), ROWS_PER_PAGE)] or [[]]


def _label(result: dict, scenario: dict | None, causes: list) -> tuple:
    """``(key, label, cause)`` of a failing result: its cause (the first of ``causes`` matching its
    signature), else its first failing expectation."""
    from ..analysis.causes import signature
    from ..analysis.consensus import failure_key, is_stale
    from ..text import cap
    if result.get("outcome") in OTHER:
        return ("outcome", result["outcome"]), OTHER[result["outcome"]], None
    sig = None
    if scenario is not None and not is_stale(scenario, [result]):
        try:
            sig = signature(result, scenario)
        except (LookupError, TypeError, ValueError, AttributeError):
            sig = None                 # a failure that does not fit its scenario: read as the stream says it
    if sig is None:
        pointer, message = failure_key(result)
        first = " ".join(x for x in (pointer, message) if x) or cap(result.get("message") or "no failure reported", LABEL_CHARS)
        sig = {"first": ("(scenario changed since the run) " if scenario is not None else "") + first}
    cause = next((c for c in causes if c.matches(sig)), None)
    if cause is not None:
        return ("cause", cause.key), f"{cause.key}: {cause.title}", cause
    return ("first", sig["first"]), sig["first"], None


def failure_groups(results: list, scenarios: dict, causes: list, seen: dict | None = None) -> list:
    """The failing ``results`` (one engine's generated chains) as :class:`Group` s, most chains
    first; each group's results in id order. ``scenarios``: id -> scenario document. ``seen``: a
    cache shared by the engines of one site with the same ``causes`` (engines of one code base fail
    many chains alike)."""
    groups: dict = {}
    seen = {} if seen is None else seen
    for r in sorted(results, key=lambda r: r["id"]):
        memo = (r["id"], r.get("outcome"), r.get("message"), repr(r.get("failures")))
        if memo not in seen:
            seen[memo] = _label(r, scenarios.get(r["id"]), causes)
        key, label, cause = seen[memo]
        g = groups.get(key)
        if g is None:
            g = groups[key] = Group(0, key, label, cause)
        g.results.append(r)
    out = sorted(groups.values(), key=lambda g: (-len(g.results), g.label))
    for i, g in enumerate(out, 1):
        g.n = i
    return out


def rerun_command(header: dict) -> str:
    """The command line that re-runs one generated chain of the run of ``header`` (its adapter and
    as-of date), keeping its whole trace; the chain's ``--id`` goes last."""
    adapter = str((header.get("adapter") or {}).get("spec") or "reference")
    as_of = (header.get("selection") or {}).get("as_of")
    words = ["duelspec", "run", "--generated", "--adapter", adapter]
    if as_of:
        words += ["--as-of", str(as_of)]
    words += ["--keep-traces", "traces"]
    return " ".join(shlex.quote(w) for w in words)


def rerun(command: str, scenario_id: str) -> str:
    return f"{command} --id {shlex.quote(scenario_id)}"
