"""Rule mutants of the Duel Masters reference engine (rulings AT-* of ``features/rulings/dm-attack.json``).

Each mutant patches one decision point of :mod:`duelspec.reference_engine.dm.engine`
(``Game``): the attack steps (``declaration_step`` AT-S1, ``while_attacking_step`` AT-S2,
``attack_trigger_step`` AT-S3, ``block_step`` AT-S4, ``block_trigger_step`` AT-S5,
``battle_or_break_step`` / ``battle_step`` / ``break_step`` AT-S6, ``end_step`` AT-S7),
``validate_attack`` / ``attackable_problem`` (AT-01, AT-02, AT-S1, AT-P5),
``fix_battle`` / ``battle_result`` / ``battle_outcome`` / ``after_battle`` (AT-B1..B5, AT-S6a),
``shields_still_broken`` (AT-S6b: 「シールドがブレイクされる時」 effects), ``s_back_discards`` (AT-S6b:
S・バック), ``player_turn`` (who may
declare what while abilities wait, AT-S3),
``breaker_count`` / ``choose_shields`` / ``shield_choice_problem`` (AT-P2..P4, AT-S6b),
``resolution_order`` / ``pick`` (AT-D1), ``interrupted`` / ``end_attack`` (AT-D2),
``rebind_split`` (AT-D4), or the engine's generic ``trigger`` / ``has`` / ``move`` / ``emit``
for one timing, keyword, reason or event kind.
"""
from __future__ import annotations

from .mutant import Mutant


def _game():
    from ..reference_engine.dm import engine
    return engine.Game


def _keep_attacking_bonus(game, attacker: str) -> None:
    """Record that ``attacker`` keeps its "while attacking" power bonus after its attack (see
    :func:`_attacking_bonus_kept`)."""
    game.__dict__.setdefault("_mut_attacking_kept", set()).add(attacker)


def _attacking_bonus_kept(p) -> None:
    """Patch ``Game.power``: a creature recorded by :func:`_keep_attacking_bonus` keeps its
    power-attacker bonus once its attack is over."""
    G = _game()

    def power(f, self, c):
        a = self.attack
        if c.id in self.__dict__.get("_mut_attacking_kept", ()) and not (a and a.active and a.attacker == c.id):
            return f(self, c) + sum(int(v) for v in self.kw_value(c, "power-attacker"))
        return f(self, c)
    p.wrap(G, "power", power)


def _declaration_patches():
    G = _game()

    def no_tap(p):
        def declare(f, self, a):
            self.step("AT-S1")
            self.emit("attack", attacker=a.attacker, target=a.target)
        p.wrap(G, "declaration_step", declare)

    def tap_after_triggers(p):
        def declare(f, self, a):
            self.step("AT-S1")
            self.emit("attack", attacker=a.attacker, target=a.target)

        def triggers(f, self, a):
            f(self, a)
            self.tap(self.cards[a.attacker])
        p.wrap(G, "declaration_step", declare)
        p.wrap(G, "attack_trigger_step", triggers)

    def triggers_first(p):
        declare = p.original(G, "declaration_step")
        p.wrap(G, "declaration_step", lambda f, self, a: None)
        p.wrap(G, "attack_trigger_step", lambda f, self, a: (f(self, a), declare(self, a)))

    def target_player(p):
        def declare(f, self, a):
            a.target = "player"
            return f(self, a)
        p.wrap(G, "declaration_step", declare)

    def relaxed(attr):
        """``validate_attack`` with ``attr`` (``sick`` / ``tapped``) of the attacker ignored."""
        def patch(p):
            def validate(f, self, s):
                c = self.cards.get(s.get("attacker", ""))
                if c is None:
                    return f(self, s)
                old = getattr(c, attr)
                setattr(c, attr, False)
                try:
                    return f(self, s)
                finally:
                    setattr(c, attr, old)
            p.wrap(G, "validate_attack", validate)
        return patch

    yield Mutant("dm.declaration.no-tap", "dm", ("AT-01", "AT-03", "AT-S1"),
                 "the attacking creature is not tapped when the attack is declared", no_tap)
    yield Mutant("dm.declaration.target-becomes-player", "dm", ("AT-01", "AT-S1"),
                 "an attack on a creature is made on the opponent instead", target_player)
    yield Mutant("dm.declaration.tap-after-triggers", "dm", ("AT-03", "AT-X2"),
                 "the attacking creature is tapped after the attack triggers resolved", tap_after_triggers)
    yield Mutant("dm.declaration.after-triggers", "dm", ("AT-X2", "AT-03"),
                 "the attack triggers resolve before the attack is declared (tap and target)", triggers_first)
    yield Mutant("dm.declaration.summoning-sick-attacks", "dm", ("AT-S1",),
                 "a creature put into the battle zone this turn can attack", relaxed("sick"))
    yield Mutant("dm.declaration.tapped-attacks", "dm", ("AT-S1", "AT-01"),
                 "a tapped creature can attack", relaxed("tapped"))


