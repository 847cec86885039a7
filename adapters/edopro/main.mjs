#!/usr/bin/env node
// main.mjs — duelspec EDOPro adapter (MIT). Speaks duelspec's adapter protocol 2 (and 1 for a
// runner that asks for it; one JSON object per line on stdin/stdout) and runs each Yu-Gi-Oh!
// scenario of format 2 in EDOPro's engine (ygopro-core compiled to wasm: the npm package
// `ocgcore-wasm`, or your own build), with the user's CardScripts checkout and card data from
// duelspec's card catalogue and/or cards.cdb files.
//
//   node adapters/edopro/main.mjs --scripts ~/CardScripts [--cdb cards.cdb ...] [--cards ygo.json ...] [--core DIR]
//
// Options (repeatable ones may be given several times):
//   --scripts DIR   script directory (CardScripts checkout; its constant.lua and utility.lua are
//                   loaded first). Default: $DUELSPEC_EDOPRO_SCRIPTS (several dirs split by ':').
//   --cdb FILE      an EDOPro cards.cdb; wins over the catalogue. Default: $DUELSPEC_EDOPRO_CDB.
//   --cards FILE    a duelspec card catalogue (default: features/cards/ygo.json of this repository).
//   --core DIR      your own build of the core: DIR holds ocgcore.sync.mjs and ocgcore.sync.wasm (or
//                   lib/ocgcore.sync.*), an emscripten build of ygopro-core with ocgcore-wasm's glue
//                   (cpp/wasm.cpp). Default: $DUELSPEC_EDOPRO_CORE, else the installed npm package.
//   --write-setup DIR  write the start state of every scenario run as DIR/<id>.setup.lua: the
//                   Debug.AddCard calls the adapter loaded, each with the scenario's card id
//                   (python -m duelspec.analysis.repro turns it into a puzzle of EDOPro's Puzzles).
//   --load-repro DIR   for a scenario with a DIR/<id>.lua (such a puzzle), load that file as the
//                   start state instead of the adapter's own chunk (the test that a reproduction
//                   shows what the run showed).
//   --verbose       engine log lines on stderr.
import { createInterface } from "node:readline";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, delimiter, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCore } from "./lib/core.mjs";
import { CardSource } from "./lib/cards.mjs";
import { ScenarioRun, Unsupported, BadScenario, UNSUPPORTED, OBSERVES, DUEL, makeScriptReader } from "./lib/run.mjs";
import { MissingDecision } from "./lib/driver.mjs";
import { EngineError, SCRIPTS_PROBE, checkScripts } from "./lib/engine_errors.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const ADAPTER_VERSION = "0.2.0";
export const PROTOCOLS = [1, 2];

