"""The examples in the docstrings run (as python-chess runs its own): every module of the
distribution with a ``>>>`` example is run by :mod:`doctest`, and the file an example shows is read
by the code it documents."""
from __future__ import annotations

import doctest
import importlib
import re

import pytest

from test_layout import modules

WITH_EXAMPLES = sorted(name for name, path in modules().items() if ">>> " in path.read_text(encoding="utf-8"))


def test_the_modules_with_examples_are_found():
    assert {"duelspec.judging.checker", "duelspec.catalogue", "duelspec.compiler.grammar", "duelspec.selection",
            "duelspec.reference_engine.common", "duelspec.decisions", "duelspec.reporting.markdown"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_examples_of_a_module_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted > 0, f"{name}: no example ran"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed (see the output above)"


def test_a_failing_example_is_reported():
    """The check can fail: an example whose output is wrong counts as failed."""
    import types
    mod = types.ModuleType("duelspec_fake")
    mod.__doc__ = ">>> 1 + 1\n3\n"
    result = doctest.testmod(mod, report=False)
    assert (result.attempted, result.failed) == (1, 1)


def test_the_expect_fail_file_the_module_shows_is_read_as_it_says(tmp_path):
    """duelspec/judging/expectfail.py shows an expect-fail file: it is a valid one, with the entry it describes."""
    from duelspec.judging import expectfail
    block = re.search(r"::\n\n((?:    .*\n|\n)+)", expectfail.__doc__).group(1)
    example = "\n".join(line[4:] for line in block.splitlines())
    (tmp_path / "xfail.toml").write_text(example, encoding="utf-8")
    entries = expectfail.load(tmp_path / "xfail.toml")
    assert entries == {"ygo.normal-draw.faq1.muusiki": {
        "reason": "negated draw replacements still replace the draw",
        "issue": "https://github.com/me/my-simulator/issues/12"}}