def _target_patches():
    G = _game()

    def untapped_attackable(p):
        def problem(f, self, c, tc):
            old = tc.tapped
            tc.tapped = True
            try:
                return f(self, c, tc)
            finally:
                tc.tapped = old
        p.wrap(G, "attackable_problem", problem)

    def tapped_not_attackable(p):
        p.wrap(G, "attackable_problem", lambda f, self, c, tc: "only untapped creatures" if tc.tapped else f(self, c, tc))

    def untouchable_ignored(p):
        def has(f, self, c, kw):
            return False if kw == "cannot-be-attacked" else f(self, c, kw)
        p.wrap(G, "has", has)

    def text_ignored(p):
        p.set(G, "attackable_problem", lambda self, c, tc: None if tc.tapped else "an untapped creature cannot be attacked")

    def cannot_attack_players_ignored(p):
        p.wrap(G, "has", lambda f, self, c, kw: False if kw == "cannot-attack-players" else f(self, c, kw))

    def cannot_attack_at_all(p):
        def validate(f, self, s):
            c = self.cards.get(s.get("attacker", ""))
            if c is not None and self.has(c, "cannot-attack-players"):
                return "the creature cannot attack"
            return f(self, s)
        p.wrap(G, "validate_attack", validate)

    yield Mutant("dm.target.untapped-attackable", "dm", ("AT-02",),
                 "an untapped creature can be attacked", untapped_attackable)
    yield Mutant("dm.target.tapped-not-attackable", "dm", ("AT-02", "AT-01"),
                 "a tapped creature cannot be attacked", tapped_not_attackable)
    yield Mutant("dm.target.cannot-be-attacked-ignored", "dm", ("AT-02",),
                 "\"cannot be attacked\" is ignored when the target is chosen", untouchable_ignored)
    yield Mutant("dm.target.card-text-ignored", "dm", ("AT-02",),
                 "\"unless a card says otherwise\" is ignored: no card lets a creature attack an untapped one", text_ignored)
    yield Mutant("dm.cannot-attack-players.ignored", "dm", ("AT-P5",),
                 "a creature that \"cannot attack players\" can attack to break shields", cannot_attack_players_ignored)
    yield Mutant("dm.cannot-attack-players.cannot-attack", "dm", ("AT-P5",),
                 "a creature that \"cannot attack players\" cannot attack creatures either", cannot_attack_at_all)


