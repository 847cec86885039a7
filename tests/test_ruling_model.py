"""The ruling model (duelspec.generated.model) against the ruling text, case by case."""
import pytest

from duelspec.generated.model import Link, rule

C, E, K, AF = "cost", "effect", "effect-continuous", "af2"
NA, NE, FZ, LF = "negate-activation", "negate-effect", "fizzle", "leaves-field"


def chain(*pairs, trigger=False):
    return rule([Link(*p) if isinstance(p, tuple) else Link(p) for p in pairs], trigger=trigger)


@pytest.mark.parametrize("kind,interference,draw,ruling", [
    # ND-TAB, row by row
    (C, NA, False, "ND-C1"), (C, NE, False, "ND-C1"), (C, FZ, False, "ND-C3"),
    (E, NA, True, "ND-E1"), (E, NE, True, "ND-E1"), (E, FZ, False, "ND-E3"),
    (AF, NA, True, "ND-AF2"), (AF, NE, False, "ND-AF1"), (AF, FZ, False, "ND-AF3"),
    # a continuous card: ND-E3 for a fizzle, ND-E4 when it leaves the field
    (K, FZ, False, "ND-E3"), (K, LF, True, "ND-E4"), (K, NA, True, "ND-E1"),
])
def test_summary_table(kind, interference, draw, ruling):
    r = chain((kind, interference))
    assert r.undecided is None
    assert r.draw is draw
    assert r.applied == [False]
    assert ruling in r.rulings
    if kind != K or interference != LF:
        assert "ND-TAB" in r.rulings or ruling == "ND-E4"


@pytest.mark.parametrize("kind", [C, E, K, AF])
def test_uninterfered_replacement_is_applied_and_no_draw(kind):
    r = chain(kind)
    assert (r.legal, r.applied, r.draw) == ([True], [True], False)


def test_second_cost_type_is_refused_ND_C4():
    r = chain(C, C)
    assert r.legal == [True, False] and r.applied == [True, False] and r.draw is False
    assert "ND-C4" in r.rulings


@pytest.mark.parametrize("after", [E, K])
def test_nothing_after_a_cost_type_ND_E6(after):
    r = chain(E, C, after)
    assert r.legal == [True, True, False]
    assert "ND-E6" in r.rulings


def test_cost_type_and_astral_force_never_share_a_chain_ND_AF4():
    assert chain(AF, C).legal == [True, False]
    assert chain(C, AF).legal == [True, False]
    assert "ND-AF4" in chain(AF, C).rulings and "ND-AF4" in chain(C, AF).rulings


def test_cost_type_after_effect_types_makes_them_fizzle_ND_C5():
    for what in ("none", NA, NE, FZ):
        r = chain(E, K, (C, what))
        assert r.applied == [False, False, what == "none"]
        assert r.draw is False and "ND-C5" in r.rulings


def test_last_effect_type_resolves_earlier_fizzle_ND_E7_E8():
    r = chain(E, E, E)
    assert r.applied == [False, False, True] and r.draw is False
    r = chain(E, E, (E, FZ))
    assert r.applied == [False, False, False] and r.draw is False
    assert "ND-E8" in r.rulings


@pytest.mark.parametrize("top", [(E, NA), (E, NE), (K, LF)])
def test_negated_last_one_lets_the_one_before_apply_ND_E9(top):
    r = chain(E, E, top)
    assert r.applied == [False, True, False] and r.draw is False
    assert "ND-E9" in r.rulings


def test_all_effect_types_negated_the_draw_is_conducted_ND_E10():
    r = chain((E, NE), (K, LF), (E, NA))
    assert r.applied == [False, False, False] and r.draw is True
    assert "ND-E10" in r.rulings


def test_fizzle_below_a_negated_top_still_spends_the_right():
    # ND-E9: the one before the negated top is "applied"; ND-E3: its fizzle spends the right
    r = chain((E, FZ), (E, NE))
    assert r.applied == [False, False] and r.draw is False


def test_trigger_timing_ND_T1():
    assert chain((E, NA), trigger=True).trigger == "after-draw"       # ND-T2's case
    assert chain((C, NA), trigger=True).trigger == "after-chain"
    assert chain((AF, NA), trigger=True).trigger == "after-draw"
    assert chain(E).trigger is None
    assert "ND-T1" in chain((E, NA), trigger=True).rulings


