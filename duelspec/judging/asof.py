"""Dates: which expectations of a scenario are in force on a given day (issue 16).

A scenario may carry ``in_force`` (``{"from": date, "until"?: date}``: the period of the
answer its ``expect`` rests on) and ``superseded`` (earlier answers of the page, each with
``answered`` / ``replaced`` dates and its own ``expect``, or ``under_review``); see
``schemas/scenario.schema.json`` and ``docs/design/scenario-format.md``. Dates are ISO
``YYYY-MM-DD`` strings (they order as strings).

:func:`select` picks the expectations in force on a date, or says why none are:

- within ``in_force`` (or a scenario without dates): ``expect``;
- within a superseded answer's period: that answer's ``expect``;
  under review then: skipped, ``"under review on <date>"``;
- before anything was answered: skipped, ``"not yet ruled on <date>"``;
- after ``in_force.until``: skipped, ``"no longer in force on <date>"``.

:func:`follows` names the other dated answer a failing trace satisfies ("matches the answer of
2019-03-17, changed on 2022-07-30"), so that a report says which ruling an engine follows.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass


def today() -> str:
    """Today's date (local time), ISO."""
    return _dt.date.today().isoformat()


def parse_date(text: str) -> str:
    """``text`` as an ISO date (``YYYY-MM-DD``); raises ``ValueError`` naming what was expected."""
    try:
        return _dt.date.fromisoformat(str(text).strip()).isoformat()
    except ValueError:
        raise ValueError(f"expected a date as YYYY-MM-DD (e.g. 2019-06-01), got {text!r}") from None


@dataclass(frozen=True)
class Selection:
    """What :func:`select` found: ``expect`` (the expectations to judge by; ``None`` when
    ``skip`` says why there are none), ``answer`` (the superseded entry whose expectations
    they are, ``None`` for the scenario's own ``expect``)."""
    expect: dict | None
    answer: dict | None = None
    skip: str | None = None


def dated(scenario: dict) -> bool:
    """Does ``scenario`` carry dates (``in_force`` or ``superseded``)?"""
    return "in_force" in scenario or "superseded" in scenario


def select(scenario: dict, as_of: str | None = None) -> Selection:
    """The expectations of ``scenario`` in force on ``as_of`` (default today)."""
    if not dated(scenario):
        return Selection(scenario.get("expect"))
    day = as_of or today()
    period = scenario.get("in_force") or {}
    start, until = period.get("from"), period.get("until")
    if (start is None or start <= day) and (until is None or day < until):
        return Selection(scenario.get("expect"))
    for e in scenario.get("superseded", []):
        if e["answered"] <= day < e["replaced"]:
            if e.get("under_review"):
                return Selection(None, e, f"under review on {day}: 調整中 from {e['answered']} to {e['replaced']} "
                                          f"({e['ruling']})")
            return Selection(e["expect"], e)
    if until is not None and day >= until:
        return Selection(None, None, f"no longer in force on {day}: its answer was replaced on {until}")
    first = min([d for d in [start] + [e["answered"] for e in scenario.get("superseded", [])] if d])
    basis = f" ({period['basis']})" if period.get("basis") else ""
    return Selection(None, None, f"not yet ruled on {day}: its first answer is of {first}{basis}")


def day_to_check(scenario: dict, as_of: str | None = None) -> str | None:
    """The day on which a check of the rules themselves (``duelspec mutants``: does a mutant
    engine fail this scenario?) plays ``scenario``: ``as_of``, except for a scenario whose answer
    was replaced by then (``in_force.until``), which is played on the last day of its period, so
    that the answer it encodes still kills the mutants that break it. ``None``: today."""
    until = (scenario.get("in_force") or {}).get("until")
    if until is None or (as_of or today()) < until:
        return as_of
    return (_dt.date.fromisoformat(until) - _dt.timedelta(days=1)).isoformat()


def label(entry: dict | None, scenario: dict) -> str:
    """How a report names an answer: ``"the answer of 2019-03-17, changed on 2022-07-30"`` for
    a superseded entry, ``"the answer of 2022-07-30 (in force since then)"`` for the current one."""
    if entry is not None:
        return f"the answer of {entry['answered']}, changed on {entry['replaced']}"
    period = scenario.get("in_force", {})
    return f"the answer of {period.get('from', '?')}" + (f", changed on {period['until']}" if "until" in period
                                                          else " (in force since then)")


def alternatives(scenario: dict, used: dict | None):
    """Every dated set of expectations of ``scenario`` other than the one judged by (``used``:
    the superseded entry, ``None`` for ``expect``): ``(entry or None, expect)`` pairs, the
    newest first. Answers under review have none."""
    out = []
    if used is not None and "expect" in scenario:
        out.append((None, scenario["expect"]))
    for e in reversed(scenario.get("superseded", [])):
        if e is not used and "expect" in e:
            out.append((e, e["expect"]))
    return out


def follows(scenario: dict, trace: dict, used: dict | None, observes: dict | None = None) -> dict | None:
    """For a trace that fails the expectations judged by: the first other dated answer of
    ``scenario`` whose expectations it satisfies, as ``{"ruling", "answered", "replaced"?,
    "label"}`` (``ruling`` of the current answer: the scenario's first ruling), or ``None``.
    Each answer is checked on what an adapter that observes ``observes`` can show
    (:func:`duelspec.judging.coverage.plan`); an answer nothing of whose rulings it can show is no match."""
    from .checker import check
    from .coverage import plan
    for entry, expect in alternatives(scenario, used):
        cov = plan(scenario, expect, observes)
        if not cov.skip and not check(dict(scenario, expect=expect), trace, cov.omit):
            if entry is not None:
                return {"ruling": entry["ruling"], "answered": entry["answered"], "replaced": entry["replaced"],
                        "label": "matches " + label(entry, scenario)}
            period = scenario.get("in_force", {})
            out = {"ruling": scenario["rulings"][0], "answered": period.get("from", ""),
                   "label": "matches " + label(None, scenario)}
            if "until" in period:
                out["replaced"] = period["until"]
            return out
    return None