def _step_patches():
    G = _game()

    def statics_off(p):
        def step(f, self, a):
            f(self, a)
            a.active = False
            self.update_powers()
        p.wrap(G, "while_attacking_step", step)

    def statics_after_triggers(p):
        def statics(f, self, a):
            f(self, a)
            a.active = False
            self.shown_power = {c.id: self.power(c) for c in self.creatures()}

        def triggers(f, self, a):
            f(self, a)
            a.active = True
            self.update_powers()
        p.wrap(G, "while_attacking_step", statics)
        p.wrap(G, "attack_trigger_step", triggers)

    def statics_unseen_in_s3(p):
        def triggers(f, self, a):
            a.active = False
            try:
                f(self, a)
            finally:
                a.active = True
        p.wrap(G, "attack_trigger_step", triggers)

    def statics_not_shown(p):
        def step(f, self, a):
            self.step("AT-S2")
            a.active = True
        p.wrap(G, "while_attacking_step", step)

    def no_declarations(p):
        p.wrap(G, "run_timing", lambda f, self, declarations=None: f(self, None))

    def nap_declares_first(p):
        def timing(f, self, declarations=None):
            kinds = (declarations or {}).get(self.nap, ())
            if "ninja-strike" in kinds:         # AT-S3: NAP may declare only before AP's abilities resolve
                while True:
                    step = self.take(self.nap, kinds, lambda s: self.validate_declaration(self.nap, s))
                    if not step:
                        break
                    self.declare(self.nap, step)
                declarations = {pl: k for pl, k in declarations.items() if pl != self.nap}
            return f(self, declarations)
        p.wrap(G, "run_timing", timing)

    def skip_timings(*timings):
        def patch(p):
            p.wrap(G, "trigger", lambda f, self, timing, source, ctx: None if timing in timings else f(self, timing, source, ctx))
        return patch

    def blocker_not_tapped(p):
        def block(f, self, a):
            tapped = {c.id: c.tapped for c in self.creatures(self.nap)}
            f(self, a)
            if a.blocker and not tapped.get(a.blocker):
                self.cards[a.blocker].tapped = False
                self.events = [e for e in self.events if not (e["event"] == "tap" and e["card"] == a.blocker)]
        p.wrap(G, "block_step", block)

    def tapped_blocks(p):
        def block(f, self, a):
            tapped = [c for c in self.creatures(self.nap) if c.tapped]
            for c in tapped:
                c.tapped = False
            try:
                f(self, a)
            finally:
                for c in tapped:
                    c.tapped = True
        p.wrap(G, "block_step", block)

    def block_void(p):
        def interrupted(f, self):
            a = self.attack
            if a and a.blocker and not self.in_battle(a.blocker) and self.in_battle(a.attacker):
                a.blocker = None
            return f(self)
        p.wrap(G, "interrupted", interrupted)

    def no_ap_ninja(p):
        def timing(f, self, declarations=None):
            if declarations and set(declarations) == {self.ap}:
                declarations = None
            return f(self, declarations)
        p.wrap(G, "run_timing", timing)

    def ninja_only_first(p):
        """A player's ninja strike only before they resolved one of their own abilities at this timing."""
        def timing(f, self, declarations=None):
            self._mut_resolved = set()
            return f(self, declarations)

        def turn(f, self, player, kinds):
            if player in getattr(self, "_mut_resolved", ()):
                kinds = tuple(k for k in kinds if k != "ninja-strike")
            n = len(self.events)
            acted = f(self, player, kinds)
            if any(e["event"] == "trigger" and e.get("player") == player for e in self.events[n:]):
                self.__dict__.setdefault("_mut_resolved", set()).add(player)
            return acted
        p.wrap(G, "run_timing", timing)
        p.wrap(G, "player_turn", turn)

    def ninja_only_when_nothing_waits(p):
        def turn(f, self, player, kinds):
            if any(x.player == player for x in self.queue):
                kinds = tuple(k for k in kinds if k != "ninja-strike")
            return f(self, player, kinds)
        p.wrap(G, "player_turn", turn)

    # the player who declares ninja strike (NAP in AT-S3, AP in AT-S5 after a block) orders it freely
    # with their own waiting abilities: each mutant breaks that order at both steps (issue 25)
    yield Mutant("dm.s3.ninja-strike-only-before-own-abilities", "dm", ("AT-S3", "AT-S5"),
                 "a player can declare ninja strike only before any of their own \"when attacked\" / \"when blocked\" "
                 "abilities resolved", ninja_only_first)
    yield Mutant("dm.s3.ninja-strike-only-after-own-abilities", "dm", ("AT-S3", "AT-S5"),
                 "a player can declare ninja strike only when none of their own abilities waits to resolve",
                 ninja_only_when_nothing_waits)
    yield Mutant("dm.while-attacking.never", "dm", ("AT-S2",),
                 "\"while attacking\" static abilities (power attacker) never apply", statics_off)
    yield Mutant("dm.while-attacking.after-s3", "dm", ("AT-S2", "AT-X1"),
                 "\"while attacking\" static abilities apply only after the AT-S3 abilities resolved", statics_after_triggers)
    yield Mutant("dm.while-attacking.unseen-in-s3", "dm", ("AT-X1",),
                 "a \"when attacks\" ability does not see the power-attacker bonus", statics_unseen_in_s3)
    yield Mutant("dm.while-attacking.not-applied-at-s2", "dm", ("AT-S2",),
                 "the statics of AT-S2 (\"while attacking\", \"while tapped\") change no power until later",
                 statics_not_shown)
    yield Mutant("dm.s3.no-declarations", "dm", ("AT-S3",),
                 "no invasion, revolution change, ninja strike or revolution 0 trigger can be declared in AT-S3",
                 no_declarations)
    yield Mutant("dm.s3.ninja-strike-before-ap", "dm", ("AT-S3", "AT-D1"),
                 "NAP declares ninja strike / revolution 0 trigger before AP's attack abilities resolve", nap_declares_first)
    yield Mutant("dm.s3.attacked-abilities-ignored", "dm", ("AT-S3",),
                 "\"when attacked\" and \"when an opponent's creature attacks\" abilities do not trigger",
                 skip_timings("when-attacked", "opponent-attacks"))
    yield Mutant("dm.s3.attack-abilities-ignored", "dm", ("AT-S3", "AT-X2"),
                 "\"when this creature attacks\" abilities do not trigger", skip_timings("when-attacks", "ally-attacks"))
    yield Mutant("dm.block.blocker-not-tapped", "dm", ("AT-S4",),
                 "the blocking creature is not tapped", blocker_not_tapped)
    yield Mutant("dm.block.tapped-blocker-blocks", "dm", ("AT-S4",),
                 "a tapped blocker can block", tapped_blocks)
    yield Mutant("dm.block.void-when-blocker-leaves", "dm", ("AT-S4", "AT-D2"),
                 "a block is undone when the blocker leaves the battle zone: the attack goes on unblocked", block_void)
    yield Mutant("dm.s5.block-abilities-ignored", "dm", ("AT-S5",),
                 "\"when blocked\" and \"when blocks\" abilities do not trigger", skip_timings("when-blocked", "when-blocks"))
    yield Mutant("dm.s5.not-blocked-abilities-ignored", "dm", ("AT-S5",),
                 "\"when not blocked\" abilities do not trigger", skip_timings("when-not-blocked"))
    yield Mutant("dm.s5.no-ap-ninja-strike", "dm", ("AT-S5",),
                 "AP cannot declare ninja strike after a block", no_ap_ninja)
    yield Mutant("dm.s7.after-attacking-ignored", "dm", ("AT-S7",),
                 "\"after attacking\" abilities do not trigger", skip_timings("after-attacking"))

    def attacking_persists(p):
        def end(f, self, a):
            _keep_attacking_bonus(self, a.attacker)
            return f(self, a)
        p.wrap(G, "end_step", end)
        _attacking_bonus_kept(p)
    yield Mutant("dm.s7.while-attacking-persists", "dm", ("AT-S7",),
                 "\"while attacking\" effects go on after the attack ends", attacking_persists)


