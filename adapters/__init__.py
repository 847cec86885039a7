"""Adapters: bridges from duelspec scenarios to engines (installed as ``duelspec.adapters``).

- ``reference`` (default): the built-in reference engines, in-process (:mod:`.reference`).
- ``module:attribute``: a Python object implementing :class:`.kit.Adapter`, in-process.
- ``cmd:<command line>``: any program speaking the JSON-lines adapter protocol (:mod:`.process`).
"""
from __future__ import annotations


def load_adapter(spec: str = "reference"):
    """An adapter instance for ``spec`` (see the module docstring). Raises ``ValueError``."""
    if spec in ("reference", "", None):
        from .reference import ReferenceAdapter
        return ReferenceAdapter()
    if spec.startswith("cmd:"):
        from .process import ProcessAdapter
        return ProcessAdapter(spec[4:])
    if ":" in spec:
        import importlib
        mod, _, attr = spec.partition(":")
        obj = getattr(importlib.import_module(mod), attr)
        adapter = obj() if isinstance(obj, type) else obj
        missing = [m for m in ("run", "stop") if not callable(getattr(adapter, m, None))]
        if missing or not (callable(getattr(adapter, "start", None)) or callable(getattr(adapter, "implementation", None))):
            raise ValueError(f"adapter {spec!r}: expected an object with start() (or implementation()), run(scenario) "
                             f"and stop() — e.g. a subclass of duelspec.adapters.kit.Adapter; it lacks "
                             f"{', '.join(missing) or 'start()'}")
        if not callable(getattr(adapter, "start", None)):
            adapter.start = adapter.implementation
        return adapter
    raise ValueError(f"adapter spec: expected `reference`, `module:attribute` or `cmd:<command line>`, got {spec!r}")