function parseArgs(argv) {
  const o = { scripts: [], cdb: [], cards: [], core: [], "write-setup": [], "load-repro": [], verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--verbose") o.verbose = true;
    else if (["--scripts", "--cdb", "--cards", "--core", "--write-setup", "--load-repro"].includes(a) && i + 1 < argv.length) o[a.slice(2)].push(argv[++i]);
    else { process.stderr.write(`duelspec-edopro: unknown argument ${a}\n`); process.exit(2); }
  }
  const env = (k) => (process.env[k] ? process.env[k].split(delimiter).filter(Boolean) : []);
  if (!o.scripts.length) o.scripts = env("DUELSPEC_EDOPRO_SCRIPTS");
  if (!o.cdb.length) o.cdb = env("DUELSPEC_EDOPRO_CDB");
  if (!o.core.length && process.env.DUELSPEC_EDOPRO_CORE) o.core = [process.env.DUELSPEC_EDOPRO_CORE];
  if (!o.cards.length) {
    const def = join(here, "..", "..", "features", "cards", "ygo.json");
    if (existsSync(def)) o.cards.push(def);
  }
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
const log = (s) => process.stderr.write(`duelspec-edopro: ${s}\n`);

let core = null, cards = null, reader = null, setupProblem = null;

async function init() {
  core = await loadCore({ build: opts.core.at(-1) });
  const missing = opts.scripts.filter((d) => !existsSync(join(d, "constant.lua")));
  if (!opts.scripts.length) setupProblem = "no script directory: give --scripts DIR (a ProjectIgnis/CardScripts checkout) or set DUELSPEC_EDOPRO_SCRIPTS";
  else if (missing.length === opts.scripts.length) setupProblem = `no constant.lua in ${opts.scripts.join(", ")}: not a CardScripts checkout`;
  cards = new CardSource({ catalogues: opts.cards, cdbs: opts.cdb, scriptDirs: opts.scripts, warn: (w) => opts.verbose && log(w) });
  reader = makeScriptReader(opts.scripts);
  // another engine's scripts would run silently wrong in every scenario: stop before the first
  const wrong = setupProblem ? null : probeScripts();
  if (wrong) { log(`cannot run: ${wrong}`); process.exit(3); }
}

function implementation(protocol) {
  const [maj, min] = core.version();
  const scripts = opts.scripts.map(gitCommit).filter(Boolean);
  const impl = {
    name: "EDOPro (ygopro-core via ocgcore-wasm)",
    version: `${core.description}; OCG API ${maj}.${min}; CardScripts ${scripts.join(", ") || "(not a git checkout)"}; adapter ${ADAPTER_VERSION}`,
    language: "C++ (wasm32) + Lua card scripts; adapter in JavaScript",
    homepage: "https://github.com/edo9300/ygopro-core",
    issues: "https://github.com/ProjectIgnis/CardScripts/issues",
    games: ["ygo"],
    unsupported: UNSUPPORTED,
  };
  if (protocol >= 2) impl.observes = OBSERVES;
  return impl;
}

/** The commit of a script directory's git checkout (read from .git, no git needed), or null. */
function gitCommit(dir) {
  try {
    let gitDir = join(dir, ".git");
    if (!existsSync(gitDir)) return null;
    if (!statSync(gitDir).isDirectory()) gitDir = resolve(dir, readFileSync(gitDir, "utf8").replace(/^gitdir:\s*/, "").trim());
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
    if (!head.startsWith("ref:")) return head.slice(0, 12);
    const ref = head.slice(4).trim();
    for (const g of [gitDir, join(gitDir, "..", "..")]) {
      if (existsSync(join(g, ref))) return readFileSync(join(g, ref), "utf8").trim().slice(0, 12);
      const packed = join(g, "packed-refs");
      if (existsSync(packed)) { const m = readFileSync(packed, "utf8").split("\n").find((l) => l.endsWith(" " + ref)); if (m) return m.slice(0, 12); }
    }
  } catch { /* not a readable checkout */ }
  return null;
}

function runOne(seq, scenario) {
  if (!scenario || typeof scenario !== "object" || Array.isArray(scenario))
    return { seq, errored: { message: "expected `scenario` to be a scenario object (scenario format 2)", detail: JSON.stringify(scenario)?.slice(0, 500) ?? "" } };
  if (scenario.game !== "ygo") return { seq, skipped: { reason: `game ${JSON.stringify(scenario.game)}: this adapter runs Yu-Gi-Oh! (ygo) scenarios only` } };
  if (setupProblem) return { seq, skipped: { reason: setupProblem } };
  const file = (dir, ext) => (/^[a-z0-9][a-z0-9.-]*$/.test(String(scenario.id ?? "")) ? join(dir, `${scenario.id}${ext}`) : null);
  const repro = opts["load-repro"].map((d) => file(d, ".lua")).find((f) => f && existsSync(f));
  const run = new ScenarioRun(core, cards, reader, scenario, { log: opts.verbose ? log : () => {}, scriptDirs: opts.scripts,
    reproText: repro ? readFileSync(repro, "utf8") : null });
  try {
    return { seq, ...run.run() };
  } catch (e) {
    return failed(seq, scenario, run, e);
  } finally {
    const out = opts["write-setup"].length && run.setupLua ? file(opts["write-setup"].at(-1), ".setup.lua") : null;
    if (out) writeFileSync(out, `-- duelspec start state of ${scenario.id} as adapters/edopro loaded it (engine player 0 = ${scenario.setup?.first_player}; ${run.notes.filter((n) => n.startsWith("start state")).join("; ") || "no normal draw before the start"})\n${run.setupLua}`);
  }
}

/** The reply for a run that threw `e`. */
function failed(seq, scenario, run, e) {
  // the engine's own errors come first: whatever else went wrong may well be their consequence
  if (!(e instanceof BadScenario) && (e instanceof EngineError || run.errors?.count)) return { seq, errored: engineErrored(run.errors, e.trace) };
  if (e instanceof Unsupported) return { seq, skipped: { reason: e.message } };
  if (e instanceof BadScenario) return { seq, errored: { message: `bad scenario: ${e.message}`, detail: String(scenario.id ?? "") } };
  if (e instanceof MissingDecision) return { seq, errored: { message: `mandatory decision not scripted: ${e.message}`, detail: run.events.slice(-8).map((x) => JSON.stringify(x)).join("\n") } };
  return { seq, errored: { message: `adapter error: ${e.message}`, detail: `${e.stack ?? ""}\n${run.coreLog.slice(-10).join("\n")}` } };
}

/** The `errored` reply for engine errors: the first one (card, script, message) in the message;
 *  every one with its traceback, then what the engine did (the trace's events), in the detail. */
function engineErrored(errors, trace) {
  let detail = errors.detail();
  if (trace) {
    const evs = trace.events.map((e, i) => `#${i} ${JSON.stringify(e)}`);
    detail += `\n\nThe duel went on; what the engine did (${evs.length} events${evs.length > 40 ? ", the last 40" : ""}):\n${evs.slice(-40).join("\n")}`;
  }
  return { message: errors.message(), detail };
}

/** The start-up check of the script directories (engine_errors.mjs checkScripts): a probe duel
 *  loads the base scripts as every scenario does, then SCRIPTS_PROBE. */
function probeScripts() {
  const loadErrors = [], messages = [];
  const h = core.createDuel({ seed: [1n, 2n, 3n, 4n], flags: DUEL.MODE_MR5, team1: {}, team2: {},
    cardReader: (code) => cards.read(code), scriptReader: (name) => reader(name),
    log: (type, text) => (type === 0 ? loadErrors : messages).push(String(text)) });
  try {
    for (const [name, text] of [["constant.lua", reader("constant.lua")], ["utility.lua", reader("utility.lua")], ["duelspec_probe.lua", SCRIPTS_PROBE]]) {
      if (text == null) { loadErrors.push(`no ${name}`); break; }
      if (!core.loadScript(h, name, text) && !loadErrors.length) loadErrors.push(`${name} did not load`);
    }
  } finally { core.destroyDuel(h); }
  return checkScripts({ loadErrors, messages }, opts.scripts);
}

async function main() {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    let msg;
    try { msg = JSON.parse(line); } catch (e) {
      out({ seq: null, errored: { message: "expected one JSON object per line (adapter protocol)", detail: `${e.message}: ${line.slice(0, 200)}` } });
      continue;
    }
    if (!msg || typeof msg !== "object" || Array.isArray(msg)) { out({ seq: null, errored: { message: "expected a JSON object with `cmd`", detail: line.slice(0, 200) } }); continue; }
    if (msg.cmd === "start") {
      // the highest version both speak: the runner's `protocol` is the highest it speaks
      const asked = Number.isInteger(msg.protocol) && msg.protocol >= 1 ? msg.protocol : null;
      if (asked == null) { log(`runner asks for protocol ${JSON.stringify(msg.protocol)}; this adapter speaks ${PROTOCOLS.join(" and ")}`); process.exit(2); }
      const protocol = Math.min(asked, Math.max(...PROTOCOLS));
      if (!core) await init();
      out({ protocol, implementation: implementation(protocol) });
    } else if (msg.cmd === "run") {
      if (!core) await init();
      const seq = Number.isInteger(msg.seq) ? msg.seq : null;
      if (seq === null) { out({ seq: null, errored: { message: "expected `seq` (an integer) in a run command", detail: line.slice(0, 200) } }); continue; }
      out(runOne(seq, msg.scenario));
    } else if (msg.cmd === "stop") {
      process.exit(0);
    } else {
      out({ seq: msg.seq ?? null, errored: { message: "expected `cmd` to be one of start, run, stop", detail: line.slice(0, 200) } });
    }
  }
  process.exit(0);
}

main().catch((e) => { log(`fatal: ${e.stack ?? e}`); process.exit(1); });
