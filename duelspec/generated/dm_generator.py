"""Generated Duel Masters attacks: every attack situation of the model's space (:mod:`.dm_model`)
played with real cards (:mod:`.dm_cards`), deduplicated by the decisions it exercises.

Enumeration (:func:`situations`): every attacker of :data:`~.dm_cards.ATTACKERS`; every target (the
player with 0-3 shields, a tapped or an untapped creature of :data:`~.dm_cards.DEFENDERS`); no blocker
or a blocker of :data:`~.dm_cards.BLOCKERS` that blocks, does not block or is tapped; with shields, no
shield trigger or Terror Pit as the last shield, used or declined; each optional ability answered yes
and no. Each situation's ruling (:func:`~.dm_model.rule`) has a *signature* (the keys of its decisions:
the rulings and the decisions it exercises, no power or name); the first situation of each signature
is kept, the others add nothing the rulings decide. Situations the model leaves undecided get no
scenario (:func:`undecided`).

Further axes on smaller spaces: ninja strike, S-back and shield-break replacement, the split of the attacked
creature (Stained Glass against Soul Phoenix), two creature shield triggers (``st-creatures``), revolution change,
the attacked creature leaving in AT-S3 (``dolzark-y``: Super Dragon Machine Dolzark, AT-D2), a blocker granted until
the start of B's next turn and a second attack in turn 5 (``hayabusamaru.turn-5``, AT-S4).

Ids: ``dm.generated.attack.<attacker>[.<state>].<target>[.<defender>][.s<n>][.st-<trigger>][.<blocker>-<block>]``
``[.ninja-<who>][.x-<extra>][.own-s1][.split-<source>][.rc-buster][.dolzark-y|n][.hayabusamaru.turn-5][.y|.n]``.
"""
from __future__ import annotations

import functools
import itertools

from . import dm_cards as C
from .dm_model import OPTIONAL, SHIELD_EXTRAS, STATES, Situation, rule

PREFIX = "dm.generated."


def _all():
    """Yield ``(id, situation, cards)`` for the whole space, simplest first."""
    blockers = [(None, None)] + [(b, k) for b in C.BLOCKERS for k in ("block", "no-block", "tapped")]
    fang = next(d for d in C.DEFENDERS if d.slug == "fang")
    seamine = next(b for b in C.BLOCKERS if b.slug == "seamine")
    for a in C.ATTACKERS:
        targets = [("player", None, n) for n in range(4)]
        if a.slug in C.SMALL_SPACE:      # the breakers it gains matter against the player; one creature, one blocker
            targets.append(("tapped", fang, 0))
            pairs = itertools.product(targets, [(None, None)] + [(seamine, k) for k in ("block", "no-block")])
        else:
            targets += [(t, d, 0) for t in ("tapped", "untapped") for d in C.DEFENDERS]
            pairs = itertools.product(targets, blockers)
        for (t, d, n), (b, k) in pairs:
            for trig in ((None, "use", "decline", "hand") if n else (None,)):
                for state, answers in itertools.product(STATES, itertools.product((True, False), repeat=len(optional_of(a, d)))):
                    owns = (0, 1) if a.model.ability == "when-attacks-untap" and not (b or trig) else (0,)
                    splits = (0, 1) if a.model.sources and trig == "use" and t == "player" and k != "block" else (None,)
                    for own, split in itertools.product(owns, splits):
                        yield situation(PREFIX + "attack.", a, t, d, n, trig, b, k, answers, state, own_shields=own,
                                        split=split)
    yield from _ninjas()
    yield from _extras()
    yield from _splits()
    yield from _creature_triggers()
    yield from _revolution()
    yield from _target_leaves()
    yield from _next_turn()


def _next_turn():
    """A lasting effect and the next turns (AT-S4): B ninja-strikes Hayabusamaru when a ready single breaker without
    ability attacks B with 2 shields; its cip makes B's Tri-horn Shepherd a blocker 「次の自分のターンのはじめまで」, B
    does not block; the game goes on to A's turn 5, where the attacker attacks again and B's block with the Shepherd
    is refused (the grant ended when B's turn 4 began)."""
    for a in C.ATTACKERS:
        m = a.model
        if m.ability or m.breaker != 1 or m.cannot_attack_players or m.sources:
            continue
        yield situation(PREFIX + "attack.", a, "player", None, 2, None, None, None, (), "ready", next_turn=True)


def _target_leaves():
    """The attacked creature leaves the battle zone in AT-S3 (AT-D2): Super Dragon Machine Dolzark's ability, when
    Terradragon Regarion (a Dragon with power attacker) attacks a tapped Fear Fang, puts Fear Fang into B's mana
    zone (or AP declines): the interruption ends the "while attacking" power attacker bonus."""
    fang = next(d for d in C.DEFENDERS if d.slug == "fang")
    for yes in (True, False):
        yield situation(PREFIX + "attack.", C.REGARION, "tapped", fang, 0, None, None, None, (), "ready", ally=yes)


def _revolution():
    """Revolution change (Dogiragon Buster from A's hand) declared in AT-S3 before any ability resolves, while
    the attacked Scalpel Spider's "when attacked" ability waits: Billion-Degree Dragon attacks it, tapped."""
    billion = next(a for a in C.ATTACKERS if a.slug == "billion")
    scalpel = next(d for d in C.DEFENDERS if d.slug == "scalpel")
    yield situation(PREFIX + "attack.", billion, "tapped", scalpel, 0, None, None, None, (), "ready", revolution=C.BUSTER)


def _creature_triggers():
    """Two creature shield triggers broken at once (``trigger="creatures"``: Aqua Surfer, Gregorian Worm): the
    ready attackers that break two or three shields of the player's 2 or 3, without blocker."""
    for a in C.ATTACKERS:
        if a.model.breaker < 2 or a.model.sources or a.model.cannot_attack_players:
            continue
        for n, answers in itertools.product((2, 3), itertools.product((True, False), repeat=len(optional_of(a, None)))):
            yield situation(PREFIX + "attack.", a, "player", None, n, "creatures", None, None, answers, "ready")


