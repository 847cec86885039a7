"""Card data for the classic core's card reader.

Two sources, the user's ``cards.cdb`` files winning over duelspec's catalogue:

* ``cards.cdb`` (YGOPro's SQLite card database: ``datas(id, ot, alias, setcode, type, atk, def,
  level, race, attribute, category)``, ``texts(id, name, desc, str1..str16)``), read with the
  standard library's ``sqlite3``;
* duelspec's card catalogue (``features/cards/ygo.json``): type bits from ``card_type`` and
  ``subtypes``, archetypes through :data:`SETCODES`.

The Normal-monster hazard: ``TYPE_NORMAL`` (0x10) is a *monster* type. A Normal Spell/Trap is
``TYPE_SPELL``/``TYPE_TRAP`` alone (a cards.cdb gives 0x2 / 0x4); with 0x10 the core takes the
card for a Normal Monster and never loads its script (``interpreter::is_load_script``,
interpreter.cpp:699-703 at ygopro-core db4fd16), and every ``IsType(TYPE_NORMAL)`` test of a
card script says yes. So ``normal`` in a spell's or trap's subtypes sets no bit.
"""
from __future__ import annotations

import json
import re
import sqlite3

# ygopro-core common.h (facts)
TYPE = {"monster": 0x1, "spell": 0x2, "trap": 0x4, "normal": 0x10, "effect": 0x20, "fusion": 0x40,
        "ritual": 0x80, "spirit": 0x200, "union": 0x400, "gemini": 0x800, "tuner": 0x1000, "synchro": 0x2000,
        "token": 0x4000, "quick-play": 0x10000, "continuous": 0x20000, "equip": 0x40000, "field": 0x80000,
        "counter": 0x100000, "flip": 0x200000, "toon": 0x400000, "xyz": 0x800000, "pendulum": 0x1000000,
        "link": 0x4000000}
#: subtypes that are type bits of monsters only (a Spell's/Trap's "normal" / "ritual" are not)
MONSTER_ONLY = {"normal", "effect", "fusion", "spirit", "union", "gemini", "tuner", "synchro", "token",
                "flip", "toon", "xyz", "pendulum", "link"}
#: of a Spell: "ritual" is a Ritual Spell: TYPE_SPELL | TYPE_RITUAL (0x82) as in a cards.cdb
SPELL_TRAP_BITS = {"spell": {"quick-play", "continuous", "equip", "field", "ritual"},
                   "trap": {"continuous", "counter"}}
ATTRIBUTE = {"EARTH": 0x1, "WATER": 0x2, "FIRE": 0x4, "WIND": 0x8, "LIGHT": 0x10, "DARK": 0x20, "DIVINE": 0x40}
RACE = {"warrior": 0x1, "spellcaster": 0x2, "fairy": 0x4, "fiend": 0x8, "zombie": 0x10, "machine": 0x20,
        "aqua": 0x40, "pyro": 0x80, "rock": 0x100, "wingedbeast": 0x200, "plant": 0x400, "insect": 0x800,
        "thunder": 0x1000, "dragon": 0x2000, "beast": 0x4000, "beastwarrior": 0x8000, "dinosaur": 0x10000,
        "fish": 0x20000, "seaserpent": 0x40000, "reptile": 0x80000, "psychic": 0x100000,
        "divinebeast": 0x200000, "creatorgod": 0x400000, "wyrm": 0x800000, "cyberse": 0x1000000,
        "illusion": 0x2000000}

