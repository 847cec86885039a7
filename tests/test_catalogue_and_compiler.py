"""Ruling coverage, catalogues, the compiler's bad-input errors, and expectation mutation."""
import copy
import json

import pytest

from duelspec import compiler
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.catalogue import cards, rulings
from duelspec.errors import InputError
from duelspec.runner import run_one
from shared_material import shared_dirs

from event_patterns import expected_patterns, pattern_at


@pytest.fixture(scope="module")
def compiled():
    out = compiler.compile_paths()
    assert out.scenarios, "no scenario compiled"
    return out


def test_every_feature_compiles(compiled):
    assert compiled.errors == [], "\n".join(str(e.error) for e in compiled.errors)


@pytest.mark.parametrize("game", ["ygo", "dm"])
def test_every_catalogued_ruling_has_a_scenario(compiled, game):
    tagged = {r for s in compiled.scenarios for r in s["rulings"]}
    catalogued = {rid for rid, r in rulings().items() if r.game == game}
    missing = sorted(catalogued - tagged)
    if game == "dm" and not any(s["game"] == "dm" for s in compiled.scenarios):
        pytest.skip("the Duel Masters features are not in this checkout yet")
    assert not missing, f"rulings without a scenario: {missing}"


def test_no_scenario_tags_an_unknown_ruling(compiled):
    known = set(rulings())
    assert all(r in known for s in compiled.scenarios for r in s["rulings"])


def _ids_of_restatement(path):
    import re
    return set(re.findall(r"^- \*\*([A-Z]{2}-[A-Za-z0-9-]+)\*\*", path.read_text(encoding="utf-8"), re.M))


def test_catalogue_matches_the_restated_rulings():
    """features/rulings/*.json holds exactly the IDs of docs/rulings/*.md (the English
    restatements of the source pages), and of ../shared/rulings when it is beside the checkout."""
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[1]
    ids = set().union(*(_ids_of_restatement(f) for f in (root / "docs" / "rulings").glob("*.md")))
    assert ids == set(rulings())
    for shared in shared_dirs("rulings"):
        assert set().union(*(_ids_of_restatement(f) for f in shared.glob("*.md"))) == ids, shared


def test_every_card_of_a_scenario_is_catalogued_with_a_source(compiled):
    for s in compiled.scenarios:
        cat = cards(s["game"])
        for c in s["setup"]["cards"]:
            assert c["card"] in cat
            assert cat[c["card"]]["sources"]


def test_scenario_ids_are_unique(compiled):
    ids = [s["id"] for s in compiled.scenarios]
    assert len(ids) == len(set(ids))


BAD_FEATURES = {
    "unknown step": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                     '    Given player B went first\n    When before the draw, player A dances\n', "line 6", "a known When step"),
    "step without its moment": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                                '    Given player B went first\n    When player A activates "x"\n', "line 6",
                                "a When step that starts with its moment"),
    "a passes step": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                      '    Given player B went first\n    When before the draw, player A passes\n', "line 6",
                      "no `passes` step"),
    "a bare passes step": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                           '    Given player B went first\n    When player A passes\n', "line 6", "no `passes` step"),
    "an open window of the other player": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                                           '    Given it is turn 2, player A\'s Draw Phase, before the draw\n'
                                           '    And player A has "Reload" as "r" in hand\n'
                                           '    When in player B\'s Main Phase 1, player A activates "r"\n', "line 7",
                                           "the turn player of that turn"),
    "a refusal code on a legal step": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                                       '    Given it is turn 2, player A\'s Draw Phase, before the draw\n'
                                       '    And player A has "Reload" as "r" in hand\n'
                                       '    When before the draw, player A activates "r" (refused: timing)\n', "line 7",
                                       "only at the end of a `cannot` step"),
    "an unknown refusal code": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                                '    Given it is turn 2, player A\'s Draw Phase, before the draw\n'
                                '    And player A has "Reload" as "r" in hand\n'
                                '    When before the draw, player A cannot activate "r" (refused: bad luck)\n', "line 7",
                                "a refusal code of the vocabulary"),
    "unknown card": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-01\n  Scenario: s\n'
                     '    Given player A has "No Such Card" in hand\n', "line 5", "a card of the ygo catalogue"),
    "no id": ('@game:ygo\nFeature: x\n  @ruling:ND-01\n  Scenario: s\n    Given player B went first\n', "line 4", "@id:"),
    "unknown ruling": ('@game:ygo\nFeature: x\n  @id:t.x @ruling:ND-99\n  Scenario: s\n    Given player B went first\n'
                       '    And it is turn 2, player A\'s Draw Phase, before the draw\n', "/rulings/0", "ruling catalogue"),
    "not gherkin": ("@game:ygo\nFeature: x\n  Scenario: s\n    Given a\nFeature: y\n", "line 5", "valid Gherkin"),
}


@pytest.mark.parametrize("name", sorted(BAD_FEATURES))
def test_bad_feature_errors_name_file_and_location(name):
    text, where, expected = BAD_FEATURES[name]
    good = ('\n  @id:t.good @ruling:ND-01\n  Scenario: fine\n    Given player B went first\n'
            '    And it is turn 2, player A\'s Draw Phase, before the draw\n'
            '    And the top card of player A\'s deck is "Alexandrite Dragon" as "top"\n'
            '    Then player A conducts the normal draw, drawing "top"\n')
    out = compiler.compile_text(text + (good if name != "not gherkin" else ""), "bad.feature")
    assert out.errors, "the bad scenario must be reported"
    err = out.errors[0].error
    assert isinstance(err, InputError) and err.file.startswith("bad.feature")
    assert where in err.location and expected in err.expected
    if name != "not gherkin":
        assert [s["id"] for s in out.scenarios] == ["t.good"], "the other scenarios still compile"