def _splits():
    """The split of the attacked creature (AT-D4): Stained Glass returns the tapped Soul Phoenix it attacks to
    the hand (or declines); its top card alone leaves and AP chooses which of the two creatures under it battles.
    (The attacker's split is on the main space: Soul Phoenix destroyed by Terror Pit.)"""
    phoenix = next(a for a in C.ATTACKERS if a.model.sources)
    glass = C.STAINED_GLASS
    for yes, split in ((True, 0), (True, 1), (False, None)):
        yield situation(PREFIX + "attack.", glass, "tapped", phoenix, 0, None, None, None, (yes,), "ready", split=split)


def _extras():
    """S-back and shield-break replacement (:data:`~.dm_model.SHIELD_EXTRAS`): ready attackers that break one
    shield of the player's 1 or 2, without blocker or shield trigger."""
    for a in C.ATTACKERS:
        for n in (1, 2):
            if min(a.model.breaker, n) != 1 or a.model.cannot_attack_players:
                continue
            for extra, answers in itertools.product(SHIELD_EXTRAS[1:], itertools.product((True, False), repeat=len(optional_of(a, None)))):
                if n == 2 and dict(zip(optional_of(a, None), answers)).get("when-attacks-gains"):
                    continue         # Flametropus with the W・ブレイカー it gains breaks both
                yield situation(PREFIX + "attack.", a, "player", None, n, None, None, None, answers, "ready", extra=extra)


def _ninjas():
    """The ninja strike axis (:data:`~.dm_model.NINJAS`, Raiden from the hand), on a smaller space: ready
    attackers; NAP's ninja against the player with 0-1 shields or a tapped creature, no blocker; AP's after a
    block of the player with 1 shield or of an attack on a tapped Fear Fang."""
    fang = next(d for d in C.DEFENDERS if d.slug == "fang")
    joe = next(d for d in C.DEFENDERS if d.model.ability == "attacked-destroy-2000")
    plain = [d for d in C.DEFENDERS if d.model.ability not in ("attacked-destroy-2000", "attacked-slayer")]
    for a in C.ATTACKERS:
        if a.model.sources:
            continue        # Soul Phoenix: what it adds is its split (on the main space)
        nap = [("player", None, n, "nap") for n in (0, 1)] + [("tapped", d, 0, "nap") for d in plain]
        nap += [("tapped", joe, 0, w) for w in ("nap-first", "nap-later")]
        for t, d, n, w in nap:
            for answers in itertools.product((True, False), repeat=len(optional_of(a, d))):
                if w != "nap" and not dict(zip(optional_of(a, d), answers))["attacked-destroy-2000"]:
                    continue
                yield situation(PREFIX + "attack.", a, t, d, n, None, None, None, answers, "ready", w)
        if a.model.ability == "blocked-bounce":
            continue        # Emperor Maroll returns to the hand when Raiden enters on A's side
        w = "ap" if a.model.ability != "blocked-mana" else None
        for (t, d, n), b in itertools.product((("player", None, 1), ("tapped", fang, 0)), C.BLOCKERS):
            for answers in itertools.product((True, False), repeat=len(optional_of(a, d))):
                for ww in ((w,) if w else ("ap-first", "ap-later")):
                    yield situation(PREFIX + "attack.", a, t, d, n, None, b, "block", answers, "ready", ww)


def optional_of(a, d) -> list:
    """The optional abilities (「〜てよい」) of the attacker ``a`` and the defender ``d`` (cards)."""
    return [x for x in ((a.model.ability,) + ((d.model.ability,) if d else ())) if x in OPTIONAL]


def situation(prefix, a, t, d, n, trig, b, k, answers, state, ninja=None, extra=None, own_shields=0, split=None,
              revolution=None, ally=None, next_turn=False):
    """``(id, situation, cards)`` for the cards and axes of one attack (see the module docstring)."""
    s = Situation(a.model, t, d.model if d else None, n, trig, b.model if b else None, k,
                  tuple(zip(optional_of(a, d), answers)), state, ninja, extra, own_shields, split,
                  revolution.model if revolution else None, ally, next_turn)
    parts = [a.slug] + ([state] if state != "ready" else []) + [t] + ([d.slug] if d else [])
    parts += [f"s{n}"] if t == "player" else []
    parts += [f"st-{trig}"] if trig else []
    parts += [f"{b.slug}-{k}"] if b else []
    parts += [f"ninja-{ninja}"] if ninja else []
    parts += [f"x-{extra}"] if extra else []
    parts += [f"own-s{own_shields}"] if own_shields else []
    parts += [f"split-{C.SOUL_PHOENIX_SOURCES[split].slug}"] if split is not None else []
    parts += [f"rc-{revolution.slug}"] if revolution else []
    parts += [f"{C.DOLZARK.slug}-{'y' if ally else 'n'}"] if ally is not None else []
    parts += ["hayabusamaru.turn-5"] if next_turn else []
    parts += ["y" if x else "n" for x in answers]
    return prefix + ".".join(parts), s, {"attacker": a, "defender": d, "blocker": b}


@functools.lru_cache(maxsize=1)
def _cases() -> tuple:
    """``(kept, undecided, count)``: the kept ``(id, situation, cards, ruling)`` (one per signature), the
    undecided ``(id, why)`` (one per reason and attacker), and how many situations the space has."""
    kept, seen, undecided, why_seen, count = [], set(), [], set(), 0
    for sid, s, cards in _all():
        count += 1
        r = rule(s)
        if r.undecided:
            key = (r.undecided, cards["attacker"].slug)
            if key not in why_seen:
                why_seen.add(key)
                undecided.append((sid, r.undecided))
            continue
        if r.signature in seen:
            continue
        seen.add(r.signature)
        kept.append((sid, s, cards, r))
    return tuple(kept), tuple(undecided), count


def signatures() -> int:
    """How many distinct decision signatures the space has (one scenario each)."""
    return len(_cases()[0])


def space_size() -> int:
    """How many situations the model's space has (before deduplication)."""
    return _cases()[2]


def undecided() -> list:
    """``[(situation id, why)]``: situations no ruling decides (no scenario), one per reason and attacker."""
    return list(_cases()[1])


