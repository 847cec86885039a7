"""The Duel Masters reference engine (デュエル・マスターズ): the attack procedure (攻撃 / アタック).

Adapter interface (see ``duelspec.adapters.reference``)::

    play(setup: dict, driver: Decider) -> (events: list[dict], final: dict)

``setup`` is a scenario's ``setup`` (schema ``dm_setup``); ``driver`` answers the decisions
(a :class:`duelspec.decisions.Decider`, e.g. the kit's ``ScriptDriver``). Raises
:class:`Unplayable` for a scenario that uses a card ability the engine has no code for (a
visible skip, never a silent one).

Where each ruling is decided (``grep -n <ID> reference_engine/dm/*.py``; ruling IDs of
``features/rulings/dm-attack.json``):

========================  ================================================================
AT-01, AT-03, AT-S1       :meth:`.engine.Game.declaration_step` (tap, then the target),
                          :meth:`.engine.Game.validate_attack`, :meth:`.engine.Game.run`
AT-02                     :meth:`.engine.Game.attackable_problem` (untapped creatures only
                          where a card says so)
AT-P5                     :meth:`.engine.Game.validate_attack` ("cannot attack players")
AT-D3                     :meth:`.engine.Game.validate_attack`, asked once, at the declaration
AT-S2, AT-X1              :meth:`.engine.Game.while_attacking_step` (before AT-S3)
AT-S3, AT-X2              :meth:`.engine.Game.attack_trigger_step` (after the declaration)
AT-S4                     :meth:`.engine.Game.block_step`, :meth:`.engine.Game.validate_block`
AT-S5                     :meth:`.engine.Game.block_trigger_step`
AT-S6a, AT-S6b, AT-S6c    :meth:`.engine.Game.battle_or_break_step`: :meth:`.engine.Game.battle_step`
                          (:meth:`.engine.Game.fix_battle`: 「バトルする時」 effects apply once the battle
                          is fixed), :meth:`.engine.Game.break_step` (:meth:`.engine.Game.shields_still_broken`:
                          「シールドがブレイクされる時」 effects before the break; 「ブレイクした時」
                          abilities trigger at the break, resolve after the shield triggers), the direct attack
AT-S7                     :meth:`.engine.Game.end_step` (also after an attacker that left in AT-S6a/AT-S6b)
AT-B1..AT-B5              :meth:`.engine.Game.battle_result` (power, "wins all battles"),
                          :meth:`.engine.Game.battle_outcome`, :meth:`.engine.Game.after_battle`
AT-P1                     :meth:`.engine.Game.battle_or_break_step` (no shields: the direct attack)
AT-P2, AT-P4              :meth:`.engine.Game.choose_shields`, :meth:`.engine.Game.shield_choice_problem`
AT-P3                     :meth:`.engine.Game.break_step`, :meth:`.engine.Game.breaker_count`
AT-D1                     :meth:`.engine.Game.run_timing`, :meth:`.engine.Game.resolution_order`,
                          :meth:`.engine.Game.pick` (AP's abilities first, each player orders theirs)
AT-D2                     :meth:`.engine.Game.interrupted`, :meth:`.engine.Game.end_attack`
AT-D4                     :meth:`.engine.Game.rebind_split`, :meth:`.engine.Game.leave_battle`
========================  ================================================================

Each of these is a decision point the rule mutants of :mod:`duelspec.mutation.dm` patch.

The general rules the page assumes (``features/general_rules/dm.json``): DM-GEN-TURN-PLAYER-FIRST
and DM-GEN-WAITING (``Game.run_timing``), DM-GEN-WHO-DECIDES (``Game.take``), summoning sickness,
shield triggers, blockers, the attack steps; ``grep -rn DM-GEN- reference_engine/dm/``.
"""
from ..common import Unplayable
from .engine import UNSUPPORTED, play

__all__ = ["play", "Unplayable", "UNSUPPORTED"]
