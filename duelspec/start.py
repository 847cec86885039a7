"""The ``duelspec`` command's entry point (:func:`main`): signals are held from its first line.

Importing the command (click, rich, the suite's modules) takes a moment; a SIGINT, SIGTERM or
SIGHUP in that time, before ``duelspec run`` had installed its handlers, ended the interpreter with
no result stream at all (issue 23). Here the first thing done is to hold them: ``duelspec run``
takes the held ones over (:func:`duelspec.held_signals.take`) and acts on them once its stream is open (a header and a
footer that says the run was interrupted, like any signal during a run); every other command gets
them back as they would have come (:func:`~duelspec.held_signals.release`: the handler from before, then the signal
raised again). Only the interpreter's own start, before this module runs, is left as it was.

This module imports nothing of the suite but :mod:`duelspec.held_signals` (the holding, a leaf) before
:func:`main` runs (its import is the whole window it cannot cover)."""
from __future__ import annotations

from .held_signals import hold, release


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
