"""The generated Duel Masters attacks (duelspec/generated/dm_*.py, issue 34): the model's space, its
deduplication, the scenarios' validity, the reference engine passing all of them, and every DM mutant
killed by them alone (for one of the rulings it breaks, by a scenario tagged with it)."""
from __future__ import annotations

import json

import pytest

from duelspec.generated import dm_cards as C
from duelspec.generated import dm_generator as G
from duelspec.generated.dm_model import Creature, Situation, rule


@pytest.fixture(scope="module")
def generated():
    return list(G.scenarios())


@pytest.fixture(scope="module")
def reference():
    from duelspec.adapters.reference import ReferenceAdapter
    a = ReferenceAdapter()
    return a, a.implementation()


def _run(doc, reference):
    from duelspec.runner import run_one
    return run_one(doc, *reference)


def test_valid_unique_generated_and_tagged(generated):
    from duelspec.compiler import validate
    ids = [d["id"] for d in generated]
    assert len(ids) == len(set(ids)) and len(ids) > 100
    for d in generated:
        validate(d, d["id"])
        assert d["generated"] is True and d["id"].startswith("dm.generated.attack.")
        assert set(d["expect"]["carries"]) == set(d["rulings"]), d["id"]


def test_deterministic(generated):
    G._cases.cache_clear()
    again = list(G.scenarios())
    assert json.dumps(again, sort_keys=True) == json.dumps(generated, sort_keys=True)


def test_one_scenario_per_signature_and_every_signature_kept(generated):
    kept = {r.signature for _, _, r, _ in G.cases()}
    assert len(kept) == len(generated)
    every = {rule(s).signature for _, s, _ in G._all() if not rule(s).undecided}
    assert every == kept


def test_the_reference_engine_passes_every_generated_attack(generated, reference):
    bad = [(d["id"], r["outcome"]) for d in generated if (r := _run(d, reference))["outcome"] != "passed"]
    assert not bad, bad[:5]


def test_undecided_situations_get_no_scenario(generated):
    und = G.undecided()
    assert und, "the model leaves some situations undecided (Bone Spider destroyed by its battle)"
    ids = {d["id"] for d in generated}
    assert not ids & {i for i, _ in und}
    for sid, why in und:
        assert why and "page" in why


def test_cards_are_the_catalogues_and_their_japanese_text_says_so():
    from duelspec.catalogue import cards
    cat = cards("dm")
    for card in C.ATTACKERS + C.DEFENDERS + C.BLOCKERS + C.SOUL_PHOENIX_SOURCES + (C.STAINED_GLASS, C.BUSTER):
        entry = cat[card.code]
        assert entry["name"]["en"] == card.name
        assert entry["power"] == card.model.power, card.name
        for w in card.words:
            assert w in entry["text_ja"], (card.name, w)
        if not card.words:
            assert not entry["text_ja"] and not entry["text"], card.name
    for card in C.ATTACKERS:        # "when battling a fire creature" (Tajimal) sees the attacker's civilization
        assert card.model.fire == ("fire" in cat[card.code]["civilizations"]), card.name
    assert all(w in cat[C.TERROR_PIT[0]]["text_ja"] for w in C.TERROR_PIT[2])
    for code, name, words in (C.RAIDEN, C.CRACK_CRAWLER, C.PULSAR_TREE, C.AQUA_SURFER, C.GREGORIAN_WORM, C.HAYABUSAMARU):
        assert cat[code]["name"]["en"] == name and all(w in cat[code]["text_ja"] for w in words), name
    # Dolzark has no Japanese printing (dm-abilities.json lists it): its words are its English text's
    from duelspec.resources import features_dir
    dolzark = cat[C.DOLZARK.code]
    assert dolzark["name"]["en"] == C.DOLZARK.name and not dolzark.get("text_ja") and dolzark["power"] == C.DOLZARK.model.power
    assert all(w in dolzark["text"] for w in C.DOLZARK.words)
    table = json.loads((features_dir() / "cards" / "dm-abilities.json").read_text(encoding="utf-8"))
    assert C.DOLZARK.code in {e["card"] for e in table["no_japanese_text"]}
    for card in (C.REGARION, C.DOLZARK):       # 「自分の他のドラゴンが攻撃する時」 sees the attacker's race
        assert card.model.dragon == any("Dragon" in r for r in cat[card.code]["races"]), card.name
    assert not cat[C.SHEPHERD]["text_ja"] and not cat[C.SHEPHERD]["text"]      # Hayabusamaru's blocker: no text of its own
    assert cat[C.FILLER]["civilizations"] == ["water"]          # Crack Crawler's S・バック-水 discards it
    assert "water" not in cat[C.NOT_WATER]["civilizations"] and not cat[C.NOT_WATER]["text_ja"]


