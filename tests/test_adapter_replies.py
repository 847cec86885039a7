"""The real-engine adapters give, on a sample of scenarios, exactly the replies recorded before
their speed changes (issue 26: the message and query buffers copied only as far as they are
filled, the field read once per ``process`` call, the EDOPro base scripts loaded once per
process). Recorded by ``tests/adapter_replies.py``; needs the engines' checkouts (skipped
without them, or when the engine is at another commit than the recording's). A recorded scenario
the suite has changed since (its hash differs) is not compared; the rest must be."""
from __future__ import annotations

import pytest

import adapter_replies as replies


@pytest.mark.parametrize("engine", sorted(replies.ENGINES))
def test_replies_are_those_recorded_before_the_speed_changes(engine):
    why = replies.missing(engine)
    if why:
        pytest.skip(why)
    recorded_impl, recorded = replies.read(engine)
    unchanged = [s for s in replies.sample()
                 if s["id"] in recorded and recorded[s["id"]][0] == replies.scenario_hash(s)]
    if len(unchanged) < len(recorded) // 2:
        pytest.skip(f"{len(recorded) - len(unchanged)} of {len(recorded)} recorded scenarios changed since the "
                    f"recording: re-record with `python tests/adapter_replies.py record {engine}`")
    impl, got = replies.play(engine, unchanged)
    if impl.get("version") != recorded_impl.get("version"):
        pytest.skip(f"recorded with {recorded_impl.get('version')}, the engine here is {impl.get('version')}: "
                    f"re-record with `python tests/adapter_replies.py record {engine}`")
    differ = [sid for sid, reply in got if replies.canonical(reply) != recorded[sid][1]]
    assert not differ, f"{len(differ)} of {len(got)} replies differ from the recorded ones, e.g. {differ[:5]}"
