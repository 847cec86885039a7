"""Scenario format 2.1 (issue 22): the words format 2.0 could not say, each with the bug it catches.

Every word: its Gherkin phrase and JSON (compiler, schema), the kit's semantics, the version a
document and an adapter must speak for it (``format_minor: 1``, adapter protocol 3: an adapter
speaking 2 gets a visible skip naming the word), and a scenario that fails on the bug it names
(a rule mutant) while the format-2.0 form of the same scenario passes on it.
"""
from __future__ import annotations

import json

import pytest

from duelspec import words
from duelspec.adapters.kit import ScriptDriver
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.compiler import compile_text, validate
from duelspec.errors import InputError
from duelspec.runner import run_one, skip_reason
from mutant_runs import IMPL, outcome, suite

SETUP = {"turn": 2, "turn_player": "A", "phase": "draw"}


def feature(body: str, background: str = "Given player B went first\n    And it is turn 2, player A's Draw Phase, before the draw"):
    text = f"@game:ygo\nFeature: t\n  Background:\n    {background}\n\n{body}"
    out = compile_text(text, "t.feature")
    return out


def one(body: str, **kw) -> dict:
    out = feature(body, **kw)
    assert not out.errors, [str(e.error) for e in out.errors]
    return out.scenarios[0]


def error_of(body: str, **kw) -> str:
    out = feature(body, **kw)
    assert out.errors and not out.scenarios
    return str(out.errors[0].error)


class Protocol2(ReferenceAdapter):
    protocol = 2


# ------------------------------------------------------------------ the versions
def test_a_format_20_document_stays_20_and_a_21_word_makes_it_21():
    """Every scenario that uses no word of 2.1 compiles exactly as before (no `format_minor`)."""
    plain = [s for s in suite().values() if not words.uses(s)]
    assert plain and all("format_minor" not in s for s in plain)
    new = [s for s in suite().values() if words.uses(s)]
    assert new and all(s["format_minor"] == 1 and s["format"] == 2 for s in new)


def test_a_document_using_a_21_word_must_say_so():
    doc = dict(suite()["ygo.normal-draw.effect-type.no-replacement-after-negation.every-timing"])
    del doc["format_minor"]
    with pytest.raises(InputError) as exc:
        validate(doc, "x.json")
    assert exc.value.location == "/format_minor" and "`every` at /script/2/when/every" in str(exc.value)


def test_a_protocol_2_adapter_gets_a_visible_skip_naming_the_word_never_the_scenario():
    s = suite()["ygo.normal-draw.effect-type.no-replacement-after-negation.every-timing"]
    reason = skip_reason(s, IMPL, 2)
    assert reason and "format-2.1" in reason and "`every`" in reason and "protocol 2" in reason
    assert skip_reason(s, IMPL, 3) is None
    r = run_one(s, Protocol2(), IMPL)
    assert r["outcome"] == "skipped" and r["skip_kind"] == "runner" and "`every`" in r["reason"]
    plain = suite()["ygo.normal-draw.effect-type.no-replacement-after-negation"]
    assert run_one(plain, Protocol2(), IMPL)["outcome"] == "passed"      # format 2.0: as before


def test_the_protocol_server_answers_the_adapters_own_version():
    import io
    from duelspec.adapters.protocol_server import serve
    for adapter, asked, want in ((ReferenceAdapter(), 3, 3), (ReferenceAdapter(), 2, 2), (Protocol2(), 3, 2)):
        out = io.StringIO()
        serve(adapter, io.StringIO(json.dumps({"cmd": "start", "protocol": asked, "protocols": [1, 2, 3]}) + "\n"),
              out, io.StringIO())
        assert json.loads(out.getvalue())["protocol"] == want


# ------------------------------------------------------------------ 1. a window that comes back
EVERY = """  @id:t.every @ruling:ND-E2
  Scenario: every
    Given player A controls "Flying Saucer Muusik'i" as "muusiki" face-up in attack position
    And player A has "Magical Blast" as "blast" in the graveyard
    And player B has "Ash Blossom & Joyous Spring" as "ash" in hand
    When before the draw, player A activates "muusiki"
    And in response to chain link 1, player B activates "ash"
    And before the draw, every time this turn, player A cannot activate "blast"
    Then player A conducts the normal draw
"""


def test_every_time_this_turn_compiles_to_when_every():
    s = one(EVERY)
    assert s["script"][2] == {"player": "A", "do": "activate", "when": {"window": "before-draw", "every": True},
                              "card": "blast", "legal": False}
    assert s["format_minor"] == 1


