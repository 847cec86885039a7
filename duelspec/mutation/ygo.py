"""Rule mutants of the Yu-Gi-Oh! reference engine (rulings ND-* of ``features/rulings/ygo-normal-draw.json``).

Each mutant patches one decision point of :mod:`duelspec.reference_engine.ygo`:

=====================================  ============================================================
decision point                         rulings decided there
=====================================  ============================================================
``Duel.normal_draw_right``             ND-01, ND-02 (is there a normal draw this turn)
``Duel.conduct_normal_draw``, ``draw`` ND-01 (what the normal draw is), ND-L-RELATED
``Duel.start_duel``                    ND-03 (the opening hand)
``Duel.before_draw_timing[_problem]``  ND-05, ND-C2, ND-E2, ND-E10 (the timing before the draw, once a turn)
``Duel.starts_chain_before_draw``      ND-L-BEFORE (only that timing's effects start its chain)
``Duel.hand_trigger_order_problem``    ND-05 with YGO-GEN-HAND-TRIGGER (from the hand after the public ones)
``Duel.new_chain_before_the_draw``     ND-L-BEFORE (no new chain between that timing and the draw)
``Duel.until_the_normal_draw``         ND-L-BEFORE (the moment between that timing and the draw comes)
``Duel.right_problem``                 ND-C4, ND-E5, ND-E6, ND-AF4 (the right at activation)
``Duel.bind_right_at_activation``      ND-C1, ND-C5, ND-AF1 (cost paid / pledge bound)
``Duel.link_outcome``                  ND-E1, ND-C1, ND-E4 (negated, continuous card left)
``Duel.settle_right``                  ND-E1, ND-E3, ND-E7..E10, ND-C5, ND-AF1..AF3 (the right at resolution)
``Duel.after_resolution``              ND-C3, ND-E3, ND-E8, ND-AF3 (a fizzled replacement)
``Duel.resolve_chain``                 ND-E7 (last in, first out)
``Duel.negate``, interferers           ND-TAB, ND-FAQ1, ND-FAQ2 (the interference happens)
``Duel.triggers_before_normal_draw``   ND-T1, ND-T2
card classes (``replacement``, ``kind``,
``triggered_by``, ``drawn``)           ND-04, ND-L-COST, ND-L-EFFECT, ND-L-BEFORE, ND-L-TRIGGER
=====================================  ============================================================

Card-model mutants are generated from :data:`~duelspec.reference_engine.ygo.cards.MODELS`:
every modelled replacement gets one of the other kind; every card the page lists among the
other "before the draw" cards (ND-L-BEFORE) gets one that cannot be activated at that timing
and one that replaces the normal draw. Which ruling lists a card is read from the ruling
texts (the card's Japanese or English name in the summary), never written by hand.
"""
from __future__ import annotations

import re
import unicodedata

from ..reference_engine.common import opponent
from .mutant import Mutant


def _engine():
    from ..reference_engine.ygo import cards, duel, effects
    return duel, cards, effects


# ----------------------------------------------------------------------------- helpers
def _classes(kind: str) -> list:
    """The card effect classes whose ``replacement`` is ``kind``, one per class, in model order."""
    _, cards, _ = _engine()
    seen, out = set(), []
    for classes in cards.MODELS.values():
        for cls in classes:
            if cls.replacement == kind and cls not in seen:
                seen.add(cls)
                out.append(cls)
    return out


def _set_kind(classes, kind):
    def patch(p):
        for cls in classes:
            p.set(cls, "replacement", kind)
    return patch


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    return re.sub(r"[\u2010-\u2015\u2212\uff0d\-]", "-", text).casefold()


def _listing_rulings(passcode: str, among: tuple) -> tuple:
    """The rulings of ``among`` whose summary names the card ``passcode`` (Japanese or English name)."""
    from ..catalogue import cards as catalogue, rulings
    names = catalogue("ygo")[passcode]["name"]
    cat = rulings()
    return tuple(r for r in among if r in cat and any(_norm(n) in _norm(cat[r].summary) for n in names.values() if n))


def _card_name(passcode: str) -> str:
    from ..catalogue import cards as catalogue
    return catalogue("ygo")[passcode]["name"]["en"]


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


def _models_by_class() -> list:
    """``(passcode, class)`` for every modelled effect class."""
    _, cards, _ = _engine()
    return [(code, cls) for code, classes in cards.MODELS.items() for cls in classes]


