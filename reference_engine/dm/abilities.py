"""The shapes of Duel Masters abilities, the building blocks card scripts are made of, and the
registry of card scripts (:func:`card`, :data:`SCRIPTS`) the engine asks (:func:`triggered`,
:func:`statics`, :func:`missing_code` …). The cards themselves are in :mod:`.cards`, one
decorated function per card.

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

from dataclasses import dataclass
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
        if optional and not g.yes_no(src.owner, f"{src.id}: draw {n}?"):
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
    """「このターン、このクリーチャーは…を得る」: ``kw`` until the end of the turn."""
    def eff(g, src, ctx):
        if g.in_battle(src.id):
            g.grant(src, kw, ("end", g.turn))
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
        picked = g.choose(player, cands, min(minimum, len(cands)), 1, f"{src.id}: {prompt}")
        for cid in picked:
            do(g, src, g.cards[cid])
    eff.optional = minimum == 0
    return eff


def tap(g, src, c):
    g.tap(c)


def destroy(g, src, c):
    g.destroy([c])


def bounce(g, src, c):
    g.leave_battle(c, "hand", "effect")


def to_mana(g, src, c):
    g.leave_battle(c, "mana", "effect")


def grant_blocker(g, src, c):
    """「次の自分のターンのはじめまで、…「ブロッカー」を得る」: until the start of the granting player's next turn."""
    g.grant(c, "blocker", ("start", src.owner))


def untap(g, src, c):
    g.untap(c)


def power_at_most(n):
    return lambda g, src, c: g.power(c) <= n


@optional
def may_untap_self(g, src, ctx):
    if g.in_battle(src.id) and src.tapped and g.yes_no(src.owner, f"{src.id}: untap this creature?"):
        g.untap(src)


@optional
def may_top_card_to_mana(g, src, ctx):
    deck = g.zone(src.owner, "deck")
    if deck and g.yes_no(src.owner, f"{src.id}: put the top card of your deck into your mana zone?"):
        g.move(deck[0], "mana", "effect")


def own_mana_at_least(n):
    return lambda g, holder, c: c is holder and g.in_battle(holder.id) and len(g.zone(holder.owner, "mana")) >= n


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
    if a is not None and g.in_battle(a.id) and g.yes_no(src.owner, f"{src.id}: return {a.id}?"):
        g.leave_battle(a, "hand", "effect")


def return_self_to_hand(g, src, ctx):
    if g.in_battle(src.id):
        g.leave_battle(src, "hand", "effect")


def power_at_least_draw(threshold):
    def eff(g, src, ctx):
        if g.in_battle(src.id) and g.power(src) >= threshold:
            g.draw(src.owner, 1)
    return eff


def blocking(g, holder):
    return g.attack is not None and g.attack.blocker == holder.id


def attacking(g, holder):
    return g.attack is not None and g.attack.active and g.attack.attacker == holder.id


def self_bonus(cond, n, when):
    return Static("power", delta=lambda g, holder, c: n if c is holder and cond(g, holder) else 0, when=when)


def blocked_this_attack(g, src, ctx):
    return g.attack is not None and g.attack.blocker == src.id


def attacked_player(g, src, ctx):
    return ctx.get("target") == "player"


def has_blocker(g, src, c):
    return g.has(c, "blocker")


# ---- the registry --------------------------------------------------------------------------
#: catalogue id -> the card's abilities (shapes and markers), registered by :func:`card`
SCRIPTS: dict[str, list] = {}
#: catalogue id -> the function that wrote its abilities (its docstring names the card)
WRITTEN_BY: dict[str, Callable] = {}


def card(card_id: str):
    """Register the abilities a function returns as the script of the card ``card_id``::

        @card("DM-01 19/110")
        def solar_ray():
            # Solar Ray (ソーラー・レイ)
            return [Triggered("spell", choose_and(tap, prompt="tap one of the opponent's creatures"))]
    """
    def deco(fn):
        if card_id in SCRIPTS:
            raise ValueError(f"card {card_id} has two scripts")
        SCRIPTS[card_id], WRITTEN_BY[card_id] = fn(), fn
        return fn
    return deco


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
