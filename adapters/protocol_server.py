"""The adapter side of the protocol: serve an in-process adapter over stdin/stdout.

Any object with ``start() -> dict`` (the implementation description), ``run(scenario) ->
dict`` (``{"trace": ...}`` / ``{"skipped": ...}`` / ``{"errored": ...}``) and ``stop()``
(see :class:`duelspec.adapters.kit.Adapter`) becomes a protocol program::

    from duelspec.adapters.protocol_server import serve
    serve(MyAdapter())                    # reads stdin, writes stdout, returns the exit status

or, for an adapter given as ``module:attribute`` (:mod:`duelspec.adapters.__main__`)::

    python -m duelspec.adapters my_package.my_module:MyAdapter

Behaviour (the adapter's ``protocol`` attribute, default 2: up to that version, and a lower one for a runner that
asks for it; ``schemas/protocol.schema.json``): a ``run``
message's ``as_of`` date is handed to ``run(scenario, as_of=...)`` when the adapter's ``run`` takes it; one JSON object per line
in and out, flushed after every line; ``stop`` or end of input ends the loop with status 0.
While the adapter's code runs, ``sys.stdout`` is redirected to stderr, so a stray ``print``
in an engine cannot corrupt the protocol stream. An exception inside ``run`` becomes an
``errored`` reply with the traceback as ``detail``; the server keeps serving. A line that is
not a JSON object, or an unknown ``cmd``, is reported on stderr and ends the server with
status 2 (the runner then sees the exit and restarts it). An adapter whose ``start`` raises
:class:`CannotStart` (it cannot run anything with what it was given)
ends the server at the ``start`` message with the reason on stderr and status 3.
"""
from __future__ import annotations

import contextlib
import json
import sys
import traceback

from .calls import run_adapter

PROTOCOL = 2          # the version an adapter without a ``protocol`` attribute speaks; a runner asking for 1 gets 1


class CannotStart(Exception):
    """Raised by an adapter's ``start``/``implementation`` when it cannot run any scenario with
    what it was given (e.g. another engine's card scripts): the run stops before the first
    scenario with this message (:func:`serve` writes it on
    stderr and exits with status 3; in-process, the runner reports it as the start-up error)."""


def _write(out, obj: dict) -> None:
    out.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
    out.flush()


def serve(adapter, stdin=None, stdout=None, stderr=None) -> int:
    """Answer protocol messages from ``stdin`` on ``stdout`` until ``stop`` or EOF.

    Returns the exit status: 0 after ``stop``/EOF, 2 after an unreadable message, 3 when the
    adapter cannot start (:class:`CannotStart`). The
    streams default to ``sys.stdin``/``sys.stdout``/``sys.stderr`` (text, line-oriented)."""
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    started = False
    speaks = getattr(adapter, "protocol", PROTOCOL)   # the highest version the adapter speaks
    for lineno, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
            if not isinstance(msg, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            print(f"<stdin>:line {lineno}: expected a JSON object, got {line[:200]!r} ({exc})", file=err, flush=True)
            return 2
        cmd = msg.get("cmd")
        if cmd == "stop":
            break
        with contextlib.redirect_stdout(err):
            if cmd == "start":
                asked = msg.get("protocol")
                if not isinstance(asked, int) or isinstance(asked, bool) or asked < 1:
                    print(f"<stdin>:line {lineno}: protocol {asked!r} requested; this server speaks 1 to {speaks}",
                          file=err, flush=True)
                    return 2
                try:
                    reply = {"protocol": min(asked, speaks), "implementation": adapter.start()}
                except CannotStart as exc:      # stop before the first scenario, saying why
                    print(f"cannot start: {exc}", file=err, flush=True)
                    return 3
                started = True
            elif cmd == "run" and isinstance(msg.get("seq"), int) and isinstance(msg.get("scenario"), dict):
                if not started:
                    reply = {"seq": msg["seq"], "errored": {"message": "`run` before `start`"}}
                else:
                    reply = {"seq": msg["seq"], **_run(adapter, msg["scenario"], msg.get("as_of"))}
            else:
                print(f"<stdin>:line {lineno}: expected a `start`, `run` (with integer `seq` and object `scenario`) "
                      f"or `stop` message, got {line[:200]!r}", file=err, flush=True)
                return 2
        _write(out, reply)
    with contextlib.redirect_stdout(err):
        with contextlib.suppress(Exception):
            adapter.stop()
    return 0


def _run(adapter, scenario: dict, as_of=None) -> dict:
    try:
        reply = run_adapter(adapter, scenario, as_of if isinstance(as_of, str) else None)
    except Exception as exc:  # the engine crashed on this scenario: report it, keep serving
        return {"errored": {"message": f"{type(exc).__name__}: {exc}", "detail": traceback.format_exc(limit=12)}}
    if not isinstance(reply, dict) or len(set(reply) & {"trace", "skipped", "errored"}) != 1:
        return {"errored": {"message": f"the adapter's run() returned {str(reply)[:200]}; expected a dict with one of "
                                       f"`trace`, `skipped`, `errored`"}}
    return reply
