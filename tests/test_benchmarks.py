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
