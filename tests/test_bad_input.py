"""Bad input never crashes a run: each is reported with its file and location (or the
adapter's evidence), the other scenarios still run, exit codes are as documented
(0 ok, 1 failures / errors / nothing ran, 2 bad command-line input)."""
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec import compiler
from duelspec.cli import main
from duelspec.report import printable

# each test runs in a developer's shell, on GitHub Actions and on GitLab CI (tests/ci_environments.py, issue 21 §1)
pytestmark = pytest.mark.usefixtures("ci_environment")

HERE = Path(__file__).parent
GOOD = ('@game:ygo\nFeature: f\n  @id:t.good @ruling:ND-01\n  Scenario: s\n    Given player B went first\n'
        '    And it is turn 2, player A\'s Draw Phase, before the draw\n'
        '    And the top card of player A\'s deck is "Alexandrite Dragon" as "top"\n'
        '    Then player A conducts the normal draw, drawing "top"\n')


def run(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)


@pytest.fixture
def inproc(monkeypatch):
    monkeypatch.syspath_prepend(str(HERE / "bad_adapters"))
    yield "inproc"
    sys.modules.pop("inproc", None)


def results(text):
    return {r["id"]: r for r in map(json.loads, text.splitlines()) if r.get("type") == "result"}


def test_non_utf8_feature_is_an_errored_result_and_the_good_one_runs(tmp_path):
    (tmp_path / "bad.feature").write_bytes(b"@game:ygo\nFeature: x\n  \xff\xfe caf\xe9\n")
    (tmp_path / "good.feature").write_text(GOOD)
    r = run("run", tmp_path, "--format", "json")
    res = results(r.stdout)
    assert res["t.good"]["outcome"] == "passed"
    bad = [x for i, x in res.items() if i.startswith("<unreadable")]
    assert bad and "line 3" in bad[0]["message"] and "UTF-8" in bad[0]["message"]
    assert r.exit_code == 1


@pytest.mark.parametrize("content, expected", [
    (b'{"format": 1, "id": "x\xff\xfe"}', "UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nested"),
    (b'{"format": 1, "x": ' + b"9" * 5000 + b"}", "numbers of ordinary size"),
    (b"{not json", "valid JSON"),
])
def test_unreadable_scenario_json_is_an_errored_result(tmp_path, content, expected):
    (tmp_path / "bad.json").write_bytes(content)
    r = run("run", tmp_path / "bad.json", "--format", "json")
    res = results(r.stdout)
    assert len(res) == 1 and next(iter(res.values()))["outcome"] == "errored"
    assert expected in next(iter(res.values()))["message"] and "bad.json" in next(iter(res.values()))["message"]


def test_json_nested_too_deeply_is_refused_on_every_python():
    """Issue 21 §7: Python 3.13's parser reads 5,000 nested arrays that 3.10-3.12 refuse with RecursionError;
    duelspec's limit is its own, the same on every Python."""
    from duelspec.files import JSON_DEPTH, json_loads
    assert json_loads("[" * JSON_DEPTH + "]" * JSON_DEPTH) is not None
    for depth in (JSON_DEPTH + 1, 5000):
        with pytest.raises(RecursionError):
            json_loads("[" * depth + "]" * depth)
    with pytest.raises(RecursionError):
        json_loads('{"a": ' * (JSON_DEPTH + 1) + "1" + "}" * (JSON_DEPTH + 1))


def test_duplicate_ids_across_json_and_features_are_reported(tmp_path):
    (tmp_path / "good.feature").write_text(GOOD)
    out = tmp_path / "x"
    assert run("export", tmp_path / "good.feature", "--out", out).exit_code == 0
    r = run("run", out / "t.good.json", tmp_path / "good.feature", "--format", "json")
    lines = [json.loads(l) for l in r.stdout.splitlines() if '"result"' in l]
    # one result per id (issue 14): neither copy is run, the error names both places
    assert [(l["id"], l["outcome"]) for l in lines] == [("t.good", "errored")]
    assert "used 2 times" in lines[0]["message"] and "t.good.json" in lines[0]["message"]
    assert "good.feature:" in lines[0]["message"] and r.exit_code == 1


@pytest.mark.parametrize("cls, words", [("ReturnsNone", "expected a dict reply"),
                                         ("SkippedString", "to be an object")])
def test_malformed_in_process_replies_are_errored_results(inproc, cls, words):
    r = run("run", "--ruling", "ND-02", "--adapter", f"{inproc}:{cls}", "--format", "json")
    res = results(r.stdout)
    assert res and all(x["outcome"] == "errored" and words in x["message"] for x in res.values())
    assert r.exit_code == 1


