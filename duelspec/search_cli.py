"""The commands ``duelspec explore`` (:mod:`duelspec.explore`) and ``duelspec shrink``
(:mod:`duelspec.shrink`), added to the command group by :mod:`duelspec.cli`."""
from __future__ import annotations

import json
import sys

import click


def _started(adapter_spec: str, timeout: float):
    from .adapters import make_adapter
    from .errors import UsageError
    try:
        adapter = make_adapter(adapter_spec, timeout)
    except (ValueError, ImportError, AttributeError, TypeError) as exc:
        raise UsageError(str(exc)) from None
    impl = adapter.start() or {}
    return adapter, impl


def _stop(adapter) -> None:
    stop = getattr(adapter, "stop", None)
    if callable(stop):
        stop()


@click.command()
@click.option("--adapter", "adapter_spec", default="reference", show_default=True,
              help="The adapter: reference, module:Class, or cmd:PROGRAM (as for `duelspec run`).")
@click.option("--game", type=click.Choice(["dm", "ygo"]), required=True,
              help="Which model's space: dm (the attack, duelspec/generated/dm_model.py) or ygo (normal-draw chains).")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed draws the same situations.")
@click.option("--max-examples", "max_examples", type=click.IntRange(min=1), default=100, show_default=True,
              help="At most this many situations drawn (shrinking a finding plays more).")
@click.option("--seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Stop drawing new situations after this many seconds (a finding is still shrunk).")
@click.option("--out", "out", type=click.Path(file_okay=False), required=True,
              help="Folder the smallest failing situation is written into, as a scenario file `duelspec run` replays.")
@click.option("--timeout", type=float, default=30.0, show_default=True, help="Seconds per scenario (cmd: adapters).")
def explore(adapter_spec, game, seed, max_examples, seconds, out, timeout):
    """Search an engine: draw situations from a ruling model's space, play each through the adapter,
    judge it by the model; on a failure shrink it to the smallest situation failing the same way and
    write it into OUT. Prints the report (JSON): examples played, examples/s, coverage of the space
    (decision signatures played / the space's), the finding. Exit 1 with a finding, 0 without."""
    from .explore import explore as search
    adapter, impl = _started(adapter_spec, timeout)
    try:
        rep = search(adapter, impl, game, seed, max_examples, seconds, out)
    finally:
        _stop(adapter)
    click.echo(json.dumps(rep.as_dict(), indent=2, ensure_ascii=False))
    sys.exit(1 if rep.finding else 0)
