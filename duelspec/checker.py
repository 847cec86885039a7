"""The checker: a scenario's expectations against an engine's trace.

:func:`check` never calls an engine; it reads two documents and returns the list of
:class:`Failure` (empty: the scenario passed). Semantics (scenario format 1):

- ``expect.events``: patterns that must occur **in this order** in ``trace.events``
  (other events may come between). A pattern matches an event when every field it
  names is equal; arrays are compared as multisets.
- ``expect.never``: patterns that must match no event.
- ``expect.final``: per card the named fields of ``trace.final.cards[id]``; per player
  ``lp`` and the named zone ``counts``; ``winner``.
- script step legality: step *i* with ``legal: false`` must be ``refused`` in
  ``trace.steps``, every other step ``applied``.
"""
from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field


MISSING = object()   # a value the trace does not give


@dataclass
class Failure:
    """One unmet expectation.

    ``pointer`` is the JSON pointer of the expectation in the scenario
    (``/expect/events/2``), ``expected`` the pattern or value, ``actual`` what the trace
    had (``None`` when absent), ``context`` the trace events around the place it was
    looked for, as ``[index, event]`` pairs.
    """
    pointer: str
    message: str
    expected: object = None
    actual: object = None
    context: list = field(default_factory=list)

    def as_dict(self) -> dict:
        d = {"pointer": self.pointer, "message": self.message, "expected": self.expected}
        if self.actual is not None:
            d["actual"] = self.actual
        if self.context:
            d["context"] = self.context
        return d


def _same(expected, actual) -> bool:
    """Equality of a pattern value and an event value: arrays as multisets, booleans only
    equal to booleans (``True`` is not ``1``)."""
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return False
        try:
            return sorted(expected) == sorted(actual)
        except TypeError:  # mixed or unorderable items
            key = lambda x: json.dumps(x, sort_keys=True)  # noqa: E731
            return sorted(map(key, expected)) == sorted(map(key, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    return expected == actual


def matches(pattern: dict, event: dict) -> bool:
    """True when every field the pattern names is equal in ``event`` (arrays as multisets).

    >>> matches({"event": "draw", "normal": True}, {"event": "draw", "player": "A", "cards": ["x"], "normal": True})
    True
    >>> matches({"event": "draw", "cards": ["x", "y"]}, {"event": "draw", "cards": ["y", "x"], "normal": False})
    True
    >>> matches({"event": "draw", "normal": True}, {"event": "draw", "normal": False})
    False
    >>> matches({"event": "activate", "link": 1}, {"event": "activate", "link": True})
    False
    """
    if pattern.get("event") != event.get("event"):
        return False
    for k, v in pattern.items():
        if k not in event or not _same(v, event[k]):
            return False
    return True


def _context(events: list, center: int, radius: int = 3) -> list:
    lo, hi = max(0, center - radius), min(len(events), center + radius + 1)
    return [[i, events[i]] for i in range(lo, hi)]


def check(scenario: dict, trace: dict) -> list[Failure]:
    """Every unmet expectation of ``scenario`` in ``trace`` (both already schema-valid)."""
    out: list[Failure] = []
    expect = scenario.get("expect", {})
    events = trace.get("events", [])

    # events by kind (a pattern names its kind): each pattern looks only at events of its kind
    by_kind: dict = {}
    for j, ev in enumerate(events):
        by_kind.setdefault(ev.get("event"), []).append(j)

    # ordered event patterns: greedy earliest match is optimal for a subsequence test
    pos = 0
    for i, pat in enumerate(expect.get("events", [])):
        kind = by_kind.get(pat.get("event"), [])
        start = bisect.bisect_left(kind, pos)
        found = next((j for j in kind[start:] if matches(pat, events[j])), None)
        if found is None:
            earlier = next((j for j in kind[:start] if matches(pat, events[j])), None)
            msg = "expected event did not occur" if earlier is None else \
                f"expected event occurred at #{earlier}, before the event the previous pattern matched (#{pos - 1}): wrong order"
            out.append(Failure(f"/expect/events/{i}", msg, pat, None, _context(events, min(pos, max(len(events) - 1, 0)))))
            break  # later patterns are relative to this one: one failure says it
        pos = found + 1

    for i, pat in enumerate(expect.get("never", [])):
        for j in by_kind.get(pat.get("event"), []):
            if matches(pat, events[j]):
                out.append(Failure(f"/expect/never/{i}", "an event that must not occur occurred", pat, events[j], _context(events, j)))
                break

    final = trace.get("final", {})
    want = expect.get("final", {})
    for cid, state in want.get("cards", {}).items():
        have = final.get("cards", {}).get(cid)
        for k, v in state.items():
            got = MISSING if have is None or k not in have else have[k]
            if got != v:
                out.append(Failure(f"/expect/final/cards/{cid}/{k}", f"card {cid!r}: {k} differs"
                                   + (" (the trace's final state does not give it)" if got is MISSING else ""),
                                   v, None if got is MISSING else got))
    for p, state in want.get("players", {}).items():
        have = final.get("players", {}).get(p, {})
        if "lp" in state and have.get("lp") != state["lp"]:
            out.append(Failure(f"/expect/final/players/{p}/lp", f"player {p}: life points differ"
                               + ("" if "lp" in have else " (the trace's final state does not give them)"),
                               state["lp"], have.get("lp")))
        for zone, n in state.get("counts", {}).items():
            got = have.get("counts", {}).get(zone)
            if got != n:
                out.append(Failure(f"/expect/final/players/{p}/counts/{zone}", f"player {p}: number of cards in {zone} differs"
                                   + ("" if got is not None else " (the trace's final state does not give it)"), n, got))
    for k in ("turn", "phase"):
        if k in want and final.get(k) != want[k]:
            out.append(Failure(f"/expect/final/{k}", f"the {k} at the end differs", want[k], final.get(k)))
    if "winner" in want and final.get("winner") != want["winner"]:
        out.append(Failure("/expect/final/winner", "the winner differs", want["winner"], final.get("winner")))

    outcomes = {s["index"]: s for s in trace.get("steps", [])}
    for i, step in enumerate(scenario.get("script", [])):
        want_outcome = "refused" if step.get("legal", True) is False else "applied"
        got = outcomes.get(i)
        got_outcome = got["outcome"] if got else None
        if got_outcome != want_outcome:
            what = {"refused": "the engine must refuse this step (it is illegal)",
                    "applied": "the engine must accept this step (it is legal)"}[want_outcome]
            if got_outcome == "not-reached":
                what = "the engine never asked for this scripted step"
            out.append(Failure(f"/script/{i}", what, {"step": step, "outcome": want_outcome},
                               got if got else "no outcome reported"))
    return out


def format_failure(f: Failure, scenario_id: str = "") -> str:
    """A readable, multi-line rendering of one failure."""
    lines = [f"{scenario_id} {f.pointer}: {f.message}".strip(),
             f"  expected: {json.dumps(f.expected, ensure_ascii=False)}"]
    if f.actual is not None:
        lines.append(f"  actual:   {json.dumps(f.actual, ensure_ascii=False)}")
    if f.context:
        lines.append("  trace around it:")
        lines += [f"    #{i}: {json.dumps(e, ensure_ascii=False)}" for i, e in f.context]
    return "\n".join(lines)
