"""The package as users get it (issue 32 §2): `python -m build` makes the sdist and, from it, the wheel;
`twine check` passes their metadata; the wheel (not editable) installed into a fresh venv runs
`duelspec run` and `duelspec smoke` from a folder outside the repository, so a data file the wheel
lacks fails here, and its version names the commit it was built from."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OFFLINE = re.compile(r"(?i)NewConnectionError|Failed to establish|Temporary failure in name resolution|Network is unreachable|"
                     r"No matching distribution found")


def _run(argv, cwd, timeout=600, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout, **kw)


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    pytest.importorskip("build", reason="the test extra installs `build` (pip install -e '.[test]')")
    if _run(["git", "rev-parse", "--git-dir"], ROOT).returncode != 0:
        pytest.skip("not a git checkout: the version comes from git")
    # a clean copy of HEAD with its history (what a git URL gives pip), so the build leaves nothing here
    src = tmp_path_factory.mktemp("src") / "duelspec"
    r = _run(["git", "clone", "--quiet", "--no-local", "--no-hardlinks", str(ROOT), str(src)], ROOT)
    assert r.returncode == 0, r.stderr
    out = tmp_path_factory.mktemp("dist")
    r = _run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(out), str(src)], src, timeout=900)
    if r.returncode != 0 and OFFLINE.search(r.stdout + r.stderr):
        pytest.skip(f"the package index cannot be reached: the build needs setuptools-scm ({(r.stdout + r.stderr)[-300:]})")
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    return out


def test_the_sdist_and_the_wheel_pass_twine_check(dist):
    pytest.importorskip("twine", reason="the test extra installs `twine`")
    files = sorted(str(p) for p in dist.iterdir())
    assert any(f.endswith(".whl") for f in files) and any(f.endswith(".tar.gz") for f in files), files
    r = _run([sys.executable, "-m", "twine", "check", "--strict", *files], dist)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_wheel_in_a_fresh_venv_runs_the_suite_and_the_smoke_test(dist, tmp_path):
    wheel = next(dist.glob("*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    r = _run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)], tmp_path, timeout=900)
    if r.returncode != 0 and OFFLINE.search(r.stdout + r.stderr):
        pytest.skip(f"the package index cannot be reached: the wheel's dependencies come from it ({r.stderr[-300:]})")
    assert r.returncode == 0, r.stderr[-3000:]
    work = tmp_path / "elsewhere"             # not the repository: nothing is imported from the source tree
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    duelspec = str(bin_dir / "duelspec")

    where = _run([str(bin_dir / "python"), "-c", "import duelspec; print(duelspec.__file__)"], work, env=env)
    assert str(env_dir) in where.stdout, f"duelspec imported from {where.stdout!r}, not the venv"

    head = _run(["git", "rev-parse", "HEAD"], ROOT).stdout.strip()
    version = _run([duelspec, "--version"], work, env=env)
    assert version.returncode == 0, version.stderr
    lines = version.stdout.splitlines()
    assert lines[0] == f"duelspec {wheel.name.split('-')[1]}" and lines[1] == f"commit {head}", lines
    assert re.fullmatch(r"suite sha256:[0-9a-f]{64}", lines[2]), lines

    run = _run([duelspec, "run", "--out", "results.jsonl"], work, env=env, timeout=1200)
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    summary = run.stdout.strip().splitlines()[-1]
    m = re.match(r"(\d+) passed, 0 failed", summary)
    assert m and int(m.group(1)) > 200, summary          # the whole suite, from the wheel's data files
    assert (work / "results.jsonl").stat().st_size > 0

    smoke = _run([duelspec, "smoke", "--adapter", "cmd:duelspec-reference-adapter"], work, env=env)
    assert smoke.returncode == 0 and "smoke test passed" in smoke.stdout, smoke.stdout + smoke.stderr
