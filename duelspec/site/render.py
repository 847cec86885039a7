"""The pages of ``duelspec site`` (see :mod:`duelspec.site`): data gathered from the spec and the
streams, rendered with Jinja2 templates (autoescaped) into static files."""
from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from .. import headline as headlines
from ..analysis.consensus import first_failure
from ..judging.coverage import describe, unchecked_text
from ..generated import is_generated
from ..reporting.report import NOT_CHECKED, counted_for, partly
from . import summary
from .shown import COUNTED, OUTCOMES, abbreviate, clip, for_summary, page_name, script_json, slug

BAD = headlines.BAD
HISTORY_ROWS = 2000               # changed outcomes listed on an engine's history page (the rest counted)
INDEX_GENERATED_CHARS = 400_000   # characters of generated chains in the search index (the rest are on their ruling pages)
KEYWORDS = re.compile(r"^(\s*)(Feature|Background|Scenario Outline|Scenario|Examples|Rule|Given|When|Then|And|But|\*)(:?)(?=\s|$)")


_SOURCE_KINDS = {"rulebook": "official rulebook", "comprehensive-rules": "comprehensive rules", "official-qa": "official Q&A",
                 "rules-wiki": "rules wiki (not official)", "source-page": "the source page", "card-text": "card text"}


class Site:
    def __init__(self, engines: list, out: Path):
        from .. import compiler
        from ..catalogue import cards, rulings, sources
        from ..resources import features_dir
        self.engines, self.out = engines, out
        self.rulings = rulings()
        self.sources = _ruling_sources(self.rulings, sources())
        self.cards = {g: cards(g) for g in ("ygo", "dm")}
        compiled = compiler.compile_paths()
        self.scenarios = {s["id"]: s for s in compiled.scenarios}
        ids_in_streams = {rid for e in engines for st in e.streams for rid in st.results}
        if ids_in_streams - set(self.scenarios):
            try:
                from ..generated import of_games
                self.scenarios.update({s["id"]: s for s in of_games(keep=ids_in_streams.__contains__)})
            except Exception:  # noqa: BLE001 - a site is still built from the streams alone
                pass
        from ..version import spec_identity, suite_version
        here = spec_identity()
        self.suite = {"content_hash": here, "version": suite_version(here)}
        # runs of another suite than the one these pages show: said on every page, never mixed silently
        self.other_suites = [{"engine": e, "version": e.current.suite_version,
                              "games": {r.get("game") for r in e.current.results.values()}} for e in engines
                             if e.current.suite_hash != here]
        self.root = features_dir().parent
        self.blocks = _gherkin_blocks(features_dir(), self.root)
        self.env = Environment(loader=PackageLoader("duelspec.site", "templates"),
                               autoescape=select_autoescape(["html", "svg"]), trim_blocks=True, lstrip_blocks=True,
                               finalize=_finalize)
        self.env.filters["clip"] = clip
        self.env.filters["slug"] = slug
        self.env.filters["page"] = page_name
        self.env.filters["abbreviate"] = abbreviate
        self.env.filters["pretty"] = lambda o: clip(json.dumps(o, ensure_ascii=False, indent=1)) if not isinstance(o, str) else clip(o)
        self.env.filters["cardname"] = self.card_markup
        self.env.filters["compact"] = lambda o: clip(json.dumps(o, ensure_ascii=False))
        self.env.filters["verdict"] = describe          # "passed (partly checked: 5 of 7)"
        self.env.filters["unchecked"] = unchecked_text

    # ------------------------------------------------------------------ data
    def card_markup(self, text: str, game: str | None = None) -> Markup:
        """A card name as a span carrying both names (the ja/en switch), or the escaped text."""
        for g in ((game,) if game else ("ygo", "dm")):
            c = self.cards[g].by_name(text) if g in self.cards else None
            if c is not None:
                ja = c["name"].get("ja", c["name"]["en"])
                return Markup('<span class="card" data-en="{0}" data-ja="{1}"><span class="en">{0}</span><span class="ja" lang="ja">{1}</span></span>'
                              ).format(c["name"]["en"], ja)
        return escape(text)

    def gherkin_html(self, lines: list[str], game: str) -> Markup:
        out = []
        for ln in lines:
            stripped = ln.lstrip()
            if stripped.startswith("#"):
                out.append(Markup('<span class="comment">{}</span>').format(ln))
                continue
            if stripped.startswith("@"):
                out.append(Markup(" ").join(Markup('<span class="tag">{}</span>').format(t) if t else Markup("") for t in ln.split(" ")))
                continue
            m = KEYWORDS.match(ln)
            head, rest = (Markup('{}<span class="kw">{}{}</span>').format(m.group(1), m.group(2), m.group(3)), ln[m.end():]) if m else (Markup(""), ln)
            parts = re.split(r'("[^"\n]*")', rest)
            body = Markup("").join(Markup('"{}"').format(self.card_markup(p[1:-1], game)) if p.startswith('"') and p.endswith('"') and len(p) > 1
                                   else escape(p) for p in parts)
            out.append(head + body)
        return Markup("\n").join(out)

    def card_names(self, scenario: dict) -> list[str]:
        names = []
        cat = self.cards.get(scenario.get("game"))
        for c in (scenario.get("setup") or {}).get("cards", []):
            if cat is not None and c.get("card") in cat:
                n = cat[c["card"]]["name"]
                names += [n["en"], n.get("ja", "")]
        return sorted({n for n in names if n})

    def outcome(self, engine, sid: str) -> dict | None:
        return engine.current.results.get(sid)

    # ------------------------------------------------------------------ pages
    def write(self) -> int:
        pages = self.write_rules_and_consensus() + self.write_causes()
        static = self.out / "static"
        static.mkdir(parents=True, exist_ok=True)
        for name in ("site.css", "site.js"):
            (static / name).write_bytes((Path(__file__).parent / "static" / name).read_bytes())
        by_ruling = self.scenarios_by_ruling()
        gen = self.write_generated()
        pages += gen["pages"]
        games = {"ygo": "Yu-Gi-Oh! OCG — 通常のドロー (the normal draw)", "dm": "Duel Masters — 攻撃(アタック) (the attack)"}
        rows = []
        for rid, r in self.rulings.items():
            cells = []
            for e in self.engines:
                c = {o: 0 for o in COUNTED}
                c["partly"] = c["unchecked"] = 0
                for sid in by_ruling.get(rid, []):
                    res = self.outcome(e, sid)
                    if res is not None:
                        o = counted_for(res, rid)         # a partly checked result counts only for the rulings it showed
                        if o == NOT_CHECKED:              # issue 33 §3: "not checked on this engine"
                            c["unchecked"] += 1
                            continue
                        c[o] += 1
                        c["partly"] += partly(res) and o != "skipped"
                total = sum(c[o] for o in COUNTED) + c["unchecked"]
                bad = sum(c[o] for o in BAD if o != "contract")     # rules failures, errors, unexpected passes
                # a known failure is never a pass (docs/ci.md): a cell with one is "known", shown apart from its passes
                state = "none" if total == 0 else "bad" if bad or c["contract"] else "known" if c["xfailed"] \
                    else "good" if c["passed"] else "skip"
                cells.append({"engine": e, "counts": c, "total": total, "bad": bad, "state": state})
            rows.append({"ruling": r, "cells": cells, "n": len(by_ruling.get(rid, []))})
        index, left = self.search_index()
        summaries = []
        for e in self.engines:
            hc = headlines.tally(e.current.results.values())
            summaries.append({"engine": e, "counts": e.current.counts(), "total": len(e.current.results),
                              "headline": headlines.headline(hc), "state": headlines.state(hc, bool(e.current.incomplete)),
                              "generated": gen["engines"].get(e.slug)})
        # the search index is a script of its own: the matrix page stays small with many engines
        (self.out / "search-index.js").write_text(f"window.duelspecSearchIndex = {script_json(index)};\n", encoding="utf-8")
        self.render("index.html", "index.html", rows=rows, games=games, summaries=summaries, depth="", index_left=left)
        pages += 1
        for e, summ in zip(self.engines, summaries):
            (self.out / "badges").mkdir(exist_ok=True)
            label = summ["headline"] + (" (incomplete)" if e.current.incomplete else "")
            color = headlines.COLOURS[summ["state"]]
            self.render("badge.svg", f"badges/{e.slug}.svg", label=label, color=color, width=7 * len(label) + 14)
        for rid, r in self.rulings.items():
            sids = [sid for sid in by_ruling.get(rid, []) if not is_generated(sid)]
            blocks, seen = [], set()
            for sid in sids:
                sc = self.scenarios.get(sid)
                b = self.block_of(sc) if sc else None
                if b is not None and b["key"] not in seen:
                    seen.add(b["key"])
                    blocks.append(dict(b, html=self.gherkin_html(b["lines"], sc["game"]),
                                       background=self.gherkin_html(b["background"], sc["game"]) if b["background"] else None))
            table = [{"id": sid, "slug": page_name(sid), "scenario": self.scenarios.get(sid),
                      "results": [(e, self.outcome(e, sid)) for e in self.engines]} for sid in sids]
            generated = self.generated_of_ruling(rid, [sid for sid in by_ruling.get(rid, []) if is_generated(sid)], gen)
            self.render("ruling.html", f"rulings/{rid}.html", ruling=r, source=self.sources.get(rid), blocks=blocks,
                        table=table, generated=generated, outcomes=COUNTED, depth="../")
            pages += 1
        for e in self.engines:
            for sid, res in e.current.results.items():
                if res["outcome"] in BAD + ("xfailed",) and not is_generated(sid):
                    self.render("failure.html", f"failures/{e.slug}/{page_name(sid)}.html", engine=e, result=res,
                                scenario=self.scenarios.get(sid), depth="../../")
                    pages += 1
            changes = _changes(e)
            self.render("history.html", f"history/{e.slug}.html", engine=e, changes=changes[:HISTORY_ROWS],
                        more=len(changes) - HISTORY_ROWS, depth="../")
            pages += 1
        return pages

    def search_index(self) -> tuple:
        """The search box's index: every hand-written scenario (id, title, rulings, card names in
        both languages), then the generated chains (id and rulings; the link to the first
        ruling's generated chains is made by site.js) while they fit in
        :data:`INDEX_GENERATED_CHARS` characters; returns ``(entries, generated chains left out)``."""
        index, left, used = [], 0, 0
        ordered = sorted(self.scenarios.items(), key=lambda kv: (is_generated(kv[0]), kv[0]))
        for sid, sc in ordered:
            rulings = list(sc.get("rulings", []))
            if not is_generated(sid):
                index.append({"id": sid, "title": sc.get("title", ""), "rulings": rulings, "game": sc.get("game", ""),
                              "cards": self.card_names(sc), "href": f"rulings/{rulings[0]}.html#s-{page_name(sid)}" if rulings else ""})
                continue
            entry = {"id": sid, "rulings": rulings}     # its link: its first ruling's page (site.js); no title: the index stays small
            size = len(json.dumps(entry, ensure_ascii=False)) + 1
            if used + size > INDEX_GENERATED_CHARS:
                left += 1
                continue
            used += size
            index.append(entry)
        return index, left

    def write_generated(self) -> dict:
        """Each engine's failing generated chains grouped by cause (:mod:`duelspec.site.summary`):
        ``generated/<engine>/index.html`` (the groups) and a drill-down per group (its chains, a page
        per :data:`summary.ROWS_PER_PAGE`). Returns ``{"pages": n, "engines": {slug: {"counts",
        "groups", "by_id": {id: group}, "href"}}}``."""
        causes = self.cause_lists()
        out, pages, seen = {}, 0, {}
        for e in self.engines:
            results = [r for sid, r in e.current.results.items() if is_generated(sid)]
            if not results:
                continue
            counts = {o: 0 for o in OUTCOMES}
            for r in results:
                counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
            failing = [r for r in results if r["outcome"] in BAD + ("xfailed",)]
            mine = causes.get(e.slug, ())             # the same object for every engine it is of: one cache
            groups = summary.failure_groups(failing, self.scenarios, list(mine), seen.setdefault(id(mine), {}))
            folder = f"generated/{e.slug}"
            command = summary.rerun_command(e.current.header)
            for g in groups:
                hrefs = g.pages(folder)
                for i, (chunk, href) in enumerate(zip(g.chunks(), hrefs), 1):
                    rows = Markup("\n".join(self.drill_row(r, command, "../../") for r in chunk))
                    self.render("drilldown.html", href, engine=e, group=g, rows=rows, page=i, hrefs=hrefs,
                                command=command, rulings=self.rulings, depth="../../")
                    pages += 1
            lists = [groups[i:i + summary.GROUPS_PER_PAGE] for i in range(0, len(groups), summary.GROUPS_PER_PAGE)] or [[]]
            hrefs = [f"{folder}/index.html"] + [f"{folder}/index-{i}.html" for i in range(2, len(lists) + 1)]
            for i, (chunk, href) in enumerate(zip(lists, hrefs), 1):
                self.render("generated.html", href, engine=e, groups=chunk, counts=counts, total=len(results),
                            failing=len(failing), page=i, hrefs=hrefs, all_groups=len(groups), folder=folder,
                            has_causes_file=e.slug in causes, depth="../../")
                pages += 1
            out[e.slug] = {"counts": counts, "total": len(results), "failing": len(failing), "groups": groups,
                           "by_id": {r["id"]: g for g in groups for r in g.results}, "href": hrefs[0], "folder": folder}
        return {"pages": pages, "engines": out}

    def drill_row(self, r: dict, command: str, depth: str) -> str:
        """One failing generated chain on its drill-down page: id and title, rulings, outcome, first
        failing expectation (pointer, message, expected, what the trace had) and the command that
        re-runs it; every text from the stream clipped and escaped (a row is at most a few kB).
        Written here rather than in the template: thousands of rows, a tenth of the time."""
        f = first_failure(r)
        title = f"<br><small>{escape(clip(r['title'], 200))}</small>" if r.get("title") else ""
        rulings = ", ".join(f'<a href="{depth}rulings/{x}.html#generated">{x}</a>' if isinstance(x, str) and x in self.rulings
                            else str(escape(clip(x, 40))) for x in (r.get("rulings") or [])[:12])
        what = f"<code>{escape(clip(f['pointer'], 200))}</code> " if f.get("pointer") else ""
        what += str(escape(clip(f.get("message") or r.get("message") or r.get("reason") or "", 300)))
        if "expected" in f:
            what += f"<br>expected <code>{_text(clip(f['expected'], 300))}</code>"
        if f.get("actual") is not None:
            what += f"<br>the trace had <code>{_text(clip(f['actual'], 300))}</code>"
        return (f'<tr id="c-{escape(page_name(r["id"]))}"><td><code>{escape(clip(r["id"], 200))}</code>{title}</td>'
                      f'<td>{rulings}</td><td class="o-{escape(clip(r["outcome"], 40))}">{escape(clip(describe(r), 200))}</td>'
                      f'<td>{what}</td><td><code class="cmd">{escape(clip(summary.rerun(command, r["id"]), 900))}</code></td></tr>')

    def generated_of_ruling(self, rid: str, sids: list, gen: dict) -> dict | None:
        """What a ruling page shows of its generated chains ``sids``: counts per engine and outcome
        (as the matrix counts them, :func:`duelspec.reporting.report.ruling_outcome`) and the failures per
        group and engine, linked to the drill-down; ``None`` when no engine ran generated chains."""
        if not gen["engines"]:
            return None
        rows, groups = [], {}
        for e in self.engines:
            g = gen["engines"].get(e.slug)
            c = {o: 0 for o in COUNTED}
            c["partly"] = c["unchecked"] = 0
            for sid in sids:
                res = self.outcome(e, sid)
                if res is None:
                    continue
                o = counted_for(res, rid)
                if o == NOT_CHECKED:
                    c["unchecked"] += 1
                    continue
                c[o] += 1
                c["partly"] += partly(res) and o != "skipped"
                group = g["by_id"].get(sid) if g else None
                if group is not None and o != "skipped":
                    row = groups.setdefault(group.key, {"label": group.label, "cells": {}, "n": 0})
                    cell = row["cells"].setdefault(e.slug, {"n": 0, "of": len(group.results), "href": group.pages(g["folder"])[0]})
                    cell["n"] += 1
                    row["n"] += 1
            rows.append({"engine": e, "counts": c, "ran": sum(c[o] for o in COUNTED), "href": g["href"] if g else None})
        ordered = sorted(groups.values(), key=lambda x: (-x["n"], x["label"]))
        shown = ordered[:summary.RULING_GROUPS]
        return {"n": len(sids), "engines": rows, "groups": shown, "more": len(ordered) - len(shown),
                "more_n": sum(x["n"] for x in ordered[len(shown):])}

    def cause_lists(self) -> dict:
        """Per engine slug, the causes of its cause file (``--causes NAME=CAUSES...``, NAME a word of
        the engine's name), for grouping its generated chains' failures."""
        from ..analysis.causes import load_causes
        out = {}
        for spec in getattr(self, "causes_specs", []):
            name, _, rest = str(spec).partition("=")
            e = self.engine_named(spec)
            if rest.split(",")[0]:
                out[e.slug] = load_causes(rest.split(",")[0])
        return out

    def engine_named(self, spec: str):
        """The engine of a ``--causes NAME=...`` spec: the one whose name starts with NAME, else the one
        whose name contains it (case-insensitive; "YGOPro" is the start of one engine's name and inside
        another's, "EDOPro (ygopro-core ...)"); :class:`InputError` when none or several are."""
        from ..errors import InputError
        name = str(spec).partition("=")[0].strip().lower()
        names = ", ".join(x.name for x in self.engines)
        for found in ([e for e in self.engines if e.name.lower().startswith(name)],
                      [e for e in self.engines if name in e.name.lower()]):
            if len(found) > 1:
                raise InputError("--causes", spec, f"a word of one engine's name ({names})",
                                 f"{len(found)} engines: " + ", ".join(e.name for e in found))
            if found and name:
                return found[0]
        raise InputError("--causes", spec, f"a word of an engine's name ({names})", name)

    def write_causes(self) -> int:
        """``causes.html``: the engines' causes side by side (:mod:`duelspec.analysis.sidebyside`), for the
        engines named by ``causes_specs``; 0 pages without them."""
        from ..analysis import sidebyside
        specs = getattr(self, "causes_specs", [])
        self.has_causes = bool(specs)
        if not specs:
            return 0
        engines = []
        for spec in specs:
            e = self.engine_named(spec)
            ec = sidebyside.load(spec, [], e.current.results, repro_href="repro")
            ec.name, ec.report = e.name, f"history/{e.slug}.html"
            engines.append(ec)
        retracted = []
        paths, arguments = getattr(self, "consensus_inputs", ([], None))
        if arguments:
            from ..analysis.consensus import load_arguments
            retracted = [a for a in load_arguments(arguments) if a.get("verdict") in ("suite-wrong", "suite-fixed")]
        self.render("causes.html", "causes.html", d=sidebyside.page_data(engines, retracted), depth="")
        return 1

    def write_rules_and_consensus(self) -> int:
        """``general-rules.html`` (the catalogue, with the scenarios citing each rule) and, when a
        game has two engines or more, ``consensus.html`` (:mod:`duelspec.analysis.consensus`)."""
        from ..analysis import consensus as cs
        from ..catalogue import cited_rules, general_rules
        citing = defaultdict(list)
        for sid, sc in sorted(self.scenarios.items()):
            for rid in cited_rules(sc):
                citing[rid].append(sid)
        self.render("general-rules.html", "general-rules.html", rules=list(general_rules().values()), citing=citing,
                    kinds=_SOURCE_KINDS, depth="")
        paths, arguments = getattr(self, "consensus_inputs", ([], None))
        engines = self.consensus_engines(paths)
        c = cs.consensus(engines, self.scenarios, cs.load_arguments(arguments) if arguments else [])
        self.has_consensus = any(g not in c.lonely for g in c.games)
        if not self.has_consensus:
            return 1
        clusters = []
        for i, cl in enumerate(c.clusters, 1):
            first = cs.first_failure(next(iter(cl.members[0].results.values())))
            top = [r for r, _ in cl.counts("rulings").most_common(8)] + list(cl.counts("general"))
            clusters.append({"n": i, "cluster": cl, "example": first, "sources": cs.source_lines(top),
                             "argued": cs.source_lines(cl.argument.get("sources", [])) if cl.argument else [],
                             "verdict": cs.VERDICTS[cl.argument["verdict"]] if cl.argument else None})
        self.render("consensus.html", "consensus.html", c=c, clusters=clusters, depth="")
        return 2

    def consensus_engines(self, paths: list) -> list:
        """The engines as :func:`duelspec.analysis.consensus.engines_of` reads them: when each engine has one
        run, its results as read already (its latest run: :func:`duelspec.site.for_latest`, whose
        generated chains keep their first failure, all the consensus compares); else the streams
        read again (:func:`duelspec.site.for_summary`), an engine's runs joined."""
        from ..analysis import consensus as cs
        if not paths:
            return []
        if all(len(e.streams) == 1 for e in self.engines):
            return [cs.Engine(e.name, [e.current.path], e.current.results, e.current.version) for e in self.engines]
        return cs.engines_of(paths, keep=for_summary)

    def render(self, template: str, path: str, **ctx) -> None:
        target = self.out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        ctx.setdefault("engines", self.engines)
        ctx.setdefault("suite", self.suite)
        ctx.setdefault("other_suites", self.suite_notes(template, ctx))
        ctx.setdefault("has_consensus", getattr(self, "has_consensus", False))
        ctx.setdefault("has_causes", getattr(self, "has_causes", False))
        target.write_text(self.env.get_template(template).render(**ctx), encoding="utf-8")

    def suite_notes(self, template: str, ctx: dict) -> list:
        """The runs of another suite a page warns about (issue 32 §7: the Go Duel Masters report of an
        older suite was named on every page): the matrix names them all, an engine's pages its own, a
        ruling's page those of its game; other pages none."""
        if "engine" in ctx:
            return [o for o in self.other_suites if o["engine"] is ctx["engine"]]
        if "ruling" in ctx:
            return [o for o in self.other_suites if getattr(ctx["ruling"], "game", None) in o["games"]]
        return self.other_suites if template == "index.html" else []

    def scenarios_by_ruling(self) -> dict:
        out = defaultdict(list)
        ids = list(self.scenarios)
        ids += sorted({rid for e in self.engines for st in e.streams for rid in st.results} - set(self.scenarios))
        for sid in ids:
            sc = self.scenarios.get(sid)
            rulings = sc.get("rulings", []) if sc else next((st.results[sid].get("rulings", []) for e in self.engines
                                                             for st in e.streams if sid in st.results), [])
            for r in rulings:
                out[r].append(sid)
        return out

    def block_of(self, scenario: dict) -> dict | None:
        o = scenario.get("origin") or {}
        for b in self.blocks.get(o.get("file"), []):
            if b["start"] <= o.get("line", 0) <= b["end"]:
                return b
        return None