def _battle_patches():
    G = _game()

    def result(fn):
        def patch(p):
            p.wrap(G, "battle_result", lambda f, self, att, dfn, pa, pd: fn(f, self, att, dfn, pa, pd))
        return patch

    def lower_wins(f, self, att, dfn, pa, pd):
        return f(self, att, dfn, -pa, -pd)

    def attacker_wins(f, self, att, dfn, pa, pd):
        return att.id, [dfn]

    def wins_all_ignored(f, self, att, dfn, pa, pd):
        if pa == pd:
            return "none", [att, dfn]
        w = att if pa > pd else dfn
        return w.id, [dfn if w is att else att]

    def wins_all_attacker_only(f, self, att, dfn, pa, pd):
        if self.has(att, "wins-all-battles"):
            return f(self, att, dfn, pa, pd)
        return wins_all_ignored(f, self, att, dfn, pa, pd)

    def losers_kept(f, self, att, dfn, pa, pd):
        w, _ = f(self, att, dfn, pa, pd)
        return w, []

    def losers_to_hand(f, self, att, dfn, pa, pd):
        w, losers = f(self, att, dfn, pa, pd)
        for c in losers:
            self.leave_battle(c, "hand", "rule")
        return w, []

    def tie_attacker_wins(f, self, att, dfn, pa, pd):
        w, losers = f(self, att, dfn, pa, pd)
        return (att.id, [dfn]) if w == "none" else (w, losers)

    def tie_nobody(f, self, att, dfn, pa, pd):
        w, losers = f(self, att, dfn, pa, pd)
        return (w, []) if w == "none" else (w, losers)

    def both_win_all_destroyed(f, self, att, dfn, pa, pd):
        w, losers = f(self, att, dfn, pa, pd)
        return ("none", [att, dfn]) if w == "both" else (w, losers)

    def both_win_all_attacker(f, self, att, dfn, pa, pd):
        w, losers = f(self, att, dfn, pa, pd)
        return (att.id, [dfn]) if w == "both" else (w, losers)

    def after_battle_first(p):
        after = p.original(G, "after_battle")
        p.set(G, "after_battle", lambda self, att, dfn, slayers: None)

        def outcome(f, self, att, dfn, winner, losers):
            slayers = [(me, foe) for me, foe in ((att, dfn), (dfn, att)) if self.has(me, "slayer")]
            after(self, att, dfn, slayers)
            return f(self, att, dfn, winner, losers)
        p.wrap(G, "battle_outcome", outcome)

    def no_win_lose(p):
        p.wrap(G, "trigger", lambda f, self, timing, source, ctx: None
               if timing in ("when-wins-battle", "when-loses-battle") else f(self, timing, source, ctx))

    def slayer_off(p):
        p.wrap(G, "after_battle", lambda f, self, att, dfn, slayers: f(self, att, dfn, []))

    def tie_triggers_win(p):
        def outcome(f, self, att, dfn, winner, losers):
            if winner == "none":
                for w in (att, dfn):
                    self.trigger("when-wins-battle", w, {"foe": (dfn if w is att else att).id})
            return f(self, att, dfn, winner, losers)
        p.wrap(G, "battle_outcome", outcome)

    def when_battling_not_applied(p):
        def fix(f, self, att, dfn):
            f(self, att, dfn)
            self.battling = None
            self.update_powers()
        p.wrap(G, "fix_battle", fix)

    yield Mutant("dm.s6a.when-battling-not-applied", "dm", ("AT-S6a",),
                 "the \"when battling\" effects (「バトルする時」) are not applied to the battle: the powers are compared without them",
                 when_battling_not_applied)
    yield Mutant("dm.battle.lower-power-wins", "dm", ("AT-B1",), "the lower power wins the battle", result(lower_wins))
    yield Mutant("dm.battle.attacker-always-wins", "dm", ("AT-B1", "AT-B4"),
                 "the attacking creature wins every battle", result(attacker_wins))
    yield Mutant("dm.battle.wins-all-battles-ignored", "dm", ("AT-B2", "AT-B5"),
                 "\"wins all battles\" is ignored: the powers decide", result(wins_all_ignored))
    yield Mutant("dm.battle.wins-all-battles-attacker-only", "dm", ("AT-B2",),
                 "\"wins all battles\" applies only to the attacking creature", result(wins_all_attacker_only))
    yield Mutant("dm.battle.loser-not-destroyed", "dm", ("AT-B3", "AT-B4"),
                 "the creature that loses the battle is not destroyed", result(losers_kept))
    yield Mutant("dm.battle.loser-to-hand", "dm", ("AT-B3",),
                 "the creature that loses the battle is returned to the hand instead of destroyed", result(losers_to_hand))
    yield Mutant("dm.battle.tie-attacker-wins", "dm", ("AT-B4",),
                 "with equal power the attacking creature wins", result(tie_attacker_wins))
    yield Mutant("dm.battle.tie-nobody-destroyed", "dm", ("AT-B4",),
                 "with equal power neither creature is destroyed", result(tie_nobody))
    yield Mutant("dm.battle.both-win-all-both-destroyed", "dm", ("AT-B5",),
                 "when both creatures \"win all battles\", both are destroyed", result(both_win_all_destroyed))
    yield Mutant("dm.battle.both-win-all-attacker-wins", "dm", ("AT-B5",),
                 "when both creatures \"win all battles\", the attacking one wins", result(both_win_all_attacker))
    yield Mutant("dm.s6a.after-battle-first", "dm", ("AT-S6a",),
                 "\"after the battle\" abilities resolve before the \"when destroyed / wins / loses\" ones", after_battle_first)
    yield Mutant("dm.s6a.win-lose-abilities-ignored", "dm", ("AT-S6a",),
                 "\"when wins / loses a battle\" abilities do not trigger", no_win_lose)
    yield Mutant("dm.s6a.slayer-ignored", "dm", ("AT-S6a", "AT-B3"),
                 "slayer destroys nothing after the battle", slayer_off)
    yield Mutant("dm.s6a.tie-triggers-wins", "dm", ("AT-S6a", "AT-B4"),
                 "with equal power both creatures' \"when wins a battle\" abilities trigger", tie_triggers_win)


