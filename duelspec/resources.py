"""Where the project's data lives: the feature files, catalogues and JSON Schemas.

The fixed top-level folders ``features/`` and ``schemas/`` are installed as the data
packages ``duelspec.features`` and ``duelspec.schemas``; this module finds them in an
installed or an editable (source checkout) install alike.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path


def _package_dir(package: str) -> Path:
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
    (:data:`duelspec.files.SCENARIO_BYTES`). Raises :class:`duelspec.errors.InputError`."""
    from .errors import InputError
    from .files import SCENARIO_BYTES, json_loads, read_bytes
    raw = read_bytes(path, "a JSON document", SCENARIO_BYTES)
    try:
        return json_loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise InputError(path, f"byte {exc.start}", "UTF-8 text", raw[exc.start:exc.start + 8]) from None
    except json.JSONDecodeError as exc:
        raise InputError(path, f"line {exc.lineno} column {exc.colno}", "valid JSON", exc.msg) from None
    except RecursionError:
        raise InputError(path, "", "JSON nested less deeply (it is nested too deeply to read)") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise InputError(path, "", "valid JSON with numbers of ordinary size", str(exc)) from None
