"""The decisions a rules engine asks for, and how it says no (a leaf module: it imports nothing).

An engine never reads a scenario's script. Whenever a player may or must decide, it asks a
:class:`Decider` (XMage's engine asks a ``Player`` the same way); what answers is behind the
interface: :class:`duelspec.adapters.kit.ScriptDriver` answers from a scenario's script, another
decider could ask a person. Both reference engines and the adapter kit import this module, so
neither side depends on the other (``reference_engine/`` never imports ``adapters/``).

- :class:`MissingDecision`: the engine needs a mandatory decision the decider cannot give (an
  error of the scenario, never guessed).
- :class:`Refusal`: the reason an engine gives for not letting a player do something, with a
  code of the refusal vocabulary :data:`REFUSAL_CODES`.
"""
from __future__ import annotations

from typing import Callable, Iterable, Protocol

__all__ = ["QUESTIONS", "REFUSAL_CODES", "MissingDecision", "Refusal", "Decider", "ask"]

#: the kinds of question an engine asks a player (``ask`` events, ``schemas/trace.schema.json``
#: ``$defs/ev_ask``; a test keeps them equal): whether / with what to block, which shields to
#: break, whether to use a shield trigger, which cards to choose, a "you may", one of several
#: options, the order of waiting abilities
QUESTIONS = ("block", "break-shields", "shield-trigger", "target", "yes-no", "option", "order")


def ask(player: str, question: str, cards=None) -> dict:
    """The ``ask`` trace event of an engine asking ``player`` a ``question`` (:data:`QUESTIONS`),
    with the ``cards`` they may choose from when given (issue 27)::

        >>> ask("B", "block", ["seamine"])
        {'event': 'ask', 'player': 'B', 'question': 'block', 'cards': ['seamine']}

    An engine reports it where it poses the question, whatever the answer; a choice it makes
    alone (one candidate and no way to decline) is no question."""
    if question not in QUESTIONS:
        raise ValueError(f"a question of {QUESTIONS}, got {question!r}")
    ev = {"event": "ask", "player": player, "question": question}
    if cards is not None:
        ev["cards"] = list(cards)
    return ev

#: the refusal vocabulary (``schemas/trace.schema.json`` ``$defs/refusal_code``; a test keeps them equal)
REFUSAL_CODES = ("not-offered", "condition", "cost", "timing", "spell-speed", "once-per-turn", "no-normal-draw-right",
                 "chain-limit", "zone", "target", "summoning-sickness", "tapped", "cannot-attack", "cannot-be-attacked",
                 "cannot-block", "mana", "other")


class MissingDecision(Exception):
    """The engine needs a mandatory decision the script does not give (an error of the scenario)."""


class Refusal(str):
    """A refusal reason with a code of the refusal vocabulary (:data:`REFUSAL_CODES`):
    ``Refusal("the cost cannot be paid", code="cost")``. An engine's ``offer``/``validate``
    callback may return it instead of a plain string (which has no code).

    >>> r = Refusal("the cost cannot be paid", code="cost")
    >>> r, r.code
    ('the cost cannot be paid', 'cost')
    """

    def __new__(cls, text: str, code: str | None = None):
        obj = super().__new__(cls, text)
        obj.code = code
        return obj


#: what an engine's ``offer``/``validate`` callback returns: ``None`` (done / accepted) or why not
Answer = Callable[[dict], "str | Refusal | None"]


class Decider(Protocol):
    """What an engine may ask while it plays (windows are dicts such as ``{"window": "response",
    "link": 2}``; docs/design/scenario-format.md, "How a driver uses steps").

    The engine tells the decider where the game is (:meth:`open`, :meth:`close`, :meth:`event`)
    and asks it for decisions of a player (:meth:`priority`, :meth:`take`, :meth:`choose`,
    :meth:`yes_no`, :meth:`choose_option`); a mandatory decision with no answer raises
    :class:`MissingDecision`."""

    def open(self, window: dict) -> dict:
        """A window opens (the engine is at that moment); returns the window as recorded."""

    def close(self, window: dict | str) -> None:
        """The innermost open window of that kind closes."""

    def event(self, ev: dict) -> None:
        """An event happened (every trace event, in order)."""

    def trigger_window(self) -> dict:
        """The ``trigger`` window after the events seen since the previous one."""

    def peek(self) -> dict | None:
        """The next answer the decider holds, ``None`` when it has nothing more to say."""

    def take(self, player: str, kinds: Iterable[str], validate: Answer, window: dict | None = None,
             applies: Callable[[dict], bool] | None = None) -> dict | None:
        """``player`` may make a decision of one of ``kinds``; returns the accepted one or ``None``."""

    def priority(self, player: str, offer: Answer, kinds: Iterable[str] = ("activate",),
                 applies: Callable[[dict], bool] | None = None, window: dict | None = None) -> bool:
        """``player`` may act (``offer`` performs it) or pass; True when an action was performed.
        ``applies(step)``: the engine's own filter of what this decision takes; an answer it does
        not take is never offered to ``offer`` (the kit refuses it as ``not-offered``, issue 25)."""

    def choose(self, player: str, candidates: list[str], minimum: int, maximum: int, prompt: str,
               window: dict | None = None) -> list[str]:
        """``player`` chooses ``minimum``..``maximum`` of ``candidates`` (local card ids)."""

    def yes_no(self, player: str, prompt: str, window: dict | None = None) -> bool:
        """An optional yes/no decision (no answer: no)."""

    def choose_option(self, player: str, options: list[str], prompt: str, window: dict | None = None) -> str:
        """A mandatory choice of one of ``options``."""
