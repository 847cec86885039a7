"""The adapter side of the protocol (protocol_server.serve) and the Python adapter kit."""
from __future__ import annotations

import io
import json

import pytest

from duelspec import validation
from duelspec.adapters.kit import Simulator, Skip
from duelspec.adapters.protocol_server import serve
from fault_adapters.helpers import draw_scenario, load_toy


class Boom(Simulator):
    name, version, games = "boom", "0.1", ("ygo",)

    def setup(self, scenario):
        self.mode = scenario["id"].split(".")[1]
        print("engine chatter that must not reach stdout")
        if self.mode == "skip":
            raise Skip("not yet", issue="https://example.org/i/1")

    def decide(self, driver):
        if self.mode == "crash":
            raise RuntimeError("engine bug")
        if self.mode == "missing":
            driver.choose("A", ["x", "y", "z"], 1, 1, "pick a card")

    def events(self):
        return [{"event": "phase", "phase": "draw"}], {"winner": None}


def talk(adapter, *messages):
    out, err = io.StringIO(), io.StringIO()
    status = serve(adapter, io.StringIO("".join(json.dumps(m) + "\n" for m in messages)), out, err)
    return status, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def test_start_run_stop_with_every_reply_kind():
    msgs = [{"cmd": "start", "protocol": 1}] + [
        {"cmd": "run", "seq": i, "scenario": draw_scenario(f"b.{m}.x")}
        for i, m in enumerate(["ok", "skip", "crash", "missing"], 1)] + [{"cmd": "stop"}]
    status, replies, err = talk(Boom(), *msgs)
    assert status == 0
    assert replies[0] == {"protocol": 1, "implementation": {"name": "boom", "version": "0.1", "language": "python",
                                                            "games": ["ygo"], "unsupported": []}}
    for r in replies:  # every reply is valid under the protocol schema
        assert validation.errors_of(r, "protocol") == []
    assert [r["seq"] for r in replies[1:]] == [1, 2, 3, 4]
    assert replies[1]["trace"]["events"] == [{"event": "phase", "phase": "draw"}]
    assert replies[2]["skipped"] == {"reason": "not yet", "issue": "https://example.org/i/1"}
    assert replies[3]["errored"]["message"] == "RuntimeError: engine bug"
    assert "Traceback" in replies[3]["errored"]["detail"]
    assert "mandatory decision" in replies[4]["errored"]["message"]
    assert "engine chatter that must not reach stdout" in err


def test_unreadable_input_ends_the_server_with_status_2():
    out, err = io.StringIO(), io.StringIO()
    status = serve(Boom(), io.StringIO('{"cmd": "start", "protocol": 1}\nnot json\n'), out, err)
    assert status == 2
    assert len(out.getvalue().splitlines()) == 1
    assert "line 2" in err.getvalue() and "expected a JSON object" in err.getvalue()


def test_wrong_protocol_version_is_refused():
    status, replies, err = talk(Boom(), {"cmd": "start", "protocol": 0})
    assert status == 2 and replies == [] and "protocol 0" in err


@pytest.mark.parametrize("asked, answered", [(1, 1), (2, 2), (3, 2)])
def test_the_server_answers_the_highest_version_it_speaks_not_above_the_runners(asked, answered):
    status, replies, _ = talk(Boom(), {"cmd": "start", "protocol": asked, "protocols": list(range(1, asked + 1))})
    assert status == 0 and replies[0]["protocol"] == answered


def test_end_of_input_is_a_stop():
    status, replies, _ = talk(Boom(), {"cmd": "start", "protocol": 1})
    assert status == 0 and len(replies) == 1


def test_the_kit_simulator_produces_schema_valid_traces():
    toy = load_toy()()
    reply = toy.run(draw_scenario("toy.draw.x", script=[{"player": "A", "do": "activate", "card": "ash"}]))
    validation.check(reply["trace"], "trace", "<toy trace>")
    assert reply["trace"]["steps"] == [{"index": 0, "outcome": "refused", "code": "not-offered",
                                        "reason": "toy-draw has no card effects"}]
    assert {"event": "draw", "player": "B", "cards": ["top"], "normal": True, "phase": "draw"} in reply["trace"]["events"]
    assert toy.run(draw_scenario("toy.draw.y", phase="main1")) == {
        "skipped": {"reason": "toy-draw only plays the start of the Draw Phase"}}


def test_missing_decision_is_an_error_of_the_scenario():
    reply = Boom().run(draw_scenario("b.missing.x"))
    assert reply["errored"]["detail"] == "missing decision"
    assert "choose 1-1 of ['x', 'y', 'z'] (pick a card)" in reply["errored"]["message"]
