"""``python -m duelspec.adapters.ygopro [--core LIB] [--scripts DIR]... [--cdb FILE]... [--cards FILE]... [--verbose]``

Serves the YGOPro adapter over duelspec's adapter protocol on stdin/stdout. Options default
to ``DUELSPEC_YGOPRO_CORE``, ``DUELSPEC_YGOPRO_SCRIPTS`` / ``DUELSPEC_YGOPRO_CDB`` (several
entries split by ``:``); ``--cards`` to this repository's features/cards/ygo.json.
"""
from __future__ import annotations

import argparse
import sys

from ..protocol_server import serve
from . import YgoproAdapter


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m duelspec.adapters.ygopro", description=__doc__.split("\n\n")[1])
    ap.add_argument("--core", help="libocgcore.so built from your ygopro-core checkout (build.sh)")
    ap.add_argument("--scripts", action="append", help="script directory (ygopro-scripts checkout); repeatable")
    ap.add_argument("--cdb", action="append", help="a YGOPro cards.cdb (wins over the catalogue); repeatable")
    ap.add_argument("--cards", action="append", help="a duelspec card catalogue; repeatable")
    ap.add_argument("--verbose", action="store_true", help="adapter and core log lines on stderr")
    ap.add_argument("--write-setup", metavar="DIR", help="write each scenario's start state as DIR/<id>.setup.lua "
                    "(the Debug.AddCard calls loaded; python -m duelspec.analysis.repro makes a single-mode script of it)")
    ap.add_argument("--load-repro", metavar="DIR", action="append", default=[],
                    help="load DIR/<id>.lua (a reproduction) as the scenario's start state when it exists; repeatable")
    a = ap.parse_args(argv)
    return serve(YgoproAdapter(core=a.core, scripts=a.scripts, cdbs=a.cdb, catalogues=a.cards, verbose=a.verbose,
                               write_setup=a.write_setup, load_repro=a.load_repro))


if __name__ == "__main__":
    sys.exit(main())
