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
SCENARIO_FORMAT_MINOR = 1  # format 2.1: `format_minor: 1` on a document that uses its words (duelspec.words)
PROTOCOL_VERSION = 3
PROTOCOL_VERSIONS = (1, 2, 3)   # protocol 1: format-1 scenarios only; 2: format 2.0 too; 3: format 2.1 too
