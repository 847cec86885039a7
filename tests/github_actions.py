"""A small GitHub Actions runner for tests (issue 21 §2): enough of the real one to run duelspec's
composite action (``action.yml``) and the workflow template that uses it (``docs/ci/github-actions.yml``)
on this machine, job by job, in the environment a GitHub-hosted runner gives a step
(``tests/ci_environments.py``).

What it does as GitHub does: ``${{ }}`` expressions (contexts ``github``, ``env``, ``inputs``,
``matrix``, ``needs``, ``steps``, ``runner``; ``==``, ``!=``, ``&&``, ``||``, ``!``, ``always()``,
``success()``, ``failure()``, ``cancelled()``), a step's ``if:`` (default ``success()``), ``run:`` steps
in ``bash -e`` (``shell: bash``: ``bash --noprofile --norc -eo pipefail``), step outputs through
``$GITHUB_OUTPUT``, the job summary through ``$GITHUB_STEP_SUMMARY``, composite actions (inputs with
defaults, a required input left empty is passed empty, as GitHub does; ``GITHUB_ACTION_PATH``; outputs),
a matrix, ``needs`` outputs, and the artifacts of ``actions/upload-artifact`` and
``actions/download-artifact`` (``name``, ``path``, ``pattern``, ``merge-multiple``). What it stands in
for: ``actions/checkout`` (the workspace is already there) and ``actions/setup-python`` (the Python
running the tests, as ``python-path``)."""
from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

import ci_environments

# -- expressions ------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<num>\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||!|\(|\)|,)"
                    r"|(?P<name>[A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z_*][A-Za-z0-9_\-]*)*))")


class ExpressionError(ValueError):
    pass


def _tokens(text: str) -> list[tuple[str, str]]:
    out, at = [], 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if not m or m.end() == at:
            if text[at:].strip() == "":
                break
            raise ExpressionError(f"cannot read {text[at:]!r} in {text!r}")
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        at = m.end()
    return out


def _lookup(path: str, ctx: dict):
    value = ctx
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part, "")
        else:
            return ""
    return value


def _truthy(value) -> bool:
    return value not in ("", None, False, 0)


def evaluate(text: str, ctx: dict, status: str = "success"):
    """The value of the expression ``text`` (without ``${{ }}``) in ``ctx``; ``status`` is the job's so far."""
    toks = _tokens(text)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else (None, None)

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def primary():
        kind, val = take()
        if kind == "str":
            return val[1:-1].replace("''", "'")
        if kind == "num":
            return float(val) if "." in val else int(val)
        if val == "(":
            v = orr()
            take()
            return v
        if val == "!":
            return not _truthy(primary())
        if kind == "name":
            if peek()[1] == "(":
                take()
                args = []
                while peek()[1] != ")":
                    args.append(orr())
                    if peek()[1] == ",":
                        take()
                take()
                return {"always": lambda: True, "success": lambda: status == "success",
                        "failure": lambda: status == "failure", "cancelled": lambda: False,
                        "format": lambda fmt, *a: re.sub(r"\{(\d+)\}", lambda m: str(a[int(m.group(1))]), fmt)}[val](*args)
            if val in ("true", "false"):
                return val == "true"
            return _lookup(val, ctx)
        raise ExpressionError(f"unexpected {val!r} in {text!r}")

    def compare():
        v = primary()
        while peek()[1] in ("==", "!="):
            op = take()[1]
            w = primary()
            same = str(v).lower() == str(w).lower() if isinstance(v, str) and isinstance(w, str) else v == w
            v = same if op == "==" else not same
        return v

    def andd():
        v = compare()
        while peek()[1] == "&&":
            take()
            w = compare()
            v = w if _truthy(v) else v
        return v

    def orr():
        v = andd()
        while peek()[1] == "||":
            take()
            w = andd()
            v = v if _truthy(v) else w
        return v

    value = orr()
    if pos != len(toks):
        raise ExpressionError(f"trailing {toks[pos:]} in {text!r}")
    return value


def substitute(value, ctx: dict):
    """``value`` with every ``${{ expression }}`` replaced by its value (as a string)."""
    if not isinstance(value, str):
        return value
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: _string(evaluate(m.group(1), ctx)), value)


def scalar(value, ctx: dict) -> str:
    """A ``with:`` or ``env:`` value as the step gets it: a string (YAML ``true`` is ``"true"``), substituted."""
    return substitute(value if isinstance(value, str) else _string(value), ctx)


