"""Reports: the JSON-lines stream survives a killed run; JUnit XML, Markdown and `duelspec
summary` render it; bad stream files are clear errors naming the line."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from duelspec import validation
from duelspec.cli import main
from duelspec.errors import InputError
from duelspec.reporting.report import JsonLines, read_stream
from fault_adapters.helpers import faulty_cmd, hang_guard, scenario  # noqa: F401

# each test runs in a developer's shell, on GitHub Actions and on GitLab CI (tests/ci_environments.py, issue 21 §1)
pytestmark = pytest.mark.usefixtures("hang_guard", "ci_environment")
IDS = ["t.ok.1", "t.fail.1", "t.skip.1", "t.hang.1", "t.exit.1", "t.ok.2"]
EXPECTED = {"t.ok.1": "passed", "t.fail.1": "failed", "t.skip.1": "skipped", "t.hang.1": "timed-out",
            "t.exit.1": "errored", "t.ok.2": "passed"}


@pytest.fixture
def saved_run(tmp_path):
    paths = []
    for i in IDS:
        (tmp_path / f"{i}.json").write_text(json.dumps(scenario(i)))
        paths.append(str(tmp_path / f"{i}.json"))
    out, junit, md = tmp_path / "r.jsonl", tmp_path / "junit.xml", tmp_path / "summary.md"
    res = CliRunner().invoke(main, ["run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--timeout", "0.5",
                                    "--out", str(out), "--junit", str(junit), "--markdown", str(md)])
    assert res.exit_code == 1
    return out, junit, md


def test_stream_lines_are_schema_valid_and_complete(saved_run):
    out, _, _ = saved_run
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    for x in lines:
        validation.check(x, "result", str(out))
    assert {x["id"]: x["outcome"] for x in lines if x["type"] == "result"} == EXPECTED
    assert lines[-1]["counts"] == {"passed": 2, "failed": 1, "skipped": 1, "errored": 1, "timed-out": 1,
                                   "xfailed": 0, "xpassed": 0}
    # a dashboard's fields (issue 13): the spec's identity and size, who skipped, the scenario's tags
    head = lines[0]
    assert head["suite"]["content_hash"].startswith("sha256:") and head["suite"]["scenarios"] == len(IDS)
    by_id = {x["id"]: x for x in lines if x["type"] == "result"}
    assert by_id["t.skip.1"]["skip_kind"] == "adapter"
    assert all("skip_kind" not in x for x in by_id.values() if x["outcome"] != "skipped")


def test_up_front_skips_say_so_and_results_carry_requires(tmp_path):
    out = tmp_path / "r.jsonl"
    res = CliRunner().invoke(main, ["run", "--game", "dm", "--adapter", "cmd:" + faulty_cmd("--games", "ygo"), "--out", str(out),
                                    "--id", "dm.attack.declaration.*"])
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    results = [x for x in lines if x["type"] == "result"]
    assert results and res.exit_code == 1
    for x in lines:
        validation.check(x, "result", str(out))
    assert all(x["outcome"] == "skipped" and x["skip_kind"] == "runner" and x["requires"] for x in results)


def test_the_spec_identity_is_stable_and_tracks_content(tmp_path, monkeypatch):
    from duelspec.reporting import report
    a = report.spec_identity()
    assert a == report.spec_identity()
    copy = tmp_path / "features"
    import shutil
    from duelspec.resources import features_dir
    shutil.copytree(features_dir(), copy)
    monkeypatch.setattr("duelspec.resources.features_dir", lambda: copy)
    assert report.spec_identity() == a
    f = sorted(copy.rglob("*.feature"))[0]
    f.write_text(f.read_text() + "\n# changed\n")
    assert report.spec_identity() != a


def test_junit_xml(saved_run):
    _, junit, _ = saved_run
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("6", "1", "2", "1")
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert sorted(cases) == sorted(IDS)
    assert cases["t.fail.1"].find("failure").get("message") == "the winner differs"
    assert cases["t.hang.1"].find("error").get("type") == "timed-out"
    assert "boom in t.exit.1" in cases["t.exit.1"].find("error").text
    assert cases["t.skip.1"].find("skipped").get("message") == "faulty cannot play this"
    assert cases["t.ok.1"].find("failure") is None and cases["t.ok.1"].find("error") is None
    assert cases["t.ok.1"].get("classname") == "ygo.ND-01"


def test_junit_file_names_the_repository_file_wherever_duelspec_is_installed(tmp_path, monkeypatch):
    """Issue 21 §5: `file=` pointed into site-packages (or the checkout's absolute path); a CI's test
    report links it to the repository's file, `features/...`."""
    from duelspec.reporting.junit import to_junit
    monkeypatch.chdir(tmp_path)                      # not a checkout: the installed features exist elsewhere
    r = CliRunner().invoke(main, ["run", "--ruling", "ND-02", "--out", str(tmp_path / "r.jsonl")])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    files = {c.get("file") for c in ET.fromstring(to_junit(lines[0], lines[1:-1], lines[-1])).iter("testcase")}
    assert files == {"features/ygo/normal_draw/basics.feature"}, files


def test_markdown_summary(saved_run):
    _, _, md = saved_run
    text = md.read_text()
    assert text.startswith("## duelspec: ❌ failed")
    assert "| 2 | 1 | 1 | 1 | 1 | 0 | 0 |" in text
    for i in ("t.fail.1", "t.hang.1", "t.exit.1"):
        assert f"<code>{i}</code>" in text
    assert "<code>t.ok.1</code>" not in text
    assert "boom in t.exit.1" in text and "exit status: 3" in text


@pytest.mark.parametrize("fmt", ["table", "markdown", "junit"])
def test_summary_re_renders_a_saved_stream(saved_run, fmt, tmp_path):
    out, junit, md = saved_run
    res = CliRunner().invoke(main, ["summary", str(out), "--format", fmt])
    assert res.exit_code == 1  # the saved run failed
    if fmt == "markdown":
        assert res.output == md.read_text()
    elif fmt == "junit":
        a, b = ET.fromstring(res.output.encode()), ET.parse(junit).getroot()
        assert [(c.get("name"), [e.tag for e in c]) for c in a.iter("testcase")] == \
               [(c.get("name"), [e.tag for e in c]) for c in b.iter("testcase")]
    else:
        assert "2 passed, 1 failed, 1 skipped, 1 errored, 1 timed-out" in res.output
        assert "FAILED t.fail.1" in res.output and "TIMED-OUT t.hang.1" in res.output


def test_summary_of_a_truncated_stream_reports_a_stopped_run(saved_run, tmp_path):
    out, _, _ = saved_run
    lines = out.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:4]) + lines[4][:25])  # header, 3 results, half a line; no footer
    st = read_stream(cut)
    assert [r["id"] for r in st.results] == IDS[:3]
    assert st.truncated and st.footer["stopped_early"] is True
    assert "line 5 is incomplete" in st.footer["reason"]
    res = CliRunner().invoke(main, ["summary", str(cut), "--format", "markdown"])
    assert res.exit_code == 1
    assert "The run stopped early" in res.output and "<code>t.fail.1</code>" in res.output


