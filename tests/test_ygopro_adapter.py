"""The YGOPro adapter (adapters/ygopro): the classic ygopro-core through ctypes.

Unit tests (message decoding, card data, helpers) need nothing. The duels need a core library
built from a ygopro-core checkout (``sh adapters/ygopro/build.sh CHECKOUT``) named by
``DUELSPEC_YGOPRO_CORE``; they run with duelspec's own test cards (the Lua of
adapters/edopro/testdata/scripts + adapters/ygopro/testdata/scripts/procedure.lua, the card
data of adapters/edopro/testdata/cards.json), so no ygopro-scripts checkout is needed, and are
skipped with that reason when no library is given.
"""
from __future__ import annotations

import json
import os
import sqlite3
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from duelspec.adapters.ygopro import YgoproAdapter, make_script_reader
from duelspec.adapters.ygopro.cards import CardSource, from_catalogue
from duelspec.adapters.ygopro.messages import MSG, DecodeError, decode, parse_query
from duelspec.adapters.ygopro.run import deck_order, match_option
from duelspec.validation import check as check_schema
from ygo_testcards import (PLAIN_DRAW, DECLARER, NEG_ACTIVATION, NEG_EFFECT, PROMPTER, REPLACER, REPLACER_AT_ACT, REVEALABLE,
                           TESTDATA as TESTCARDS, VAN_A, VAN_B, VAN_C, deck_a, scenario as ygo_scenario, trace_ok)

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = [str(ROOT / "adapters" / "ygopro" / "testdata" / "scripts"), str(TESTCARDS / "scripts")]
CORE = os.environ.get("DUELSPEC_YGOPRO_CORE")
needs_core = pytest.mark.skipif(not CORE or not os.path.isfile(CORE),
                                reason="no ygopro-core library: build one with adapters/ygopro/build.sh and set "
                                       "DUELSPEC_YGOPRO_CORE to it")


# ------------------------------------------------------------------ message decoding (unit)
def loc(c, l, s, p):
    return struct.pack("<I", c | l << 8 | s << 16 | p << 24)


def test_decoder_splits_back_to_back_messages_by_their_layouts():
    buf = b"".join([
        bytes([MSG["NEW_PHASE"]]) + struct.pack("<H", 1),
        bytes([MSG["HINT"], 1, 0]) + struct.pack("<I", 27),
        bytes([MSG["CHAINING"]]) + struct.pack("<I", 97697678) + loc(0, 4, 2, 1) + bytes([0, 4, 2])
        + struct.pack("<I", 97697678 * 16) + bytes([1]),
        bytes([MSG["DRAW"], 1, 2]) + struct.pack("<II", 43096270, 15025844 | 0x80000000),
        bytes([MSG["MOVE"]]) + struct.pack("<I", 14558127) + loc(1, 2, 0, 10) + loc(1, 16, 0, 5) + struct.pack("<I", 0x4080),
        bytes([MSG["CHAIN_DISABLED"], 1, MSG["CHAIN_END"], MSG["WIN"], 0, 2]),
        bytes([MSG["SELECT_CHAIN"], 1, 1, 0]) + struct.pack("<II", 0, 0) + bytes([0, 1])
        + struct.pack("<I", 90000002) + loc(1, 2, 0, 10) + struct.pack("<I", 0),
    ])
    ms = decode(buf)
    assert [m["name"] for m in ms] == ["NEW_PHASE", "HINT", "CHAINING", "DRAW", "MOVE", "CHAIN_DISABLED", "CHAIN_END",
                                       "WIN", "SELECT_CHAIN"]
    phase, hint, chaining, draw, move, disabled, _end, win, chain = ms
    assert phase["phase"] == 1 and hint["hint_type"] == 1 and hint["data"] == 27
    assert chaining["code"] == 97697678 and chaining["location"] == 4 and chaining["sequence"] == 2 \
        and chaining["chain_count"] == 1 and chaining["description"] == 97697678 * 16
    assert draw["player"] == 1 and draw["codes"] == [43096270, 15025844] and draw["public"] == [False, True]
    assert move["from"]["location"] == 2 and move["to"]["location"] == 16 and move["to"]["position"] == 5 and move["reason"] == 0x4080
    assert disabled["chain_count"] == 1 and win["player"] == 0 and win["reason"] == 2
    assert chain["player"] == 1 and chain["forced"] == 1 and chain["chains"][0]["code"] == 90000002


