"""Per-card ability code (card scripts), keyed by catalogue id, written from each card's Japanese
text (``text_ja`` in ``features/cards/dm.json``: the rulings are Japanese, so the Japanese wording
decides an ability's timing and whether it is optional; ``features/cards/dm-abilities.json`` quotes,
for every ability here, the words that decide both, and ``tests/test_dm_card_table.py`` checks that
table against the texts and against this module). Keywords are not here: the engine reads them from
the catalogue. Test cards (``test:<name>``) have their one generic ability here too (English text).

Ability shapes:
- :class:`Triggered` ``(timing, effect)``: timings ``when-attacks`` (this creature attacks),
  ``ally-attacks`` (one of your creatures attacks), ``opponent-attacks``, ``when-attacked``,
  ``when-blocks``, ``when-blocked``, ``when-not-blocked``, ``when-wins-battle``,
  ``when-loses-battle``, ``when-destroyed``, ``after-battle``, ``after-attacking``,
  ``when-breaks``, ``cip`` (put into the battle zone), ``ally-enters``, and ``spell`` (what a
  spell does when cast). ``effect(game, source, ctx)``.
  ``ally-destroyed`` (another of your creatures is destroyed) and ``when-not-blocked``.
- :class:`Static` ``power`` (``delta(game, holder, card)``; ``when`` names the condition of the
  text; a bonus "while battling" reads ``game.battling``, the two creatures of the battle fixed in
  AT-S6a), ``grant-keyword``
  (``applies``, ``value``), ``destroy-replacement`` (``value``: the zone the creature goes to
  instead of the graveyard when it would be destroyed) or ``shield-break-replacement``
  (「シールドがブレイクされる時、かわりに…」: applied for each shield chosen in AT-S6b before
  they are broken; ``effect(game, holder)`` returns True when it replaced the break).
- :class:`NotModelled` ``cost`` (an attack cost the engine does not pay yet): declaring an attack
  with the card makes the scenario a visible skip.

Optional (「〜てもよい」/「〜てよい」): an ability whose effect lets its controller decline is marked
by the builder of that effect (``draw(optional=True)``, ``choose_and(minimum=0)``, the ``may_*``
effects); :attr:`Triggered.optional` reads that mark.
- markers: ``ONLY_TOP_LEAVES`` (vortex evolution), ``CAN_ATTACK_UNTAPPED``, ``UNBLOCKABLE``,
  ``SUMMONING_ONLY`` (an ability that only changes what summoning costs: nothing to play in an
  attack).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..common import Unplayable, opponent


def _always(g, src, ctx):
    return True


@dataclass
class Triggered:
    timing: str
    effect: Callable
    condition: Callable = _always

    @property
    def optional(self) -> bool:
        """Does the effect let its controller decline (「〜てもよい」)? Read from the effect's code."""
        return bool(getattr(self.effect, "optional", False))


def optional(eff: Callable) -> Callable:
    """Mark ``eff`` as an effect its controller may decline (「〜てもよい」)."""
    eff.optional = True
    return eff


@dataclass
class Static:
    kind: str                      # "power" | "grant-keyword" | "destroy-replacement" | "shield-break-replacement"
    delta: Callable = None         # power: (game, holder, card) -> int
    applies: Callable = None       # grant-keyword: (game, holder, card) -> bool
    value: str = ""
    effect: Callable = None        # shield-break-replacement: (game, holder) -> bool (replaced)
    when: str = ""                 # the condition the text names (while-attacking 攻撃中, while-tapped, while-blocking
                                   # ブロック中, while-battling 「バトルする時」, metamorph メタモーフ; "" always)

    @property
    def optional(self) -> bool:
        """May its controller decline to apply it (「〜てもよい」)? Read from the effect's code."""
        return bool(getattr(self.effect, "optional", False))


ONLY_TOP_LEAVES, CAN_ATTACK_UNTAPPED, UNBLOCKABLE = "only-top-leaves", "can-attack-untapped", "unblockable"
SUMMONING_ONLY = "summoning-only"


