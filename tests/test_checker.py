"""The checker: every kind of expectation can fail, and passes only when met."""
from duelspec.judging.checker import check, matches

SCEN = {
    "script": [{"player": "A", "do": "activate", "card": "x"}, {"player": "B", "do": "activate", "card": "y", "legal": False}],
    "expect": {
        "events": [{"event": "activate", "card": "x", "link": 1}, {"event": "draw", "player": "A", "normal": True}],
        "never": [{"event": "move", "card": "z", "to": "hand"}],
        "final": {"cards": {"x": {"zone": "graveyard"}}, "players": {"A": {"lp": 8000, "counts": {"hand": 1}}}, "winner": None},
    },
}
TRACE = {
    "format": 1,
    "events": [{"event": "phase", "phase": "draw"}, {"event": "activate", "card": "x", "link": 1},
               {"event": "resolve", "link": 1}, {"event": "draw", "player": "A", "cards": ["t"], "normal": True}],
    "steps": [{"index": 0, "outcome": "applied"}, {"index": 1, "outcome": "refused"}],
    "final": {"cards": {"x": {"zone": "graveyard"}}, "players": {"A": {"lp": 8000, "counts": {"hand": 1}}}, "winner": None},
}


def test_a_met_scenario_passes():
    assert check(SCEN, TRACE) == []


def test_order_matters():
    t = dict(TRACE, events=[TRACE["events"][3], TRACE["events"][1]])
    fails = check(SCEN, t)
    assert [f.pointer for f in fails] == ["/expect/events/1"]
    assert "wrong order" in fails[0].message


def test_missing_event_fails():
    t = dict(TRACE, events=TRACE["events"][:3])
    assert [f.pointer for f in check(SCEN, t)] == ["/expect/events/1"]


def test_never_fails_when_it_occurs():
    t = dict(TRACE, events=TRACE["events"] + [{"event": "move", "card": "z", "from": "deck", "to": "hand"}])
    assert [f.pointer for f in check(SCEN, t)] == ["/expect/never/0"]


def test_final_state_and_winner_and_counts():
    t = dict(TRACE, final={"cards": {"x": {"zone": "hand"}}, "players": {"A": {"lp": 7000, "counts": {"hand": 2}}}, "winner": "B"})
    assert sorted(f.pointer for f in check(SCEN, t)) == [
        "/expect/final/cards/x/zone", "/expect/final/players/A/counts/hand", "/expect/final/players/A/lp", "/expect/final/winner"]


def test_step_legality_both_ways():
    t = dict(TRACE, steps=[{"index": 0, "outcome": "refused"}, {"index": 1, "outcome": "applied"}])
    assert [f.pointer for f in check(SCEN, t)] == ["/script/0", "/script/1"]
    t = dict(TRACE, steps=[{"index": 0, "outcome": "applied"}, {"index": 1, "outcome": "not-reached"}])
    assert "never asked" in check(SCEN, t)[0].message


def test_arrays_match_as_multisets():
    assert matches({"event": "break", "shields": ["a", "b"]}, {"event": "break", "shields": ["b", "a"]})
    assert not matches({"event": "break", "shields": ["a", "b"]}, {"event": "break", "shields": ["a"]})


# ------------------------------------------------------------------ groups against a brute-force oracle (issue 26)
import itertools  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

_EVENT = st.fixed_dictionaries({"event": st.sampled_from(["activate", "resolve", "move"])},
                               optional={"link": st.integers(1, 3), "card": st.sampled_from(["x", "y"]),
                                         "cards": st.lists(st.sampled_from(["x", "y"]), max_size=2)})


def _group_end_by_brute_force(item: dict, events: list, pos: int):
    """Where an ``any_order`` / ``together`` group ends when it is found from ``pos`` on (None:
    nowhere), by trying every assignment of its patterns to distinct events: ``any_order``: the
    smallest possible last event; ``together``: the first run of consecutive events they fill."""
    from duelspec.judging.checker import matches
    together = "together" in item
    pats = item["together"] if together else item["any_order"]
    k = len(pats)
    if together:
        for start in range(pos, len(events) - k + 1):
            if any(all(matches(p, events[j]) for p, j in zip(pats, perm))
                   for perm in itertools.permutations(range(start, start + k))):
                return start + k - 1
        return None
    ends = [max(perm) for perm in itertools.permutations(range(pos, len(events)), k)
            if all(matches(p, events[j]) for p, j in zip(pats, perm))]
    return min(ends) if ends else None


