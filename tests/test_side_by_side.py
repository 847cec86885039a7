"""Both engines' causes side by side (issue 20 §4): shared defects, the same behaviour written in
each engine, each engine's own, and what the suite retracted."""
from __future__ import annotations

import re

from duelspec.analysis.causes import Cause, Group
from duelspec.analysis.sidebyside import EngineCauses, render_markdown, rows


def engines():
    e = Cause("E", "a trigger before the draw", "ygopro-core", shared="ygopro:E")
    a = Cause("A", "no free-chain response", "ygopro-core")
    l1 = Cause("L", "Mystical Cards draws 2", "CardScripts", counterpart="ygopro:L", evidence="No fix experiment: a value cannot ask.")
    m = Cause("M", "Fandora does nothing", "CardScripts", same_fix="B")
    b = Cause("B", "given up at activation", "CardScripts")
    ed = EngineCauses("EDOPro", "edopro.md", [e, a, l1, m, b],
                      {"E": Group(e, ["ygo.normal-draw.x", "ygo.generated.chain.1"]), "A": Group(a, ["ygo.generated.chain.2"]),
                       "M": Group(m, ["ygo.generated.chain.3"]), "unclassified": Group(None, ["ygo.generated.chain.4"])},
                      {"A": {"sentence": "fixing A alone: 1 of its 1 pass; breaks nothing"},
                       "B": {"sentence": "fixing B alone: 0 of its 0 pass; it also turns green 1 of M",
                             "by_cause": {"M": {"failures": 3, "pass": 1, "still": {"A": 2}}}}},
                      {"E": ("ygo.normal-draw.x", "repro/edopro/ygo.normal-draw.x.lua")})
    ye = Cause("E", "a trigger before the draw", "ygopro-core", shared="edopro:E")
    yl = Cause("L", "Mystical Cards draws 2", "ygopro-scripts", counterpart="edopro:L")
    w = Cause("W", "Waterslide", "ygopro-scripts")
    yg = EngineCauses("YGOPro", "ygopro.md", [ye, yl, w], {"W": Group(w, ["ygo.normal-draw.w"])}, {}, {})
    return [ed, yg]


def test_a_shared_defect_and_a_counterpart_are_one_row_each_engines_own_are_listed_apart():
    r = rows(engines())
    assert [[(e.name, c.key) for e, c in pair] for pair in r["shared"]] == [[("EDOPro", "E"), ("YGOPro", "E")]]
    assert [[(e.name, c.key) for e, c in pair] for pair in r["counterparts"]] == [[("EDOPro", "L"), ("YGOPro", "L")]]
    assert [c.key for _, c in r["own"]["EDOPro"]] == ["A", "M", "B"] and [c.key for _, c in r["own"]["YGOPro"]] == ["W"]


def test_the_page_gives_each_cause_its_component_extent_fix_and_reproduction_and_the_retracted_ones():
    page = render_markdown(engines(), [{"first": "refused legal step: A activates replacement", "verdict": "suite-wrong",
                                        "title": "a hand trigger scripted first", "argument": "the rule\n is on the engines' side"}],
                           "consensus.md")
    assert "| failures with a cause | 4 | 1 |" in page and "| unclassified | 1 | 0 |" in page
    shared = page.split("## Shared")[1].split("##")[0]
    assert "**E** a trigger before the draw" in shared and "failures: 2 (1 hand-written)" in shared
    assert "[`ygo.normal-draw.x`](repro/edopro/ygo.normal-draw.x.lua)" in shared
    own = page.split("## EDOPro only")[1].split("##")[0]
    assert "fixing A alone: 1 of its 1 pass; breaks nothing" in own
    # M is measured by B's fix (one defect): under M its own row of B's run, not B's numbers
    m_line = next(line for line in own.splitlines() if line.startswith("- **M**"))
    assert r"with B's fix: 1 of its 3 pass, 2 then fail for A \(2\)" in m_line and "fixing B alone" not in m_line
    assert "no fix experiment \\(the cause file says why\\)" in page.split("## The same behaviour")[1]
    retracted = page.split("## Retracted by the suite")[1]
    assert "[the consensus view](consensus.md)" in retracted
    assert "**a hand trigger scripted first**" in retracted and "the rule is on the engines' side" in retracted


