"""Shards that add up, and only add up (issue 21 §3): a shard's stream says it is shard K of N of run R
and the date it was judged as of; `duelspec summary` of an incomplete set fails; `duelspec site` shows
the shards of one run as one run; shards of different runs, suites, engine versions or dates are
refused; the shards of one pipeline share its run id and one as-of date, whenever each started."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import ci_environments
from duelspec import validation
from duelspec.cli import main

pytestmark = pytest.mark.usefixtures("ci_environment")
SEL = ["--ruling", "ND-E1"]         # 13 scenarios: both shards of 2 are non-empty


def _run(*args, env=None):
    return CliRunner().invoke(main, ["run", *SEL, *map(str, args)], env=env)


def _shards(tmp_path, n=2, run_id="run-1", as_of="2024-06-01", which=None, extra=()):
    paths = []
    for k in which or range(1, n + 1):
        p = tmp_path / f"{run_id}-{k}-of-{n}-{as_of}.jsonl"
        r = _run("--shard", f"{k}/{n}", "--run-id", run_id, "--as-of", as_of, "--out", p, *extra)
        assert r.exit_code == 0, r.output
        paths.append(p)
    return paths


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The shard streams the merge tests combine, played once: ``made(n, run_id, as_of, which)``."""
    base = tmp_path_factory.mktemp("shards")
    cache: dict = {}

    def get(n=2, run_id="run-1", as_of="2024-06-01", which=None):
        out = []
        for k in which or range(1, n + 1):
            key = (n, run_id, as_of, k)
            if key not in cache:
                cache[key] = _shards(base, n, run_id, as_of, [k])[0]
            out.append(cache[key])
        return out
    return get


def _lines(p: Path) -> list[dict]:
    return [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines()]


def _summary(*paths, fmt="table"):
    return CliRunner().invoke(main, ["summary", *map(str, paths), "--format", fmt])


def test_a_shard_stream_says_it_is_k_of_n_of_its_run(made):
    (p,) = made(which=[2])
    head = _lines(p)[0]
    assert head["selection"]["shard"] == {"index": 2, "count": 2, "run": "run-1"}
    assert head["selection"]["as_of"] == "2024-06-01"
    for line in _lines(p):
        validation.check(line, "result", str(p))


def test_a_shard_needs_its_run_and_date(ci_environment, tmp_path):
    """Outside a CI that names them, a shard without --run-id or --as-of is a usage error saying what to
    give; on GitHub Actions the run id is the workflow run's, the date must be given (GitHub tells no
    start time); on GitLab CI both are the pipeline's."""
    r = _run("--shard", "1/2", "--out", tmp_path / "s.jsonl")
    if ci_environment == "gitlab-ci":
        assert r.exit_code == 0, r.output
        sel = _lines(tmp_path / "s.jsonl")[0]["selection"]
        assert sel["shard"]["run"] == f"gitlab:me/my-sim/{ci_environments.GITLAB_PIPELINE_ID}"
        assert sel["as_of"] == ci_environments.GITLAB_CREATED_AT[:10]
        return
    assert r.exit_code == 2 and "--as-of YYYY-MM-DD" in r.output, r.output
    assert ("--run-id" in r.output) == (ci_environment == "local"), r.output
    r = _run("--shard", "1/2", "--as-of", "2024-06-01", "--out", tmp_path / "s.jsonl")
    if ci_environment == "github-actions":
        assert r.exit_code == 0, r.output
        assert _lines(tmp_path / "s.jsonl")[0]["selection"]["shard"]["run"] == f"github:me/my-sim/{ci_environments.GITHUB_RUN_ID}"
    else:
        assert r.exit_code == 2 and "--run-id ID" in r.output


def test_run_id_without_shard_is_a_usage_error():
    r = _run("--run-id", "x")
    assert r.exit_code == 2 and "goes with --shard" in r.output


def test_the_summary_of_a_lone_shard_fails(made):
    """A single shard's stream used to report a complete passing run, exit 0: a false green when the
    other shards' artifacts are missing."""
    (p,) = made(n=3, which=[2])
    r = _summary(p)
    assert r.exit_code == 1, r.output
    assert "shard(s) 1, 3 of 3 missing" in r.output
    r = _summary(p, fmt="markdown")
    assert r.exit_code == 1 and "❌ failed" in r.output and "1, 3 of 3 missing" in r.output


def test_the_shards_of_one_run_add_up(made):
    paths = made()
    r = _summary(*paths)
    assert r.exit_code == 0, r.output
    assert "13 passed" in r.output
    r = _summary(paths[0], paths[0])
    assert r.exit_code == 2 and "each scenario in one stream only" in r.output


def test_shards_of_different_runs_are_refused(made):
    a = made(run_id="run-1", which=[1])
    b = made(run_id="run-2", which=[2])
    r = _summary(*a, *b)
    assert r.exit_code == 2, r.output
    assert "shards of different runs" in r.output and "run-2" in r.output


def _edited(src: Path, dst: Path, edit) -> Path:
    lines = _lines(src)
    edit(lines[0])
    dst.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return dst


@pytest.mark.parametrize("what,edit", [
    ("engine version", lambda h: h["adapter"]["implementation"].update(version="9.9.9")),
    ("suite (content_hash)", lambda h: h["suite"].update(content_hash="sha256:" + "0" * 64)),
    ("duelspec version", lambda h: h["suite"].update(version="0.0.1")),
    ("engine", lambda h: h["adapter"]["implementation"].update(name="another-sim")),
])
def test_shards_of_different_engine_versions_or_suites_are_refused(made, tmp_path, what, edit):
    """They used to merge into one green report when only the engine's name and the content hash agreed."""
    one, two = made()
    other = _edited(two, tmp_path / "other.jsonl", edit)
    r = _summary(one, other)
    assert r.exit_code == 2, r.output
    assert what in r.output and "do not add up to one report" in r.output


