// run.mjs — duelspec EDOPro adapter (MIT). One duelspec YGO scenario in ocgcore:
// builds the start state, answers prompts from the script, turns engine messages into
// canonical trace events, and reads the final state.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DuelStatus } from "./core.mjs";
import { SYSTEM_STRINGS } from "./cards.mjs";
import { decode, MSG, LOCATION, POS, PHASE, QUERY, REASON, parseQueryLocation } from "./messages.mjs";
import { R, IDLE, BATTLE } from "./responses.mjs";
import { ScriptDriver, MissingDecision } from "./driver.mjs";

const COMPAT_LUA = readFileSync(new URL("../lua/duelspec_compat.lua", import.meta.url), "utf8");

export const DUEL = { PSEUDO_SHUFFLE: 0x10n, FIRST_TURN_DRAW: 0x200n,
  MODE_MR5: 0x800n | 0x2000n | 0x4000n | 0x8000n | 0x20000n };

/** What this adapter cannot do (mechanic tags of schemas/requires.schema.json). */
export const UNSUPPORTED = ["xyz"];

export const PHASE_OF = { [PHASE.DRAW]: "draw", [PHASE.STANDBY]: "standby", [PHASE.MAIN1]: "main1",
  [PHASE.BATTLE_START]: "battle", [PHASE.BATTLE_STEP]: "battle", [PHASE.DAMAGE]: "battle",
  [PHASE.DAMAGE_CAL]: "battle", [PHASE.BATTLE]: "battle", [PHASE.MAIN2]: "main2", [PHASE.END]: "end" };
const PHASE_ORDER = ["draw", "standby", "main1", "battle", "main2", "end"];

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

/** A setup the adapter cannot build: the scenario is skipped with this reason. */
export class Unsupported extends Error {}
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

export class ScenarioRun {
  /** core: Core; cards: CardSource; scriptDirs: [dir] (constant.lua/utility.lua + card scripts). */
  constructor(core, cards, scriptReader, scenario, { log = () => {}, maxProcess = 20000 } = {}) {
    Object.assign(this, { core, cards, scriptReader, scenario, log, maxProcess });
    this.events = [];
    this.notes = [];
    this.coreLog = [];
  }

