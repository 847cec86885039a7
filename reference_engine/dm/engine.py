"""The Duel Masters attack procedure (攻撃の手順), step by step (AT-S1..AT-S7), and the turns
after it for a scenario of several turns (format 2.1, ``setup.stop``: :meth:`Game.turn_ends`,
:meth:`Game.next_turn`).

State: every card of the setup with its zone (deck 山札, hand 手札, mana マナゾーン,
battle バトルゾーン, shield シールドゾーン, graveyard 墓地), tapped state (タップ),
summoning sickness (召喚酔い) and evolution sources (進化元, the cards ``under`` a top
card). A creature is the top card of a stack in the battle zone.

Abilities come from two places and nowhere else:
- the catalogue keywords of a card (:mod:`.keywords`: blocker, W-/T-breaker, power
  attacker, shield trigger, slayer, "cannot attack players", "cannot be attacked",
  "wins all battles", ninja strike, revolution change, invasion, revolution 0 trigger,
  evolution, speed attacker);
- per-card ability code for the card's text (:mod:`.cards`, one registered function per card;
  the shapes in :mod:`.abilities`), keyed by catalogue id.
A card whose text has an ability without code makes the scenario :class:`Unplayable`.

Trace events (``schemas/trace.schema.json``): ``step`` when a step AT-S1..AT-S7 begins;
``attack``, ``tap``, ``untap``, ``power`` (a creature's power changed), ``trigger`` (a
triggered ability begins to resolve), ``declare`` (ninja strike, revolution change,
invasion, revolution 0 trigger), ``summon``, ``move``, ``block``, ``battle``,
``destroy``, ``break``, ``shield-trigger``, ``draw``, ``attack-end`` and ``win``; ``ask``
(issue 27) at each of its own decision points where a player has a choice: whether to block,
which shields to break (not when every shield must be), whether to use a shield trigger, which
cards an ability has them choose (not a choice without alternative), a "you may", which breaker
ability, the order of waiting abilities; in a scenario of several turns also ``turn`` and
``phase`` (untap, start, draw, mana, main, attack, end).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...catalogue import cards as card_catalogue
from ...decisions import MissingDecision, Refusal, ask
from ..common import GameOver, Unplayable, deck_order, opponent
from . import abilities
from . import cards as card_scripts  # noqa: F401  (importing the cards registers their scripts)

UNSUPPORTED: tuple = ()

ZONES = ("deck", "hand", "mana", "battle", "shield", "graveyard")
CIVS = ("light", "water", "darkness", "fire", "nature", "zero")


#: refusal codes (``trace.schema.json#/$defs/refusal_code``) of the engine's reasons, first match
REFUSAL_REASONS = (
    ("summoning sickness", "summoning-sickness"),
    ("a tapped creature cannot attack", "tapped"),
    ("a tapped creature cannot block", "tapped"),
    ("cannot attack players", "cannot-attack"),
    ("the creature cannot attack", "cannot-attack"),
    ("cannot be attacked", "cannot-be-attacked"),
    ("has no blocker", "cannot-block"),
    ("is declared before any other ability", "timing"),
    ("cannot be declared now", "timing"),
    ("attacks are declared in the attack phase", "timing"),
    ("mana zone", "mana"),
    ("already used", "once-per-turn"),
    ("shield", "target"),
    ("the target must be", "target"),
    ("must be one of", "zone"),
    ("must be in the declaring player's hand", "zone"),
)


def refusal_code(reason: str) -> str:
    """The refusal code of one of the engine's reasons (``condition`` when none fits)."""
    return next((code for words, code in REFUSAL_REASONS if words in reason), "condition")


@dataclass
class Card:
    """One card: ``id`` (local), catalogue ``entry``, ``owner``, ``zone``, ``tapped``,
    ``sick`` (summoning sickness), ``sources`` (evolution sources under it, bottom first)
    and ``under`` (the top card it lies under, for a source). ``gained``: keywords gained
    from effects, each for as long as :attr:`Game.lasting` says (:meth:`Game.grant`)."""
    id: str
    entry: dict
    owner: str
    zone: str
    tapped: bool = False
    sick: bool = False
    sources: list = field(default_factory=list)
    under: str | None = None
    gained: list = field(default_factory=list)
    order: float = 0.0

    @property
    def name(self) -> str:
        return self.entry["name"]["en"]


@dataclass
class Pending:
    """A triggered ability waiting to resolve (解決待ち): its controller, source card, ability."""
    player: str
    source: str
    ability: object
    ctx: dict = field(default_factory=dict)


@dataclass
class Attack:
    """The attack being processed: attacker, target (card id or ``player``), blocker, flags."""
    attacker: str
    target: str
    blocker: str | None = None
    active: bool = False         # "while attacking" (攻撃中) effects apply (from AT-S2 to the end, AT-D2, AT-S7)
    break_count: int | None = None
    ninja_used: set = field(default_factory=set)   # players who used a ninja strike this attack
    battled: tuple = ()
    resolving_started: bool = False   # an ability of this attack has begun to resolve


@dataclass
class Declared:
    """What a declaration (宣言) puts waiting to resolve among its player's abilities: a
    revolution change's switch. Official Q&A 2024-04-05 (Takara Tomy, quoted by dmwiki.net
    「公式Q&A 2024年4月5日更新版」): the revolution change is declared before any other ability
    begins to resolve, then it and the attacking creature's "when attacks" abilities wait and
    their controller resolves them in the order they choose."""
    timing: str
    effect: object


#: the steps of a turn (ターンの進行): untap, start of the turn, draw, charge (mana), main, attack, end
PHASES = ("untap", "start", "draw", "mana", "main", "attack", "end")
#: how many turns after the one it starts in the engine plays (a ``stop`` beyond it is a visible skip)
MAX_TURNS = 4


class StopReached(Exception):
    """The run reached the scenario's ``stop`` (format 2.1)."""