class NotModelled:
    """An ability of a card's text the engine does not play yet: triggering it makes the
    scenario a visible skip (:class:`~..common.Unplayable`)."""

    def __init__(self, timing: str, what: str):
        self.timing, self.what = timing, what

    def condition(self, g, src, ctx):
        return True

    def effect(self, g, src, ctx):
        raise Unplayable(f"{src.entry['id']} ({src.name}): the ability '{self.what}' is not modelled yet")


# ---- effect building blocks ---------------------------------------------------------------
def draw(n=1, optional=False):
    def eff(g, src, ctx):
        if optional and not g.driver.yes_no(src.owner, f"{src.id}: draw {n}?"):
            return
        g.draw(src.owner, n)
    eff.optional = optional
    return eff


def destroy_self(g, src, ctx):
    if g.in_battle(src.id):
        g.destroy([src])


def untap_self(g, src, ctx):
    if g.in_battle(src.id):
        g.untap(src)


def gain_self(kw):
    def eff(g, src, ctx):
        if g.in_battle(src.id):
            src.gained.append(kw)
    return eff


def choose_and(do, who="opponent", minimum=1, where=lambda g, src, c: True, prompt="", chooser="self"):
    """Choose ``minimum``..1 creature(s) (``who``: opponent / own / any, seen from the ability's
    controller) and apply ``do`` to it; ``chooser``: ``self`` (the controller) or ``opponent``
    (「相手は…選ぶ」)."""
    def eff(g, src, ctx):
        pool = g.creatures(opponent(src.owner) if who == "opponent" else src.owner if who == "own" else None)
        cands = [c.id for c in pool if where(g, src, c)]
        if not cands:
            return
        player = src.owner if chooser == "self" else opponent(src.owner)
        picked = g.driver.choose(player, cands, min(minimum, len(cands)), 1, f"{src.id}: {prompt}")
        for cid in picked:
            do(g, src, g.cards[cid])
    eff.optional = minimum == 0
    return eff


def _tap(g, src, c):
    g.tap(c)


def _destroy(g, src, c):
    g.destroy([c])


def _bounce(g, src, c):
    g.leave_battle(c, "hand", "effect")


def _to_mana(g, src, c):
    g.leave_battle(c, "mana", "effect")


def _grant_blocker(g, src, c):
    c.gained.append("blocker")


def _untap(g, src, c):
    g.untap(c)


def _power_at_most(n):
    return lambda g, src, c: g.power(c) <= n


def _fire_or_nature(g, src, c):
    return bool({"fire", "nature"} & set(c.entry.get("civilizations", [])))


def _has_dragon_race(entry):
    return any("Dragon" in r for r in entry.get("races", []))


@optional
def may_untap_self(g, src, ctx):
    if g.in_battle(src.id) and src.tapped and g.driver.yes_no(src.owner, f"{src.id}: untap this creature?"):
        g.untap(src)


@optional
def may_top_card_to_mana(g, src, ctx):
    deck = g.zone(src.owner, "deck")
    if deck and g.driver.yes_no(src.owner, f"{src.id}: put the top card of your deck into your mana zone?"):
        g.move(deck[0], "mana", "effect")


def opponent_burns_mana(g, src, ctx):
    """「相手は自身のマナゾーンのカードを1枚選び、墓地に置く」: the opponent chooses one of their mana cards."""
    foe = opponent(src.owner)
    mana = [c.id for c in g.zone(foe, "mana")]
    if mana:
        picked = g.driver.choose(foe, mana, 1, 1, f"{src.id}: choose a card in your mana zone to put into your graveyard")
        g.move(g.cards[picked[0]], "graveyard", "effect")


def _other_dragon_attacks(g, src, ctx):
    att = g.cards.get(ctx.get("attacker", ""))
    return att is not None and att.id != src.id and _has_dragon_race(att.entry)


def _fire_or_nature_attacker(g, src, ctx):
    att = g.cards.get(ctx.get("attacker", ""))
    return att is not None and _fire_or_nature(g, src, att)


def _own_mana_at_least(n):
    return lambda g, holder, c: c is holder and g.in_battle(holder.id) and len(g.zone(holder.owner, "mana")) >= n


