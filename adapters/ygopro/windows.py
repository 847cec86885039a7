"""The windows of scenario format 2 as this core shows them (docs: notes on format 2, `when`).

A format-2 step names the moment (``when``) in which its player decides; the adapter uses it
only at a decision that falls in that window. This module tells, from what the core has
reported so far, which windows a decision of the core belongs to:

==============  ===========================================================================
window          open while (from the core's messages)
==============  ===========================================================================
before-draw     after ``MSG_HINT`` event 27 of the turn (processor.cpp:3797-3800) and before
                the normal draw's ``MSG_DRAW`` or the next ``MSG_NEW_PHASE``
response link   chain link ``link`` is the newest (``MSG_CHAINED`` n .. next ``MSG_CHAINING``
                or ``MSG_CHAIN_SOLVING``)
trigger after   an event matching ``after`` has been reported and no open-state decision
                (idle / battle command) has been asked since
open phase      an idle/battle command or a chain prompt with an empty chain in that phase
resolution link between ``MSG_CHAIN_SOLVING`` n and ``MSG_CHAIN_SOLVED`` n
activation link between ``MSG_CHAINING`` n and ``MSG_CHAINED`` n
==============  ===========================================================================

A format-1 step (no ``when``) matches every window (format-1 semantics).
"""
from __future__ import annotations


def _matches(pattern: dict, ev: dict) -> bool:
    """Does event ``ev`` match ``pattern`` (every field of the pattern equal; lists as sets)?"""
    for k, v in pattern.items():
        if k not in ev:
            return False
        if isinstance(v, list) and isinstance(ev[k], list):
            if sorted(map(str, v)) != sorted(map(str, ev[k])):
                return False
        elif ev[k] != v:
            return False
    return True


class WindowTracker:
    """Follows the core's messages (through the run's events and chain messages)."""

    def __init__(self):
        self.before_draw = False
        self.newest = 0           # newest link whose activation is complete
        self.activating = 0       # link being activated (CHAINING .. CHAINED)
        self.solving = 0
        self.since_open: list[dict] = []   # events since the last open-state decision

    def on_event(self, ev: dict, run) -> None:
        k = ev["event"]
        if k == "step" and ev.get("step") == "before-draw":
            self.before_draw = True
        elif k == "draw" and run.phase == "draw" and ev.get("player") == run.turn_player:
            self.before_draw = False
        elif k == "phase":
            self.before_draw = False
        elif k == "activate":
            self.activating = ev["link"]
        elif k == "resolve":
            self.solving = ev["link"]
        elif k == "chain-end":
            self.newest = self.activating = self.solving = 0
        self.since_open.append(ev)

    def on_chained(self, n: int) -> None:
        self.newest, self.activating = n, 0

    def on_solved(self, n: int) -> None:
        self.solving = 0
        self.newest = max(0, n - 1)

    def prompt(self, m: dict, run) -> None:
        if m["name"] in ("SELECT_IDLECMD", "SELECT_BATTLECMD"):
            self.since_open = []

    def current(self, run, who: str, kind: str) -> list[dict]:
        """The windows a decision of ``who`` of this ``kind`` ("chain", "open", "resolution",
        "activation") falls in now, each ``{"window", "turn", ...}``."""
        turn = run.turn
        out = []
        if self.activating and kind == "activation":
            out.append({"window": "activation", "link": self.activating, "turn": turn})
        if self.solving:
            out.append({"window": "resolution", "link": self.solving, "turn": turn})
        if kind in ("chain", "open") and not self.solving:
            if self.newest:
                out.append({"window": "response", "link": self.newest, "turn": turn})
            else:
                out.append({"window": "open", "phase": run.phase, "turn": turn})
            if self.before_draw:
                out.append({"window": "before-draw", "turn": turn})
            out.append({"window": "trigger", "turn": turn, "events": self.since_open})
        return out


def step_matches_window(step: dict, windows: list[dict]) -> bool:
    """Format 1 (no ``when``): always. Format 2: the step's ``when`` names one of ``windows``."""
    when = step.get("when")
    if when is None:
        return True
    for w in windows:
        if w["window"] != when.get("window"):
            continue
        if "turn" in when and when["turn"] != w.get("turn"):
            continue
        if w["window"] in ("response", "resolution", "activation") and when.get("link") != w.get("link"):
            continue
        if w["window"] == "open" and when.get("phase") != w.get("phase"):
            continue
        if w["window"] == "trigger" and not any(_matches(when.get("after", {}), ev) for ev in w["events"]):
            continue
        return True
    return False