def _string(v) -> str:
    return "true" if v is True else "false" if v is False else "" if v is None else str(v)


def condition(cond, ctx: dict, status: str) -> bool:
    """Whether a step or job with ``if: cond`` runs when the job's status so far is ``status``."""
    if cond is None:
        return status == "success"
    text = str(cond).strip()
    m = re.fullmatch(r"\$\{\{(.*)\}\}", text, re.S)
    text = m.group(1) if m else text
    has_status = re.search(r"\b(always|success|failure|cancelled)\(\)", text)
    ok = _truthy(evaluate(text, ctx, status))
    return ok if has_status else ok and status == "success"


# -- running ----------------------------------------------------------------------------------------

@dataclass
class StepLog:
    name: str
    outcome: str                     # success, failure, skipped
    output: str = ""


@dataclass
class Job:
    status: str = "success"
    outputs: dict = field(default_factory=dict)
    steps: list = field(default_factory=list)

    def log(self) -> str:
        return "\n".join(f"--- {s.name}: {s.outcome}\n{s.output[-3000:]}" for s in self.steps)


def _read_outputs(path: Path) -> dict:
    out, lines, i = {}, path.read_text(encoding="utf-8").splitlines(), 0
    while i < len(lines):
        line = lines[i]
        m = re.fullmatch(r"([^=<]+)<<(.+)", line)
        if m:
            end = lines.index(m.group(2), i + 1)
            out[m.group(1)] = "\n".join(lines[i + 1:end])
            i = end + 1
            continue
        if "=" in line:
            k, v = line.split("=", 1)
            out[k] = v
        i += 1
    return out


