"""Generated scenarios: valid, deterministic, and the reference engine agrees with the ruling
model on every one of them (and on random other card choices, with hypothesis)."""
import collections
import copy
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from duelspec.adapters.reference import ReferenceAdapter
from duelspec.compiler import validate
from duelspec.generated import generator, scenarios
from duelspec.generated.model import Link, rule
from duelspec.runner import run_one


@pytest.fixture(scope="module")
def generated():
    return list(scenarios())


@pytest.fixture(scope="module")
def reference():
    a = ReferenceAdapter()
    return a, a.start()


def test_some_scenarios_are_generated_for_every_kind(generated):
    assert len(generated) > 1000
    kinds = collections.Counter(k for s in generated for k in s["id"].split(".")[3].split("-"))
    assert set(kinds) == {"c", "cm", "e", "h", "k", "af"}
    assert any(".refused." in s["id"] for s in generated)


def test_valid_unique_and_marked_generated(generated):
    ids = [s["id"] for s in generated]
    assert len(ids) == len(set(ids))
    for s in generated:
        validate(s)
        assert s["generated"] is True
        assert s["id"].startswith("ygo.generated.chain.")


def test_deterministic_byte_identical(generated):
    again = list(scenarios())
    assert json.dumps(again, sort_keys=False).encode() == json.dumps(generated, sort_keys=False).encode()


def test_reference_engine_agrees_with_the_model_on_every_generated_scenario(generated, reference):
    adapter, impl = reference
    outcomes = collections.Counter()
    bad = []
    for s in generated:
        r = run_one(s, adapter, impl)
        outcomes[r["outcome"]] += 1
        if r["outcome"] != "passed":
            bad.append((s["id"], r.get("failures") or r.get("message")))
    assert outcomes["passed"] > 0, "no generated scenario was executed"
    assert not bad, f"{len(bad)} generated scenarios disagree: {bad[:3]}"


def _draw_expected(s):
    return any(p.get("event") == "draw" and p.get("normal") for p in s["expect"]["events"])


def test_expectations_can_fail(generated, reference):
    """Inverting the model's draw decision makes the engine's trace fail the scenario."""
    adapter, impl = reference
    for s in generated[::97]:
        m = copy.deepcopy(s)
        normal = {"event": "draw", "player": "A", "normal": True}
        if _draw_expected(m):
            m["expect"]["events"] = [p for p in m["expect"]["events"] if not (p.get("event") == "draw")]
            m["expect"]["never"].append(normal)
        else:
            m["expect"]["never"].remove(normal)
            m["expect"]["events"].append(normal)
        assert run_one(m, adapter, impl)["outcome"] == "failed", s["id"]


def test_undecided_cases_get_no_scenario(generated):
    ids = {s["id"] for s in generated}
    und = generator.undecided()
    assert und and not ids & {i for i, _ in und}
    assert all(why.startswith("undecided: ") and len(why) > 30 for _, why in und)


def test_cited_rulings_are_the_models(generated):
    s = next(s for s in generated if s["id"] == "ygo.generated.chain.e-e.n-na.1")
    assert "ND-E9" in s["rulings"] and "ND-E5" in s["rulings"]


