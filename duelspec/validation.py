"""Validation of documents against the JSON Schemas in ``schemas/``.

Every error is an :class:`~duelspec.errors.InputError` naming the file, the JSON pointer
of the offending value and what the schema expected there.
"""
from __future__ import annotations

import json
from functools import lru_cache

from .errors import InputError
from .resources import schemas_dir

SCHEMA_FILES = {
    "scenario": "scenario.schema.json",
    "scenario-v1": "scenario-v1.schema.json",
    "trace": "trace.schema.json",
    "cards": "cards.schema.json",
    "rulings": "rulings.schema.json",
    "general-rules": "general-rules.schema.json",
    "result": "result.schema.json",
    "requires": "requires.schema.json",
    "protocol": "protocol.schema.json",
    "causes": "causes.schema.json",
    "expect-fail": "expect-fail.schema.json",
}


#: The base URI the schemas' relative ``$id``s (their file names) are resolved against here. The
#: files say ``"$id": "scenario.schema.json"`` and refer to each other by file name
#: (``"trace.schema.json#/$defs/final"``), so stock tools (check-jsonschema, ajv, a
#: python-jsonschema given the folder as its base URI) resolve them from the files themselves.
BASE_URI = "https://duelspec.invalid/schemas/"


@lru_cache(maxsize=None)
def _documents() -> tuple:
    """Every schema of ``schemas/`` with its ``$id`` made absolute against :data:`BASE_URI`."""
    docs = []
    for path in sorted(schemas_dir().glob("*.schema.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["$id"] = BASE_URI + doc["$id"]
        docs.append(doc)
    return tuple(docs)


@lru_cache(maxsize=None)
def _registry():
    # python-jsonschema (and referencing) only explain an invalid document: imported when one is met
    from referencing import Registry, Resource
    return Registry().with_resources([(d["$id"], Resource.from_contents(d)) for d in _documents()])


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """The schema document called ``name`` (a key of :data:`SCHEMA_FILES`), as in its file."""
    return json.loads((schemas_dir() / SCHEMA_FILES[name]).read_text(encoding="utf-8"))


def _absolute(name: str) -> dict:
    return next(d for d in _documents() if d["$id"] == BASE_URI + SCHEMA_FILES[name])


@lru_cache(maxsize=None)
def validator(name: str, ref: str | None = None):
    """A cached python-jsonschema ``Draft202012Validator`` for schema ``name`` (optionally for one of its
    ``$defs``: ``ref='#/$defs/x'``)."""
    from jsonschema import Draft202012Validator
    doc = _absolute(name)
    if ref:
        doc = {"$ref": doc["$id"] + ref}
    return Draft202012Validator(doc, registry=_registry(), format_checker=Draft202012Validator.FORMAT_CHECKER)


def pointer(path) -> str:
    """A JSON pointer (RFC 6901) for a jsonschema error path."""
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in path) if path else "/"


def best_error(errors):
    """The error of ``errors`` that says best what was expected: the deepest is usually the most
    specific one; for if/then/allOf the innermost context says what was expected."""
    from jsonschema.exceptions import best_match
    return best_match(errors)


@lru_cache(maxsize=None)
def fast_validator(name: str, ref: str | None = None):
    """A jsonschema-rs validator of the same schema (``None`` when jsonschema-rs is not
    installed). It decides validity about 300 times faster than python-jsonschema; errors are
    still explained by python-jsonschema (:func:`check`), so messages do not depend on it."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - an optional accelerator
        return None
    registry = _fast_registry()
    doc = _absolute(name)
    if ref:
        doc = {"$ref": doc["$id"] + ref}
    return jsonschema_rs.Draft202012Validator(doc, registry=registry, validate_formats=True)


@lru_cache(maxsize=None)
def _fast_registry():
    """The schemas as one jsonschema-rs registry, built once for every fast validator."""
    import jsonschema_rs
    return jsonschema_rs.Registry([(d["$id"], d) for d in _documents()])


#: the validity of scalar values (a string, a number, a boolean, null) by schema: ``(name, ref, type, value)`` -> bool
_SCALARS: dict = {}
_SCALAR_TYPES = (str, int, float, bool, type(None))


def is_valid(doc: object, name: str, ref: str | None = None) -> bool:
    """Whether ``doc`` is valid against schema ``name`` (fast path: jsonschema-rs). A scalar value's
    validity against one schema is remembered (the compiler checks each field of each event pattern
    against its schema: the same few values again and again; the schemas do not change in a process)."""
    if type(doc) in _SCALAR_TYPES:
        key = (name, ref, type(doc), doc)
        got = _SCALARS.get(key)
        if got is None:
            if len(_SCALARS) > 100_000:
                _SCALARS.clear()
            got = _SCALARS[key] = _is_valid(doc, name, ref)
        return got
    return _is_valid(doc, name, ref)


def _is_valid(doc: object, name: str, ref: str | None) -> bool:
    fast = fast_validator(name, ref)
    return fast.is_valid(doc) if fast is not None else validator(name, ref).is_valid(doc)


EXPLAIN_ITEMS = 1000   # items of any array python-jsonschema looks at to explain an invalid document


def errors_of(doc: object, name: str, ref: str | None = None) -> list:
    """All schema errors of ``doc`` (empty when valid). Validity is decided by the fast
    validator when there is one; python-jsonschema lists the errors of an invalid document,
    looking at the first 1000 items of each array (a longer array still fails its ``maxItems``;
    a 100,000-item document is explained in a moment, not in minutes)."""
    if is_valid(doc, name, ref):
        return []
    return list(validator(name, ref).iter_errors(_first_items(doc)))


def _first_items(doc, limit: int = EXPLAIN_ITEMS, depth: int = 0):
    """``doc`` with every array cut to ``limit + 1`` items (one more than the limit, so that a
    ``maxItems`` up to the limit still fails); the same object when nothing is cut."""
    if depth > 64:
        return doc
    if isinstance(doc, list):
        items = [_first_items(x, limit, depth + 1) for x in doc[:limit + 1]]
        return doc if len(doc) <= limit + 1 and all(a is b for a, b in zip(items, doc)) else items
    if isinstance(doc, dict):
        vals = {k: _first_items(v, limit, depth + 1) for k, v in doc.items()}
        return doc if all(vals[k] is v for k, v in doc.items()) else vals
    return doc


def check(doc: object, name: str, file: str, ref: str | None = None, base: str = "") -> None:
    """Validate ``doc`` against schema ``name``; raise :class:`InputError` for the first (best) error.

    ``base`` is a JSON pointer prefix for documents embedded in a larger one.
    """
    errors = errors_of(doc, name, ref)
    if not errors:
        return
    err = best_error(errors)
    raise InputError(file, base + pointer(err.absolute_path) if base else pointer(err.absolute_path),
                     expected_text(err), err.instance)


def all_errors(errors: list, base: str = "", limit: int = 20) -> str:
    """Every schema error of a document, one ``<pointer>: <what was expected>`` each, the most
    specific first, at most ``limit`` (the rest counted): a reply with several mistakes shows
    them all at once instead of one per run."""
    from jsonschema.exceptions import relevance
    ordered = sorted(errors, key=relevance, reverse=True)
    parts, seen = [], set()
    for e in ordered:
        ptr = base + pointer(e.absolute_path) if e.absolute_path else (base or "/")
        text = f"{ptr}: {e.message[:300]}"
        if text not in seen:
            seen.add(text)
            parts.append(text)
    more = len(parts) - limit
    return "; ".join(parts[:limit]) + (f"; and {more} more" if more > 0 else "")


def check_trace(trace: object, file: str) -> None:
    """:func:`check` of an adapter's trace against ``trace.schema.json``."""
    check(trace, "trace", file)


def expected_text(err) -> str:
    """What a schema error expected, in words (``required property: 'id'``, ``one of [...]``)."""
    v = err.validator
    if v == "additionalProperties":
        return f"no property other than those the schema names ({err.message})"
    if v == "required":
        return f"required property: {err.message}"
    if v in ("enum", "const"):
        return f"one of {err.validator_value!r}" if v == "enum" else f"{err.validator_value!r}"
    if v == "maxItems":
        return f"at most {err.validator_value} items"
    if v == "minItems":
        return f"at least {err.validator_value} item" + ("s" if err.validator_value != 1 else "")
    if v == "minLength":
        return "a non-empty string" if err.validator_value == 1 else f"a string of at least {err.validator_value} characters"
    if v == "minProperties":
        return f"an object with at least {err.validator_value} propert" + ("y" if err.validator_value == 1 else "ies")
    if v == "minimum":
        return f"a number of at least {err.validator_value}"
    if v == "maximum":
        return f"a number of at most {err.validator_value}"
    if v == "format":
        return f"a valid {err.validator_value}"
    if v in ("oneOf", "anyOf"):
        return "a value of one of the forms the schema allows here"
    if v == "pattern":
        return f"a string matching {err.validator_value!r}"
    if v == "type":
        return f"a value of type {err.validator_value!r}"
    return err.message