  // ------------------------------------------------------------------ validation + setup
  check() {
    const s = this.scenario;
    if (!s || typeof s !== "object") throw new BadScenario("expected a scenario object");
    if (s.game !== "ygo") throw new Unsupported(`game ${JSON.stringify(s.game)}: this adapter runs Yu-Gi-Oh! (ygo) scenarios only`);
    const st = s.setup;
    if (!st || typeof st !== "object" || !Array.isArray(st.cards) || !st.players) throw new BadScenario("expected setup with players and a cards array (scenario format 1)");
    if (!Array.isArray(s.script)) throw new BadScenario("expected script to be an array of steps");
    for (const t of s.requires ?? []) if (UNSUPPORTED.includes(t)) throw new Unsupported(`requires ${t}, which this adapter does not support`);
    if (!["A", "B"].includes(st.first_player) || !["A", "B"].includes(st.turn_player)) throw new BadScenario("expected setup.first_player and setup.turn_player to be A or B");
    this.ids = new Map();
    for (const c of st.cards) {
      if (!c || typeof c.id !== "string" || !/^[0-9]{8}$/.test(c.card ?? "") || !["A", "B"].includes(c.owner)) throw new BadScenario(`expected each setup card to have id, an 8-digit card and owner A/B; got ${JSON.stringify(c)}`);
      if (this.ids.has(c.id)) throw new BadScenario(`duplicate card id ${c.id}`);
      this.ids.set(c.id, c);
      if (c.zone === "overlay" || c.attached_to) throw new Unsupported(`card ${c.id} is Xyz material: ocgcore's OCG_DuelNewCard cannot attach materials (not implemented in this adapter)`);
      if (c.counters && Object.keys(c.counters).length) throw new Unsupported(`card ${c.id} has counters: not settable through OCG_DuelNewCard (not implemented)`);
      if (!this.cards.has(Number(c.card))) throw new Unsupported(`card ${c.card} (${c.id}) is in neither the card catalogue nor the cards.cdb given`);
    }
    // An Extra Deck monster in the GY / banished has EFFECT_REVIVE_LIMIT (its summoning procedure)
    // and can be Special Summoned again only with STATUS_PROC_COMPLETE (ygopro-core card.cpp,
    // is_can_be_special_summoned); OCG_DuelNewCard sets that status only for cards placed in the
    // Monster Zone (ocgapi.cpp, OCG_DuelNewCard). "Properly Summoned before" cannot be built.
    const used = new Set(s.script.flatMap((x) => [x.card, ...(x.targets ?? []), ...(x.cost ?? []), ...(x.cards ?? [])]));
    for (const c of st.cards) {
      const t = this.cards.read(Number(c.card))?.type ?? 0;
      if (["graveyard", "banished"].includes(c.zone) && (t & 0x4802040) && used.has(c.id))
        throw new Unsupported(`card ${c.id} (${c.card}) is an Extra Deck monster in the ${c.zone} used by the script: EDOPro lets it be Special Summoned only if it was properly Summoned before (STATUS_PROC_COMPLETE), and OCG_DuelNewCard sets that status only for cards placed in the Monster Zone, so this start state cannot be built`);
    }
    if (st.phase === "start-of-duel") {
      if (st.turn !== 0 && st.turn != null) throw new BadScenario("start-of-duel needs turn 0");
      this.start = { turn: 0, phase: "start-of-duel" };
    } else {
      const turn = st.turn;
      if (turn === 1 && st.turn_player !== st.first_player) throw new BadScenario("turn 1 is the first player's turn");
      if (turn === 2 && st.turn_player === st.first_player) throw new BadScenario("turn 2 is the second player's turn");
      if (turn > 2) throw new Unsupported(`setup at turn ${turn}: reaching turns after 2 would need normal draws that the scenario's decks do not hold (only turns 1 and 2 can be built)`);
      if (turn === 2 && !(st.phase === "draw" && st.step !== "after-draw"))
        throw new Unsupported(`setup at turn 2 ${st.phase}${st.step ? " " + st.step : ""}: past the start of the Draw Phase the engine would already have conducted the normal draw (only turn 2's Draw Phase before the draw can be built)`);
      if (turn === 1 && st.step === "after-draw") throw new Unsupported("turn 1 has no draw to be after");
      this.start = { turn, phase: st.phase };
    }
    if (st.stop && !PHASE_ORDER.includes(st.stop.phase)) throw new BadScenario(`setup.stop.phase must be one of ${PHASE_ORDER.join(", ")}`);
  }

