"""One duelspec Yu-Gi-Oh! scenario in the classic YGOPro core.

:class:`ScenarioRun` builds the start state (cards placed by a generated Lua script of
``Debug.AddCard`` calls, so Extra Deck monsters can carry "properly Summoned" and Xyz
Monsters their materials), plays to it (engine player 0 goes first; turn 2's Draw Phase is
reached by ending turn 1 with nothing done), answers the core's prompts from the script,
turns the core's messages into canonical trace events and reads the final state from the
core's own queries.

Observe, never infer: every event comes from a message of the core (``MSG_*``), every final
value from ``query_field_card`` / ``query_field_info``; a scripted step is performed exactly
as written or recorded ``refused`` when the core does not offer it — never replaced by
another choice. Format-2 steps (``when``) are used only in the window they name: the
adapter tells the kit's :class:`~duelspec.adapters.kit.ScriptDriver` which windows the core's
messages open and close (:meth:`ScenarioRun.windows_of` says which a decision falls in).
"""
from __future__ import annotations

from ..kit import MissingDecision, Refusal, ScriptDriver
from .engine_errors import EngineErrors
from .messages import (HINT_EVENT, LOCATION, MSG, PHASE, POS, PROMPTS, QUERY, REASON, DecodeError, decode,
                       parse_query)

#: what this adapter cannot do (mechanic tags of schemas/requires.schema.json)
UNSUPPORTED: list[str] = []
#: what the core lets the adapter observe (protocol 2 and 3 ``implementation.observes``): the event
#: kinds it reports from the core's messages, the final-state fields it reads from the core's
#: queries, the windows it reads off the core's messages. Not reported: ``declare`` (the core
#: writes a declared name only as a hint), and the Duel Masters kinds.
OBSERVES = {
    "events": ["turn", "phase", "step", "draw", "activate", "negate-activation", "negate-effect", "resolve",
               "chain-end", "move", "reveal", "lp", "win"],
    "final": ["cards.zone", "cards.owner", "cards.controller", "cards.position", "players.lp", "players.counts",
              "winner", "turn", "phase"],
    "windows": ["before-draw", "after-before-draw", "response", "trigger", "open", "resolution", "activation"],
}

PHASE_OF = {PHASE["DRAW"]: "draw", PHASE["STANDBY"]: "standby", PHASE["MAIN1"]: "main1",
            PHASE["BATTLE_START"]: "battle", PHASE["BATTLE_STEP"]: "battle", PHASE["DAMAGE"]: "battle",
            PHASE["DAMAGE_CAL"]: "battle", PHASE["BATTLE"]: "battle", PHASE["MAIN2"]: "main2",
            PHASE["END"]: "end"}
PHASE_ORDER = ["draw", "standby", "main1", "battle", "main2", "end"]
OTHER = {"A": "B", "B": "A"}
LOCS = [LOCATION[k] for k in ("DECK", "HAND", "MZONE", "SZONE", "GRAVE", "REMOVED", "EXTRA")]
SLOTTED = {LOCATION["MZONE"], LOCATION["SZONE"]}
PLACES = [(p, l) for p in (0, 1) for l in LOCS]   # the snapshot's locations, in its order
EXTRA_DECK_TYPES = 0x40 | 0x2000 | 0x800000 | 0x4000000  # Fusion, Synchro, Xyz, Link (common.h)
#: start_duel options: Master Rule 2020 (5) << 16 | DUEL_PSEUDO_SHUFFLE (common.h:415): deck
#: shuffles keep the scenario's order
DUEL_OPTIONS = (5 << 16) | 0x10
#: MSG_HINT HINT_EVENT data of the phase event's priority in the Draw Phase (processor.cpp:1141-1145)
HINT_DRAW_PHASE_EVENT = 20
#: Master Rule 2020 Spell & Trap Zone 5 = the Field Zone
FIELD_ZONE = 5
#: system strings (YGOPro strings.conf `!system`) scripts pass to SelectOption
SYSTEM_STRINGS = {70: "Monster", 71: "Spell", 72: "Trap"}
#: idle / battle command actions (playerop.cpp:155-170, 70-80)
IDLE = {"SUMMON": 0, "SPSUMMON": 1, "REPOS": 2, "MSET": 3, "SSET": 4, "ACTIVATE": 5, "TO_BP": 6, "TO_EP": 7}
BATTLE = {"ACTIVATE": 0, "ATTACK": 1, "TO_M2": 2, "TO_EP": 3}
ATTRIBUTE_NAMES = {"earth": 0x1, "water": 0x2, "fire": 0x4, "wind": 0x8, "light": 0x10, "dark": 0x20, "divine": 0x40}


class Unsupported(Exception):
    """A start state or decision this adapter cannot build in the core: the scenario is skipped."""


class BadScenario(Exception):
    """The scenario is not as the schema says: errored."""


class EngineError(Exception):
    """The core did something the adapter cannot follow (an undecodable message, a RETRY)."""


class EngineScriptError(Exception):
    """The core reported errors of card scripts during the duel (a Lua error, a missing or
    unloadable script, :mod:`.engine_errors`): errored with them; ``trace``: what the engine did."""

    def __init__(self, errors: EngineErrors, trace: dict | None = None):
        super().__init__(errors.message())
        self.errors, self.trace = errors, trace


def zone_name(loc: int, seq: int) -> str | None:
    return {LOCATION["DECK"]: "deck", LOCATION["HAND"]: "hand", LOCATION["MZONE"]: "monster",
            LOCATION["GRAVE"]: "graveyard", LOCATION["REMOVED"]: "banished",
            LOCATION["EXTRA"]: "extra"}.get(loc) or (
        ("field" if seq == FIELD_ZONE else "spell-trap") if loc == LOCATION["SZONE"] else
        ("overlay" if loc & LOCATION["OVERLAY"] else None))


def position_name(loc: int, pos: int) -> str | None:
    if loc == LOCATION["MZONE"]:
        return {1: "face-up-attack", 4: "face-up-defense", 8: "face-down-defense", 2: "face-down-attack"}.get(pos)
    if loc == LOCATION["SZONE"]:
        return "face-up" if pos & POS["FACEUP"] else "face-down"
    return None


def move_reason(r: int, from_loc: int, to_loc: int, to_pos: int) -> str | None:
    """The trace's move reason from the core's REASON_* bits (common.h:154-183)."""
    if r & REASON["COST"]:
        return "cost"
    if r & REASON["DRAW"]:
        return "draw"
    if r & (REASON["SUMMON"] | REASON["SPSUMMON"]):
        return "summon"
    if r & REASON["BATTLE"]:
        return "battle"
    if r & REASON["EFFECT"]:
        return "effect"
    if r & REASON["RULE"]:
        return "rule"
    if to_loc == LOCATION["SZONE"] and to_pos & POS["FACEUP"] and from_loc != LOCATION["SZONE"]:
        return "activate"
    return None


def deck_order(cards: list[dict]) -> list[dict]:
    """Deck list top -> bottom from the scenario's ``order`` fields: ``top`` cards first, then
    integer orders ascending, then cards without ``order`` as listed, then ``bottom`` cards
    (the reference engine's ordering)."""
    def key(ic):
        i, c = ic
        o = c.get("order")
        if o == "top":
            return (0, 0, i)
        if o == "bottom":
            return (3, 0, i)
        if isinstance(o, int) and not isinstance(o, bool):
            return (1, o, i)
        return (2, 0, i)
    return [c for _, c in sorted(enumerate(cards), key=key)]


