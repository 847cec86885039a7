// core.mjs — duelspec EDOPro adapter (MIT). A thin, raw binding over the emscripten module that ships
// inside the npm package `ocgcore-wasm` (lib/ocgcore.sync.mjs + lib/ocgcore.sync.wasm,
// = ENGINE CODE: edo9300/ygopro-core + Lua compiled to wasm32, AGPL-3.0-or-later).
//
// Why not the package's high-level API (createCore/createDuel/duelGetMessage)?
//  * it only returns already-decoded message objects (no raw bytes), and
//  * its OCG_CardData writer puts rscale/link_marker at wrong offsets for wasm32
//    (writes rscale@48, link_marker@52; the struct has rscale@44, link_marker@48).
// This binding passes/gets raw bytes exactly as ocgapi.h defines them.
//
// The exported functions of the wasm module are (see n1xx1/ocgcore-wasm cpp/wasm.cpp):
//   _ocgapiGetVersion(int* major, int* minor)
//   _ocgapiCreateDuel(OCG_Duel* out, OCG_DuelOptions* opts) -> int status (0 = ok)
//   _ocgapiDestroyDuel(duel)
//   _ocgapiDuelNewCard(duel, OCG_NewCardInfo*)
//   _ocgapiStartDuel(duel)
//   _ocgapiDuelProcess(duel) -> 0 END | 1 AWAITING | 2 CONTINUE
//   _ocgapiDuelGetMessage(duel, uint32_t* len) -> ptr
//   _ocgapiDuelSetResponse(duel, const void* buf, uint32_t len)
//   _ocgapiLoadScript(duel, const char* buf, uint32_t len, const char* name) -> 1 ok
//   _ocgapiDuelQueryCount(duel, uint8 team, uint32 loc)
//   _ocgapiDuelQuery(duel, uint32_t* len, OCG_QueryInfo*) -> ptr
//   _ocgapiDuelQueryLocation(duel, uint32_t* len, OCG_QueryInfo*) -> ptr
//   _ocgapiDuelQueryField(duel, uint32_t* len) -> ptr
// and it calls back into JS through Module.handleDataReader(payload, code, OCG_CardData*),
// Module.handleScriptReader(payload, duel, name) -> string|null (the C glue then calls
// OCG_LoadScript with that text), Module.handleLogHandler(payload, text, type).
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Locate the ocgcore-wasm package: explicit dir, $OCGCORE_WASM_DIR, or node resolution. */
function packageDir(dir) {
  if (dir) return dir;
  if (process.env.OCGCORE_WASM_DIR) return process.env.OCGCORE_WASM_DIR;
  const pj = require.resolve("ocgcore-wasm/package.json");
  return pj.slice(0, -"/package.json".length);
}

/** The emscripten module files of a core: `build` (a directory holding ocgcore.sync.mjs and
 *  ocgcore.sync.wasm, directly or under lib/: the user's own build of ygopro-core with
 *  ocgcore-wasm's glue), else the installed npm package. Returns {mjs, wasm, description}. */
export function coreFiles({ dir, build } = {}) {
  if (build) {
    const b = resolve(build);
    for (const d of [b, join(b, "lib")]) {
      const mjs = join(d, "ocgcore.sync.mjs"), wasm = join(d, "ocgcore.sync.wasm");
      if (existsSync(mjs) && existsSync(wasm)) {
        const info = join(d, "ygopro-core.commit");
        const commit = existsSync(info) ? readFileSync(info, "utf8").trim().split(/\s+/)[0] : null;
        return { mjs, wasm, description: `own core build ${d}${commit ? ` (ygopro-core ${commit})` : ""}` };
      }
    }
    throw new Error(`--core ${build}: no ocgcore.sync.mjs and ocgcore.sync.wasm there (nor under lib/)`);
  }
  const pkg = packageDir(dir);
  const version = JSON.parse(readFileSync(`${pkg}/package.json`, "utf8")).version;
  return { mjs: `${pkg}/lib/ocgcore.sync.mjs`, wasm: `${pkg}/lib/ocgcore.sync.wasm`, description: `ocgcore-wasm ${version}`, version };
}

