"""`duelspec run`: exit status, selection, up-front skips, expected failures, restarts."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from duelspec.selection import select
from duelspec.judging.expectfail import load as load_expect_fail
from duelspec.errors import InputError
from fault_adapters.helpers import faulty_cmd, hang_guard, scenario, write_scenarios as write  # noqa: F401

# each test runs in a developer's shell, on GitHub Actions and on GitLab CI (tests/ci_environments.py, issue 21 §1)
pytestmark = pytest.mark.usefixtures("hang_guard", "ci_environment")


def run(tmp_path, ids, *options, adapter=None, scens=None):
    paths = write(tmp_path, *(scens or [scenario(i) for i in ids]))
    out = tmp_path / "results.jsonl"
    res = CliRunner().invoke(main, ["run", *paths, "--adapter", adapter or "cmd:" + faulty_cmd(), "--timeout", "0.5",
                                    "--startup-timeout", "20", "--out", str(out), *options])
    lines = [json.loads(x) for x in out.read_text().splitlines()] if out.exists() else []
    return res, lines


def outcomes(lines):
    return {x["id"]: x["outcome"] for x in lines if x["type"] == "result"}


def test_all_passing_exits_0_and_writes_header_results_footer(tmp_path):
    res, lines = run(tmp_path, ["t.ok.1", "t.skip.1", "t.ok.2"])
    assert res.exit_code == 0, res.output
    assert [x["type"] for x in lines] == ["header", "result", "result", "result", "footer"]
    h = lines[0]
    assert h["adapter"]["implementation"]["name"] == "faulty" and h["protocol"] == 1 and h["suite"]["version"]
    assert "started" in h
    assert lines[-1]["counts"]["passed"] == 2 and lines[-1]["stopped_early"] is False and lines[-1]["restarts"] == 0


@pytest.mark.parametrize("bad", ["t.fail.1", "t.error.1", "t.hang.1", "t.exit.1"])
def test_anything_bad_exits_1(tmp_path, bad):
    res, lines = run(tmp_path, ["t.ok.1", bad, "t.ok.2"])
    assert res.exit_code == 1
    assert outcomes(lines) == {"t.ok.1": "passed", bad: {"t.fail.1": "failed", "t.hang.1": "timed-out"}.get(bad, "errored"),
                               "t.ok.2": "passed"}


def test_zero_executed_fails(tmp_path):
    res, lines = run(tmp_path, ["t.skip.1", "t.skip.2"])
    assert res.exit_code == 1
    assert "no scenario was executed" in res.output
    assert lines[-1]["reason"] == "no scenario was executed"
    res = CliRunner().invoke(main, ["run", str(tmp_path / "t.skip.1.json"), "--id", "nothing.*",
                                    "--adapter", "cmd:" + faulty_cmd()])
    assert res.exit_code == 1 and "matched no scenario" in res.output   # said before the adapter is started


def test_unsupported_mechanics_and_games_are_skipped_up_front(tmp_path):
    scens = [scenario("t.hang.1", requires=["chain"]), scenario("t.exit.1", game="dm"), scenario("t.ok.1")]
    res, lines = run(tmp_path, None, adapter="cmd:" + faulty_cmd("--unsupported", "chain,xyz", "--games", "ygo"),
                     scens=scens)
    assert res.exit_code == 0, res.output
    r = {x["id"]: x for x in lines if x["type"] == "result"}
    assert r["t.hang.1"]["outcome"] == "skipped" and r["t.hang.1"]["reason"] == "unsupported mechanics: chain"
    assert r["t.exit.1"]["outcome"] == "skipped" and "game 'dm' is not supported by faulty" in r["t.exit.1"]["reason"]
    assert r["t.ok.1"]["outcome"] == "passed"


def test_restart_limit_stops_early_and_says_so(tmp_path):
    res, lines = run(tmp_path, ["t.exit.1", "t.exit.2", "t.ok.1", "t.ok.2"], "--max-restarts", "1")
    assert res.exit_code == 1
    assert outcomes(lines) == dict.fromkeys(["t.exit.1", "t.exit.2", "t.ok.1", "t.ok.2"], "errored")
    foot = lines[-1]
    assert foot["stopped_early"] is True and "restart limit (1) reached" in foot["reason"] and foot["restarts"] == 1
    assert "the run stopped early" in res.output


def test_a_start_failure_errors_everything_with_evidence(tmp_path):
    res, lines = run(tmp_path, ["t.ok.1", "t.ok.2"], adapter="cmd:" + faulty_cmd("--start-exit"))
    assert res.exit_code == 1
    assert outcomes(lines) == {"t.ok.1": "errored", "t.ok.2": "errored"}
    assert "cannot open the card database" in lines[1]["evidence"]["stderr"]
    assert lines[1]["evidence"]["exit_status"] == 4
    assert lines[-1]["stopped_early"] is True and "did not start" in lines[-1]["reason"]


def test_expect_fail_bootstrap_then_xfail_then_xpass(tmp_path):
    ids = ["t.ok.1", "t.fail.1", "t.hang.1"]
    xf = tmp_path / "xfail.toml"
    res, _ = run(tmp_path, ids, "--write-expect-fail", str(xf))
    assert res.exit_code == 1
    entries = load_expect_fail(xf)
    assert sorted(entries) == ["t.fail.1", "t.hang.1"]
    assert entries["t.fail.1"]["reason"] == "failed: the winner differs"
    res, lines = run(tmp_path, ids, "--expect-fail", str(xf))
    assert res.exit_code == 0, res.output
    assert outcomes(lines) == {"t.ok.1": "passed", "t.fail.1": "xfailed", "t.hang.1": "xfailed"}
    r = {x["id"]: x for x in lines if x["type"] == "result"}
    assert r["t.hang.1"]["expected_failure"]["was"] == "timed-out"
    assert r["t.fail.1"]["failures"]  # the failure itself is kept
    # the simulator got fixed: a listed scenario now passes -> xpassed, the run fails
    xf.write_text(xf.read_text() + '\n[scenarios."t.ok.1"]\nissue = "https://example.org/sim/issues/7"\n')
    res, lines = run(tmp_path, ids, "--expect-fail", str(xf))
    assert res.exit_code == 1
    assert outcomes(lines)["t.ok.1"] == "xpassed"
    assert "remove them from the expect-fail file" in res.output


def test_contract_errors_are_never_expected_failures(tmp_path):
    """An invalid reply, a trace that fails the schema, a scenario not run (restart limit reached) are no
    verdict on the engine: `--write-expect-fail` never lists them (the tester's 168 entries made CI green)
    and a hand-written entry for one leaves it errored, its message naming the file and the entry. A rules
    failure and an error the engine reports itself (`errored` with its own detail) stay listable."""
    ids = ["t.ok.1", "t.fail.1", "t.error.1", "t.garbage.1", "t.badtrace.1", "t.wrongseq.1", "t.ok.2"]
    xf = tmp_path / "xfail.toml"
    res, lines = run(tmp_path, ids, "--write-expect-fail", str(xf), "--max-restarts", "1")
    assert res.exit_code == 1
    r = {x["id"]: x for x in lines if x["type"] == "result"}
    assert r["t.ok.2"]["outcome"] == "errored" and r["t.ok.2"]["message"].startswith("not run:"), r["t.ok.2"]
    assert sorted(load_expect_fail(xf)) == ["t.error.1", "t.fail.1"]
    xf.write_text('format = 1\n[scenarios."t.fail.1"]\nreason = "x"\n[scenarios."t.garbage.1"]\nreason = "y"\n'
                  '[scenarios."t.badtrace.1"]\nreason = "z"\n[scenarios."t.ok.2"]\nreason = "w"\n')
    res, lines = run(tmp_path, ids, "--expect-fail", str(xf), "--max-restarts", "1")
    assert res.exit_code == 1, res.output
    r = {x["id"]: x for x in lines if x["type"] == "result"}
    assert {i: r[i]["outcome"] for i in ("t.fail.1", "t.garbage.1", "t.badtrace.1", "t.ok.2")} == \
        {"t.fail.1": "xfailed", "t.garbage.1": "errored", "t.badtrace.1": "errored", "t.ok.2": "errored"}
    for i in ("t.garbage.1", "t.badtrace.1", "t.ok.2"):
        assert f'{xf}: the entry [scenarios."{i}"] lists this scenario' in r[i]["message"], r[i]["message"]
        assert "never an expected failure" in r[i]["message"]
    assert "a contract error (the adapter protocol): not-json" in r["t.garbage.1"]["message"]
    assert "not run (adapter gave up)" in r["t.ok.2"]["message"]
    assert "never an expected failure" in res.output      # the terminal shows it with the result


def test_entries_of_generated_chains_are_not_stale_in_a_run_without_them(tmp_path):
    """One expect-fail file covers the hand-written run and the generated chains (the reports' CI
    lines): a run without --generated warns only of the entries that name no scenario it could have
    played (review finding 11: "2189 expect-fail entries match no scenario of this run")."""
    xf = tmp_path / "xfail.toml"
    xf.write_text('format = 1\n[scenarios."t.fail.1"]\nreason = "x"\n[scenarios."t.gone.1"]\nreason = "renamed"\n'
                  '[scenarios."ygo.generated.chain.e.ne.1"]\nreason = "B"\n[scenarios."ygo.generated.chain.k.na.1"]\nreason = "E"\n')
    res, lines = run(tmp_path, ["t.ok.1", "t.fail.1"], "--expect-fail", str(xf))
    assert res.exit_code == 0, res.output
    assert outcomes(lines) == {"t.ok.1": "passed", "t.fail.1": "xfailed"}
    warning = next(x for x in res.output.splitlines() if "expect-fail entries match no scenario" in x)
    assert "warning: 1 expect-fail entries match no scenario of this run: t.gone.1" in warning, res.output
    assert "generated" not in warning


@pytest.mark.parametrize("text, location, expected", [
    ('format = 1\n[scenarios."t.fail.1"]\nreson = "typo"\n', "/scenarios/t.fail.1", "no property other than"),
    ('format = 1\n[scenarios."t.fail.1"]\n', "/scenarios/t.fail.1", "an object with at least 1 property"),
    ('format = 1\n[scenarios."T.Fail"]\nreason = "x"\n', "/scenarios", "a string matching"),
    ('format = 1\n[scenarios."t.fail.1"]\nreason = "x\n', "line 3", "a valid TOML document"),
    ('[scenarios."t.fail.1"]\nreason = "x"\n', "/", "required property"),
])
def test_a_bad_expect_fail_file_is_a_clear_error_before_anything_runs(tmp_path, text, location, expected):
    xf = tmp_path / "xfail.toml"
    xf.write_text(text)
    with pytest.raises(InputError) as exc:
        load_expect_fail(xf)
    assert exc.value.location.startswith(location) and expected in str(exc.value)
    res, lines = run(tmp_path, ["t.ok.1"], "--expect-fail", str(xf))
    assert res.exit_code == 2
    assert str(xf) in res.output and location in res.output
    assert lines == []  # nothing was started


def test_selection_by_game_ruling_id_tag_requires():
    scens = [scenario("a.one.x", rulings=["ND-E1"], tags=["slow"], requires=["chain"]),
             scenario("a.two.x", rulings=["ND-01"]),
             scenario("b.one.x", game="dm", rulings=["AT-01"], requires=["attack"])]

    def ids(**kw):
        return [s["id"] for s in select(scens, **kw)]
    assert ids(games=["dm"]) == ["b.one.x"]
    assert ids(rulings=["ND-E*"]) == ["a.one.x"]
    assert ids(rulings=["ND-*"]) == ["a.one.x", "a.two.x"]
    assert ids(ids=["*.one.*"]) == ["a.one.x", "b.one.x"]
    assert ids(ids=["a.two.x"]) == ["a.two.x"]
    assert ids(tags=["slow"]) == ["a.one.x"]
    assert ids(requires=["attack"]) == ["b.one.x"]
    assert ids(games=["ygo"], requires=["chain"], ids=["a.*"]) == ["a.one.x"]
    assert ids() == ["a.one.x", "a.two.x", "b.one.x"]


def test_selection_on_the_command_line(tmp_path):
    res, lines = run(tmp_path, ["t.ok.1", "t.fail.1", "t.ok.2"], "--id", "t.ok.*")
    assert res.exit_code == 0
    assert outcomes(lines) == {"t.ok.1": "passed", "t.ok.2": "passed"}
    assert lines[0]["selection"]["ids"] == ["t.ok.*"]


def test_an_invalid_scenario_file_is_an_errored_result_naming_file_and_pointer(tmp_path):
    bad = scenario("t.ok.9")
    bad["setup"]["turn_player"] = "C"
    res, lines = run(tmp_path, None, scens=[bad, scenario("t.ok.1")])
    assert res.exit_code == 1
    r = {x["id"]: x for x in lines if x["type"] == "result"}
    assert r["t.ok.1"]["outcome"] == "passed"
    assert r["t.ok.9"]["outcome"] == "errored" and "t.ok.9.json:/setup/turn_player" in r["t.ok.9"]["message"]


def test_json_format_streams_to_stdout(tmp_path):
    paths = write(tmp_path, scenario("t.ok.1"))
    res = CliRunner().invoke(main, ["run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--format", "json"])
    types = [json.loads(x)["type"] for x in res.stdout.splitlines() if x.startswith("{")]
    assert types == ["header", "result", "footer"] and res.exit_code == 0


def test_a_folder_of_the_spec_plays_its_features_not_its_catalogues():
    """`duelspec run features/` (found by the mutation helper): the card and ruling catalogues
    beside the features are data of the suite, not scenario documents; it plays the features."""
    from click.testing import CliRunner
    from duelspec.cli import main
    from duelspec.resources import features_dir
    r = CliRunner().invoke(main, ["run", str(features_dir()), "--game", "ygo", "--ruling", "ND-C1", "--format", "json"])
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    results = [x for x in lines if x["type"] == "result"]
    assert r.exit_code == 0, r.output[-2000:]
    assert results and all(x["outcome"] == "passed" for x in results)


def test_written_expect_fail_files_read_back(tmp_path):
    from duelspec.judging import expectfail
    results_ = [{"id": "a.b", "outcome": "errored", "message": "said \x7f and \x85 and \ud800"},
                {"id": "a.b", "outcome": "errored", "message": "again"}]
    (tmp_path / "x.toml").write_text(expectfail.dump(results_), encoding="utf-8")
    assert list(expectfail.load(tmp_path / "x.toml")) == ["a.b"]


def _stuck_in_2019(*options):
    """A real run whose failures carry long trace lines, as a CI step runs it: stdout and stderr pipes."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent))
    return subprocess.run([sys.executable, "-m", "duelspec.cli", "run", "--ruling", "ND-FAQ1", "--adapter",
                           "bad_adapters.dated:StuckIn2019", *options], capture_output=True, text=True, timeout=300,
                          env=env, stdin=subprocess.DEVNULL)


def test_outside_a_terminal_no_line_is_hard_wrapped(ci_environment):
    """Issue 21 §5: in a CI log the output was wrapped at 80 columns, even inside the JSON of the evidence."""
    r = _stuck_in_2019()
    assert r.returncode == 1
    events = [ln.split(": ", 1)[1] for ln in r.stdout.splitlines() if ln.lstrip().startswith("#") and ": {" in ln]
    assert events and any(len(e) > 80 for e in events)
    for e in events:
        json.loads(e)                     # each trace event of the evidence is whole, on its line


def test_a_long_run_prints_progress_lines_outside_a_terminal(ci_environment):
    r = _stuck_in_2019("--progress-every", "0.001")
    lines = [ln for ln in r.stderr.splitlines() if ln.startswith("duelspec: ") and " scenarios, " in ln]
    assert lines and all(" passed, " in ln and ln.endswith(" s)") for ln in lines), r.stderr
    r = _stuck_in_2019("--progress-every", "0.001", "--no-progress")
    assert not [ln for ln in r.stderr.splitlines() if " scenarios, " in ln]


def test_keep_traces_keeps_every_reply_whole(tmp_path):
    """Issue 21 §4: debugging an adapter relied on the window of events around a failure."""
    out = tmp_path / "traces"
    r = _stuck_in_2019("--keep-traces", str(out))
    assert r.returncode == 1
    kept = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in out.glob("*.json")}
    assert "ygo.normal-draw.faq1.skull-flame.json" in kept and len(kept) == 11
    doc = kept["ygo.normal-draw.faq1.skull-flame.json"]
    assert doc["id"] == "ygo.normal-draw.faq1.skull-flame" and "expect" not in doc["scenario"]
    events = doc["reply"]["trace"]["events"]
    assert len(events) > 8 and events[0]["event"] in ("turn", "phase")     # the whole trace, from its start
    bad = tmp_path / "a-file"
    bad.write_text("")
    r = _stuck_in_2019("--keep-traces", str(bad))
    assert r.returncode == 2 and "--keep-traces" in r.stderr


