"""Bad input never crashes a run: each is reported with its file and location (or the
adapter's evidence), the other scenarios still run, exit codes are as documented
(0 ok, 1 failures / errors / nothing ran, 2 bad command-line input)."""
import copy
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec import compiler
from duelspec.cli import main
from duelspec.compiler import validate
from duelspec.errors import InputError
from duelspec.reporting.report import printable

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
    # the depth is looked at only where the text could nest that deep (issue 26: one count of `[` and
    # `{` instead of a walk of every reply); brackets in strings or side by side do not make it deep
    wide = json.dumps([{"a": ["[{" * 300]} for _ in range(400)])
    assert json_loads(wide) == json.loads(wide) and json_loads(wide.encode()) == json.loads(wide)
    with pytest.raises(RecursionError):
        json_loads(("[" * (JSON_DEPTH + 1) + "]" * (JSON_DEPTH + 1)).encode())


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


# ---- scenario documents that cannot be played: refused with a pointer (second break-it round)
@pytest.fixture(scope="module")
def doc():
    out = compiler.compile_paths()
    return next(s for s in out.scenarios if s["id"] == "ygo.normal-draw.basics.turn-player-draws")


@pytest.mark.parametrize("change, pointer, words", [
    (lambda d: d["expect"]["events"][0].__setitem__("cards", [{"id": "top"}]), "/expect/events/0/cards/0", "local card id"),
    (lambda d: d["expect"].setdefault("never", []).append({"event": "drew"}), "/expect/never/", "event kind"),
    (lambda d: d["expect"].setdefault("never", []).append({"event": "draw", "plyer": "A"}), "/plyer", "field of a `draw`"),
    (lambda d: d["setup"].__setitem__("stop", {"turn": 2, "phase": "Main1"}), "/setup/stop/phase", "ygo phase"),
    (lambda d: d["setup"]["players"]["A"].__setitem__("lp", 0), "/setup/players/A/lp", "at least 1"),
])
def test_malformed_scenarios_are_refused_with_a_pointer(doc, change, pointer, words):
    d = copy.deepcopy(doc)
    change(d)
    with pytest.raises(InputError) as e:
        compiler.validate(d, "x.json")
    assert pointer in e.value.location and words in e.value.expected


def test_a_cycle_of_evolution_sources_is_refused():
    out = compiler.compile_paths()
    d = copy.deepcopy(next(s for s in out.scenarios if any("under" in c for c in s["setup"]["cards"])))
    src = next(c for c in d["setup"]["cards"] if "under" in c)
    host = next(c for c in d["setup"]["cards"] if c["id"] == src["under"])
    host["under"], host["zone"] = src["id"], "battle"
    with pytest.raises(InputError) as e:
        compiler.validate(d, "x.json")
    assert "no cycle" in e.value.expected


def test_final_turn_and_phase_are_checked(doc, tmp_path):
    d = copy.deepcopy(doc)
    d["expect"]["final"]["turn"] = 999
    (tmp_path / "t.json").write_text(json.dumps(d))
    r = run("run", tmp_path / "t.json", "--format", "json")
    assert results(r.stdout)[d["id"]]["outcome"] == "failed"


def test_an_examples_table_without_rows_is_an_error():
    text = ('@game:ygo\nFeature: f\n  @id:t.x @ruling:ND-01\n  Scenario Outline: o <c>\n'
            '    Given player B went first\n    Examples:\n      | id | c |\n')
    out = compiler.compile_text(text, "x.feature")
    assert out.errors and "at least one Examples row" in out.errors[0].error.expected


def test_a_stop_the_engine_does_not_reach_is_a_visible_skip(doc, tmp_path):
    d = copy.deepcopy(doc)
    d["setup"]["stop"] = {"turn": 1000, "phase": "end"}
    for p in ("A", "B"):            # decks that last (no deck-out ends the duel first)
        d["setup"]["cards"] += [{"id": f"filler-{p}-{i}", "card": "15025844", "owner": p, "zone": "deck"} for i in range(8)]
    (tmp_path / "t.json").write_text(json.dumps(d))
    res = results(run("run", tmp_path / "t.json", "--format", "json").stdout)[d["id"]]
    assert res["outcome"] == "skipped" and "at most" in res["reason"]


# ---- in-process adapters and clean exits (second break-it round)
def test_adapters_never_see_expectations_and_system_exit_is_an_error(monkeypatch):
    monkeypatch.syspath_prepend(str(HERE / "bad_adapters"))
    r = run("run", "--ruling", "ND-02", "--adapter", "inproc:SeesExpectations", "--format", "json")
    assert r.exit_code == 0 and all(x["outcome"] == "passed" for x in results(r.stdout).values())
    r = run("run", "--ruling", "ND-02", "--adapter", "inproc:RaisesSystemExit", "--format", "json")
    res = results(r.stdout)
    assert res and all(x["outcome"] == "errored" and "SystemExit" in x["message"] for x in res.values())
    sys.modules.pop("inproc", None)


def test_a_clean_exit_between_scenarios_is_not_the_next_scenarios_fault():
    cmd = f"cmd:{sys.executable} {HERE / 'bad_adapters' / 'oneshot.py'}"
    r = run("run", "--ruling", "ND-02", "--adapter", cmd, "--max-restarts", "20", "--format", "json")
    res = results(r.stdout)
    # a format-2.1 scenario is skipped up front for this protocol-2 adapter, never sent to it
    assert len(res) >= 3 and all(x["outcome"] == "passed" or (x["outcome"] == "skipped" and "format-2.1" in x["reason"])
                                 for x in res.values()), r.output[-1500:]


