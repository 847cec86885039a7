"""Decoder of the classic YGOPro core's message buffer (Fluorohydride/ygopro-core).

``get_message`` hands back the messages of one ``process`` call back to back, with no length
prefix: each is ``u8 type`` + a body whose length only its type tells. So every message type
the core writes must be decoded to find the next one; an unknown type raises
:class:`DecodeError` (never guessed past). Layouts were read from the ``write_buffer*`` calls
that write each message (ygopro-core ``db4fd16``: playerop.cpp, processor.cpp,
operations.cpp, field.cpp, card.cpp, libduel.cpp, libgroup.cpp, libdebug.cpp). Integers are
little-endian. A *location word* (``get_info_location``, card.cpp:389) is one u32:
controller | location << 8 | sequence << 16 | position << 24 (for an Xyz material: the
holder's place with ``location | 0x80`` and the material's index as position).

:func:`decode` returns ``[{"type": int, "name": str, ...fields}]``; field names follow the
core's variables. Numeric constants are from ygopro-core common.h (facts, not code).
"""
from __future__ import annotations

import struct

MSG = {
    "RETRY": 1, "HINT": 2, "WIN": 5, "SELECT_BATTLECMD": 10, "SELECT_IDLECMD": 11, "SELECT_EFFECTYN": 12,
    "SELECT_YESNO": 13, "SELECT_OPTION": 14, "SELECT_CARD": 15, "SELECT_CHAIN": 16, "SELECT_PLACE": 18,
    "SELECT_POSITION": 19, "SELECT_TRIBUTE": 20, "SELECT_COUNTER": 22, "SELECT_SUM": 23,
    "SELECT_DISFIELD": 24, "SORT_CARD": 25, "SELECT_UNSELECT_CARD": 26, "CONFIRM_DECKTOP": 30,
    "CONFIRM_CARDS": 31, "SHUFFLE_DECK": 32, "SHUFFLE_HAND": 33, "SWAP_GRAVE_DECK": 35,
    "SHUFFLE_SET_CARD": 36, "REVERSE_DECK": 37, "DECK_TOP": 38, "SHUFFLE_EXTRA": 39, "NEW_TURN": 40,
    "NEW_PHASE": 41, "CONFIRM_EXTRATOP": 42, "MOVE": 50, "POS_CHANGE": 53, "SET": 54, "SWAP": 55,
    "FIELD_DISABLED": 56, "SUMMONING": 60, "SUMMONED": 61, "SPSUMMONING": 62, "SPSUMMONED": 63,
    "FLIPSUMMONING": 64, "FLIPSUMMONED": 65, "CHAINING": 70, "CHAINED": 71, "CHAIN_SOLVING": 72,
    "CHAIN_SOLVED": 73, "CHAIN_END": 74, "CHAIN_NEGATED": 75, "CHAIN_DISABLED": 76,
    "RANDOM_SELECTED": 81, "BECOME_TARGET": 83, "DRAW": 90, "DAMAGE": 91, "RECOVER": 92, "EQUIP": 93,
    "LPUPDATE": 94, "CARD_TARGET": 96, "CANCEL_TARGET": 97, "PAY_LPCOST": 100, "ADD_COUNTER": 101,
    "REMOVE_COUNTER": 102, "ATTACK": 110, "BATTLE": 111, "ATTACK_DISABLED": 112, "DAMAGE_STEP_START": 113,
    "DAMAGE_STEP_END": 114, "MISSED_EFFECT": 120, "TOSS_COIN": 130, "TOSS_DICE": 131,
    "ROCK_PAPER_SCISSORS": 132, "HAND_RES": 133, "ANNOUNCE_RACE": 140, "ANNOUNCE_ATTRIB": 141,
    "ANNOUNCE_CARD": 142, "ANNOUNCE_NUMBER": 143, "CARD_HINT": 160, "TAG_SWAP": 161, "RELOAD_FIELD": 162,
    "AI_NAME": 163, "SHOW_HINT": 164, "PLAYER_HINT": 165, "MATCH_KILL": 170,
}
MSG_NAME = {v: k for k, v in MSG.items()}
#: messages that wait for a response (set_responsei / set_responseb)
PROMPTS = frozenset(MSG[k] for k in (
    "SELECT_BATTLECMD", "SELECT_IDLECMD", "SELECT_EFFECTYN", "SELECT_YESNO", "SELECT_OPTION", "SELECT_CARD",
    "SELECT_CHAIN", "SELECT_PLACE", "SELECT_POSITION", "SELECT_TRIBUTE", "SELECT_COUNTER",
    "SELECT_SUM", "SELECT_DISFIELD", "SORT_CARD", "SELECT_UNSELECT_CARD", "ROCK_PAPER_SCISSORS",
    "ANNOUNCE_RACE", "ANNOUNCE_ATTRIB", "ANNOUNCE_CARD", "ANNOUNCE_NUMBER"))

