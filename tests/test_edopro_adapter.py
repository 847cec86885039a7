"""The EDOPro adapter (adapters/edopro) end to end over the adapter protocol, on format 2.

Real duels run in the real engine (npm package ``ocgcore-wasm``) with the adapter's own
test cards (adapters/edopro/testdata: our Lua, our card JSON), so no CardScripts checkout
is needed. Needs ``node`` and ``(cd adapters/edopro && npm ci)``; skipped otherwise.
The adapter's script driver (a port of the kit's ScriptDriver to JavaScript) is played
against the Python one on the same sequences of windows, events and decisions.
"""
from __future__ import annotations

import collections
import copy
import json
import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from duelspec.judging.checker import check as check_expectations
from duelspec.validation import check as check_schema

ROOT = Path(__file__).resolve().parents[1]
ADAPTER = ROOT / "adapters" / "edopro"
TESTDATA = ADAPTER / "testdata"
NODE = shutil.which("node")

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed (the EDOPro adapter is a Node.js program)"),
    pytest.mark.skipif(not (ADAPTER / "node_modules" / "ocgcore-wasm" / "package.json").exists(),
                       reason="ocgcore-wasm is not installed: run `(cd adapters/edopro && npm ci)`"),
]

from kit_replay import comparable, play_python  # noqa: E402
from ygo_testcards import (PLAIN_DRAW, NEG_ACTIVATION, NEG_EFFECT, PROMPTER, REPLACER, REPLACER_AT_ACT, VAN_A, VAN_B, VAN_C, deck_a,  # noqa: E402
                           scenario as ygo_scenario, trace_ok)

BANISHER, XYZ = "90000008", "90000013"


