"""The reference engines as an adapter: in-process (:class:`ReferenceAdapter`) and as a
protocol program (``duelspec-reference-adapter`` / ``python -m duelspec.adapters.reference``).
"""
from __future__ import annotations

import importlib

from .. import __version__
from .kit import Adapter, MissingDecision, ScriptDriver

ENGINES = {"ygo": "duelspec.reference_engine.ygo", "dm": "duelspec.reference_engine.dm"}


class ReferenceAdapter(Adapter):
    """Runs scenarios on :mod:`duelspec.reference_engine` in this process.

    Each engine package exposes ``play(scenario_setup, decider) -> (events, final)`` and
    ``UNSUPPORTED`` (mechanic tags it cannot play yet)."""

    may_change_scenarios = False   # the runner need not hand it a copy (see runner.run_one)
    protocol = 4                   # format 2.1 and 2.2 too: its engines open every window of the words, and take `decline` steps

    def __init__(self):
        self._engines = {game: importlib.import_module(mod) for game, mod in ENGINES.items()}

    def implementation(self) -> dict:
        unsupported = sorted({t for e in self._engines.values() for t in getattr(e, "UNSUPPORTED", ())})
        return {"name": "duelspec-reference", "version": __version__, "language": "python",
                "games": sorted(self._engines),
                "unsupported": unsupported}

    def run(self, scenario: dict, as_of: str | None = None) -> dict:
        """Play ``scenario`` on its game's engine, as of the date ``as_of`` (ISO; ``None``: today:
        the Yu-Gi-Oh! engine classifies the cards whose answer changed by the answer in force
        then, issue 16)."""
        engine = self._engines.get(scenario["game"])
        if engine is None:
            return {"skipped": {"reason": f"no reference engine for game {scenario['game']!r}"}}
        driver = ScriptDriver.for_scenario(scenario)
        try:
            events, final = engine.play(scenario["setup"], driver, as_of=as_of)
        except MissingDecision as exc:
            return {"errored": {"message": f"the script does not give a mandatory decision: {exc}{driver.explain()}",
                                "detail": "missing decision"}}
        except engine.Unplayable as exc:
            return {"skipped": {"reason": str(exc)}}
        return {"trace": {"format": scenario.get("format", 1), "events": events, "steps": driver.finish(), "final": final}}


def main() -> None:
    """Serve the reference engines over the adapter protocol (stdin/stdout); exit status of the server."""
    import sys
    from .protocol_server import serve
    sys.exit(serve(ReferenceAdapter()))


if __name__ == "__main__":  # pragma: no cover
    main()
