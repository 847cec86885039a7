"""Reading inputs and opening outputs without blocking, without unbounded memory, and never
writing over an input or over another output of the same run.

- :func:`read_bytes` / :func:`read_text` / :func:`read_toml`: at most ``limit`` bytes (a larger
  input is an error naming its size limit); a device (``/dev/urandom``, ``/dev/zero``) or a
  socket is an error, a named FIFO is an error (it may never get a writer), a pipe (``<(...)``,
  ``/dev/stdin``) is read until no data came for ``timeout`` seconds; a folder is an error.
  Text is UTF-8 with an optional byte-order mark.
- :func:`open_output`: a FIFO without a reader is an error, not a hang; a regular file is
  truncated only when opened (and never when locking fails).
- :func:`same_file`: two paths that name one file (also through links); :func:`inside`: a path
  in a folder (a file written there is read by whatever reads the folder).
- The outputs of a command: :func:`check_outputs` (before anything runs: every output can be
  written, none is another output or an input, none lies in a folder it reads), :func:`open_locked`
  (the result stream, one run at a time), :func:`write_output` (a report; what went wrong is
  returned, nothing computed is lost), :func:`is_epipe` / :func:`quiet_stdout` (a reader of stdout
  that went away).
- :func:`json_loads`: JSON with one nesting limit on every Python (:data:`JSON_DEPTH`).

Errors are :class:`duelspec.errors.InputError` naming the file and what was expected, or
:class:`duelspec.errors.UsageError` naming the option.
"""
from __future__ import annotations

import contextlib
import errno
import os
import selectors
import stat
import sys
import time
from pathlib import Path

from .errors import InputError, UsageError

MiB = 1 << 20
SCENARIO_BYTES = 8 * MiB       # a scenario document or a feature file
EXPECT_FAIL_BYTES = 16 * MiB   # an expect-fail file
STREAM_LINE_BYTES = 8 * MiB    # one line of a result stream
NL = b"\n"
PIPE_TIMEOUT = 30.0            # seconds without data from a FIFO / pipe
JSON_DEPTH = 500               # arrays and objects nested in a JSON input, at most (every Python parses that many)


