"""What the card-table tests of both games share (tests/test_card_table.py for Yu-Gi-Oh!,
tests/test_dm_card_table.py for Duel Masters): a table row with one fact changed must be reported
twice, against the card's Japanese wording and against the engine's code."""
from __future__ import annotations

import copy


def assert_drift_reported(table: dict, rows: str, name: str, key: str, value, says: str, problems) -> None:
    """Change ``key`` of the row of ``rows`` named ``name`` to ``value``; ``problems(table)`` must
    report it (a message naming the card and containing ``says``) and the engine's disagreement."""
    table = copy.deepcopy(table)
    row = next(r for r in table[rows] if r["name"] == name)
    row[key] = value
    found = problems(table)
    assert any(says in p and name in p for p in found), found
    assert any("the engine says" in p and name in p for p in found), found
