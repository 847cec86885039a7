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


def render_markdown(rules: dict | None = None) -> str:
    """The page: a table of every rule, then per rule its statement, what no source decides,
    its sources (kind, document, section, revision, the Japanese quote) and where the engines
    decide it. Deterministic (catalogue order, no dates of the run); the template
    ``duelspec/reporting/templates/general-rules.md``."""
    from .reporting.markdown import cell, render
    rules = general_rules() if rules is None else rules

    def view(r) -> dict:
        sources = []
        for s in r.sources:
            bits = [b for b in (s.get("section") and f"section {cell(s['section'])}",
                                s.get("date") and f"dated {s['date']}",
                                s.get("revision") and f"revision: {cell(s['revision'])}",
                                s.get("via") and f"read in: {cell(s['via'])}") if b]
            sources.append({"kind": KINDS[s["kind"]], "title": s["title"], "bits": bits, "url": s.get("url"),
                            "quote": s["quote"]})
        return {"id": r.id, "title": r.title, "term": r.term, "status": STATUS[r.status],
                "kinds": ", ".join(dict.fromkeys(KINDS[s["kind"]] for s in r.sources)) or "none yet",
                "rule": r.rule, "undecided": r.undecided, "stated_by": r.stated_by, "sources": sources,
                "decided_in": ", ".join(f"`{p.removeprefix('duelspec.')}`" for p in r.decided_in) or "no code yet",
                "gap": r.gap, "notes": r.notes}
    table = [view(r) for g in ("ygo", "dm") for r in rules.values() if r.game == g]
    games = [(name, [view(r) for r in rules.values() if r.game == game])
             for game, name in (("ygo", "Yu-Gi-Oh! OCG"), ("dm", "Duel Masters"))]
    return render("general-rules.md", table=table, games=[(n, rs) for n, rs in games if rs])


def main() -> int:
    sys.stdout.write(render_markdown())
    return 0


if __name__ == "__main__":
    sys.exit(main())
