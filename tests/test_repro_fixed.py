"""Each Yu-Gi-Oh! reproduction is checked on the fixed build too (issue 33 §2): for every cause of
an engine's cause file that has a fix experiment and a committed reproduction
(docs/conformance/repro/<engine>/README.md), the reproduction loaded as its scenario's start state
(``--load-repro``) fails on the engine as the committed run did, and **passes** on a scratch clone
with that cause's fix (a reproduction that stays red on the fixed engine shows nothing of its
cause). The Go Duel Masters engine's reproductions: tests/test_repro.py
(test_each_go_reproduction_fails_on_the_engine_and_passes_with_its_causes_fix).

A card-script fix needs only a clone of the scripts; a core fix needs the core checkout the cause
cites (``DUELSPEC_YGOPRO_CORE_CHECKOUT``; EDOPro's core is built with emscripten) and its build:
without them that cause is skipped, named with the reason. Nothing of an engine is committed: the
clones are in the test's temporary folder.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "docs" / "conformance"
NODE = shutil.which("node")
ENGINES = {
    "ygopro": {"adapter": f"cmd:{sys.executable} -m duelspec.adapters.ygopro --scripts {{scripts}}",
               "scripts": os.environ.get("DUELSPEC_YGOPRO_SCRIPTS"), "ready": bool(os.environ.get("DUELSPEC_YGOPRO_CORE")),
               "missing": "DUELSPEC_YGOPRO_CORE and DUELSPEC_YGOPRO_SCRIPTS are needed",
               "core_checkout": os.environ.get("DUELSPEC_YGOPRO_CORE_CHECKOUT"), "build": "adapters/ygopro/build.sh",
               "core_option": "--core {build}/libocgcore.so"},
    "edopro": {"adapter": "cmd:node adapters/edopro/main.mjs --scripts {scripts}",
               "scripts": os.environ.get("DUELSPEC_EDOPRO_SCRIPTS"),
               "ready": bool(NODE and (ROOT / "adapters/edopro/node_modules/ocgcore-wasm").is_dir()),
               "missing": "node, npm ci and DUELSPEC_EDOPRO_SCRIPTS (a CardScripts checkout) are needed",
               "core_checkout": None, "build": None, "core_option": ""},
}


def reproductions(engine: str) -> dict:
    """``{cause key: scenario id}`` of the committed reproductions (the README's table)."""
    text = (CONF / "repro" / engine / "README.md").read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| ([A-Za-z-]+) \| \[`([^`]+)`\]", text, re.M)}


def _clone(src: str, dst: Path) -> Path:
    head = subprocess.run(["git", "-C", src, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(["git", "clone", "-q", "--no-checkout", src, str(dst)], check=True)
    subprocess.run(["git", "-C", str(dst), "checkout", "-q", head], check=True)
    return dst


#: found by this test after the merges of 2026-12-02, not yet mended (the shrunk example fails so too): EDOPro G's fix (on top of B) turns 99 of
#: G's 117 failures green (docs/conformance/edopro-fixes.json), and G's reproduction,
#: ygo.normal-draw.list.cost.gearbreed, is one of the 18 it leaves failing: either the example or the fix must
#: change. Strict: the day it passes, this mark must go.
KNOWN = {"edopro": "EDOPro G: its reproduction (list.cost.gearbreed, also shrunk) is among the 18 of G's failures its fix leaves failing"}


@pytest.mark.parametrize("engine", [pytest.param(e, marks=pytest.mark.xfail(reason=KNOWN[e], strict=True)) if e in KNOWN
                                    else e for e in sorted(ENGINES)])
def test_each_reproduction_passes_on_the_build_with_its_causes_fix(engine, tmp_path):
    from duelspec.analysis.fixes import Fix, apply_fix, load_fixes
    from duelspec.analysis.repro import _run, shrunk_files
    e = ENGINES[engine]
    if not (e["ready"] and e["scripts"]):
        pytest.skip(e["missing"])
    fixes = load_fixes(ROOT / "adapters" / engine / "causes.toml")
    repro = reproductions(engine)
    keys = sorted(k for k in fixes if k in repro)
    assert keys, f"no cause of adapters/{engine}/causes.toml has both a fix experiment and a reproduction"
    skipped, checked = {}, {}
    for key in keys:
        fix = fixes[key]
        edits = [x for r in fix.requires for x in fixes[r].edits] + fix.edits
        scripts, core = e["scripts"], ""
        if fix.component == "scripts":
            scripts = str(_clone(e["scripts"], tmp_path / key / "scripts"))
            apply_fix(Fix(key, "scripts", "", edits, fix.scripts_subdir), Path(scripts))
        elif e["core_checkout"] and e["build"]:
            clone = _clone(e["core_checkout"], tmp_path / key / "core")
            apply_fix(Fix(key, "core", "", edits), clone)
            out = tmp_path / key / "build"
            subprocess.run(["sh", str(ROOT / e["build"]), str(clone), str(out)], check=True, capture_output=True)
            core = " " + e["core_option"].format(build=out)
        else:
            skipped[key] = f"a core fix: its core checkout and build are needed ({engine}: " + \
                ("set DUELSPEC_YGOPRO_CORE_CHECKOUT" if engine == "ygopro" else "emscripten, build-core.sh") + ")"
            continue
        sid = repro[key]
        with tempfile.TemporaryDirectory() as tmp:
            got = _run([sid], e["adapter"].format(scripts=scripts) + core, Path(tmp) / "fixed.jsonl",
                       f"--load-repro {CONF / 'repro' / engine}", shrunk_files([sid], CONF / "shrunk" / engine))
        checked[key] = got.get(sid, {}).get("outcome")
    assert checked or skipped
    wrong = {k: o for k, o in checked.items() if o != "passed"}
    assert not wrong, f"reproductions still failing on the build with their cause's fix: {wrong} (skipped: {skipped})"
    if skipped and not checked:
        pytest.skip("; ".join(f"{k}: {why}" for k, why in skipped.items()))