# ------------------------------------------------------------------- patches of Duel
def _draw_phase_patches():
    duel, _, _ = _engine()
    D = duel.Duel

    def no_normal_draw(p):
        p.set(D, "conduct_normal_draw", lambda self: None)

    def normal_draw_takes_two(p):
        p.wrap(D, "draw", lambda f, self, player, n, normal=False: f(self, player, n + 1 if normal else n, normal))

    def opponent_draws(p):
        p.wrap(D, "draw", lambda f, self, player, n, normal=False: f(self, opponent(player) if normal else player, n, normal))

    def card_stays_in_deck(p):
        def draw(f, self, player, n, normal=False):
            if not normal:
                return f(self, player, n, normal)
            deck = self.zone(player, "deck")
            drawn = deck[:n]
            if len(drawn) < n:
                return f(self, player, n, normal)
            self.emit("draw", player=player, cards=[c.uid for c in drawn], normal=True, phase=self.phase)
            return drawn
        p.wrap(D, "draw", draw)

    def from_extra_deck(p):
        def draw(f, self, player, n, normal=False):
            extra = self.zone(player, "extra")
            if not (normal and extra):
                return f(self, player, n, normal)
            card = extra.pop(0)
            self.zone(player, "hand").append(card)
            card.zone = "hand"
            self.emit("draw", player=player, cards=[card.uid], normal=True, phase=self.phase)
            return [card]
        p.wrap(D, "draw", draw)

    def first_player_draws(p):
        p.set(D, "normal_draw_right", lambda self: "unspent")

    def second_player_skips(p):
        p.set(D, "normal_draw_right", lambda self: "none" if self.turn <= 2 else "unspent")

    def opening_hand(change):
        def patch(p):
            def start(f, self):
                draw = self.draw
                self.draw = lambda player, n, normal=False, **kw: draw(player, *change(n, normal), **kw)
                try:
                    return f(self)
                finally:
                    del self.draw
            p.wrap(D, "start_duel", start)
        return patch

    def second_player_opening_hand(how):
        """The opening hand of the player going second (ND-03) drawn as a normal draw
        (``normal``) or at the start of the first Draw Phase, reported in it (``draw-phase``);
        the first player's is right (issue 25: the scenario asserted only the first player's)."""
        def patch(p):
            def start(f, self):
                draw, second = self.draw, opponent(self.first_player)
                late = []

                def patched(player, n, normal=False, **kw):
                    if player != second:
                        return draw(player, n, normal, **kw)
                    if how == "normal":
                        return draw(player, n, True, **kw)
                    late.append((n, kw))
                    return []
                self.draw = patched
                try:
                    f(self)
                finally:
                    del self.draw
                if late:
                    set_phase = self.set_phase

                    def first_draw_phase(phase):
                        set_phase(phase)
                        if phase == "draw" and late:
                            del self.set_phase
                            n, kw = late.pop()
                            self.draw(second, n, False, **kw)
                    self.set_phase = first_draw_phase
            p.wrap(D, "start_duel", start)
        return patch

    yield Mutant("ygo.normal-draw.not-conducted", "ygo", ("ND-01",),
                 "the turn player does not conduct the normal draw", no_normal_draw)
    yield Mutant("ygo.normal-draw.two-cards", "ygo", ("ND-01",),
                 "the normal draw takes two cards", normal_draw_takes_two)
    yield Mutant("ygo.normal-draw.by-the-opponent", "ygo", ("ND-01",),
                 "the non-turn player conducts the normal draw", opponent_draws)
    yield Mutant("ygo.normal-draw.card-stays-in-deck", "ygo", ("ND-01", "ND-L-RELATED"),
                 "the normal draw is reported but the card drawn stays in the Deck", card_stays_in_deck)
    yield Mutant("ygo.normal-draw.from-extra-deck", "ygo", ("ND-L-RELATED",),
                 "the normal draw takes a card from the Extra Deck when there is one", from_extra_deck)
    yield Mutant("ygo.first-turn.draws", "ygo", ("ND-02",),
                 "the player going first conducts a normal draw in the first turn", first_player_draws)
    yield Mutant("ygo.first-turn.second-player-skips", "ygo", ("ND-02", "ND-01"),
                 "the player going second does not conduct a normal draw in their first turn either",
                 second_player_skips)
    yield Mutant("ygo.opening-hand.normal-draw", "ygo", ("ND-03",),
                 "the opening hand is drawn as a normal draw", opening_hand(lambda n, normal: (n, True)))
    yield Mutant("ygo.opening-hand.six-cards", "ygo", ("ND-03",),
                 "the opening hand has 6 cards", opening_hand(lambda n, normal: (n + 1, normal)))
    yield Mutant("ygo.opening-hand.second-player-normal-draw", "ygo", ("ND-03",),
                 "the opening hand of the player going second is drawn as a normal draw",
                 second_player_opening_hand("normal"))
    yield Mutant("ygo.opening-hand.second-player-in-the-draw-phase", "ygo", ("ND-03",),
                 "the opening hand of the player going second is drawn once the first Draw Phase has begun, in it",
                 second_player_opening_hand("draw-phase"))