@pytest.mark.parametrize("content, location, expected", [
    ('{"type": "header"', "line 1", "a header line"),   # killed while writing the header: no header
    ("", "line 1", "a header line"),
    ('{"type": "result", "id": "x.y", "outcome": "passed"}\n', "line 1", "a header line"),
    ("HEADER\nnot json\n", "line 1", "one JSON object per line"),
])
def test_summary_of_a_bad_file_names_the_line(tmp_path, content, location, expected):
    p = tmp_path / "bad.jsonl"
    p.write_text(content)
    res = CliRunner().invoke(main, ["summary", str(p)])
    assert res.exit_code == 2
    assert f"{p}:{location}" in res.output and expected in res.output


def test_summary_names_line_and_pointer_of_an_invalid_result(saved_run, tmp_path):
    out, _, _ = saved_run
    lines = out.read_text().splitlines(keepends=True)
    bad = json.loads(lines[2])
    bad["outcome"] = "exploded"
    p = tmp_path / "bad.jsonl"
    p.write_text(lines[0] + lines[1] + json.dumps(bad) + "\n" + "".join(lines[3:]))
    with pytest.raises(InputError) as exc:
        read_stream(p)
    assert exc.value.location == "line 3 /outcome"


def test_a_killed_run_leaves_every_finished_result_readable(tmp_path, no_process_left_behind):
    """Kill `duelspec run` (SIGKILL) while the adapter hangs: the results before the hang are on disk.
    A runner killed by SIGKILL cannot end its adapter; the adapter's keeper (adapters/reaper.py) sees
    its runner gone and ends the adapter and what it started (issue 23; before, they were the caller's)."""
    from duelspec.adapters.process import run_processes
    ids = ["t.ok.1", "t.fail.1", "t.hang.1", "t.ok.2"]
    paths = []
    for i in ids:
        (tmp_path / f"{i}.json").write_text(json.dumps(scenario(i)))
        paths.append(str(tmp_path / f"{i}.json"))
    out = tmp_path / "r.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "duelspec.cli", "run", *paths, "--adapter", "cmd:" + faulty_cmd(),
                             "--timeout", "300", "--out", str(out)], start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if out.exists() and out.read_text().count("\n") >= 3:   # header + 2 results, flushed
                break
            time.sleep(0.05)
        time.sleep(0.2)
        assert len(run_processes(no_process_left_behind, var="DUELSPEC_TEST_MARK")) >= 3   # runner, keeper, adapter
    finally:
        proc.kill()                        # the runner alone: its session is not signalled
        proc.wait()
    deadline = time.monotonic() + 10
    while run_processes(no_process_left_behind, var="DUELSPEC_TEST_MARK") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not run_processes(no_process_left_behind, var="DUELSPEC_TEST_MARK"), "the adapter outlived its killed runner"
    st = read_stream(out)
    assert [(r["id"], r["outcome"]) for r in st.results] == [("t.ok.1", "passed"), ("t.fail.1", "failed")]
    assert st.truncated and st.footer["stopped_early"]
    res = CliRunner().invoke(main, ["summary", str(out)])
    assert res.exit_code == 1 and "the run stopped early" in res.output


