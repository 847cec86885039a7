"""The runner: scenarios -> adapter -> trace -> checker -> result stream.

:func:`run_scenarios` yields one result dict per scenario (schema ``result.schema.json``,
``type: result``) as soon as it is known; callers stream them out (nothing accumulates).
Outcomes: ``passed``, ``failed`` (with ``failures``), ``skipped`` (``reason``), ``errored``
(``message``, ``detail``), ``timed-out``.
"""
from __future__ import annotations

import time
import traceback
from typing import Iterable, Iterator

from . import validation as schemas
from .checker import check
from .errors import InputError


def result_of(scenario: dict, outcome: str, **fields) -> dict:
    """A result line for ``scenario`` (a dict, or a compile error with id/title/rulings)."""
    r = {"type": "result", "id": scenario["id"], "game": scenario.get("game", ""), "title": scenario.get("title", ""),
         "rulings": list(scenario.get("rulings", [])), "outcome": outcome}
    if scenario.get("origin"):
        r["origin"] = scenario["origin"]
    r.update({k: v for k, v in fields.items() if v is not None})
    return r


def compile_error_result(err) -> dict:
    """The ``errored`` result of a scenario that could not be compiled."""
    e = err.error
    return result_of({"id": err.id, "title": err.title, "rulings": err.rulings, "game": err.game}, "errored",
                     message=str(e), detail="compile error", origin={"file": e.file, "location": e.location})


def skip_reason(scenario: dict, impl: dict) -> str | None:
    """Why an adapter with implementation ``impl`` skips ``scenario`` up front, or None."""
    games = impl.get("games")
    if games is not None and scenario["game"] not in games:
        return f"game {scenario['game']!r} is not supported by {impl.get('name', 'the adapter')}"
    missing = sorted(set(scenario.get("requires", [])) & set(impl.get("unsupported", [])))
    if missing:
        return "unsupported mechanics: " + ", ".join(missing)
    return None


def run_one(scenario: dict, adapter, impl: dict) -> dict:
    """Run one scenario through ``adapter`` and check it; never raises for a bad reply."""
    reason = skip_reason(scenario, impl)
    if reason:
        return result_of(scenario, "skipped", reason=reason)
    t0 = time.perf_counter()
    try:
        reply = adapter.run(scenario)
    except InputError as exc:
        return result_of(scenario, "errored", message=str(exc), detail="bad input")
    except Exception as exc:  # an in-process adapter crashed on this scenario
        return result_of(scenario, "errored", message=f"{type(exc).__name__}: {exc}",
                         detail=traceback.format_exc(limit=8))
    ms = round((time.perf_counter() - t0) * 1000, 3)
    return judge(scenario, reply, ms)


def judge(scenario: dict, reply: dict, ms: float | None = None) -> dict:
    """Turn an adapter reply (``trace`` / ``skipped`` / ``errored`` / ``timed-out``) into a result."""
    if "skipped" in reply:
        s = reply["skipped"]
        return result_of(scenario, "skipped", reason=s.get("reason", ""), issue=s.get("issue"))
    if "errored" in reply:
        e = reply["errored"]
        return result_of(scenario, "errored", message=e.get("message", ""), detail=e.get("detail"))
    if "timed-out" in reply:
        return result_of(scenario, "timed-out", message=reply["timed-out"].get("message", ""), detail=reply["timed-out"].get("detail"))
    trace = reply.get("trace")
    try:
        schemas.check_trace(trace, f"<trace of {scenario['id']}>")
    except InputError as exc:
        return result_of(scenario, "errored", message=f"the adapter's trace fails the trace schema: {exc}", detail="invalid trace")
    failures = check(scenario, trace)
    if failures:
        return result_of(scenario, "failed", failures=[f.as_dict() for f in failures], duration_ms=ms)
    return result_of(scenario, "passed", duration_ms=ms)


def run_scenarios(scenarios: Iterable[dict], adapter, impl: dict | None = None, errors: Iterable = ()) -> Iterator[dict]:
    """Yield a result per compile error, then per scenario, in order."""
    for err in errors:
        yield compile_error_result(err)
    impl = impl if impl is not None else adapter.start()
    for s in scenarios:
        yield run_one(s, adapter, impl)
