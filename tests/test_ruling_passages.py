"""Every ruling names the passage of its source page it rests on (issue 15, issue 9.8): a short
verbatim Japanese quote and its place (line range, column) in the copy of the page read. The
copy-free checks run everywhere; the quotes are compared with the copies themselves when the
authors' shared material is beside the checkout (tests/shared_material.py), else that test skips."""
import hashlib
import json
import re

import pytest

from duelspec.catalogue import one_spaced, page_text, passage_mismatch, rulings, sources
from shared_material import ROOT, seed_text

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")
DATE = re.compile(r"\((\d\d)/(\d\d)/(\d\d)\)")
CATALOGUES = {"ygo": "ygo-normal-draw.json", "dm": "dm-attack.json"}


def _doc(game):
    return json.loads((ROOT / "features" / "rulings" / CATALOGUES[game]).read_text(encoding="utf-8"))


# -- without the copies ---------------------------------------------------------------------------

def test_every_ruling_has_a_short_japanese_quote_in_the_copy_s_lines():
    copies = {g: s["copy"] for g, s in sources().items()}
    assert set(copies) == set(CATALOGUES)
    cat = rulings()
    assert len(cat) == 65
    for r in cat.values():
        p = r.passage
        assert p is not None, f"{r.id} names no passage of its source page"
        q = p["quote"]
        assert q == one_spaced(q) and 0 < len(q) <= 240, r.id
        shown = page_text(q, copies[r.game]["form"])
        japanese = len(JAPANESE.findall(shown))
        latin = len(re.findall(r"[A-Za-z]", shown))
        assert japanese >= 5 and japanese > 2 * latin, f"{r.id}: not the page's Japanese text: {q!r}"
        seed = p["seed"]
        first, last = seed["line"], seed.get("end_line", seed["line"])
        assert 1 <= first <= last <= copies[r.game]["lines"], r.id
        assert last > first or "end_line" not in seed, f"{r.id}: end_line equal to line"
        assert last - first <= q.count(" "), f"{r.id}: lines {first}-{last} for a quote with fewer line breaks"


def test_a_passage_is_commented_out_exactly_when_it_is_an_earlier_answer():
    """ND-H*: the commented `//` line with the old answer; every other ruling rests on live text."""
    for r in rulings().values():
        p = r.passage
        assert p["quote"].startswith("//") == bool(p.get("commented")), r.id
        history = bool(r.answers) and all(a["where"].get("commented") for a in r.answers)
        assert bool(p.get("commented")) == history, r.id
    assert {r.id for r in rulings().values() if r.passage.get("commented")} == {"ND-H1", "ND-H2", "ND-H3"}


def test_a_dated_ruling_s_passage_is_one_of_its_answers_and_its_dates_are_the_ruling_s():
    for r in rulings().values():
        p = r.passage
        for yy, mm, dd in DATE.findall(p["quote"]):
            assert f"20{yy}-{mm}-{dd}" in r.known_dates(), f"{r.id}: the quote's date {yy}/{mm}/{dd} is not catalogued"
        if not r.answers:
            continue
        overlapping = [a["where"] for a in r.answers if a["where"]["quote"] in p["quote"] or p["quote"] in a["where"]["quote"]]
        assert overlapping, f"{r.id}: its passage is none of its answers' quotes"
        for w in overlapping:
            if w["quote"] in p["quote"] and "end_line" not in p["seed"] and w["seed"]["line"] == p["seed"]["line"]:
                assert p["seed"]["column"] <= w["seed"]["column"] < p["seed"]["column"] + len(p["quote"]), (r.id, w["quote"])


def test_the_list_rulings_quote_their_list_line():
    """ND-FAQ1/2: the answer line of the FAQ list; ND-L-*: the heading of the page's list."""
    cat = rulings()
    assert cat["ND-FAQ1"].passage["quote"].endswith(":できます。")
    assert cat["ND-FAQ2"].passage["quote"].endswith(":できません。")
    for rid in ("ND-L-COST", "ND-L-EFFECT", "ND-L-TRIGGER", "ND-L-BEFORE", "ND-L-RELATED"):
        assert "[[カード]]" in cat[rid].passage["quote"] or "関連カード" in cat[rid].passage["quote"], rid


def test_the_position_check_catches_a_quote_that_drifted():
    copy = "見出し †\n\n  1. バトルが開始される。\n    通常はパワーが大きい方が\n    バトルに勝つ。\n"
    good = {"quote": "通常はパワーが大きい方が バトルに勝つ。", "seed": {"line": 4, "column": 5, "end_line": 5}}
    assert passage_mismatch(copy, good) is None
    assert passage_mismatch(copy, {"quote": "バトルが開始される。", "seed": {"line": 3, "column": 6}}) is None
    drifted = [
        {**good, "quote": "通常はパワーが大きい方がバトルに勝つ。"},               # a line break dropped
        {**good, "quote": "通常はパワーが小さい方が バトルに勝つ。"},              # a word changed
        {**good, "seed": {"line": 4, "column": 6, "end_line": 5}},                 # one column off
        {**good, "seed": {"line": 3, "column": 5, "end_line": 5}},                 # the wrong line
        {**good, "seed": {"line": 4, "column": 5}},                                # end_line missing
        {**good, "seed": {"line": 4, "column": 5, "end_line": 6}},                 # end_line too far
        {**good, "seed": {"line": 4, "column": 5, "end_line": 9}},                 # past the copy
        {**good, "seed": {"line": 4, "column": 40, "end_line": 5}},                # past the line
        {"quote": "バトルが開始される。", "seed": {"line": 3, "column": 1}},       # the indentation
    ]
    for p in drifted:
        assert passage_mismatch(copy, p), p


def test_page_text_drops_only_the_markup_the_page_does_not_show():
    assert page_text("--[[発動]]・[[効果]]が[[無効]]にされた場合、通常のドローを行う。~", "wiki-source") \
        == "発動・効果が無効にされた場合、通常のドローを行う。"
    assert page_text("権利があるなら''[[ドロー]]した後に''[[発動]]する。~", "wiki-source") == "権利があるならドローした後に発動する。"
    assert page_text("|[[《RUM−アストラル・フォース》]]|可|&color(gray){不可};|", "wiki-source") == "|《RUM−アストラル・フォース》|可|不可|"
    assert page_text("***上記以外の[[カード]] [#before]", "wiki-source") == "上記以外のカード"
    assert page_text("-[[公式ルールブック:http://example.org/a.pdf]]", "wiki-source") == "公式ルールブック"
    commented = "//-[[《メテオ・プロミネンス》]]:[[調整中]]。(19/03/17)"
    assert page_text(commented, "wiki-source") == commented
    assert page_text("攻撃中は ~ [[そのまま]]", "rendered") == "攻撃中は ~ [[そのまま]]"


# -- against the copies ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(CATALOGUES))
def test_every_quote_stands_verbatim_at_its_lines_of_the_copy(game):
    text = seed_text(game)
    doc = _doc(game)
    assert hashlib.sha256(text.encode()).hexdigest() == doc["source"]["copy"]["sha256"]
    assert len(text.splitlines()) == doc["source"]["copy"]["lines"]
    wrong = {r["id"]: passage_mismatch(text, r["passage"]) for r in doc["rulings"]}
    assert {k: v for k, v in wrong.items() if v} == {}
    assert len(wrong) == {"ygo": 37, "dm": 28}[game]
