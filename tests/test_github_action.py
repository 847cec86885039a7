"""duelspec's GitHub Action (action.yml) and the workflow template that uses it (docs/ci/github-actions.yml),
run in a simulated GitHub Actions environment (tests/github_actions.py, issue 21 §2): the action installs
duelspec from its own files for real (pip, from the package index), runs the suite through the adapter,
writes the job summary and uploads the result stream and the JUnit report, also when the run failed; the
workflow builds the simulator, plays 4 shards judged as of one date and merges them in a report job that
runs whatever the shards did."""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import yaml

import ci_environments
import github_actions
from duelspec.github_action import INPUTS, ActionError, argv, artifact_name

ROOT = Path(__file__).resolve().parents[1]
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
TEMPLATE = ROOT / "docs" / "ci" / "github-actions.yml"
PIN = "OWNER/duelspec@COMMIT"     # docs/ci.md, "Pinning a version"


# -- the action's description --------------------------------------------------------------------

def test_the_action_declares_the_inputs_its_run_step_reads():
    assert set(ACTION["inputs"]) == set(INPUTS)
    assert ACTION["inputs"]["adapter"]["required"] is True and "default" not in ACTION["inputs"]["adapter"]
    run = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "run")
    passed = {k[len("INPUT_"):].lower().replace("_", "-") for k in run["env"]}
    assert passed == set(INPUTS) - {"python-version", "upload"}     # those two the action.yml steps use themselves
    for name, value in run["env"].items():
        assert value == "${{ inputs.%s }}" % name[len("INPUT_"):].lower().replace("_", "-")
    assert "${{" not in run["run"], "inputs reach the shell as variables only (no expression in a script)"


def test_the_action_and_workflow_are_valid_for_github(tmp_path):
    """check-jsonschema's copies of GitHub's own schemas for an action and a workflow."""
    for schema, path in (("vendor.github-actions", ROOT / "action.yml"), ("vendor.github-workflows", TEMPLATE)):
        r = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, str(path)],
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stdout + r.stderr


def test_the_run_step_arguments():
    env = {"GITHUB_STEP_SUMMARY": "/tmp/summary.md"}
    with pytest.raises(ActionError, match="`adapter` input is required"):
        argv({"adapter": "  "}, env)
    assert argv({"adapter": "cmd:./sim", "markdown-summary": "true", "shard": "2/4", "as-of": "2024-06-01",
                 "generated": "true", "junit": "j.xml", "args": "--jobs 2 --ruling 'ND-E*'"}, env) == [
        "run", "--adapter", "cmd:./sim", "--out", "duelspec-results.jsonl", "--shard", "2/4", "--as-of", "2024-06-01",
        "--junit", "j.xml", "--generated", "--markdown", "/tmp/summary.md", "--jobs", "2", "--ruling", "ND-E*"]
    with pytest.raises(ActionError, match="GITHUB_STEP_SUMMARY"):
        argv({"adapter": "x:Y", "markdown-summary": "true"}, {})
    with pytest.raises(ActionError, match="`true` or `false`"):
        argv({"adapter": "x:Y", "generated": "yes"}, env)
    assert artifact_name({"shard": "3/4"}) == "duelspec-results-3-of-4" and artifact_name({}) == "duelspec-results"


