"""The checker: a scenario's expectations against an engine's trace.

:func:`check` never calls an engine; it reads two documents and returns the list of
:class:`Failure` (empty: the scenario passed). Semantics (scenario format 2; format 1 is the
same without groups and refusal codes):

- ``expect.events``: items that must occur **in this order** in ``trace.events`` (other
  events may come between). An item is a pattern, or a group: ``{"any_order": [patterns]}``
  (all occur after the previous item's match and before the next item's, in any order among
  themselves, each on its own event) or ``{"together": [patterns]}`` (all occur as one
  moment: consecutive events, nothing else between them, in any order among themselves). A
  pattern matches an event when every field it names is equal; arrays are compared as
  multisets (format 2.1: ``{"includes": [...]}`` matches an array that includes them).
- ``expect.never``: patterns that must match no event.
- ``expect.final``: per card the named fields of ``trace.final.cards[id]``; per player
  ``lp`` and the named zone ``counts``; ``winner``.
- ``omit``: the pointers of items the adapter does not observe (:mod:`duelspec.judging.coverage`): they
  are left out. A group that loses members is judged on the others (``any_order`` as
  ``any_order``, ``together`` as ``together``; one left: an ordinary pattern); every failure keeps
  the pointer of the item in the scenario.
- script steps: step *i* with ``legal: false`` must be ``refused`` in ``trace.steps`` (any
  code; with ``refusal``, a code the trace gives must be that one — a trace without a code, or
  with ``not-offered``, is not failed for it); ``applied`` fails, and so does ``not-reached`` ("the window never
  opened": the scenario could not show the engine refusing it). Every other step must be
  ``applied``. Format 2.1: a ``legal: false`` step whose ``when`` says ``opens: false`` (its
  window must not open) passes only as ``not-reached``. A step left unused (``not-reached``, or
  ``refused`` as not offered) whose trace outcome says the engine offered its card at decisions of
  another window (``offered_in``) fails as a contract (window) mismatch (``kind: "window"``, linking
  the rule), never as a rules disagreement (issue 32).
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
    kind: str | None = None      # "window": a contract (window) mismatch, not a rules failure (issue 32)
    see: str | None = None       # where the contract states the rule the failure comes from

    def as_dict(self) -> dict:
        d = {"pointer": self.pointer, "message": self.message, "expected": self.expected}
        if self.actual is not None:
            d["actual"] = self.actual
        if self.context:
            d["context"] = self.context
        if self.kind:
            d["kind"] = self.kind
        if self.see:
            d["see"] = self.see
        return d


#: where the contract says which window a decision is in (a window mismatch's failure links it)
WINDOW_RULE = "docs/design/scenario-format.md#which-window-a-decision-is-in"


def window_words(w: dict) -> str:
    """A window in words, with its name in the format (``in response to chain link 1 (`response`, link 1)``)."""
    kind = w.get("window", "?")
    words = {"before-draw": "at the timing before the draw", "after-before-draw": "after the timing before the draw, "
             "before the normal draw", "trigger": "where triggered effects are placed",
             "response": f"in response to chain link {w.get('link')}", "resolution": f"while chain link {w.get('link')} resolves",
             "activation": f"while chain link {w.get('link')} is activated",
             "open": f"in an open game state of the {w.get('phase')} phase"}.get(kind, f"in step {kind}")
    place = ", ".join(f"{k} {w[k]}" for k in ("link", "phase", "attack", "turn") if k in w)
    return f"{words} (`{kind}`{', ' + place if place else ''})"


def _window_mismatch(i: int, step: dict, got: dict) -> Failure | None:
    """A step left unused (``not-reached``, or ``refused`` as not offered) while the engine offered its card
    to its player at decisions of another window (trace ``offered_in``): the scenario and the engine place
    the decision in different windows. That is the contract's rule (which window a decision is in), so the
    failure says so and links it; it never reads as a rules disagreement."""
    seen = got.get("offered_in") or []
    unused = got.get("outcome") == "not-reached" or (got.get("outcome") == "refused" and got.get("code") in (None, "not-offered"))
    if not seen or not unused:
        return None
    when = dict(step.get("when", {}))
    meant = window_words(when)
    where = "; ".join(window_words(w) for w in seen[:5])
    what = f"player {step.get('player')} {step.get('do')} {json.dumps(step.get('card'))}" if step.get("card") else \
        f"player {step.get('player')} {step.get('do')}"
    return Failure(f"/script/{i}", f"contract (window) mismatch, not a rules disagreement: the scenario scripts step #{i} "
                   f"({what}) {meant}; the adapter reports that the engine offered it there at another decision, "
                   f"{where}, which this step does not answer, and never {meant}. Which window a decision is in: "
                   f"{WINDOW_RULE} (your adapter may name that decision's window otherwise than the contract does)",
                   {"step": step, "outcome": "applied" if step.get("legal", True) is not False else "refused"}, got,
                   kind="window", see=WINDOW_RULE)


def _same(expected, actual) -> bool:
    """Equality of a pattern value and an event value: arrays as multisets, booleans only
    equal to booleans (``True`` is not ``1``); format 2.1: ``{"includes": [...]}`` matches an
    array that includes those items (a sub-multiset: others may be there too).

    >>> _same({"includes": ["x"]}, ["y", "x"]), _same({"includes": ["x", "x"]}, ["x", "y"])
    (True, False)
    """
    if isinstance(expected, dict) and set(expected) == {"includes"}:
        if not isinstance(actual, list):
            return False
        rest = list(actual)
        for item in expected["includes"]:
            hit = next((j for j, y in enumerate(rest) if _same(item, y)), None)
            if hit is None:
                return False
            del rest[hit]
        return True
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
        got = event.get(k, MISSING)
        if got is MISSING:
            return False
        if type(v) is str:            # the common case: a string equals only the same string
            if got != v:
                return False
        elif type(v) is int:          # a number (not a boolean): equal, and never a boolean (_same)
            if got != v or type(got) is bool:
                return False
        elif not _same(v, got):
            return False
    return True


def _context(events: list, center: int, radius: int = 3) -> list:
    lo, hi = max(0, center - radius), min(len(events), center + radius + 1)
    return [[i, events[i]] for i in range(lo, hi)]


def check(scenario: dict, trace: dict, omit: frozenset | set = frozenset()) -> list[Failure]:
    """Every unmet expectation of ``scenario`` in ``trace`` (both already schema-valid), leaving
    out the items whose pointers are in ``omit`` (not observable: :func:`duelspec.judging.coverage.plan`)."""
    out: list[Failure] = []
    expect = scenario.get("expect", {})
    events = trace.get("events", [])

    # events by kind (a pattern names its kind): each pattern looks only at events of its kind
    by_kind: dict = {}
    for j, ev in enumerate(events):
        by_kind.setdefault(ev.get("event"), []).append(j)

    # ordered event items: the earliest end of each item is optimal for a subsequence test
    pos = 0
    for i, item in enumerate(expect.get("events", [])):
        at = f"/expect/events/{i}"
        if "any_order" in item or "together" in item:
            key = "together" if "together" in item else "any_order"
            kept = [(j, p) for j, p in enumerate(item[key]) if f"{at}/{key}/{j}" not in omit]
            if len(kept) >= 2:
                end, fail = _group(key, kept, events, pos, at, by_kind)
                if fail is not None:
                    out.append(fail)
                    break
                pos = end + 1
                continue
            if not kept:
                continue
            j, pat = kept[0]                 # one member left: an ordinary pattern
            at = f"{at}/{key}/{j}"
        elif at in omit:
            continue
        else:
            pat = item
        kind = by_kind.get(pat.get("event"), [])
        start = bisect.bisect_left(kind, pos)
        found = next((j for j in kind[start:] if matches(pat, events[j])), None)
        if found is None:
            earlier = next((j for j in kind[:start] if matches(pat, events[j])), None)
            msg = "expected event did not occur" if earlier is None else \
                f"expected event occurred at #{earlier}, before the event the previous pattern matched (#{pos - 1}): wrong order"
            out.append(Failure(at, msg, pat, None, _context(events, min(pos, max(len(events) - 1, 0)))))
            break  # later patterns are relative to this one: one failure says it
        pos = found + 1

    for i, pat in enumerate(expect.get("never", [])):
        if f"/expect/never/{i}" in omit:
            continue
        for j in by_kind.get(pat.get("event"), []):
            if matches(pat, events[j]):
                out.append(Failure(f"/expect/never/{i}", "an event that must not occur occurred", pat, events[j], _context(events, j)))
                break

    final = trace.get("final", {})
    want = expect.get("final", {})
    for cid, state in want.get("cards", {}).items():
        have = final.get("cards", {}).get(cid)
        for k, v in state.items():
            if f"/expect/final/cards/{cid}/{k}" in omit:
                continue
            got = MISSING if have is None or k not in have else have[k]
            if got != v:
                out.append(Failure(f"/expect/final/cards/{cid}/{k}", f"card {cid!r}: {k} differs"
                                   + (" (the trace's final state does not give it)" if got is MISSING else ""),
                                   v, None if got is MISSING else got))
    for p, state in want.get("players", {}).items():
        have = final.get("players", {}).get(p, {})
        if "lp" in state and f"/expect/final/players/{p}/lp" not in omit and have.get("lp") != state["lp"]:
            out.append(Failure(f"/expect/final/players/{p}/lp", f"player {p}: life points differ"
                               + ("" if "lp" in have else " (the trace's final state does not give them)"),
                               state["lp"], have.get("lp")))
        for zone, n in state.get("counts", {}).items():
            if f"/expect/final/players/{p}/counts/{zone}" in omit:
                continue
            got = have.get("counts", {}).get(zone)
            if got != n:
                out.append(Failure(f"/expect/final/players/{p}/counts/{zone}", f"player {p}: number of cards in {zone} differs"
                                   + ("" if got is not None else " (the trace's final state does not give it)"), n, got))
    for k in ("turn", "phase"):
        if k in want and f"/expect/final/{k}" not in omit and final.get(k) != want[k]:
            out.append(Failure(f"/expect/final/{k}", f"the {k} at the end differs", want[k], final.get(k)))
    if "winner" in want and "/expect/final/winner" not in omit and final.get("winner") != want["winner"]:
        out.append(Failure("/expect/final/winner", "the winner differs", want["winner"], final.get("winner")))

    v2 = scenario.get("format", 1) >= 2
    outcomes = {s["index"]: s for s in trace.get("steps", [])}
    for i, step in enumerate(scenario.get("script", [])):
        illegal = step.get("legal", True) is False
        want_outcome = "refused" if illegal else "applied"
        got = outcomes.get(i)
        got_outcome = got["outcome"] if got else None
        if illegal and step.get("when", {}).get("opens") is False:
            # format 2.1: the window must not open at all; only `not-reached` shows that
            if got_outcome != "not-reached":
                out.append(Failure(f"/script/{i}", "the step's window must not open, but it opened"
                                   + (" and the engine let the player do this there" if got_outcome == "applied" else ""),
                                   {"step": step, "outcome": "not-reached"}, got if got else "no outcome reported"))
            continue
        if got_outcome != want_outcome:
            mismatch = _window_mismatch(i, step, got) if got else None
            if mismatch is not None:
                out.append(mismatch)
                continue
            what = {"refused": "the engine must not let the player do this in this window (it is illegal), "
                               "but it was applied",
                    "applied": "the engine must accept this step (it is legal)"}[want_outcome]
            if got_outcome == "not-reached":
                what = ("the step's window never opened" + (": the engine was never shown refusing it" if illegal else "")
                        if v2 else "the engine never asked for this scripted step")
                if v2 and "turn" not in step.get("when", {}) and scenario.get("setup", {}).get("phase") == "start-of-duel":
                    # issue 35: a step that names no turn is for the setup's turn, turn 1 for a duel played from its
                    # start: a moment of a later turn (turn 2's normal draw) needs `on turn 2`
                    what += (" (the step names no turn, so it is for turn 1, the setup's: a moment of a later turn "
                             "needs `on turn N`, `when.turn`)")
            elif got_outcome is None:
                what = ("the trace gives no outcome for this step: a contract error, not a rules failure (one step "
                        "outcome per script step, docs/adapters.md#what-a-trace-must-say)")
            out.append(Failure(f"/script/{i}", what, {"step": step, "outcome": want_outcome},
                               got if got else "no outcome reported"))
        elif illegal and "refusal" in step and got.get("code") not in (None, "not-offered", step["refusal"]):
            # `not-offered` says only that the engine did not let the player do it there (all an
            # adapter that sees the engine's prompts can tell): like no code, it is not a wrong reason
            out.append(Failure(f"/script/{i}/refusal", f"the engine refused with code {got['code']!r}, the scenario says "
                               f"{step['refusal']!r}", step["refusal"], got))
    # a script step the engine refused or wrongly allowed is the cause of what follows from it (an expected
    # event that then did not occur): it comes first, so that the console, the Markdown summary, JUnit and
    # the site's headline (the first failure) name the cause (issue 21 §4)
    out.sort(key=lambda f: not f.pointer.startswith("/script/"))
    return out


def _group(key: str, members: list, events: list, pos: int, pointer: str, by_kind: dict):
    """``(index of the group's last event, None)`` for the earliest place at or after ``pos``
    where the ``any_order`` / ``together`` group (``key``) of ``members`` (``(index in the group,
    pattern)`` pairs: the members checked) matches, or ``(None, Failure)``. ``by_kind``: the
    indexes of ``events`` by their kind (``event``), in order; a pattern is compared only with
    the events of its kind (no other can match it)."""
    together = key == "together"
    pats = [p for _, p in members]
    index = [j for j, _ in members]
    item = {key: pats}
    k = len(pats)
    kinds = [by_kind.get(p.get("event"), []) for p in pats]
    cands = [[j for j in kind[bisect.bisect_left(kind, pos):] if matches(p, events[j])] for p, kind in zip(pats, kinds)]
    for n, c in enumerate(cands):
        if not c:
            kind = kinds[n]
            earlier = next((j for j in kind[:bisect.bisect_left(kind, pos)] if matches(pats[n], events[j])), None)
            msg = "expected event did not occur" if earlier is None else \
                f"expected event occurred at #{earlier}, before the event the previous item matched: wrong order"
            return None, Failure(f"{pointer}/{key}/{index[n]}", msg, pats[n], None, _context(events, min(pos, max(len(events) - 1, 0))))
    first = max((c[0] for c in cands), default=pos)      # no place ends before every pattern has a candidate
    if together:
        for start in range(max(pos, first - k + 1), len(events) - k + 1):
            window = range(start, start + k)
            if _assign([[j for j in c if j in window] for c in cands]):
                return start + k - 1, None
        return None, Failure(pointer, f"the {k} events of this group occurred, but not as one moment (consecutive, "
                             f"nothing between them)", item, None, _context(events, cands[0][0]))
    for end in sorted({j for c in cands for j in c if j >= first}):
        if _assign([[j for j in c if j <= end] for c in cands]):
            return end, None
    return None, Failure(pointer, "the events of this group did not each occur on an event of their own", item, None,
                         _context(events, pos))


def _assign(options: list[list[int]]) -> bool:
    """Can each pattern get its own event (a perfect matching of patterns to their candidate events)?"""
    owner: dict = {}

    def place(n, seen):
        for j in options[n]:
            if j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = n
                    return True
        return False
    return all(place(n, set()) for n in range(len(options)))


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
