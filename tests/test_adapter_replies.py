"""The real-engine adapters give, on a sample of scenarios, exactly the replies recorded before
their speed changes (issue 26: the message and query buffers copied only as far as they are
filled, the field read once per ``process`` call, the EDOPro base scripts loaded once per
process). Recorded by ``tests/adapter_replies.py``; needs the engines' checkouts (skipped
without them, or when the engine is at another commit than the recording's)."""
from __future__ import annotations

import pytest

import adapter_replies as replies


@pytest.mark.parametrize("engine", sorted(replies.ENGINES))
def test_replies_are_those_recorded_before_the_speed_changes(engine):
    why = replies.missing(engine)
    if why:
        pytest.skip(why)
    recorded_impl, recorded = replies.read(engine)
    impl, got = replies.play(engine, replies.sample())
    if impl.get("version") != recorded_impl.get("version"):
        pytest.skip(f"recorded with {recorded_impl.get('version')}, the engine here is {impl.get('version')}: "
                    f"re-record with `python tests/adapter_replies.py record {engine}`")
    assert [sid for sid, _ in got] == list(recorded), "the sample is not the recorded one: re-record it"
    differ = [sid for sid, reply in got if replies.canonical(reply) != recorded[sid]]
    assert not differ, f"{len(differ)} of {len(got)} replies differ from the recorded ones, e.g. {differ[:5]}"
