"""The tables of docs/conformance/edopro.md, computed from a result stream (duelspec installed).

    python adapters/edopro/report_tables.py STREAM.jsonl... [--causes adapters/edopro/causes.toml]

Prints Markdown: how long each run took and with how many adapter processes, the result counts
(hand-written / generated / all), the page's table card by
card (every card of ND-L-COST / ND-L-EFFECT and Astral Force (2) against every column, with the
scenario that plays it and its outcome and cause), every hand-written failure with its first
failing expectation and cause, and every skipped hand-written scenario with its reason. The
prose of the report is written by hand around them; tests/test_edopro_adapter.py checks that the
report's tables are the ones this computes from the committed streams. The Markdown is the template
beside this file (report-tables.md): every text from a stream or a card model is escaped there, once.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from duelspec.analysis.causes import BAD, Roles, by_id, group, load_causes
from duelspec.generated import cards as C
from duelspec.reporting.report import read_stream, run_facts
from duelspec.reporting.markdown import render_file

COLUMNS = (("negate-activation", "activation negated"), ("negate-effect", "effect negated"), ("fizzle", "effect fizzles"))
#: the Markdown of the tables (every text from a stream or a card model escaped once, by the template)
TEMPLATE = Path(__file__).with_name("report-tables.md")
KIND = {"cost": "cost-type", "effect": "effect-type", "effect-continuous": "effect-type (continuous card)", "af2": "Astral Force (2)"}


def counts(results) -> list[dict]:
    """The result counts of the hand-written scenarios, the generated chains and all."""
    c = Counter(("generated" if r["id"].startswith("ygo.generated") else "hand", r["outcome"]) for r in results)
    rows = []
    for group_, label in (("hand", "hand-written"), ("generated", "generated chains"), (None, "all")):
        n = lambda o: sum(v for (g, oo), v in c.items() if oo == o and (group_ is None or g == group_))  # noqa: E731
        total = sum(v for (g, _), v in c.items() if group_ is None or g == group_)
        rows.append({"label": label, "total": total, **{o: n(o) for o in ("passed", "failed", "skipped", "errored")}})
    return rows


def cause_of(results, causes) -> dict:
    bad = [r for r in results if r["outcome"] in BAD]     # errored: by the engine error it reports
    groups = group(bad, by_id(r["id"] for r in bad), causes)
    return {i: k for k, g in groups.items() for i in g.ids}


def matrix(results, cause) -> list[dict]:
    """Every listed card against every column: the hand-written scenarios that play exactly that
    (one replacement of player A, that interference), their outcome in EDOPro; where none does,
    why (``why``)."""
    outcome = {r["id"]: r["outcome"] for r in results}
    hand = [i for i in outcome if not i.startswith("ygo.generated")]
    docs = by_id(hand)
    cells: dict = {}
    for sid in hand:
        roles = Roles(docs[sid])
        if len(roles.repl) != 1 or len(roles.links) > 1:
            continue
        (cid, r), = roles.repl.items()
        intf = roles.interference.get(cid, "none")
        cells.setdefault((r.code, intf), []).append(sid)
    rows = []
    for r in C.REPLACEMENTS:
        out = []
        for key, _ in COLUMNS:
            ids = sorted(cells.get((r.code, key), []))
            if not ids:
                ways = C.interferers_for(r, key, True)
                if r.mandatory and ways:
                    out.append({"why": "(no row: the game activates it; see below)"})
                else:
                    out.append({"why": "no real way in the model" if not ways else "**missing**"})
                continue
            out.append({"scenarios": [{"id": i.removeprefix("ygo.normal-draw."), "outcome": outcome[i],
                                       "cause": cause.get(i, "?")} for i in ids]})
        rows.append({"name": r.name, "kind": KIND.get(r.kind, r.kind), "mandatory": r.mandatory, "cells": out})
    return rows


def failures(results, cause) -> list[dict]:
    """Every hand-written failure with its first failing expectation (a failing script step first);
    an errored one with the engine error it reports."""
    rows = []
    for r in results:
        if r["outcome"] not in ("failed", "errored") or r["id"].startswith("ygo.generated"):
            continue
        if r["outcome"] == "errored":
            rows.append({"id": r["id"], "rulings": r.get("rulings", []), "what": f"errored: {r.get('message', '')}",
                         "cause": cause.get(r["id"], "?")})
            continue
        fails = r.get("failures") or [{}]
        f = next((x for x in fails if str(x.get("pointer", "")).startswith("/script/")), fails[0])
        what = f"{f.get('pointer', '')}: {f.get('message', '')}"
        exp = f.get("expected")
        if isinstance(exp, dict) and "step" in exp:
            exp = exp["step"]
        if exp is not None:
            what += f"; expected `{json.dumps(exp, ensure_ascii=False)}`"
        rows.append({"id": r["id"], "rulings": r.get("rulings", []), "what": what, "cause": cause.get(r["id"], "?")})
    return rows


def run_lines(streams) -> str:
    """How long each run took and with how many adapter processes (its footer: ``duration_s``, ``jobs``),
    after an HTML comment naming it: the report states it beside the counts."""
    from duelspec.text import markdown as md
    return "<!-- run -->\n" + "\n".join(f"* `{md(st.path)}`: {md(run_facts(st.footer) or 'the run time is not recorded')}."
                                       for st in streams) + "\n\n"


def render(results, cause) -> str:
    """The four tables (counts, matrix, failures, skips), each after an HTML comment naming it."""
    skips = [{"id": r["id"], "reason": r.get("reason", "")} for r in results
             if r["outcome"] == "skipped" and not r["id"].startswith("ygo.generated")]
    generated_skips = Counter(r.get("reason", "").split(":")[0] for r in results
                              if r["outcome"] == "skipped" and r["id"].startswith("ygo.generated"))
    return render_file(TEMPLATE, counts=counts(results), columns=COLUMNS, matrix=matrix(results, cause),
                       failures=failures(results, cause), skips=skips, generated_skips=list(generated_skips.items()))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("streams", nargs="+", help="result streams of the report (hand-written, generated)")
    ap.add_argument("--causes", default="adapters/edopro/causes.toml")
    a = ap.parse_args(argv)
    streams = [read_stream(s) for s in a.streams]
    results = [r for st in streams for r in st.results]
    cause = cause_of(results, load_causes(a.causes))
    sys.stdout.write(run_lines(streams) + render(results, cause))
    return 0


if __name__ == "__main__":
    sys.exit(main())
