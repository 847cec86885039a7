"""Both Yu-Gi-Oh! engines' causes side by side (issue 20 §4): which defects are shared, which are
one engine's, and which the suite itself retracted.

Each engine contributes its cause file (``adapters/<engine>/causes.toml``), its run's result
streams, the measurement of its fix experiments (``docs/conformance/<engine>-fixes.json``,
:mod:`duelspec.analysis.fixes`) and its reproductions (``docs/conformance/repro/<engine>/``,
:mod:`duelspec.analysis.repro`). A cause names the same defect of a common code base in the other engine
with ``shared = "<engine>:<key>"`` (the classic core and EDOPro's fork of it) and the same behaviour
written separately with ``counterpart = "<engine>:<key>"`` (each engine's own card script). The
clusters of the consensus view (:mod:`duelspec.analysis.consensus`) whose verdict is that the suite was
wrong are the retracted ones.

``python -m duelspec.analysis.sidebyside --engine NAME=CAUSES[,FIXES[,REPRO_DIR]] --stream NAME=STREAM ...
--consensus-arguments FILE --markdown docs/conformance/side-by-side.md``
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..generated import is_generated
from .fixes import extent


@dataclass
class EngineCauses:
    """One engine's causes with what measures them."""
    name: str
    report: str                                   # its report (a path relative to the page)
    causes: list = field(default_factory=list)    # duelspec.analysis.causes.Cause
    groups: dict = field(default_factory=dict)    # key -> duelspec.analysis.causes.Group (its run's failures)
    fixes: dict = field(default_factory=dict)     # key -> measurement (duelspec.analysis.fixes.measure)
    repro: dict = field(default_factory=dict)     # key -> (scenario id, file relative to the page)
    results: dict = field(default_factory=dict)   # scenario id -> its result in the engine's run


def elsewhere(engines: list, e: EngineCauses, c) -> list:
    """What each other engine's run shows for the examples of ``e``'s own cause ``c``: a cause
    listed as one engine's is that engine's only where the other played the example (passed, or
    failed for a cause of its own); skipped there it is not measured on that engine."""
    out = []
    for o in engines:
        if o is e:
            continue
        for sid in c.examples:
            r = o.results.get(sid)
            if r is None:
                state = "not in its run"
            elif r.get("outcome") == "skipped":
                state = f"not measured (skipped: {r.get('reason', '')})"
            elif r.get("outcome") in ("failed", "errored", "xfailed"):
                key = next((k for k, g in o.groups.items() if sid in g.ids), "unclassified")
                state = f"{r['outcome']} (its cause {key})"
            else:
                state = str(r.get("outcome"))
            out.append({"engine": o.name, "id": sid, "state": state})
    return out


def _ref(s: str):
    engine, _, key = str(s).partition(":")
    return (engine.lower(), key) if key else None


def rows(engines: list) -> dict:
    """``{"shared": [...], "counterparts": [...], "own": {engine: [...]}}``: each row a list of
    ``(engine, cause)`` for one defect (shared/counterparts: one per engine)."""
    by = {(e.name.lower(), c.key): (e, c) for e in engines for c in e.causes}
    used: set = set()
    out: dict = {"shared": [], "counterparts": [], "own": {e.name: [] for e in engines}}
    for e in engines:
        for c in e.causes:
            if (e.name.lower(), c.key) in used:
                continue
            for kind, attr in (("shared", "shared"), ("counterparts", "counterpart")):
                other = _ref(getattr(c, attr))
                if other and other in by:
                    out[kind].append([(e, c), by[other]])
                    used.update({(e.name.lower(), c.key), other})
                    break
            else:
                out["own"][e.name].append((e, c))
                used.add((e.name.lower(), c.key))
    return out


def _md(text, limit: int = 1000) -> str:
    from ..text import markdown
    return markdown(str(text), limit=limit)