  setup() {
    const st = this.scenario.setup;
    // engine player 0 always takes the first turn
    this.P = { [st.first_player]: 0, [OTHER[st.first_player]]: 1 };
    this.L = [st.first_player, OTHER[st.first_player]]; // engine player -> A/B
    const seed = BigInt.asUintN(64, BigInt(st.seed ?? 20240607));
    const opening = this.start.phase === "start-of-duel" ? 5 : 0;
    const lp = (x) => st.players?.[x]?.lp ?? 8000;
    this.h = this.core.createDuel({
      seed: [seed || 1n, seed ^ 0x9e3779b97f4a7c15n, 0x2545f4914f6cdd1dn, 0x5851f42d4c957f2dn],
      flags: DUEL.MODE_MR5 | DUEL.PSEUDO_SHUFFLE,
      team1: { lp: lp(this.L[0]), startCount: opening, drawCount: 1 },
      team2: { lp: lp(this.L[1]), startCount: opening, drawCount: 1 },
      cardReader: (code) => this.cards.read(code),
      scriptReader: (name) => this.scriptReader(name),
      log: (type, text) => { this.coreLog.push(`[core ${type}] ${text}`); this.log(`[core log ${type}] ${text}`); },
    });
    for (const name of ["constant.lua", "utility.lua"]) {
      const text = this.scriptReader(name);
      if (text == null) throw new Unsupported(`no ${name} in the script directories (give --scripts DIR, a CardScripts checkout)`);
      if (!this.core.loadScript(this.h, name, text)) throw new Error(`loading ${name} failed: ${this.coreLog.slice(-3).join(" | ")}`);
    }
    // our compatibility layer between the wasm's core and newer CardScripts (lua/duelspec_compat.lua)
    if (!this.core.loadScript(this.h, "duelspec_compat.lua", COMPAT_LUA)) throw new Error(`loading duelspec_compat.lua failed: ${this.coreLog.slice(-3).join(" | ")}`);
    this.mirror = new Mirror((id) => Number(this.ids.get(id)?.card ?? String(id).split(":")[1]));
    const by = (zone, owner) => st.cards.filter((c) => c.zone === zone && c.owner === owner);
    const add = (c, location, sequence, position) => {
      const p = this.P[c.owner];
      this.core.newCard(this.h, { team: p, duelist: 0, code: Number(c.card), controller: p, location, sequence, position });
      this.mirror.insert(p, location, location === LOCATION.DECK ? 0 : sequence, c.id);
    };
    for (const x of ["A", "B"]) {
      for (const c of deckOrder(by("deck", x)).reverse()) add(c, LOCATION.DECK, 0, POS.FACEDOWN_DEFENSE);
      by("hand", x).forEach((c, i) => add(c, LOCATION.HAND, i, POS.FACEDOWN_DEFENSE));
      const mz = by("monster", x);
      if (mz.length > 5) throw new Unsupported(`${mz.length} monsters for ${x}: the Extra Monster Zones are not used by this adapter's setup`);
      mz.forEach((c, i) => add(c, LOCATION.MZONE, i, { "face-up-defense": POS.FACEUP_DEFENSE, "face-down-defense": POS.FACEDOWN_DEFENSE }[c.position] ?? POS.FACEUP_ATTACK));
      const sz = by("spell-trap", x);
      if (sz.length > 5) throw new BadScenario(`${sz.length} cards in ${x}'s Spell & Trap Zones (5 at most)`);
      sz.forEach((c, i) => add(c, LOCATION.SZONE, i, c.position === "face-down" ? POS.FACEDOWN : POS.FACEUP_ATTACK));
      const fz = by("field", x);
      if (fz.length > 1) throw new BadScenario(`${fz.length} cards in ${x}'s Field Zone`);
      fz.forEach((c) => add(c, LOCATION.SZONE, 5, c.position === "face-down" ? POS.FACEDOWN : POS.FACEUP_ATTACK));
      by("graveyard", x).forEach((c, i) => add(c, LOCATION.GRAVE, i, POS.FACEUP_ATTACK));
      by("banished", x).forEach((c, i) => add(c, LOCATION.REMOVED, i, c.position === "face-down" ? POS.FACEDOWN : POS.FACEUP_ATTACK));
      by("extra", x).forEach((c, i) => add(c, LOCATION.EXTRA, i, POS.FACEDOWN_DEFENSE));
    }
    const placed = this.snapshot();
    const n = placed.reduce((a, z) => a + z.cards.filter(Boolean).length, 0);
    if (n !== st.cards.length) throw new Unsupported(`the engine accepted ${n} of ${st.cards.length} setup cards (zone not usable?)`);
    this.resync(placed);
  }

  // ------------------------------------------------------------------ engine state queries
  snapshot() {
    const out = [];
    for (const p of [0, 1]) for (const l of LOCS) {
      const raw = this.core.queryLocationRaw(this.h, { flags: QUERY.CODE | QUERY.POSITION | QUERY.REASON | QUERY.OWNER, controller: p, location: l });
      out.push({ p, l, cards: parseQueryLocation(raw) });
    }
    return out;
  }
  /** Re-align the mirror with the engine: same code at the same place keeps its id. */
  resync(snap = this.snapshot()) {
    const old = this.mirror.z;
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
    this.mirror.z = fresh;
    this.lastSnap = snap;
  }
  extraIds() { return this.tokens ?? []; }
  newId(code) { this.tokens ??= []; const id = `engine:${code}:${this.tokens.length + 1}`; this.tokens.push(id); return id; }
  idAt(p, l, seq, code) { return this.mirror.at(p, l, seq, code) ?? `engine:${code}`; }

