"""General-rule mutants: reference engines that get one *general* game rule wrong (issue 25 §3).

A mutant of :mod:`duelspec.mutation.ygo` or :mod:`duelspec.mutation.dm` breaks a ruling of a
source page; a general-rule mutant breaks a rule of the general-rules catalogue
(``features/general_rules/``: the turn player's effects first, summoning sickness, blockers, once
per turn). They are not in :func:`duelspec.mutation.registry` (the mutation report is about the
pages' rulings); they answer another question: **which scenarios depend on a general rule?** A
scenario that passes on the reference engine and fails on a mutant breaking rule R depends on R,
so it must cite R (``cites`` kind ``general-rule``, Gherkin ``@rule:R``) — or be tagged with a
ruling of the page that states R in part (the rule's ``stated_by``): then it rests on the page.
``tests/test_general_rules.py`` checks exactly that over every scenario, hand-written and
generated.

Each mutant's ``rulings`` holds the general-rule ID it breaks.
"""
from __future__ import annotations

from .mutant import Mutant


def _ygo():
    from ..reference_engine.ygo import duel
    return duel.Duel


def _dm():
    from ..reference_engine.dm import engine
    return engine.Game


def _as_if(card, attr: str, value, call):
    """``call()`` with ``card.attr`` set to ``value`` for its duration (nothing changed when
    ``card`` is None): the engine judges a state the card is not in."""
    if card is None:
        return call()
    old = getattr(card, attr)
    setattr(card, attr, value)
    try:
        return call()
    finally:
        setattr(card, attr, old)


def mutants():
    D = _ygo()
    G = _dm()

    def opponent_first(p):
        p.wrap(D, "same_timing_order", lambda f, self: tuple(reversed(f(self))))

    def opt_unchecked(p):
        p.set(D, "opt_used", lambda self, card, eff: False)

    def sickness_ignored(p):
        p.wrap(G, "validate_attack", lambda f, self, s: _as_if(self.cards.get(s.get("attacker", "")), "sick", False,
                                                              lambda: f(self, s)))

    def sick_cannot_block(p):
        def validate(f, self, st):
            b = self.cards.get(st.get("card", ""))
            if st.get("do") == "block" and b is not None and b.sick:
                return "summoning sickness: the creature was put into the battle zone this turn"
            return f(self, st)
        p.wrap(G, "validate_block", validate)

    def tapped_blocks(p):
        p.wrap(G, "validate_block", lambda f, self, st: _as_if(self.cards.get(st.get("card", "")) if st.get("do") == "block"
                                                               else None, "tapped", False, lambda: f(self, st)))

    yield Mutant("ygo.general.segoc.opponent-first", "ygo", ("YGO-GEN-SEGOC",),
                 "effects of one timing go on the chain the opponent's first, then the turn player's", opponent_first)
    from .ygo import hand_trigger_before_the_public_ones, quick_effect_starts_the_chain
    yield Mutant("ygo.general.hand-trigger.before-the-public-ones", "ygo", ("YGO-GEN-HAND-TRIGGER",),
                 "a trigger effect activated from the hand can be placed before the public ones of its timing",
                 hand_trigger_before_the_public_ones)
    yield Mutant("ygo.general.before-the-draw.quick-effect-starts-the-chain", "ygo", ("YGO-GEN-BEFORE-THE-DRAW",),
                 "a Quick Effect can start a chain before the normal draw", quick_effect_starts_the_chain)
    yield Mutant("ygo.general.once-per-turn.unchecked", "ygo", ("YGO-GEN-ONCE-PER-TURN",),
                 "a once-per-turn effect can be used again in the same turn", opt_unchecked)
    yield Mutant("dm.general.summoning-sickness.ignored", "dm", ("DM-GEN-SUMMONING-SICKNESS",),
                 "a creature can attack the turn it was put into the battle zone", sickness_ignored)
    yield Mutant("dm.general.summoning-sickness.stops-blocking", "dm", ("DM-GEN-SUMMONING-SICKNESS", "DM-GEN-BLOCKER"),
                 "a creature put into the battle zone this turn cannot block", sick_cannot_block)
    yield Mutant("dm.general.blocker.tapped-blocks", "dm", ("DM-GEN-BLOCKER",),
                 "a tapped creature with blocker can block", tapped_blocks)


def registry(game: str | None = None) -> dict:
    """The general-rule mutants by name (of ``game`` only, when given)."""
    return {m.name: m for m in mutants() if game is None or m.game == game}