def _shield_patches():
    G = _game()

    def fixed_early(p):
        def declare(f, self, a):
            f(self, a)
            a.mutant_breakers = self.breaker_count(self.cards[a.attacker])

        def count(f, self, c):
            a = self.attack
            fixed = getattr(a, "mutant_breakers", None) if a else None
            return fixed if fixed is not None else f(self, c)
        p.wrap(G, "declaration_step", declare)
        p.wrap(G, "breaker_count", count)

    def chosen_early(p):
        def declare(f, self, a):
            f(self, a)
            if a.target == "player":
                ids = [s.id for s in self.zone(self.nap, "shield")]
                if ids:
                    n = min(self.breaker_count(self.cards[a.attacker]), len(ids))
                    a.mutant_chosen = self.choose_shields(n, ids)

        def choose(f, self, n, ids):
            chosen = getattr(self.attack, "mutant_chosen", None)
            return [x for x in chosen if x in ids] if chosen is not None else f(self, n, ids)
        p.wrap(G, "declaration_step", declare)
        p.wrap(G, "choose_shields", choose)

    def cip_at_once(p):
        def summon(f, self, c, how):
            f(self, c, how)
            if how == "shield-trigger":
                self.run_timing()
        p.wrap(G, "summon", summon)

    def to_graveyard(p):
        p.wrap(G, "move", lambda f, self, c, to, reason, *a, **k: f(self, c, "graveyard" if reason == "break" else to, reason, *a, **k))

    def breakers_ignored(p):
        p.set(G, "breaker_count", lambda self, c: 1)

    def one_at_a_time(p):
        def emit(f, self, event, **fields):
            if event == "break" and len(fields.get("shields", ())) > 1:
                for s in fields["shields"]:
                    f(self, event, **{**fields, "shields": [s]})
                return None
            return f(self, event, **fields)
        p.wrap(G, "emit", emit)

    def first_ones(p):
        def choose(f, self, n, ids):
            f(self, n, ids)
            return ids[:n]
        p.wrap(G, "choose_shields", choose)

    def nap_chooses(p):
        def choose(f, self, n, ids):
            ap = self.ap
            self.ap = self.nap
            try:
                return f(self, n, ids)
            finally:
                self.ap = ap
        p.wrap(G, "choose_shields", choose)

    def twice_allowed(p):
        def problem(f, self, chosen, ids, n):
            if len(set(chosen)) != len(chosen) and set(chosen) <= set(ids) and len(chosen) == n:
                return None
            return f(self, chosen, ids, n)
        p.wrap(G, "shield_choice_problem", problem)

    def merged(p):
        def choose(f, self, n, ids):
            st = self.take(self.ap, ("break-shields",), lambda s: None if set(s.get("cards", [])) <= set(ids) else "not a shield")
            if st is None:
                return f(self, n, ids)
            return list(dict.fromkeys(st["cards"]))
        p.wrap(G, "choose_shields", choose)

    def no_direct_win(p):
        def outcome(f, self, a):
            if not (a.blocker or a.target != "player") and not self.zone(self.nap, "shield"):
                self.step("AT-S6c")
                return None
            return f(self, a)
        p.wrap(G, "battle_or_break_step", outcome)

    def win_despite_block(p):
        def outcome(f, self, a):
            if a.blocker and a.target == "player" and not self.zone(self.nap, "shield"):
                self.step("AT-S6c")
                self.win(self.ap, "direct-attack")
            return f(self, a)
        p.wrap(G, "battle_or_break_step", outcome)

    def would_be_broken_ignored(p):
        p.set(G, "shields_still_broken", lambda self, chosen: list(chosen))

    def when_breaks_at_once(p):
        def trigger(f, self, timing, source, ctx):
            f(self, timing, source, ctx)
            if timing == "when-breaks":
                self.run_timing()
        p.wrap(G, "trigger", trigger)

    def attacker_left_skips_s7(p):
        def outcome(f, self, a):
            f(self, a)
            if not self.in_battle(a.attacker):
                a.mutant_skip_s7 = True

        def end(f, self, a):
            if getattr(a, "mutant_skip_s7", False):
                return self.end_attack(True)
            return f(self, a)
        p.wrap(G, "battle_or_break_step", outcome)
        p.wrap(G, "end_step", end)

    def s_back_never(p):
        p.wrap(G, "s_back_discards", lambda f, self, broken, used, card=None: [])

    def s_back_any_civilization(p):
        def discards(f, self, broken, used, card=None):
            backs = [card] if card else [c for c in self.zone(self.nap, "hand") if self.kw_value(c, "s-back")]
            return [x.id for x in broken if x.zone == "hand" and x.id not in used and x not in backs]
        p.wrap(G, "s_back_discards", discards)

    yield Mutant("dm.s6b.s-back-never", "dm", ("AT-S6b",),
                 "S・バック cannot be used among the broken shields", s_back_never)
    yield Mutant("dm.s6b.s-back-any-civilization", "dm", ("AT-S6b",),
                 "S・バック can discard a broken card of any civilization", s_back_any_civilization)
    yield Mutant("dm.s6b.would-be-broken-ignored", "dm", ("AT-S6b",),
                 "「シールドがブレイクされる時」 effects are not applied: every chosen shield is broken", would_be_broken_ignored)
    yield Mutant("dm.s6b.when-breaks-before-shield-triggers", "dm", ("AT-S6b",),
                 "「ブレイクした時」 abilities resolve at the break, before the shield triggers are used", when_breaks_at_once)
    yield Mutant("dm.s6.attacker-left-skips-s7", "dm", ("AT-S6a", "AT-S6b"),
                 "an attacker that left the battle zone in AT-S6a/AT-S6b ends the attack there, interrupted: no AT-S7 "
                 "(DM-GEN-ATTACKER-LEAVES)",
                 attacker_left_skips_s7)
    yield Mutant("dm.breakers.fixed-at-declaration", "dm", ("AT-S6b",),
                 "the number of shields to break is fixed when the attack is declared (too early)", fixed_early)
    yield Mutant("dm.shields.chosen-at-declaration", "dm", ("AT-S6b", "AT-P2"),
                 "AP chooses the shields to break when the attack is declared, not in AT-S6b", chosen_early)
    yield Mutant("dm.shield-triggers.cip-at-once", "dm", ("AT-S6b",),
                 "the cip ability of a creature summoned by a shield trigger resolves at once, before the other "
                 "shield triggers are used", cip_at_once)
    yield Mutant("dm.shields.broken-to-graveyard", "dm", ("AT-P3",),
                 "broken shields go to the graveyard instead of the hand", to_graveyard)
    yield Mutant("dm.breakers.ignored", "dm", ("AT-P3", "AT-S6b"),
                 "W-breaker and T-breaker are ignored: one shield is broken", breakers_ignored)
    yield Mutant("dm.shields.broken-one-at-a-time", "dm", ("AT-P3",),
                 "the shields of one break are broken one after the other, not at the same time", one_at_a_time)
    yield Mutant("dm.shields.first-ones-broken", "dm", ("AT-P2",),
                 "AP's choice is ignored: the first shields are broken", first_ones)
    yield Mutant("dm.shields.nap-chooses", "dm", ("AT-P2",),
                 "NAP chooses the shields to break", nap_chooses)
    yield Mutant("dm.shields.same-twice-allowed", "dm", ("AT-P4",),
                 "the same shield can be chosen twice during one attack", twice_allowed)
    yield Mutant("dm.shields.duplicate-choice-merged", "dm", ("AT-P4",),
                 "a choice naming the same shield twice is accepted (as one shield)", merged)
    yield Mutant("dm.direct-attack.no-win", "dm", ("AT-P1", "AT-S6c"),
                 "a direct attack that is not stopped does not win the game", no_direct_win)
    yield Mutant("dm.direct-attack.despite-block", "dm", ("AT-P1", "AT-S6c"),
                 "an attack on a player with no shields wins even when it was blocked", win_despite_block)


