"""Issue 23: bad input is a clear error naming the file and the place, and nothing else is lost."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from duelspec.compiler import compile_paths
from fault_adapters.helpers import hang_guard  # noqa: F401

pytestmark = pytest.mark.usefixtures("hang_guard")


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def a_scenario() -> dict:
    return next(s for s in compile_paths().scenarios if s["game"] == "ygo" and not s.get("format_minor"))


def test_a_scenario_document_with_a_key_twice_is_an_error_at_its_pointer(tmp_path):
    """Two `expect` keys: the last one silently won (an empty expectation passes everything)."""
    s = a_scenario()
    text = json.dumps(s, ensure_ascii=False)
    doc = tmp_path / "twice.json"
    doc.write_text(text[:-1] + ', "expect": {}}', encoding="utf-8")
    out = tmp_path / "r.jsonl"
    r = cli("run", doc, "--out", out, "--format", "json")
    assert r.exit_code == 1
    [res] = [x for x in map(json.loads, out.read_text().splitlines()) if x["type"] == "result"]
    assert res["outcome"] == "errored" and res["message"].startswith(f"{doc}:/expect: expected each key once in an object")
    nested = tmp_path / "nested.json"
    nested.write_text(text.replace('"setup": {', '"setup": {"turn": 9, ', 1), encoding="utf-8")
    r = cli("list", nested)
    assert r.exit_code == 1 and f"{nested}:/setup/turn: expected each key once" in r.output, r.output


def test_migrate_reports_a_lone_surrogate_leaves_no_empty_file_and_migrates_the_rest(tmp_path):
    """It stopped with a traceback, left a 0-byte file and skipped the remaining inputs."""
    from test_migrate import as_format_1
    base = as_format_1(a_scenario())
    bad = dict(base, id="t.bad.surrogate", title="x\ud800")
    good = dict(base, id="t.good.after")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.json").write_text(json.dumps(bad), encoding="utf-8")   # ensure_ascii: a \ud800 escape
    (tmp_path / "in" / "b.json").write_text(json.dumps(good), encoding="utf-8")
    out = tmp_path / "out"
    r = CliRunner().invoke(main, ["migrate", str(tmp_path / "in"), "--out", str(out)])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert r.exit_code == 1
    assert f"{tmp_path / 'in' / 'a.json'}:/title: expected Unicode text" in r.output, r.output
    assert sorted(p.name for p in out.iterdir()) == ["t.good.after.json"]
    assert json.loads((out / "t.good.after.json").read_text())["format"] == 2
    assert "1 migrated to format 2, 1 not" in r.output


def test_migrate_never_writes_over_one_of_its_inputs(tmp_path):
    from test_migrate import as_format_1
    doc = as_format_1(a_scenario())
    src = tmp_path / f"{doc['id']}.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    before = src.read_bytes()
    r = cli("migrate", src, "--out", tmp_path)
    assert r.exit_code == 1 and "expected an output that is not an input" in r.output, r.output
    assert src.read_bytes() == before


def test_mutants_markdown_on_a_full_disk_is_a_clear_error():
    r = CliRunner().invoke(main, ["mutants", "--mutant", "ygo.normal-draw.two-cards", "--tagged-only",
                                  "--markdown", "/dev/full"])
    assert r.exit_code == 2 and "could not write /dev/full: No space left on device" in r.output, r.output
    assert not isinstance(r.exception, OSError)
