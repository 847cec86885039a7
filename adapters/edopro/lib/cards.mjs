// cards.mjs — duelspec EDOPro adapter (MIT). Card data for the engine's card reader:
//  * duelspec's own card catalogue (features/cards/ygo.json format), and/or
//  * the user's EDOPro cards.cdb files (--cdb, later ones override earlier ones), which win.
// Archetype names of the catalogue become setcodes through the `SET_*` constants of the
// user's CardScripts checkout (archetype_setcode_constants.lua), read at run time.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CardDB } from "./cdb.mjs";

// Numeric constants of ocgcore (common.h / card_data); facts, not code.
export const TYPE = { monster: 0x1, spell: 0x2, trap: 0x4, normal: 0x10, effect: 0x20, fusion: 0x40,
  ritual: 0x80, spirit: 0x200, union: 0x400, gemini: 0x800, tuner: 0x1000, synchro: 0x2000,
  token: 0x4000, "quick-play": 0x10000, continuous: 0x20000, equip: 0x40000, field: 0x80000,
  counter: 0x100000, flip: 0x200000, toon: 0x400000, xyz: 0x800000, pendulum: 0x1000000,
  link: 0x4000000 };
export const ATTRIBUTE = { EARTH: 0x1, WATER: 0x2, FIRE: 0x4, WIND: 0x8, LIGHT: 0x10, DARK: 0x20, DIVINE: 0x40 };
export const RACE = { warrior: 0x1, spellcaster: 0x2, fairy: 0x4, fiend: 0x8, zombie: 0x10, machine: 0x20,
  aqua: 0x40, pyro: 0x80, rock: 0x100, wingedbeast: 0x200, plant: 0x400, insect: 0x800, thunder: 0x1000,
  dragon: 0x2000, beast: 0x4000, beastwarrior: 0x8000, dinosaur: 0x10000, fish: 0x20000,
  seaserpent: 0x40000, reptile: 0x80000, psychic: 0x100000, divinebeast: 0x200000, creatorgod: 0x400000,
  wyrm: 0x800000, cyberse: 0x1000000, illusion: 0x2000000 };

/** Meanings of a few card-script option strings (aux.Stringid(code, i)) for runs without a
 *  cards.cdb: the words a duelspec script uses to choose them. Each read off the script. */
export const CARD_STRINGS = {
  // Diabolos, King of the Abyss: c29424328.lua:45-47 SelectOption(tp, Stringid(id,1), Stringid(id,2));
  // opt==1 -> Duel.MoveSequence(tc,1) (SEQ_DECKBOTTOM); opt 0 leaves it on top
  29424328: { 1: "Put card at top of deck", 2: "Put card at bottom of deck" },
  // Commander of Swords: c12197543.lua:36-44 SelectEffect(tp, {b1,Stringid(id,1)}, {b2,Stringid(id,2)});
  // op 1 -> Duel.SendtoGrave(rg, REASON_EFFECT|REASON_DISCARD), op 2 -> Duel.Destroy of a Spell/Trap
  12197543: { 1: "Discard the drawn cards", 2: "Destroy 1 Spell/Trap your opponent controls" },
};

/** EDOPro system strings (strings.conf `!system`) that scripts pass to SelectOption. */
export const SYSTEM_STRINGS = { 70: "Monster", 71: "Spell", 72: "Trap" };

const norm = (s) => String(s).toUpperCase().replace(/[^A-Z0-9]/g, "");

/** `SET_NAME = 0x..` lines of a CardScripts archetype_setcode_constants.lua -> {normalised name: code}. */
export function readSetcodes(scriptDirs) {
  const out = {};
  for (const d of scriptDirs) {
    const f = join(d, "archetype_setcode_constants.lua");
    if (!existsSync(f)) continue;
    for (const m of readFileSync(f, "utf8").matchAll(/^\s*SET_([A-Z0-9_]+)\s*=\s*(0x[0-9a-fA-F]+|\d+)/gm))
      out[norm(m[1])] ??= Number(m[2]);
  }
  return out;
}

/** One catalogue card -> OCG_CardData fields (+ name). */
export function fromCatalogue(c, setcodes = {}, warn = () => {}) {
  const code = Number(c.id);
  let type = TYPE[c.card_type] ?? 0;
  for (const s of c.subtypes ?? []) {
    // TYPE_NORMAL (0x10) is a monster type: a Normal Spell/Trap is TYPE_SPELL/TYPE_TRAP alone
    // (as in a cards.cdb). With 0x10 every IsType(TYPE_NORMAL) test of a script takes it for a
    // Normal Monster (and ygopro-core's interpreter::is_load_script would not load its script).
    if (s === "normal" && c.card_type !== "monster") continue;
    if (s in TYPE) type |= TYPE[s];
    else warn(`card ${c.id}: subtype ${s} has no engine type bit`);
  }
  const sets = [];
  for (const a of c.archetypes ?? []) {
    const v = setcodes[norm(a)];
    if (v != null) sets.push(v); else if (Object.keys(setcodes).length) warn(`card ${c.id}: archetype ${a} has no SET_ constant`);
  }
  const isLink = !!(type & TYPE.link);
  return {
    code, alias: 0, setcodes: sets, type,
    level: c.rank ?? c.link ?? c.level ?? 0,
    attribute: ATTRIBUTE[c.attribute] ?? 0,
    race: BigInt(RACE[norm(c.race ?? "").toLowerCase()] ?? 0),
    attack: c.atk ?? 0, defense: isLink ? 0 : (c.def ?? 0),
    lscale: c.scale ?? 0, rscale: c.scale ?? 0, link_marker: 0,
    name: c.name?.en ?? String(code),
  };
}

export class CardSource {
  /** catalogues: paths of catalogue JSON files; cdbs: cards.cdb paths; scriptDirs for SET_ constants. */
  constructor({ catalogues = [], cdbs = [], scriptDirs = [], warn = () => {} } = {}) {
    this.db = cdbs.length ? new CardDB(cdbs) : null;
    this.catalogue = {};
    const setcodes = readSetcodes(scriptDirs);
    for (const f of catalogues) {
      const doc = JSON.parse(readFileSync(f, "utf8"));
      for (const c of doc.cards ?? []) this.catalogue[Number(c.id)] = fromCatalogue(c, setcodes, warn);
    }
    this.missing = new Set();
  }
  has(code) { return !!(this.db?.read(code) || this.catalogue[code]); }
  read(code) {
    const r = this.db?.read(code) ?? this.catalogue[code] ?? null;
    if (!r) this.missing.add(code);
    return r;
  }
  name(code) { return this.db?.name(code) ?? this.catalogue[code]?.name ?? null; }
  /** Code of the card named `name` (catalogue names, case- and punctuation-insensitive). */
  codeNamed(name) {
    const want = norm(name);
    for (const [code, c] of Object.entries(this.catalogue)) if (norm(c.name) === want) return Number(code);
    return null;
  }
  /** Text of aux.Stringid(code, i): the user's cards.cdb, else the adapter's own table. */
  string(code, i) { return this.db?.string(code, i) ?? CARD_STRINGS[code]?.[i] ?? null; }
}