def _documents(folder, n):
    """``n`` scenario documents in ``folder``: copies of a hand-written scenario with new ids."""
    from duelspec.compiler import compile_paths
    base = next(s for s in compile_paths().scenarios if s["id"] == "ygo.normal-draw.basics.opening-hand")
    folder.mkdir()
    for i in range(n):
        (folder / f"{i:03}.json").write_text(json.dumps(dict(base, id=f"{base['id']}-{i:03}")), encoding="utf-8")
    return base


def test_a_run_reads_each_scenario_document_when_it_plays_it(tmp_path, monkeypatch):
    """The CLI's memory stays flat (issue 26): `load(lazy=True)` keeps no document; the selection
    reads each one again as the runner reaches it, so at most one is held at a time; a document
    that changed after it was selected is an errored result in its place, the others run."""
    from duelspec import files, selection
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.runner import Run
    _documents(tmp_path / "docs", 5)
    scenarios, errors = selection.load([tmp_path / "docs"], lazy=True)
    assert len(scenarios) == 5 and not errors and scenarios.games == {"ygo"}
    reads = []
    real = files.read_bytes
    monkeypatch.setattr(files, "read_bytes", lambda p, *a, **k: (reads.append(p) if str(tmp_path) in str(p) else None)
                        or real(p, *a, **k))
    (tmp_path / "docs" / "003.json").write_text(json.dumps({"id": "other"}), encoding="utf-8")
    run = Run(ReferenceAdapter())
    run.start()
    got, results = [], []
    for r in run.results(scenarios):
        got.append((r["id"], r["outcome"], len(reads)))
        results.append(r)
    assert [g[:2] for g in got] == [("ygo.normal-draw.basics.opening-hand-000", "passed"),
                                    ("ygo.normal-draw.basics.opening-hand-001", "passed"),
                                    ("ygo.normal-draw.basics.opening-hand-002", "passed"),
                                    ("ygo.normal-draw.basics.opening-hand-003", "errored"),
                                    ("ygo.normal-draw.basics.opening-hand-004", "passed")]
    assert [g[2] for g in got] == [1, 2, 3, 4, 5]          # read one by one, as each is run
    assert "003.json" in results[3]["message"]


