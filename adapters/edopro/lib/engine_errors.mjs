// engine_errors.mjs — duelspec EDOPro adapter (MIT). The engine's own errors as evidence.
//
// A card script that throws a Lua error, that is missing, or that does not load is a defect of
// the engine as the user runs it: the duel goes on without that effect, and a scenario may even
// pass. The core reports each one through its log handler (OCG_LOG_TYPE_ERROR = 0, edo9300/
// ygopro-core interpreter.cpp: load_script :226, call_function :393, call_card_function :418 —
// "\"CallCardFunction\"(c<code>.initial_effect): attempt to call an error function" for a card
// whose script defines no initial_effect, i.e. a missing or unloadable script; a Normal Monster
// without a script is not reported, interpreter.cpp:153-157) followed by a Lua traceback
// (OCG_LOG_TYPE_FOR_DEBUG = 2, print_stacktrace :691-703). This module collects them for one duel
// and names, for each, the card, the script and the message; the adapter then answers the
// scenario `errored` with them (never a plain `failed` or `passed`).
//
// It also checks, at start-up, that the script directories are CardScripts (the scripts of this
// core) and not another engine's: see checkScripts.

export const LOG = { ERROR: 0, FROM_SCRIPT: 1, FOR_DEBUG: 2 };

/** The script, line and card code a core error message names: `[string "c123.lua"]:45: ...`,
 *  `c123.lua:45: ...`, `"CallCardFunction"(c123.initial_effect): ...`. Fields are null when the
 *  message does not name them. */
export function parseLuaError(text) {
  const s = String(text);
  let m = s.match(/(?:\[string "(?:[^"]*\/)?)?([A-Za-z0-9_.-]+\.lua)"?\]?:(\d+):\s*([\s\S]*)$/);
  if (m) {
    const code = m[1].match(/^c(\d+)\.lua$/);
    return { script: m[1], line: Number(m[2]), code: code ? Number(code[1]) : null, message: m[3].trim() };
  }
  m = s.match(/"CallCardFunction"\(c(\d+)\.(\w+)\):\s*(.*)$/);
  if (m) return { script: `c${m[1]}.lua`, line: null, code: Number(m[1]), func: m[2], message: m[3].trim() };
  return { script: null, line: null, code: null, message: s.trim() };
}

/** The first card script (c<code>.lua) a Lua traceback passes through, or null. */
export function scriptInTraceback(tb) {
  const m = String(tb ?? "").match(/(?:\[string "(?:[^"]*\/)?)?(c(\d+)\.lua)"?\]?:(\d+):/);
  return m ? { script: m[1], code: Number(m[2]), line: Number(m[3]) } : null;
}

/** Engine errors of one duel. `cardName(code)`, `cardIds(code)` (the scenario's ids of that card),
 *  `scriptDirs` (named in the message for a missing script). */
export class EngineErrors {
  constructor({ cardName = () => null, cardIds = () => [], scriptDirs = [] } = {}) {
    Object.assign(this, { cardName, cardIds, scriptDirs });
    this.list = [];
    this.misses = new Set();      // script names the reader did not find
    this.loaded = new Set();      // script names the reader found
  }
  /** The script reader was asked for `name` and found `text` (null: not found). */
  onRead(name, text) { (text == null ? this.misses : this.loaded).add(name); }
  /** A line of the core's log. */
  onLog(type, text) {
    if (type === LOG.ERROR) this.list.push({ text: String(text), traceback: null });
    else if (type === LOG.FOR_DEBUG && this.list.length && this.list.at(-1).traceback == null
             && String(text).startsWith("stack traceback")) this.list.at(-1).traceback = String(text);
  }
  get count() { return this.list.length; }

  /** One error described: {kind, script, line, code, card, ids, message}. */
  describe(e) {
    const p = parseLuaError(e.text);
    let { script, line, code } = p;
    if (code == null) { const t = scriptInTraceback(e.traceback); if (t) ({ script, line, code } = { script: script ?? t.script, line: line ?? t.line, code: t.code }); }
    let kind = "Lua error";
    let message = p.message;
    if (p.func === "initial_effect") {
      if (this.misses.has(`c${code}.lua`)) {
        kind = "missing script";
        message = `c${code}.lua is in none of the script directories (${this.scriptDirs.join(", ") || "none given"}): the card has no effects in this duel`;
      } else {
        kind = "script not loaded";
        message = `c${code}.lua defines no initial_effect (it did not load: see the error before this one): the card has no effects in this duel`;
      }
    } else if (/syntax error|unexpected symbol|expected near|near <eof>|malformed number|unfinished string/.test(p.message)) {
      kind = "script not loaded";     // luaL_loadbuffer's error (load_script, interpreter.cpp:226)
    }
    return { kind, script, line, code, card: code != null ? this.cardName(code) : null, ids: code != null ? this.cardIds(code) : [], message };
  }

