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


def _bad_input(fn):
    """Bad input (an unknown scenario, an adapter spec naming no adapter, a bad cause file): a clear
    message on stderr and exit status 2, never a traceback."""
    import functools

    @functools.wraps(fn)
    def wrapper(*a, **k):
        from .errors import InputError, UsageError
        from .text import terminal
        try:
            return fn(*a, **k)
        except (InputError, UsageError) as exc:
            click.echo(f"error: {terminal(str(exc), limit=2000)}", err=True)
            sys.exit(2)
    return wrapper


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
@_bad_input
def explore(adapter_spec, game, seed, max_examples, seconds, out, timeout):
    """Search an engine: draw situations from a ruling model's space, play each through the adapter,
    judge it by the model; on a failure shrink it to the smallest situation failing the same way and
    write it into OUT. Prints the report (JSON) on stdout and one line in words on stderr: examples
    played to a verdict, examples/s, coverage of the space (decision signatures played / the space's),
    the finding. Exit 1 with a finding, or when nothing could be judged: every situation skipped by the
    adapter, or an adapter or contract problem (an invalid reply, a window mismatch: no finding about
    the engine's rules, the search stops and says why); 0 when situations were played and none failed."""
    from .explore import explore as search
    from .text import visible
    adapter, impl = _started(adapter_spec, timeout)
    try:
        rep = search(adapter, impl, game, seed, max_examples, seconds, out)
    finally:
        _stop(adapter)
    d = rep.as_dict()
    click.echo(json.dumps(d, indent=2, ensure_ascii=False))
    played = f"{rep.examples} situation(s) played to a verdict, {rep.skipped} skipped by the adapter, {rep.rejected} drawn but undecided or unrealizable (not played)"
    if rep.problem:
        line = (f"explore: stopped, an adapter or contract problem, not a finding about the rules: "
                f"{rep.problem['scenario']}: {rep.problem['why']}")
    elif rep.finding:
        line = f"explore: FOUND {rep.finding.failure} ({rep.finding.scenario['id']}, written to {rep.finding.path})"
    elif not rep.examples:
        line = "explore: nothing was judged" + (f" (the adapter skipped them: {rep.skip_reason})" if rep.skip_reason else "")
    else:
        line = f"explore: no finding; covered {d['covered']} of the space's {d['space']} decision signatures"
    click.echo(visible(f"{line}. {played}.", limit=3000), err=True)
    sys.exit(1 if rep.finding or rep.problem or not rep.examples else 0)


@click.command()
@click.argument("scenario", required=False)
@click.option("--stream", "streams", multiple=True, type=click.Path(dir_okay=False, exists=True),
              help="Instead of SCENARIO: a run's result stream (JSON lines); with --causes and --out, the smallest "
                   "failing scenario of every cause is shrunk into --out (the causes' examples).")
@click.option("--adapter", "adapter_spec", default="reference", show_default=True,
              help="The adapter the scenario fails on (as for `duelspec run`).")
@click.option("--causes", "causes_file", type=click.Path(dir_okay=False), default=None,
              help="A cause file (TOML): the shrunk scenario must match the same cause too.")
@click.option("--out", "out", type=click.Path(file_okay=False), default=None,
              help="Folder to write the shrunk scenario into (<id>.json); default: print it.")
@click.option("--max-runs", "max_runs", type=click.IntRange(min=1), default=400, show_default=True,
              help="At most this many plays of smaller candidates.")
@click.option("--guard", "guard_spec", default="reference", show_default=True,
              help="The adapter that must still pass a smaller candidate (the reference engine: a removal must not "
                   "change what the rulings decide for the expectations kept); 'none': no guard.")
@click.option("--timeout", type=float, default=30.0, show_default=True, help="Seconds per scenario (cmd: adapters).")
@_bad_input
def shrink(scenario, streams, adapter_spec, causes_file, out, max_runs, guard_spec, timeout):
    """The smallest scenario that still fails as SCENARIO does on the adapter: cards (shields, hand, deck,
    ...), steps and expectations removed one at a time while the outcome, the first failing expectation
    and (with --causes) the cause stay the same. SCENARIO: a scenario file (.json) or the id of a built-in
    or generated scenario. Exit 0 when shrunk, 1 when SCENARIO does not fail on the adapter."""
    from .analysis.causes import load_causes
    from .errors import UsageError
    from .runner import run_one
    from .shrink import shrink as smallest, shrink_causes
    if streams:
        if scenario or not (causes_file and out):
            raise UsageError("--stream shrinks every cause's example: it needs --causes and --out, and no SCENARIO")
        adapter, impl = _started(adapter_spec, timeout)
        guard = None if guard_spec == "none" else _started(guard_spec, timeout)
        try:
            done = shrink_causes(streams, causes_file, lambda d: run_one(d, adapter, impl), out,
                                 guard and (lambda d: run_one(d, guard[0], guard[1])), max_runs)
        finally:
            _stop(adapter)
            if guard:
                _stop(guard[0])
        click.echo(json.dumps(done, indent=2, ensure_ascii=False))
        return
    if not scenario:
        raise UsageError("expected a SCENARIO (a file or an id) or --stream")
    doc = _scenario(scenario)
    causes = load_causes(causes_file) if causes_file else ()
    adapter, impl = _started(adapter_spec, timeout)
    guard = None if guard_spec == "none" else _started(guard_spec, timeout)
    try:
        got = smallest(doc, lambda d: run_one(d, adapter, impl), causes, max_runs,
                       guard and (lambda d: run_one(d, guard[0], guard[1])))
    finally:
        _stop(adapter)
        if guard:
            _stop(guard[0])
    if got is None:
        click.echo(f"{doc['id']}: it does not fail on this adapter: nothing to shrink", err=True)
        sys.exit(1)
    text = json.dumps(got.scenario, indent=2, ensure_ascii=False) + "\n"
    if out:
        from .shrink import write_scenario
        path = write_scenario(got.scenario, out)
        click.echo(f"{doc['id']}: {got.failure}; {len(doc['setup'].get('cards', []))} cards, {len(doc.get('script', []))} "
                   f"steps -> {len(got.scenario['setup'].get('cards', []))} cards, {len(got.scenario.get('script', []))} "
                   f"steps ({got.runs} plays); wrote {path}")
    else:
        click.echo(text, nl=False)


def _scenario(ref: str) -> dict:
    """The scenario a file path or a scenario id names."""
    from pathlib import Path
    from .errors import UsageError
    from .selection import load
    if ref.endswith(".json") and Path(ref).is_file():
        docs, errors = load([ref])
    else:
        game = ref.split(".")[0]
        docs, errors = load(ids=[ref], games=[game] if game in ("dm", "ygo") else [], generated=".generated." in ref)
    if errors:
        raise UsageError(f"{ref}: {errors[0].error}")
    if len(docs) != 1:
        raise UsageError(f"{ref}: expected one scenario file or scenario id, found {len(docs)} scenarios")
    return docs[0]
