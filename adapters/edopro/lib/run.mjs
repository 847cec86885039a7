// run.mjs — duelspec EDOPro adapter (MIT). One duelspec Yu-Gi-Oh! scenario (format 2) in
// ocgcore: builds the start state, tells the script driver which window each of the engine's
// decisions falls in and answers it from the script, turns engine messages into canonical trace
// events, and reads the final state.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DuelStatus } from "./core.mjs";
import { SYSTEM_STRINGS } from "./cards.mjs";
import { decode, MSG, LOCATION, POS, PHASE, QUERY, REASON, parseQueryLocation } from "./messages.mjs";
import { R, IDLE, BATTLE } from "./responses.mjs";
import { ScriptDriver, MissingDecision, Refusal, YGO_PHASES } from "./driver.mjs";
import { EngineErrors, EngineError } from "./engine_errors.mjs";

const COMPAT_LUA = readFileSync(new URL("../lua/duelspec_compat.lua", import.meta.url), "utf8");

export const DUEL = { PSEUDO_SHUFFLE: 0x10n, FIRST_TURN_DRAW: 0x200n,
  MODE_MR5: 0x800n | 0x2000n | 0x4000n | 0x8000n | 0x20000n };

/** What this adapter cannot do (mechanic tags of schemas/requires.schema.json). */
export const UNSUPPORTED = [];

/** What this adapter observes of the engine (protocol 2, implementation.observes): the event
 *  kinds it reports from the engine's messages, the final-state fields it reads from the
 *  engine's queries, and the windows it can tell from the engine's messages. */
export const OBSERVES = {
  events: ["turn", "phase", "step", "draw", "activate", "negate-activation", "negate-effect", "resolve", "chain-end",
    "move", "reveal", "lp", "win"],
  final: ["cards.zone", "cards.owner", "cards.controller", "cards.position", "players.lp", "players.counts", "winner",
    "turn", "phase"],
  windows: ["before-draw", "response", "trigger", "open", "resolution", "activation"],
};

export const PHASE_OF = { [PHASE.DRAW]: "draw", [PHASE.STANDBY]: "standby", [PHASE.MAIN1]: "main1",
  [PHASE.BATTLE_START]: "battle", [PHASE.BATTLE_STEP]: "battle", [PHASE.DAMAGE]: "battle",
  [PHASE.DAMAGE_CAL]: "battle", [PHASE.BATTLE]: "battle", [PHASE.MAIN2]: "main2", [PHASE.END]: "end" };
const PHASE_ORDER = YGO_PHASES;

/** Index of the option whose text is `word` (or contains it as a whole word), or a 1-based
 *  number; -1 when none or several match. texts: the options' texts (null when unknown). */
