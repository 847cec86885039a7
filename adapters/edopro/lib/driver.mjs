// driver.mjs — duelspec EDOPro adapter (MIT). A format-2 scenario script as answers to the
// engine's decisions: a port of duelspec's Python ScriptDriver (adapters/kit.py), Yu-Gi-Oh!
// windows only; tests/test_edopro_adapter.py plays the same sequences of windows, events and
// decisions through both drivers and requires the same outcomes.
//
// Semantics (docs/design/scenario-format.md, "How a driver uses steps"):
//  * steps are used in script order; the next unused one is *pending*;
//  * the pending step answers a decision of its player only in the window its `when` names
//    (the adapter says which windows a decision falls in); otherwise the player passes /
//    declines an optional decision, and a mandatory one throws MissingDecision (never guessed);
//  * a step the engine refuses, or whose card/target/option is not among those offered, is
//    `refused` and never replaced by another choice;
//  * when the pending step's window closes unused it is `refused` (code not-offered); when its
//    window can no longer open it is `not-reached` (refused/not-offered if it had opened).
import { matches as patternMatches } from "./pattern.mjs";

export class MissingDecision extends Error {}

/** A refusal reason with a code of the refusal vocabulary (schemas/trace.schema.json
 *  $defs/refusal_code), kit.py `Refusal`. An offer/validate callback returns one (or a plain
 *  string, which has no code) to refuse a step. */
export class Refusal {
  constructor(text, code = null) { this.text = text; this.code = code; }
  toString() { return this.text; }
}

export const YGO_PHASES = ["draw", "standby", "main1", "battle", "main2", "end"];
const CHAIN_WINDOWS = ["response", "resolution", "activation"];

export class ScriptDriver {
  /** script: the scenario's steps (each with `when`); setup: the scenario's setup (turn, phase). */
  constructor(script, setup = {}) {
    this.script = script;
    this.format = 2;
    this.pos = 0;
    this.outcomes = [];
    this.defaultTurn = Math.max(1, setup.turn ?? 1);
    this.turn = setup.turn ?? null;
    this.phase = setup.phase ?? null;
    this.stack = [];   // open windows, innermost last
    this.armed = [];   // events since the last trigger window
    this.opened = false; // has the pending step's window opened since it became pending?
    this._becamePending();
  }

  static forScenario(s) { return new ScriptDriver(s.script, s.setup); }

  // ------------------------------------------------------------------ bookkeeping
  peek() { return this.pos < this.script.length ? this.script[this.pos] : null; }
  done() { return this.pos >= this.script.length; }

  _consume(outcome, reason = null, code = null) {
    const step = this.script[this.pos];
    const rec = { index: this.pos, outcome };
    if (code == null && reason instanceof Refusal) code = reason.code;
    if (code) rec.code = code;
    if (reason) rec.reason = String(reason);
    if (outcome !== "applied" && this.elsewhere?.[this.pos]) rec.offered_in = this.elsewhere[this.pos];
    this.outcomes.push(rec);
    this.pos++;
    this._becamePending();
    return step;
  }

  /** The run is over: the pending step is refused (not-offered) if its window had opened, else
   *  not-reached, and so are the rest; returns all outcomes. */
  finish() {
    while (this.pos < this.script.length) {
      if (this.opened) this._consume("refused", "its window opened but the engine never offered it", "not-offered");
      else this._consume("not-reached", "its window never opened");
    }
    return this.outcomes;
  }

  // ------------------------------------------------------------------ windows
  /** The step's `when` with its defaults (`turn`: the setup's turn). */
  whenOf(step) {
    const w = { ...(step.when ?? {}) };
    if (!("turn" in w)) w.turn = this.defaultTurn;
    return w;
  }
  current() { return this.stack.length ? this.stack[this.stack.length - 1] : null; }
  /** The trigger window after the events seen since the previous one. */
  triggerWindow() { return { window: "trigger", turn: this.turn, events: [...this.armed] }; }

  /** Does a step's `when` (with defaults) name `window`? */
  matches(when, window) {
    if (!window || when.window !== window.window) return false;
    for (const [k, v] of Object.entries(when)) {
      if (k === "window" || k === "after") continue;
      if (k in window) { if (window[k] !== v) return false; }
      else if (k !== "turn") return false;
    }
    if ("after" in when) return (window.events ?? []).some((ev) => patternMatches(when.after, ev));
    return true;
  }

  /** A window opens (the engine is at that moment); returns the window as recorded. */
  open(window) {
    const w = { ...window };
    if (!("turn" in w) && this.turn != null) w.turn = this.turn;
    if (w.window === "trigger") { w.events = this.armed; this.armed = []; }
    else w.events ??= [];
    this.stack.push(w);
    this._expirePast(w);
    const step = this.peek();
    if (step && this.matches(this.whenOf(step), w)) this.opened = true;
    return w;
  }

