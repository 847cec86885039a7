"""The Yu-Gi-Oh! OCG reference engine (``duelspec.reference_engine.ygo``).

Public API::

    events, final = play(setup, decider, as_of=None)

``setup`` is a scenario's ``setup`` (schema ``scenario.schema.json#/$defs/ygo_setup``);
``decider`` answers the engine's questions (``priority``, ``choose``, ``yes_no``; a
:class:`duelspec.decisions.Decider`, e.g. the kit's ``ScriptDriver``). ``events`` are canonical
trace events and ``final`` the final state (schema ``trace.schema.json``). Raises :class:`Unplayable` (a
visible skip naming the card) when the scenario activates a card whose effects are not
modelled here, or when a card with effects that are not modelled is face-up on the field at
the start: its effects could change what happens, so the trace would be silently wrong (the
Duel Masters engine refuses such cards up front too).

Where each ruling is decided (``grep -rn <ID> reference_engine/ygo/``; the cards are in the
families of :mod:`.cards`):

========================  ================================================================
ND-01, ND-02              :meth:`.duel.Duel.normal_draw_right`, ``conduct_normal_draw``
ND-03                     :meth:`.duel.Duel.start_duel`
ND-04                     :class:`.cards.HeartOfTheUnderdog` (any draw in the Draw Phase)
ND-05, ND-C2, ND-E2,
ND-E10                    ``before_draw_timing`` (one chain at the "before the draw" timing),
                          ``before_draw_timing_problem``
ND-C1, ND-C3..C5, ND-AF1  :meth:`.duel.Duel.bind_right_at_activation` (the right spent as the
                          cost, a pledge bound)
ND-C4, ND-E5, ND-E6,
ND-AF4                    :meth:`.duel.Duel.right_problem` (the right's state at activation)
ND-E1, ND-E3, ND-E4,
ND-E7..E10, ND-AF1..AF3   :meth:`.duel.Duel.link_outcome`, ``settle_right``, ``after_resolution``
                          (the right at resolution)
ND-T1, ND-T2              ``triggers_before_normal_draw``, :class:`.cards.Sangan`
ND-TAB, ND-FAQ1, ND-FAQ2  the above, per card kind: each card's ``replacement`` in :mod:`.cards`
ND-H1, ND-H2, ND-H3       the page's answers of 2019-03-17, played with ``as_of``: the card
                          classifications carry dates (:func:`.effects.pledged_skip_until`, from
                          the ruling catalogue's superseded answers: before their answer changed,
                          ND-H1's cards lose the draw when their effect is negated, a pledge;
                          ND-H2 and ND-H3 change no classification), :meth:`.duel.Duel.settle_right`
ND-L-COST, ND-L-EFFECT,
ND-L-TRIGGER, ND-L-BEFORE the card classes in :mod:`.cards`, one per listed card; ND-L-BEFORE
                          also :meth:`.duel.Duel.starts_chain_before_draw` (only the effects of
                          that timing start its chain: no Quick Effect) and
                          :meth:`.duel.Duel.new_chain_before_the_draw` (no new chain between the
                          timing before the draw and the normal draw)
YGO-GEN-HAND-TRIGGER      :meth:`.duel.Duel.hand_trigger_order_problem`, ``from_the_hand`` (a
                          trigger effect from the hand after the public ones of its timing;
                          ``before_draw_timing`` and ``process_triggers`` place them in two stages)
ND-L-RELATED              the card classes in :mod:`.cards` (normal draw count, triggers on it,
                          the Draw Phase skipped); Knightmare Unicorn face-up is a visible skip
========================  ================================================================

Each of these is a decision point the rule mutants of :mod:`duelspec.mutation.ygo` patch.

The general rules the page assumes (``features/general_rules/ygo.json``, readers' page
``docs/rulings/general-rules.md``) are named where they are decided too (``grep -rn YGO-GEN-``):
YGO-GEN-TURN ``run_turn_from``, ``next_turn``; YGO-GEN-SEGOC ``process_triggers``,
``before_draw_timing``; YGO-GEN-SPELL-SPEED and YGO-GEN-ONCE-PER-TURN ``activatable``;
YGO-GEN-CHAIN ``chain_window``, ``resolve_chain``; YGO-GEN-COST ``activate``;
YGO-GEN-NEGATION ``negate``, ``link_outcome``; YGO-GEN-MISSING-TIMING ``resolve_chain`` and the
「通常のドローをした時」 cards.
"""
from __future__ import annotations

