"""Stock validators accept every exported scenario (issue 10, part 8): check-jsonschema (PyPI)
and ajv (npm, tools/schema-check) resolve the schemas' references from the files themselves
(relative `$id`s, `$ref`s to the sibling file), with no mapping of URIs."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
TOOLS = ROOT / "tools" / "schema-check"


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> list[Path]:
    """Every scenario `duelspec export` writes, and every 25th generated chain (one generator writes
    them all; the whole set takes minutes on a shared machine)."""
    out = tmp_path_factory.mktemp("exported")
    r = CliRunner().invoke(main, ["export", "--out", str(out)])
    assert r.exit_code == 0, r.output
    files = sorted(out.glob("*.json"))
    gen = tmp_path_factory.mktemp("generated")
    r = CliRunner().invoke(main, ["export", "--generated", "--id", "ygo.generated.*", "--out", str(gen)])
    assert r.exit_code == 0, r.output
    files += sorted(gen.glob("*.json"))[::25]
    assert len(files) > 200 and all(json.loads(f.read_text())["format"] == 2 for f in files)
    return files


def broken(tmp: Path, good: Path) -> Path:
    """A scenario the schema must reject: a step without its moment."""
    doc = json.loads(good.read_text())
    doc["script"] = [{"player": "A", "do": "activate", "card": doc["setup"]["cards"][0]["id"]}]
    bad = tmp / "broken.json"
    bad.write_text(json.dumps(doc))
    return bad


def test_check_jsonschema_accepts_every_exported_scenario(exported, tmp_path):
    # check-jsonschema resolves a relative `$id` against the working directory: run it in schemas/
    cmd = [sys.executable, "-m", "check_jsonschema", "--schemafile", "scenario.schema.json"]
    r = subprocess.run(cmd + [str(f) for f in exported], cwd=SCHEMAS, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    r = subprocess.run(cmd + [str(broken(tmp_path, exported[0]))], cwd=SCHEMAS, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "when" in r.stdout, r.stdout + r.stderr


def _ajv() -> Path:
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed: ajv (npm) cannot run")
    ajv = TOOLS / "node_modules" / ".bin" / "ajv"
    if not ajv.exists() or not (TOOLS / "node_modules" / "ajv-formats").is_dir():
        npm = shutil.which("npm")
        assert npm, "node is installed but npm is not: install ajv with `(cd tools/schema-check && npm ci)`"
        r = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=TOOLS, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0 and ajv.exists(), f"`npm ci` in tools/schema-check failed:\n{r.stdout}{r.stderr}"
    return ajv


def test_ajv_accepts_every_exported_scenario(exported, tmp_path):
    ajv = _ajv()
    # ajv-cli: the 2020-12 dialect, the schemas the scenario schema refers to (-r, how ajv-cli loads
    # them) and ajv's standard formats (`date`: ajv ships no formats of its own, ajv-formats has them)
    cmd = [str(ajv), "validate", "--spec=draft2020", "-c", "ajv-formats", "-s", "scenario.schema.json",
           "-r", "trace.schema.json", "-r", "requires.schema.json"]
    for i in range(0, len(exported), 500):
        part = exported[i:i + 500]
        r = subprocess.run(cmd + [x for f in part for x in ("-d", str(f))], cwd=SCHEMAS, capture_output=True,
                           text=True, timeout=600)
        assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
        assert (r.stdout + r.stderr).count(" valid") == len(part) and "strict mode" not in r.stderr, r.stderr[-2000:]
    r = subprocess.run(cmd + ["-d", str(broken(tmp_path, exported[0]))], cwd=SCHEMAS, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1 and "invalid" in r.stdout + r.stderr