def test_the_cli_keeps_no_result_it_has_written(tmp_path, monkeypatch):
    """`duelspec run` (no JUnit, Markdown or expect-fail report asked) keeps no result once it is
    counted and written: what the table shows comes from the tally (issue 26)."""
    from duelspec import files, session
    _documents(tmp_path / "docs", 3)
    seen, reads = [], []
    real = session.run
    monkeypatch.setattr(session, "run", lambda *a, **k: seen.append(real(*a, **k)) or seen[-1])
    real_read = files.read_bytes
    monkeypatch.setattr(files, "read_bytes", lambda p, *a, **k: (reads.append(p) if str(tmp_path / "docs") in str(p)
                                                                 else None) or real_read(p, *a, **k))
    res = CliRunner().invoke(main, ["run", str(tmp_path / "docs"), "--out", str(tmp_path / "r.jsonl")])
    assert res.exit_code == 0, res.output
    assert len(reads) == 6          # each document read to select it, then once to play it (never a third time)
    assert seen and seen[0].results == [] and seen[0].tally.counts["passed"] == 3 and seen[0].games == {"ygo"}
    lines = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    assert sum('"type": "result"' in x for x in lines) == 3
    # a report that needs every result still gets them
    res = CliRunner().invoke(main, ["run", str(tmp_path / "docs"), "--junit", str(tmp_path / "j.xml")])
    assert res.exit_code == 0 and len(seen[1].results) == 3 and (tmp_path / "j.xml").read_text().count("<testcase") == 3


