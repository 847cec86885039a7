"""Scenario format 2.1: the words format 2.0 could not say (issue 22), and which a document uses.

Format 2.1 is format 2 with a few more words; a document that uses one says ``"format_minor":
1`` (the compiler writes it only then, so every format-2.0 document compiles and runs as
before). An adapter that plays them speaks adapter protocol 3; the runner skips a format-2.1
document up front for an adapter speaking protocol 2 or 1, naming the words it uses
(:func:`skip_reason`), never sends it. docs/design/scenario-format.md ("Format 2.1") is the
contract; ``schemas/CHANGELOG.md`` records each word.

Format 2.2 (issue 35) adds one word, the Yu-Gi-Oh! ``decline`` step (:data:`MINOR_OF`): a document
that uses it says ``"format_minor": 2`` and is sent only to an adapter speaking protocol 4
(:data:`PROTOCOL_OF_MINOR`).

:data:`WORDS` names each word and what it says; :func:`uses` finds them in a document (with the
JSON pointer of each use).
"""
from __future__ import annotations

#: word -> what it says (shown in skip reasons and errors)
WORDS = {
    "every": "a `cannot` step that holds at every occurrence of its window in its turn (`when.every`)",
    "opens": "a window that must not open (`when.opens: false`)",
    "after-before-draw": "the window between the timing before the draw and the normal draw (`after-before-draw`)",
    "includes": "an event pattern whose list field includes items, not only equals them (`{\"includes\": [...]}`)",
    "opening": "the draw of an opening hand (`opening` on a draw event pattern)",
    "before": "a Duel Masters step that comes before the first event of a kind in its attack step (`when.before`)",
    "turns": "a Duel Masters scenario of several turns (`setup.stop` after the setup's turn, `when.turn`)",
    "decline": "a Yu-Gi-Oh! step in which the player declines an optional effect the engine offers (`do: decline`, format 2.2)",
}

#: the format minor version that brought each word (2.1: issue 22; 2.2: issue 35); a word not named is 2.1's
MINOR_OF = {"decline": 2}

#: the adapter protocol that carries each format minor version
PROTOCOL_OF_MINOR = {1: 3, 2: 4}


def _patterns(doc: dict):
    """``(pointer, pattern)`` of every event pattern of ``doc``: the script's ``when.after`` and
    ``when.before``, the expectations' ``events`` (groups too) and ``never``, current and superseded."""
    for i, st in enumerate(doc.get("script", [])):
        w = st.get("when") if isinstance(st, dict) else None
        if isinstance(w, dict):
            for k in ("after", "before"):
                if isinstance(w.get(k), dict):
                    yield f"/script/{i}/when/{k}", w[k]
    sets = [("/expect", doc.get("expect"))] + [(f"/superseded/{i}/expect", e.get("expect"))
                                               for i, e in enumerate(doc.get("superseded", [])) if isinstance(e, dict)]
    for at, expect in sets:
        if not isinstance(expect, dict):
            continue
        for part in ("events", "never"):
            for i, p in enumerate(expect.get(part, []) or []):
                if not isinstance(p, dict):
                    continue
                group = next((k for k in ("any_order", "together") if k in p), None)
                if group:
                    for j, q in enumerate(p[group] or []):
                        if isinstance(q, dict):
                            yield f"{at}/{part}/{i}/{group}/{j}", q
                else:
                    yield f"{at}/{part}/{i}", p


def uses(doc: dict) -> list[tuple[str, str]]:
    """``(JSON pointer, word)`` for every use of a format-2.1 word in ``doc``: the script's, then its patterns'."""
    out = []
    setup = doc.get("setup") if isinstance(doc, dict) else None
    if isinstance(setup, dict) and doc.get("game") == "dm" and isinstance(setup.get("stop"), dict):
        out.append(("/setup/stop", "turns"))
    for i, st in enumerate(doc.get("script", []) if isinstance(doc, dict) else []):
        w = st.get("when") if isinstance(st, dict) else None
        if not isinstance(w, dict):
            continue
        for key in ("every", "opens", "before"):
            if key in w:
                out.append((f"/script/{i}/when/{key}", key))
        if doc.get("game") == "dm" and "turn" in w:
            out.append((f"/script/{i}/when/turn", "turns"))
        if w.get("window") == "after-before-draw":
            out.append((f"/script/{i}/when/window", "after-before-draw"))
        if doc.get("game") == "ygo" and st.get("do") == "decline":
            out.append((f"/script/{i}/do", "decline"))
    for ptr, p in _patterns(doc):
        for k, v in p.items():
            if isinstance(v, dict) and "includes" in v:
                out.append((f"{ptr}/{k}", "includes"))
        if "opening" in p:
            out.append((f"{ptr}/opening", "opening"))
    return out


def minor(doc: dict) -> int:
    """The format minor version ``doc`` needs: the highest of the words it uses (1: a word of format
    2.1, 2: of format 2.2), else 0."""
    return max((MINOR_OF.get(word, 1) for _, word in uses(doc)), default=0)


def describe(used: list[tuple[str, str]], limit: int = 4) -> str:
    """``every (at /script/2/when/every), ...``: the words of ``used``, each once, with its first place."""
    first: dict = {}
    for ptr, word in used:
        first.setdefault(word, ptr)
    parts = [f"`{w}` ({WORDS[w].split(' (`')[0]}; at {ptr})" for w, ptr in first.items()]
    more = len(parts) - limit
    return ", ".join(parts[:limit]) + (f" and {more} more" if more > 0 else "")


def skip_reason(doc: dict, protocol: int | None) -> str | None:
    """Why an adapter speaking ``protocol`` (None: 2) cannot be given ``doc``: a format-2.1
    document for an adapter speaking protocol 2 (format 2.0 only), a format-2.2 one for an adapter
    speaking protocol 3 or lower (format 2.1 at most), else None."""
    m = doc.get("format_minor") or 0
    if doc.get("format") != 2 or not m or not isinstance(m, int):
        return None
    need = PROTOCOL_OF_MINOR.get(m, max(PROTOCOL_OF_MINOR.values()))
    have = protocol or 2
    if have >= need:
        return None
    carries = "format 2.0" if have <= 2 else f"format 2.{max(k for k, v in PROTOCOL_OF_MINOR.items() if v <= have)}"
    used = [(p, w) for p, w in uses(doc) if PROTOCOL_OF_MINOR.get(MINOR_OF.get(w, 1), 4) > have]
    return (f"a format-2.{m} scenario: the adapter speaks adapter protocol {have}, which carries {carries}; "
            f"it uses {describe(used) or f'format_minor {m}'} (protocol {need} carries format 2.{m})")


def check(doc: dict, where: str) -> None:
    """A document that uses a word of format 2.1 says ``format_minor: 1`` (an adapter speaking
    protocol 2 would otherwise be sent words it does not know); raises :class:`InputError`."""
    from .errors import InputError
    used = uses(doc)
    need = max((MINOR_OF.get(word, 1) for _, word in used), default=0)     # minor(doc), without finding them again
    have = doc.get("format_minor", 0)
    if used and (not isinstance(have, int) or have < need):
        ptr, word = next((p, w) for p, w in used if MINOR_OF.get(w, 1) == need)
        raise InputError(where, "/format_minor", f"`\"format_minor\": {need}`: the scenario uses a word of format 2.{need}, "
                         f"`{word}` at {ptr} ({WORDS[word]})", doc.get("format_minor", "absent"))
