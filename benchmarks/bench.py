"""duelspec benchmarks (issue 6): ratios measured side by side in one run, not timed tests.

    python benchmarks/bench.py            # all; prints a JSON summary and a table
    python benchmarks/bench.py throughput memory chain-length pytest protocol mutation
    python benchmarks/bench.py --readme   # benchmarks/README.md's table, key list and figures from results.json

The pages cite a run's figures by their key (:data:`KEYS`, ``<!--bench:KEY-->``): ``--readme`` renders
benchmarks/README.md, ``DUELSPEC_UPDATE_README=1 pytest tests/test_readme.py`` the README's and the guides'.

Times are CPU times (of a process and every process it started) where the goal is about work,
so that a shared machine's other load does not change them; wall times where the goal is about
parallelism (--jobs) and beside the CPU times elsewhere. The load average is recorded. Every process a bench
starts keeps its bytecode, as an installed duelspec has it (:func:`keep_bytecode`; results.json's ``bytecode``).

- engines: the real engines' adapters (EDOPro, YGOPro; the engines' env), `duelspec run --generated`:
  the whole run vs the engine's own duel work (goal <= 2x) and --jobs 2 vs 1 (goal >= 1.8x);
- throughput: end to end in-process (json load, schema + cross-reference validation, run on
  the reference engine, check) of the hand-written plus generated set, vs the floor: only
  json load + validation of the same documents (goal: <= 3x, and >= 1,000 scenarios/s);
- pytest: a simulator's pytest run (every scenario a pytest item, duelspec.pytest_scenarios) and
  the feature files through pytest-bdd vs `duelspec run` on the same scenarios (goal <= 2x for
  the simulator's run); also checks that `pytest -n auto` (pytest-xdist) passes;
- memory-cli: peak RSS of `duelspec run FOLDER` on 10,000 vs 1,000 scenario documents (goal <= 1.2x);
- memory: peak traced memory of a 10,000-scenario run vs a 1,000-scenario run of the library, each
  in its own subprocess (goal <= 1.2x: results stream, nothing accumulates);
- site: `duelspec site` for 10 engines x 2,599 results (goal <= 10 s, <= 50 MB, no page over 1 MB);
- chain-length: time per generated scenario by chain length 1..4 (goal: no worse than linear);
- protocol: `cmd:duelspec-reference-adapter` (process protocol) vs in-process (goal <= 1.5x);
- jobs: `duelspec run --generated --jobs 2` vs `--jobs 1` on the reference engine as a process
  (goal >= 1.8x on 2 cores, issue 37; beside it each worker's CPU and its adapter's, and the speed-up those CPU
  times allow on 2 free cores, ``cpu_bound_speedup``, for a machine whose load makes the wall time say little);
- reply-memory: peak traced memory of reading one adapter reply (its bytes decoded, parsed and checked
  against the protocol schema, as adapters/process.py does) of 1, 4 and 15 MiB, per byte of the reply
  (goal: <= adapters.process.REPLY_MEMORY_FACTOR at every size: proportional to the reply, and with the
  16 MiB line limit at most that many times 16 MiB per --jobs member);
- mutation: `duelspec mutants` in-process, the cost of one rule mutant vs one run of the
  hand-written scenarios (goal <= 1.0x), and `--tagged-only` vs every scenario.
"""
from __future__ import annotations

import json
import os
import re
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
    """The least CPU time of this process over ``n`` calls of ``fn`` (in-process work is one thread:
    on an idle machine its wall time; on a shared one, what the machine's other work does not change)."""
    times = []
    for _ in range(n):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def throughput():
    """End to end in-process vs the floor, and where the difference goes: the reference engine alone
    (``adapter.run`` of each scenario as played) and judging alone (each reply judged: trace schema,
    references, coverage, checker, result)."""
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.judging.asof import today
    from duelspec.compiler import validate
    from duelspec.runner import finish, play_one, played, run_one
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
            # every scenario passes on the reference engine, but one whose answer was replaced is skipped today
            assert r["outcome"] == "passed" or r.get("reason", "").startswith("no longer in force"), r
    end_to_end()                      # warm the caches once, as a long run would be
    t_floor, t_e2e = _best_of(floor), _best_of(end_to_end)
    scen = [json.loads(d) for d in docs]
    given, day = [played(s) for s in scen], today()
    t_engine = _best_of(lambda: [adapter.run(s, as_of=day) for s in given])
    replies = [play_one(s, adapter, impl) for s in scen]
    t_judge = _best_of(lambda: [finish(x) for x in replies])
    import cProfile
    prof = cProfile.Profile()
    prof.runcall(end_to_end)          # once more, profiled (not timed): where the end-to-end time goes
    profile = {"command": "cProfile of benchmarks/bench.py's throughput end_to_end (in-process, every document once)",
               **profile_rows(prof)}
    return {"profile": profile, "scenarios": len(docs), "hand_written": n_hand, "generated": n_gen,
            "floor_s": round(t_floor, 3), "e2e_s": round(t_e2e, 3), "ratio": round(t_e2e / t_floor, 2),
            "e2e_per_s": round(len(docs) / t_e2e), "floor_per_s": round(len(docs) / t_floor),
            "engine_s": round(t_engine, 3), "judge_s": round(t_judge, 3)}


def _cpu_timed(cmd, cwd=None) -> tuple:
    """``(CPU time, wall time, process)`` of ``cmd`` as a whole process (in ``cwd``, default the
    repository): the CPU time of it and of every process it started (``RUSAGE_CHILDREN``: each waited for)."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall, p = _timed(cmd, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall, p


def _timed(cmd, env=None, cwd=None):
    t = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd or ROOT, capture_output=True, text=True, env=env)
    return time.perf_counter() - t, p


#: the plugins of duelspec's own test extra (pyproject `test`: hypothesis, pytest-bdd, xdist), which installing
#: duelspec does not bring into a simulator's project; disabled to run pytest as there
TEST_EXTRA_PLUGINS = ["-p", "no:hypothesispytest", "-p", "no:pytest-bdd", "-p", "no:xdist"]


def pytest_vs_run():
    """Whole processes, CPU time (of each and every process it started; wall time beside it).

    A simulator's pytest run is measured where a simulator runs it: a project folder of its own
    holding the one module duelspec.pytest_scenarios documents (``from duelspec.pytest_scenarios
    import *``) and ``--duelspec-adapter`` naming the engine (here the reference engine), with duelspec and
    pytest only (:data:`TEST_EXTRA_PLUGINS` disabled); beside it the same with every plugin of this
    environment, and the module in duelspec's own tests folder (whose conftest adds a per-test guard
    against leaked processes)."""
    import tempfile
    c_run, t_run, p_run = _cpu_timed([sys.executable, "-m", "duelspec.cli", "run", "--format", "json"])
    c_pytest, t_pytest, p_py = _cpu_timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_features.py"])
    t_xdist, p_x = _timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "auto", "tests/test_features.py"])
    with tempfile.TemporaryDirectory() as project:
        (Path(project) / "tests").mkdir()
        (Path(project) / "tests" / "test_duelspec.py").write_text(
            "from duelspec.pytest_scenarios import *  # noqa: F401,F403\n", encoding="utf-8")
        sim = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--duelspec-adapter", "reference", "tests/test_duelspec.py"]
        c_items, t_items, p_items = _cpu_timed(sim[:4] + TEST_EXTRA_PLUGINS + sim[4:], cwd=project)
        c_all, t_all, p_all = _cpu_timed(sim, cwd=project)
    # the same module in duelspec's own tests folder (tests/conftest.py: a process-leak guard per test)
    c_own, t_own, p_own = _cpu_timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TEST_EXTRA_PLUGINS,
                                      "tests/test_scenarios_as_items.py"])
    return {"duelspec_run_s": round(c_run, 2), "pytest_s": round(c_pytest, 2), "ratio": round(c_pytest / c_run, 2),
            "pytest_items_s": round(c_items, 2), "items_ratio": round(c_items / c_run, 2), "items_rc": p_items.returncode,
            "items_tail": p_items.stdout.strip().splitlines()[-1:],
            "pytest_items_all_plugins_s": round(c_all, 2), "items_all_plugins_ratio": round(c_all / c_run, 2),
            "items_all_plugins_rc": p_all.returncode,
            "pytest_items_own_tests_s": round(c_own, 2), "items_own_tests_ratio": round(c_own / c_run, 2),
            "items_own_tests_rc": p_own.returncode,
            "wall_s": {"duelspec_run": round(t_run, 2), "pytest": round(t_pytest, 2), "items": round(t_items, 2),
                       "items_all_plugins": round(t_all, 2), "items_own_tests": round(t_own, 2)},
            "run_rc": p_run.returncode, "pytest_rc": p_py.returncode,
            "pytest_xdist_s": round(t_xdist, 2), "pytest_xdist_rc": p_x.returncode,
            "pytest_tail": p_py.stdout.strip().splitlines()[-1:], "xdist_tail": p_x.stdout.strip().splitlines()[-1:]}


MEMORY_CHILD = r"""
import json, sys, tracemalloc
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.generated import scenarios
from duelspec.runner import run_scenarios
from duelspec.reporting.report import JsonLines, Tally
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