def match_option(word, texts: list) -> int:
    """Index of the option whose text is ``word`` (or contains it as a whole word), or a 1-based
    number; -1 when none or several match. ``texts``: the options' texts (None when unknown)."""
    import re
    w = str(word).strip()
    if w.isdigit():
        k = int(w)
        return k - 1 if 1 <= k <= len(texts) else -1
    lw = w.lower()
    exact = [i for i, t in enumerate(texts) if t and t.lower() == lw]
    if len(exact) == 1:
        return exact[0]
    rx = re.compile(r"\b" + re.escape(lw) + r"\b")
    hits = [i for i, t in enumerate(texts) if t and rx.search(t.lower())]
    return hits[0] if len(hits) == 1 else -1


class Mirror:
    """Where each scenario card is in the core: per engine player and location, the local ids in
    core sequence order (DECK index 0 = bottom). Updated from MOVE/DRAW/SHUFFLE messages and
    re-synchronised with the core's queries after every batch."""

    def __init__(self, code_of):
        self.code_of = code_of
        self.z = [{l: ([None] * (7 if l == LOCATION["MZONE"] else 8) if l in SLOTTED else []) for l in LOCS}
                  for _ in (0, 1)]

    def list(self, p: int, l: int):
        return self.z[p].get(l & 0x7F) if p in (0, 1) else None

    def at(self, p, l, seq, code=None):
        lst = self.list(p, l)
        if lst is None:
            return None
        cid = lst[seq] if 0 <= seq < len(lst) else None
        if cid and (not code or self.code_of(cid) == code):
            return cid
        if code:
            alt = [x for x in lst if x and self.code_of(x) == code]
            if alt:
                return alt[0]
        return cid

    def remove(self, p, l, seq, code=None):
        lst = self.list(p, l)
        if lst is None:
            return None
        i = seq
        if not (0 <= i < len(lst) and lst[i] and (not code or self.code_of(lst[i]) == code)):
            i = next((k for k, x in enumerate(lst) if x and self.code_of(x) == code), -1)
        if i < 0:
            return None
        cid = lst[i]
        if (l & 0x7F) in SLOTTED:
            lst[i] = None
        else:
            del lst[i]
        return cid

    def insert(self, p, l, seq, cid):
        lst = self.list(p, l)
        if lst is None:
            return
        if (l & 0x7F) in SLOTTED:
            if seq < len(lst):
                lst[seq] = cid
        else:
            lst.insert(min(seq, len(lst)), cid)