def cell_data(e: EngineCauses, c) -> dict:
    """One engine's cause: key, title, component, failures (hand-written), what fixing it alone does
    (for a cause whose fix is another's, ``same_fix``: what that fix does to this cause's own
    failures; or why it has no fix experiment), its reproduction ``(scenario id, href)``."""
    g = e.groups.get(c.key)
    ids = g.ids if g else []
    if c.key in e.fixes:
        fix = e.fixes[c.key].get("sentence", "")
    elif c.same_fix and c.same_fix in e.fixes:     # one defect: this cause's own row of that fix's run
        fix = f"with {c.same_fix}'s fix: " + extent(c.key, e.fixes[c.same_fix])
    else:
        fix = "no fix experiment (the cause file says why)" if "No fix experiment" in c.evidence else "not measured"
    title = c.title + (" (hint-level)" if getattr(c, "grade", "rules") == "hint" else "")
    return {"engine": e.name, "report": e.report, "key": c.key, "title": title, "who": c.who, "failures": len(ids),
            "hand": sum(1 for i in ids if not is_generated(i)), "fix": fix, "repro": e.repro.get(c.key)}


def page_data(engines: list, retracted: list) -> dict:
    """What the page shows (Markdown and site alike): per engine the failures with and without a
    cause, the rows of :func:`rows` as :func:`cell_data`, the retracted clusters."""
    r = rows(engines)
    return {"engines": [{"name": e.name, "report": e.report,
                         "caused": sum(len(g.ids) for k, g in e.groups.items() if k != "unclassified"),
                         "unclassified": len(e.groups["unclassified"].ids) if "unclassified" in e.groups else 0} for e in engines],
            "shared": [{x.name: cell_data(x, c) for x, c in pair} for pair in r["shared"]],
            # the same behaviour in each engine: what the other engine did with each one's examples
            # (one engine may file an example under another cause of its own)
            "counterparts": [{x.name: {**cell_data(x, c), "elsewhere": elsewhere(engines, x, c)} for x, c in pair}
                             for pair in r["counterparts"]],
            "own": {n: [{**cell_data(x, c), "elsewhere": elsewhere(engines, x, c)} for x, c in lst] for n, lst in r["own"].items()},
            "retracted": [{"title": a.get("title", a.get("first", "")), "first": a.get("first", ""),
                           "argument": " ".join(str(a.get("argument", "")).split())} for a in retracted]}


def cell(d: dict) -> str:
    """A cause in a Markdown table cell."""
    bits = [f"**{_md(d['key'])}** {_md(d['title'], 300)}", f"component: {_md(d['who'], 120)}",
            f"failures: {d['failures']:,} ({d['hand']:,} hand-written)", _md(d["fix"], 700)]
    if d["repro"]:
        bits.append(f"reproduction: [`{_md(d['repro'][0], 200)}`]({d['repro'][1]})")
    bits += [f"{_md(w['engine'])} on `{_md(w['id'], 200)}`: {_md(w['state'], 400)}" for w in d.get("in_table", [])]
    return "<br>".join(bits)


