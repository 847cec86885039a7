"""How an in-process adapter is called (:func:`run_adapter`): ``run(scenario)``, with the date the
engine plays as of when its ``run`` takes it. Used by the runner and by the protocol server alike;
a leaf of the adapters."""
from __future__ import annotations


def run_adapter(adapter, scenario: dict, as_of: str | None):
    """``adapter.run(scenario)``, with ``as_of=`` (the date the engine plays as of) when the
    adapter's ``run`` takes that keyword (an older in-process adapter that does not is called
    as before)."""
    if as_of is not None and _takes_as_of(type(adapter), adapter.run):
        return adapter.run(scenario, as_of=as_of)
    return adapter.run(scenario)


def _takes_as_of(cls, run) -> bool:
    cached = _TAKES_AS_OF.get(cls)
    if cached is None:
        import inspect
        try:
            params = inspect.signature(run).parameters.values()
        except (TypeError, ValueError):
            params = ()
        cached = any(p.name == "as_of" or p.kind is p.VAR_KEYWORD for p in params)
        _TAKES_AS_OF[cls] = cached
    return cached


_TAKES_AS_OF: dict = {}
