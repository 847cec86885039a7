"""pytest-bdd bindings of features/: every step goes through duelspec's one step grammar.

Given/When steps build the scenario (setup, script); the first Then step runs it on the
adapter chosen with ``pytest --adapter`` (default: the reference engine) and every Then
step checks the expectations written so far, in order, with duelspec's checker.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, then, when

from duelspec import compiler
from duelspec.checker import check, format_failure
from duelspec.compiler.builder import ScenarioBuilder
from duelspec.compiler.grammar import GRAMMAR
from duelspec.runner import judge
from duelspec.resources import features_dir


@lru_cache(maxsize=None)
def _suite():
    """Every built-in feature compiled once: scenarios by id, compile errors by (file, line)."""
    out = compiler.compile_paths()
    root = features_dir().parent
    errors = {}
    for e in out.errors:
        line = e.error.location.replace("line ", "") if e.error.location.startswith("line ") else ""
        errors.setdefault((str((root / e.error.file).resolve()), line), e.error)
        errors.setdefault((str((root / e.error.file).resolve()), ""), e.error)
    return {s["id"]: s for s in out.scenarios}, errors, root


def pytest_bdd_before_scenario(request, feature, scenario):
    by_id, errors, root = _suite()
    here = str(Path(feature.filename).resolve())
    example = request.getfixturevalue("_pytest_bdd_example")
    tags = set(feature.tags) | set(scenario.tags)
    game = next((t.split(":", 1)[1] for t in tags if t.startswith("game:")), None)
    sid = next((t.split(":", 1)[1] for t in scenario.tags if t.startswith("id:")), None)
    if sid and example and "id" in example:
        sid = f"{sid}.{example['id']}"
    compiled = by_id.get(sid)
    same_place = compiled is not None and str((root / compiled["origin"]["file"]).resolve()) == here and (
        example or compiled["origin"]["line"] == scenario.line_number)
    if not (game and sid and same_place):
        err = errors.get((here, str(scenario.line_number))) or errors.get((here, ""))
        pytest.fail(f"{feature.filename}:{scenario.line_number}: this scenario cannot be run: "
                    f"{err or 'the compiler did not produce it (see `duelspec list`)'}", pytrace=False)
    rulings = sorted(t.split(":", 1)[1] for t in tags if t.startswith("ruling:"))
    state = request.getfixturevalue("duelspec_state")
    state["builder"] = ScenarioBuilder(game, feature.filename, sid, scenario.name, rulings)
    state["compiled"] = compiled


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