LOCATION = {"DECK": 0x01, "HAND": 0x02, "MZONE": 0x04, "SZONE": 0x08, "GRAVE": 0x10, "REMOVED": 0x20,
            "EXTRA": 0x40, "OVERLAY": 0x80}
POS = {"FACEUP_ATTACK": 0x1, "FACEDOWN_ATTACK": 0x2, "FACEUP_DEFENSE": 0x4, "FACEDOWN_DEFENSE": 0x8,
       "FACEUP": 0x5, "FACEDOWN": 0xA}
PHASE = {"DRAW": 0x01, "STANDBY": 0x02, "MAIN1": 0x04, "BATTLE_START": 0x08, "BATTLE_STEP": 0x10,
         "DAMAGE": 0x20, "DAMAGE_CAL": 0x40, "BATTLE": 0x80, "MAIN2": 0x100, "END": 0x200}
REASON = {"DESTROY": 0x1, "RELEASE": 0x2, "TEMPORARY": 0x4, "MATERIAL": 0x8, "SUMMON": 0x10, "BATTLE": 0x20,
          "EFFECT": 0x40, "COST": 0x80, "ADJUST": 0x100, "LOST_TARGET": 0x200, "RULE": 0x400,
          "SPSUMMON": 0x800, "DISSUMMON": 0x1000, "FLIP": 0x2000, "DISCARD": 0x4000, "RDAMAGE": 0x8000,
          "RRECOVER": 0x10000, "RETURN": 0x20000, "FUSION": 0x40000, "SYNCHRO": 0x80000, "RITUAL": 0x100000,
          "XYZ": 0x200000, "REPLACE": 0x1000000, "DRAW": 0x2000000, "REDIRECT": 0x4000000,
          "REVEAL": 0x8000000, "LINK": 0x10000000, "LOST_OVERLAY": 0x20000000}
HINT_EVENT = 1
QUERY = {"CODE": 0x1, "POSITION": 0x2, "ALIAS": 0x4, "TYPE": 0x8, "LEVEL": 0x10, "RANK": 0x20,
         "ATTRIBUTE": 0x40, "RACE": 0x80, "ATTACK": 0x100, "DEFENSE": 0x200, "BASE_ATTACK": 0x400,
         "BASE_DEFENSE": 0x800, "REASON": 0x1000, "REASON_CARD": 0x2000, "EQUIP_CARD": 0x4000,
         "TARGET_CARD": 0x8000, "OVERLAY_CARD": 0x10000, "COUNTERS": 0x20000, "OWNER": 0x40000,
         "STATUS": 0x80000, "LSCALE": 0x200000, "RSCALE": 0x400000, "LINK": 0x800000}
#: Master Rule 2020: 7 Monster Zones (5 Main + 2 Extra) and 8 Spell & Trap Zones
#: (0-4, 5 = Field Zone, 6-7 = the Master Rule 3 Pendulum Zones) per player (field.cpp:56-57)
MZONES, SZONES = 7, 8


class DecodeError(Exception):
    """The buffer holds a message this decoder does not know or that is cut short."""


