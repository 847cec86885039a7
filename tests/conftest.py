"""pytest-bdd bindings of features/: every step goes through duelspec's one step grammar.

Given/When steps build the scenario (setup, script); the first Then step runs it on the
adapter chosen with ``pytest --adapter`` (default: the reference engine) and every Then
step checks the expectations written so far, in order, with duelspec's checker.
"""
from __future__ import annotations

from functools import lru_cache

import pytest
from pytest_bdd import given, parsers, then, when

from duelspec import compiler
from duelspec.checker import check, format_failure
from duelspec.compiler.builder import ScenarioBuilder
from duelspec.compiler.grammar import GRAMMAR
from duelspec.runner import judge
from duelspec.resources import features_dir


@lru_cache(maxsize=None)
def _compiled(path: str) -> dict:
    out = compiler.compile_paths([path])
    return {s["id"]: s for s in out.scenarios}


def pytest_bdd_before_scenario(request, feature, scenario):
    tags = set(feature.tags) | set(scenario.tags)
    game = next(t.split(":", 1)[1] for t in tags if t.startswith("game:"))
    sid = next(t.split(":", 1)[1] for t in scenario.tags if t.startswith("id:"))
    example = request.getfixturevalue("_pytest_bdd_example")
    if example:
        sid = f"{sid}.{example['id']}"
    rulings = sorted(t.split(":", 1)[1] for t in tags if t.startswith("ruling:"))
    state = request.getfixturevalue("duelspec_state")
    state["builder"] = ScenarioBuilder(game, feature.filename, sid, scenario.name, rulings)
    state["compiled"] = _compiled(feature.filename).get(sid)


@pytest.fixture
def duelspec_state():
    return {}


def _apply(state, keyword, text):
    GRAMMAR.apply(state["builder"], keyword, text)


@given(parsers.re(r"(?P<text>.+)"))
def _given(duelspec_state, text):
    _apply(duelspec_state, "given", text)


@when(parsers.re(r"(?P<text>.+)"))
def _when(duelspec_state, text):
    _apply(duelspec_state, "when", text)


@then(parsers.re(r"(?P<text>.+)"))
def _then(duelspec_state, duelspec_adapter, duelspec_implementation, text):
    st = duelspec_state
    b = st["builder"]
    if "reply" not in st:
        doc = b.build()
        compiled = st["compiled"]
        assert compiled is not None, f"{b.id}: the compiler did not produce this scenario"
        # one grammar: what pytest-bdd built is what `duelspec export` writes
        for part in ("game", "setup", "script"):
            assert doc[part] == compiled[part], f"{b.id}: {part} differs between pytest-bdd and the compiler"
        from duelspec.runner import skip_reason
        reason = skip_reason(compiled, duelspec_implementation)
        if reason:
            pytest.skip(reason)
        st["scenario"] = compiled
        st["reply"] = duelspec_adapter.run(compiled)
        result = judge(compiled, st["reply"])
        if result["outcome"] == "skipped":
            pytest.skip(result["reason"])
        if result["outcome"] in ("errored", "timed-out"):
            pytest.fail(f"{b.id} {result['outcome']}: {result.get('message')}")
        st["trace"] = st["reply"]["trace"]
    _apply(st, "then", text)
    partial = dict(st["scenario"], expect=b.expect)
    failures = check(partial, st["trace"])
    assert not failures, "\n".join(format_failure(f, b.id) for f in failures)
