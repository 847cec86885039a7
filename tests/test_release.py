"""A pin that can be followed (issue 21 §2): a release is a version with the suite it ships
(duelspec/release.py), tagged `v<version>` and listed in docs/ci.md; the version a result stream
names changes whenever the suite does, and the header keeps the suite's content hash."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from duelspec import __version__, release
from duelspec.release import spec_identity
from duelspec.reporting.report import header
from duelspec.resources import features_dir, schemas_dir

ROOT = Path(__file__).resolve().parents[1]


def test_the_release_is_listed_where_the_pinning_guide_says():
    row = f"| {__version__} | `v{__version__}` | {release.CONTENT_HASH} |"
    assert row in (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    for f in ("README.md", "docs/ci.md", "docs/ci/github-actions.yml", "docs/ci/gitlab-ci.yml", "action.yml"):
        pins = set(__import__("re").findall(r"OWNER/duelspec@(v[\w.]+)", (ROOT / f).read_text(encoding="utf-8")))
        assert pins <= {f"v{__version__}"}, f"{f} pins {pins}: the release is v{__version__}"


def test_the_package_version_is_the_release():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in text and 'version = {attr = "duelspec.__version__"}' in text


def test_the_version_changes_when_the_suite_does(tmp_path):
    now = spec_identity()
    assert (release.suite_version(now) == __version__) == (now == release.CONTENT_HASH)
    assert release.suite_version(release.CONTENT_HASH) == __version__
    features = shutil.copytree(features_dir(), tmp_path / "features")
    rulings = features / "rulings" / "ygo-normal-draw.json"
    rulings.write_text(rulings.read_text(encoding="utf-8") + "\n", encoding="utf-8")      # any change to the suite
    changed = spec_identity(features, schemas_dir())
    assert changed != now
    assert release.suite_version(changed) != release.suite_version(now)
    assert release.suite_version(changed) == f"{__version__}+suite.{changed[7:19]}"


def test_the_header_names_the_suite_version_and_its_content_hash():
    suite = header("reference", {})["suite"]
    assert suite["content_hash"] == spec_identity() and suite["version"] == release.suite_version(suite["content_hash"])


def test_the_tag_marks_the_release():
    """Where this clone has the tag (a fresh CI clone may have none), it holds this release's suite hash."""
    try:
        r = subprocess.run(["git", "show", f"v{__version__}:duelspec/release.py"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
    except OSError:
        pytest.skip("git is not installed")
    if r.returncode != 0:
        pytest.skip(f"this clone has no tag v{__version__} (git fetch --tags)")
    assert f'CONTENT_HASH = "{release.CONTENT_HASH}"' in r.stdout
