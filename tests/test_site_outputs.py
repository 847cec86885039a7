"""Issue 23, `duelspec site`: it replaces only what an earlier build wrote, refuses an input inside
its output, keeps pages and memory bounded whatever the streams hold, gives every scenario id a
page of its own, names runs of another suite and shows --out as text."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from fault_adapters.helpers import faulty_cmd, hang_guard, scenario  # noqa: F401
from fault_adapters.helpers import write_scenarios as write

pytestmark = pytest.mark.usefixtures("hang_guard")


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def lines(path) -> list:
    return [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines() if x.strip()]


def save(path, objs) -> Path:
    Path(path).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in objs), encoding="utf-8")
    return Path(path)


def renamed(header: dict, name: str) -> dict:
    """A stream header of another engine (implementation ``name``)."""
    adapter = header["adapter"]
    return dict(header, adapter=dict(adapter, implementation=dict(adapter["implementation"], name=name)))


@pytest.fixture(scope="module")
def stream(tmp_path_factory) -> Path:
    """A run of the fault adapter: two passed, one failed (its failure page), one skipped."""
    d = tmp_path_factory.mktemp("stream")
    paths = write(d, scenario("t.ok.1"), scenario("t.fail.2"), scenario("t.ok.3"), scenario("t.skip.4"))
    out = d / "r.jsonl"
    r = cli("run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--out", out)
    assert r.exit_code == 1 and len(lines(out)) == 6, r.output
    return out


def test_a_folder_with_files_of_yours_is_refused_and_left_as_it_was(tmp_path, stream):
    """It deleted static/, history/, rulings/, failures/ and badges/ wholesale, yours included."""
    out = tmp_path / "www"
    (out / "static").mkdir(parents=True)
    (out / "static" / "logo.png").write_bytes(b"mine")
    (out / "notes.txt").write_text("mine")
    r = cli("site", "--results", stream, "--out", out)
    assert r.exit_code == 2 and "never writes over files it did not write" in r.output, r.output
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == ["notes.txt", "static", "static/logo.png"]


def test_a_result_stream_inside_the_output_is_refused(tmp_path, stream):
    out = tmp_path / "www"
    r = cli("site", "--results", stream, "--out", out)
    assert r.exit_code == 0, r.output
    inside = out / "failures" / "r.jsonl"
    inside.write_bytes(stream.read_bytes())
    r = cli("site", "--results", inside, "--out", out)
    assert r.exit_code == 2 and "outside the site's folder" in r.output, r.output
    assert inside.read_bytes() == stream.read_bytes()


def test_a_rebuild_replaces_only_what_the_earlier_build_wrote(tmp_path, stream):
    out = tmp_path / "www"
    other = save(tmp_path / "other.jsonl", [renamed(lines(stream)[0], "second")] + lines(stream)[1:])
    assert cli("site", "--results", stream, "--results", other, "--out", out).exit_code == 0
    from duelspec.site import MARKER
    written = json.loads((out / MARKER).read_text())["files"]
    assert {"path": "index.html"} .items() <= written[[f["path"] for f in written].index("index.html")].items()
    assert (out / "history" / "second.html").exists() and (out / "failures" / "second").is_dir()
    (out / "CNAME").write_text("duelspec.example")               # yours, beside the pages
    (out / "static" / "extra.css").write_text("mine")              # yours, inside a folder of the site
    (out / "failures" / "second" / "t.fail.2.html").write_text("edited by hand")   # the earlier build's, changed
    r = cli("site", "--results", stream, "--out", out)              # the engine `second` is gone
    assert r.exit_code == 0, r.output
    assert (out / "CNAME").read_text() == "duelspec.example" and (out / "static" / "extra.css").read_text() == "mine"
    assert not (out / "history" / "second.html").exists(), "a page of the earlier build that is gone stayed"
    assert (out / "failures" / "second" / "t.fail.2.html").read_text() == "edited by hand"
    assert "changed since: left as it is" in r.output
    assert (out / "failures" / "faulty" / "t.fail.2.html").exists()
    assert not list(tmp_path.glob(".www.building-*")), "the staging folder was left behind"


def test_two_ids_with_the_same_first_80_characters_get_a_page_each(tmp_path, stream):
    head, *rest = lines(stream)
    failed = next(x for x in rest if x.get("outcome") == "failed")
    long_a = "t.fail." + "a" * 90 + "-one"
    long_b = "t.fail." + "a" * 90 + "-two"
    results = [dict(failed, id=long_a, title="A"), dict(failed, id=long_b, title="B")]
    foot = dict(rest[-1], counts={**rest[-1]["counts"], "passed": 0, "failed": 2, "skipped": 0}, selected=2)
    s = save(tmp_path / "long.jsonl", [head, *results, foot])
    out = tmp_path / "www"
    r = cli("site", "--results", s, "--out", out)
    assert r.exit_code == 0, r.output
    pages = sorted((out / "failures" / "faulty").glob("*.html"))
    assert len(pages) == 2, pages
    texts = [p.read_text(encoding="utf-8") for p in pages]
    assert sum(long_a in t for t in texts) == 1 and sum(long_b in t for t in texts) == 1


def test_the_out_path_is_shown_as_text_not_obeyed(tmp_path, stream):
    out = tmp_path / "site\x1b]8;;https://evil.example/\x07x\x1b[2J"
    r = cli("site", "--results", stream, "--out", out)
    assert r.exit_code == 0, r.output
    assert "\x1b" not in r.output and "\\x1b]8;;https:/evil.example/\\x07x\\x1b[2J" in r.output


def test_streams_of_another_suite_are_named_on_the_pages_they_concern(tmp_path, stream):
    """The matrix, the engine's own pages and its game's ruling pages name a run of another suite; the
    other engines' pages do not (issue 32 §7: an old Go Duel Masters report was named on every page)."""
    head, *rest = lines(stream)
    old = dict(renamed(head, "old-engine"), suite=dict(head["suite"], content_hash="sha256:" + "0" * 64, version="0.0.9"))
    s = save(tmp_path / "old.jsonl", [old, *rest])
    out = tmp_path / "www"
    r = cli("site", "--results", stream, "--results", s, "--out", out)
    assert r.exit_code == 0, r.output
    for page in ("index.html", "rulings/ND-01.html", "history/old-engine.html"):
        html = (out / page).read_text(encoding="utf-8")
        assert "Runs of another suite" in html and "old-engine ran suite 0.0.9" in html, page
        assert "faulty ran suite" not in html
    for page in ("history/faulty.html", "rulings/AT-01.html", "general-rules.html"):
        assert "Runs of another suite" not in (out / page).read_text(encoding="utf-8"), page
    alone = tmp_path / "alone"
    assert cli("site", "--results", stream, "--out", alone).exit_code == 0
    assert "Runs of another suite" not in (alone / "index.html").read_text(encoding="utf-8")


