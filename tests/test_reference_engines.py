"""What the two reference engines share (reference_engine/common.py, duelspec/decisions.py): the
deck order of a setup, the opponent, the refusal vocabulary, and each engine's ruling → method index."""
from __future__ import annotations

import re

import pytest

from duelspec.catalogue import rulings
from duelspec.decisions import REFUSAL_CODES
from duelspec.reference_engine import common, dm, ygo
from duelspec.reference_engine.dm import engine as dm_engine
from duelspec.reference_engine.ygo import duel as ygo_duel
from duelspec.validation import schema

#: one card of each game with nothing to do in a deck (a Normal Monster; a vanilla creature)
PLAIN = {"ygo": "11321183", "dm": "test:vanilla-3000"}

#: (the deck as listed: local id, its `order` or None), the deck top first as the scenario format says
#: (schemas/scenario.schema.json, a card's `order`: `top`; integers ascending, ties as listed; cards
#: without `order` as listed; `bottom`)
DECKS = [
    pytest.param([("u1", None), ("o5000", 5000), ("top", "top"), ("bottom", "bottom"), ("o2M", 2000000), ("o3", 3),
                  ("o3b", 3), ("u2", None)],
                 ["top", "o3", "o3b", "o5000", "o2M", "u1", "u2", "bottom"], id="large-orders-before-unordered"),
    pytest.param([("u1", None), ("u2", None), ("u3", None)], ["u1", "u2", "u3"], id="as-listed"),
    pytest.param([("b", "bottom"), ("z", 0), ("t", "top")], ["t", "z", "b"], id="top-zero-bottom"),
]


def _setup(game: str, deck: list) -> dict:
    cards = [{"id": cid, "card": PLAIN[game], "owner": "A", "zone": "deck", **({"order": o} if o is not None else {})}
             for cid, o in deck]
    cards.append({"id": "other", "card": PLAIN[game], "owner": "B", "zone": "deck"})
    phase = "draw" if game == "ygo" else "attack"
    return {"first_player": "A", "turn": 3, "turn_player": "A", "phase": phase, "players": {"A": {}, "B": {}},
            "cards": cards}


def _deck(game: str, setup: dict) -> list:
    if game == "ygo":
        return [c.uid for c in ygo.new_duel(setup, None).zone("A", "deck")]
    return [c.id for c in dm_engine.Game(setup, None).zone("A", "deck")]


@pytest.mark.parametrize("deck,top_first", DECKS)
@pytest.mark.parametrize("game", ["ygo", "dm"])
def test_both_engines_put_a_setup_deck_in_the_order_the_format_gives(game, deck, top_first):
    """One rule, written once (common.deck_order): an `order` past any number is still an integer
    `order` (before the cards without one) — each engine once had its own sentinel (DM 1000, YGO 10**6)."""
    assert _deck(game, _setup(game, deck)) == top_first
    assert [c["id"] for c in common.deck_order(_setup(game, deck)["cards"]) if c["owner"] == "A"] == top_first


def test_the_opponent_is_spelled_once():
    assert (common.opponent("A"), common.opponent("B")) == ("B", "A")
    assert ygo.Unplayable is dm.Unplayable is common.Unplayable
    assert ygo_duel.GameOver is dm_engine.GameOver is common.GameOver


def test_the_refusal_vocabulary_is_the_trace_schema_s_and_every_engine_code_is_in_it():
    assert list(REFUSAL_CODES) == schema("trace")["$defs"]["refusal_code"]["enum"]
    for table in (ygo_duel.REFUSAL_REASONS, dm_engine.REFUSAL_REASONS):
        assert table and {code for _, code in table} <= set(REFUSAL_CODES)


def test_the_question_vocabulary_is_the_trace_schema_s():
    from duelspec.decisions import QUESTIONS, ask
    assert list(QUESTIONS) == schema("trace")["$defs"]["ev_ask"]["properties"]["question"]["enum"]
    with pytest.raises(ValueError):
        ask("A", "whether to pass")


def _resolve(package, dotted: str):
    """The object a docstring reference relative to ``package`` names (``.duel.Duel.settle_right``)."""
    import importlib
    obj = package
    for part in dotted.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = importlib.import_module(f"{obj.__name__}.{part}")
    return obj


@pytest.mark.parametrize("game,engine", [("ygo", ygo), ("dm", dm)])
def test_each_engine_indexes_every_ruling_and_each_reference_resolves(game, engine):
    """The ruling → method index of each engine package (its docstring) names every ruling of the
    game (a range such as AT-B1..AT-B5 names those between), and every :meth:, :class: and :func:
    it points at exists."""
    doc = engine.__doc__
    named = set(re.findall(r"\b[A-Z]{2}-[A-Za-z0-9-]+\b", doc))
    for pre, a, b in re.findall(r"\b([A-Z]{2}-[A-Z]*)(\d+)\.\.(?:[A-Z]{2}-)?[A-Z]*(\d+)", doc):
        named |= {f"{pre}{n}" for n in range(int(a), int(b) + 1)}
    missing = sorted(r for r, x in rulings().items() if x.game == game and r not in named)
    assert not missing, f"rulings missing from the index of {engine.__name__}: {missing}"
    refs = re.findall(r":(?:meth|class|func):`~?\.([\w.]+)`", doc)
    assert len(refs) >= 5
    for ref in refs:
        _resolve(engine, ref)