class Game:
    def __init__(self, setup: dict, driver):
        self.scripts = abilities
        self.driver = driver
        self.cat = card_catalogue("dm")
        self.ap = setup["turn_player"]
        self.nap = opponent(self.ap)
        self.phase = setup["phase"]
        self.events: list[dict] = []
        self.cards: dict[str, Card] = {}
        self.winner = None
        self.attack: Attack | None = None
        self.queue: list[Pending] = []
        self.order_pref: dict[str, list] = {}
        self.used_once: set = set()
        self.battling: tuple | None = None    # the two creatures of the battle fixed in AT-S6a, while it lasts
        self.end_of_turn: list = []           # delayed abilities for the end of the turn: (card id, what)
        self.turn = setup["turn"]
        stop = setup.get("stop")
        self.stop = (stop["turn"], stop["phase"]) if stop else None   # format 2.1: play on until that step begins
        self.lasting: list = []               # (card id, keyword, until): keywords granted for a while (grant)
        self.window: str | None = None        # the step of the attack whose window is open
        self.attack_no = 0                    # the attacks of this attack phase, counted
        rank = {id(c): n for n, c in enumerate(deck_order(setup["cards"]))}   # a zone's order, top first
        for c in setup["cards"]:
            self.cards[c["id"]] = Card(c["id"], self.cat[c["card"]], c["owner"], c["zone"], bool(c.get("tapped")),
                                       bool(c.get("summoning_sick")), order=rank[id(c)])
        for c in setup["cards"]:
            if c.get("under"):
                top = self.cards[c["under"]]
                self.cards[c["id"]].under = top.id
                top.sources.append(c["id"])
        for c in self.cards.values():
            missing = abilities.missing_code(c.entry)
            if missing:
                raise Unplayable(f"card {c.entry['id']} ({c.name}): no ability code yet for: {missing}")
        self.shown_power = {c.id: self.power(c) for c in self.creatures()}

    # ---- events and state helpers ----------------------------------------------------------
    def emit(self, event: str, **fields) -> None:
        """Report an event of the trace (the attack's steps, AT-S1..AT-S7, and what happens in
        them: AT-P3's broken shields, one ``break`` event for the shields broken together)."""
        ev = {"event": event, **{k: v for k, v in fields.items() if v is not None}}
        self.events.append(ev)
        self.driver.event(ev)

    def creatures(self, player: str | None = None) -> list[Card]:
        """The creatures in the battle zone (top cards of stacks), optionally of one player."""
        return [c for c in self.cards.values() if c.zone == "battle" and c.under is None
                and (player is None or c.owner == player)]

    def zone(self, player: str, zone: str) -> list[Card]:
        cs = [c for c in self.cards.values() if c.owner == player and c.zone == zone and c.under is None]
        return sorted(cs, key=lambda c: c.order)

    def in_battle(self, cid: str | None) -> bool:
        c = self.cards.get(cid) if cid else None
        return c is not None and c.zone == "battle" and c.under is None

    def keywords(self, c: Card) -> list[str]:
        kws = list(c.entry.get("keywords", [])) + list(c.gained)
        for holder in self.creatures():   # static abilities granting keywords (this card's or others')
            for st in self.scripts.statics(holder.entry):
                if st.kind == "grant-keyword" and st.applies(self, holder, c):
                    kws.append(st.value)
        return kws

    def has(self, c: Card, kw: str) -> bool:
        """Does creature ``c`` have keyword ``kw`` now (printed, gained or granted): blocker
        (DM-GEN-BLOCKER), "cannot attack players" (AT-P5), "can attack untapped creatures" (AT-02), ..."""
        return any(k == kw or k.startswith(kw + ":") for k in self.keywords(c))

    def kw_value(self, c: Card, kw: str) -> list[str]:
        return [k.split(":", 1)[1] for k in self.keywords(c) if k.startswith(kw + ":")]

    def power(self, c: Card) -> int:
        """Power (パワー): printed power + "while attacking" (power attacker: from AT-S2 until the
        attack ends, AT-S7, AT-D2) + other statics."""
        p = c.entry.get("power", 0)
        a = self.attack
        if a and a.active and a.attacker == c.id:
            p += sum(int(v) for v in self.kw_value(c, "power-attacker"))
        for holder in self.creatures():
            for st in self.scripts.statics(holder.entry):
                if st.kind == "power":
                    p += st.delta(self, holder, c)
        return p

    def update_powers(self) -> None:
        """Emit a ``power`` event for every creature whose power changed since last shown (the
        static abilities of AT-S2, "while attacking", as they apply)."""
        for c in self.creatures():
            p = self.power(c)
            if self.shown_power.get(c.id) != p:
                self.shown_power[c.id] = p
                self.emit("power", card=c.id, power=p)

    def tap(self, c: Card) -> None:
        if not c.tapped:
            c.tapped = True
            self.emit("tap", card=c.id)

    def untap(self, c: Card) -> None:
        if c.tapped:
            c.tapped = False
            self.emit("untap", card=c.id)

    def move(self, c: Card, to: str, reason: str, dest_owner_zone: bool = True, bottom: bool = False) -> None:
        """Move a card (a creature: its whole stack) to ``to`` in its owner's zones (a broken
        shield to the hand, AT-P3; a deck: on top, or at the ``bottom``)."""
        stack = [c] + [self.cards[s] for s in c.sources]
        for x in stack:
            frm = x.zone
            x.zone, x.tapped, x.under, x.gained = to, False if to != "battle" else x.tapped, None, []
            self.lasting = [entry for entry in self.lasting if entry[0] != x.id]   # a new card where it goes
            x.order = (10**9 + len(self.events) if bottom else -1) if to == "deck" else len(self.events)
            self.emit("move", card=x.id, **{"from": frm}, to=to, player=x.owner, reason=reason)
        c.sources = []
        self.shown_power.pop(c.id, None)

    def leave_battle(self, c: Card, to: str, reason: str) -> None:
        """A creature leaves the battle zone; a card that leaves "only its top card" splits (AT-D4)."""
        if self.scripts.only_top_leaves(c.entry) and len(c.sources) >= 1:
            sources = [self.cards[s] for s in c.sources]
            tapped = c.tapped
            c.sources = []
            self.move(c, to, reason)          # only the top card leaves
            for s in sources:                 # the sources stay, each a creature in the stack's state
                s.under, s.zone, s.tapped = None, "battle", tapped
            self.rebind_split(c, sources)
            return
        self.move(c, to, reason)

    def rebind_split(self, top: Card, parts: list[Card]) -> None:
        """AT-D4: the attacker, target or blocker split into several creatures: the
        attacking side (AP) chooses which one attacks / is attacked / blocks (DM-GEN-WHO-DECIDES)."""
        a = self.attack
        if not a or top.id not in (a.attacker, a.target, a.blocker):
            return
        ids = [p.id for p in parts]
        chosen = ids[0] if len(ids) == 1 else self.choose(self.ap, ids, 1, 1, f"AT-D4: which creature takes the place of {top.id}")[0]
        if a.attacker == top.id:
            a.attacker = chosen
        if a.target == top.id:
            a.target = chosen
        if a.blocker == top.id:
            a.blocker = chosen
        for p in parts:
            self.shown_power[p.id] = self.power(p)

    def destroy(self, cs: list[Card]) -> list[Card]:
        """Destroy (破壊) creatures at the same time; returns the cards that went to the graveyard.
        A creature whose text replaces its destruction ("when this creature would be destroyed,
        ... instead") goes where its text says and is not destroyed. Then "when destroyed"
        abilities of the destroyed creatures and "whenever one of your creatures is destroyed"
        abilities of their owners' other creatures trigger."""
        out, instead = [], []
        for c in cs:
            if not self.in_battle(c.id):
                continue
            if self.scripts.destroy_replacement(c.entry):
                instead.append(c)
                continue
            self.emit("destroy", card=c.id)
        for c in instead:
            self.leave_battle(c, self.scripts.destroy_replacement(c.entry), "effect")
        for c in cs:
            if self.in_battle(c.id) and c not in instead:
                self.leave_battle(c, "graveyard", "rule" if self.attack else "effect")
                out.append(c)
        for c in out:
            self.trigger("when-destroyed", c, {})
        for c in out:
            for other in self.creatures(c.owner):
                self.trigger("ally-destroyed", other, {"card": c.id})
        return out

    def draw(self, player: str, n: int = 1, normal: bool = False) -> None:
        """Draw ``n`` cards (``normal``: the draw of the draw step, ドローステップ)."""
        deck = self.zone(player, "deck")
        drawn = deck[:n]
        for c in drawn:
            self.move(c, "hand", "draw")
        self.emit("draw", player=player, cards=[c.id for c in drawn], normal=normal, phase="draw" if normal else None)

    def grant(self, c: Card, kw: str, until: tuple) -> None:
        """``c`` gets the keyword ``kw`` until ``until``: ``("end", turn)`` the end of that turn
        (「このターン」), ``("start", player)`` the start of ``player``'s next turn (「次の自分の
        ターンのはじめまで」); or until it leaves its zone (a new card there)."""
        c.gained.append(kw)
        self.lasting.append((c.id, kw, until))

    def expire(self, until: tuple) -> None:
        """The keywords granted ``until`` now end (:meth:`grant`): e.g. a blocker granted until the
        start of its controller's next turn can no longer block after it (DM-GEN-BLOCKER, AT-S4)."""
        for entry in [e for e in self.lasting if e[2] == until]:
            self.lasting.remove(entry)
            c = self.cards[entry[0]]
            if entry[1] in c.gained:
                c.gained.remove(entry[1])
        self.update_powers()

    def summon(self, c: Card, how: str) -> None:
        """Put a creature from hand/shields into the battle zone (召喚); it has summoning sickness
        (DM-GEN-SUMMONING-SICKNESS); its cip triggers (a shield trigger's, AT-S6b)."""
        frm = c.zone
        c.zone, c.tapped, c.sick = "battle", False, True
        c.order = len(self.events)
        self.emit("move", card=c.id, **{"from": frm}, to="battle", player=c.owner, reason="summon")
        self.emit("summon", card=c.id, player=c.owner)
        self.shown_power[c.id] = self.power(c)
        self.entered(c, how)

    def entered(self, c: Card, how: str) -> None:
        """A creature was put into the battle zone: its cip and others' "ally-enters" trigger."""
        self.trigger("cip", c, {"how": how})
        for other in self.creatures(c.owner):
            if other.id != c.id:
                self.trigger("ally-enters", other, {"card": c.id})

    # ---- decisions --------------------------------------------------------------------------
    def ask(self, player: str, question: str, cards=None) -> None:
        """The engine asks ``player`` a ``question`` (an ``ask`` event, issue 27): emitted at each of
        the engine's own decision points where the player has a choice, before the answer."""
        ev = ask(player, question, cards)
        self.events.append(ev)
        self.driver.event(ev)

    def yes_no(self, player: str, prompt: str) -> bool:
        """A "you may" (〜してもよい) of an ability: asked, then answered by the decider."""
        self.ask(player, "yes-no")
        return self.driver.yes_no(player, prompt)

    def choose(self, player: str, candidates: list, minimum: int, maximum: int, prompt: str) -> list:
        """``player`` chooses ``minimum``..``maximum`` of ``candidates`` (an ability's or a rule's
        choice); a choice with no alternative (as many candidates as must be chosen, none optional)
        is made without asking."""
        if minimum == 0 or len(candidates) > minimum:
            self.ask(player, "target", candidates)
        return self.driver.choose(player, candidates, minimum, maximum, prompt)

    def take(self, player: str, kinds: tuple, validate):
        """The scripted step answering ``player``'s decision of one of ``kinds`` in the current
        step of the attack (the window; DM-GEN-WHO-DECIDES: the engine asks the player the rules
        give the decision to): validated (refused steps are recorded and the next
        is considered), applied and returned; else None (the player declines)."""
        def coded(st):
            reason = validate(st)
            return Refusal(reason, code=refusal_code(reason)) if reason else None
        return self.driver.take(player, kinds, coded)

    # ---- triggered abilities ----------------------------------------------------------------
    def trigger(self, timing: str, source: Card, ctx: dict) -> None:
        """Queue the ``timing`` abilities of ``source`` (its card code) as waiting to resolve
        (DM-GEN-WAITING): the step that calls it decides which abilities trigger when (AT-S3,
        AT-S5, AT-S6a, AT-S7)."""
        if timing not in ("when-destroyed",) and not self.in_battle(source.id):
            return  # a creature's abilities trigger while it is in the battle zone (leave-abilities look back)
        for ab in self.scripts.triggered(source.entry):
            if ab.timing == timing and ab.condition(self, source, ctx):
                self.queue.append(Pending(source.owner, source.id, ab, dict(ctx)))

    def run_timing(self, declarations: dict | None = None) -> None:
        """Resolve everything waiting: AP's abilities first, then NAP's (AT-D1,
        DM-GEN-TURN-PLAYER-FIRST), one at a time and none in the middle of another's resolution
        (DM-GEN-WAITING); a player with several chooses the order (``order-triggers``). ``declarations`` maps a player to the
        declaration kinds (ninja strike, ...) they may make when it is their turn to resolve: abilities
        that trigger in a hidden zone are used only when declared, the turn player's first
        (DM-GEN-HIDDEN-ZONE-TRIGGERS, 総合ルール 506.3b/c)."""
        declarations = declarations or {}
        while True:
            acted = False
            for p in self.resolution_order():
                if self.player_turn(p, declarations.get(p, ())):
                    acted = True
                    break
            self.update_powers()
            if not acted:
                return

    def resolution_order(self) -> tuple:
        """AT-D1, DM-GEN-TURN-PLAYER-FIRST: abilities waiting at the same time resolve AP's first,
        then NAP's, at every timing (not only during an attack)."""
        return (self.ap, self.nap)

    def player_turn(self, p: str, kinds: tuple) -> bool:
        """Player ``p`` resolves one of their waiting abilities (or makes a declaration): it
        resolves fully before anything else waiting does (DM-GEN-WAITING). ``False`` when ``p``
        has nothing to do."""
        if kinds:
            step = self.take(p, kinds, lambda s: self.validate_declaration(p, s))
            if step:
                self.declare(p, step)
                return True
        pend = [x for x in self.queue if x.player == p]
        if not pend:
            return False
        nxt = self.pick(p, pend)
        self.queue.remove(nxt)
        if self.attack is not None:
            self.attack.resolving_started = True
        src = self.cards[nxt.source]
        if not isinstance(nxt.ability, Declared):   # a declaration was already reported when made
            self.emit("trigger", card=src.id, ability=nxt.ability.timing, player=p)
        nxt.ability.effect(self, src, nxt.ctx)
        if self.winner:
            raise GameOver
        return True

    def pick(self, p: str, pend: list[Pending]) -> Pending:
        """The waiting ability of ``p`` to resolve next: the one ``p`` orders first
        (DM-GEN-WAITING: in the order its controller chooses, also among abilities that began to
        wait later)."""
        sources = list(dict.fromkeys(x.source for x in pend))
        if len(sources) == 1:
            return pend[0]
        pref = self.order_pref.get(p, [])
        if not all(s in pref for s in sources):
            self.ask(p, "order", sources)
            step = self.take(p, ("order-triggers",), lambda s: None if all(x in s["order"] for x in sources)
                             else f"the order must name every waiting source: {sources}")
            if step is None:
                raise MissingDecision(f"player {p} must order the waiting abilities of {sources} (AT-D1) "
                                      f"and the script gives no `order-triggers` step")
            pref = self.order_pref[p] = list(step["order"])
        return min(pend, key=lambda x: pref.index(x.source))

    # ---- declarations (ninja strike, revolution change, invasion, revolution 0 trigger) -----
    def validate_declaration(self, p: str, s: dict) -> str | None:
        """Why ``p`` cannot make the declaration ``s`` now (``None``: they can): AT-S3 (AP's
        invasion and revolution change, the latter before any other ability starts to resolve,
        official Q&A 2024-04-05; NAP's ninja strike and revolution 0 trigger), AT-S5 (AP's ninja
        strike after a block). An ability triggering in the hand is used only when its owner
        declares it (DM-GEN-HIDDEN-ZONE-TRIGGERS: 506.3b, 603.2e)."""
        c = self.cards.get(s.get("card", ""))
        a = self.attack
        if c is None or c.owner != p or c.zone != "hand":
            return "the declared card must be in the declaring player's hand"
        kind = s["do"]
        if kind == "ninja-strike":
            vals = self.kw_value(c, "ninja-strike")
            if not vals:
                return "the card has no ninja strike"
            if p in a.ninja_used:
                return "a ninja strike was already used by this player during this attack"
            # the mana count is checked when the ninja strike resolves, not when it is declared
            # (official Q&A 2022-08-10, comprehensive rules 112.3c)
            return None
        if kind in ("revolution-change", "invasion"):
            vals = self.kw_value(c, kind)
            if not vals:
                return f"the card has no {kind}"
            if kind == "revolution-change" and a.resolving_started:
                return ("a revolution change is declared before any other ability starts to resolve "
                        "(official Q&A 2024-04-05)")
            att = self.cards[a.attacker]
            if not (self.in_battle(att.id) and matches_condition(att.entry, vals[0])):
                return f"the attacking creature is not a {vals[0]}"
            return None
        if kind == "revolution-0-trigger":
            if not self.has(c, "revolution-0-trigger"):
                return "the card has no revolution 0 trigger"
            if a.target != "player" or self.zone(p, "shield"):
                return "revolution 0 trigger: a creature must attack you while you have no shields"
            return None
        return f"{kind} cannot be declared now"

    def declare(self, p: str, s: dict) -> None:
        """``p`` declares the hidden-zone ability ``s`` (使用宣言: the card is shown, the ``declare``
        event; DM-GEN-HIDDEN-ZONE-TRIGGERS) and it is used."""
        c = self.cards[s["card"]]
        kind = s["do"]
        a = self.attack
        self.emit("declare", card=c.id, ability=kind, player=p)
        if kind == "ninja-strike":
            a.ninja_used.add(p)
            # ニンジャ・ストライクN: summoned if the mana zone has N or more cards when it resolves;
            # otherwise the card stays in the hand (official Q&A 2022-08-10, comprehensive rules 112.3c)
            if len(self.zone(p, "mana")) >= int(self.kw_value(c, "ninja-strike")[0]):
                self.summon(c, "ninja-strike")
                # 「そのターンの終わりに、このシノビを自分の山札の一番下に置く」 (the keyword's text)
                self.end_of_turn.append((c.id, "deck-bottom"))
        elif kind == "revolution-0-trigger":
            self.summon(c, "revolution-0-trigger")
        elif kind == "revolution-change":
            # 革命チェンジ: the switch waits among the player's abilities (official Q&A 2024-04-05)
            self.queue.append(Pending(p, c.id, Declared("revolution-change", self.revolution_change), {}))
        elif kind == "invasion":
            # 侵略: put this creature from the hand on top of the attacking creature; it goes on attacking
            old = self.cards[a.attacker]
            c.zone, c.tapped = "battle", old.tapped
            c.sources = old.sources + [old.id]
            for sid in c.sources:
                self.cards[sid].under = c.id
            old.sources = []
            c.order = old.order
            self.emit("move", card=c.id, **{"from": "hand"}, to="battle", player=p, reason="effect")
            a.attacker = c.id
            self.shown_power.pop(old.id, None)
            self.shown_power[c.id] = None
            self.update_powers()
            self.entered(c, "invasion")

    def revolution_change(self, g, c: Card, ctx: dict) -> None:
        """革命チェンジ resolves (DM-GEN-HIDDEN-ZONE-TRIGGERS: declared from the hand, AT-S3): switch the attacking creature with this creature from the hand;
        it goes on attacking (in the attacker's tapped state). Nothing happens if either has
        moved since the declaration."""
        a = self.attack
        old = self.cards[a.attacker]
        if c.zone != "hand" or not self.in_battle(old.id):
            return
        was_tapped = old.tapped
        self.move(old, "hand", "effect")
        c.zone, c.tapped, c.sick = "battle", was_tapped, True
        c.order = len(self.events)
        self.emit("move", card=c.id, **{"from": "hand"}, to="battle", player=c.owner, reason="effect")
        a.attacker = c.id
        self.shown_power[c.id] = None
        self.update_powers()
        self.entered(c, "revolution-change")

    # ---- the attack ---------------------------------------------------------------------------
    def validate_attack(self, s: dict) -> str | None:
        """AT-S1 / AT-02 / AT-P5: can this creature attack this target now? Only in the attack
        step (DM-GEN-ATTACK-STEPS), not with summoning sickness (DM-GEN-SUMMONING-SICKNESS)."""
        if self.phase != "attack":
            return f"attacks are declared in the attack phase (it is the {self.phase} phase)"
        c = self.cards.get(s.get("attacker", ""))
        if c is None or c.owner != self.ap or not self.in_battle(c.id):
            return "the attacker must be one of the active player's creatures in the battle zone"
        if c.tapped:
            return "a tapped creature cannot attack"
        if c.sick and not self.has(c, "speed-attacker"):
            return "summoning sickness: the creature was put into the battle zone this turn"
        if self.has(c, "cannot-attack"):
            return "the creature cannot attack"
        for cost in self.scripts.attack_cost_not_modelled(c.entry):
            raise Unplayable(f"{c.entry['id']} ({c.name}): the attack cost '{cost.what}' is not modelled yet")
        t = s.get("target")
        if t == "player":
            if self.has(c, "cannot-attack-players"):
                return "the creature cannot attack players (nor break shields, AT-P5)"
            return None
        tc = self.cards.get(t or "")
        if tc is None or tc.owner != self.nap or not self.in_battle(tc.id):
            return "the target must be the opponent or one of the opponent's creatures"
        return self.attackable_problem(c, tc)

    def attackable_problem(self, c: Card, tc: Card) -> str | None:
        """AT-02: why creature ``tc`` cannot be attacked by ``c`` (``None``: it can)."""
        if not tc.tapped and not self.scripts.can_attack_untapped(c.entry):
            return "an untapped creature cannot be attacked (AT-02)"
        if self.has(tc, "cannot-be-attacked"):
            return "the target cannot be attacked"
        return None

    def step(self, name: str) -> None:
        """Step ``name`` of the attack begins: its window opens (the previous one closes)."""
        if self.window != name:
            if self.window:
                self.driver.close(self.window)
            self.window = name
            self.driver.open({"window": name, "attack": self.attack_no})
        self.emit("step", step=name)

    def interrupted(self) -> bool:
        """AT-D2: the attacker, the target or the blocker has left the battle zone (checked after
        AT-S3 and AT-S5 only: one that leaves during AT-S6 still reaches AT-S7, DM-GEN-ATTACKER-LEAVES)."""
        a = self.attack
        if not self.in_battle(a.attacker):
            return True
        if a.target != "player" and not self.in_battle(a.target):
            return True
        if a.blocker and not self.in_battle(a.blocker):
            return True
        return False

    def end_attack(self, interrupted: bool) -> None:
        """The attack ends, at AT-S7 or interrupted (AT-D2): "while attacking" effects end."""
        a = self.attack
        a.active = False
        self.update_powers()
        self.emit("attack-end", interrupted=interrupted, attacker=a.attacker)
        if self.window:
            self.driver.close(self.window)
            self.window = None
        self.attack = None
        self.order_pref = {}

    def do_attack(self, s: dict) -> None:
        """The attack procedure, one method per step (AT-S1..AT-S7, DM-GEN-ATTACK-STEPS); AT-D2's
        interruption skips the steps after AT-S3 and AT-S5."""
        a = self.attack = Attack(s["attacker"], s["target"])
        self.declaration_step(a)
        self.while_attacking_step(a)
        self.attack_trigger_step(a)
        if self.interrupted():
            return self.end_attack(True)
        self.block_step(a)
        self.block_trigger_step(a)
        if self.interrupted():
            return self.end_attack(True)
        self.battle_or_break_step(a)
        self.end_step(a)

    def declaration_step(self, a: Attack) -> None:
        """AT-S1 declaration (AT-01, AT-03): tap and choose the target (AT-X2: before any attack trigger)."""
        self.step("AT-S1")
        self.tap(self.cards[a.attacker])
        self.emit("attack", attacker=a.attacker, target=a.target)

    def while_attacking_step(self, a: Attack) -> None:
        """AT-S2: "while attacking" and "while tapped" statics apply (AT-X1: before AT-S3)."""
        self.step("AT-S2")
        a.active = True
        self.update_powers()

    def attack_trigger_step(self, a: Attack) -> None:
        """AT-S3: "when attacks / is attacked"; AP declares invasion and revolution change, NAP
        ninja strike and revolution 0 trigger (AT-D1: AP first; DM-GEN-HIDDEN-ZONE-TRIGGERS)."""
        self.step("AT-S3")
        for c in self.creatures(self.ap):
            if c.id == a.attacker:
                self.trigger("when-attacks", c, {"target": a.target})
            self.trigger("ally-attacks", c, {"attacker": a.attacker, "target": a.target})
        for c in self.creatures(self.nap):
            if c.id == a.target:
                self.trigger("when-attacked", c, {"attacker": a.attacker})
            self.trigger("opponent-attacks", c, {"attacker": a.attacker, "target": a.target})
        self.run_timing({self.ap: ("invasion", "revolution-change"),
                         self.nap: ("ninja-strike", "revolution-0-trigger")})

    def block_step(self, a: Attack) -> None:
        """AT-S4: NAP may block with an untapped blocker, tapping it; the block is established
        (DM-GEN-BLOCKER; NAP decides, DM-GEN-WHO-DECIDES)."""
        self.step("AT-S4")
        blockers = [c for c in self.creatures(self.nap) if self.has(c, "blocker") and not c.tapped]
        if blockers and not self.scripts.unblockable(self.cards[a.attacker].entry):
            self.ask(self.nap, "block", [b.id for b in blockers])
            step = self.take(self.nap, ("block", "no-block"), lambda st: self.validate_block(st))
            if step and step["do"] == "block":
                b = self.cards[step["card"]]
                self.tap(b)
                a.blocker = b.id
                self.emit("block", blocker=b.id, attacker=a.attacker)
                self.update_powers()

    def block_trigger_step(self, a: Attack) -> None:
        """AT-S5: "when blocks / is blocked / not blocked"; AP's ninja strike after a block."""
        self.step("AT-S5")
        att = self.cards[a.attacker]
        if a.blocker:
            self.trigger("when-blocked", att, {"blocker": a.blocker})
            self.trigger("when-blocks", self.cards[a.blocker], {"attacker": a.attacker})
        else:
            self.trigger("when-not-blocked", att, {"target": a.target})
        self.run_timing({self.ap: ("ninja-strike",)} if a.blocker else {})

    def battle_or_break_step(self, a: Attack) -> None:
        """AT-S6: a battle (AT-S6a), breaking shields (AT-S6b) or the direct attack (AT-S6c, AT-P1)."""
        if a.blocker or a.target != "player":
            self.battle_step()
        elif self.zone(self.nap, "shield"):
            self.break_step()
        else:
            self.step("AT-S6c")
            self.win(self.ap, "direct-attack")

    def end_step(self, a: Attack) -> None:
        """AT-S7 the attack ends: "while attacking" effects end, "after attacking" abilities resolve.
        DM-GEN-ATTACKER-LEAVES: AT-S6a and AT-S6b both end with "Then step AT-S7", and the rules
        wiki's 攻撃終了ステップ says the attack's end comes even when the attacking creature was
        removed: a creature that left the battle zone during AT-S6 (the loser of the battle, an
        attacker destroyed or bounced by a shield trigger) does not skip AT-S7; AT-D2's
        interruption skips the steps after AT-S3 and AT-S5."""
        self.step("AT-S7")
        a.active = False
        self.update_powers()
        self.trigger("after-attacking", self.cards[a.attacker], {"target": a.target})
        self.run_timing()
        self.end_attack(False)

    def validate_block(self, st: dict) -> str | None:
        """Why NAP's block step ``st`` is refused (``None``: it is not): an untapped creature of
        NAP with blocker, summoning sick or not (DM-GEN-BLOCKER, DM-GEN-SUMMONING-SICKNESS)."""
        if st["do"] == "no-block":
            return None
        b = self.cards.get(st.get("card", ""))
        if b is None or b.owner != self.nap or not self.in_battle(b.id):
            return "the blocker must be one of the non-active player's creatures"
        if not self.has(b, "blocker"):
            return "the creature has no blocker"
        if b.tapped:
            return "a tapped creature cannot block"
        return None

    def battle_step(self) -> None:
        """AT-S6a: the battle and its two creatures are fixed and the "when battling" effects apply
        (「バトルする時〜」関連の効果が適用される); the battle (バトル): the loser is destroyed (AT-B1..B5);
        then the abilities. The "when battling" effects last until the battle's abilities resolved."""
        self.step("AT-S6a")
        a = self.attack
        att, dfn = self.cards[a.attacker], self.cards[a.blocker or a.target]
        self.fix_battle(att, dfn)
        pa, pd = self.power(att), self.power(dfn)
        winner, losers = self.battle_result(att, dfn, pa, pd)
        a.battled = (att.id, dfn.id)
        self.emit("battle", attacker=att.id, defender=dfn.id, attacker_power=pa, defender_power=pd, winner=winner)
        # delayed "after the battle" effects created by the battle (slayer: スレイヤー)
        slayers = [(me, foe) for me, foe in ((att, dfn), (dfn, att)) if self.has(me, "slayer")]
        self.battle_outcome(att, dfn, winner, losers)
        self.after_battle(att, dfn, slayers)
        self.battling = None
        self.update_powers()

    def fix_battle(self, att: Card, dfn: Card) -> None:
        """AT-S6a: the battle and its two creatures are fixed; "when battling" effects (a power
        bonus 「〜とバトルする時、このクリーチャーのパワーは+N」) apply from now, before the battle."""
        self.battling = (att.id, dfn.id)
        self.update_powers()

    def battle_outcome(self, att: Card, dfn: Card, winner: str, losers: list) -> None:
        """AT-S6a: "when wins / loses a battle" trigger, the losers are destroyed (AT-B3), and the
        abilities waiting ("when destroyed" among them) resolve."""
        for w in (att, dfn):
            if w not in losers and winner != "none":
                self.trigger("when-wins-battle", w, {"foe": (dfn if w is att else att).id})
        for l in losers:
            self.trigger("when-loses-battle", l, {"foe": (dfn if l is att else att).id})
        self.destroy(losers)
        self.run_timing()

    def after_battle(self, att: Card, dfn: Card, slayers: list) -> None:
        """AT-S6a: after the destroyed / won / lost abilities, "after the battle" abilities (and
        slayer, ``slayers``: ``(creature, foe)`` pairs) trigger and resolve."""
        for me, foe in slayers:
            self.queue.append(Pending(me.owner, me.id, self.scripts.SLAYER, {"foe": foe.id}))
        for c in (att, dfn):
            if self.in_battle(c.id):
                self.trigger("after-battle", c, {"foe": (dfn if c is att else att).id})
        self.run_timing()

    def battle_result(self, att: Card, dfn: Card, pa: int, pd: int) -> tuple:
        """``(winner, losers)`` of a battle between ``att`` (power ``pa``) and ``dfn`` (``pd``):
        ``winner`` a card id, ``"both"`` or ``"none"``; ``losers`` the cards destroyed (AT-B3)."""
        wa, wd = self.has(att, "wins-all-battles"), self.has(dfn, "wins-all-battles")
        if wa and wd:
            return "both", []                     # AT-B5
        if wa or wd:
            w = att if wa else dfn                # AT-B2
            return w.id, [dfn if wa else att]
        if pa == pd:
            return "none", [att, dfn]             # AT-B4
        w = att if pa > pd else dfn               # AT-B1
        return w.id, [dfn if w is att else att]

    def breaker_count(self, c: Card) -> int:
        kws = self.keywords(c)
        options = sorted({3 if k == "triple-breaker" else 2 for k in kws if k in ("double-breaker", "triple-breaker")})
        if len(options) > 1:  # several breakers: AP chooses which one to use now (AT-S6b)
            names = {2: "double-breaker", 3: "triple-breaker"}
            self.ask(self.ap, "option")
            st = self.take(self.ap, ("choose",), lambda s: None if s.get("option") in [names[o] for o in options]
                           else f"choose one of {[names[o] for o in options]}")
            if st is None:
                raise MissingDecision(f"player {self.ap} must choose which breaker ability {c.id} uses")
            return 3 if st["option"] == "triple-breaker" else 2
        return options[0] if options else 1

    def break_step(self) -> None:
        """AT-S6b: the number fixed now; AP chooses; broken together; shield triggers (NAP uses
        them, each one declared and resolved before the next: DM-GEN-SHIELD-TRIGGER says what no
        source decides of that order); then cips."""
        self.step("AT-S6b")
        a = self.attack
        att = self.cards[a.attacker]
        shields = self.zone(self.nap, "shield")
        n = a.break_count = min(self.breaker_count(att), len(shields))   # fixed from now on
        chosen = self.choose_shields(n, [s.id for s in shields])
        chosen = self.shields_still_broken(chosen)
        if chosen:
            self.emit("break", shields=list(chosen), player=self.nap, by=att.id)
        broken = [self.cards[x] for x in chosen]
        for x in broken:   # AT-P3: broken shields go to the hand together
            self.move(x, "hand", "break")
        if broken:         # 「ブレイクした時」: triggers at the break, resolves after the shield triggers were used
            self.trigger("when-breaks", att, {"shields": list(chosen)})
        self.play_broken_shields(broken)
        self.run_timing()

    def play_broken_shields(self, broken: list) -> None:
        """AT-S6b: 「ブレイクしたシールドのS・トリガー、S・バックなど、プレイできるカードがあればそれをプレイしてもよい」:
        NAP may use the shield triggers among the ``broken`` shields (S・トリガー: cast or summoned for
        no cost) and the S-backs in their hand (S・バック-<civ>: discard a broken card of that
        civilization, then this card is summoned or cast for no cost), one after the other."""
        used: set = set()
        while True:
            usable = self.usable_shield_triggers(broken, used)
            if not usable and not self.s_back_discards(broken, used):
                break
            backs = [c.id for c in self.zone(self.nap, "hand") if c.id not in used and self.kw_value(c, "s-back")
                     and self.s_back_discards(broken, used, c)]
            self.ask(self.nap, "shield-trigger", usable + backs)
            st = self.take(self.nap, ("use-shield-trigger", "s-back", "decline"),
                           lambda s: self.broken_shield_play_problem(s, usable, broken, used))
            if st is None or st["do"] == "decline":
                break
            c = self.cards[st["card"]]
            used.add(c.id)
            if st["do"] == "s-back":
                self.emit("declare", card=c.id, ability="s-back", player=self.nap)
                options = self.s_back_discards(broken, used, c)
                picked = options if len(options) == 1 else \
                    self.choose(self.nap, options, 1, 1, f"{c.id}: S-back: discard a broken card")
                self.move(self.cards[picked[0]], "graveyard", "cost")
                used.add(picked[0])
            else:
                self.emit("shield-trigger", card=c.id, player=self.nap)
            if c.entry["card_type"] == "spell":
                self.cast(c)
            else:
                self.summon(c, "shield-trigger" if st["do"] == "use-shield-trigger" else "s-back")
            if self.winner:
                raise GameOver

    def s_back_discards(self, broken: list, used: set, card: Card | None = None) -> list:
        """The broken cards NAP could discard for an S-back in their hand (``card``'s, or any):
        a broken card still in the hand, not used, of the S-back's civilization (AT-S6b: S・バック
        with the shield triggers; DM-GEN-SHIELD-TRIGGER)."""
        backs = [card] if card else [c for c in self.zone(self.nap, "hand") if c.id not in used and self.kw_value(c, "s-back")]
        civs = {civ for b in backs for civ in self.kw_value(b, "s-back")}
        return [x.id for x in broken if x.zone == "hand" and x.id not in used and x not in backs
                and civs & set(x.entry.get("civilizations", []))]

    def broken_shield_play_problem(self, st: dict, usable: list, broken: list, used: set) -> str | None:
        """Why NAP cannot play this broken shield / S-back now (``None``: they can; DM-GEN-SHIELD-TRIGGER, AT-S6b)."""
        if st["do"] == "decline":
            return None
        if st["do"] == "use-shield-trigger":
            return None if st.get("card") in usable else "only an unused shield trigger among the shields broken now can be used"
        c = self.cards.get(st.get("card", ""))
        if c is None or c.owner != self.nap or c.zone != "hand" or not self.kw_value(c, "s-back"):
            return "the S-back card must be in the declaring player's hand"
        if not self.s_back_discards(broken, used, c):
            return "S-back: no broken card of its civilization to discard (a shield broken now)"
        return None

    def usable_shield_triggers(self, broken: list, used: set) -> list:
        """AT-S6b: the shield triggers NAP may use now: those of the shields broken now, in the hand,
        not used yet (a shield trigger already in the hand is not among them)."""
        return [x.id for x in broken if x.zone == "hand" and x.id not in used and self.has(x, "shield-trigger")]

    def shields_still_broken(self, chosen: list) -> list:
        """AT-S6b: 「シールドがブレイクされる時〜」 effects apply for each chosen shield, before they are
        broken together: a replacement (「かわりに…」) of one of NAP's creatures may stop one shield's
        break. Returns the shields that are still broken."""
        kept = []
        for x in chosen:
            replaced = False
            for holder in self.creatures(self.nap):
                for st in self.scripts.shield_break_replacements(holder.entry):
                    if not replaced and self.in_battle(holder.id) and st.effect(self, holder):
                        replaced = True
            if not replaced:
                kept.append(x)
        return kept

    def choose_shields(self, n: int, ids: list) -> list:
        """AT-P2, AT-P4: AP chooses ``n`` of the shields ``ids`` (forced when there are only ``n``: no
        question is asked, a scripted choice of exactly them still answers; DM-GEN-WHO-DECIDES)."""
        if n < len(ids):
            self.ask(self.ap, "break-shields", ids)
        st = self.take(self.ap, ("break-shields",), lambda st: self.shield_choice_problem(st.get("cards", []), ids, n))
        if st is not None:
            return st["cards"]
        if n == len(ids):
            return ids
        raise MissingDecision(f"player {self.ap} must choose {n} of the shields {ids} to break (AT-P2)")

    def shield_choice_problem(self, chosen: list, ids: list, n: int) -> str | None:
        """Why AP cannot break the shields ``chosen`` (``None``: they can)."""
        if len(set(chosen)) != len(chosen):
            return "the same shield cannot be chosen twice during one attack (AT-P4)"
        if not all(x in ids for x in chosen):
            return "only shields of the attacked player can be broken"
        if len(chosen) != n:
            return f"{n} shield(s) must be broken (the number fixed when AT-S6b began)"
        return None

    def cast(self, c: Card) -> None:
        """Cast a spell (呪文) for no cost: resolve it, then put it into the graveyard (a shield
        trigger's use, DM-GEN-SHIELD-TRIGGER)."""
        for ab in self.scripts.triggered(c.entry):
            if ab.timing == "spell":
                ab.effect(self, c, {})
        frm = c.zone
        c.zone = "graveyard"
        self.emit("move", card=c.id, **{"from": frm}, to="graveyard", player=c.owner, reason="activate")
        self.update_powers()

    def win(self, player: str, reason: str) -> None:
        """``player`` wins: a direct attack that is not blocked (AT-P1) ends the game at once."""
        self.winner = player
        self.emit("win", player=player, reason=reason)
        raise GameOver

    # ---- the run ---------------------------------------------------------------------------
    def run(self) -> None:
        """The attack step of the setup's turn (DM-GEN-ATTACK-STEPS: :meth:`attack_phase`); with a
        ``stop`` in a later turn (format 2.1), the end of the turn and the next turns
        (:meth:`next_turn`) until that step begins."""
        if self.stop is not None and (self.stop[0], PHASES.index(self.stop[1])) <= (self.turn, PHASES.index("attack")):
            raise Unplayable(f"the scenario stops at turn {self.stop[0]}'s {self.stop[1]} step, before the attack phase it starts in")
        if self.stop is not None and self.stop[0] > self.turn + MAX_TURNS:
            raise Unplayable(f"the scenario stops at turn {self.stop[0]}; the reference engine plays at most {MAX_TURNS} "
                             f"turns after the one it starts in")
        try:
            self.attack_phase()
            while self.stop is not None and self.winner is None:
                self.turn_ends()
                self.next_turn()
                self.attack_phase()
        except (GameOver, StopReached):
            return

    def set_phase(self, phase: str) -> None:
        """A step of the turn begins (a scenario of several turns, format 2.1); the run stops at the
        start of the scenario's ``stop``."""
        self.phase = phase
        self.emit("phase", phase=phase, player=self.ap, turn=self.turn)
        if (self.turn, phase) == self.stop:
            raise StopReached

    def turn_ends(self) -> None:
        """The end of the turn (ターンの終わり): the delayed abilities of the turn (a shinobi summoned
        by ninja strike goes to the bottom of its deck, Hazard Hopper returns to the hand), then
        what lasted "this turn" (「このターン」) ends."""
        self.set_phase("end")
        due, self.end_of_turn = self.end_of_turn, []
        for cid, what in due:
            c = self.cards[cid]
            if self.in_battle(cid):
                if what == "deck-bottom":
                    self.move(c, "deck", "effect", bottom=True)
                else:
                    self.leave_battle(c, "hand", "effect")
        self.expire(("end", self.turn))

    def next_turn(self) -> None:
        """The next player's turn (ターンの進行): the untap step (AP untaps their cards), the start of
        the turn (what lasted "until the start of your next turn" of AP ends; no creature is still
        summoning sick, DM-GEN-SUMMONING-SICKNESS: none was put into the battle zone this turn), the draw step (AP draws a
        card), the charge and main steps (the scenario format has no decisions for them: nothing is
        charged, summoned or cast), then the attack phase."""
        self.turn += 1
        self.ap, self.nap = self.nap, self.ap
        self.emit("turn", turn=self.turn, player=self.ap)
        for c in self.cards.values():
            c.sick = False
        self.set_phase("untap")
        for c in sorted((c for c in self.cards.values() if c.owner == self.ap and c.zone in ("battle", "mana")),
                        key=lambda c: (c.zone, c.order)):
            self.untap(c)
        self.set_phase("start")
        self.expire(("start", self.ap))
        self.set_phase("draw")
        if not self.zone(self.ap, "deck"):
            raise Unplayable(f"player {self.ap} has no card to draw in turn {self.turn}'s draw step (a deck-out is not "
                             f"modelled): give the scenario's decks enough cards")
        self.draw(self.ap, 1, normal=True)
        self.set_phase("mana")
        self.set_phase("main")
        self.set_phase("attack")

    def attack_phase(self) -> None:
        """The attack step of the turn player (DM-GEN-ATTACK-STEPS): attacks one at a time until
        AP declares no further attack or the game ends."""
        self.attack_no = 0
        while self.winner is None:
            self.window = "AT-S1"          # AP may declare an attack: the declaration step of the next attack
            self.attack_no += 1
            self.driver.open({"window": "AT-S1", "attack": self.attack_no})
            st = self.take(self.ap, ("declare-attack",), self.validate_attack)
            if st is None:
                self.driver.close("AT-S1")
                self.window = None
                return
            self.do_attack(st)

    def final(self) -> dict:
        cards = {}
        for c in self.cards.values():
            d = {"zone": c.zone, "owner": c.owner}
            if c.zone in ("battle", "mana"):
                d["tapped"] = c.tapped
            if c.zone == "battle" and c.under is None:
                d["power"] = self.power(c)
            cards[c.id] = d
        players = {}
        for p in ("A", "B"):
            counts = {z: len([c for c in self.cards.values() if c.owner == p and c.zone == z and (z != "battle" or c.under is None)])
                      for z in ZONES}
            players[p] = {"counts": counts}
        return {"cards": cards, "players": players, "winner": self.winner}


