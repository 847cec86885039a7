"""Where every real engine agrees against the suite: ``duelspec consensus`` (issue 25 section 4).

A failure that every real engine of a game shows the same way is the strongest hint that the
suite may be wrong (cause H of the first reports was one: both cores refused the same hand trigger
for the same reason, and the rule was on their side). This module reads several result streams,
groups them by engine (the implementation name of each stream's header; several streams of one
engine, e.g. its hand-written and its generated run, are joined, the latest result of a scenario
counting: :func:`engines_of`), and lists per game:

- the scenarios that **every** engine of that game ran and failed (``failed`` or ``xfailed``)
  with the **same first failing expectation**: the same JSON pointer and the same kind of
  failure (the message without the trace positions it names, ``#12``), where the first failure
  is a script step the engine refused or allowed against the script if there is one, else the
  first failure listed (as :func:`duelspec.analysis.causes.signature` reads it);
- grouped into *clusters* by that expectation described by role (:func:`duelspec.analysis.causes.signature`'s
  ``first``: ``refused legal step: A activates replacement``), each with what the expectation rests
  on: the rulings the scenarios are tagged with (ID and the page's passage), the general rules they
  cite (ID, its status and first source) and their other cites;
- and, from an *arguments file*, the verdict on each cluster: why the suite is right (a source both
  engines' maintainers would accept), or that it is the suite's error and how it is fixed.

An arguments file (TOML)::

    [[argument]]
    game = "ygo"
    first = "refused legal step: A activates replacement*"   # fnmatch on the cluster's `first`
    card = "Black Luster Soldier*"   # optional: fnmatch on the card every failure is about
    verdict = "suite-wrong"          # suite-right | suite-wrong | suite-fixed | open
    title = "a hand trigger scripted before the public ones"
    argument = "..."                 # Markdown (the project's own text)
    sources = ["YGO-GEN-HAND-TRIGGER"]   # rulings / general rules the argument rests on

The first argument whose ``game`` and ``first`` match a cluster (and ``card``, when given, the card
each of its failures is about) is its argument; a cluster with
none is shown as *not argued yet*. :func:`render_markdown` writes the page
``docs/conformance/consensus.md``; :func:`duelspec.site` shows the same data on ``consensus.html``.
Text from the streams (messages, ids) is data: escaped by the renderers.
"""
from __future__ import annotations

import fnmatch
import re
from collections import Counter, OrderedDict
from dataclasses import dataclass, field

BAD = ("failed", "xfailed")
VERDICTS = {
    "suite-right": "the suite is right",
    "suite-wrong": "the suite is wrong",
    "suite-fixed": "the suite was wrong; fixed",
    "open": "not decided yet",
}


# ------------------------------------------------------------------------------- reading
@dataclass
class Engine:
    """One engine: its name (implementation name), the stream files read, its results by id."""
    name: str
    paths: list
    results: dict
    version: str = ""


def engines_of(paths, keep=None) -> list:
    """The engines of the result streams ``paths``, in the order first seen. Streams with the same
    implementation name are one engine: their results are joined by scenario id, a later run
    (header ``started``) replacing an earlier one's result for the same scenario (an engine's
    hand-written and generated runs add up; its runs over time leave the latest). Raises
    :class:`duelspec.errors.InputError` for a file that is not a result stream. ``keep``: what of
    each result to keep (:func:`duelspec.reporting.report.read_stream`); one stream is read at a time and
    only one result per engine and scenario is held, so memory does not grow with the runs."""
    from ..reporting.report import read_stream
    by_name: OrderedDict = OrderedDict()
    for p in paths:
        st = read_stream(p, keep=keep)
        impl = (st.header.get("adapter") or {}).get("implementation") or {}
        name = str(impl.get("name") or st.header.get("adapter", {}).get("spec") or p)
        started = str(st.header.get("started", ""))
        e = by_name.setdefault(name, {"paths": [], "results": {}, "when": {}, "latest": None, "version": ""})
        e["paths"].append(st.path)
        for r in st.results:
            if started >= e["when"].get(r["id"], ""):
                e["results"][r["id"]], e["when"][r["id"]] = r, started
        if e["latest"] is None or started >= e["latest"]:
            e["latest"], e["version"] = started, str(impl.get("version", ""))
    return [Engine(name, e["paths"], e["results"], e["version"]) for name, e in by_name.items()]