def test_the_site_shows_the_same_page_with_its_text_escaped(tmp_path):
    from pathlib import Path
    from duelspec.site import build
    root = Path(__file__).resolve().parents[1]
    conf = root / "docs" / "conformance"
    causes = tmp_path / "causes.toml"
    causes.write_text((root / "adapters" / "edopro" / "causes.toml").read_text(encoding="utf-8").replace(
        'title = "a free-chain effect is not offered as the first response to the before-the-draw chain"',
        'title = "<script>alert(1)</script> no free-chain response"'), encoding="utf-8")
    build([str(conf / "edopro.jsonl"), str(conf / "ygopro.jsonl")], tmp_path / "site", None,
          [f"edopro={causes}", f"ygopro={root / 'adapters' / 'ygopro' / 'causes.toml'}"])
    page = (tmp_path / "site" / "causes.html").read_text(encoding="utf-8")
    assert "<h2>Shared: one defect of the common code base</h2>" in page and "only</h2>" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; no free-chain response" in page and "<script>alert(1)" not in page
    assert 'href="causes.html"' in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    # "ygopro" is inside "EDOPro (ygopro-core via ocgcore-wasm)" too: it went to whichever engine came first
    heads = re.findall(r'<th scope="col">([^<]+)</th>', page)
    assert sorted(h.split(" ")[0] for h in heads[:2]) == ["EDOPro", "YGOPro"], heads
    ygo = next((tmp_path / "site" / "generated").glob("YGOPro*")) / "index.html"
    assert "S: Skull Flame" in ygo.read_text(encoding="utf-8")        # its generated chains grouped by its causes
    import pytest
    from duelspec.errors import InputError
    with pytest.raises(InputError, match="2 engines"):
        build([str(conf / "edopro.jsonl"), str(conf / "ygopro.jsonl")], tmp_path / "two", None, [f"pro={causes}"])
    build([str(conf / "ygopro.jsonl")], tmp_path / "none")
    assert not (tmp_path / "none" / "causes.html").exists()


def test_the_committed_page_is_generated_from_the_committed_reports():
    """docs/conformance/side-by-side.md is the generator's output for both committed reports (their
    cause files, runs, fix experiments and reproductions) and the consensus arguments; regenerate it
    with the command below when one of them changes."""
    import os
    import shlex
    import tempfile
    from pathlib import Path

    from duelspec.analysis.sidebyside import main as sidebyside
    root = Path(__file__).resolve().parents[1]
    conf = "docs/conformance"
    args = []
    for engine, streams in (("edopro", ["edopro.jsonl", "edopro-generated.jsonl"]), ("ygopro", ["ygopro.jsonl"])):
        args += ["--engine", f"{engine}=adapters/{engine}/causes.toml,{conf}/{engine}-fixes.json,{conf}/repro/{engine}"]
        args += [x for s in streams for x in ("--stream", f"{engine}={conf}/{s}")]
    args += ["--consensus-arguments", f"{conf}/consensus-arguments.toml", "--consensus-link", "consensus.md"]
    here = os.getcwd()
    try:
        os.chdir(root)
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "side-by-side.md"
            assert sidebyside([*args, "--markdown", str(out)]) in (0, None)
            got = out.read_text(encoding="utf-8")
    finally:
        os.chdir(here)
    cmd = "python -m duelspec.analysis.sidebyside " + " ".join(shlex.quote(a) for a in args) + f" --markdown {conf}/side-by-side.md"
    assert got == (root / conf / "side-by-side.md").read_text(encoding="utf-8"), f"regenerate: {cmd}"


def test_a_cause_listed_as_one_engines_shows_what_the_other_engine_did_with_its_example():
    """Review of issue 20 (finding 1): YGOPro's cause T was listed as "ygopro only" although EDOPro
    never played its example (format 2.1: skipped): the page says so instead of implying EDOPro passes."""
    from pathlib import Path
    page = (Path(__file__).resolve().parents[1] / "docs" / "conformance" / "side-by-side.md").read_text(encoding="utf-8")
    own = page.split("## ygopro only", 1)[1].split("\n## ", 1)[0]
    line = next(x for x in own.splitlines() if x.startswith("- **T**"))
    assert "edopro on `ygo.normal-draw.basics.first-turn-no-timing-before-the-draw`: not measured \\(skipped: a format-2.1 scenario" in line


def test_the_committed_page_cuts_no_argument():
    """The retracted hand-trigger argument ended "… [104 more characters]" (a 1,500-character cap):
    a reader lost the end of the suite's own account of its error."""
    from pathlib import Path
    page = (Path(__file__).resolve().parents[1] / "docs" / "conformance" / "side-by-side.md").read_text(encoding="utf-8")
    assert "more characters" not in page           # the cut, escaped for Markdown: "… \[N more characters\]"
