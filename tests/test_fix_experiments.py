"""Fix experiments (issue 20 §2): the edits of a cause's fix apply exactly at the lines the cause
names, or stop the experiment; and what a fix does is measured by cause."""
from __future__ import annotations

from pathlib import Path

import pytest

from duelspec.errors import InputError
from duelspec.analysis.fixes import EditMismatch, Fix, apply_fix, edit_text, load_fixes, measure, sentence

ROOT = Path(__file__).resolve().parents[1]
TEXT = "\n".join(f"line {i}" for i in range(1, 9))   # our own text: "line 1" .. "line 8"


def test_each_kind_of_edit_works_on_the_original_line_numbers():
    out = edit_text(TEXT, [
        {"file": "f", "line": 2, "find": "line 2", "replace": "two"},
        {"file": "f", "lines": [4, 5], "delete": True, "first": "line 4", "last": "line 5"},
        {"file": "f", "after": 7, "copy": [4, 5]},               # a moved block: named by its lines, not quoted
        {"file": "f", "after": 7, "text": "ours"},
        {"file": "f", "after": 0, "text": "top"},
    ], "f")
    assert out.split("\n") == ["top", "line 1", "two", "line 3", "line 6", "line 7", "line 4", "line 5", "ours", "line 8"]


@pytest.mark.parametrize("edit, words", [
    ({"file": "f", "line": 3, "find": "line 2", "replace": "x"}, "f:3: expected 'line 2'"),
    ({"file": "f", "line": 30, "find": "line", "replace": "x"}, "f:30: no such line"),
    ({"file": "f", "lines": [2, 3], "delete": True, "last": "line 9"}, "f:3: expected 'line 9'"),
    ({"file": "f", "line": 1, "find": "", "replace": "x"}, "occurs"),
])
def test_a_line_that_does_not_hold_what_the_edit_expects_stops_the_experiment(edit, words):
    with pytest.raises(EditMismatch, match=words.replace("(", r"\(")):
        edit_text(TEXT, [edit], "f")


def test_a_fix_finds_its_files_in_the_scripts_subfolder(tmp_path):
    (tmp_path / "official").mkdir()
    (tmp_path / "official" / "c1.lua").write_text(TEXT, encoding="utf-8")
    fix = Fix("K", "scripts", "words", [{"file": "c1.lua", "line": 1, "find": "line 1", "replace": "one"}], "official")
    assert apply_fix(fix, tmp_path) == ["official/c1.lua"]
    assert (tmp_path / "official" / "c1.lua").read_text(encoding="utf-8").startswith("one\n")
    with pytest.raises(EditMismatch, match="no such file"):
        apply_fix(Fix("K", "scripts", "w", [{"file": "c2.lua", "line": 1, "find": "a", "replace": "b"}]), tmp_path)


