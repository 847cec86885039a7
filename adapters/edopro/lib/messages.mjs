// messages.mjs — duelspec EDOPro adapter (MIT). Decoder for ocgcore (edo9300/ygopro-core, OCG API 11.0)
// binary messages. Layouts were read from the core sources (new_message(...) / write<T>
// calls in processor.cpp, operations.cpp, playerop.cpp, field.cpp, libduel.cpp, card.cpp).
// All integers are little-endian. "loc_info" = u8 controller, u8 location, u32 sequence,
// u32 position (10 bytes); if location has LOCATION_OVERLAY (0x80) the position field is
// the overlay sequence.

export const MSG = {
  RETRY: 1, HINT: 2, WAITING: 3, START: 4, WIN: 5, UPDATE_DATA: 6, UPDATE_CARD: 7,
  SELECT_BATTLECMD: 10, SELECT_IDLECMD: 11, SELECT_EFFECTYN: 12, SELECT_YESNO: 13,
  SELECT_OPTION: 14, SELECT_CARD: 15, SELECT_CHAIN: 16, SELECT_PLACE: 18, SELECT_POSITION: 19,
  SELECT_TRIBUTE: 20, SORT_CHAIN: 21, SELECT_COUNTER: 22, SELECT_SUM: 23, SELECT_DISFIELD: 24,
  SORT_CARD: 25, SELECT_UNSELECT_CARD: 26, CONFIRM_DECKTOP: 30, CONFIRM_CARDS: 31,
  SHUFFLE_DECK: 32, SHUFFLE_HAND: 33, SWAP_GRAVE_DECK: 35, SHUFFLE_SET_CARD: 36,
  REVERSE_DECK: 37, DECK_TOP: 38, SHUFFLE_EXTRA: 39, NEW_TURN: 40, NEW_PHASE: 41,
  CONFIRM_EXTRATOP: 42, MOVE: 50, POS_CHANGE: 53, SET: 54, SWAP: 55, FIELD_DISABLED: 56,
  SUMMONING: 60, SUMMONED: 61, SPSUMMONING: 62, SPSUMMONED: 63, FLIPSUMMONING: 64,
  FLIPSUMMONED: 65, CHAINING: 70, CHAINED: 71, CHAIN_SOLVING: 72, CHAIN_SOLVED: 73,
  CHAIN_END: 74, CHAIN_NEGATED: 75, CHAIN_DISABLED: 76, CARD_SELECTED: 80,
  RANDOM_SELECTED: 81, BECOME_TARGET: 83, DRAW: 90, DAMAGE: 91, RECOVER: 92, EQUIP: 93,
  LPUPDATE: 94, CARD_TARGET: 96, CANCEL_TARGET: 97, PAY_LPCOST: 100, ADD_COUNTER: 101,
  REMOVE_COUNTER: 102, ATTACK: 110, BATTLE: 111, ATTACK_DISABLED: 112,
  DAMAGE_STEP_START: 113, DAMAGE_STEP_END: 114, MISSED_EFFECT: 120, BE_CHAIN_TARGET: 121,
  CREATE_RELATION: 122, RELEASE_RELATION: 123, TOSS_COIN: 130, TOSS_DICE: 131,
  ROCK_PAPER_SCISSORS: 132, HAND_RES: 133, ANNOUNCE_RACE: 140, ANNOUNCE_ATTRIB: 141,
  ANNOUNCE_CARD: 142, ANNOUNCE_NUMBER: 143, CARD_HINT: 160, TAG_SWAP: 161,
  RELOAD_FIELD: 162, AI_NAME: 163, SHOW_HINT: 164, PLAYER_HINT: 165, MATCH_KILL: 170,
  CUSTOM_MSG: 180, REMOVE_CARDS: 190,
};
export const MSG_NAME = Object.fromEntries(Object.entries(MSG).map(([k, v]) => [v, k]));

export const LOCATION = { DECK: 0x01, HAND: 0x02, MZONE: 0x04, SZONE: 0x08, GRAVE: 0x10,
  REMOVED: 0x20, EXTRA: 0x40, OVERLAY: 0x80, ONFIELD: 0x0c, FZONE: 0x100, PZONE: 0x200 };