export function matchOption(word, texts) {
  const w = String(word).trim();
  if (/^[0-9]+$/.test(w)) { const k = Number(w); return k >= 1 && k <= texts.length ? k - 1 : -1; }
  const lw = w.toLowerCase();
  const exact = texts.map((t, i) => (t && t.toLowerCase() === lw ? i : -1)).filter((i) => i >= 0);
  if (exact.length === 1) return exact[0];
  const re = new RegExp(`\\b${lw.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
  const hits = texts.map((t, i) => (t && re.test(t.toLowerCase()) ? i : -1)).filter((i) => i >= 0);
  return hits.length === 1 ? hits[0] : -1;
}

/** A setup the adapter cannot build: the scenario is skipped with this reason. `advancing`:
 *  the engine did something while the adapter advanced to the start state. */
export class Unsupported extends Error {
  constructor(message, { advancing = false } = {}) { super(message); this.advancing = advancing; }
}
/** A scripted step the adapter performed turned out not to be performable as scripted (a
 *  target, cost or declaration it names is not offered): the duel is played again from the
 *  start with that step refused at the decision where it was taken (`veto`). */
export class Replay extends Error {
  constructor(veto) { super(veto.reason); this.veto = veto; }
}
/** Bad input (scenario not as the schema says): errored. */
export class BadScenario extends Error {}

/** CardScripts-style script reader: <dir>/<name>, then <dir>/<sub>/<name>, for each dir. */
export function makeScriptReader(dirs, sub = ["official", "pre-release", "goat", "pre-errata", "unofficial", "skill", "rush"]) {
  const cache = new Map();
  return (name) => {
    if (cache.has(name)) return cache.get(name);
    let text = null;
    outer: for (const d of dirs) for (const p of [join(d, name), ...sub.map((s) => join(d, s, name))])
      if (existsSync(p)) { text = readFileSync(p, "utf8"); break outer; }
    cache.set(name, text);
    return text;
  };
}

const OTHER = { A: "B", B: "A" };
const LOCS = [LOCATION.DECK, LOCATION.HAND, LOCATION.MZONE, LOCATION.SZONE, LOCATION.GRAVE, LOCATION.REMOVED, LOCATION.EXTRA];
const SLOTTED = new Set([LOCATION.MZONE, LOCATION.SZONE]);
const SNAPSHOT_QUERY = QUERY.CODE | QUERY.POSITION | QUERY.REASON | QUERY.OWNER;

function zoneName(loc, seq) {
  switch (loc) {
    case LOCATION.DECK: return "deck";
    case LOCATION.HAND: return "hand";
    case LOCATION.MZONE: return "monster";
    case LOCATION.SZONE: return seq === 5 ? "field" : "spell-trap";
    case LOCATION.GRAVE: return "graveyard";
    case LOCATION.REMOVED: return "banished";
    case LOCATION.EXTRA: return "extra";
    default: return (loc & LOCATION.OVERLAY) ? "overlay" : null;
  }
}
function positionName(loc, pos) {
  if (loc === LOCATION.MZONE) return { 1: "face-up-attack", 4: "face-up-defense", 8: "face-down-defense" }[pos] ?? null;
  if (loc === LOCATION.SZONE) return (pos & 0x5) ? "face-up" : "face-down";
  return null;
}
function moveReason(r, fromLoc, toLoc, toPos) {
  if (r & REASON.COST) return "cost";
  if (r & REASON.DRAW) return "draw";
  if (r & (REASON.SUMMON | REASON.SPSUMMON)) return "summon";
  if (r & REASON.BATTLE) return "battle";
  if (r & REASON.EFFECT) return "effect";
  if (r & REASON.RULE) return "rule";
  if (toLoc === LOCATION.SZONE && (toPos & 0x5) && fromLoc !== LOCATION.SZONE) return "activate";
  return undefined;
}

/** Deck list top -> bottom from the scenario's `order` fields: `top` cards first, then integer
 *  orders ascending, then cards without `order` as listed, then `bottom` cards (the ordering
 *  duelspec's reference engine uses). */
export function deckOrder(cards) {
  const key = (c, i) => c.order === "top" ? [0, 0, i] : c.order === "bottom" ? [3, 0, i]
    : Number.isInteger(c.order) ? [1, c.order, i] : [2, 0, i];
  return cards.map((c, i) => [key(c, i), c]).sort(([a], [b]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]).map(([, c]) => c);
}

/**
 * The engine-side mirror of where each scenario card is: per engine player and location,
 * an array of local ids in engine sequence order (DECK index 0 = bottom). Kept up to date
 * from MOVE/DRAW/SHUFFLE messages and re-synchronised with the engine after every batch.
 */
/** Whether two mirrors' zones (`[{location: ids}]` per player) hold the same ids in the same places. */
function sameMirror(a, b) {
  for (const p of [0, 1]) for (const l of LOCS) {
    const x = a[p][l], y = b[p][l];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  return true;
}

class Mirror {
  constructor(codeOf) { this.codeOf = codeOf; this.z = [{}, {}]; for (const p of [0, 1]) for (const l of LOCS) this.z[p][l] = []; }
  list(p, l) { return this.z[p]?.[l & 0x7f]; }
  at(p, l, seq, code) {
    const lst = this.list(p, l);
    if (!lst) return null;
    const id = lst[seq];
    if (id && (!code || this.codeOf(id) === code)) return id;
    if (code) { const alt = lst.find((x) => x && this.codeOf(x) === code); if (alt) return alt; }
    return id ?? null;
  }
  remove(p, l, seq, code) {
    const lst = this.list(p, l);
    if (!lst) return null;
    let i = seq;
    if (!(lst[i] && (!code || this.codeOf(lst[i]) === code))) i = lst.findIndex((x) => x && this.codeOf(x) === code);
    if (i < 0 || i >= lst.length) return null;
    const id = lst[i];
    if (SLOTTED.has(l & 0x7f)) lst[i] = null; else lst.splice(i, 1);
    return id;
  }
  insert(p, l, seq, id) {
    const lst = this.list(p, l);
    if (!lst) return;
    if (SLOTTED.has(l & 0x7f)) lst[seq] = id; else lst.splice(Math.min(seq, lst.length), 0, id);
  }
}

const ENGINE_ACTIONS = new Set([MSG.CHAINING, MSG.MOVE, MSG.DRAW, MSG.DAMAGE, MSG.RECOVER, MSG.PAY_LPCOST, MSG.WIN]);
const PROMPTS = new Set([MSG.SELECT_BATTLECMD, MSG.SELECT_IDLECMD, MSG.SELECT_EFFECTYN, MSG.SELECT_YESNO, MSG.SELECT_OPTION,
  MSG.SELECT_CARD, MSG.SELECT_CHAIN, MSG.SELECT_PLACE, MSG.SELECT_POSITION, MSG.SELECT_TRIBUTE, MSG.SORT_CHAIN,
  MSG.SELECT_COUNTER, MSG.SELECT_SUM, MSG.SELECT_DISFIELD, MSG.SORT_CARD, MSG.SELECT_UNSELECT_CARD, MSG.ANNOUNCE_RACE,
  MSG.ANNOUNCE_ATTRIB, MSG.ANNOUNCE_CARD, MSG.ANNOUNCE_NUMBER, MSG.ROCK_PAPER_SCISSORS]);
const EXTRA_DECK_TYPES = 0x40 | 0x2000 | 0x800000 | 0x4000000; // Fusion, Synchro, Xyz, Link
const SPE_PLACING = 0x7f; // MSG_SELECT_CHAIN spe_count of the trigger placement (processor.cpp PointEvent steps 2, 4)
const TIMING_DRAW = 0x10000; // field.h:776 (a30e6b7): the timing a draw sets for the drawing player (operations.cpp:463)
export const MAX_REPLAYS = 12;

export class ScenarioRun {
  /** core: Core; cards: CardSource; scriptReader(name) -> text|null; scenario: a format-2 scenario. */
  /** reproText: the text of a reproduction of this scenario (its own Debug.ReloadFieldBegin ..
   *  ReloadFieldEnd, docs/conformance/repro) loaded instead of the adapter's own setup chunk. */
  constructor(core, cards, scriptReader, scenario, { log = () => {}, maxProcess = 20000, scriptDirs = [], reproText = null } = {}) {
    Object.assign(this, { core, cards, scriptReader, scenario, log, maxProcess, scriptDirs, reproText });
    this.events = [];
    this.notes = [];
    this.coreLog = [];
    this.vetoes = [];
  }

  // ------------------------------------------------------------------ validation
  check() {
    const s = this.scenario;
    if (!s || typeof s !== "object") throw new BadScenario("expected a scenario object");
    if (s.game !== "ygo") throw new Unsupported(`game ${JSON.stringify(s.game)}: this adapter runs Yu-Gi-Oh! (ygo) scenarios only`);
    const st = s.setup;
    if (!st || typeof st !== "object" || !Array.isArray(st.cards) || !st.players) throw new BadScenario("expected setup with players and a cards array");
    if (!Array.isArray(s.script)) throw new BadScenario("expected script to be an array of steps");
    if ((s.format ?? 1) < 2 || s.script.some((x) => !x || typeof x.when !== "object"))
      throw new Unsupported("a format-1 scenario (steps without `when`): this adapter plays scenario format 2 only, where every step names its window; write the scenario in format 2");
    for (const t of s.requires ?? []) if (UNSUPPORTED.includes(t)) throw new Unsupported(`requires ${t}, which this adapter does not support`);
    if (!["A", "B"].includes(st.first_player) || !["A", "B"].includes(st.turn_player)) throw new BadScenario("expected setup.first_player and setup.turn_player to be A or B");
    if (Array.isArray(st.random) && st.random.length)
      throw new Unsupported(`setup.random (${st.random.map((r) => r.kind).join(", ")}): ocgcore draws shuffles, coins, dice and random selections from its own seeded generator; a given result cannot be forced through its API`);
    this.ids = new Map();
    for (const c of st.cards) {
      if (!c || typeof c.id !== "string" || !/^[0-9]{8}$/.test(c.card ?? "") || !["A", "B"].includes(c.owner)) throw new BadScenario(`expected each setup card to have id, an 8-digit card and owner A/B; got ${JSON.stringify(c)}`);
      if (this.ids.has(c.id)) throw new BadScenario(`duplicate card id ${c.id}`);
      this.ids.set(c.id, c);
      if (c.counters && Object.keys(c.counters).length) throw new Unsupported(`card ${c.id} has counters: the adapter has no table from counter names to ocgcore counter types (not implemented)`);
      if (!this.cards.has(Number(c.card))) throw new Unsupported(`card ${c.card} (${c.id}) is in neither the card catalogue nor the cards.cdb given`);
    }
    for (const c of st.cards) if (c.zone === "overlay" && !this.ids.has(c.attached_to)) throw new BadScenario(`card ${c.id} is Xyz material of ${JSON.stringify(c.attached_to)}, which is not a setup card`);
    if (st.phase === "start-of-duel") {
      if (st.turn !== 0 && st.turn != null) throw new BadScenario("start-of-duel needs turn 0");
      this.start = { turn: 0, phase: "start-of-duel" };
    } else {
      const turn = st.turn;
      if (!Number.isInteger(turn) || turn < 1) throw new BadScenario("expected setup.turn to be a turn number");
      if ((turn % 2 === 1) !== (st.turn_player === st.first_player)) throw new BadScenario(`turn ${turn} is ${turn % 2 ? "the first" : "the second"} player's turn`);
      if (!PHASE_ORDER.includes(st.phase)) throw new BadScenario(`setup.phase must be one of start-of-duel, ${PHASE_ORDER.join(", ")}`);
      const afterDraw = st.phase !== "draw" || st.step === "after-draw";
      if (turn === 1 && st.phase === "draw" && st.step === "after-draw") throw new BadScenario("turn 1 has no normal draw to be after");
      this.start = { turn, phase: st.phase, afterDraw };
    }
    if (st.stop && !PHASE_ORDER.includes(st.stop.phase)) throw new BadScenario(`setup.stop.phase must be one of ${PHASE_ORDER.join(", ")}`);
  }

  /** The normal draws the engine conducts before the start state (turn 2 on, the draw of
   *  each turn before the start, and of the start turn when it starts after its draw), as
   *  [{turn, player}], in order. */
  drawsBeforeStart() {
    const st = this.scenario.setup, out = [];
    if (this.start.phase === "start-of-duel") return out;
    for (let t = 2; t <= this.start.turn; t++) {
      if (t === this.start.turn && !this.start.afterDraw) break;
      out.push({ turn: t, player: t % 2 === 1 ? st.first_player : OTHER[st.first_player] });
    }
    return out;
  }

  /** Ways to reach a start state after normal draws: each normal draw before the start takes one
   *  of that player's hand cards of the setup (the scenario does not say which card the normal
   *  draw drew; it was one of the cards in hand). Normal Monsters first, then the others as
   *  listed; several plans, each trying another card first. */
  drawPlans() {
    const draws = this.drawsBeforeStart();
    if (!draws.length) return [[]];
    const st = this.scenario.setup;
    const pref = {};
    for (const x of ["A", "B"]) {
      const hand = st.cards.filter((c) => c.owner === x && c.zone === "hand");
      const normal = (c) => { const t = this.cards.read(Number(c.card))?.type ?? 0; return (t & 0x1) && (t & 0x10) ? 0 : 1; };
      pref[x] = hand.map((c, i) => [normal(c), i, c.id]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((z) => z[2]);
      const need = draws.filter((d) => d.player === x).length;
      if (pref[x].length < need)
        throw new Unsupported(`setup at turn ${this.start.turn} ${this.start.phase}${st.step ? " " + st.step : ""}: the engine gets past a normal draw only by conducting it (${need} of player ${x} before this start), which puts the drawn card into ${x}'s hand; ${x}'s hand in the setup holds ${pref[x].length === 0 ? "no card" : `only ${pref[x].length} card(s)`}, so no card of the scenario can have been drawn and this start state cannot be built`);
    }
    const plans = [];
    const tries = Math.min(3, Math.max(pref.A.length, pref.B.length));
    for (let k = 0; k < tries; k++) {
      const left = { A: [...pref.A.slice(k), ...pref.A.slice(0, k)], B: [...pref.B.slice(k), ...pref.B.slice(0, k)] };
      plans.push(draws.map((d) => ({ ...d, card: left[d.player].shift() })));
    }
    return plans;
  }

  // ------------------------------------------------------------------ setup
  /** The start state: every card placed by a Lua chunk of Debug.AddCard(code, owner, player,
   *  location, sequence, position, proc) calls (ygopro-core libdebug.cpp AddCard) before the
   *  duel starts. proc (STATUS_PROC_COMPLETE, "properly Summoned") for monsters in the Monster
   *  Zone and for Extra Deck monsters in the GY / banished unless `properly_summoned: false`;
   *  Xyz materials attached to their holder (libdebug.cpp AddCard, LOCATION_ONFIELD occupied ->
   *  xyz_add). Cards a normal draw before the start takes (plan) go on top of the deck. */
  setup(plan) {
    const st = this.scenario.setup;
    this.P = { [st.first_player]: 0, [OTHER[st.first_player]]: 1 };
    this.L = [st.first_player, OTHER[st.first_player]]; // engine player -> A/B
    const opening = this.start.phase === "start-of-duel" ? 5 : 0;
    this.errors = new EngineErrors({ cardName: (code) => this.cards.name(code), scriptDirs: this.scriptDirs,
      cardIds: (code) => st.cards.filter((c) => Number(c.card) === code).map((c) => c.id) });
    const lp = (x) => st.players?.[x]?.lp ?? 8000;
    // the base scripts are loaded once per process: the duel is a copy of one prepared with them
    this.h = this.core.preparedDuel({
      seed: [20240607n, 20240607n ^ 0x9e3779b97f4a7c15n, 0x2545f4914f6cdd1dn, 0x5851f42d4c957f2dn],
      flags: DUEL.MODE_MR5 | DUEL.PSEUDO_SHUFFLE,
      team1: { lp: lp(this.L[0]), startCount: opening, drawCount: 1 },
      team2: { lp: lp(this.L[1]), startCount: opening, drawCount: 1 },
      cardReader: (code) => this.cards.read(code),
      scriptReader: (name) => { const text = this.scriptReader(name); this.errors.onRead(name, text); return text; },
      log: (type, text) => { this.coreLog.push(`[core ${type}] ${text}`); this.errors.onLog(type, text); this.log(`[core log ${type}] ${text}`); },
    }, (h) => {
      for (const name of ["constant.lua", "utility.lua"]) {
        const text = this.scriptReader(name);
        if (text == null) throw new Unsupported(`no ${name} in the script directories (give --scripts DIR, a CardScripts checkout)`);
        if (!this.core.loadScript(h, name, text)) throw new Error(`loading ${name} failed: ${this.coreLog.slice(-3).join(" | ")}`);
      }
      // our compatibility layer between the wasm's core and newer CardScripts (lua/duelspec_compat.lua)
      if (!this.core.loadScript(h, "duelspec_compat.lua", COMPAT_LUA)) throw new Error(`loading duelspec_compat.lua failed: ${this.coreLog.slice(-3).join(" | ")}`);
    });
    this.mirror = new Mirror((id) => Number(this.ids.get(id)?.card ?? String(id).split(":")[1]));
    const lua = [];
    const planned = new Set(plan.map((d) => d.card));
    const by = (zone, owner) => st.cards.filter((c) => c.zone === zone && c.owner === owner && !planned.has(c.id));
    const typeOf = (c) => this.cards.read(Number(c.card))?.type ?? 0;
    const add = (c, location, sequence, position, proc = false, mirrorSeq = sequence) => {
      const p = this.P[c.owner];
      lua.push(`Debug.AddCard(${Number(c.card)},${p},${p},${location},${sequence},${position},${proc}) --${c.id}`);
      if (location !== LOCATION.OVERLAY) this.mirror.insert(p, location, mirrorSeq, c.id);
    };
    for (const x of ["A", "B"]) {
      const drawnFirst = plan.filter((d) => d.player === x).map((d) => this.ids.get(d.card));
      // deck: bottom first; Debug.AddCard with sequence 0 puts a card on top (field.cpp add_card)
      for (const c of [...drawnFirst, ...deckOrder(by("deck", x))].reverse()) add(c, LOCATION.DECK, 0, POS.FACEDOWN_DEFENSE, false, 1e9);
      by("hand", x).forEach((c) => add(c, LOCATION.HAND, 0, POS.FACEDOWN_DEFENSE, false, 1e9));
      const mz = by("monster", x);
      if (mz.length > 5) throw new Unsupported(`${mz.length} monsters for ${x}: the Extra Monster Zones are not used by this adapter's setup`);
      mz.forEach((c, i) => add(c, LOCATION.MZONE, i, { "face-up-defense": POS.FACEUP_DEFENSE, "face-down-defense": POS.FACEDOWN_DEFENSE }[c.position] ?? POS.FACEUP_ATTACK, true));
      const sz = by("spell-trap", x);
      if (sz.length > 5) throw new BadScenario(`${sz.length} cards in ${x}'s Spell & Trap Zones (5 at most)`);
      sz.forEach((c, i) => add(c, LOCATION.SZONE, i, c.position === "face-down" ? POS.FACEDOWN : POS.FACEUP_ATTACK));
      const fz = by("field", x);
      if (fz.length > 1) throw new Unsupported(`${fz.length} cards in ${x}'s Field Zone (${fz.map((c) => c.id).join(", ")}): the engine has one Field Zone per player (Spell & Trap Zone 5, field.cpp add_card), as the rules since Master Rule 4; this start state cannot be built`);
      fz.forEach((c) => add(c, LOCATION.SZONE, 5, c.position === "face-down" ? POS.FACEDOWN : POS.FACEUP_ATTACK));
      const proc = (c) => !!(typeOf(c) & EXTRA_DECK_TYPES) && c.properly_summoned !== false;
      by("graveyard", x).forEach((c) => add(c, LOCATION.GRAVE, 0, POS.FACEUP_ATTACK, proc(c), 1e9));
      by("banished", x).forEach((c) => add(c, LOCATION.REMOVED, 0, c.position === "face-down" ? POS.FACEDOWN : POS.FACEUP_ATTACK, proc(c), 1e9));
      by("extra", x).forEach((c) => add(c, LOCATION.EXTRA, 0, POS.FACEDOWN_DEFENSE, false, 1e9));
    }
    for (const c of st.cards.filter((c) => c.zone === "overlay")) {
      const holder = this.ids.get(c.attached_to);
      const p = this.P[holder.owner];
      const i = this.mirror.list(p, LOCATION.MZONE).indexOf(holder.id);
      if (holder.zone !== "monster" || i < 0) throw new BadScenario(`card ${c.id} is Xyz material of ${holder.id}, which is not in a Monster Zone`);
      lua.push(`Debug.AddCard(${Number(c.card)},${this.P[c.owner]},${p},${LOCATION.MZONE},${i},${POS.FACEUP_ATTACK},false) --${c.id}`);
    }
    this.setupLua = lua.join("\n") + "\n";
    const [name, chunk] = this.reproText != null ? [`${this.scenario.id}.lua`, this.reproText] : ["duelspec_setup.lua", this.setupLua];
    if (!this.core.loadScript(this.h, name, chunk))
      throw new Error(`the setup chunk (Debug.AddCard calls) ${name} failed: ${this.coreLog.slice(-3).join(" | ")}`);
    const placed = this.snapshot();
    const n = placed.reduce((a, z) => a + z.cards.filter(Boolean).length, 0) + this.overlayCount();
    if (n !== st.cards.length) throw new Unsupported(`the engine accepted ${n} of ${st.cards.length} setup cards (zone not usable?)`);
    this.resync(placed);
  }

  overlayCount() {
    let n = 0;
    for (const p of [0, 1]) {
      const raw = this.core.queryLocationRaw(this.h, { flags: QUERY.OVERLAY_CARD, controller: p, location: LOCATION.MZONE });
      for (const q of parseQueryLocation(raw)) {
        if (!q || q.OVERLAY_CARD == null) continue;
        n += Buffer.from(q.OVERLAY_CARD, "hex").readUInt32LE(0);
      }
    }
    return n;
  }

  // ------------------------------------------------------------------ engine state queries
  /** [{p, l, cards}] of every location. A location whose bytes are those of the last snapshot
   *  keeps its parsed list (the lists are only read). */
  snapshot() {
    const out = [];
    this.parsed ??= new Map();
    for (const p of [0, 1]) for (const l of LOCS) {
      const view = this.core.queryLocationView(this.h, SNAPSHOT_QUERY, p, l);   // the core's memory, not copied
      let hit = this.parsed.get(p * 256 + l);
      if (!hit || !hit.raw.equals(view)) {
        const raw = Buffer.from(view);                                            // a copy, kept
        this.parsed.set(p * 256 + l, hit = { raw, zone: { p, l, cards: parseQueryLocation(raw) } });
      }
      out.push(hit.zone);
    }
    return out;
  }
  /** Re-align the mirror with the engine: same code at the same place keeps its id. Nothing to
   *  do when the last re-alignment changed nothing (the mirror was aligned) and neither the
   *  engine's field (the snapshot's lists are those it used: the same bytes) nor the mirror
   *  changed since: it would change nothing again. */
  resync(snap = this.snapshot()) {
    const last = this.lastSnap;
    if (this.aligned && last && last.length === snap.length && snap.every((z, i) => z.cards === last[i].cards)
        && sameMirror(this.mirror.z, this.aligned)) return;
    const old = this.mirror.z, tokens = this.extraIds().length;
    const fresh = [{}, {}];
    const used = new Set();
    const pending = [];
    for (const { p, l, cards } of snap) {
      fresh[p][l] = cards.map((q, i) => {
        if (!q) return SLOTTED.has(l) ? null : undefined;
        const id = old[p][l][i];
        if (id && this.mirror.codeOf(id) === q.CODE && !used.has(id)) { used.add(id); return id; }
        pending.push([p, l, i, q]);
        return undefined;
      });
    }
    for (const [p, l, i, q] of pending) {
      const cand = [...this.ids.keys(), ...this.extraIds()].filter((id) => !used.has(id) && this.mirror.codeOf(id) === q.CODE);
      const pref = cand.find((id) => old[p][l].includes(id)) ?? cand.find((id) => this.ids.get(id)?.owner === this.L[q.OWNER ?? p]) ?? cand[0];
      const id = pref ?? this.newId(q.CODE);
      used.add(id);
      fresh[p][l][i] = id;
    }
    for (const p of [0, 1]) for (const l of LOCS) if (!SLOTTED.has(l)) fresh[p][l] = fresh[p][l].filter((x) => x !== undefined);
    // a copy of the mirror when this changed nothing (messages then change the mirror in place)
    this.aligned = sameMirror(fresh, old) && this.extraIds().length === tokens ? fresh.map((z) => Object.fromEntries(Object.entries(z).map(([l, ids]) => [l, [...ids]]))) : null;
    this.mirror.z = fresh;
    this.lastSnap = snap;
  }
  extraIds() { return this.tokens ?? []; }
  newId(code) { this.tokens ??= []; const id = `engine:${code}:${this.tokens.length + 1}`; this.tokens.push(id); return id; }
  idAt(p, l, seq, code) { return this.mirror.at(p, l, seq, code) ?? `engine:${code}`; }

  // ------------------------------------------------------------------ main loop
  /** Plays the scenario: for each way to reach the start state (drawPlans) until one is built,
   *  the duel from the start, again with a vetoed step whenever a performed step turns out not to
   *  be performable as scripted (Replay). Returns {trace}. */
  run() {
    this.check();
    const plans = this.drawPlans();
    let lastUnbuildable = null;
    for (const plan of plans) {
      this.vetoes = [];
      for (let replay = 0; ; replay++) {
        try {
          return this.play(plan);
        } catch (e) {
          if (e instanceof Replay && replay < MAX_REPLAYS) { this.vetoes.push(e.veto); continue; }
          if (e instanceof Replay) throw new Error(`more than ${MAX_REPLAYS} replays: ${e.message}`);
          if (e instanceof Unsupported && e.advancing && plan.length) { lastUnbuildable = e; break; }
          throw e;
        }
      }
    }
    throw lastUnbuildable;
  }

  /** One duel from the start state. */
  play(plan) {
    Object.assign(this, { events: [], notes: [], coreLog: [], tokens: [], plan, prompts: 0, public: new Set(), lastSnap: null, aligned: null });
    this.setup(plan);
    for (const d of plan) this.notes.push(`start state: turn ${d.turn}'s normal draw (conducted by the engine before the start state) drew ${d.card}, one of ${d.player}'s hand cards of the setup`);
    this.planned = [...plan];
    this.driver = ScriptDriver.forScenario(this.scenario);
    this.wins = {};                 // the windows this adapter has opened, by kind
    this.predrawChain = false;      // a chain was started in the before-draw window
    // the before-the-draw chain has resolved and neither the normal draw nor the Draw Phase's
    // phase event has come yet: the priorities of the point events after that chain (every chain
    // of them keeps skip_freechain, processor.cpp:3374 and 4355 at a30e6b7: no EVENT_FREE_CHAIN
    // effect is offered) are not the Draw Phase's open game state
    this.afterBeforeDraw = false;
    this.passed = new Set();        // players who passed in the open trigger window (no chain)
    this.turn = 0; this.turnPlayer = null; this.phase = null; this.solving = 0;
    this.links = []; this.recording = this.start.phase === "start-of-duel"; this.phasesBegun = 0;
    this.winner = null; this.stopped = false; this.pendingPicks = null; this.pendingDeclare = null;
    this.ourActivation = false; this.pendingDraws = []; this.unselectPlan = null; this.lp = [null, null];
    this.core.startDuel(this.h);
    try {
      let idle = 0;
      for (let i = 0; i < this.maxProcess && !this.stopped; i++) {
        const status = this.core.process(this.h);
        const msgs = this.core.getMessages(this.h).map(decode);
        // the field as the engine left it after this call: read once, for the revealed hand cards
        // and then for the mirror (reading the messages changes nothing in the engine)
        const snap = this.snapshot();
        if (this.recording) this.checkPublic(snap);
        let last = null;
        for (const m of msgs) {
          last = m;
          if (!PROMPTS.has(m.type)) this.onMessage(m);
          if (this.stopped) break;
        }
        if (this.stopped || status === DuelStatus.END) break;
        this.resync(snap);
        this.settleDraws();
        if (status === DuelStatus.AWAITING) {
          if (!last || !PROMPTS.has(last.type)) {
            if (last?.type === MSG.RETRY) throw new Error(`the engine rejected the adapter's last response (MSG_RETRY) to ${this.lastPrompt?.name}: ${this.lastPromptDesc}`);
            if (++idle > 100) throw new Error("the engine awaits a response but sends no prompt");
            continue;
          }
          idle = 0;
          const resp = this.answer(last);
          this.lastPrompt = last;
          this.core.setResponse(this.h, resp);
        }
      }
      this.settleDraws();
      const trace = this.trace();
      // a Lua error, a missing or unloadable script: the duel went on without that effect, so the
      // trace is not what the engine is meant to do — the scenario is errored with the evidence
      if (this.errors.count) throw new EngineError(this.errors, trace);
      return { trace };
    } finally {
      this.core.destroyDuel(this.h);
    }
  }

  emit(ev) {
    if (!this.recording) return;
    this.events.push(ev);
    this.driver.event(ev);
  }

  /** Hand cards the engine now shows face-up have been revealed: the engine turns a hand card
   *  with EFFECT_PUBLIC (e.g. registered by "reveal it?", c35906693.lua) face-up in its adjust
   *  step (processor.cpp:4897-4909 at a30e6b7), with no message of its own. Checked when a batch of
   *  messages arrives, before its messages are traced (OCG_DuelProcess returns as soon as a
   *  processing unit wrote messages, ocgapi.cpp:111-120). (QUERY_IS_PUBLIC would also count a
   *  card being activated from the hand, card.cpp:191 is_related_to_chains.) */
  checkPublic(snap) {
    const now = new Set();
    for (const p of [0, 1]) {
      snap.find((z) => z.p === p && z.l === LOCATION.HAND).cards.forEach((q, i) => {
        const id = this.mirror.list(p, LOCATION.HAND)[i];
        if (!q || !id || this.mirror.codeOf(id) !== q.CODE || !(q.POSITION & POS.FACEUP)) return;
        now.add(id);
        if (!this.public.has(id)) this.emit({ event: "reveal", card: id, player: this.L[p] });
      });
    }
    this.public = now;
  }

  /** Draw events get `normal` from the engine's reason of the drawn cards (REASON_RULE: the
   *  draw of turn step 3, processor.cpp `draw(nullptr, REASON_RULE, ...)`), read when the batch
   *  is over; a card that left the hand meanwhile is traced with the reason it had then. */
  settleDraws() {
    for (const { ev, p } of this.pendingDraws) {
      const hand = this.lastSnap.find((z) => z.p === p && z.l === LOCATION.HAND).cards;
      const reasons = ev.cards.map((id) => { const i = this.mirror.list(p, LOCATION.HAND).indexOf(id); return i >= 0 ? hand[i]?.REASON : undefined; });
      if (reasons.every((r) => r != null)) ev.normal = this.turn > 0 && reasons.every((r) => r & REASON.RULE);
      else {
        ev.normal = false;
        this.notes.push(`draw of ${JSON.stringify(ev.cards)}: a drawn card left the hand before its reason could be read; traced normal=false`);
      }
    }
    this.pendingDraws = [];
  }

  /** While advancing to the start state the engine may do nothing but the planned normal draws. */
  beforeStart(m) {
    if (this.recording || !ENGINE_ACTIONS.has(m.type)) return;
    if (m.type === MSG.DRAW && this.planned.length && this.L[m.player] === this.planned[0].player && m.cards.length === 1
        && this.phase === "draw" && this.turn === this.planned[0].turn) return;
    throw new Unsupported(`the engine acted (${m.name}) while the adapter was advancing to the start state (turn ${this.start.turn}, ${this.start.phase}); the start state cannot be built exactly`, { advancing: true });
  }

  // ------------------------------------------------------------------ windows (format 2)
  /** Window `kind` opens (its previous one of that kind closes first). */
  wOpen(kind, extra = {}) {
    if (!this.recording) return;
    this.wClose(kind);
    this.wins[kind] = this.driver.open({ window: kind, ...extra });
    if (kind === "trigger") this.passed = new Set();
  }
  wClose(...kinds) {
    for (const kind of kinds) if (this.wins[kind]) { delete this.wins[kind]; this.driver.close(kind); }
  }
  /** The moment of placing the triggers of the events since the previous trigger window is over
   *  (an open-state decision came): a trigger window over those events opens and closes. */
  flushTrigger() {
    if (this.wins.trigger) this.wClose("trigger");
    else if (this.recording && this.driver.armed.length) { this.wOpen("trigger"); this.wClose("trigger"); }
  }

  /** The windows a decision falls in, from what the engine has reported so far:
   *  - "placing": the engine places triggered effects (MSG_SELECT_EFFECTYN, or MSG_SELECT_CHAIN
   *    with spe_count 0x7f, processor.cpp PointEvent steps 2 and 4): the trigger window, and
   *    before-draw while that is open (the triggers of EVENT_PREDRAW, processor.cpp:3367-3374 at a30e6b7);
   *  - "chain": a quick-effect priority (any other MSG_SELECT_CHAIN, processor.cpp QuickEffect
   *    step 2): response to the newest link, else the open window of the phase (not before the
   *    draw), before-draw while open, and the trigger window while open (a trigger of a
   *    face-down card in the hand is offered at this priority, processor.cpp QuickEffect step 2,
   *    core.new_ochain_h);
   *  - "open": an idle / battle command: the open window of the phase;
   *  - "choice" (cards, options, yes/no, declarations): activation / resolution of the link
   *    being activated / resolving, else the trigger window after the events since the previous
   *    one (a choice a continuous effect asks right after an event). */
  windowsOf(kind) {
    const out = [];
    const w = this.wins;
    if (kind === "placing") {
      out.push(w.trigger ?? this.driver.triggerWindow());
      if (w["before-draw"]) out.push(w["before-draw"]);
    } else if (kind === "chain") {
      if (this.links.length) { if (w.response) out.push(w.response); }
      else if (w.open) out.push(w.open);
      if (w["before-draw"]) out.push(w["before-draw"]);
      if (w.trigger) out.push(w.trigger);
    } else if (kind === "open") {
      if (w.open) out.push(w.open);
    } else {
      for (const k of ["activation", "resolution"]) if (w[k]) out.push(w[k]);
      if (!out.length) out.push(w.trigger ?? this.driver.triggerWindow());
    }
    return out;
  }
  /** Of `cands`, the window the pending step names when it is `who`'s (else the first). */
  windowFor(who, cands) {
    const step = this.driver.peek();
    if (step && step.player === who) {
      const when = this.driver.whenOf(step);
      for (const w of cands) if (this.driver.matches(when, w)) return w;
    }
    return cands[0] ?? null;
  }

  // ------------------------------------------------------------------ messages
  onMessage(m) {
    this.beforeStart(m);
    switch (m.type) {
      case MSG.NEW_TURN:
        this.wClose("open", "trigger", "before-draw");
        this.afterBeforeDraw = false;
        this.turn++; this.turnPlayer = this.L[m.player];
        if (this.recording && this.reachedStop("new-turn")) return;
        this.emit({ event: "turn", turn: this.turn, player: this.turnPlayer });
        return;
      case MSG.NEW_PHASE: {
        const name = PHASE_OF[m.phase];
        if (name === this.phase && name === "battle") return; // battle steps: one phase
        // the right spent and no normal draw: the Draw Phase's phase event asked nobody (no
        // prompt, processor.cpp:420-423 at a30e6b7): its open game state began and ends unused
        if (this.afterBeforeDraw && this.phase === "draw") this.wOpen("open", { phase: this.phase });
        this.wClose("open", "trigger", "before-draw");
        this.afterBeforeDraw = false;
        this.phase = name;
        if (!this.recording && this.turn === this.start.turn && name === this.start.phase && !(name === "draw" && this.start.afterDraw)) this.recording = true;
        if (!this.recording) return;
        this.phasesBegun++;
        this.emit({ event: "phase", phase: name, player: this.turnPlayer, turn: this.turn });
        this.reachedStop();
        return;
      }
      case MSG.HINT:
        // processor.cpp:3369-3372 (a30e6b7): HINT_EVENT 27 (system string "before the draw") at turn step 2
        if (m.hint_type === 1 && m.data === 27n) { this.emit({ event: "step", step: "before-draw" }); this.wOpen("before-draw"); this.predrawChain = false; }
        // processor.cpp:429-448 (a30e6b7): HINT_EVENT 20, the Draw Phase's phase event asks its
        // priority (turn step 3, 3391, after the normal draw or with none): the open game state
        if (m.hint_type === 1 && m.data === 20n && this.phase === "draw") this.afterBeforeDraw = false;
        return;
      case MSG.DRAW: {
        const p = m.player, who = this.L[p];
        const deck = this.mirror.list(p, LOCATION.DECK), hand = this.mirror.list(p, LOCATION.HAND);
        const ids = [];
        for (const c of m.cards) { const id = deck.pop() ?? this.newId(c.code); ids.push(id); hand.push(id); }
        if (!this.recording) {
          // a planned normal draw before the start state; the start state is right after it
          if (this.planned.length && this.planned[0].card !== ids[0]) throw new Unsupported(`the engine drew ${ids[0]} for turn ${this.turn}'s normal draw, not the planned ${this.planned[0].card}`, { advancing: true });
          this.planned.shift();
          if (this.turn === this.start.turn && this.start.phase === "draw" && this.start.afterDraw) { this.recording = true; this.phasesBegun = 1; }
          return;
        }
        const ev = { event: "draw", player: who, cards: ids };
        ev.phase = this.phase ?? (this.turn === 0 ? "start-of-duel" : undefined);
        if (ev.phase === undefined) delete ev.phase;
        this.pendingDraws.push({ ev, p });
        this.emit(ev);
        if (this.wins["before-draw"] && !this.links.length && who === this.turnPlayer) this.wClose("before-draw"); // turn step 3's draw
        if (!this.links.length && who === this.turnPlayer) this.afterBeforeDraw = false;   // the normal draw (3387)
        return;
      }
      case MSG.MOVE: {
        const { from, to } = m;
        let id = null;
        if (from.location && !(from.location & LOCATION.OVERLAY)) id = this.mirror.remove(from.controller, from.location, from.sequence, m.code);
        if (!id) id = this.newId(m.code);
        if (to.location && !(to.location & LOCATION.OVERLAY)) this.mirror.insert(to.controller, to.location, to.sequence, id);
        const fz = zoneName(from.location, from.sequence), tz = zoneName(to.location, to.sequence);
        if (fz && tz) {
          const ev = { event: "move", card: id, from: fz, to: tz, player: this.L[to.controller] };
          const r = moveReason(m.reason, from.location, to.location, to.position);
          if (r) ev.reason = r;
          this.emit(ev);
        }
        return;
      }
      case MSG.SHUFFLE_HAND: {
        const hand = this.mirror.list(m.player, LOCATION.HAND), left = [...hand];
        const re = m.codes.map((code) => { const i = left.findIndex((id) => this.mirror.codeOf(id) === code); return i >= 0 ? left.splice(i, 1)[0] : this.newId(code); });
        hand.splice(0, hand.length, ...re);
        return;
      }
      case MSG.CHAINING: {
        const id = this.idAt(m.controller, m.location, m.sequence, m.code);
        const n = m.chain_size, who = this.L[m.triggering_controller];
        this.links[n - 1] = id;
        this.links.length = n;
        this.wClose("response");
        if (n === 1 && this.wins["before-draw"]) this.predrawChain = true;
        if (this.ourActivation) this.ourActivation = false;
        else if (this.recording) {
          // the engine activated it on its own (a single mandatory trigger, processor.cpp PointEvent
          // step 2 with one candidate: no prompt): it is the activation a pending scripted
          // `activate` of that player and card asks for, in the trigger (or before-draw) window
          if (!this.wins.trigger) this.wOpen("trigger");
          const step = this.driver.peek();
          if (step && step.player === who && step.do === "activate" && step.card === id) {
            const w = this.windowFor(who, this.windowsOf("placing"));
            if (this.driver.take(who, ["activate"], () => null, w)) { this.applied(step, who, null); this.ourActivation = false; }
          }
        }
        // no `effect` label: aux.Stringid(code, i) numbers a script's strings, not the card text's
        // (1)/(2) (Rank-Up-Magic Astral Force's effect (2) is Stringid(id,0), c45950291.lua:16)
        this.emit({ event: "activate", card: id, player: who, link: n });
        this.wOpen("activation", { link: n });
        return;
      }
      case MSG.CHAINED:
        this.checkPicksUsed();
        this.wClose("activation");
        this.wOpen("response", { link: m.chain_link });
        return;
      case MSG.CHAIN_SOLVING:
        this.solving = m.chain_link;
        this.wClose("response", "trigger");
        this.emit({ event: "resolve", link: m.chain_link, card: this.links[m.chain_link - 1] });
        this.wOpen("resolution", { link: m.chain_link });
        return;
      case MSG.CHAIN_SOLVED: this.solving = 0; this.wClose("resolution"); return;
      case MSG.CHAIN_NEGATED: this.emit({ event: "negate-activation", link: m.chain_link, card: this.links[m.chain_link - 1] }); return;
      case MSG.CHAIN_DISABLED: this.emit({ event: "negate-effect", link: m.chain_link, card: this.links[m.chain_link - 1] }); return;
      case MSG.CHAIN_END:
        this.links = []; this.solving = 0;
        this.wClose("response", "resolution", "activation");
        this.emit({ event: "chain-end" });
        if (this.predrawChain) { this.predrawChain = false; this.wClose("before-draw"); this.afterBeforeDraw = true; }
        return;
      case MSG.CONFIRM_DECKTOP: case MSG.CONFIRM_EXTRATOP: // Duel.ConfirmDecktop: revealed to both players
      case MSG.CONFIRM_CARDS:
        for (const c of m.cards) this.emit({ event: "reveal", card: this.idAt(c.controller, c.location, c.sequence, c.code), player: this.L[c.controller & 1] });
        return;
      case MSG.LPUPDATE: case MSG.DAMAGE: case MSG.RECOVER: case MSG.PAY_LPCOST: {
        const before = this.lp[m.player] ?? this.initialLp(m.player);
        const lp = m.type === MSG.LPUPDATE ? m.lp : m.type === MSG.RECOVER ? before + m.amount : Math.max(0, before - m.amount);
        this.lp[m.player] = lp;
        this.emit({ event: "lp", player: this.L[m.player], lp, change: lp - before });
        return;
      }
      case MSG.MISSED_EFFECT:
        if (this.recording) this.notes.push(`engine: MSG_MISSED_EFFECT for ${this.idAt(m.controller, m.location, m.sequence, m.code)} (an optional "when" trigger missed its timing)`);
        return;
      case MSG.WIN: {
        this.winner = m.player > 1 ? null : this.L[m.player];
        const ev = { event: "win", reason: { 1: "life-points", 2: "deck-out" }[m.reason] ?? `reason-${m.reason}` };
        if (m.player <= 1) ev.player = this.L[m.player];
        this.emit(ev);
        this.stopped = true;
        return;
      }
      default: return;
    }
  }

  initialLp(p) { return this.scenario.setup.players?.[this.L[p]]?.lp ?? 8000; }

  /** (1)/(2) label from an aux.Stringid(code, i) description: i + 1. */
  effectLabel(code, desc) {
    const d = BigInt(desc ?? 0);
    if (d >= (1n << 20n) && Number(d >> 20n) === code) return String(Number(d & 0xfffffn) + 1);
    return null;
  }

  reachedStop(kind) {
    const stop = this.scenario.setup.stop;
    if (stop) {
      if (kind !== "new-turn" && this.turn === stop.turn && this.phase === stop.phase) { this.stopped = true; return true; }
      if (this.turn > stop.turn) { this.stopped = true; return true; }
      return false;
    }
    if (kind === "new-turn" && this.turn > Math.max(this.start.turn, 1) + 1) { this.stopped = true; return true; }
    if (kind !== "new-turn" && this.phasesBegun > 1 && this.driver.done()) { this.stopped = true; return true; }
    return false;
  }

  // ------------------------------------------------------------------ prompts
  cand(list) { return list.map((c) => this.idAt(c.controller, c.location, c.sequence, c.code)); }

  /** A veto of this decision for this step (an earlier play of the duel found that performing
   *  the step here is not possible as scripted): the refusal to record instead. */
  vetoed(step) {
    const v = this.vetoes.find((x) => x.prompt === this.promptNo && x.step === this.driver.pos);
    return v ? new Refusal(v.reason, v.code) : null;
  }

  answer(m) {
    const who = this.L[m.player];
    this.lastPromptDesc = `${m.name} for ${who}`;
    if (!this.recording) return this.advance(m);
    this.promptNo = ++this.prompts;
    switch (m.type) {
      case MSG.SELECT_CHAIN: case MSG.SELECT_IDLECMD: case MSG.SELECT_BATTLECMD: {
        const placing = m.type === MSG.SELECT_CHAIN && m.spe_count === SPE_PLACING;
        let kind = "chain";
        // turn step 3's normal draw from an empty Deck draws nothing and writes no MSG_DRAW
        // (operations.cpp:433-435, 482 at a30e6b7), but the draw still sets TIMING_DRAW in the turn
        // player's timing (operations.cpp:463), which this prompt carries (hint_timing of its player,
        // hint_timing_other of the other, playerop.cpp:481-482): the draw is over, before-draw closes
        if (m.type === MSG.SELECT_CHAIN && this.wins["before-draw"] && !this.links.length
            && ((who === this.turnPlayer ? m.hint_timing : m.hint_timing_other) & TIMING_DRAW)) this.wClose("before-draw");
        if (m.type === MSG.SELECT_CHAIN && this.afterBeforeDraw && !this.links.length
            && ((who === this.turnPlayer ? m.hint_timing : m.hint_timing_other) & TIMING_DRAW)) this.afterBeforeDraw = false;
        if (placing) { kind = "placing"; if (!this.wins.trigger) this.wOpen("trigger"); }
        else if (m.type === MSG.SELECT_CHAIN) {
          if (!this.links.length) {
            if (!this.wins.trigger && this.driver.armed.length) this.wOpen("trigger");
            if (!this.wins.open && !this.wins["before-draw"] && !this.afterBeforeDraw) this.wOpen("open", { phase: this.phase });
          }
        } else {
          kind = "open";
          this.flushTrigger();
          if (!this.wins.open) this.wOpen("open", { phase: this.phase });
        }
        const offers = m.type === MSG.SELECT_IDLECMD ? m.activates : m.chains;
        const ids = this.cand(offers);
        let pick = -1;
        this.driver.priority(who, (step) => {
          const veto = this.vetoed(step);
          if (veto) return veto;
          const idx = this.pickOffer(step, offers, ids);
          if (idx < 0) return new Refusal(`not offered: at this ${m.name} ${who} could activate ${JSON.stringify(ids)}`, "not-offered");
          if (step.do === "decline") {
            // format 2.2: the engine's own prompt answered with no (-1); not while it offers a mandatory effect
            if (m.forced) return new Refusal(`the engine asks ${who} to place one of its mandatory effects here (${m.name}): the prompt takes no 'no'`, "not-offered");
            return null;
          }
          pick = idx; this.applied(step, who, this.promptNo);
          return null;
        }, m.type === MSG.SELECT_CHAIN ? ["activate", "decline"] : ["activate"], this.windowFor(who, this.windowsOf(kind)), ids.filter(Boolean));
        if (m.type === MSG.SELECT_CHAIN) {
          if (pick < 0 && m.forced && offers.length > 1) {
            // several mandatory effects: the order is the player's choice (a `choose` step names the next)
            const step = this.driver.take(who, ["choose"], (s) => (Array.isArray(s.cards) && s.cards.length === 1 && ids.includes(s.cards[0]) ? null
              : new Refusal(`not offered: ${who} places one of ${JSON.stringify(ids)} on the chain next (mandatory, MSG_SELECT_CHAIN)`, "not-offered")), this.windowFor(who, this.windowsOf(kind)));
            if (!step) throw new MissingDecision(`${who} must activate one of ${JSON.stringify(ids)} (mandatory) and the script does not say which`);
            pick = ids.indexOf(step.cards[0]);
            this.ourActivation = true;
          }
          if (pick < 0 && m.forced) { pick = 0; this.ourActivation = true; }
          if (pick < 0 && !placing && !this.links.length && this.wins.trigger) {
            this.passed.add(who);
            if (this.passed.size === 2) this.wClose("trigger");
          }
          return R.chain(pick);
        }
        if (m.type === MSG.SELECT_IDLECMD) return pick >= 0 ? R.idle(IDLE.ACTIVATE, pick) : m.to_bp ? R.idle(IDLE.TO_BP) : R.idle(IDLE.TO_EP);
        return pick >= 0 ? R.battle(BATTLE.ACTIVATE, pick) : m.to_m2 ? R.battle(BATTLE.TO_M2) : R.battle(BATTLE.TO_EP);
      }
      case MSG.SELECT_EFFECTYN: {
        if (!this.wins.trigger) this.wOpen("trigger");
        const id = this.idAt(m.controller, m.location, m.sequence, m.code);
        let declined = false;
        const acted = this.driver.priority(who, (step) => {
          const veto = this.vetoed(step);
          if (veto) return veto;
          if (step.card !== id) return new Refusal(`not offered: the engine asked ${who} only whether to activate ${id} (MSG_SELECT_EFFECTYN)`, "not-offered");
          if (step.do === "decline") { declined = true; return null; }   // format 2.2: the yes/no answered with no
          this.applied(step, who, this.promptNo);
          return null;
        }, ["activate", "decline"], this.windowFor(who, this.windowsOf("placing")), [id]);
        return R.yesno(acted && !declined);
      }
      case MSG.SELECT_YESNO: {
        const w = this.windowFor(who, this.windowsOf("choice"));
        const step = this.driver.take(who, ["choose"], (s) => (["yes", "no", "reveal"].includes(s.option) ? null
          : new Refusal("a yes/no question (MSG_SELECT_YESNO): the step's option is not yes, no or reveal", "not-offered")), w);
        return R.yesno(step != null && step.option !== "no");
      }
      case MSG.SELECT_OPTION: {
        const texts = m.options.map((d) => this.optionText(d));
        const k = this.declare(who, (o) => matchOption(o, texts), `the options ${JSON.stringify(texts)} (MSG_SELECT_OPTION)`);
        if (k != null) return R.option(k);
        if (m.options.length === 1) return R.option(0);
        throw new MissingDecision(`player ${who} must choose one of the options ${JSON.stringify(texts)} (SELECT_OPTION) and the script gives no \`choose\` step with an option for it`);
      }
      case MSG.ANNOUNCE_CARD: {
        const code = this.declare(who, (o) => this.cards.codeNamed(o) ?? -1, "a card name of the card data (MSG_ANNOUNCE_CARD)");
        if (code == null) throw new MissingDecision(`the engine asks ${who} to declare a card name (ANNOUNCE_CARD) and the script gives no \`option\` with a card name`);
        this.notes.push(`${who} declares ${code} (ANNOUNCE_CARD)`);
        return R.announceCard(code);
      }
      case MSG.SELECT_CARD: case MSG.SELECT_TRIBUTE: {
        const ids = this.cand(m.cards);
        const chosen = this.chooseCards(who, ids, m.min, m.max, m.name);
        if (!chosen.length && m.can_cancel && m.min > 0) return R.cards(null);
        return R.cards(chosen.map((id) => ids.indexOf(id)));
      }
      case MSG.SELECT_UNSELECT_CARD: {
        const ids = this.cand(m.select);
        if (!this.unselectPlan) {
          const already = this.cand(m.unselect);
          const want = this.chooseCards(who, [...ids, ...already], Math.max(0, m.min - already.length), m.max, m.name);
          this.unselectPlan = want.filter((id) => !already.includes(id));
        }
        const next = this.unselectPlan.find((id) => ids.includes(id));
        if (next) { this.unselectPlan = this.unselectPlan.filter((x) => x !== next); if (!this.unselectPlan.length) this.unselectPlan = null; return R.unselect(ids.indexOf(next)); }
        this.unselectPlan = null;
        if (m.can_finish || m.can_cancel) return R.unselect(null);
        throw new MissingDecision(`${who} must select cards (${m.name}) among ${JSON.stringify(ids)} and the script does not say which`);
      }
      case MSG.SELECT_POSITION: {
        const opts = [1, 4, 2, 8].filter((p) => m.positions & p);
        if (opts.length > 1) this.notes.push(`position of ${m.code}: the scenario format cannot script it; took ${opts[0]}`);
        return R.position(opts[0]);
      }
      case MSG.SELECT_PLACE: case MSG.SELECT_DISFIELD: return this.firstFreeZones(m);
      case MSG.SORT_CARD: case MSG.SORT_CHAIN: return R.sort(null);
      default:
        throw new MissingDecision(`the engine asks ${who} for ${m.name}, a decision this adapter cannot take from a duelspec script`);
    }
  }

  /** An activate step was performed (at prompt `promptNo`; null: the engine activated it on its
   *  own): its cost/targets answer the player's next card selections of that activation, its
   *  `option` the next declaration. */
  applied(step, who, promptNo) {
    this.pendingPicks = { player: who, cards: [...(step.cost ?? []), ...(step.targets ?? [])], step: this.driver.pos, prompt: promptNo, card: step.card };
    this.pendingDeclare = step.option != null ? { player: who, option: step.option, step: this.driver.pos, prompt: promptNo, card: step.card } : null;
    this.ourActivation = true;
  }

  /** A performed step cannot be performed as scripted: play the duel again with the step
   *  refused where it was taken (a mandatory activation the engine made itself cannot be
   *  refused: the scenario is errored instead). */
  notPerformable(pend, code, reason) {
    if (pend.prompt == null) throw new MissingDecision(`${reason}; the engine activated ${pend.card} on its own (mandatory), so the step cannot be refused, and the adapter never chooses in its place`);
    throw new Replay({ prompt: pend.prompt, step: pend.step, code, reason });
  }

  /** The activation is complete: a cost or target the step named that no selection asked for. */
  checkPicksUsed() {
    const pp = this.pendingPicks;
    if (pp && pp.cards.length) this.notes.push(`${pp.card}: the engine asked for no selection of ${JSON.stringify(pp.cards)} (named by the script as cost/targets) while activating it`);
    this.pendingPicks = null; this.pendingDeclare = null;
  }

  optionText(desc) {
    const d = BigInt(desc ?? 0);
    if (d < (1n << 20n)) return SYSTEM_STRINGS[Number(d)] ?? null;
    return this.cards.string(Number(d >> 20n), Number(d & 0xfffffn));
  }

  /** A declaration (option, card name): the option of the activate step just performed, else a
   *  scripted `choose` step with an option for this decision. answer(option) is the response
   *  value or -1 when it is not offered (the activate step is then refused by a replay; a
   *  `choose` step is refused). null: nothing scripted. */
  declare(who, answer, what) {
    const pd = this.pendingDeclare;
    if (pd && pd.player === who) {
      this.pendingDeclare = null;
      const v = answer(pd.option);
      if (v === -1) this.notPerformable(pd, "not-offered", `not offered: ${JSON.stringify(pd.option)} is none of ${what}`);
      return v;
    }
    let got = null;
    const w = this.windowFor(who, this.windowsOf("choice"));
    const step = this.driver.take(who, ["choose"], (s) => {
      if (s.option == null) return new Refusal(`${what}: the step gives no option`, "not-offered");
      const v = answer(s.option);
      if (v === -1) return new Refusal(`not offered: ${JSON.stringify(s.option)} is none of ${what}`, "not-offered");
      got = v; return null;
    }, w);
    return step ? got : null;
  }

  /** A card selection: the cost/targets of the activate step just performed answer the
   *  player's selections during that activation; a selection that does not offer them (all,
   *  within min..max) makes the step not performable as scripted (never another card in their
   *  place). Other selections: a scripted `choose` step of the window. */
  chooseCards(who, ids, min, max, prompt) {
    const pp = this.pendingPicks;
    if (pp && pp.player === who && pp.cards.length) {
      const want = pp.cards.filter((c) => ids.includes(c)).slice(0, max);
      if (want.length && want.length >= min) {
        pp.cards = pp.cards.filter((c) => !want.includes(c));
        return want;
      }
      this.notPerformable(pp, "target", `not offered: ${pp.card}'s activation asks ${who} to select ${min}-${max} of ${JSON.stringify(ids)} (${prompt}); the script names ${JSON.stringify(pp.cards)}`);
    }
    return this.driver.choose(who, ids, min, max, prompt, this.windowFor(who, this.windowsOf("choice")));
  }

  pickOffer(step, offers, ids) {
    const idx = ids.map((id, i) => (id === step.card ? i : -1)).filter((i) => i >= 0);
    if (!idx.length) return -1;
    if (idx.length > 1) {
      const hit = step.effect != null ? idx.find((i) => this.effectLabel(offers[i].code, offers[i].description) === String(step.effect)) : undefined;
      if (hit != null) return hit;
      this.notes.push(`${step.card} is offered with ${idx.length} effects; the script cannot name one the engine tells apart: took the first`);
    }
    return idx[0];
  }

  /** A zone choice, which the scenario format cannot script: the first free zone(s), noted. */
  firstFreeZones(m) {
    const places = [];
    for (let b = 0; b < 32 && places.length < m.count; b++) {
      if (m.field_mask & (1 << b)) continue;
      const bb = b % 16;
      places.push({ player: b >= 16 ? 1 - m.player : m.player, location: bb < 8 ? LOCATION.MZONE : LOCATION.SZONE, sequence: bb % 8 });
    }
    this.notes.push(`zone choice (${m.name}) for ${this.L[m.player]}${this.recording ? "" : " while advancing to the start state"}: the scenario format cannot script it; took the first free zone`);
    return R.places(places);
  }

  /** Prompts while advancing to the start state: pass, decline, end the turn; zones as above. */
  advance(m) {
    switch (m.type) {
      case MSG.SELECT_PLACE: case MSG.SELECT_DISFIELD: return this.firstFreeZones(m);
      case MSG.SELECT_IDLECMD: return R.idle(IDLE.TO_EP);
      case MSG.SELECT_BATTLECMD: return R.battle(BATTLE.TO_EP);
      case MSG.SELECT_CHAIN: if (!m.forced) return R.chain(-1); break;
      case MSG.SELECT_EFFECTYN: case MSG.SELECT_YESNO: return R.yesno(false);
      default: break;
    }
    throw new Unsupported(`the engine asked ${this.L[m.player]} for ${m.name} while the adapter was advancing to the start state; it cannot be built exactly`, { advancing: true });
  }

  // ------------------------------------------------------------------ result
  trace() {
    const cards = {}, players = {};
    const snap = this.snapshot();
    this.resync(snap);
    for (const x of ["A", "B"]) players[x] = { lp: this.lp[this.P[x]] ?? this.initialLp(this.P[x]), counts: { deck: 0, hand: 0, monster: 0, "spell-trap": 0, field: 0, graveyard: 0, banished: 0, extra: 0 } };
    for (const { p, l, cards: qs } of snap) {
      qs.forEach((q, i) => {
        if (!q) return;
        const zone = zoneName(l, i), id = this.mirror.z[p][l][i];
        players[this.L[p]].counts[zone]++;
        if (!id || !this.ids.has(id)) return;
        const st = { zone, owner: this.L[q.OWNER ?? p] ?? this.ids.get(id).owner, controller: this.L[p] };
        const pos = positionName(l, q.POSITION);
        if (pos) st.position = pos;
        cards[id] = st;
      });
    }
    const final = { cards, players, winner: this.winner };
    if (this.turn) final.turn = this.turn;
    if (this.phase) final.phase = this.phase;
    const t = { format: 2, events: this.events, steps: this.driver.finish(), final };
    const log = [...this.notes, ...this.vetoes.map((v) => `replayed: step ${v.step} refused at decision ${v.prompt} (${v.reason})`), ...this.coreLog.slice(0, 20)];
    if (log.length) t.log = log.map((x) => String(x).slice(0, 2000));
    return t;
  }
}