def json_loads(text, **options):
    """``json.loads(text)``, with :class:`RecursionError` for a document nested more than
    :data:`JSON_DEPTH` levels deep on every Python: 3.13's parser reads 5,000 levels that 3.10-3.12
    refuse (issue 21 §7), and what reads the document after the parser (the schema validator, a copy)
    recurses too. No duelspec document nests more than a few dozen levels. ``options``: those of
    :func:`json.loads` (e.g. ``object_pairs_hook``)."""
    import json
    obj = json.loads(text, **options)
    if isinstance(text, (bytes, bytearray)):
        openers = text.count(b"[") + text.count(b"{")
    else:
        openers = text.count("[") + text.count("{")
    if openers <= JSON_DEPTH:      # no deeper than its opening brackets (those in strings too): no walk needed
        return obj
    stack = [(obj, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (list, dict)):
            if depth > JSON_DEPTH:
                raise RecursionError(f"JSON nested more than {JSON_DEPTH} levels deep")
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return obj


def kind(path) -> str:
    """``"file"``, ``"folder"``, ``"fifo"``, ``"device"``, ``"socket"``, ``"missing"`` or ``"other"``."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "missing"
    for test, name in ((stat.S_ISREG, "file"), (stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "fifo"),
                       (stat.S_ISCHR, "device"), (stat.S_ISBLK, "device"), (stat.S_ISSOCK, "socket")):
        if test(mode):
            return name
    return "other"


def anonymous_pipe(path) -> bool:
    """True for a pipe given as a path (``/dev/stdin``, ``/dev/fd/63`` from ``<(...)``): it has
    a writer; a named FIFO may never get one."""
    p = str(path)
    for _ in range(8):
        try:
            p = os.path.join(os.path.dirname(p), os.readlink(p))
        except OSError:
            return False
        if os.path.basename(p).startswith("pipe:["):
            return True
    return False


def read_bytes(path, what: str, limit: int, timeout: float = PIPE_TIMEOUT, line_limit: int | None = None) -> bytes:
    """The content of ``path`` (``what`` names it in errors: "an expect-fail file (TOML)"),
    at most ``limit`` bytes. Raises :class:`InputError` for a folder, a named FIFO, a missing or
    unreadable file, a larger input (or, with ``line_limit``, a longer line), or a pipe that
    gives no data for ``timeout`` seconds."""
    path = str(path)
    k = kind(path)
    if k == "folder":
        raise InputError(path, "", what, "a folder")
    if k == "missing":
        raise InputError(path, "", what, "no such file")
    if k == "fifo" and not anonymous_pipe(path):
        raise InputError(path, "", what + " (a regular file, or a pipe such as <(...))", "a FIFO (named pipe)")
    if k in ("device", "socket", "other"):        # /dev/urandom, /dev/zero: an endless input, never a document
        raise InputError(path, "", what + " (a regular file, or a pipe such as <(...))",
                         {"device": "a device file", "socket": "a socket"}.get(k, "a special file"))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)   # a FIFO without a writer does not block the open
    except OSError as exc:
        raise InputError(path, "", what, exc.strerror) from None
    chunks, size, line_start = [], 0, 0
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
        # a regular file is read as it is: a selector (an epoll of its own) only for a pipe
        with contextlib.nullcontext() if regular else selectors.DefaultSelector() as sel:
            if not regular:
                try:
                    sel.register(fd, selectors.EVENT_READ)
                except OSError:            # e.g. /dev/zero with epoll: always readable
                    regular = True
            deadline = time.monotonic() + timeout
            while True:
                if not regular and not sel.select(max(0.0, deadline - time.monotonic())):
                    if time.monotonic() >= deadline:
                        raise InputError(path, "", what, f"no data within {timeout:g} s (a FIFO or pipe nobody writes to?)")
                    continue
                try:
                    chunk = os.read(fd, min(MiB, limit + 1 - size))
                except BlockingIOError:
                    continue
                except OSError as exc:
                    raise InputError(path, "", what, exc.strerror) from None
                if not chunk:
                    break
                chunks.append(chunk)
                nl = chunk.rfind(b"\n")
                if nl >= 0:
                    line_start = size + nl + 1
                size += len(chunk)
                if line_limit is not None and size - line_start > line_limit:
                    line = sum(c.count(NL) for c in chunks) + 1
                    raise InputError(path, f"line {line}",
                                     f"{what} with lines of at most {line_limit // MiB} MiB", "a longer line")
                deadline = time.monotonic() + timeout
                if size > limit:
                    raise InputError(path, "", f"{what} of at most {limit // MiB} MiB", "a larger input")
    finally:
        os.close(fd)
    return b"".join(chunks)


def decode(raw: bytes, path, what: str) -> str:
    """``raw`` as UTF-8 text (a leading byte-order mark is dropped); an error names the line
    and byte of the first invalid byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise InputError(str(path), f"line {line} (byte {exc.start})", f"UTF-8 text ({what})",
                         raw[exc.start:exc.start + 8]) from None


def read_text(path, what: str, limit: int, timeout: float = PIPE_TIMEOUT) -> str:
    """:func:`read_bytes` decoded by :func:`decode`."""
    return decode(read_bytes(path, what, limit, timeout), path, what)


def read_toml(path, what: str, limit: int) -> dict:
    """The TOML document of ``path`` as read by :func:`read_text` (no blocking, bounded, no
    device); a syntax error names its line and column, a document nested too deeply is an
    error too. Raises :class:`InputError`."""
    import re
    from .tomlread import tomllib
    path = str(path)
    text = read_text(path, what, limit)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise InputError(path, "", "a TOML document nested less deeply (it is nested too deeply to read)") from None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        raise InputError(path, f"line {m.group(1)} column {m.group(2)}" if m else "", "a valid TOML document",
                         str(exc)) from None


def open_output(path, append: bool = False, truncate: bool = True):
    """A text file (UTF-8) to write ``path``: created when missing; a regular file is
    truncated (unless ``append`` or not ``truncate``); a FIFO must have a reader (else an
    error, not a hang). Raises :class:`InputError`."""
    path = str(path)
    if kind(path) == "folder":
        raise InputError(path, "", "a file path", "a folder")
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | (os.O_APPEND if append else 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise InputError(path, "", "a file, or a FIFO that a process reads", "a FIFO nobody reads") from None
        raise InputError(path, "", "a file that can be written", exc.strerror) from None
    os.set_blocking(fd, True)
    if truncate and not append and stat.S_ISREG(os.fstat(fd).st_mode):
        os.ftruncate(fd, 0)
    return open(fd, "w", encoding="utf-8", errors="backslashreplace", closefd=True)


def write_whole(path, text: str) -> str | None:
    """Write ``text`` (UTF-8) to the regular file ``path`` whole or not at all: into a new file
    beside it, then renamed over it, so an error (text that is not UTF-8, a full disk) leaves
    neither a partial nor an empty file and the old content stays. Returns what went wrong, or None."""
    path = Path(path)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"expected text that can be written as UTF-8, got {text[exc.start:exc.end]!r} at character {exc.start}"
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        return f"{path}: {exc.strerror or exc}"
    return None


def write_folder(out, files: dict) -> str | None:
    """Write ``files`` (``{name: text}``, names without a folder) into the folder ``out`` whole or
    not at all: every file is written into a new folder beside ``out`` first; a new or empty
    ``out`` is then that folder (one rename), an existing one gets each file moved in (a rename
    each: a file is the old one or the new one, never a part). An error before the move (a
    full disk, text that is not UTF-8, a folder that cannot be created) leaves ``out`` as it was.
    Returns what went wrong (``"<path>: <why>"``), or None."""
    import shutil
    import tempfile
    out = Path(out)
    try:
        home = out.resolve().parent
        home.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{out.name or 'out'}.writing-", dir=home))
    except OSError as exc:
        return f"{out}: expected a folder that can be created and written ({exc.strerror or exc})"
    try:
        for name, text in files.items():
            if Path(name).name != name or name in ("", ".", ".."):
                return f"{out / name}: expected a file name inside {out}"
            (stage / name).write_bytes(text.encode("utf-8", "backslashreplace"))
        if not out.exists() or (out.is_dir() and not out.is_symlink() and not any(out.iterdir())):
            os.replace(stage, out)
            return None
        for name in files:                         # found before the first is moved in
            if (out / name).is_dir() and not (out / name).is_symlink():
                return f"{out / name}: expected a file name free for a file (a folder has it)"
        for name in files:
            os.replace(stage / name, out / name)
        return None
    except OSError as exc:
        return f"{out}: {exc.strerror or exc}"
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def inside(path, folder) -> bool:
    """True when ``path`` is ``folder`` or lies somewhere under it (both resolved: links and
    ``..`` followed), e.g. an output written into a folder of scenarios that is read recursively."""
    try:
        p, f = Path(path).resolve(), Path(folder).resolve()
    except (OSError, RuntimeError):
        return False
    return p == f or f in p.parents


def same_file(a, b) -> bool:
    """True when paths ``a`` and ``b`` name the same file (an existing file by device and
    inode, else by resolved path)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


def is_epipe(exc: BaseException) -> bool:
    """A write failed because the reader of the pipe went away (``duelspec run | head``)."""
    return isinstance(exc, BrokenPipeError) or getattr(exc, "errno", None) == errno.EPIPE


def write_output(path, text: str, append: bool = False) -> str | None:
    """Write a report; returns what went wrong (``"<path>: <why>"``) or None."""
    try:
        fh = open_output(path, append=append)
    except InputError as exc:
        return f"{path}: {exc.got or exc.expected}"
    try:
        with fh:
            fh.write(text)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    return None


def open_locked(path):
    """Open ``path`` for the result stream (not emptied yet: :func:`truncate_regular`), refusing
    (:class:`UsageError`) when another run is writing it or it is a FIFO nobody reads."""
    import fcntl
    try:
        fh = open_output(path, append=True)
    except InputError as exc:
        raise UsageError(f"--out {path}: expected a file that can be written, got {exc.got}") from None
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.close()
        raise UsageError(f"--out {path}: another duelspec run is writing this file") from None
    return fh


def truncate_regular(fh) -> None:
    """Empty ``fh`` when it is a regular file (a FIFO or device is left as it is)."""
    if stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
        fh.seek(0)
        fh.truncate()


def quiet_stdout() -> None:
    """Point stdout at /dev/null (after its reader went away) so nothing fails at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def check_outputs(inputs: dict | None = None, keep: set = frozenset(), folders: dict | None = None, **paths) -> None:
    """:class:`UsageError` before anything runs when an output file cannot be written (its folder
    is missing or not writable), names a folder, is the same file as another output, is an input
    of the command (``keep``: pairs allowed to be one file, e.g. updating an expect-fail file in
    place) or lies in an input folder (a stream written into a folder of scenarios would be read as
    a scenario of the same run); an output folder (``folders``: ``--keep-traces``, ``export --out``)
    may neither lie in an input folder nor hold an input, and no output file in it is named like the
    files written there (``*.json``: a trace of ``--keep-traces``). So no command's results or inputs are lost.

    ``inputs``: what each input is called (``"results file x.jsonl"``) -> its path, a file or a folder."""
    given = [(f"--{what.replace('_', '-')}", path) for what, path in paths.items() if path is not None]
    for opt, path in given:
        folder = Path(path).resolve().parent
        if Path(path).is_dir():
            raise UsageError(f"{opt} {path}: expected a file path, got a folder")
        if not folder.is_dir():
            raise UsageError(f"{opt} {path}: expected a file in an existing folder ({folder} does not exist)")
        if not os.access(folder, os.W_OK):
            raise UsageError(f"{opt} {path}: expected a writable folder ({folder} is not writable)")
    sources = [(what, Path(src)) for what, src in (inputs or {}).items() if src is not None]
    for i, (opt, path) in enumerate(given):
        for opt2, path2 in given[i + 1:]:
            if same_file(path, path2):
                raise UsageError(f"{opt} {path} and {opt2} {path2}: expected different files (one would overwrite the other)")
        for what, src in sources:
            if src.is_dir() and inside(path, src):
                raise UsageError(f"{opt} {path}: expected a file outside the {what} (a file in it is read as one of "
                                 f"its documents)")
            if (src, path) not in keep and same_file(src, path):
                raise UsageError(f"{opt} {path}: expected a file that is not an input of the command (it is the {what})")
    for what, out in ((f"--{w.replace('_', '-')}", p) for w, p in (folders or {}).items() if p is not None):
        for name, src in sources:
            if src.is_dir() and inside(out, src):
                raise UsageError(f"{what} {out}: expected a folder outside the {name} (what is written there is read "
                                 f"as one of its documents)")
            if inside(src, out):
                raise UsageError(f"{what} {out}: expected a folder that holds no input of the command (the {name} is "
                                 f"in it)")
        for opt, path in given:             # `--out DIR/x.json --keep-traces DIR`: one would overwrite the other
            if Path(path).suffix == ".json" and same_file(Path(path).resolve().parent, out):
                raise UsageError(f"{opt} {path}: expected a file outside the {what} folder {out}, or named unlike "
                                 f"the files written there (`*.json`): one would overwrite the other")


def scenario_inputs(paths) -> dict:
    """Scenario paths (files and folders) as :func:`check_outputs` inputs."""
    return {f"scenario {'folder' if Path(p).is_dir() else 'file'} {p}": Path(p) for p in paths if Path(p).exists()}