def _procedure_patches():
    G = _game()

    def nap_first(p):
        p.set(G, "resolution_order", lambda self: (self.nap, self.ap))

    def own_order_ignored(p):
        p.set(G, "pick", lambda self, player, pend: pend[0])

    def never_interrupted(p):
        def interrupted(f, self):
            return False
        p.wrap(G, "interrupted", interrupted)

        def outcome(f, self, a):
            if self.in_battle(a.attacker):
                return f(self, a)
        p.wrap(G, "battle_or_break_step", outcome)

    def interrupted_at_once(p):
        def turn(f, self, player, kinds):
            if self.attack is not None and self.attack.active and self.interrupted():
                self.queue = [x for x in self.queue if x.player != player]
                return False
            return f(self, player, kinds)
        p.wrap(G, "player_turn", turn)

    def attacking_survives_interruption(p):
        def end(f, self, interrupted):
            if interrupted:
                _keep_attacking_bonus(self, self.attack.attacker)
            return f(self, interrupted)
        p.wrap(G, "end_attack", end)
        _attacking_bonus_kept(p)

    def rechecked(which):
        def patch(p):
            def triggers(f, self, a):
                f(self, a)
                if not self.interrupted():
                    att = self.cards[a.attacker]
                    if which == "target" and a.target != "player" and self.attackable_problem(att, self.cards[a.target]):
                        a.mutant_illegal = True
                    if which == "attacker" and not att.tapped:
                        a.mutant_illegal = True

            def interrupted(f, self):
                return getattr(self.attack, "mutant_illegal", False) or f(self)
            p.wrap(G, "attack_trigger_step", triggers)
            p.wrap(G, "interrupted", interrupted)
        return patch

    def split_nap(p):
        def rebind(f, self, top, parts):
            ap = self.ap
            self.ap = self.nap
            try:
                return f(self, top, parts)
            finally:
                self.ap = ap
        p.wrap(G, "rebind_split", rebind)

    def split_first(p):
        p.wrap(G, "rebind_split", lambda f, self, top, parts: f(self, top, parts[:1]))

    def split_interrupts(p):
        def rebind(f, self, top, parts):
            f(self, top, parts)
            if self.attack is not None:
                self.attack.mutant_illegal = True
        p.wrap(G, "rebind_split", rebind)
        p.wrap(G, "interrupted", lambda f, self: getattr(self.attack, "mutant_illegal", False) or f(self))

    yield Mutant("dm.order.nap-first", "dm", ("AT-D1", "AT-S3", "AT-S5"),
                 "abilities that trigger at the same time resolve NAP's first", nap_first)
    yield Mutant("dm.order.own-order-ignored", "dm", ("AT-D1",),
                 "a player with several waiting abilities cannot choose their order", own_order_ignored)
    yield Mutant("dm.interrupt.never", "dm", ("AT-D2",),
                 "the attack is not interrupted when a creature of it leaves the battle zone", never_interrupted)
    yield Mutant("dm.interrupt.before-waiting-abilities", "dm", ("AT-D2",),
                 "the attack is interrupted at once, dropping abilities that were waiting to resolve", interrupted_at_once)
    yield Mutant("dm.interrupt.while-attacking-persists", "dm", ("AT-D2",),
                 "an interrupted attack does not end the \"while attacking\" effects", attacking_survives_interruption)
    yield Mutant("dm.legality.target-rechecked", "dm", ("AT-D3",),
                 "the target's legality is checked again after AT-S3: an illegal target interrupts the attack",
                 rechecked("target"))
    yield Mutant("dm.legality.untapped-attacker-stops", "dm", ("AT-D3",),
                 "an attacker untapped during AT-S3 stops attacking", rechecked("attacker"))
    yield Mutant("dm.split.nap-chooses", "dm", ("AT-D4",),
                 "when a creature of the attack splits, NAP chooses which one takes its place", split_nap)
    yield Mutant("dm.split.first-source", "dm", ("AT-D4",),
                 "when a creature of the attack splits, the first source takes its place (no choice)", split_first)
    yield Mutant("dm.split.interrupts", "dm", ("AT-D4",),
                 "a split of the attacking or attacked creature interrupts the attack", split_interrupts)