def _underdog_patches():
    _, cards, _ = _engine()
    H = cards.HeartOfTheUnderdog

    def normal_only(p):
        p.wrap(H, "triggered_by", lambda f, self, duel, ev: f(self, duel, ev) and ev.get("normal") is True)

    def first_draw_only(p):
        def first(f, self, duel, ev):
            if not f(self, duel, ev):
                return False
            draws = 0
            for e in reversed(duel.events):
                if e["event"] == "phase":
                    break
                draws += e["event"] == "draw" and e.get("player") == ev["player"]
            return draws <= 1
        p.wrap(H, "triggered_by", first)

    yield Mutant("ygo.draw-phase-draws.normal-draw-only", "ygo", ("ND-04",),
                 "\"a card drawn in the Draw Phase\" covers only the normal draw (Heart of the Underdog)", normal_only)
    yield Mutant("ygo.draw-phase-draws.first-draw-only", "ygo", ("ND-04",),
                 "\"a card drawn in the Draw Phase\" covers only the first draw of the Draw Phase", first_draw_only)


def _timing_patches():
    duel, _, _ = _engine()
    D = duel.Duel

    def no_kind(p):
        for cls in _classes("cost") + _classes("effect"):
            p.set(cls, "replacement", None)

    def after_the_draw(p):
        def timing(f, self):
            self.conduct_normal_draw()
            return f(self)
        p.wrap(D, "before_draw_timing", timing)

    def timing_unchecked(p):
        p.set(D, "before_draw_timing_problem", lambda self, player, eff: None)

    def any_time(p):
        p.set(D, "before_draw_timing_problem", lambda self, player, eff: None)
        p.set(D, "right_problem", lambda self, eff: None)

    def reopened_after_negated_chain(p):
        def timing(f, self):
            before = len(self.events)
            f(self)
            placed = [self.cards[e["card"]] for e in self.events[before:] if e["event"] == "activate" and e.get("card") in self.cards]
            if self.draw_right == "unspent" and any(eff.replacement for c in placed for eff in c.effects):
                f(self)          # every replacement on that chain was negated: the timing opens a second time
        p.wrap(D, "before_draw_timing", timing)

    def never_between_timing_and_draw(p):
        def until(self):
            if self.triggers_before_normal_draw():
                self.process_triggers()          # ND-T1 kept: only the window is gone
        p.set(D, "until_the_normal_draw", until)

    def timing_in_first_turn(p):
        # ygopro-core before PR 433: the draw count is 1 before the draw in turn 1, so the timing opens and
        # a replacement is offered, while the rule draw itself is still skipped
        first = lambda self: self.turn == 1 and self.turn_player == self.first_player  # noqa: E731
        p.wrap(D, "normal_draw_right", lambda f, self: "unspent" if first(self) else f(self))
        p.wrap(D, "conduct_normal_draw", lambda f, self: None if first(self) else f(self))

    yield Mutant("ygo.first-turn.timing-before-the-draw-opens", "ygo", ("ND-02",),
                 "in the first turn of the player going first the timing before the draw opens (a replacement can "
                 "be activated there), though no normal draw is conducted", timing_in_first_turn)
    yield Mutant("ygo.before-draw.window-after-its-timing-never-opens", "ygo", ("ND-L-BEFORE",),
                 "the moment between the timing before the draw and the normal draw never comes (an engine, or an "
                 "adapter, that goes from that timing straight to the draw: a step there is never offered)",
                 never_between_timing_and_draw)
    yield Mutant("ygo.before-draw.new-chain-after-its-chain", "ygo", ("ND-L-BEFORE",),
                 "after the chain of the timing before the draw, a new chain can start before the normal draw "
                 "(Quick Effects)", lambda p: p.set(D, "new_chain_before_the_draw", lambda self: True))
    yield Mutant("ygo.replacement.timing-reopens-after-negated-chain", "ygo", ("ND-E2", "ND-E10"),
                 "the timing before the draw opens a second time after a chain whose replacements were all negated "
                 "(the normal draw right still unspent): another replacement can be activated there",
                 reopened_after_negated_chain)
    yield Mutant("ygo.replacement.neither-kind", "ygo", ("ND-05",),
                 "a replacement is neither cost-type nor effect-type: it never spends the normal draw right", no_kind)
    yield Mutant("ygo.replacement.after-the-draw", "ygo", ("ND-05",),
                 "the normal draw is conducted before the timing of the replacements", after_the_draw)
    yield Mutant("ygo.replacement.timing-unchecked", "ygo", ("ND-05",),
                 "an effect of the \"before the draw\" timing can be activated at any time", timing_unchecked)
    yield Mutant("ygo.replacement.any-time", "ygo", ("ND-05", "ND-C2", "ND-E2", "ND-E10"),
                 "a replacement can be activated at any time, whatever the state of the normal draw right", any_time)