def test_a_run_warns_when_the_installed_features_differ_from_the_checkout_here(tmp_path, monkeypatch):
    """Issue 13: `pip install .` then a feature edited in the checkout: the edit is not played, and
    the run says so."""
    import shutil
    from duelspec.reporting import report
    from duelspec.resources import features_dir, schemas_dir
    co = tmp_path / "checkout"
    shutil.copytree(features_dir(), co / "features")
    shutil.copytree(schemas_dir(), co / "schemas")
    (co / "pyproject.toml").write_text('[project]\nname = "duelspec"\n')
    (co / "sub").mkdir()
    assert report.stale_install_warning(co / "sub") is None          # the same spec: nothing to say
    f = sorted((co / "features").rglob("*.feature"))[0]
    f.write_text(f.read_text() + "\n# edited\n")
    w = report.stale_install_warning(co / "sub")
    assert w and str(co) in w and "pip install -e ." in w
    monkeypatch.chdir(co)
    r = CliRunner().invoke(main, ["run", "--id", "ygo.normal-draw.basics.turn-player-draws"])
    assert "plays the installed features" in r.stderr


def test_jobs_play_in_parallel_and_report_in_order(tmp_path):
    """--jobs 3 (issue 13): the same results in the same order as one process, faults included
    (a hang is timed out and that process restarted while the others go on), nothing left running."""
    paths = []
    for i in IDS * 2:
        sid = f"{i}.{len(paths)}"
        (tmp_path / f"{sid}.json").write_text(json.dumps(scenario(i) | {"id": sid}))
        paths.append(str(tmp_path / f"{sid}.json"))
    out1, out3 = tmp_path / "one.jsonl", tmp_path / "three.jsonl"
    for out, jobs in ((out1, "1"), (out3, "3")):
        res = CliRunner().invoke(main, ["run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--timeout", "0.5",
                                        "--jobs", jobs, "--out", str(out)])
        assert res.exit_code == 1
    one = [json.loads(x) for x in out1.read_text().splitlines()]
    three = [json.loads(x) for x in out3.read_text().splitlines()]
    assert [(x.get("id"), x.get("outcome")) for x in one[1:-1]] == [(x.get("id"), x.get("outcome")) for x in three[1:-1]]
    assert three[-1]["counts"] == one[-1]["counts"] and three[-1]["stopped_early"] is False


def test_jobs_need_a_process_adapter():
    res = CliRunner().invoke(main, ["run", "--jobs", "2", "--id", "ygo.normal-draw.basics.*"])
    assert res.exit_code == 2 and "cmd:" in res.output


def test_failed_lines_name_the_ruling_and_a_file_that_exists(tmp_path, monkeypatch):
    """Issue 13: a FAILED line names the ruling(s); its file points at a feature file that exists for
    the user (the installed one when the run is outside the checkout). JUnit's `file=` names the file as
    the repository does (issue 21 §5: a CI's test report links it to the repository, never into
    site-packages)."""
    import re
    import xml.etree.ElementTree as ET
    from pathlib import Path
    from fault_adapters.helpers import write_normal_draw_dropper
    write_normal_draw_dropper(tmp_path / "bad_engine.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    res = CliRunner().invoke(main, ["run", "--adapter", "bad_engine:Drops", "--id", "ygo.normal-draw.basics.turn-player-draws",
                                    "--junit", str(tmp_path / "j.xml")], env={"COLUMNS": "200"})
    assert res.exit_code == 1
    line = next(ln for ln in res.stdout.splitlines() if ln.startswith("FAILED"))
    assert "[ND-01" in line
    path = re.search(r"\((.+\.feature):\d+\)", line).group(1)
    assert Path(path).exists(), line
    case = ET.parse(tmp_path / "j.xml").getroot().find(".//testcase")
    assert case.get("file") == "features/ygo/normal_draw/basics.feature" and path.endswith(case.get("file"))