class _Expect:
    """Expectations with the rulings each carries (``carries``: ruling -> JSON pointers)."""

    def __init__(self):
        self.events, self.never, self.carries = [], [], {}
        self.final = {"cards": {}, "players": {}}

    def _carry(self, pointer, rulings):
        for rid in rulings:
            self.carries.setdefault(rid, []).append(pointer)

    def event(self, e, *rulings):
        self._carry(f"/expect/events/{len(self.events)}", rulings)
        self.events.append(e)

    def nev(self, e, *rulings):
        self._carry(f"/expect/never/{len(self.never)}", rulings)
        self.never.append(e)

    def card(self, cid, key, value, *rulings):
        self.final["cards"].setdefault(cid, {})[key] = value
        self._carry(f"/expect/final/cards/{cid}/{key}", rulings)

    def count(self, player, zone, n, *rulings):
        self.final["players"].setdefault(player, {}).setdefault("counts", {})[zone] = n
        self._carry(f"/expect/final/players/{player}/counts/{zone}", rulings)

    def winner(self, w, *rulings):
        self.final["winner"] = w
        self._carry("/expect/final/winner", rulings)

    def doc(self):
        final = {k: v for k, v in self.final.items() if v != {}}
        out = {"events": self.events}
        if self.never:
            out["never"] = self.never
        if final:
            out["final"] = final
        out["carries"] = {k: sorted(set(v), key=v.index) for k, v in self.carries.items()}
        return out


def _ids(cards):
    """Setup ids: the attacker ``att``, the defender ``def``, the blocker ``blk`` (distinct even for one card)."""
    return {"attacker": "att", "defender": "def", "blocker": "blk"}


def _source_ids(role_id):
    """The setup ids of the creatures under Soul Phoenix (``att-kooc``, ...), in :data:`~.dm_cards.SOUL_PHOENIX_SOURCES` order."""
    return [f"{role_id}-{c.slug}" for c in C.SOUL_PHOENIX_SOURCES]


def _may_draw(script, x, player, window, yes, rulings):
    """An optional 「カードを1枚引いてよい」: the player's answer, and the draw or none."""
    script.append({"player": player, "do": "choose", "when": {"window": window}, "option": "yes" if yes else "no"})
    (x.event if yes else x.nev)({"event": "draw", "player": player}, *rulings)


def _ninja_step(script, x, s, ability, player, window, rulings):
    """Raiden's ninja strike (``ninja-strike``: the declaration and the summoning) or its cip (``cip``: its
    controller chooses the other player's bystander and taps it)."""
    victim = "a-by" if player == "B" else "b-by"
    if ability == "ninja-strike":
        script.append({"player": player, "do": "ninja-strike", "when": {"window": window}, "card": "ninja"})
        if s.ninja in ("nap-first", "ap-first"):
            script.append({"player": player, "do": "order-triggers", "when": {"window": window},
                           "order": ["ninja", "def" if player == "B" else "att"]})
        x.event({"event": "declare", "card": "ninja", "ability": "ninja-strike"}, *rulings)
        x.event({"event": "summon", "card": "ninja"}, *rulings)
        x.card("ninja", "zone", "battle", *rulings)
    else:
        x.event({"event": "trigger", "card": "ninja", "ability": "cip"}, *rulings)
        script.append({"player": player, "do": "choose", "when": {"window": window}, "cards": [victim]})
        x.event({"event": "tap", "card": victim}, *rulings)
        x.card(victim, "tapped", True, *rulings)