#: Archetype (English name as in the catalogue) -> YGOPro setcode. Values from the `!setname`
#: lines of Fluorohydride/ygopro strings.conf at 33f7bcf (their Japanese names in the comment
#: identify them). Archetypes of the catalogue missing here get no setcode (a warning with
#: --verbose); a cards.cdb gives every card its exact setcodes.
SETCODES = {
    "Alien": 0xC,                       # エーリアン
    "Archfiend": 0x45,                  # デーモン
    "Barian's": 0x176,                  # バリアンズ
    "Black Luster Soldier": 0x10CF,     # カオス・ソルジャー
    "Blue-Eyes": 0xDD,                  # ブルーアイズ
    "Celtic Guard": 0xE4,               # エルフの剣士 (the OCG name of the TCG's "Celtic Guard")
    "Chaos": 0xCF,                      # カオス
    "Cyber": 0x93,                      # サイバー
    "Flower Cardian": 0xE6,             # 花札衛
    "Fur Hire": 0x114,                  # 空牙団
    "Galaxy": 0x7B,                     # ギャラクシー
    "Galaxy-Eyes": 0x107B,              # ギャラクシーアイズ
    "Galaxy-Eyes Tachyon Dragon": 0x307B,  # ギャラクシーアイズ・タキオン・ドラゴン
    "Gravekeeper's": 0x2E,              # 墓守
    "Hole": 0x89,                       # ホール
    "Infernity": 0xB,                   # インフェルニティ
    "Infernoid": 0xBB,                  # インフェルノイド
    "Knightmare": 0x112,                # トロイメア
    "Koa'ki Meiru": 0x1D,               # コアキメイル
    "Malefic": 0x23,                    # Sin
    "Number": 0x48,                     # No.（ナンバーズ）
    "Number C": 0x1048,                 # CNo.
    "Rank-Up-Magic": 0x95,              # RUM
    "Red-Eyes": 0x3B,                   # レッドアイズ
    "Rose": 0x123,                      # ローズ
    "Rose Dragon": 0x1123,              # ローズ・ドラゴン
    "Seventh": 0x175,                   # セブンス
    "Sylvan": 0x90,                     # 森羅
    "Tachyon": 0x1B4,                   # タキオン
    "Utopia": 0x107F,                   # 希望皇ホープ
    "Utopic": 0x7F,                     # ホープ
    "Zexal": 0x7E,                      # ゼアル
    "ZW -": 0x107E,                     # ZW（ゼアル・ウェポン）
    "sprout": 0xA6,                     # スプラウト
}


#: Texts of a few card-script option strings (aux.Stringid(code, i), i.e. str<i+1> of a cards.cdb)
#: for runs without a cards.cdb: the words a duelspec script uses to choose them. Each read off
#: the script at ygopro-scripts 090e881.
CARD_STRINGS = {
    # Diabolos, King of the Abyss: c29424328.lua:43-45 SelectOption(tp, Stringid(id,1), Stringid(id,2));
    # opt==1 -> Duel.MoveSequence(tc,1) (the bottom of the Deck); opt 0 leaves it on top
    29424328: {1: "Put card at top of deck", 2: "Put card at bottom of deck"},
    # c12197543.lua:26-33 SelectOption(tp, Stringid(id,0)[, Stringid(id,1)]); opt 0 -> SendtoGrave
    # (REASON_EFFECT+REASON_DISCARD) of the revealed card, opt 1 -> destroy 1 Spell/Trap the opponent controls
    12197543: {0: "Discard that card", 1: "Destroy 1 Spell/Trap your opponent controls"},
}