# -- the action, run --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def action_path(tmp_path_factory):
    """The action as `uses: OWNER/duelspec@REF` gets it: the repository's files at that ref (here: the
    files of this checkout that git does not ignore)."""
    dest = tmp_path_factory.mktemp("action") / "duelspec"
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    if not any(files):
        pytest.skip("not a git checkout: the action's files are the tracked files")
    for f in filter(None, files):
        src = ROOT / f.decode()
        if src.is_file():
            (dest / f.decode()).parent.mkdir(parents=True, exist_ok=True)
            (dest / f.decode()).write_bytes(src.read_bytes())
    # GitHub's tarball of the ref has no .git: `git archive` fills .git_archival.txt (export-subst), from
    # which the build takes the commit (docs/ci.md, "Pinning a version")
    archive = subprocess.run(["git", "archive", "HEAD", ".git_archival.txt"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        (dest / ".git_archival.txt").write_bytes(tar.extractfile(".git_archival.txt").read())
    return dest


@pytest.fixture(scope="module")
def installed(action_path, tmp_path_factory):
    """One run of the action's own install step (pip from the package index), shared by the tests that
    run the action: the step installs once per job (per RUNNER_TEMP), and the simulated jobs share this one."""
    base = tmp_path_factory.mktemp("install")
    runner = github_actions.Runner(base, None, {})
    runner.job({"steps": []})
    install = next(s for s in ACTION["runs"]["steps"] if s.get("name", "").startswith("Install duelspec"))
    ok, _, text = runner._run(github_actions.substitute(install["run"], {}), "bash", {"PYTHON": sys.executable}, action_path)
    if not ok and re.search(r"(?i)NewConnectionError|Failed to establish|Temporary failure in name resolution|Network is unreachable|"
                             r"No matching distribution found", text):
        pytest.skip(f"the package index cannot be reached: the action's install step needs it ({text[-300:]})")
    assert ok, text[-3000:]
    return base / "duelspec-venv"


def _job(tmp_path, action_path, venv, steps, env=None):
    runner = github_actions.Runner(tmp_path, None, {"OWNER/duelspec": action_path}, workflow_env=env or {})
    runner.environment["RUNNER_TEMP"] = str(venv.parent)          # the install step finds its venv
    return runner, runner.job({"steps": steps})


def test_the_action_runs_the_suite_writes_the_summary_and_uploads(tmp_path, action_path, installed):
    runner, job = _job(tmp_path, action_path, installed, [
        {"uses": "actions/checkout@v4"},
        {"uses": PIN, "id": "duelspec", "with": {"adapter": "cmd:duelspec-reference-adapter", "args": "--ruling ND-E1"}},
        {"run": 'test -s "${{ steps.duelspec.outputs.results }}"'}])
    assert job.status == "success", job.log()
    assert "## duelspec: ✅ passed" in runner.summary.read_text(encoding="utf-8")
    art = runner.artifacts / "duelspec-results"
    assert sorted(p.name for p in art.iterdir()) == ["duelspec-junit.xml", "duelspec-results.jsonl"]
    lines = (art / "duelspec-results.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["adapter"]["spec"] == "cmd:duelspec-reference-adapter"
    assert json.loads(lines[-1])["counts"]["passed"] == 13


def test_a_failing_run_fails_the_step_and_still_uploads(tmp_path, action_path, installed):
    """An engine that plays 2019's answers fails ND-FAQ1 today: the step fails, the artifact is there."""
    runner, job = _job(tmp_path, action_path, installed, [
        {"uses": PIN, "with": {"adapter": "bad_adapters.dated:StuckIn2019", "args": "--ruling ND-FAQ1"}}],
        env={"PYTHONPATH": str(ROOT / "tests")})
    assert job.status == "failure", job.log()
    assert "## duelspec: ❌ failed" in runner.summary.read_text(encoding="utf-8")
    assert (runner.artifacts / "duelspec-results" / "duelspec-results.jsonl").exists()
    # each failed scenario is an annotation at its feature file's line (issue 32 §6)
    notes = [ln for ln in job.log().splitlines() if ln.startswith("::error file=")]
    assert notes and all(re.match(r"::error file=features/\S+\.feature,line=\d+,title=duelspec%3A failed ygo\.", n) for n in notes), notes
    assert all("ND-FAQ1" in n.split("::", 2)[2] for n in notes), notes


def _unescape(s: str) -> str:
    return s.replace("%0A", "\n").replace("%0D", "\r").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def test_annotations_escape_what_a_result_says_as_workflow_commands_require(tmp_path):
    """A result's file, id and message are data: GitHub's workflow-command escaping (% CR LF; also : and ,
    in a property) keeps each annotation one command, so no text can start another."""
    from duelspec.github_action import annotations
    from duelspec.reporting.report import Tally, header
    hostile = "100% wrong\n::stop-commands::tok\r\n::add-mask::x, y: z"
    results = [{"type": "result", "id": f"ygo.x.s{i}", "game": "ygo", "title": "t", "rulings": ["ND-01"], "outcome": "failed",
                "origin": {"file": "features/a,b:c.feature", "line": 7}, "duration_ms": 1.0,
                "failures": [{"pointer": "/expect/final", "message": hostile}]} for i in range(3)]
    t = Tally()
    for r in results:
        t.add(r)
    impl = {"name": "my-sim", "version": "1", "language": "python", "games": ["ygo"], "unsupported": []}
    stream = tmp_path / "r.jsonl"
    stream.write_text("".join(json.dumps(x) + "\n" for x in [header("cmd:x", impl), *results, t.footer()]), encoding="utf-8")
    out = annotations(str(stream), limit=2)
    assert len(out) == 3 and out[-1].startswith("::warning title=duelspec::1 more failing")
    for line in out[:2]:
        assert "\n" not in line and "\r" not in line
        m = re.fullmatch(r"::error (?P<props>[^:]*)::(?P<data>.*)", line)
        assert m, line
        props = dict(p.split("=", 1) for p in m.group("props").split(","))
        assert _unescape(props["file"]) == "features/a,b:c.feature" and props["line"] == "7"
        assert _unescape(props["title"]) == "duelspec: failed ygo.x.s0" or _unescape(props["title"]).startswith("duelspec: failed")
        assert _unescape(m.group("data")) == "ND-01: " + hostile.replace("\r", "\\x0d")
    assert annotations(str(tmp_path / "missing.jsonl")) == []


def test_an_action_without_an_adapter_fails_and_runs_no_engine(tmp_path, action_path, installed):
    runner, job = _job(tmp_path, action_path, installed, [{"uses": PIN, "with": {"adapter": ""}}])
    assert job.status == "failure"
    assert "the `adapter` input is required" in job.log()
    assert not any(runner.artifacts.iterdir()) and runner.summary.read_text(encoding="utf-8") == ""


# -- the workflow template ---------------------------------------------------------------------------

def _runner(tmp_path, action_path, venv, adapter: str):
    """The simulated runner for the template's jobs, in the workspace of a simulator's repository: a
    Makefile that builds `build/my-sim`, an empty expect-fail file."""
    wf = yaml.safe_load(TEMPLATE.read_text(encoding="utf-8"))
    repo = ci_environments.simulator_repository(tmp_path / "my-sim")
    runner = github_actions.Runner(tmp_path, repo, {"OWNER/duelspec": action_path}, workflow_env=dict(wf["env"], DUELSPEC_ADAPTER=adapter))
    runner.environment["RUNNER_TEMP"] = str(venv.parent)
    runner.environment["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), runner.environment.get("PATH", "")])
    return wf["jobs"], runner


def _shards(jobs, runner):
    """The plan job, then the conformance matrix; returns the ``needs`` context and the shard jobs."""
    plan = runner.job(jobs["plan"], name="plan")
    assert plan.status == "success" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", plan.outputs["as-of"]), plan.log()
    needs = {"plan": {"outputs": plan.outputs, "result": plan.status}}
    return needs, [runner.job(jobs["conformance"], matrix={"shard": k}, needs=needs, name=f"conformance {k}")
                   for k in jobs["conformance"]["strategy"]["matrix"]["shard"]]


def _report(jobs, runner, needs, shards):
    """The report job, when its `if:` lets it run after these shards (its install of the pinned duelspec
    is checked, then stands for the duelspec under test, already on PATH)."""
    spec = dict(jobs["report"])
    steps = []
    for s in spec["steps"]:
        if "pip install" in str(s.get("run", "")):
            assert s["run"] == f'pip install "duelspec @ git+https://github.com/{PIN}"', s["run"]
            s = dict(s, run="true")
        steps.append(s)
    conformance = "success" if all(j.status == "success" for j in shards) else "failure"
    assert github_actions.condition(spec["if"], {}, conformance), "the report job runs whatever the shards did"
    return runner.job(dict(spec, steps=steps), needs=dict(needs, conformance={"result": conformance}), name="report")


@pytest.fixture(scope="module")
def workflow_run(tmp_path_factory, action_path, installed):
    """The template run once with an adapter set, as a simulator's repository would: plan, 4 shards, report."""
    tmp = tmp_path_factory.mktemp("workflow")
    jobs, runner = _runner(tmp, action_path, installed, ci_environments.ADAPTER)
    needs, shards = _shards(jobs, runner)
    return jobs, runner, needs, shards, _report(jobs, runner, needs, shards)


def test_the_workflow_template_pins_builds_and_reports_whatever_happened():
    text = TEMPLATE.read_text(encoding="utf-8")
    wf = yaml.safe_load(text)
    assert wf["env"]["DUELSPEC_ADAPTER"] == "", "no default adapter: the copied template fails until it is set"
    steps = wf["jobs"]["conformance"]["steps"]
    names = [s.get("name", s.get("uses", "")) for s in steps]
    assert names.index("Build your simulator") < names.index("duelspec")
    duelspec = steps[names.index("duelspec")]
    assert duelspec["uses"] == PIN and duelspec["with"]["expect-fail"] and duelspec["with"]["as-of"]
    assert wf["jobs"]["report"]["if"] == "always()"
    assert all(s.get("if") == "always()" for s in wf["jobs"]["report"]["steps"] if "duelspec summary" in str(s.get("run")))
    assert text.count(PIN) == 2 and "git ls-remote" in text      # the action, the report's install; the header says how to get COMMIT


def test_the_workflow_template_passes_in_a_simulated_github_actions_run(workflow_run):
    jobs, runner, needs, shards, report = workflow_run
    for job in shards:
        assert job.status == "success", job.log()
    assert report.status == "success", report.log()
    summary = runner.summary.read_text(encoding="utf-8")
    streams = sorted(runner.artifacts.glob("duelspec-results-*/duelspec-results-*.jsonl"))
    assert len(streams) == 4
    heads = [json.loads(p.read_text(encoding="utf-8").splitlines()[0]) for p in streams]
    assert len({h["selection"]["as_of"] for h in heads}) == 1 and len({h["selection"]["shard"]["run"] for h in heads}) == 1
    total = sum(json.loads(p.read_text(encoding="utf-8").splitlines()[-1])["counts"]["passed"] for p in streams)
    assert total > 2000 and summary.count("## duelspec: ✅ passed") == 5        # 4 shards, then the merged report
    assert f"| {total} |" in summary


def test_the_workflow_template_with_a_missing_shard_fails_the_report(workflow_run, tmp_path):
    """The same run with shard 3's artifact lost: the merged report fails and says which shard is missing."""
    import shutil
    jobs, runner, needs, shards, _ = workflow_run
    lost = github_actions.Runner(tmp_path, None, {}, workflow_env=runner.workflow_env)
    lost.environment["PATH"] = runner.environment["PATH"]
    for art in runner.artifacts.iterdir():
        if art.name != "duelspec-results-3-of-4":
            shutil.copytree(art, lost.artifacts / art.name)
    report = _report(jobs, lost, needs, shards)
    assert report.status == "failure"
    assert "shard(s) 3 of 4 missing" in report.log(), report.log()
    assert "## duelspec: ❌ failed" in lost.summary.read_text(encoding="utf-8")


def test_the_workflow_template_as_copied_fails_for_want_of_an_adapter(tmp_path, action_path, installed):
    jobs, runner = _runner(tmp_path, action_path, installed, "")
    needs, shards = _shards(jobs, runner)
    assert all(j.status == "failure" and "the `adapter` input is required" in j.log() for j in shards)
    report = _report(jobs, runner, needs, shards)
    assert report.status == "failure" and report.steps, "the report job still ran"


def obeyed(log: str) -> list[str]:
    """The workflow commands GitHub's runner would obey in ``log`` (its rules: a line that starts
    with ``::`` once leading spaces are trimmed, ``::name props::data``; after ``::stop-commands::T``
    nothing is obeyed until a line ``::T::``)."""
    import re
    found, stop = [], None
    for line in log.splitlines():
        line = line.lstrip()
        if stop is not None:
            if line == f"::{stop}::":
                stop = None
            continue
        m = re.match(r"::([A-Za-z-]+)(?: [^:]*)?::(.*)", line)
        if not m:
            continue
        if m.group(1) == "stop-commands":
            stop = m.group(2)
        else:
            found.append(line)
    return found


def test_nothing_an_adapter_or_an_input_writes_is_obeyed_as_a_workflow_command(tmp_path, action_path, installed):
    """The action echoed its inputs raw and the run printed an adapter's stderr raw: a line starting
    with `::error` landed in the GitHub log and was obeyed (issue 36 §4)."""
    adapter = "cmd:sh -c 'printf \"::error title=owned::by the adapter\\n  ::warning::indented\\n\" >&2; exit 3'"
    runner, job = _job(tmp_path, action_path, installed, [
        {"uses": PIN, "with": {"adapter": adapter, "markdown-summary": "false",
                               "args": "--ruling ND-E1 --ruling 'X\n::error title=owned::by an input' --max-restarts 0"}}])
    log = "\n".join(s.output for s in job.steps)                          # whole (job.log() keeps the tails)
    assert job.status == "failure", log
    assert "by the adapter" in log and "by an input" in log, log          # shown, as text
    assert "exited with status 3" in log, log                              # the adapter ran (its stderr is evidence)
    assert not [c for c in obeyed(log) if "owned" in c or "indented" in c], obeyed(log)


def test_the_workflow_command_escaping():
    from duelspec.text import workflow_data, workflow_property
    assert workflow_data("50% done\r\n::error::x") == "50%25 done\\x0d%0A::error::x"   # CR shown as an escape
    assert workflow_property("a:b,c\n") == "a%3Ab%2Cc%0A"


def test_an_annotation_names_a_contract_failure(tmp_path):
    """A failed result whose every failure is a window mismatch is annotated as a contract failure, never
    as a rules failure; a rules failure keeps `failed`."""
    from duelspec.github_action import annotations
    from duelspec.reporting.report import Tally, header
    window = {"pointer": "/script/0", "message": "contract (window) mismatch", "kind": "window"}
    results = [{"type": "result", "id": f"ygo.x.s{i}", "game": "ygo", "title": "t", "rulings": ["ND-01"], "outcome": "failed",
                "failures": [window] if i == 0 else [{"pointer": "/expect/final", "message": "differs"}]} for i in range(2)]
    t = Tally()
    for r in results:
        t.add(r)
    stream = tmp_path / "r.jsonl"
    stream.write_text("".join(json.dumps(x) + "\n" for x in [header("cmd:x", {}), *results, t.footer()]), encoding="utf-8")
    out = [_unescape(x) for x in annotations(str(stream))]
    assert "title=duelspec: contract failure (not a rules failure) ygo.x.s0" in out[0], out
    assert "title=duelspec: failed ygo.x.s1" in out[1], out
