"""Steps both games share."""
from __future__ import annotations

from .grammar import GRAMMAR, PLAYER, QLIST, StepError, quoted


@GRAMMAR.rule("given", r"player (?P<player>[AB]) went first", example="player B went first")
def _first(b, player):
    b.setup["first_player"] = player


# ---- Given: the random results the scenario depends on (setup.random, in the order they happen) ---
@GRAMMAR.rule("given", rf"the next shuffle of player (?P<player>[AB])'s deck leaves it (?P<cards>{QLIST}), in this order from the top",
              example='the next shuffle of player A\'s deck leaves it "elf", "alexandrite", in this order from the top')
def _shuffle(b, player, cards):
    b.setup.setdefault("random", []).append({"kind": "shuffle", "player": player, "order": [b.ref(c) for c in quoted(cards)]})


@GRAMMAR.rule("given", r'the next random pick among player (?P<player>[AB])\'s cards is "(?P<card>[^"]+)"',
              example='the next random pick among player A\'s cards is "malefic-red-eyes"')
def _select(b, player, card):
    b.setup.setdefault("random", []).append({"kind": "select", "player": player, "cards": [b.ref(card)]})


@GRAMMAR.rule("given", r"the next coin toss (?:comes up|is) (?P<result>heads|tails)", example="the next coin toss comes up heads")
def _coin(b, result):
    b.setup.setdefault("random", []).append({"kind": "coin", "result": result})


@GRAMMAR.rule("given", r"the next die roll is (?P<result>[1-6])", example="the next die roll is 3")
def _die(b, result):
    b.setup.setdefault("random", []).append({"kind": "die", "result": int(result)})


@GRAMMAR.rule("then", r"player (?P<player>[AB]) wins the (?:duel|game)", example="player A wins the game")
def _wins(b, player):
    b.expect_event(event="win", player=player)
    b.expect.setdefault("final", {})["winner"] = player


@GRAMMAR.rule("then", r"nobody has won yet", example="nobody has won yet")
def _no_winner(b):
    b.expect_never(event="win")
    b.expect.setdefault("final", {})["winner"] = None


DATE = r"\d{4}-\d{2}-\d{2}"


@GRAMMAR.rule("then", rf"under the answer of (?P<answered>{DATE}) \((?P<ruling>[A-Z]{{2}}-[A-Za-z0-9-]+)\), replaced on "
              rf"(?P<replaced>{DATE}): (?P<rest>.+)",
              example="under the answer of 2019-03-17 (ND-H1), replaced on 2022-07-30: player A does not conduct the normal draw")
def _superseded(b, answered, ruling, replaced, rest):
    """An expectation of an earlier answer of the page (a superseded answer, issue 16): the rest
    of the step is any Then step, added to that answer's expectations, not to the scenario's
    current ones; ``... : the question is under review`` says the answer was 調整中 (under review)."""
    need(answered < replaced, f"an answer given before it was replaced ({answered} is not before {replaced})")
    need(not rest.startswith("under the answer of "), "one dated answer per step")
    entry = b.superseded_entry(ruling, answered, replaced)
    if rest == "the question is under review":
        need("expect" not in entry, "an answer that is either under review or has expectations, not both")
        entry["under_review"] = True
        return
    need(not entry.get("under_review"), "an answer that is either under review or has expectations, not both")
    current, b.expect = b.expect, entry.setdefault("expect", {})
    try:
        GRAMMAR.apply(b, "then", rest, b.line)
    finally:
        b.expect = current


@GRAMMAR.rule("then", r"these events happen (?P<how>at the same time|in any order):", table=True,
              example="these events happen at the same time: (a data table, one Then phrase of an event per row)")
def _group(b, how, table):
    """A group of expected events (scenario format 2): ``at the same time`` — one moment,
    consecutive events with nothing between them; ``in any order`` — all of them, between the
    events before and after, in any order among themselves. Each row's first cell is a Then
    phrase that expects one event (``| "s1" is put into player B's hand |``)."""
    if len(table) < 2:
        raise StepError("a table of at least two rows, one Then phrase of an event per row")
    before = len(b.expect.get("events", []))
    final = dict(b.expect.get("final", {}))
    for row in table:
        if len([c for c in row if c.strip()]) != 1:
            raise StepError("one cell per row: the Then phrase of one event")
        if row[0].strip().startswith("["):
            raise StepError("rows without a ruling mark (mark the group's step: `[AT-B4] these events happen ...:`)")
        n = len(b.expect.get("events", []))
        GRAMMAR.apply(b, "then", row[0].strip(), b.line)
        # each row expects exactly one event; the `never` patterns a phrase adds with its event
        # (the opening hand: not a draw of the Draw Phase) hold wherever the event is
        if len(b.expect.get("events", [])) != n + 1 or dict(b.expect.get("final", {})) != final:
            raise StepError("rows that each expect exactly one event (no `never`-only or final-state phrases)")
    added = b.expect.get("events", [])[before:]
    if any("any_order" in x or "together" in x for x in added):
        raise StepError("rows of single events (no group inside a group)")
    b.expect["events"][before:] = [{"together" if how == "at the same time" else "any_order": added}]


def need(cond: bool, expected: str) -> None:
    """Raise :class:`StepError` with ``expected`` unless ``cond``."""
    if not cond:
        raise StepError(expected)


__all__ = ["need", "PLAYER"]
