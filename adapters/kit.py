"""The Python adapter kit: what an in-process adapter implements, and the script driver.

An adapter runs one scenario at a time::

    class MyAdapter(Adapter):
        def implementation(self) -> dict: ...   # name, version, language, games, unsupported
        def run(self, scenario: dict, as_of=None) -> dict:  # {"trace": ...} | {"skipped": ...} | {"errored": ...}

A Python simulator usually subclasses :class:`Simulator` instead and implements three
methods, ``setup`` (build the game from the scenario), ``decide`` (play it, asking the
:class:`ScriptDriver` for every decision) and ``events`` (what happened and the final
state); ``Simulator.main()`` serves it over the adapter protocol (``cmd:python my.py``).

:class:`ScriptDriver` turns a scenario's ``script`` into answers to an engine's questions,
with the semantics of the scenario format (format 2: the engine tells the driver which
*window* the game is in, and a step answers only a decision of its player in the window its
``when`` names; see the class). A player with no step for the current window passes /
declines optional decisions; a step the engine refuses or does not offer is recorded
``refused`` and never replaced by another choice; a mandatory decision the script does not
give raises :class:`MissingDecision` (an error of the scenario, never guessed); steps whose
window never opened are ``not-reached``. An engine that asks a player a question reports it
as an ``ask`` event (issue 27): :meth:`ScriptDriver.ask` builds it (whether to block, which
shields to break, a shield trigger, which cards, a "you may", an option, an order).
"""
from __future__ import annotations

import json

from typing import Callable

from duelspec.decisions import MissingDecision, Refusal, ask as ask_event
from duelspec.judging.checker import matches as pattern_matches

from .protocol_server import CannotStart, serve

__all__ = ["Adapter", "CannotStart", "MissingDecision", "Refusal", "ScriptDriver", "Simulator", "Skip"]


class Adapter:
    """Base class of in-process adapters. ``protocol``: the adapter-protocol version whose
    scenarios it plays (2: format 2 and format 1)."""

    protocol = 2

    def implementation(self) -> dict:  # pragma: no cover - overridden
        raise NotImplementedError

    def start(self) -> dict:
        """Start-up; returns the implementation description (protocol ``start`` reply)."""
        return self.implementation()

    def run(self, scenario: dict) -> dict:  # pragma: no cover - overridden
        raise NotImplementedError

    def stop(self) -> None:
        pass


#: the steps of the Duel Masters attack procedure in their order (AT-S6a/b/c are alternatives)
DM_STEP_ORDER = {"AT-S1": 1, "AT-S2": 2, "AT-S3": 3, "AT-S4": 4, "AT-S5": 5, "AT-S6a": 6, "AT-S6b": 6, "AT-S6c": 6,
                 "AT-S7": 7}
YGO_PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
CHAIN_WINDOWS = ("response", "resolution", "activation")
#: fields of a step's ``when`` that say how the step uses its window, not which window it is
NOT_WINDOW_FIELDS = ("window", "after", "every", "opens", "before")


def _names_window(method):
    """Record the ``window`` a decision method names (or the innermost open one) as the window a
    step it uses was used in (:attr:`ScriptDriver.used_in`)."""
    import functools

    @functools.wraps(method)
    def wrapper(self, *args, window=None, **kwargs):
        outer, self._asking = self._asking, window
        try:
            return method(self, *args, window=window, **kwargs)
        finally:
            self._asking = outer
    return wrapper