RSS_CHILD = r"""
import resource, subprocess, sys
p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p.returncode, repr(p.stderr[-500:]))
"""


def memory_cli():
    """`duelspec run FOLDER` (the command, reference engine) on 10,000 vs 1,000 scenario documents
    (copies of the generated chains with new ids): peak RSS of the process (goal <= 1.2x: the
    scenarios and results stream); and 30,000 vs 10,000: the peak RSS per extra scenario (issue 37:
    goal flat, what a run keeps per selected document)."""
    import tempfile
    from duelspec.generated import scenarios
    base = list(scenarios())
    out, kib = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "docs"
        made = 0
        for n in MEMORY_CLI_SIZES:             # one folder, grown: the first n files are the n-scenario run's
            for i in range(made, n):
                s = dict(base[i % len(base)], id=f"{base[i % len(base)]['id']}-r{i}")
                folder.mkdir(exist_ok=True)
                (folder / f"{i:06d}.json").write_text(json.dumps(s), encoding="utf-8")
            made = n
            p = subprocess.run([sys.executable, "-c", RSS_CHILD, sys.executable, "-m", "duelspec.cli", "run", str(folder),
                                "--format", "json", "--no-progress"], cwd=ROOT, capture_output=True, text=True)
            k, rc, err = p.stdout.split(" ", 2)
            kib[n] = int(k)
            out[f"peak_rss_{n}_mib"] = round(int(k) / 1024, 1)
            out[f"rc_{n}"] = int(rc)
    out["ratio"] = round(out["peak_rss_10000_mib"] / out["peak_rss_1000_mib"], 2)
    out["per_extra_scenario_kib"] = round((kib[30000] - kib[10000]) / 20000, 3)      # 10,000 -> 30,000
    return out


#: the runs of memory-cli: peak RSS of 1,000 and 10,000 documents (the ratio), and of 30,000 (per extra scenario)
MEMORY_CLI_SIZES = (1000, 10000, 30000)


SITE_CHILD = r"""
import json, resource, sys, time
from duelspec.site import build
t = time.perf_counter()
info = build(sys.argv[2:], sys.argv[1])
ru = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"s": time.perf_counter() - t, "cpu_s": ru.ru_utime + ru.ru_stime, "pages": info["pages"],
                  "rss_mib": ru.ru_maxrss / 1024}))
"""


def site():
    """`duelspec site` for 10 engines x the 2,599 generated results (issue 26, goal 5: <= 10 s,
    <= 50 MB, no page over 1 MB): the committed EDOPro stream of the generated chains
    (docs/conformance/edopro-generated.jsonl), written as 10 engines (implementation names
    changed), built in a process of its own."""
    import tempfile
    src = ROOT / "docs" / "conformance" / "edopro-generated.jsonl"
    lines = src.read_text(encoding="utf-8").splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i in range(10):
            head = json.loads(lines[0])
            head["adapter"]["implementation"]["name"] += f" #{i + 1}"
            f = Path(tmp) / f"engine{i + 1}.jsonl"
            f.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
            files.append(str(f))
        out = Path(tmp) / "site"
        p = subprocess.run([sys.executable, "-c", SITE_CHILD, str(out), *files], cwd=ROOT, capture_output=True, text=True)
        if p.returncode:
            return {"error": p.stderr[-2000:]}
        info = json.loads(p.stdout.strip().splitlines()[-1])
        files = site_files(out)
        results = sum(1 for x in lines[1:] if '"type": "result"' in x)
    return {"engines": 10, "results_per_engine": results, "build_s": round(info["s"], 2), "build_cpu_s": round(info["cpu_s"], 2),
            **files, "peak_rss_mib": round(info["rss_mib"])}


def site_files(out: Path) -> dict:
    """What the site builder says it wrote into ``out`` (its marker's listing, duelspec.site.MARKER), each file
    measured on disk: how many, their total size and the largest; beside them every file in the folder (the
    listing and the marker itself) and whether the two agree."""
    from duelspec.site import MARKER
    written = [e["path"] for e in json.loads((out / MARKER).read_text(encoding="utf-8"))["files"]]
    sizes = [((out / f).stat().st_size, f) for f in written]
    on_disk = sorted(f.relative_to(out).as_posix() for f in out.rglob("*") if f.is_file())
    big = max(sizes)
    return {"files": len(sizes), "files_on_disk": len(on_disk), "listing_is_the_folder": sorted(written + [MARKER]) == on_disk,
            "total_mb": round(sum(n for n, _ in sizes) / 1e6, 1), "largest_page_kb": round(big[0] / 1e3),
            "largest_page": big[1]}


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


def _cpu_of(pid: int) -> float:
    """CPU time (user + system) a running process and every process below it have used so far
    (Linux /proc): a ``cmd:`` adapter runs as the child of its reaper (adapters/reaper.py)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:                   # it ended meanwhile
        return 0.0
    own = (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    return own + sum(_cpu_of(child) for child in _children(pid))


def _children(pid: int) -> list:
    out = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as fh:
                out += [int(x) for x in fh.read().split()]
    except OSError:
        pass
    return out


def _best_of_both(fn, pid: int, n=3):
    """The least CPU time of this process and process ``pid`` together over ``n`` calls of ``fn``."""
    times = []
    for _ in range(n):
        t, c = time.process_time(), _cpu_of(pid)
        fn()
        times.append(time.process_time() - t + _cpu_of(pid) - c)
    return min(times)


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
        t_pr = _best_of_both(lambda: [run_one(s, proc, impl_p) for s in scen], proc.proc.pid)   # both processes' CPU
    finally:
        proc.stop()
    return {"measurable": True, "in_process_s": round(t_in, 3), "protocol_s": round(t_pr, 3), "ratio": round(t_pr / t_in, 2)}


#: runs the command of its arguments in this process and prints, at its exit, the CPU time of the
#: process itself (the runner) and of the processes it waited for (the adapters) as one JSON line on stderr
SPLIT_CHILD = r"""
import atexit, json, resource, runpy, sys
def split():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"runner_cpu_s": me.ru_utime + me.ru_stime, "adapters_cpu_s": kids.ru_utime + kids.ru_stime}),
          file=sys.stderr)
