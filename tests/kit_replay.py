"""Replays a sequence of windows, events and decisions through duelspec's Python ScriptDriver
(adapters/kit.py): the reference the adapters' own ports of it (EDOPro's JavaScript driver,
the Go Duel Masters driver) are compared with, case by case.

A case is ``{"script": [format-2 steps], "setup": {...}, "ops": [...]}``; ops: ``open``
(``window``), ``close`` (``kind``), ``event`` (``event``), ``priority`` / ``take`` (``player``,
``kinds`` for take, ``accept``: the card / attacker values the engine accepts), ``choose``
(``player``, ``candidates``, ``min``, ``max``), ``yesno`` (``player``), ``explain`` (the hint a
missing decision's message gets). The result: one value
per op (``"MissingDecision"`` for a mandatory decision no step gives), then the outcomes.
"""
from __future__ import annotations

from duelspec.adapters.kit import MissingDecision, Refusal, ScriptDriver


def play_python(case: dict) -> list:
    d = ScriptDriver(case["script"], format=2, setup=case["setup"])
    res = []
    for op in case["ops"]:
        accept = op.get("accept", ())

        def validate(step, accept=accept):
            if step.get("card") in accept or step.get("attacker") in accept:
                return None
            return Refusal("not accepted", code="not-offered")
        try:
            if op["op"] == "open":
                d.open(op["window"])
                res.append(None)
            elif op["op"] == "close":
                d.close(op["kind"])
                res.append(None)
            elif op["op"] == "event":
                d.event(op["event"])
                res.append(None)
            elif op["op"] == "priority":
                res.append(d.priority(op["player"], validate))
            elif op["op"] == "take":
                res.append(d.take(op["player"], op["kinds"], validate))
            elif op["op"] == "choose":
                res.append(d.choose(op["player"], op["candidates"], op["min"], op["max"], "pick"))
            elif op["op"] == "yesno":
                res.append(d.yes_no(op["player"], "yes or no"))
            elif op["op"] == "explain":
                res.append(d.explain())
            else:
                raise ValueError(f"unknown op {op['op']!r}")
        except MissingDecision:
            res.append("MissingDecision")
    res.append(d.finish())
    return res


def comparable(res: list) -> list:
    """Outcomes without the free-text reasons (the drivers word the choice refusals apart)."""
    *vals, outcomes = res
    return vals + [[{k: v for k, v in o.items() if k != "reason"} for o in outcomes]]
