"""``duelspec site`` (issue 15): the static site, built from real result streams and opened in a
real browser (Debian's chromium driven by Playwright; no browser download). Screenshots of the
matrix and of a failure page are saved as test artifacts (``$DUELSPEC_ARTIFACTS`` or
``build/artifacts``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from site_browser import _artifacts, browser, page  # noqa: F401 - the browser fixture

REPO = Path(__file__).resolve().parents[1]
EDOPRO = REPO / "docs" / "conformance" / "edopro.jsonl"
HOSTILE = "<script>alert(1)</script> my-sim [/beta] \x1b]8;;http://x\x07"


def _lines(path):
    return [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines() if x.strip()]


@pytest.fixture(scope="module")
def streams(tmp_path_factory):
    """A fresh reference run, the committed EDOPro report, an older EDOPro run with one outcome
    changed (history), and a run of a hostile adapter whose texts try to become markup."""
    d = tmp_path_factory.mktemp("streams")
    r = CliRunner().invoke(main, ["run", "--format", "json", "--out", str(d / "ref.jsonl")])
    assert r.exit_code == 0, r.output
    old = _lines(EDOPRO)
    old[0]["started"], old[0]["adapter"]["implementation"]["version"] = "2026-01-01T00:00:00+00:00", "older build"
    changed = next(x for x in old if x.get("outcome") == "passed")
    changed["outcome"] = "failed"
    changed["failures"] = [{"pointer": "/expect/events/0", "message": "</script><img src=x onerror=alert(2)>", "expected": {}}]
    old[-1]["counts"]["passed"] -= 1
    old[-1]["counts"]["failed"] += 1
    (d / "edopro-old.jsonl").write_text("".join(json.dumps(x) + "\n" for x in old), encoding="utf-8")
    hostile = _lines(d / "ref.jsonl")[:4]
    hostile[0]["adapter"]["implementation"]["name"] = HOSTILE
    hostile[0]["adapter"]["implementation"]["version"] = "<b>1</b>"
    hostile[1].update(outcome="failed", failures=[{"pointer": "/expect/final", "message": "<a href='javascript:alert(3)'>x</a>",
                                                   "expected": "</script>", "context": [[0, {"event": "x</script>"}]]}])
    hostile[2].update(outcome="skipped", reason="<iframe src=//evil>" + "y" * 20000)
    (d / "hostile.jsonl").write_text("".join(json.dumps(x) + "\n" for x in hostile), encoding="utf-8")
    return d


@pytest.fixture(scope="module")
def site(streams, tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    r = CliRunner().invoke(main, ["site", "--results", str(streams / "ref.jsonl"), "--results", str(EDOPRO),
                                  "--results", str(streams / "edopro-old.jsonl"), "--results", str(streams / "hostile.jsonl"),
                                  "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out


def test_stream_text_is_escaped_and_bounded(site):
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html and "<img src=x" not in html and "<iframe" not in html, page
        assert "\x1b" not in html and "javascript:alert" not in html.replace("&#39;javascript:alert", ""), page
        assert len(html) < 2_000_000, page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; my-sim [/beta]" in (site / "index.html").read_text(encoding="utf-8")


def test_a_stream_that_is_not_one_is_a_clear_error(tmp_path):
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"type": "header"}\nnot json\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["site", "--results", str(bad), "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and "x.jsonl" in r.output and "line 1" in r.output


def test_every_ruling_page_quotes_its_passage_with_the_page_and_revision(site):
    """Issue 15: a page per ruling with its ID and the source page's passage it rests on (the
    Japanese quote, a link to the page and the revision read)."""
    from markupsafe import escape
    from duelspec.catalogue import page_text, rulings, sources
    docs = sources()
    for rid, r in rulings().items():
        text = (site / "rulings" / f"{rid}.html").read_text(encoding="utf-8")
        doc = docs[r.game]
        assert f'href="{escape(doc["url"])}"' in text and f'href="{escape(doc["history_url"])}"' in text, rid
        assert ("2022-09-12 or later" if r.game == "ygo" else "2019-05-25T02:36:57+09:00") in text, rid
        shown = page_text(r.passage["quote"], doc["copy"]["form"])
        cells = shown.strip("|").replace("| |", "|").split("|") if shown.startswith("|") else [shown]
        assert all(escape(c) in text for c in cells), rid
        assert escape(r.passage["quote"]) in text, rid




@browser
def test_every_page_loads_with_no_console_error_and_no_network(site, page):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 60
    for p in pages:
        page.goto(p.as_uri())
        assert page.title(), p
    assert page.errors == []


@browser
def test_matrix_counts_equal_the_streams(site, streams, page):
    page.goto((site / "index.html").as_uri())
    ref = [x for x in _lines(streams / "ref.jsonl") if x["type"] == "result"]
    edo = [x for x in _lines(EDOPRO) if x["type"] == "result"]
    for slug_, results in (("duelspec-reference", ref), ("EDOPro-ygopro-core-via-ocgcore-wasm", edo)):
        card = page.locator(f'.summary[data-engine="{slug_}"]')
        for outcome in ("passed", "failed", "skipped"):
            n = sum(1 for x in results if x["outcome"] == outcome)
            shown = card.locator(f'dd[data-count="{outcome}"]')
            assert (int(shown.inner_text()) if shown.count() else 0) == n, (slug_, outcome)
        for ruling in ("ND-E1", "ND-FAQ1", "AT-S6b"):
            cell = page.locator(f'tr[data-ruling="{ruling}"] td[data-engine="{slug_}"]')
            want = [x for x in results if ruling in x["rulings"]]
            assert int(cell.get_attribute("data-total")) == len(want), (slug_, ruling)
            assert int(cell.get_attribute("data-passed")) == sum(x["outcome"] == "passed" for x in want)
    page.screenshot(path=str(_artifacts() / "site-matrix.png"))
    assert page.errors == []


@browser
def test_filters_and_search_change_what_is_shown(site, page):
    page.goto((site / "index.html").as_uri())
    visible = lambda: [r.get_attribute("data-ruling") for r in page.locator("#matrix tbody tr:visible").all()]  # noqa: E731
    everything = visible()
    page.select_option("#f-game", "dm")
    dm = visible()
    assert dm and all(r.startswith("AT-") for r in dm) and len(dm) < len(everything)
    page.select_option("#f-game", "")
    page.select_option("#f-engine", "EDOPro-ygopro-core-via-ocgcore-wasm")
    page.select_option("#f-outcome", "bad")
    bad = visible()
    assert bad and "ND-E1" in bad and "ND-02" not in bad
    page.select_option("#f-outcome", "")
    page.fill("#f-search", "灰流うらら")
    hits = page.locator("#search-results li")
    assert hits.count() > 0 and "ygo.normal-draw" in hits.first.inner_text()
    assert 0 < len(visible()) < len(everything)
    page.fill("#f-search", "faq1.muusiki")
    assert page.locator("#search-results li").count() == 1
    assert page.errors == []


@browser
def test_the_language_switch_shows_japanese_card_names(site, page):
    page.goto((site / "rulings" / "ND-E1.html").as_uri())
    card = page.locator('.card[data-en="Ash Blossom & Joyous Spring"]').first
    assert card.inner_text() == "Ash Blossom & Joyous Spring"
    page.click("#lang-switch")
    assert card.inner_text() == "灰流うらら"
    page.click("#lang-switch")
    assert card.inner_text() == "Ash Blossom & Joyous Spring"
    assert page.errors == []


@browser
def test_from_the_matrix_to_the_trace_line_in_three_clicks(site, page):
    page.goto((site / "index.html").as_uri())
    page.click('tr[data-ruling="ND-E1"] td[data-engine="EDOPro-ygopro-core-via-ocgcore-wasm"] a')          # 1
    page.click('#s-ygo\\.normal-draw\\.faq1\\.muusiki a')                                                    # 2
    assert "failures/" in page.url
    assert page.locator("text=/expect/").count() > 0 and page.locator("table.trace tr").count() > 1
    page.screenshot(path=str(_artifacts() / "site-failure.png"), full_page=True)
    page.click(".crumbs a >> nth=1")                                                                        # back to the ruling
    assert "/rulings/" in page.url
    assert page.errors == []


@browser
def test_a_ruling_page_shows_its_japanese_passage_and_links_the_page(site, page):
    from duelspec.catalogue import page_text, rulings, sources
    cat, docs = rulings(), sources()
    for rid in ("ND-E1", "ND-H1", "AT-S6b"):
        r, doc = cat[rid], docs[cat[rid].game]
        page.goto((site / "rulings" / f"{rid}.html").as_uri())
        quote = page.locator("figure.passage blockquote[lang=ja]")
        assert quote.inner_text() == page_text(r.passage["quote"], doc["copy"]["form"]), rid
        assert quote.is_visible() and quote.get_attribute("cite") == doc["url"]
        link = page.locator("aside.source a.page")
        assert link.get_attribute("href") == doc["url"] and link.is_visible()
        assert page.locator("aside.source a.history").get_attribute("href") == doc["history_url"]
        caption = page.locator("figure.passage figcaption").inner_text()
        assert f"column {r.passage['seed']['column']}" in caption, rid
    assert page.locator("aside.source .revision").inner_text() == "the revision of 2019-05-25T02:36:57+09:00"
    page.goto((site / "rulings" / "ND-E1.html").as_uri())
    raw = page.locator("details.markup code")
    assert not raw.is_visible()
    page.click("details.markup summary")
    assert raw.is_visible() and raw.inner_text() == cat["ND-E1"].passage["quote"]
    page.goto((site / "rulings" / "ND-H1.html").as_uri())
    assert page.locator("figure.passage figcaption a").get_attribute("href") == docs["ygo"]["source_url"]
    page.goto((site / "rulings" / "ND-TAB.html").as_uri())
    rows = page.locator("figure.passage table.quote tr")
    assert rows.count() == 4 and rows.nth(2).inner_text().split() == ["効果タイプ", "可", "可", "不可"]
    page.screenshot(path=str(_artifacts() / "site-ruling-passage.png"))
    assert page.errors == []


@browser
def test_history_shows_what_changed_between_runs(site, page):
    page.goto((site / "history" / "EDOPro-ygopro-core-via-ocgcore-wasm.html").as_uri())
    assert page.locator("table.runs tbody tr").count() == 2
    rows = page.locator("table.changes tbody tr")
    assert rows.count() == 1 and "failed" in rows.first.inner_text() and "passed" in rows.first.inner_text()
    assert page.errors == []


@browser
def test_readable_on_a_phone(site, page):
    """No page kind scrolls sideways at 375 px (issue 32 §6: ruling pages, the general rules, the badge's
    headline did): a wide table scrolls inside itself."""
    kinds = ["index.html", "general-rules.html", "rulings/ND-C1.html", "rulings/AT-01.html",
             *(sorted(p.relative_to(site).as_posix() for p in site.glob(pattern))[:1]
               for pattern in ("history/*.html", "failures/*/*.html", "generated/*/index.html"))]
    kinds = [k if isinstance(k, str) else k[0] for k in kinds if k]
    assert len(kinds) >= 6, kinds
    page.set_viewport_size({"width": 375, "height": 812})
    try:
        wide = {}
        for kind in kinds:
            page.goto((site / kind).as_uri())
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 375:
                wide[kind] = width
        assert not wide, f"pages wider than the phone: {wide}"
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_site_with_a_failure_without_expected(tmp_path):
    # `expected` is optional in result.schema.json: a valid stream used to crash the site (TypeError)
    r = CliRunner()
    s = tmp_path / "s.jsonl"
    r.invoke(main, ["run", "--ruling", "ND-C1", "--out", str(s)])
    lines = [json.loads(x) for x in s.read_text(encoding="utf-8").splitlines()]
    res = next(x for x in lines if x["type"] == "result")
    res.update(outcome="failed", failures=[{"pointer": "/expect/final", "message": "<b>m</b>"}])
    foot = lines[-1]
    foot["counts"]["passed"] -= 1
    foot["counts"]["failed"] += 1
    s.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "site"
    got = r.invoke(main, ["site", "--results", str(s), "--out", str(out)])
    assert got.exit_code == 0, got.output
    page = next((out / "failures").rglob(f"{res['id']}.html")).read_text(encoding="utf-8")
    assert "&lt;b&gt;m&lt;/b&gt;" in page and "<h3>Expected</h3>" not in page


def test_known_and_contract_failures_are_never_shown_as_passes(tmp_path):
    """The matrix showed `passed + xfailed` in green: ND-04 with 0 passed and 10 known failures read "10/10"
    (docs/ci.md: known failures are never called passes). A known failure is shown apart, in orange; a
    contract failure (every failure a window mismatch) apart from rules failures, in red, and named so in
    the engine's headline, its badge and the scenario's verdict."""
    import re
    src = tmp_path / "ref.jsonl"
    r = CliRunner().invoke(main, ["run", "--ruling", "ND-04", "--ruling", "ND-02", "--format", "json", "--out", str(src)])
    assert r.exit_code == 0, r.output
    lines = _lines(src)
    nd04 = [x for x in lines if x["type"] == "result" and "ND-04" in x["rulings"] and "ND-02" not in x["rulings"]]
    nd02 = [x for x in lines if x["type"] == "result" and "ND-02" in x["rulings"] and "ND-04" not in x["rulings"]]
    assert all(x["outcome"] == "passed" for x in nd04 + nd02[:1]) and not any(x.get("partial") for x in nd04 + nd02)
    assert nd04 and nd02
    for x in nd04:
        x.update(outcome="xfailed", failures=[{"pointer": "/expect/events/0", "message": "m", "expected": {}}],
                 expected_failure={"reason": "known", "was": "failed"})
    nd02[0].update(outcome="failed", failures=[{"pointer": "/script/0", "message": "contract (window) mismatch", "expected": {},
                                                "kind": "window", "see": "docs/design/scenario-format.md"}])
    foot = lines[-1]["counts"]
    foot["passed"] -= len(nd04) + 1
    foot["xfailed"] += len(nd04)
    foot["failed"] += 1
    src.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "site"
    r = CliRunner().invoke(main, ["site", "--results", str(src), "--out", str(out)])
    assert r.exit_code == 0, r.output
    html = (out / "index.html").read_text(encoding="utf-8")

    def cell(ruling):
        row = re.search(rf'<tr data-game="ygo" data-ruling="{ruling}".*?</tr>', html, re.S).group()
        return re.search(r'<td class="cell s-(\w+)".*?</td>', row, re.S)

    known = cell("ND-04")
    assert known.group(1) == "known", known.group()
    text = re.sub(r"<[^>]+>", "", known.group()).split()
    both = [x for x in _lines(src) if "ND-04" in x.get("rulings", []) and x["outcome"] != "skipped"]
    passed = sum(x["outcome"] == "passed" for x in both)
    assert f"{passed}/{len(both)} · {len(nd04)} known failure" in " ".join(text), text
    contract = cell("ND-02")
    assert contract.group(1) == "bad" and "1 contract failure" in contract.group(), contract.group()
    assert "✗" not in contract.group()          # not counted as a rules failure
    headline = re.search(r'<p class="headline s-(\w+)"[^>]*>([^<]*)</p>', html)
    assert headline.group(1) == "bad" and "1 contract failure" in headline.group(2) and " fail " not in headline.group(2) + " ", \
        headline.group()
    assert "1 contract failure" in next((out / "badges").glob("*.svg")).read_text(encoding="utf-8")
    ruling = (out / "rulings" / "ND-02.html").read_text(encoding="utf-8")
    assert "contract failure (not a rules failure)" in ruling
