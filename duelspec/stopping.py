"""Stopping on signals: a run (or a smoke test) that SIGINT, SIGTERM or SIGHUP interrupts ends
its adapter and every process it started, and still writes whole lines and its footer.

:class:`Stopper` turns the first signal into :class:`KeyboardInterrupt` outside a critical
section (a result being counted and written), and later signals into ending the adapter at
once; :func:`stop_adapter` stops an adapter, a failing ``stop()`` being a warning. Signals
received while the command started (held by :mod:`duelspec.start`, :mod:`duelspec.held_signals`) are taken over by
:meth:`Stopper.install`; a run holds them (:meth:`Stopper.hold`) until its stream is open.
"""
from __future__ import annotations

__all__ = ["Stopper", "stop_adapter"]


class Stopper:
    """SIGINT, SIGTERM and SIGHUP during a run: an orderly stop at any moment.

    The first signal raises :class:`KeyboardInterrupt` in the main thread, except inside a
    :meth:`critical` section (a result being counted and written), where it is acted on when
    the section ends, so no line is ever half written. After :meth:`stopping` (or the first
    signal), a signal raises nothing: it ends the adapter's processes at once (``abort``), so
    a second Ctrl-C during the stop wait makes the stop quicker, never skips the footer."""

    SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self):
        self.received: list[str] = []
        self.depth = 0               # > 0: inside critical sections (or held until :meth:`begin`)
        self.pending = False
        self.done = False            # the stop has begun: signals no longer raise
        self.adapter = None
        self.old: dict = {}
        self.held = False            # :meth:`hold` until :meth:`begin`

    def install(self, hold: bool = False) -> None:
        """The handlers; with ``hold``, held (:meth:`hold`) from before the first one is installed."""
        import signal
        if hold:
            self.hold()
        for name in self.SIGNALS:
            sig = getattr(signal, name, None)
            if sig is not None:
                try:
                    self.old[sig] = signal.signal(sig, self._handle)
                except (ValueError, OSError):   # not the main thread: leave the defaults
                    pass
        from .held_signals import take
        held, old = take()           # received since the command started (duelspec.start)
        self.old.update(old)         # the handlers from before it held them
        if held:
            self.received += held
            self.pending = True

    def uninstall(self) -> None:
        import signal
        for sig, old in self.old.items():
            try:
                signal.signal(sig, old)
            except (ValueError, OSError, TypeError):
                pass

    def _handle(self, signum, frame):
        import signal
        self.received.append(signal.Signals(signum).name)
        if self.done:
            abort = getattr(self.adapter, "abort", None)
            if abort is not None:
                abort()
            return
        if self.depth:
            self.pending = True
            return
        self.done = True
        raise KeyboardInterrupt

    def critical(self):
        import contextlib

        @contextlib.contextmanager
        def section():
            self.depth += 1
            try:
                yield
            finally:
                self._leave()
        return section()

    def hold(self) -> None:
        """Act on no signal until :meth:`begin` (a run's checks, until its stream is open); once."""
        if not self.held:
            self.held = True
            self.depth += 1

    def begin(self) -> None:
        """The end of :meth:`hold`: from here the first signal stops the run (one held so far, at once)."""
        if self.held:
            self.held = False
            self._leave()

    def _leave(self) -> None:
        self.depth -= 1
        if not self.depth and self.pending and not self.done:
            self.pending, self.done = False, True
            raise KeyboardInterrupt

    def stopping(self, adapter) -> None:
        self.adapter, self.done = adapter, True

    def reason(self) -> str:
        names = ", ".join(dict.fromkeys(self.received)) or "Ctrl-C"
        return f"interrupted ({names})"


def stop_adapter(adapter) -> None:
    """Stop ``adapter``; a failing in-process ``stop()`` is a warning (the results stand)."""
    if adapter is None:
        return
    try:
        adapter.stop()
    except Exception as exc:
        from rich.text import Text
        from .console import console as make_console
        from .text import terminal
        make_console(stderr=True).print(Text("warning:", style="yellow") + " the adapter's stop() failed: "
                                   + terminal(f"{type(exc).__name__}: {exc}"), highlight=False)
