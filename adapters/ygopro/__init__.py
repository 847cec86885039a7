"""duelspec adapter for the classic YGOPro core (Fluorohydride/ygopro-core + ygopro-scripts).

Python, ``ctypes``, standard library only. It loads a ``libocgcore.so`` the user builds from
their own ygopro-core checkout (``build.sh``) and reads card scripts from their
ygopro-scripts checkout; nothing of either is stored in duelspec. See README.md.

Run over the adapter protocol::

    duelspec run --game ygo --adapter 'cmd:python -m duelspec.adapters.ygopro --core LIB --scripts DIR'

or in-process as ``duelspec.adapters.ygopro:YgoproAdapter`` (options from the environment:
``DUELSPEC_YGOPRO_CORE``, ``DUELSPEC_YGOPRO_SCRIPTS``, ``DUELSPEC_YGOPRO_CDB``).
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from ..kit import Adapter, CannotStart, MissingDecision

ADAPTER_VERSION = "0.1.0"
HERE = Path(__file__).resolve().parent
DEFAULT_CATALOGUE = HERE.parent.parent / "features" / "cards" / "ygo.json"


def _split(v: str | None) -> list[str]:
    return [x for x in (v or "").split(os.pathsep) if x]


def make_script_reader(dirs: list[str]):
    """``reader(name) -> bytes | None`` for the core's script names (``./script/c123.lua``):
    ``<dir>/<file>`` then ``<dir>/script/<file>`` for each dir, first hit wins (cached)."""
    cache: dict[str, bytes | None] = {}

    def read(name: str):
        base = os.path.basename(name)
        if base not in cache:
            cache[base] = None
            for d in dirs:
                for p in (os.path.join(d, base), os.path.join(d, "script", base)):
                    if os.path.isfile(p):
                        with open(p, "rb") as f:
                            cache[base] = f.read()
                        break
                if cache[base] is not None:
                    break
        return cache[base]
    return read


def _commit(path: str) -> str | None:
    try:
        out = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


class YgoproAdapter(Adapter):
    """The adapter. ``core``: path of libocgcore.so; ``scripts``: script dirs (a ygopro-scripts
    checkout first); ``cdbs``: cards.cdb files (win over the catalogue); ``catalogues``: duelspec
    card catalogues (default: this repository's ``features/cards/ygo.json``). Each defaults to
    its environment variable (module docstring)."""

    #: adapter protocol 3 (format 2.1): the opening hands' draws carry ``opening``, and the core's
    #: messages show every window of the format's words (``after-before-draw``: :mod:`.run`)
    protocol = 3

    def __init__(self, core: str | None = None, scripts=None, cdbs=None, catalogues=None, verbose: bool = False,
                 write_setup: str | None = None, load_repro=()):
        """``write_setup``: a folder where each scenario's start state is written as ``<id>.setup.lua``
        (the Debug.AddCard calls loaded, each with the scenario's card id; ``python -m duelspec.analysis.repro``
        turns it into a single-mode script); ``load_repro``: folders whose ``<id>.lua`` (such a script)
        is loaded as the start state instead of the adapter's own chunk."""
        self.core_path = core or os.environ.get("DUELSPEC_YGOPRO_CORE")
        self.scripts = list(scripts) if scripts else _split(os.environ.get("DUELSPEC_YGOPRO_SCRIPTS"))
        self.cdbs = list(cdbs) if cdbs else _split(os.environ.get("DUELSPEC_YGOPRO_CDB"))
        self.catalogues = list(catalogues) if catalogues else ([str(DEFAULT_CATALOGUE)] if DEFAULT_CATALOGUE.exists() else [])
        self.verbose = verbose
        self.write_setup, self.load_repro = write_setup, list(load_repro)
        self.core = self.cards = self.reader = None
        self.problem: str | None = None
        self.wrong_scripts: str | None = None
        self._started = False

    def _log(self, s: str) -> None:
        if self.verbose:
            import sys
            print(f"duelspec-ygopro: {s}", file=sys.stderr, flush=True)

    def _init(self) -> None:
        if self._started:
            return
        self._started = True
        from .cards import CardSource
        from .core import Core, CoreLoadError
        if not self.core_path:
            self.problem = ("no core library: build one from your ygopro-core checkout with adapters/ygopro/build.sh "
                            "and give --core LIB or set DUELSPEC_YGOPRO_CORE")
        elif not os.path.isfile(self.core_path):
            self.problem = f"core library {self.core_path} does not exist (build it with adapters/ygopro/build.sh)"
        else:
            try:
                self.core = Core(self.core_path)
            except CoreLoadError as exc:
                self.problem = str(exc)
        if not self.problem:
            if not self.scripts:
                self.problem = ("no script directory: give --scripts DIR (a Fluorohydride/ygopro-scripts checkout) "
                                "or set DUELSPEC_YGOPRO_SCRIPTS")
            elif not any(os.path.isfile(os.path.join(d, "constant.lua")) or
                         os.path.isfile(os.path.join(d, "script", "constant.lua")) for d in self.scripts):
                self.problem = f"no constant.lua in {', '.join(self.scripts)}: not a ygopro-scripts checkout"
        self.cards = CardSource(self.catalogues, self.cdbs, warn=self._log)
        self.reader = make_script_reader(self.scripts)
        if not self.problem:
            # another engine's scripts would run silently wrong in every scenario: stop before the first
            self.wrong_scripts = self._probe_scripts()

    def _probe_scripts(self) -> str | None:
        """The start-up check of the script directories (:func:`.engine_errors.check_scripts`): a
        probe duel loads the base scripts as every scenario's duel does (the core loads
        constant.lua, utility.lua and procedure.lua when a duel is created), then the probe."""
        from .engine_errors import ERROR, SCRIPTS_PROBE, check_scripts

        errors: list = []
        messages: list = []

        class Watch:
            @staticmethod
            def on_read(name, found):
                pass

            @staticmethod
            def on_log(kind, text):
                (errors if kind == ERROR else messages).append(text)
        probe = SCRIPTS_PROBE.encode()
        duel = self.core.duel(1, self.cards.read, lambda n: probe if n.endswith("duelspec_probe.lua") else self.reader(n), Watch())
        try:
            duel.preload("./script/duelspec_probe.lua")
        finally:
            duel.end()
        return check_scripts(errors, messages, self.scripts)

    def start(self) -> dict:
        """The implementation description; raises :class:`~duelspec.adapters.kit.CannotStart` when
        the scripts are another engine's (the run stops before the first scenario)."""
        impl = self.implementation()
        if self.wrong_scripts:
            raise CannotStart(self.wrong_scripts)
        return impl

    def implementation(self) -> dict:
        self._init()
        core_commit = _commit(str(Path(self.core_path).resolve().parent.parent)) if self.core_path else None
        scripts_commit = _commit(self.scripts[0]) if self.scripts else None
        version = f"adapter {ADAPTER_VERSION}"
        if core_commit:
            version += f"; ygopro-core {core_commit[:12]}"
        if scripts_commit:
            version += f"; ygopro-scripts {scripts_commit[:12]}"
        from .run import OBSERVES, UNSUPPORTED
        return {"name": "YGOPro (classic ygopro-core + ygopro-scripts)", "version": version,
                "language": "C++ + Lua card scripts; adapter in Python (ctypes)",
                "homepage": "https://github.com/Fluorohydride/ygopro-core",
                "issues": "https://github.com/Fluorohydride/ygopro-scripts/issues",
                "games": ["ygo"], "unsupported": list(UNSUPPORTED),
                "observes": {k: list(v) for k, v in OBSERVES.items()}}

    def run(self, scenario: dict) -> dict:
        self._init()
        from .run import ScenarioRun
        if not isinstance(scenario, dict):
            return {"errored": {"message": "expected a scenario object", "detail": str(scenario)[:500]}}
        if scenario.get("game") != "ygo":
            return {"skipped": {"reason": f"game {scenario.get('game')!r}: this adapter runs Yu-Gi-Oh! (ygo) scenarios only"}}
        if self.problem:
            return {"skipped": {"reason": self.problem}}
        if self.wrong_scripts:
            return {"errored": {"message": f"not run: {self.wrong_scripts}"}}
        sid = str(scenario.get("id", ""))
        safe = bool(re.fullmatch(r"[a-z0-9][a-z0-9.-]*", sid))
        repro = next((Path(d) / f"{sid}.lua" for d in self.load_repro if safe and (Path(d) / f"{sid}.lua").is_file()), None)
        run = ScenarioRun(self.core, self.cards, self.reader, scenario, log=self._log, script_dirs=self.scripts,
                          repro_text=repro.read_bytes() if repro else None)
        try:
            return self._run(run, scenario)
        finally:
            if self.write_setup and safe and getattr(run, "setup_lua", None):
                drew = "; ".join(n for n in run.notes if n.startswith("start state")) or "no normal draw before the start"
                (Path(self.write_setup) / f"{sid}.setup.lua").write_bytes(
                    f"-- duelspec start state of {sid} as adapters/ygopro loaded it (engine player 0 = "
                    f"{scenario['setup'].get('first_player')}; {drew})\n".encode() + run.setup_lua)

    def _run(self, run, scenario: dict) -> dict:
        from .run import BadScenario, EngineError, EngineScriptError, Unsupported
        try:
            return run.run()
        except EngineScriptError as exc:
            return exc.errors.errored(exc.trace)
        except BadScenario as exc:
            return {"errored": {"message": f"bad scenario: {exc}", "detail": str(scenario.get("id", ""))}}
        except (Unsupported, MissingDecision, EngineError) as exc:
            # the engine's own errors come first: whatever else went wrong may well be their consequence
            if run.errors is not None and len(run.errors):
                return run.errors.errored()
            if isinstance(exc, Unsupported):
                return {"skipped": {"reason": str(exc)}}
            if isinstance(exc, MissingDecision):
                return {"errored": {"message": f"mandatory decision not scripted: {exc}",
                                    "detail": "\n".join(map(str, run.events[-8:]))}}
            log = run.duel.log[-10:] if run.duel else []
            return {"errored": {"message": f"core: {exc}", "detail": "\n".join(log)}}
