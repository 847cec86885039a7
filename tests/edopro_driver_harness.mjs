// Plays sequences of windows, events and decisions through the EDOPro adapter's ScriptDriver
// (adapters/edopro/lib/driver.mjs) for tests/test_edopro_adapter.py, which plays the same
// sequences through duelspec's Python ScriptDriver (adapters/kit.py) and compares. (MIT)
// stdin: JSON [{script, setup, ops: [...]}, ...]; stdout: JSON [[result of each op..., outcomes], ...]
import { readFileSync } from "node:fs";
import { ScriptDriver, MissingDecision, Refusal } from "../adapters/edopro/lib/driver.mjs";

const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map(({ script, setup, ops }) => {
  const d = new ScriptDriver(script, setup);
  const res = [];
  for (const op of ops) {
    try {
      if (op.op === "open") { d.open(op.window); res.push(null); }
      else if (op.op === "close") { d.close(op.kind); res.push(null); }
      else if (op.op === "event") { d.event(op.event); res.push(null); }
      else if (op.op === "priority") res.push(d.priority(op.player, (s) => (op.accept.includes(s.card) ? null : new Refusal("not accepted", "not-offered"))));
      else if (op.op === "choose") res.push(d.choose(op.player, op.candidates, op.min, op.max, "pick"));
      else if (op.op === "yesno") res.push(d.yesNo(op.player, "yes or no"));
      else throw new Error(`unknown op ${op.op}`);
    } catch (e) {
      if (e instanceof MissingDecision) res.push("MissingDecision"); else throw e;
    }
  }
  res.push(d.finish());
  return res;
});
process.stdout.write(JSON.stringify(out));
