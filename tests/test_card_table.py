"""The table of every effect the Yu-Gi-Oh! reference engine models
(``features/cards/ygo-effects.json``) against the OCG text of each card (``text_ja`` in
``features/cards/ygo.json``), the page's card lists and the engine's classes (issue 9, part 1).

A card cannot drift from its text: each fact of a row must follow from the Japanese
wording it quotes (発動できる / 事ができる: optional; 発動する or no できる: mandatory;
「代わりに」 before 発動: cost-type; 「発動できる。このターン通常のドローを行う代わりに」:
effect-type; 「通常のドローを行えず」: a pledge; 「ドロー前」 / 「通常のドローを行う代わりに」:
the timing before the draw; このカード名の…１ターンに１度: once per turn by name), and the
engine's class must say the same. Where the wording is older than the two templates of the
page (no 発動 at all), the page's list ND-L-COST / ND-L-EFFECT decides, and the row says so.
"""
from __future__ import annotations

import copy
import json
import re
import unicodedata

import pytest

from duelspec.catalogue import cards as catalogue
from duelspec.catalogue import rulings
from duelspec.reference_engine.ygo import cards as C
from duelspec.reference_engine.ygo.cards import MODELS
from duelspec.resources import features_dir
from card_tables import assert_drift_reported

TABLE = features_dir() / "cards" / "ygo-effects.json"
OPTIONAL = re.compile("でき(る|ます)")
BEFORE_DRAW = re.compile("ドロー前|通常のドローを行う代わりに")
ON_NORMAL_DRAW = "通常のドローをしたこのカード"
EFFECT_TYPE = "発動できる。このターン通常のドローを行う代わりに"
COST_TYPE = re.compile("代わりに[^。]*発動(でき|す)る")
PLEDGE = "通常のドローを行えず"
NUMBERS = "①②③④⑤⑥⑦⑧⑨"
BY_NAME = re.compile("このカード名の([①-⑨]*)の?効果は(それぞれ)?１ターンに１度")


def load_table() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def _norm(s: str) -> str:
    """NFKC, no whitespace, dashes unified (the page and the database spell −/－/- differently)."""
    s = unicodedata.normalize("NFKC", s)
    s = re.sub(r"\s+", "", s)
    return re.sub("[−－‐ー-]", "-", s)


def _listed(ruling_id: str, cat, code: str) -> bool:
    """Does the page's list ``ruling_id`` name the card ``code`` (by its Japanese or English name)?"""
    summary = _norm(rulings()[ruling_id].summary)
    names = cat[code]["name"]
    return any(_norm(n) in summary for n in (names.get("ja", ""), names["en"]) if n) or \
        (code == "27564031" and "SinWorld" in summary)          # the page writes Sin World in Latin letters


def expected_speed(card: dict, timing: str) -> int | None:
    """Spell speed by the general rule: a Counter Trap 3; a Trap Card or a Trap's effect, a
    Quick-Play Spell, a Quick Effect 2; everything else 1; not activated (on-draw): None."""
    if timing in ("on-draw", "continuous"):
        return None
    if card["card_type"] == "trap":
        return 3 if timing == "card" and "counter" in card["subtypes"] else 2
    if timing == "card":
        return 2 if "quick-play" in card["subtypes"] else 1
    return 2 if timing == "quick" else 1


