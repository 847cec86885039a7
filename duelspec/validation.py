"""Validation of documents against the JSON Schemas in ``schemas/``.

Every error is an :class:`~duelspec.errors.InputError` naming the file, the JSON pointer
of the offending value and what the schema expected there.
"""
from __future__ import annotations

import json
from functools import lru_cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from .errors import InputError
from .resources import schemas_dir

SCHEMA_FILES = {
    "scenario": "scenario.schema.json",
    "trace": "trace.schema.json",
    "cards": "cards.schema.json",
    "rulings": "rulings.schema.json",
    "result": "result.schema.json",
    "requires": "requires.schema.json",
    "protocol": "protocol.schema.json",
}


@lru_cache(maxsize=None)
def _registry() -> Registry:
    resources_ = []
    for path in sorted(schemas_dir().glob("*.schema.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        resources_.append((doc["$id"], Resource.from_contents(doc)))
    return Registry().with_resources(resources_)


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """The schema document called ``name`` (a key of :data:`SCHEMA_FILES`)."""
    return json.loads((schemas_dir() / SCHEMA_FILES[name]).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def validator(name: str, ref: str | None = None) -> Draft202012Validator:
    """A cached validator for schema ``name`` (optionally for one of its ``$defs``: ``ref='#/$defs/x'``)."""
    doc = schema(name)
    if ref:
        doc = {"$ref": doc["$id"] + ref}
    return Draft202012Validator(doc, registry=_registry(), format_checker=Draft202012Validator.FORMAT_CHECKER)


def pointer(path) -> str:
    """A JSON pointer (RFC 6901) for a jsonschema error path."""
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in path) if path else "/"


def _best(errors):
    # The deepest error is usually the most specific one; for if/then/allOf the
    # innermost context says what was expected.
    from jsonschema.exceptions import best_match
    return best_match(errors)


def errors_of(doc: object, name: str, ref: str | None = None) -> list:
    """All schema errors of ``doc`` (empty when valid)."""
    return list(validator(name, ref).iter_errors(doc))


def check(doc: object, name: str, file: str, ref: str | None = None, base: str = "") -> None:
    """Validate ``doc`` against schema ``name``; raise :class:`InputError` for the first (best) error.

    ``base`` is a JSON pointer prefix for documents embedded in a larger one.
    """
    errors = errors_of(doc, name, ref)
    if not errors:
        return
    err = _best(errors)
    raise InputError(file, base + pointer(err.absolute_path) if base else pointer(err.absolute_path),
                     _expected(err), err.instance)


@lru_cache(maxsize=1)
def _trace_events_are_items() -> bool:
    """True while the trace schema's ``events`` is exactly an array of ``#/$defs/event``
    (then a trace is valid iff the trace without its events and each event are valid)."""
    return schema("trace")["properties"].get("events") == {"type": "array", "items": {"$ref": "#/$defs/event"}}


@lru_cache(maxsize=65536)
def _event_valid(event_json: str) -> bool:
    return validator("trace", "#/$defs/event").is_valid(json.loads(event_json))


def check_trace(trace: object, file: str) -> None:
    """:func:`check` for a trace, with the validity of each event remembered (events repeat a
    lot across scenarios, and the per-kind ``if``/``then`` of the event schema is most of the
    cost of validating a trace). Same result and same error as ``check(trace, "trace", file)``."""
    if isinstance(trace, dict) and isinstance(trace.get("events"), list) and _trace_events_are_items():
        events = trace["events"]
        try:
            keys = [json.dumps(e, sort_keys=True) for e in events]
        except (TypeError, ValueError):
            keys = None
        if keys is not None and all(_event_valid(k) for k in keys) \
                and not errors_of(dict(trace, events=[]), "trace"):
            return
    check(trace, "trace", file)


def _expected(err) -> str:
    v = err.validator
    if v == "additionalProperties":
        return f"no property other than those the schema names ({err.message})"
    if v == "required":
        return f"required property: {err.message}"
    if v in ("enum", "const"):
        return f"one of {err.validator_value!r}" if v == "enum" else f"{err.validator_value!r}"
    if v == "pattern":
        return f"a string matching {err.validator_value!r}"
    if v == "type":
        return f"a value of type {err.validator_value!r}"
    return err.message