def build(sid: str, s: Situation, cards: dict, r) -> dict:
    """The scenario document of one kept situation."""
    from ..catalogue import cards as catalogue
    cat = catalogue("dm")
    a, d, b = cards["attacker"], cards["defender"], cards["blocker"]
    ID = _ids(cards)
    first = "att-0" if r.revolution else "att"      # revolution change: "att" is the creature switched in
    setup = [{"id": first, "card": a.code, "owner": "A", "zone": "battle",
              **({"tapped": True} if s.state == "tapped" else {"summoning_sick": True} if s.state == "sick" else {})}]
    if d:
        setup.append({"id": "def", "card": d.code, "owner": "B", "zone": "battle", **({"tapped": True} if s.target == "tapped" else {})})
    if r.revolution:
        setup.append({"id": "att", "card": C.BUSTER.code, "owner": "A", "zone": "hand"})
    if b:
        setup.append({"id": "blk", "card": b.code, "owner": "B", "zone": "battle", **({"tapped": True} if s.block == "tapped" else {})})
    for role_id, c, owner in (("att", a, "A"), ("def", d, "B")):
        if c and c.model.sources:
            for sid_, src in zip(_source_ids(role_id), C.SOUL_PHOENIX_SOURCES):
                setup.append({"id": sid_, "card": src.code, "owner": owner, "zone": "battle", "under": role_id})
    if r.split:         # AT-D4: the chosen source takes the split creature's place
        split_ids = _source_ids(ID[r.split[0]])
        chosen, other = split_ids[r.split[1]], split_ids[1 - r.split[1]]
        ID = {**ID, r.split[0]: chosen}
    shields = [f"s{i}" for i in range(1, s.shields + 1)]
    if s.trigger == "hand":
        setup.append({"id": "b-hand-st", "card": C.TERROR_PIT[0], "owner": "B", "zone": "hand"})
    if s.extra in ("s-back", "s-back-not-water"):
        setup.append({"id": "b-sback", "card": C.CRACK_CRAWLER[0], "owner": "B", "zone": "hand"})
    if s.extra in ("replace", "no-replace"):
        setup.append({"id": "b-tree", "card": C.PULSAR_TREE[0], "owner": "B", "zone": "battle"})
    for i, sh in enumerate(shields, 1):
        code = C.TERROR_PIT[0] if s.trigger and i == s.shields else C.FILLER
        if s.trigger == "creatures" and i >= s.shields - 1:
            code = (C.AQUA_SURFER if i == s.shields - 1 else C.GREGORIAN_WORM)[0]
        code = C.NOT_WATER if s.extra == "s-back-not-water" and i == s.shields else code
        setup.append({"id": sh, "card": code, "owner": "B", "zone": "shield"})
    if a.model.ability == "when-attacks-draw":
        setup.append({"id": "a-deck-1", "card": C.FILLER, "owner": "A", "zone": "deck"})
    if a.model.ability == "when-attacks-gains":
        setup.append({"id": "a-mana-1", "card": C.FILLER, "owner": "A", "zone": "mana"})
    for i in range(1, s.own_shields + 1):
        setup.append({"id": f"a-s{i}", "card": C.FILLER, "owner": "A", "zone": "shield"})
    if a.model.ability == "blocked-mana":
        setup.append({"id": "a-deck-1", "card": C.FILLER, "owner": "A", "zone": "deck"})
    if a.model.ability in ("wins-battle-mana", "not-blocked-burn"):
        setup.append({"id": "b-mana-1", "card": C.FILLER, "owner": "B", "zone": "mana"})
    if d and d.model.ability == "when-destroyed-draw":
        setup.append({"id": "b-deck-1", "card": C.FILLER, "owner": "B", "zone": "deck"})
    if s.ninja:
        owner, other = ("B", "A") if s.ninja.startswith("nap") else ("A", "B")
        setup.append({"id": "ninja", "card": C.RAIDEN[0], "owner": owner, "zone": "hand"})
        setup.append({"id": f"{owner.lower()}-mana-ninja", "card": C.FILLER, "owner": owner, "zone": "mana"})  # ニンジャ・ストライク 1
        setup.append({"id": f"{other.lower()}-by", "card": C.FILLER, "owner": other, "zone": "battle"})   # the cip's target
        if s.ninja in ("nap-first", "nap-later"):
            setup.append({"id": "a-by-2", "card": C.FILLER, "owner": "A", "zone": "battle"})       # Joe's Toolkit's

    if s.ally is not None:
        setup.append({"id": "ally", "card": C.DOLZARK.code, "owner": "A", "zone": "battle"})
    if s.next_turn:      # ニンジャ・ストライク4; a deck for each player's draw of turns 4 and 5
        setup.append({"id": "ninja", "card": C.HAYABUSAMARU[0], "owner": "B", "zone": "hand"})
        setup.append({"id": "ally", "card": C.SHEPHERD, "owner": "B", "zone": "battle"})
        setup += [{"id": f"b-mana-ninja-{i}", "card": C.FILLER, "owner": "B", "zone": "mana"} for i in range(1, 5)]
        setup += [{"id": f"{p.lower()}-deck-t{i}", "card": C.FILLER, "owner": p, "zone": "deck"} for p in "AB" for i in (1, 2)]

    script = [{"player": "A", "do": "declare-attack", "when": {"window": "AT-S1"}, "attacker": first,
               "target": "player" if s.target == "player" else "def"}]
    x = _Expect()
    if not r.legal:
        script[0]["legal"] = False
        ids = r.rulings
        x.nev({"event": "attack"}, *ids)
        x.nev({"event": "tap", "card": "att"}, *ids)
        x.card("att", "zone", "battle", *ids)
        x.card("att", "tapped", s.state == "tapped", *ids)
        return _doc(sid, s, cards, r, setup, script, x, cat)

    decl = r.rulings_of("declare:")
    x.event({"any_order": [{"event": "attack", "attacker": first, "target": script[0]["target"]},
                           {"event": "tap", "card": first}]}, *decl)
    if r.revolution:         # AT-S3: declared before any ability resolves; the switch (either move first)
        rc = r.rulings_of("s3:revolution-change")
        script.append({"player": "A", "do": "revolution-change", "when": {"window": "AT-S3", "before": {"event": "trigger"}},
                       "card": "att"})
        x.event({"event": "declare", "card": "att", "ability": "revolution-change"}, *rc)
        x.event({"any_order": [{"event": "move", "card": first, "to": "hand"}, {"event": "move", "card": "att", "to": "battle"}]}, *rc)
        x.card(first, "zone", "hand", *rc)
    pa = r.rulings_of("s2:")
    if pa:
        x.event({"event": "power", "card": "att", "power": r.attack_power}, *pa)
    nap_ninja = bool(s.ninja) and s.ninja.startswith("nap")
    for rl, ability, applied in r.resolves:
        if rl == "hayabusa":
            g = r.rulings_of("s3:ninja:grants-blocker")
            if ability == "ninja-strike":
                script.append({"player": "B", "do": "ninja-strike", "when": {"window": "AT-S3"}, "card": "ninja"})
                x.event({"event": "declare", "card": "ninja", "ability": "ninja-strike"}, *g)
                x.event({"event": "summon", "card": "ninja"}, *g)
            else:
                x.event({"event": "trigger", "card": "ninja", "ability": "cip"}, *g)
                script.append({"player": "B", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["ally"]})
        elif ability in ("ninja-strike", "cip") and nap_ninja:
            _ninja_step(script, x, s, ability, "B", "AT-S3", r.rulings_of("s3:ninja"))
        elif ability == "ally-attacks":
            s3 = r.rulings_of("s3:ally-attacks")
            if applied:
                script.append({"player": "A", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["def"]})
                x.event({"event": "move", "card": "def", "to": "mana"}, *s3)
                x.card("def", "zone", "mana", *s3)
            else:              # "you may": AP declines (no step)
                x.nev({"event": "move", "card": "def", "to": "mana"}, *s3)
        elif ability == "when-attacked" and applied == "bystander":
            s3 = r.rulings_of("s3:when-attacked:destroy:bystander")
            x.event({"event": "trigger", "card": "def", "ability": "when-attacked"}, *s3)
            script.append({"player": "B", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["a-by-2"]})
            x.event({"event": "destroy", "card": "a-by-2"}, *s3)
            x.card("a-by-2", "zone", "graveyard", *s3)
        elif ability == "when-attacks":
            s3 = r.rulings_of("s3:")
            x.event({"event": "trigger", "card": "att", "ability": "when-attacks"}, *s3)
            if a.model.ability == "when-attacks-untap":
                x.event({"event": "untap", "card": "att"}, *s3)
                continue
            if a.model.ability == "when-attacks-bounce":
                if applied:        # (declined: no step, 「戻してよい」, as Joe's Toolkit's 「破壊してもよい」)
                    script.append({"player": "A", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["def"]})
                    d4 = r.rulings_of("s3:when-attacks-bounce") + r.rulings_of("d3:")
                    x.event({"event": "move", "card": "def", "to": "hand"}, *s3)
                    script.append({"player": "A", "do": "choose", "when": {"window": "AT-S3"}, "cards": [chosen]})
                    x.card("def", "zone", "hand", *s3)
                    x.card(other, "zone", "battle", *d4)
                else:
                    x.nev({"event": "move", "card": "def", "to": "hand"}, *s3)
                continue
            if a.model.ability == "when-attacks-gains":
                if applied:
                    script.append({"player": "A", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["a-mana-1"]})
                    x.event({"event": "move", "card": "a-mana-1", "to": "graveyard"}, *s3)
                    x.event({"event": "power", "card": "att", "power": r.attack_power}, *s3)
                    x.card("a-mana-1", "zone", "graveyard", *s3)
                else:          # 「置いてよい」: AP declines (no step)
                    x.nev({"event": "move", "card": "a-mana-1"}, *s3)
                    x.card("a-mana-1", "zone", "mana", *s3)
                continue
            _may_draw(script, x, "A", "AT-S3", applied, s3)
        elif ability == "when-attacked":
            s3 = r.rulings_of("s3:")
            x.event({"event": "trigger", "card": "def", "ability": "when-attacked"}, *s3)
            if d.model.ability == "attacked-destroy-2000":
                if applied:
                    script.append({"player": "B", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["att"]})
                    x.event({"event": "destroy", "card": "att"}, *s3)
                else:
                    if r.attack_power > 2000:
                        # AT-X1: the bonus already applies: the attacker is not a creature NAP may choose
                        x._carry(f"/script/{len(script)}", r.rulings_of("s3:"))
                        script.append({"player": "B", "do": "choose", "when": {"window": "AT-S3"}, "cards": ["att"],
                                       "legal": False})
                    # else NAP declines: no step (「破壊してもよい」)
                    if "attacker" not in r.destroyed:
                        x.nev({"event": "destroy", "card": "att"}, *s3)
    if "s3:when-attacks-untap:has-shields" in r.signature:
        x.nev({"event": "untap", "card": "att"}, *r.rulings_of("s3:when-attacks-untap"))
    if r.target_left:       # AT-S3: the attacked creature left the battle zone (AT-D2); with it the bonus (AT-S2)
        d2 = r.rulings_of("interrupt:")
        end = {"event": "attack-end", "interrupted": True}
        if a.model.power_attacker:     # one event (「攻撃は中断され、「攻撃中」の継続的効果も終了する」): no order asserted
            x.event({"together": [end, {"event": "power", "card": "att", "power": a.model.power}]}, *d2)
            x.card("att", "power", a.model.power, *d2)
        else:
            x.event(end, *d2)
        for e in ({"event": "ask", "player": "B", "question": "block"}, {"event": "battle"}, {"event": "break"},
                  {"event": "step", "step": "AT-S7"}):
            x.nev(e, *d2)
        x.card("att", "zone", "battle", *d2)
        x.card("att", "tapped", True, *d2)
        return _doc(sid, s, cards, r, setup, script, x, cat)
    if r.interrupted and not r.returned:      # AT-S3: the attacker left the battle zone (AT-D2)
        d2 = r.rulings_of("interrupt:")
        x.event({"event": "attack-end", "interrupted": True}, *d2)
        for e in ({"event": "ask", "player": "B", "question": "block"}, {"event": "battle"}, {"event": "break"},
                  {"event": "step", "step": "AT-S7"}):
            x.nev(e, *d2)
        x.card("att", "zone", "graveyard", *r.rulings_of("s3:"))
        return _doc(sid, s, cards, r, setup, script, x, cat)
    s4 = r.rulings_of("s4:")
    if r.block_asked:
        x.event({"event": "ask", "player": "B", "question": "block", "cards": ["ally" if s.next_turn else "blk"]}, *s4)
        if r.blocked:
            script.append({"player": "B", "do": "block", "when": {"window": "AT-S4"}, "card": "blk"})
            x.event({"event": "tap", "card": "blk"}, *s4)
            x.event({"event": "block", "blocker": "blk", "attacker": "att"}, *s4)
        else:
            script.append({"player": "B", "do": "no-block", "when": {"window": "AT-S4"}})
            x.nev({"event": "block"}, *s4)
    elif b:
        x.nev({"event": "ask", "player": "B", "question": "block"}, *s4)
        x.nev({"event": "block"}, *s4)
    s5 = r.rulings_of("s5:")
    for rl, ability, applied in r.resolves:
        if rl == "hayabusa":
            continue
        elif ability in ("ninja-strike", "cip") and not nap_ninja:
            _ninja_step(script, x, s, ability, "A", "AT-S5", r.rulings_of("s5:ninja"))
        elif ability == "when-blocked" and a.model.ability == "blocked-bounce":
            x.event({"event": "trigger", "card": "att", "ability": "when-blocked"}, *s5)
            x.event({"event": "move", "card": "blk", "to": "hand"}, *s5)
            x.card("blk", "zone", "hand", *s5)
        elif ability == "when-blocked":
            x.event({"event": "trigger", "card": "att", "ability": "when-blocked"}, *s5)
            script.append({"player": "A", "do": "choose", "when": {"window": "AT-S5"}, "option": "yes" if applied else "no"})
            (x.event if applied else x.nev)({"event": "move", "card": "a-deck-1", "to": "mana"}, *s5)
        elif ability == "when-not-blocked":
            x.event({"event": "trigger", "card": "att", "ability": "when-not-blocked"}, *s5)
            script.append({"player": "B", "do": "choose", "when": {"window": "AT-S5"}, "cards": ["b-mana-1"]})
            x.event({"event": "move", "card": "b-mana-1", "to": "graveyard"}, *s5)
    if any(k.startswith("s5:not-blocked-trigger-not-met") or k == "s5:not-blocked-no-blocked-trigger" for k in r.signature):
        x.nev({"event": "trigger", "card": "att"}, *s5)
    if r.interrupted and r.returned:        # AT-S5: the blocker left the battle zone (AT-S4, AT-D2)
        d2 = r.rulings_of("interrupt:")
        x.event({"event": "attack-end", "interrupted": True}, *d2)
        for e in ({"event": "battle"}, {"event": "break"}, {"event": "step", "step": "AT-S6a"}, {"event": "win"}):
            x.nev(e, *d2)
        x.card("att", "zone", "battle", *d2)
        x.card("att", "tapped", not r.untapped, *d2)
        if s.target == "player":
            x.count("B", "shield", s.shields, *d2)
        else:
            x.card("def", "zone", "battle", *d2)
        return _doc(sid, s, cards, r, setup, script, x, cat)
    if r.battle:
        role, pa_, po, winner = r.battle
        oid = ID[role]
        bat = r.rulings_of("battle:") + r.rulings_of("s6:") + r.rulings_of("s6a:when-battling")
        bat += r.rulings_of("s3:when-attacks-bounce:split") + r.rulings_of("d3:")     # the chosen source battles (AT-D4, AT-D3)
        x.event({"event": "battle", "attacker": "att", "defender": oid, "winner": {"attacker": "att", "opponent": oid}.get(winner, winner),
                 "attacker_power": pa_, "defender_power": po}, *bat)
        together = [{"event": "destroy", "card": ID[rl]} for rl in r.destroyed_together]
        if len(together) > 1:
            x.event({"any_order": together}, *bat)
        elif together:
            x.event(together[0], *bat)
        s6a = r.rulings_of("s6a:")
        if "s6a:slayer" in r.signature:
            x.event({"event": "destroy", "card": "att"}, *r.rulings_of("s6a:slayer"))
        for rl in ("attacker", role):
            if rl not in r.destroyed:
                x.nev({"event": "destroy", "card": ID[rl]}, *bat)
        for rl, ability, applied in r.resolves:
            if ability in ("when-attacks", "when-attacked", "when-blocked", "when-not-blocked", "ninja-strike", "cip",
                           "after-attacking", "when-breaks", "ally-attacks"):
                continue
            x.event({"event": "trigger", "card": ID[rl], "ability": ability}, *s6a)
            if ability == "when-wins-battle":
                script.append({"player": "A", "do": "choose", "when": {"window": "AT-S6a"}, "cards": ["b-mana-1"]})
                x.event({"event": "move", "card": "b-mana-1", "to": "graveyard"}, *s6a)
            elif ability == "when-destroyed":
                _may_draw(script, x, "B", "AT-S6a", applied, s6a)
            elif ability == "after-battle":
                x.event({"event": "destroy", "card": ID[rl]}, *s6a)
        if any(k.startswith("s6a:no-win-trigger") for k in r.signature):
            x.nev({"event": "trigger", "card": "att", "ability": "when-wins-battle"}, *r.rulings_of("s6a:no-win-trigger"))
            x.nev({"event": "move", "card": "b-mana-1"}, *r.rulings_of("s6a:no-win-trigger"))
        if "s6a:not-destroyed-no-trigger" in r.signature:
            x.nev({"event": "trigger", "card": oid, "ability": "when-destroyed"}, *r.rulings_of("s6a:not-destroyed"))
        for rl in ("attacker", role):
            if rl in r.destroyed:
                x.card(ID[rl], "zone", "graveyard", *bat)
            else:
                x.card(ID[rl], "zone", "battle", *bat)
        if s.target == "player":
            x.nev({"event": "break"}, *r.rulings_of("s6:"))
            x.count("B", "shield", s.shields, *r.rulings_of("s6:"))
            if s.shields == 0:
                x.nev({"event": "win"}, *r.rulings_of("s6:"))
                x.winner(None, *r.rulings_of("s6:"))
    elif r.broken:
        s6b = r.rulings_of("s6b:break")     # (and s6b:breaker-count-fixed-now)
        broken = shields[-r.broken:]
        if r.broken < s.shields:
            if r.broken > 1:       # AT-P4: the same shield cannot be chosen twice: a refused choice first
                x._carry(f"/script/{len(script)}", ("AT-P4",))
                script.append({"player": "A", "do": "break-shields", "when": {"window": "AT-S6b"},
                               "cards": [broken[0]] * r.broken, "legal": False})
            script.append({"player": "A", "do": "break-shields", "when": {"window": "AT-S6b"}, "cards": broken})
            x.event({"event": "ask", "player": "A", "question": "break-shields", "cards": shields}, *s6b)
        if s.extra == "no-replace":
            wb = r.rulings_of("s6b:would-be-broken")
            script.append({"player": "B", "do": "choose", "when": {"window": "AT-S6b"}, "option": "no"})
            x.nev({"event": "destroy", "card": "b-tree"}, *wb)
            x.card("b-tree", "zone", "battle", *wb)
        x.event({"event": "break", "shields": broken}, *s6b)
        moves = [{"event": "move", "card": sh, "to": "hand"} for sh in broken]
        x.event({"any_order": moves} if len(moves) > 1 else moves[0], *s6b)
        for sh in shields[:-r.broken]:
            x.card(sh, "zone", "shield", *s6b)
        x.nev({"event": "win"}, "AT-P1")
        st = r.rulings_of("s6b:trigger")
        hand = r.broken
        if s.trigger == "creatures":        # AT-S6b: both summoned as used; Aqua Surfer's cip after every trigger
            surfer, worm = shields[-2], shields[-1]
            for sh in (surfer, worm):
                script.append({"player": "B", "do": "use-shield-trigger", "when": {"window": "AT-S6b"}, "card": sh})
                x.event({"event": "shield-trigger", "card": sh}, *st)
                x.event({"event": "summon", "card": sh}, *st)
                x.card(sh, "zone", "battle", *st)
            script.append({"player": "B", "do": "choose", "when": {"window": "AT-S6b"}, "cards": ["att"]})
            x.event({"event": "trigger", "card": surfer, "ability": "cip"}, *st)
            x.event({"event": "move", "card": "att", "to": "hand"}, *st)
            x.card("att", "zone", "hand", *st)
            x.count("A", "hand", 1, *st)
            hand -= 2
        elif s.trigger:
            x.event({"event": "ask", "player": "B", "question": "shield-trigger", "cards": [shields[-1]]}, *st)
            if r.trigger_used:
                script.append({"player": "B", "do": "use-shield-trigger", "when": {"window": "AT-S6b"}, "card": shields[-1]})
                script.append({"player": "B", "do": "choose", "when": {"window": "AT-S6b"}, "cards": ["att"]})
                x.event({"event": "shield-trigger", "card": shields[-1]}, *st)
                x.event({"event": "destroy", "card": "att"}, *st)
                if r.split:
                    script.append({"player": "A", "do": "choose", "when": {"window": "AT-S6b"}, "cards": [chosen]})
                    d4 = r.rulings_of("s6b:trigger:use:split")
                    x.card(chosen, "zone", "battle", *d4)
                    x.card(other, "zone", "battle", *d4)
                x.card("att", "zone", "graveyard", *st)
                x.card(shields[-1], "zone", "graveyard", *st)
                hand -= 1
            else:
                if s.trigger == "hand":      # AT-S6b: only the broken shields' triggers: the one in the hand is refused
                    x._carry(f"/script/{len(script)}", st)
                    script.append({"player": "B", "do": "use-shield-trigger", "when": {"window": "AT-S6b"},
                                   "card": "b-hand-st", "legal": False})
                    x.card("b-hand-st", "zone", "hand", *st)
                    hand += 1
                script.append({"player": "B", "do": "decline", "when": {"window": "AT-S6b"}})
                if "attacker" not in r.destroyed:         # (else destroyed later, by its own AT-S7 ability)
                    x.nev({"event": "destroy", "card": "att"}, *st)
                x.card(shields[-1], "zone", "hand", *st)
        if s.extra in ("s-back", "s-back-not-water"):
            sb = r.rulings_of("s6b:s-back")
            hand += 1                    # Crack Crawler was in the hand
            if s.extra == "s-back":
                script.append({"player": "B", "do": "s-back", "when": {"window": "AT-S6b"}, "card": "b-sback"})
                x.event({"event": "declare", "card": "b-sback", "ability": "s-back"}, *sb)
                x.event({"event": "move", "card": broken[-1], "to": "graveyard"}, *sb)
                x.event({"event": "summon", "card": "b-sback"}, *sb)
                x.card("b-sback", "zone", "battle", *sb)
                x.card(broken[-1], "zone", "graveyard", *sb)
                hand -= 2
            else:
                x._carry(f"/script/{len(script)}", sb)
                script.append({"player": "B", "do": "s-back", "when": {"window": "AT-S6b"}, "card": "b-sback", "legal": False})
                x.nev({"event": "summon", "card": "b-sback"}, *sb)
                x.card("b-sback", "zone", "hand", *sb)
                x.card(broken[-1], "zone", "hand", *sb)
            st = st + sb
        if "when-breaks" in [ab for _, ab, _ in r.resolves]:
            wb = r.rulings_of("s6b:when-breaks")
            x.event({"event": "trigger", "card": "att", "ability": "when-breaks"}, *wb)
        x.count("B", "shield", s.shields - r.broken, *s6b)
        x.count("B", "hand", hand, *(s6b + st))
    elif r.replaced:
        wb = r.rulings_of("s6b:would-be-broken")
        sh = shields[-1]
        if s.shields > 1:
            script.append({"player": "A", "do": "break-shields", "when": {"window": "AT-S6b"}, "cards": [sh]})
        script.append({"player": "B", "do": "choose", "when": {"window": "AT-S6b"}, "option": "yes"})
        x.event({"event": "destroy", "card": "b-tree"}, *wb)
        x.nev({"event": "move", "card": sh, "to": "hand"}, *wb)
        if "s6b:when-breaks:nothing-broken" in r.signature:
            x.nev({"event": "trigger", "card": "att", "ability": "when-breaks"}, *r.rulings_of("s6b:when-breaks"))
        x.card("b-tree", "zone", "graveyard", *wb)
        x.card(sh, "zone", "shield", *wb)
        x.count("B", "shield", s.shields, *wb)
        x.count("B", "hand", 0, *wb)
    elif r.direct_win:
        x.event({"event": "step", "step": "AT-S6c"}, "AT-S6c")
        x.event({"event": "win", "player": "A", "reason": "direct-attack"}, "AT-P1", "AT-S6c")
        x.winner("A", "AT-P1", "AT-S6c")
    s7 = r.rulings_of("s7:")
    if s7:
        x.event({"event": "step", "step": "AT-S7"}, *s7)
        end = {"event": "attack-end", "interrupted": False}
        if r.split and r.split[0] == "attacker":
            end["attacker"] = chosen
        if r.revolution:
            end["attacker"] = "att"
        if "s7:power-attacker-ends" in r.signature:
            # AT-S7 ends the bonus and the attack: the page orders neither before the other
            x.event({"any_order": [end, {"event": "power", "card": "att", "power": a.model.power}]}, *s7)
            x.card("att", "power", a.model.power, *s7)
        else:
            if "s7:after-attacking" in r.signature:
                x.event({"event": "trigger", "card": "att", "ability": "after-attacking"}, *s7)
                x.card("att", "zone", "graveyard", *s7)
            x.event(end, *s7)
        if "s7:after-attacking:not-a-player" in r.signature:
            x.nev({"event": "trigger", "card": "att", "ability": "after-attacking"}, *s7)
        if "attacker" not in r.destroyed and not r.attacker_returned:
            x.card("att", "zone", "battle", *s7)
            x.card("att", "tapped", not r.untapped, *s7)
    if s.next_turn:
        _turn_5(script, x, s, r, shields)
    return _doc(sid, s, cards, r, setup, script, x, cat)