def test_a_shard_of_the_generated_chains_generates_only_its_own(monkeypatch):
    """`--shard K/N --generated` (issue 26): the chains of other shards are never generated."""
    from duelspec import selection
    from duelspec.generated import generator
    from duelspec.selection import shard_of
    built = []
    real = generator.build
    monkeypatch.setattr(generator, "build", lambda case, *a: built.append(case.id) or real(case, *a))
    scenarios, _ = selection.load([], games=("ygo",), generated=True, shard={"index": 2, "count": 16}, lazy=True)
    gen = [s["id"] for s in scenarios if s.get("generated")]
    assert gen and built == gen and all(shard_of(i, 16) == 2 for i in gen)
    assert all(shard_of(s["id"], 16) == 2 for s in scenarios)


def test_the_footer_says_how_many_processes_played_and_reports_say_it(tmp_path):
    """Issue 26 §6: a run's footer records its adapter processes (``jobs``) beside ``duration_s``;
    the Markdown summary states both, and merged shards sum their processes."""
    r = CliRunner()
    one = ["--run-id", "r1", "--as-of", "2024-06-01"]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out, k in ((a, 1), (b, 2)):
        res = r.invoke(main, ["run", "--ruling", "ND-E1", "--shard", f"{k}/2", *one, "--out", str(out)])
        assert res.exit_code in (0, 1), res.output
    foot = json.loads(a.read_text(encoding="utf-8").splitlines()[-1])
    assert foot["jobs"] == 1 and foot["duration_s"] >= 0
    res = r.invoke(main, ["summary", str(a), str(b), "--format", "markdown"])
    n = sum(json.loads(x).get("type") == "result" for f in (a, b) for x in f.read_text(encoding="utf-8").splitlines())
    assert f"The run: {n:,} results in " in res.output and " s with 2 adapter processes." in res.output, res.output


def test_a_ruling_that_does_not_exist_is_said_so():
    """Issue 32 §6: `--ruling ND-99` said "matched no scenario", as if the ruling had no scenario yet."""
    for cmd in ("run", "list"):
        r = CliRunner().invoke(main, [cmd, "--ruling", "ND-99"])
        assert r.exit_code == 1 and "no ruling ND-99 in the catalogue" in r.output and "matched no scenario" not in r.output, r.output
    r = CliRunner().invoke(main, ["list", "--ruling", "ND-C1", "--tag", "no-such-tag"])
    assert "matched no scenario" in r.output and "no ruling" not in r.output, r.output