class ScenarioRun:
    """``ScenarioRun(core, cards, script_reader, scenario).run()`` -> ``{"trace": ...}``.

    Raises :class:`Unsupported` (skip), :class:`BadScenario` / :class:`MissingDecision` /
    :class:`EngineError` / :class:`EngineScriptError` (errored)."""

    def __init__(self, core, cards, script_reader, scenario: dict, log=lambda s: None, max_process: int = 20000,
                 script_dirs=(), repro_text: bytes | None = None):
        """``repro_text``: a reproduction of this scenario (its own ``Debug.ReloadFieldBegin`` ..
        ``ReloadFieldEnd``, docs/conformance/repro) loaded instead of the adapter's setup chunk."""
        self.core, self.cards, self.script_reader, self.scenario = core, cards, script_reader, scenario
        self.log_fn, self.max_process, self.script_dirs = log, max_process, list(script_dirs)
        self.repro_text = repro_text
        self.errors: EngineErrors | None = None
        self.events: list[dict] = []
        self.notes: list[str] = []
        self.duel = None

    # ------------------------------------------------------------------ validation
    def check(self) -> None:
        s = self.scenario
        if not isinstance(s, dict):
            raise BadScenario("expected a scenario object")
        if s.get("game") != "ygo":
            raise Unsupported(f"game {s.get('game')!r}: this adapter runs Yu-Gi-Oh! (ygo) scenarios only")
        st = s.get("setup")
        if not isinstance(st, dict) or not isinstance(st.get("cards"), list):
            raise BadScenario("expected setup with a cards array")
        if not isinstance(s.get("script"), list):
            raise BadScenario("expected script to be an array of steps")
        for t in s.get("requires", []):
            if t in UNSUPPORTED:
                raise Unsupported(f"requires {t}, which this adapter does not support")
        if st.get("first_player") not in ("A", "B") or st.get("turn_player") not in ("A", "B"):
            raise BadScenario("expected setup.first_player and setup.turn_player to be A or B")
        if "random" in st:
            raise Unsupported("setup.random: this adapter cannot force random results in the core "
                              "(DUEL_PSEUDO_SHUFFLE keeps deck order; coins, dice and random selections are not forced)")
        self.ids: dict[str, dict] = {}
        for c in st["cards"]:
            if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not str(c.get("card", "")).isdigit() \
                    or c.get("owner") not in ("A", "B"):
                raise BadScenario(f"expected each setup card to have id, a numeric card and owner A/B; got {c!r}"[:300])
            if c["id"] in self.ids:
                raise BadScenario(f"duplicate card id {c['id']}")
            self.ids[c["id"]] = c
            if c.get("counters"):
                raise Unsupported(f"card {c['id']} has counters: not placed by this adapter's setup (not implemented)")
            if not self.cards.has(int(c["card"])):
                raise Unsupported(f"card {c['card']} ({c['id']}) is in neither the card catalogue nor the cards.cdb given")
        for c in st["cards"]:
            if c.get("zone") == "overlay":
                holder = self.ids.get(c.get("attached_to"))
                if not holder or holder.get("zone") != "monster":
                    raise BadScenario(f"overlay card {c['id']}: attached_to must name a card in a Monster Zone")
        if st.get("phase") == "start-of-duel":
            if st.get("turn") not in (0, None):
                raise BadScenario("start-of-duel needs turn 0")
            self.start = {"turn": 0, "phase": "start-of-duel"}
        else:
            turn = st.get("turn")
            if turn == 1 and st["turn_player"] != st["first_player"]:
                raise BadScenario("turn 1 is the first player's turn")
            if turn == 2 and st["turn_player"] == st["first_player"]:
                raise BadScenario("turn 2 is the second player's turn")
            if not isinstance(turn, int) or turn < 1:
                raise BadScenario("setup.turn must be an integer >= 1 (or phase start-of-duel)")
            if turn > 2:
                raise Unsupported(f"setup at turn {turn}: reaching turns after 2 would need normal draws the "
                                  f"scenario's decks do not hold (only turns 1 and 2 can be built)")
            if turn == 1 and st.get("phase") == "draw" and st.get("step") == "after-draw":
                raise BadScenario("turn 1 has no normal draw to be after")
            if st.get("phase") not in PHASE_ORDER:
                raise BadScenario(f"setup.phase must be start-of-duel or one of {', '.join(PHASE_ORDER)}")
            # turn 2 past its normal draw: the core reaches it only by conducting that draw (see plans)
            after = turn == 2 and (st["phase"] != "draw" or st.get("step") == "after-draw")
            self.start = {"turn": turn, "phase": st["phase"], "after_draw": after}
        stop = st.get("stop")
        if stop and stop.get("phase") not in PHASE_ORDER:
            raise BadScenario(f"setup.stop.phase must be one of {', '.join(PHASE_ORDER)}")

    # ------------------------------------------------------------------ setup
    def setup_script(self) -> str:
        """The Lua chunk that places every card (``Debug.AddCard(code, owner, player, location,
        sequence, position, proc)``, libdebug.cpp:24-80): ``proc`` = properly Summoned
        (STATUS_PROC_COMPLETE) for monsters in the Monster Zone and Extra Deck monsters outside
        the Extra Deck unless ``properly_summoned: false``; Xyz materials are added at their
        holder's zone after it (the core attaches them, libdebug.cpp:60-70)."""
        st = self.scenario["setup"]
        lines = ["-- duelspec start state (generated)"]
        self.placed = []

        def add(c, loc, seq, pos, proc=False):
            p = self.P[c.get("controller", c["owner"])]
            owner = self.P[c["owner"]]
            lines.append(f"Debug.AddCard({int(c['card'])},{owner},{p},{loc},{seq},{pos},{'true' if proc else 'false'}) --{c['id']}")
            self.placed.append((c, p, loc, seq))

        def by(zone, who):
            return [c for c in st["cards"] if c.get("zone") == zone and c.get("controller", c["owner"]) == who]

        for x in ("A", "B"):
            planned = [c for c in by("hand", x) if self.plan and c["id"] == self.plan["card"]]
            for c in reversed(planned + deck_order(by("deck", x))):  # bottom first; 0 = SEQ_DECKTOP: push on top
                add(c, LOCATION["DECK"], 0, POS["FACEDOWN_DEFENSE"])
            for i, c in enumerate(c for c in by("hand", x) if c not in planned):
                add(c, LOCATION["HAND"], i, POS["FACEDOWN_DEFENSE"])
            mz = by("monster", x)
            if len(mz) > 5:
                raise Unsupported(f"{len(mz)} monsters for {x}: the Extra Monster Zones are not used by this adapter's setup")
            for i, c in enumerate(mz):
                pos = {"face-up-defense": POS["FACEUP_DEFENSE"], "face-down-defense": POS["FACEDOWN_DEFENSE"]}.get(
                    c.get("position"), POS["FACEUP_ATTACK"])
                add(c, LOCATION["MZONE"], i, pos, proc=c.get("properly_summoned", True))
                for m in st["cards"]:
                    if m.get("zone") == "overlay" and m.get("attached_to") == c["id"]:
                        p = self.P[c.get("controller", c["owner"])]
                        lines.append(f"Debug.AddCard({int(m['card'])},{self.P[m['owner']]},{p},{LOCATION['MZONE']},{i},"
                                     f"{POS['FACEUP_ATTACK']},false) --{m['id']}")
                        self.placed.append((m, p, LOCATION["OVERLAY"], i))
            sz = by("spell-trap", x)
            if len(sz) > 5:
                raise BadScenario(f"{len(sz)} cards in {x}'s Spell & Trap Zones (5 at most)")
            for i, c in enumerate(sz):
                add(c, LOCATION["SZONE"], i, POS["FACEDOWN"] if c.get("position") == "face-down" else POS["FACEUP_ATTACK"])
            fz = by("field", x)
            if len(fz) > 1:
                raise Unsupported(f"{len(fz)} Field Spells for {x}: the core has one Field Zone per player (Spell & "
                                  f"Trap Zone 5), so this start state cannot be built")
            for c in fz:
                add(c, LOCATION["SZONE"], FIELD_ZONE, POS["FACEDOWN"] if c.get("position") == "face-down" else POS["FACEUP_ATTACK"])
            for zone, loc in (("graveyard", LOCATION["GRAVE"]), ("banished", LOCATION["REMOVED"])):
                for i, c in enumerate(by(zone, x)):
                    t = (self.cards.read(int(c["card"])) or {}).get("type", 0)
                    pos = POS["FACEDOWN"] if c.get("position") == "face-down" else POS["FACEUP_ATTACK"]
                    add(c, loc, i, pos, proc=bool(t & EXTRA_DECK_TYPES) and c.get("properly_summoned", True))
            for i, c in enumerate(by("extra", x)):
                add(c, LOCATION["EXTRA"], i, POS["FACEDOWN_DEFENSE"])
        return "\n".join(lines) + "\n"

    def setup(self) -> None:
        st = self.scenario["setup"]
        self.P = {st["first_player"]: 0, OTHER[st["first_player"]]: 1}   # engine player 0 goes first
        self.L = [st["first_player"], OTHER[st["first_player"]]]
        seed = st.get("seed", 20240607)
        self.setup_lua = None
        self.errors = EngineErrors(self.cards.name, lambda code: [c["id"] for c in st["cards"] if int(c["card"]) == code],
                                   self.script_dirs)
        self.duel = self.core.duel(int(seed) & 0xFFFFFFFF, self._read_card, self._read_script, self.errors)
        self._parsed: list = [None] * len(PLACES)   # per PLACES: (bytes, parsed, snapshot entry) of the last snapshot
        self._snap = None            # the last snapshot's list
        self.last_snap = None        # the snapshot the mirror was last re-synchronised with
        self.aligned = None          # the mirror as that re-synchronisation left it, if it changed nothing
        opening = 5 if self.start["phase"] == "start-of-duel" else 0
        for x in ("A", "B"):
            lp = (st.get("players", {}).get(x) or {}).get("lp", 8000)
            self.duel.set_player_info(self.P[x], lp, opening, 1)
        self.setup_lua = self.setup_script().encode()
        self.chunk = self.repro_text if self.repro_text is not None else self.setup_lua
        if not self.duel.preload("./script/duelspec_setup.lua"):
            raise EngineError(f"the setup script failed in the core: {' | '.join(self.duel.log[-3:])}")
        self.mirror = Mirror(self.code_of)
        for c, p, loc, seq in self.placed:
            if loc != LOCATION["OVERLAY"]:
                self.mirror.insert(p, loc, seq if loc != LOCATION["DECK"] else len(self.mirror.list(p, loc)), c["id"])
        snap = self.snapshot()
        n = sum(1 for _, _, qs in snap for q in qs if q)
        want = sum(1 for c in st["cards"] if c.get("zone") != "overlay")
        if n != want:
            raise Unsupported(f"the core accepted {n} of {want} setup cards (a zone not usable?)")
        self.resync(snap)

    def _read_card(self, code: int):
        return self.cards.read(code)

    def _read_script(self, name: str):
        if name.endswith("duelspec_setup.lua"):
            return self.chunk
        return self.script_reader(name)

    def code_of(self, cid: str) -> int:
        c = self.ids.get(cid)
        if c:
            return int(c["card"])
        try:
            return int(str(cid).split(":")[1])
        except (IndexError, ValueError):
            return 0

    # ------------------------------------------------------------------ queries
    def snapshot(self):
        """``[(player, location, [card query or None per sequence])]`` of every location. A
        location whose bytes are those of the last snapshot keeps its parsed list (the lists are
        only read)."""
        flags = QUERY["CODE"] | QUERY["POSITION"] | QUERY["REASON"] | QUERY["OWNER"]
        cache = self._parsed
        self.duel.activate()
        query = self.duel.query_field_view
        changed = False
        for i, (p, l) in enumerate(PLACES):
            view = query(p, l, flags)               # the core's bytes in place: copied only when changed
            hit = cache[i]
            if hit is None or view != hit[0]:
                raw = bytes(view)
                parsed = parse_query(raw)
                cache[i] = (raw, parsed, (p, l, parsed))
                changed = True
        if changed or self._snap is None:           # the same list again when no location changed
            self._snap = [hit[2] for hit in cache]
        return self._snap

    def resync(self, snap=None) -> None:
        """Re-align the mirror with the core: the same code at the same place keeps its id.
        Nothing to do when the last re-synchronisation changed nothing (the mirror was aligned)
        and neither the core's field (the snapshot's lists are those it used: the same bytes) nor
        the mirror changed since: it would change nothing again."""
        snap = snap if snap is not None else self.snapshot()
        last = self.last_snap
        if self.aligned is not None and last is not None and (snap is last or len(last) == len(snap)
                                                              and all(a[2] is b[2] for a, b in zip(snap, last))) \
                and self.mirror.z == self.aligned:
            return
        old = self.mirror.z
        tokens = len(self.tokens)
        fresh = [{}, {}]
        used, pending = set(), []
        for p, l, qs in snap:
            row = []
            for i, q in enumerate(qs):
                if not q:
                    row.append(None)
                    continue
                prev = old[p][l]
                cid = prev[i] if i < len(prev) else None
                if cid and self.code_of(cid) == q["code"] and cid not in used:
                    used.add(cid)
                    row.append(cid)
                else:
                    row.append(("?", i, q))
                    pending.append((p, l, i, q))
            fresh[p][l] = row
        for p, l, i, q in pending:
            cand = [cid for cid in [*self.ids, *self.tokens] if cid not in used and self.code_of(cid) == q["code"]]
            pref = next((cid for cid in cand if cid in old[p][l]), None) or \
                next((cid for cid in cand if self.ids.get(cid, {}).get("owner") == self.L[q.get("owner", p) & 1]), None) or \
                (cand[0] if cand else None)
            cid = pref or self.new_id(q["code"])
            used.add(cid)
            fresh[p][l][i] = cid
        for p in (0, 1):
            for l in LOCS:
                if l not in SLOTTED:
                    fresh[p][l] = [x for x in fresh[p][l] if x is not None]
                else:
                    size = 7 if l == LOCATION["MZONE"] else 8
                    fresh[p][l] = (fresh[p][l] + [None] * size)[:size]
        # a copy of the mirror when this changed nothing (messages then change the mirror in place)
        self.aligned = [{l: list(v) for l, v in side.items()} for side in fresh] \
            if fresh == old and len(self.tokens) == tokens else None
        self.mirror.z = fresh
        self.last_snap = snap

    def new_id(self, code: int) -> str:
        cid = f"engine:{code}:{len(self.tokens) + 1}"
        self.tokens.append(cid)
        return cid

    def id_at(self, p, l, seq, code=None) -> str:
        return self.mirror.at(p, l, seq, code) or f"engine:{code}"

    # ------------------------------------------------------------------ main loop
    def plans(self) -> list[dict | None]:
        """How to reach a start state after turn 2's normal draw: the core conducts that draw
        (turn step 2), so one of the turn player's hand cards of the setup goes on top of the
        Deck for it (the scenario does not say which card the normal draw drew; it was one of
        the cards in hand): Normal Monsters first, then the others as listed; up to 3 plans,
        each trying another card first (a plan the core does not follow is given up). ``[None]``
        when no normal draw comes before the start state."""
        if not self.start.get("after_draw"):
            return [None]
        st = self.scenario["setup"]
        who = st["turn_player"]
        hand = [c for c in st["cards"] if c.get("zone") == "hand" and c.get("controller", c["owner"]) == who]
        normal = lambda c: 0 if ((self.cards.read(int(c["card"])) or {}).get("type", 0) & 0x11) == 0x11 else 1
        pref = [c["id"] for _, c in sorted(enumerate(hand), key=lambda ic: (normal(ic[1]), ic[0]))]
        if not pref:
            raise Unsupported(f"setup at turn 2 {st['phase']} {st.get('step') or ''}".rstrip() +
                              f": the core reaches it only by conducting turn 2's normal draw of {who}, and {who}'s "
                              f"hand in the setup holds no card that could have been drawn; it cannot be built")
        return [{"player": who, "card": cid} for cid in pref[:3]]

    def run(self) -> dict:
        self.check()
        plans = self.plans()
        for k, plan in enumerate(plans):
            self.tokens: list[str] = []
            self.events, self.notes, self.plan = [], [], plan
            try:
                self.setup()
                return self._play()
            except Unsupported as exc:
                if not (plan and getattr(exc, "advancing", False)) or k == len(plans) - 1:
                    raise
            finally:
                if self.duel:
                    self.duel.end()
                    self.duel = None
        raise AssertionError("unreachable")

    def _play(self) -> dict:
        self.driver = ScriptDriver.for_scenario(self.scenario)
        self.f2 = self.driver.format == 2
        self.wins: dict[str, dict] = {}      # the windows this adapter has opened, by kind
        self.predraw_chain = False
        self.turn, self.turn_player, self.phase = 0, None, None
        self.links: list[str] = []
        self.solving = 0
        self.recording = self.start["phase"] == "start-of-duel"
        self.phases_begun = 0
        self.winner, self.stopped = None, False
        self.pending_picks = self.pending_declare = None
        self.our_activation = False
        self.pending_draws: list[dict] = []
        self.public: set[str] = set()
        self.lp = [None, None]
        self.last_prompt = None
        self.unselect_plan = None
        self.duel.start(DUEL_OPTIONS)
        idle_waits = 0
        for _ in range(self.max_process):
            if self.stopped:
                break
            _n, waiting, ended = self.duel.process()
            try:
                msgs = decode(self.duel.messages())
            except DecodeError as exc:
                raise EngineError(f"cannot decode the core's messages: {exc}") from None
            prompt = None
            # the field as the core left it after this call: read once, for the revealed hand cards
            # and then for the mirror (reading the messages changes nothing in the core)
            snap = self.snapshot()
            if self.recording:
                self.check_public(snap)
            for m in msgs:
                if m["type"] in PROMPTS:
                    prompt = m
                elif m["type"] == MSG["RETRY"]:
                    raise EngineError(f"the core rejected the adapter's last response (MSG_RETRY) to "
                                      f"{self.last_prompt and self.last_prompt['name']}")
                else:
                    self.on_message(m)
                if self.stopped:
                    break
            if self.stopped or ended:
                break
            self.resync(snap)
            self.settle_draws()
            if waiting:
                if prompt is None:
                    idle_waits += 1     # the core can say "waiting" with no prompt: process again
                    if idle_waits > 100:
                        raise EngineError("the core keeps waiting with no prompt")
                    continue
                idle_waits = 0
                self.answer(prompt)
                self.last_prompt = prompt
        else:
            raise EngineError(f"no end after {self.max_process} process calls")
        self.settle_draws()
        trace = self.trace()
        # a Lua error, a missing or unloadable script: the duel went on without that effect, so the
        # trace is not what the engine is meant to do — the scenario is errored with the evidence
        if len(self.errors):
            raise EngineScriptError(self.errors, trace)
        return {"trace": trace}

    def emit(self, ev: dict) -> None:
        if self.recording:
            self.events.append(ev)
            self.driver.event(ev)

    # ------------------------------------------------------------------ windows (format 2)
    def w_open(self, kind: str, **kw) -> None:
        """Window ``kind`` opens (its previous one of that kind closes first)."""
        if not self.recording:
            return
        self.w_close(kind)
        self.wins[kind] = self.driver.open({"window": kind, **kw})

    def w_close(self, *kinds: str) -> None:
        for kind in kinds:
            if kind in self.wins:
                del self.wins[kind]
                self.driver.close(kind)

    def windows_of(self, m: dict | None, kind: str) -> list[dict]:
        """The windows a decision of the core falls in, from what it has reported so far:

        * ``placing`` (an optional trigger asked as ``MSG_SELECT_EFFECTYN``, or a
          ``MSG_SELECT_CHAIN`` with ``spe_count`` 0x7f: the core placing the triggers of a point
          event, processor.cpp:1336-1345, 1406-1412): the ``trigger`` window, and ``before-draw``
          while that is open (the triggers of EVENT_PREDRAW);
        * ``chain`` (any other chain prompt, idle or battle command): ``response`` to the newest
          link while a chain is being built, else ``open`` in the phase; ``before-draw`` too
          while that is open (a trigger of a face-down card in the hand is offered here,
          processor.cpp:1690-1705), and ``after-before-draw`` (format 2.1) while that is open;
        * ``choice`` (cards, options, yes/no, declarations): ``activation`` of the link being
          activated, ``resolution`` of the link resolving, else the ``trigger`` window after the
          events since the previous one (a choice a continuous effect asks right after an event).
        """
        out = []
        if kind == "placing":
            out.append(self.wins.get("trigger") or self.driver.trigger_window())
            for k in ("before-draw", "after-before-draw"):
                if k in self.wins:
                    out.append(self.wins[k])
        elif kind == "chain":
            if self.links and "response" in self.wins:
                out.append(self.wins["response"])
            elif not self.links and not self.before_the_draw():   # the Draw Phase's open state follows the draw
                out.append(self.wins.get("open") or {"window": "open", "phase": self.phase, "turn": self.turn})
            for k in ("before-draw", "after-before-draw"):
                if k in self.wins:
                    out.append(self.wins[k])
        else:
            for k in ("activation", "resolution"):
                if k in self.wins:
                    out.append(self.wins[k])
            if not out:
                out.append(self.driver.trigger_window())
        return out

    def before_the_draw(self) -> bool:
        """Is the game before the normal draw of this Draw Phase (the timing before the draw, or
        the moment after it until the draw: window ``after-before-draw``, format 2.1)?"""
        return "before-draw" in self.wins or "after-before-draw" in self.wins

    def end_of_before_draw(self) -> None:
        """The timing before the draw is over (its chain resolved: ``MSG_CHAIN_END``; or nothing
        was activated: the normal draw's ``MSG_DRAW`` comes): window ``after-before-draw`` opens
        until the normal draw (processor.cpp:3800-3810 goes on to the draw)."""
        if "before-draw" in self.wins:
            self.w_close("before-draw")
            self.w_open("after-before-draw")

    def draw_phase_goes_on(self) -> None:
        """The normal draw right was spent, so turn step 2 conducts none and plays the Draw Phase's
        phase event (processor.cpp:3800-3809): `after-before-draw` closes, the Draw Phase's open
        state begins (its priority, if the phase event asks anyone: MSG_HINT event 20 then the
        prompt, processor.cpp:1141-1145)."""
        self.w_close("after-before-draw")
        self.w_open("open", phase=self.phase)

    def window_for(self, who: str, cands: list[dict]) -> dict | None:
        """Of ``cands``, the window the pending step names when it is ``who``'s (else the first)."""
        step = self.driver.peek()
        if self.f2 and step and step.get("player") == who:
            when = self.driver.when_of(step)
            for w in cands:
                if self.driver.matches(when, w):
                    return w
        return cands[0] if cands else None

    def before_start(self, m) -> None:
        """While advancing to the start state the core may do nothing but the planned normal draw."""
        if self.recording:
            return
        if m["type"] == MSG["DRAW"] and self.plan and self.turn == self.start["turn"] and self.phase == "draw" \
                and self.L[m["player"] & 1] == self.plan["player"] and not self.links:
            top = self.mirror.list(m["player"], LOCATION["DECK"])
            if len(m["codes"]) == 1 and top and top[-1] == self.plan["card"]:
                return
        if m["type"] in (MSG["CHAINING"], MSG["MOVE"], MSG["DRAW"], MSG["DAMAGE"], MSG["RECOVER"], MSG["PAY_LPCOST"],
                         MSG["WIN"]):
            exc = Unsupported(f"the core acted ({m['name']}) while the adapter was advancing to the start state "
                              f"(turn {self.start['turn']}, {self.start['phase']}); the start state cannot be built exactly")
            exc.advancing = True
            raise exc

    def settle_draws(self) -> None:
        """Draw events wait for the end of the batch: ``normal`` is the core's own reason of the
        drawn cards (REASON_RULE: the draw of the turn by rule, operations.cpp draw(); the opening
        hand too, traced with phase start-of-duel), read from ``query_field_card``."""
        if not self.pending_draws:
            return
        hand_q = {(p): dict(zip(self.mirror.list(p, LOCATION["HAND"]), qs))
                  for p, l, qs in self.last_snap if l == LOCATION["HAND"]}
        for ev, p in self.pending_draws:
            reasons = [(hand_q.get(p, {}).get(cid) or {}).get("reason") for cid in ev["cards"]]
            if all(r is not None for r in reasons):
                ev["normal"] = self.turn > 0 and all(r & REASON["RULE"] for r in reasons)
            else:
                ev["normal"] = False
                self.notes.append(f"draw of {ev['cards']}: a card left the hand before its reason could be read; "
                                  f"traced normal=false")
        self.pending_draws = []

    def check_public(self, snap) -> None:
        """A hand card the core now shows face-up (``QUERY_POSITION``) has been revealed: the core
        turns a hand card with EFFECT_PUBLIC face-up in its adjust step (processor.cpp:5050-5062;
        e.g. Shining Draw's "reveal it?", c35906693.lua:35-40), with no message of its own. Checked
        when a batch of messages arrives, before its messages are traced: ``process`` returns as
        soon as a unit wrote a message (ocgapi.cpp:152-159), and the adjust step writes none, so
        the card turned public before the batch's first message."""
        public = set()
        for p, l, qs in snap:
            if l == LOCATION["HAND"]:
                for cid, q in zip(self.mirror.list(p, l), qs):
                    if q and self.code_of(cid) == q["code"] and q["where"]["position"] & POS["FACEUP"]:
                        public.add(cid)
                        if cid not in self.public:
                            self.emit({"event": "reveal", "card": cid, "player": self.L[p]})
        self.public = public

    def on_message(self, m: dict) -> None:
        self.before_start(m)
        t = m["type"]
        if t == MSG["NEW_TURN"]:
            self.w_close("open", "trigger", "before-draw", "after-before-draw")
            self.turn += 1
            self.turn_player = self.L[m["player"]]
            if self.recording and self.reached_stop("new-turn"):
                return
            self.emit({"event": "turn", "turn": self.turn, "player": self.turn_player})
        elif t == MSG["NEW_PHASE"]:
            name = PHASE_OF.get(m["phase"], f"phase-{m['phase']}")
            if name == self.phase == "battle":
                return
            if "after-before-draw" in self.wins:
                # the right spent, no normal draw: turn step 2 played the Draw Phase's phase event
                # (processor.cpp:3809), which had nothing to offer anyone (no prompt, 1131-1134)
                self.draw_phase_goes_on()
            self.phase = name
            self.w_close("open", "trigger", "before-draw", "after-before-draw")
            if not self.recording and self.turn == self.start["turn"] and name == self.start["phase"] \
                    and not (name == "draw" and self.start.get("after_draw")):
                self.recording = True
            if not self.recording:
                return
            self.phases_begun += 1
            self.emit({"event": "phase", "phase": name, "player": self.turn_player, "turn": self.turn})
            self.reached_stop("phase")
        elif t == MSG["HINT"]:
            if m["hint_type"] == HINT_EVENT and m["data"] == HINT_DRAW_PHASE_EVENT and self.phase == "draw" \
                    and "after-before-draw" in self.wins:
                self.draw_phase_goes_on()   # the phase event's priority: the right spent, no draw came
            if m["hint_type"] == HINT_EVENT and m["data"] == 27:   # processor.cpp:3797-3800, !system 27 (before the draw)
                self.emit({"event": "step", "step": "before-draw"})
                self.w_open("before-draw")
                self.predraw_chain = False
        elif t == MSG["DRAW"]:
            p, who = m["player"], self.L[m["player"]]
            deck, hand = self.mirror.list(p, LOCATION["DECK"]), self.mirror.list(p, LOCATION["HAND"])
            ids = []
            for code in m["codes"]:
                cid = deck.pop() if deck else self.new_id(code)
                ids.append(cid)
                hand.append(cid)
            if not self.recording and self.plan:
                self.notes.append(f"start state: turn {self.turn}'s normal draw (conducted by the core before the start "
                                  f"state) drew {ids[0]}, one of {who}'s hand cards of the setup")
                if self.start["phase"] == "draw":
                    self.recording, self.phases_begun = True, 1
                return
            ev = {"event": "draw", "player": who, "cards": ids}
            ev["phase"] = self.phase if self.phase else "start-of-duel"
            if self.turn == 0:
                # the opening hand (protocol 3): the core draws it at the start of the duel, before
                # the first turn's MSG_NEW_TURN (observed: no turn has begun when this MSG_DRAW comes)
                ev["opening"] = True
            if self.before_the_draw() and not self.links and who == self.turn_player:
                # the normal draw (turn step 2, processor.cpp:3800-3810): the timing before it is over
                self.end_of_before_draw()
                self.w_close("after-before-draw")
            if self.recording:
                # `normal` from the core's reason of the drawn cards: read now when they are still
                # the last cards of the hand, else when the batch is over (settle_draws)
                qs = [q for q in parse_query(self.duel.query_field_card(p, LOCATION["HAND"], QUERY["CODE"] | QUERY["REASON"]))
                      if q][-len(m["codes"]):] if m["codes"] else []
                if [q["code"] for q in qs] == m["codes"]:
                    ev["normal"] = self.turn > 0 and all(q["reason"] & REASON["RULE"] for q in qs)
                else:
                    self.pending_draws.append((ev, p))
            self.emit(ev)
        elif t == MSG["MOVE"]:
            fr, to = m["from"], m["to"]
            cid = None
            if fr["location"] and not fr["location"] & LOCATION["OVERLAY"]:
                cid = self.mirror.remove(fr["controller"], fr["location"], fr["sequence"], m["code"])
            cid = cid or self.new_id(m["code"])
            if to["location"] and not to["location"] & LOCATION["OVERLAY"]:
                self.mirror.insert(to["controller"], to["location"], to["sequence"], cid)
            fz, tz = zone_name(fr["location"], fr["sequence"]), zone_name(to["location"], to["sequence"])
            if fz and tz:
                ev = {"event": "move", "card": cid, "from": fz, "to": tz, "player": self.L[to["controller"] & 1]}
                r = move_reason(m["reason"], fr["location"], to["location"], to["position"])
                if r:
                    ev["reason"] = r
                self.emit(ev)
        elif t == MSG["SHUFFLE_HAND"]:
            hand = self.mirror.list(m["player"], LOCATION["HAND"])
            left = list(hand)
            new = []
            for code in m["codes"]:
                k = next((i for i, x in enumerate(left) if self.code_of(x) == code), -1)
                new.append(left.pop(k) if k >= 0 else self.new_id(code))
            hand[:] = new
        elif t == MSG["CHAINING"]:
            cid = self.id_at(m["controller"], m["location"], m["sequence"], m["code"])
            n = m["chain_count"]
            self.links[n - 1:] = [cid]
            self.w_close("response")
            if n == 1 and "before-draw" in self.wins:
                self.predraw_chain = True
            ev = {"event": "activate", "card": cid, "player": self.L[m["triggering_controller"] & 1], "link": n}
            # no `effect` label: aux.Stringid(code, i) = code*16+i numbers a script's strings, not the
            # card text's (1)/(2)
            if self.our_activation:
                self.our_activation = False
            elif self.recording:
                # the core activated it on its own (a mandatory trigger it placed without a prompt,
                # processor.cpp:1336-1345): it is the activation a pending scripted `activate` of that
                # player and card asks for, in the trigger (or before-draw) window
                who = self.L[m["triggering_controller"] & 1]
                if "trigger" not in self.wins:
                    self.w_open("trigger")
                step = self.driver.peek()
                if step and step.get("player") == who and step.get("do") == "activate" and step.get("card") == cid:
                    w = self.window_for(who, self.windows_of(None, "placing"))
                    if self.driver.take(who, ("activate",), lambda st: None, window=w,
                                        applies=lambda st: True) is not None:
                        self.applied(step, who)
                        self.our_activation = False
            self.emit(ev)
            self.w_open("activation", link=n)
        elif t == MSG["CHAINED"]:
            self.pending_picks = self.pending_declare = None
            self.w_close("activation")
            self.w_open("response", link=m["chain_count"])
        elif t == MSG["CHAIN_SOLVING"]:
            self.solving = m["chain_count"]
            self.w_close("response", "trigger")
            self.emit({"event": "resolve", "link": m["chain_count"], "card": self._link(m["chain_count"])})
            self.w_open("resolution", link=m["chain_count"])
        elif t == MSG["CHAIN_SOLVED"]:
            self.solving = 0
            self.w_close("resolution")
        elif t == MSG["CHAIN_NEGATED"]:
            self.emit({"event": "negate-activation", "link": m["chain_count"], "card": self._link(m["chain_count"])})
        elif t == MSG["CHAIN_DISABLED"]:
            self.emit({"event": "negate-effect", "link": m["chain_count"], "card": self._link(m["chain_count"])})
        elif t == MSG["CHAIN_END"]:
            self.links, self.solving = [], 0
            self.w_close("response", "resolution", "activation")
            self.emit({"event": "chain-end"})
            if self.predraw_chain:                 # the before-the-draw chain has resolved
                self.predraw_chain = False
                self.end_of_before_draw()
        elif t in (MSG["CONFIRM_DECKTOP"], MSG["CONFIRM_EXTRATOP"], MSG["CONFIRM_CARDS"]):
            for c in m["cards"]:
                # Duel.ConfirmCards(viewer, cards): traced as revealed by the player who controls the card
                self.emit({"event": "reveal", "card": self.id_at(c["controller"], c["location"], c["sequence"], c["code"]),
                           "player": self.L[c["controller"] & 1]})
        elif t in (MSG["LPUPDATE"], MSG["DAMAGE"], MSG["RECOVER"], MSG["PAY_LPCOST"]):
            p = m["player"]
            before = self.lp[p] if self.lp[p] is not None else self.initial_lp(p)
            if t == MSG["LPUPDATE"]:
                lp = m["lp"]
            elif t == MSG["RECOVER"]:
                lp = before + m["amount"]
            else:
                lp = max(0, before - m["amount"])
            self.lp[p] = lp
            self.emit({"event": "lp", "player": self.L[p], "lp": lp, "change": lp - before})
        elif t == MSG["MISSED_EFFECT"]:
            if self.recording:
                self.notes.append(f"core: MSG_MISSED_EFFECT for {self.id_at(m['controller'], m['location'], m['sequence'], m['code'])}"
                                  f" (an optional \"when\" trigger missed its timing)")
        elif t == MSG["WIN"]:
            self.winner = None if m["player"] > 1 else self.L[m["player"]]
            ev = {"event": "win", "reason": {1: "life-points", 2: "deck-out"}.get(m["reason"], f"reason-{m['reason']}")}
            if m["player"] <= 1:
                ev["player"] = self.L[m["player"]]
            self.emit(ev)
            self.stopped = True

    def _link(self, n: int):
        return self.links[n - 1] if 0 < n <= len(self.links) else None

    def initial_lp(self, p: int) -> int:
        return (self.scenario["setup"].get("players", {}).get(self.L[p]) or {}).get("lp", 8000)

    def reached_stop(self, kind: str) -> bool:
        stop = self.scenario["setup"].get("stop")
        if stop:
            if kind != "new-turn" and self.turn == stop["turn"] and self.phase == stop["phase"]:
                self.stopped = True
            elif self.turn > stop["turn"]:
                self.stopped = True
            return self.stopped
        if kind == "new-turn" and self.turn > max(self.start["turn"], 1) + 1:
            self.stopped = True
        elif kind != "new-turn" and self.phases_begun > 1 and self.driver.peek() is None:
            self.stopped = True
        return self.stopped

    # ------------------------------------------------------------------ prompts
    def cand(self, lst: list[dict]) -> list[str]:
        return [self.id_at(c["controller"], c["location"], c["sequence"], c["code"]) for c in lst]

    def ask(self, who: str, kinds, validate, kind: str, m: dict | None = None, applies=None) -> dict | None:
        """The pending step answers this decision of ``who`` (format 2: in one of the windows it
        falls in, :meth:`windows_of`); ``validate(step)`` performs it (None) or refuses it."""
        w = self.window_for(who, self.windows_of(m, kind))
        return self.driver.take(who, kinds, validate, window=w, applies=applies)

    def answer(self, m: dict) -> None:
        who = self.L[m["player"] & 1]
        if not self.recording:
            return self.advance(m)
        t = m["type"]
        d = self.duel
        placing = t == MSG["SELECT_EFFECTYN"] or (t == MSG["SELECT_CHAIN"] and m["spe_count"] == 0x7F)
        if placing:
            if "trigger" not in self.wins:
                self.w_open("trigger")          # the core places the triggers of a point event
        elif t in (MSG["SELECT_CHAIN"], MSG["SELECT_IDLECMD"], MSG["SELECT_BATTLECMD"]):
            self.w_close("trigger")             # placing is over: a response / open-state priority
            if not self.links and "open" not in self.wins and not (t == MSG["SELECT_CHAIN"] and self.before_the_draw()):
                self.w_open("open", phase=self.phase)
        if t in (MSG["SELECT_CHAIN"], MSG["SELECT_IDLECMD"], MSG["SELECT_BATTLECMD"]):
            offers = m["chains"] if t != MSG["SELECT_IDLECMD"] else m["activates"]
            ids = self.cand(offers)
            pick = [-1]

            def offer(step):
                idx = self.pick_offer(step, ids)
                if idx < 0:
                    return Refusal(f"not offered: {who} could activate {ids} at this point", code="not-offered")
                if step["do"] == "decline":
                    # format 2.2: the core's own prompt answered with no (-1: activate nothing); the core
                    # does not take no while it offers a mandatory effect (its `forced` flag)
                    if m.get("forced"):
                        return Refusal(f"the core asks {who} to place one of its mandatory effects here: the prompt "
                                       f"takes no 'no'", code="not-offered")
                    self.notes.append(f"{who} declines {step['card']} ({m['name']}: answered -1)")
                    return None
                pick[0] = idx
                self.applied(step, who)
                return None
            self.driver.priority(who, offer, kinds=("activate", "decline") if t == MSG["SELECT_CHAIN"] else ("activate",),
                                 window=self.window_for(who, self.windows_of(m, "placing" if placing else "chain")),
                                 offered=[i for i in ids if i])       # what the core's prompt lists (evidence of a window mismatch)
            if t == MSG["SELECT_CHAIN"]:
                if pick[0] < 0 and m["forced"]:
                    # mandatory triggers to place: which one next (the order of the chain) is a choice
                    # of cards the script gives (`choose`), or the only one
                    forced = [i for i, c in enumerate(offers) if c["forced"]]
                    got = self.driver.choose(who, [ids[i] for i in forced], 1, 1, "the mandatory effect to place next "
                                             "on the chain", window=self.window_for(who, self.windows_of(m, "placing")))
                    pick[0] = next(i for i in forced if ids[i] == got[0])
                    self.our_activation = True
                return d.respond_int(pick[0])
            if t == MSG["SELECT_IDLECMD"]:
                if pick[0] >= 0:
                    return d.respond_int((pick[0] << 16) | IDLE["ACTIVATE"])
                return d.respond_int(IDLE["TO_BP"] if m["to_bp"] else IDLE["TO_EP"])
            if pick[0] >= 0:
                return d.respond_int((pick[0] << 16) | BATTLE["ACTIVATE"])
            return d.respond_int(BATTLE["TO_M2"] if m["to_m2"] else BATTLE["TO_EP"])
        if t == MSG["SELECT_EFFECTYN"]:
            cid = self.id_at(m["controller"], m["location"], m["sequence"], m["code"])

            declined = [False]

            def offer(step):
                if step.get("card") != cid:
                    return Refusal(f"not offered: the core asked {who} only whether to activate {cid}", code="not-offered")
                if step["do"] == "decline":           # format 2.2: the core's yes/no answered with no
                    declined[0] = True
                    return None
                self.applied(step, who)
                return None
            acted = self.driver.priority(who, offer, kinds=("activate", "decline"), applies=lambda st: st.get("card") == cid,
                                         window=self.window_for(who, self.windows_of(m, "placing")), offered=[cid])
            return d.respond_int(1 if acted and not declined[0] else 0)
        if t == MSG["SELECT_YESNO"]:
            step = self.ask(who, ("choose",), lambda st: None if st.get("option") in ("yes", "no", "reveal") else
                            Refusal("a yes/no question: the step's option is not yes, no or reveal", code="not-offered"),
                            "choice", m, applies=lambda st: st.get("option") in ("yes", "no", "reveal"))
            return d.respond_int(0 if step is None or step["option"] == "no" else 1)
        if t == MSG["SELECT_OPTION"]:
            texts = [self.option_text(x) for x in m["options"]]
            k = self.declare(who, m, lambda o: match_option(o, texts), f"the options {texts} (SELECT_OPTION)")
            if k is None:
                if len(m["options"]) == 1:
                    return d.respond_int(0)
                raise MissingDecision(f"player {who} must choose one of the options {texts} (SELECT_OPTION) and the "
                                      f"script gives no `choose` step with an option for it")
            return d.respond_int(k)
        if t == MSG["ANNOUNCE_CARD"]:
            code = self.declare(who, m, lambda o: self.cards.code_named(o) if self.cards.code_named(o) is not None else -1,
                                "a card name of the card data (ANNOUNCE_CARD)")
            if code is None:
                raise MissingDecision(f"the core asks {who} to declare a card name (ANNOUNCE_CARD) and the script "
                                      f"gives no `option` with a card name")
            self.notes.append(f"{who} declares {code} (ANNOUNCE_CARD)")
            return d.respond_int(code)
        if t == MSG["ANNOUNCE_NUMBER"]:
            k = self.declare(who, m, lambda o: m["options"].index(int(o)) if str(o).isdigit() and int(o) in m["options"]
                             else -1, f"a number among {m['options']} (ANNOUNCE_NUMBER)")
            if k is None:
                raise MissingDecision(f"the core asks {who} to declare a number among {m['options']} (ANNOUNCE_NUMBER) "
                                      f"and the script gives none")
            return d.respond_int(k)
        if t == MSG["ANNOUNCE_ATTRIB"]:
            v = self.declare(who, m, lambda o: ATTRIBUTE_NAMES.get(str(o).lower(), 0) & m["available"]
                             if m["count"] == 1 and ATTRIBUTE_NAMES.get(str(o).lower(), 0) & m["available"] else -1,
                             f"{m['count']} Attribute(s) (ANNOUNCE_ATTRIB)")
            if v is None:
                raise MissingDecision(f"the core asks {who} to declare {m['count']} Attribute(s) (ANNOUNCE_ATTRIB) and "
                                      f"the script gives none")
            return d.respond_int(v)
        if t in (MSG["SELECT_CARD"], MSG["SELECT_TRIBUTE"]):
            ids = self.cand(m["cards"])
            chosen = self.choose_cards(who, ids, m["min"], m["max"], m["name"])
            if not chosen and m["cancelable"] and m["min"] > 0:
                return d.respond_int(-1)
            return d.respond_bytes(bytes([len(chosen), *[ids.index(c) for c in chosen]]))
        if t == MSG["SELECT_UNSELECT_CARD"]:
            ids = self.cand(m["select"])
            already = self.cand(m["unselect"])
            if self.unselect_plan is None:
                want = self.choose_cards(who, ids + already, max(0, m["min"] - len(already)), m["max"], m["name"])
                self.unselect_plan = [c for c in want if c not in already]
            nxt = next((c for c in self.unselect_plan if c in ids), None)
            if nxt:
                self.unselect_plan.remove(nxt)
                if not self.unselect_plan:
                    self.unselect_plan = None
                return d.respond_bytes(bytes([1, ids.index(nxt)]))
            self.unselect_plan = None
            if m["finishable"] or m["cancelable"]:
                return d.respond_int(-1)
            raise MissingDecision(f"{who} must select cards ({m['name']}) among {ids} and the script does not say which")
        if t in (MSG["SELECT_POSITION"], MSG["SELECT_PLACE"], MSG["SELECT_DISFIELD"]):
            return self.zone_or_position(m, who)
        if t == MSG["SORT_CARD"]:
            return d.respond_bytes(bytes([0xFF]))
        raise MissingDecision(f"the core asks {who} for {m['name']}, a decision this adapter cannot take from a "
                              f"duelspec script")

    def zone_or_position(self, m: dict, who: str) -> None:
        """A zone or battle position, which scenarios cannot express: the first legal one, noted
        in the trace's log."""
        d = self.duel
        if m["type"] == MSG["SELECT_POSITION"]:
            opts = [p for p in (1, 4, 2, 8) if m["positions"] & p]
            if len(opts) > 1:
                self.notes.append(f"position of {m['code']}: the scenario format cannot script it; took {opts[0]}")
            return d.respond_int(opts[0])
        places = []
        for b in range(32):
            if len(places) >= m["count"]:
                break
            if m["field_mask"] & (1 << b):
                continue
            bb = b % 16
            if bb in (7, 13, 14, 15):     # bit 7 unused; 13 Field Zone, 14-15 Pendulum Zones: not offered as free
                continue
            places.append((m["player"] if b < 16 else 1 - m["player"],
                           LOCATION["MZONE"] if bb < 8 else LOCATION["SZONE"], bb % 8))
        self.notes.append(f"zone choice ({m['name']}) for {who}: the scenario format cannot script it; took the "
                          f"first free zone")
        return d.respond_bytes(bytes(x for pl in places for x in pl))

    def declare(self, who: str, m: dict, answer, what: str):
        """A declaration (option, card name, number): the ``option`` of the activate step just
        applied, else a scripted ``choose`` step with an ``option`` for this decision.
        ``answer(option)`` is the response value, or -1 when the option is not offered (a
        ``choose`` step is then refused; an activate step's option that is not offered is an
        error of the script). None: nothing scripted."""
        pd = self.pending_declare
        if pd and pd["player"] == who:
            self.pending_declare = None
            v = answer(pd["option"])
            if v == -1:
                raise MissingDecision(f"{who} declares {pd['option']!r}, but the core offers {what} and it is none of them")
            return v
        got = []

        def valid(step):
            v = answer(step["option"])
            if v == -1:
                return Refusal(f"not offered: {step['option']!r} is none of {what}", code="not-offered")
            got.append(v)
            return None
        step = self.ask(who, ("choose",), valid, "choice", m, applies=lambda st: st.get("option") is not None)
        return got[0] if step is not None else None

    def applied(self, step: dict, who: str) -> None:
        """An activate step was performed: its cost/targets answer the player's next card
        selections, its ``option`` the next declaration (SELECT_OPTION / ANNOUNCE_*)."""
        self.pending_picks = {"player": who, "cards": [*step.get("cost", []), *step.get("targets", [])]}
        self.pending_declare = {"player": who, "option": step["option"]} if step.get("option") is not None else None
        self.our_activation = True

    def option_text(self, desc: int):
        if desc < 2048:
            return SYSTEM_STRINGS.get(desc)
        return self.cards.string(desc >> 4, desc & 0xF)   # aux.Stringid(code, i) = code*16 + i (utility.lua)

    def choose_cards(self, who, ids, mn, mx, prompt):
        pp = self.pending_picks
        if pp and pp["player"] == who:
            want = [c for c in pp["cards"] if c in ids]
            if want and mn <= len(want) <= mx:
                pp["cards"] = [c for c in pp["cards"] if c not in want]
                return want
        return self.driver.choose(who, ids, mn, mx, prompt, window=self.window_for(who, self.windows_of(None, "choice")))

    def pick_offer(self, step: dict, ids: list[str]) -> int:
        idx = [i for i, cid in enumerate(ids) if cid == step.get("card")]
        if len(idx) > 1:
            self.notes.append(f"{step['card']} is offered with {len(idx)} effects; the script cannot name one "
                              f"(no effect labels in this core's descriptions): took the first")
        return idx[0] if idx else -1

    def advance(self, m: dict) -> None:
        """Prompts while advancing to the start state: pass, decline, end the turn."""
        d, t = self.duel, m["type"]
        if t == MSG["SELECT_IDLECMD"]:
            return d.respond_int(IDLE["TO_EP"])
        if t == MSG["SELECT_BATTLECMD"]:
            return d.respond_int(BATTLE["TO_EP"])
        if t == MSG["SELECT_CHAIN"] and not m["forced"]:
            return d.respond_int(-1)
        if t in (MSG["SELECT_EFFECTYN"], MSG["SELECT_YESNO"]):
            return d.respond_int(0)
        if t in (MSG["SELECT_POSITION"], MSG["SELECT_PLACE"], MSG["SELECT_DISFIELD"]):
            return self.zone_or_position(m, self.L[m["player"] & 1])
        raise Unsupported(f"the core asked {self.L[m['player'] & 1]} for {m['name']} while the adapter was advancing "
                          f"to the start state; it cannot be built exactly")

    # ------------------------------------------------------------------ result
    def trace(self) -> dict:
        snap = self.snapshot()
        self.resync(snap)
        info = self.field_info()
        players = {x: {"lp": info[self.P[x]], "counts": {z: 0 for z in ("deck", "hand", "monster", "spell-trap",
                                                                       "field", "graveyard", "banished", "extra")}}
                   for x in ("A", "B")}
        cards = {}
        for p, l, qs in snap:
            for i, q in enumerate(qs):
                if not q:
                    continue
                zone = zone_name(l, i)
                players[self.L[p]]["counts"][zone] += 1
                cid = self.mirror.z[p][l][i] if l in SLOTTED else self.mirror.z[p][l][i]
                if not cid or cid not in self.ids:
                    continue
                stt = {"zone": zone, "owner": self.L[q.get("owner", p) & 1], "controller": self.L[p]}
                pos = position_name(l, q["where"]["position"])
                if pos:
                    stt["position"] = pos
                cards[cid] = stt
        final = {"cards": cards, "players": players, "winner": self.winner}
        if self.turn:
            final["turn"] = self.turn
        if self.phase:
            final["phase"] = self.phase
        t = {"format": self.scenario.get("format", 1), "events": self.events, "steps": self.driver.finish(), "final": final}
        log = [*self.notes, *self.duel.log[:20]]
        if log:
            t["log"] = [s[:500] for s in log[:60]]
        return t

    def field_info(self) -> list[int]:
        """Both players' LP from ``query_field_info`` (ocgapi.cpp:310-320: MSG_RELOAD_FIELD layout)."""
        import ctypes
        buf = ctypes.create_string_buffer(4096)
        n = self.duel.lib.query_field_info(self.duel.h, buf)
        m = decode(ctypes.string_at(buf, max(n, 0)))[0]
        return [m["players"][0]["lp"], m["players"][1]["lp"]]
