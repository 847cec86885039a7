"""The example CI workflows (docs/ci/, issue 13): parsed as YAML, and their duelspec commands run
as the CI would run them (each matrix shard, then the merge), on the reference engine."""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

CI = Path(__file__).resolve().parents[1] / "docs" / "ci"
DUELSPEC = [sys.executable, "-m", "duelspec.cli"]


def _commands(lines):
    return [ln for ln in lines if ln.strip().startswith("duelspec ")]


def _run(cmd: str, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    cmd = re.sub(r"\$\{\{\s*matrix\.shard\s*\}\}", env.get("SHARD", ""), cmd)
    cmd = cmd.replace('>> "$GITHUB_STEP_SUMMARY"', "")
    cmd = re.sub(r"\$(\w+)", lambda m: env.get(m.group(1), m.group(0)), cmd).replace('"', "")
    argv = shlex.split(cmd)
    assert argv[0] == "duelspec"
    return subprocess.run(DUELSPEC + argv[1:], cwd=cwd, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "DUELSPEC_ADAPTER": env["DUELSPEC_ADAPTER"]})


def _check_merge(tmp_path, runs, merges, env, shards):
    for k in shards:
        for cmd in runs:
            r = _run(cmd, dict(env, SHARD=str(k), CI_NODE_INDEX=str(k), CI_NODE_TOTAL=str(len(shards))), tmp_path)
            assert r.returncode == 0, r.stderr[-2000:]
    streams = sorted(tmp_path.glob("results-*.jsonl"))
    assert len(streams) == len(shards)
    ids = [json.loads(x)["id"] for p in streams for x in p.read_text().splitlines() if '"type": "result"' in x]
    assert len(ids) == len(set(ids)) > 1000          # the shards partition the suite with the generated chains
    for cmd in merges:
        r = _run(cmd, env, tmp_path)
        assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
        assert f"{len(ids)} passed" in r.stdout or f"| {len(ids)} |" in r.stdout


def test_github_actions_workflow(tmp_path):
    wf = yaml.safe_load((CI / "github-actions.yml").read_text())
    conf, report = wf["jobs"]["conformance"], wf["jobs"]["report"]
    shards = conf["strategy"]["matrix"]["shard"]
    env = conf["steps"][3]["env"]
    runs = _commands([s.get("run", "") for s in conf["steps"]])
    merges = _commands([s.get("run", "") for s in report["steps"]])
    assert runs and merges and report["needs"] == "conformance"
    _check_merge(tmp_path, runs, merges, env, shards)


def test_gitlab_workflow(tmp_path):
    wf = yaml.safe_load((CI / "gitlab-ci.yml").read_text())
    conf, report = wf["conformance"], wf["report"]
    runs, merges = _commands(conf["script"]), _commands(report["script"])
    assert runs and merges and conf["parallel"] == 4
    _check_merge(tmp_path, runs, merges, dict(conf["variables"]), list(range(1, conf["parallel"] + 1)))


def test_a_missing_shard_fails_the_merged_report(tmp_path):
    for k in (1, 3):
        r = subprocess.run(DUELSPEC + ["run", "--shard", f"{k}/3", "--out", str(tmp_path / f"r{k}.jsonl")],
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
    r = subprocess.run(DUELSPEC + ["summary", str(tmp_path / "r1.jsonl"), str(tmp_path / "r3.jsonl")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 1 and "shard(s) 2 of 3 missing" in r.stdout


@pytest.mark.parametrize("bad", ["0/3", "4/3", "x", "3"])
def test_a_bad_shard_is_a_usage_error(bad):
    r = subprocess.run(DUELSPEC + ["run", "--shard", bad], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--shard" in r.stderr


def test_a_shard_whose_scenarios_are_all_skipped_is_not_a_failure(tmp_path):
    """Found by the fresh-user trial: with an adapter that supports little, a shard can skip every
    scenario; that shard's job must not go red (the merged report judges the whole run), while an
    unsharded run that executes nothing still fails."""
    toy = str(CI.parents[1] / "adapters" / "examples" / "python" / "toy_draw.py")
    base = DUELSPEC + ["run", "--game", "dm", "--adapter", f"cmd:{sys.executable} {toy}"]
    r = subprocess.run(base + ["--shard", "1/3"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-1500:] + r.stderr[-1500:]
    r = subprocess.run(base, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1


def test_markdown_lists_rulings_in_the_page_order():
    from duelspec.report import ruling_order
    assert sorted(["ND-E10", "ND-E2", "ND-C1", "ND-01"], key=ruling_order) == ["ND-01", "ND-C1", "ND-E2", "ND-E10"]


def _github_actions_env(tmp_path) -> dict:
    """The environment a GitHub Actions step really has: GITHUB_ACTIONS, CI, a GITHUB_STEP_SUMMARY file,
    no TTY (a pipe) and no COLUMNS."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TERM")}
    summary = tmp_path / "step_summary.md"
    summary.write_text("")
    return dict(env, GITHUB_ACTIONS="true", CI="true", GITHUB_STEP_SUMMARY=str(summary),
                GITHUB_WORKSPACE=str(tmp_path), RUNNER_OS="Linux")


def test_a_run_without_markdown_under_github_actions_writes_every_output(tmp_path):
    """Issue 21: GitHub sets GITHUB_STEP_SUMMARY in every step; a run without --markdown crashed after
    playing every scenario (TypeError in the CLI), exit 1, and wrote neither JUnit nor expect-fail."""
    env = _github_actions_env(tmp_path)
    junit, xf, out = tmp_path / "junit.xml", tmp_path / "xf.toml", tmp_path / "r.jsonl"
    r = subprocess.run(DUELSPEC + ["run", "--ruling", "ND-01", "--adapter", "reference", "--junit", str(junit),
                                   "--write-expect-fail", str(xf), "--out", str(out)],
                       capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    assert junit.read_text().startswith("<?xml") and xf.exists() and out.read_text().count('"type": "result"') >= 1
    assert (tmp_path / "step_summary.md").read_text() == ""      # nothing asked for a summary


def test_markdown_to_the_step_summary_under_github_actions_appends(tmp_path):
    env = _github_actions_env(tmp_path)
    summary = Path(env["GITHUB_STEP_SUMMARY"])
    summary.write_text("earlier step\n")
    r = subprocess.run(DUELSPEC + ["run", "--ruling", "ND-01", "--adapter", "reference", "--markdown", str(summary)],
                       capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr[-2000:]
    text = summary.read_text()
    assert text.startswith("earlier step\n") and "ND-01" in text
