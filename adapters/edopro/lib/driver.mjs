// driver.mjs — duelspec EDOPro adapter (MIT). The scenario script as answers to the engine's
// questions; the same semantics as duelspec's Python ScriptDriver (adapters/kit.py):
//  * the next scripted step answers a question of its player;
//  * a player with no scripted step next passes / declines optional decisions;
//  * a step the engine refuses (card not offered) is `refused` and the script goes on;
//  * a mandatory decision the script does not give throws MissingDecision (scenario errored);
//  * steps the engine never asked for are `not-reached`.

export class MissingDecision extends Error {}

export class ScriptDriver {
  constructor(script) { this.script = script; this.pos = 0; this.outcomes = []; }
  peek() { return this.pos < this.script.length ? this.script[this.pos] : null; }
  done() { return this.pos >= this.script.length; }
  _consume(outcome, reason) {
    const step = this.script[this.pos];
    const rec = { index: this.pos, outcome };
    if (reason) rec.reason = reason;
    this.outcomes.push(rec);
    this.pos++;
    return step;
  }
  /** `player` may act or pass. offer(step) -> null when performed, else the refusal reason.
   *  Returns the applied step, or null for a pass. (kit.py ScriptDriver.priority) */
  priority(player, offer, kinds = ["activate"], applies = null) {
    for (;;) {
      const step = this.peek();
      if (!step || step.player !== player || !(kinds.includes(step.do) || step.do === "pass")) return null;
      // `applies(step)`: does the next step answer *this* question at all (an optional trigger
      // prompt is not answered by a step activating another card)? If not, pass; the step waits.
      if (applies && step.do !== "pass" && !applies(step)) return null;
      if (step.do === "pass") { this._consume("applied"); return null; }
      const refusal = offer(step);
      if (refusal == null) return this._consume("applied");
      this._consume("refused", refusal);
    }
  }
  /** Consume the next step with this outcome (the caller checked it answers the question). */
  take(outcome, reason) { return this._consume(outcome, reason); }
  /** `player` chooses minimum..maximum of `candidates` (local ids). */
  choose(player, candidates, minimum, maximum, prompt) {
    const step = this.peek();
    if (step && step.player === player && step.do === "choose" && Array.isArray(step.cards)) {
      const picked = step.cards;
      if (picked.every((c) => candidates.includes(c)) && picked.length >= minimum && picked.length <= maximum
          && new Set(picked).size === picked.length) {
        this._consume("applied");
        return [...picked];
      }
      this._consume("refused", `${prompt}: choose ${minimum}-${maximum} of ${JSON.stringify(candidates)}`);
    }
    if (minimum === 0) return [];
    if (candidates.length === minimum) return [...candidates];
    throw new MissingDecision(`player ${player} must choose ${minimum}-${maximum} of ${JSON.stringify(candidates)} (${prompt}) and the script gives no \`choose\` step for it`);
  }
  /** An optional yes/no: a scripted `choose` with option yes/no answers; else no. */
  yesNo(player) {
    const step = this.peek();
    if (step && step.player === player && step.do === "choose" && (step.option === "yes" || step.option === "no")) {
      this._consume("applied");
      return step.option === "yes";
    }
    return false;
  }
  /** A choice among n options: a scripted `choose` with option = 1-based number answers. */
  option(player, n, prompt) {
    const step = this.peek();
    if (step && step.player === player && step.do === "choose" && step.option != null) {
      const k = Number(step.option);
      if (Number.isInteger(k) && k >= 1 && k <= n) { this._consume("applied"); return k - 1; }
      this._consume("refused", `${prompt}: option must be 1..${n}`);
    }
    if (n === 1) return 0;
    throw new MissingDecision(`player ${player} must choose one of ${n} options (${prompt}) and the script gives no \`choose\` step with an option number for it`);
  }
  finish() {
    while (this.pos < this.script.length) this._consume("not-reached", "the engine never asked for this step");
    return this.outcomes;
  }
}