def test_the_strings_of_a_puzzle_are_read_with_their_terminating_zero():
    # libdebug.cpp:168-196: Debug.SetAIName / ShowHint write u16 length, the bytes and a 0 (a
    # reproduction script, docs/conformance/repro, sends them before the duel starts)
    buf = bytes([MSG["AI_NAME"]]) + struct.pack("<H", 3) + b"abc\0" + bytes([MSG["SHOW_HINT"]]) + struct.pack("<H", 2) \
        + b"hi\0" + bytes([MSG["NEW_PHASE"]]) + struct.pack("<H", 1)
    assert [(m["name"], m.get("text")) for m in decode(buf)] == [("AI_NAME", "abc"), ("SHOW_HINT", "hi"), ("NEW_PHASE", None)]


def test_decoder_refuses_unknown_and_cut_messages_with_the_offset():
    with pytest.raises(DecodeError, match="unknown message type 250 at byte 3"):
        decode(bytes([MSG["NEW_PHASE"], 1, 0, 250, 1, 2]))
    with pytest.raises(DecodeError, match="MOVE at byte 0"):
        decode(bytes([MSG["MOVE"], 1, 2, 3]))


def test_the_response_buffer_is_as_long_as_the_largest_copy_of_the_lineage():
    """Issue 33: KoishiPro's and mycard's cores (like Fluorohydride's from 2024-06-18 to 2026-06-21)
    copy 512 bytes in set_responseb whatever the response; the buffer they read is 512 bytes, the
    response written at its start and zero after it, and a response longer than 256 bytes (what
    Fluorohydride's current core reads) is refused."""
    import ctypes
    from duelspec.adapters.ygopro import core as C
    seen = []

    class Lib:
        def set_responseb(self, h, buf):
            seen.append((ctypes.sizeof(buf), ctypes.string_at(buf, 512)))   # what a 512-byte core copies

    d = C.Duel.__new__(C.Duel)
    d.lib, d.h = Lib(), 1
    d._resp = ctypes.create_string_buffer(C.RESPONSE_BUFFER)
    ctypes.memset(d._resp, 0xAA, C.RESPONSE_BUFFER)          # a previous, longer response
    d.respond_bytes(b"\x01\x02\x03")
    size, copied = seen[0]
    assert size >= 512 and C.RESPONSE_BUFFER >= 512
    assert copied == b"\x01\x02\x03" + bytes(509)
    with pytest.raises(ValueError):
        d.respond_bytes(bytes(257))
    core_src = Path(C.__file__).read_text(encoding="utf-8")
    assert "create_string_buffer(RESPONSE_BUFFER)" in core_src


def test_query_results_parse_empty_zones_and_values():
    card = struct.pack("<iIIII", 20, 0x1 | 0x2 | 0x1000, 1234, 0x05080100 & 0xFFFFFFFF, 0x400)
    raw = struct.pack("<i", 4) + card
    q = parse_query(raw)
    assert q[0] is None and q[1]["code"] == 1234 and q[1]["reason"] == 0x400



def _parse_query_field_by_field(buf: bytes) -> list:
    """``parse_query`` as it was before its one-unpack path (issue 26): every card read field by
    field, each bounds-checked (``_query_card``, which the fast path falls back to)."""
    from duelspec.adapters.ygopro.messages import _query_card, _Reader
    r, out = _Reader(bytes(buf)), []
    while r.o < len(r.b):
        r.o = _query_card(r, out)
    return out


_FOUR = 0x1 | 0x2 | 0x1000 | 0x40000          # CODE, POSITION, REASON, OWNER: what the adapter asks for
_FLAG_SETS = [_FOUR, 0x1 | 0x1000, 0x1 | 0x2 | 0x40000, _FOUR | 0x4]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), st.tuples(st.sampled_from(_FLAG_SETS), st.lists(st.integers(0, 0xFFFFFFFF), min_size=5,
                                                                                      max_size=5))), max_size=12),
       st.integers(0, 6))