_U16, _U32, _I32 = (struct.Struct(f).unpack_from for f in ("<H", "<I", "<i"))


class _Reader:
    __slots__ = ("b", "o")

    def __init__(self, b: bytes, o: int = 0):
        self.b, self.o = b, o

    def _short(self, n: int) -> DecodeError:
        return DecodeError(f"message cut short at byte {self.o} (needs {n} more of {len(self.b)})")

    # each read: a bounds check, then the value (precompiled structs; a byte by indexing)
    def u8(self) -> int:
        o = self.o
        if o + 1 > len(self.b):
            raise self._short(1)
        self.o = o + 1
        return self.b[o]

    def u16(self) -> int:
        o = self.o
        if o + 2 > len(self.b):
            raise self._short(2)
        self.o = o + 2
        return _U16(self.b, o)[0]

    def u32(self) -> int:
        o = self.o
        if o + 4 > len(self.b):
            raise self._short(4)
        self.o = o + 4
        return _U32(self.b, o)[0]

    def i32(self) -> int:
        o = self.o
        if o + 4 > len(self.b):
            raise self._short(4)
        self.o = o + 4
        return _I32(self.b, o)[0]

    def raw(self, n: int) -> bytes:
        if self.o + n > len(self.b):
            raise DecodeError(f"message cut short at byte {self.o}")
        v = self.b[self.o:self.o + n]
        self.o += n
        return v

    def loc(self) -> dict:
        """A location word (u32): controller, location, sequence, position."""
        w = self.u32()
        return {"controller": w & 0xff, "location": (w >> 8) & 0xff, "sequence": (w >> 16) & 0xff,
                "position": (w >> 24) & 0xff}

    def place(self) -> dict:
        """Three bytes: controller, location, sequence."""
        return {"controller": self.u8(), "location": self.u8(), "sequence": self.u8()}

    def n(self, count: int, f) -> list:
        return [f() for _ in range(count)]


def _code_loc(r: _Reader) -> dict:
    return {"code": r.u32(), **r.loc()}


def _code_place(r: _Reader) -> dict:
    return {"code": r.u32(), **r.place()}


def _code_place_desc(r: _Reader) -> dict:
    return {"code": r.u32(), **r.place(), "description": r.u32()}


def _hint(r):  # libduel.cpp:3771 and others: type, player, u32 data
    return {"hint_type": r.u8(), "player": r.u8(), "data": r.u32()}


def _battlecmd(r):  # playerop.cpp:33-67
    player = r.u8()
    chains = r.n(r.u8(), lambda: _code_place_desc(r))
    attacks = r.n(r.u8(), lambda: {**_code_place(r), "direct_attackable": r.u8()})
    return {"player": player, "chains": chains, "attacks": attacks, "to_m2": r.u8(), "to_ep": r.u8()}


def _idlecmd(r):  # playerop.cpp:85-154
    player = r.u8()
    lists = [r.n(r.u8(), lambda: _code_place(r)) for _ in range(5)]
    activates = r.n(r.u8(), lambda: _code_place_desc(r))
    return {"player": player, "summons": lists[0], "special_summons": lists[1], "repositions": lists[2],
            "monster_sets": lists[3], "spell_sets": lists[4], "activates": activates,
            "to_bp": r.u8(), "to_ep": r.u8(), "shuffle": r.u8()}


def _select_card(r):  # playerop.cpp:258-267
    player, cancelable, mn, mx = r.u8(), r.u8(), r.u8(), r.u8()
    return {"player": player, "cancelable": cancelable, "min": mn, "max": mx,
            "cards": r.n(r.u8(), lambda: _code_loc(r))}


def _unselect(r):  # playerop.cpp:301-316
    player, finishable, cancelable, mn, mx = r.u8(), r.u8(), r.u8(), r.u8(), r.u8()
    select = r.n(r.u8(), lambda: _code_loc(r))
    unselect = r.n(r.u8(), lambda: _code_loc(r))
    return {"player": player, "finishable": finishable, "cancelable": cancelable, "min": mn, "max": mx,
            "select": select, "unselect": unselect}