def burn_opponents_mana(g, src, ctx):
    """「相手のマナゾーンからカードを1枚選び、持ち主の墓地に置く」: the controller chooses."""
    mana = [c.id for c in g.zone(opponent(src.owner), "mana")]
    if mana:
        picked = g.driver.choose(src.owner, mana, 1, 1, f"{src.id}: choose a card in your opponent's mana zone")
        g.move(g.cards[picked[0]], "graveyard", "effect")


def return_self_at_end_of_turn(g, src, ctx):
    """「そのターンの終わりにこのクリーチャーを…手札に戻す」: a delayed ability for the end of the
    turn (recorded in ``g.end_of_turn``). The engine plays one attack phase and stops before the
    end of the turn, so it never comes due in a scenario; no scenario expects the return."""
    g.end_of_turn.append((src.id, "return-to-hand"))


@optional
def destroy_self_instead(g, holder):
    """「かわりにこのクリーチャーを破壊してもよい」: the holder's controller may destroy it instead."""
    if g.in_battle(holder.id) and g.driver.yes_no(holder.owner, f"{holder.id}: destroy this creature instead of the shield?"):
        g.destroy([holder])
        return True
    return False


def tap_all_opponents(g, src, ctx):
    for c in g.creatures(opponent(src.owner)):
        g.tap(c)


def destroy_highest_power(g, src, ctx):
    foes = g.creatures(opponent(src.owner))
    if foes:
        top = max(g.power(c) for c in foes)
        g.destroy([c for c in foes if g.power(c) == top])


def return_blocker(g, src, ctx):
    b = g.cards.get(ctx.get("blocker", ""))
    if b is not None and g.in_battle(b.id):
        g.leave_battle(b, "hand", "effect")


@optional
def bounce_attacker(g, src, ctx):
    a = g.cards.get(ctx.get("attacker", ""))
    if a is not None and g.in_battle(a.id) and g.driver.yes_no(src.owner, f"{src.id}: return {a.id}?"):
        g.leave_battle(a, "hand", "effect")


def return_self_to_hand(g, src, ctx):
    if g.in_battle(src.id):
        g.leave_battle(src, "hand", "effect")


@optional
def flametropus(g, src, ctx):
    mana = [c.id for c in g.zone(src.owner, "mana")]
    picked = g.driver.choose(src.owner, mana, 0, 1, f"{src.id}: put a mana card into the graveyard?")
    if picked:
        c = g.cards[picked[0]]
        g.move(c, "graveyard", "effect")
        src.gained += ["power-attacker:3000", "double-breaker"]


def power_at_least_draw(threshold):
    def eff(g, src, ctx):
        if g.in_battle(src.id) and g.power(src) >= threshold:
            g.draw(src.owner, 1)
    return eff


def if_no_shields_untap_self(g, src, ctx):
    if not g.zone(src.owner, "shield"):
        untap_self(g, src, ctx)


def final_revolution(g, src, ctx):
    """Dogiragon Buster: when put into the battle zone by revolution change, if no other Final
    Revolution was used this turn: any number of non-evolution multicolored creatures with a
    total cost of 6 or less from your mana zone and/or hand into the battle zone."""
    if ctx.get("how") != "revolution-change" or (src.owner, "final-revolution") in g.used_once:
        return
    g.used_once.add((src.owner, "final-revolution"))
    cands = [c for z in ("mana", "hand") for c in g.zone(src.owner, z)
             if c.entry["card_type"] == "creature" and len(c.entry.get("civilizations", [])) >= 2]
    ids = [c.id for c in cands]

    def valid(st):
        picked = st.get("cards", [])
        if not set(picked) <= set(ids) or len(set(picked)) != len(picked):
            return f"Final Revolution: choose among {ids}"
        if sum(g.cards[x].entry.get("cost", 0) for x in picked) > 6:
            return "Final Revolution: the total cost must be 6 or less"
        return None
    st = g.take(src.owner, ("choose",), valid) if ids else None
    for x in (st or {}).get("cards", []):
        g.summon(g.cards[x], "effect")


