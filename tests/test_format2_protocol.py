"""Protocol 2 and observability: version negotiation (a protocol-1 adapter still plays
format-1 scenarios, format-2 ones are skipped up front with the reason) and
`implementation.observes` (a script the adapter cannot play is skipped up front; expectations on
what it cannot observe are left out of the check and the result says so: tests/test_partial_checking.py)."""
import sys

import pytest

from duelspec.adapters.process import ProcessAdapter
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.compiler import compile_paths
from duelspec.runner import needs, run_one, skip_reason
from fault_adapters.helpers import draw_scenario

FEATURES = {s["id"]: s for s in compile_paths().scenarios}
UNDERDOG = FEATURES["ygo.normal-draw.triggers.underdog-normal-and-own-draw"]
V1 = draw_scenario("v1.draw.top", expect={"events": [{"event": "draw", "player": "B", "normal": True, "cards": ["top"]}]})


class ProtocolOne(ReferenceAdapter):
    protocol = 1


def test_a_protocol_1_adapter_plays_format_1_and_skips_format_2_up_front():
    a = ProtocolOne()
    impl = a.start()
    assert run_one(V1, a, impl)["outcome"] == "passed"
    r = run_one(UNDERDOG, a, impl)
    assert r["outcome"] == "skipped" and r["skip_kind"] == "runner" and "protocol 1" in r["reason"]


ONE = '''
import json, sys
from duelspec.adapters.reference import ReferenceAdapter
ad = ReferenceAdapter()
for line in sys.stdin:
    m = json.loads(line)
    if m["cmd"] == "start":
        assert m["protocol"] == 4 and m["protocols"] == [1, 2, 3, 4], m
        print(json.dumps({"protocol": 1, "implementation": ad.start()}), flush=True)
    elif m["cmd"] == "run":
        print(json.dumps({"seq": m["seq"], **ad.run(m["scenario"])}), flush=True)
    else:
        break
'''


def test_the_runner_offers_every_version_and_keeps_the_one_the_adapter_answers(tmp_path):
    prog = tmp_path / "one.py"
    prog.write_text(ONE)
    a = ProcessAdapter(f"{sys.executable} {prog}", timeout=30, startup_timeout=30)
    try:
        impl = a.start()
        assert a.protocol == 1
        assert run_one(V1, a, impl)["outcome"] == "passed"
        assert "protocol 1" in run_one(UNDERDOG, a, impl)["reason"]
    finally:
        a.stop()
    b = ProcessAdapter(f"{sys.executable} -m duelspec.adapters.reference", timeout=30, startup_timeout=30)
    try:
        impl = b.start()
        assert b.protocol == 4 and run_one(UNDERDOG, b, impl)["outcome"] == "passed"   # format 2.1 (issue 22) and 2.2 (issue 35) too
    finally:
        b.stop()


def test_what_a_scenario_needs_to_observe():
    n = needs(UNDERDOG)
    assert {"draw", "activate", "reveal"} <= n["events"] and n["windows"] == {"trigger"}
    assert "players.counts" in n["final"]


def test_a_script_in_a_window_the_adapter_cannot_observe_is_skipped_up_front():
    impl = dict(ReferenceAdapter().implementation(), observes={"windows": ["before-draw", "response"]})
    reason = skip_reason(UNDERDOG, impl)
    assert reason and "windows trigger" in reason, reason
    assert skip_reason(UNDERDOG, dict(impl, observes={"windows": ["trigger"]})) is None


@pytest.mark.parametrize("observes, kind", [
    ({"events": ["draw", "activate", "move", "phase", "turn", "resolve", "chain-end"]}, "reveal"),
    ({"final": ["cards.zone"]}, "players.counts"),
])
def test_an_expectation_on_what_the_adapter_cannot_observe_is_left_out_not_a_skip(observes, kind):
    a = ReferenceAdapter()
    impl = dict(a.implementation(), observes=observes)
    assert skip_reason(UNDERDOG, impl) is None
    r = run_one(UNDERDOG, a, impl)
    assert r["outcome"] == "passed" and r["partial"] is True, r
    assert {u["kind"] for u in r["coverage"]["unchecked"]} == {kind}
