"""Issue 26, goal 5: ``duelspec site`` for many engines x thousands of generated chains stays
small: the generated chains are summarised per ruling, their failures grouped by cause (or first
failing expectation) with a drill-down listing every failing chain's id, first failing expectation
and re-run command; no page over 1 MB. Sizes and shapes only: how long it takes is measured in
``benchmarks/bench.py site``, never here."""
from __future__ import annotations

import json
import re
import shlex
from collections import Counter
from pathlib import Path

import pytest

from duelspec.site import build, page_name, slug
from site_browser import _artifacts, browser, page  # noqa: F401 - the browser fixture

REPO = Path(__file__).resolve().parents[1]
HEADER = REPO / "docs" / "conformance" / "edopro-generated.jsonl"
ENGINES = 12
LIMIT = 1_000_000            # bytes of any one file of the site
HOSTILE = "<script>alert(1)</script>"


def _slug(k: int) -> str:
    return slug(f"engine {k + 1} {HOSTILE}")


def _outcome(i: int, k: int) -> str:
    """Engine ``k``'s outcome for the ``i``-th generated chain (engines differ from one another)."""
    n = (i + 3 * k) % 11
    return "failed" if n < 6 else "errored" if n == 6 else "timed-out" if n == 7 and k % 2 else "passed"


def _result(sc: dict, i: int, k: int) -> dict:
    r = {"type": "result", "id": sc["id"], "game": sc["game"], "title": sc["title"], "rulings": sc["rulings"],
         "outcome": _outcome(i, k)}
    if r["outcome"] == "failed":
        pointer = "/expect/final/winner" if (i + k) % 2 else "/expect/events/0"
        big = i % 97 == 0                          # a few results with huge, hostile texts
        r["failures"] = [{"pointer": pointer, "message": (HOSTILE + "m" * 200_000) if big else f"engine {k} differs",
                          "expected": {"event": HOSTILE * (2000 if big else 1)}, "actual": None,
                          "context": [[j, {"event": "phase", "phase": "draw"}] for j in range(40)]}]
    elif r["outcome"] == "errored":
        r["message"] = f"adapter error {HOSTILE} #{k % 3}"
    elif r["outcome"] == "timed-out":
        r["message"] = "no reply in 30 s"
    return r


@pytest.fixture(scope="module")
def big_site(tmp_path_factory):
    """12 engines x every generated chain, each engine failing a different share of them."""
    from duelspec.generated import scenarios
    d = tmp_path_factory.mktemp("scale")
    generated = list(scenarios())
    head = json.loads(HEADER.read_text(encoding="utf-8").splitlines()[0])
    files, failing = [], {}
    for k in range(ENGINES):
        h = json.loads(json.dumps(head))
        h["adapter"]["implementation"]["name"] = f"engine {k + 1} {HOSTILE}"
        h["started"] = f"2026-11-30T2{k % 10}:00:00+00:00"
        results = [_result(sc, i, k) for i, sc in enumerate(generated)]
        counts = Counter(r["outcome"] for r in results)
        foot = {"type": "footer", "counts": {o: counts.get(o, 0) for o in ("passed", "failed", "skipped", "errored", "timed-out",
                                                                          "xfailed", "xpassed")},
                "stopped_early": False, "duration_s": 1.0, "selected": len(results), "restarts": 0}
        f = d / f"engine{k + 1}.jsonl"
        f.write_text("".join(json.dumps(x) + "\n" for x in (h, *results, foot)), encoding="utf-8")
        files.append(f)
        failing[k] = [r for r in results if r["outcome"] != "passed"]
    out = d / "site"
    info = build(files, out)
    return out, info, generated, failing


def test_no_page_is_over_1_mb(big_site):
    out, _, generated, _ = big_site
    sizes = {p.relative_to(out).as_posix(): p.stat().st_size for p in out.rglob("*") if p.is_file()}
    big = {p: n for p, n in sizes.items() if n > LIMIT}
    assert not big, big
    assert len(generated) > 2000
    # no page per generated chain: the failures are in the drill-down pages
    assert not [p for p in sizes if p.startswith("failures/") and "generated" in p], "a page per generated chain"
    for page in out.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page


def test_the_drill_down_lists_every_failing_generated_chain(big_site):
    """Each engine's failing chains are all on its drill-down pages, each once, with its first
    failing expectation's pointer and the command that re-runs it (its adapter and --id)."""
    out, info, _, failing = big_site
    engines = sorted((out / "generated").iterdir())
    assert len(engines) == ENGINES
    for k in range(ENGINES):
        folder = out / "generated" / _slug(k)
        rows = {}
        for page in folder.glob("*.html"):
            if page.name.startswith("index"):
                continue
            for m in re.finditer(r'<tr id="c-([^"]+)">(.*?)</tr>', page.read_text(encoding="utf-8"), re.S):
                assert m.group(1) not in rows, f"{m.group(1)} listed twice"
                rows[m.group(1)] = m.group(2)
        want = {page_name(r["id"]): r for r in failing[k]}
        assert set(rows) == set(want), (k, len(rows), len(want))
        for slug_, r in want.items():
            row = rows[slug_]
            assert f"--id {shlex.quote(r['id'])}" in row and "--adapter" in row and "--generated" in row
            if r["outcome"] == "failed":
                assert f"<code>{r['failures'][0]['pointer']}</code>" in row
                assert "more characters not shown" in row or len(r["failures"][0]["message"]) < 300
            assert len(row) < 4000, slug_


