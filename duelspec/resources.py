"""Where the project's data lives: the feature files, catalogues and JSON Schemas.

The fixed top-level folders ``features/`` and ``schemas/`` are installed as the data
packages ``duelspec.features`` and ``duelspec.schemas``; this module finds them in an
installed or an editable (source checkout) install alike.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path


@lru_cache(maxsize=None)
def _package_dir(package: str) -> Path:
    """The folder of data package ``package`` (found once a process: an editable install's finder is slow)."""
    return Path(str(resources.files(package)))


def features_dir() -> Path:
    """The folder of the built-in feature files (``features/``)."""
    return _package_dir("duelspec.features")


def schemas_dir() -> Path:
    """The folder of the JSON Schemas (``schemas/``)."""
    return _package_dir("duelspec.schemas")


@lru_cache(maxsize=None)
def load_json(path: str) -> object:
    """Parse a JSON file once (cached by path; the catalogues and schemas): see :func:`read_json`."""
    return read_json(path)


def read_json(path: str) -> object:
    """Parse a JSON file (not cached: a scenario document is read when it is run, so a run of
    many keeps few): UTF-8 (a byte-order mark is dropped), at most 8 MiB
    (:data:`duelspec.files.SCENARIO_BYTES`), every object with distinct keys (a second
    ``expect`` would silently replace the first: an error at its JSON pointer). Raises
    :class:`duelspec.errors.InputError`."""
    from .files import SCENARIO_BYTES, read_bytes
    return parse_json(read_bytes(path, "a JSON document", SCENARIO_BYTES), path)


def parse_json(raw: bytes, path: str) -> object:
    """The JSON document of the bytes ``raw`` read from ``path``, checked as :func:`read_json` says."""
    from .errors import InputError
    from .files import json_loads
    dups: list = []
    try:
        doc = json_loads(raw.decode("utf-8-sig"), object_pairs_hook=lambda pairs: _unique(pairs, dups))
    except UnicodeDecodeError as exc:
        raise InputError(path, f"byte {exc.start}", "UTF-8 text", raw[exc.start:exc.start + 8]) from None
    except json.JSONDecodeError as exc:
        raise InputError(path, f"line {exc.lineno} column {exc.colno}", "valid JSON", exc.msg) from None
    except RecursionError:
        raise InputError(path, "", "JSON nested less deeply (it is nested too deeply to read)") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise InputError(path, "", "valid JSON with numbers of ordinary size", str(exc)) from None
    if dups:
        obj, key = dups[0]
        raise InputError(path, f"{_pointer_to(doc, obj)}/{_escape(key)}",
                         "each key once in an object (JSON parsers keep only one of two: which is not defined)",
                         f"the key {key!r} twice")
    if _SURROGATE_ESCAPE.search(raw):
        where = _lone_surrogate(doc)
        if where is not None:
            raise InputError(path, where or "/", "Unicode text (a lone surrogate such as \\ud800 is no character: "
                             "it cannot be written as UTF-8)", "a lone surrogate")
    return doc


_SURROGATE_ESCAPE = re.compile(rb"\\[uU][dD][89a-fA-F]")


def _escape(key) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _lone_surrogate(doc) -> str | None:
    """The JSON pointer of the first string (or key) holding a lone surrogate, or None."""
    def bad(s: str) -> bool:
        try:
            s.encode("utf-8")
            return False
        except UnicodeEncodeError:
            return True
    todo = [(doc, "")]
    while todo:
        node, ptr = todo.pop(0)
        if isinstance(node, str):
            if bad(node):
                return ptr
        elif isinstance(node, dict):
            for k, v in node.items():
                if bad(k):
                    return f"{ptr}/{_escape(k)}".encode("utf-8", "backslashreplace").decode("utf-8")
                todo.append((v, f"{ptr}/{_escape(k)}"))
        elif isinstance(node, list):
            todo.extend((v, f"{ptr}/{i}") for i, v in enumerate(node))
    return None


def _unique(pairs: list, dups: list) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs) and not dups:
        seen: set = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))
        dups.append((obj, key))
    return obj


def _pointer_to(doc, target) -> str:
    """The JSON pointer of the object ``target`` (by identity) inside ``doc`` ("" for the root)."""
    todo = [(doc, "")]
    while todo:
        node, ptr = todo.pop()
        if node is target:
            return ptr
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            if isinstance(v, (dict, list)):
                todo.append((v, f"{ptr}/{_escape(k)}"))
    return ""
