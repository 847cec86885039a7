"""The compile cache (issue 37, duelspec/compiler/cache.py): the scenarios of a set of feature files kept
by a key of everything they came from; a changed file is another key, a damaged entry is ignored, and
runs writing one entry at once leave it whole."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from duelspec.compiler import cache, compile_paths
from duelspec.resources import features_dir

ROOT = Path(__file__).resolve().parents[1]
FEATURE = features_dir() / "dm" / "attack" / "battle.feature"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    where = tmp_path / "cache"
    monkeypatch.setenv("DUELSPEC_CACHE_DIR", str(where))
    return where


def _entries(where: Path) -> list:
    return sorted(where.glob("*.json")) if where.exists() else []


def test_a_cached_compile_is_the_compile(cache_dir, monkeypatch):
    first = compile_paths()                           # compiled, then kept
    assert not first.errors and len(_entries(cache_dir)) == 1
    again = compile_paths()                           # read from the cache
    monkeypatch.setenv("DUELSPEC_CACHE_DIR", "off")
    fresh = compile_paths()                           # no cache at all
    assert again.scenarios == fresh.scenarios == first.scenarios
    assert json.loads(json.dumps(fresh.scenarios)) == fresh.scenarios    # what JSON keeps is all there is


def test_a_changed_feature_is_compiled_again(cache_dir, tmp_path):
    folder = tmp_path / "features"
    folder.mkdir()
    f = folder / "battle.feature"
    f.write_bytes(FEATURE.read_bytes())
    before = compile_paths([folder]).scenarios
    title = "The higher power wins and the loser is destroyed"
    f.write_text(FEATURE.read_text(encoding="utf-8").replace(title, "The stronger wins", 1), encoding="utf-8")
    after = compile_paths([folder]).scenarios
    assert after[0]["title"].startswith("The stronger wins") and before[0]["title"].startswith(title)
    assert len(_entries(cache_dir)) == 2                # one entry per content
    f.write_bytes(FEATURE.read_bytes())                 # back as it was: the first entry again
    assert compile_paths([folder]).scenarios == before


def test_an_error_is_never_kept(cache_dir, tmp_path):
    f = tmp_path / "bad.feature"
    f.write_text("@game:dm\nFeature: x\n  Scenario: no id\n    Given nothing\n", encoding="utf-8")
    assert compile_paths([f]).errors
    assert compile_paths([f]).errors and _entries(cache_dir) == []


@pytest.mark.parametrize("damage", [b"", b"garbage", b"duelspec-compiled 1 0000\n[]",
                                    "json-of-the-wrong-shape", "truncated"])
def test_a_damaged_entry_is_ignored_and_rewritten(cache_dir, damage):
    good = compile_paths().scenarios
    [entry] = _entries(cache_dir)
    whole = entry.read_bytes()
    if damage == "truncated":
        damage = whole[:len(whole) // 2]
    elif damage == "json-of-the-wrong-shape":     # a right checksum over a body that is no list of scenarios
        import hashlib
        body = b'{"not": "a list"}'
        damage = cache.MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body
    entry.write_bytes(damage)
    assert cache.read(entry.stem) is None
    assert compile_paths().scenarios == good          # no crash: compiled again
    assert entry.read_bytes() == whole                # and the entry rewritten whole


def test_an_unwritable_cache_folder_only_means_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("DUELSPEC_CACHE_DIR", str(blocker / "cache"))
    assert compile_paths().scenarios and not compile_paths().errors


WRITER = r"""
import json, sys
from duelspec.compiler import compile_paths
print(json.dumps(len(compile_paths().scenarios)))
"""


def test_concurrent_runs_leave_one_whole_entry(cache_dir):
    """Six processes compile at once into an empty cache (each misses and writes the same key): every one
    gets the whole suite, and the one entry left is whole and right."""
    env = {**__import__("os").environ, "DUELSPEC_CACHE_DIR": str(cache_dir)}
    procs = [subprocess.Popen([sys.executable, "-c", WRITER], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(6)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert all(p.returncode == 0 for p in procs), [e for _, e in outs]
    counts = {json.loads(o) for o, _ in outs}
    entries = _entries(cache_dir)
    assert len(entries) == 1 and not list(cache_dir.glob(".*.tmp"))     # no temporary file left behind
    assert cache.read(entries[0].stem) is not None
    assert counts == {len(compile_paths().scenarios)}


def test_the_key_names_every_input():
    src = [("/a.feature", "features/a.feature", b"Feature: a")]
    k = cache.key(src)
    assert cache.key(src) == k
    assert cache.key([("/a.feature", "features/a.feature", b"Feature: b")]) != k     # the text
    assert cache.key([("/b.feature", "features/a.feature", b"Feature: a")]) != k     # the file
    assert cache.key([("/a.feature", "features/b.feature", b"Feature: a")]) != k     # the name it is shown by
