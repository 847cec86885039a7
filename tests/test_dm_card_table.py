"""The table of every ability the Duel Masters reference engine models for a real card
(``features/cards/dm-abilities.json``) against the Japanese text of each card (``text_ja`` in
``features/cards/dm.json``) and the engine's card code (issue 25 §5).

The rulings are Japanese (the attack page, AT-*), so a card's Japanese wording decides when its
ability happens and whether its controller may decline it: 「このクリーチャーが攻撃する時」 (AT-S3),
「ブロックした時」/「ブロックされた時」 (AT-S5), 「バトルする時」 (AT-S6a: applies once the battle is
fixed), 「バトルに勝った時」 (AT-S6a: waits with the "when destroyed" abilities), 「バトルの後」
(AT-S6a: after them), 「シールドがブレイクされる時」 (AT-S6b: before the break),
「ブレイクした時」 (AT-S6b: after the shield triggers), 「攻撃したあと」 (AT-S7); 「〜てもよい」: optional.
A row cannot drift from its card's text, nor the engine's code from the row.
"""
from __future__ import annotations

import copy
import json
import re
import unicodedata

import pytest

from duelspec.catalogue import cards as catalogue
from duelspec.reference_engine.dm import cards as C
from duelspec.resources import features_dir
from card_tables import assert_drift_reported

TABLE = features_dir() / "cards" / "dm-abilities.json"
OPTIONAL = re.compile("てもよい|てよい")
#: the Japanese words that name each timing (Triggered / NotModelled), condition (Static.when),
#: static kind or marker
TIMING_WORDS = {
    "when-attacks": "このクリーチャーが攻撃する(時|とき)",
    "ally-attacks": "自分の(他の)?[^、。]*(クリーチャー|ドラゴン)が攻撃する(時|とき)",
    "opponent-attacks": "相手の[^、。]*クリーチャーが攻撃する(時|とき)",
    "when-attacked": "攻撃された(時|とき)|攻撃を受けた(時|とき)",
    "when-blocks": "ブロックした(時|とき)|ブロックする(時|とき)",
    "when-blocked": "ブロックされた(時|とき|場合)",
    "when-not-blocked": "ブロックされなかった(時|とき)",
    "when-wins-battle": "バトルに勝った(時|とき)",
    "after-battle": "バトルの(後|あと)",
    "when-destroyed": "破壊された(時|とき)",
    "ally-destroyed": "自分のクリーチャーが破壊された(時|とき)",
    "after-attacking": "攻撃した(あと|後)|攻撃の(後|あと)",
    "when-breaks": "ブレイクした(時|とき)",
    "cip": "出(した|た)(時|とき)",
    "ally-enters": "他のクリーチャーがバトルゾーンに出た(時|とき)",
    "cost": "なければ",
    "while-attacking": "攻撃中",
    "while-tapped": "タップされていれば|タップされている(間|時)",
    "while-blocking": "ブロック中",
    "while-battling": "バトルする(時|とき)",
    "metamorph": "メタモーフ",
    "grant-keyword": "与える",
    "power": "パワー(を|は)\\+",
    "destroy-replacement": "破壊される(時|とき)、[^。]*かわりに",
    "shield-break-replacement": "ブレイクされる(時|とき)、かわりに",
    "only-top-leaves": "一番上のカードだけ",
    "can-attack-untapped": "タップされていないクリーチャーを攻撃できる",
    "unblockable": "ブロックされない",
    "summoning-only": "シンパシー",
}
#: conditions printed as a heading above the abilities they govern (「メタモーフ(…次の能力を得る)」)
HEADINGS = ("metamorph",)
#: words that, in a timing fragment, contradict a timing: 「バトルする時、バトルの後」 is after the battle, not
#: a bonus while battling; 「バトルに勝っても」 is not 「バトルに勝った時」
CONTRADICTS = {"while-battling": "バトルの(後|あと)", "when-wins-battle": "勝っても"}
#: a catalogue keyword and the Japanese words of it that text_ja must carry
KEYWORD_WORDS = {
    "blocker": "ブロッカー", "double-breaker": "W(\\(ダブル\\))?・ブレイカー", "triple-breaker": "T(\\(トリプル\\))?・ブレイカー",
    "power-attacker": "パワーアタッカー", "shield-trigger": "S(\\(シールド\\))?・トリガー", "slayer": "スレイヤー",
    "cannot-attack-players": "相手プレイヤーを攻撃できない", "cannot-attack": "攻撃することができない|攻撃できない",
    "cannot-be-attacked": "攻撃されない", "wins-all-battles": "すべてのバトルに勝つ", "ninja-strike": "ニンジャ・ストライク",
    "revolution-change": "革命チェンジ", "invasion": "侵略", "evolution": "進化", "speed-attacker": "スピードアタッカー",
    "attacks-each-turn": "毎ターン攻撃", "revolution-0-trigger": "革命0トリガー", "s-back": "S・バック",
}


