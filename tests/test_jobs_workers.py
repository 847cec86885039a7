"""Issue 37: ``--jobs N`` as N worker processes (duelspec/workers.py), each loading, playing and judging its
part (``selection.load(part=...)``), merged into the stream of one process."""
from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from fault_adapters.helpers import faulty_cmd, hang_guard, scenario  # noqa: F401

pytestmark = [pytest.mark.usefixtures("hang_guard"),
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the workers are forked (Linux)")]


def _lines(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def _same(a: list, b: list) -> None:
    """Two streams with the same results in the same order (durations aside) and the same counts."""
    def plain(r):
        return {k: v for k, v in r.items() if k != "duration_ms"}
    assert [plain(r) for r in a[1:-1]] == [plain(r) for r in b[1:-1]]
    assert a[-1]["counts"] == b[-1]["counts"] and a[-1]["stopped_early"] == b[-1]["stopped_early"]
    assert a[-1].get("reason") == b[-1].get("reason") and a[0]["suite"] == b[0]["suite"]


def _folder(tmp_path):
    """Scenario documents of every kind of result: passed, failed, skipped, errored, an invalid document,
    an id used by two documents (one errored result for it), in an order the partition scatters."""
    folder = tmp_path / "s"
    folder.mkdir()
    for i in range(12):
        kind = ["ok", "fail", "skip", "error"][i % 4]
        (folder / f"{i:02d}.json").write_text(json.dumps(scenario(f"t.{kind}.{i}")))
    (folder / "05b.json").write_text(json.dumps(scenario("t.fail.5")))      # the id of 05.json again
    (folder / "07b.json").write_text('{"id": "t.ok.broken", "format": 1')    # not JSON
    (folder / "09b.json").write_text(json.dumps({**scenario("t.ok.unknown-card"), "rulings": ["ND-99"]}))
    return folder


@pytest.mark.parametrize("jobs", ["2", "3"])
def test_jobs_give_the_stream_of_one_process(tmp_path, jobs):
    folder = _folder(tmp_path)
    outs = {}
    for j in ("1", jobs):
        out = tmp_path / f"r{j}.jsonl"
        res = CliRunner().invoke(main, ["run", str(folder), "--adapter", "cmd:" + faulty_cmd(), "--jobs", j,
                                        "--out", str(out), "--no-progress"])
        assert res.exit_code == 1, res.output
        outs[j] = (_lines(out), [x for x in res.stderr.splitlines() if x.startswith("notice:")])
    one, many = outs["1"], outs[jobs]
    _same(one[0], many[0])
    assert one[1] == many[1]          # a notice per format-1 document, in order (none: the adapter speaks protocol 1)
    outcomes = {r["outcome"] for r in one[0][1:-1]}
    assert outcomes == {"passed", "failed", "skipped", "errored"}
    assert many[0][-1]["jobs"] == int(jobs)


def test_a_start_up_failure_with_jobs_is_that_of_one_process(tmp_path):
    """Every scenario errored with the failure, its evidence on the first one only, as with one process."""
    folder = _folder(tmp_path)
    outs = []
    for j in ("1", "2"):
        out = tmp_path / f"r{j}.jsonl"
        res = CliRunner().invoke(main, ["run", str(folder), "--adapter", "cmd:" + faulty_cmd("--start-exit"),
                                        "--jobs", j, "--out", str(out), "--no-progress"])
        assert res.exit_code == 1, res.output
        outs.append(_lines(out))
    for r in outs[0][1:-1] + outs[1][1:-1]:
        assert r["outcome"] == "errored"

    def strip_pids(lines):      # the evidence names the program's exit, not a pid; the stderr tail is the same
        return [{k: v for k, v in r.items() if k != "duration_ms"} for r in lines]
    assert [r["id"] for r in outs[0][1:-1]] == [r["id"] for r in outs[1][1:-1]]
    assert [bool(r.get("evidence")) for r in outs[0][1:-1]] == [bool(r.get("evidence")) for r in outs[1][1:-1]]
    assert [r.get("message") for r in strip_pids(outs[0])[1:-1]] == [r.get("message") for r in strip_pids(outs[1])[1:-1]]
    assert outs[1][-1]["stopped_early"] and outs[1][-1]["reason"] == outs[0][-1]["reason"]


def test_keep_traces_with_jobs_keeps_every_reply(tmp_path):
    folder = _folder(tmp_path)
    kept = tmp_path / "traces"
    res = CliRunner().invoke(main, ["run", str(folder), "--adapter", "cmd:" + faulty_cmd(), "--jobs", "2",
                                    "--keep-traces", str(kept), "--out", str(tmp_path / "r.jsonl"), "--no-progress"])
    assert res.exit_code == 1, res.output
    played = [r["id"] for r in _lines(tmp_path / "r.jsonl")[1:-1] if r.get("detail") not in ("compile error",)]
    assert sorted(p.stem for p in kept.glob("*.json")) == sorted(played)


def test_parts_of_a_load_sorted_by_their_keys_are_the_whole_load():
    """``load(part=(k, n))``: every scenario and error in exactly one part, and their keys give the order of
    one load (errors first), here of the built-in suite and the generated chains."""
    from duelspec.selection import load
    scenarios, errors = load(generated=True, lazy=True)
    whole = [e.id for e in errors] + [s["id"] for s in scenarios]
    keyed = []
    for k in range(3):
        s, e, (ekeys, skeys) = load(generated=True, lazy=True, part=(k, 3))
        assert len(ekeys) == len(e) and len(skeys) == len(s)
        keyed += list(zip(ekeys, [x.id for x in e])) + list(zip(skeys, [x["id"] for x in s]))
    assert [i for _, i in sorted(keyed)] == whole


def test_duplicates_and_errors_keep_their_place_in_parts(tmp_path):
    from duelspec.selection import load
    folder = _folder(tmp_path)
    scenarios, errors = load([folder])
    whole = [e.id for e in errors] + [s["id"] for s in scenarios]
    assert "t.fail.5" in [e.id for e in errors] and any(i.startswith("<invalid:") for i in whole)
    for n in (2, 5):
        keyed = []
        for k in range(n):
            s, e, (ekeys, skeys) = load([folder], part=(k, n))
            keyed += list(zip(ekeys, [x.id for x in e])) + list(zip(skeys, [x["id"] for x in s]))
        assert [i for _, i in sorted(keyed)] == whole
