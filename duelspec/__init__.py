"""duelspec: an executable rules specification and conformance suite for
trading-card-game simulators (Yu-Gi-Oh! OCG, Duel Masters).

Pipeline (nothing flows backwards)::

    features/*.feature --compile--> scenario JSON --run--> adapter --> engine
        --> trace JSON --check--> result stream --> reports

The public entry points are :func:`duelspec.compiler.compile_paths`,
:func:`duelspec.runner.run_scenarios`, :func:`duelspec.checker.check` and the
``duelspec`` command (:mod:`duelspec.cli`).
"""

__version__ = "0.1.0"
SCENARIO_FORMAT = 2        # format-1 documents are still read (schemas/scenario-v1.schema.json)
PROTOCOL_VERSION = 2
PROTOCOL_VERSIONS = (1, 2)   # protocol 1: format-1 scenarios only
