"""Generated scenarios (issue 6): an independent ruling model of normal-draw replacement
chains (:mod:`.model`) and a generator of scenarios from it (:mod:`.generator`).

    from duelspec.generated import scenarios
    for doc in scenarios(): ...        # scenario dicts, ``"generated": true``
"""
from .generator import scenarios

__all__ = ["scenarios"]