def test_schema_error_has_a_json_pointer(compiled):
    doc = copy.deepcopy(compiled.scenarios[0])
    doc["setup"]["cards"][0]["zone"] = "moon"
    with pytest.raises(InputError) as e:
        compiler.validate(doc, "x.json")
    assert e.value.location == "/setup/cards/0/zone"


def test_unknown_card_id_in_json_is_reported(compiled):
    doc = copy.deepcopy(next(s for s in compiled.scenarios if s["game"] == "ygo" and s["setup"]["cards"]))
    doc["setup"]["cards"][0]["card"] = "00000000"
    with pytest.raises(InputError) as e:
        compiler.validate(doc, "x.json")
    assert e.value.location == "/setup/cards/0/card" and "catalogue" in e.value.expected


def _mutations(s):
    """Each way of breaking one expectation of scenario ``s``."""
    exp = s["expect"]
    for where, p in expected_patterns(s):
        for k, v in p.items():
            if k == "event":
                continue
            m = copy.deepcopy(s)
            pattern_at(m, where)[k] = (not v) if isinstance(v, bool) else (v + 7 if isinstance(v, int) else ["nonexistent"] if isinstance(v, list) else "nonexistent")
            yield f"{where}/{k}", m
    for i, p in enumerate(exp.get("never", [])):
        m = copy.deepcopy(s)
        m["expect"]["never"][i] = {"event": p["event"]} if len(p) > 1 else p
        if m["expect"]["never"][i] != p:
            yield f"never/{i}", m
    for cid, st in exp.get("final", {}).get("cards", {}).items():
        m = copy.deepcopy(s)
        m["expect"]["final"]["cards"][cid]["zone"] = "banished" if st.get("zone") != "banished" else "hand"
        yield f"final/cards/{cid}", m
    for i, st in enumerate(s["script"]):
        m = copy.deepcopy(s)
        m["script"][i]["legal"] = not st.get("legal", True)
        yield f"script/{i}", m


def test_every_broken_expectation_fails(compiled):
    """Mutate expectations of every passing scenario: the checker must report each mutant."""
    adapter = ReferenceAdapter()
    impl = adapter.start()
    checked = 0
    for s in compiled.scenarios:
        base = run_one(s, adapter, impl)
        if base["outcome"] != "passed":
            continue
        for what, mutant in _mutations(s):
            r = run_one(mutant, adapter, impl)
            if what.startswith("never/") and r["outcome"] == "passed":
                continue  # a broader `never` may still hold (nothing of that kind happened at all)
            assert r["outcome"] in ("failed", "errored"), f"{s['id']}: mutant {what} still passes"
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", ["ygo", "dm"])
def test_every_ruling_is_named_where_its_engine_decides_it(game):
    """A newcomer finds the engine code of a ruling with `grep -n <ID> reference_engine/<game>/`."""
    import pathlib, re
    import duelspec.reference_engine as re_pkg
    folder = pathlib.Path(re_pkg.__file__).parent / game
    text = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
    missing = [rid for rid, r in rulings().items() if r.game == game and not re.search(re.escape(rid) + r"\b", text)]
    assert not missing, f"rulings not named in reference_engine/{game}/: {missing}"


def test_duelspec_cards_looks_a_card_up_by_passcode_name_or_set_number():
    """`duelspec cards` (issue 13): passcode with or without the leading zero, Japanese name,
    part of an English name, a Duel Masters set number; nothing found is exit 1."""
    from click.testing import CliRunner
    from duelspec.cli import main
    run = lambda *a: CliRunner().invoke(main, ["cards", *a])  # noqa: E731
    r = run("2295831")
    assert r.exit_code == 0 and "[ygo] 02295831  Symbol of Friendship  /  ピースの輪" in r.output
    r = run("灰流うらら")
    assert r.exit_code == 0 and r.output.startswith("[ygo] 14558127  Ash Blossom & Joyous Spring")
    r = run("shocktroop")
    assert r.exit_code == 0 and "Alien Shocktrooper" in r.output and "source (" in r.output
    r = run("DM-01 109/110", "--format", "json")
    assert r.exit_code == 0 and json.loads(r.output)[0]["name"]["en"] == "Tri-horn Shepherd"
    r = run("no such card at all")
    assert r.exit_code == 1 and "no card matches" in r.output


def test_duelspec_cards_folds_full_width_letters():
    """Found by the break-it round: full-width letters (as in the OCG's Japanese names) match their
    ASCII form, and a long unmatched query is not echoed whole."""
    from click.testing import CliRunner
    from duelspec.cli import main
    r = CliRunner().invoke(main, ["cards", "Sin サイバー"])
    assert r.exit_code == 0 and "Malefic Cyber End Dragon" in r.output
    r = CliRunner().invoke(main, ["cards", "ＡＳＨ"])
    assert r.exit_code == 0 and "Ash Blossom" in r.output
    r = CliRunner().invoke(main, ["cards", "q" * 5000])
    assert r.exit_code == 1 and len(r.output) < 1000