def quick_effect_starts_the_chain(p):
    """A patch (also a general-rule mutant, YGO-GEN-BEFORE-THE-DRAW): a Quick Effect can start the
    chain of the timing before the draw."""
    duel, _, _ = _engine()
    p.set(duel.Duel, "starts_chain_before_draw", lambda self, eff: True)


def hand_trigger_before_the_public_ones(p):
    """A patch (also a general-rule mutant, YGO-GEN-HAND-TRIGGER): an effect activated from the
    hand can be placed before the public ones of its timing (the TCG order)."""
    duel, _, _ = _engine()
    p.set(duel.Duel, "hand_trigger_order_problem", lambda self, card, eff: None)


def public_after_hand_trigger(p):
    """A patch (also a general-rule mutant, YGO-GEN-HAND-TRIGGER): once the effects activated from
    the hand of a timing are being placed, a public effect of that timing can still be placed
    after them (only the first half of the rule is kept: from the hand, not before the public ones)."""
    duel, _, _ = _engine()

    def problem(f, self, card, eff):
        if self.placing is not None and self.placing[2] == "hand" and not self.from_the_hand(card, eff):
            return None
        return f(self, card, eff)
    p.wrap(duel.Duel, "hand_trigger_order_problem", problem)


def _chain_building_patches():
    """The general rules of building the chain of the timing before the draw that the page's
    rulings lean on (issue 25): the effects of that timing alone start it (ND-L-BEFORE), and
    those activated from the hand come after the public ones (YGO-GEN-HAND-TRIGGER, on the chain
    of ND-05)."""
    yield Mutant("ygo.before-draw.quick-effect-starts-the-chain", "ygo", ("ND-L-BEFORE",),
                 "a Quick Effect (Mystical Space Typhoon, D.D. Crow, a Set Infinite Impermanence) can start the chain at "
                 "the timing before the draw", quick_effect_starts_the_chain)
    yield Mutant("ygo.hand-trigger.before-the-public-ones", "ygo", ("ND-05",),
                 "an effect of the timing before the draw activated from the hand can be placed before the public ones "
                 "(the TCG order of simultaneous effects)", hand_trigger_before_the_public_ones)
    yield Mutant("ygo.hand-trigger.public-after-hand", "ygo", ("ND-05",),
                 "a public effect of the timing before the draw can still be placed after one activated from the hand "
                 "(the second half of 手札誘発: the public ones are placed, or declined, first)", public_after_hand_trigger)


def _right_patches():
    duel, _, _ = _engine()
    D = duel.Duel

    def chain_has(self, kind):
        return any(l.effect.replacement == kind for l in self.chain)

    def unchecked(p):
        p.set(D, "right_problem", lambda self, eff: None)

    def second_cost(p):
        p.wrap(D, "right_problem", lambda f, self, eff: None if eff.replacement == "cost" and chain_has(self, "cost")
               else f(self, eff))

    def effect_after_cost(p):
        p.wrap(D, "right_problem", lambda f, self, eff: None if eff.replacement == "effect" and chain_has(self, "cost")
               else f(self, eff))

    def one_effect_per_chain(p):
        p.wrap(D, "right_problem", lambda f, self, eff: "one effect-type per chain"
               if eff.replacement == "effect" and chain_has(self, "effect") else f(self, eff))

    yield Mutant("ygo.right.unchecked-at-activation", "ygo", ("ND-C4", "ND-E6", "ND-AF4"),
                 "the state of the normal draw right is not checked when a replacement is activated", unchecked)
    yield Mutant("ygo.cost.second-on-chain", "ygo", ("ND-C4",),
                 "a second cost-type replacement can be activated on the chain (its cost counted as paid)", second_cost)
    yield Mutant("ygo.effect.after-cost-type", "ygo", ("ND-E6",),
                 "an effect-type replacement can be activated on a chain after a cost-type", effect_after_cost)
    yield Mutant("ygo.effect.one-per-chain", "ygo", ("ND-E5",),
                 "only one effect-type replacement can be activated on a chain", one_effect_per_chain)