# ------------------------------------------------------------------------------- agreeing
def first_failure(result: dict) -> dict:
    """The first failing expectation of a failed result: a script step's failure if there is one,
    else the first failure listed (``{}`` when the result lists none)."""
    fails = result.get("failures") or [{}]
    return next((f for f in fails if str(f.get("pointer", "")).startswith("/script/")), fails[0])


_POSITIONS = re.compile(r"#\d+")


def failure_key(result: dict) -> tuple:
    """What two engines must share to fail "the same way": the first failure's pointer and its
    message without the trace positions it names (``#10`` differs between engines' traces)."""
    f = first_failure(result)
    return (str(f.get("pointer", "")), _POSITIONS.sub("#", str(f.get("message", ""))))


@dataclass
class Agreement:
    """One scenario every engine of its game failed the same way."""
    id: str
    game: str
    key: tuple
    first: str                       # the expectation described by role (causes.signature)
    card: str                        # the card the failure is about (causes.signature), "" if none
    scenario: dict | None
    results: dict                    # engine name -> result

    @property
    def rulings(self) -> list:
        return list((self.scenario or {}).get("rulings", []) or next(iter(self.results.values())).get("rulings", []))

    @property
    def cites(self) -> list:
        return list((self.scenario or {}).get("cites", []))


@dataclass
class Cluster:
    """Agreements of one game with the same expectation (``first``)."""
    game: str
    first: str
    members: list = field(default_factory=list)
    argument: dict | None = None

    def counts(self, attr: str) -> Counter:
        c: Counter = Counter()
        for a in self.members:
            if attr == "general":
                c.update(x["ref"] for x in a.cites if x.get("kind") == "general-rule")
            elif attr == "card":
                c.update(a.card for a in self.members if a.card)
                break
            elif attr == "cites":
                c.update(f"{x['kind']}: {x['ref']}" for x in a.cites if x.get("kind") != "general-rule")
            else:
                c.update(getattr(a, attr))
        return c

    def hand_written(self) -> int:
        return sum(1 for a in self.members if not (a.scenario or {}).get("generated") and not a.id.startswith("ygo.generated."))


@dataclass
class Consensus:
    """The consensus of ``engines`` per game: ``games`` maps a game to its engines' names,
    ``clusters`` (most members first), ``compared`` (scenarios every engine of the game ran),
    ``all_failed`` (of those, failed by every engine), ``agreed`` (failed the same way),
    ``stale`` (ids not compared: a stream's result is of another version of the scenario)."""
    engines: list
    games: dict
    clusters: list
    compared: dict
    all_failed: dict
    agreed: dict
    lonely: list                     # games with a single engine: no consensus possible
    stale: dict = field(default_factory=dict)   # game -> ids whose stream results are of another scenario


def consensus(engines: list, scenarios: dict | None = None, arguments: list | None = None) -> Consensus:
    """Every scenario that all engines of its game failed the same way, clustered (see the module
    docstring). ``scenarios``: id -> scenario document (for the rulings, cites and the role
    description; missing ones are described by pointer and message). ``arguments``: the entries of
    an arguments file (:func:`load_arguments`)."""
    from .causes import signature
    scenarios = scenarios or {}
    games: dict = {}
    for e in engines:
        for r in e.results.values():
            games.setdefault(r.get("game", "?"), [])
            if e.name not in games[r.get("game", "?")]:
                games[r.get("game", "?")].append(e.name)
    by_name = {e.name: e for e in engines}
    clusters: OrderedDict = OrderedDict()
    compared, all_failed, agreed, lonely, stale = Counter(), Counter(), Counter(), [], {}
    for game, names in games.items():
        if len(names) < 2:
            lonely.append(game)
            continue
        compared[game] = all_failed[game] = agreed[game] = 0
        ids = set.intersection(*(set(i for i, r in by_name[n].results.items() if r.get("game") == game) for n in names))
        for sid in sorted(ids):
            rs = {n: by_name[n].results[sid] for n in names}
            if is_stale(scenarios.get(sid), rs.values()):
                stale.setdefault(game, []).append(sid)
                continue
            compared[game] += 1
            if not all(r["outcome"] in BAD for r in rs.values()):
                continue
            all_failed[game] += 1
            keys = {failure_key(r) for r in rs.values()}
            if len(keys) != 1:
                continue
            agreed[game] += 1
            sc = scenarios.get(sid)
            one = rs[names[0]]
            sig = signature(one, sc) if sc else {"first": " ".join(x for x in keys.pop() if x), "card": ""}
            a = Agreement(sid, game, failure_key(one), sig["first"], sig["card"], sc, rs)
            clusters.setdefault((game, a.first), Cluster(game, a.first)).members.append(a)
    out = sorted(clusters.values(), key=lambda c: (list(games).index(c.game), -len(c.members), c.first))
    for c in out:
        c.argument = next((x for x in arguments or () if x.get("game", c.game) == c.game
                           and fnmatch.fnmatchcase(c.first, x["first"])
                           and all(fnmatch.fnmatchcase(a.card, x.get("card", "*")) for a in c.members)), None)
    return Consensus(engines, games, out, dict(compared), dict(all_failed), dict(agreed), lonely, stale)


