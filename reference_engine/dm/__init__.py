"""The Duel Masters reference engine (デュエル・マスターズ): the attack procedure (攻撃 / アタック).

Adapter interface (see ``duelspec.adapters.reference``)::

    play(setup: dict, driver: ScriptDriver) -> (events: list[dict], final: dict)

``setup`` is a scenario's ``setup`` (schema ``dm_setup``); ``driver`` answers the
decisions from the scenario's script. Raises :class:`Unplayable` for a scenario that
uses a card ability the engine has no code for (a visible skip, never a silent one).

Rulings implemented (ruling IDs of ``features/rulings/dm-attack.json``): the attack
steps AT-S1..AT-S7 as explicit steps, AT-D1 (AP's abilities first, each player orders
their own), AT-D2 (interruption), AT-D3 (legality only at declaration), AT-D4 (split
creatures: the attacking side chooses), battle AT-B1..B5, breaking AT-P1..P5.
The general rules the page assumes (``features/general_rules/dm.json``): DM-GEN-TURN-PLAYER-FIRST
and DM-GEN-WAITING (``Game.run_timing``), DM-GEN-WHO-DECIDES (``Game.take``), summoning sickness,
shield triggers, blockers, the attack steps; ``grep -rn DM-GEN- reference_engine/dm/``.
"""
from .engine import UNSUPPORTED, Unplayable, play

__all__ = ["play", "Unplayable", "UNSUPPORTED"]