  /** The innermost open window of that kind closes; a pending step whose window it is and that
   *  was not used is refused (not-offered), and so on for the next steps. */
  close(kind) {
    let w = null;
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i].window === kind) { w = this.stack.splice(i, 1)[0]; break; }
    if (!w) return;
    for (;;) {
      const step = this.peek();
      if (!step || !this.matches(this.whenOf(step), w)) return;
      this._consume("refused", "its window closed and the engine never offered it", "not-offered");
    }
  }

  /** An event happened (every trace event, in order). */
  event(ev) {
    this.armed.push(ev);
    for (const w of this.stack) if (w.window !== "trigger") w.events.push(ev);
    const kind = ev.event;
    if (kind === "turn") { this.turn = ev.turn ?? this.turn; this.phase = null; }
    else if (kind === "phase") { this.phase = ev.phase; if ("turn" in ev) this.turn = ev.turn; }
    const step = this.peek();
    if (!step) return;
    const when = this.whenOf(step);
    if (when.window === "trigger" && !this.opened && this.turn === when.turn && patternMatches(when.after, ev)) this.opened = true;
    if (kind === "turn" || kind === "phase" || (kind === "chain-end" && CHAIN_WINDOWS.includes(when.window)))
      this._expirePast(null, kind === "chain-end");
  }

  _becamePending() {
    this.opened = false;
    const step = this.peek();
    if (!step) return;
    const when = this.whenOf(step);
    if (this.stack.some((x) => this.matches(when, x))) this.opened = true;
    else if (when.window === "trigger" && this.turn === when.turn) this.opened = this.armed.some((ev) => patternMatches(when.after, ev));
    if (!this.opened) this._expirePast(this.current());
  }

  /** Can the window `when` no longer open (the game went past it)? */
  _past(when, opened, chainEnded) {
    const kind = when.window ?? "";
    const turn = when.turn;
    if (turn != null && this.turn != null && this.turn > turn) return true;
    if (turn != null && this.turn !== turn) return false;
    if (kind === "before-draw" && ![null, undefined, "draw"].includes(this.phase)) return true;
    if (kind === "open" && YGO_PHASES.includes(this.phase) && YGO_PHASES.includes(when.phase)
        && YGO_PHASES.indexOf(this.phase) > YGO_PHASES.indexOf(when.phase)) return true;
    if (CHAIN_WINDOWS.includes(kind) && chainEnded) return true;
    return false;
  }

  _expirePast(opened, chainEnded = false) {
    for (;;) {
      const step = this.peek();
      if (!step || !this._past(this.whenOf(step), opened, chainEnded)) return;
      if (this.opened) this._consume("refused", "its window closed and the engine never offered it", "not-offered");
      else this._consume("not-reached", "its window never opened (the game went past it)");
      chainEnded = false; // a chain that ended binds only the step pending when it ended
    }
  }

  // ------------------------------------------------------------------ decisions
  _answers(step, player, kinds, window) {
    if (!step || step.player !== player || !kinds.includes(step.do)) return false;
    return this.matches(this.whenOf(step), window ?? this.current());
  }

  /** `player` may make a decision of one of `kinds` (`do` values) in `window` (default: the
   *  innermost open one). validate(step) returns null when the engine accepts it (the step is
   *  applied and returned) or the reason it is refused (string or Refusal; the next step is
   *  considered). Returns null when no step answers (the player passes / declines). */
  take(player, kinds, validate, window = null) {
    for (;;) {
      const step = this.peek();
      if (!this._answers(step, player, kinds, window)) return null;
      const reason = validate(step);
      if (reason == null) { this._consume("applied"); return step; }
      this._consume("refused", reason);
    }
  }

  /** `player` may act or pass: offer(step) performs the scripted action (null) or refuses it.
   *  Returns true when an action was performed. `offered` (optional): the card ids the engine's
   *  prompt lists; a pending step of this player whose card is among them but that names another
   *  window notes this one (its outcome's `offered_in`, if it is left unused: the evidence of a
   *  window mismatch, issue 32; the kit's ScriptDriver.take). */
  priority(player, offer, kinds = ["activate"], window = null, offered = null) {
    const step = this.peek();
    const w = window ?? this.current();
    if (offered && step && w && step.player === player && kinds.includes(step.do) && offered.includes(step.card)
        && !this._answers(step, player, kinds, window)) {
      const seen = Object.fromEntries(Object.entries(w).filter(([k]) => ["window", "link", "phase", "turn", "attack"].includes(k)));
      this.elsewhere ??= {};
      const notes = (this.elsewhere[this.pos] ??= []);
      if (notes.length < 20 && !notes.some((n) => JSON.stringify(n) === JSON.stringify(seen))) notes.push(seen);
    }
    return this.take(player, kinds, offer, window) != null;
  }

  /** `player` chooses minimum..maximum of `candidates` (local ids). A scripted `choose` step of
   *  that player for this window answers; one naming a card not offered, or too few or too many,
   *  is refused (never replaced). With no scripted answer: an optional choice chooses nothing, a
   *  forced one (as many candidates as must be chosen) takes them, anything else throws
   *  MissingDecision. */
  choose(player, candidates, minimum, maximum, prompt, window = null) {
    const valid = (step) => {
      const picked = step.cards;
      if (!Array.isArray(picked)) return new Refusal(`${prompt}: cards to choose, not an option`, "not-offered");
      if (picked.every((c) => candidates.includes(c)) && picked.length >= minimum && picked.length <= maximum
          && new Set(picked).size === picked.length) return null;
      return new Refusal(`${prompt}: choose ${minimum}-${maximum} of ${JSON.stringify(candidates)}`, "not-offered");
    };
    const step = this.take(player, ["choose"], valid, window);
    if (step) return [...step.cards];
    if (minimum === 0) return [];
    if (candidates.length === minimum) return [...candidates];
    throw new MissingDecision(`player ${player} must choose ${minimum}-${maximum} of ${JSON.stringify(candidates)} (${prompt}) and the script gives no \`choose\` step for it`);
  }

  /** An optional yes/no decision: a scripted `choose` with option yes/no answers; else no. */
  yesNo(player, prompt, window = null) {
    const step = this.take(player, ["choose"], (s) => (s.option === "yes" || s.option === "no" ? null
      : new Refusal(`${prompt}: yes or no`, "not-offered")), window);
    return step != null && step.option === "yes";
  }
}
