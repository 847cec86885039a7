"""The tables of docs/conformance/edopro.md, computed from a result stream (duelspec installed).

    python adapters/edopro/report_tables.py STREAM.jsonl... [--causes adapters/edopro/causes.toml]

Prints Markdown: how long each run took and with how many adapter processes, the result counts (hand-written / generated / all), the page's table card by
card (every card of ND-L-COST / ND-L-EFFECT and Astral Force (2) against every column, with the
scenario that plays it and its outcome and cause), every hand-written failure with its first
failing expectation and cause, and every skipped hand-written scenario with its reason. The
prose of the report is written by hand around them; tests/test_edopro_adapter.py checks that the
report's counts and lists agree with the committed stream.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from duelspec.causes import Roles, by_id, group, load_causes
from duelspec.generated import cards as C
from duelspec.report import read_stream, run_facts
from duelspec.text import markdown as md

COLUMNS = (("negate-activation", "activation negated"), ("negate-effect", "effect negated"), ("fizzle", "effect fizzles"))
KIND = {"cost": "cost-type", "effect": "effect-type", "effect-continuous": "effect-type (continuous card)", "af2": "Astral Force (2)"}


def run_lines(streams) -> str:
    """How long each run took and with how many adapter processes (its footer)."""
    return "\n".join(f"* `{md(st.path)}`: {md(run_facts(st.footer) or 'the run time is not recorded')}." for st in streams)


def counts_table(results) -> str:
    c = Counter(("generated" if r["id"].startswith("ygo.generated") else "hand", r["outcome"]) for r in results)
    rows = ["| | scenarios | passed | failed | skipped | errored |", "|---|---:|---:|---:|---:|---:|"]
    for group_, label in (("hand", "hand-written"), ("generated", "generated chains"), (None, "all")):
        n = lambda o: sum(v for (g, oo), v in c.items() if oo == o and (group_ is None or g == group_))  # noqa: E731
        total = sum(v for (g, _), v in c.items() if group_ is None or g == group_)
        rows.append(f"| {label} | {total:,} | **{n('passed'):,}** | {n('failed'):,} | {n('skipped'):,} | {n('errored'):,} |")
    return "\n".join(rows)


def cause_of(results, causes) -> dict:
    bad = [r for r in results if r["outcome"] in ("failed", "xfailed")]
    groups = group(bad, by_id(r["id"] for r in bad), causes)
    return {i: k for k, g in groups.items() for i in g.ids}


def matrix(results, cause) -> str:
    """Every listed card against every column: the hand-written scenarios that play exactly that
    (one replacement of player A, that interference), their outcome in EDOPro."""
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
    cards = [r for r in C.REPLACEMENTS]
    rows = ["| card | kind | " + " | ".join(w for _, w in COLUMNS) + " |", "|---|---|" + "---|" * len(COLUMNS)]
    for r in cards:
        out = []
        for key, _ in COLUMNS:
            ids = sorted(cells.get((r.code, key), []))
            if not ids:
                ways = C.interferers_for(r, key, True)
                if r.mandatory and ways:
                    out.append("(no row: the game activates it; see below)")
                else:
                    out.append("no real way in the model" if not ways else "**missing**")
                continue
            bits = []
            for i in ids:
                o = outcome[i]
                mark = "passes" if o == "passed" else f"fails ({cause.get(i, '?')})" if o == "failed" else o
                bits.append(f"`{md(i.removeprefix('ygo.normal-draw.'))}` {mark}")
            out.append("<br>".join(bits))
        rows.append(f"| {md(r.name)} | {KIND.get(r.kind, r.kind)}{' (mandatory)' if r.mandatory else ''} | " + " | ".join(out) + " |")
    return "\n".join(rows)


def failures_table(results, cause) -> str:
    rows = ["| scenario | rulings | first failing expectation | cause |", "|---|---|---|---|"]
    for r in results:
        if r["outcome"] != "failed" or r["id"].startswith("ygo.generated"):
            continue
        fails = r.get("failures") or [{}]
        f = next((x for x in fails if str(x.get("pointer", "")).startswith("/script/")), fails[0])
        what = f"{f.get('pointer', '')}: {f.get('message', '')}"
        exp = f.get("expected")
        if isinstance(exp, dict) and "step" in exp:
            exp = exp["step"]
        if exp is not None:
            what += f"; expected `{json.dumps(exp, ensure_ascii=False)}`"
        rows.append(f"| `{md(r['id'])}` | {md(', '.join(r.get('rulings', [])))} | {md(what, limit=400)} | {cause.get(r['id'], '?')} |")
    return "\n".join(rows)


def skips_table(results) -> str:
    rows = ["| scenario | reason |", "|---|---|"]
    for r in results:
        if r["outcome"] == "skipped" and not r["id"].startswith("ygo.generated"):
            rows.append(f"| `{md(r['id'])}` | {md(r.get('reason', ''), limit=400)} |")
    gen = Counter(r.get("reason", "").split(":")[0] for r in results if r["outcome"] == "skipped" and r["id"].startswith("ygo.generated"))
    for reason, n in gen.items():
        rows.append(f"| {n:,} generated chains | {md(reason, limit=300)}: … |")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("streams", nargs="+", help="result streams of the report (hand-written, generated)")
    ap.add_argument("--causes", default="adapters/edopro/causes.toml")
    a = ap.parse_args(argv)
    streams = [read_stream(s) for s in a.streams]
    results = [r for st in streams for r in st.results]
    cause = cause_of(results, load_causes(a.causes))
    for title, text in (("run", run_lines(streams)), ("counts", counts_table(results)), ("matrix", matrix(results, cause)),
                        ("failures", failures_table(results, cause)), ("skips", skips_table(results))):
        print(f"<!-- {title} -->\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
