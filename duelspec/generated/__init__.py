"""Generated scenarios (issue 6): an independent ruling model of normal-draw replacement
chains (:mod:`.model`) and a generator of scenarios from it (:mod:`.generator`); for Duel
Masters (issue 34), an independent ruling model of the attack (:mod:`.dm_model`) and its
generator (:mod:`.dm_generator`, ids ``dm.generated.attack.…``).

    from duelspec.generated import scenarios
    for doc in scenarios(): ...        # scenario dicts, ``"generated": true``
"""

#: the start of every generated scenario's id (``ygo.generated.chain.<kinds>.<interferences>.<n>``)
PREFIX = "ygo.generated."
#: the start of every generated Duel Masters attack's id
DM_PREFIX = "dm.generated."

__all__ = ["DM_PREFIX", "PREFIX", "is_generated", "scenarios", "of_games"]


def is_generated(scenario_id: str) -> bool:
    """Is ``scenario_id`` the id of a generated scenario (made by :func:`scenarios`, not written in a
    feature file)? Decided from the id alone, so a result says it without its scenario."""
    return str(scenario_id).startswith((PREFIX, DM_PREFIX))


def __getattr__(name: str):
    """``scenarios`` (:func:`.generator.scenarios`), imported when first asked for (issue 37: a run without
    ``--generated`` does not import the generator)."""
    if name == "scenarios":
        from .generator import scenarios
        globals()["scenarios"] = scenarios
        return scenarios
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def of_games(games=(), keep=None):
    """The generated scenarios of ``games`` (empty: both), Yu-Gi-Oh! first; ``keep(id)``: only those."""
    if not games or "ygo" in games:
        from .generator import scenarios
        yield from scenarios(keep)
    if not games or "dm" in games:
        from .dm_generator import scenarios as dm_scenarios
        yield from dm_scenarios(keep)
