"""Generated scenarios (issue 6): an independent ruling model of normal-draw replacement
chains (:mod:`.model`) and a generator of scenarios from it (:mod:`.generator`).

    from duelspec.generated import scenarios
    for doc in scenarios(): ...        # scenario dicts, ``"generated": true``
"""
from .generator import scenarios

#: the start of every generated scenario's id (``ygo.generated.chain.<kinds>.<interferences>.<n>``)
PREFIX = "ygo.generated."

__all__ = ["PREFIX", "is_generated", "scenarios"]


def is_generated(scenario_id: str) -> bool:
    """Is ``scenario_id`` the id of a generated scenario (made by :func:`scenarios`, not written in a
    feature file)? Decided from the id alone, so a result says it without its scenario."""
    return str(scenario_id).startswith(PREFIX)
