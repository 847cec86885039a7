"""duelspec benchmarks (issue 6): ratios measured side by side in one run, not timed tests.

    python benchmarks/bench.py            # all; prints a JSON summary and a table
    python benchmarks/bench.py throughput memory chain-length pytest protocol mutation

- throughput: end to end in-process (json load, schema + cross-reference validation, run on
  the reference engine, check) of the hand-written plus generated set, vs the floor: only
  json load + validation of the same documents (goal: <= 3x, and >= 1,000 scenarios/s);
- pytest: a simulator's pytest run (every scenario a pytest item, duelspec.pytest_scenarios) and
  the feature files through pytest-bdd vs `duelspec run` on the same scenarios (goal <= 3x for
  the simulator's run); also checks that `pytest -n auto` (pytest-xdist) passes;
- memory: peak traced memory of a 10,000-scenario run vs a 1,000-scenario run, each in its own
  subprocess (goal <= 1.2x: results stream, nothing accumulates);
- chain-length: time per generated scenario by chain length 1..4 (goal: no worse than linear);
- protocol: `cmd:duelspec-reference-adapter` (process protocol) vs in-process (goal <= 1.5x);
- jobs: `duelspec run --generated --jobs 2` vs `--jobs 1` on the reference engine as a process
  (goal >= 1.7x on 2 cores);
- mutation: `duelspec mutants` in-process, the cost of one rule mutant vs one run of the
  hand-written scenarios (goal <= 1.0x), and `--tagged-only` vs every scenario.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _documents():
    from duelspec.compiler import compile_paths
    from duelspec.generated import scenarios
    hand = compile_paths(None).scenarios
    gen = list(scenarios())
    return [json.dumps(s) for s in hand + gen], len(hand), len(gen)


def _best_of(fn, n=3):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def throughput():
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.compiler import validate
    from duelspec.runner import run_one
    docs, n_hand, n_gen = _documents()
    adapter = ReferenceAdapter()
    impl = adapter.start()

    def floor():
        for d in docs:
            validate(json.loads(d))

    def end_to_end():
        for d in docs:
            s = json.loads(d)
            validate(s)
            r = run_one(s, adapter, impl)
            assert r["outcome"] == "passed", r
    end_to_end()                      # warm the caches once, as a long run would be
    t_floor, t_e2e = _best_of(floor), _best_of(end_to_end)
    return {"scenarios": len(docs), "hand_written": n_hand, "generated": n_gen,
            "floor_s": round(t_floor, 3), "e2e_s": round(t_e2e, 3), "ratio": round(t_e2e / t_floor, 2),
            "e2e_per_s": round(len(docs) / t_e2e), "floor_per_s": round(len(docs) / t_floor)}


def _timed(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    return time.perf_counter() - t, p


def pytest_vs_run():
    t_run, p_run = _timed([sys.executable, "-m", "duelspec.cli", "run", "--format", "json"])
    t_pytest, p_py = _timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_features.py"])
    t_xdist, p_x = _timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "auto", "tests/test_features.py"])
    # what a simulator's project runs: every scenario as a pytest item (duelspec.pytest_scenarios)
    t_items, p_items = _timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_scenarios_as_items.py"])
    # the same without the plugins of duelspec's own test extra (hypothesis's plugin import alone is ~3 s),
    # as in a simulator's environment that does not install them
    t_lean, p_lean = _timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest",
                             "-p", "no:pytest-bdd", "-p", "no:xdist", "tests/test_scenarios_as_items.py"])
    return {"duelspec_run_s": round(t_run, 2), "pytest_s": round(t_pytest, 2), "ratio": round(t_pytest / t_run, 2),
            "pytest_items_s": round(t_items, 2), "items_ratio": round(t_items / t_run, 2), "items_rc": p_items.returncode,
            "pytest_items_lean_s": round(t_lean, 2), "items_lean_ratio": round(t_lean / t_run, 2), "items_lean_rc": p_lean.returncode,
            "items_tail": p_items.stdout.strip().splitlines()[-1:],
            "run_rc": p_run.returncode, "pytest_rc": p_py.returncode,
            "pytest_xdist_s": round(t_xdist, 2), "pytest_xdist_rc": p_x.returncode,
            "pytest_tail": p_py.stdout.strip().splitlines()[-1:], "xdist_tail": p_x.stdout.strip().splitlines()[-1:]}


MEMORY_CHILD = r"""
import json, sys, tracemalloc
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.generated import scenarios
from duelspec.runner import run_scenarios
from duelspec.report import JsonLines, Tally
n = int(sys.argv[1])
base = list(scenarios())
adapter = ReferenceAdapter()
def stream():                        # n scenarios, generated lazily: copies with new ids
    for i in range(n):
        s = dict(base[i % len(base)]); s["id"] = s["id"] + f"-r{i}"
        yield s
out = JsonLines(open("/dev/null", "w"))
tally = Tally()
for r in run_scenarios(stream(), adapter, adapter.start()):   # warm-up
    break
tracemalloc.start()
for r in run_scenarios(stream(), adapter, adapter.start()):
    tally.add(r); out.write(r)