KINDS = st.sampled_from(["cost", "effect", "effect-continuous", "af2"])
INTF = st.sampled_from(["none", "negate-activation", "negate-effect", "fizzle", "leaves-field"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(links=st.lists(st.tuples(KINDS, INTF), min_size=1, max_size=4), rot=st.integers(0, 10**6))
def test_property_random_legal_chains_engine_equals_model(links, rot):
    kinds = tuple(k for k, _ in links)
    ruling = rule([Link(k) for k in kinds])
    assume(not ruling.undecided and all(ruling.legal))
    its = tuple(i if not (i == "leaves-field" and k not in ("cost", "effect-continuous")) else "none" for k, i in links)
    case = generator.Case(kinds, its)
    doc = generator.instantiate(case, rot)
    assume(isinstance(doc, dict))
    validate(doc)
    adapter = ReferenceAdapter()
    r = run_one(doc, adapter, adapter.start())
    assert r["outcome"] == "passed", (doc["id"], doc["title"], r.get("failures") or r.get("message"))


def test_the_benchmarks_readme_counts_the_generated_set(generated):
    """benchmarks/README.md states the size of the generated set: it comes from here (README.md's
    count is checked by tests/test_readme.py)."""
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    n = f"{len(generated):,}"
    refused = sum(".refused." in s["id"] for s in generated)
    bench = (root / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert f"{n} scenarios: {len(generated) - refused:,} legal chains + {refused} refusal cases" in bench


def test_a_shard_generates_only_its_own_chains(generated, monkeypatch):
    """``scenarios(keep)`` (issue 26: a shard of a run generates only its chains) gives exactly the
    kept scenarios of the whole set, in order, and instantiates no other case nor works out its ruling."""
    from duelspec.selection import shard_of
    built = []
    real = generator.build
    monkeypatch.setattr(generator, "build", lambda case, *a: built.append(case.id) or real(case, *a))
    ruled = []
    real_rule = generator.rule
    monkeypatch.setattr(generator, "rule", lambda *a, **k: ruled.append(1) or real_rule(*a, **k))
    part = list(scenarios(lambda i: shard_of(i, 8) == 3))
    assert [s["id"] for s in part] == [s["id"] for s in generated if shard_of(s["id"], 8) == 3]
    assert part and built == [s["id"] for s in part]
    in_part = len(ruled)
    ruled.clear()
    everything = len(list(generator.combinations()))
    assert everything and in_part < len(ruled) / 4     # the other shards' cases are not even ruled on


def test_each_replacement_wants_exactly_its_own_resources_where_they_lie():
    """cards.wanted works out only the predicate a card's ``picks`` names (issue 26: the generator asks
    ~400,000 times): every resource of a card that picks from the Deck or the GY is wanted where the
    setup puts it and nowhere else, and each predicate is the one of its own card."""
    from duelspec.catalogue import cards
    from duelspec.generated import cards as C
    catalogue = cards("ygo")
    picking = [c for c in C.REPLACEMENTS if c.picks not in ("self", "targets", "top-of-deck")]
    assert picking and set(C.WANTS) >= {c.picks for c in picking}
    for c in picking:
        for rid, code, zone in c.resources:
            assert C.wanted(c.picks, catalogue[code], zone), (c.slug, rid)
            assert not C.wanted(c.picks, catalogue[code], "hand"), (c.slug, rid)
        others = [p for p in C.WANTS if p != c.picks]
        assert any(not C.wanted(p, catalogue[code], zone) for p in others for _, code, zone in c.resources), c.slug
    assert not C.wanted("self", catalogue[C.REPLACEMENTS[0].code], "deck")


def test_the_card_sets_tried_once_per_run_give_what_each_case_alone_gives():
    """One run of the generator remembers which card sets are consistent (issue 26: the cases try the
    same sets again and again); each case instantiates as it does alone, without that memory."""
    cat = generator._catalogue()
    memo: dict = {}
    cases = [case for case, ruling in generator.combinations() if not ruling.undecided]
    with_memo = [generator._instantiate(case, cat, memo=memo) for case in cases]
    assert memo and len(memo) < len(cases) * 4          # it was used, and sets were tried again
    assert with_memo == [generator._instantiate(case, cat) for case in cases]


# ------------------------------------------------------------------ declines (the explorer's axis)
@pytest.fixture(scope="module")
def with_declines():
    """A fixed sample (one case in 40 by a stable hash of its id) of the chains with declines the
    explorer draws (format 2.2's ``decline``; the generated set has none)."""
    import zlib
    return list(generator.declined_scenarios(keep=lambda i: zlib.crc32(i.encode()) % 40 == 0))


def test_chains_with_declines_are_valid_and_the_reference_engine_agrees(with_declines, reference):
    adapter, impl = reference
    assert len(with_declines) > 50
    ids = {s["id"] for s in with_declines}
    assert not ids & {s["id"] for s in scenarios()}, "a chain with declines is not one of the generated set"
    bad = []
    for s in with_declines:
        validate(s, s["id"])
        assert s["format_minor"] == 2 and ".declined" in s["id"]
        r = run_one(s, adapter, impl)
        if r["outcome"] != "passed":
            bad.append((s["id"], r.get("failures")))
    assert not bad, bad[:3]


def test_a_chain_with_declines_declines_every_public_card_still_offered(with_declines):
    """The model's premise (``Link.after_declining``): every public effect still offered is declined
    before the one from the hand, the public ones attempted after it too (then refused: ND-05,
    YGO-GEN-HAND-TRIGGER), and a declined card is never activated."""
    seen_after = False
    for s in with_declines:
        steps = s["script"]
        hand = next(i for i, st_ in enumerate(steps) if st_["do"] == "activate" and st_["card"] == "black-luster-soldier")
        declined = {st_["card"] for st_ in steps[:hand] if st_["do"] == "decline"}
        after = [st_ for st_ in steps[hand + 1:] if st_["player"] == "A"]
        assert declined, s["id"]
        for st_ in after:
            seen_after = True
            assert st_["card"] in declined and st_.get("legal") is False, s["id"]
        for card in declined:
            assert {"event": "activate", "card": card} in s["expect"]["never"], s["id"]
    assert seen_after


def test_declines_kill_the_mutant_the_generated_set_cannot_reach(with_declines, reference):
    """`ygo.hand-trigger.public-after-hand` (a public effect still placed after one from the hand)
    needs a declined public one: the chains with declines kill it."""
    from duelspec.mutation import applied, get
    adapter, impl = reference
    with applied(get("ygo.hand-trigger.public-after-hand")):
        assert any(run_one(s, adapter, impl)["outcome"] == "failed" for s in with_declines)