  /** The `errored` reply's message: the first error (card, script, message) and how many more. */
  message() {
    const ds = this.list.map((e) => this.describe(e));
    const first = ds.find((d) => d.kind !== "Lua error" || d.code != null) ?? ds[0];
    const n = ds.length - 1;
    return `engine error: ${EngineErrors.sentence(first)}${n ? ` (and ${n} more engine error${n > 1 ? "s" : ""}: see the detail)` : ""}`;
  }
  /** Every error with its traceback (for the reply's detail). */
  detail() {
    return this.list.map((e, i) => {
      const d = this.describe(e);
      return `#${i + 1} ${EngineErrors.sentence(d)}\n  core log: ${e.text}${e.traceback ? `\n  ${e.traceback.split("\n").slice(0, 8).join("\n  ")}` : ""}`;
    }).join("\n");
  }
  static sentence(d) {
    const where = d.script ? `${d.script}${d.line != null ? `:${d.line}` : ""}` : "a script the core does not name";
    const card = d.code != null ? `card ${d.code}${d.card ? ` "${d.card}"` : ""}${d.ids.length ? ` (scenario card ${d.ids.join(", ")})` : ""}` : "no card named";
    return `${d.kind} in ${where}, ${card}: ${d.message}`;
  }
}

/** An engine error in a duel: the scenario is `errored` with it. */
export class EngineError extends Error {
  constructor(errors, trace) { super(errors.message()); this.errors = errors; this.trace = trace; }
}

/** Lua run in a probe duel after the base scripts: two constants whose numbers are this core's,
 *  not the scripts' choice — the core reads them as numbers from the scripts' calls. In
 *  edo9300/ygopro-core (46779fb) CHAININFO is an enum, TRIGGERING_EFFECT = 1 (field.h:726-727),
 *  and EFFECT_COUNT_CODE_OATH is 0x1 (effect_constants.h:16); in the classic core
 *  (Fluorohydride/ygopro-core db4fd16) they are bit flags, 0x02 (field.h:660) and 0x10000000
 *  (effect.h:133). Scripts with other numbers are another engine's: every chain-information
 *  query and every oath count of theirs would mean something else here, silently. The probe
 *  answers through Debug.Message (OCG_LOG_TYPE_FROM_SCRIPT). */
export const SCRIPTS_PROBE = `Debug.Message("duelspec-probe "..tostring(CHAININFO_TRIGGERING_EFFECT).." "..tostring(EFFECT_COUNT_CODE_OATH))`;
export const EXPECTED_PROBE = { CHAININFO_TRIGGERING_EFFECT: "1", EFFECT_COUNT_CODE_OATH: "1" };

/** A problem of the script directories for this core, from the probe duel: `loadErrors` (the
 *  core's errors while loading the base scripts and the probe) and `messages` (its
 *  Debug.Message lines). null when the scripts fit this core, else a sentence saying what is
 *  wrong and what to give instead. */
export function checkScripts({ loadErrors, messages }, dirs) {
  const where = dirs.join(", ");
  if (loadErrors.length)
    return `the base scripts in ${where} do not load in this core (${loadErrors.slice(0, 3).join(" | ")}): they are not ProjectIgnis/CardScripts (another engine's scripts?); give --scripts a CardScripts checkout`;
  const line = messages.find((m) => m.startsWith("duelspec-probe "));
  if (!line) return `the base scripts in ${where} could not be probed (no answer from the core)`;
  const [chaininfo, oath] = line.slice("duelspec-probe ".length).split(" ");
  if (chaininfo === "nil" || oath === "nil")
    return `the base scripts in ${where} do not define CHAININFO_TRIGGERING_EFFECT and EFFECT_COUNT_CODE_OATH (constant.lua): they are not ProjectIgnis/CardScripts; give --scripts a CardScripts checkout`;
  if (chaininfo !== EXPECTED_PROBE.CHAININFO_TRIGGERING_EFFECT || oath !== EXPECTED_PROBE.EFFECT_COUNT_CODE_OATH)
    return `the scripts in ${where} do not match this core: their constant.lua has CHAININFO_TRIGGERING_EFFECT = ${chaininfo} and EFFECT_COUNT_CODE_OATH = ${oath}, this core (edo9300/ygopro-core) numbers them 1 and 1 — these are another engine's scripts (Fluorohydride/ygopro-scripts has 0x2 and 0x10000000); give --scripts a ProjectIgnis/CardScripts checkout`;
  return null;
}