export const LOC_NAME = { 0: "none", 1: "deck", 2: "hand", 4: "mzone", 8: "szone", 16: "grave",
  32: "banished", 64: "extra" };
export const POS = { FACEUP_ATTACK: 1, FACEDOWN_ATTACK: 2, FACEUP_DEFENSE: 4,
  FACEDOWN_DEFENSE: 8, FACEUP: 5, FACEDOWN: 10 };
export const PHASE = { DRAW: 0x01, STANDBY: 0x02, MAIN1: 0x04, BATTLE_START: 0x08,
  BATTLE_STEP: 0x10, DAMAGE: 0x20, DAMAGE_CAL: 0x40, BATTLE: 0x80, MAIN2: 0x100, END: 0x200 };
export const PHASE_NAME = Object.fromEntries(Object.entries(PHASE).map(([k, v]) => [v, k]));
export const REASON = { DESTROY: 0x1, RELEASE: 0x2, TEMPORARY: 0x4, MATERIAL: 0x8,
  SUMMON: 0x10, BATTLE: 0x20, EFFECT: 0x40, COST: 0x80, ADJUST: 0x100, LOST_TARGET: 0x200,
  RULE: 0x400, SPSUMMON: 0x800, DISSUMMON: 0x1000, FLIP: 0x2000, DISCARD: 0x4000,
  RDAMAGE: 0x8000, RRECOVER: 0x10000, RETURN: 0x20000, FUSION: 0x40000, SYNCHRO: 0x80000,
  RITUAL: 0x100000, XYZ: 0x200000, REPLACE: 0x1000000, DRAW: 0x2000000, REDIRECT: 0x4000000,
  REVEAL: 0x8000000, LINK: 0x10000000, LOST_OVERLAY: 0x20000000 };
export function reasonNames(r) {
  return Object.entries(REASON).filter(([, v]) => r & v).map(([k]) => k);
}

export class Reader {
  constructor(u8) { this.u = u8; this.dv = new DataView(u8.buffer, u8.byteOffset, u8.byteLength); this.o = 0; }
  get left() { return this.u.length - this.o; }
  u8() { return this.dv.getUint8(this.o++); }
  u16() { const v = this.dv.getUint16(this.o, true); this.o += 2; return v; }
  u32() { const v = this.dv.getUint32(this.o, true); this.o += 4; return v; }
  i32() { const v = this.dv.getInt32(this.o, true); this.o += 4; return v; }
  u64() { const v = this.dv.getBigUint64(this.o, true); this.o += 8; return v; }
  loc() { return { controller: this.u8(), location: this.u8(), sequence: this.u32(), position: this.u32() }; }
  list(n, f) { const a = []; for (let i = 0; i < n; i++) a.push(f()); return a; }
}