def test_shards_judged_as_of_different_dates_are_refused(made):
    """Shards started on either side of midnight used to be judged by two dates (the as-of date was each
    shard's local date) and could not be merged; now every shard names its date, and two dates are refused."""
    a = made(as_of="2024-06-01", which=[1])
    b = made(as_of="2024-06-02", which=[2])
    r = _summary(*a, *b)
    assert r.exit_code == 2 and "as-of date" in r.output, r.output


def test_the_shards_of_one_gitlab_pipeline_share_its_run_and_date(tmp_path, monkeypatch):
    """Two jobs of one pipeline, one before midnight and one after: both take the pipeline's id and the day
    it was created, and add up."""
    env = ci_environments.variables("gitlab-ci", tmp_path)
    paths = []
    for k in (1, 2):
        p = tmp_path / f"g{k}.jsonl"
        r = CliRunner().invoke(main, ["run", *SEL, "--shard", f"{k}/2", "--out", str(p)],
                               env={**{v: None for v in ("GITHUB_ACTIONS",)}, **env, "CI_JOB_ID": str(k)})
        assert r.exit_code == 0, r.output
        paths.append(p)
    assert {_lines(p)[0]["selection"]["as_of"] for p in paths} == {"2024-05-01"}
    assert _summary(*paths).exit_code == 0


# -- the site ------------------------------------------------------------------------------------

def _site(tmp_path, *paths):
    out = tmp_path / "site"
    r = CliRunner().invoke(main, ["site", *[a for p in paths for a in ("--results", str(p))], "--out", str(out)])
    return r, out


def test_the_site_shows_the_shards_of_one_run_as_one_run(made, tmp_path):
    """It used to show only the last shard as the engine's current run, and a history of N runs whose
    'changes' were the scenarios of one shard missing from the next."""
    paths = made()
    r, out = _site(tmp_path, *paths)
    assert r.exit_code == 0, r.output
    assert "13 passed" in r.output
    history = (out / "history" / "duelspec-reference.html").read_text(encoding="utf-8")
    assert history.count("<tr><td>") == 1
    assert "No scenario changed" in history or "One run only" in history
    assert "Incomplete run" not in (out / "index.html").read_text(encoding="utf-8")


def test_the_site_says_a_run_with_a_missing_shard_is_incomplete(made, tmp_path):
    paths = made(n=3, which=[1, 3])
    r, out = _site(tmp_path, *paths)
    assert r.exit_code == 0, r.output
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Incomplete run: shard(s) 2 of 3 missing" in index
    assert "incomplete" in (out / "badges" / "duelspec-reference.svg").read_text(encoding="utf-8")


def test_the_site_keeps_two_sharded_runs_apart_and_compares_them(made, tmp_path):
    first = made(run_id="run-1")
    second = made(run_id="run-2")
    r, out = _site(tmp_path, *first, *second)
    assert r.exit_code == 0, r.output
    history = (out / "history" / "duelspec-reference.html").read_text(encoding="utf-8")
    assert history.count("<tr><td>") == 2 and "No scenario changed its outcome" in history


def test_the_site_refuses_shards_of_one_run_with_different_engine_versions(made, tmp_path):
    one, two = made()
    other = _edited(two, tmp_path / "other.jsonl", lambda h: h["adapter"]["implementation"].update(version="9.9.9"))
    r, _ = _site(tmp_path, one, other)
    assert r.exit_code == 2 and "engine version" in r.output, r.output


def test_the_matrix_shows_ruling_summaries_without_a_log_style_cut(made, tmp_path):
    """Issue 21 §5: a long summary ended in "… [42 more characters not shown]"; now it is cut at a word
    with "…", the whole summary in the cell's title."""
    from duelspec.catalogue import rulings
    r, out = _site(tmp_path, *made())
    assert r.exit_code == 0, r.output
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "more characters not shown" not in index
    long = next(x for x in rulings().values() if len(x.summary) > 160)
    import html
    import re
    assert long.summary in {html.unescape(t) for t in re.findall(r'class="summary-text" title="([^"]*)"', index)}


def test_a_shard_judges_only_its_own_expect_fail_entries_and_the_merged_report_the_rest(tmp_path):
    """Issue 32 §6: each shard warned about every other shard's entries as matching no scenario."""
    from duelspec.selection import shard_of
    gone = {k: next(f"ygo.removed.s{i}" for i in range(100) if shard_of(f"ygo.removed.s{i}", 2) == k) for k in (1, 2)}
    xfail = tmp_path / "xfail.toml"
    xfail.write_text("format = 1\n[scenarios]\n" + "".join(f'"{i}" = {{ reason = "renamed since" }}\n' for i in gone.values()), encoding="utf-8")
    paths = _shards(tmp_path, extra=("--expect-fail", xfail))
    for k, p in enumerate(paths, 1):
        r = _run("--shard", f"{k}/2", "--run-id", "run-1", "--as-of", "2024-06-01", "--out", p, "--expect-fail", xfail)
        assert r.exit_code == 0, r.output
        assert "1 expect-fail entries match no scenario" in r.output and gone[k] in r.output, r.output
        assert gone[3 - k] not in r.output, r.output
    merged = CliRunner().invoke(main, ["summary", *map(str, paths), "--expect-fail", str(xfail)])
    assert merged.exit_code == 0, merged.output
    assert "2 expect-fail entries match no scenario" in merged.output and all(i in merged.output for i in gone.values())