def _select_chain(r):  # playerop.cpp:354-376
    player, count, spe_count = r.u8(), r.u8(), r.u8()
    timing, timing_other = r.u32(), r.u32()
    chains = r.n(count, lambda: {"edesc": r.u8(), "forced": r.u8(), **_code_loc(r), "description": r.u32()})
    return {"player": player, "spe_count": spe_count, "hint_timing": timing, "hint_timing_other": timing_other,
            "chains": chains, "forced": int(any(c["forced"] for c in chains))}


def _tribute(r):  # playerop.cpp:534-546
    player, cancelable, mn, mx = r.u8(), r.u8(), r.u8(), r.u8()
    return {"player": player, "cancelable": cancelable, "min": mn, "max": mx,
            "cards": r.n(r.u8(), lambda: {**_code_place(r), "release_param": r.u8()})}


def _counter(r):  # playerop.cpp:608-621
    player, ctype, count = r.u8(), r.u16(), r.u16()
    return {"player": player, "counter_type": ctype, "count": count,
            "cards": r.n(r.u8(), lambda: {**_code_place(r), "counter": r.u16()})}


def _sum(r):  # playerop.cpp:676-700 (select_with_sum_limit)
    mode, player, acc, mn, mx = r.u8(), r.u8(), r.u32(), r.u8(), r.u8()
    must = r.n(r.u8(), lambda: {**_code_place(r), "param": r.u32()})
    cards = r.n(r.u8(), lambda: {**_code_place(r), "param": r.u32()})
    return {"select_mode": mode, "player": player, "amount": acc, "min": mn, "max": mx, "must": must, "cards": cards}


def _player_cards(r):  # SORT_CARD playerop.cpp:776; CONFIRM_DECKTOP libduel.cpp:1008
    player = r.u8()
    return {"player": player, "cards": r.n(r.u8(), lambda: _code_place(r))}


def _confirm_cards(r):  # libduel.cpp:1063, operations.cpp:406
    player, skip_panel = r.u8(), r.u8()
    return {"player": player, "skip_panel": skip_panel, "cards": r.n(r.u8(), lambda: _code_place(r))}


def _codes(r):  # SHUFFLE_HAND / SHUFFLE_EXTRA field.cpp:961
    player = r.u8()
    return {"player": player, "codes": r.n(r.u8(), r.u32)}


def _shuffle_set(r):  # libduel.cpp:1612-1641, operations.cpp:2656-2672: old places, then new places
    loc, count = r.u8(), r.u8()
    return {"location": loc, "old": r.n(count, r.loc), "new": r.n(count, r.loc)}


def _move(r):  # card.cpp:1616, field.cpp:253-348, operations.cpp: code, from, to, reason
    return {"code": r.u32(), "from": r.loc(), "to": r.loc(), "reason": r.u32()}


def _pos_change(r):  # operations.cpp:4897
    return {"code": r.u32(), **r.place(), "previous_position": r.u8(), "position": r.u8()}


def _swap(r):  # field.cpp:431
    return {"code1": r.u32(), "loc1": r.loc(), "code2": r.u32(), "loc2": r.loc()}


def _chaining(r):  # processor.cpp:4066-4073
    return {"code": r.u32(), **r.loc(), "triggering_controller": r.u8(), "triggering_location": r.u8(),
            "triggering_sequence": r.u8(), "description": r.u32(), "chain_count": r.u8()}


def _draw(r):  # operations.cpp:400: codes; bit 31 = drawn face-up
    player = r.u8()
    raw = r.n(r.u8(), r.u32)
    return {"player": player, "codes": [c & 0x7fffffff for c in raw], "public": [bool(c & 0x80000000) for c in raw]}


def _battle(r):  # processor.cpp:2984-2998
    return {"attacker": r.loc(), "atk": r.i32(), "def": r.i32(), "destroyed": r.u8(),
            "target": r.loc(), "tatk": r.i32(), "tdef": r.i32(), "tdestroyed": r.u8()}


