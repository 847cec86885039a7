"""The README's numbers and sample output come from the suite itself (issue 13): each
``<!--count:NAME-->N<!--/count-->`` and ``<!--sample:ARGS-->…<!--/sample-->`` region is checked
against what duelspec computes / prints now. ``DUELSPEC_UPDATE_README=1 pytest tests/test_readme.py``
rewrites them."""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from duelspec import compiler
from duelspec.catalogue import rulings
from duelspec.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
COUNT = re.compile(r"<!--count:(?P<name>[a-z-]+)-->(?P<value>[^<]*)<!--/count-->")
SAMPLE = re.compile(r"<!--sample:(?P<args>[^>]*)-->\n```\n(?P<body>.*?)```\n<!--/sample-->", re.S)


def _counts() -> dict:
    scenarios = compiler.compile_paths().scenarios
    from duelspec.generated import scenarios as generated
    from duelspec.catalogue import cards
    dm_cards = cards("dm")
    return {
        "ygo-rulings": sum(1 for r in rulings().values() if r.game == "ygo"),
        "dm-rulings": sum(1 for r in rulings().values() if r.game == "dm"),
        "ygo-scenarios": sum(1 for s in scenarios if s["game"] == "ygo"),
        "dm-scenarios": sum(1 for s in scenarios if s["game"] == "dm"),
        "generated": sum(1 for _ in generated()),
        "dm-sim-scenarios": sum(1 for s in scenarios if s["game"] == "dm"
                                and all("sim_id" in dm_cards[c["card"]] for c in s["setup"]["cards"])),
    }


def _sample(args: str) -> str:
    r = CliRunner().invoke(main, shlex.split(args), env={"COLUMNS": "110", "NO_COLOR": "1", "TERM": "dumb"})
    out = "\n".join(line.rstrip() for line in r.stdout.splitlines())
    return f"$ duelspec {args}\n{out}\n"


def test_readme_counts_and_sample_output_are_current():
    text = README.read_text(encoding="utf-8")
    counts = _counts()
    names = [m.group("name") for m in COUNT.finditer(text)]
    assert set(names) == set(counts), f"count regions in README: {names}"
    new = COUNT.sub(lambda m: f"<!--count:{m.group('name')}-->{counts[m.group('name')]:,}<!--/count-->", text)
    new = SAMPLE.sub(lambda m: f"<!--sample:{m.group('args')}-->\n```\n{_sample(m.group('args'))}```\n<!--/sample-->", new)
    assert SAMPLE.search(text), "the README shows a sample run"
    if os.environ.get("DUELSPEC_UPDATE_README") == "1":
        README.write_text(new, encoding="utf-8")
        return
    assert new == text, ("README.md's counts or sample output are stale: run "
                         "`DUELSPEC_UPDATE_README=1 pytest tests/test_readme.py` and commit the result")