atexit.register(split)
sys.argv = sys.argv[1:]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""


def jobs():
    """`duelspec run --generated` on the reference engine as a process: --jobs 2 vs 1 (goal >= 1.8x, issue 37; issue 26 had 1.7x), with
    the CPU time of the runner's process and of the adapter processes (what one core each can overlap)."""
    base = [sys.executable, "-c", SPLIT_CHILD, "duelspec.cli", "run", "--generated", "--adapter",
            "cmd:duelspec-reference-adapter", "--format", "json"]
    import tempfile
    t1, p1 = _timed(base + ["--jobs", "1"])
    with tempfile.TemporaryDirectory() as tmp:        # each --jobs worker's CPU and its adapter's (duelspec/workers.py)
        per = Path(tmp) / "workers.jsonl"
        t2, p2 = _timed(base + ["--jobs", "2"], env={**os.environ, "DUELSPEC_JOBS_CPU": str(per)})
        workers = [json.loads(x) for x in per.read_text().splitlines()] if per.exists() else []
    cpu = [json.loads(p.stderr.strip().splitlines()[-1]) if p.stderr.strip() else {} for p in (p1, p2)]
    out = {"jobs1_s": round(t1, 2), "jobs2_s": round(t2, 2), "speedup": round(t1 / t2, 2),
           "rc": [p1.returncode, p2.returncode], "same_stream": _results(p1.stdout) == _results(p2.stdout),
           "cpu_s": [{k: round(v, 2) for k, v in c.items()} for c in cpu], "workers": workers}
    if workers and all(cpu):
        # what the CPU times allow on 2 free cores: --jobs 1 is one runner and its adapter taking turns (their sum);
        # --jobs 2 at best its total CPU over the 2 cores, and never less than one worker with its adapter
        one = cpu[0]["runner_cpu_s"] + cpu[0]["adapters_cpu_s"]
        two = max((cpu[1]["runner_cpu_s"] + cpu[1]["adapters_cpu_s"]) / 2,
                  max(w["worker_cpu_s"] + w["adapter_cpu_s"] for w in workers))
        out["cpu_bound_speedup"] = round(one / two, 2)
    return out


#: the real engines' adapters (the engines' env: DUELSPEC_YGOPRO_CORE, DUELSPEC_YGOPRO_SCRIPTS, DUELSPEC_EDOPRO_SCRIPTS)
ENGINES = {"edopro": ("cmd:node adapters/edopro/main.mjs", ("DUELSPEC_EDOPRO_SCRIPTS",)),
           "ygopro": (f"cmd:{sys.executable} -m duelspec.adapters.ygopro", ("DUELSPEC_YGOPRO_CORE", "DUELSPEC_YGOPRO_SCRIPTS"))}


#: the scenarios the engines benchmark plays: one shard of the Yu-Gi-Oh! scenarios and generated chains
#: (a partition by a hash of the id; the ratios are per scenario, and a whole run takes ~10 min of CPU)
ENGINE_SAMPLE = "1/4"

#: how many unclocked and clocked runs (alternated) each engine's row takes the least CPU time of
ENGINE_REPEATS = 2

#: goal 1 of issue 37 per engine: the whole run at most this many times the engine's duel work
ENGINE_GOAL = {"edopro": 2.0, "ygopro": 1.7}


def _run_clocked(cmd: list, clock: Path | None = None) -> dict:
    """``cmd`` as a whole process: its wall time, the CPU time of it and every process it started
    (``RUSAGE_CHILDREN``: each waited for), and with ``clock`` (a file) the engine's own duel work as the
    adapter's clock (DUELSPEC_ENGINE_CLOCK: adapters/edopro/lib/core.mjs, adapters/ygopro/core.py)
    summed over its processes: ``engine_duel_cpu_s`` is what the clock read less its own cost inside the
    intervals (calls x the per-call bias it measured at exit); without ``clock`` the adapter is not clocked."""
    import resource
    env = {k: v for k, v in os.environ.items() if not k.startswith("DUELSPEC_ENGINE_CLOCK")}
    if clock is not None:
        clock.unlink(missing_ok=True)
        env["DUELSPEC_ENGINE_CLOCK"] = str(clock)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t, p = _timed(cmd, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = {"wall_s": round(t, 2), "cpu_s": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2),
           "rc": p.returncode, "results": _results(p.stdout)}
    split = [x for x in p.stderr.strip().splitlines() if x.startswith('{"runner_cpu_s"')]
    if split:                         # SPLIT_CHILD's line: the runner's process vs the adapters'
        out.update({k: round(v, 2) for k, v in json.loads(split[-1]).items()})
    if clock is not None:
        lines = [json.loads(x) for x in clock.read_text().splitlines()] if clock.exists() else []
        out["processes"] = len(lines)
        if lines:
            raw = sum(x["duel_cpu_s"] for x in lines)
            bias = sum(x["duel_calls"] * x.get("clock_bias_cpu_s", 0) for x in lines)
            out.update({"engine_duel_calls": sum(x["duel_calls"] for x in lines), "engine_duel_cpu_raw_s": round(raw, 3),
                        "engine_clock_bias_s": round(bias, 3), "engine_duel_cpu_s": round(raw - bias, 3),
                        "engine_duel_wall_s": round(sum(x["duel_wall_s"] - x["duel_calls"] * x.get("clock_bias_wall_s", 0)
                                                        for x in lines), 3),
                        "adapter_cpu_s": round(sum(x["cpu_s"] for x in lines), 3)})
    return out


def engines():
    """The real engines (issues 26, 37): `duelspec run --generated --shard 1/4` (a sample:
    :data:`ENGINE_SAMPLE`) with each engine's adapter as a process. Goal 1: the whole run (CPU time of
    every process: runner, adapter) at most 2x (EDOPro; YGOPro 1.7x) the engine's own duel work (CPU
    time inside the core's calls that play the duel: create, cards, start, process, responses, scripts).

    The clock is not in the run it divides (issue 37): the whole is an unclocked run; the duel work
    comes from a second run of the same scenarios with the adapter's clock on, which clocks only the
    duel calls (~90 a scenario, not the ~1,000 reading calls) and has its own cost inside the intervals
    subtracted (the bias it measures at exit). The clocked run's whole CPU beside the unclocked one's is
    what the clock still costs (``clock_inflation``); the runs must give the same outcomes. Each kind is
    run :data:`ENGINE_REPEATS` times, alternated, and its least CPU time taken (this shared machine's
    CPU times of one command vary by ~10 % from run to run).
    Goal 3: --jobs 2 (unclocked) at least 1.8x --jobs 1 (wall), the same outcomes."""
    import tempfile
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, (spec, env) in ENGINES.items():
            missing = [k for k in env if not os.environ.get(k)]
            if missing:
                out[name] = {"measurable": False, "why": f"not set: {', '.join(missing)} (. /work/engines/env.sh)"}
                continue
            base = [sys.executable, "-c", SPLIT_CHILD, "duelspec.cli", "run", "--generated", "--game", "ygo", "--adapter", spec,
                    "--format", "json", "--shard", ENGINE_SAMPLE, "--run-id", "bench", "--as-of", "2026-11-30", "--no-progress"]
            ones, clocks = [], []
            for _ in range(ENGINE_REPEATS):            # alternated; each the least CPU of its kind
                ones.append(_run_clocked(base + ["--jobs", "1"]))
                clocks.append(_run_clocked(base + ["--jobs", "1"], Path(tmp) / f"{name}-clock.jsonl"))
            one = min(ones, key=lambda x: x["cpu_s"])
            clocked = min(clocks, key=lambda x: x["cpu_s"])
            two = _run_clocked(base + ["--jobs", "2"])
            # the runner's process profiled in one more unclocked run (the adapter's own process is not profiled)
            profile = _profile(base[3:] + ["--jobs", "1"],
                               env={k: v for k, v in os.environ.items() if not k.startswith("DUELSPEC_ENGINE_CLOCK")})
            same = all(x["results"] == one["results"] for x in ones + clocks)
            one["cpu_s_runs"], clocked["cpu_s_runs"] = [x["cpu_s"] for x in ones], [x["cpu_s"] for x in clocks]
            clocked["engine_duel_cpu_s_runs"] = [x.get("engine_duel_cpu_s") for x in clocks]
            r1, rc, r2 = one.pop("results"), clocked.pop("results"), two.pop("results")
            duel_cpu, duel_wall = clocked.get("engine_duel_cpu_s"), clocked.get("engine_duel_wall_s")
            for k in ("engine_duel_cpu_s", "engine_duel_wall_s"):      # read by the README's row from jobs1
                one[k] = clocked.get(k)
            out[name] = {"measurable": True, "scenarios": len(r1), "jobs1": one, "clocked": clocked, "jobs2": two,
                         "whole_vs_duel_cpu": round(one["cpu_s"] / duel_cpu, 2) if duel_cpu else None,
                         "whole_vs_duel_wall": round(one["wall_s"] / duel_wall, 2) if duel_wall else None,
                         "adapter_vs_duel_cpu": round(one["adapters_cpu_s"] / duel_cpu, 2) if duel_cpu and "adapters_cpu_s" in one else None,
                         "clock_inflation": round(clocked["cpu_s"] / one["cpu_s"], 2) if one["cpu_s"] else None,
                         "clocked_same_stream": r1 == rc and same,
                         "jobs2_speedup": round(one["wall_s"] / two["wall_s"], 2), "same_stream": r1 == r2,
                         "profile": profile}
    return out