def test_the_model_decides_from_the_rulings():
    fang, shepherd = Creature(3000), Creature(5000)
    r = rule(Situation(fang, "tapped", shepherd))
    assert r.battle == ("defender", 3000, 5000, "opponent") and r.destroyed == ["attacker"]
    assert {"AT-B1", "AT-B3"} <= set(r.rulings)
    assert rule(Situation(fang, "untapped", shepherd)).legal is False
    r = rule(Situation(Creature(9000, breaker=2), "player", shields=1))
    assert r.broken == 1 and not r.direct_win
    assert rule(Situation(fang, "player", shields=0)).direct_win
    r = rule(Situation(fang, "player", shields=0, blocker=Creature(4000, blocker=True), block="block"))
    assert not r.direct_win and r.battle[3] == "opponent"
    with pytest.raises(ValueError):
        Situation(fang, "player", shields=0, trigger="use")


def test_a_generated_expectation_can_fail(generated, reference):
    """Each kind of expectation fails when the engine does otherwise: flip the battle's winner."""
    doc = next(d for d in generated if any(e.get("event") == "battle" for e in d["expect"]["events"]))
    bad = json.loads(json.dumps(doc))
    for e in bad["expect"]["events"]:
        if e.get("event") == "battle":
            e["winner"] = "nobody-real"
    assert _run(bad, reference)["outcome"] == "failed"


def test_every_dm_mutant_is_killed_by_the_generated_set(generated, reference):
    """Every DM mutant of `duelspec mutants` fails a generated scenario tagged with one of the rulings it breaks."""
    from duelspec.mutation import applied, registry
    from duelspec.mutation.matrix import KILLS, outcome_of
    survivors = set()
    for name, m in registry("dm").items():
        tagged = [d for d in generated if set(d["rulings"]) & set(m.rulings)]
        with applied(m):          # each mutant stops at its first killer: the test stays cheap
            if not any(outcome_of(_run(d, reference)) in KILLS for d in tagged):
                survivors.add(name)
    assert registry("dm") and not survivors, sorted(survivors)


def test_a_lasting_effect_is_observed_in_a_later_turn(generated):
    """The next-turn axis (AT-S4): the refused block of turn 5 is a step of that turn, carried by AT-S4."""
    doc = next(d for d in generated if d["id"].endswith(".hayabusamaru.turn-5"))
    assert doc["setup"]["stop"] == {"turn": 5, "phase": "end"} and "several-turns" in doc["requires"]
    i, step = next((i, st) for i, st in enumerate(doc["script"]) if st.get("legal") is False)
    assert step["do"] == "block" and step["when"] == {"window": "AT-S4", "attack": 1, "turn": 5}
    assert f"/script/{i}" in doc["expect"]["carries"]["AT-S4"]


@pytest.mark.parametrize("defender", ["axe", "marshias"])
def test_an_attacking_evolution_creature_the_battle_destroys_is_undecided(defender):
    """Found by `duelspec explore` on the reference engine (outside the generated set's space, which keeps Soul
    Phoenix to the player and Fear Fang): the battle destroys Soul Phoenix (slayer; a creature that wins every
    battle), its sources stay (a split) and AT-D4's choice of which creature attacks, blocks or battles has
    nothing left to decide; the page does not say whether AP chooses then: no scenario."""
    phoenix = next(a for a in C.ATTACKERS if a.model.sources)
    d = next(x for x in C.DEFENDERS if x.slug == defender)
    r = rule(Situation(phoenix.model, "tapped", d.model))
    assert r.undecided and "AT-D4" in r.undecided
    fang = next(x for x in C.DEFENDERS if x.slug == "fang")
    assert not rule(Situation(phoenix.model, "tapped", fang.model)).undecided      # it wins and stays: decided