@settings(max_examples=400, deadline=None)
@given(st.lists(_EVENT, max_size=7), st.lists(_EVENT, min_size=2, max_size=3), st.booleans(), st.integers(0, 3),
       st.sampled_from([[], ["link"], ["card"], ["link", "cards"]]))
def test_groups_end_where_every_assignment_says(events, pats, together, pos, drop):
    """The checker's group matching (candidates by event kind, then a matching of patterns to
    events) finds the place the brute force over all assignments finds, or fails when it finds none."""
    from duelspec.judging.checker import _group
    pats = [{k: v for k, v in p.items() if k not in drop} for p in pats]
    item = {"together" if together else "any_order": pats}
    pos = min(pos, len(events))
    by_kind: dict = {}
    for j, ev in enumerate(events):
        by_kind.setdefault(ev.get("event"), []).append(j)
    key = "together" if together else "any_order"
    end, fail = _group(key, list(enumerate(pats)), events, pos, "/expect/events/0", by_kind)
    want = _group_end_by_brute_force(item, events, pos)
    assert end == want
    assert (fail is None) == (want is not None)


def test_a_script_step_failure_comes_first():
    """Issue 21 §4: the engine refused the legal activation of x, so neither its chain link nor the draw
    after it occurred: the refused step is the cause and is listed first (the console, the Markdown
    summary, JUnit and the site's headline show the first failure)."""
    t = dict(TRACE, events=[TRACE["events"][0]], steps=[{"index": 0, "outcome": "refused", "code": "cost"},
                                                         {"index": 1, "outcome": "refused"}],
             final=dict(TRACE["final"], cards={"x": {"zone": "hand"}}))
    pointers = [f.pointer for f in check(SCEN, t)]
    assert pointers[0] == "/script/0" and "/expect/events/0" in pointers and "/expect/final/cards/x/zone" in pointers
    assert pointers.index("/expect/events/0") < pointers.index("/expect/final/cards/x/zone")     # the rest as before


def test_the_markdown_and_junit_headline_name_the_refused_step():
    from duelspec.reporting.junit import to_junit
    from duelspec.reporting.report import render_markdown
    from duelspec.runner import judge
    scen = dict(SCEN, id="t.refused", title="t", game="ygo", rulings=["ND-01"], format=1)
    t = dict(TRACE, events=[TRACE["events"][0]], steps=[{"index": 0, "outcome": "refused"}, {"index": 1, "outcome": "refused"}])
    from unittest import mock
    with mock.patch("duelspec.runner.schemas.errors_of", return_value=[]), mock.patch("duelspec.runner.trace_problem", return_value=None):
        r = judge(scen, {"trace": t})
    assert r["outcome"] == "failed" and r["failures"][0]["pointer"] == "/script/0"
    head = {"adapter": {"spec": "x", "implementation": {"name": "x"}}, "suite": {}}
    foot = {"counts": {"failed": 1}}
    md = render_markdown(head, [r], foot)
    headline = next(ln for ln in md.splitlines() if ln.startswith("<details><summary><b>failed</b>"))
    assert "the engine must accept this step" in headline
    assert 'message="the engine must accept this step' in to_junit(head, [r], foot)


def test_a_number_in_a_pattern_matches_as_the_field_comparison_says():
    """matches compares a number by itself (issue 26: no call of _same per number): equal numbers
    match (1 and 1.0 too), a boolean never matches a number nor a number a boolean, as _same says."""
    import itertools
    from duelspec.judging.checker import _same
    values = [0, 1, 2, -1, 1.0, 0.0, True, False, "1", None, [1], {"includes": [1]}]
    for want, got in itertools.product(values, values):
        assert matches({"event": "x", "n": want}, {"event": "x", "n": got}) == _same(want, got), (want, got)
    assert not matches({"event": "activate", "link": 1}, {"event": "activate", "link": True})
    assert matches({"event": "activate", "link": 1}, {"event": "activate", "link": 1})