def test_a_huge_result_makes_a_small_page(tmp_path, stream):
    """One 5.6 MiB line made a 22 MB page: lists were not capped."""
    head, *rest = lines(stream)
    failed = next(x for x in rest if x.get("outcome") == "failed")
    huge = dict(failed, failures=[{"pointer": f"/expect/events/{i}", "message": "m" * 3000, "expected": {"event": "draw"},
                                   "context": [[j, {"event": "phase", "phase": "draw"}] for j in range(600)]}
                                  for i in range(200)])
    s = save(tmp_path / "huge.jsonl", [head, *[huge if x is failed else x for x in rest]])
    assert s.stat().st_size > 5_000_000
    out = tmp_path / "www"
    assert cli("site", "--results", s, "--out", out).exit_code == 0
    page = (out / "failures" / "faulty" / "t.fail.2.html").read_text(encoding="utf-8")
    from duelspec.site import PAGE_CHARS
    assert len(page) < 2 * PAGE_CHARS + 200_000, len(page)
    assert "more items" in page


def test_the_number_and_size_of_streams_are_bounded(tmp_path, stream):
    r = cli("site", *[x for _ in range(201) for x in ("--results", stream)], "--out", tmp_path / "a")
    assert r.exit_code == 2 and "at most 200 result streams" in r.output, r.output
    big = tmp_path / "big.jsonl"
    big.write_bytes(stream.read_bytes())
    with open(big, "r+b") as fh:
        fh.truncate(65 << 20)                         # sparse: refused by its size before it is read
    r = cli("site", "--results", big, "--out", tmp_path / "b")
    assert r.exit_code == 2 and "at most 64 MiB" in r.output, r.output