def _tapped(g, holder):
    return g.in_battle(holder.id) and holder.tapped


def _blocking(g, holder):
    return g.attack is not None and g.attack.blocker == holder.id


def _attacking(g, holder):
    return g.attack is not None and g.attack.active and g.attack.attacker == holder.id


def _self_bonus(cond, n, when):
    return Static("power", delta=lambda g, holder, c: n if c is holder and cond(g, holder) else 0, when=when)


def _blocked_this_attack(g, src, ctx):
    return g.attack is not None and g.attack.blocker == src.id


def _attacked_player(g, src, ctx):
    return ctx.get("target") == "player"


def _has_blocker(g, src, c):
    return g.has(c, "blocker")


def _battling_fire(g, holder):
    """Is ``holder`` battling a fire creature (the battle fixed in AT-S6a)?"""
    pair = g.battling or ()
    return holder.id in pair and any(x != holder.id and "fire" in g.cards[x].entry.get("civilizations", [])
                                     for x in pair)


def _dark_or_fire(g, src, c):
    return bool({"darkness", "fire"} & set(c.entry.get("civilizations", [])))


def _evolution(g, src, c):
    return bool(c.sources)


# ---- the card scripts ----------------------------------------------------------------------
SCRIPTS: dict[str, list] = {
    # real cards (text in features/cards/dm.json)
    "DM-01 19/110": [Triggered("spell", choose_and(_tap, prompt="tap one of the opponent's creatures"))],          # Solar Ray
    "DM-01 40/110": [Triggered("spell", choose_and(_bounce, who="any", prompt="return a creature"))],             # Spiral Gate
    "DM-01 6/110": [Triggered("spell", tap_all_opponents)],                                                     # Holy Awe
    "DM-01 63/110": [Triggered("spell", choose_and(_destroy, prompt="destroy one of the opponent's creatures"))],  # Terror Pit
    "DM-01 99/110": [Triggered("spell", choose_and(_to_mana, prompt="put a creature into the mana zone"))],      # Natural Snare
    "DM-01 48/110": [Triggered("after-battle", destroy_self)],                                                   # Bone Spider
    "DM-01 50/110": [Triggered("after-battle", destroy_self)],                                                   # Dark Clown
    "DM-01 69/110": [Static("power", delta=lambda g, h, c: 1000 * len([x for x in g.zone(h.owner, "graveyard")
                                                                      if "fire" in x.entry.get("civilizations", [])])
                            if c is h and _attacking(g, h) else 0, when="while-attacking")],                  # Bolshack Dragon
    "DM-01 79/110": [CAN_ATTACK_UNTAPPED],                                                                      # Gatling Skyterror
    "DM-02 21/55": [Triggered("when-attacks", choose_and(_bounce, who="any", minimum=0, where=_fire_or_nature,
                                                         prompt="return a fire or nature creature"))],          # Stained Glass
    "DM-02 10/55": [Triggered("after-battle", untap_self, _blocked_this_attack)],                               # Spiral Grass
    "DM-02 15/55": [UNBLOCKABLE],                                                                               # Crystal Lancer
    "DM-02 16/55": [Triggered("when-attacks", draw(1, optional=True))],                                         # Hypersquid Walter
    "DM-02 30/55": [NotModelled("when-attacks", "your opponent discards a card at random")],                    # Horrid Worm
    "DM-02 32/55": [Triggered("after-attacking", destroy_self, _attacked_player)],                              # Marrow Ooze
    "DM-02 42/55": [Triggered("when-attacks", choose_and(_destroy, where=_has_blocker,
                                                         prompt="destroy a creature that has blocker"))],      # Metalwing Skyterror
    "DM-02 45/55": [Static("power", delta=lambda g, h, c: 2000 if c is not h and c.owner == h.owner and _tapped(g, h)
                           and "Beast Folk" in c.entry.get("races", []) else 0, when="while-tapped")],          # Barkwhip
    "DM-03 39/55": [Triggered("when-attacks", flametropus)],                                                    # Flametropus
    "DM-05 12/55": [Triggered("when-attacks", choose_and(_tap, who="any", minimum=0, where=_dark_or_fire,
                                                         prompt="tap a darkness or fire creature"))],          # Le Quist
    "DM-05 16/55": [Triggered("cip", choose_and(_bounce, who="any", minimum=0, prompt="return a creature"))],    # Aqua Surfer
    "DM-06 S5/110": [NotModelled("cost", "it can't attack unless you put one of your other creatures into your graveyard")],  # Daidalos
    "DM-08 15/55": [Triggered("ally-attacks", choose_and(_tap, minimum=0, prompt="tap one of the opponent's creatures"))],  # Thrumiss
    "DM-08 48/55": [Triggered("when-blocked", may_top_card_to_mana)],                                          # Coliseum Shell
    "DM-09 40/55": [Triggered("when-not-blocked", opponent_burns_mana, _attacked_player)],                      # Quakesaur
    "DM-12 40/55": [Triggered("when-blocks", choose_and(_bounce, prompt="return one of your creatures to your hand",
                                                        chooser="opponent"))],                                 # Tropic Crawler
    "DM-13 47/55": [Triggered("when-attacked", choose_and(_destroy, minimum=0, where=_power_at_most(2000),
                                                          prompt="destroy a creature that has power 2000 or less"))],  # Joe's Toolkit
    "DM-13 S3/55": [SUMMONING_ONLY, Static("destroy-replacement", value="shield")],                            # Asylum
    "DM-14 72/110": [_self_bonus(_blocking, 3000, "while-blocking")],                                                             # Rentia
    "DM-14 80/110": [Triggered("opponent-attacks", draw(1, optional=True), _fire_or_nature_attacker)],          # Dolunka
    "DM-14 98/110": [Static("grant-keyword", applies=_own_mana_at_least(7), value="cannot-be-attacked", when="metamorph"),
                     Static("grant-keyword", applies=_own_mana_at_least(7), value="power-attacker:3000",
                            when="metamorph")],                                                                 # Rugeeza (metamorph)
    "Promo P0/Y3": [Triggered("ally-attacks", choose_and(_to_mana, minimum=0, where=_power_at_most(5000),
                                                         prompt="put a creature that has power 5000 or less into its owner's mana zone"),
                              _other_dragon_attacks)],                                                         # Dolzark
    "Promo-Y1 L14/20": [Triggered("ally-destroyed", may_untap_self)],                                           # Olgate
    "DM-14 95/110": [Triggered("when-wins-battle", burn_opponents_mana)],                                       # Crash Lizard
    "DM-10 98/110": [Static("power", delta=lambda g, h, c: 4000 if c is h and _battling_fire(g, h) else 0,
                            when="while-battling")],                                                           # Tajimal
    "DM-07 12/55": [Static("shield-break-replacement", effect=destroy_self_instead)],                           # Pulsar Tree
    "DM-11 42/55": [Triggered("when-breaks", return_self_at_end_of_turn)],                                      # Hazard Hopper
    "DM-06 60/110": [],   # Grinning Axe: its one ability is the slayer keyword (engine: SLAYER)
    "DM-06 74/110": [NotModelled("when-blocked", "no battle happens")],                                         # Badlands Lizard
    "DM-06 S7/110": [NotModelled("when-breaks", "broken shields go to the graveyard instead")],                 # Bolmeteus
    "DM-07 19/55": [Triggered("when-destroyed", draw(1, optional=True))],                                       # Cetibols
    "DM-07 32/55": [Triggered("when-attacked", gain_self("slayer"))],                                           # Scalpel Spider
    "DM-08 33/55": [Triggered("after-battle", destroy_self)],                                                   # Necrodragon Giland
    "DM-09 17/55": [Triggered("when-blocked", return_blocker),
                    Triggered("ally-enters", return_self_to_hand)],                                            # Emperor Maroll
    "DM-09 20/55": [NotModelled("when-blocks", "look at the top 4 cards of your deck")],                        # Kelp Candle
    "DM-10 17/110": [NotModelled("when-blocks", "untap one of your creatures after the battle")],               # Ikaz
    "DM-12 5/55": [ONLY_TOP_LEAVES],                                                                            # Soul Phoenix
    "DM-29 37/55": [Triggered("cip", choose_and(_grant_blocker, who="own", prompt="give blocker"))],            # Hayabusamaru
    "DM-30 22/55": [Triggered("cip", choose_and(_tap, prompt="tap one of the opponent's creatures"))],          # Raiden
    "DMR-17 L1/L2": [NotModelled("cip", "Revolution 2: you can't lose the game"),
                     Triggered("when-attacks", if_no_shields_untap_self)],                                     # Dogiragon, Flaming Revolution
    "DMR-17 L2/L2": [Triggered("cip", destroy_highest_power)],                                                  # Red Zone
    "DMR-21 L1/L2": [Static("grant-keyword", applies=lambda g, h, c: c.owner == h.owner and len(c.entry.get("civilizations", [])) >= 2,
                            value="speed-attacker"),
                     Triggered("cip", final_revolution)],                                                      # Dogiragon Buster
    # test cards (one generic ability each; see their catalogue text)
    "test:attack-draw-3000": [Triggered("when-attacks", draw(1))],
    "test:ally-attack-draw-2000": [Triggered("ally-attacks", draw(1))],
    "test:opponent-attacks-draw-1000": [Triggered("opponent-attacks", draw(1))],
    "test:power-check-3000": [Triggered("when-attacks", power_at_least_draw(5000))],
    "test:attacked-untap-2000": [Triggered("when-attacked", untap_self)],
    "test:attacked-untouchable-2000": [Triggered("when-attacked", gain_self("cannot-be-attacked"))],
    "test:blocker-guard-2000": [_self_bonus(_blocking, 4000, "while-blocking")],
    "test:blocked-draw-5000": [Triggered("when-blocked", draw(1))],
    "test:blocker-draw-3000": [Triggered("when-blocks", draw(1))],
    "test:not-blocked-draw-3000": [Triggered("when-not-blocked", draw(1))],
    "test:attacker-bounce-1000": [Triggered("opponent-attacks", bounce_attacker)],
    "test:attack-destroyer-3000": [Triggered("when-attacks", choose_and(_destroy, minimum=0, prompt="destroy a creature"))],
}