def _resolution_patches():
    duel, _, _ = _engine()
    D = duel.Duel

    def settle_then(before):
        """Wrap ``settle_right``: ``before(self, link, outcome)`` may return a new outcome."""
        def patch(p):
            def settle(f, self, link, outcome):
                changed = before(self, link, outcome)
                return changed if isinstance(changed, bool) else f(self, link, outcome)
            p.wrap(D, "settle_right", settle)
        return patch

    def kind(link):
        return link.effect.replacement

    def refund_negated(which):
        def before(self, link, outcome):
            if outcome == which and kind(link) == "cost":
                self.draw_right = "unspent"
                return False
        return before

    def spends_when_negated(which):
        def before(self, link, outcome):
            if outcome == which and kind(link) == "effect":
                if self.draw_right in ("unspent", "pledged"):
                    self.draw_right = "spent"
                return False
        return before

    def negated_applied(k):
        def patch(p):
            p.wrap(D, "link_outcome", lambda f, self, link: "applies"
                   if f(self, link) == "effect-negated" and kind(link) == k else f(self, link))
        return patch

    def exception_off(self, link, outcome):
        if outcome == "left-field" and kind(link) == "effect":
            if self.draw_right in ("unspent", "pledged"):
                self.draw_right = "spent"
            return False

    def continuous_applied(p):
        p.wrap(D, "link_outcome", lambda f, self, link: "applies" if f(self, link) == "left-field" else f(self, link))

    def refund_fizzle(kinds):
        """A replacement of ``kinds`` that fizzles leaves the right as it was before it: a
        cost-type or a pledge as before its activation (unspent), an effect-type as before it
        resolved."""
        def patch(p):
            def settle(f, self, link, outcome):
                link.data["right-before"] = self.draw_right if kind(link) == "effect" else "unspent"
                return f(self, link, outcome)

            def after(f, self, link, applied):
                if applied is False and kind(link) in kinds:
                    self.draw_right = link.data["right-before"]
                return f(self, link, applied)
            p.wrap(D, "settle_right", settle)
            p.wrap(D, "after_resolution", after)
        return patch

    def cost_spent_by(p):
        """Remember whether the right was spent by a cost (for the mutants of ND-C5 / ND-E7)."""
        def bind(f, self, link):
            f(self, link)
            if kind(link) == "cost":
                self.__dict__["_mut_spent_by"] = "cost"
        p.wrap(D, "bind_right_at_activation", bind)

    def applied_after(spender):
        def patch(p):
            cost_spent_by(p)

            def settle(f, self, link, outcome):
                if outcome == "applies" and kind(link) == "effect" and self.draw_right == "spent" \
                        and self.__dict__.get("_mut_spent_by") == spender:
                    link.effect.resolve(self, link)
                    return False
                result = f(self, link, outcome)
                if result and kind(link) == "effect":
                    self.__dict__["_mut_spent_by"] = "effect"
                return result
            p.wrap(D, "settle_right", settle)
        return patch

    def lifo_off(p):
        def resolve(f, self):
            self.chain.reverse()
            return f(self)
        p.wrap(D, "resolve_chain", resolve)

    def pledge_void_negated_effect(self, link, outcome):
        if link.pledged and outcome == "effect-negated":
            if self.draw_right == "pledged":
                self.draw_right = "unspent"
            return False

    def pledge_binds_negated_activation(self, link, outcome):
        if link.pledged and outcome == "activation-negated":
            self.draw_right = "spent"
            return False

    yield Mutant("ygo.cost.refund-activation-negated", "ygo", ("ND-C1", "ND-C5"),
                 "the normal draw right paid as a cost is returned when the activation is negated",
                 settle_then(refund_negated("activation-negated")))
    yield Mutant("ygo.cost.refund-effect-negated", "ygo", ("ND-C1", "ND-C2", "ND-C5"),
                 "the normal draw right paid as a cost is returned when the effect is negated",
                 settle_then(refund_negated("effect-negated")))
    yield Mutant("ygo.cost.negated-effect-applied", "ygo", ("ND-C1", "ND-FAQ2"),
                 "the negated effect of a cost-type replacement is applied all the same", negated_applied("cost"))
    yield Mutant("ygo.cost.as-effect-type", "ygo", ("ND-C1", "ND-C4", "ND-C5", "ND-E6", "ND-AF4", "ND-FAQ2", "ND-TAB"),
                 "every cost-type replacement is handled as effect-type", _set_kind(_classes("cost"), "effect"))
    yield Mutant("ygo.cost.refund-fizzle", "ygo", ("ND-C3",),
                 "the normal draw right paid as a cost is returned when the effect fizzles", refund_fizzle({"cost"}))
    yield Mutant("ygo.fizzle.refund-any", "ygo", ("ND-C3", "ND-E3", "ND-E8", "ND-AF3"),
                 "a replacement (or pledge) that fizzles leaves the normal draw right as it was before it resolved",
                 refund_fizzle({"cost", "effect", "pledge"}))
    yield Mutant("ygo.effect.applied-after-cost-type", "ygo", ("ND-C5",),
                 "an effect-type replacement activated before a cost-type is still applied", applied_after("cost"))
    yield Mutant("ygo.effect.negated-activation-spends", "ygo", ("ND-E1", "ND-E9", "ND-E10", "ND-TAB"),
                 "an effect-type replacement whose activation is negated spends the normal draw right",
                 settle_then(spends_when_negated("activation-negated")))
    yield Mutant("ygo.effect.negated-effect-spends", "ygo", ("ND-E1", "ND-E2", "ND-E9", "ND-E10", "ND-FAQ1", "ND-TAB"),
                 "an effect-type replacement whose effect is negated spends the normal draw right",
                 settle_then(spends_when_negated("effect-negated")))
    yield Mutant("ygo.effect.negated-effect-applied", "ygo", ("ND-E1", "ND-FAQ1"),
                 "the negated effect of an effect-type replacement is applied all the same", negated_applied("effect"))
    yield Mutant("ygo.effect.as-cost-type", "ygo", ("ND-E1", "ND-E5", "ND-E7", "ND-E9", "ND-FAQ1", "ND-TAB", "ND-AF4"),
                 "every effect-type replacement is handled as cost-type", _set_kind(_classes("effect"), "cost"))
    yield Mutant("ygo.effect.refund-fizzle", "ygo", ("ND-E3", "ND-E8"),
                 "an effect-type replacement that fizzles does not spend the normal draw right", refund_fizzle({"effect"}))
    yield Mutant("ygo.continuous.exception-off", "ygo", ("ND-E4", "ND-E9", "ND-E10"),
                 "a continuous card's replacement that fizzles because the card left the field spends the right (ND-E3 applied)",
                 settle_then(exception_off))
    yield Mutant("ygo.continuous.applied-after-leaving", "ygo", ("ND-E4",),
                 "a continuous card's replacement is applied even though the card left the field", continuous_applied)
    yield Mutant("ygo.chain.first-in-first-out", "ygo", ("ND-E7",),
                 "the chain resolves first in, first out", lifo_off)
    yield Mutant("ygo.effect.every-one-applied", "ygo", ("ND-E7", "ND-E8"),
                 "every effect-type replacement on the chain is applied, not only the last one", applied_after("effect"))
    yield Mutant("ygo.pledge.as-effect-type", "ygo", ("ND-AF1", "ND-AF4", "ND-FAQ2"),
                 "Astral Force's effect (2) is handled as an effect-type replacement", _set_kind(_classes("pledge"), "effect"))
    # not ND-AF4: handled as a cost-type, effect (2) still refuses a cost-type on its chain and still
    # follows effect-types; it differs only on an effect-type after it, the order ND-AF4 does not
    # state (undecided: duelspec/generated/model.py, issue 33)
    yield Mutant("ygo.pledge.as-cost-type", "ygo", ("ND-AF2",),
                 "Astral Force's effect (2) is handled as a cost-type replacement", _set_kind(_classes("pledge"), "cost"))
    yield Mutant("ygo.pledge.void-when-effect-negated", "ygo", ("ND-AF1", "ND-FAQ2"),
                 "the pledge does not apply when only the effect is negated", settle_then(pledge_void_negated_effect))
    yield Mutant("ygo.pledge.negated-effect-applied", "ygo", ("ND-AF1", "ND-FAQ2"),
                 "the negated effect (2) of Astral Force is applied all the same", negated_applied("pledge"))
    yield Mutant("ygo.pledge.binds-when-activation-negated", "ygo", ("ND-AF2",),
                 "the pledge applies even when the activation is negated", settle_then(pledge_binds_negated_activation))
    yield Mutant("ygo.pledge.void-on-fizzle", "ygo", ("ND-AF3",),
                 "the pledge does not apply when the effect fizzles", refund_fizzle({"pledge"}))