def test_failures_are_grouped_and_counted_per_ruling(big_site):
    """The groups of an engine add up to its failing chains; a ruling page counts its generated
    chains per engine and outcome as the streams say and links each group's drill-down."""
    out, info, generated, failing = big_site
    for k in (0, 1):
        index = (out / "generated" / _slug(k) / "index.html").read_text(encoding="utf-8")
        counts = [int(n) for n in re.findall(r'<td data-count="group">(\d+)</td>', index)]
        assert sum(counts) == len(failing[k]) and len(counts) < 50, counts
        assert "final winner" in index and ("timed out" in index) == (k == 1)
    rid = "ND-05"
    tagged = [sc["id"] for sc in generated if rid in sc["rulings"]]
    page = (out / "rulings" / f"{rid}.html").read_text(encoding="utf-8")
    assert f"{len(tagged)} generated chains are tagged with {rid}" in page
    row = re.search(rf'<tr id="g-{_slug(0)}"[^>]*>(.*?)</tr>', page, re.S).group(1)
    failed = sum(1 for r in failing[0] if r["outcome"] == "failed" and rid in r["rulings"])
    assert f'data-count="failed">{failed}<' in row
    assert f'href="../generated/{_slug(0)}/' in page
    assert page.count("ygo.generated.chain") < 50, "generated chains listed one by one on a ruling page"


@browser
def test_from_a_ruling_to_a_failing_chain_in_a_browser(big_site, page):
    """In chromium: the pages of the generated chains load with no console error and no network;
    from a ruling page a group's count opens its drill-down, which lists the chain; the search box
    finds a generated chain by its id and links its first ruling's generated chains."""
    out, _, generated, failing = big_site
    pages = [out / "index.html", out / "rulings" / "ND-05.html", out / "generated" / _slug(1) / "index.html",
             *sorted((out / "generated" / _slug(1)).glob("*.html"))[:6]]
    for p in pages:
        page.goto(p.as_uri())
        assert page.title(), p
    page.goto((out / "rulings" / "ND-05.html").as_uri())
    page.click(f'table.gen-groups td[data-engine="{_slug(1)}"] a >> nth=0')        # engine 2's first group
    assert f"/generated/{_slug(1)}/" in page.url
    ids = page.locator("table.drill tbody tr").evaluate_all("rows => rows.map(r => r.id.slice(2))")
    assert ids and set(ids) <= {page_name(r["id"]) for r in failing[1]}
    assert page.locator("table.drill code.cmd").first.inner_text().startswith("duelspec run --generated --adapter")
    page.screenshot(path=str(_artifacts() / "site-drill-down.png"))
    page.goto((out / "index.html").as_uri())
    sid = failing[3][0]["id"]
    page.fill("#f-search", sid)
    hit = page.locator("#search-results li a").first
    assert hit.inner_text() == sid
    hit.click()
    assert "/rulings/" in page.url and page.url.endswith("#generated")
    assert page.locator("#generated").is_visible()
    assert page.errors == []


def test_the_history_page_is_bounded(tmp_path):
    """Two runs of one engine where 2,300 outcomes changed: the history page lists the first
    :data:`HISTORY_ROWS` and counts the rest (it listed every one: a page per run pair of any size)."""
    from duelspec.site.render import HISTORY_ROWS
    head = json.loads(HEADER.read_text(encoding="utf-8").splitlines()[0])
    n = HISTORY_ROWS + 300
    files = []
    for when, outcome in (("2026-11-01T00:00:00+00:00", "passed"), ("2026-11-02T00:00:00+00:00", "skipped")):
        results = [{"type": "result", "id": f"t.h.{i}", "game": "ygo", "title": "t", "rulings": ["ND-01"], "outcome": outcome}
                   for i in range(n)]
        foot = {"type": "footer", "counts": {o: n if o == outcome else 0 for o in ("passed", "failed", "skipped", "errored",
                                                                                  "timed-out", "xfailed", "xpassed")},
                "stopped_early": False, "duration_s": 1.0, "selected": n, "restarts": 0}
        f = tmp_path / f"{outcome}.jsonl"
        f.write_text("".join(json.dumps(x) + "\n" for x in (dict(head, started=when, selection={**head.get("selection", {}), "ids": ["t.h.*"]}),
                                                         *results, foot)), encoding="utf-8")
        files.append(f)
    build(files, tmp_path / "site")
    page = next((tmp_path / "site" / "history").glob("*.html")).read_text(encoding="utf-8")
    assert page.count("<tr><td><code>t.h.") == HISTORY_ROWS
    assert "And 300 more changed outcomes" in page and len(page.encode()) < LIMIT
