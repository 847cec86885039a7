"""Signals held while the ``duelspec`` command starts (:mod:`duelspec.start` holds them from its first
line, issue 23): :func:`hold` records SIGINT, SIGTERM and SIGHUP and acts on none; ``duelspec run``
takes the held ones over (:func:`take`, by :meth:`duelspec.stopping.Stopper.install`); every other
command gets them back as they came (:func:`release`).

A leaf: it imports nothing of the suite (the entry point's import of it is the whole window its
holding cannot cover)."""
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