def _turn_5(script, x, s, r, shields):
    """The next turns of ``next_turn``: B's turn 4, then A's turn 5, where the attacker attacks the player again and
    B's block with the creature whose blocker lasted until the start of turn 4 is refused (AT-S4); the last shield
    is broken. The final state is the end of turn 5's."""
    nt = r.rulings_of("next-turn:")
    g = r.rulings_of("s3:ninja:grants-blocker")
    t5 = {"attack": 1, "turn": 5}
    x.event({"event": "turn", "turn": 4, "player": "B"}, *nt)
    x.event({"event": "turn", "turn": 5, "player": "A"}, *nt)
    script.append({"player": "A", "do": "declare-attack", "when": {"window": "AT-S1", **t5}, "attacker": "att",
                   "target": "player"})
    x._carry(f"/script/{len(script)}", nt)
    script.append({"player": "B", "do": "block", "when": {"window": "AT-S4", **t5}, "card": "ally", "legal": False})
    x.event({"event": "break", "shields": [shields[0]]}, *nt)
    # (never a block: the first attack's expectation, carried by AT-S4, covers turn 5's too)
    x.card("ninja", "zone", "deck", *g)           # 「そのターンの終わりに、このシノビを自分の山札の一番下に置く」
    x.card("ally", "zone", "battle", *nt)
    for sh in shields:
        x.card(sh, "zone", "hand", *nt)
    x.count("B", "shield", 0, *nt)
    x.count("B", "hand", 3, *nt)        # the two broken shields and the card drawn in turn 4


