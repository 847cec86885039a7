"""Helpers of the protocol / runner / report tests: small valid scenarios, the fault adapter's
command line, and a guard that turns a hang into a test failure."""
from __future__ import annotations

import shlex
import signal
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
FAULTY = HERE / "faulty.py"
PY = shlex.quote(sys.executable)


def scenario(sid: str, game: str = "ygo", requires=(), rulings=("ND-01",), tags=()) -> dict:
    """A minimal valid scenario (format 1) expecting the final winner ``B``."""
    if game == "ygo":
        setup = {"first_player": "A", "turn": 1, "turn_player": "A", "phase": "main1",
                 "players": {"A": {}, "B": {}}, "cards": []}
    else:
        setup = {"first_player": "A", "turn": 1, "turn_player": "A", "phase": "main",
                 "players": {"A": {}, "B": {}}, "cards": []}
    s = {"format": 1, "id": sid, "game": game, "title": f"test scenario {sid}", "rulings": list(rulings),
         "requires": list(requires), "setup": setup, "script": [], "expect": {"final": {"winner": "B"}}}
    if tags:
        s["tags"] = list(tags)
    return s


def faulty_cmd(*options: str) -> str:
    """The command line of the fault adapter with ``options``."""
    return " ".join([PY, shlex.quote(str(FAULTY)), *map(shlex.quote, options)])


@pytest.fixture
def hang_guard():
    """Fail the test (instead of blocking the suite) when it runs longer than 60 s."""
    def boom(signum, frame):
        raise TimeoutError("the test hung: the runner did not return within 60 s")
    old = signal.signal(signal.SIGALRM, boom)
    signal.setitimer(signal.ITIMER_REAL, 60)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, old)