  // ------------------------------------------------------------------ main loop
  run() {
    this.check();
    this.setup();
    this.driver = new ScriptDriver(this.scenario.script);
    this.turn = 0; this.turnPlayer = null; this.phase = null; this.solving = 0;
    this.links = []; this.recording = this.start.phase === "start-of-duel"; this.phasesBegun = 0;
    this.winner = null; this.stopped = false; this.pendingPicks = null;
    this.core.startDuel(this.h);
    try {
      for (let i = 0; i < this.maxProcess && !this.stopped; i++) {
        const status = this.core.process(this.h);
        let last = null;
        for (const raw of this.core.getMessages(this.h)) {
          const m = decode(raw);
          last = m;
          this.onMessage(m);
          if (this.stopped) break;
        }
        if (this.stopped) break;
        if (status === DuelStatus.END) break;
        this.resync();
        this.checkReveal();
        if (status === DuelStatus.AWAITING) {
          if (!last) throw new Error("the engine awaits a response but sent no prompt");
          if (last.type === MSG.RETRY) throw new Error(`the engine rejected the adapter's last response (MSG_RETRY) to ${this.lastPrompt?.name}: ${this.lastPromptDesc}`);
          const resp = this.answer(last);
          this.lastPrompt = last;
          this.core.setResponse(this.h, resp);
        }
      }
      return { trace: this.trace() };
    } finally {
      this.core.destroyDuel(this.h);
    }
  }

  emit(ev) { if (this.recording) this.events.push(ev); }

  /** After a "reveal it?" answered yes: the cards must now be public in the engine (QUERY_IS_PUBLIC);
   *  a card that is not is taken back out of the trace, with a note. */
  checkReveal() {
    const pr = this.pendingReveal;
    if (!pr) return;
    this.pendingReveal = null;
    const p = this.P[pr.player];
    const raw = this.core.queryLocationRaw(this.h, { flags: QUERY.CODE | QUERY.IS_PUBLIC, controller: p, location: LOCATION.HAND });
    const hand = parseQueryLocation(raw);
    for (const id of pr.cards) {
      const i = this.mirror.list(p, LOCATION.HAND).indexOf(id);
      if (i >= 0 && hand[i] && hand[i].IS_PUBLIC) continue;
      const k = this.events.findIndex((e) => e.event === "reveal" && e.card === id);
      if (k >= 0) this.events.splice(k, 1);
      this.notes.push(`${pr.player} answered yes to reveal ${id}, but the engine does not show it as public`);
    }
  }

  beforeStart(m) {
    // something happened before the start state was reached: the setup cannot be built exactly
    if (!this.recording && [MSG.CHAINING, MSG.MOVE, MSG.DRAW, MSG.DAMAGE, MSG.RECOVER, MSG.PAY_LPCOST, MSG.WIN].includes(m.type))
      throw new Unsupported(`the engine acted (${m.name}) while the adapter was advancing to the start state (turn ${this.start.turn}, ${this.start.phase}); the start state cannot be built exactly`);
  }