def test_a_malformed_fix_is_a_clear_error_naming_the_file_and_key(tmp_path):
    p = tmp_path / "causes.toml"
    p.write_text('[causes.A]\ntitle = "t"\n[causes.A.fix]\ncomponent = "core"\ndescription = "d"\n'
                 '[[causes.A.fix.edit]]\nfile = "x.cpp"\nline = 3\n', encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_fixes(p)
    assert "causes.A.fix.edit[0]" in str(e.value) and str(p) in str(e.value)
    p.write_text('[causes.A]\ntitle = "t"\n[causes.A.fix]\ncomponent = "firmware"\ndescription = "d"\n', encoding="utf-8")
    with pytest.raises(InputError, match="component"):
        load_fixes(p)


@pytest.mark.parametrize("engine", ["edopro", "ygopro", "duel-masters-go"])
def test_the_committed_cause_files_fixes_are_well_formed(engine):
    fixes = load_fixes(ROOT / "adapters" / engine / "causes.toml")
    assert fixes, "every engine report measures its causes by fix experiments"
    for f in fixes.values():
        assert f.description and (f.edits or f.component), f.key


def test_measure_says_what_fixing_one_cause_alone_does(monkeypatch):
    import duelspec.analysis.fixes as fx
    # the classification is by the cause file; here each result names its cause in its message
    monkeypatch.setattr(fx, "classify", lambda results, causes: {i: r["cause"] for i, r in results.items()
                                                                 if r["outcome"] in fx.BAD})
    base = {"a1": {"outcome": "failed", "cause": "A"}, "a2": {"outcome": "failed", "cause": "A"},
            "a3": {"outcome": "failed", "cause": "A"}, "m1": {"outcome": "failed", "cause": "M"},
            "p": {"outcome": "passed"}}
    fixed = {"a1": {"outcome": "passed"}, "a2": {"outcome": "failed", "cause": "G"},
             "a3": {"outcome": "errored", "cause": "G"}, "m1": {"outcome": "passed"}, "p": {"outcome": "passed"}}
    m = measure(base, fixed, [])
    assert m["by_cause"]["A"] == {"failures": 3, "pass": 1, "still": {"G": 2}}
    assert m["broke"] == [] and m["passing"] == ["a1", "m1"]
    assert sentence("A", m) == "fixing A alone: 1 of its 3 pass, 2 then fail for G (2); it also turns green 1 of M; breaks nothing"
    fixed["p"] = {"outcome": "failed", "cause": "G"}
    assert sentence("A", measure(base, fixed, [])).endswith("; 1 that passed then fail (G 1)")


# -- issue 36 §2: every edit stays inside the checkout it was given ----------------------------------

def _cause_file(tmp_path, file: str, subdir: str | None = None) -> Path:
    p = tmp_path / "causes.toml"
    sub = f'scripts_subdir = "{subdir}"\n' if subdir is not None else ""
    p.write_text('[causes.A]\ntitle = "t"\n[causes.A.fix]\ncomponent = "scripts"\ndescription = "d"\n' + sub +
                 f'[[causes.A.fix.edit]]\nfile = "{file}"\nline = 1\nfind = "line 1"\nreplace = "owned"\n',
                 encoding="utf-8")
    return p


@pytest.mark.parametrize("place", ["../outside.txt", "{outside}", "sub/../../outside.txt", "sub\\\\..\\\\x"])
def test_fixes_apply_refuses_an_edit_outside_the_checkout(tmp_path, capsys, place):
    """`file = "../x"` or an absolute path: it edited the file outside the scratch checkout (then a
    traceback). Now exit 2 naming the cause file and the entry, and nothing written."""
    from duelspec.analysis.fixes import main
    checkout = tmp_path / "checkout"
    (checkout / "sub").mkdir(parents=True)
    outside = tmp_path / "outside.txt"
    outside.write_text(TEXT, encoding="utf-8")
    causes = _cause_file(tmp_path, place.format(outside=outside))
    assert main(["apply", "--causes", str(causes), "--cause", "A", str(checkout)]) == 2
    err = capsys.readouterr().err
    assert str(causes) in err and "causes.A.fix.edit[0].file" in err and "relative to the checkout" in err, err
    assert outside.read_text(encoding="utf-8") == TEXT


def test_fixes_apply_refuses_a_symlink_that_leads_out_of_the_checkout(tmp_path, capsys):
    from duelspec.analysis.fixes import main
    checkout = tmp_path / "checkout"
    (checkout / "ok").mkdir(parents=True)
    (checkout / "ok" / "c1.lua").write_text(TEXT, encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "c2.lua").write_text(TEXT, encoding="utf-8")
    (checkout / "link").symlink_to(outside)             # a folder of the checkout that is not in it
    causes = tmp_path / "causes.toml"
    causes.write_text('[causes.A]\ntitle = "t"\n[causes.A.fix]\ncomponent = "scripts"\ndescription = "d"\n'
                      '[[causes.A.fix.edit]]\nfile = "ok/c1.lua"\nline = 1\nfind = "line 1"\nreplace = "one"\n'
                      '[[causes.A.fix.edit]]\nfile = "link/c2.lua"\nline = 1\nfind = "line 1"\nreplace = "owned"\n',
                      encoding="utf-8")
    assert main(["apply", "--causes", str(causes), "--cause", "A", str(checkout)]) == 2
    err = capsys.readouterr().err
    assert str(causes) in err and "causes.A.fix.edit" in err and "out of the checkout" in err, err
    assert (outside / "c2.lua").read_text(encoding="utf-8") == TEXT
    assert (checkout / "ok" / "c1.lua").read_text(encoding="utf-8") == TEXT, "half a fix was written"


def test_the_causes_schema_constrains_the_fix_table_to_paths_inside_the_checkout():
    from duelspec import validation
    base = {"title": "t", "fix": {"component": "core", "description": "d", "edit": [{"file": "x.cpp"}]}}
    ok = {"causes": {"A": base}}
    validation.check(ok, "causes", "causes.toml")
    for bad in ("../x", "/etc/passwd", "a/../../x", "a\\x", "", "a//b"):
        doc = {"causes": {"A": {**base, "fix": {**base["fix"], "edit": [{"file": bad}]}}}}
        with pytest.raises(InputError, match="/fix/edit/0/file"):
            validation.check(doc, "causes", "causes.toml")
    with pytest.raises(InputError, match="/fix/scripts_subdir"):
        validation.check({"causes": {"A": {**base, "fix": {**base["fix"], "scripts_subdir": "/abs"}}}}, "causes", "c")


def test_the_breakage_of_a_fix_is_split_into_interactions_and_its_own_by_ruling(monkeypatch):
    """A fix a cause file proposes is measured against every ruling (issue 33): what it breaks is
    listed by ruling, apart from the interactions (another defect's fix on top turns them green, or
    another cause names them), and the rulings outside its cause are named."""
    import duelspec.analysis.fixes as fx
    from duelspec.analysis.causes import Cause
    monkeypatch.setattr(fx, "classify", lambda results, causes: {i: r["cause"] for i, r in results.items()
                                                                 if r["outcome"] in fx.BAD})
    causes = [Cause("B", "t", "", "", ["ND-E1"], []), Cause("G", "t", "", "", ["ND-C1"], [])]
    base = {s: {"outcome": "passed", "rulings": r} for s, r in
            (("g1", ["ND-C1"]), ("g2", ["ND-C5"]), ("af", ["ND-AF1", "ND-FAQ2"]), ("e1", ["ND-E1"]))}
    fixed = {"g1": {"outcome": "failed", "cause": "G"}, "g2": {"outcome": "failed", "cause": "unclassified"},
             "af": {"outcome": "failed", "cause": "unclassified"}, "e1": {"outcome": "failed", "cause": "B"}}
    on_top = {"G": {"g1": {"outcome": "passed"}, "g2": {"outcome": "passed"}, "af": {"outcome": "failed"}}}
    m = measure(base, fixed, causes)
    m["breakage"] = b = fx.breakage("B", m, base, causes, on_top)
    assert b["interactions"] == {"G": ["g1"], "unclassified": ["g2"]}
    assert b["interactions_repaired_by"] == {"G": 2}
    assert b["own"] == ["af", "e1"]
    assert b["own_by_ruling"] == {"ND-AF1": ["af"], "ND-E1": ["e1"], "ND-FAQ2": ["af"]}
    assert b["outside"] == ["ND-AF1", "ND-FAQ2"]
    assert sentence("B", m).endswith(": 2 interactions (G 1, unclassified 1; G's fix on top turns 2 of them green); "
                                     "2 broken by the fix itself, by ruling: ND-AF1 1, ND-E1 1, ND-FAQ2 1 "
                                     "(outside its rulings: ND-AF1, ND-FAQ2)")
    fixed["af"] = fixed["e1"] = {"outcome": "passed"}
    m = measure(base, fixed, causes)
    m["breakage"] = fx.breakage("B", m, base, causes, on_top)
    assert m["breakage"]["own"] == [] and m["breakage"]["outside"] == []
    assert sentence("B", m).endswith("none broken by the fix itself: no ruling outside its cause")
