"""Stock validators accept every exported scenario (issues 10 and 21): check-jsonschema (PyPI) and ajv
(npm, tools/schema-check) validate against the single-file bundles of schemas/bundled/ from any working
directory, with no mapping of URIs and no file but the bundle (duelspec/schema_bundle.py); the bundles
equal what the sources give. ajv needs Node.js and `(cd tools/schema-check && npm ci)` (.ci/run does it):
without them its test is skipped with that reason, never installed from here."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec import schema_bundle
from duelspec.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
BUNDLED = SCHEMAS / "bundled"
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


@pytest.mark.parametrize("name", schema_bundle.sources())
def test_the_bundles_are_generated_from_the_sources(name):
    assert (BUNDLED / name).read_text(encoding="utf-8") == schema_bundle.text(name), (
        f"schemas/bundled/{name} is stale: run `python -m duelspec.schema_bundle`")
    doc = json.loads((BUNDLED / name).read_text(encoding="utf-8"))
    refs = []

    def walk(o):
        if isinstance(o, dict):
            refs.extend(v for k, v in o.items() if k == "$ref")
            [walk(v) for v in o.values()]
        elif isinstance(o, list):
            [walk(v) for v in o]
    walk(doc)
    assert "$id" not in doc and all(r.startswith("#") for r in refs), "a bundle refers only inside itself"


def test_check_jsonschema_accepts_every_exported_scenario(exported, tmp_path):
    """From any directory (here an empty one), no flag but the schema file."""
    cmd = [sys.executable, "-m", "check_jsonschema", "--schemafile", str(BUNDLED / "scenario.schema.json")]
    r = subprocess.run(cmd + [str(f) for f in exported], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    r = subprocess.run(cmd + [str(broken(tmp_path, exported[0]))], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "when" in r.stdout, r.stdout + r.stderr


def test_check_jsonschema_accepts_a_result_stream_line(tmp_path):
    out = tmp_path / "r.jsonl"
    assert CliRunner().invoke(main, ["run", "--ruling", "ND-02", "--out", str(out)]).exit_code == 0
    files = []
    for i, line in enumerate(out.read_text(encoding="utf-8").splitlines()):
        files.append(tmp_path / f"line{i}.json")
        files[-1].write_text(line, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "check_jsonschema", "--schemafile", str(BUNDLED / "result.schema.json"),
                        *map(str, files)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr


def _ajv() -> Path:
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed: ajv (npm) cannot run")
    ajv = TOOLS / "node_modules" / ".bin" / "ajv"
    if not ajv.exists() or not (TOOLS / "node_modules" / "ajv-formats").is_dir():
        pytest.skip("ajv is not installed: `(cd tools/schema-check && npm ci)` installs it (.ci/run does when npm is there)")
    return ajv


def test_ajv_accepts_every_exported_scenario(exported, tmp_path):
    ajv = _ajv()
    # ajv-cli: the 2020-12 dialect and ajv's standard formats (`date`: ajv ships no formats of its own,
    # ajv-formats has them); the bundle needs no other file (-r) and no working directory
    cmd = [str(ajv), "validate", "--spec=draft2020", "-c", "ajv-formats", "-s", str(BUNDLED / "scenario.schema.json")]
    for i in range(0, len(exported), 500):
        part = exported[i:i + 500]
        r = subprocess.run(cmd + [x for f in part for x in ("-d", str(f))], cwd=tmp_path, capture_output=True,
                           text=True, timeout=600)
        assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
        assert (r.stdout + r.stderr).count(" valid") == len(part) and "strict mode" not in r.stderr, r.stderr[-2000:]
    r = subprocess.run(cmd + ["-d", str(broken(tmp_path, exported[0]))], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1 and "invalid" in r.stdout + r.stderr