def _requires(s: Situation, r, cards) -> list:
    req = {"attack"}
    a, d = cards["attacker"].model, cards["defender"].model if cards["defender"] else None
    if not r.legal:
        req.add("refusal")
    if r.legal and r.battle:
        req.add("battle")
    if r.broken:
        req.add("break")
    if r.direct_win:
        req.add("direct-attack")
    if r.block_asked or cards["blocker"]:
        req.add("block")
    if s.trigger == "creatures":
        req |= {"shield-trigger", "ability:cip"}
    elif s.trigger and r.broken:
        req |= {"shield-trigger", "ability:spell"}
    if a.power_attacker:
        req.add("power-attacker")
    if r.breaker == 2 and r.broken:
        req.add("w-breaker")
    if r.breaker == 3 and r.broken:
        req.add("t-breaker")
    if a.cannot_attack_players and s.target == "player":
        req.add("cannot-attack-players")
    for _, ability, _ in r.resolves:
        req.add("ninja-strike" if ability == "ninja-strike" else f"ability:{ability}")
    if s.state == "sick":
        req.add("summoning-sickness")
    if s.extra in ("s-back", "s-back-not-water"):
        req.add("s-back")
    if s.extra == "s-back-not-water":
        req.add("refusal")
    if s.extra in ("replace", "no-replace"):
        req |= {"ability:replacement", "break"}
    if s.revolution:
        req |= {"revolution-change", "ability:cip"}
    if s.ally is not None:
        req.add("ability:ally-attacks")
    if r.target_left:
        req.add("attack-interruption")
    if s.next_turn:
        req |= {"several-turns", "ninja-strike", "ability:cip", "block", "refusal"}
    if a.sources or (d and d.sources):      # Soul Phoenix: an evolution creature with 「一番上のカードだけが…離れる」
        req |= {"evolution", "ability:replacement"}
    return sorted(req)


