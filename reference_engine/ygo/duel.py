"""The Yu-Gi-Oh! OCG rules engine of duelspec: state, turn structure, chains, the normal draw.

Source of the rules: the page 「通常のドロー」 of the Yu-Gi-Oh! rules wiki (yugioh-wiki.net; the URL
and the revision read are in the ruling catalogue's ``source``) as restated in ``features/rulings/ygo-normal-draw.json`` (IDs ND-*), and the general OCG
rules of chains (チェーン), costs (コスト), negation (発動の無効 / 効果の無効) that those
rulings presuppose.

The *normal draw right* (通常のドローの権利), :attr:`Duel.draw_right`:

- ``"none"``: the first turn of the player going first (ND-02), or outside a Draw Phase;
- ``"unspent"``: the turn player will conduct the normal draw when the "before the draw"
  timing ends (ND-01, ND-05);
- ``"pledged"``: an activated pledge ("you cannot conduct your normal draw the turn you
  activate this effect", ND-AF1) binds it; a cost-type replacement can no longer spend it
  (ND-AF4); it becomes ``"spent"`` when that chain link resolves, or ``"unspent"`` again
  if the activation is negated (ND-AF2);
- ``"spent"``: by a cost (ND-C1), by a resolved effect-type replacement (ND-E3, ND-E7), by a
  pledge (ND-AF1) or by the normal draw itself.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...decisions import Refusal
from ..common import GameOver, Unplayable, opponent
from . import effects as fx
from .effects import FIELD_ZONES

PHASE_ORDER = ("draw", "standby", "main1", "battle", "main2", "end")


class Card:
    """A card in the duel: ``uid`` (the scenario's local id), ``code`` (passcode), its
    catalogue ``data``, ``owner``/``controller``, ``zone``, ``position`` and its effects.
    ``incarnation`` increases each time it leaves the field (a card that left the field is
    a new card, 新しいカード, for effects that refer to it)."""

    def __init__(self, uid: str, data: dict, owner: str):
        self.uid, self.data, self.code = uid, data, data["id"]
        self.owner = self.controller = owner
        self.zone = "deck"
        self.position: str | None = None
        self.attached_to: str | None = None
        self.properly_summoned = True
        self.banish_when_leaves = False
        self.set_turn: int | None = None       # the turn it was Set (None: before the scenario)
        self.counters: dict = {}               # counter name -> number (e.g. Greed Counters)
        self.incarnation = 0
        self.effects: list = []

    # facts
    @property
    def card_type(self) -> str:
        return self.data["card_type"]

    @property
    def subtypes(self) -> list:
        return self.data.get("subtypes", [])

    def is_monster(self) -> bool:
        return self.card_type == "monster"

    def is_normal_monster(self) -> bool:
        return self.is_monster() and "normal" in self.subtypes

    def is_continuous_card(self) -> bool:
        """永続カード: a Continuous Spell/Trap or a Field Spell (its effects are applied only while
        it is face-up on the field, ND-E4). The page links 永続カード, and that page counts
        フィールド魔法 among them (issue 9)."""
        return self.card_type in ("spell", "trap") and bool({"continuous", "field"} & set(self.subtypes))

    def in_archetype(self, name: str) -> bool:
        return name in self.data.get("archetypes", [])

    @property
    def atk(self):
        return self.data.get("atk")

    @property
    def level(self):
        return self.data.get("level")

    @property
    def attribute(self):
        return self.data.get("attribute")

    @property
    def race(self):
        return self.data.get("race")

    def is_extra_deck_monster(self) -> bool:
        return self.is_monster() and bool({"fusion", "synchro", "xyz", "link"} & set(self.subtypes))

    def can_be_special_summoned_from(self, zone: str) -> bool:
        """An Extra Deck monster that was not properly Summoned cannot be Special Summoned
        from the GY or banishment (the rule of 正規の召喚)."""
        return not (zone in ("graveyard", "banished") and self.is_extra_deck_monster() and not self.properly_summoned)

    def face_up_on_field(self) -> bool:
        return self.zone in FIELD_ZONES and self.position in ("face-up-attack", "face-up-defense", "face-up")

    def __repr__(self) -> str:
        return f"<{self.uid} {self.data['name']['en']} @{self.zone}>"


@dataclass
class ChainLink:
    """One chain link (チェーンリンク): ``number`` (1-based), the activating ``player``, the
    ``card`` and ``effect``; ``incarnation`` of the card at activation; ``targets``;
    the negation flags; ``activated_on_field`` (for the continuous-card rule, ND-E4)."""
    number: int
    player: str
    card: Card
    effect: fx.Effect
    incarnation: int
    activated_on_field: bool
    targets: list = field(default_factory=list)
    negated_activation: bool = False
    negated_effect: bool = False
    pledged: bool = False
    data: dict = field(default_factory=dict)


class Duel:
    """A duel state and its procedures; :func:`reference_engine.ygo.play` builds one from a
    scenario's setup and runs it.

    ``events`` is the trace (canonical events of ``schemas/trace.schema.json``)."""

    def __init__(self, catalogue, decider, seed: int = 0, as_of: str | None = None):
        self.catalogue, self.decider = catalogue, decider
        self.as_of = as_of                       # the date played as of (ISO; None: today), issue 16
        self.rng = random.Random(seed)
        self.cards: dict[str, Card] = {}
        self.zones: dict[tuple, list] = {}
        self.lp = {"A": 8000, "B": 8000}
        self.turn = 1
        self.turn_player = self.first_player = "A"
        self.phase = "draw"
        self.draw_right = "none"
        self.timing = "open"
        self.chain: list[ChainLink] = []
        self.pending: list[tuple] = []          # (effect, player, event) waiting to be activated
        self.trigger_effects: list = []          # every trigger effect of the duel's cards
        self.used: set = set()                   # once-per-turn keys used this turn
        self.events: list[dict] = []
        self.winner: str | None = None
        self.stop_at: tuple | None = None
        self.watches: list = []                  # lingering effects that look at draws (Afterglow, Gravekeeper's Trap)
        self.placing: tuple | None = None        # (player, mandatory, stage) while effects of the "before the draw" timing are placed
        self.declined: set = set()               # (uid, label) of optional effects declined while the current timing's are placed
        self.negated_cards: set = set()          # (uid, incarnation, turn): effects negated this turn
        self.lingering: set = set()              # other effects applied for a while, e.g. ("white-rose-atk", player, turn)
        self.lingering_draw_counts: list = []    # (player, turn, n): that turn's normal draw takes n cards (Slower Swallow)
        self.phases_begun = 0
        self.stop_when_idle = False
        self.once_per_duel: set = set()
        self.random: list = []                   # the scenario's stated random results still to happen
        self.negated_until: list = []            # (uid, incarnation, (turn, phase)): effects negated until then
        self.skip_draw_phase: set = set()        # (player, turn): that Draw Phase is skipped
        self.draw_phase_start_hand: dict = {}    # player -> cards in hand when the current Draw Phase began
        self.last_normal_draw: dict | None = None  # {"player", "cards", "turn"} while it is the last thing that happened
        self.normal_draw_n = 1                   # how many cards this turn's normal draw takes

    # ---------------------------------------------------------------------------------- setup
    def zone(self, player: str, zone: str) -> list:
        return self.zones.setdefault((player, zone), [])

    def add(self, uid: str, data: dict, owner: str, zone: str, position=None, attached_to=None,
            properly_summoned: bool = True) -> Card:
        from .cards import effects_of
        c = Card(uid, data, owner)
        c.zone, c.position, c.attached_to, c.properly_summoned = zone, position, attached_to, properly_summoned
        c.effects = effects_of(c)
        self.trigger_effects.extend(e for e in c.effects if e.kind == "trigger")
        self.cards[uid] = c
        self.zone(owner, zone).append(c)
        return c

    # ------------------------------------------------------------------------------- events
    def emit(self, event: str, **fields) -> dict:
        ev = {"event": event}
        ev.update({k: v for k, v in fields.items() if v is not None})
        self.events.append(ev)
        self.decider.event(ev)
        self._collect_triggers(ev)
        return ev

    def _collect_triggers(self, ev: dict) -> None:
        for eff in self.trigger_effects:
            if eff.triggered_by(self, ev):
                self.pending.append((eff, eff.card.controller, ev))

    # -------------------------------------------------------------------------------- moves
    def move(self, card: Card, to: str, reason: str, player: str | None = None, position=None, top=True) -> None:
        """Move ``card`` to zone ``to`` of ``player`` (default: its owner); emits ``move``.
        A card leaving the field becomes a new card (``incarnation``) and its Xyz Materials
        are sent to the GY."""
        src = card.zone
        was_face_up = card.face_up_on_field()
        if src in FIELD_ZONES and to not in FIELD_ZONES and card.banish_when_leaves:
            to = "banished"                  # "... and if you do, banish it when it leaves the field"
        self.zone(card.controller if src in FIELD_ZONES else card.owner, src).remove(card)
        dest_player = player or card.owner
        lst = self.zone(dest_player, to)
        lst.insert(0, card) if (to == "deck" and top) else lst.append(card)
        left_field = src in FIELD_ZONES and to not in FIELD_ZONES
        card.zone, card.position = to, position
        card.controller = dest_player
        if left_field:
            card.incarnation += 1
            card.counters = {}
            card.banish_when_leaves = False
            for mat in [m for m in self.cards.values() if m.attached_to == card.uid and m.zone == "overlay"]:
                mat.attached_to = None
                self.move(mat, "graveyard", "rule")
        self.emit("move", card=card.uid, **{"from": src}, to=to, player=dest_player, reason=reason)
        if left_field and was_face_up:
            for eff in card.effects:
                if eff.kind == "continuous" and hasattr(eff, "left_the_field"):
                    eff.left_the_field(self)

    def continuous(self, hook: str):
        """The applicable continuous effects (永続効果) that have ``hook``: on a card face-up on the
        field, in a zone the effect applies from, its effects not negated."""
        for card in list(self.cards.values()):
            if not card.face_up_on_field() or self.effects_negated(card):
                continue
            for eff in card.effects:
                if eff.kind == "continuous" and card.zone in eff.locations and hasattr(eff, hook):
                    yield eff

    def normal_draw_count(self, player: str) -> int:
        """How many cards ``player``'s normal draw takes: 1, or what an effect makes it
        (「通常のドローは２枚になる」; several such effects do not add up)."""
        counts = [n for eff in self.continuous("draw_count") if (n := eff.draw_count(self, player))]
        counts += [n for (p, turn, n) in self.lingering_draw_counts if p == player and turn == self.turn]
        return max(counts, default=1)

    def draw(self, player: str, n: int, normal: bool = False, opening: bool = False) -> list[Card]:
        """Draw ``n`` cards (ND-01 for the normal draw; ``opening``: the opening hand, ND-03). A
        player who must draw and cannot (too few cards in the Deck) loses (YGO-GEN-VICTORY)."""
        deck = self.zone(player, "deck")
        if len(deck) < n:
            self.win(opponent(player), "deck-out")
            return []
        drawn = deck[:n]
        for c in drawn:
            deck.remove(c)
            self.zone(player, "hand").append(c)
            c.zone = "hand"
        self.emit("draw", player=player, cards=[c.uid for c in drawn], normal=normal, phase=self.phase,
                  opening=True if opening else None)
        for eff in list(self.continuous("after_draw")):
            eff.after_draw(self, player, drawn, normal)
        for c in drawn:
            for eff in c.effects:
                if eff.kind == "on-draw":
                    eff.drawn(self, player, normal)
        for watch in [w for w in self.watches if w.player == player]:
            watch.after_draw(self, drawn, normal)
        return drawn

    # ------------------------------------------------------------------------------- random
    def _forced(self, kind: str, player: str, what: str):
        """The scenario's next stated random result (``setup.random``) for this random event, or
        ``None`` when it states none left; :class:`Unplayable` when the next one is another event."""
        if not self.random:
            return None
        nxt = self.random[0]
        if nxt["kind"] != kind or nxt.get("player", player) != player:
            raise Unplayable(f"cannot force the scenario's random results: the next one is {nxt}, but the next random "
                             f"event of this engine is {what}")
        return self.random.pop(0)

    def shuffle_deck(self, player: str) -> None:
        """Shuffle ``player``'s Deck: into the order the scenario states (``setup.random``,
        ``kind: shuffle``), else at random."""
        deck = self.zone(player, "deck")
        forced = self._forced("shuffle", player, f"a shuffle of player {player}'s Deck")
        if forced is None:
            self.rng.shuffle(deck)
            return
        if sorted(forced["order"]) != sorted(c.uid for c in deck):
            raise Unplayable(f"the scenario's shuffle of player {player}'s Deck lists {forced['order']}; the Deck holds "
                             f"{sorted(c.uid for c in deck)}")
        deck[:] = [self.cards[u] for u in forced["order"]]

    def pick_at_random(self, player: str, candidates: list) -> "Card":
        """1 of ``player``'s ``candidates`` is picked at random (``setup.random``, ``kind: select``,
        ``player``: whose cards)."""
        forced = self._forced("select", player, f"a random pick among player {player}'s cards")
        if forced is None:
            return self.rng.choice(candidates)
        picked = [c for c in candidates if c.uid in forced["cards"]]
        if len(forced["cards"]) != 1 or len(picked) != 1:
            raise Unplayable(f"the scenario's random pick {forced['cards']} is not 1 of {[c.uid for c in candidates]}")
        return picked[0]

    def damage(self, player: str, amount: int) -> None:
        """``player`` loses ``amount`` Life Points; at 0 they lose the duel (YGO-GEN-VICTORY)."""
        self.lp[player] = max(0, self.lp[player] - amount)
        self.emit("lp", player=player, lp=self.lp[player], change=-amount)
        if self.lp[player] == 0:
            self.win(opponent(player), "life-points")

    def win(self, player: str, reason: str) -> None:
        """``player`` wins (YGO-GEN-VICTORY): the duel ends at once, whatever is left to resolve."""
        if self.winner is None:
            self.winner = player
            self.emit("win", player=player, reason=reason)
            raise GameOver()

    # ------------------------------------------------------------------------ once per turn
    def _opt_key(self, card: "Card", eff: fx.Effect):
        if eff.once_per_turn == "copy":      # "Once per turn": this copy, while it stays where it is
            return ("copy", card.uid, card.incarnation, eff.label)
        # "You can only use this effect of <name> once per turn": the player, for every card of that
        # name (YGO-GEN-ONCE-PER-TURN: the opponent's use of their own copy does not count)
        return ("name", card.controller, card.code, eff.label)

    def opt_used(self, card: "Card", eff: fx.Effect) -> bool:
        """Has ``card``'s once-per-turn ``eff`` been used this turn (YGO-GEN-ONCE-PER-TURN)?"""
        return bool(eff.once_per_turn) and self._opt_key(card, eff) in self.used

    def use_opt(self, card: "Card", eff: fx.Effect) -> None:
        """Count a use of a once-per-turn effect: at its activation, negated or not
        (YGO-GEN-ONCE-PER-TURN, 「使用できない」)."""
        if eff.once_per_turn:
            self.used.add(self._opt_key(card, eff))

    def effects_negated(self, card: "Card") -> bool:
        """(YGO-GEN-NEGATION) Are ``card``'s effects negated now: this turn (e.g. by Infinite Impermanence), until a
        later phase, or — a Trap on the field — by Jinzo (「フィールドの罠カードの効果は無効化される」)?"""
        if (card.uid, card.incarnation, self.turn) in self.negated_cards:
            return True
        now = (self.turn, PHASE_ORDER.index(self.phase) if self.phase in PHASE_ORDER else -1)
        if any(u == card.uid and i == card.incarnation and now < (t, PHASE_ORDER.index(ph))
               for u, i, (t, ph) in self.negated_until):
            return True
        return card.card_type == "trap" and card.zone in FIELD_ZONES and self.traps_locked()

    def traps_locked(self) -> bool:
        """Is a face-up monster on the field whose effect locks Traps on the field (Jinzo)?"""
        return any(getattr(e, "locks_traps", False) and e.card.zone == "monster" and e.card.face_up_on_field()
                   for c in self.cards.values() for e in c.effects)

    def protected(self, card: "Card", what: str, by: str) -> bool:
        """Is ``card`` protected from ``what`` (``"destroy"`` by an effect, ``"target"`` of an
        effect) done by player ``by``'s effect (e.g. Flower Cardian Lightshower's (1))?"""
        return any(eff.protects(self, card, what, by) for eff in self.continuous("protects"))

    # ---------------------------------------------------------------------------- activation
    def activatable(self, player: str, card: Card, eff: fx.Effect, by_engine: bool = False) -> str | None:
        """Why ``player`` cannot activate ``eff`` now (``None``: they can). General rules only:
        control, location, timing and spell speed (YGO-GEN-SPELL-SPEED: chained only to a link of
        the same or a lower spell speed, spell speed 1 never chained), once per turn
        (YGO-GEN-ONCE-PER-TURN), the normal draw right."""
        if card.controller != player:
            return "not their card"
        if card.zone not in eff.locations:
            return f"the card must be in {'/'.join(eff.locations)}, it is in {card.zone}"
        if eff.face_up and card.zone in FIELD_ZONES and eff.kind != "card" and not card.face_up_on_field():
            return "the card must be face-up on the field"
        if eff.whose_turn == "own" and player != self.turn_player:
            return "only during its controller's turn"
        if eff.whose_turn == "opponent" and player == self.turn_player:
            return "only during the opponent's turn"
        if self.opt_used(card, eff):
            return "once per turn, already used"
        if card.zone in FIELD_ZONES and self.effects_negated(card):
            return "its effects are negated"
        if any(l.card is card and l.effect is eff for l in self.chain):
            return "the same effect of the same card cannot be activated twice in one chain"
        if eff.kind == "card" and card.zone in FIELD_ZONES and card.position != "face-down":
            return "a Spell/Trap Card on the field is activated from face-down (Set)"
        if eff.kind == "card" and card.zone in FIELD_ZONES and card.set_turn == self.turn and (
                card.card_type == "trap" or "quick-play" in card.subtypes):
            return "a Trap or Quick-Play Spell cannot be activated the turn it was Set"
        if eff.kind in ("trigger", "on-draw"):
            return "a trigger effect is activated when it triggers"
        if eff.kind == "continuous":
            return "a continuous effect is applied, not activated"
        if card.card_type == "trap" and card.zone in FIELD_ZONES and self.traps_locked():
            return "Trap Cards and their effects on the field cannot be activated (Jinzo)"
        if eff.kind == "card" and card.zone == "hand" and card.card_type in ("spell", "trap") and "field" not in card.subtypes \
                and len(self.zone(player, "spell-trap")) + self.locked_spell_trap_zones(player) >= 5:
            return "no Spell & Trap Zone is free"
        if eff.kind == "before-draw" and eff.mandatory and not by_engine:
            return "a mandatory effect: the game activates it"
        if eff.kind == "before-draw" and self.placing is not None and self.placing[2] == "public" \
                and (card.uid, eff.label) in self.declined:
            return "the player declined it when it was offered with the public effects of this timing: it is not offered again"
        # spell speed and timing
        if eff.kind == "before-draw":
            why = self.before_draw_timing_problem(player, eff)
            if why:
                return why
        elif self.placing is not None and not self.starts_chain_before_draw(eff):
            return ("only effects of the timing immediately before the normal draw are placed on its chain (ND-L-BEFORE); "
                    "a Quick Effect can only respond to them")
        elif self.chain:
            top = self.chain[-1].effect
            if eff.speed < 2 or eff.speed < top.speed:
                return f"spell speed {eff.speed} cannot be chained to spell speed {top.speed}"
        else:
            if eff.speed == 1 and (player != self.turn_player or self.phase not in ("main1", "main2")):
                return "spell speed 1: only in the turn player's Main Phase with an empty chain"
        if eff.kind == "card" and card.card_type == "spell" and "quick-play" in card.subtypes and card.zone == "hand" and player != self.turn_player:
            return "a Quick-Play Spell can be activated from the hand only during its controller's turn"
        if eff.kind == "card" and card.card_type == "trap" and card.zone == "hand":
            return "a Trap must be Set before it is activated"
        return self.right_problem(eff) or eff.condition(self, player) or (
            self.hand_trigger_order_problem(card, eff) if eff.kind == "before-draw" else None)

    def starts_chain_before_draw(self, eff: fx.Effect) -> bool:
        """Can ``eff`` be placed on the chain of the timing immediately before the normal draw,
        i.e. start a chain there? Only the effects of that timing: those that say "before the
        draw" and the replacements of the normal draw (ND-05; the page lists the other cards
        that 「通常のドローより前にチェーンブロックを作ることができる」, ND-L-BEFORE; the general rule
        YGO-GEN-BEFORE-THE-DRAW: the rulebook's Draw Phase activates Traps and Quick-Play Spells
        only after the draw). A Quick Effect (Mystical Space Typhoon, D.D. Crow, a Set Infinite
        Impermanence ...) cannot start a chain at that timing, not even with an empty Deck; it
        can respond once an effect of that timing is on the chain (:meth:`before_draw_timing`).
        Both open cores fixed exactly this: ygopro-core b840d9c "fix EVENT_PREDRAW (#476)" (the
        point event of EVENT_PREDRAW with ``skip_freechain``, processor.cpp:3796-3797 at
        db4fd16), edo9300/ygopro-core 2088372 "Skip free chain effects in EVENT_PREDRAW"
        (processor.cpp:3373-3374 at 46779fb)."""
        return eff.kind == "before-draw"

    def from_the_hand(self, card: "Card", eff: fx.Effect) -> bool:
        """Is ``eff`` a trigger effect activated from the hand (手札誘発, YGO-GEN-HAND-TRIGGER)?
        The effects of the timing before the draw (``before-draw``) are placed like trigger
        effects (ND-05), so one activated from the hand (Black Luster Soldier - Legendary
        Swordsman's (1)) is one too."""
        return eff.kind in ("trigger", "before-draw") and card.zone == "hand"

    def hand_trigger_order_problem(self, card: "Card", eff: fx.Effect) -> str | None:
        """YGO-GEN-HAND-TRIGGER: a trigger effect activated from the hand is activated only once
        the public trigger effects of the same timing have been placed on the chain; it cannot
        come before them (the rules wiki, page 手札誘発: 「手札誘発の誘発効果は通常の誘発効果だけで
        チェーンを組み終えた後に発動できる。…これらより先に発動することはできない」, with
        《イリュージョン・スナッチ》 and 《氷帝メビウス》 as its example). Public ones can no longer be
        placed after them. While the effects of a timing are placed, ``self.placing[2]`` is the
        stage: ``"public"``, then ``"hand"``. Both open cores do it on purpose: ygopro-core
        ``field::check_nonpublic_trigger`` (field.cpp:3603-3617 at db4fd16) sets such a trigger
        aside in ``core.new_ochain_h``, offered at the next priority after the public ones
        (processor.cpp:1690-1705); edo9300/ygopro-core the same (field.cpp:3235-3250 at 46779fb),
        with the TCG order only behind the duel flag ``DUEL_TCG_SEGOC_NONPUBLIC``
        (ocgapi_constants.h:411)."""
        if self.placing is None:
            return None
        hand = self.from_the_hand(card, eff)
        if hand and self.placing[2] == "public":
            return ("a trigger effect activated from the hand (手札誘発) is activated only after the public ones of this "
                    "timing are on the chain (YGO-GEN-HAND-TRIGGER)")
        if not hand and self.placing[2] == "hand":
            return ("the public effects of this timing were placed before the ones activated from the hand: it can no "
                    "longer be placed (YGO-GEN-HAND-TRIGGER)")
        return None

    def before_draw_timing_problem(self, player: str, eff: fx.Effect) -> str | None:
        """Why ``player`` cannot activate ``eff``, an effect of the "before the draw" timing, now
        (``None``: they can). ND-05: activated at the timing immediately before the normal draw;
        the effects of both players of that timing go on one chain (ND-C4, ND-E5) in the order
        of effects that activate at the same time (YGO-GEN-SEGOC): the turn player's mandatory, the
        opponent's mandatory, the turn player's optional, the opponent's optional ones."""
        if self.timing != "before-draw":
            return "only immediately before the normal draw"
        if any(l.effect.kind != "before-draw" for l in self.chain):
            return "cannot be chained to an effect of another timing"
        if self.placing is None or self.placing[:2] != (player, eff.mandatory):
            return "the effects of this timing are placed together on the chain (mandatory ones first, the turn player's first), not in response"
        return None

    def right_problem(self, eff: fx.Effect) -> str | None:
        """Why the state of the normal draw right forbids activating ``eff`` (``None``: it does not)."""
        if eff.replacement == "cost" and self.draw_right != "unspent":
            return f"the cost (the normal draw right) cannot be paid: it is {self.draw_right}"          # ND-C4, ND-AF4
        if eff.replacement == "effect" and self.draw_right not in ("unspent", "pledged"):
            return f"it could have no effect: the normal draw right is {self.draw_right}"               # ND-E6, ND-E2
        if eff.replacement == "pledge" and self.draw_right != "unspent":
            return f"the normal draw right is {self.draw_right}"                                         # ND-AF4
        return None

    def try_activate(self, player: str, step: dict) -> str | None:
        """Perform a scripted ``activate`` step; ``None`` when done, else why it is refused (a
        :class:`~duelspec.decisions.Refusal` with the code of the refusal vocabulary): the rules of
        :meth:`activatable` (YGO-GEN-SPELL-SPEED, YGO-GEN-ONCE-PER-TURN, ND-05, ...)."""
        card = self.cards.get(step["card"])
        if card is None:
            return Refusal(f"no card {step['card']!r}", code="not-offered")
        effs = [e for e in card.effects if e.kind not in ("trigger", "on-draw", "continuous") and (not step.get("effect") or e.label == step["effect"])]
        if not effs:
            return Refusal("the card has no such activatable effect", code="not-offered")
        reasons = [(e, self.activatable(player, card, e)) for e in effs]
        ok = [e for e, r in reasons if r is None]
        if not ok:
            return Refusal("; ".join(r for _, r in reasons), code=refusal_code(reasons[0][1], bool(self.chain)))
        if len(ok) > 1:
            return Refusal("several effects can be activated: say which with `effect`", code="other")
        return self.activate(player, card, ok[0], step)

    def activate(self, player: str, card: Card, eff: fx.Effect, step: dict, event: dict | None = None) -> str | None:
        """Activate: checks cost and targets first (nothing changes when refused), then
        emits ``activate``, pays the cost (YGO-GEN-COST: on activation, before any response, and
        never returned), takes targets, applies pledges, adds the link.
        ``event``: for a trigger effect, the event that triggered it (``link.data["event"]``)."""
        link = ChainLink(len(self.chain) + 1, player, card, eff, card.incarnation,
                         activated_on_field=card.zone in FIELD_ZONES)
        if event is not None:
            link.data["event"] = event
        probe = _Probe(self)
        reason = eff.cost(probe, link, step)
        if reason:
            return Refusal(reason, code="cost")
        reason = eff.target(probe, link, step)
        if reason:
            return Refusal(reason, code="target")
        link.targets = []
        link.data["activated_in"] = card.zone
        if eff.kind == "card":
            if card.zone == "hand":
                self.move(card, "field" if "field" in card.subtypes else "spell-trap", "activate", player=player, position="face-up")
            else:
                card.position = "face-up"
            link.incarnation = card.incarnation
            link.activated_on_field = True
        self.use_opt(card, eff)
        self.emit("activate", card=card.uid, player=player, effect=eff.label or None, link=link.number)
        self.bind_right_at_activation(link)
        self.decider.open({"window": "activation", "link": link.number})   # choices on activation
        eff.cost(self, link, step)
        link.data["sent_itself_as_cost"] = card.incarnation != link.incarnation   # e.g. Shard of Greed (2)
        eff.target(self, link, step)
        self.decider.close("activation")
        self.chain.append(link)
        return None

    # ---------------------------------------------------------------------------- resolution
    def resolve_chain(self) -> None:
        """Resolve last in, first out (ND-E7, YGO-GEN-CHAIN); nothing is activated until the chain
        ends. A Spell/Trap Card whose activation was negated goes to the Graveyard
        (YGO-GEN-NEGATION). Anything that happens ends the moment right after the normal draw
        (``last_normal_draw``: a 「通常のドローをした時」 effect misses the timing,
        YGO-GEN-MISSING-TIMING)."""
        while self.chain:
            link = self.chain.pop()
            self.decider.open({"window": "resolution", "link": link.number})   # choices its effect asks for
            self.emit("resolve", link=link.number, card=link.card.uid)
            self._resolve_link(link)
            self.last_normal_draw = None         # something happened after the normal draw
            stays = link.card.is_continuous_card() or "equip" in link.card.subtypes
            if link.effect.kind == "card" and link.card.zone in FIELD_ZONES and link.card.incarnation == link.incarnation \
                    and (link.negated_activation or not stays):
                self.move(link.card, "graveyard", "rule")
            self.decider.close("resolution")
        self.emit("chain-end")

    def bind_right_at_activation(self, link: ChainLink) -> None:
        """What activating ``link`` does to the normal draw right: a cost-type spends it as the
        cost (ND-C1, ND-C3, ND-C5: whatever happens next; YGO-GEN-COST), a pledge binds it
        (ND-AF1, ND-AF4)."""
        if link.effect.replacement == "cost":
            self.draw_right = "spent"
        elif link.effect.replacement == "pledge":
            self.draw_right = "pledged"
            link.pledged = True

    def _resolve_link(self, link: ChainLink) -> None:
        outcome = self.link_outcome(link)
        if self.settle_right(link, outcome) and outcome == "applies":
            self.after_resolution(link, link.effect.resolve(self, link))

    def link_outcome(self, link: ChainLink) -> str:
        """What becomes of ``link`` as it resolves: ``"activation-negated"``, ``"effect-negated"``
        (nothing of it is applied: ND-E1, ND-C1, ND-AF1; YGO-GEN-NEGATION), ``"left-field"`` (the effect of a
        continuous card that left the field is not applied, ND-E4) or ``"applies"``."""
        if link.negated_activation:
            return "activation-negated"
        if link.negated_effect:
            return "effect-negated"
        card = link.card
        if link.activated_on_field and card.is_continuous_card() and not link.data.get("sent_itself_as_cost") and (
                not card.face_up_on_field() or card.incarnation != link.incarnation):
            return "left-field"
        return "applies"

    def settle_right(self, link: ChainLink, outcome: str) -> bool:
        """The normal draw right as ``link`` resolves with ``outcome`` (:meth:`link_outcome`);
        returns whether its effect may be applied."""
        if link.pledged:
            if outcome == "activation-negated":
                if self.draw_right == "pledged":
                    self.draw_right = "unspent"    # ND-AF2: the pledge does not apply
                return False
            self.draw_right = "spent"              # ND-AF1, ND-AF3: the pledge applies
            return outcome == "applies"
        if outcome == "effect-negated" and link.effect.skip_is_pledge_on(self.as_of) \
                and self.draw_right in ("unspent", "pledged"):
            self.draw_right = "spent"              # ND-H1 (before the answer changed): the draw skip was a pledge, it applies
            return False
        if outcome != "applies":
            return False                           # ND-E1, ND-E4: the right is not spent by it
        if link.effect.replacement == "effect":
            if self.draw_right not in ("unspent", "pledged"):
                return False                       # ND-E7, ND-E8, ND-C5: the right is already spent: it cannot be applied
            # ND-E3: "instead of conducting your normal draw this turn" applies even if the rest
            # cannot; a link negated or whose continuous card left (above) leaves the right
            # unspent for the link before it (ND-E9) or for the normal draw (ND-E10)
            self.draw_right = "spent"
        return True

    def after_resolution(self, link: ChainLink, applied) -> None:
        """After ``link``'s effect was applied (``applied`` False: it could not be, 不発): a
        replacement that fizzled has spent the right all the same (ND-C3, ND-E3, ND-E8, ND-AF3)."""

    def negate(self, link: ChainLink, what: str, by: Card) -> None:
        """Negate the activation (``what='activation'``) or the effect of ``link``
        (YGO-GEN-NEGATION: the link stays on the chain; it applies nothing when it resolves)."""
        if what == "activation":
            link.negated_activation = True
            self.emit("negate-activation", link=link.number, card=link.card.uid, by=by.uid)
        else:
            link.negated_effect = True
            self.emit("negate-effect", link=link.number, card=link.card.uid, by=by.uid)

    # ------------------------------------------------------------------------------ windows
    def place_mandatory_before_draw_effects(self, player: str, stage: str = "public") -> None:
        """The mandatory effects of ``player`` at the timing immediately before the normal draw
        (「…ドロー前に発動する」, 「…代わりに、…めくる」) are activated by the game, not the player,
        in the order the player chooses among their own (YGO-GEN-SEGOC);
        a name they declare on activation (「カード名を１つ宣言して発動する」) is the player's choice.
        ``stage``: ``"public"``, or ``"hand"`` for those activated from the hand
        (YGO-GEN-HAND-TRIGGER, :meth:`hand_trigger_order_problem`)."""
        self.placing = (player, True, stage)
        placed: set = set()
        while True:
            due = [(card, eff) for card in self.cards.values() for eff in card.effects
                   if eff.kind == "before-draw" and eff.mandatory and (card.uid, eff.label) not in placed
                   and self.activatable(player, card, eff, by_engine=True) is None]
            if not due:
                break
            if len(due) > 1:                 # the same kind of effect of one player: that player orders them
                first = self.decider.choose(player, [c.uid for c, _ in due], 1, 1,
                                            "which of your mandatory effects of this timing goes on the chain next",
                                            window={"window": "before-draw", "turn": self.turn})[0]
                due = [(c, e) for c, e in due if c.uid == first]
            card, eff = due[0]
            placed.add((card.uid, eff.label))
            step = {"player": player, "do": "activate", "card": card.uid}
            if hasattr(eff, "declaration"):
                step["option"] = self.decider.choose_option(
                    player, eff.declaration(self, player), f"{card.uid}: declare on activation",
                    window={"window": "activation", "link": len(self.chain) + 1, "turn": self.turn})
            self.activate(player, card, eff, step)
        self.placing = None

    def place_before_draw_effects(self, player: str, stage: str = "public") -> None:
        """At the timing immediately before the normal draw (ND-05), ``player`` places their
        optional effects of that timing on the chain (ND-C4, ND-E5: any number, on one chain):
        the public ones (``stage`` ``"public"``), then, once both players placed theirs, the ones
        activated from the hand (``"hand"``, YGO-GEN-HAND-TRIGGER). The player is asked about
        the public ones only while one can be activated (as the open cores ask only about the
        triggers they offer): a step for an effect from the hand then waits for the hand stage,
        where every remaining step of the timing is tried. Only effects of this timing are taken
        (:meth:`starts_chain_before_draw`, ND-L-BEFORE, YGO-GEN-BEFORE-THE-DRAW): a Quick Effect
        is not placed here."""

        def of_this_timing(step):
            card = self.cards.get(step.get("card"))
            return card is not None and any(self.starts_chain_before_draw(e) for e in card.effects)

        def offerable(public_only):
            return ((card, eff) for card in self.cards.values() for eff in card.effects
                    if eff.kind == "before-draw" and not eff.mandatory
                    and not (public_only and self.from_the_hand(card, eff)) and self.activatable(player, card, eff) is None)

        def offered(public_only):
            return list(offerable(public_only))

        def any_offered():             # (whether one is: the first found is enough, activatable only asks)
            return next(offerable(True), None) is not None

        def offer(step):
            if step["do"] == "decline":
                return self.decline(player, step, offered(False))
            return self.try_activate(player, step)
        self.placing = (player, False, stage)
        while (stage == "hand" or any_offered()) and \
                self.decider.priority(player, offer, kinds=("activate", "decline"), applies=of_this_timing):
            pass
        self.placing = None

    def decline(self, player: str, step: dict, offered: list) -> str | None:
        """A ``decline`` step (scenario format 2.2): ``player`` declines the optional effect of
        ``step['card']`` (``effect``: which one) the engine offers at this decision; ``None`` when it
        was offered (it is not offered again while the effects of this timing are placed), else why
        not (``not-offered``: a mandatory effect, one that cannot be activated now, or no such card).
        Declining the public ones is how a player lets an effect from the hand be chain link 1
        (YGO-GEN-HAND-TRIGGER: 「通常の誘発効果だけでチェーンを組み終えた後に発動できる」; an optional
        effect, 任意効果, may go unactivated)."""
        hit = [(c, e) for c, e in offered if c.uid == step.get("card") and (not step.get("effect") or e.label == step["effect"])]
        if not hit:
            return Refusal(f"not offered: {step.get('card')} has no optional effect {player} can activate (and so decline) "
                           f"at this decision", code="not-offered")
        for c, e in hit:
            self.declined.add((c.uid, e.label))
        return None

    def chain_window(self, first: str) -> bool:
        """Players alternately may activate (``first`` first: after an activation, its opponent;
        YGO-GEN-CHAIN); two passes in a row resolve the chain. Returns True if a chain was built. While chain link n is the newest, the
        decisions are in the window ``response`` to link n; with an empty chain, in the window
        open around it (``open`` in a phase, ``before-draw``)."""
        p, passes, built = first, 0, bool(self.chain)
        responding = None                      # the link whose response window is open
        while True:
            if self.chain and responding != len(self.chain):
                if responding is not None:
                    self.decider.close("response")
                responding = len(self.chain)
                self.decider.open({"window": "response", "link": responding})
            acted = self.decider.priority(p, lambda step, p=p: self.try_activate(p, step), applies=self._answers_priority)
            if acted:
                built, passes, p = True, 0, opponent(p)
                continue
            passes += 1
            if passes >= 2:
                break
            p = opponent(p)
        if responding is not None:
            self.decider.close("response")
        if self.chain:
            self.resolve_chain()
        return built

    def _answers_priority(self, step: dict) -> bool:
        """A scripted activation of a card whose only effects are trigger effects answers a
        trigger prompt, not an open priority: it waits for the trigger."""
        card = self.cards.get(step.get("card"))
        named = [e for e in card.effects if not step.get("effect") or e.label == step["effect"]] if card else []
        return card is None or not named or any(e.kind not in ("trigger", "continuous") for e in named)

    def _trigger_problem(self, eff: fx.Effect, player: str) -> str | None:
        """(YGO-GEN-ONCE-PER-TURN, YGO-GEN-NEGATION) Why a triggered effect cannot be activated now: its card is no longer where the effect
        is activated from (or face-down), its effects are negated, once per turn, its condition."""
        card = eff.card
        if card.zone not in eff.locations:
            return f"the card is no longer in {'/'.join(eff.locations)}"
        if card.zone in FIELD_ZONES:
            if eff.face_up and not card.face_up_on_field():
                return "the card must be face-up on the field"
            if self.effects_negated(card):
                return "its effects are negated"
        if self.opt_used(card, eff):
            return "once per turn, already used"
        return eff.condition(self, player)

    def _can_trigger(self, eff: fx.Effect, player: str) -> bool:
        return self._trigger_problem(eff, player) is None

    def process_triggers(self) -> None:
        """Activate the trigger effects waiting (YGO-GEN-SEGOC: the turn player's mandatory, the
        opponent's mandatory, the turn player's optional, the opponent's optional ones), let both
        players respond, resolve; repeat while new ones wait. Those activated from the hand come
        after the public ones (YGO-GEN-HAND-TRIGGER, :meth:`from_the_hand`). The placing is the
        ``trigger`` window after the events since the previous one (opened even when nothing
        waits, so that a step for it is seen to be not offered)."""
        first = True
        while self.pending or first:
            first = False
            self.decider.open({"window": "trigger"})
            self.declined = set()
            waiting, self.pending = self.pending, []
            public = [(e, p, ev) for e, p, ev in waiting if not self.from_the_hand(e.card, e)]
            self._place_triggers(public)
            self._place_triggers([w for w in waiting if w not in public])
            self.decider.close("trigger")
            if self.chain:
                self.chain_window(opponent(self.chain[-1].player))

    def _place_triggers(self, waiting: list) -> None:
        """SEGOC (YGO-GEN-SEGOC): the turn player's mandatory, the opponent's mandatory, the turn
        player's optional, the opponent's optional trigger effects of ``waiting`` go on the chain."""
        players = self.same_timing_order()
        for player in players:
            for eff, ev in [(e, ev) for e, p, ev in waiting if p == player and e.mandatory]:
                if self._can_trigger(eff, player):
                    self.activate(player, eff.card, eff, {"player": player, "do": "activate", "card": eff.card.uid}, ev)
        for player in players:
            optional = [(e, ev) for e, p, ev in waiting if p == player and not e.mandatory]
            if optional:
                def offer(step, player=player, optional=optional):
                    cands = [(e, ev) for e, ev in optional if e.card.uid == step["card"] and (not step.get("effect") or e.label == step["effect"])]
                    if not cands:
                        return Refusal("that effect has not triggered", code="not-offered") if step["do"] == "decline" \
                            else "that effect has not triggered"
                    e, ev = cands[0]
                    why = self._trigger_problem(e, player)
                    if why:
                        return Refusal(f"not offered: {why}", code="not-offered") if step["do"] == "decline" else why
                    optional.remove((e, ev))
                    if step["do"] == "decline":      # format 2.2: the player declines the optional trigger offered
                        return None
                    return self.activate(player, e.card, e, step, ev)
                triggered = {e.card.uid for e, _ in optional}
                while optional and self.decider.priority(player, offer, kinds=("activate", "decline"),
                                                         applies=lambda st, t=triggered: st.get("card") in t):
                    pass

    def same_timing_order(self) -> tuple:
        """The players in the order their effects of one timing go on the chain, each kind
        (mandatory, then optional) in turn: the turn player's first (YGO-GEN-SEGOC)."""
        return (self.turn_player, opponent(self.turn_player))

    def open_state(self) -> None:
        """An open game state: the trigger effects waiting first (YGO-GEN-SEGOC; ND-T1: those of the
        chain before the draw are activated right after it, 「直後に発動」, before any player's Quick
        Effect of the Draw Phase), then chains of quick effects, until both players pass."""
        while True:
            self.process_triggers()
            if not self.chain_window(self.turn_player):
                if not self.pending:
                    return

    # ------------------------------------------------------------------------------- phases
    def draw_phase(self) -> None:
        """The Draw Phase: the "before the draw" timing (one chain, ND-05, ND-C2, ND-E2, ND-E10),
        the normal draw if the right is unspent (ND-01, ND-02), then the triggers waiting
        (ND-T1: before the normal draw when the right was spent, after it otherwise)."""
        self.set_phase("draw")
        self.draw_phase_start_hand = {p: len(self.zone(p, "hand")) for p in ("A", "B")}
        self.draw_right = self.normal_draw_right()
        if self.draw_right == "unspent":
            self.before_draw_timing()
            self.until_the_normal_draw()
        self.conduct_normal_draw()
        self.decider.open({"window": "open", "phase": "draw"})
        self.open_state()
        self.watches = [w for w in self.watches if w.turn is None or w.turn > self.turn]

    def normal_draw_right(self) -> str:
        """The normal draw right as the Draw Phase begins: ``"unspent"`` (ND-01), ``"none"`` in
        the first turn of the player going first (ND-02)."""
        return "none" if (self.turn == 1 and self.turn_player == self.first_player) else "unspent"

    def before_draw_timing(self) -> None:
        """The timing immediately before the normal draw (ND-05): the mandatory effects of that
        timing, then the optional ones, on one chain (YGO-GEN-SEGOC), those activated from the
        hand after the public ones (YGO-GEN-HAND-TRIGGER); Quick Effects respond to it, they
        cannot start it (:meth:`starts_chain_before_draw`)."""
        self.timing = "before-draw"
        self.declined = set()
        self.decider.open({"window": "before-draw"})
        for stage in ("public", "hand"):           # YGO-GEN-HAND-TRIGGER: those from the hand after the public ones
            for p in self.same_timing_order():
                self.place_mandatory_before_draw_effects(p, stage)
            for p in self.same_timing_order():
                self.place_before_draw_effects(p, stage)
        if self.chain:                   # Quick Effects respond; they cannot start a chain at this timing
            self.chain_window(opponent(self.chain[-1].player))
        self.timing = "open"
        # how many cards the normal draw will take is settled before the draw (a choice such as
        # Mystical Cards of Light's 「２枚ドローする事ができる」 is made here)
        self.normal_draw_n = self.normal_draw_count(self.turn_player) if self.draw_right == "unspent" else 1
        self.decider.close("before-draw")

    def until_the_normal_draw(self) -> None:
        """Between the timing before the draw and the normal draw (scenario format 2.1, window
        ``after-before-draw``): the chain of that timing has resolved (or nothing was activated);
        the trigger effects waiting are activated here when the right is spent (ND-T1); nobody may
        start a new chain (:meth:`new_chain_before_the_draw`)."""
        self.decider.open({"window": "after-before-draw"})
        if self.triggers_before_normal_draw():
            self.process_triggers()          # ND-T1: right after that chain
        if self.new_chain_before_the_draw():
            self.chain_window(self.turn_player)
        self.decider.close("after-before-draw")

    def new_chain_before_the_draw(self) -> bool:
        """May a new chain start after the chain of the timing before the draw and before the
        normal draw? No: before the normal draw only the effects of that timing start a chain link
        (the page's list of what can, ND-L-BEFORE: 「通常のドローより前にチェーンブロックを作ることができる
        カード」), and they are placed at that timing (ND-05); the timing is over."""
        return False

    def triggers_before_normal_draw(self) -> bool:
        """ND-T1: trigger effects waiting after the chain before the draw are activated right
        after it when the normal draw right is spent, else after the normal draw."""
        return self.draw_right == "spent"

    def conduct_normal_draw(self) -> None:
        """The normal draw: 1 card, or what an effect makes it (ND-01); from a Deck with too few
        cards it loses the duel (YGO-GEN-VICTORY, in :meth:`draw`)."""
        if self.draw_right == "unspent":
            self.draw_right = "spent"
            drawn = self.draw(self.turn_player, self.normal_draw_n, normal=True)
            self.last_normal_draw = {"player": self.turn_player, "cards": drawn, "turn": self.turn}

    def locked_spell_trap_zones(self, player: str) -> int:
        """Spell & Trap Zones of ``player`` an effect makes unusable (Mystical Cards of Light)."""
        return sum(eff.locks_zones(self, player) for eff in self.continuous("locks_zones"))

    def set_phase(self, phase: str) -> None:
        """Begin ``phase`` (emits ``phase``); stops the run at the scenario's ``stop``, or without
        one at the first phase that begins after the script is used up."""
        self.phase = phase
        self.last_normal_draw = None
        self.decider.close("open")
        self.emit("phase", phase=phase, player=self.turn_player, turn=self.turn)
        if self.stop_at == (self.turn, phase):
            raise StopReached()
        self.phases_begun += 1
        if self.stop_at is None and self.stop_when_idle and self.phases_begun > 1 \
                and self.decider.peek() is None:
            raise StopReached()

    def run_turn_from(self, phase: str, step: str | None) -> None:
        """Run the current turn from ``phase`` (and Draw Phase ``step``) to its end: the phases in
        the order of :data:`PHASE_ORDER` (YGO-GEN-TURN)."""
        phases = PHASE_ORDER[PHASE_ORDER.index(phase):]
        for ph in phases:
            if ph == "draw" and (self.turn_player, self.turn) in self.skip_draw_phase:
                continue                         # the Draw Phase is skipped: no normal draw this turn
            if ph == "draw":
                if step == "after-draw":
                    self.set_phase_silently("draw")
                    self.draw_right = "spent"
                    self.decider.open({"window": "open", "phase": "draw"})
                    self.open_state()
                else:
                    self.draw_phase()
            else:
                self.set_phase(ph)
                for eff in list(self.continuous("phase_begins")):
                    eff.phase_begins(self)
                self.decider.open({"window": "open", "phase": ph})
                self.open_state()
            step = None

    def set_phase_silently(self, phase: str) -> None:
        self.phase = phase

    def next_turn(self) -> None:
        """The other player's turn begins (YGO-GEN-TURN); once-per-turn uses are forgotten."""
        self.turn += 1
        self.turn_player = opponent(self.turn_player)
        self.used = set()
        self.decider.close("open")
        self.emit("turn", turn=self.turn, player=self.turn_player)

    def start_duel(self) -> None:
        """Both players shuffle and draw 5 cards: the opening hand, not a normal draw, drawn
        before the first turn, in no phase: no Draw Phase effect sees it (ND-03)."""
        self.phase = None
        for p in (self.first_player, opponent(self.first_player)):
            self.draw(p, 5, normal=False, opening=True)

    def close(self) -> None:
        """Break the reference cycles of a finished duel (a card and its effects refer to each
        other) so that it is freed at once, not at the next cyclic garbage collection: a run
        of many scenarios then keeps a flat memory profile."""
        for c in self.cards.values():
            c.effects = []
        self.trigger_effects, self.pending, self.chain, self.watches = [], [], [], []
        self.decider = None

    # -------------------------------------------------------------------------------- final
    def final(self) -> dict:
        cards = {}
        for c in self.cards.values():
            st = {"zone": c.zone, "owner": c.owner, "controller": c.controller}
            if c.position:
                st["position"] = c.position
            cards[c.uid] = st
        players = {}
        for p in ("A", "B"):
            counts = {z: len(self.zone(p, z)) for z in ("deck", "hand", "monster", "spell-trap", "field", "graveyard", "banished", "extra")}
            players[p] = {"lp": self.lp[p], "counts": counts}
        return {"cards": cards, "players": players, "winner": self.winner, "turn": self.turn, "phase": self.phase}