def _toss(r):  # operations.cpp:6414-6490
    player = r.u8()
    return {"player": player, "results": r.n(r.u8(), r.u8)}


def _announce_list(r):  # playerop.cpp:1008 / 1039: opcodes or numbers
    player = r.u8()
    return {"player": player, "options": r.n(r.u8(), r.u32)}


def _string(r):  # libdebug.cpp:168-181 / 182-196: u16 length, the bytes, a terminating 0
    n = r.u16()
    text = r.raw(n).decode("utf-8", "replace")
    r.u8()
    return {"text": text}


def _tag_swap(r):  # field.cpp:1143-1155
    player, main, extra, extra_p, hand = r.u8(), r.u8(), r.u8(), r.u8(), r.u8()
    top = r.u32()
    return {"player": player, "main_count": main, "extra_count": extra, "extra_p_count": extra_p,
            "deck_top": top, "hand": r.n(hand, r.u32), "extra": r.n(extra, r.u32)}


def _reload_field(r):  # field.cpp:66-96 (and ocgapi.cpp:query_field_info)
    rule = r.u8()
    players = []
    for _ in range(2):
        lp = r.u32()
        mz = []
        for _ in range(MZONES):
            mz.append({"position": r.u8(), "overlays": r.u8()} if r.u8() else None)
        sz = []
        for _ in range(SZONES):
            sz.append({"position": r.u8()} if r.u8() else None)
        counts = dict(zip(("deck", "hand", "grave", "removed", "extra", "extra_p"), r.n(6, r.u8)))
        players.append({"lp": lp, "mzone": mz, "szone": sz, **counts})
    chain = r.n(r.u8(), lambda: {"code": r.u32(), **r.loc(), "triggering_controller": r.u8(),
                                 "triggering_location": r.u8(), "triggering_sequence": r.u8(),
                                 "description": r.u32()})
    return {"duel_rule": rule, "players": players, "chain": chain}


