"""The event patterns of a scenario's expectations, inside format-2 groups too (shared by the tests that
mutate expectations to prove the checker catches each one)."""

def expected_patterns(scenario):
    """``(pointer, pattern)`` for every event pattern of ``scenario["expect"]["events"]``, inside the
    format-2 groups (``any_order`` / ``together``) too; ``pattern`` is the dict itself, so a test that
    deep-copies the scenario first can find it again by the pointer with :func:`pattern_at`."""
    for i, item in enumerate(scenario["expect"].get("events", [])):
        group = next((g for g in ("any_order", "together") if g in item), None)
        if group is None:
            yield f"/expect/events/{i}", item
        else:
            for j, pat in enumerate(item[group]):
                yield f"/expect/events/{i}/{group}/{j}", pat


def pattern_at(scenario, pointer):
    """The event pattern of ``scenario`` at a pointer given by :func:`expected_patterns`."""
    node = scenario
    for part in pointer.strip("/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node
