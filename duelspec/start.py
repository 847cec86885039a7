"""The ``duelspec`` command's entry point (:func:`main`): signals are held from its first line.

Importing the command (click, rich, the suite's modules) takes a moment; a SIGINT, SIGTERM or
SIGHUP in that time, before ``duelspec run`` had installed its handlers, ended the interpreter with
no result stream at all (issue 23). Here the first thing done is to hold them: ``duelspec run``
takes the held ones over (:func:`take`) and acts on them once its stream is open (a header and a
footer that says the run was interrupted, like any signal during a run); every other command gets
them back as they would have come (:func:`release`: the handler from before, then the signal
raised again). Only the interpreter's own start, before this module runs, is left as it was.

This module imports nothing of the suite (its import is the whole window it cannot cover)."""
from __future__ import annotations

import signal

SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
_held: list = []        # signal numbers received while held, in order
_old: dict = {}         # signal number -> its handler before hold()


def _hold(signum, frame) -> None:
    _held.append(signum)


def hold() -> None:
    """Hold :data:`SIGNALS` (record them, act on none) until :func:`take` or :func:`release`."""
    for name in SIGNALS:
        sig = getattr(signal, name, None)
        if sig is not None and sig not in _old:
            try:
                _old[sig] = signal.signal(sig, _hold)
            except (ValueError, OSError):   # not the main thread: nothing to hold
                pass


def take() -> tuple[list, dict]:
    """For a caller that has installed its own handlers: the names of the signals held so far and
    the handlers from before :func:`hold` (to restore when it is done). Holding ends."""
    names = [signal.Signals(s).name for s in _held]
    old = dict(_old)
    _held.clear()
    _old.clear()
    return names, old


def release() -> None:
    """Stop holding: the handlers from before :func:`hold` are back, then each held signal is
    raised again (SIGINT: :class:`KeyboardInterrupt`; SIGTERM: the default action ends the process)."""
    held = list(dict.fromkeys(_held))
    _held.clear()
    for sig, old in _old.items():
        try:
            signal.signal(sig, old)
        except (ValueError, OSError, TypeError):
            pass
    _old.clear()
    for sig in held:
        signal.raise_signal(sig)


def main():
    """``duelspec``: hold the signals, then import and run the command."""
    hold()
    try:
        from .cli import main as command
        return command()
    finally:
        release()


if __name__ == "__main__":       # python -m duelspec.start: the one module whose signals the command takes
    import sys
    from duelspec.start import main as _main
    sys.exit(_main())