def test_every_time_this_turn_only_with_a_cannot_step():
    msg = error_of(EVERY.replace("every time this turn, player A cannot activate", "every time this turn, player A activates"))
    assert "only with a `cannot` step" in msg
    dm = compile_text("@game:dm\nFeature: t\n  @id:t.x @ruling:AT-S1\n  Scenario: x\n    Given it is turn 3, player A's attack phase\n"
                      "    And player A has \"Aqua Vehicle\" as \"v\" in the battle zone\n"
                      "    When in step AT-S1, every time this turn, player A cannot attack player B with \"v\"\n"
                      "    Then no attack happens\n", "t.feature")
    assert dm.errors and "only in a scenario of ygo" in str(dm.errors[0].error)


def test_the_kit_tries_an_every_step_again_at_each_later_occurrence_of_its_window():
    script = [{"player": "A", "do": "activate", "when": {"window": "before-draw", "every": True}, "card": "blast",
               "legal": False},
              {"player": "A", "do": "activate", "when": {"window": "open", "phase": "draw"}, "card": "other", "legal": False}]
    tried = []

    def refuse(step):
        tried.append(step["card"])
        return "no"
    d = ScriptDriver(script, setup=SETUP)
    d.open({"window": "before-draw"})
    d.close("before-draw")                                    # first occurrence: never offered
    assert d.outcomes[0]["outcome"] == "refused" and d.peek() is script[1]
    d.open({"window": "before-draw"})                         # the timing comes back
    assert d.priority("A", refuse) is False and tried == ["blast"]   # tried again, refused again
    assert d.priority("B", refuse) is False and tried == ["blast"]   # only its own player's decisions
    assert d.priority("A", lambda st: None) is True                    # the engine lets A do it after all
    d.close("before-draw")
    d.open({"window": "open", "phase": "draw"})
    d.close("open")
    out = d.finish()
    assert out[0]["outcome"] == "applied" and "later occurrence" in out[0]["reason"] and "code" not in out[0]
    assert out[1]["outcome"] == "refused"


def test_an_every_step_watches_only_its_turn():
    d = ScriptDriver([{"player": "A", "do": "activate", "when": {"window": "before-draw", "every": True}, "card": "b",
                       "legal": False}], setup=SETUP)
    d.open({"window": "before-draw"})
    d.close("before-draw")
    d.event({"event": "turn", "turn": 3, "player": "B"})
    d.open({"window": "before-draw"})
    assert d.priority("A", lambda st: pytest.fail("turn 3 is not the step's turn")) is False
    assert d.finish()[0]["outcome"] == "refused"


REOPENS = "ygo.replacement.timing-reopens-after-negated-chain"


@pytest.mark.parametrize("old, new", [
    ("ygo.normal-draw.effect-type.no-replacement-after-negation", "ygo.normal-draw.effect-type.no-replacement-after-negation.every-timing"),
    ("ygo.normal-draw.effect-type.all-negated", "ygo.normal-draw.effect-type.all-negated.every-timing"),
])
def test_the_timing_that_comes_back_is_caught_only_with_every(old, new):
    """ND-E2 / ND-E10: on an engine that opens the timing before the draw a second time after a
    fully negated chain, the format-2.0 scenario passes (its refusal was used up when the first
    timing closed) and the format-2.1 one fails on the refusal that held at the second timing."""
    assert outcome(suite()[old])["outcome"] == outcome(suite()[new])["outcome"] == "passed"
    assert outcome(suite()[old], REOPENS)["outcome"] == "passed"
    r = outcome(suite()[new], REOPENS)
    assert r["outcome"] == "failed"
    step = next(f for f in r["failures"] if f["pointer"].startswith("/script/"))
    assert step["actual"]["outcome"] == "applied" and "later occurrence" in step["actual"]["reason"]


def test_duelspec_steps_shows_every_word_of_21_with_an_example():
    from click.testing import CliRunner
    from duelspec.cli import main
    out = CliRunner().invoke(main, ["steps"]).output
    marked = [line for line in out.splitlines() if line.endswith("(format 2.1)")]
    assert any("every time this turn" in line for line in marked)
    lines = out.splitlines()
    for line in marked:                       # each with an example right below it
        below = lines[lines.index(line) + 1:lines.index(line) + 3]
        assert any("e.g. " in b for b in below), line


# ------------------------------------------------------------------ 2. a window that must never open
FIRST_TURN = "ygo.normal-draw.basics.first-turn-no-timing-before-the-draw"
PR433 = "ygo.first-turn.timing-before-the-draw-opens"