def problems(table: dict, cat, models: dict) -> list[str]:
    """Every disagreement of ``table`` with the card texts, the page's lists and ``models``
    (passcode -> effect classes). Empty when the table, the texts and the engine agree."""
    out = []
    rows = table["effects"]
    seen = set()
    for i, row in enumerate(rows):
        where = f"{TABLE.name} /effects/{i} ({row['name']}, {row['engine']})"
        code = row["card"]
        card = cat[code] if code in cat else None
        if card is None:
            out.append(f"{where}: no card {code} in the catalogue")
            continue
        seen.add((code, row["engine"]))
        text = _norm(card.get("text_ja", ""))
        if not text:
            out.append(f"{where}: the catalogue has no text_ja for {code}")
            continue
        clause = row["text"]["effect"]
        if clause is None:
            # activating a Continuous/Field Spell/Trap Card that has no text of its own: its type decides
            if row["timing"] != "card" or not {"continuous", "field"} & set(card["subtypes"]) \
                    or "timing" not in (row.get("decided_by") or {}):
                out.append(f"{where}: only activating a Continuous/Field Spell/Trap Card may quote no text (decided_by.timing)")
            clause = ""
        for key, frag in row["text"].items():
            if frag is not None and _norm(frag) not in text:
                out.append(f"{where}: text.{key} is not in the card's OCG text: {frag!r}")
        timing = row["timing"]
        # mandatory / optional
        if timing == "card":
            if row["mandatory"]:
                out.append(f"{where}: activating a card is the player's choice, it cannot be mandatory")
        elif row["mandatory"] != (not OPTIONAL.search(clause)):
            out.append(f"{where}: mandatory={row['mandatory']} but the wording "
                       f"{'has' if OPTIONAL.search(clause) else 'has no'} できる: {clause!r}")
        # timing
        if (timing == "before-draw") != bool(BEFORE_DRAW.search(clause)):
            out.append(f"{where}: timing {timing!r} but the wording {'does' if BEFORE_DRAW.search(clause) else 'does not'} "
                       f"say ドロー前 / 通常のドローを行う代わりに")
        if (timing == "on-draw") != (ON_NORMAL_DRAW in clause):
            out.append(f"{where}: timing {timing!r} vs {ON_NORMAL_DRAW!r} in the wording")
        if timing == "quick" and not re.search("発動した時|自分・相手ターンに", clause):
            out.append(f"{where}: a Quick Effect's wording says 発動した時 or 自分・相手ターンに")
        if timing == "card" and card["card_type"] not in ("spell", "trap"):
            out.append(f"{where}: only a Spell/Trap Card is activated as a card")
        if timing == "continuous" and "発動" in re.sub("発動でき(ず|ない)", "", clause):
            out.append(f"{where}: a continuous effect is not activated, but the wording says 発動")
        if timing in ("trigger", "ignition") and card["card_type"] == "monster" and not re.search("発動|場合|時", clause):
            out.append(f"{where}: an activated effect's wording says when (時/場合) or 発動")
        # replacement of the normal draw
        rep = row["replacement"]
        if PLEDGE in clause:
            want = "pledge"
        elif EFFECT_TYPE in clause:
            want = "effect"
        elif COST_TYPE.search(clause):
            want = "cost"
        elif "代わりに" in clause:
            want = None                         # older wording without 発動: the page's list decides
            lst = (row.get("decided_by") or {}).get("replacement")
            if lst not in ("ND-L-COST", "ND-L-EFFECT"):
                out.append(f"{where}: the wording has no template of the page; decided_by.replacement must name its list")
            else:
                want = {"ND-L-COST": "cost", "ND-L-EFFECT": "effect"}[lst]
        else:
            want = None
        if rep != want:
            out.append(f"{where}: replacement {rep!r}, the wording/list says {want!r}")
        lst = (row.get("decided_by") or {}).get("replacement")
        if lst and not _listed(lst, cat, code):
            out.append(f"{where}: decided_by {lst} but the page's list does not name the card")
        for lst, kind in (("ND-L-COST", "cost"), ("ND-L-EFFECT", "effect")):
            if _listed(lst, cat, code) and timing == "before-draw" and rep != kind:
                out.append(f"{where}: the page lists it in {lst} ({kind}-type), the row says {rep!r}")
        # once per turn
        opt = row["once_per_turn"]
        m = BY_NAME.search(card.get("text_ja", ""))
        label_mark = NUMBERS[int(row["label"]) - 1] if row["label"].isdigit() and clause.startswith(tuple(NUMBERS)) else None
        by_name = bool(m) and (not m.group(1) or (label_mark is not None and label_mark in m.group(1)))
        want_opt = "name" if by_name else "copy" if "１ターンに１度" in clause else False
        if opt != want_opt:
            out.append(f"{where}: once_per_turn {opt!r}, the wording says {want_opt!r}")
        if opt == "name" and "once_per_turn" not in row["text"]:
            out.append(f"{where}: once per turn by name must quote its clause (text.once_per_turn)")
        # label: the number the OCG text gives the effect
        if clause and clause[0] in NUMBERS and row["label"] != str(NUMBERS.index(clause[0]) + 1):
            out.append(f"{where}: label {row['label']!r} but the OCG text numbers it {clause[0]}")
        # spell speed
        if row["speed"] != expected_speed(card, timing):
            out.append(f"{where}: speed {row['speed']} but the general rule gives {expected_speed(card, timing)}")
        # the engine's class says the same
        classes = {cls.__name__: cls for cls in models.get(code, [])}
        cls = classes.get(row["engine"])
        if cls is None:
            out.append(f"{where}: the engine has no class {row['engine']} for {code}")
            continue
        facts = {"timing": cls.kind, "mandatory": cls.mandatory, "replacement": cls.replacement,
                 "once_per_turn": cls.once_per_turn, "label": cls.label,
                 "speed": None if cls.kind in ("on-draw", "continuous") else cls.speed}
        for k, v in facts.items():
            if row[k] != v:
                out.append(f"{where}: the engine says {k}={v!r}, the table {row[k]!r} ({C.file_of(cls)})")
    for code, classes in models.items():
        for cls in classes:
            if (code, cls.__name__) not in seen:
                out.append(f"{TABLE.name}: no row for the engine's {cls.__name__} ({code}, {C.file_of(cls)})")
    return out