export async function loadCore({ dir, build } = {}) {
  const files = coreFiles({ dir, build });
  const { default: factory } = await import(pathToFileURL(files.mjs).href);
  const wasmBinary = readFileSync(files.wasm);
  const duels = new Map(); // payload id -> {cardReader, scriptReader, log}
  let M; // the emscripten module
  M = await factory({
    wasmBinary,
    print: (s) => process.stderr.write(`[core stdout] ${s}\n`),
    printErr: (s) => process.stderr.write(`[core stderr] ${s}\n`),
    handleDataReader(payload, code, ptr) {
      const d = duels.get(payload);
      const c = d.cardReader(code) ?? { code };
      writeCardData(M, ptr, c);
    },
    handleScriptReader(payload, _duel, name) {
      const d = duels.get(payload);
      return d.scriptReader(name) ?? null; // null/"" => OCG_LoadScript not called, returns 0
    },
    handleLogHandler(payload, text, type) {
      const d = duels.get(payload);
      (d?.log ?? ((t, x) => process.stderr.write(`[core log ${t}] ${x}\n`)))(type, text);
    },
  });
  if (process.env.DUELSPEC_ENGINE_CLOCK) installClock(M, process.env.DUELSPEC_ENGINE_CLOCK);
  return new Core(M, duels, files.version ?? null, files.description);
}

// The engine's own work, measured for benchmarks/bench.py (`engines`): with DUELSPEC_ENGINE_CLOCK
// set to a file, the CPU time of the process (and wall time) spent inside the core's calls that play
// the duel ("duel": create, new card, start, process, responses, scripts, destroy) is summed (calls
// made from inside another, e.g. OCG_LoadScript from the script reader, count once; the adapter's
// callbacks the core makes during a call, card data and cached script text, count in it), and one JSON
// line is appended to that file when the process exits. The clock costs: `process.cpuUsage()` is a
// system call (getrusage), so only the ~90 duel calls of a scenario are clocked, not the ~1,000 calls
// that only read the duel (messages, queries: "observe"), which clocked made the adapter 1.5x slower
// (issue 37); DUELSPEC_ENGINE_CLOCK_OBSERVE=1 clocks those too, for a profile. What one clocked call
// reads around no work at all (the clock's own cost inside the interval) is measured at exit over
// CALIBRATION calls and written as `clock_bias_cpu_s` (per call): bench.py subtracts calls x bias.
const CLOCKED = {
  duel: ["_ocgapiCreateDuel", "_ocgapiDestroyDuel", "_ocgapiDuelNewCard", "_ocgapiStartDuel", "_ocgapiDuelProcess",
    "_ocgapiDuelSetResponse", "_ocgapiLoadScript"],
  observe: ["_ocgapiDuelGetMessage", "_ocgapiDuelQueryCount", "_ocgapiDuelQuery", "_ocgapiDuelQueryLocation",
    "_ocgapiDuelQueryField"],
};
const CALIBRATION = 20000;
function installClock(M, file, { observe = process.env.DUELSPEC_ENGINE_CLOCK_OBSERVE === "1" } = {}) {
  const spent = { duel: [0, 0n, 0], ...(observe ? { observe: [0, 0n, 0] } : {}) };   // CPU µs, wall ns, calls
  const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
  let depth = 0;
  const clocked = (f, total) => (...args) => {
    if (depth++) { try { return f(...args); } finally { depth--; } }
    const c = cpu(), w = process.hrtime.bigint();
    try { return f(...args); } finally { total[0] += cpu() - c; total[1] += process.hrtime.bigint() - w; total[2]++; depth--; }
  };
  for (const [kind, total] of Object.entries(spent)) for (const name of CLOCKED[kind]) M[name] = clocked(M[name], total);
  process.on("exit", () => {
    const line = { engine: "edopro", pid: process.pid, cpu_s: cpu() / 1e6, observe_clocked: observe };
    for (const [kind, [c, w, n]] of Object.entries(spent)) {
      Object.assign(line, { [`${kind}_cpu_s`]: c / 1e6, [`${kind}_wall_s`]: Number(w) / 1e9, [`${kind}_calls`]: n });
    }
    const probe = [0, 0n, 0], empty = clocked(() => 0, probe);
    for (let i = 0; i < CALIBRATION; i++) empty();
    Object.assign(line, { clock_bias_cpu_s: probe[0] / 1e6 / CALIBRATION, clock_bias_wall_s: Number(probe[1]) / 1e9 / CALIBRATION });
    appendFileSync(file, JSON.stringify(line) + "\n");
  });
}

