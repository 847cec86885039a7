"""The protocol smoke test (``duelspec smoke --adapter SPEC``): handshake, runs, stop.

It checks what every adapter must do whatever its rules coverage: answer ``start`` with a
valid implementation description, answer two ``run`` messages (the ``seq`` must follow)
with valid replies — the second scenario (format 2) scripts one step, so its trace must give one
step outcome — and exit with status 0 after ``stop``. The scenarios' outcomes
(passed / failed / skipped) are shown but are not part of the verdict.
"""
from __future__ import annotations

import time

SMOKE = {
    "ygo": {
        "format": 1, "id": "smoke.ygo.normal-draw", "game": "ygo", "rulings": ["ND-01"], "requires": [],
        "title": "Smoke: the turn player draws the top card of their deck at the start of the Draw Phase",
        "setup": {"first_player": "A", "turn": 2, "turn_player": "B", "phase": "draw", "step": "before-draw",
                  "players": {"A": {"lp": 8000}, "B": {"lp": 8000}},
                  "cards": [{"id": "top", "card": "14558127", "owner": "B", "zone": "deck", "order": "top"},
                            {"id": "second", "card": "14558127", "owner": "B", "zone": "deck"}]},
        "script": [],
        "expect": {"events": [{"event": "draw", "player": "B", "normal": True, "cards": ["top"]}],
                   "final": {"cards": {"top": {"zone": "hand"}, "second": {"zone": "deck"}}}},
    },
    "dm": {
        "format": 1, "id": "smoke.dm.nothing-happens", "game": "dm", "rulings": ["AT-01"], "requires": [],
        "title": "Smoke: with no decisions scripted, a creature stays in the battle zone",
        "setup": {"first_player": "A", "turn": 3, "turn_player": "A", "phase": "main",
                  "players": {"A": {}, "B": {}},
                  "cards": [{"id": "c1", "card": "DM-01 95/110", "owner": "A", "zone": "battle"}]},  # Fear Fang: a real card
        "script": [],
        "expect": {"final": {"cards": {"c1": {"zone": "battle"}}}},
    },
}

# The second run of a format-2 adapter scripts one step the engine must refuse, so that the reply's
# `steps` are exercised too (docs/adapters.md: one step outcome per script step, in order): B's Ash
# Blossom is in its deck, where it cannot be activated; A's Fear Fang is tapped, so it cannot attack.
WITH_A_STEP = {
    "ygo": {"step": {"player": "B", "do": "activate", "when": {"window": "before-draw"}, "card": "top", "legal": False},
            "title": "Smoke: a card in the deck cannot be activated; the turn player draws it"},
    "dm": {"step": {"player": "A", "do": "declare-attack", "when": {"window": "AT-S1"}, "attacker": "c1", "target": "player",
                    "legal": False},
           "tapped": "c1", "title": "Smoke: a tapped creature cannot attack"},
}


def with_a_step(scenario: dict) -> dict:
    """The format-2 smoke scenario of the second run: the first one with :data:`WITH_A_STEP`'s step."""
    extra = WITH_A_STEP[scenario["game"]]
    cards = [dict(c, tapped=True) if c["id"] == extra.get("tapped") else c for c in scenario["setup"]["cards"]]
    return dict(scenario, id=scenario["id"] + ".with-a-step", title=extra["title"], script=[extra["step"]],
                setup=dict(scenario["setup"], cards=cards))


def steps_problem(scenario: dict, reply) -> str | None:
    """A trace whose step outcomes do not match the script one for one, in words (``None``: they do)."""
    trace = reply.get("trace") if isinstance(reply, dict) else None
    if not isinstance(trace, dict) or not isinstance(trace.get("steps"), list):
        return None
    got, want = len(trace["steps"]), len(scenario.get("script", []))
    if got == want:
        return None
    return (f"the trace has {got} step outcome(s) for a script of {want} step(s): `steps` holds one object per "
            f"script step, in script order (docs/adapters.md, \"steps\")")


PROTOCOL_FAULTS = ("invalid trace", "not-json", "not-utf8", "extra-output", "oversize", "wrong-seq", "invalid-reply", "exit",
                   "timeout", "start-up failed", "adapter gave up")


def smoke(adapter) -> list[tuple[str, bool, str]]:
    """Run the smoke test on ``adapter`` (an adapter object, usually a ProcessAdapter).

    Returns ``[(check, ok, detail)]``; the adapter is stopped at the end."""
    from . import validation
    from .runner import judge
    checks: list[tuple[str, bool, str]] = []
    try:
        impl = adapter.start()
    except Exception as exc:
        ev = getattr(exc, "evidence", {}) or {}
        return [("handshake: reply to `start`", False, f"{exc}" + "".join(f"\n  {k}: {v}" for k, v in ev.items()))]
    errs = validation.errors_of(impl, "protocol", "#/$defs/implementation")
    checks.append(("handshake: reply to `start`", not errs,
                   f"{impl.get('name')} {impl.get('version')} ({impl.get('language', '?')}), games {impl.get('games')}"
                   if not errs else f"implementation{validation.pointer(errs[0].absolute_path)}: {errs[0].message}"))
    game = next((g for g in ("ygo", "dm") if g in (impl.get("games") or [])), "ygo")
    # the smoke scenarios script nothing: the same document in the format the adapter's version carries
    scenario = dict(SMOKE[game], format=2 if (getattr(adapter, "protocol", None) or 2) >= 2 else 1)
    checks.append(("protocol version", True, f"the adapter speaks adapter protocol {getattr(adapter, 'protocol', None) or 2}"
                   + ("" if scenario["format"] == 2 else " (format-1 scenarios only: the suite's format-2 scenarios are skipped)")))
    for n in (1, 2):
        sent = with_a_step(scenario) if n == 2 and scenario["format"] == 2 else scenario
        t0 = time.perf_counter()
        reply = adapter.run(sent)
        result = judge(sent, reply, round((time.perf_counter() - t0) * 1000, 3))
        fault = result["outcome"] in ("errored", "timed-out") and result.get("detail") in PROTOCOL_FAULTS
        detail = result["outcome"] + (f": {result.get('message') or result.get('reason') or ''}"
                                      if result["outcome"] != "passed" else "")
        steps = steps_problem(sent, reply)
        if steps:
            fault, detail = True, steps
        if fault and result.get("evidence"):
            detail += "".join(f"\n  {k}: {v}" for k, v in result["evidence"].items())
        checks.append((f"run {n} ({sent['id']}, format {sent['format']}, seq {n})", not fault, detail))
    status = adapter.stop()
    if hasattr(adapter, "exit_status"):
        checks.append(("stop: the program exits with status 0", status == 0,
                       f"exit status {status}" if status is not None else "did not exit in time: killed"))
    else:
        checks.append(("stop", True, "in-process adapter stopped"))
    return checks


def stoppable_smoke(adapter) -> tuple[list, str | None]:
    """:func:`smoke`, stopped in order by SIGINT, SIGTERM or SIGHUP (:class:`duelspec.stopping.Stopper`):
    ``(checks, None)``, or ``([], why)`` when a signal stopped it (the adapter and every process it
    started are ended)."""
    from .stopping import Stopper, stop_adapter
    stopper = Stopper()
    stopper.install()
    try:
        return smoke(adapter), None
    except KeyboardInterrupt:
        stopper.stopping(adapter)
        stop_adapter(adapter)
        return [], stopper.reason()
    finally:
        stopper.uninstall()
