"""The DM feature files: every scenario compiles, runs on the reference engine and passes;
mutating an expectation makes the checker fail; bad features give errors with file and line."""
import copy

import pytest

from duelspec import validation
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.checker import check
from duelspec.compiler import compile_paths, compile_text
from duelspec.catalogue import rulings
from duelspec.resources import features_dir

COMPILED = compile_paths([features_dir() / "dm"])
ADAPTER = ReferenceAdapter()


def test_dm_features_compile_without_errors():
    assert [str(e.error) for e in COMPILED.errors] == []
    assert len(COMPILED.scenarios) >= 40


def test_every_at_ruling_is_covered():
    covered = {r for s in COMPILED.scenarios for r in s["rulings"]}
    assert {r for r in rulings() if r.startswith("AT-")} <= covered


@pytest.mark.parametrize("scenario", COMPILED.scenarios, ids=lambda s: s["id"])
def test_scenario_passes_on_reference_engine(scenario):
    reply = ADAPTER.run(scenario)
    assert "trace" in reply, reply
    validation.check(reply["trace"], "trace", scenario["id"])
    assert [f.as_dict() for f in check(scenario, reply["trace"])] == []


def _mutations(s):
    """Every single-field mutation of an expectation (a changed value must make the check fail)."""
    for i, pat in enumerate(s["expect"].get("events", [])):
        for k, v in pat.items():
            if k == "event":
                continue
            m = copy.deepcopy(s)
            m["expect"]["events"][i][k] = (not v) if isinstance(v, bool) else (v + 1 if isinstance(v, int) else
                                                                               ["zzz"] if isinstance(v, list) else "zzz")
            yield f"/expect/events/{i}/{k}", m
    for cid, st in s["expect"].get("final", {}).get("cards", {}).items():
        for k, v in st.items():
            m = copy.deepcopy(s)
            m["expect"]["final"]["cards"][cid][k] = (not v) if isinstance(v, bool) else (v + 1 if isinstance(v, int) else "deck" if v != "deck" else "hand")
            yield f"/expect/final/cards/{cid}/{k}", m


@pytest.mark.parametrize("scenario", COMPILED.scenarios, ids=lambda s: s["id"])
def test_mutated_expectation_fails(scenario):
    trace = ADAPTER.run(scenario)["trace"]
    muts = list(_mutations(scenario))
    assert muts, "a scenario without expectations"
    for where, m in muts:
        assert check(m, trace), f"mutating {where} was not detected"


def test_unknown_step_names_file_and_line():
    text = "@game:dm\nFeature: x\n  @id:dm.bad.step @ruling:AT-01\n  Scenario: s\n    Given it is turn 3, player A's attack phase\n    When in step AT-S1, player A flies away\n"
    out = compile_text(text, "features/dm/bad.feature")
    assert not out.scenarios
    msg = str(out.errors[0].error)
    assert "features/dm/bad.feature:line 6" in msg and "flies away" in msg


def test_unknown_card_names_file_and_line():
    text = ('@game:dm\nFeature: x\n  @id:dm.bad.card @ruling:AT-01\n  Scenario: s\n'
            '    Given it is turn 3, player A\'s attack phase\n    And player A has "No Such Dragon" in the battle zone\n')
    msg = str(compile_text(text, "features/dm/bad.feature").errors[0].error)
    assert "features/dm/bad.feature:line 6" in msg and "No Such Dragon" in msg


def test_bad_scenario_does_not_stop_the_others():
    text = ('@game:dm\nFeature: x\n  Background:\n    Given it is turn 3, player A\'s attack phase\n'
            '  @id:dm.bad.one @ruling:AT-01\n  Scenario: bad\n    When player A flies away\n'
            '  @id:dm.good.one @ruling:AT-01\n  Scenario: good\n    Given player A has "Fear Fang" in the battle zone\n'
            '    When in step AT-S1, player A attacks player B with "Fear Fang"\n    Then player A wins the game by direct attack\n')
    out = compile_text(text, "features/dm/mixed.feature")
    assert [s["id"] for s in out.scenarios] == ["dm.good.one"] and len(out.errors) == 1
    reply = ADAPTER.run(out.scenarios[0])
    assert check(out.scenarios[0], reply["trace"]) == []