def test_lone_surrogates_and_control_characters_do_not_break_the_stream(inproc, tmp_path):
    out = tmp_path / "r.jsonl"
    r = run("run", "--ruling", "ND-02", "--adapter", f"{inproc}:Surrogate", "--out", out)
    assert r.exit_code == 1
    res = results(out.read_text(encoding="utf-8"))
    assert res and all(x["outcome"] == "errored" for x in res.values())
    assert "\x1b" not in r.output and "\\x1b" in r.output        # shown, not obeyed
    assert printable("a\x00b\x1bc\n") == "a\\x00b\\x1bc\n"


def test_an_adapter_cannot_change_the_expectations_it_is_judged_by(inproc):
    r = run("run", "--ruling", "ND-02", "--adapter", f"{inproc}:MutatesScenario", "--format", "json")
    res = results(r.stdout)
    assert res and all(x["outcome"] == "failed" for x in res.values())


def test_a_trace_naming_cards_the_scenario_lacks_is_invalid(inproc):
    r = run("run", "--ruling", "ND-02", "--adapter", f"{inproc}:GhostIds", "--format", "json")
    res = results(r.stdout)
    assert res and all(x["outcome"] == "errored" and "ghost-card" in x["message"] for x in res.values())


def test_a_failing_stop_keeps_the_results(inproc):
    r = run("run", "--ruling", "ND-02", "--adapter", f"{inproc}:StopRaises")
    assert r.exit_code == 0 and "stop() failed" in r.output


def test_not_an_adapter_is_bad_input():
    r = run("run", "--adapter", "os:getcwd")
    assert r.exit_code == 2 and "expected an object with start()" in r.output


@pytest.mark.parametrize("opt", ["--out", "--junit", "--markdown", "--write-expect-fail"])
def test_unwritable_outputs_are_refused_before_the_run(tmp_path, opt):
    r = run("run", "--ruling", "ND-02", opt, tmp_path / "missing" / "f.txt")
    assert r.exit_code == 2 and "existing folder" in r.output


def test_a_selection_that_matches_nothing_says_so():
    r = run("run", "--ruling", "ZZ-*")
    assert r.exit_code == 1 and "matched no scenario" in r.output
    assert run("list", "--id", "nope").exit_code == 1
    r = run("run", "--requires", "flying")
    assert r.exit_code == 2 and "mechanic tag" in r.output


@pytest.mark.parametrize("name, text, expected", [
    ("empty", "", "at least one Scenario"),
    ("feature only", "@game:ygo\nFeature: x\n", "at least one Scenario"),
    ("data table", GOOD.replace("went first\n", "went first\n      | a |\n"), "without a data table"),
    ("stop before start", GOOD.replace("    Then", "    And the duel goes on until turn 1's Standby Phase\n    Then"),
     "a turn not before the start"),
    ("huge number", GOOD.replace("went first\n", "went first\n    And player A has " + "9" * 5000 + " LP\n"),
     "values of ordinary size"),
])
def test_malformed_features_are_reported(name, text, expected):
    out = compiler.compile_text(text, "x.feature")
    assert out.errors and expected in out.errors[0].error.expected, [str(e.error) for e in out.errors]


def test_summary_rejects_lines_after_the_footer_and_contradicting_counts(tmp_path):
    out = tmp_path / "r.jsonl"
    run("run", "--ruling", "ND-02", "--out", out)
    lines = out.read_text().splitlines()
    (tmp_path / "after.jsonl").write_text("\n".join(lines + [lines[1]]) + "\n")
    r = run("summary", tmp_path / "after.jsonl")
    assert r.exit_code == 2 and "nothing after the footer" in r.output
    foot = json.loads(lines[-1])
    foot["counts"]["passed"] += 1
    (tmp_path / "lies.jsonl").write_text("\n".join(lines[:-1] + [json.dumps(foot)]) + "\n")
    r = run("summary", tmp_path / "lies.jsonl")
    assert r.exit_code == 2 and "footer counts" in r.output


def test_a_catalogue_with_a_repeated_name_is_refused(tmp_path):
    from duelspec.catalogue import cards
    from duelspec.errors import InputError
    doc = json.loads((Path(compiler.__file__).parents[2] / "features" / "cards" / "ygo.json").read_text())
    twin = dict(doc["cards"][0], id="99999999")
    doc["cards"].append(twin)
    (tmp_path / "ygo.json").write_text(json.dumps(doc))
    with pytest.raises(InputError) as e:
        cards("ygo", str(tmp_path))
    assert e.value.location.startswith("/cards/") and "English name" in e.value.expected
