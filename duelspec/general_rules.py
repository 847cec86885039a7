"""The general-rules catalogue for readers: ``docs/rulings/general-rules.md``.

The source pages assume the games' general rules (simultaneous effects, spell speed, chains, the
Duel Masters order of waiting abilities, ...). ``features/general_rules/<game>.json`` names each
of them (``YGO-GEN-*``, ``DM-GEN-*``) with its official sources and the engine code that decides
it (:func:`duelspec.catalogue.general_rules`). :func:`render_markdown` restates the catalogue as
one page a judge reads without opening the JSON; ``tests/test_general_rules.py`` keeps the
committed page equal to it. Regenerate it with::

    python -m duelspec.general_rules > docs/rulings/general-rules.md
"""
from __future__ import annotations

import sys

from .catalogue import general_rules

#: how a source's kind reads on the page
KINDS = {
    "rulebook": "official rulebook",
    "comprehensive-rules": "comprehensive rules",
    "official-qa": "official Q&A",
    "rules-wiki": "rules wiki (not official)",
    "source-page": "the source page",
    "card-text": "card text",
}

STATUS = {"decided": "decided", "partly-decided": "**partly decided**", "undecided": "**undecided**"}


def _cell(text: str) -> str:
    """The catalogue's own text in a Markdown table cell (its `|` escaped, one line)."""
    from .report import _md_escape
    return _md_escape(" ".join(str(text).split()))


def render_markdown(rules: dict | None = None) -> str:
    """The page: a table of every rule, then per rule its statement, what no source decides,
    its sources (kind, document, section, revision, the Japanese quote) and where the engines
    decide it. Deterministic (catalogue order, no dates of the run)."""
    rules = general_rules() if rules is None else rules
    out = ["# General game rules the source pages assume", "",
           "Generated from `features/general_rules/*.json` by `python -m duelspec.general_rules`; do not edit "
           "(`tests/test_general_rules.py` keeps it current). The two source pages (the normal draw, the Duel "
           "Masters attack) state rulings on top of the games' general rules; this catalogue names each general "
           "rule the engines apply, the official source it rests on (quoted in Japanese) and the engine code that "
           "decides it. A scenario whose outcome rests on one cites it (Gherkin `@rule:<ID>`, JSON `cites` of kind "
           "`general-rule`; `duelspec list` shows them). What no official source decides is said under "
           "*undecided*, and no scenario asserts it.", "",
           "| ID | rule | term | status | sources |", "|---|---|---|---|---|"]
    ordered = [r for g in ("ygo", "dm") for r in rules.values() if r.game == g]
    for r in ordered:
        kinds = ", ".join(dict.fromkeys(KINDS[s["kind"]] for s in r.sources)) or "none yet"
        out.append(f"| [{r.id}](#{r.id.lower()}) | {_cell(r.title)} | {_cell(r.term)} | {STATUS[r.status]} | {kinds} |")
    for game, name in (("ygo", "Yu-Gi-Oh! OCG"), ("dm", "Duel Masters")):
        of_game = [r for r in rules.values() if r.game == game]
        if not of_game:
            continue
        out += ["", f"## {name}"]
        for r in of_game:
            out += ["", f"### {r.id}", "", f"**{_cell(r.title)}** ({_cell(r.term)}) — {STATUS[r.status]}", "", _cell(r.rule)]
            if r.undecided:
                out += ["", f"*Undecided (no scenario asserts it):* {_cell(r.undecided)}"]
            if r.stated_by:
                out += ["", "Stated in part by the source page's rulings: " + ", ".join(f"`{x}`" for x in r.stated_by) + "."]
            out += ["", "Sources:"]
            if not r.sources:
                out.append("- none yet")
            for s in r.sources:
                head = f"{KINDS[s['kind']]}: {_cell(s['title'])}"
                bits = [b for b in (s.get("section") and f"section {_cell(s['section'])}",
                                    s.get("date") and f"dated {s['date']}",
                                    s.get("revision") and f"revision: {_cell(s['revision'])}",
                                    s.get("via") and f"read in: {_cell(s['via'])}") if b]
                link = f" <{s['url']}>" if s.get("url") else ""
                out.append(f"- {head}" + (f" ({'; '.join(bits)})" if bits else "") + link)
                out.append(f"  > {_cell(s['quote'])}")
            out += ["", "Decided in: " + (", ".join(f"`{p.removeprefix('duelspec.')}`" for p in r.decided_in) or "no code yet")]
            if r.gap:
                out += ["", f"*Not implemented yet:* {_cell(r.gap)}"]
            if r.notes:
                out += ["", _cell(r.notes)]
    return "\n".join(out) + "\n"


def main() -> int:
    sys.stdout.write(render_markdown())
    return 0


if __name__ == "__main__":
    sys.exit(main())
