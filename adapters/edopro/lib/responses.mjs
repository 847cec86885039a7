// responses.mjs — duelspec EDOPro adapter (MIT). Encoders for OCG_DuelSetResponse buffers (ocgcore 11.0),
// read from playerop.cpp (returns.at<T>(i) reads the buffer as an array of T).
const i32 = (...vals) => { const b = new Uint8Array(4 * vals.length); const dv = new DataView(b.buffer); vals.forEach((v, i) => dv.setInt32(i * 4, v, true)); return b; };

export const IDLE = { SUMMON: 0, SPSUMMON: 1, REPOS: 2, MSET: 3, SSET: 4, ACTIVATE: 5, TO_BP: 6, TO_EP: 7, SHUFFLE: 8 };
export const BATTLE = { ACTIVATE: 0, ATTACK: 1, TO_M2: 2, TO_EP: 3 };

export const R = {
  /** MSG_SELECT_CHAIN: i32 index into msg.chains, or -1 to pass (only if !forced). */
  chain: (index) => i32(index ?? -1),
  /** MSG_SELECT_EFFECTYN / MSG_SELECT_YESNO: i32 1 = yes, 0 = no. */
  yesno: (yes) => i32(yes ? 1 : 0),
  /** MSG_SELECT_OPTION: i32 index into msg.options. (ANNOUNCE_NUMBER: same, index.) */
  option: (index) => i32(index),
  /** MSG_SELECT_IDLECMD: i32 (index << 16) | action. */
  idle: (action, index = 0) => i32((index << 16) | action),
  /** MSG_SELECT_BATTLECMD: i32 (index << 16) | action. */
  battle: (action, index = 0) => i32((index << 16) | action),
  /** MSG_SELECT_CARD / SELECT_TRIBUTE / SELECT_SUM: i32 0, i32 count, i32 idx... ; null => i32 -1 (cancel). */
  cards: (indices) => indices == null ? i32(-1) : i32(0, indices.length, ...indices),
  /** MSG_SELECT_UNSELECT_CARD: i32 1, i32 index (index >= select.length addresses unselect list); null => -1. */
  unselect: (index) => index == null ? i32(-1) : i32(1, index),
  /** MSG_SELECT_PLACE / SELECT_DISFIELD: 3 bytes per place: player, location, sequence. */
  places: (places) => Uint8Array.from(places.flatMap((p) => [p.player, p.location, p.sequence])),
  /** MSG_SELECT_POSITION: i32 position (one of 1,2,4,8). */
  position: (pos) => i32(pos),
  /** MSG_SORT_CARD / SORT_CHAIN: i8 per card (new position), or [-1] to keep default. */
  sort: (order) => order == null ? Uint8Array.of(0xff) : Uint8Array.from(order),
  /** MSG_ANNOUNCE_CARD: i32 code. */
  announceCard: (code) => i32(code),
  /** MSG_ANNOUNCE_ATTRIB: u32 mask. MSG_ANNOUNCE_RACE: u64 mask. */
  announceAttrib: (mask) => i32(mask),
  announceRace: (mask) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, BigInt(mask), true); return b; },
  /** MSG_SELECT_COUNTER: i16 per card. */
  counters: (counts) => { const b = new Uint8Array(2 * counts.length); const dv = new DataView(b.buffer); counts.forEach((c, i) => dv.setInt16(i * 2, c, true)); return b; },
};