def is_stale(scenario: dict | None, results) -> bool:
    """Is a result of a stream about another version of ``scenario`` than the one read now (its
    title differs: e.g. a generated chain instantiated anew)? Then the document cannot say what
    the result's expectation rested on, and the result says nothing about the suite as it is: the
    engine must run it again."""
    return scenario is not None and any(r.get("title") not in (None, scenario.get("title")) for r in results)


def load_arguments(path) -> list:
    """The ``[[argument]]`` entries of an arguments file (see the module docstring). Raises
    :class:`duelspec.errors.InputError` naming the file and entry for a malformed one."""
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    from ..errors import InputError
    from ..files import read_bytes
    raw = read_bytes(str(path), "an arguments file (TOML)", 1 << 20)
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(str(path), "", "a TOML arguments file", str(exc)) from None
    out = doc.get("argument", [])
    if not isinstance(out, list):
        raise InputError(str(path), "argument", "an array of tables `[[argument]]`", type(out).__name__)
    for i, a in enumerate(out):
        for k in ("first", "verdict", "argument"):
            if not isinstance(a.get(k), str) or not a[k].strip():
                raise InputError(str(path), f"argument[{i}].{k}", "a non-empty string", a.get(k))
        if a["verdict"] not in VERDICTS:
            raise InputError(str(path), f"argument[{i}].verdict", f"one of {', '.join(VERDICTS)}", a["verdict"])
        if not isinstance(a.get("sources", []), list):
            raise InputError(str(path), f"argument[{i}].sources", "a list of ruling / general-rule IDs", a.get("sources"))
    return out


def run(stream_paths, arguments_path=None, scenario_paths=()) -> Consensus:
    """The consensus of the result streams ``stream_paths``, with the arguments file
    ``arguments_path`` (optional) and the scenario documents of the built-in suite (features and
    generated chains) and ``scenario_paths`` (JSON files or folders) for what each expectation
    rests on."""
    from .causes import by_id
    engines = engines_of(stream_paths)
    ids = set().union(*(set(e.results) for e in engines)) if engines else set()
    args = load_arguments(arguments_path) if arguments_path else []
    return consensus(engines, by_id(ids, scenario_paths), args)


# ------------------------------------------------------------------------------ sources
def source_lines(ids) -> list:
    """``(id, kind, text)`` for each ruling or general-rule ID: a ruling's summary and the page's
    passage (as the page shows it), a general rule's statement, status and first source's quote."""
    from ..catalogue import general_rules, page_text, rulings, sources
    rul, gen, src = rulings(), general_rules(), sources()
    out = []
    for i in ids:
        if i in rul:
            r = rul[i]
            form = ((src.get(r.game) or {}).get("copy") or {}).get("form", "rendered")
            quote = page_text(r.passage["quote"], form) if r.passage else ""
            out.append((i, "ruling", r.summary + (f" — 「{quote}」" if quote else "")))
        elif i in gen:
            g = gen[i]
            s = g.sources[0] if g.sources else None
            out.append((i, f"general rule ({g.status})", g.rule + (f" — {s['title']}: 「{s['quote']}」" if s else "")))
        else:
            out.append((i, "unknown", "not in the ruling or general-rules catalogue"))
    return out


