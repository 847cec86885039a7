"""The environment each CI really gives a job (issue 21 §1), for running the CLI's tests under each:
GitHub Actions (``GITHUB_ACTIONS``, ``CI``, a ``GITHUB_STEP_SUMMARY`` file, the run's ids, no TTY, no
``COLUMNS``), GitLab CI (``GITLAB_CI``, ``CI``, the ``CI_*`` variables, no TTY) and a developer's shell
with none of them (also when this suite itself runs in a CI)."""
from __future__ import annotations

import os
from pathlib import Path

NAMES = ("local", "github-actions", "gitlab-ci")
# what a terminal or a CI sets that says where a run is; every simulated environment starts without them
_WHERE = ("CI", "COLUMNS", "LINES", "TERM", "FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
GITHUB_RUN_ID, GITLAB_PIPELINE_ID, GITLAB_CREATED_AT = "4242", "777", "2024-05-01T23:59:30Z"


def _is_ci_variable(name: str) -> bool:
    return name in _WHERE or name.startswith(("GITHUB_", "RUNNER_", "GITLAB_", "CI_"))


def variables(name: str, base: Path) -> dict:
    """The variables of environment ``name`` (files it names are created under ``base``)."""
    if name == "local":
        return {}
    if name == "github-actions":
        files = {}
        for var, file in (("GITHUB_STEP_SUMMARY", "step_summary.md"), ("GITHUB_OUTPUT", "output"), ("GITHUB_ENV", "env"),
                          ("GITHUB_PATH", "path")):
            (base / file).write_text("")
            files[var] = str(base / file)
        return dict(files, CI="true", GITHUB_ACTIONS="true", GITHUB_RUN_ID=GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT="1",
                    GITHUB_RUN_NUMBER="12", GITHUB_REPOSITORY="me/my-sim", GITHUB_WORKFLOW="duelspec",
                    GITHUB_JOB="conformance", GITHUB_SHA="0" * 40, GITHUB_REF="refs/heads/main", GITHUB_EVENT_NAME="push",
                    GITHUB_WORKSPACE=str(base), GITHUB_ACTION="__run", RUNNER_OS="Linux", RUNNER_ARCH="X64",
                    RUNNER_TEMP=str(base), RUNNER_TOOL_CACHE=str(base))
    if name == "gitlab-ci":
        return dict(CI="true", GITLAB_CI="true", CI_SERVER="yes", CI_PIPELINE_ID=GITLAB_PIPELINE_ID,
                    CI_PIPELINE_CREATED_AT=GITLAB_CREATED_AT, CI_PIPELINE_SOURCE="push", CI_JOB_ID="9001",
                    CI_JOB_NAME="conformance", CI_JOB_STAGE="conformance", CI_PROJECT_PATH="me/my-sim",
                    CI_PROJECT_DIR=str(base), CI_COMMIT_SHA="0" * 40, CI_COMMIT_REF_NAME="main", CI_BUILDS_DIR=str(base))
    raise ValueError(name)


def environment(name: str, base: Path, env: dict | None = None) -> dict:
    """A whole process environment: ``env`` (default this process's) less every variable that says where
    a run is, plus those of CI ``name``."""
    env = os.environ if env is None else env
    return {**{k: v for k, v in env.items() if not _is_ci_variable(k)}, **variables(name, base)}


def apply(name: str, base: Path, monkeypatch) -> dict:
    """Make this process's environment that of CI ``name`` for one test (``monkeypatch`` undoes it)."""
    for k in [k for k in os.environ if _is_ci_variable(k)]:
        monkeypatch.delenv(k)
    extra = variables(name, base)
    for k, v in extra.items():
        monkeypatch.setenv(k, v)
    return extra


# A simulator's repository as the CI templates expect it (docs/ci/): a build (`make`) that makes the
# simulator `build/my-sim` (here: duelspec's reference engine behind the adapter protocol), and the
# simulator's expect-fail file (nothing known to fail).
MAKEFILE = "all:\n\tmkdir -p build\n\tprintf '#!/bin/sh\\nexec duelspec-reference-adapter\\n' > build/my-sim\n\tchmod +x build/my-sim\n"
ADAPTER = "cmd:./build/my-sim --duelspec"


def simulator_repository(path: Path) -> Path:
    path.mkdir(parents=True)
    (path / "Makefile").write_text(MAKEFILE)
    (path / "duelspec-xfail.toml").write_text("format = 1\n")
    return path