from ...catalogue import cards as card_catalogue
from .cards import MODELS
from ..common import PLAYERS, GameOver, Unplayable, deck_order
from .duel import Duel, StopReached

__all__ = ["play", "new_duel", "Duel", "Unplayable", "UNSUPPORTED"]

#: how many turns after the starting one the engine plays (a scenario's ``stop`` beyond it is a skip)
MAX_TURNS = 4

#: mechanic tags (``requires``) this engine cannot play yet
UNSUPPORTED: tuple = ()


def play(setup: dict, decider, as_of: str | None = None) -> tuple[list, dict]:
    """Play a scenario ``setup`` with ``decider`` as of the date ``as_of`` (ISO; ``None``: today);
    returns ``(events, final)``."""
    duel = new_duel(setup, decider, as_of)
    start_phase, step = setup["phase"], setup.get("step")
    try:
        if start_phase == "start-of-duel":
            duel.start_duel()
            duel.turn = 1
            duel.emit("turn", turn=1, player=duel.first_player)
            start_phase = "draw"
        duel.run_turn_from(start_phase, step)
        for _ in range(MAX_TURNS):
            duel.next_turn()
            duel.run_turn_from("draw", None)
        if duel.stop_at is not None:
            raise Unplayable(f"the scenario stops at turn {duel.stop_at[0]}, {duel.stop_at[1]}; the reference engine "
                             f"plays at most {MAX_TURNS} turns after the one it starts in")
    except (GameOver, StopReached):
        pass
    if duel.random:
        raise Unplayable(f"the scenario states random results that did not happen in this run: {duel.random}")
    try:
        return duel.events, duel.final()
    finally:
        duel.close()


def new_duel(setup: dict, decider, as_of: str | None = None) -> Duel:
    """The duel a scenario ``setup`` starts from (its cards placed, the deck in the order of
    :func:`~duelspec.reference_engine.common.deck_order`), not yet played. Raises :class:`Unplayable`
    when a card it needs is not modelled."""
    cat = card_catalogue("ygo")
    duel = Duel(cat, decider, seed=setup.get("seed", 0), as_of=as_of)
    duel.random = [dict(r) for r in setup.get("random", [])]    # format 2: the random results, in order
    duel.first_player = setup["first_player"]
    duel.turn, duel.turn_player = setup["turn"], setup["turn_player"]
    duel.lp = {p: setup["players"][p].get("lp", 8000) for p in PLAYERS}
    _place_cards(duel, setup["cards"], cat)
    _check_face_up(duel)
    _check_modelled(duel, getattr(decider, "script", []))
    if "stop" in setup:
        duel.stop_at = (setup["stop"]["turn"], setup["stop"]["phase"])
    duel.stop_when_idle = "stop" not in setup
    return duel


def _place_cards(duel: Duel, cards: list, cat) -> None:
    for c in cards:
        if c["zone"] != "deck":
            duel.add(c["id"], cat[c["card"]], c["owner"], c["zone"], c.get("position"), c.get("attached_to"),
                     c.get("properly_summoned", True))
    for player in PLAYERS:
        for c in deck_order([c for c in cards if c["zone"] == "deck" and c["owner"] == player]):
            duel.add(c["id"], cat[c["card"]], player, "deck")


def _check_face_up(duel: Duel) -> None:
    """A face-up card on the field whose effects are not modelled makes the scenario unplayable
    (a Normal Monster has none)."""
    for card in duel.cards.values():
        if card.face_up_on_field() and card.code not in MODELS and not card.is_normal_monster():
            raise Unplayable(f"{card.data['name']['en']} ({card.code}) is face-up on the field and its effects are "
                             f"not modelled by the reference engine yet")


def _check_modelled(duel: Duel, script: list) -> None:
    for step in script:          # a refusal of an unmodelled card would prove nothing either: skip too
        if step.get("do") == "activate":
            card = duel.cards.get(step.get("card"))
            if card is not None and card.code not in MODELS:
                raise Unplayable(f"the effects of {card.data['name']['en']} ({card.code}) are not modelled "
                                 f"by the reference engine yet")
