"""Every value an expectation compares is a word of the trace schema (issue 21 §4): an enum (or a card id,
a player, a number, a boolean), never free text an engine could spell another way ("direct attack" for
"direct-attack" failed AT-P1 while the schema allowed any string)."""
from __future__ import annotations

import pytest

from duelspec.compiler import compile_paths
from duelspec.generated import scenarios as generated
from duelspec.resources import load_json, schemas_dir

TRACE = load_json(str(schemas_dir() / "trace.schema.json"))
DEFS = TRACE["$defs"]


def _resolve(schema: dict) -> dict:
    while "$ref" in schema:
        schema = DEFS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _closed(schema: dict) -> bool:
    """A property whose values are words of the contract: an enum or const, a card id (its own id in the
    scenario), a list of them, a number, a boolean, or any of those."""
    name = schema.get("$ref", "").rsplit("/", 1)[-1]
    s = _resolve(schema)
    if name in ("card_ref", "card_refs") or "enum" in s or "const" in s or s.get("type") in ("integer", "number", "boolean", "null"):
        return True
    if s.get("type") == "array":
        return _closed(s.get("items", {}))
    if "anyOf" in s or "oneOf" in s:
        return all(_closed(x) for x in s.get("anyOf", s.get("oneOf")))
    return False


def _event_def(kind: str) -> dict:
    for rule in DEFS["event"]["allOf"]:
        cond = rule["if"]["properties"]["event"]
        if cond.get("const") == kind or kind in cond.get("enum", ()):
            return _resolve(rule["then"])
    raise KeyError(kind)


def _patterns(expect: dict):
    for group in ("events", "never"):
        for item in expect.get(group, ()):
            yield from (item.get("any_order") or item.get("together") or []) if "event" not in item else [item]


def _compared(scenarios) -> dict:
    """(event kind, field) -> the values the expectations of ``scenarios`` compare."""
    out: dict = {}
    for s in scenarios:
        for expect in [s.get("expect") or {}] + [x.get("expect") or {} for x in s.get("superseded") or ()]:
            for ev in _patterns(expect):
                for field, value in ev.items():
                    if field != "event":
                        out.setdefault((ev["event"], field), set()).add(repr(value))
            final = expect.get("final") or {}
            for card in (final.get("cards") or {}).values():
                for field, value in card.items():
                    out.setdefault(("final.cards", field), set()).add(repr(value))
            for field in ("winner", "turn", "phase"):
                if field in final:
                    out.setdefault(("final", field), set()).add(repr(final[field]))
    return out


def _property(kind: str, field: str) -> dict:
    if kind == "final.cards":
        return _resolve(DEFS["card_state"])["properties"][field]
    if kind == "final":
        return _resolve(DEFS["final"])["properties"][field]
    return _event_def(kind)["properties"][field]


def test_every_compared_value_is_a_word_of_the_trace_schema():
    compared = _compared([*compile_paths().scenarios, *generated()])
    assert ("win", "reason") in compared and ("trigger", "ability") in compared
    free = {k: sorted(v)[:5] for k, v in compared.items() if not _closed(_property(*k))}
    assert not free, f"expectations compare free-text fields of the trace schema: {free}"


@pytest.mark.parametrize("kind,field", [("win", "reason"), ("phase", "phase"), ("step", "step"), ("trigger", "ability"),
                                        ("declare", "ability"), ("draw", "phase")])
def test_the_fields_that_were_free_text_are_enums(kind, field):
    assert _closed(_property(kind, field)) and "enum" in _resolve(_property(kind, field))


def test_a_misspelt_word_fails_the_trace_schema():
    from duelspec import validation
    from duelspec.errors import InputError
    trace = {"format": 2, "events": [{"event": "win", "player": "A", "reason": "direct attack"}], "steps": [], "final": {}}
    with pytest.raises(InputError, match="direct-attack"):
        validation.check(trace, "trace", "trace")


def test_the_guide_says_which_driver_call_reads_each_step_kind():
    """docs/adapters.md's table names every step kind of the scenario schema, and the call the kit's
    message names for it (ScriptDriver.READ_BY) is the one the table gives."""
    import re
    from pathlib import Path
    from duelspec.adapters.kit import ScriptDriver
    from duelspec.validation import schema
    guide = (Path(__file__).resolve().parents[1] / "docs" / "adapters.md").read_text(encoding="utf-8")
    table = guide[guide.index("### Which driver call reads which step"):guide.index("### The cards of a scenario")]
    rows = {kind: row for row in table.splitlines() if row.startswith("| ") for kind in re.findall(r"`([a-z0-9-]+)`", row.split("|")[2])}
    defs = schema("scenario")["$defs"]
    kinds = set(defs["ygo_step"]["properties"]["do"]["enum"]) | set(defs["dm_step"]["properties"]["do"]["enum"])
    assert kinds <= set(rows), sorted(kinds - set(rows))
    for kind, call in ScriptDriver.READ_BY.items():
        if kind in kinds and kind not in ("ninja-strike", "revolution-change", "invasion", "revolution-0-trigger"):
            assert call.split("(")[0] in rows[kind], (kind, call)
    keywords = schema("cards")["$defs"]["dm_card"]["properties"]["keywords"]["items"]["pattern"]
    for word in re.findall(r"[a-z0-9-]+", keywords.split("(", 1)[1]):
        if word not in ("0-9", "light", "water", "darkness", "fire", "nature"):
            assert f"`{word}" in guide, f"docs/adapters.md does not list the card keyword {word}"
