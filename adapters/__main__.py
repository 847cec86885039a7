"""``python -m duelspec.adapters SPEC``: serve the adapter ``SPEC`` over the adapter protocol on
stdin/stdout (:func:`duelspec.adapters.protocol_server.serve`). The program above both the server
and the adapters it can load (:func:`duelspec.adapters.load_adapter`)."""
from __future__ import annotations

import sys

from . import load_adapter
from .protocol_server import serve


def main(argv: list[str] | None = None) -> None:
    """``python -m duelspec.adapters SPEC``: serve the adapter ``SPEC``
    (``reference`` or ``module:attribute``, as for ``duelspec run --adapter``)."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or argv[0].startswith("cmd:") or argv[0] in ("-h", "--help"):
        print("usage: python -m duelspec.adapters reference|module:attribute", file=sys.stderr)
        sys.exit(2)
    sys.exit(serve(load_adapter(argv[0])))


if __name__ == "__main__":  # pragma: no cover
    main()