def load_table() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def _norm(s: str) -> str:
    """NFKC, no whitespace, dashes unified (the printings spell −/－/‐/- differently; the katakana
    long-vowel mark ー is a letter and stays)."""
    s = unicodedata.normalize("NFKC", s)
    s = re.sub(r"\s+", "", s)
    return re.sub("[−－‐-]", "-", s)


def engine_facts(ability) -> dict:
    """What the engine's code says of one ability: its object, timing (or condition / kind /
    marker) and whether its effect lets its controller decline."""
    if isinstance(ability, str):
        return {"engine": "marker:" + ability, "timing": ability, "optional": False}
    if isinstance(ability, C.Static):
        return {"engine": "Static", "timing": ability.when or ability.kind, "optional": ability.optional}
    facts = {"engine": type(ability).__name__, "timing": ability.timing}
    if isinstance(ability, C.Triggered):
        facts["optional"] = ability.optional
    return facts


def problems(table: dict, cat, scripts: dict) -> list[str]:
    """Every disagreement of ``table`` with the Japanese card texts and the engine's ``scripts``
    (catalogue id -> abilities). Empty when the table, the texts and the engine agree."""
    out = []
    no_ja = {x["card"]: x for x in table.get("no_japanese_text", [])}
    for code, item in no_ja.items():
        card = cat[code] if code in cat else None
        if card is None or card.get("text_ja") or not card.get("notes") or not item.get("why"):
            out.append(f"{TABLE.name} no_japanese_text {code}: a card listed here has no text_ja, a note and a reason")
    seen = set()
    for i, row in enumerate(table["abilities"]):
        code = row["card"]
        where = f"{TABLE.name} /abilities/{i} ({row['name']}, {row['timing']})"
        card = cat[code] if code in cat else None
        if card is None:
            out.append(f"{where}: no card {code} in the catalogue")
            continue
        seen.add((code, row["index"]))
        timing = row["timing"]
        if timing not in TIMING_WORDS and timing != "spell":
            out.append(f"{where}: unknown timing {timing!r}")
            continue
        if row["text"] is None:
            if code not in no_ja:
                out.append(f"{where}: only a card listed in no_japanese_text may quote no Japanese text")
        else:
            text = _norm(card.get("text_ja", ""))
            clause, frag = row["text"]["ability"], row["text"]["timing"]
            if _norm(clause) not in text:
                out.append(f"{where}: text.ability is not in the card's Japanese text: {clause!r}")
            if timing == "spell":
                if card["card_type"] != "spell" or frag is not None:
                    out.append(f"{where}: only a spell's ability has the timing 'spell' and no timing words")
            elif frag is None or _norm(frag) not in (text if timing in HEADINGS else _norm(clause)):
                out.append(f"{where}: text.timing must quote the ability's words that decide its timing: {frag!r}")
            elif not re.search(TIMING_WORDS[timing], _norm(frag)) or \
                    (timing in CONTRADICTS and re.search(CONTRADICTS[timing], _norm(frag))):
                out.append(f"{where}: timing {timing!r} but the wording {frag!r} does not say "
                           f"{TIMING_WORDS[timing]!r}")
            if row["optional"] != bool(OPTIONAL.search(clause)):
                out.append(f"{where}: optional={row['optional']} but the wording "
                           f"{'has' if OPTIONAL.search(clause) else 'has no'} 「てもよい」: {clause!r}")
        abilities = scripts.get(code, [])
        if row["index"] >= len(abilities):
            out.append(f"{where}: the engine has no ability {row['index']} for {code}")
            continue
        facts = engine_facts(abilities[row["index"]])
        if facts["engine"] == "NotModelled" and row.get("modelled", True):
            out.append(f"{where}: the engine does not model it: the row says modelled: false")
        for key, value in facts.items():
            if row[key] != value:
                out.append(f"{where}: the engine says {key}={value!r}, the table {row[key]!r}")
    for code, abilities in scripts.items():
        if code.startswith("test:"):
            continue
        for i, _ in enumerate(abilities):
            if (code, i) not in seen:
                out.append(f"{TABLE.name}: no row for the engine's ability {i} of {code}")
    return out