// Each decoder gets a Reader positioned after the type byte.
const D = {
  [MSG.RETRY]: () => ({}),
  [MSG.HINT]: (r) => ({ hint_type: r.u8(), player: r.u8(), data: r.u64() }),
  [MSG.WIN]: (r) => ({ player: r.u8(), reason: r.u8() }),
  [MSG.START]: () => ({}),
  [MSG.SELECT_BATTLECMD]: (r) => ({ player: r.u8(),
    chains: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u32(), description: r.u64(), client_mode: r.u8() })),
    attacks: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u8(), can_direct: r.u8() })),
    to_m2: r.u8(), to_ep: r.u8() }),
  [MSG.SELECT_IDLECMD]: (r) => {
    const player = r.u8();
    const cl = () => r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u32() }));
    const summons = cl(), special_summons = cl();
    const pos_changes = r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u8() }));
    const monster_sets = cl(), spell_sets = cl();
    const activates = r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u32(), description: r.u64(), client_mode: r.u8() }));
    return { player, summons, special_summons, pos_changes, monster_sets, spell_sets, activates,
      to_bp: r.u8(), to_ep: r.u8(), shuffle: r.u8() };
  },
  [MSG.SELECT_EFFECTYN]: (r) => ({ player: r.u8(), code: r.u32(), ...r.loc(), description: r.u64() }),
  [MSG.SELECT_YESNO]: (r) => ({ player: r.u8(), description: r.u64() }),
  [MSG.SELECT_OPTION]: (r) => ({ player: r.u8(), options: r.list(r.u8(), () => r.u64()) }),
  [MSG.SELECT_CARD]: (r) => ({ player: r.u8(), can_cancel: r.u8(), min: r.u32(), max: r.u32(),
    cards: r.list(r.u32(), () => ({ code: r.u32(), ...r.loc() })) }),
  [MSG.SELECT_UNSELECT_CARD]: (r) => ({ player: r.u8(), can_finish: r.u8(), can_cancel: r.u8(), min: r.u32(), max: r.u32(),
    select: r.list(r.u32(), () => ({ code: r.u32(), ...r.loc() })),
    unselect: r.list(r.u32(), () => ({ code: r.u32(), ...r.loc() })) }),
  [MSG.SELECT_CHAIN]: (r) => ({ player: r.u8(), spe_count: r.u8(), forced: r.u8(),
    hint_timing: r.u32(), hint_timing_other: r.u32(),
    chains: r.list(r.u32(), () => ({ code: r.u32(), ...r.loc(), description: r.u64(), client_mode: r.u8() })) }),
  [MSG.SELECT_PLACE]: (r) => ({ player: r.u8(), count: r.u8(), field_mask: r.u32() }),
  [MSG.SELECT_DISFIELD]: (r) => ({ player: r.u8(), count: r.u8(), field_mask: r.u32() }),
  [MSG.SELECT_POSITION]: (r) => ({ player: r.u8(), code: r.u32(), positions: r.u8() }),
  [MSG.SELECT_TRIBUTE]: (r) => ({ player: r.u8(), can_cancel: r.u8(), min: r.u32(), max: r.u32(),
    cards: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u32(), release_param: r.u8() })) }),
  [MSG.SELECT_COUNTER]: (r) => ({ player: r.u8(), counter_type: r.u16(), count: r.u16(),
    cards: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u8(), count: r.u16() })) }),
  [MSG.SELECT_SUM]: (r) => ({ player: r.u8(), select_mode: r.u8(), amount: r.u32(), min: r.u32(), max: r.u32(),
    must: r.list(r.u32(), () => ({ code: r.u32(), ...r.loc(), param: r.u32() })),
    cards: r.list(r.u32(), () => ({ code: r.u32(), ...r.loc(), param: r.u32() })) }),
  [MSG.SORT_CARD]: (r) => ({ player: r.u8(), cards: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u32(), sequence: r.u32() })) }),
  [MSG.SORT_CHAIN]: (r) => ({ player: r.u8(), cards: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u32(), sequence: r.u32() })) }),
  [MSG.CONFIRM_DECKTOP]: (r) => ({ player: r.u8(), cards: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u32() })) }),
  [MSG.CONFIRM_EXTRATOP]: (r) => ({ player: r.u8(), cards: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u32() })) }),
  [MSG.CONFIRM_CARDS]: (r) => ({ player: r.u8(), cards: r.list(r.u32(), () => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u32() })) }),
  [MSG.SHUFFLE_DECK]: (r) => ({ player: r.u8() }),
  [MSG.SHUFFLE_HAND]: (r) => ({ player: r.u8(), codes: r.list(r.u32(), () => r.u32()) }),
  [MSG.SHUFFLE_EXTRA]: (r) => ({ player: r.u8(), codes: r.list(r.u32(), () => r.u32()) }),
  [MSG.DECK_TOP]: (r) => ({ player: r.u8(), index: r.u32(), code: r.u32(), position: r.u32() }),
  [MSG.NEW_TURN]: (r) => ({ player: r.u8() }),
  [MSG.NEW_PHASE]: (r) => ({ phase: r.u16() }),
  [MSG.MOVE]: (r) => ({ code: r.u32(), from: r.loc(), to: r.loc(), reason: r.u32() }),
  [MSG.POS_CHANGE]: (r) => ({ code: r.u32(), controller: r.u8(), location: r.u8(), sequence: r.u8(), prev_position: r.u8(), position: r.u8() }),
  [MSG.SET]: (r) => ({ code: r.u32(), ...r.loc() }),
  [MSG.SWAP]: (r) => ({ code1: r.u32(), loc1: r.loc(), code2: r.u32(), loc2: r.loc() }),
  [MSG.FIELD_DISABLED]: (r) => ({ field_mask: r.u32() }),
  [MSG.SUMMONING]: (r) => ({ code: r.u32(), ...r.loc() }),
  [MSG.SUMMONED]: () => ({}),
  [MSG.SPSUMMONING]: (r) => ({ code: r.u32(), ...r.loc() }),
  [MSG.SPSUMMONED]: () => ({}),
  [MSG.FLIPSUMMONING]: (r) => ({ code: r.u32(), ...r.loc() }),
  [MSG.FLIPSUMMONED]: () => ({}),
  [MSG.CHAINING]: (r) => ({ code: r.u32(), ...r.loc(), triggering_controller: r.u8(),
    triggering_location: r.u8(), triggering_sequence: r.u32(), description: r.u64(), chain_size: r.u32() }),
  [MSG.CHAINED]: (r) => ({ chain_link: r.u8() }),
  [MSG.CHAIN_SOLVING]: (r) => ({ chain_link: r.u8() }),
  [MSG.CHAIN_SOLVED]: (r) => ({ chain_link: r.u8() }),
  [MSG.CHAIN_END]: () => ({}),
  [MSG.CHAIN_NEGATED]: (r) => ({ chain_link: r.u8() }),
  [MSG.CHAIN_DISABLED]: (r) => ({ chain_link: r.u8() }),
  [MSG.CARD_SELECTED]: (r) => ({ cards: r.list(r.u32(), () => r.loc()) }),
  [MSG.RANDOM_SELECTED]: (r) => ({ player: r.u8(), cards: r.list(r.u32(), () => r.loc()) }),
  [MSG.BECOME_TARGET]: (r) => ({ cards: r.list(r.u32(), () => r.loc()) }),
  [MSG.DRAW]: (r) => ({ player: r.u8(), cards: r.list(r.u32(), () => ({ code: r.u32(), position: r.u32() })) }),
  [MSG.DAMAGE]: (r) => ({ player: r.u8(), amount: r.u32() }),
  [MSG.RECOVER]: (r) => ({ player: r.u8(), amount: r.u32() }),
  [MSG.EQUIP]: (r) => ({ card: r.loc(), target: r.loc() }),
  [MSG.LPUPDATE]: (r) => ({ player: r.u8(), lp: r.u32() }),
  [MSG.CARD_TARGET]: (r) => ({ card: r.loc(), target: r.loc() }),
  [MSG.CANCEL_TARGET]: (r) => ({ card: r.loc(), target: r.loc() }),
  [MSG.PAY_LPCOST]: (r) => ({ player: r.u8(), amount: r.u32() }),
  [MSG.ADD_COUNTER]: (r) => ({ counter_type: r.u16(), controller: r.u8(), location: r.u8(), sequence: r.u8(), count: r.u16() }),
  [MSG.REMOVE_COUNTER]: (r) => ({ counter_type: r.u16(), controller: r.u8(), location: r.u8(), sequence: r.u8(), count: r.u16() }),
  [MSG.ATTACK]: (r) => ({ attacker: r.loc(), target: r.loc() }),
  [MSG.BATTLE]: (r) => ({ attacker: r.loc(), atk: r.u32(), def: r.u32(), destroyed: r.u8(), target: r.loc(), tatk: r.u32(), tdef: r.u32(), tdestroyed: r.u8() }),
  [MSG.ATTACK_DISABLED]: () => ({}),
  [MSG.DAMAGE_STEP_START]: () => ({}),
  [MSG.DAMAGE_STEP_END]: () => ({}),
  [MSG.MISSED_EFFECT]: (r) => ({ ...r.loc(), code: r.u32() }),
  [MSG.TOSS_COIN]: (r) => ({ player: r.u8(), results: r.list(r.u8(), () => r.u8()) }),
  [MSG.TOSS_DICE]: (r) => ({ player: r.u8(), results: r.list(r.u8(), () => r.u8()) }),
  [MSG.ANNOUNCE_RACE]: (r) => ({ player: r.u8(), count: r.u8(), available: r.u64() }),
  [MSG.ANNOUNCE_ATTRIB]: (r) => ({ player: r.u8(), count: r.u8(), available: r.u32() }),
  [MSG.ANNOUNCE_CARD]: (r) => ({ player: r.u8(), opcodes: r.list(r.u8(), () => r.u64()) }),
  [MSG.ANNOUNCE_NUMBER]: (r) => ({ player: r.u8(), options: r.list(r.u8(), () => r.u64()) }),
  [MSG.CARD_HINT]: (r) => ({ ...r.loc(), hint_type: r.u8(), description: r.u64() }),
  [MSG.PLAYER_HINT]: (r) => ({ player: r.u8(), hint_type: r.u8(), description: r.u64() }),
  [MSG.MATCH_KILL]: (r) => ({ code: r.u32() }),
};

