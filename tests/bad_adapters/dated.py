"""Engines that follow the rulings of a fixed date (for tests/test_as_of.py)."""
from duelspec.adapters.reference import ReferenceAdapter


class StuckIn2019(ReferenceAdapter):
    """Plays the answers in force on 2019-06-01, whatever date it is asked to play as of."""

    def run(self, scenario, as_of=None):
        return super().run(scenario, as_of="2019-06-01")


class IgnoresTheDate(ReferenceAdapter):
    """Cannot play earlier rulings: its run() takes no date (today's answers)."""

    def run(self, scenario):
        return super().run(scenario)
