"""`duelspec smoke`'s second run scripts one step (a tester found that a reply with no step outcome
passed the smoke test): the trace must give one step outcome per script step."""
from __future__ import annotations

import pytest

from duelspec.adapters.reference import ReferenceAdapter
from duelspec.runner import judge
from duelspec.smoke import SMOKE, smoke, steps_problem, with_a_step


@pytest.mark.parametrize("game", ["ygo", "dm"])
def test_the_scenario_with_a_step_passes_on_the_reference_engine(game):
    doc = with_a_step(dict(SMOKE[game], format=2))
    assert len(doc["script"]) == 1 and doc["script"][0]["legal"] is False
    reply = ReferenceAdapter().run(doc)
    assert judge(doc, reply, 0)["outcome"] == "passed"
    assert steps_problem(doc, reply) is None


class _NoSteps(ReferenceAdapter):
    """Replies as the reference engine does, without its step outcomes."""
    def run(self, scenario, as_of=None):
        reply = super().run(scenario, as_of)
        if "trace" in reply:
            reply["trace"]["steps"] = []
        return reply


def test_a_trace_without_its_step_outcome_fails_the_smoke_test():
    checks = smoke(_NoSteps())
    run2 = next(c for c in checks if c[0].startswith("run 2"))
    assert run2[1] is False and "1 step(s)" in run2[2] and "docs/adapters.md" in run2[2]
    assert all(ok for name, ok, _ in checks if name.startswith("run 1"))
    assert all(ok for _, ok, _ in smoke(ReferenceAdapter()))
