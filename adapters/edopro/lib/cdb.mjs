// cdb.mjs — duelspec EDOPro adapter (MIT). A minimal, dependency-free, read-only SQLite reader, just enough
// to look up rows of a YGOPro/EDOPro cards.cdb by INTEGER PRIMARY KEY (rowid):
//   datas(id, ot, alias, setcode, type, atk, def, level, race, attribute, category)
//   texts(id, name, desc, str1..str16)
// Follows the SQLite file format (https://sqlite.org/fileformat2.html): table b-trees
// (page types 0x05 interior / 0x0d leaf), varints, record serial types, overflow pages.
import { readFileSync } from "node:fs";

export class SqliteFile {
  constructor(path) {
    this.b = readFileSync(path);
    if (this.b.toString("latin1", 0, 15) !== "SQLite format 3") throw new Error(`${path}: not an SQLite 3 file`);
    let ps = this.b.readUInt16BE(16);
    this.pageSize = ps === 1 ? 65536 : ps;
    this.usable = this.pageSize - this.b[20];
    this.tables = {};
    for (const row of this.scan(1)) {
      const [type, name, , rootpage, sql] = row.values;
      if (type === "table") this.tables[name] = { root: rootpage, sql };
    }
  }
  page(n) { return this.b.subarray((n - 1) * this.pageSize, n * this.pageSize); }
  varint(buf, o) {
    let v = 0n;
    for (let i = 0; i < 9; i++) {
      const c = buf[o + i];
      if (i === 8) return [(v << 8n) | BigInt(c), o + 9];
      v = (v << 7n) | BigInt(c & 0x7f);
      if (!(c & 0x80)) return [v, o + i + 1];
    }
  }
  header(n) {
    const p = this.page(n), off = n === 1 ? 100 : 0;
    const type = p[off];
    const ncells = p.readUInt16BE(off + 3);
    const interior = type === 0x05 || type === 0x02;
    const hdr = off + (interior ? 12 : 8);
    const right = interior ? p.readUInt32BE(off + 8) : 0;
    const cells = [];
    for (let i = 0; i < ncells; i++) cells.push(p.readUInt16BE(hdr + i * 2));
    return { p, type, cells, right };
  }
  // Read a leaf-table cell at offset o of page p => {rowid, payload Buffer}
  leafCell(p, o) {
    let [size, o1] = this.varint(p, o);
    let [rowid, o2] = this.varint(p, o1);
    size = Number(size);
    const U = this.usable, X = U - 35;
    if (size <= X) return { rowid, payload: p.subarray(o2, o2 + size) };
    const M = Math.floor(((U - 12) * 32) / 255) - 23;
    const K = M + ((size - M) % (U - 4));
    const local = K <= X ? K : M;
    const parts = [p.subarray(o2, o2 + local)];
    let left = size - local, next = p.readUInt32BE(o2 + local);
    while (left > 0 && next) {
      const op = this.page(next);
      const take = Math.min(left, U - 4);
      parts.push(op.subarray(4, 4 + take));
      left -= take; next = op.readUInt32BE(0);
    }
    return { rowid, payload: Buffer.concat(parts) };
  }
  record(payload) {
    let [hlen, o] = this.varint(payload, 0);
    hlen = Number(hlen);
    const types = [];
    while (o < hlen) { let t; [t, o] = this.varint(payload, o); types.push(Number(t)); }
    let d = hlen;
    const vals = [];
    for (const t of types) {
      let v;
      if (t === 0) v = null;
      else if (t >= 1 && t <= 6) {
        const n = [0, 1, 2, 3, 4, 6, 8][t];
        let x = 0n;
        for (let i = 0; i < n; i++) x = (x << 8n) | BigInt(payload[d + i]);
        x = BigInt.asIntN(n * 8, x);
        v = x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x;
        d += n;
      } else if (t === 7) { v = payload.readDoubleBE(d); d += 8; }
      else if (t === 8) v = 0;
      else if (t === 9) v = 1;
      else if (t >= 12 && t % 2 === 0) { const n = (t - 12) / 2; v = payload.subarray(d, d + n); d += n; }
      else if (t >= 13) { const n = (t - 13) / 2; v = payload.toString("utf8", d, d + n); d += n; }
      vals.push(v);
    }
    return vals;
  }
  *scan(root) {
    const h = this.header(root);
    if (h.type === 0x0d) {
      for (const c of h.cells) { const { rowid, payload } = this.leafCell(h.p, c); yield { rowid, values: this.record(payload) }; }
    } else if (h.type === 0x05) {
      for (const c of h.cells) yield* this.scan(h.p.readUInt32BE(c));
      yield* this.scan(h.right);
    }
  }
  get(table, rowid) {
    const t = this.tables[table];
    if (!t) throw new Error(`no table ${table}`);
    const key = BigInt(rowid);
    let n = t.root;
    for (;;) {
      const h = this.header(n);
      if (h.type === 0x0d) {
        for (const c of h.cells) {
          const { rowid: r, payload } = this.leafCell(h.p, c);
          if (r === key) { const v = this.record(payload); return v; }
        }
        return null;
      }
      if (h.type !== 0x05) throw new Error(`unexpected page type ${h.type}`);
      let child = h.right;
      for (const c of h.cells) {
        const [k] = this.varint(h.p, c + 4);
        if (key <= k) { child = h.p.readUInt32BE(c); break; }
      }
      n = child;
    }
  }
}

const TYPE_LINK = 0x4000000;

/** EDOPro-style card reader over one or more .cdb files (later files override earlier). */
export class CardDB {
  constructor(paths) { this.dbs = paths.map((p) => new SqliteFile(p)); }
  read(code) {
    for (let i = this.dbs.length - 1; i >= 0; i--) {
      const v = this.dbs[i].get("datas", code);
      if (!v) continue;
      // id is the rowid alias (stored as NULL in the record)
      const [, , alias, setcode, type, atk, def, level, race, attribute] = v;
      const sc = BigInt(setcode ?? 0);
      const setcodes = [0n, 16n, 32n, 48n].map((s) => Number((sc >> s) & 0xffffn)).filter((x) => x);
      const lv = Number(level ?? 0);
      const isLink = (type & TYPE_LINK) !== 0;
      return {
        code, alias: alias ?? 0, setcodes, type: type >>> 0,
        level: lv & 0xff, lscale: (lv >>> 24) & 0xff, rscale: (lv >>> 16) & 0xff,
        attribute: attribute ?? 0, race: BigInt(race ?? 0),
        attack: atk ?? 0, defense: isLink ? 0 : def ?? 0, link_marker: isLink ? def ?? 0 : 0,
      };
    }
    return null;
  }
  name(code) {
    for (let i = this.dbs.length - 1; i >= 0; i--) {
      if (!this.dbs[i].tables.texts) continue;
      const v = this.dbs[i].get("texts", code);
      if (v) return v[1];
    }
    return null;
  }
  /** The card's string str<i+1> (aux.Stringid(code, i)), or null. */
  string(code, i) {
    for (let k = this.dbs.length - 1; k >= 0; k--) {
      if (!this.dbs[k].tables.texts) continue;
      const v = this.dbs[k].get("texts", code);
      if (v && v[3 + i]) return v[3 + i];
    }
    return null;
  }
}