def test_the_table_the_texts_and_the_engine_agree():
    assert problems(load_table(), catalogue("dm"), C.SCRIPTS) == []


def test_every_real_card_has_its_japanese_text_with_a_source():
    no_ja = {x["card"] for x in load_table()["no_japanese_text"]}
    for card in catalogue("dm"):
        if card["id"].startswith("test:"):
            continue
        if card["id"] in no_ja:
            assert "text_ja" not in card and card.get("notes"), card["id"]
            continue
        assert "text_ja" in card and card["name"].get("ja"), card["id"]
        assert any("text_ja" in s["facts"] for s in card["sources"]), card["id"]
        assert bool(card["text_ja"]) == bool(card["text"]), card["id"]    # a vanilla card has neither


def test_every_keyword_is_in_the_japanese_text():
    """A catalogue keyword the engine reads (blocker, W・ブレイカー, スレイヤー, …) is printed in the
    card's Japanese text too."""
    missing = []
    for card in catalogue("dm"):
        text = _norm(card.get("text_ja", ""))
        if not text:
            continue
        for kw in card.get("keywords", []):
            words = KEYWORD_WORDS[kw.split(":", 1)[0]]
            if not re.search(words, text):
                missing.append(f"{card['id']} ({card['name']['en']}): keyword {kw} ({words}) not in its Japanese text")
    assert missing == []


MUTATIONS = [
    # the English reading of Bone Spider / Dark Clown ("when this creature wins a battle")
    ("Bone Spider", "timing", "when-wins-battle", "timing 'when-wins-battle'"),
    ("Dark Clown", "timing", "when-wins-battle", "timing 'when-wins-battle'"),
    ("Necrodragon Giland", "timing", "when-wins-battle", "timing 'when-wins-battle'"),
    ("Crash Lizard", "timing", "after-battle", "timing 'after-battle'"),
    ("Tajimal, Vizier of Aqua", "timing", "while-attacking", "timing 'while-attacking'"),
    ("Pulsar Tree", "timing", "destroy-replacement", "timing 'destroy-replacement'"),
    ("Hazard Hopper", "timing", "cip", "timing 'cip'"),
    ("Cetibols", "optional", False, "optional=False"),
    ("Metalwing Skyterror", "optional", True, "optional=True"),          # the English text says "you may"
    ("Pulsar Tree", "optional", False, "optional=False"),
    ("Joe's Toolkit", "timing", "when-attacks", "timing 'when-attacks'"),
]


@pytest.mark.parametrize("name,key,value,says", MUTATIONS, ids=[f"{m[0]}-{m[1]}" for m in MUTATIONS])
def test_a_row_that_drifts_from_its_text_is_reported(name, key, value, says):
    """The check can fail: one fact changed in the table (the engine unchanged) is reported against
    the wording and against the engine."""
    assert_drift_reported(load_table(), "abilities", name, key, value, says,
                          lambda table: problems(table, catalogue("dm"), C.SCRIPTS))