def _text(text: str) -> Markup:
    """``text`` (clipped already) for an element's content: ``&``, ``<`` and ``>`` escaped; quotes,
    which only an attribute value needs escaped, left as they are (JSON stays readable and small)."""
    return Markup(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def _finalize(value):
    """Every ``{{ … }}`` of a template: markup made here passes; any other value is shown as
    visible text of bounded length (autoescape then escapes it)."""
    if isinstance(value, Markup) or value is None:
        return "" if value is None else value
    return clip(value if isinstance(value, str) else str(value))


def _changes(engine) -> list:
    """Scenarios whose outcome differs between consecutive streams of ``engine``."""
    out = []
    for prev, cur in zip(engine.streams, engine.streams[1:]):
        for sid in sorted(set(prev.results) | set(cur.results)):
            a = prev.results.get(sid, {}).get("outcome", "—")
            b = cur.results.get(sid, {}).get("outcome", "—")
            if a != b:
                out.append({"id": sid, "from": a, "to": b, "before": prev, "after": cur})
    return out


def _ruling_sources(rulings: dict, documents: dict) -> dict:
    """Per ruling ID, what its page shows of its source (issue 15, 9.8): ``document`` (the
    catalogue's ``source``: title, url, source_url, history_url, revision), ``revision`` (a label
    for the revision read), and, when the ruling has a ``passage``: ``passage`` itself (the
    verbatim quote and its place in the copy), ``shown`` (the quote as the page shows it,
    :func:`duelspec.catalogue.page_text`), ``table`` (the rows of a quoted wiki table, else
    ``None``) and ``markup`` (whether the quote is page source whose markup ``shown`` drops)."""
    from ..catalogue import page_text
    out = {}
    for rid, r in rulings.items():
        doc = documents.get(r.game, {})
        form = doc.get("copy", {}).get("form", "rendered")
        entry = {"document": doc, "revision": _revision_label(doc.get("revision") or {})}
        p = r.passage
        if p:
            shown = page_text(p["quote"], form)
            table = None
            if form == "wiki-source" and shown.startswith("|") and shown.endswith("|"):
                table = [row.strip("|").split("|") for row in re.split(r"\|\s+\|", shown)]
            entry.update(passage=p, shown=shown, table=table, markup=shown != p["quote"])
        out[rid] = entry
    return out


def _revision_label(rev: dict) -> str:
    """``revision 123``, ``the revision of 2019-05-25T02:36:57+09:00`` or ``a revision of
    2022-09-12 or later`` (``rulings.schema.json#/$defs/source``'s ``revision``)."""
    if rev.get("id"):
        return f"revision {rev['id']}" + (f" ({rev['timestamp']})" if rev.get("timestamp") else "")
    if rev.get("timestamp"):
        return f"the revision of {rev['timestamp']}"
    if rev.get("not_before"):
        return f"a revision of {rev['not_before']} or later"
    return "revision not recorded"


def _gherkin_blocks(features: Path, root: Path) -> dict:
    """Per feature file (path relative to the checkout, as ``origin.file``): its scenario blocks
    (tags, comments, steps and Examples), each with the feature's Background lines."""
    from gherkin.parser import Parser
    out = {}
    for path in sorted(features.rglob("*.feature")):
        text = path.read_text(encoding="utf-8-sig")
        lines = text.splitlines()
        try:
            doc = Parser().parse(text)
        except Exception:  # noqa: BLE001 - a broken feature is reported by the compiler, not here
            continue
        starts, background = [], []
        for child in doc["feature"]["children"]:
            if "background" in child:
                bg = child["background"]
                end = max([s["location"]["line"] for s in bg["steps"]] + [bg["location"]["line"]])
                background = lines[bg["location"]["line"] - 1:end]
            if "scenario" in child:
                sc = child["scenario"]
                starts.append(min([t["location"]["line"] for t in sc["tags"]] + [sc["location"]["line"]]))
        rel = path.relative_to(root).as_posix()
        blocks = []
        for i, start in enumerate(starts):
            end = (starts[i + 1] - 1) if i + 1 < len(starts) else len(lines)
            body = lines[start - 1:end]
            while body and not body[-1].strip():
                body.pop()
            # comments just above the next scenario's tags belong to it: stop at the last step/table line
            blocks.append({"key": f"{rel}:{start}", "file": rel, "start": start, "end": start + len(body) - 1,
                           "lines": _dedent(body), "background": _dedent(background)})
        out[rel] = blocks
    return out


def _dedent(lines: list[str]) -> list[str]:
    pad = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    return [ln[pad:] for ln in lines]
