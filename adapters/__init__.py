"""Adapters: bridges from duelspec scenarios to engines (installed as ``duelspec.adapters``).

- ``reference`` (default): the built-in reference engines, in-process (:mod:`.reference`).
- ``module:attribute``: a Python object implementing :class:`.kit.Adapter`, in-process.
- ``cmd:<command line>``: any program speaking the JSON-lines adapter protocol (:mod:`.process`).

:func:`make_adapter` builds the adapter of a run (timeouts and restarts for ``cmd:``, several
processes with ``jobs``); :func:`load_adapter` resolves a spec with the defaults.
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


def make_adapter(spec: str, timeout: float = 30.0, startup_timeout: float = 10.0, max_restarts: int = 5, jobs: int = 1):
    """The adapter for ``spec``; a ``cmd:`` spec gets the given timeouts (seconds) and restart limit,
    and ``jobs`` > 1 processes of it playing in parallel (:class:`.pool.AdapterPool`). Raises
    ``ValueError`` / ``ImportError`` / ``AttributeError`` for a spec that names no adapter and
    :class:`duelspec.errors.UsageError` for ``jobs`` > 1 without a ``cmd:`` spec."""
    check_jobs(spec, jobs)
    if jobs > 1:
        from .pool import AdapterPool
        return AdapterPool(lambda: make_adapter(spec, timeout, startup_timeout, max_restarts), jobs)
    if spec.startswith("cmd:"):
        from .process import ProcessAdapter
        return ProcessAdapter(spec[4:], timeout=timeout, startup_timeout=startup_timeout, max_restarts=max_restarts)
    return load_adapter(spec)


def check_jobs(spec: str, jobs: int) -> None:
    """:class:`duelspec.errors.UsageError` when ``jobs`` > 1 processes are asked of an adapter that is not a program."""
    if jobs > 1 and not spec.startswith("cmd:"):
        from ..errors import UsageError
        raise UsageError(f"--jobs {jobs} runs several adapter processes: it needs a cmd: adapter "
                         "(the reference engine as one: --adapter cmd:duelspec-reference-adapter)")
