"""benchmarks/README.md's table is the table of benchmarks/results.json (issue 26 §6): one run of
``python benchmarks/bench.py`` writes results.json, ``python benchmarks/bench.py --readme`` the table;
nothing is timed here."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    spec = importlib.util.spec_from_file_location("duelspec_bench", ROOT / "benchmarks" / "bench.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_readme_table_is_the_table_of_results_json():
    bench = _bench()
    results = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert readme == bench.readme_with_table(readme, results), \
        "benchmarks/README.md's table is not results.json's: run `python benchmarks/bench.py --readme`"


def test_every_benchmark_has_a_row_measured_or_not():
    """A benchmark of bench.py missing from results.json is said so in the table, never left out."""
    bench = _bench()
    results = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
    table = bench.table(results)
    for name in bench.BENCHES:
        assert name in results or f"`{name}` | not measured in this run" in table, name
    assert "load_average_at_start" in results       # the run records the machine's load


def test_a_goal_not_reached_is_said_not_met():
    bench = _bench()
    ok = {"ratio": 1.1, "peak_rss_1000_mib": 60.0, "peak_rss_10000_mib": 66.0}
    bad = dict(ok, ratio=1.5, peak_rss_10000_mib=90.0)
    row_ok = bench._rows({"memory-cli": ok})
    row_bad = bench._rows({"memory-cli": bad})
    mem = [r for r in row_ok if "RSS" in r]
    assert mem and mem[0].endswith("| yes |")
    assert [r for r in row_bad if "RSS" in r][0].endswith("| **no** — see below |")
    # a benchmark missing from the run is said so, not left out
    assert any("`site` | not measured in this run" in r for r in row_ok)


#: the figures issue 37 §3 names: each a stable key of results.json that the pages cite
ISSUE_37_KEYS = ("engines.edopro.whole_vs_duel_cpu", "engines.ygopro.whole_vs_duel_cpu",
                 "engines.duel-masters-go.whole_vs_driver_cpu", "throughput.ratio", "throughput.e2e_per_s",
                 "memory-cli.ratio", "jobs.speedup", "site.files", "site.largest_page_kb", "load_average_at_start")


def test_the_stable_keys_address_results_json_or_say_not_measured():
    bench = _bench()
    results = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
    assert set(ISSUE_37_KEYS) <= set(bench.KEYS)
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    for key, (_, unit) in bench.KEYS.items():
        value = bench.figure(results, key)
        text = bench.figure_text(results, key, unit)
        assert (value is None) == (text == bench.NOT_MEASURED), key
        assert value is None or isinstance(value, (int, float, str, list)), key
        assert f"| `{key}` | " in readme, f"benchmarks/README.md does not list the key {key}"
    # a bench the run did not measure, or could not, has no figure (never a number)
    assert bench.figure({"engines": {"duel-masters-go": {"measurable": False, "why": "not set"}}},
                        "engines.duel-masters-go.whole_vs_driver_cpu") is None
    assert bench.figure({"engines": {"duel-masters-go": {"measurable": False, "whole_vs_driver_cpu": 1.2}}},
                        "engines.duel-masters-go.whole_vs_driver_cpu") is None
    assert bench.figure_text({}, "jobs.speedup", "x") == bench.NOT_MEASURED
    assert bench.figure_text({"jobs": {"speedup": 1.4}}, "jobs.speedup", "x") == "1.4x"
    assert bench.figure_text({"jobs": {"speedup": 1.4}, "other_runs": {"jobs": "later"}}, "jobs.speedup", "x") == "1.4x (another run)"


def test_a_figure_that_disagrees_with_results_json_is_caught():
    """A figure of benchmarks/README.md changed by hand, in the table, the key list or the text, fails the table test."""
    bench = _bench()
    results = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert len(bench.marks(readme)) >= 20          # the text's measured figures are marked, not only the table's
    key = "throughput.e2e_per_s"
    shown = bench.figure_text(results, key, bench.KEYS[key][1])
    for planted in (readme.replace(f"| `{key}` | {bench.KEYS[key][0]} | {shown} |",
                                   f"| `{key}` | {bench.KEYS[key][0]} | 9{shown} |"),                  # the key list
                    readme.replace(f"**{shown}**", f"**9{shown}**", 1),                                 # the table
                    readme.replace("<!--bench:engines.edopro.jobs1.cpu_s s-->", "<!--bench:engines.edopro.jobs1.cpu_s s-->9", 1)):
        assert planted != readme
        assert bench.readme_with_table(planted, results) != planted
    # and a run whose figure changed changes the page
    changed = json.loads(json.dumps(results))
    changed["throughput"]["e2e_per_s"] += 1
    assert bench.readme_with_table(readme, changed) != readme


def test_the_site_row_counts_what_the_site_builder_writes(tmp_path):
    """bench.py's site row counts the files the builder's marker lists as written and measures the largest of them."""
    from duelspec.site import MARKER, build
    bench = _bench()
    out = tmp_path / "site"
    build([str(ROOT / "docs" / "conformance" / "duel-masters-go.jsonl")], out)
    listed = [e["path"] for e in json.loads((out / MARKER).read_text(encoding="utf-8"))["files"]]
    got = bench.site_files(out)
    assert got["files"] == len(listed) == got["files_on_disk"] - 1 and got["listing_is_the_folder"]
    size, name = max(((out / f).stat().st_size, f) for f in listed)
    assert (got["largest_page"], got["largest_page_kb"]) == (name, round(size / 1e3))
    (out / "stray.txt").write_text("not the builder's")
    assert not bench.site_files(out)["listing_is_the_folder"]


#: the rows of issue 37 that show a profile of what holds them back, recorded by the run that measured them
PROFILE_KEYS = ("startup.profile.top", "throughput.profile.top", "engines.edopro.profile.top",
                "engines.ygopro.profile.top", "engines.duel-masters-go.profile.top")


def test_each_row_not_met_has_its_profile_from_the_same_run_or_says_not_measured():
    import cProfile
    bench = _bench()
    assert set(PROFILE_KEYS) <= set(bench.KEYS)
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert set(PROFILE_KEYS) <= set(bench.marks(readme))        # rendered in the text, not only listed
    for key in PROFILE_KEYS:                                    # a run without it
        assert bench.figure_text({}, key) == bench.NOT_MEASURED
        assert bench.figure_text({"engines": {"edopro": {"measurable": False, "why": "not set"}}}, key) == bench.NOT_MEASURED
    # a real profile: the top functions by own time, each with its share; nothing that would end the page's marker
    prof = cProfile.Profile()
    prof.runcall(lambda: [json.loads(json.dumps({"a": list(range(50))})) for _ in range(300)])
    rows = bench.profile_rows(prof)
    top = rows["top"]
    assert 0 < len(top) <= bench.PROFILE_ROWS
    assert [r["own_s"] for r in top] == sorted((r["own_s"] for r in top), reverse=True)
    assert all(0 <= r["own_share"] <= 1 and r["calls"] >= 1 for r in top)
    results = {"startup": {"profile": rows}}
    text = bench.figure_text(results, "startup.profile.top")
    assert text != bench.NOT_MEASURED and "<" not in text and ">" not in text
    assert top[0]["function"] in text and f"{top[0]['own_share'] * 100:.1f}%" in text
    marked = "x <!--bench:startup.profile.top-->old<!--/bench--> y"
    assert bench.render_marks(marked, results) == f"x <!--bench:startup.profile.top-->{text}<!--/bench--> y"
    # a frozen module, a built-in and a file of this checkout are named without angle brackets
    assert bench._function(("<frozen importlib._bootstrap>", 1165, "_find_and_load")) == "frozen importlib._bootstrap:1165 _find_and_load"
    assert bench._function(("~", 0, "<built-in method marshal.loads>")) == "marshal.loads"
    assert bench._function((str(ROOT / "duelspec" / "runner.py"), 198, "run_one")) == "duelspec/runner.py:198 run_one"