def render_markdown(engines: list, retracted: list, consensus_link: str) -> str:
    """The page: shared defects, the same behaviour written in each engine, each engine's own, and
    what the suite retracted (the consensus view's clusters with the verdict that the suite was wrong)."""
    d = page_data(engines, retracted)
    names = [e["name"] for e in d["engines"]]
    out = ["# The Yu-Gi-Oh! engines side by side: their causes", "",
           "Generated by `python -m duelspec.analysis.sidebyside` from each engine's cause file, run, fix experiments "
           "and reproductions; do not edit. Every cause is the engine's (or the suite's) at the commits its "
           "report names: " + ", ".join(f"[{_md(e['name'])}]({e['report']})" for e in d["engines"]) + ". A cause's fix "
           "experiment changes exactly the place it names, alone, in a scratch checkout "
           "([the procedure](fix-experiments.md)), and says what that does to the whole suite.", "",
           "| " + " | ".join(["", *map(_md, names)]) + " |", "|---|" + "---|" * len(names),
           "| failures with a cause | " + " | ".join(f"{e['caused']:,}" for e in d["engines"]) + " |",
           "| unclassified | " + " | ".join(f"{e['unclassified']:,}" for e in d["engines"]) + " |"]
    for title, key in (("Shared: one defect of the common code base", "shared"),
                       ("The same behaviour, written separately in each engine", "counterparts")):
        out += ["", f"## {title}", ""]
        if not d[key]:
            out.append("none")
            continue
        out += ["| " + " | ".join(map(_md, names)) + " |", "|" + "---|" * len(names)]
        for pair in d[key]:
            out.append("| " + " | ".join(cell({**pair[n], "in_table": pair[n].get("elsewhere", [])}) if n in pair else ""
                                         for n in names) + " |")
    for n in names:
        out += ["", f"## {_md(n)} only", ""]
        out += [f"- {cell(x)}".replace("<br>", "; ") + "".join(f"; {_md(w['engine'])} on `{_md(w['id'], 200)}`: {_md(w['state'], 400)}"
                                                              for w in x["elsewhere"]) for x in d["own"][n]] or ["none"]
    out += ["", "## Retracted by the suite", "",
            f"Where every engine failed a scenario the same way and the suite was wrong ([the consensus view]({consensus_link})):", ""]
    out += [f"- **{_md(a['title'], 400)}** ({_md(a['first'], 200)}): {_md(a['argument'], 4000)}" for a in d["retracted"]] or ["none"]
    return "\n".join(out) + "\n"


def load(spec: str, streams: list, results: dict | None = None, repro_href: str = "repro") -> EngineCauses:
    """``NAME=CAUSES[,FIXES[,REPRO_DIR]]`` and the engine's streams (or its ``results`` by id) ->
    :class:`EngineCauses`; reproductions are linked as ``<repro_href>/<folder>/<file>``."""
    from .causes import by_id, group, load_causes
    from ..reporting.report import read_stream
    name, _, rest = spec.partition("=")
    parts = rest.split(",")
    causes = load_causes(parts[0])
    if results is None:
        results = {}
        for p in streams:
            results.update({r["id"]: r for r in read_stream(p).results})
    bad = [r for r in results.values() if r.get("outcome") in ("failed", "errored", "xfailed")]
    groups = dict(group(bad, by_id(r["id"] for r in bad), causes))
    fixes = json.loads(Path(parts[1]).read_text(encoding="utf-8"))["fixes"] if len(parts) > 1 and parts[1] else {}
    repro = {}
    if len(parts) > 2 and parts[2]:
        import re
        index = Path(parts[2]) / "README.md"
        for line in index.read_text(encoding="utf-8").splitlines() if index.is_file() else []:
            m = re.match(r"\| (\S+) \| \[`([^`]+)`\]\(([^)]+)\)", line)
            if m:
                repro[m.group(1)] = (m.group(2), f"{repro_href}/{Path(parts[2]).name}/{m.group(3)}")
    return EngineCauses(name, f"{name}.md", causes, groups, fixes, repro, results)


def main(argv=None) -> int:
    import argparse
    from collections import defaultdict
    ap = argparse.ArgumentParser(prog="python -m duelspec.analysis.sidebyside", description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", action="append", required=True, help="NAME=CAUSES[,FIXES[,REPRO_DIR]]")
    ap.add_argument("--stream", action="append", required=True, help="NAME=STREAM (repeatable per engine)")
    ap.add_argument("--consensus-arguments", help="the consensus view's arguments file: its suite-wrong verdicts are the retracted causes")
    ap.add_argument("--consensus-link", default="consensus.md")
    ap.add_argument("--markdown", required=True)
    a = ap.parse_args(argv)
    streams = defaultdict(list)
    for kv in a.stream:
        k, _, p = kv.partition("=")
        streams[k].append(p)
    engines = [load(spec, streams[spec.partition("=")[0]]) for spec in a.engine]
    retracted = []
    if a.consensus_arguments:
        from .consensus import load_arguments
        retracted = [x for x in load_arguments(a.consensus_arguments) if x.get("verdict") in ("suite-wrong", "suite-fixed")]
    Path(a.markdown).write_text(render_markdown(engines, retracted, a.consensus_link), encoding="utf-8")
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main())
