"""The shared material of the project's authors (``../shared``: their copies of the two source
pages in ``seeds/``, the English restatements in ``rulings/``), looked for beside this checkout
and, when this is a git worktree, beside the main checkout (``git rev-parse --git-common-dir``).
It is not part of the repository: tests that compare with it skip, saying so, when it is absent."""
from __future__ import annotations

import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEEDS = {"ygo": "000_3631d40fc0375f05.txt", "dm": "003_763f92b7f15ef23a.txt"}   # the copies read (source.copy)


def shared_dirs(kind: str) -> list[pathlib.Path]:
    """The existing ``shared/<kind>`` folders beside this checkout or beside its main checkout."""
    tops = [ROOT]
    try:
        common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=ROOT,
                                capture_output=True, text=True, timeout=10).stdout.strip()
        if common:
            tops.append(pathlib.Path(common).parent)
    except (OSError, subprocess.SubprocessError):
        pass
    found = {(t.parent / "shared" / kind).resolve() for t in tops}
    return sorted(p for p in found if p.is_dir())


def seed_text(game: str) -> str:
    """The authors' copy of ``game``'s source page (the text ``source.copy`` describes), or a
    pytest skip naming what is missing."""
    for folder in shared_dirs("seeds"):
        path = folder / SEEDS[game]
        if path.is_file():
            return path.read_text(encoding="utf-8")
    pytest.skip(f"the authors' copy of the {game} source page (shared/seeds/{SEEDS[game]}) is not beside this checkout")
