"""Errors about bad input: each names the file (or the option), the location and what was expected."""
from __future__ import annotations


class InputError(Exception):
    """Bad input: a malformed feature, scenario, card entry or adapter reply.

    Attributes:
        file: the path of the offending file (or a description such as ``<adapter stdout>``).
        location: ``line 12`` for text files, a JSON pointer (``/setup/cards/3/card``) for JSON.
        expected: what was expected there, in words.
        got: what was found (shortened), optional.

    The message is bounded: ``expected`` is cut at 2000 characters and ``got`` at 200 (marked).
    """

    def __init__(self, file: str, location: str, expected: str, got: object = None):
        self.file = str(file)
        self.location = location
        self.expected = expected
        self.got = got
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.location}" if self.location else self.file
        expected = self.expected if len(str(self.expected)) <= 2000 else \
            f"{str(self.expected)[:2000]}… [{len(str(self.expected)) - 2000} more characters]"
        msg = f"{where}: expected {expected}"
        if self.got is not None:
            got = repr(self.got)
            if len(got) > 200:
                got = got[:197] + "..."
            msg += f", got {got}"
        return msg

    def as_dict(self) -> dict:
        return {"file": self.file, "location": self.location, "expected": self.expected,
                "got": None if self.got is None else repr(self.got)[:500]}


class UsageError(Exception):
    """A command's arguments or options that cannot be run as given (a path that is not a
    scenario file or folder, an output that would overwrite an input, ``--jobs`` without a
    ``cmd:`` adapter …). The message is complete: it names the option or path and what was
    expected. Raised before anything runs; the ``duelspec`` command exits with status 2."""


class NotRun(Exception):
    """A run that did not start: the selection matched nothing, or a signal came before the
    start. The message is the line to show; the ``duelspec`` command exits with status 1."""