class ScriptDriver:
    """Answers an engine's decisions from a scenario script (a :class:`duelspec.decisions.Decider`).

    ``outcomes`` collects ``{"index", "outcome", "code"?, "reason"?}`` per step (trace schema).

    **Format 2** (every step has ``when``; docs/design/scenario-format.md, "How a driver uses
    steps"). The engine tells the driver where the game is:

    - :meth:`open` / :meth:`close` a window (``{"window": "before-draw"}``, ``{"window":
      "response", "link": 2}``, ``{"window": "open", "phase": "main1"}``, ``{"window":
      "resolution", "link": 1}``, ``{"window": "activation", "link": 1}``, ``{"window":
      "trigger"}``, DM ``{"window": "AT-S4", "attack": 1}``); ``turn`` is filled in from the
      ``turn`` events when absent. A ``trigger`` window is the moment after the events seen
      since the previous one: opening it takes them as its ``events``.
    - :meth:`event` every trace event, in order (``after`` patterns, the turn/phase clock,
      the end of a chain).

    Steps are used in script order; the next unused one is *pending*. A decision of player P
    (``priority``, ``take``, ``choose``, ``yes_no``, ``choose_option``) is asked in the
    innermost open window (or the ``window`` the engine names); the pending step answers it
    only when it is P's, of a kind the decision takes, and its ``when`` matches that window.
    Otherwise P passes or declines an optional decision, and a mandatory one raises
    :class:`MissingDecision`. A scripted step the engine refuses, or whose card/target/option
    is not among those offered, is ``refused`` and never replaced by another choice. When the
    pending step's window closes unused it is ``refused`` (code ``not-offered``); when its window
    can no longer open (its turn, phase, chain or attack step is over, or the run ended) it is
    ``not-reached`` — ``refused``/``not-offered`` if the window had opened.

    **Format 2.1** (``format_minor: 1``; docs/design/scenario-format.md, "Format 2.1"): a
    ``legal: false`` step with ``when.every`` is used as above at its window's first occurrence,
    then stays *standing* (:attr:`standing`): at every later occurrence of its window in its turn it
    is tried again at each decision of its kind of its player, before the pending step; applied
    there, its outcome becomes ``applied``. A step with ``when.opens: false`` is used as any step
    (its window must not open: the checker passes it only as ``not-reached``). The window
    ``after-before-draw`` is opened by the engine between the timing before the draw and the
    normal draw.

    **Format 1** (no ``when``, ``pass`` steps): the next scripted step answers its player's next
    decision (the behaviour of format 1; windows are ignored).
    """

    def __init__(self, script: list[dict], format: int | None = None, setup: dict | None = None):
        self.script = script
        self.format = format if format is not None else (2 if any("when" in s for s in script) else 1)
        self.pos = 0
        self.outcomes: list[dict] = []
        self.used_in: dict[int, dict | None] = {}   # step index -> the window it was used in (applied/refused)
        self._asking: dict | None = None              # the window a decision names, while it is asked
        setup = setup or {}
        self.default_turn = max(1, setup.get("turn", 1)) if setup else None
        self.turn = setup.get("turn") if setup else None
        self.phase = setup.get("phase") if setup else None
        self.stack: list[dict] = []          # open windows, innermost last
        self.armed: list[dict] = []          # events since the last trigger window (format 2)
        self.attack = 0                       # DM: the number of the attack whose windows were opened last
        self.declared = False                 # DM: ... and it has been declared (an `attack` event)
        self._opened = False                  # has the pending step's window opened since it became pending?
        self._bound_attack: int | None = None
        self.standing: list[int] = []         # format 2.1: refused `every` steps, tried again at later occurrences
        self._records: dict[int, dict] = {}   # step index -> its outcome record
        self._whens: dict = {}                # id(step) -> (step, its `when` with defaults, binds to an attack)
        self._elsewhere: dict[int, list] = {}  # step index -> the windows in which the engine offered its card instead
        if self.format == 2:
            self._became_pending()

    @classmethod
    def for_scenario(cls, scenario: dict) -> "ScriptDriver":
        """The driver of a scenario document (its ``format``, ``script`` and ``setup``)."""
        return cls(scenario["script"], format=scenario.get("format", 1), setup=scenario.get("setup"))

    # ------------------------------------------------------------------ bookkeeping
    def peek(self) -> dict | None:
        """The pending step (``None``: the script is used up)."""
        return self.script[self.pos] if self.pos < len(self.script) else None

    def _consume(self, outcome: str, reason: str | None = None, code: str | None = None) -> dict:
        step = self.script[self.pos]
        rec = {"index": self.pos, "outcome": outcome}
        if code is None:
            code = getattr(reason, "code", None)
        if code:
            rec["code"] = code
        if reason:
            rec["reason"] = str(reason)
        if outcome != "applied" and self._elsewhere.get(self.pos):
            rec["offered_in"] = self._elsewhere[self.pos]
        self.outcomes.append(rec)
        self._records[self.pos] = rec
        if outcome != "not-reached":
            w = self._asking or self.current()
            self.used_in[self.pos] = dict(w) if w else None
        if outcome == "refused" and step.get("when", {}).get("every"):
            self.standing.append(self.pos)      # format 2.1: it holds at every later occurrence of its window too
        self.pos += 1
        if outcome == "applied" and step["do"] == "declare-attack":
            self.declared = True                # DM: the attack of the open AT-S1 window is declared
        if self.format == 2:
            self._became_pending()
        return step

    def explain(self) -> str:
        """Why the pending step may not have answered a decision, when its binding says so (for a
        missing decision's message): an AT step that names no attack binds to the attack being
        processed when it becomes pending, and an AT-S1 step after a declared attack to the next one."""
        step = self.peek()
        if self.format != 2 or step is None:
            return ""
        w = step.get("when", {})
        if w.get("window", "").startswith("AT-") and "attack" not in w and self._bound_attack not in (None, self.attack) \
                and self.attack:
            return (f"; the script's pending step #{self.pos} (`in step {w['window']}`, player {step['player']} "
                    f"{step['do']}) binds to attack {self._bound_attack} (a step written after an attack's declaration "
                    f"binds to the next attack), and this decision is in attack {self.attack}: did you mean "
                    f"`in step {w['window']} of attack {self.attack}`, or to write it before the steps of attack "
                    f"{self._bound_attack}?")
        return ""

    def finish(self) -> list[dict]:
        """The run is over: the pending step is ``refused`` (``not-offered``) if its window had
        opened, else ``not-reached``, and so are the rest; returns all outcomes."""
        while self.pos < len(self.script):
            if self.format == 2 and self._opened:
                self._consume("refused", "its window opened but the engine never offered it", code="not-offered")
            else:
                self._consume("not-reached", "the engine never asked for this step" if self.format == 1
                              else "its window never opened")
        return self.outcomes

    # ------------------------------------------------------------------ windows (format 2)
    def when_of(self, step: dict) -> dict:
        """The step's ``when`` with its defaults (``turn``: the setup's turn). Not to be changed by
        the caller: the part that does not depend on the driver's state is made once per step."""
        got = self._whens.get(id(step))
        if got is None or got[0] is not step:
            w = dict(step.get("when", {}))
            if "turn" not in w and self.default_turn is not None:
                w["turn"] = self.default_turn
            got = self._whens[id(step)] = (step, w, w.get("window", "").startswith("AT-") and "attack" not in w)
        w = got[1]
        if got[2] and self._bound_attack is not None and step is self.peek():
            w = dict(w, attack=self._bound_attack)
        return w

    def current(self) -> dict | None:
        """The innermost open window."""
        return self.stack[-1] if self.stack else None

    def _turn_now(self) -> int | None:
        """The turn a window opening now belongs to: before turn 1 (the opening hands of a setup
        before the duel, turn 0) the moments count as turn 1's, the first a ``when`` can name."""
        return max(self.turn, 1) if isinstance(self.turn, int) else self.turn

    def trigger_window(self) -> dict:
        """The ``trigger`` window after the events seen since the previous one (for a decision an
        engine asks right after an event, e.g. revealing a card as it is drawn)."""
        return {"window": "trigger", "turn": self._turn_now(), "events": list(self.armed)}

    def matches(self, when: dict, window: dict | None) -> bool:
        """Does a step's ``when`` (with defaults) name ``window``?"""
        if window is None or when.get("window") != window.get("window"):
            return False
        for k, v in when.items():
            if k in NOT_WINDOW_FIELDS:
                continue
            if k in window and window[k] != v:
                return False
            if k not in window and k != "turn":
                return False
        if "before" in when and any(pattern_matches(when["before"], ev) for ev in window.get("events", ())):
            return False          # format 2.1: the part of the window before that event is over
        if "after" in when:
            return any(pattern_matches(when["after"], ev) for ev in window.get("events", ()))
        return True

    def open(self, window: dict) -> dict:
        """A window opens (the engine is at that moment); returns the window as recorded."""
        w = dict(window)
        if "turn" not in w and self.turn is not None:
            w["turn"] = self._turn_now()
        if w["window"] == "trigger":
            w["events"], self.armed = list(self.armed), []
        else:
            w.setdefault("events", [])
        if w["window"].startswith("AT-"):
            if w.get("attack") is None:      # AT-S1 of a new attack, or a later step of the current one
                w["attack"] = self.attack + 1 if w["window"] == "AT-S1" and (self.declared or not self.attack) else self.attack
            if w["attack"] != self.attack:
                self.attack, self.declared = w["attack"], False
        self.stack.append(w)
        if self.format == 2:
            self._expire_past(w)
            step = self.peek()
            if step is not None and self.matches(self.when_of(step), w):
                self._opened = True
        return w

    def close(self, window: dict | str) -> None:
        """The innermost open window of that kind closes. A pending step whose window it is and
        that was not used is ``refused`` (``not-offered``), and so on for the next steps."""
        kind = window if isinstance(window, str) else window["window"]
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i]["window"] == kind:
                w = self.stack.pop(i)
                break
        else:
            return
        if self.format != 2:
            return
        self.stack.append(w)     # while it closes it still counts: a step becoming pending now (e.g. an
        try:                     # AT-S6b step after an AT-S3 one) belongs to the same attack
            while True:
                step = self.peek()
                if step is None or not self.matches(self.when_of(step), w):
                    return
                self._consume("refused", "its window closed and the engine never offered it", code="not-offered")
        finally:
            self.stack.remove(w)

    def ask(self, player: str, question: str, cards=None) -> dict:
        """The engine asks ``player`` a question of kind ``question`` (``duelspec.decisions.QUESTIONS``:
        ``block``, ``break-shields``, ``shield-trigger``, ``target``, ``yes-no``, ``option``,
        ``order``), offering ``cards`` when given: returns the ``ask`` trace event (the engine puts
        it in its trace where it asks, before the answer) and records it like any event. Call it
        only where your engine really poses the question (a choice it makes alone is none)."""
        ev = ask_event(player, question, cards)
        self.event(ev)
        return ev

    def event(self, ev: dict) -> None:
        """An event happened (every trace event, in order)."""
        if self.format != 2:
            return
        self.armed.append(ev)
        for w in self.stack:
            if w["window"] != "trigger":
                w["events"].append(ev)
        kind = ev.get("event")
        if kind == "turn":
            self.turn, self.phase = ev.get("turn", self.turn), None
            self.attack, self.declared = 0, False      # DM: a new turn's attack phase counts its attacks from 1
            step = self.peek()
            if step is not None and self.when_of(step).get("turn") == self.turn:
                self._became_pending()                  # a step of this turn binds to its attacks now
        elif kind == "phase":
            self.phase = ev.get("phase")
            if "turn" in ev:
                self.turn = ev["turn"]
        elif kind == "attack":
            self.declared = True
        step = self.peek()
        if step is None:
            return
        when = self.when_of(step)
        if "before" in when and self._opened:
            bare = {k: v for k, v in when.items() if k != "before"}
            if pattern_matches(when["before"], ev) and any(self.matches(bare, x) for x in self.stack):
                # format 2.1: the moment the step names (its window before such an event) is over
                self._consume("refused", "its moment ended (an event it must come before happened) and the engine "
                              "never offered it", code="not-offered")
                return
        if when.get("window") == "trigger" and not self._opened and self._turn_now() == when.get("turn", self._turn_now()):
            if pattern_matches(when["after"], ev):
                self._opened = True
        if kind in ("turn", "phase") or (kind == "chain-end" and when.get("window") in CHAIN_WINDOWS):
            self._expire_past(None, chain_ended=kind == "chain-end")

    def _became_pending(self) -> None:
        self._opened = False
        self._bound_attack = None
        step = self.peek()
        if step is None:
            return
        w = step.get("when", {})
        if w.get("window", "").startswith("AT-") and "attack" not in w:
            # "the current attack": the one being declared or processed; a declaration step after a
            # declared attack names the next one
            declaring = any(x["window"] == "AT-S1" for x in self.stack) and not self.declared
            processing = self.declared and any(x["window"].startswith("AT-") for x in self.stack)
            if declaring or (processing and w["window"] != "AT-S1"):
                self._bound_attack = self.attack
            else:
                self._bound_attack = self.attack + 1
        when = self.when_of(step)
        if any(self.matches(when, x) for x in self.stack):
            self._opened = True
        elif when.get("window") == "trigger" and self._turn_now() == when.get("turn"):
            self._opened = any(pattern_matches(when["after"], ev) for ev in self.armed)
        if not self._opened:                     # the game may already be past its window
            self._expire_past(self.current())

    def _past(self, when: dict, opened: dict | None, chain_ended: bool) -> bool:
        """Can the window ``when`` no longer open (the game went past it)?"""
        kind = when.get("window", "")
        if kind.startswith("AT-"):
            turn = when.get("turn")
            if turn is not None and self.turn is not None and self.turn != turn:
                return self.turn > turn           # a step of an earlier turn is past; one of a later turn waits
            if opened is None or not opened["window"].startswith("AT-"):
                return False
            a = when.get("attack", opened["attack"])
            return opened["attack"] > a or (opened["attack"] == a and DM_STEP_ORDER.get(opened["window"], 0) > DM_STEP_ORDER.get(kind, 0))
        turn = when.get("turn")
        if turn is not None and self.turn is not None and self.turn > turn:
            return True
        if turn is not None and self.turn != turn:
            return False
        if kind in ("before-draw", "after-before-draw") and self.phase not in (None, "draw"):
            return True
        if kind == "open" and self.phase in YGO_PHASES and when.get("phase") in YGO_PHASES \
                and YGO_PHASES.index(self.phase) > YGO_PHASES.index(when["phase"]):
            return True
        if kind in CHAIN_WINDOWS and chain_ended:
            return True
        return False

    def _expire_past(self, opened: dict | None, chain_ended: bool = False) -> None:
        while True:
            step = self.peek()
            if step is None or not self._past(self.when_of(step), opened, chain_ended):
                return
            if self._opened:
                self._consume("refused", "its window closed and the engine never offered it", code="not-offered")
            else:
                self._consume("not-reached", "its window never opened (the game went past it)")
            chain_ended = False   # a chain that ended binds only the step pending when it ended

    # ------------------------------------------------------------------ decisions
    def decision_windows(self, window: dict | None = None, kinds=()) -> list[dict]:
        """The windows a decision is in (docs/design/scenario-format.md, "Which window a decision is
        in"): the one the engine names (``window``), else the innermost open one; and, for a decision
        to activate (``kinds`` with ``activate``), an open ``before-draw`` window around it: the timing
        before the draw lasts while the chain started at it is built, so a priority while link *n* of
        that chain is the newest is in ``response`` to link *n* and in ``before-draw`` (ND-05, ND-C4,
        ND-E5: the replacements activated at that timing go on its one chain, whatever link they become)."""
        first = window if window is not None else self.current()
        out = [first] if first is not None else []
        if "activate" in kinds:
            out += [w for w in self.stack if w["window"] == "before-draw" and all(w is not x for x in out)
                    and (first is None or first.get("window") in ("before-draw", "response"))]
        return out

    def _answers(self, step: dict | None, player: str, kinds, window: dict | None) -> bool:
        if step is None or step["player"] != player or step["do"] not in kinds:
            return False
        when = self.when_of(step)
        return any(self.matches(when, w) for w in self.decision_windows(window, kinds))

    def _offered_elsewhere(self, player: str, kinds, window: dict | None, offered) -> None:
        """The engine offers ``offered`` (card ids) to ``player`` at a decision the pending step does not
        answer (another window): note the window, so that a step left unused says where its card was
        offered (trace ``offered_in``; the checker calls that a contract (window) mismatch)."""
        step = self.peek()
        if step is None or not offered or step["player"] != player or step["do"] not in kinds \
                or step.get("card") not in offered or self._answers(step, player, kinds, window):
            return
        where = self.decision_windows(window, kinds)
        if not where:
            return
        seen = {k: v for k, v in where[0].items() if k in ("window", "link", "phase", "turn", "attack")}
        notes = self._elsewhere.setdefault(self.pos, [])
        if seen not in notes and len(notes) < 20:
            notes.append(seen)

    def take(self, player: str, kinds, validate: Callable[[dict], str | None], window: dict | None = None,
             applies: Callable[[dict], bool] | None = None, offered=None) -> dict | None:
        """``player`` may make a decision of one of ``kinds`` (``do`` values). The pending step
        answers it when it is the player's, of such a kind and (format 2) for this window (format
        1: ``applies(step)``, when given, must hold). ``validate(step)`` returns ``None`` when the
        engine accepts it (the step is ``applied`` and returned) or the reason it is refused (a
        str or :class:`Refusal`; the step is ``refused`` and the next one is considered).
        Returns ``None`` when no step answers (the player passes / declines).

        ``applies(step)`` is the engine's own filter of what this decision takes (e.g. only the
        effects of the timing before the draw). Format 1 (no windows): a step it does not take
        waits for a later decision. Format 2: the step answers this decision by its window, so
        one the filter does not take is ``refused`` (``not-offered``: the engine does not offer
        it at that decision, the format's rule 4), never tried past the filter and never left
        for another decision of the same window.

        ``offered`` (optional): the card ids the engine offers the player at this decision, as its
        prompt lists them. A pending step of this player and kind whose card is among them but that
        names another window is not used here; the driver notes this window, and the step's outcome,
        if it is left unused, carries it (``offered_in``: the evidence of a window mismatch)."""
        kinds = tuple(kinds)
        outer, self._asking = self._asking, window or self._asking
        try:
            if self.format == 2 and offered:
                self._offered_elsewhere(player, kinds, window, offered)
            return self._take(player, kinds, validate, window, applies)
        finally:
            self._asking = outer

    def _take(self, player, kinds, validate, window, applies):
        if self.standing:
            done = self._try_standing(player, kinds, validate, window, applies)
            if done is not None:
                return done
        while True:
            step = self.peek()
            if self.format == 2:
                if not self._answers(step, player, kinds, window):
                    return None
                if applies is not None and not applies(step):
                    self._consume("refused", Refusal("the engine does not offer this at that decision", code="not-offered"))
                    continue
            else:
                if step is None or step["player"] != player or step["do"] not in kinds:
                    return None
                if applies is not None and not applies(step):
                    return None
            reason = validate(step)
            if reason is None:
                self._consume("applied")
                return step
            self._consume("refused", reason)

    def _try_standing(self, player: str, kinds: tuple, validate, window: dict | None, applies=None) -> dict | None:
        """Format 2.1 (``when.every``): a `cannot` step already refused is tried again at every
        decision of its player, of its kind, in a later occurrence of its window in its turn
        (before the pending step). Refused again: it stays ``refused``. Applied: the engine let the
        player do it after all; its outcome becomes ``applied`` (the scenario fails) and the step
        is returned as the decision made. One the engine's filter (``applies``) does not take at this
        decision is not tried: it stays ``refused``."""
        wins = self.decision_windows(window, kinds)
        for idx in list(self.standing):
            step = self.script[idx]
            if step["player"] != player or step["do"] not in kinds:
                continue
            where = next((w for w in wins if self.matches(self.when_of(step), w)), None)
            if where is None:
                continue
            if applies is not None and not applies(step):
                continue
            if validate(step) is None:
                self.standing.remove(idx)
                rec = self._records[idx]
                rec.pop("code", None)
                rec.update(outcome="applied", reason="refused at the first occurrence of its window, applied at a later "
                           "occurrence of it in the same turn (`every`)")
                self.used_in[idx] = dict(where) if where else None
                return step
        return None

    def priority(self, player: str, offer: Callable[[dict], str | None], kinds=("activate",),
                 applies: Callable[[dict], bool] | None = None, window: dict | None = None, offered=None) -> bool:
        """``player`` may act or pass. ``offer(step)`` performs a scripted action of a kind in
        ``kinds`` and returns ``None`` when done, or the reason it is refused (str or
        :class:`Refusal`). Format 2: the pending step acts when it is the player's and names the
        current window (``window`` overrides the innermost open one); one that the engine's
        filter ``applies(step)`` (optional) does not take is refused (:meth:`take`). Format 1: the
        next step acts when it is the player's; ``applies(step)`` says whether it answers *this*
        question at all, and a ``pass`` step is consumed as the pass. Returns True when an action
        was performed, False for a pass. A decision to activate while the timing before the draw is
        open is in ``before-draw`` too (:meth:`decision_windows`). ``offered``: the card ids the
        engine's prompt offers (optional; :meth:`take`)."""
        if self.format == 2:
            return self.take(player, kinds, offer, window, applies=applies, offered=offered) is not None
        step = self.take(player, tuple(kinds) + ("pass",), lambda st: None if st["do"] == "pass" else offer(st), window,
                         applies=lambda st: st["do"] == "pass" or applies is None or applies(st))
        return step is not None and step["do"] != "pass"

    @_names_window
    def choose(self, player: str, candidates: list[str], minimum: int, maximum: int, prompt: str,
               window: dict | None = None) -> list[str]:
        """``player`` chooses ``minimum``..``maximum`` of ``candidates`` (local card ids).

        A scripted ``choose`` step of that player (format 2: for this window) answers; one naming
        a card not offered, or too few or too many, is refused (never replaced by another
        choice). With no scripted answer: an optional choice (``minimum == 0``) chooses nothing;
        a forced one (as many candidates as must be chosen) takes them; anything else raises
        :class:`MissingDecision`."""
        def valid(step):
            picked = step.get("cards")
            if picked is None:
                return Refusal(f"{prompt}: cards to choose, not an option", code="not-offered")
            if all(c in candidates for c in picked) and minimum <= len(picked) <= maximum and len(set(picked)) == len(picked):
                return None
            return Refusal(f"{prompt}: choose {minimum}-{maximum} of {candidates}", code="not-offered")
        if self.format == 2:
            step = self.take(player, ("choose",), valid, window)
            if step is not None:
                return list(step["cards"])
        else:
            step = self.peek()
            if step is not None and step["player"] == player and step["do"] == "choose" and "cards" in step:
                if valid(step) is None:
                    self._consume("applied")
                    return list(step["cards"])
                self._consume("refused", valid(step))
        if minimum == 0:
            return []
        if len(candidates) == minimum:
            return list(candidates)
        raise MissingDecision(f"player {player} must choose {minimum}-{maximum} of {candidates} ({prompt}) "
                              + self._unanswered(player, "choose", "a `choose` step with `cards`"))

    @_names_window
    def yes_no(self, player: str, prompt: str, window: dict | None = None) -> bool:
        """An optional yes/no decision: a scripted ``choose`` with ``option`` yes/no answers; else no."""
        if self.format == 2:
            step = self.take(player, ("choose",), lambda s: None if s.get("option") in ("yes", "no")
                             else Refusal(f"{prompt}: yes or no", code="not-offered"), window)
            return step is not None and step["option"] == "yes"
        step = self.peek()
        if step is not None and step["player"] == player and step["do"] == "choose" and step.get("option") in ("yes", "no"):
            self._consume("applied")
            return step["option"] == "yes"
        return False

    @_names_window
    def choose_option(self, player: str, options: list[str], prompt: str, window: dict | None = None) -> str:
        """A mandatory choice of one of ``options`` (``top``/``bottom``, a card type, ...): a
        scripted ``choose`` step of that player with an ``option`` answers; one not among
        ``options`` is refused; with none, :class:`MissingDecision`."""
        def valid(step):
            if step.get("option") in options:
                return None
            return Refusal(f"{prompt}: one of {options}", code="not-offered")
        if self.format == 2:
            step = self.take(player, ("choose",), valid, window)
            if step is not None:
                return step["option"]
        else:
            step = self.peek()
            while step is not None and step["player"] == player and step["do"] == "choose" and "option" in step:
                if step["option"] in options:
                    self._consume("applied")
                    return step["option"]
                self._consume("refused", f"{prompt}: one of {options}")
                step = self.peek()
        raise MissingDecision(f"player {player} must choose one of {options} ({prompt}) "
                              + self._unanswered(player, "choose_option", "a `choose` step with an `option`"))

    # the driver call that reads each step kind that is not read by choose()/choose_option()/yes_no()
    READ_BY = {"activate": "priority(player, offer)", "declare-attack": "take(player, ('declare-attack',), validate)",
               "block": "take(player, ('block', 'no-block'), validate)", "no-block": "take(player, ('block', 'no-block'), validate)",
               "break-shields": "take(player, ('break-shields',), validate)",
               "use-shield-trigger": "take(player, ('use-shield-trigger', 's-back', 'decline'), validate)",
               "s-back": "take(player, ('use-shield-trigger', 's-back', 'decline'), validate)",
               "decline": "take(player, ('use-shield-trigger', 's-back', 'decline'), validate)",
               "order-triggers": "take(player, ('order-triggers',), validate)",
               **{k: "take(player, (the declarations the engine offers there: 'ninja-strike', 'revolution-change', "
                     "'invasion', 'revolution-0-trigger'), validate)"
                  for k in ("ninja-strike", "revolution-change", "invasion", "revolution-0-trigger")}}

    def _unanswered(self, player: str, call: str, answer: str) -> str:
        """Why no step answered a mandatory decision asked with ``call``: what the pending step is (a step
        of this player of another kind is read by another driver call: say which) or that the script has
        none for it. Never "the script gives no `choose` step" when the script's step is there (issue 21)."""
        step = self.peek()
        if step is None:
            return f"and the script is used up: a scenario that reaches this decision needs {answer} for it"
        what = f"step {self.pos} (player {step['player']}'s `{step['do']}`, when {json.dumps(self.when_of(step))})"
        if step["player"] == player and step["do"] != "choose":
            reader = self.READ_BY.get(step["do"], f"take(player, ({step['do']!r},), validate)")
            return (f"while the pending {what} is of another kind: a `{step['do']}` step is read with "
                    f"driver.{reader}, not {call}() (docs/adapters.md, \"Which driver call reads which step\")")
        if step["player"] == player:
            return f"and the pending {what} does not answer it here: it names another window, or is not {answer}"
        return f"and the pending {what} is the other player's: the script has {answer} for it nowhere before it"