def _doc(sid, s, cards, r, setup, script, x, cat) -> dict:
    used = [c for c in (cards["attacker"], cards["defender"], cards["blocker"]) if c is not None]
    if s.revolution:
        used.append(C.BUSTER)
    if any(c.model.sources for c in used):
        used += list(C.SOUL_PHOENIX_SOURCES)
    cites = [{"kind": "general-rule", "ref": g} for g in r.general_rules]
    for c in used:
        if c.words:
            cites.append({"kind": "card-text", "ref": f"{c.name} ({c.code}) 「{cat[c.code]['text_ja']}」"})
    for c in ((C.AQUA_SURFER, C.GREGORIAN_WORM) if s.trigger == "creatures" else (C.TERROR_PIT,) if s.trigger else ()):
        cites.append({"kind": "card-text", "ref": f"{c[1]} ({c[0]}) 「{cat[c[0]]['text_ja']}」"})
    extra = {"s-back": C.CRACK_CRAWLER, "s-back-not-water": C.CRACK_CRAWLER, "replace": C.PULSAR_TREE,
             "no-replace": C.PULSAR_TREE}.get(s.extra)
    if s.ally is not None:          # no Japanese printing found: its English text (features/cards/dm-abilities.json)
        cites.append({"kind": "card-text", "ref": f"{C.DOLZARK.name} ({C.DOLZARK.code}): {cat[C.DOLZARK.code]['text']} "
                                                  "(English text: no Japanese printing found)"})
    for c in ((C.RAIDEN,) if s.ninja else ()) + ((C.HAYABUSAMARU,) if s.next_turn else ()) + ((extra,) if extra else ()):
        cites.append({"kind": "card-text", "ref": f"{c[1]} ({c[0]}) 「{cat[c[0]]['text_ja']}」"})
    seen, uniq = set(), []
    for c in cites:
        if c["ref"] not in seen:
            seen.add(c["ref"])
            uniq.append(c)
    words = [d.what for d in r.decisions]
    title = f"Generated attack: {cards['attacker'].name} attacks " + (
        f"player B ({s.shields} shield{'s' if s.shields != 1 else ''})" if s.target == "player"
        else f"{'an untapped' if s.target == 'untapped' else 'a tapped'} {cards['defender'].name}")
    if cards["blocker"]:
        title += f"; {cards['blocker'].name} " + {"block": "blocks", "no-block": "does not block", "tapped": "is tapped"}[s.block]
    if s.trigger == "creatures":
        title += "; Aqua Surfer and Gregorian Worm are broken and used"
    elif s.trigger:
        title += f"; Terror Pit is broken and {'used' if s.trigger == 'use' else 'declined'}"
        title += "; a second one in the hand is refused" if s.trigger == "hand" else ""
    if s.ninja:
        title += f"; player {'B' if s.ninja.startswith('nap') else 'A'} ninja-strikes Raiden"
    if s.revolution:
        title += "; A revolution-changes Dogiragon Buster in"
    if s.next_turn:
        title += "; player B ninja-strikes Hayabusamaru, its Tri-horn Shepherd does not block; it attacks again in turn 5"
    if s.ally is not None:
        title += f"; {C.DOLZARK.name} " + ("puts it into B's mana zone" if s.ally else "is declined")
    if r.split:
        title += f"; it splits and A chooses {C.SOUL_PHOENIX_SOURCES[s.split_choice].name}"
    if s.extra:
        title += {"s-back": "; B uses Crack Crawler's S-back", "s-back-not-water": "; Crack Crawler's S-back is refused",
                  "replace": "; B destroys Pulsar Tree instead", "no-replace": "; B keeps Pulsar Tree"}[s.extra]
    title += ": " + words[-1]
    expect = x.doc()
    expect["carries"] = {k: v for k, v in expect["carries"].items() if k in r.rulings}
    return {
        "format": 2,
        **({"format_minor": 1} if s.revolution or s.next_turn else {}),    # `when.before`, `when.turn`: words of format 2.1
        "id": sid,
        "game": "dm",
        "title": title,
        "rulings": [k for k in r.rulings if k in expect["carries"]] or r.rulings,
        "requires": _requires(s, r, cards),
        "generated": True,
        **({"cites": uniq} if uniq else {}),
        "setup": {"players": {"A": {}, "B": {}}, "cards": setup, "turn": 3, "turn_player": "A", "phase": "attack",
                  "first_player": "A", **({"stop": {"turn": 5, "phase": "end"}} if s.next_turn else {})},
        "script": script,
        "expect": expect,
    }


def cases(keep=None):
    """Yield ``(id, situation, ruling, scenario dict)`` for every kept situation (``keep(id)``: only those)."""
    for sid, s, cards, r in _cases()[0]:
        if keep is None or keep(sid):
            yield sid, s, r, build(sid, s, cards, r)


def scenarios(keep=None):
    """Every generated attack scenario (valid against ``scenario.schema.json``), in a fixed order."""
    for *_, doc in cases(keep):
        yield doc