def _trigger_patches():
    duel, _, _ = _engine()
    D = duel.Duel

    def lost(p):
        def conduct(f, self):
            if self.draw_right == "unspent":
                self.pending = []
            return f(self)
        p.wrap(D, "conduct_normal_draw", conduct)

    def after_the_open_game_state(p):
        # ND-T1 「直後に発動」 broken: the triggers waiting after the chain of the timing before the
        # draw (right spent) wait until the turn player has used the Draw Phase's open game state
        p.set(D, "triggers_before_normal_draw", lambda self: False)

        def open_state(f, self):
            if self.phase == "draw" and self.pending:
                held, self.pending = self.pending, []
                self.chain_window(self.turn_player)
                self.pending = held + self.pending
            return f(self)
        p.wrap(D, "open_state", open_state)

    yield Mutant("ygo.triggers.after-the-open-game-state", "ygo", ("ND-T1",),
                 "trigger effects waiting after the chain before the draw (the right spent) are activated only after "
                 "the turn player's first chain of the Draw Phase's open game state, not right after that chain",
                 after_the_open_game_state)
    yield Mutant("ygo.triggers.always-before-the-draw", "ygo", ("ND-T1", "ND-T2"),
                 "trigger effects waiting after the chain before the draw are activated before the normal draw, "
                 "even when the right is unspent", lambda p: p.set(D, "triggers_before_normal_draw", lambda self: True))
    yield Mutant("ygo.triggers.lost-at-the-normal-draw", "ygo", ("ND-T2", "ND-T1"),
                 "trigger effects waiting for the normal draw are never activated", lost)