# ------------------------------------------------------------------------------ rendering
def render_markdown(c: Consensus, command: str, width: int = 8) -> str:
    """The consensus page (deterministic: catalogue and stream data only); the template
    ``duelspec/reporting/templates/consensus.md``."""
    from ..reporting.markdown import render
    games = [{"game": game, "engines": len(names), "compared": f"{c.compared.get(game, 0):,}",
              "all_failed": f"{c.all_failed.get(game, 0):,}", "agreed": f"{c.agreed.get(game, 0):,}",
              "clusters": "— (one engine)" if game in c.lonely else sum(1 for cl in c.clusters if cl.game == game)}
             for game, names in c.games.items()]
    clusters = []
    for cl in c.clusters:
        f = first_failure(next(iter(cl.members[0].results.values())))
        rul, gen, cit = cl.counts("rulings"), cl.counts("general"), cl.counts("cites")
        top = [r for r, _ in rul.most_common(width)] + [g for g, _ in gen.most_common()]
        ids = [a.id for a in cl.members]
        a = cl.argument
        clusters.append({
            "game": cl.game, "first": cl.first, "n": f"{len(cl.members):,}", "hand": f"{cl.hand_written():,}",
            "verdict": VERDICTS[a["verdict"]] if a else "**not argued yet**",
            "example": cl.members[0].id, "pointer": f.get("pointer", ""), "message": f.get("message", ""),
            "expected": _compact(f.get("expected")),
            "cards": [(k, f"{n:,}") for k, n in cl.counts("card").most_common()],
            "shown": ids[:width], "more": f"{len(ids) - width:,}" if len(ids) > width else None,
            "rests_on": [(rid, kind, f"{rul.get(rid) or gen.get(rid):,}", text) for rid, kind, text in source_lines(top)],
            "more_rulings": [r for r, _ in rul.most_common()[width:]] if len(rul) > width else [],
            "cites": [(ref, f"{n:,}") for ref, n in cit.most_common(width)],
            "argument": a and {"verdict": VERDICTS[a["verdict"]], "title": a.get("title"), "text": a["argument"].strip(),
                               "sources": source_lines(a["sources"]) if a.get("sources") else []}})
    engines = [{"name": e.name, "streams": [p.rsplit("/", 1)[-1] for p in e.paths], "version": e.version} for e in c.engines]
    stale = [{"game": game, "n": f"{len(ids):,}", "shown": ids[:width],
              "more": f"{len(ids) - width:,}" if len(ids) > width else None} for game, ids in c.stale.items()]
    return render("consensus.md", command=command, engines=engines, games=games, clusters=clusters, stale=stale)


def _compact(obj) -> str:
    import json
    return json.dumps(obj, ensure_ascii=False) if not isinstance(obj, str) else obj


def render_text(c: Consensus, console) -> None:
    """The clusters on a rich console: game, count, the expectation, the verdict, an example."""
    from rich.text import Text
    from ..text import terminal
    for game, names in c.games.items():
        console.print(Text.assemble(Text(f"{game}", style="bold"), f": {len(names)} engine(s) ",
                                    terminal(", ".join(names), limit=400),
                                    f"; {c.compared.get(game, 0):,} scenarios all ran, {c.all_failed.get(game, 0):,} failed by all, "
                                    f"{c.agreed.get(game, 0):,} the same way" if game not in c.lonely else "; one engine: no consensus"),
                      highlight=False)
        if c.stale.get(game):
            console.print(f"{game}: {len(c.stale[game]):,} scenarios not compared: changed since the streams were written "
                          f"(run them again)", highlight=False)
    for i, cl in enumerate(c.clusters, 1):
        v = VERDICTS[cl.argument["verdict"]] if cl.argument else "not argued yet"
        console.print(Text.assemble(f"{i:>3} {cl.game:<4}{len(cl.members):>6,}  ", terminal(cl.first, limit=300), f"  [{v}]"), highlight=False)
        console.print(Text.assemble("          e.g. ", terminal(cl.members[0].id, limit=300), "  rests on ",
                                    terminal(", ".join(list(cl.counts("rulings")) + list(cl.counts("general"))), limit=300)),
                      highlight=False)


def as_json(c: Consensus) -> dict:
    """The consensus as JSON data (for `--format json` and the site)."""
    return {"engines": [{"name": e.name, "streams": e.paths, "version": e.version} for e in c.engines],
            "games": {g: {"engines": n, "compared": c.compared.get(g, 0), "failed_by_all": c.all_failed.get(g, 0),
                          "agreed": c.agreed.get(g, 0), "consensus_possible": g not in c.lonely,
                          "stale": c.stale.get(g, [])} for g, n in c.games.items()},
            "clusters": [{"game": cl.game, "first": cl.first, "scenarios": [a.id for a in cl.members],
                          "hand_written": cl.hand_written(), "cards": dict(cl.counts("card")),
                          "rulings": dict(cl.counts("rulings")),
                          "general_rules": dict(cl.counts("general")), "cites": dict(cl.counts("cites")),
                          "verdict": cl.argument["verdict"] if cl.argument else None,
                          "argument": cl.argument.get("argument") if cl.argument else None} for cl in c.clusters]}