  onMessage(m) {
    this.beforeStart(m);
    switch (m.type) {
      case MSG.NEW_TURN:
        this.turn++; this.turnPlayer = this.L[m.player];
        if (this.recording && this.reachedStop("new-turn")) return;
        this.emit({ event: "turn", turn: this.turn, player: this.turnPlayer });
        return;
      case MSG.NEW_PHASE: {
        const name = PHASE_OF[m.phase];
        if (name === this.phase && name === "battle") return; // battle steps: one phase
        this.phase = name;
        if (!this.recording && this.turn === this.start.turn && name === this.start.phase) this.recording = true;
        if (!this.recording) return;
        this.phasesBegun++;
        this.emit({ event: "phase", phase: name, player: this.turnPlayer, turn: this.turn });
        this.reachedStop();
        return;
      }
      case MSG.HINT:
        if (m.hint_type === 1 && m.data === 27n) this.emit({ event: "step", step: "before-draw" });
        return;
      case MSG.DRAW: {
        const p = m.player, who = this.L[p];
        const deck = this.mirror.list(p, LOCATION.DECK), hand = this.mirror.list(p, LOCATION.HAND);
        const ids = [];
        for (const c of m.cards) { const id = deck.pop() ?? this.newId(c.code); ids.push(id); hand.push(id); }
        const normal = this.turn > 0 && this.phase === "draw" && who === this.turnPlayer && this.solving === 0 && this.links.length === 0;
        const ev = { event: "draw", player: who, cards: ids, normal };
        if (this.phase) ev.phase = this.phase; else if (this.turn === 0) ev.phase = "start-of-duel";
        this.emit(ev);
        return;
      }
      case MSG.MOVE: {
        const { from, to } = m;
        let id = null;
        if (from.location) id = this.mirror.remove(from.controller, from.location, from.sequence, m.code);
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
        this.links[m.chain_size - 1] = id;
        const ev = { event: "activate", card: id, player: this.L[m.triggering_controller], link: m.chain_size };
        // no `effect` label: aux.Stringid(code, i) numbers a script's strings, not the card text's
        // (1)/(2) (Rank-Up-Magic Astral Force's effect (2) is Stringid(id,0), c45950291.lua:16)
        this.emit(ev);
        if (this.ourActivation) { this.ourActivation = false; return; }
        // the engine activated it on its own (a mandatory trigger, or the only forced choice):
        // it is the activation a next scripted `activate` step of that player asks for
        if (this.recording && this.driver) {
          const who = this.L[m.triggering_controller];
          const step = this.driver.peek();
          if (step && step.player === who && step.do === "activate" && step.card === id) { this.driver.take("applied"); this.applied(step, who); this.ourActivation = false; }
        }
        return;
      }
      case MSG.CHAINED: this.pendingPicks = null; this.pendingDeclare = null; return;
      case MSG.CHAIN_SOLVING:
        this.solving = m.chain_link;
        this.emit({ event: "resolve", link: m.chain_link, card: this.links[m.chain_link - 1] });
        return;
      case MSG.CHAIN_SOLVED: this.solving = 0; return;
      case MSG.CHAIN_NEGATED: this.emit({ event: "negate-activation", link: m.chain_link, card: this.links[m.chain_link - 1] }); return;
      case MSG.CHAIN_DISABLED: this.emit({ event: "negate-effect", link: m.chain_link, card: this.links[m.chain_link - 1] }); return;
      case MSG.CHAIN_END: this.links = []; this.solving = 0; this.emit({ event: "chain-end" }); return;
      case MSG.CONFIRM_DECKTOP: case MSG.CONFIRM_EXTRATOP: // Duel.ConfirmDecktop: revealed to both players
      case MSG.CONFIRM_CARDS:
        for (const c of m.cards) this.emit({ event: "reveal", card: this.idAt(c.controller, c.location, c.sequence, c.code), player: this.L[m.player] });
        return;
      case MSG.LPUPDATE: case MSG.DAMAGE: case MSG.RECOVER: case MSG.PAY_LPCOST: {
        this.lp ??= [null, null];
        const before = this.lp[m.player] ?? this.lpNow(m.player, true);
        let lp = m.type === MSG.LPUPDATE ? m.lp : m.type === MSG.RECOVER ? before + m.amount : Math.max(0, before - m.amount);
        this.lp[m.player] = lp;
        this.emit({ event: "lp", player: this.L[m.player], lp, change: lp - before });
        return;
      }
      case MSG.MISSED_EFFECT:
        if (this.recording) this.notes.push(`engine: MSG_MISSED_EFFECT for ${this.idAt(m.controller, m.location, m.sequence, m.code)} (an optional "when" trigger missed its timing)`);
        return;
      case MSG.WIN:
        this.winner = m.player === 2 ? null : this.L[m.player];
        this.emit({ event: "win", player: this.L[m.player] ?? "A", reason: { 1: "life-points", 2: "deck-out" }[m.reason] ?? `reason-${m.reason}` });
        this.stopped = true;
        return;
      default: return;
    }
  }

  lpNow(p, initial) {
    if (initial) { const st = this.scenario.setup; return st.players?.[this.L[p]]?.lp ?? 8000; }
    return this.lp?.[p];
  }

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