def test_query_parse_agrees_with_the_field_by_field_reader(cards, cut):
    """The one-unpack path for the adapter's four flags gives what the field-by-field reader gives,
    for any mix of empty zones, other flag sets and a result cut short (the same DecodeError)."""
    from duelspec.adapters.ygopro.messages import QUERY
    raw = b""
    for c in cards:
        if c is None:
            raw += struct.pack("<i", 4)
            continue
        flags, vals = c
        n = sum(1 for f in ("CODE", "POSITION", "REASON", "OWNER") if flags & QUERY[f]) + (1 if flags & 0x4 else 0)
        raw += struct.pack("<iI", 8 + 4 * n, flags) + struct.pack(f"<{n}I", *vals[:n])
    raw = raw[:len(raw) - cut] if cut else raw
    try:
        want = _parse_query_field_by_field(raw)
    except DecodeError as exc:
        with pytest.raises(DecodeError, match=str(exc).split(" (")[0]):
            parse_query(raw)
        return
    assert parse_query(raw) == want

# ------------------------------------------------------------------ card data (unit)
def test_normal_spells_and_traps_get_no_normal_monster_bit():
    t = lambda kind, subs: from_catalogue({"id": "1", "card_type": kind, "subtypes": subs})["type"]
    assert t("spell", ["normal"]) == 0x2 and t("trap", ["normal"]) == 0x4
    assert t("monster", ["normal"]) == 0x11 and t("spell", ["ritual"]) == 0x82 and t("trap", ["counter"]) == 0x100004
    assert t("spell", ["quick-play"]) == 0x10002 and t("monster", ["xyz", "effect"]) == 0x800021


def test_catalogue_archetypes_get_setcodes_and_a_cdb_wins(tmp_path):
    cat = tmp_path / "cat.json"
    cat.write_text(json.dumps({"cards": [{"id": "20345391", "name": {"en": "Seal, Strategist Fur Hire"}, "card_type": "monster",
                                          "subtypes": ["effect"], "archetypes": ["Fur Hire"], "level": 4, "atk": 1800,
                                          "def": 200, "attribute": "WIND", "race": "Beast-Warrior"}]}))
    src = CardSource([cat])
    c = src.read(20345391)
    assert c["setcodes"] == [0x114] and c["race"] == 0x8000 and c["attribute"] == 0x8 and c["attack"] == 1800
    cdb = tmp_path / "cards.cdb"
    con = sqlite3.connect(cdb)
    con.execute("CREATE TABLE datas(id integer primary key, ot, alias, setcode, type, atk, def, level, race, attribute, category)")
    con.execute("CREATE TABLE texts(id integer primary key, name, desc, " + ", ".join(f"str{i}" for i in range(1, 17)) + ")")
    con.execute("INSERT INTO datas VALUES (20345391, 3, 0, 0x0114, 0x21, 1900, 200, 4, 0x8000, 0x8, 0)")
    con.execute("INSERT INTO texts VALUES (20345391, 'Seal', 'x', 'Search'" + ", ''" * 15 + ")")
    con.commit()
    con.close()
    src = CardSource([cat], [cdb])
    assert src.read(20345391)["attack"] == 1900 and src.string(20345391, 0) == "Search" and src.code_named("seal") == 20345391
    with pytest.raises(ValueError, match="not-a-cdb"):
        (tmp_path / "not-a-cdb").write_text("x")
        CardSource([], [tmp_path / "not-a-cdb"])


def test_helpers_order_decks_match_options_and_read_scripts(tmp_path):
    cs = [{"id": "a"}, {"id": "b", "order": "bottom"}, {"id": "c", "order": 1}, {"id": "d", "order": "top"},
          {"id": "e", "order": 0}, {"id": "f"}]
    assert [c["id"] for c in deck_order(cs)] == ["d", "e", "c", "a", "f", "b"]
    t = ["Put card at top of deck", "Put card at bottom of deck"]
    assert [match_option(w, t) for w in ("bottom", "top", "2", "card", "9")] == [1, 0, 1, -1, -1]
    (tmp_path / "script").mkdir()
    (tmp_path / "script" / "c1.lua").write_bytes(b"-- one")
    read = make_script_reader([str(tmp_path)])
    assert read("./script/c1.lua") == b"-- one" and read("./script/c2.lua") is None