def test_an_engine_ability_that_drifts_is_reported():
    """The engine playing Bone Spider by its English text (a "when wins a battle" trigger) is reported."""
    drifted = dict(C.SCRIPTS)
    drifted["DM-01 48/110"] = [C.Triggered("when-wins-battle", C.destroy_self)]
    found = problems(load_table(), catalogue("dm"), drifted)
    assert any("Bone Spider" in p and "the engine says timing='when-wins-battle'" in p for p in found), found
    drifted["DM-07 19/55"] = [C.Triggered("when-destroyed", C.draw(1))]          # Cetibols' draw made mandatory
    found = problems(load_table(), catalogue("dm"), drifted)
    assert any("Cetibols" in p and "the engine says optional=False" in p for p in found), found


def test_a_misquoted_fragment_or_a_missing_row_is_reported():
    table = copy.deepcopy(load_table())
    row = next(r for r in table["abilities"] if r["name"] == "Cetibols")
    row["text"]["ability"] = row["text"]["ability"].replace("引いてもよい", "引く")
    found = problems(table, catalogue("dm"), C.SCRIPTS)
    assert any("Cetibols" in p and "not in the card's Japanese text" in p for p in found), found
    table = copy.deepcopy(load_table())
    table["abilities"] = [r for r in table["abilities"] if r["name"] != "Crash Lizard"]
    found = problems(table, catalogue("dm"), C.SCRIPTS)
    assert any("no row for the engine's ability 0 of DM-14 95/110" in p for p in found), found


def _quotes(s: str) -> list[str]:
    """The top-level 「…」 quotes of ``s`` (a quote may hold nested 「…」)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(s):
        if ch == "「":
            if depth == 0:
                start = i + 1
            depth += 1
        elif ch == "」" and depth:
            depth -= 1
            if depth == 0:
                out.append(s[start:i])
    return out


def cite_problems(lines: list[tuple[str, str]], cat, no_ja: set) -> list[str]:
    """Every ``# cites: card-text`` line (``(where, line)``) of a real card must name the card by
    catalogue id and quote its Japanese text (「…」, each quote in ``text_ja``); a card without a
    Japanese printing (``no_ja``) says so."""
    out = []
    for where, ln in lines:
        m = re.match(r"#\s*cites:\s*card-text\s*\|\s*(?P<name>[^|(]+?)\s*\((?P<id>[^)]+)\)(?P<rest>[^|]*)", ln)
        if not m or m["id"] not in cat:
            out.append(f"{where}: a card-text cite names the card and its catalogue id: {ln!r}")
            continue
        card = cat[m["id"]]
        if m["id"] in no_ja:
            if "no Japanese printing" not in ln:
                out.append(f"{where}: {m['id']} has no Japanese text; the cite must say so")
            continue
        quotes = _quotes(m["rest"])
        if not quotes:
            out.append(f"{where}: the cite of {card['name']['en']} quotes no Japanese text (「…」)")
        for q in quotes:
            if _norm(q) not in _norm(card.get("text_ja", "")):
                out.append(f"{where}: {q!r} is not in the Japanese text of {card['name']['en']}")
    return out


def _cite_lines():
    return [(f"{f.name}:{n}", ln.strip()) for f in sorted((features_dir() / "dm").rglob("*.feature"))
            for n, ln in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
            if re.match(r"\s*#\s*cites:\s*card-text", ln)]


def test_every_card_text_cite_quotes_the_japanese_text():
    """A DM scenario resting on a card's text quotes the Japanese text, the one that decides its timing."""
    no_ja = {x["card"] for x in load_table()["no_japanese_text"]}
    lines = _cite_lines()
    assert len(lines) >= 40
    assert cite_problems(lines, catalogue("dm"), no_ja) == []


def test_a_cite_of_the_english_text_is_reported():
    no_ja = {x["card"] for x in load_table()["no_japanese_text"]}
    bad = [("x.feature:1", "# cites: card-text | Bone Spider (DM-01 48/110): when this creature wins a battle, destroy it"),
           ("x.feature:2", "# cites: card-text | Bone Spider (DM-01 48/110) 「このクリーチャーがバトルに勝った時、このクリーチャーを破壊する。」"),
           ("x.feature:3", "# cites: card-text | Olgate, Nightmare Samurai (Promo-Y1 L14/20): whenever one of your creatures is destroyed")]
    found = cite_problems(bad, catalogue("dm"), no_ja)
    assert [p.split(":")[1] for p in found] == ["1", "2", "3"], found
