"""Issue 9 (parts 1-4, 9): each finding has a scenario that fails on the engine behaviour the
finding was about and passes on the fixed engine. The old behaviour is re-created here as a
one-off patch of the reference engine (with :func:`duelspec.mutation.applied`); the scenarios are
the spec's own, looked up by id."""
from __future__ import annotations

import functools

import pytest

from duelspec import compiler
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.reference_engine.common import opponent
from duelspec.mutation import Mutant, applied
from duelspec.reference_engine.ygo import cards as C
from duelspec.reference_engine.ygo import duel as D
from duelspec.runner import run_one


@functools.lru_cache(maxsize=None)
def _scenarios() -> dict:
    return {s["id"]: s for s in compiler.compile_paths().scenarios}


def _patch_segoc_turn_player_first(p):
    """The old rule: the turn player's effects of the timing only before any of the opponent's."""
    def problem(f, self, player, eff):
        if player == self.turn_player and any(l.player != player for l in self.chain):
            return "the turn player's effects of this timing are placed on the chain first"
        return f(self, player, eff)
    p.wrap(D.Duel, "before_draw_timing_problem", problem)


def _patch_opening_hand_in_draw_phase(p):
    def start(f, self):
        self.phase = "draw"
        for pl in (self.first_player, opponent(self.first_player)):
            self.draw(pl, 5, normal=False)
    p.wrap(D.Duel, "start_duel", start)


def _patch_field_spell_not_continuous(p):
    p.set(D.Card, "is_continuous_card", lambda self: self.card_type in ("spell", "trap") and "continuous" in self.subtypes)


def _patch_cost_type_continuous_exception(p):
    """ND-E4's exception applied to a cost-type: its card leaving the field gives the right back."""
    def resolve(f, self, link):
        card = link.card
        if link.effect.replacement == "cost" and link.activated_on_field and card.is_continuous_card() \
                and card.incarnation != link.incarnation:
            self.draw_right = "unspent"
            return None
        return f(self, link)
    p.wrap(D.Duel, "_resolve_link", resolve)


CASES = [
    # (what the engine did wrong, patch, scenario that must fail on it)
    ("Sylvan Waterslide optional: the player may skip it (part 1)",
     lambda p: p.set(C.SylvanWaterslide, "mandatory", False), "ygo.normal-draw.list.cost.waterslide"),
    ("Sylvan Waterslide optional (part 1)",
     lambda p: p.set(C.SylvanWaterslide, "mandatory", False), "ygo.normal-draw.same-timing.tp-mandatory.tp-optional"),
    ("Gravekeeper's Trap optional (part 1)",
     lambda p: p.set(C.GravekeepersTrap, "mandatory", False), "ygo.normal-draw.list.before.gravekeeper"),
    ("the opponent's Diabolos blocks the turn player's replacements (part 2)",
     _patch_segoc_turn_player_first, "ygo.normal-draw.same-timing.opp-mandatory.tp-optional"),
    ("the opponent's Gravekeeper's Trap blocks the turn player's replacements (part 2)",
     _patch_segoc_turn_player_first, "ygo.normal-draw.same-timing.opp-mandatory.gravekeeper.tp-optional"),
    ("Pandora's Jewelry Box does nothing (part 3)",
     lambda p: p.set(C.PandorasJewelryBox, "draw_count", lambda self, duel, player: None),
     "ygo.normal-draw.related.pandora.two-cards"),
    ("Guarded Treasure's (2) does nothing (part 3)",
     lambda p: p.set(C.GuardedTreasureDrawCount, "draw_count", lambda self, duel, player: None),
     "ygo.normal-draw.related.guarded-treasure"),
    ("Flower Cardian Lightshower does not react to the normal draw (part 3)",
     lambda p: p.set(C.FlowerCardianLightshowerBurn, "triggered_by", lambda self, duel, ev: False),
     "ygo.normal-draw.related.lightshower.burn"),
    ("Drop Off answers any draw (part 3)",
     lambda p: p.set(C.DropOff, "condition", lambda self, duel, player: None), "ygo.normal-draw.related.drop-off.other-draw"),
    ("Shard of Greed counts every draw (part 3)",
     lambda p: p.wrap(C.ShardOfGreedCounter, "after_draw",
                      lambda f, self, duel, player, drawn, normal: f(self, duel, player, drawn, True)),
     "ygo.normal-draw.related.shard-of-greed.effect-draw"),
    ("a Field Spell is not a continuous card (part 4, ND-E4)",
     _patch_field_spell_not_continuous, "ygo.normal-draw.effect-type.field-spell-leaves"),
    ("a continuous cost-type card leaving the field gives the right back (part 4)",
     _patch_cost_type_continuous_exception, "ygo.normal-draw.cost-type.continuous-card-leaves"),
    ("Heart of the Underdog reveals nothing (part 9)",
     lambda p: p.set(C.HeartOfTheUnderdog, "cost", lambda self, duel, link, step: None),
     "ygo.normal-draw.triggers.underdog-normal-and-own-draw"),
    ("Malefic World shows nothing (part 9)",
     lambda p: p.wrap(D.Duel, "emit", lambda f, self, event, **k: None if event == "reveal" else f(self, event, **k)),
     "ygo.normal-draw.cost-type.malefic-world-shows-three"),
    ("Gravekeeper's Trap looks at the normal draw without showing it (part 9)",
     lambda p: p.wrap(D.Duel, "emit", lambda f, self, event, **k: None if event == "reveal" else f(self, event, **k)),
     "ygo.normal-draw.list.before.gravekeeper"),
    ("the opening hand is drawn in the Draw Phase (part 9, ND-03)",
     _patch_opening_hand_in_draw_phase, "ygo.normal-draw.basics.opening-hand"),
]


@pytest.mark.parametrize("what,patch,scenario_id", CASES, ids=[c[2] + ":" + c[0][:40] for c in CASES])
def test_the_scenario_fails_on_the_old_behaviour_and_passes_now(what, patch, scenario_id):
    s = _scenarios()[scenario_id]
    adapter = ReferenceAdapter()
    impl = adapter.start()
    assert run_one(s, adapter, impl)["outcome"] == "passed", scenario_id
    with applied(Mutant("issue9." + scenario_id, "ygo", tuple(s["rulings"]), what, patch)):
        r = run_one(s, adapter, impl)
    assert r["outcome"] in ("failed", "errored"), f"{scenario_id} still passes when {what}"