def test_without_a_core_every_scenario_is_skipped_with_the_reason(monkeypatch):
    monkeypatch.delenv("DUELSPEC_YGOPRO_CORE", raising=False)
    a = YgoproAdapter(scripts=SCRIPTS)
    impl = a.start()
    assert impl["games"] == ["ygo"]
    reply = a.run(scenario("nocore", deck_a(), [], {}))
    assert "DUELSPEC_YGOPRO_CORE" in reply["skipped"]["reason"]
    reply = YgoproAdapter(core="/nonexistent/libocgcore.so", scripts=SCRIPTS).run(scenario("nocore", deck_a(), [], {}))
    assert "does not exist" in reply["skipped"]["reason"]


# ------------------------------------------------------------------ real duels in the core
def scenario(sid, cards, script, expect, **setup):
    return ygo_scenario("ygopro", sid, cards, script, expect, **setup)


@pytest.fixture(scope="module")
def engine():
    a = YgoproAdapter(core=CORE, scripts=SCRIPTS, catalogues=[str(TESTCARDS / "cards.json")])
    a.start()
    return a


def run_ok(engine, s) -> dict:
    """Run ``s`` without its expectations; the trace is schema-valid and every expectation holds."""
    return trace_ok(s, engine.run({k: v for k, v in s.items() if k != "expect"}), "ygopro")


@needs_core
def test_normal_draw_with_nothing_before_it(engine):
    t = run_ok(engine, scenario("plain", deck_a(), [], PLAIN_DRAW))
    assert [e["event"] for e in t["events"]].count("draw") == 1