#: the Go Duel Masters engine's driver (adapters/duel-masters-go) and the scenario files its row plays
DM_GO = ("cmd:adapters/duel-masters-go/run", ("DUELSPEC_DM_GO_ENGINE", "DUELSPEC_DM_GO_BUILD"))
DM_GO_FILES = 3000


def _scenario_files(folder: Path, base: list, n: int) -> None:
    """``n`` scenario documents in ``folder``: the scenarios of ``base`` in turn, each copy with an id of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        s = base[i % len(base)]
        (folder / f"{i:05d}.json").write_text(json.dumps(dict(s, id=f"{s['id']}-r{i}")), encoding="utf-8")


def dm_go() -> dict:
    """The Go Duel Masters engine (issue 37): `duelspec run FOLDER --adapter cmd:adapters/duel-masters-go/run` on
    :data:`DM_GO_FILES` scenario documents (the hand-written and generated DM scenarios in turn, new ids) as a whole
    process (CPU time of it and every process it started) vs the driver alone: the same driver given, on its stdin,
    exactly the bytes the runner sent it in that run (recorded by a `tee` in front of it in a second run of the
    same command), its output thrown away. The driver's CPU time is the engine's work plus the driver's own."""
    import resource
    import shlex
    import tempfile
    spec, env = DM_GO
    missing = [k for k in env if not os.environ.get(k)]
    if missing:
        return {"measurable": False, "why": f"not set: {', '.join(missing)} (. /work/brief/env.sh)"}
    from duelspec.compiler import compile_paths
    from duelspec.generated import of_games
    base = [s for s in compile_paths().scenarios if s["game"] == "dm"] + list(of_games(("dm",)))
    with tempfile.TemporaryDirectory() as tmp:
        folder, sent = Path(tmp) / "scenarios", Path(tmp) / "sent.jsonl"
        _scenario_files(folder, base, DM_GO_FILES)
        run = [sys.executable, "-m", "duelspec.cli", "run", str(folder), "--format", "json", "--no-progress",
               "--as-of", "2026-11-30"]
        cpu, wall, p = _cpu_timed(run + ["--adapter", spec])
        driver = shlex.split(spec[4:])
        tee = f"cmd:sh -c {shlex.quote('tee ' + shlex.quote(str(sent)) + ' | exec ' + shlex.join(driver))}"
        _, _, p_tee = _cpu_timed(run + ["--adapter", tee])
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        with open(sent, "rb") as fh:
            replay = subprocess.run(driver, cwd=ROOT, stdin=fh, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        drv_wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        drv = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        profile = _profile(run[2:] + ["--adapter", spec])     # the runner's process, one more run
        r, r_tee = _results(p.stdout), _results(p_tee.stdout)
    outcomes: dict = {}
    for _, o in r:
        outcomes[o] = outcomes.get(o, 0) + 1
    return {"measurable": True, "scenarios": len(r), "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
            "driver_cpu_s": round(drv, 2), "driver_wall_s": round(drv_wall, 2), "rc": p.returncode,
            "replay_rc": replay.returncode, "same_stream_recorded": r == r_tee, "outcomes": outcomes,
            "whole_vs_driver_cpu": round(cpu / drv, 2) if drv else None, "profile": profile}


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


REPLY_CHILD = r"""
import json, sys, tracemalloc
from duelspec.adapters.process import _reply_error
from duelspec.files import json_loads
size = int(float(sys.argv[1]) * 1048576)
event = {"event": "phase", "phase": "main1"}
per = len(json.dumps(event)) + 2
reply = {"seq": 1, "trace": {"format": 1, "events": [event] * (size // per), "steps": [], "final": {"winner": "B"}}}
raw = bytearray(json.dumps(reply).encode())
del reply
tracemalloc.start()
base = tracemalloc.get_traced_memory()[0]
line = bytes(raw).decode("utf-8")            # the runner's copy of the line, decoded
msg = json_loads(line)
ok = _reply_error(msg) is None
peak = tracemalloc.get_traced_memory()[1] - base
print(json.dumps({"bytes": len(raw), "peak": peak, "valid": ok}))
"""


def reply_memory():
    """Peak memory of reading one reply, per byte of it, at 1, 4 and 15 MiB (each in its own process)."""
    from duelspec.adapters.process import REPLY_MEMORY_FACTOR
    sizes = {}
    for mib in (1, 4, 15):
        p = subprocess.run([sys.executable, "-c", REPLY_CHILD, str(mib)], capture_output=True, text=True, cwd=ROOT)
        x = json.loads(p.stdout)
        sizes[f"{mib}_mib"] = {"peak_mib": round(x["peak"] / 1048576, 1), "per_byte": round(x["peak"] / x["bytes"], 2),
                               "valid": x["valid"]}
    worst = max(v["per_byte"] for v in sizes.values())
    return {"sizes": sizes, "worst_per_byte": worst, "bound": REPLY_MEMORY_FACTOR,
            "met": worst <= REPLY_MEMORY_FACTOR and all(v["valid"] for v in sizes.values())}


def dm_generated():
    """The generated Duel Masters attacks and the explorer (issue 34): the attack model's situations and
    scenarios; the generated set's run on the reference engine (in-process and as `duelspec run`) and on
    the Go engine (`duelspec run --generated --game dm`, its adapter as a process) side by side; the
    explorer's examples per second and its time to the first finding on planted mutants at fixed seeds."""
    import tempfile
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.explore import PLANTED, explore
    from duelspec.generated import dm_generator as G
    from duelspec.mutation import applied, get
    from duelspec.runner import run_one
    t = time.process_time()
    G._cases.cache_clear()
    docs = list(G.scenarios())
    gen_s = time.process_time() - t
    adapter = ReferenceAdapter()
    impl = adapter.start()
    ref_s = _best_of(lambda: [run_one(d, adapter, impl) for d in docs])
    out = {"situations": G.space_size(), "scenarios": len(docs), "undecided": len(G.undecided()),
           "generate_s": round(gen_s, 2), "reference_in_process_s": round(ref_s, 2)}
    with tempfile.TemporaryDirectory() as tmp:
        base = [sys.executable, "-m", "duelspec.cli", "run", "--generated", "--game", "dm", "--id", "dm.generated.*",
                "--format", "json", "--as-of", "2026-11-30", "--no-progress"]
        ref = _run_clocked(base + ["--adapter", "reference"], Path(tmp) / "ref.jsonl")
        out["reference_run"] = {k: ref[k] for k in ("wall_s", "cpu_s") if k in ref}
        spec, env = "cmd:adapters/duel-masters-go/run", ("DUELSPEC_DM_GO_ENGINE", "DUELSPEC_DM_GO_BUILD")
        if all(os.environ.get(k) for k in env):
            go = _run_clocked(base + ["--adapter", spec], Path(tmp) / "go.jsonl")
            outcomes: dict = dict.fromkeys(("passed", "failed", "errored", "skipped"), 0)   # a zero is a measurement too
            for _, o in go.get("results", []):
                outcomes[o] = outcomes.get(o, 0) + 1
            out["go_run"] = {**{k: go[k] for k in ("wall_s", "cpu_s") if k in go}, "outcomes": outcomes}
            out["go_vs_reference_wall"] = round(go["wall_s"] / ref["wall_s"], 2)
        else:
            out["go_run"] = {"measurable": False, "why": "not set: " + ", ".join(env)}
    finds = []
    for game, mutant, seed in PLANTED[:EXPLORE_PLANTED]:
        with applied(get(mutant)):
            rep = explore(adapter, impl, game, seed=seed, max_examples=80)
        d = rep.as_dict()
        finds.append({"game": game, "mutant": mutant, "seed": seed, "examples": d["examples"],
                      "examples_per_s": d["examples_per_second"], "found": bool(rep.finding),
                      "first_after_examples": d.get("finding", {}).get("after_examples"),
                      "first_after_s": d.get("finding", {}).get("after_seconds")})
    out["explore"] = finds
    return out


#: the explorer's planted deviations (tests/test_explore.py's set)
EXPLORE_PLANTED = 3     # the first three of duelspec.explore.PLANTED (the README names their rows)


STARTUP_ID = "dm.attack.battle.equal-power"     # one hand-written scenario: what a run does before its first one


def _bytecode_env(pyc: str) -> dict:
    """This environment for a child that keeps its modules' bytecode (as an installed duelspec has it: pip writes
    it on install) in ``pyc`` (``PYTHONPYCACHEPREFIX``, outside the checkout), whatever ``PYTHONDONTWRITEBYTECODE``
    says here: without bytecode every start-up compiles duelspec's sources again (about 0.2 s of CPU)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = pyc
    return env


def startup():
    """The runner's start-up (issue 37, goal <= 0.2 s): CPU time of the whole process `duelspec run --id ONE`
    (one hand-written scenario on the reference engine: importing, selecting from the built-in features, starting
    the adapter, one scenario, the footer), with the compile cache warm (the features compiled by an earlier run)
    and cold (an empty cache folder: compiled, then kept), each the least of 5 runs; beside them a bare
    `python -c pass`. Every process has the same cache folder of its own (DUELSPEC_CACHE_DIR) and keeps its
    bytecode (:func:`_bytecode_env`, written by a first run not counted); ``no_bytecode_cpu_s`` is the warm run
    with ``PYTHONDONTWRITEBYTECODE=1`` and an empty bytecode folder (duelspec's modules compiled from source at
    every start: an editable checkout on a machine that sets it, as the runs before this one did). ``profile``: where the warm run's CPU goes (:func:`_profile`)."""
    import resource
    import tempfile

    def cpu(cmd, env):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, p
    args = ["duelspec.cli", "run", "--id", STARTUP_ID, "--format", "json", "--no-progress"]
    run = [sys.executable, "-m", *args]
    cold, warm, bare, nobyte, rcs = [], [], [], [], set()
    with tempfile.TemporaryDirectory() as pyc:
        base = _bytecode_env(pyc)
        with tempfile.TemporaryDirectory() as tmp:     # the bytecode written, not counted
            cpu(run, {**base, "DUELSPEC_CACHE_DIR": tmp})
        for _ in range(5):
            with tempfile.TemporaryDirectory() as tmp:
                env = {**base, "DUELSPEC_CACHE_DIR": tmp}
                c, p = cpu(run, env)
                cold.append(c)
                w, p2 = cpu(run, env)
                warm.append(w)
                rcs |= {p.returncode, p2.returncode}
                bare.append(cpu([sys.executable, "-c", "pass"], env)[0])
                with tempfile.TemporaryDirectory() as none:    # an empty bytecode folder, never written
                    nobyte.append(cpu(run, {**env, "PYTHONPYCACHEPREFIX": none, "PYTHONDONTWRITEBYTECODE": "1"})[0])
        with tempfile.TemporaryDirectory() as tmp:
            env = {**base, "DUELSPEC_CACHE_DIR": tmp}
            cpu(run, env)                                  # the cache warm
            profile = _profile(args, env=env)
    return {"scenario": STARTUP_ID, "warm_cpu_s": round(min(warm), 3), "cold_cpu_s": round(min(cold), 3),
            "python_cpu_s": round(min(bare), 3), "no_bytecode_cpu_s": round(min(nobyte), 3), "rc": sorted(rcs), "runs": 5,
            "profile": profile}


#: how many functions a row's profile lists (by their own time)
PROFILE_ROWS = 8


def _function(key: tuple) -> str:
    """A profile row's function as a page shows it: ``duelspec/runner.py:198 run_one``, a library's module by its
    path inside site-packages, a built-in by its name (no ``<``/``>``: the figure is inside a bench marker)."""
    file, line, name = key
    name = name.strip("<>").replace("<", "").replace(">", "")
    if file == "~":
        return name.replace("built-in method ", "")
    path = Path(file)
    try:
        if not path.is_absolute():     # <frozen importlib._bootstrap>, <string>
            raise ValueError(file)
        shown = path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        parts = path.parts
        lib = Path(sys.base_prefix) / "lib"
        shown = "/".join(parts[parts.index("site-packages") + 1:]) if "site-packages" in parts else \
            path.relative_to(lib).as_posix() if path.is_relative_to(lib) else file.replace("<", "").replace(">", "")
    return f"{shown}:{line} {name}"


def profile_rows(path, n: int = PROFILE_ROWS) -> dict:
    """The top ``n`` functions by their own time (cProfile's ``tottime``) of the profile file ``path``: each with its
    share of the profiled time (``own_share``), its own and cumulative seconds (under the profiler) and its calls."""
    import pstats
    st = pstats.Stats(path if hasattr(path, "create_stats") else str(path))
    total = st.total_tt or 1.0
    top = sorted(st.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:n]
    return {"profiled_s": round(st.total_tt, 3),
            "top": [{"function": _function(k), "own_share": round(v[2] / total, 3), "own_s": round(v[2], 3),
                     "cum_s": round(v[3], 3), "calls": v[1]} for k, v in top]}


def _profile(args: list, env: dict | None = None) -> dict:
    """``python -m cProfile -m ARGS`` once more (not one of the timed runs: the profiler slows what it measures):
    :func:`profile_rows` of the runner's process, with the command that gave them."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "runner.prof"
        p = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), "-m", *args], cwd=ROOT, env=env,
                           capture_output=True, text=True)
        if not out.exists():
            return {"measurable": False, "why": f"no profile written (exit {p.returncode}): {p.stderr.strip()[-300:]}"}
        return {"command": "python -m cProfile -m " + " ".join(args), **profile_rows(out)}


def engines_all():
    """:func:`engines` (EDOPro, YGOPro) and, under ``duel-masters-go``, :func:`dm_go`."""
    out = engines()
    out["duel-masters-go"] = dm_go()
    return out


BENCHES = {"startup": startup, "throughput": throughput, "jobs": jobs, "engines": engines_all, "pytest": pytest_vs_run, "memory": memory, "memory-cli": memory_cli, "site": site, "chain-length": chain_length,
           "protocol": protocol, "mutation": mutation, "reply-memory": reply_memory, "dm-generated": dm_generated}


def _n(x) -> str:
    return f"{x:,}" if isinstance(x, int) else f"{x:,.2f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)


#: the stable keys of results.json (issue 37 §3): dotted paths into its structure (``engines.edopro.whole_vs_duel_cpu``
#: is ``results["engines"]["edopro"]["whole_vs_duel_cpu"]``), each with what it measures and its unit. The README's
#: and benchmarks/README.md's figures are rendered from them (``<!--bench:KEY UNIT-->…<!--/bench-->``); a key a run
#: did not measure is rendered as :data:`NOT_MEASURED`, never as a number.
KEYS = {
    "engines.edopro.whole_vs_duel_cpu": ("EDOPro: the whole `duelspec run --generated --shard 1/4` vs the engine's own duel work (CPU time)", "x"),
    "engines.ygopro.whole_vs_duel_cpu": ("YGOPro: the same", "x"),
    "engines.duel-masters-go.whole_vs_driver_cpu": ("the Go Duel Masters engine: `duelspec run FOLDER` (3,000 files) vs its driver alone on the bytes the runner sent (CPU time)", "x"),
    "throughput.ratio": ("end to end in-process (json load, validate, run on the reference engine, check) vs the floor (json load + validate; CPU time)", "x"),
    "throughput.e2e_per_s": ("end to end in-process: scenarios per second of CPU time", "scenarios/s"),
    "memory-cli.ratio": ("peak RSS of `duelspec run FOLDER`, 10,000 scenario documents vs 1,000", "x"),
    "jobs.speedup": ("`--jobs 2` vs `--jobs 1`, the reference engine as a process (wall time)", "x"),
    "site.files": ("`duelspec site` for 10 engines: the files its builder lists as written", "files"),
    "site.largest_page_kb": ("... the largest of them", "kB"),
    "site.largest_page": ("... its name", ""),
    "startup.profile.top": ("where the runner's start-up goes: the top functions by own time of `python -m cProfile -m duelspec.cli run --id ONE` (compile cache warm), share of the profiled time", ""),
    "throughput.profile.top": ("... of the end-to-end run in-process (cProfile of `throughput`'s loop)", ""),
    "engines.edopro.profile.top": ("... of the runner's process in EDOPro's `duelspec run --generated --shard 1/4` (its adapter's process apart)", ""),
    "engines.ygopro.profile.top": ("... the same for YGOPro", ""),
    "engines.duel-masters-go.profile.top": ("... of the runner's process in the Go DM engine's `duelspec run FOLDER` (3,000 files)", ""),
    "load_average_at_start": ("the machine's load average (1, 5, 15 min) as the run began", ""),
    "load_average_at_end": ("... as it ended", ""),
}

NOT_MEASURED = "not measured in this run"

#: a figure of results.json in a page: ``<!--bench:KEY-->`` or ``<!--bench:KEY UNIT-->`` (KEY a dotted path; the unit
#: ``x`` or ``%`` written against the number, any other after a space; a stable key's own unit by default), then the
#: rendered figure, then ``<!--/bench-->``
MARK = re.compile(r"<!--bench:(?P<key>[\w.-]+)(?: (?P<unit>[^>]*?))?-->(?P<value>[^<]*)<!--/bench-->")


def figure(results: dict, key: str):
    """The value at ``key`` (a dotted path) of one run's results, or None where the run did not measure it."""
    x = results
    for part in key.split("."):           # a list's item by its index: ``jobs.cpu_s.0.runner_cpu_s``
        if isinstance(x, list) and part.isdigit() and int(part) < len(x):
            x = x[int(part)]
        elif isinstance(x, dict) and part in x and x.get("measurable") is not False and not x.get("error"):
            x = x[part]
        else:
            return None
    if isinstance(x, dict) and (x.get("measurable") is False or x.get("error")):
        return None
    return x


def figure_text(results: dict, key: str, unit: str = "") -> str:
    """``key``'s figure as a page shows it (``4.39x``, ``766 scenarios/s``, ``1 / 1.4 / 2.9``), or :data:`NOT_MEASURED`;
    a stable key's figure of a bench measured apart from the run (results.json's ``other_runs``) says so."""
    v = figure(results, key)
    if v is None or isinstance(v, dict):
        return NOT_MEASURED
    if isinstance(v, list) and v and all(isinstance(i, dict) and "function" in i for i in v):
        text = profile_text(v)
    else:
        text = " / ".join(_n(i) for i in v) if isinstance(v, list) else _n(v)
    # a stable key of a bench measured apart from the run (a page's text about such a bench says so itself)
    other = key in KEYS and key.split(".")[0] in (results.get("other_runs") or {})
    return text + (unit if unit in ("x", "%") else f" {unit}" if unit else "") + (" (another run)" if other else "")


def profile_text(rows: list) -> str:
    """A profile's rows (:func:`profile_rows`) as a page shows them: each function in backticks, its share of the
    profiled time, its own seconds and calls (``duelspec/x.py:12 f 12.3% (0.45 s, 300 calls); …``)."""
    return "; ".join(f"`{r['function']}` {r['own_share'] * 100:.1f}% ({_n(r['own_s'])} s, {_n(r['calls'])} calls)"
                     for r in rows)


def render_marks(text: str, results: dict) -> str:
    """``text`` with every ``<!--bench:…-->`` region holding results.json's figure."""
    return MARK.sub(lambda m: f"<!--bench:{m.group('key')}{' ' + m.group('unit') if m.group('unit') else ''}-->"
                              f"{figure_text(results, m.group('key'), m.group('unit') or KEYS.get(m.group('key'), ('', ''))[1])}"
                              "<!--/bench-->", text)


def marks(text: str) -> list:
    """The keys of the ``<!--bench:…-->`` regions of ``text``."""
    return [m.group("key") for m in MARK.finditer(text)]


def keys_table(results: dict) -> str:
    """benchmarks/README.md's list of the stable keys (between its KEYS_TABLE markers), with this run's figures."""
    return "\n".join(["| key | what | this run |", "|---|---|---|",
                      *[f"| `{k}` | {what} | {figure_text(results, k, unit)} |" for k, (what, unit) in KEYS.items()]])


def _row(label: str, measured, goal: str, met) -> str:
    ok = "—" if met is None else "yes" if met else "**no** — see below"
    return f"| {label} | {measured} | {goal} | {ok} |"


def _rows(r: dict) -> list:
    """The README's table rows from one run's results (missing benchmarks said so)."""
    rows = []

    def bench(name, fn):
        x = r.get(name)
        if not isinstance(x, dict) or x.get("error") or x.get("measurable") is False:
            why = (x or {}).get("why") or (x or {}).get("error", "").strip().splitlines()[-1:] or ["not run"]
            return [f"| `{name}` | {NOT_MEASURED} ({why if isinstance(why, str) else why[0]}) | | |"]
        out = fn(x)
        notes = ([f"load {_n(x['load_1min'][0])} -> {_n(x['load_1min'][1])}"] if x.get("load_1min") else []) + (
            [f"**not this run**: {r['other_runs'][name]}"] if name in (r.get("other_runs") or {}) else [])
        if out and notes:               # on the bench's first row, its measured cell
            cells = out[0].split(" | ")
            cells[1] += f" ({'; '.join(notes)})"
            out[0] = " | ".join(cells)
        return out

    def engines(e):
        out = []
        for name, label in (("edopro", "EDOPro"), ("ygopro", "YGOPro")):
            x = e.get(name) or {}
            if not x.get("measurable"):
                out.append(f"| {label} | not measured ({x.get('why', 'not run')}) | | |")
                continue
            one = x["jobs1"]
            out.append(_row(f"{label}, `duelspec run --generated --shard {ENGINE_SAMPLE}` ({_n(x['scenarios'])} scenarios): the whole run vs the "
                            f"engine's own duel work (CPU time of every process vs CPU time inside the core's duel calls)",
                            f"{_n(one['cpu_s'])} s vs {_n(one['engine_duel_cpu_s'])} s: **{_n(x['whole_vs_duel_cpu'])}x** "
                            f"(wall {_n(one['wall_s'])} s vs {_n(one['engine_duel_wall_s'])} s: {_n(x['whole_vs_duel_wall'])}x"
                            + (f"; the adapter's process {_n(one['adapters_cpu_s'])} s, the runner's {_n(one['runner_cpu_s'])} s"
                               if "adapters_cpu_s" in one else "")
                            + (f"; duel work from a second run, clocked: its whole {_n(x['clock_inflation'])}x the unclocked"
                               if "clock_inflation" in x else f"; the core's queries {_n(one.get('engine_observe_cpu_s'))} s CPU; "
                               "duel work clocked inside the same run, every call clocked: the method before issue 37's") + ")",
                            f"<= {_n(ENGINE_GOAL[name])}x", x["whole_vs_duel_cpu"] <= ENGINE_GOAL[name]))
        for name, label in (("edopro", "EDOPro"), ("ygopro", "YGOPro")):
            x = e.get(name) or {}
            if x.get("measurable"):
                out.append(_row(f"{label}: `--jobs 2` vs `--jobs 1` (wall, same outcomes: {'yes' if x['same_stream'] else '**no**'})",
                                f"{_n(x['jobs1']['wall_s'])} s vs {_n(x['jobs2']['wall_s'])} s: **{_n(x['jobs2_speedup'])}x**",
                                ">= 1.8x", x["jobs2_speedup"] >= 1.8 and x["same_stream"]))
        return out

    rows += bench("startup", lambda x: [_row(
        f"runner start-up: `duelspec run --id {x['scenario']}` as a whole process (CPU time, least of {x['runs']}), "
        "compile cache warm / cold (bare `python -c pass` beside it)",
        f"**{_n(x['warm_cpu_s'])} s** / {_n(x['cold_cpu_s'])} s (python {_n(x['python_cpu_s'])} s)", "<= 0.2 s",
        x["warm_cpu_s"] <= 0.2)])
    rows += bench("engines", engines)
    go = (r.get("engines") or {}).get("duel-masters-go") if isinstance(r.get("engines"), dict) else None
    if isinstance(go, dict) and go.get("measurable"):
        rows.append(_row(f"Go DM, `duelspec run FOLDER` ({_n(go['scenarios'])} scenario files) vs the driver alone "
                         "(the bytes the runner sent, replayed; CPU time)",
                         f"{_n(go['cpu_s'])} s vs {_n(go['driver_cpu_s'])} s: **{_n(go['whole_vs_driver_cpu'])}x**",
                         "<= 1.5x", go["whole_vs_driver_cpu"] <= 1.5))
    else:                               # the row is kept, said not measured
        why = go.get("why", "not run") if isinstance(go, dict) else "not run"
        rows.append(f"| `engines.duel-masters-go` | {NOT_MEASURED} ({why}) | | |")
    rows += bench("jobs", lambda x: [_row(
        "reference engine as a process (`cmd:duelspec-reference-adapter`), `--generated`: `--jobs 2` vs `--jobs 1` "
        f"(same outcomes: {'yes' if x['same_stream'] else '**no**'})",
        f"{_n(x['jobs1_s'])} s vs {_n(x['jobs2_s'])} s: **{_n(x['speedup'])}x**" + (
            f" (CPU with `--jobs 1`: the runner {_n(x['cpu_s'][0]['runner_cpu_s'])} s, the adapter "
            f"{_n(x['cpu_s'][0]['adapters_cpu_s'])} s)" if x.get("cpu_s") and x["cpu_s"][0] else ""), ">= 1.8x",
        x["speedup"] >= 1.8 and x["same_stream"])])
    rows += bench("memory-cli", lambda x: [_row(
        "peak RSS of `duelspec run FOLDER`, 10,000 scenario documents vs 1,000 (reference engine)",
        f"{_n(x['peak_rss_10000_mib'])} MiB vs {_n(x['peak_rss_1000_mib'])} MiB: **{_n(x['ratio'])}x**", "<= 1.2x",
        x["ratio"] <= 1.2)] + ([_row(
            "... memory per extra scenario document from 10,000 to 30,000 (peak RSS)",
            f"{_n(x['peak_rss_30000_mib'])} MiB vs {_n(x['peak_rss_10000_mib'])} MiB: **{_n(x['per_extra_scenario_kib'])} KiB**",
            "flat (0; issue 37)", x["per_extra_scenario_kib"] <= 0)] if "per_extra_scenario_kib" in x else []))
    rows += bench("reply-memory", lambda x: [_row(
        "peak memory of reading one adapter reply (decode, parse, protocol schema), per byte of the reply, "
        "at 1 / 4 / 15 MiB",
        " / ".join(f"{_n(v['per_byte'])}x ({_n(v['peak_mib'])} MiB)" for v in x["sizes"].values())
        + f": worst **{_n(x['worst_per_byte'])}x**", f"<= {_n(x['bound'])}x", x["met"])])
    rows += bench("memory", lambda x: [_row(
        "peak traced memory of the library (`run_scenarios` over a lazy generator), 10,000 vs 1,000",
        f"{_n(x['peak_10000_kib'])} KiB vs {_n(x['peak_1000_kib'])} KiB: **{_n(x['ratio'])}x**", "<= 1.2x", x["ratio"] <= 1.2)])
    rows += bench("throughput", lambda x: [
        _row(f"end to end in-process (json load, validate, run, check), {_n(x['scenarios'])} scenarios (CPU time)",
             f"**{_n(x['e2e_per_s'])} scenarios/s** ({_n(x['e2e_s'])} s)", ">= 1,500/s (issue 37)", x["e2e_per_s"] >= 1500),
        _row("... vs the floor (json load + validate the same documents)",
             f"{_n(x['e2e_s'])} s vs {_n(x['floor_s'])} s: **{_n(x['ratio'])}x**" + (
                 f" (alone: the reference engine {_n(x['engine_s'])} s, judging the replies {_n(x['judge_s'])} s)"
                 if "engine_s" in x else ""), "<= 3x", x["ratio"] <= 3)])
    rows += bench("pytest", lambda x: [
        _row("a simulator's pytest run (a project of its own: every scenario a `pytest_scenarios` item, `--duelspec-adapter "
             "reference`; duelspec and pytest only) vs `duelspec run`, the same hand-written scenarios, whole processes (CPU time)",
             f"{_n(x['pytest_items_s'])} s vs {_n(x['duelspec_run_s'])} s: **{_n(x['items_ratio'])}x** (with every "
             f"plugin of this environment, hypothesis, pytest-bdd, xdist: {_n(x['pytest_items_all_plugins_s'])} s, "
             f"{_n(x['items_all_plugins_ratio'])}x; in duelspec's own tests folder: {_n(x['pytest_items_own_tests_s'])} s, "
             f"{_n(x['items_own_tests_ratio'])}x)", "<= 2x", x["items_ratio"] <= 2 and x["items_rc"] == 0),
        _row("the feature files through pytest-bdd vs `duelspec run`",
             f"{_n(x['pytest_s'])} s vs {_n(x['duelspec_run_s'])} s: {_n(x['ratio'])}x", "—", None),
        _row("`pytest -n auto tests/test_features.py` (pytest-xdist)",
             f"exit {x['pytest_xdist_rc']}, {' '.join(x['xdist_tail'])}", "works", x["pytest_xdist_rc"] == 0)])
    rows += bench("site", lambda x: [
        _row(f"`duelspec site` for {x['engines']} engines x {_n(x['results_per_engine'])} results: build time "
             "(CPU time of the process, with its start-up; wall time beside it)",
             f"**{_n(x['build_cpu_s'])} s** (wall {_n(x['build_s'])} s; peak RSS {_n(x['peak_rss_mib'])} MiB)", "<= 10 s",
             x["build_cpu_s"] <= 10),
        _row("... its size", f"**{_n(x['total_mb'])} MB** in {_n(x['files'])} files" + (
            " (the files its builder lists as written" + ("" if x["listing_is_the_folder"] else
                                                          f"; **not** the folder's {_n(x['files_on_disk'])}") + ")"
            if "listing_is_the_folder" in x else " (every file in the folder: this run predates counting the builder's listing)"),
             "<= 50 MB", x["total_mb"] <= 50),
        _row("... its largest page", f"**{_n(x['largest_page_kb'])} kB** (`{x['largest_page']}`)", "<= 1,000 kB",
             x["largest_page_kb"] <= 1000)])

    def chains(x):
        lens = sorted(k for k in x if k.isdigit())
        per = " / ".join(_n(x[k]["us_per_scenario"]) for k in lens)
        rel = " / ".join(_n(x[k]["vs_length_1"]) for k in lens)
        return [_row(f"time per generated scenario by chain length {'/'.join(lens)}", f"{per} µs (**{rel}x**)",
                     "no worse than linear", all(x[k]["vs_length_1"] <= int(k) for k in lens))]
    rows += bench("chain-length", chains)
    rows += bench("protocol", lambda x: [_row(
        "process protocol (`cmd:duelspec-reference-adapter`) vs in-process", f"{_n(x['protocol_s'])} s vs "
        f"{_n(x['in_process_s'])} s: **{_n(x['ratio'])}x**", "<= 1.5x", x["ratio"] <= 1.5)])
    rows += bench("mutation", lambda x: [
        _row(f"`duelspec mutants` in-process: one rule mutant vs one run of the {_n(x['scenarios'])} hand-written scenarios",
             f"{_n(x['mutants'])} mutants in {_n(x['all_s'])} s, {_n(x['run_s'])} s a run: **{_n(x['per_mutant_vs_run'])}x** "
             "a run per mutant", "<= 1.0x", x["per_mutant_vs_run"] <= 1.0),
        _row("... `--tagged-only` vs every scenario", f"{_n(x['tagged_only_s'])} s vs {_n(x['all_s'])} s: "
             f"**{_n(x['tagged_only_vs_all'])}x**", "—", None)])
    rows += bench("dm-generated", lambda x: [
        _row("DM attack model: situations / generated scenarios (one per decision signature) / undecided",
             f"{_n(x['situations'])} / {_n(x['scenarios'])} / {_n(x['undecided'])}", "—", None),
        _row("generated DM attacks: Go engine vs reference engine (`duelspec run --generated --game dm`, wall)",
             (f"{_n(x['go_run']['wall_s'])} s vs {_n(x['reference_run']['wall_s'])} s: **{_n(x['go_vs_reference_wall'])}x**"
              if "go_vs_reference_wall" in x else f"reference {_n(x['reference_run']['wall_s'])} s; Go not measured "
              f"({x['go_run'].get('why', '')})"), "—", None),
        *[_row(f"`duelspec explore` on the planted `{f['mutant']}` (seed {f['seed']})",
               f"{_n(f['examples_per_s'])} examples/s; first finding after {_n(f['first_after_examples'])} examples, "
               f"{_n(f['first_after_s'])} s" if f["found"] else f"not found in {_n(f['examples'])} examples",
               "found", f["found"]) for f in x["explore"]]])
    return rows


TABLE = ("<!--table:results.json-->", "<!--/table-->")


def table(results: dict) -> str:
    """The README's table (between its TABLE markers) for one run's ``results.json``."""
    return "\n".join(["| benchmark | measured | goal | met |", "|---|---|---|---|", *_rows(results)])


KEYS_TABLE = ("<!--keys:results.json-->", "<!--/keys-->")


def _between(text: str, markers: tuple, body: str) -> str:
    start, end = text.index(markers[0]) + len(markers[0]), text.index(markers[1])
    return text[:start] + "\n" + body + "\n" + text[end:]


def readme_with_table(readme: str, results: dict) -> str:
    """benchmarks/README.md rendered from one run's results: its table, its list of the stable keys and every
    ``<!--bench:…-->`` figure."""
    return render_marks(_between(_between(readme, TABLE, table(results)), KEYS_TABLE, keys_table(results)), results)


def keep_bytecode() -> str:
    """Every process a bench starts keeps its modules' bytecode, as an installed duelspec has it (pip writes it on
    install): ``PYTHONDONTWRITEBYTECODE`` dropped, ``PYTHONPYCACHEPREFIX`` a temporary folder (nothing written into
    the checkout), duelspec's sources compiled into it first. Without it every start of the runner (and of the
    YGOPro adapter) on a machine that sets ``PYTHONDONTWRITEBYTECODE=1`` compiles duelspec again (~0.2 s of CPU a
    process). Returns what results.json records of it."""
    import atexit
    import shutil
    import tempfile
    was = os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = folder = tempfile.mkdtemp(prefix="duelspec-bench-pyc-")
    atexit.register(shutil.rmtree, folder, True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", *(str(ROOT / d) for d in ("duelspec", "reference_engine", "adapters"))],
                   cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return "kept (PYTHONPYCACHEPREFIX, compiled first)" + (f"; PYTHONDONTWRITEBYTECODE={was} dropped" if was else "")


def main(argv):
    if argv == ["--readme"]:            # rewrite the README's table from results.json
        path = ROOT / "benchmarks" / "README.md"
        results = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))
        path.write_text(readme_with_table(path.read_text(encoding="utf-8"), results), encoding="utf-8")
        return
    names = argv or list(BENCHES)
    results = {"python": sys.version.split()[0], "cpus": os.cpu_count(),
               "load_average_at_start": [round(x, 1) for x in os.getloadavg()], "bytecode": keep_bytecode()}
    t_run = time.perf_counter()
    for name in names:
        t, load = time.perf_counter(), os.getloadavg()[0]
        results[name] = BENCHES[name]()
        if isinstance(results[name], dict):      # the machine's load (1-minute average) as the bench began and ended
            results[name]["bench_s"] = round(time.perf_counter() - t, 1)
            results[name]["load_1min"] = [round(load, 1), round(os.getloadavg()[0], 1)]
        print(f"{name}: {json.dumps(results[name])}", file=sys.stderr)
    results["load_average_at_end"] = [round(x, 1) for x in os.getloadavg()]
    results["run_s"] = round(time.perf_counter() - t_run, 1)
    results["benches"] = names
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