def test_the_table_the_texts_and_the_engine_agree():
    assert problems(load_table(), catalogue("ygo"), MODELS) == []


def test_each_card_s_classes_live_in_one_family_file():
    """A card's model is one place to read: all its classes in one module of reference_engine/ygo/cards/."""
    from pathlib import Path
    root = Path(C.__file__).resolve().parents[3]
    for code, classes in MODELS.items():
        files = {C.file_of(cls) for cls in classes}
        assert len(files) == 1, (code, files)
        (f,) = files
        assert (root / f).is_file() and f != "reference_engine/ygo/cards/shapes.py", (code, f)


def test_every_card_has_its_ocg_text_with_a_source():
    for card in catalogue("ygo"):
        assert card.get("text_ja"), card["id"]
        assert any("text_ja" in s["facts"] for s in card["sources"]), card["id"]


MUTATIONS = [
    ("Sylvan Waterslide", "mandatory", False, "mandatory=False"),          # the engine let a player skip it
    ("Gravekeeper's Trap", "mandatory", False, "mandatory=False"),
    ("Flying Saucer Muusik'i", "mandatory", True, "mandatory=True"),
    ("Gearbreed", "replacement", "effect", "replacement 'effect'"),         # cost-type handled as effect-type
    ("Fandora, the Flying Furtress", "replacement", "cost", "replacement 'cost'"),
    ("Infernity Pawn", "replacement", "effect", "replacement 'effect'"),
    ("Rank-Up-Magic Astral Force", "replacement", "cost", "replacement 'cost'"),
    ("Diabolos, King of the Abyss", "once_per_turn", "copy", "once_per_turn 'copy'"),
    ("Ash Blossom & Joyous Spring", "once_per_turn", "copy", "once_per_turn 'copy'"),
    ("Infernoid Onuncu", "once_per_turn", "name", "once_per_turn 'name'"),
    ("Magical Blast", "timing", "quick", "timing 'quick'"),
    ("Solemn Strike", "speed", 2, "speed 2"),
    ("Legacy of the Duelist", "label", "4", "numbers it ③"),
]


@pytest.mark.parametrize("name,key,value,says", MUTATIONS, ids=[f"{m[0]}-{m[1]}" for m in MUTATIONS])
def test_a_row_that_drifts_from_its_text_is_reported(name, key, value, says):
    """The check can fail: one fact changed in the table (the engine unchanged) is reported twice,
    against the wording and against the engine."""
    assert_drift_reported(load_table(), "effects", name, key, value, says,
                          lambda table: problems(table, catalogue("ygo"), MODELS))


def test_an_engine_class_that_drifts_is_reported():
    from duelspec.reference_engine.ygo import cards as engine_cards
    drifted = {code: list(classes) for code, classes in MODELS.items()}
    cls = engine_cards.SylvanWaterslide
    drifted[cls_code := "49838105"] = [type(cls.__name__, (cls,), {"mandatory": False})]
    found = problems(load_table(), catalogue("ygo"), drifted)
    assert any("the engine says mandatory=False" in p and cls_code in p or "Sylvan Waterslide" in p for p in found), found


def test_a_misquoted_fragment_is_reported():
    table = copy.deepcopy(load_table())
    row = next(r for r in table["effects"] if r["name"] == "Gravekeeper's Trap")
    row["text"]["effect"] = row["text"]["effect"].replace("発動する", "発動できる")
    found = problems(table, catalogue("ygo"), MODELS)
    assert any("is not in the card's OCG text" in p for p in found), found