// OCG_CardData, wasm32 layout (ocgapi_types.h):
//  0 u32 code | 4 u32 alias | 8 u16* setcodes (0-terminated) | 12 u32 type | 16 u32 level
// 20 u32 attribute | 24 u64 race | 32 i32 attack | 36 i32 defense | 40 u32 lscale
// 44 u32 rscale | 48 u32 link_marker  (sizeof = 56)
function writeCardData(M, ptr, c) {
  const dv = new DataView(M.HEAPU8.buffer);
  let sc = 0;
  const setcodes = (c.setcodes ?? []).filter((x) => x);
  if (setcodes.length) {
    sc = M._malloc((setcodes.length + 1) * 2); // freed by the glue's cardReaderDone
    const dv2 = new DataView(M.HEAPU8.buffer);
    setcodes.forEach((s, i) => dv2.setUint16(sc + i * 2, s, true));
    dv2.setUint16(sc + setcodes.length * 2, 0, true);
  }
  const d = new DataView(M.HEAPU8.buffer); // re-read: malloc may grow memory
  d.setUint32(ptr + 0, c.code >>> 0, true);
  d.setUint32(ptr + 4, (c.alias ?? 0) >>> 0, true);
  d.setUint32(ptr + 8, sc, true);
  d.setUint32(ptr + 12, (c.type ?? 0) >>> 0, true);
  d.setUint32(ptr + 16, (c.level ?? 0) >>> 0, true);
  d.setUint32(ptr + 20, (c.attribute ?? 0) >>> 0, true);
  d.setBigUint64(ptr + 24, BigInt(c.race ?? 0), true);
  d.setInt32(ptr + 32, c.attack ?? 0, true);
  d.setInt32(ptr + 36, c.defense ?? 0, true);
  d.setUint32(ptr + 40, (c.lscale ?? 0) >>> 0, true);
  d.setUint32(ptr + 44, (c.rscale ?? 0) >>> 0, true);
  d.setUint32(ptr + 48, (c.link_marker ?? 0) >>> 0, true);
  void dv;
}

export const DuelStatus = { END: 0, AWAITING: 1, CONTINUE: 2 };
const MAX_TEMPLATES = 4;
const ZERO = Buffer.alloc(1 << 16);

/** Zeros in `u8` from `from` on, written only in the 64 KiB blocks that are not zero already (a
 *  scenario touches a few of them; reading a block costs less than writing it). */
function zeroAbove(u8, from) {
  const mem = Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
  for (let o = from; o < mem.length; o += ZERO.length) {
    const block = mem.subarray(o, o + ZERO.length);
    if (!block.equals(ZERO.subarray(0, block.length))) block.fill(0);
  }
}

/** The length of `u8` up to its last non-zero byte (a duel with the base scripts uses ~2 MiB of
 *  the core's 16 MiB: only that much is kept and copied back). */
function usedExtent(u8) {
  const words = new BigUint64Array(u8.buffer, u8.byteOffset, u8.byteLength >> 3);   // wasm memory: whole 64 KiB pages
  let i = words.length;
  while (i > 0 && words[i - 1] === 0n) i--;
  return i * 8;
}