  answer(m) {
    const who = this.L[m.player];
    this.lastPromptDesc = `${m.name} for ${who}`;
    if (!this.recording) return this.advance(m);
    switch (m.type) {
      case MSG.SELECT_CHAIN: {
        const ids = this.cand(m.chains);
        let pick = -1;
        this.driver.priority(who, (step) => {
          const idx = this.pickOffer(step, m.chains, ids);
          if (idx < 0) return `not offered: ${who} could activate ${JSON.stringify(ids)} at this point`;
          pick = idx; this.applied(step, who);
          return null;
        }, ["activate"], m.spe_count ? (step) => ids.includes(step.card) : null);
        if (pick < 0 && m.forced) {
          if (m.chains.length === 1) pick = 0;
          else throw new MissingDecision(`${who} must activate one of ${JSON.stringify(ids)} (mandatory) and the script does not say which`);
        }
        return R.chain(pick);
      }
      case MSG.SELECT_EFFECTYN: {
        const id = this.idAt(m.controller, m.location, m.sequence, m.code);
        let yes = false;
        this.driver.priority(who, (step) => {
          if (step.card !== id) return `not offered: the engine asked ${who} only whether to activate ${id}`;
          yes = true; this.applied(step, who);
          return null;
        }, ["activate"], (step) => step.card === id);
        return R.yesno(yes);
      }
      case MSG.SELECT_YESNO: {
        const step = this.driver.peek();
        if (step && step.player === who && step.do === "choose" && step.option === "reveal") {
          // e.g. Shining Draw (c35906693.lua:28): "reveal it?" after the draw; yes makes the card
          // public (EFFECT_PUBLIC, no message): the reveal is checked by a query after the batch
          this.driver.take("applied");
          const cards = step.cards ?? [];
          for (const id of cards) this.emit({ event: "reveal", card: id, player: who });
          this.pendingReveal = { player: who, cards, at: this.events.length };
          return R.yesno(true);
        }
        return R.yesno(this.driver.yesNo(who));
      }
      case MSG.SELECT_OPTION: {
        const texts = m.options.map((d) => this.optionText(d));
        const decl = this.declaration(who);
        if (decl) {
          const k = matchOption(decl.option, texts);
          if (decl.from === "choose") {
            if (k >= 0) { this.driver.take("applied"); return R.option(k); }
            this.driver.take("refused", `SELECT_OPTION: ${JSON.stringify(decl.option)} is none of the options offered ${JSON.stringify(texts)}`);
          } else if (k >= 0) return R.option(k);
          else throw new MissingDecision(`${who} declares ${JSON.stringify(decl.option)}, but the engine offers the options ${JSON.stringify(texts)} (SELECT_OPTION) and none matches`);
        }
        if (m.options.length === 1) return R.option(0);
        throw new MissingDecision(`player ${who} must choose one of the options ${JSON.stringify(texts)} (SELECT_OPTION) and the script gives no \`choose\` step with an option for it`);
      }
      case MSG.ANNOUNCE_CARD: {
        const decl = this.declaration(who);
        if (!decl) throw new MissingDecision(`the engine asks ${who} to declare a card name (ANNOUNCE_CARD) and the script gives no \`option\` with a card name`);
        const code = this.cards.codeNamed(decl.option);
        if (code == null) throw new MissingDecision(`${who} declares ${JSON.stringify(decl.option)} (ANNOUNCE_CARD): no card of that name in the card catalogue`);
        if (decl.from === "choose") this.driver.take("applied");
        this.notes.push(`${who} declares ${JSON.stringify(decl.option)} = ${code} (ANNOUNCE_CARD)`);
        return R.announceCard(code);
      }
      case MSG.SELECT_IDLECMD: {
        const ids = this.cand(m.activates);
        let pick = -1;
        this.driver.priority(who, (step) => {
          const idx = this.pickOffer(step, m.activates, ids);
          if (idx < 0) return `not offered: ${who} could activate ${JSON.stringify(ids)} in this Main Phase`;
          pick = idx; this.applied(step, who);
          return null;
        });
        if (pick >= 0) return R.idle(IDLE.ACTIVATE, pick);
        return m.to_bp ? R.idle(IDLE.TO_BP) : R.idle(IDLE.TO_EP);
      }
      case MSG.SELECT_BATTLECMD: {
        const ids = this.cand(m.chains);
        let pick = -1;
        this.driver.priority(who, (step) => {
          const idx = this.pickOffer(step, m.chains, ids);
          if (idx < 0) return `not offered: ${who} could activate ${JSON.stringify(ids)} in this Battle Phase`;
          pick = idx; this.applied(step, who); return null;
        });
        if (pick >= 0) return R.battle(BATTLE.ACTIVATE, pick);
        return m.to_m2 ? R.battle(BATTLE.TO_M2) : R.battle(BATTLE.TO_EP);
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
      case MSG.SELECT_PLACE: case MSG.SELECT_DISFIELD: {
        const places = [];
        for (let b = 0; b < 32 && places.length < m.count; b++) {
          if (m.field_mask & (1 << b)) continue;
          const bb = b % 16;
          places.push({ player: b >= 16 ? 1 - m.player : m.player, location: bb < 8 ? LOCATION.MZONE : LOCATION.SZONE, sequence: bb % 8 });
        }
        this.notes.push(`zone choice (${m.name}) for ${who}: the scenario format cannot script it; took the first free zone`);
        return R.places(places);
      }
      case MSG.SORT_CARD: case MSG.SORT_CHAIN: return R.sort(null);
      default:
        throw new MissingDecision(`the engine asks ${who} for ${m.name}, a decision this adapter cannot take from a duelspec script`);
    }
  }

  /** An activate step was applied by our answer: its cost/targets answer the player's next card
   *  selections, its `option` the next declaration (SELECT_OPTION / ANNOUNCE_*). */
  applied(step, who) {
    this.pendingPicks = { player: who, cards: [...(step.cost ?? []), ...(step.targets ?? [])] };
    this.pendingDeclare = step.option != null ? { player: who, option: step.option } : null;
    this.ourActivation = true;
  }

  optionText(desc) {
    const d = BigInt(desc ?? 0);
    if (d < (1n << 20n)) return SYSTEM_STRINGS[Number(d)] ?? null;
    return this.cards.string(Number(d >> 20n), Number(d & 0xfffffn));
  }

  /** A declaration (`option`) for `who`: the applied activate step's, else a scripted `choose`. */
  declaration(who) {
    const pd = this.pendingDeclare;
    if (pd && pd.player === who) { this.pendingDeclare = null; return { option: pd.option, from: "activate" }; }
    const step = this.driver.peek();
    if (step && step.player === who && step.do === "choose" && step.option != null) return { option: step.option, from: "choose" };
    return null;
  }

  /** cost/targets of the activate step just applied answer that player's next selections. */
  chooseCards(who, ids, min, max, prompt) {
    const pp = this.pendingPicks;
    if (pp && pp.player === who) {
      const want = pp.cards.filter((c) => ids.includes(c));
      if (want.length && want.length >= min && want.length <= max) {
        pp.cards = pp.cards.filter((c) => !want.includes(c));
        return want;
      }
    }
    return this.driver.choose(who, ids, min, max, prompt);
  }

  pickOffer(step, offers, ids) {
    const idx = ids.map((id, i) => (id === step.card ? i : -1)).filter((i) => i >= 0);
    if (!idx.length) return -1;
    if (step.effect != null && idx.length > 1) {
      const hit = idx.find((i) => this.effectLabel(offers[i].code, offers[i].description) === String(step.effect));
      if (hit != null) return hit;
    }
    return idx[0];
  }

  /** Prompts while advancing to the start state (B's turn 1): pass, decline, end the turn. */
  advance(m) {
    switch (m.type) {
      case MSG.SELECT_IDLECMD: return R.idle(IDLE.TO_EP);
      case MSG.SELECT_BATTLECMD: return R.battle(BATTLE.TO_EP);
      case MSG.SELECT_CHAIN: if (!m.forced) return R.chain(-1); break;
      case MSG.SELECT_EFFECTYN: case MSG.SELECT_YESNO: return R.yesno(false);
      default: break;
    }
    throw new Unsupported(`the engine asked ${this.L[m.player]} for ${m.name} while the adapter was advancing to the start state; it cannot be built exactly`);
  }

  // ------------------------------------------------------------------ result
  trace() {
    const cards = {}, players = {};
    const snap = this.snapshot();
    this.resync(snap);
    for (const x of ["A", "B"]) players[x] = { lp: this.lpNow(this.P[x]) ?? this.lpNow(this.P[x], true), counts: { deck: 0, hand: 0, monster: 0, "spell-trap": 0, field: 0, graveyard: 0, banished: 0, extra: 0 } };
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
    // LP from the engine's own field query would be more direct; LPUPDATE messages track it.
    const final = { cards, players, winner: this.winner };
    if (this.turn) final.turn = this.turn;
    if (this.phase) final.phase = this.phase;
    const t = { format: 1, events: this.events, steps: this.driver.finish(), final };
    const log = [...this.notes, ...this.coreLog.slice(0, 20)];
    if (log.length) t.log = log;
    return t;
  }
}