def test_a_continuous_cost_type_card_leaving_the_field_no_normal_draw():
    """Issue 9: decided by the page's one reason for every cost-type outcome, 「発動の時点で通常の
    ドローの権利は消費されている」: the right was spent at activation; its effect is not applied
    (its card left the field), and the effect-types below it fizzle (ND-C5)."""
    r = chain((C, LF))
    assert (r.undecided, r.legal, r.applied, r.draw) == (None, [True], [False], False)
    assert {"ND-C3", "ND-C5"} <= set(r.rulings)
    r = chain(E, (C, LF))
    assert (r.applied, r.draw) == ([False, False], False)


def test_mandatory_effects_come_first_and_a_mandatory_cost_type_shuts_the_chain():
    """Effects of the same timing: mandatory ones are placed first; after a (mandatory) cost-type
    nothing else can be activated (ND-E6), a second cost-type cannot pay (ND-C4)."""
    r = rule([Link(C, mandatory=True), Link(E)])
    assert r.legal == [True, False] and r.draw is False and "ND-E6" in r.rulings
    with pytest.raises(ValueError, match="mandatory"):
        rule([Link(E), Link(C, mandatory=True)])


@pytest.mark.parametrize("links", [
    [AF, E], [E, AF], [AF, K], [AF, AF],
])
def test_undecided_cases_claim_nothing(links):
    r = chain(*links)
    assert r.undecided and r.draw is None and r.legal == [] and r.rulings == []


def test_every_decision_cites_a_ruling():
    r = chain(E, (K, LF), (C, NE), E)
    assert r.decisions and all(d.rulings for d in r.decisions)


def test_bad_input_is_rejected():
    with pytest.raises(ValueError):
        Link("sin-world")
    with pytest.raises(ValueError):
        chain((E, LF))                  # only a continuous card can leave the field
    with pytest.raises(ValueError):
        chain()


H = Link(E, hand=True)          # an effect-type activated from the hand (Black Luster Soldier - Legendary Swordsman)


@pytest.mark.parametrize("public", [C, E, K, AF])
def test_an_effect_from_the_hand_cannot_come_before_a_public_one_YGO_GEN_HAND_TRIGGER(public):
    """The rules wiki, page 手札誘発: a trigger effect from the hand is activated only once the chain of
    the other ones is built; attempted first, it is refused and the public one is placed (issue 25)."""
    r = rule([H, Link(public)])
    assert r.legal == [False, True] and r.applied == [False, True] and r.draw is False
    assert r.general_rules == ["YGO-GEN-HAND-TRIGGER"]


def test_an_effect_from_the_hand_after_the_public_ones_is_placed_and_applied():
    r = rule([Link(E), H])
    assert (r.legal, r.applied, r.draw) == ([True, True], [False, True], False)
    r = rule([Link(E), H, Link(E)])            # a public one still to come: the one from the hand waits
    assert r.legal == [True, False, True] and r.applied == [False, False, True]
    r = rule([Link(C), H])                     # nothing after a cost-type (ND-E6), from the hand or not
    assert r.legal == [True, False] and "ND-E6" in r.rulings


def test_an_effect_from_the_hand_alone_is_legal_as_chain_link_1():
    assert rule([H]).legal == [True]


HD = Link(E, hand=True, after_declining=True)   # ... once the player declined the public ones (format 2.2, issue 35)


@pytest.mark.parametrize("public", [C, E, K, AF])
def test_the_public_ones_declined_the_effect_from_the_hand_is_chain_link_1_YGO_GEN_HAND_TRIGGER(public):
    """手札誘発: 「通常の誘発効果だけでチェーンを組み終えた後に発動できる」 — declining the optional public
    effects builds that chain with none: the one from the hand is chain link 1 and applied; a public
    attempt after it is refused (issue 35; the reading before was only the refusal of [H, public])."""
    r = rule([HD])
    assert (r.legal, r.applied, r.draw) == ([True], [True], False)
    r = rule([HD, Link(public)])
    assert r.legal == [True, False] and r.applied == [True, False] and r.draw is False
    assert "YGO-GEN-HAND-TRIGGER" in r.general_rules
    assert any("after attempt 1, one from the hand" in d.what for d in r.decisions)


def test_after_declining_is_only_for_an_effect_from_the_hand():
    with pytest.raises(ValueError):
        Link(E, after_declining=True)
