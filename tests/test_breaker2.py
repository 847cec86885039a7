"""Regressions found by hostile testing (breaker2): hand-written format-2 documents whose
expectations or windows could never match are load errors with a JSON pointer; schema
messages say what was expected; shards of different selections are not one run."""
import copy
import json

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from duelspec.compiler import validate
from duelspec.errors import InputError

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


def test_summary_shards_of_different_selections_are_not_one_run(tmp_path):
    r = CliRunner()
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    one = ["--run-id", "r1", "--as-of", "2024-06-01"]
    assert r.invoke(main, ["run", "--ruling", "ND-E1", "--shard", "1/2", *one, "--out", str(a)]).exit_code in (0, 1)
    assert r.invoke(main, ["run", "--ruling", "ND-C1", "--shard", "2/2", *one, "--out", str(b)]).exit_code in (0, 1)
    res = r.invoke(main, ["summary", str(a), str(b)])
    assert res.exit_code == 1, res.output
    assert "different selections" in res.output
    # the shards of one selection still merge into one passing run
    c = tmp_path / "c.jsonl"
    assert r.invoke(main, ["run", "--ruling", "ND-E1", "--shard", "2/2", *one, "--out", str(c)]).exit_code in (0, 1)
    res = r.invoke(main, ["summary", str(a), str(c)])
    assert res.exit_code == 0, res.output


def test_expect_fail_messages_say_what_was_expected(tmp_path):
    f = tmp_path / "x.toml"
    f.write_text('format = 1\n[scenarios."ygo.normal-draw.faq1.muusiki"]\nreason = ""\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["run", "--id", "nothing", "--expect-fail", str(f)])
    assert res.exit_code == 2 and "reason: expected a non-empty string" in res.output, res.output


def test_site_with_a_failure_without_expected(tmp_path):
    # `expected` is optional in result.schema.json: a valid stream used to crash the site (TypeError)
    r = CliRunner()
    s = tmp_path / "s.jsonl"
    r.invoke(main, ["run", "--ruling", "ND-C1", "--out", str(s)])
    lines = [json.loads(x) for x in s.read_text(encoding="utf-8").splitlines()]
    res = next(x for x in lines if x["type"] == "result")
    res.update(outcome="failed", failures=[{"pointer": "/expect/final", "message": "<b>m</b>"}])
    foot = lines[-1]
    foot["counts"]["passed"] -= 1
    foot["counts"]["failed"] += 1
    s.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "site"
    got = r.invoke(main, ["site", "--results", str(s), "--out", str(out)])
    assert got.exit_code == 0, got.output
    page = next((out / "failures").rglob(f"{res['id']}.html")).read_text(encoding="utf-8")
    assert "&lt;b&gt;m&lt;/b&gt;" in page and "<h3>Expected</h3>" not in page


def test_pytest_plugin_with_an_adapter_that_cannot_be_made(tmp_path):
    # `--adapter nosuchmodule:X` used to be a ModuleNotFoundError traceback at every test's set-up
    import subprocess
    import sys
    (tmp_path / "test_duelspec.py").write_text("from duelspec.pytest_scenarios import *  # noqa: F401,F403\n")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--adapter", "nosuchmodule_b2:X",
                        "-k", "ND-C1"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "duelspec adapter 'nosuchmodule_b2:X' did not start: No module named 'nosuchmodule_b2'" in r.stdout
    assert "Traceback" not in r.stdout and "During handling" not in r.stdout


def test_pytest_plugin_all_scenarios_skipped_is_not_green(tmp_path):
    # a protocol-1 adapter skips every format-2 scenario: `duelspec run` exits 1 ("a run that
    # executes nothing fails"); the pytest plugin used to exit 0 with everything skipped
    import subprocess
    import sys
    from fault_adapters.helpers import faulty_cmd
    (tmp_path / "test_duelspec.py").write_text("from duelspec.pytest_scenarios import *  # noqa: F401,F403\n")

    def run(*args):
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
    r = run("--adapter", "cmd:" + faulty_cmd(), "-k", "ND-C1")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "none of the 4 scenario test(s) ran to a verdict" in r.stdout
    r = run("--adapter", "reference", "-k", "ND-C1")
    assert r.returncode == 0 and "4 passed" in r.stdout, r.stdout + r.stderr


def test_migrate_two_documents_of_one_id(tmp_path):
    # the second used to overwrite the first silently ("2 migrated", one file)
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from fault_adapters.helpers import draw_scenario
    doc = draw_scenario("t.breaker2.same", script=[{"player": "B", "do": "pass"}],
                        expect={"final": {"cards": {"top": {"zone": "hand"}}}})
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(json.dumps(doc), encoding="utf-8")
    res = CliRunner().invoke(main, ["migrate", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--out", str(tmp_path / "out")])
    assert res.exit_code == 1, res.output
    assert "expected an id no other input has" in res.output and "1 migrated to format 2, 1 not" in res.output
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["t.breaker2.same.json"]


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


def test_sigterm_while_a_jobs_pool_starts_stops_at_once(tmp_path):
    # with --jobs N a signal during the processes' start-up used to wait for every start-up to
    # finish (here 30 s) before the run stopped
    import os
    import signal
    import subprocess
    import sys
    import time
    from fault_adapters.helpers import faulty_cmd, scenario
    (tmp_path / "s.json").write_text(json.dumps(scenario("t.ok.1")), encoding="utf-8")
    pids = tmp_path / "pids"
    env = dict(os.environ, FAULTY_SELFPIDS=str(pids))
    p = subprocess.Popen([sys.executable, "-m", "duelspec.cli", "run", str(tmp_path / "s.json"), "--jobs", "3",
                          "--startup-timeout", "60", "--adapter", "cmd:" + faulty_cmd("--slow-start", "30"),
                          "--out", str(tmp_path / "r.jsonl")],
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while (not pids.exists() or len(pids.read_text().split()) < 3) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.3)
        t0 = time.monotonic()
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=15)
        assert time.monotonic() - t0 < 10
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    assert p.returncode == 1
    footer = json.loads((tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert footer["stopped_early"] and "SIGTERM" in footer["reason"]
    for pid in map(int, pids.read_text().split()):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"adapter process {pid} left behind")


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