class Runner:
    """Runs jobs of a workflow, each in a fresh workspace (as each job of a workflow gets a fresh runner)
    into which ``actions/checkout`` copies ``repository``; artifacts are kept under ``base/artifacts`` for
    the jobs of the run. ``uses`` maps an action reference (``owner/repo``, without the ``@ref``) to a
    composite action's folder."""

    def __init__(self, base: Path, repository: Path | None, uses: dict, workflow_env: dict | None = None):
        self.base, self.repository, self.uses = base, repository, uses
        self.workspace = base / "workspace"
        self.jobs = 0
        self.artifacts = base / "artifacts"
        self.artifacts.mkdir(parents=True, exist_ok=True)
        self.workflow_env = workflow_env or {}
        self.summary = base / "step_summary.md"
        self.summary.write_text("", encoding="utf-8")
        self.environment = ci_environments.environment("github-actions", base)
        self.environment.update(GITHUB_STEP_SUMMARY=str(self.summary))

    # a job
    def job(self, spec: dict, matrix: dict | None = None, needs: dict | None = None, name: str = "job") -> Job:
        self.jobs += 1
        self.workspace = self.base / f"workspace-{self.jobs}"
        self.workspace.mkdir(parents=True)
        self.environment["GITHUB_WORKSPACE"] = str(self.workspace)
        ctx = {"github": {"workspace": str(self.workspace), "run_id": self.environment["GITHUB_RUN_ID"],
                          "repository": self.environment["GITHUB_REPOSITORY"], "event_name": "push"},
               "matrix": matrix or {}, "needs": needs or {}, "runner": {"os": "Linux", "temp": str(self.base)},
               "env": {}, "steps": {}}
        env = {}
        for scope in (self.workflow_env, spec.get("env") or {}):
            for k, v in scope.items():
                env[k] = scalar(v, dict(ctx, env=env))
        ctx["env"] = env
        job = Job()
        self._steps(spec.get("steps", []), ctx, env, job, action_path=None)
        job.outputs = {k: substitute(v, ctx) for k, v in (spec.get("outputs") or {}).items()}
        return job

    def _steps(self, steps: list, ctx: dict, env: dict, job: Job, action_path: Path | None) -> str:
        """Runs ``steps``; returns ``success`` or ``failure`` (of these steps)."""
        status = "success"
        for i, step in enumerate(steps):
            name = step.get("name") or step.get("uses") or str(step.get("run", ""))[:40]
            sid = step.get("id", f"__{i}")
            if not condition(step.get("if"), ctx, "success" if job.status == "success" and status == "success" else "failure"):
                ctx["steps"][sid] = {"outputs": {}, "outcome": "skipped", "conclusion": "skipped"}
                job.steps.append(StepLog(name, "skipped"))
                continue
            step_env = dict(env)
            for k, v in (step.get("env") or {}).items():
                step_env[k] = scalar(v, ctx)
            if "run" in step:
                ok, outputs, text = self._run(substitute(step["run"], ctx), step.get("shell"), step_env, action_path)
            else:
                ok, outputs, text = self._uses(step["uses"], {k: scalar(v, ctx) for k, v in (step.get("with") or {}).items()},
                                               step_env, job)
            outcome = "success" if ok else "failure"
            ctx["steps"][sid] = {"outputs": outputs, "outcome": outcome, "conclusion": outcome}
            job.steps.append(StepLog(name, outcome, text))
            if not ok:
                status = "failure"
                job.status = "failure" if action_path is None else job.status
        return status

    def _run(self, script: str, shell: str | None, env: dict, action_path: Path | None):
        out_file = self.base / f"output-{os.urandom(4).hex()}"
        out_file.write_text("", encoding="utf-8")
        full = dict(self.environment, **env, GITHUB_OUTPUT=str(out_file))
        if action_path is not None:
            full["GITHUB_ACTION_PATH"] = str(action_path)
        argv = ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script] if shell == "bash" else ["bash", "-e", "-c", script]
        # one log, stdout and stderr in the order they were written (as the runner's log has them)
        r = subprocess.run(argv, cwd=self.workspace, env=full, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=1800, stdin=subprocess.DEVNULL)
        return r.returncode == 0, _read_outputs(out_file), r.stdout

    def _uses(self, ref: str, inputs: dict, env: dict, job: Job):
        action = ref.split("@", 1)[0]
        if action == "actions/checkout":
            if self.repository is not None:
                shutil.copytree(self.repository, self.workspace, dirs_exist_ok=True)
            return True, {}, f"checked out {self.repository}"
        if action == "actions/setup-python":
            return True, {"python-path": sys.executable, "python-version": ".".join(map(str, sys.version_info[:3]))}, ""
        if action == "actions/upload-artifact":
            return self._upload(inputs)
        if action == "actions/download-artifact":
            return self._download(inputs)
        if action in self.uses:
            return self._composite(Path(self.uses[action]), inputs, env, job)
        raise KeyError(f"the simulated runner does not know the action {ref}")

    def _composite(self, path: Path, given: dict, env: dict, job: Job):
        meta = yaml.safe_load((path / "action.yml").read_text(encoding="utf-8"))
        assert meta["runs"]["using"] == "composite"
        unknown = set(given) - set(meta.get("inputs") or {})
        if unknown:
            return False, {}, f"unexpected inputs {sorted(unknown)}"
        inputs = {k: given.get(k, str(spec.get("default", ""))) for k, spec in (meta.get("inputs") or {}).items()}
        ctx = {"inputs": inputs, "steps": {}, "github": {"action_path": str(path)}, "runner": {"temp": str(self.base)},
               "env": env}
        inner = Job()
        status = self._steps(meta["runs"]["steps"], ctx, dict(env), inner, action_path=path)   # the job's env reaches its steps
        job.steps += [StepLog(f"  {s.name}", s.outcome, s.output) for s in inner.steps]
        outputs = {k: substitute(v["value"], ctx) for k, v in (meta.get("outputs") or {}).items()}
        return status == "success" and inner.status == "success", outputs, ""

    def _upload(self, inputs: dict):
        name = inputs["name"]
        target = self.artifacts / name
        if target.exists():
            return False, {}, f"an artifact named {name} exists already in this run"
        found = []
        for line in inputs.get("path", "").splitlines():
            line = line.strip()
            if line:
                found += [p for p in self.workspace.glob(line) if p.is_file()]
        if not found:
            if inputs.get("if-no-files-found", "warn") == "error":
                return False, {}, "no files found"
            return True, {}, "warning: no files found"
        target.mkdir(parents=True)
        for p in found:
            shutil.copy2(p, target / p.name)
        return True, {"artifact-id": name}, f"uploaded {[p.name for p in found]}"

    def _download(self, inputs: dict):
        pattern = inputs.get("pattern") or inputs.get("name") or "*"
        merge = inputs.get("merge-multiple", "false") == "true"
        for art in sorted(self.artifacts.iterdir()):
            if fnmatch.fnmatch(art.name, pattern):
                dest = self.workspace if merge else self.workspace / art.name
                dest.mkdir(parents=True, exist_ok=True)
                for p in art.iterdir():
                    shutil.copy2(p, dest / p.name)
        return True, {}, ""
