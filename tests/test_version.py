"""A version a maintainer can pin (issue 32 §2): pinned by full commit SHA, the version derived from git
at build time (setuptools-scm), and `duelspec --version` naming the version, the commit and the suite.
(The wheel as users get it is built and run in tests/test_wheel.py.)"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec import __version__, version
from duelspec.cli import main
from duelspec.reporting.report import header
from duelspec.version import spec_identity
from duelspec.resources import features_dir, schemas_dir

ROOT = Path(__file__).resolve().parents[1]
PINNED = ("README.md", "docs/ci.md", "docs/ci/github-actions.yml", "docs/ci/gitlab-ci.yml", "action.yml")
# what `duelspec --version` prints, line by line
VERSION_LINES = (r"duelspec \S+", r"commit ([0-9a-f]{40}( \(built with uncommitted changes\))?|unknown \(built without git metadata\))",
                 r"suite sha256:[0-9a-f]{64}")


def _git(*args: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
    except OSError:
        pytest.skip("git is not installed")


def test_every_pin_is_a_full_commit_sha_and_no_page_names_a_tag_that_does_not_exist():
    tags = set(_git("tag", "--list").stdout.split())
    for f in PINNED:
        text = (ROOT / f).read_text(encoding="utf-8")
        pins = re.findall(r"OWNER/duelspec@([\w.-]+)", text)
        assert pins, f"{f} shows how to pin duelspec"
        assert set(pins) <= {"COMMIT", "vX.Y.Z"} | tags, f"{f} pins {set(pins) - {'COMMIT'}}: no such tag (pin a full commit SHA)"
        assert "COMMIT" not in text or "ls-remote" in text or "docs/ci.md" in text, f"{f}: how to get the SHA"
    ci = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    assert "git ls-remote https://github.com/OWNER/duelspec HEAD" in ci and "40 hex digits" in ci


def test_the_version_comes_from_git_at_build_time():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text and "setuptools-scm" in text and 'version_file = "duelspec/built_version.py"' in text
    assert "duelspec/built_version.py" in (ROOT / ".gitignore").read_text(encoding="utf-8")
    assert "export-subst" in (ROOT / ".gitattributes").read_text(encoding="utf-8")
    assert __version__ == version.VERSION != version.UNKNOWN, "duelspec was installed (pip install -e .) so the build wrote its version"


def test_duelspec_version_prints_the_version_the_commit_and_the_suite():
    out = CliRunner().invoke(main, ["--version"]).stdout.splitlines()
    assert len(out) == 3 and all(re.fullmatch(p, line) for p, line in zip(VERSION_LINES, out)), out
    assert out[0] == f"duelspec {__version__}" and out[2] == f"suite {spec_identity()}"
    commit = out[1].split()[1]
    if _git("rev-parse", "--git-dir").returncode == 0 and version.COMMIT:
        assert _git("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0, f"{commit} is a commit of this repository"
        if re.search(r"\+g[0-9a-f]+", __version__):
            assert commit.startswith(re.search(r"\+g([0-9a-f]+)", __version__).group(1)), "the version names the commit"


def test_the_guide_shows_what_duelspec_version_prints():
    ci = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    sample = ci[ci.index("`duelspec --version` prints three lines"):]
    lines = re.search(r"```\n(.*?)```", sample, re.S).group(1).splitlines()
    assert len(lines) == 3 and all(re.fullmatch(p, line) for p, line in zip(VERSION_LINES, lines)), lines


def test_the_suite_version_changes_when_the_suite_does(tmp_path):
    now = spec_identity()
    features = shutil.copytree(features_dir(), tmp_path / "features")
    rulings = features / "rulings" / "ygo-normal-draw.json"
    rulings.write_text(rulings.read_text(encoding="utf-8") + "\n", encoding="utf-8")      # any change to the suite
    changed = spec_identity(features, schemas_dir())
    assert changed != now and version.suite_version(changed) != version.suite_version(now)
    assert version.suite_version(changed).endswith(f"suite.{changed[7:19]}")
    assert version.suite_version(changed).startswith(__version__)


def test_the_header_names_the_suite_version_and_its_content_hash():
    suite = header("reference", {})["suite"]
    assert suite["content_hash"] == spec_identity() and suite["version"] == version.suite_version(suite["content_hash"])