def _norm(s: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", str(s).upper())


def from_catalogue(c: dict, warn=lambda s: None) -> dict:
    """One catalogue card -> card reader fields (+ ``name``, ``strings``)."""
    kind = c.get("card_type")
    t = TYPE.get(kind, 0)
    for s in c.get("subtypes", []):
        if kind == "monster":
            if s in TYPE:
                t |= TYPE[s]
            else:
                warn(f"card {c['id']}: monster subtype {s!r} has no core type bit")
        elif s in SPELL_TRAP_BITS.get(kind, ()):
            t |= TYPE[s]
        elif s != "normal":  # a Normal Spell/Trap is TYPE_SPELL/TYPE_TRAP alone (module docstring)
            warn(f"card {c['id']}: {kind} subtype {s!r} has no core type bit")
    sets = []
    for a in c.get("archetypes", []):
        if a in SETCODES:
            sets.append(SETCODES[a])
        else:
            warn(f"card {c['id']}: archetype {a!r} has no setcode in this adapter's table (give a cards.cdb)")
    link = bool(t & TYPE["link"])
    scale = c.get("scale", 0) or 0
    return {"code": int(c["id"]), "alias": 0, "setcodes": sets, "type": t,
            "level": c.get("rank") or c.get("link") or c.get("level") or 0,
            "attribute": ATTRIBUTE.get(c.get("attribute"), 0),
            "race": RACE.get(_norm(c.get("race", "")).lower(), 0),
            "attack": c.get("atk", 0) or 0, "defense": 0 if link else (c.get("def", 0) or 0),
            "lscale": scale, "rscale": scale, "link_marker": 0,
            "name": (c.get("name") or {}).get("en") or str(c["id"]), "strings": {}}


def from_cdb_row(row, texts=None) -> dict:
    """A ``datas`` row (id, ot, alias, setcode, type, atk, def, level, race, attribute, category)
    -> card reader fields. ``level`` packs lscale << 24 | rscale << 16 | level; a Link
    monster's ``def`` is its link markers (as YGOPro's own reader does)."""
    code, _ot, alias, setcode, typ, atk, dfn, level, race, attr = row[:10]
    setcode = setcode or 0
    sets = [(setcode >> s) & 0xFFFF for s in (0, 16, 32, 48) if (setcode >> s) & 0xFFFF]
    link = bool((typ or 0) & TYPE["link"])
    rec = {"code": code, "alias": alias or 0, "setcodes": sets, "type": typ or 0, "level": (level or 0) & 0xFF,
           "lscale": ((level or 0) >> 24) & 0xFF, "rscale": ((level or 0) >> 16) & 0xFF,
           "attribute": attr or 0, "race": race or 0, "attack": atk or 0, "defense": 0 if link else (dfn or 0),
           "link_marker": (dfn or 0) if link else 0, "name": str(code), "strings": {}}
    if texts:
        rec["name"] = texts[1] or rec["name"]
        rec["strings"] = {i: s for i, s in enumerate(texts[3:19]) if s}
    return rec


class CardSource:
    """Card data by code: ``cdbs`` (paths; later ones win) over ``catalogues`` (paths).

    Raises ``ValueError`` naming the file for a catalogue that is not JSON or a cards.cdb
    without a ``datas`` table."""

    def __init__(self, catalogues=(), cdbs=(), warn=lambda s: None):
        self.cards: dict[int, dict] = {}
        for path in catalogues:
            try:
                with open(path, encoding="utf-8") as f:
                    doc = json.load(f)
            except (OSError, ValueError) as exc:
                raise ValueError(f"{path}: expected a duelspec card catalogue (JSON): {exc}") from None
            for c in doc.get("cards", []):
                rec = from_catalogue(c, warn)
                self.cards[rec["code"]] = rec
        for path in cdbs:
            try:
                con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
                rows = con.execute("SELECT id, ot, alias, setcode, type, atk, def, level, race, attribute "
                                   "FROM datas").fetchall()
                texts = {}
                try:
                    for t in con.execute("SELECT * FROM texts"):
                        texts[t[0]] = t
                except sqlite3.Error:
                    pass
                con.close()
            except sqlite3.Error as exc:
                raise ValueError(f"{path}: expected a YGOPro cards.cdb (SQLite with a `datas` table): {exc}") from None
            for row in rows:
                self.cards[row[0]] = from_cdb_row(row, texts.get(row[0]))

    def has(self, code: int) -> bool:
        return code in self.cards

    def read(self, code: int) -> dict | None:
        return self.cards.get(code)

    def name(self, code: int) -> str | None:
        c = self.cards.get(code)
        return c["name"] if c else None

    def code_named(self, name: str) -> int | None:
        """The code of the card named ``name`` (case and punctuation ignored), or None."""
        want = _norm(name)
        hits = [code for code, c in self.cards.items() if _norm(c["name"]) == want]
        return hits[0] if len(hits) == 1 else None

    def string(self, code: int, i: int) -> str | None:
        """Text of ``aux.Stringid(code, i)`` (str<i+1> of a cards.cdb), or None."""
        c = self.cards.get(code)
        return (c or {}).get("strings", {}).get(i) or CARD_STRINGS.get(code, {}).get(i)