_D = {
    MSG["RETRY"]: lambda r: {},
    MSG["HINT"]: _hint,
    MSG["WIN"]: lambda r: {"player": r.u8(), "reason": r.u8()},
    MSG["SELECT_BATTLECMD"]: _battlecmd,
    MSG["SELECT_IDLECMD"]: _idlecmd,
    MSG["SELECT_EFFECTYN"]: lambda r: {"player": r.u8(), **_code_loc(r), "description": r.u32()},
    MSG["SELECT_YESNO"]: lambda r: {"player": r.u8(), "description": r.u32()},
    MSG["SELECT_OPTION"]: lambda r: {"player": r.u8(), "options": r.n(r.u8(), r.u32)},
    MSG["SELECT_CARD"]: _select_card,
    MSG["SELECT_CHAIN"]: _select_chain,
    MSG["SELECT_PLACE"]: lambda r: {"player": r.u8(), "count": r.u8(), "field_mask": r.u32()},
    MSG["SELECT_DISFIELD"]: lambda r: {"player": r.u8(), "count": r.u8(), "field_mask": r.u32()},
    MSG["SELECT_POSITION"]: lambda r: {"player": r.u8(), "code": r.u32(), "positions": r.u8()},
    MSG["SELECT_TRIBUTE"]: _tribute,
    MSG["SELECT_COUNTER"]: _counter,
    MSG["SELECT_SUM"]: _sum,
    MSG["SORT_CARD"]: _player_cards,
    MSG["SELECT_UNSELECT_CARD"]: _unselect,
    MSG["CONFIRM_DECKTOP"]: _player_cards,
    MSG["CONFIRM_EXTRATOP"]: _player_cards,
    MSG["CONFIRM_CARDS"]: _confirm_cards,
    MSG["SHUFFLE_DECK"]: lambda r: {"player": r.u8()},
    MSG["SHUFFLE_HAND"]: _codes,
    MSG["SHUFFLE_EXTRA"]: _codes,
    MSG["SWAP_GRAVE_DECK"]: lambda r: {"player": r.u8()},
    MSG["SHUFFLE_SET_CARD"]: _shuffle_set,
    MSG["REVERSE_DECK"]: lambda r: {},
    MSG["DECK_TOP"]: lambda r: {"player": r.u8(), "sequence": r.u8(), "code": r.u32()},
    MSG["NEW_TURN"]: lambda r: {"player": r.u8()},
    MSG["NEW_PHASE"]: lambda r: {"phase": r.u16()},
    MSG["MOVE"]: _move,
    MSG["POS_CHANGE"]: _pos_change,
    MSG["SET"]: _code_loc,
    MSG["SWAP"]: _swap,
    MSG["FIELD_DISABLED"]: lambda r: {"field_mask": r.u32()},
    MSG["SUMMONING"]: _code_loc,
    MSG["SUMMONED"]: lambda r: {},
    MSG["SPSUMMONING"]: _code_loc,
    MSG["SPSUMMONED"]: lambda r: {},
    MSG["FLIPSUMMONING"]: _code_loc,
    MSG["FLIPSUMMONED"]: lambda r: {},
    MSG["CHAINING"]: _chaining,
    MSG["CHAINED"]: lambda r: {"chain_count": r.u8()},
    MSG["CHAIN_SOLVING"]: lambda r: {"chain_count": r.u8()},
    MSG["CHAIN_SOLVED"]: lambda r: {"chain_count": r.u8()},
    MSG["CHAIN_END"]: lambda r: {},
    MSG["CHAIN_NEGATED"]: lambda r: {"chain_count": r.u8()},
    MSG["CHAIN_DISABLED"]: lambda r: {"chain_count": r.u8()},
    MSG["RANDOM_SELECTED"]: lambda r: {"player": r.u8(), "cards": (lambda n: r.n(n, r.loc))(r.u8())},
    MSG["BECOME_TARGET"]: lambda r: {"cards": r.n(r.u8(), r.loc)},
    MSG["DRAW"]: _draw,
    MSG["DAMAGE"]: lambda r: {"player": r.u8(), "amount": r.u32()},
    MSG["RECOVER"]: lambda r: {"player": r.u8(), "amount": r.u32()},
    MSG["EQUIP"]: lambda r: {"card": r.loc(), "target": r.loc()},
    MSG["LPUPDATE"]: lambda r: {"player": r.u8(), "lp": r.u32()},
    MSG["CARD_TARGET"]: lambda r: {"card": r.loc(), "target": r.loc()},
    MSG["CANCEL_TARGET"]: lambda r: {"card": r.loc(), "target": r.loc()},
    MSG["PAY_LPCOST"]: lambda r: {"player": r.u8(), "amount": r.u32()},
    MSG["ADD_COUNTER"]: lambda r: {"counter_type": r.u16(), **r.place(), "count": r.u16()},
    MSG["REMOVE_COUNTER"]: lambda r: {"counter_type": r.u16(), **r.place(), "count": r.u16()},
    MSG["ATTACK"]: lambda r: {"attacker": r.loc(), "target": r.loc()},
    MSG["BATTLE"]: _battle,
    MSG["ATTACK_DISABLED"]: lambda r: {},
    MSG["DAMAGE_STEP_START"]: lambda r: {},
    MSG["DAMAGE_STEP_END"]: lambda r: {},
    MSG["MISSED_EFFECT"]: lambda r: {**r.loc(), "code": r.u32()},
    MSG["TOSS_COIN"]: _toss,
    MSG["TOSS_DICE"]: _toss,
    MSG["ROCK_PAPER_SCISSORS"]: lambda r: {"player": r.u8()},
    MSG["HAND_RES"]: lambda r: {"result": r.u8()},
    MSG["ANNOUNCE_RACE"]: lambda r: {"player": r.u8(), "count": r.u8(), "available": r.u32()},
    MSG["ANNOUNCE_ATTRIB"]: lambda r: {"player": r.u8(), "count": r.u8(), "available": r.u32()},
    MSG["ANNOUNCE_CARD"]: _announce_list,
    MSG["ANNOUNCE_NUMBER"]: _announce_list,
    MSG["CARD_HINT"]: lambda r: {**r.loc(), "hint_type": r.u8(), "description": r.u32()},
    MSG["TAG_SWAP"]: _tag_swap,
    MSG["RELOAD_FIELD"]: _reload_field,
    MSG["AI_NAME"]: _string,
    MSG["SHOW_HINT"]: _string,
    MSG["PLAYER_HINT"]: lambda r: {"player": r.u8(), "hint_type": r.u8(), "description": r.u32()},
    MSG["MATCH_KILL"]: lambda r: {"code": r.u32()},
}


