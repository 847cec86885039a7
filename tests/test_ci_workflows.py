"""The example CI workflows (docs/ci/, issues 13 and 21). The GitHub workflow and the action it uses run in
a simulated GitHub Actions run (tests/test_github_action.py); the GitLab pipeline runs here as GitLab runs
it: each job's script lines in one shell, in a fresh folder holding the simulator's repository (a
Makefile that builds it), in the environment a GitLab job has (tests/ci_environments.py, with
`parallel`'s CI_NODE_INDEX/CI_NODE_TOTAL), the report job with the shard jobs' artifacts."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import ci_environments

CI = Path(__file__).resolve().parents[1] / "docs" / "ci"
DUELSPEC = [sys.executable, "-m", "duelspec.cli"]
PIP = 'pip install "duelspec @ git+https://github.com/OWNER/duelspec@COMMIT"'


def _gitlab_job(job: dict, variables: dict, work: Path, base: Path, extra: dict) -> subprocess.CompletedProcess:
    """One GitLab job: its script lines in one shell that stops at the first failing line. The install of
    the pinned duelspec is checked, then stands for the duelspec under test (on PATH already)."""
    lines = []
    for line in job["script"]:
        if line.startswith("pip install"):
            assert line == PIP, line
            continue
        lines.append(line)
    env = ci_environments.environment("gitlab-ci", base)
    env.update(variables, **extra, CI_PROJECT_DIR=str(work))
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return subprocess.run(["bash", "-eo", "pipefail", "-c", "\n".join(lines)], cwd=work, env=env, capture_output=True,
                          text=True, timeout=1200, stdin=subprocess.DEVNULL)


def _gitlab_pipeline(tmp_path: Path, adapter: str):
    wf = yaml.safe_load((CI / "gitlab-ci.yml").read_text())
    conf, report = wf["conformance"], wf["report"]
    variables = dict(wf["variables"], DUELSPEC_ADAPTER=adapter)
    repo = ci_environments.simulator_repository(tmp_path / "my-sim")
    artifacts, shards = tmp_path / "artifacts", []
    artifacts.mkdir()
    for k in range(1, conf["parallel"] + 1):
        work = tmp_path / f"conformance-{k}"
        shutil.copytree(repo, work)
        r = _gitlab_job(conf, variables, work, tmp_path, {"CI_NODE_INDEX": str(k), "CI_NODE_TOTAL": str(conf["parallel"]),
                                                          "CI_JOB_ID": str(100 + k)})
        shards.append(r)
        assert conf["artifacts"]["when"] == "always"
        for pattern in conf["artifacts"]["paths"]:
            for f in work.glob(pattern):
                shutil.copy2(f, artifacts / f.name)
    work = tmp_path / "report"
    shutil.copytree(repo, work)
    for f in artifacts.iterdir():
        shutil.copy2(f, work / f.name)
    assert report["when"] == "always"
    return shards, _gitlab_job(report, variables, work, tmp_path, {"CI_JOB_ID": "200"}), work


def test_gitlab_workflow(tmp_path):
    shards, report, work = _gitlab_pipeline(tmp_path, ci_environments.ADAPTER)
    for r in shards:
        assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert report.returncode == 0, report.stdout[-2000:] + report.stderr[-2000:]
    streams = sorted(work.glob("duelspec-results-*.jsonl"))
    assert len(streams) == 4
    results = [json.loads(x) for p in streams for x in p.read_text().splitlines() if '"type": "result"' in x]
    ids = [r["id"] for r in results]
    assert len(ids) == len(set(ids)) > 2000          # the shards partition the suite with the generated chains
    skipped = sum(r["outcome"] == "skipped" for r in results)   # scenarios not in force on the pipeline's date
    heads = [json.loads(p.read_text().splitlines()[0])["selection"] for p in streams]
    assert {h["shard"]["run"] for h in heads} == {f"gitlab:me/my-sim/{ci_environments.GITLAB_PIPELINE_ID}"}
    assert {h["as_of"] for h in heads} == {ci_environments.GITLAB_CREATED_AT[:10]}
    assert f"{len(ids) - skipped} passed, 0 failed" in report.stdout and skipped < 5
    assert "✅ passed" in (work / "duelspec-summary.md").read_text(encoding="utf-8")


def test_the_gitlab_template_as_copied_fails_for_want_of_an_adapter(tmp_path):
    wf = yaml.safe_load((CI / "gitlab-ci.yml").read_text())
    assert wf["variables"]["DUELSPEC_ADAPTER"] == ""
    repo = ci_environments.simulator_repository(tmp_path / "w")
    r = _gitlab_job(wf["conformance"], wf["variables"], repo, tmp_path, {"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"})
    assert r.returncode == 2 and "--adapter is empty" in r.stderr, r.stderr


def test_a_missing_shard_fails_the_merged_report(tmp_path):
    for k in (1, 3):
        r = subprocess.run(DUELSPEC + ["run", "--shard", f"{k}/3", "--run-id", "r", "--as-of", "2024-06-01",
                                       "--out", str(tmp_path / f"r{k}.jsonl")],
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
    r = subprocess.run(base + ["--shard", "1/3", "--run-id", "r", "--as-of", "2024-06-01"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-1500:] + r.stderr[-1500:]
    r = subprocess.run(base, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1


def test_markdown_lists_rulings_in_the_page_order():
    from duelspec.reporting.report import ruling_order
    assert sorted(["ND-E10", "ND-E2", "ND-C1", "ND-01"], key=ruling_order) == ["ND-01", "ND-C1", "ND-E2", "ND-E10"]


def test_a_run_without_markdown_under_github_actions_writes_every_output(tmp_path):
    """Issue 21: GitHub sets GITHUB_STEP_SUMMARY in every step; a run without --markdown crashed after
    playing every scenario (TypeError in the CLI), exit 1, and wrote neither JUnit nor expect-fail."""
    env = ci_environments.environment("github-actions", tmp_path)
    junit, xf, out = tmp_path / "junit.xml", tmp_path / "xf.toml", tmp_path / "r.jsonl"
    r = subprocess.run(DUELSPEC + ["run", "--ruling", "ND-01", "--adapter", "reference", "--junit", str(junit),
                                   "--write-expect-fail", str(xf), "--out", str(out)],
                       capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    assert junit.read_text().startswith("<?xml") and xf.exists() and out.read_text().count('"type": "result"') >= 1
    assert (tmp_path / "step_summary.md").read_text() == ""      # nothing asked for a summary


def test_markdown_to_the_step_summary_under_github_actions_appends(tmp_path):
    env = ci_environments.environment("github-actions", tmp_path)
    summary = Path(env["GITHUB_STEP_SUMMARY"])
    summary.write_text("earlier step\n")
    r = subprocess.run(DUELSPEC + ["run", "--ruling", "ND-01", "--adapter", "reference", "--markdown", str(summary)],
                       capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr[-2000:]
    text = summary.read_text()
    assert text.startswith("earlier step\n") and "ND-01" in text