class Adapter:
    """A minimal runner side of the adapter protocol."""

    def __init__(self, *args: str, env: dict | None = None):
        e = dict(os.environ)
        e.pop("DUELSPEC_EDOPRO_SCRIPTS", None)
        e.pop("DUELSPEC_EDOPRO_CORE", None)
        e.update(env or {})
        self.p = subprocess.Popen([NODE, str(ADAPTER / "main.mjs"), *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=e)
        self.seq = 0

    def send(self, obj) -> dict:
        self.p.stdin.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        assert line, f"adapter closed stdout; stderr: {self.p.stderr.read()[-2000:]}"
        return json.loads(line)

    def start(self, protocol: int = 2) -> dict:
        return self.send({"cmd": "start", "protocol": protocol, "protocols": [1, 2][:protocol]})

    def run(self, scenario: dict) -> dict:
        self.seq += 1
        reply = self.send({"cmd": "run", "seq": self.seq, "scenario": {k: v for k, v in scenario.items() if k != "expect"}})
        assert reply["seq"] == self.seq
        return reply

    def stop(self) -> int:
        self.p.stdin.write(json.dumps({"cmd": "stop"}) + "\n")
        self.p.stdin.flush()
        return self.p.wait(timeout=30)


@pytest.fixture(scope="module")
def engine():
    a = Adapter("--scripts", str(TESTDATA / "scripts"), "--cards", str(TESTDATA / "cards.json"))
    a.start()
    yield a
    assert a.stop() == 0


def f2(sid, cards, script, expect, **setup) -> dict:
    """A schema-valid format-2 scenario ``test.edopro.<sid>`` at turn 2, A's Draw Phase, before the draw."""
    s = ygo_scenario("edopro", sid, cards, [], expect, **setup)
    s["format"], s["script"] = 2, script
    check_schema(s, "scenario", sid)
    return s


def step(player, when, card=None, **kw) -> dict:
    st_ = {"player": player, "do": kw.pop("do", "activate"), "when": when, **kw}
    if card is not None:
        st_["card"] = card
    return st_


BEFORE = {"window": "before-draw"}


def resp(link):
    return {"window": "response", "link": link}


def run_ok(engine, s) -> dict:
    """Run ``s``; the reply is a schema-valid trace and every expectation of ``s`` holds."""
    return trace_ok(s, engine.run(s), "edopro")


# ------------------------------------------------------------------ protocol
def test_handshake_answers_protocol_2_with_what_it_observes_and_1_without():
    a = Adapter()
    hello = a.start(2)
    assert hello["protocol"] == 2
    impl = hello["implementation"]
    assert impl["games"] == ["ygo"] and "ocgcore-wasm 0.1.2" in impl["version"]
    assert set(impl["observes"]["windows"]) == {"before-draw", "response", "trigger", "open", "resolution", "activation"}
    assert "draw" in impl["observes"]["events"] and "summon" not in impl["observes"]["events"]
    assert "cards.tapped" not in impl["observes"]["final"]
    assert a.stop() == 0
    a = Adapter()
    hello = a.start(1)
    assert hello["protocol"] == 1 and "observes" not in hello["implementation"]
    assert a.stop() == 0


def test_without_scripts_every_ygo_scenario_is_skipped_with_the_reason():
    a = Adapter()
    a.start()
    reply = a.run(f2("noscripts", deck_a(), [], {}))
    assert "DUELSPEC_EDOPRO_SCRIPTS" in reply["skipped"]["reason"]
    assert a.stop() == 0


def test_a_format_1_scenario_is_skipped_with_a_clear_message(engine):
    s = ygo_scenario("edopro", "v1", deck_a(), [{"player": "A", "do": "pass"}], {})
    assert "format 2" in engine.run(s)["skipped"]["reason"]


def test_bad_input_is_errored_and_the_adapter_keeps_going(engine):
    r = engine.send("this is not json")
    assert r["seq"] is None and "JSON" in r["errored"]["message"]
    engine.seq += 1
    r = engine.send({"cmd": "run", "seq": engine.seq, "scenario": [1, 2]})
    assert r["seq"] == engine.seq and "scenario object" in r["errored"]["message"]
    bad = f2("bad", deck_a(), [], {})
    del bad["setup"]["cards"]
    assert "cards array" in engine.run(bad)["errored"]["message"]
    dm = copy.deepcopy(bad)
    dm["game"] = "dm"
    assert "ygo" in engine.run(dm)["skipped"]["reason"]
    run_ok(engine, f2("after-bad", deck_a(), [], {"events": [{"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}))


def test_start_states_the_engine_cannot_build_are_skipped_with_why(engine):
    s = f2("unknown-card", deck_a() + [{"id": "x", "card": "12345678", "owner": "B", "zone": "hand"}], [], {})
    assert "12345678" in engine.run(s)["skipped"]["reason"]
    # after turn 2's normal draw: the engine's normal draw needs a card of the scenario to draw
    s = f2("after-draw-empty-hand", deck_a(), [], {}, step="after-draw")
    assert "hand in the setup holds no card" in engine.run(s)["skipped"]["reason"]
    s = f2("random", deck_a(), [], {})
    s["setup"]["random"] = [{"kind": "coin", "result": "heads"}]
    check_schema(s, "scenario", "random")
    assert "cannot be forced" in engine.run(s)["skipped"]["reason"]


# ------------------------------------------------------------------ message decoding (unit)
def node_eval(js: str):
    out = subprocess.run([NODE, "--input-type=module", "-e", js], cwd=ADAPTER, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_decoder_reads_the_documented_layouts():
    js = """
import { decode } from "./lib/messages.mjs";
const m = (hex) => { const b = Buffer.from(hex.replace(/ /g, ""), "hex"); return decode({ type: b[0], body: b.subarray(1) }); };
const j = (o) => JSON.parse(JSON.stringify(o, (k, v) => typeof v === "bigint" ? String(v) : v));
console.log(JSON.stringify([
  m("5a 01 01000000 0ae1f505 0a000000"),
  m("46 8ebfd205 01 04 02000000 01000000 01 04 02000000 0000e0f82b5d0000 01000000"),
  m("4c 01"), m("4b 02"), m("05 00 02"), m("29 0100"), m("02 01 01 1b00000000000000"),
  m("32 af23de00 00 02 00000000 0a000000 00 10 00000000 05000000 80400000"),
].map(j)));
"""
    draw, chaining, disabled, negated, win, phase, hint, move = node_eval(js)
    assert draw["name"] == "DRAW" and draw["player"] == 1 and draw["cards"] == [{"code": 100000010, "position": 10}]
    assert chaining["name"] == "CHAINING" and chaining["code"] == 97697678 and chaining["location"] == 4 \
        and chaining["sequence"] == 2 and chaining["chain_size"] == 1 and chaining["description"] == str(97697678 << 20)
    assert disabled["name"] == "CHAIN_DISABLED" and disabled["chain_link"] == 1
    assert negated["name"] == "CHAIN_NEGATED" and negated["chain_link"] == 2
    assert win == {"type": 5, "name": "WIN", "player": 0, "reason": 2}
    assert phase["phase"] == 1 and hint["hint_type"] == 1 and hint["data"] == "27"
    assert move["code"] == 14558127 and move["from"]["location"] == 2 and move["to"]["location"] == 16 and move["reason"] == 0x4080
    assert not any("_trailing" in x or "error" in x for x in (draw, chaining, disabled, negated, win, phase, hint, move))


def test_normal_spells_and_traps_get_no_normal_monster_bit():
    js = """
import { fromCatalogue } from "./lib/cards.mjs";
const t = (card_type, subtypes) => fromCatalogue({ id: "1", card_type, subtypes }).type;
console.log(JSON.stringify([t("spell", ["normal"]), t("trap", ["normal"]), t("monster", ["normal"]), t("spell", ["ritual"]), t("trap", ["counter"])]));
"""
    assert node_eval(js) == [0x2, 0x4, 0x11, 0x82, 0x100004]


def test_deck_order_follows_the_reference_ordering():
    js = """
import { deckOrder } from "./lib/run.mjs";
const cs = [{id:"a"},{id:"b",order:"bottom"},{id:"c",order:1},{id:"d",order:"top"},{id:"e",order:0},{id:"f"}];
console.log(JSON.stringify(deckOrder(cs).map((c) => c.id)));
"""
    assert node_eval(js) == ["d", "e", "c", "a", "f", "b"]


def test_option_words_match_the_option_texts():
    js = """
import { matchOption } from "./lib/run.mjs";
const t = ["Put card at top of deck", "Put card at bottom of deck"];
console.log(JSON.stringify([matchOption("bottom", t), matchOption("top", t), matchOption("2", t), matchOption("Monster", ["Monster", "Spell", "Trap"]),
  matchOption("card", t), matchOption("middle", t), matchOption("9", t), matchOption("spell", [null, "Spell", "Trap"])]));
"""
    assert node_eval(js) == [1, 0, 1, 0, -1, -1, -1, 1]


def test_event_patterns_match_as_the_checker_matches():
    from duelspec.judging.checker import matches
    cases = [({"event": "draw", "normal": True}, {"event": "draw", "player": "A", "cards": ["x"], "normal": True}),
             ({"event": "draw", "cards": ["x", "y"]}, {"event": "draw", "cards": ["y", "x"], "normal": False}),
             ({"event": "draw", "normal": True}, {"event": "draw", "normal": False}),
             ({"event": "activate", "link": 1}, {"event": "activate", "link": True}),
             ({"event": "draw", "cards": ["x"]}, {"event": "draw", "cards": ["x", "x"]}),
             ({"event": "move", "to": "hand"}, {"event": "draw", "to": "hand"})]
    js = ("import { matches } from './lib/pattern.mjs';\nconsole.log(JSON.stringify(" + json.dumps(cases)
          + ".map(([p, e]) => matches(p, e))));")
    assert node_eval(js) == [matches(p, e) for p, e in cases]


# ------------------------------------------------------------------ the script driver: JavaScript = Python
def play_node(cases: list) -> list:
    out = subprocess.run([NODE, str(ROOT / "tests" / "edopro_driver_harness.mjs")], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


SETUP = {"turn": 2, "turn_player": "A", "phase": "draw"}
NORMAL_DRAW = {"event": "draw", "player": "A", "cards": ["top"], "normal": True}
EFFECT_DRAW = {"event": "draw", "player": "A", "cards": ["elf"], "normal": False}
TRIG_NORMAL = {"window": "trigger", "after": {"event": "draw", "normal": True}}
TRIG_EFFECT = {"window": "trigger", "after": {"event": "draw", "cards": ["elf"], "normal": False}}

FIXED = [
    # the Heart of the Underdog case (issue 12, cause F): the second activation names the trigger
    # window after the effect's draw, so the empty "respond to your own chain" prompt passes
    {"script": [step("A", TRIG_NORMAL, "underdog"), step("A", TRIG_EFFECT, "underdog")], "setup": SETUP, "ops": [
        {"op": "event", "event": NORMAL_DRAW}, {"op": "open", "window": {"window": "trigger"}},
        {"op": "priority", "player": "A", "accept": ["underdog"]}, {"op": "close", "kind": "trigger"},
        {"op": "open", "window": {"window": "response", "link": 1}}, {"op": "priority", "player": "A", "accept": []},
        {"op": "priority", "player": "B", "accept": []}, {"op": "close", "kind": "response"},
        {"op": "open", "window": {"window": "resolution", "link": 1}}, {"op": "event", "event": EFFECT_DRAW},
        {"op": "close", "kind": "resolution"}, {"op": "event", "event": {"event": "chain-end"}},
        {"op": "open", "window": {"window": "trigger"}}, {"op": "priority", "player": "A", "accept": ["underdog"]}]},
    # a window that closes unused refuses; one that never opens is not reached
    {"script": [step("A", BEFORE, "x", legal=False), step("B", resp(3), "y")], "setup": SETUP, "ops": [
        {"op": "open", "window": {"window": "before-draw"}}, {"op": "close", "kind": "before-draw"},
        {"op": "event", "event": {"event": "chain-end"}}]},
    # a scripted choice not offered is refused, never replaced; a forced one without a step is taken
    {"script": [step("A", {"window": "resolution", "link": 1}, do="choose", cards=["alien-2"])], "setup": SETUP, "ops": [
        {"op": "open", "window": {"window": "resolution", "link": 1}},
        {"op": "choose", "player": "A", "candidates": ["alien-1", "alien-3"], "min": 1, "max": 1},
        {"op": "choose", "player": "A", "candidates": ["alien-1"], "min": 1, "max": 1}]},
    # refused at the engine, the next step of the same window is tried
    {"script": [step("A", BEFORE, "blast", legal=False), step("A", BEFORE, "muusiki")], "setup": SETUP, "ops": [
        {"op": "open", "window": {"window": "before-draw"}}, {"op": "priority", "player": "A", "accept": ["muusiki"]}]},
    # open windows wait for their phase and expire after it
    {"script": [step("A", {"window": "open", "phase": "main1"}, "reload"), step("A", {"window": "open", "phase": "standby"}, "late")],
     "setup": SETUP, "ops": [
        {"op": "open", "window": {"window": "open", "phase": "draw"}}, {"op": "priority", "player": "A", "accept": ["reload", "late"]},
        {"op": "close", "kind": "open"}, {"op": "event", "event": {"event": "phase", "phase": "standby", "turn": 2, "player": "A"}},
        {"op": "open", "window": {"window": "open", "phase": "standby"}}, {"op": "priority", "player": "A", "accept": ["reload", "late"]},
        {"op": "close", "kind": "open"}, {"op": "event", "event": {"event": "phase", "phase": "main1", "turn": 2, "player": "A"}},
        {"op": "open", "window": {"window": "open", "phase": "main1"}}, {"op": "priority", "player": "A", "accept": ["reload"]}]},
]


def test_the_javascript_driver_plays_the_fixed_cases_as_the_python_driver():
    got = play_node(FIXED)
    assert [comparable(g) for g in got] == [comparable(play_python(c)) for c in FIXED]
    # and the cases say what they are about
    underdog = got[0]
    assert underdog[2] is True and underdog[5] is False and underdog[13] is True
    assert [o["outcome"] for o in underdog[-1]] == ["applied", "applied"]
    assert [(o["outcome"], o.get("code")) for o in got[1][-1]] == [("refused", "not-offered"), ("not-reached", None)]
    assert got[2][1] == "MissingDecision" and got[2][-1][0]["outcome"] == "refused"


CARDS = ["x", "y", "z"]
WHENS = [BEFORE, resp(1), resp(2), TRIG_NORMAL, TRIG_EFFECT, {"window": "open", "phase": "main1"},
         {"window": "open", "phase": "draw"}, {"window": "resolution", "link": 1}, {"window": "activation", "link": 1},
         {"window": "before-draw", "turn": 3}]
WINDOWS = [{"window": "before-draw"}, {"window": "response", "link": 1}, {"window": "response", "link": 2},
           {"window": "trigger"}, {"window": "open", "phase": "draw"}, {"window": "open", "phase": "main1"},
           {"window": "resolution", "link": 1}, {"window": "activation", "link": 1}]
EVENTS = [NORMAL_DRAW, EFFECT_DRAW, {"event": "chain-end"}, {"event": "activate", "card": "x", "player": "A", "link": 1},
          {"event": "phase", "phase": "standby", "turn": 2, "player": "A"}, {"event": "phase", "phase": "main1", "turn": 2, "player": "A"},
          {"event": "turn", "turn": 3, "player": "B"}, {"event": "phase", "phase": "draw", "turn": 3, "player": "B"}]
steps_ = st.builds(lambda p, w, c, kind, legal: (step(p, w, c) if kind == "activate" else
                                                 step(p, w, do="choose", cards=[c]) if kind == "cards" else
                                                 step(p, w, do="choose", option="yes")) | ({"legal": False} if legal else {}),
                   st.sampled_from("AB"), st.sampled_from(WHENS), st.sampled_from(CARDS),
                   st.sampled_from(["activate", "activate", "cards", "yes"]), st.booleans())
ops_ = st.one_of(
    st.builds(lambda w: {"op": "open", "window": w}, st.sampled_from(WINDOWS)),
    st.builds(lambda k: {"op": "close", "kind": k}, st.sampled_from(["before-draw", "response", "trigger", "open", "resolution", "activation"])),
    st.builds(lambda e: {"op": "event", "event": e}, st.sampled_from(EVENTS)),
    st.builds(lambda p, a: {"op": "priority", "player": p, "accept": a}, st.sampled_from("AB"), st.lists(st.sampled_from(CARDS), max_size=2)),
    st.builds(lambda p, c, mn: {"op": "choose", "player": p, "candidates": c, "min": min(mn, len(c)), "max": max(1, len(c))},
              st.sampled_from("AB"), st.lists(st.sampled_from(CARDS), min_size=1, max_size=3, unique=True), st.integers(0, 1)),
    st.builds(lambda p: {"op": "yesno", "player": p}, st.sampled_from("AB")))
cases_ = st.lists(st.builds(lambda s, o: {"script": s, "setup": SETUP, "ops": o},
                            st.lists(steps_, min_size=1, max_size=4), st.lists(ops_, max_size=14)), min_size=40, max_size=40)


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(cases_)
def test_the_javascript_driver_decides_as_the_python_driver(cases):
    """Random scripts and random sequences of windows, events and decisions (40 per node run)."""
    assert [comparable(g) for g in play_node(cases)] == [comparable(play_python(c)) for c in cases]


# ------------------------------------------------------------------ real duels in the engine
def test_normal_draw_with_nothing_before_it(engine):
    t = run_ok(engine, f2("plain", deck_a(), [], PLAIN_DRAW))
    assert t["format"] == 2 and [e["event"] for e in t["events"]].count("draw") == 1


def test_before_draw_trigger_resolves_and_the_normal_draw_is_skipped(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster", "position": "face-up-attack"}]
    t = run_ok(engine, f2("trigger", cards, [step("A", BEFORE, "rep")], {
        "events": [{"event": "step", "step": "before-draw"},
                   {"event": "activate", "card": "rep", "player": "A", "link": 1},
                   {"event": "resolve", "link": 1, "card": "rep"},
                   {"event": "draw", "player": "A", "normal": False, "cards": ["top"]},
                   {"event": "chain-end"}],
        "never": [{"event": "draw", "normal": True}],
        "final": {"cards": {"rep": {"zone": "monster", "position": "face-up-attack"}, "second": {"zone": "deck"}},
                  "players": {"A": {"counts": {"hand": 1, "deck": 2, "monster": 1}}}}}))
    assert t["steps"] == [{"index": 0, "outcome": "applied"}]


def test_no_step_for_the_window_declines_the_trigger(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"}]
    run_ok(engine, f2("declined", cards, [], {
        "events": [{"event": "draw", "player": "A", "normal": True, "cards": ["top"]}], "never": [{"event": "activate"}]}))


def test_chain_with_a_negated_effect_then_normal_draw(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"}]
    t = run_ok(engine, f2("neg-effect", cards, [step("A", BEFORE, "rep"), step("B", resp(1), "neg")], {
        "events": [{"event": "activate", "card": "rep", "link": 1},
                   {"event": "activate", "card": "neg", "player": "B", "link": 2},
                   {"event": "move", "card": "neg", "from": "hand", "to": "graveyard", "reason": "cost"},
                   {"event": "resolve", "link": 2},
                   {"event": "negate-effect", "link": 1, "card": "rep"},
                   {"event": "resolve", "link": 1},
                   {"event": "chain-end"},
                   {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}],
        "never": [{"event": "draw", "normal": False}, {"event": "reveal", "card": "neg"}],
        "final": {"cards": {"neg": {"zone": "graveyard", "owner": "B"}}}}))
    assert [o["outcome"] for o in t["steps"]] == ["applied", "applied"]


def test_negated_activation_then_normal_draw(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_ACTIVATION, "owner": "B", "zone": "hand"}]
    run_ok(engine, f2("neg-activation", cards, [step("A", BEFORE, "rep"), step("B", resp(1), "neg")], {
        "events": [{"event": "negate-activation", "link": 1, "card": "rep"},
                   {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}))


def test_draw_given_up_at_activation_stays_skipped_when_the_effect_is_negated(engine):
    # the way several CardScripts implement replacements (EFFECT_DRAW_COUNT in the target function)
    cards = deck_a() + [{"id": "rep", "card": REPLACER_AT_ACT, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"}]
    t = run_ok(engine, f2("at-activation", cards, [step("A", BEFORE, "rep"), step("B", resp(1), "neg")], {
        "events": [{"event": "negate-effect", "link": 1}, {"event": "chain-end"},
                   {"event": "phase", "phase": "standby", "player": "A"}],
        "never": [{"event": "draw"}], "final": {"cards": {"top": {"zone": "deck"}}}}))
    assert not any(e["event"] == "draw" for e in t["events"])


def test_a_step_is_not_spent_at_a_decision_of_another_window(engine):
    """Issue 12 (cause F): while A's link 1 waits, the engine asks A to respond to its own chain
    (an empty prompt); A's next step names Main Phase 1 and is not used (nor refused) there."""
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "van", "card": VAN_B, "owner": "A", "zone": "hand"}]
    t = run_ok(engine, f2("other-window", cards, [step("A", BEFORE, "rep"),
                                                 step("A", {"window": "open", "phase": "main1"}, "van", legal=False)],
                          {"events": [{"event": "resolve", "link": 1}]}, stop={"turn": 2, "phase": "battle"}))
    assert t["steps"][0] == {"index": 0, "outcome": "applied"}
    assert t["steps"][1]["outcome"] == "refused" and "SELECT_IDLECMD" in t["steps"][1]["reason"], t["steps"]


def test_a_step_whose_window_closes_unused_is_refused_and_one_never_reached_is_not_reached(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"}]
    t = engine.run(f2("wrong-link", cards, [step("A", BEFORE, "rep"), step("B", resp(2), "neg")], {}))["trace"]
    assert [o["outcome"] for o in t["steps"]] == ["applied", "not-reached"]
    assert not any(e["event"] == "activate" and e["card"] == "neg" for e in t["events"])
    t = engine.run(f2("no-trigger", deck_a(), [step("A", BEFORE, "top", legal=False)], {}))["trace"]
    assert t["steps"][0]["outcome"] in ("refused", "not-reached")


def test_a_refused_step_is_recorded_and_the_script_goes_on(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "van", "card": VAN_A, "owner": "B", "zone": "hand"}]
    t = run_ok(engine, f2("refused", cards, [step("A", BEFORE, "rep"), step("B", resp(1), "van", legal=False)], {
        "events": [{"event": "resolve", "link": 1}], "never": [{"event": "activate", "card": "van"}]}))
    assert t["steps"][1]["outcome"] == "refused" and t["steps"][1]["code"] == "not-offered"


def test_a_target_the_engine_does_not_offer_is_refused_never_replaced(engine):
    """B's Banisher names a card that is not in A's GY: the engine offers only "gy"; the step is
    refused (the duel is played again with B passing there), never answered with "gy"."""
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "gy", "card": VAN_B, "owner": "A", "zone": "graveyard"},
                        {"id": "ban", "card": BANISHER, "owner": "B", "zone": "hand"}]
    s = f2("no-swap", cards, [step("A", BEFORE, "rep"), step("B", resp(1), "ban", targets=["top"])], {
        "events": [{"event": "activate", "card": "rep", "link": 1}, {"event": "resolve", "link": 1}],
        "never": [{"event": "activate", "card": "ban"}, {"event": "move", "card": "gy", "to": "banished"}],
        "final": {"cards": {"gy": {"zone": "graveyard"}, "ban": {"zone": "hand"}}}})
    t = engine.run(s)["trace"]
    check_schema(t, "trace", "<edopro>")
    assert [f.pointer for f in check_expectations(s, t)] == ["/script/1"]     # only: the legal step was refused
    assert t["steps"][1]["outcome"] == "refused" and t["steps"][1]["code"] == "target"
    assert '["gy"]' in t["steps"][1]["reason"] and any("replayed" in x for x in t.get("log", []))
    # the scripted target is offered: used as scripted
    t = run_ok(engine, f2("target", cards, [step("A", BEFORE, "rep"), step("B", resp(1), "ban", targets=["gy"])], {
        "events": [{"event": "activate", "card": "ban", "link": 2}, {"event": "move", "card": "gy", "to": "banished"}]}))
    assert [o["outcome"] for o in t["steps"]] == ["applied", "applied"]


def test_leftover_steps_are_not_reached(engine):
    reply = engine.run(f2("leftover", deck_a(), [step("B", {"window": "resolution", "link": 1}, do="choose", cards=["top"])], {}))
    assert reply["trace"]["steps"] == [{"index": 0, "outcome": "not-reached", "reason": "its window never opened (the game went past it)"}]


def test_choices_during_resolution_come_from_the_script_and_a_missing_mandatory_one_is_errored(engine):
    cards = deck_a() + [{"id": "pr", "card": PROMPTER, "owner": "A", "zone": "monster"}]
    res = {"window": "resolution", "link": 1}
    script = [step("A", BEFORE, "pr"), step("A", res, do="choose", option="yes"),
              step("A", res, do="choose", option="2"), step("A", res, do="choose", cards=["second"])]
    run_ok(engine, f2("prompts", cards, script, {
        "events": [{"event": "move", "card": "second", "from": "deck", "to": "hand", "reason": "effect"}],
        "never": [{"event": "draw"}], "final": {"cards": {"second": {"zone": "hand"}, "top": {"zone": "deck"}}}}))
    reply = engine.run(f2("prompts-missing", cards, script[:2], {}))
    assert "mandatory decision not scripted" in reply["errored"]["message"]


def test_deck_out_at_the_normal_draw(engine):
    run_ok(engine, f2("deck-out", [{"id": "b1", "card": VAN_A, "owner": "B", "zone": "deck"}], [], {
        "events": [{"event": "win", "player": "B", "reason": "deck-out"}], "final": {"winner": "B"}}))


def test_first_turn_has_no_normal_draw(engine):
    cards = [{"id": "b1", "card": VAN_A, "owner": "B", "zone": "deck"}, {"id": "a1", "card": VAN_B, "owner": "A", "zone": "deck"}]
    run_ok(engine, f2("first-turn", cards, [], {
        "events": [{"event": "phase", "phase": "draw", "player": "B", "turn": 1}, {"event": "phase", "phase": "standby", "player": "B"}],
        "never": [{"event": "draw"}], "final": {"cards": {"b1": {"zone": "deck"}}}}, turn=1, turn_player="B"))


def test_a_start_after_the_normal_draw_is_reached_by_the_engine_drawing_a_hand_card(engine):
    """After turn 2's normal draw: the engine conducts it, drawing one of A's hand cards of the
    setup (placed on top of the deck); the trace starts right after it."""
    cards = deck_a() + [{"id": "h1", "card": VAN_C, "owner": "A", "zone": "hand"}, {"id": "h2", "card": VAN_A, "owner": "A", "zone": "hand"}]
    t = run_ok(engine, f2("after-draw", cards, [], {
        "never": [{"event": "draw", "normal": True}, {"event": "step"}],
        "final": {"cards": {"h1": {"zone": "hand"}, "h2": {"zone": "hand"}, "top": {"zone": "deck"}},
                  "players": {"A": {"counts": {"hand": 2, "deck": 3}}}}}, step="after-draw"))
    assert any("drew h1" in x for x in t["log"]), t.get("log")
    t = run_ok(engine, f2("main1", cards, [], {"events": [{"event": "phase", "phase": "main1", "turn": 2}],
                                              "final": {"players": {"A": {"counts": {"hand": 2}}}}}, phase="main1"))


def test_declarations_of_an_activation_and_the_engine_activating_a_mandatory_trigger(engine):
    def declarer(option):
        cards = [*deck_a(), {"id": "decl", "card": "90000006", "owner": "A", "zone": "monster", "position": "face-up-attack"}]
        return f2(f"declare-{option.lower()}", cards, [step("A", BEFORE, "decl", option=option)], {})
    s = declarer("Spell")
    s["expect"] = {"events": [{"event": "activate", "card": "decl", "player": "A", "link": 1},
                              {"event": "reveal", "card": "top"}, {"event": "chain-end"}],
                   "never": [{"event": "draw", "player": "A", "normal": True}]}
    assert run_ok(engine, s)["steps"] == [{"index": 0, "outcome": "applied"}]
    s = declarer("Monster")
    s["expect"] = {"events": [{"event": "activate", "card": "decl", "link": 1}, {"event": "reveal", "card": "top"},
                              {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}
    run_ok(engine, s)
    # a declaration the engine does not offer, of a mandatory activation the engine made itself:
    # it cannot be refused, and the adapter never declares in its place
    reply = engine.run(declarer("Dragon"))
    assert "errored" in reply and '"Monster","Spell","Trap"' in reply["errored"]["message"], reply


def test_revealing_the_card_drawn_for_the_normal_draw(engine):
    cards = [{"id": "drawn", "card": "90000007", "owner": "A", "zone": "deck", "order": "top"}, *deck_a()[1:]]
    after = {"window": "trigger", "after": {"event": "draw", "cards": ["drawn"], "normal": True}}
    t = run_ok(engine, f2("reveal-drawn", cards, [step("A", after, do="choose", option="reveal", cards=["drawn"])],
                          {"events": [{"event": "draw", "player": "A", "normal": True, "cards": ["drawn"]},
                                      {"event": "reveal", "card": "drawn", "player": "A"}]}))
    assert t["steps"] == [{"index": 0, "outcome": "applied"}]
    run_ok(engine, f2("keep-drawn-hidden", cards, [], {"never": [{"event": "reveal", "card": "drawn"}],
                                                      "events": [{"event": "draw", "player": "A", "normal": True}]}))


def test_an_extra_deck_monster_in_the_graveyard_was_properly_summoned_unless_the_scenario_says_not():
    """Debug.AddCard(..., proc) gives STATUS_PROC_COMPLETE (0x8, libdebug.cpp AddCard) to an
    Extra Deck monster in the GY unless `properly_summoned: false`; Xyz materials are attached."""
    js = """
import { loadCore } from "./lib/core.mjs";
import { CardSource } from "./lib/cards.mjs";
import { ScenarioRun, makeScriptReader } from "./lib/run.mjs";
import { QUERY, LOCATION, parseQueryLocation } from "./lib/messages.mjs";
const core = await loadCore();
const cards = new CardSource({ catalogues: ["testdata/cards.json"] });
const reader = makeScriptReader(["testdata/scripts"]);
const s = { format: 2, id: "t", game: "ygo", script: [], setup: { first_player: "B", turn: 2, turn_player: "A", phase: "draw",
  players: { A: {}, B: {} }, cards: [
    { id: "x1", card: "90000013", owner: "A", zone: "graveyard" },
    { id: "x2", card: "90000013", owner: "A", zone: "graveyard", properly_summoned: false },
    { id: "x3", card: "90000013", owner: "A", zone: "monster" },
    { id: "m1", card: "90000010", owner: "A", zone: "overlay", attached_to: "x3" } ] } };
const run = new ScenarioRun(core, cards, reader, s);
run.check(); run.setup([]);
const q = (l, f) => parseQueryLocation(core.queryLocationRaw(run.h, { flags: f, controller: run.P.A, location: l }));
console.log(JSON.stringify({ gy: q(LOCATION.GRAVE, QUERY.STATUS).map((c) => c.STATUS & 8),
  overlay: q(LOCATION.MZONE, QUERY.OVERLAY_CARD).filter(Boolean).map((c) => c.OVERLAY_CARD) }));
"""
    got = node_eval(js)
    assert got["gy"] == [8, 0]
    assert got["overlay"] == [struct.pack("<II", 1, 90000010).hex()]    # one material: u32 count, u32 code


def test_a_core_build_of_ones_own_is_loaded_from_a_folder_and_named(tmp_path):
    """--core DIR: the emscripten module files of a build of one's own (here: the package's, copied)."""
    for name in ("ocgcore.sync.mjs", "ocgcore.sync.wasm"):
        shutil.copy(ADAPTER / "node_modules" / "ocgcore-wasm" / "lib" / name, tmp_path / name)
    (tmp_path / "ygopro-core.commit").write_text("0123456789abcdef\n")
    a = Adapter("--scripts", str(TESTDATA / "scripts"), "--cards", str(TESTDATA / "cards.json"), "--core", str(tmp_path))
    assert f"own core build {tmp_path} (ygopro-core 0123456789abcdef)" in a.start()["implementation"]["version"]
    trace_ok(f2("own-core", deck_a(), [], {"events": [{"event": "draw", "player": "A", "normal": True}]}),
             a.run(f2("own-core", deck_a(), [], {})), "edopro")
    assert a.stop() == 0
    a = Adapter("--core", str(tmp_path / "nowhere"))
    a.p.stdin.write(json.dumps({"cmd": "start", "protocol": 2}) + "\n")
    a.p.stdin.flush()
    assert a.p.wait(timeout=30) != 0 and "no ocgcore.sync.mjs" in a.p.stderr.read()


# ------------------------------------------------------------------ the committed report agrees with its stream
def _stream(name):
    return [json.loads(x) for x in (ROOT / "docs" / "conformance" / name).read_text(encoding="utf-8").splitlines()]


def test_committed_report_and_expected_failures_agree_with_the_result_streams():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    hand, gen = _stream("edopro.jsonl"), _stream("edopro-generated.jsonl")
    results = [r for r in hand + gen if r.get("type") == "result"]
    for lines, generated in ((hand, False), (gen, True)):
        header, footer = lines[0], lines[-1]
        assert header["suite"]["scenario_format"] == 2 and header["protocol"] == 2 and footer["type"] == "footer"
        assert all(r["id"].startswith("ygo.generated") == generated for r in lines[1:-1])
        assert "ocgcore-wasm 0.1.2" in header["adapter"]["implementation"]["version"]
    counts = collections.Counter(("generated" if r["id"].startswith("ygo.generated") else "hand", r["outcome"]) for r in results)
    report = (ROOT / "docs" / "conformance" / "edopro.md").read_text(encoding="utf-8")
    for group, label in (("hand", "hand-written"), ("generated", "generated chains")):
        row = (f"| {label} | {sum(v for (g, _), v in counts.items() if g == group):,} | **{counts[group, 'passed']:,}** | "
               f"{counts[group, 'failed']:,} | {counts[group, 'skipped']:,} | {counts[group, 'errored']:,} |")
        assert row in report, row
    expected = tomllib.loads((ADAPTER / "expected-failures.toml").read_text(encoding="utf-8"))["scenarios"]
    assert set(expected) == {r["id"] for r in results if r["outcome"] in ("failed", "errored")}
    # an errored scenario is the engine's own error, named (issue 20 section 1), never the adapter's
    assert all(r["message"].startswith("engine error: ") for r in results if r["outcome"] == "errored")
    for failed in (r for r in results if r["outcome"] in ("failed", "errored") and not r["id"].startswith("ygo.generated")):
        assert f"`{failed['id']}`" in report          # every hand-written failure is in the report
    causes = collections.Counter(v["reason"].split(":")[0] for v in expected.values())
    for cause, n in causes.items():
        assert f"| **{cause}** " in report, cause      # every cause of the expected failures is in the table
        assert f"* **{cause} " in report or cause in ("K", "L"), cause       # and described
    assert "* **K, L " in report
    for skipped in (r for r in results if r["outcome"] == "skipped" and not r["id"].startswith("ygo.generated")):
        assert f"`{skipped['id']}`" in report
    # the cause file names every failure: nothing unclassified
    assert "unclassified" not in causes


def _report_tables():
    """adapters/edopro/report_tables.py, the tool that writes the report's tables (a script: loaded from its file)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("edopro_report_tables", ADAPTER / "report_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_report_s_tables_are_those_its_tool_computes_from_the_committed_streams():
    from duelspec.analysis.causes import load_causes
    from duelspec.reporting.report import read_stream
    tables = _report_tables()
    results = [r for name in ("edopro.jsonl", "edopro-generated.jsonl")
               for r in read_stream(ROOT / "docs" / "conformance" / name).results]
    out = tables.render(results, tables.cause_of(results, load_causes(ADAPTER / "causes.toml")))
    report = (ROOT / "docs" / "conformance" / "edopro.md").read_text(encoding="utf-8")
    blocks = [b.partition(" -->\n") for b in out.split("<!-- ")[1:]]
    assert [title for title, _, _ in blocks] == ["counts", "matrix", "failures", "skips"]
    for title, _, table in blocks:
        assert table.strip() in report, f"docs/conformance/edopro.md: the {title} table is not the one " \
                                        "adapters/edopro/report_tables.py computes from the committed streams"


def test_the_report_s_tables_escape_what_a_stream_says():
    """A reason, a message or a ruling from a result stream is text: escaped for Markdown once, by the template."""
    tables = _report_tables()
    hostile = "<img src=x onerror=alert(1)> | [link](http://x) *em* `code`\nnext"
    results = [{"id": "ygo.normal-draw.faq1.muusiki", "outcome": "skipped", "reason": hostile, "rulings": ["ND-E1"]},
               {"id": "ygo.normal-draw.faq1.freed", "outcome": "failed", "rulings": ["ND-E1", "<b>"],
                "failures": [{"pointer": "/script/0", "message": hostile, "expected": {"step": "a|b"}}]},
               {"id": "ygo.generated.x", "outcome": "skipped", "reason": "[why](http://x) | no"}]
    out = tables.render(results, {"ygo.normal-draw.faq1.freed": "<A>"})
    assert "<img" not in out and "<b>" not in out and "<A>" not in out and "](" not in out
    assert "&lt;img src=x onerror=alert\\(1\\)&gt; \\| \\[link\\]\\(http://x\\) \\*em\\* \\`code\\`\\\\x0anext" in out
    import re
    cells = {line.split(" | ")[0]: len(re.findall(r"(?<!\\)\|", line)) - 1 for line in out.splitlines()
             if line.startswith(("| `ygo.normal-draw.faq1.", "| 1 generated chains"))}
    # each row keeps its columns: scenario, rulings, expectation, cause / scenario, reason
    assert cells == {"| `ygo.normal-draw.faq1.freed`": 4, "| `ygo.normal-draw.faq1.muusiki`": 2, "| 1 generated chains": 2}


def test_the_cause_file_is_well_formed_and_cites_its_evidence():
    from duelspec.analysis.causes import load_causes
    causes = load_causes(ADAPTER / "causes.toml")
    assert len({c.key for c in causes}) == len(causes) >= 10
    for c in causes:
        assert c.title and c.who and c.match, c.key
        assert ".cpp:" in c.evidence or ".lua:" in c.evidence, c.key     # file:line at the commits of the report


def test_the_packages_core_is_the_commit_range_the_readme_states():
    # README "Check a fix with your own core build": a30e6b7 (64-bit categories) .. 693b406 (a face-down
    # card on the field under EFFECT_PUBLIC is not public: cdf55b5 made it public)
    js = """
import { loadCore } from "./lib/core.mjs";
const core = await loadCore({});
let said = [];
const h = core.createDuel({ seed: [1n, 2n, 3n, 4n], flags: 0x10n, team1: {}, team2: {}, cardReader: (code) => ({ code, type: 0x2 }),
  scriptReader: () => null, log: (t, x) => { if (t === 1) said.push(x); } });
core.loadScript(h, "p.lua", `local c=Debug.AddCard(5318639,0,0,0x08,0,0x0a)
local e=Effect.CreateEffect(c) e:SetType(0x1) e:SetCode(160) c:RegisterEffect(e)
local f=Effect.CreateEffect(c) f:SetCategory(0x300000000) Debug.Message(tostring(f:GetCategory()))`);
const raw = core.queryRaw(h, { flags: 0x100000, controller: 0, location: 0x08, sequence: 0 });
process.stdout.write(JSON.stringify({ category: said.join(" "), isPublic: raw[8] }));
"""
    got = node_eval(js)
    assert got == {"category": "12884901888", "isPublic": 0}, got


# ------------------------------------------------------------------ with the real CardScripts
EDOPRO_SCRIPTS = os.environ.get("DUELSPEC_EDOPRO_SCRIPTS")


@pytest.mark.skipif(not EDOPRO_SCRIPTS, reason="DUELSPEC_EDOPRO_SCRIPTS (a ProjectIgnis/CardScripts checkout) is needed")
def test_a_normal_draw_from_an_empty_deck_ends_the_before_draw_window(tmp_path):
    """Turn step 3's draw from an empty Deck writes no MSG_DRAW (operations.cpp:433-435, 482 at
    a30e6b7); the Mystical Space Typhoon the engine offers right after it (the draw's point event,
    its prompt carrying TIMING_DRAW) is not "before the draw": the step scripted there is refused
    for its timing. The adapter that closed the window only at MSG_DRAW reported it applied (the
    former cause Q of the EDOPro report)."""
    sid = "ygo.normal-draw.before.quick-effect.empty-deck"
    out = tmp_path / "run.jsonl"
    run = subprocess.run(["duelspec", "run", "--game", "ygo", "--id", sid, "--adapter", f"cmd:{NODE} adapters/edopro/main.mjs",
                          "--no-progress", "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    results = [r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines()) if r.get("type") == "result"]
    assert [(r["id"], r["outcome"]) for r in results] == [(sid, "passed")], run.stdout[-3000:] + run.stderr[-2000:]


@pytest.mark.skipif(not EDOPRO_SCRIPTS, reason="DUELSPEC_EDOPRO_SCRIPTS (a ProjectIgnis/CardScripts checkout) is needed")
def test_the_point_events_after_the_before_draw_chain_are_not_the_draw_phase_s_open_state(tmp_path):
    """The chains of the before-the-draw point event keep skip_freechain (processor.cpp:3374, 4355
    at a30e6b7): the priorities after them offer no Quick-Play Spell. With the right spent there is
    no normal draw; the Draw Phase's open game state is the phase event's priority (HINT_EVENT 20,
    processor.cpp:429-448), where Mystical Space Typhoon is offered, or, when that asks nobody
    (420-423), its end. The adapter that took the first skip_freechain priority for the open state
    refused A's Mystical Space Typhoon there (the former cause P of the EDOPro report)."""
    ids = ("ygo.normal-draw.triggers.right-spent-trigger-right-after",     # MST at the phase event's priority: applied
           "ygo.normal-draw.cost-type.no-replacement-after-negation")      # the phase event asks nobody: refused unused
    out = tmp_path / "run.jsonl"
    run = subprocess.run(["duelspec", "run", "--game", "ygo", *[x for i in ids for x in ("--id", i)],
                          "--adapter", f"cmd:{NODE} adapters/edopro/main.mjs", "--no-progress", "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True)
    results = [r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines()) if r.get("type") == "result"]
    assert sorted((r["id"], r["outcome"]) for r in results) == sorted((i, "passed") for i in ids), run.stdout[-3000:] + run.stderr[-2000:]