/** Decode one message {type, body}. Unknown/unparsed messages keep their bytes as hex. */
export function decode(m) {
  const name = MSG_NAME[m.type] ?? `MSG_${m.type}`;
  const f = D[m.type];
  if (!f) return { type: m.type, name, hex: Buffer.from(m.body).toString("hex") };
  const r = new Reader(m.body);
  try {
    const v = f(r);
    if (r.left) v._trailing = Buffer.from(m.body.subarray(r.o)).toString("hex");
    return { type: m.type, name, ...v };
  } catch (e) {
    return { type: m.type, name, error: String(e), hex: Buffer.from(m.body).toString("hex") };
  }
}

/** Parse an OCG_DuelQuery buffer: [u16 size][u32 flag][size-4 bytes]..., QUERY_END=0x80000000. */
export function parseQuery(u8) {
  if (!u8) return null;
  const r = new Reader(u8);
  const out = {};
  while (r.left >= 2) {
    const size = r.u16();
    if (size === 0) return null; // empty slot (QueryLocation)
    const flag = r.u32();
    const body = u8.subarray(r.o, r.o + size - 4);
    r.o += size - 4;
    if (flag === 0x80000000) break;
    const dv = new DataView(body.buffer, body.byteOffset, body.byteLength);
    const name = QUERY_NAME[flag] ?? `0x${flag.toString(16)}`;
    // lists (u32 count + items: OVERLAY_CARD, COUNTERS, TARGET_CARD) stay raw bytes, as hex
    if (LIST_QUERIES.has(flag)) out[name] = Buffer.from(body).toString("hex");
    else out[name] = body.length === 1 ? dv.getUint8(0) : body.length === 4 ? dv.getUint32(0, true) : body.length === 8 ? dv.getBigUint64(0, true) : Buffer.from(body).toString("hex");
  }
  return out;
}
export const QUERY = { CODE: 0x1, POSITION: 0x2, ALIAS: 0x4, TYPE: 0x8, LEVEL: 0x10, RANK: 0x20,
  ATTRIBUTE: 0x40, RACE: 0x80, ATTACK: 0x100, DEFENSE: 0x200, BASE_ATTACK: 0x400,
  BASE_DEFENSE: 0x800, REASON: 0x1000, REASON_CARD: 0x2000, EQUIP_CARD: 0x4000,
  TARGET_CARD: 0x8000, OVERLAY_CARD: 0x10000, COUNTERS: 0x20000, OWNER: 0x40000,
  STATUS: 0x80000, IS_PUBLIC: 0x100000, LSCALE: 0x200000, RSCALE: 0x400000, LINK: 0x800000,
  IS_HIDDEN: 0x1000000, COVER: 0x2000000 };
const QUERY_NAME = Object.fromEntries(Object.entries(QUERY).map(([k, v]) => [v, k]));
const LIST_QUERIES = new Set([QUERY.TARGET_CARD, QUERY.OVERLAY_CARD, QUERY.COUNTERS]);

/** Parse an OCG_DuelQueryLocation buffer: u32 total, then per card a query block (u16 0 = empty). */
export function parseQueryLocation(u8) {
  const r = new Reader(u8);
  const total = r.u32();
  const end = 4 + total;
  const cards = [];
  while (r.o < end) {
    const start = r.o;
    const size = r.u16();
    if (size === 0) { cards.push(null); continue; }
    r.o = start;
    // walk until QUERY_END
    let o = start;
    for (;;) {
      const s = new DataView(u8.buffer, u8.byteOffset + o).getUint16(0, true);
      const f = new DataView(u8.buffer, u8.byteOffset + o + 2).getUint32(0, true);
      o += 2 + s;
      if (f === 0x80000000) break;
    }
    cards.push(parseQuery(u8.subarray(start, o)));
    r.o = o;
  }
  return cards;
}