def _interference_patches():
    duel, cards, _ = _engine()
    D = duel.Duel

    def negation_noop(p):
        p.set(D, "negate", lambda self, link, what, by: None)

    def negation_unapplied(p):
        def negate(self, link, what, by):
            self.emit("negate-activation" if what == "activation" else "negate-effect", link=link.number,
                      card=link.card.uid, by=by.uid)
        p.set(D, "negate", negate)

    def resolves_to_nothing(cls):
        return lambda p: p.set(cls, "resolve", lambda self, duel, link: False)

    def negators_noop(p):
        for cls in negator_classes:
            p.set(cls, "resolve", lambda self, duel, link: False)

    negator_classes = [cls for _, cls in _models_by_class()
                       if issubclass(cls, cards.shapes.NegatesTheLinkItRespondsTo) or cls is cards.InfiniteImpermanence]
    negations = ("ND-TAB", "ND-C1", "ND-E1", "ND-AF1", "ND-AF2", "ND-FAQ1", "ND-FAQ2", "ND-E9", "ND-E10", "ND-C5")
    yield Mutant("ygo.interference.negators-do-nothing", "ygo", negations,
                 "a negating card's effect does nothing at all (Ash Blossom, Skull Meister, Infernoid Onuncu, "
                 "Infinite Impermanence, Solemn Strike)", negators_noop)
    yield Mutant("ygo.interference.negation-does-nothing", "ygo", negations,
                 "a negation is neither applied nor reported", negation_noop)
    yield Mutant("ygo.interference.negation-reported-only", "ygo", negations,
                 "a negation is reported but not applied", negation_unapplied)
    yield Mutant("ygo.interference.banish-does-nothing", "ygo", ("ND-TAB", "ND-C3", "ND-E3", "ND-E8", "ND-AF3"),
                 "D.D. Crow's effect does nothing: the replacement does not fizzle", resolves_to_nothing(cards.DDCrow))
    yield Mutant("ygo.interference.removal-does-nothing", "ygo", ("ND-E4", "ND-E9", "ND-E10"),
                 "Mystical Space Typhoon's effect does nothing: the continuous card stays on the field",
                 resolves_to_nothing(cards.MysticalSpaceTyphoon))


