"""What the CI a run is in says about the run (issue 21): which CI it is, the id of the pipeline that
the jobs of one run share (the shards of ``duelspec run --shard K/N`` carry it, so that only the
shards of one run add up), and the date the pipeline started where the CI tells it.

GitHub Actions sets ``GITHUB_ACTIONS=true``, ``GITHUB_REPOSITORY`` and ``GITHUB_RUN_ID`` in every step
(one id for every job of a workflow run, re-runs of failed jobs included); GitLab CI sets
``GITLAB_CI=true``, ``CI_PROJECT_PATH``, ``CI_PIPELINE_ID`` and ``CI_PIPELINE_CREATED_AT`` (UTC, ISO
8601) in every job. GitHub tells no start time of the run: the shards of a GitHub workflow are
given one ``--as-of`` date by the workflow (``docs/ci/github-actions.yml``: a ``plan`` job)."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Mapping


@dataclass(frozen=True)
class Pipeline:
    """The CI pipeline a process runs in: ``ci`` (``github-actions``, ``gitlab-ci`` or ``None``),
    ``run_id`` (shared by every job of the pipeline) and ``date`` (the day it started, UTC, when the
    CI tells it), each ``None`` when unknown."""
    ci: str | None = None
    run_id: str | None = None
    date: str | None = None


def pipeline(env: Mapping[str, str] | None = None) -> Pipeline:
    """The pipeline ``env`` (default: this process's environment) describes."""
    env = os.environ if env is None else env
    if env.get("GITHUB_ACTIONS") == "true":
        run = env.get("GITHUB_RUN_ID")
        return Pipeline("github-actions", f"github:{env.get('GITHUB_REPOSITORY', '')}/{run}" if run else None)
    if env.get("GITLAB_CI") == "true":
        run = env.get("CI_PIPELINE_ID")
        created = env.get("CI_PIPELINE_CREATED_AT", "")
        date = created[:10] if re.match(r"\d{4}-\d{2}-\d{2}T", created) else None
        return Pipeline("gitlab-ci", f"gitlab:{env.get('CI_PROJECT_PATH', '')}/{run}" if run else None, date)
    return Pipeline()


def shard_run(run_id: str | None, as_of: str | None, env: Mapping[str, str] | None = None) -> tuple[str, str]:
    """The run id and the as-of date of one shard of a run (``--shard K/N``): given (``--run-id``,
    ``--as-of``) or the pipeline's. Every shard of a run must name the same run and be judged as of the
    same date (shards started on either side of midnight would otherwise be judged by two dates);
    raises :class:`ValueError` saying what to give when either is unknown."""
    p = pipeline(env)
    run_id = run_id or p.run_id
    as_of = as_of or p.date
    missing = []
    if not run_id:
        missing.append("--run-id ID (the same for every shard of the run; on GitHub Actions and GitLab CI the "
                       "pipeline's id is used when it is not given)")
    if not as_of:
        missing.append("--as-of YYYY-MM-DD (the same for every shard of the run, so that shards started on either "
                       "side of midnight are judged by one date; on GitLab CI the day the pipeline was created is used)")
    if missing:
        raise ValueError("--shard: the shards of one run must say which run they are and the date they are judged "
                         "by: give " + " and ".join(missing))
    return run_id, as_of