@needs_core
def test_before_draw_trigger_then_a_negated_effect_then_the_normal_draw(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"}]
    run_ok(engine, scenario("neg-effect", cards,
                            [{"player": "A", "do": "activate", "card": "rep"}, {"player": "B", "do": "activate", "card": "neg"}], {
        "events": [{"event": "step", "step": "before-draw"},
                   {"event": "activate", "card": "rep", "player": "A", "link": 1},
                   {"event": "activate", "card": "neg", "player": "B", "link": 2},
                   {"event": "move", "card": "neg", "from": "hand", "to": "graveyard", "reason": "cost"},
                   {"event": "resolve", "link": 2},
                   {"event": "negate-effect", "link": 1, "card": "rep"},
                   {"event": "chain-end"},
                   {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}],
        "never": [{"event": "draw", "normal": False}],
        "final": {"cards": {"neg": {"zone": "graveyard", "owner": "B"}}}}))


@needs_core
def test_trigger_resolves_and_the_draw_given_up_at_activation_stays_given_up(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster", "position": "face-up-attack"}]
    run_ok(engine, scenario("trigger", cards, [{"player": "A", "do": "activate", "card": "rep"}], {
        "events": [{"event": "activate", "card": "rep", "player": "A", "link": 1},
                   {"event": "resolve", "link": 1, "card": "rep"},
                   {"event": "draw", "player": "A", "normal": False, "cards": ["top"]}, {"event": "chain-end"}],
        "never": [{"event": "draw", "normal": True}],
        "final": {"cards": {"rep": {"zone": "monster", "position": "face-up-attack"}}}}))
    cards = deck_a() + [{"id": "rep", "card": REPLACER_AT_ACT, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_ACTIVATION, "owner": "B", "zone": "hand"}]
    run_ok(engine, scenario("at-activation", cards,
                            [{"player": "A", "do": "activate", "card": "rep"}, {"player": "B", "do": "activate", "card": "neg"}], {
        "events": [{"event": "negate-activation", "link": 1}, {"event": "chain-end"},
                   {"event": "phase", "phase": "standby", "player": "A"}],
        "never": [{"event": "draw"}], "final": {"cards": {"top": {"zone": "deck"}}}}))


@needs_core
def test_a_step_the_core_does_not_offer_is_refused_never_replaced(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"},
                        {"id": "van", "card": VAN_A, "owner": "B", "zone": "hand"}]
    t = run_ok(engine, scenario("refused", cards,
                                [{"player": "A", "do": "activate", "card": "rep"},
                                 {"player": "B", "do": "activate", "card": "van", "legal": False}], {
        "events": [{"event": "resolve", "link": 1}], "never": [{"event": "activate", "card": "van"},
                                                               {"event": "activate", "card": "neg"}]}))
    assert t["steps"][1]["outcome"] == "refused" and t["steps"][1]["code"] == "not-offered" and "not offered" in t["steps"][1]["reason"]


@needs_core
def test_prompts_answered_from_the_script_and_a_missing_mandatory_choice_is_errored(engine):
    cards = deck_a() + [{"id": "pr", "card": PROMPTER, "owner": "A", "zone": "monster"}]
    script = [{"player": "A", "do": "activate", "card": "pr"}, {"player": "A", "do": "choose", "option": "yes"},
              {"player": "A", "do": "choose", "option": "2"}, {"player": "A", "do": "choose", "cards": ["second"]}]
    run_ok(engine, scenario("prompts", cards, script, {
        "events": [{"event": "move", "card": "second", "from": "deck", "to": "hand", "reason": "effect"}],
        "never": [{"event": "draw"}], "final": {"cards": {"second": {"zone": "hand"}, "top": {"zone": "deck"}}}}))
    reply = engine.run(scenario("prompts-missing", cards, script[:2], {}))
    assert "mandatory decision not scripted" in reply["errored"]["message"]


@needs_core
def test_mandatory_trigger_consumes_the_activate_step_and_its_declaration(engine):
    cards = [*deck_a(), {"id": "decl", "card": DECLARER, "owner": "A", "zone": "monster"}]
    t = run_ok(engine, scenario("declare-spell", cards, [{"player": "A", "do": "activate", "card": "decl", "option": "Spell"}], {
        "events": [{"event": "activate", "card": "decl", "player": "A", "link": 1}, {"event": "reveal", "card": "top"},
                   {"event": "chain-end"}],
        "never": [{"event": "draw", "player": "A", "normal": True}]}))
    assert t["steps"] == [{"index": 0, "outcome": "applied"}]
    reply = engine.run(scenario("declare-dragon", cards, [{"player": "A", "do": "activate", "card": "decl", "option": "Dragon"}], {}))
    assert "'Monster', 'Spell', 'Trap'" in reply["errored"]["message"]


@needs_core
def test_a_card_made_public_is_traced_as_revealed_only_when_the_core_shows_it(engine):
    cards = [{"id": "drawn", "card": REVEALABLE, "owner": "A", "zone": "deck", "order": "top"}, *deck_a()[1:]]
    run_ok(engine, scenario("reveal", cards, [{"player": "A", "do": "choose", "option": "reveal", "cards": ["drawn"]}],
                            {"events": [{"event": "draw", "player": "A", "normal": True, "cards": ["drawn"]},
                                        {"event": "reveal", "card": "drawn", "player": "A"}]}))
    run_ok(engine, scenario("hidden", cards, [], {"never": [{"event": "reveal"}],
                                                  "events": [{"event": "draw", "player": "A", "normal": True}]}))


@needs_core
def test_unbuildable_setups_are_skipped_and_deck_out_is_reported(engine):
    assert "turn 3" in engine.run(scenario("turn3", deck_a(), [], {}, turn=3, turn_player="B"))["skipped"]["reason"]
    s = scenario("after", deck_a(), [], {}, step="after-draw")
    assert "normal draw" in engine.run(s)["skipped"]["reason"]
    s = scenario("unknown", deck_a() + [{"id": "x", "card": "12345678", "owner": "B", "zone": "hand"}], [], {})
    assert "12345678" in engine.run(s)["skipped"]["reason"]
    run_ok(engine, scenario("deck-out", [{"id": "b1", "card": VAN_A, "owner": "B", "zone": "deck"}], [], {
        "events": [{"event": "win", "player": "B", "reason": "deck-out"}], "final": {"winner": "B"}}))


@needs_core
def test_over_the_protocol():
    env = {**os.environ, "DUELSPEC_YGOPRO_CORE": CORE, "DUELSPEC_YGOPRO_SCRIPTS": os.pathsep.join(SCRIPTS)}
    s = scenario("proto", deck_a(), [], {})
    del s["expect"]
    lines = [{"cmd": "start", "protocol": 1}, {"cmd": "run", "seq": 1, "scenario": s}, {"cmd": "stop"}]
    out = subprocess.run([sys.executable, "-m", "duelspec.adapters.ygopro", "--cards", str(TESTCARDS / "cards.json")],
                         input="".join(json.dumps(x) + "\n" for x in lines), capture_output=True, text=True, env=env,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    hello, reply = map(json.loads, out.stdout.splitlines())
    assert hello["implementation"]["games"] == ["ygo"] and reply["seq"] == 1
    assert [e["event"] for e in reply["trace"]["events"]][:3] == ["phase", "step", "draw"]


# ------------------------------------------------------------------ format 2: steps used only in their window
def f2(sid, cards, script, expect, **setup):
    """A format-2 scenario (every step names its window)."""
    s = scenario(sid, cards, [], expect, **setup)
    s["format"], s["script"] = 2, script
    check_schema(s, "scenario", sid)
    return s


@needs_core
def test_format2_steps_answer_only_the_window_they_name(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"},
                        {"id": "neg", "card": NEG_EFFECT, "owner": "B", "zone": "hand"}]
    t = run_ok(engine, f2("f2-chain", cards, [
        {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "rep"},
        {"player": "B", "do": "activate", "when": {"window": "response", "link": 1}, "card": "neg"}], {
        "events": [{"event": "activate", "card": "rep", "link": 1}, {"event": "activate", "card": "neg", "link": 2},
                   {"event": "negate-effect", "link": 1}, {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}))
    assert t["format"] == 2 and [o["outcome"] for o in t["steps"]] == ["applied", "applied"]
    # B's response scripted for a window that never comes (a second link): A's chain is not
    # answered by it, and the step is not-reached, never used at the response window of link 1
    s = f2("f2-wrong-link", cards, [
        {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "rep"},
        {"player": "B", "do": "activate", "when": {"window": "response", "link": 2}, "card": "neg"}], {})
    t = engine.run({k: v for k, v in s.items() if k != "expect"})["trace"]
    assert [o["outcome"] for o in t["steps"]] == ["applied", "not-reached"]
    assert not any(e["event"] == "activate" and e["card"] == "neg" for e in t["events"])


@needs_core
def test_format2_a_window_that_closes_unused_refuses_its_step(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"}]
    # the replacement scripted for Main Phase 1: the core offers it only before the draw
    t = run_ok(engine, f2("f2-main1", cards, [
        {"player": "A", "do": "activate", "when": {"window": "open", "phase": "main1"}, "card": "rep", "legal": False}], {
        "events": [{"event": "draw", "player": "A", "normal": True, "cards": ["top"]}],
        "never": [{"event": "activate", "card": "rep"}]}, stop={"turn": 2, "phase": "battle"}))
    assert t["steps"][0]["outcome"] == "refused" and t["steps"][0]["code"] == "not-offered"
    # "before the draw, player A cannot activate" a card the core never offers then
    t = run_ok(engine, f2("f2-cannot", cards + [{"id": "van", "card": VAN_A, "owner": "A", "zone": "hand"}], [
        {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "van", "legal": False}],
        {"events": [{"event": "draw", "player": "A", "normal": True}]}))
    assert t["steps"][0]["outcome"] == "refused"


# ------------------------------------------------------------------ protocol 4 (format 2.2): declines
REAL_SCRIPTS = os.environ.get("DUELSPEC_YGOPRO_SCRIPTS")


@needs_core
@pytest.mark.skipif(not REAL_SCRIPTS or not os.path.isdir(REAL_SCRIPTS.split(os.pathsep)[0]),
                    reason="no ygopro-scripts checkout (DUELSPEC_YGOPRO_SCRIPTS)")
def test_protocol_4_a_decline_answers_the_cores_own_prompt_with_no():
    """Issue 35: declining Meteor Flare (the core's chain prompt answered -1) lets Black Luster
    Soldier - Legendary Swordsman from the hand be chain link 1, and Meteor Flare is not offered after
    it; Gravekeeper's Trap (mandatory) cannot be declined."""
    import sys
    from duelspec.adapters.process import ProcessAdapter
    from duelspec.compiler import compile_paths
    from duelspec.runner import run_one
    assert YgoproAdapter.protocol == 4
    ids = ("ygo.normal-draw.same-timing.hand-trigger.public-declined",
           "ygo.normal-draw.same-timing.hand-trigger.no-public-after-hand",
           "ygo.normal-draw.same-timing.mandatory-not-declined")
    found = {x["id"]: x for x in compile_paths([str(ROOT / "features/ygo/normal_draw/same_timing.feature")]).scenarios}
    # its own process: the core's script reader is process-wide, and this module's `engine` reads the test scripts
    a = ProcessAdapter(f"{sys.executable} -m duelspec.adapters.ygopro", timeout=60, startup_timeout=60)
    impl = a.start()
    try:
        assert a.protocol == 4
        got = {i: run_one(found[i], a, impl) for i in ids}
    finally:
        a.stop()
    assert {i: r["outcome"] for i, r in got.items()} == dict.fromkeys(ids, "passed"), got


# ------------------------------------------------------------------ protocol 3 (format 2.1)
@needs_core
def test_protocol_3_the_opening_hands_are_the_draws_before_the_first_turn(engine):
    assert YgoproAdapter.protocol >= 3
    deck = [{"id": f"{p}{i}", "card": (VAN_A, VAN_B, VAN_C)[i % 3], "owner": p, "zone": "deck", "order": i}
            for p in "AB" for i in range(7)]
    s = scenario("opening", deck, [], {}, turn=0, turn_player="B", phase="start-of-duel", stop={"turn": 2, "phase": "standby"})
    del s["setup"]["step"]
    events = run_ok(engine, s)["events"]
    first_turn = next(i for i, e in enumerate(events) if e["event"] == "turn")
    draws = [(i, e) for i, e in enumerate(events) if e["event"] == "draw"]
    # the core draws 5 for each player at the start of the duel, before MSG_NEW_TURN of turn 1
    assert sorted((e["player"], len(e["cards"])) for i, e in draws if i < first_turn) == [("A", 5), ("B", 5)]
    assert all(e.get("opening") is True and e["normal"] is False for i, e in draws if i < first_turn)
    # turn 2's normal draw (A) is no opening hand
    later = [e for i, e in draws if i > first_turn]
    assert [(e["player"], e["normal"], "opening" in e) for e in later] == [("A", True, False)]


@needs_core
def test_protocol_3_the_window_after_the_timing_before_the_draw_opens_until_the_normal_draw(engine):
    cards = deck_a() + [{"id": "rep", "card": REPLACER_AT_ACT, "owner": "A", "zone": "monster"},
                        {"id": "van", "card": VAN_B, "owner": "B", "zone": "hand"}]
    cannot = {"player": "B", "do": "activate", "when": {"window": "after-before-draw"}, "card": "van", "legal": False}
    # after the chain of the timing before the draw resolved ...
    s = f2("f21-after-chain", cards, [{"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "rep"},
                                      cannot], {"never": [{"event": "activate", "card": "van"}]})
    s["format_minor"] = 1
    t = run_ok(engine, s)
    assert [o["outcome"] for o in t["steps"]] == ["applied", "refused"] and t["steps"][1]["code"] == "not-offered"
    # ... and with nothing activated: the window opened (the step is refused, not `not-reached`)
    s = f2("f21-nothing", deck_a(), [cannot], {"events": [{"event": "draw", "player": "A", "normal": True}]})
    s["format_minor"] = 1
    t = run_ok(engine, s)
    assert t["steps"][0]["outcome"] == "refused" and t["steps"][0]["code"] == "not-offered"


REAL_SCRIPTS = os.environ.get("DUELSPEC_YGOPRO_SCRIPTS")


@pytest.mark.skipif(not (CORE and REAL_SCRIPTS and os.path.isfile(CORE)),
                    reason="DUELSPEC_YGOPRO_CORE and DUELSPEC_YGOPRO_SCRIPTS (a ygopro-scripts checkout) are needed")
def test_protocol_3_the_draw_phase_goes_on_after_a_spent_right_with_the_phase_events_priority():
    """With the right spent there is no normal draw: the prompts of the point event at the end of
    the chain before the draw (no Quick Effect offered) are in `after-before-draw`, the Draw Phase's
    open state is the phase event's priority (MSG_HINT 20), or its end when it asks nobody."""
    ids = ("ygo.normal-draw.triggers.right-spent-trigger-right-after",      # A's MST in the open state: applied
           "ygo.normal-draw.cost-type.no-replacement-after-negation",       # the phase event asks nobody
           "ygo.normal-draw.list.before.no-new-chain-after-its-chain")      # format 2.1, the right unspent
    # in its own process: the core's script reader is global to the library (the module's engine
    # reads the test scripts)
    out = subprocess.run([sys.executable, "-m", "duelspec.cli", "run", "--game", "ygo", *[x for i in ids for x in ("--id", i)],
                          "--adapter", f"cmd:{sys.executable} -m duelspec.adapters.ygopro"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0 and "3 passed" in out.stdout, out.stdout[-3000:] + out.stderr[-2000:]


# ------------------------------------------------------------------ the committed report agrees with its result stream
def test_committed_report_expected_failures_and_readme_agree_with_the_result_stream():
    import collections
    from duelspec.tomlread import tomllib
    lines = [json.loads(x) for x in (ROOT / "docs" / "conformance" / "ygopro.jsonl").read_text(encoding="utf-8").splitlines()]
    results = [r for r in lines if r.get("type") == "result"]
    counts = collections.Counter(("generated" if r["id"].startswith("ygo.generated") else "hand", r["outcome"]) for r in results)
    from duelspec.headline import headline, tally
    hand = headline(tally(r for r in results if not r["id"].startswith("ygo.generated")))   # as the README's marker renders it
    assert f"<!--results:docs/conformance/ygopro.jsonl#hand-->{hand}<!--/results-->" in (ROOT / "README.md").read_text(encoding="utf-8")
    report = (ROOT / "docs" / "conformance" / "ygopro.md").read_text(encoding="utf-8")
    assert f"| hand-written | {sum(v for (g, _), v in counts.items() if g == 'hand')} | **{counts['hand', 'passed']}** | " \
           f"{counts['hand', 'failed']} | {counts['hand', 'skipped']} | {counts['hand', 'errored']} |" in report
    footer = lines[-1]["counts"]
    assert f"`{footer['passed']} passed, 0 failed, {footer['skipped']} skipped, {footer['failed']} xfailed`" in report
    expected = tomllib.loads((ROOT / "adapters" / "ygopro" / "expected-failures.toml").read_text(encoding="utf-8"))["scenarios"]
    assert set(expected) == {r["id"] for r in results if r["outcome"] == "failed"}
    by_cause = collections.Counter(v["reason"].split(":")[0] for v in expected.values())
    for failed in (r for r in results if r["outcome"] == "failed" and not r["id"].startswith("ygo.generated")):
        assert f"`{failed['id']}`" in report        # every hand-written failure is analysed in the report
    for cause, n in by_cause.items():
        assert f"**{cause} " in report, cause       # every cause of the expected failures is explained


@needs_core
def test_a_start_after_the_normal_draw_takes_a_hand_card_for_that_draw(engine):
    cards = deck_a() + [{"id": "h", "card": VAN_B, "owner": "A", "zone": "hand"}]
    t = run_ok(engine, scenario("after-draw", cards, [], {
        "never": [{"event": "draw"}],
        "final": {"cards": {"h": {"zone": "hand"}, "top": {"zone": "deck"}}, "players": {"A": {"counts": {"hand": 1, "deck": 3}}}}},
        step="after-draw"))
    assert any("normal draw" in line and "drew h" in line for line in t["log"])
