"""``python -m duelspec.mutation``: the ``duelspec mutants`` command; ``python -m duelspec.mutation
serve <name>`` serves the reference engines with mutant ``<name>`` applied over the adapter
protocol (stdin/stdout), for runs through the protocol path."""
from __future__ import annotations

import sys


def main(argv=None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["serve"]:
        if len(argv) != 2:
            print("usage: python -m duelspec.mutation serve <mutant name>", file=sys.stderr)
            sys.exit(2)
        from . import UnknownMutant, applied, get
        from ..adapters.protocol_server import serve
        from ..adapters.reference import ReferenceAdapter
        try:
            mutant = get(argv[1])
        except UnknownMutant as exc:
            print(f"error: {exc.args[0]}", file=sys.stderr)
            sys.exit(2)

        class MutantAdapter(ReferenceAdapter):
            def implementation(self) -> dict:
                impl = super().implementation()
                return {**impl, "name": f"{impl['name']}+mutant:{mutant.name}"}

        with applied(mutant):
            sys.exit(serve(MutantAdapter()))
    from .command import mutants
    mutants(argv, prog_name="python -m duelspec.mutation")


if __name__ == "__main__":
    main()
