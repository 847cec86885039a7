"""The Python adapter kit: what an in-process adapter implements, and the script driver.

An adapter runs one scenario at a time::

    class MyAdapter(Adapter):
        def implementation(self) -> dict: ...   # name, version, language, games, unsupported
        def run(self, scenario: dict) -> dict:  # {"trace": {...}} | {"skipped": {...}} | {"errored": {...}}

:class:`ScriptDriver` turns a scenario's ``script`` into answers to an engine's questions,
with the semantics of the scenario format: the next scripted step answers a question of
its player; a player with no scripted step next passes / declines optional decisions; a
step the engine refuses is recorded ``refused`` and the script goes on; a mandatory
decision the script does not give raises :class:`MissingDecision` (an error of the
scenario, never guessed); steps the engine never asked for are ``not-reached``.
"""
from __future__ import annotations

from typing import Callable


class Adapter:
    """Base class of in-process adapters."""

    def implementation(self) -> dict:  # pragma: no cover - overridden
        raise NotImplementedError

    def start(self) -> dict:
        """Start-up; returns the implementation description (protocol ``start`` reply)."""
        return self.implementation()

    def run(self, scenario: dict) -> dict:  # pragma: no cover - overridden
        raise NotImplementedError

    def stop(self) -> None:
        pass


class MissingDecision(Exception):
    """The engine needs a mandatory decision the script does not give (an error of the scenario)."""


class ScriptDriver:
    """Answers an engine's decisions from a scenario script.

    ``outcomes`` collects ``{"index", "outcome", "reason"?}`` per step (see the trace schema).
    """

    def __init__(self, script: list[dict]):
        self.script = script
        self.pos = 0
        self.outcomes: list[dict] = []

    def peek(self) -> dict | None:
        return self.script[self.pos] if self.pos < len(self.script) else None

    def _consume(self, outcome: str, reason: str | None = None) -> dict:
        step = self.script[self.pos]
        rec = {"index": self.pos, "outcome": outcome}
        if reason:
            rec["reason"] = reason
        self.outcomes.append(rec)
        self.pos += 1
        return step

    def priority(self, player: str, offer: Callable[[dict], str | None], kinds=("activate",),
                 applies: Callable[[dict], bool] | None = None) -> bool:
        """``player`` may act or pass. ``offer(step)`` performs a scripted action of a kind in
        ``kinds`` and returns ``None`` when done, or the reason it is refused. ``applies(step)``
        (optional) says whether the next step answers *this* question at all (e.g. an optional
        trigger prompt is not answered by a step activating another card); when it does not,
        the player passes and the step waits. Returns True when an action was performed, False
        for a pass."""
        while True:
            step = self.peek()
            if step is None or step["player"] != player or step["do"] not in kinds + ("pass",):
                return False
            if applies is not None and step["do"] != "pass" and not applies(step):
                return False
            if step["do"] == "pass":
                self._consume("applied")
                return False
            refusal = offer(step)
            if refusal is None:
                self._consume("applied")
                return True
            self._consume("refused", refusal)

    def choose(self, player: str, candidates: list[str], minimum: int, maximum: int, prompt: str) -> list[str]:
        """``player`` chooses ``minimum``..``maximum`` of ``candidates`` (local card ids).

        A scripted ``choose`` step of that player answers; an invalid one is refused. With no
        scripted answer: an optional choice (``minimum == 0``) chooses nothing; a forced one
        (as many candidates as must be chosen) takes them; anything else raises
        :class:`MissingDecision`."""
        step = self.peek()
        if step is not None and step["player"] == player and step["do"] == "choose" and "cards" in step:
            picked = step["cards"]
            if all(c in candidates for c in picked) and minimum <= len(picked) <= maximum and len(set(picked)) == len(picked):
                self._consume("applied")
                return list(picked)
            self._consume("refused", f"{prompt}: choose {minimum}-{maximum} of {candidates}")
        if minimum == 0:
            return []
        if len(candidates) == minimum:
            return list(candidates)
        raise MissingDecision(f"player {player} must choose {minimum}-{maximum} of {candidates} ({prompt}) "
                              f"and the script gives no `choose` step for it")

    def yes_no(self, player: str, prompt: str) -> bool:
        """An optional yes/no decision: a scripted ``choose`` with ``option`` yes/no answers; else no."""
        step = self.peek()
        if step is not None and step["player"] == player and step["do"] == "choose" and step.get("option") in ("yes", "no"):
            self._consume("applied")
            return step["option"] == "yes"
        return False

    def finish(self) -> list[dict]:
        """Mark the remaining steps ``not-reached`` and return all outcomes."""
        while self.pos < len(self.script):
            self._consume("not-reached", "the engine never asked for this step")
        return self.outcomes

    def choose_option(self, player: str, options: list[str], prompt: str) -> str:
        """A mandatory choice of one of ``options`` (``top``/``bottom``, a card type, ...): a
        scripted ``choose`` step of that player with an ``option`` answers; one not among
        ``options`` is refused; with none, :class:`MissingDecision`."""
        step = self.peek()
        while step is not None and step["player"] == player and step["do"] == "choose" and "option" in step:
            if step["option"] in options:
                self._consume("applied")
                return step["option"]
            self._consume("refused", f"{prompt}: one of {options}")
            step = self.peek()
        raise MissingDecision(f"player {player} must choose one of {options} ({prompt}) and the script gives no "
                              f"`choose` step with an `option` for it")