cur, peak = tracemalloc.get_traced_memory()
print(json.dumps({"n": n, "peak": peak, "passed": tally.counts.get("passed") if hasattr(tally, "counts") else None}))
"""


def memory():
    res = {}
    for n in (1000, 10000):
        p = subprocess.run([sys.executable, "-c", MEMORY_CHILD, str(n)], cwd=ROOT, capture_output=True, text=True)
        if p.returncode:
            return {"error": p.stderr[-2000:]}
        res[n] = json.loads(p.stdout.strip().splitlines()[-1])
    return {"peak_1000_kib": res[1000]["peak"] // 1024, "peak_10000_kib": res[10000]["peak"] // 1024,
            "ratio": round(res[10000]["peak"] / res[1000]["peak"], 2)}


def chain_length():
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.generated import scenarios
    from duelspec.runner import run_one
    adapter = ReferenceAdapter()
    impl = adapter.start()
    by_len: dict = {}
    for s in scenarios():
        by_len.setdefault(len(s["id"].split(".")[3].split("-")), []).append(s)
    for group in by_len.values():                 # warm the caches
        for s in group:
            run_one(s, adapter, impl)
    out = {}
    for n in sorted(by_len):
        group = by_len[n]
        t = _best_of(lambda: [run_one(s, adapter, impl) for s in group])
        out[n] = {"scenarios": len(group), "us_per_scenario": round(t / len(group) * 1e6)}
    base = out[1]["us_per_scenario"]
    for n in out:
        out[n]["vs_length_1"] = round(out[n]["us_per_scenario"] / base, 2)
    return out


def protocol():
    from duelspec.adapters import load_adapter
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.runner import run_one
    docs, _, _ = _documents()
    scen = [json.loads(d) for d in docs]
    try:
        proc = load_adapter("cmd:duelspec-reference-adapter")
        impl_p = proc.start()
    except Exception as exc:  # the protocol runner is written in parallel
        return {"measurable": False, "why": f"{type(exc).__name__}: {exc}"}
    try:
        inproc = ReferenceAdapter()
        impl_i = inproc.start()
        t_in = _best_of(lambda: [run_one(s, inproc, impl_i) for s in scen])
        t_pr = _best_of(lambda: [run_one(s, proc, impl_p) for s in scen])
    finally:
        proc.stop()
    return {"measurable": True, "in_process_s": round(t_in, 3), "protocol_s": round(t_pr, 3), "ratio": round(t_pr / t_in, 2)}


def jobs():
    """`duelspec run --generated` on the reference engine as a process: --jobs 2 vs 1 (goal >= 1.7x)."""
    base = [sys.executable, "-m", "duelspec.cli", "run", "--generated", "--adapter", "cmd:duelspec-reference-adapter",
            "--format", "json"]
    t1, p1 = _timed(base + ["--jobs", "1"])
    t2, p2 = _timed(base + ["--jobs", "2"])
    return {"jobs1_s": round(t1, 2), "jobs2_s": round(t2, 2), "speedup": round(t1 / t2, 2),
            "rc": [p1.returncode, p2.returncode], "same_stream": _results(p1.stdout) == _results(p2.stdout)}


def _results(stream: str) -> list:
    return [(x.get("id"), x.get("outcome")) for x in map(json.loads, stream.splitlines()) if x.get("type") == "result"]


def mutation():
    """`duelspec mutants` in-process (issue 9): every rule mutant against every hand-written
    scenario of its game, vs one run of those scenarios on the reference engine. Applying a
    mutant is a few attribute patches, so a mutant should cost at most one suite run (goal
    <= 1.0x per mutant); and `--tagged-only` (only the scenarios tagged with the mutant's
    rulings, all the report needs) vs every scenario."""
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.compiler import compile_paths
    from duelspec.mutation import registry
    from duelspec.mutation.matrix import run_matrix
    from duelspec.runner import run_one
    scen = compile_paths(None).scenarios
    muts = list(registry().values())
    adapter = ReferenceAdapter()
    impl = adapter.start()
    t_run = _best_of(lambda: [run_one(s, adapter, impl) for s in scen])
    t_all = _best_of(lambda: run_matrix(scen, muts), n=1)           # includes one baseline run
    t_tagged = _best_of(lambda: run_matrix(scen, muts, all_scenarios=False), n=1)
    per = (t_all - t_run) / len(muts)
    return {"mutants": len(muts), "scenarios": len(scen), "run_s": round(t_run, 3), "all_s": round(t_all, 2),
            "tagged_only_s": round(t_tagged, 2), "per_mutant_vs_run": round(per / t_run, 2),
            "tagged_only_vs_all": round(t_tagged / t_all, 2)}


BENCHES = {"throughput": throughput, "jobs": jobs, "pytest": pytest_vs_run, "memory": memory, "chain-length": chain_length,
           "protocol": protocol, "mutation": mutation}


def main(argv):
    names = argv or list(BENCHES)
    results = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    for name in names:
        t = time.perf_counter()
        results[name] = BENCHES[name]()
        results[name]["bench_s"] = round(time.perf_counter() - t, 1) if isinstance(results[name], dict) else None
        print(f"{name}: {json.dumps(results[name])}", file=sys.stderr)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