def matches_condition(entry: dict, cond: str) -> bool:
    """Does a card match a condition of the catalogue such as ``fire Command``, ``fire or
    nature Dragon that costs 5 or more``, ``fire creature`` or ``Liquid People``?"""
    text = cond
    m = re.search(r"that costs (\d+) or more", text)
    if m:
        if entry.get("cost", 0) < int(m.group(1)):
            return False
        text = text[:m.start()]
    words = text.split()
    civs = [w for w in words if w in CIVS]
    rest = " ".join(w for w in words if w not in CIVS and w not in ("or", "and", "creature", "creatures"))
    if civs and not set(civs) & set(entry.get("civilizations", [])):
        return False
    if rest and not any(rest.lower() in r.lower() for r in entry.get("races", [])):
        return False
    return entry["card_type"] in ("creature", "evolution-creature")


def play(setup: dict, driver, as_of: str | None = None) -> tuple[list, dict]:
    """Play the scenario ``setup`` with the decisions of ``driver``; returns (events, final).
    ``as_of`` (the date to play as of) changes nothing: the attack page dates none of its rulings,
    and the one answer of the page an official change replaced (AP declaring ninja strike after its
    own "when blocked" ability, AT-S5, until the comprehensive rules 506.3b of 2020-10-23) is
    undecided since, so the page's free order is kept at every date."""
    g = Game(setup, driver)
    g.run()
    return g.events, g.final()