class Skip(Exception):
    """Raise from a :class:`Simulator` method: the scenario is ``skipped`` with this reason.

    ``Skip("no Xyz summons yet", issue="https://...")``."""

    def __init__(self, reason: str, issue: str | None = None):
        super().__init__(reason)
        self.reason, self.issue = reason, issue


class Simulator(Adapter):
    """Base class of a Python simulator's adapter: implement ``setup``, ``decide``, ``events``.

    Class attributes describe the implementation (the protocol's start reply): ``name``,
    ``version``, ``language`` (default ``python``), ``homepage``, ``issues`` (URLs, optional),
    ``games`` (``["ygo"]``, ``["dm"]`` or both), ``unsupported`` (mechanic tags from
    ``schemas/requires.schema.json``; scenarios requiring one are skipped up front),
    ``observes`` (what the engine lets the adapter see: event kinds, final-state fields,
    window kinds; scenarios needing anything else are skipped up front).

    For every scenario :meth:`run` calls, on a fresh instance state:

    1. ``setup(scenario)``: build the game from ``scenario["setup"]`` (cards by local ``id``).
    2. ``decide(driver)``: play until the stop point; whenever a player may or must decide,
       ask ``driver`` (:meth:`ScriptDriver.priority`, :meth:`~ScriptDriver.choose`,
       :meth:`~ScriptDriver.yes_no`), never guess.
    3. ``events()``: return ``(events, final)``: the canonical events (trace schema) in order
       and the final state (``{"cards": {id: {"zone": ...}}, "players": {...}, "winner": ...}``).

    Outcomes: raising :class:`Skip` gives ``skipped``; :class:`MissingDecision` gives
    ``errored`` (the script lacks a mandatory decision); any other exception propagates
    (in-process runner: ``errored`` with the traceback; protocol server: an ``errored`` reply).
    """

    name = "unnamed-simulator"
    version = "0"
    language = "python"
    homepage: str | None = None
    issues: str | None = None
    games: tuple = ("ygo", "dm")
    unsupported: tuple = ()
    observes: dict | None = None     # {"events": [...], "final": [...], "windows": [...]}; None: everything

    def implementation(self) -> dict:
        impl = {"name": self.name, "version": self.version, "language": self.language,
                "games": list(self.games), "unsupported": sorted(self.unsupported)}
        if self.observes is not None:
            impl["observes"] = {k: list(v) for k, v in self.observes.items()}
        for k in ("homepage", "issues"):
            if getattr(self, k):
                impl[k] = getattr(self, k)
        return impl

    def setup(self, scenario: dict) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def decide(self, driver: ScriptDriver) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def events(self) -> tuple[list[dict], dict]:  # pragma: no cover - overridden
        raise NotImplementedError

    #: the date the run plays as of (ISO, set by :meth:`run` before ``setup``; ``None``: today):
    #: an engine that can play the rulings of an earlier date reads it in ``setup``
    as_of: str | None = None

    def run(self, scenario: dict, as_of: str | None = None) -> dict:
        """``{"trace": {"format", "events", "steps", "final"}}`` (the trace has the scenario's format),
        ``{"skipped": ...}`` or ``{"errored": ...}``."""
        self.as_of = as_of
        driver = ScriptDriver.for_scenario(scenario)
        try:
            self.setup(scenario)
            self.decide(driver)
            events, final = self.events()
        except Skip as exc:
            return {"skipped": {"reason": exc.reason, **({"issue": exc.issue} if exc.issue else {})}}
        except MissingDecision as exc:
            return {"errored": {"message": f"the script does not give a mandatory decision: {exc}{driver.explain()}",
                                "detail": "missing decision"}}
        return {"trace": {"format": scenario.get("format", 1), "events": list(events), "steps": driver.finish(),
                          "final": final}}

    @classmethod
    def main(cls) -> None:
        """Serve this simulator over the adapter protocol on stdin/stdout and exit
        (``if __name__ == "__main__": MySimulator.main()``)."""
        import sys
        sys.exit(serve(cls()))
