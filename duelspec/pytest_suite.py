"""duelspec's feature files as pytest-bdd tests, for duelspec's own test suite and for yours.

In a simulator's project, one line runs the whole suite against its adapter::

    # tests/test_duelspec.py
    from duelspec.pytest_suite import *  # noqa: F401,F403

    $ pytest tests/test_duelspec.py --duelspec-adapter 'cmd:./my-sim --duelspec' --duelspec-expect-fail duelspec-xfail.toml

Every step goes through duelspec's one step grammar (:mod:`duelspec.compiler.grammar`):
Given/When steps build the scenario (setup, script); the first Then step runs it on the
adapter (``--duelspec-adapter``, default the reference engine; the fixtures come from
:mod:`duelspec.pytest_plugin`) and every Then step checks the expectations written so far,
in order, with duelspec's checker. What pytest-bdd builds is compared with what the compiler
produces for the same scenario (one grammar). A feature file that cannot be compiled is one
failing test showing the compiler's error; the other files still run.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from . import compiler
from .judging.asof import select
from .judging.checker import check
from .compiler.builder import ScenarioBuilder
from .compiler.grammar import GRAMMAR
from .resources import features_dir
from .reporting.report import failure_text, problem_line
from .judging.coverage import plan
from .runner import judge, played, skip_reason
from .text import DETAIL_CHARS, plain

__all__ = ["duelspec_state", "duelspec_given", "duelspec_when", "duelspec_then"]


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


def scenario_id(request) -> tuple[str | None, str | None, object, object]:
    """``(game, scenario id, scenario, feature)`` of the pytest-bdd test ``request`` belongs to
    (``(None, None, None, None)`` for any other test)."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry
    try:
        template = scenario_wrapper_template_registry.get(request.node.obj)
    except (AttributeError, TypeError):   # not a python test function
        template = None
    if template is None:
        return None, None, None, None
    feature = template.feature
    tags = set(feature.tags) | set(template.tags)
    game = next((t.split(":", 1)[1] for t in tags if t.startswith("game:")), None)
    sid = next((t.split(":", 1)[1] for t in template.tags if t.startswith("id:")), None)
    example = request.getfixturevalue("_pytest_bdd_example")
    if sid and example and "id" in example:
        sid = f"{sid}.{example['id']}"
    return game, sid, template, feature


@pytest.fixture
def duelspec_state(request):
    """The scenario being built by this test's steps (and, after the first Then, its trace)."""
    by_id, errors, root = _suite()
    game, sid, template, feature = scenario_id(request)
    here = str(Path(feature.filename).resolve())
    example = request.getfixturevalue("_pytest_bdd_example")
    compiled = by_id.get(sid)
    same_place = compiled is not None and str((root / compiled["origin"]["file"]).resolve()) == here and (
        example or compiled["origin"]["line"] == template.line_number)
    if not (game and sid and same_place):
        err = errors.get((here, str(template.line_number))) or errors.get((here, ""))
        pytest.fail(f"{feature.filename}:{template.line_number}: this scenario cannot be run: "
                    f"{err or 'the compiler did not produce it (see `duelspec list`)'}", pytrace=False)
    # the compiled rulings include the tags of the scenario's Examples block
    return {"builder": ScenarioBuilder(game, feature.filename, sid, compiled["title"], compiled["rulings"]),
            "compiled": compiled}


@given(parsers.re(r"(?P<text>.+)"))
def duelspec_given(duelspec_state, text):
    GRAMMAR.apply(duelspec_state["builder"], "given", text)


@when(parsers.re(r"(?P<text>.+)"))
def duelspec_when(duelspec_state, text):
    GRAMMAR.apply(duelspec_state["builder"], "when", text)


@then(parsers.re(r"(?P<text>.+)"))
def duelspec_then(duelspec_state, duelspec_adapter, duelspec_implementation, text, datatable=None):
    st = duelspec_state
    b = st["builder"]
    if "trace" not in st:
        doc, compiled = b.build(), st["compiled"]
        for part in ("game", "setup", "script"):   # one grammar: pytest-bdd built what the compiler wrote
            if doc[part] != compiled[part]:
                pytest.fail(f"{b.id}: {part} differs between pytest-bdd and the compiler", pytrace=False)
        observes = duelspec_implementation.get("observes")
        reason = (skip_reason(compiled, duelspec_implementation, getattr(duelspec_adapter, "protocol", None))
                  or select(compiled).skip or plan(compiled, None, observes).skip)
        if reason:
            pytest.skip(plain(reason))
        reply = duelspec_adapter.run(played(compiled))   # the engine never sees expectations
        result = judge(compiled, reply, observes=observes)
        if result["outcome"] == "skipped":
            pytest.skip(plain(result["reason"]))
        if result["outcome"] in ("errored", "timed-out"):
            pytest.fail(problem_line(b.id, result), pytrace=False)
        st["scenario"], st["trace"] = compiled, reply["trace"]
    GRAMMAR.apply(b, "then", text, table=datatable)
    # what the adapter does not observe is left out, as `duelspec run` leaves it out (duelspec.judging.coverage)
    omit = plan(st["scenario"], b.expect, duelspec_implementation.get("observes")).omit
    failures = check(dict(st["scenario"], expect=b.expect), st["trace"], omit)
    if failures:   # the ruling, the scenario and the evidence; never this module's source (pytrace=False)
        pytest.fail(plain(failure_text(st["scenario"], "failed", failures), multiline=True, limit=DETAIL_CHARS),
                    pytrace=False)


def _unparsable(path, error):
    def test():
        raise AssertionError(f"{path}: this feature file cannot be run: {error}")
    test.__name__ = f"test_unparsable_{path.stem}"
    return test


for _path in compiler.feature_files([features_dir()]):
    try:
        scenarios(str(_path))
    except Exception as _exc:  # noqa: BLE001 - any parse error of pytest-bdd: report it as a test
        _errs = compiler.compile_paths([_path]).errors
        globals()[f"test_unparsable_{_path.stem}"] = _unparsable(_path, _errs[0].error if _errs else _exc)
        __all__.append(f"test_unparsable_{_path.stem}")

__all__ += [n for n in list(globals()) if n.startswith(("test_", "pytestbdd_"))]