#: refusal codes (``trace.schema.json#/$defs/refusal_code``) of the reasons :meth:`Duel.activatable` gives
REFUSAL_REASONS = (
    ("the same effect of the same card cannot be activated twice", "chain-limit"),
    ("cannot be chained to an effect of another timing", "chain-limit"),
    ("placed together on the chain", "chain-limit"),
    ("spell speed", "spell-speed"),
    ("once per turn", "once-per-turn"),
    ("only 1 ", "once-per-turn"),
    ("normal draw right", "no-normal-draw-right"),
    ("the card must be", "zone"),
    ("a Trap must be Set", "zone"),
    ("is activated from face-down", "zone"),
    ("no Spell & Trap Zone is free", "zone"),
    ("not their card", "zone"),
    ("only during", "timing"),
    ("only immediately before the normal draw", "timing"),
    ("a Quick Effect can only respond", "timing"),
    ("activated from the hand", "timing"),
    ("the turn it was Set", "timing"),
    ("is activated when it triggers", "timing"),
    ("can be activated from the hand only", "timing"),
    ("a continuous effect is applied", "not-offered"),
    ("the player declined it", "not-offered"),
    ("the game activates it", "not-offered"),
)


def refusal_code(reason: str, on_a_chain: bool = False) -> str:
    """The refusal code of a reason :meth:`Duel.activatable` gives (``condition`` for a card's own
    condition). The normal draw right spent or bound by a link of the chain being built is a
    ``chain-limit`` (ND-C4, ND-E6, ND-AF4: it cannot go on that chain), otherwise
    ``no-normal-draw-right``."""
    for words, code in REFUSAL_REASONS:
        if words in reason:
            if code == "no-normal-draw-right" and on_a_chain:
                return "chain-limit"
            return code
    return "condition"


class StopReached(Exception):
    """The run reached the scenario's ``stop``."""


class _Probe:
    """A read-only stand-in for the duel while checking whether a cost/target can be paid:
    state reads go to the duel, anything that would change it is a no-op."""

    def __init__(self, duel):
        self._duel = duel
        self.probing = True
        self.used = set(duel.used)                 # a probe may mark "once per turn" on its own copy
        self.once_per_duel = set(duel.once_per_duel)

    def __getattr__(self, name):
        if name in ("move", "emit", "draw", "damage", "negate", "win"):
            return lambda *a, **k: None
        return getattr(self._duel, name)
