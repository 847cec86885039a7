"""The EDOPro adapter (adapters/edopro) end to end over the adapter protocol.

Real duels run in the real engine (npm package ``ocgcore-wasm``) with the adapter's own
test cards (adapters/edopro/testdata: our Lua, our card JSON), so no CardScripts checkout
is needed. Needs ``node`` and ``(cd adapters/edopro && npm ci)``; skipped otherwise.
"""
from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[1]
ADAPTER = ROOT / "adapters" / "edopro"
TESTDATA = ADAPTER / "testdata"
NODE = shutil.which("node")

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed (the EDOPro adapter is a Node.js program)"),
    pytest.mark.skipif(not (ADAPTER / "node_modules" / "ocgcore-wasm" / "package.json").exists(),
                       reason="ocgcore-wasm is not installed: run `(cd adapters/edopro && npm ci)`"),
]

from ygo_testcards import (NEG_ACTIVATION, NEG_EFFECT, PROMPTER, REPLACER, REPLACER_AT_ACT, VAN_A, VAN_B, deck_a,  # noqa: F401
                           scenario as ygo_scenario, trace_ok)


class Adapter:
    """A minimal runner side of protocol 1 (the harness's ProcessAdapter replaces it later)."""

    def __init__(self, *args: str, env: dict | None = None):
        e = dict(os.environ)
        e.pop("DUELSPEC_EDOPRO_SCRIPTS", None)
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

    def start(self) -> dict:
        return self.send({"cmd": "start", "protocol": 1})

    def run(self, scenario: dict) -> dict:
        self.seq += 1
        reply = self.send({"cmd": "run", "seq": self.seq, "scenario": scenario})
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


def scenario(sid, cards, script, expect, **setup):
    return ygo_scenario("edopro", sid, cards, script, expect, **setup)


def run_ok(engine, s) -> dict:
    """Run ``s``; the reply is a schema-valid trace and every expectation of ``s`` holds."""
    return trace_ok(s, engine.run(s), "edopro")


# ------------------------------------------------------------------ protocol
def test_handshake_declares_implementation():
    a = Adapter()
    hello = a.start()
    assert hello["protocol"] == 1
    impl = hello["implementation"]
    assert impl["games"] == ["ygo"]
    assert "ocgcore-wasm 0.1.2" in impl["version"]
    assert "xyz" in impl["unsupported"]
    assert a.stop() == 0


def test_without_scripts_every_ygo_scenario_is_skipped_with_the_reason():
    a = Adapter()
    a.start()
    reply = a.run(scenario("noscripts", deck_a(), [], {}))
    assert "DUELSPEC_EDOPRO_SCRIPTS" in reply["skipped"]["reason"]
    assert a.stop() == 0