def _card_list_patches():
    """One mutant per listed card: its kind changed (ND-L-COST, ND-L-EFFECT, the FAQ lists and
    their history ND-H1..H3), the answer for its negated effect reversed (the FAQ lists and
    their history), the other "before the draw" cards not at that timing or replacing the
    draw (ND-L-BEFORE)."""
    duel, _, _ = _engine()
    faq = ("ND-FAQ1", "ND-FAQ2", "ND-H1", "ND-H2", "ND-H3")
    listing = ("ND-L-COST", "ND-L-EFFECT") + faq
    for code, cls in _models_by_class():
        rulings = _listing_rulings(code, faq)
        if cls.replacement not in ("cost", "effect", "pledge") or not rulings:
            continue
        name = _card_name(code)
        conducted = cls.replacement == "effect"
        yield Mutant(f"ygo.card.{_slug(name)}.negated-answer-reversed", "ygo", rulings,
                     f"when the effect of {name} is negated, the normal draw is {'not ' if conducted else ''}conducted",
                     _reverse_negated_answer(duel.Duel, cls, conducted))
    for code, cls in _models_by_class():
        other = {"cost": "effect", "effect": "cost"}.get(cls.replacement)
        if other is None:
            continue
        rulings = _listing_rulings(code, listing)
        if not rulings:
            continue
        name = _card_name(code)
        yield Mutant(f"ygo.card.{_slug(name)}.as-{other}-type", "ygo", rulings,
                     f"{name} is handled as a{'n' if other == 'effect' else ''} {other}-type replacement",
                     _set_kind((cls,), other))
    for code, cls in _models_by_class():
        if cls.kind != "before-draw" or not _listing_rulings(code, ("ND-L-BEFORE",)):
            continue
        name = _card_name(code)
        yield Mutant(f"ygo.card.{_slug(name)}.not-before-the-draw", "ygo", ("ND-L-BEFORE",),
                     f"{name}'s effect cannot be activated at the timing before the draw",
                     lambda p, cls=cls: p.set(cls, "kind", "ignition"))
        if cls.replacement is None:
            yield Mutant(f"ygo.card.{_slug(name)}.replaces-the-draw", "ygo", ("ND-L-BEFORE",),
                         f"{name}'s effect is handled as an effect-type replacement of the normal draw",
                         _set_kind((cls,), "effect"))


def _reverse_negated_answer(D, cls, conducted: bool):
    """A patch: when the effect of a link of ``cls`` is negated, the right ends spent
    (``conducted``: the answer was "conducted") or unspent (it was "not conducted")."""
    def patch(p):
        def settle(f, self, link, outcome):
            if type(link.effect) is cls and outcome == "effect-negated":
                self.draw_right = "spent" if conducted else "unspent"
                return False
            return f(self, link, outcome)
        p.wrap(D, "settle_right", settle)
    return patch


def _drawn_card_patches():
    _, cards, _ = _engine()
    N = cards.shapes.DrawnForTheNormalDraw
    W = cards.shapes.LooksAtNormalDraw

    yield Mutant("ygo.drawn-card.any-draw", "ygo", ("ND-L-TRIGGER",),
                 "a card that must be drawn for the normal draw can be revealed when drawn by any draw",
                 lambda p: p.wrap(N, "drawn", lambda f, self, duel, player, normal: f(self, duel, player, True)))
    yield Mutant("ygo.drawn-card.never", "ygo", ("ND-L-TRIGGER",),
                 "a card drawn for the normal draw is not recognised as drawn for the normal draw",
                 lambda p: p.wrap(N, "drawn", lambda f, self, duel, player, normal: f(self, duel, player, False)))
    yield Mutant("ygo.drawn-card.one-card-normal-draw-only", "ygo", ("ND-L-TRIGGER",),
                 "a card is drawn for the normal draw only when the normal draw takes 1 card (not among 2)",
                 lambda p: p.wrap(N, "drawn", lambda f, self, duel, player, normal:
                                  f(self, duel, player, normal and duel.normal_draw_n == 1)))
    yield Mutant("ygo.opening-hand.drawn-for-the-normal-draw", "ygo", ("ND-03", "ND-L-TRIGGER"),
                 "a card of the opening hand counts as drawn for the normal draw (it can be revealed as such)",
                 lambda p: p.wrap(N, "drawn", lambda f, self, duel, player, normal:
                                  f(self, duel, player, normal or duel.phase is None)))
    yield Mutant("ygo.normal-draw-watch.never", "ygo", ("ND-L-TRIGGER", "ND-L-BEFORE"),
                 "an effect that looks at the card drawn for the normal draw (Afterglow, Gravekeeper's Trap) never sees it",
                 lambda p: p.set(W, "after_draw", lambda self, duel, drawn, normal: None))


def mutants():
    yield from _draw_phase_patches()
    yield from _underdog_patches()
    yield from _timing_patches()
    yield from _chain_building_patches()
    yield from _right_patches()
    yield from _resolution_patches()
    yield from _trigger_patches()
    yield from _interference_patches()
    yield from _card_list_patches()
    yield from _drawn_card_patches()