# the slayer keyword: after the battle, destroy the creature this creature battled
SLAYER = Triggered("slayer", lambda g, src, ctx: g.destroy([g.cards[ctx["foe"]]]) if g.in_battle(ctx["foe"]) else None)


def triggered(entry: dict) -> list:
    return [a for a in SCRIPTS.get(entry["id"], []) if isinstance(a, (Triggered, NotModelled))]


def statics(entry: dict) -> list:
    return [a for a in SCRIPTS.get(entry["id"], []) if isinstance(a, Static)]


def only_top_leaves(entry: dict) -> bool:
    return ONLY_TOP_LEAVES in SCRIPTS.get(entry["id"], [])


def shield_break_replacements(entry: dict) -> list:
    return [st for st in statics(entry) if st.kind == "shield-break-replacement"]


def attack_cost_not_modelled(entry: dict) -> list:
    """The attack costs of a card's text the engine does not pay yet (``NotModelled("cost", …)``)."""
    return [a for a in SCRIPTS.get(entry["id"], []) if isinstance(a, NotModelled) and a.timing == "cost"]


def destroy_replacement(entry: dict) -> str | None:
    """The zone a creature goes to instead of being destroyed, if its text says so."""
    for st in statics(entry):
        if st.kind == "destroy-replacement":
            return st.value
    return None


def can_attack_untapped(entry: dict) -> bool:
    return CAN_ATTACK_UNTAPPED in SCRIPTS.get(entry["id"], [])


def unblockable(entry: dict) -> bool:
    return UNBLOCKABLE in SCRIPTS.get(entry["id"], [])


def missing_code(entry: dict) -> list:
    """The catalogue abilities of a card that have no code here (the scenario is unplayable)."""
    if entry.get("abilities") and entry["id"] not in SCRIPTS:
        return list(entry["abilities"])
    return []
