"""setup.random: a scenario states the random results it depends on; the reference engine
forces them, and skips with the reason when its random events differ."""
import pytest

from duelspec.adapters.reference import ReferenceAdapter
from duelspec.compiler import compile_text
from duelspec.runner import run_one

RELOAD = '''@game:ygo
Feature: x
  @id:t.reload-shuffle @ruling:ND-04
  Scenario: s
    Given player B went first
    And it is turn 2, player A's Draw Phase, after the draw
    And player A controls "Heart of the Underdog" as "underdog" face-up in the spell & trap zone
    And player A has "Reload" as "reload" in hand
    And player A has "Alexandrite Dragon" as "alexandrite" in hand
    And player A's deck holds "Mystical Elf", in this order from the top
    And the next shuffle of player A's deck leaves it {order}, in this order from the top
    When in player A's Draw Phase, player A activates "reload"
    And after "mystical-elf" is drawn by a card effect, player A activates "underdog"
    Then player A draws "mystical-elf" by a card effect
    And "underdog" is activated
    And player A draws "alexandrite" by a card effect
'''


def run(text):
    out = compile_text(text, "t.feature")
    assert not out.errors, [str(e.error) for e in out.errors]
    a = ReferenceAdapter()
    return out.scenarios[0], run_one(out.scenarios[0], a, a.start())


def test_a_stated_shuffle_is_forced():
    s, r = run(RELOAD.format(order='"mystical-elf", "alexandrite"'))
    assert s["setup"]["random"] == [{"kind": "shuffle", "player": "A", "order": ["mystical-elf", "alexandrite"]}]
    assert r["outcome"] == "passed", r


def test_the_other_order_gives_the_other_draws():
    _, r = run(RELOAD.format(order='"alexandrite", "mystical-elf"'))
    assert r["outcome"] == "failed", r


@pytest.mark.parametrize("extra, why", [
    ("    And the next coin toss comes up heads\n", "cannot force the scenario's random results"),
    ("    And the next die roll is 3\n", "did not happen"),
])
def test_random_results_the_engine_does_not_produce_are_a_visible_skip(extra, why):
    text = RELOAD.format(order='"mystical-elf", "alexandrite"')
    if "coin" in extra:     # before the shuffle: the engine's next random event is the shuffle
        text = text.replace("    And the next shuffle", extra + "    And the next shuffle")
    else:
        text = text.replace("    When in player", extra + "    When in player")
    _, r = run(text)
    assert r["outcome"] == "skipped" and why in r["reason"], r