def test_a_schema_invalid_trace_lists_all_its_errors(tmp_path):
    """Issue 13: an adapter's trace with several mistakes is errored with every one of them (and
    its pointer), not only the first."""
    from duelspec.runner import judge
    s = scenario("t.ok.1")
    bad = {"trace": {"format": 1, "events": [{"event": "draw", "player": "C", "cards": ["top"], "normal": True},
                                             {"event": "phase"}],
                     "steps": [], "final": {"winner": 7}}}
    r = judge(s, bad)
    assert r["outcome"] == "errored" and "3 errors" in r["message"], r["message"]
    for ptr in ("/events/0/player", "/events/1", "/final/winner"):
        assert ptr in r["message"], (ptr, r["message"])


def test_jobs_judge_replies_after_the_process_is_free(monkeypatch):
    """--jobs (issue 26): a process of the pool plays only; its reply is judged by the runner's own
    thread, in order, so no process waits for the judging of its last reply."""
    import threading
    from duelspec import runner
    from duelspec.adapters.pool import AdapterPool
    from duelspec.adapters.reference import ReferenceAdapter
    from duelspec.selection import load
    scenarios, _ = load([], (), (), ("ygo.normal-draw.basics.*",), (), ())
    checked_in, played_in = [], []

    class Member(ReferenceAdapter):
        def run(self, scenario, as_of=None):
            played_in.append(threading.current_thread())
            return super().run(scenario)
    real_check = runner.check
    monkeypatch.setattr(runner, "check", lambda *a: checked_in.append(threading.current_thread()) or real_check(*a))
    run = runner.Run(AdapterPool(Member, 2))
    run.start()
    results = list(run.results(scenarios))
    assert [r["id"] for r in results] == [s["id"] for s in scenarios] and {r["outcome"] for r in results} == {"passed"}
    assert len(checked_in) == len(scenarios) and set(checked_in) == {threading.current_thread()}
    assert threading.current_thread() not in played_in


def test_a_stream_whose_reader_left_stops_writing_without_an_exception():
    class Gone(io.StringIO):
        def write(self, s):
            raise BrokenPipeError(32, "Broken pipe")
    s = JsonLines(Gone(), "stdout")
    s.write({"type": "header"})
    s.write({"type": "footer"})
    assert isinstance(s.failed, BrokenPipeError)


def test_summary_shards_of_different_selections_are_not_one_run(tmp_path):
    r = CliRunner()
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    one = ["--run-id", "r1", "--as-of", "2024-06-01"]
    assert r.invoke(main, ["run", "--ruling", "ND-E1", "--shard", "1/2", *one, "--out", str(a)]).exit_code in (0, 1)
    assert r.invoke(main, ["run", "--ruling", "ND-C1", "--shard", "2/2", *one, "--out", str(b)]).exit_code in (0, 1)
    res = r.invoke(main, ["summary", str(a), str(b)])
    assert res.exit_code == 1, res.output
    assert "different selections" in res.output
    # the shards of one selection still merge into one passing run
    c = tmp_path / "c.jsonl"
    assert r.invoke(main, ["run", "--ruling", "ND-E1", "--shard", "2/2", *one, "--out", str(c)]).exit_code in (0, 1)
    res = r.invoke(main, ["summary", str(a), str(c)])
    assert res.exit_code == 0, res.output


def _synthetic(outcomes: dict, **extra) -> tuple:
    """A header, results and footer of a run with ``outcomes`` (id -> outcome)."""
    from duelspec.reporting.report import Tally, header
    results = []
    for sid, o in outcomes.items():
        r = {"type": "result", "id": sid, "game": "ygo", "title": sid, "rulings": ["ND-04"], "outcome": o}
        if o == "xfailed":
            r["expected_failure"] = {"reason": "known", "was": "failed"}
        r.update(extra.get(sid, {}))
        results.append(r)
    t = Tally()
    for r in results:
        t.add(r)
    return header("cmd:x", {"name": "x", "version": "1"}), results, t.footer()


@pytest.mark.parametrize("outcomes, verdict", [
    ({"a.1": "passed", "a.2": "xfailed", "a.3": "xfailed"}, "## duelspec: 🟠 known failures, not a pass"),
    ({"a.1": "passed", "a.2": "skipped"}, "## duelspec: ✅ passed, not every scenario checked"),
    ({"a.1": "passed", "a.2": "passed"}, "## duelspec: ✅ passed\n"),
    ({"a.1": "passed", "a.2": "failed"}, "## duelspec: ❌ failed"),
])
def test_markdown_verdict_agrees_with_the_badge(outcomes, verdict):
    """A run of 6 passes and 165 known failures read "## duelspec: ✅ passed" under an orange badge:
    the verdict line says what the badge's colour says (duelspec.headline.state)."""
    from duelspec.reporting.report import render_markdown
    text = render_markdown(*_synthetic(outcomes))
    assert text.startswith(verdict), text[:200]