def _format21_patches():
    """The rulings behind the words of scenario format 2.1 (issue 22.6 - 22.8)."""
    G = _game()

    def any_shield_trigger(p):
        def usable(f, self, broken, used):
            extra = [c.id for c in self.zone(self.nap, "hand") if self.has(c, "shield-trigger") and c.id not in used]
            return list(dict.fromkeys(f(self, broken, used) + extra))
        p.wrap(G, "usable_shield_triggers", usable)

    def revolution_change_last(p):
        def turn(f, self, player, kinds):
            if "revolution-change" in kinds and self.queue:
                kinds = tuple(k for k in kinds if k != "revolution-change")
            return f(self, player, kinds)

        def validate(f, self, player, s):
            a = self.attack
            if s.get("do") != "revolution-change" or a is None or not a.resolving_started:
                return f(self, player, s)
            a.resolving_started = False            # and it is accepted then
            try:
                return f(self, player, s)
            finally:
                a.resolving_started = True
        p.wrap(G, "player_turn", turn)
        p.wrap(G, "validate_declaration", validate)

    yield Mutant("dm.s6b.any-shield-trigger-in-hand", "dm", ("AT-S6b",),
                 "NAP may use any shield trigger in their hand, not only those of the shields broken now",
                 any_shield_trigger)
    yield Mutant("dm.s3.revolution-change-after-all-abilities", "dm", ("AT-S3",),
                 "a revolution change is offered only once every other ability waiting in AT-S3 has resolved "
                 "(and accepted then)", revolution_change_last)
    yield Mutant("dm.lasting.until-next-turn-never-ends", "dm", ("AT-S4",),
                 "an effect that lasts \"until the start of your next turn\" does not end then (a blocker granted "
                 "so still blocks in the opponent's next turn)",
                 lambda p: p.wrap(G, "expire", lambda f, self, until: None if until[0] == "start" else f(self, until)))


def mutants():
    yield from _format21_patches()
    yield from _declaration_patches()
    yield from _target_patches()
    yield from _step_patches()
    yield from _battle_patches()
    yield from _shield_patches()
    yield from _procedure_patches()