def test_two_runs_cannot_write_the_same_stream(tmp_path):
    import fcntl
    out = tmp_path / "r.jsonl"
    with open(out, "a") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        r = run("run", "--ruling", "ND-02", "--out", out)
    assert r.exit_code == 2 and "another duelspec run" in r.output


# ---- hand-written format-2 documents that could never match are load errors with a pointer; messages say what was expected (breaker2)
BASE = {
    "format": 2, "id": "t.breaker2", "game": "ygo", "title": "t", "rulings": ["ND-E1"],
    "requires": ["chain", "negate-effect"],
    "setup": {"players": {"A": {"lp": 8000}, "B": {"lp": 8000}},
              "cards": [{"id": "top", "card": "43096270", "owner": "A", "zone": "deck", "order": "top"},
                        {"id": "muusiki", "card": "97697678", "owner": "A", "zone": "monster", "position": "face-up-attack"},
                        {"id": "ash", "card": "14558127", "owner": "B", "zone": "hand"}],
              "first_player": "B", "turn": 2, "turn_player": "A", "phase": "draw", "step": "before-draw"},
    "script": [{"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "muusiki"},
               {"player": "B", "do": "activate", "when": {"window": "response", "link": 1}, "card": "ash"}],
    "expect": {"events": [{"event": "activate", "card": "muusiki", "link": 1}],
               "never": [{"event": "move", "card": "top", "to": "graveyard"}]},
}


def _err(mutate) -> InputError:
    doc = copy.deepcopy(BASE)
    mutate(doc)
    with pytest.raises(InputError) as exc:
        validate(doc, "t.json")
    return exc.value


def test_base_is_valid():
    validate(copy.deepcopy(BASE), "t.json")


def test_never_pattern_with_a_stray_group_key_is_an_error():
    # it used to be accepted and could never match: the `never` held vacuously
    e = _err(lambda d: d["expect"]["never"].append({"event": "draw", "player": "A", "any_order": [{"event": "chain-end"}]}))
    assert "/expect/never/1" in str(e) and "no groups" in str(e)


def test_events_pattern_mixed_with_a_group_is_an_error():
    # it used to be judged as a one-item group, the pattern's own fields dropped
    e = _err(lambda d: d["expect"]["events"].append({"event": "draw", "any_order": [{"event": "chain-end"}]}))
    assert "/expect/events/1" in str(e) and "alone" in str(e)


def test_window_of_a_turn_before_the_start_is_an_error():
    e = _err(lambda d: d["script"][0]["when"].update(turn=1))
    assert "/script/0/when/turn" in str(e) and "not before the start (turn 2)" in str(e)


def test_window_of_a_turn_after_the_stop_is_an_error():
    def m(d):
        d["setup"]["stop"] = {"turn": 2, "phase": "end"}
        d["script"][1]["when"]["turn"] = 3
    e = _err(m)
    assert "/script/1/when/turn" in str(e) and "not after the stop" in str(e)


@pytest.mark.parametrize("group", ["any_order", "together"])
@pytest.mark.parametrize("items", [[], [{"event": "chain-end"}]])
def test_short_group_message_says_the_minimum(group, items):
    e = _err(lambda d: d["expect"]["events"].append({group: items}))
    assert f"/expect/events/1/{group}" in str(e) and "at least 2 items" in str(e)
    assert "is too short" not in str(e)


def test_minimum_and_date_messages():
    assert "a number of at least 1" in str(_err(lambda d: d["script"][0]["when"].update(turn=0)))
    assert "a valid date" in str(_err(lambda d: d.update(in_force={"from": "2019-02-30"})))


def test_expect_fail_messages_say_what_was_expected(tmp_path):
    f = tmp_path / "x.toml"
    f.write_text('format = 1\n[scenarios."ygo.normal-draw.faq1.muusiki"]\nreason = ""\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["run", "--id", "nothing", "--expect-fail", str(f)])
    assert res.exit_code == 2 and "reason: expected a non-empty string" in res.output, res.output


def test_duplicate_id_with_a_compile_error_names_the_file_not_the_other_pointer(tmp_path):
    # the duplicate-id error used to be reported *at* the other error's pointer
    # ("a.json:/script/0/when/turn: expected a scenario id used once in a run")
    bad = copy.deepcopy(BASE)
    bad["script"][0]["when"]["turn"] = "2"
    (tmp_path / "a.json").write_text(json.dumps(bad), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps(BASE), encoding="utf-8")
    res = CliRunner().invoke(main, ["list", str(tmp_path)])
    assert f"{tmp_path / 'a.json'}: expected a scenario id used once in a run" in res.output, res.output
    assert "(which has an error of its own at /script/0/when/turn)" in res.output


def test_a_scenario_with_nothing_to_check_is_a_load_error(tmp_path):
    """Break-it round: `expect: {}` with no script passed vacuously; nothing could ever fail it."""
    import json as _json
    from click.testing import CliRunner
    from duelspec.cli import main
    from duelspec.compiler import compile_paths
    doc = next(s for s in compile_paths().scenarios if s["game"] == "ygo")
    doc = dict(doc, id="t.nothing", expect={}, script=[])
    doc.pop("superseded", None)
    f = tmp_path / "nothing.json"
    f.write_text(_json.dumps(doc))
    r = CliRunner().invoke(main, ["run", str(f)])
    assert r.exit_code == 1 and "nothing to check" in r.output + r.stderr
