"""duelspec: an executable rules specification and conformance suite for
trading-card-game simulators (Yu-Gi-Oh! OCG, Duel Masters).

Pipeline (nothing flows backwards)::

    features/*.feature --compile--> scenario JSON --run--> adapter --> engine
        --> trace JSON --check--> result stream --> reports

The public API is :data:`__all__` (documented in ``docs/design/architecture.md``, "Python
API"): each name is imported from its module on first use, so ``import duelspec`` stays
cheap. Other modules' names are not promised; the ``duelspec`` command is :mod:`duelspec.cli`.
"""

__version__ = "0.1.0"
SCENARIO_FORMAT = 2        # format-1 documents are still read (schemas/scenario-v1.schema.json)
SCENARIO_FORMAT_MINOR = 1  # format 2.1: `format_minor: 1` on a document that uses its words (duelspec.words)
PROTOCOL_VERSION = 3
PROTOCOL_VERSIONS = (1, 2, 3)   # protocol 1: format-1 scenarios only; 2: format 2.0 too; 3: format 2.1 too

#: the public API: name -> the module that defines it
_API = {
    # scenarios: compile, load and select, check a trace
    "compile_paths": "duelspec.compiler", "load": "duelspec.selection", "select": "duelspec.selection",
    "check": "duelspec.judging.checker",
    # running: adapters, a run of scenarios, a whole run with its outputs
    "make_adapter": "duelspec.adapters", "run_scenarios": "duelspec.runner", "RunRequest": "duelspec.session",
    "run": "duelspec.session",
    # writing an adapter in Python; what an engine asks
    "Adapter": "duelspec.adapters.kit", "Simulator": "duelspec.adapters.kit", "Skip": "duelspec.adapters.kit",
    "ScriptDriver": "duelspec.adapters.kit", "Decider": "duelspec.decisions", "MissingDecision": "duelspec.decisions",
    "Refusal": "duelspec.decisions",
    # reports of a result stream
    "read_stream": "duelspec.reporting.report", "render_markdown": "duelspec.reporting.report", "to_junit": "duelspec.reporting.junit",
    # errors
    "InputError": "duelspec.errors", "UsageError": "duelspec.errors", "NotRun": "duelspec.errors",
}

__all__ = ["__version__", "SCENARIO_FORMAT", "SCENARIO_FORMAT_MINOR", "PROTOCOL_VERSION", "PROTOCOL_VERSIONS", *_API]


def __getattr__(name: str):
    """A name of the public API, imported from its module on first use."""
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'duelspec' has no attribute {name!r}")
    import importlib
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