def test_bad_input_is_errored_and_the_adapter_keeps_going(engine):
    r = engine.send("this is not json")
    assert r["seq"] is None and "JSON" in r["errored"]["message"]
    engine.seq += 1
    r = engine.send({"cmd": "run", "seq": engine.seq, "scenario": [1, 2]})
    assert r["seq"] == engine.seq and "scenario object" in r["errored"]["message"]
    bad = scenario("bad", deck_a(), [], {})
    del bad["setup"]["cards"]
    r = engine.run(bad)
    assert "cards array" in r["errored"]["message"]
    dm = copy.deepcopy(bad)
    dm["game"] = "dm"
    assert "ygo" in engine.run(dm)["skipped"]["reason"]
    # still alive and correct
    run_ok(engine, scenario("after-bad", deck_a(), [], {"events": [{"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}))


def test_unsupported_setups_are_skipped(engine):
    s = scenario("turn3", deck_a(), [], {}, turn=3, turn_player="B")
    assert "turn 3" in engine.run(s)["skipped"]["reason"]
    s = scenario("xyz", deck_a(), [], {})
    s["requires"] = ["xyz"]
    assert "xyz" in engine.run(s)["skipped"]["reason"]
    s = scenario("unknown-card", deck_a() + [{"id": "x", "card": "12345678", "owner": "B", "zone": "hand"}], [], {})
    assert "12345678" in engine.run(s)["skipped"]["reason"]


# ------------------------------------------------------------------ message decoding (unit)
def node_eval(js: str):
    out = subprocess.run([NODE, "--input-type=module", "-e", js], cwd=ADAPTER, capture_output=True, text=True, timeout=60)
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
    # TYPE_NORMAL (0x10) is a monster type; a Normal Spell/Trap is 0x2/0x4 alone, as in a cards.cdb
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


# ------------------------------------------------------------------ real duels in the engine
def test_normal_draw_with_nothing_before_it(engine):
    t = run_ok(engine, scenario("plain", deck_a(), [], {
        "events": [{"event": "phase", "phase": "draw", "player": "A", "turn": 2},
                   {"event": "step", "step": "before-draw"},
                   {"event": "draw", "player": "A", "normal": True, "cards": ["top"]},
                   {"event": "phase", "phase": "standby", "player": "A"}],
        "never": [{"event": "draw", "player": "B"}, {"event": "activate"}],
        "final": {"cards": {"top": {"zone": "hand", "owner": "A", "controller": "A"}, "second": {"zone": "deck"}},
                  "players": {"A": {"lp": 8000, "counts": {"hand": 1, "deck": 2}}, "B": {"counts": {"hand": 0}}}}}))
    assert [e["event"] for e in t["events"]].count("draw") == 1


def test_before_draw_trigger_resolves_and_the_normal_draw_is_skipped(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster", "position": "face-up-attack"}]
    run_ok(engine, scenario("trigger", cards, [{"player": "A", "do": "activate", "card": "rep"}], {
        "events": [{"event": "step", "step": "before-draw"},
                   {"event": "activate", "card": "rep", "player": "A", "link": 1},
                   {"event": "resolve", "link": 1, "card": "rep"},
                   {"event": "draw", "player": "A", "normal": False, "cards": ["top"]},
                   {"event": "chain-end"}],
        "never": [{"event": "draw", "normal": True}],
        "final": {"cards": {"rep": {"zone": "monster", "position": "face-up-attack"}, "second": {"zone": "deck"}},
                  "players": {"A": {"counts": {"hand": 1, "deck": 2, "monster": 1}}}}}))


def test_declined_trigger_then_normal_draw(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"}]
    run_ok(engine, scenario("declined", cards, [{"player": "A", "do": "pass"}], {
        "events": [{"event": "draw", "player": "A", "normal": True, "cards": ["top"]}],
        "never": [{"event": "activate"}]}))


def test_chain_with_a_negated_effect_then_normal_draw(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"}]
    run_ok(engine, scenario("neg-effect", cards,
                            [{"player": "A", "do": "activate", "card": "rep"}, {"player": "B", "do": "activate", "card": "neg"}], {
        "events": [{"event": "activate", "card": "rep", "link": 1},
                   {"event": "activate", "card": "neg", "player": "B", "link": 2},
                   {"event": "move", "card": "neg", "from": "hand", "to": "graveyard", "reason": "cost"},
                   {"event": "resolve", "link": 2},
                   {"event": "negate-effect", "link": 1, "card": "rep"},
                   {"event": "resolve", "link": 1},
                   {"event": "chain-end"},
                   {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}],
        "never": [{"event": "draw", "normal": False}],
        "final": {"cards": {"neg": {"zone": "graveyard", "owner": "B"}}}}))


def test_negated_activation_then_normal_draw(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_ACTIVATION, "owner": "B", "zone": "hand"}]
    run_ok(engine, scenario("neg-activation", cards,
                            [{"player": "A", "do": "activate", "card": "rep"}, {"player": "B", "do": "activate", "card": "neg"}], {
        "events": [{"event": "negate-activation", "link": 1, "card": "rep"},
                   {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}))


def test_draw_given_up_at_activation_stays_skipped_when_the_effect_is_negated(engine):
    # the way several CardScripts implement replacements (EFFECT_DRAW_COUNT in the target function)
    cards = deck_a() + [{"id": "rep", "card": REPLACER_AT_ACT, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"}]
    t = run_ok(engine, scenario("at-activation", cards,
                                [{"player": "A", "do": "activate", "card": "rep"}, {"player": "B", "do": "activate", "card": "neg"}], {
        "events": [{"event": "negate-effect", "link": 1}, {"event": "chain-end"},
                   {"event": "phase", "phase": "standby", "player": "A"}],
        "never": [{"event": "draw"}],
        "final": {"cards": {"top": {"zone": "deck"}}}}))
    assert not any(e["event"] == "draw" for e in t["events"])


def test_refused_step_is_recorded_and_the_script_goes_on(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "van", "card": VAN_A, "owner": "B", "zone": "hand"}]
    run_ok(engine, scenario("refused", cards,
                            [{"player": "A", "do": "activate", "card": "rep"},
                             {"player": "B", "do": "activate", "card": "van", "legal": False},
                             {"player": "A", "do": "pass"}], {
        "events": [{"event": "resolve", "link": 1}], "never": [{"event": "activate", "card": "van"}]}))


def test_leftover_steps_are_not_reached(engine):
    # nobody asks B to choose cards in this duel: the step is never reached
    reply = engine.run(scenario("leftover", deck_a(), [{"player": "B", "do": "choose", "cards": ["top"]}], {}))
    assert reply["trace"]["steps"] == [{"index": 0, "outcome": "not-reached", "reason": "the engine never asked for this step"}]


def test_prompts_answered_from_the_script_and_missing_mandatory_choice_is_errored(engine):
    cards = deck_a() + [{"id": "pr", "card": PROMPTER, "owner": "A", "zone": "monster"}]
    script = [{"player": "A", "do": "activate", "card": "pr"}, {"player": "A", "do": "choose", "option": "yes"},
              {"player": "A", "do": "choose", "option": "2"}, {"player": "A", "do": "choose", "cards": ["second"]}]
    run_ok(engine, scenario("prompts", cards, script, {
        "events": [{"event": "move", "card": "second", "from": "deck", "to": "hand", "reason": "effect"}],
        "never": [{"event": "draw"}], "final": {"cards": {"second": {"zone": "hand"}, "top": {"zone": "deck"}}}}))
    reply = engine.run(scenario("prompts-missing", cards, script[:2], {}))
    assert "mandatory decision not scripted" in reply["errored"]["message"]


def test_deck_out_at_the_normal_draw(engine):
    run_ok(engine, scenario("deck-out", [{"id": "b1", "card": VAN_A, "owner": "B", "zone": "deck"}], [], {
        "events": [{"event": "win", "player": "B", "reason": "deck-out"}], "final": {"winner": "B"}}))


def test_first_turn_has_no_normal_draw(engine):
    cards = [{"id": "b1", "card": VAN_A, "owner": "B", "zone": "deck"}, {"id": "a1", "card": VAN_B, "owner": "A", "zone": "deck"}]
    run_ok(engine, scenario("first-turn", cards, [], {
        "events": [{"event": "phase", "phase": "draw", "player": "B", "turn": 1}, {"event": "phase", "phase": "standby", "player": "B"}],
        "never": [{"event": "draw"}], "final": {"cards": {"b1": {"zone": "deck"}}}}, turn=1, turn_player="B"))


# ------------------------------------------------------------------ declarations, engine-activated triggers, reveals
def test_option_words_match_the_option_texts():
    js = """
import { matchOption } from "./lib/run.mjs";
const t = ["Put card at top of deck", "Put card at bottom of deck"];
console.log(JSON.stringify([matchOption("bottom", t), matchOption("top", t), matchOption("2", t), matchOption("Monster", ["Monster", "Spell", "Trap"]),
  matchOption("card", t), matchOption("middle", t), matchOption("9", t), matchOption("spell", [null, "Spell", "Trap"])]));
"""
    assert node_eval(js) == [1, 0, 1, 0, -1, -1, -1, 1]


def declarer(option):
    cards = [*deck_a(), {"id": "decl", "card": "90000006", "owner": "A", "zone": "monster", "position": "face-up-attack"}]
    return scenario(f"declare-{option.lower()}", cards, [{"player": "A", "do": "activate", "card": "decl", "option": option}], {})


def test_mandatory_trigger_consumes_the_activate_step_and_its_declaration_answers_select_option(engine):
    s = declarer("Spell")
    s["expect"] = {"events": [{"event": "activate", "card": "decl", "player": "A", "link": 1},
                              {"event": "reveal", "card": "top"}, {"event": "chain-end"}],
                   "never": [{"event": "draw", "player": "A", "normal": True}]}
    trace = run_ok(engine, s)
    assert trace["steps"] == [{"index": 0, "outcome": "applied"}]
    s = declarer("Monster")
    s["expect"] = {"events": [{"event": "activate", "card": "decl", "link": 1}, {"event": "reveal", "card": "top"},
                              {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}
    run_ok(engine, s)


def test_undeclarable_option_is_errored_with_the_offered_options(engine):
    reply = engine.run(declarer("Dragon"))
    assert "errored" in reply and '"Monster","Spell","Trap"' in reply["errored"]["message"], reply


def test_revealing_the_card_drawn_for_the_normal_draw(engine):
    cards = [{"id": "drawn", "card": "90000007", "owner": "A", "zone": "deck", "order": "top"}, *deck_a()[1:]]
    s = scenario("reveal-drawn", cards, [{"player": "A", "do": "choose", "option": "reveal", "cards": ["drawn"]}],
                 {"events": [{"event": "draw", "player": "A", "normal": True, "cards": ["drawn"]},
                             {"event": "reveal", "card": "drawn", "player": "A"}]})
    trace = run_ok(engine, s)
    assert trace["steps"] == [{"index": 0, "outcome": "applied"}]
    s = scenario("keep-drawn-hidden", cards, [], {"never": [{"event": "reveal", "card": "drawn"}],
                                                  "events": [{"event": "draw", "player": "A", "normal": True}]})
    run_ok(engine, s)