export class Core {
  constructor(M, duels, version, description) {
    this.M = M;
    this.duels = duels;
    this.packageVersion = version;
    this.description = description;
    this.nextId = 1;
    this.templates = new Map();   // duel options -> {memory, id, calls}: see preparedDuel
    this.live = new Set();        // duels created and not destroyed
    this.fromTemplate = null;     // the live duel that is a restored template, if any
  }
  version() {
    const M = this.M, sp = M.stackSave();
    const a = M.stackAlloc(4), b = M.stackAlloc(4);
    M._ocgapiGetVersion(a, b);
    const r = [M.getValue(a, "i32"), M.getValue(b, "i32")];
    M.stackRestore(sp);
    return r;
  }
  /**
   * opts: { seed: [4 x BigInt], flags: BigInt, team1/team2: {lp, startCount, drawCount},
   *         cardReader(code)->cardData|null, scriptReader(name)->string|null, log(type,text) }
   * Returns a duel handle (number, a pointer inside wasm memory).
   */
  createDuel(opts) {
    const M = this.M, id = this.nextId++;
    this.duels.set(id, opts);
    const sp = M.stackSave();
    const out = M.stackAlloc(4);
    const o = M.stackAlloc(104); // sizeof(OCG_DuelOptions) on wasm32
    M.HEAPU8.fill(0, o, o + 104);
    const d = new DataView(M.HEAPU8.buffer);
    // OCG_DuelOptions: 0 u64 seed[4] | 32 u64 flags | 40 team1{u32 startingLP, startingDrawCount,
    // drawCountPerTurn} | 52 team2{...} | 64 cardReader* | 68 payload1 | 72 scriptReader* |
    // 76 payload2 | 80 logHandler* | 84 payload3 | 88 cardReaderDone* | 92 payload4 |
    // 96 u8 enableUnsafeLibraries. (Function pointers are replaced by the C glue.)
    opts.seed.forEach((s, i) => d.setBigUint64(o + i * 8, BigInt.asUintN(64, BigInt(s)), true));
    d.setBigUint64(o + 32, BigInt(opts.flags), true);
    const t = [opts.team1, opts.team2];
    t.forEach((tm, i) => {
      d.setUint32(o + 40 + i * 12, tm.lp ?? 8000, true);
      d.setUint32(o + 44 + i * 12, tm.startCount ?? 5, true);
      d.setUint32(o + 48 + i * 12, tm.drawCount ?? 1, true);
    });
    d.setUint32(o + 68, id, true);
    d.setUint32(o + 76, id, true);
    d.setUint32(o + 84, id, true);
    d.setUint32(o + 92, id, true);
    d.setUint8(o + 96, opts.enableUnsafeLibraries ? 1 : 0);
    const status = M._ocgapiCreateDuel(out, o);
    const handle = M.getValue(out, "i32");
    M.stackRestore(sp);
    if (status !== 0) throw new Error(`OCG_CreateDuel failed: status ${status}`);
    this.live.add(handle);
    return handle;
  }
  /**
   * A duel as `createDuel(opts)` then `prepare(h)` (loading the base scripts) gives it, the same
   * bytes, but prepared once per process and options: the first time, the prepared duel's whole
   * wasm memory is kept (the engine's state, the Lua state with the base scripts run, the
   * allocator's); afterwards that memory is copied back and the duel is the prepared one again,
   * without parsing and running the base scripts again (they are most of a scenario's cost). The
   * calls the engine made to `opts`' callbacks while `prepare` ran (scripts read, log lines) are
   * made again, in order, to this duel's callbacks, so what they record is what a fresh duel's
   * would. A template is used only when no other duel is alive (copying the memory back ends
   * every duel in it); at most MAX_TEMPLATES option sets are kept (~2 MiB each here).
   * The engine has no API to copy a duel (ocgapi.h: create, destroy, new card, start, process,
   * messages, responses, load script, queries) and a duel's Lua state is its own (OCG_CreateDuel).
   */
  preparedDuel(opts, prepare) {
    const M = this.M;
    const key = JSON.stringify([opts.seed.map(String), String(opts.flags), opts.team1, opts.team2, !!opts.enableUnsafeLibraries]);
    const t = this.templates.get(key);
    if (t && this.live.size === 0) {
      M.HEAPU8.set(t.memory);                    // the template's memory up to its last non-zero byte,
      zeroAbove(M.HEAPU8, t.memory.length);      // zeros above it (as in the template)
      this.duels.set(t.id, opts);
      for (const [kind, args] of t.calls) opts[kind]?.(...args);
      this.live.add(t.handle);
      this.fromTemplate = t.handle;
      return t.handle;
    }
    const calls = [];
    const record = (kind) => (...args) => { calls.push([kind, args]); return opts[kind]?.(...args); };
    const h = this.createDuel({ ...opts, cardReader: record("cardReader"), scriptReader: record("scriptReader"), log: record("log") });
    try { prepare(h); } catch (e) { this.destroyDuel(h); throw e; }
    const id = this.nextId - 1;
    this.duels.set(id, opts);
    if (this.live.size === 1) {
      if (this.templates.size >= MAX_TEMPLATES) this.templates.delete(this.templates.keys().next().value);
      this.templates.set(key, { memory: M.HEAPU8.slice(0, usedExtent(M.HEAPU8)), id, handle: h, calls });
      this.fromTemplate = h;
    }
    return h;
  }
  destroyDuel(h) {
    this.live.delete(h);
    // a restored template is not destroyed: the next preparedDuel copies its memory back anyway
    if (h === this.fromTemplate) { this.fromTemplate = null; return; }
    this.M._ocgapiDestroyDuel(h);
  }
  /** info: {team, duelist, code, controller, location, sequence, position} */
  newCard(h, info) {
    const M = this.M, sp = M.stackSave();
    const p = M.stackAlloc(24);
    M.HEAPU8.fill(0, p, p + 24);
    const d = new DataView(M.HEAPU8.buffer);
    // OCG_NewCardInfo: 0 u8 team | 1 u8 duelist | 4 u32 code | 8 u8 con | 12 u32 loc | 16 u32 seq | 20 u32 pos
    d.setUint8(p + 0, info.team ?? info.controller);
    d.setUint8(p + 1, info.duelist ?? 0);
    d.setUint32(p + 4, info.code, true);
    d.setUint8(p + 8, info.controller);
    d.setUint32(p + 12, info.location, true);
    d.setUint32(p + 16, info.sequence ?? 0, true);
    d.setUint32(p + 20, info.position, true);
    M._ocgapiDuelNewCard(h, p);
    M.stackRestore(sp);
  }
  startDuel(h) { this.M._ocgapiStartDuel(h); }
  process(h) { return this.M._ocgapiDuelProcess(h); }
  /** Raw message buffer (copy): sequence of [u32 len][len bytes: u8 type + payload]. */
  getMessageBuffer(h) {
    const M = this.M, sp = M.stackSave();
    const lp = M.stackAlloc(4);
    const ptr = M._ocgapiDuelGetMessage(h, lp);
    const len = M.getValue(lp, "i32") >>> 0;
    M.stackRestore(sp);
    return M.HEAPU8.slice(ptr, ptr + len);
  }
  /** Split the buffer into messages: [{type, body: Uint8Array (without type byte), raw}] */
  getMessages(h) {
    const buf = this.getMessageBuffer(h);
    const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const out = [];
    for (let off = 0; off < buf.length;) {
      const len = dv.getUint32(off, true);
      const raw = buf.subarray(off + 4, off + 4 + len);
      out.push({ type: raw[0], body: raw.subarray(1), raw });
      off += 4 + len;
    }
    return out;
  }
  setResponse(h, bytes) {
    const M = this.M, sp = M.stackSave();
    const p = M.stackAlloc(Math.max(bytes.length, 1));
    M.HEAPU8.set(bytes, p);
    M._ocgapiDuelSetResponse(h, p, bytes.length);
    M.stackRestore(sp);
  }
  loadScript(h, name, text) {
    const M = this.M;
    const n = M.lengthBytesUTF8(text);
    const buf = M._malloc(n + 1);
    M.stringToUTF8(text, buf, n + 1);
    const nn = M.lengthBytesUTF8(name);
    const nameP = M._malloc(nn + 1);
    M.stringToUTF8(name, nameP, nn + 1);
    try { return M._ocgapiLoadScript(h, buf, n, nameP) === 1; }
    finally { M._free(buf); M._free(nameP); }
  }
  queryCount(h, player, location) { return this.M._ocgapiDuelQueryCount(h, player, location); }
  // OCG_QueryInfo: 0 u32 flags | 4 u8 con | 8 u32 loc | 12 u32 seq | 16 u32 overlay_seq (size 20)
  _queryInfo(flags, con, loc, seq, oseq) {
    const M = this.M;
    const p = M.stackAlloc(20);
    const d = new DataView(M.HEAPU8.buffer);
    d.setUint32(p, flags, true); d.setUint8(p + 4, con); d.setUint32(p + 8, loc, true);
    d.setUint32(p + 12, seq, true); d.setUint32(p + 16, oseq, true);
    return p;
  }
  /** Raw OCG_DuelQuery result: [u16 size][u32 flag][value] ... ending with QUERY_END. */
  queryRaw(h, { flags, controller, location, sequence = 0, overlaySequence = 0 }) {
    const M = this.M, sp = M.stackSave();
    const lp = M.stackAlloc(4);
    const qi = this._queryInfo(flags, controller, location, sequence, overlaySequence);
    const ptr = M._ocgapiDuelQuery(h, lp, qi);
    const len = M.getValue(lp, "i32") >>> 0;
    M.stackRestore(sp);
    return ptr ? M.HEAPU8.slice(ptr, ptr + len) : null;
  }
  queryLocationRaw(h, { flags, controller, location }) {
    return this.queryLocationView(h, flags, controller, location).slice();
  }
  /** OCG_DuelQueryLocation's result as it lies in the core's memory, not copied: valid until the next
   *  call into the core (the caller copies what it keeps). The query info and the length are written
   *  and read through a 32-bit view of the memory (made again when the memory has grown). */
  queryLocationView(h, flags, controller, location) {
    const M = this.M, sp = M.stackSave();
    const lp = M.stackAlloc(24), qi = lp + 4;        // u32 length, then OCG_QueryInfo (20 bytes)
    let w = this.words;
    if (!w || w.buffer !== M.HEAPU8.buffer) w = this.words = new Uint32Array(M.HEAPU8.buffer);
    const q = qi >> 2;
    w[q] = flags; w[q + 1] = controller & 0xff; w[q + 2] = location; w[q + 3] = 0; w[q + 4] = 0;
    const ptr = M._ocgapiDuelQueryLocation(h, lp, qi);
    const u8 = M.HEAPU8;
    const len = (u8[lp] | (u8[lp + 1] << 8) | (u8[lp + 2] << 16) | (u8[lp + 3] << 24)) >>> 0;
    M.stackRestore(sp);
    return u8.subarray(ptr, ptr + len);
  }
  queryFieldRaw(h) {
    const M = this.M, sp = M.stackSave();
    const lp = M.stackAlloc(4);
    const ptr = M._ocgapiDuelQueryField(h, lp);
    const len = M.getValue(lp, "i32") >>> 0;
    M.stackRestore(sp);
    return M.HEAPU8.slice(ptr, ptr + len);
  }
}
