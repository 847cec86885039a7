"""The adapters' READMEs' commands, run as written on the real engines (issue 32 §7): each ```sh block
after ``<!--run: engine-->`` has its ``duelspec`` commands run from the repository's root (the block's
``git clone``, ``pip install``, ``npm ci``, build and ``export`` lines set up what this machine's engine
environment already has: ``. /work/brief/env.sh`` on the project's machines) and each exits 0, as the
README promises with its expect-fail file. Slow (tests/conftest.py SLOW_FILES); the static checks of
the same blocks are fast (tests/test_docs.py). Skips, naming what is missing, without the engine."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from test_docs import DOCS, Block, _run_kind, _where, examples, run_block
from test_readme import ROOT, _shown_commands

# what each adapter needs of this machine (the READMEs' set-up lines provide it there)
NEEDS = {
    "adapters/edopro/": (["DUELSPEC_EDOPRO_SCRIPTS"], ROOT / "adapters" / "edopro" / "node_modules" / "ocgcore-wasm"),
    "duelspec.adapters.ygopro": (["DUELSPEC_YGOPRO_CORE", "DUELSPEC_YGOPRO_SCRIPTS"], None),
    "adapters/duel-masters-go/": (["DUELSPEC_DM_GO_BUILD"], None),
}
ENGINE_BLOCKS = [e for e in examples(DOCS) if _run_kind(e) == "engine"]


def test_the_engine_blocks_are_found():
    assert {_where(e.path) for e in ENGINE_BLOCKS} >= {"adapters/edopro/README.md", "adapters/ygopro/README.md",
                                                       "adapters/duel-masters-go/README.md"}


@pytest.mark.parametrize("example", ENGINE_BLOCKS, ids=lambda e: f"{_where(e.path)}:{e.line}")
def test_an_adapters_readme_command_runs_as_written(example, tmp_path):
    commands = [c for c, _ in _shown_commands(f"```sh\n{example.parsed}```\n") if c.startswith("duelspec run ")]
    assert commands, "the block runs the suite"
    for command in commands:
        for marker, (variables, path) in NEEDS.items():
            if marker in command:
                missing = [v for v in variables if not os.environ.get(v)] + ([str(path)] if path and not path.exists() else [])
                if missing:
                    pytest.skip(f"{_where(example.path)}:{example.line}: the engine is not here ({', '.join(missing)})")
        before = set(ROOT.iterdir())
        block = Block(Path(example.path), command + "\n", example.line)
        try:
            run_block(block, timeout=1800)
        finally:
            for made in set(ROOT.iterdir()) - before:       # the command's --junit junit.xml, written where it says
                if made.is_file():
                    made.unlink()