def test_which_must_not_come_compiles_to_opens_false_on_cannot_steps_only():
    s = suite()[FIRST_TURN]
    assert s["script"] == [{"player": "B", "do": "activate", "when": {"window": "before-draw", "opens": False},
                            "card": "bls", "legal": False}]
    assert s["format_minor"] == 1 and words.uses(s) == [("/script/0/when/opens", "opens")]
    msg = error_of(EVERY.replace("before the draw, every time this turn, player A cannot activate",
                                 "before the draw, which must not come, player A activates"))
    assert "`which must not come` only with a `cannot` step" in msg


@pytest.mark.parametrize("got, passes", [({"outcome": "not-reached"}, True), ({"outcome": "refused", "code": "not-offered"}, False),
                                         ({"outcome": "refused", "code": "timing"}, False), ({"outcome": "applied"}, False)])
def test_a_window_that_must_not_open_passes_only_when_it_never_opened(got, passes):
    from duelspec.checker import check
    s = suite()[FIRST_TURN]
    failures = check({**s, "expect": {}}, {"events": [], "steps": [{"index": 0, **got}], "final": {}})
    assert (not failures) == passes
    if not passes:
        assert "must not open, but it opened" in failures[0].message


def test_the_first_turn_replacement_of_pr_433_is_caught_only_with_which_must_not_come():
    """ND-02: format 2.0 could say it only as a refusal, which is `not-reached` (a failure) on a
    correct engine, or with no step at all, which an engine offering the replacement passes."""
    s = suite()[FIRST_TURN]
    assert outcome(s)["outcome"] == "passed"
    r = outcome(s, PR433)
    assert r["outcome"] == "failed" and any(f["pointer"] == "/script/0" for f in r["failures"])
    as_20 = json.loads(json.dumps(s))
    del as_20["format_minor"]
    del as_20["script"][0]["when"]["opens"]
    r20 = outcome(as_20)
    assert r20["outcome"] == "failed" and r20["failures"][0]["actual"]["outcome"] == "not-reached"
    weak = {**as_20, "script": [], "requires": [t for t in s["requires"] if t != "refusal"]}
    assert outcome(weak)["outcome"] == outcome(weak, PR433)["outcome"] == "passed"


# ------------------------------------------------------------------ 3. after the before-the-draw chain, before the draw
NO_NEW_CHAIN = "ygo.normal-draw.list.before.no-new-chain-after-its-chain"
PR476 = "ygo.before-draw.new-chain-after-its-chain"


def test_between_the_timing_and_the_draw_is_a_window_of_its_own():
    s = suite()[NO_NEW_CHAIN]
    assert s["script"][1]["when"] == {"window": "after-before-draw"} and s["format_minor"] == 1
    assert outcome(s)["outcome"] == "passed"
    r = outcome(s, PR476)
    assert r["outcome"] == "failed"
    step = next(f for f in r["failures"] if f["pointer"] == "/script/1")
    assert step["actual"]["outcome"] == "applied"


def test_the_engine_opens_that_window_after_the_timing_and_closes_it_before_the_normal_draw():
    from duelspec.adapters.kit import ScriptDriver as Driver
    seen = []

    class Spy(Driver):
        def open(self, window):
            seen.append(("open", window["window"], len(self.armed)))
            return super().open(window)

        def close(self, window):
            seen.append(("close", window if isinstance(window, str) else window["window"]))
            return super().close(window)

        def event(self, ev):
            if ev["event"] == "draw":
                seen.append(("draw", ev["normal"]))
            super().event(ev)
    s = suite()[NO_NEW_CHAIN]
    from duelspec.reference_engine import ygo
    ygo.play(s["setup"], Spy.for_scenario(s))
    kinds = [x[:2] for x in seen if x[0] != "open" or x[1] in ("before-draw", "after-before-draw")]
    kinds = [k for k in kinds if k[0] == "draw" or k[1] in ("before-draw", "after-before-draw")]
    assert kinds == [("open", "before-draw"), ("close", "before-draw"), ("open", "after-before-draw"),
                     ("close", "after-before-draw"), ("draw", True)]


def test_a_step_of_that_window_expires_when_the_draw_phase_ends():
    d = ScriptDriver([{"player": "B", "do": "activate", "when": {"window": "after-before-draw"}, "card": "m",
                       "legal": False}], setup=SETUP)
    d.event({"event": "phase", "phase": "standby", "turn": 2})
    assert d.outcomes[0]["outcome"] == "not-reached"