def test_the_generated_chains_card_facts_agree_with_the_table():
    """The independent model's cards (duelspec/generated/cards.py) take their kind from the page's
    lists and mandatory from this table; the two must say the same as the table, and a continuous
    card (ND-E4) is a Continuous or Field Spell/Trap on the field."""
    from duelspec.generated import cards as gen
    rows = {r["card"]: r for r in load_table()["effects"] if r["timing"] == "before-draw"}
    cat = catalogue("ygo")
    for c in gen.REPLACEMENTS:
        row = rows[c.code]
        assert {"cost": "cost", "effect": "effect", "effect-continuous": "effect", "af2": "pledge"}[c.kind] == row["replacement"], c
        assert c.mandatory is row["mandatory"], c
        card = cat[c.code]
        on_field_continuous = c.zone in ("spell-trap", "field") and bool({"continuous", "field"} & set(card["subtypes"]))
        assert c.continuous is on_field_continuous, c
        assert (c.kind == "effect-continuous") is (on_field_continuous and c.kind != "cost"), c


REVEAL_WORDS = re.compile("見せ|公開|確認|めく")


def reveal_problems(table: dict, cat, models: dict) -> list[str]:
    """A card whose text shows a card to a player emits the reveal (issue 9, part 9): every such
    phrase of a modelled card's OCG text is quoted by a row (``text.reveal``) whose engine class
    emits a ``reveal`` event, or listed under ``not_modelled`` with the reason."""
    import inspect
    out = []
    spans: dict = {}
    for i, row in enumerate(table["effects"]):
        frag = row["text"].get("reveal")
        if not frag:
            continue
        text = _norm(cat[row["card"]]["text_ja"])
        where = f"{TABLE.name} /effects/{i} ({row['name']})"
        if _norm(frag) not in text or not REVEAL_WORDS.search(frag):
            out.append(f"{where}: text.reveal must quote the card's text showing a card: {frag!r}")
            continue
        cls = next((c for c in models.get(row["card"], []) if c.__name__ == row["engine"]), None)
        sources = "".join(inspect.getsource(k) for k in (cls.__mro__ if cls else ()) if k.__module__.startswith(C.__name__ + "."))
        if '"reveal"' not in sources:
            out.append(f"{where}: the text shows a card but {row['engine']} ({C.file_of(cls)}) emits no reveal event")
        start = text.index(_norm(frag))
        spans.setdefault(row["card"], []).append((start, start + len(_norm(frag))))
    for item in table.get("not_modelled", []):
        text = _norm(cat[item["card"]]["text_ja"])
        if _norm(item["text"]) not in text or not item.get("why"):
            out.append(f"{TABLE.name} not_modelled {item['name']}: quote the card's text and say why")
            continue
        start = text.index(_norm(item["text"]))
        spans.setdefault(item["card"], []).append((start, start + len(_norm(item["text"]))))
    for code in sorted({r["card"] for r in table["effects"]}):
        text = _norm(cat[code]["text_ja"])
        for m in REVEAL_WORDS.finditer(text):
            if not any(a <= m.start() < b for a, b in spans.get(code, [])):
                out.append(f"{TABLE.name}: {cat[code]['name']['en']} ({code}) shows a card "
                           f"({text[max(0, m.start() - 15):m.end() + 5]!r}) and no row quotes it as text.reveal")
    return out


def test_every_card_that_shows_a_card_emits_the_reveal():
    assert reveal_problems(load_table(), catalogue("ygo"), MODELS) == []


def test_a_reveal_the_engine_does_not_emit_is_reported():
    from duelspec.reference_engine.ygo import cards as engine_cards
    drifted = dict(MODELS)
    quiet = type("HeartOfTheUnderdog", (engine_cards.Effect,), {"kind": "trigger", "__module__": "elsewhere"})
    drifted["35762283"] = [quiet]
    found = reveal_problems(load_table(), catalogue("ygo"), drifted)
    assert any("Heart of the Underdog" in p and "emits no reveal" in p for p in found), found
    table = copy.deepcopy(load_table())
    del next(r for r in table["effects"] if r["name"] == "Malefic World")["text"]["reveal"]
    found = reveal_problems(table, catalogue("ygo"), MODELS)
    assert any("Malefic World" in p and "no row quotes it" in p for p in found), found