def decode(buf: bytes) -> list[dict]:
    """Every message in ``buf`` (one ``get_message`` result), in order.

    Raises :class:`DecodeError` naming the byte offset for an unknown type or a message cut
    short (the rest of the buffer cannot be split without it)."""
    r = _Reader(bytes(buf))
    out = []
    while r.o < len(r.b):
        at = r.o
        t = r.u8()
        f = _D.get(t)
        if f is None:
            raise DecodeError(f"unknown message type {t} at byte {at} of {len(r.b)}: the messages after it "
                              f"cannot be found (no length prefix); bytes {r.b[at:at + 24].hex()}")
        try:
            m = f(r)
        except DecodeError as exc:
            raise DecodeError(f"{MSG_NAME[t]} at byte {at}: {exc}") from None
        m["type"], m["name"] = t, MSG_NAME[t]
        out.append(m)
    return out


_QUERY_HEAD = struct.Struct("<iI")
#: the flags the adapter asks for, in the order card.cpp ``get_infos`` writes their values
_QUERY_FOUR = QUERY["CODE"] | QUERY["POSITION"] | QUERY["REASON"] | QUERY["OWNER"]
_QUERY_FOUR_LAYOUT = struct.Struct("<iIIIIi")     # length, flags, code, location word, reason, owner


def parse_query(buf: bytes, flags_order=None) -> list[dict | None]:
    """A ``query_field_card`` result: per card ``i32 length, u32 flags`` + values in the order
    of card.cpp ``get_infos`` (use_cache = 0); an empty zone is the single i32 4 (LEN_EMPTY).
    Only the flags this adapter asks for are read: CODE, POSITION (a location word), REASON,
    OWNER. A card with exactly those four is read in one unpack (the adapter's snapshot of the
    field asks for them after every ``process`` call)."""
    b = bytes(buf)
    size = len(b)
    out = []
    o = 0
    while o < size:
        if o + 8 <= size:
            length, flags = _QUERY_HEAD.unpack_from(b, o)
            if flags == _QUERY_FOUR and length != 4 and o + 24 <= size:
                _len, _flags, code, w, reason, owner = _QUERY_FOUR_LAYOUT.unpack_from(b, o)
                out.append({"code": code, "where": {"controller": w & 0xff, "location": (w >> 8) & 0xff,
                                                    "sequence": (w >> 16) & 0xff, "position": (w >> 24) & 0xff},
                            "reason": reason, "owner": owner})
                o += length
                continue
        o = _query_card(_Reader(b, o), out)
    return out


def _query_card(r: _Reader, out: list) -> int:
    """Reads one card of a ``query_field_card`` result at ``r.o`` into ``out``; the offset of the next."""
    start = r.o
    length = r.i32()
    if length == 4:
        out.append(None)
        return r.o
    flags = r.u32()
    q = {}
    if flags & QUERY["CODE"]:
        q["code"] = r.u32()
    if flags & QUERY["POSITION"]:
        q["where"] = r.loc()
    if flags & QUERY["REASON"]:
        q["reason"] = r.u32()
    if flags & QUERY["OWNER"]:
        q["owner"] = r.i32()
    out.append(q)
    return start + length