def test_only_the_latest_run_of_an_engine_is_kept_whole(tmp_path, stream):
    """40 streams of one engine took 1.28 GB: the runs before the latest are kept as outcomes."""
    from duelspec.site import for_history, read_runs
    head, *rest = lines(stream)
    older = []
    for i in range(5):
        older.append(save(tmp_path / f"old{i}.jsonl", [dict(head, started=f"2020-01-0{i + 1}T00:00:00+00:00"), *rest]))
    runs = read_runs(older + [stream])
    latest = max(runs, key=lambda r: r.started)
    assert latest.path == str(stream) and "failures" in latest.results["t.fail.2"]
    for run in runs:
        if run is not latest:
            assert all(r == for_history(r) and set(r) <= {"id", "outcome", "rulings"} for r in run.results.values())


def test_the_parts_of_one_report_are_one_run_and_re_runs_stay_runs(tmp_path, stream):
    """The committed EDOPro report is two streams of one run (the hand-written scenarios, then the
    generated chains): the site showed only the later as the engine's results and put the
    hand-written ones in its history. Parts = same suite, engine version and as-of date, different
    selections; the same selection twice is a re-run, and parts sharing a scenario stay apart."""
    from collections import Counter
    from duelspec.site import read_runs
    head, *rest = lines(stream)
    results = [x for x in rest if x["type"] == "result"]
    foot = next(x for x in rest if x["type"] == "footer")
    sel = head["selection"]

    def part(name, ids, **header):
        mine = [r for r in results if r["id"] in ids]
        counts = {**{k: 0 for k in foot["counts"]}, **Counter(r["outcome"] for r in mine)}
        return save(tmp_path / name, [dict(head, selection=dict(sel, ids=sorted(ids)), **header), *mine,
                                      dict(foot, counts=counts, selected=len(mine))])

    hand = part("hand.jsonl", {"t.ok.1", "t.fail.2"})
    gen = part("gen.jsonl", {"t.ok.3", "t.skip.4"}, started="2099-01-01T00:00:00+00:00")
    runs = read_runs([hand, gen])
    assert len(runs) == 1 and sorted(runs[0].results) == ["t.fail.2", "t.ok.1", "t.ok.3", "t.skip.4"]
    assert runs[0].counts()["failed"] == 1 and runs[0].counts()["skipped"] == 1
    # the same selection twice: a re-run, two runs
    again = save(tmp_path / "again.jsonl", [dict(head, started="2099-01-02T00:00:00+00:00"), *rest])
    assert len(read_runs([stream, again])) == 2
    # different selections that share a scenario: two runs, as before
    overlap = part("overlap.jsonl", {"t.ok.1"})
    assert sorted(len(r.results) for r in read_runs([stream, overlap])) == [1, 4]
    # another engine version: another run
    other = dict(head["adapter"]["implementation"], version="9.9")
    newer = part("newer.jsonl", {"t.ok.3"}, adapter=dict(head["adapter"], implementation=other))
    assert len(read_runs([hand, newer])) == 2


def test_a_rebuild_never_writes_through_a_symlinked_subfolder(tmp_path, stream):
    """A subfolder of the site replaced by a link to a folder outside --out: the rebuild wrote the
    earlier build's pages through it, into a folder it never wrote (issue 36 §2). Refused (exit 2),
    nothing written there."""
    import shutil
    out = tmp_path / "www"
    assert cli("site", "--results", stream, "--out", out).exit_code == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "yours.txt").write_text("mine")
    shutil.rmtree(out / "history")
    (out / "history").symlink_to(outside)
    r = CliRunner().invoke(main, ["site", "--results", str(stream), "--out", str(out)])
    assert r.exit_code == 2, r.output
    assert "symbolic link" in r.output and str(out / "history") in r.output, r.output
    assert sorted(p.name for p in outside.iterdir()) == ["yours.txt"], "the site wrote outside --out"


@pytest.mark.parametrize("entry", [{"path": 5, "sha256": "x"}, {"path": ["a"], "sha256": "x"}, "index.html",
                                   {"path": None}, {"path": "a.html", "sha256": 3}])
def test_a_site_marker_whose_path_is_not_a_string_is_a_clear_error(tmp_path, stream, entry):
    """It was a traceback (exit 1); now exit 2 naming the marker and the entry."""
    from duelspec.site import MARKER
    out = tmp_path / "www"
    out.mkdir()
    (out / MARKER).write_text(json.dumps({"format": 1, "files": [{"path": "index.html", "sha256": "0"}, entry]}))
    r = CliRunner().invoke(main, ["site", "--results", str(stream), "--out", str(out)])
    assert r.exit_code == 2, (r.output, r.exception)
    assert f"{out / MARKER}:/files/1" in r.output, r.output
