"""Misbehaving in-process adapters (for tests/test_bad_input.py)."""
from duelspec.adapters.reference import ReferenceAdapter


class ReturnsNone(ReferenceAdapter):
    def run(self, scenario):
        return None


class SkippedString(ReferenceAdapter):
    def run(self, scenario):
        return {"skipped": "no reason object"}


class Surrogate(ReferenceAdapter):
    def run(self, scenario):
        return {"errored": {"message": "engine said \ud800 and \x1b[31mred"}}


class MutatesScenario(ReferenceAdapter):
    def run(self, scenario):
        scenario["expect"] = {}
        steps = [{"index": i, "outcome": "not-reached"} for i in range(len(scenario.get("script", [])))]   # one per step
        return {"trace": {"format": 1, "events": [], "steps": steps, "final": {}}}


class GhostIds(ReferenceAdapter):
    def run(self, scenario):
        reply = super().run(scenario)
        reply["trace"]["events"].append({"event": "draw", "player": "A", "cards": ["ghost-card"], "normal": False})
        return reply


class StopRaises(ReferenceAdapter):
    def stop(self):
        raise RuntimeError("stop failed")


class RaisesSystemExit(ReferenceAdapter):
    def run(self, scenario):
        raise SystemExit(3)


class SeesExpectations(ReferenceAdapter):
    def run(self, scenario):
        assert "expect" not in scenario, "the adapter was given the expectations"
        return super().run(scenario)
