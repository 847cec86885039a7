"""duelspec's Yu-Gi-Oh! test cards (adapters/edopro/testdata: our Lua, our card JSON) and the
scenario helpers the real-engine adapter tests share (EDOPro, YGOPro)."""
from __future__ import annotations

from pathlib import Path

from duelspec.judging.checker import check as check_expectations
from duelspec.validation import check as check_schema

TESTDATA = Path(__file__).resolve().parents[1] / "adapters" / "edopro" / "testdata"
REPLACER, NEG_EFFECT, NEG_ACTIVATION, REPLACER_AT_ACT, PROMPTER = "90000001", "90000002", "90000003", "90000004", "90000005"
DECLARER, REVEALABLE = "90000006", "90000007"
VAN_A, VAN_B, VAN_C = "90000010", "90000011", "90000012"



# A turn-2 Draw Phase with nothing before the draw (deck_a): the normal draw of the top card (ND-01),
# nothing activated, player B draws nothing. Both adapters' first real-duel test expects it.
PLAIN_DRAW = {
    "events": [{"event": "phase", "phase": "draw", "player": "A", "turn": 2},
               {"event": "step", "step": "before-draw"},
               {"event": "draw", "player": "A", "normal": True, "cards": ["top"]},
               {"event": "phase", "phase": "standby", "player": "A"}],
    "never": [{"event": "draw", "player": "B"}, {"event": "activate"}],
    "final": {"cards": {"top": {"zone": "hand", "owner": "A", "controller": "A"}, "second": {"zone": "deck"}},
              "players": {"A": {"lp": 8000, "counts": {"hand": 1, "deck": 2}}, "B": {"counts": {"hand": 0}}}}}


def scenario(engine: str, sid: str, cards: list, script: list, expect: dict, **setup) -> dict:
    """A schema-valid format-1 scenario ``test.<engine>.<sid>`` at turn 2, A's Draw Phase, before the draw."""
    s = {"format": 1, "id": f"test.{engine}.{sid}", "game": "ygo", "title": sid, "rulings": ["ND-01"], "requires": [],
         "setup": {"first_player": "B", "turn": 2, "turn_player": "A", "phase": "draw", "step": "before-draw",
                   "players": {"A": {"lp": 8000}, "B": {"lp": 8000}}, "cards": cards, **setup},
         "script": script, "expect": expect}
    check_schema(s, "scenario-v1", sid)
    return s


def deck_a() -> list:
    """A's deck: "top" (Vanilla A) on top, "second", "third" (Vanilla C) at the bottom."""
    return [{"id": "top", "card": VAN_A, "owner": "A", "zone": "deck", "order": "top"},
            {"id": "second", "card": VAN_B, "owner": "A", "zone": "deck"},
            {"id": "third", "card": VAN_C, "owner": "A", "zone": "deck", "order": "bottom"}]


def trace_ok(s: dict, reply: dict, name: str) -> dict:
    """``reply`` is a schema-valid trace and every expectation of ``s`` holds; returns the trace."""
    assert "trace" in reply, reply
    trace = reply["trace"]
    check_schema(trace, "trace", f"<{name}>")
    failures = check_expectations(s, trace)
    assert not failures, [f.as_dict() for f in failures] + [trace["events"]]
    return trace
