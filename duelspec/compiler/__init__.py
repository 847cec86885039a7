"""The compiler: Gherkin feature files -> scenario JSON documents (format 2).

Public API:
- :func:`compile_paths` (files or folders) -> :class:`Compiled` (scenarios and errors);
- :func:`compile_text` for one feature given as text;
- :func:`validate` a scenario dict against ``schemas/scenario.schema.json``.

Conventions of a feature file (``docs/spec.md``, "How a scenario reads"):
- the Feature has a tag ``@game:ygo`` or ``@game:dm``;
- every Scenario has a permanent id tag ``@id:<dotted.id>``; a Scenario Outline's
  Examples table has an ``id`` column whose value is appended (``<id>.<row id>``);
- ``@ruling:<ID>`` tags (on the Feature, Rule, Scenario or Examples) name the rulings;
- ``@rule:<ID>`` tags (same places) name the general game rules the scenario rests on
  (``features/general_rules/``): each becomes a ``cites`` entry of kind ``general-rule``;
- other tags (``@slow``) become the scenario's ``tags``.

A feature that cannot be parsed, or a scenario with an unknown step, becomes an
:class:`~duelspec.errors.InputError` in :attr:`Compiled.errors` naming the file and the
line; the other scenarios still compile.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import validation as schemas
from ..errors import InputError
from ..files import SCENARIO_BYTES, read_bytes

# The Gherkin parser and the step grammar are imported when a feature is compiled (:func:`step_grammar`):
# a run whose features are in the compile cache (:mod:`.cache`) never needs them.


def step_grammar():
    """The step grammar with every game's steps registered (:data:`.grammar.GRAMMAR`)."""
    from . import steps_common, steps_dm, steps_ygo  # noqa: F401  (register the grammar rules)
    from .grammar import GRAMMAR
    return GRAMMAR


@dataclass
class ScenarioError:
    """A scenario that could not be compiled: its id (when known), title and the error."""
    id: str
    title: str
    error: InputError
    rulings: list = field(default_factory=list)
    game: str = ""


@dataclass
class Compiled:
    scenarios: list = field(default_factory=list)   # scenario dicts, valid against the schema
    errors: list = field(default_factory=list)      # ScenarioError


def _location_index(node, out):
    """Map every AST node id to its location (line) and keep rows/examples for outlines."""
    if isinstance(node, dict):
        if "id" in node and "location" in node:
            out[node["id"]] = node
        for v in node.values():
            _location_index(v, out)
    elif isinstance(node, list):
        for v in node:
            _location_index(v, out)


def compile_text(text: str, file: str = "<string>") -> Compiled:
    """Compile the feature ``text``; ``file`` is used in ids of errors and in ``origin``."""
    from gherkin.errors import CompositeParserException, ParserError
    from gherkin.parser import Parser
    from gherkin.pickles.compiler import Compiler as PickleCompiler
    out = Compiled()
    try:
        doc = Parser().parse(text)
    except (CompositeParserException, ParserError) as exc:
        errs = getattr(exc, "errors", [exc])
        first = errs[0]
        line = getattr(getattr(first, "location", None), "get", lambda k: None)("line") if isinstance(getattr(first, "location", None), dict) else None
        m = re.search(r"\((\d+):(\d+)\)", str(first))
        if line is None and m:
            line = int(m.group(1))
        out.errors.append(ScenarioError(f"<unparsed:{file}>", "", InputError(file, f"line {line}" if line else "", "a valid Gherkin document", str(first))))
        return out
    feature = doc.get("feature")
    if not feature:
        out.errors.append(ScenarioError(f"<empty:{file}>", "", InputError(file, "line 1", "a Feature with at least one Scenario", text[:80])))
        return out
    doc["uri"] = file
    nodes: dict = {}
    _location_index(doc, nodes)
    ftags = [t["name"] for t in feature.get("tags", [])]
    games = [t.split(":", 1)[1] for t in ftags if t.startswith("@game:")]
    if len(games) != 1:
        out.errors.append(ScenarioError(f"<feature:{file}>", feature.get("name", ""), InputError(
            file, f"line {feature['location']['line']}", "exactly one @game:ygo or @game:dm tag on the Feature", ftags)))
        return out
    game = games[0]
    for sc in _scenario_nodes(feature):
        if sc.get("examples") and not any(ex.get("tableBody") for ex in sc["examples"]):
            out.errors.append(ScenarioError(f"<no rows:{file}:{sc['location']['line']}>", sc.get("name", ""), InputError(
                file, f"line {sc['location']['line']}", "a Scenario Outline with at least one Examples row", sc.get("name", ""))))
    try:
        cites = _cites(doc, file)
    except InputError as exc:
        out.errors.append(ScenarioError(f"<cites:{file}>", feature.get("name", ""), exc))
        return out
    headers = _examples_headers(feature)
    pickles = PickleCompiler().compile(doc)
    if not pickles:
        out.errors.append(ScenarioError(f"<empty:{file}>", feature.get("name", ""), InputError(
            file, f"line {feature['location']['line']}", "a Feature with at least one Scenario (or Examples row)", feature.get("name", ""))))
    for pickle in pickles:
        scen = _compile_pickle(pickle, nodes, file, game, cites.get(pickle["astNodeIds"][0], []), headers)
        (out.errors if isinstance(scen, ScenarioError) else out.scenarios).append(scen)
    return out


CITE = re.compile(r"#\s*cites:\s*(?P<body>.*)$")
CITE_KINDS = ("source-page", "official-qa", "comprehensive-rules", "card-text", "general-rule")


def _cites(doc: dict, file: str) -> dict:
    """Scenario AST node id -> its ``cites`` from the comment lines inside it:
    ``# cites: <kind> | <ref> | <date>[ | <url>]`` (the date may be empty)."""
    feature = doc["feature"]
    scenarios = _scenario_nodes(feature)
    starts = sorted((sc["location"]["line"], sc["id"]) for sc in scenarios)
    rules = sorted(r["rule"]["location"]["line"] for r in feature.get("children", []) if "rule" in r)
    out: dict = {}
    for c in doc.get("comments", []):
        m = CITE.match(c["text"].strip())
        if not m:
            continue
        line = c["location"]["line"]
        owner = [(start, sid) for start, sid in starts if start < line]
        if not owner or any(owner[-1][0] < r < line for r in rules):
            raise InputError(file, f"line {line}", "a `# cites:` comment inside a scenario (after its `Scenario:` line)",
                             c["text"].strip())
        parts = [x.strip() for x in m.group("body").split("|")]
        if len(parts) < 2 or len(parts) > 4 or parts[0] not in CITE_KINDS or not parts[1]:
            raise InputError(file, f"line {line}", f"`# cites: <kind> | <ref> | <date YYYY-MM-DD, may be empty>[ | <url>]` "
                             f"with a kind of {', '.join(CITE_KINDS)}", c["text"].strip())
        cite = {"kind": parts[0], "ref": parts[1]}
        if len(parts) > 2 and parts[2]:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", parts[2]):
                raise InputError(file, f"line {line}", "a date YYYY-MM-DD (or nothing) as the third part of `# cites:`", parts[2])
            cite["date"] = parts[2]
        if len(parts) > 3 and parts[3]:
            cite["url"] = parts[3]
        out.setdefault(owner[-1][1], []).append(cite)
    return out


def _compile_pickle(pickle: dict, nodes: dict, file: str, game: str, cites: list = (), headers: dict | None = None):
    from .builder import ScenarioBuilder
    from .grammar import PICKLE_TYPES
    GRAMMAR = step_grammar()
    tags = [t["name"][1:] for t in pickle["tags"]]
    rulings = [t.split(":", 1)[1] for t in tags if t.startswith("ruling:")]
    ids = [t.split(":", 1)[1] for t in tags if t.startswith("id:")]
    general = list(dict.fromkeys(t.split(":", 1)[1] for t in tags if t.startswith("rule:")))
    other = [t for t in tags if not t.startswith(("ruling:", "id:", "game:", "rule:"))]
    scen_node = nodes.get(pickle["astNodeIds"][0], {})
    line = scen_node.get("location", {}).get("line", 1)
    example = None
    if len(pickle["astNodeIds"]) > 1:  # a Scenario Outline row: the second node id is the row
        row = nodes.get(pickle["astNodeIds"][1])
        header = (headers or {}).get(pickle["astNodeIds"][1])
        if row is not None and header is not None:
            example = dict(zip(header, [c["value"] for c in row["cells"]]))
            line = row["location"]["line"]
    title = pickle["name"]
    sid = ids[0] if len(ids) == 1 else ""
    if example is not None and sid:
        if "id" not in example:
            return ScenarioError(sid, title, InputError(file, f"line {line}", "an `id` column in the Examples table of a Scenario Outline", sorted(example)), rulings, game)
        sid = f"{sid}.{example['id']}"
    if len(ids) != 1:
        return ScenarioError(f"<no id:{file}:{line}>", title, InputError(file, f"line {line}", "exactly one @id:<dotted.id> tag on the Scenario", ids), rulings, game)
    if not rulings:
        return ScenarioError(sid, title, InputError(file, f"line {line}", "at least one @ruling:<ID> tag", tags), rulings, game)
    origin = {"file": file, "line": line}
    if example is not None:
        origin["example"] = example
    b = ScenarioBuilder(game, file, sid, title, rulings, [t for t in other if not t.startswith(IN_FORCE_TAGS)], origin)
    b.cites = [dict(c) for c in cites]
    written = {c["ref"] for c in b.cites if c["kind"] == "general-rule"}
    b.cites += [{"kind": "general-rule", "ref": r} for r in general if r not in written]
    try:
        b.in_force = _in_force(tags, example, file, line)
        for step in pickle["steps"]:
            step_line = nodes.get(step["astNodeIds"][0], {}).get("location", {}).get("line")
            kw = PICKLE_TYPES.get(step.get("type"))
            if kw is None:
                raise InputError(file, f"line {step_line}", "a step under Given, When or Then", step["text"])
            arg = step.get("argument") or {}
            if "docString" in arg:
                raise InputError(file, f"line {step_line}", "a step without a doc string (no step of the grammar takes "
                                 "one: write the values in the step)", step["text"])
            table = [[c["value"] for c in row["cells"]] for row in arg["dataTable"]["rows"]] if "dataTable" in arg else None
            GRAMMAR.apply(b, kw, step["text"], step_line, table=table)
        doc = b.build()
        validate(doc, file, line)
        _require_dates(doc, f"{file} (scenario at line {line})")
    except InputError as exc:
        return ScenarioError(sid, title, exc, rulings, game)
    return doc


IN_FORCE_TAGS = ("in-force-from:", "in-force-until:")
IN_FORCE_COLUMNS = {"in force from": "from", "in force until": "until"}


def _in_force(tags: list, example: dict | None, file: str, line: int) -> dict | None:
    """A scenario's ``in_force`` from the tags ``@in-force-from:<date>`` / ``@in-force-until:<date>``
    (on the Feature, Scenario or Examples block) and the Examples columns ``in force from`` /
    ``in force until`` (an empty cell gives nothing); a tag and a column that disagree are an
    error."""
    out: dict = {}
    for t in tags:
        for prefix in IN_FORCE_TAGS:
            if t.startswith(prefix):
                key = "from" if prefix == "in-force-from:" else "until"
                if out.get(key, t[len(prefix):]) != t[len(prefix):]:
                    raise InputError(file, f"line {line}", f"one @{prefix}<date> tag", t)
                out[key] = t[len(prefix):]
    for col, key in IN_FORCE_COLUMNS.items():
        v = (example or {}).get(col, "").strip()
        if v:
            if out.get(key, v) != v:
                raise InputError(file, f"line {line}", f"the same date in the `{col}` column and the @in-force-{key}: tag",
                                 f"{v} and {out[key]}")
            out[key] = v
    if out and "from" not in out:
        raise InputError(file, f"line {line}", "an `in force from` date with an `in force until` date", out)
    return out or None


def _scenario_nodes(feature: dict) -> list:
    """The Scenario (and Scenario Outline) nodes of a Feature's AST, those inside its Rules too."""
    children = feature.get("children", []) + [c for r in feature.get("children", []) if "rule" in r
                                               for c in r["rule"].get("children", [])]
    return [c["scenario"] for c in children if "scenario" in c]


def _examples_headers(feature: dict) -> dict:
    """Examples row node id -> the header of its table (column names), for every Scenario
    Outline of ``feature`` (in its Rules too): one pass, so that 40,000 rows compile in
    linear time (looking each row's table up again made it quadratic)."""
    out: dict = {}
    for sc in _scenario_nodes(feature):
        for ex in sc.get("examples", []):
            header = [c["value"] for c in (ex.get("tableHeader") or {}).get("cells", [])]
            for row in ex.get("tableBody", []):
                out[row["id"]] = header
    return out


def _check_general_rules(doc: dict, where: str) -> None:
    """Every ``general-rule`` cite names a rule of the general-rules catalogue of the scenario's
    game that some official source decides (an ``undecided`` rule is asserted by no scenario)."""
    from ..catalogue import general_rules
    known = general_rules()
    for i, c in enumerate(doc.get("cites", [])):
        if c.get("kind") != "general-rule":
            continue
        rule = known.get(c["ref"])
        if rule is None or rule.game != doc["game"]:
            raise InputError(where, f"/cites/{i}/ref", f"a general-rule ID of the {doc['game']} catalogue "
                             f"(features/general_rules/{doc['game']}.json)", c["ref"])
        if not rule.asserted:
            raise InputError(where, f"/cites/{i}/ref", f"a general rule some official source decides ({rule.id} is "
                             f"undecided: {rule.undecided[:300]})", c["ref"])


def validate(doc: dict, file: str = "<scenario>", line: int | None = None) -> None:
    """Validate a scenario dict against the schema and its cross-references (card ids,
    local ids in script and expectations). Raises :class:`InputError` with a JSON pointer."""
    where = f"{file}" + (f" (scenario at line {line})" if line else "")
    schemas.check(doc, "scenario-v1" if isinstance(doc, dict) and doc.get("format") == 1 else "scenario", where)
    if "expect" not in doc:
        raise InputError(where, "/expect", "the scenario's expectations (a scenario document always has `expect`)")
    stop = doc["setup"].get("stop")
    if stop and stop["turn"] < doc["setup"]["turn"]:
        raise InputError(where, "/setup/stop/turn", f"a turn not before the start (turn {doc['setup']['turn']})", stop["turn"])
    phases = PHASES[doc["game"]]
    if stop and stop["phase"] not in phases:
        raise InputError(where, "/setup/stop/phase", f"a {doc['game']} phase: one of {list(phases)}", stop["phase"])
    from ..catalogue import cards, rulings as ruling_catalogue
    cat = cards(doc["game"])
    known_rulings = ruling_catalogue()
    for i, r in enumerate(doc["rulings"]):
        if r not in known_rulings:
            raise InputError(where, f"/rulings/{i}", "a ruling ID of the ruling catalogue (features/rulings/)", r)
    _check_general_rules(doc, where)
    exp = doc["expect"] if isinstance(doc.get("expect"), dict) else {}
    superseded = [h for h in doc.get("superseded", []) if isinstance(h, dict) and (h.get("expect") or h.get("under_review"))]
    if not (exp.get("events") or exp.get("never") or exp.get("final")) and not doc.get("script") and not superseded:
        # nothing could fail: no expected event, no forbidden one, no final state, no scripted step
        raise InputError(where, "/expect", "at least one expectation (events, never or final) or a scripted step: "
                         "a scenario with nothing to check can never fail", exp)
    local = set()
    for i, c in enumerate(doc["setup"]["cards"]):
        if c["card"] not in cat:
            raise InputError(where, f"/setup/cards/{i}/card", f"a card id of the {doc['game']} card catalogue ({cat.path})", c["card"])
        if c["id"] in local:
            raise InputError(where, f"/setup/cards/{i}/id", "a local card id used once", c["id"])
        local.add(c["id"])
    refs = ("card", "attacker", "blocker", "defender", "by", "attached_to", "under", "target")
    links = {}
    for i, c in enumerate(doc["setup"]["cards"]):
        for k in ("attached_to", "under"):
            if k in c:
                if c[k] not in local or c[k] == c["id"]:
                    raise InputError(where, f"/setup/cards/{i}/{k}", "another local card id of the setup", c[k])
                links[c["id"]] = (i, k, c[k])
    zone_of = {c["id"]: c["zone"] for c in doc["setup"]["cards"]}
    for cid, (i, k, host) in links.items():
        seen = {cid}
        while host in links:              # no cycles: a card cannot be (indirectly) under itself
            if host in seen:
                raise InputError(where, f"/setup/cards/{i}/{k}", "a chain of cards that ends (no cycle)", host)
            seen.add(host)
            host = links[host][2]
        want = "monster" if k == "attached_to" else "battle"
        own = "overlay" if k == "attached_to" else "battle"
        if zone_of[cid] != own:
            raise InputError(where, f"/setup/cards/{i}/zone", f"zone `{own}` for a card with `{k}`", zone_of[cid])
        if zone_of[host] != want:
            raise InputError(where, f"/setup/cards/{i}/{k}", f"a card in the {want} zone", f"{host} in {zone_of[host]}")
    for p in ("A", "B"):
        lp = doc["setup"]["players"][p].get("lp")
        if lp is not None and lp < 1:
            raise InputError(where, f"/setup/players/{p}/lp", "at least 1 life point (a duel with 0 is over)", lp)
    for i, s in enumerate(doc["script"]):
        for k, v in s.items():
            vals = v if isinstance(v, list) else [v]
            if k in ("card", "attacker", "cost", "targets", "cards", "order") or (k == "target" and v != "player"):
                for j, x in enumerate(vals):
                    if x not in local:
                        raise InputError(where, f"/script/{i}/{k}" + (f"/{j}" if isinstance(v, list) else ""), "a local card id of the setup", x)
    fields = _event_fields()

    def check_pattern(p, at):
        kind = p.get("event")
        if kind not in fields:
            raise InputError(where, f"{at}/event", f"an event kind of the trace schema ({', '.join(sorted(fields))})", kind)
        for k, v in p.items():
            if k not in fields[kind]:
                raise InputError(where, f"{at}/{k}", f"a field of a `{kind}` event ({', '.join(sorted(fields[kind]))})", k)
            if k == "player" and v not in ("A", "B"):
                raise InputError(where, f"{at}/{k}", "player A or B", v)
            if isinstance(v, dict) and set(v) == {"includes"}:      # format 2.1: the items a list field includes
                at_v, v = f"{at}/{k}/includes", v["includes"]
                if not isinstance(v, list) or not v:
                    raise InputError(where, at_v, "a non-empty list of the items the event's list includes", v)
            errs = [] if k == "event" else schemas.errors_of(v, "trace", fields[kind][k])
            if errs:
                # a value no event of that kind can have (a typo in an enum, "true" for true, ...)
                inner = schemas.pointer(schemas.best_error(errs).absolute_path)
                raise InputError(where, f"{at}/{k}" + ("" if inner == "/" else inner), f"a value a `{kind}` event can have "
                                 f"in `{k}` (trace.schema.json{fields[kind][k]}: {_describe(schemas.schema('trace'), fields[kind][k])})", v)
        for k in refs + ("cards", "shields"):
            if k in p:
                value, base = (p[k]["includes"], f"{at}/{k}/includes") if isinstance(p[k], dict) else (p[k], f"{at}/{k}")
                vals = value if isinstance(value, list) else [value]
                for j, x in enumerate(vals):
                    if not isinstance(x, str) or (x not in local and not (k == "target" and x == "player")):
                        raise InputError(where, base + (f"/{j}" if isinstance(value, list) else ""),
                                         "a local card id of the setup", x)
    for i, r in enumerate(doc["setup"].get("random", [])):
        for k in ("order", "cards"):
            for j, x in enumerate(r.get(k, [])):
                if x not in local:
                    raise InputError(where, f"/setup/random/{i}/{k}/{j}", "a local card id of the setup", x)
        if r["kind"] == "shuffle" and sorted(r["order"]) != sorted(
                c["id"] for c in doc["setup"]["cards"] if c["owner"] == r["player"] and c["zone"] == "deck"):
            # a later shuffle may see another deck; only the cards must be the player's
            if any(next(c for c in doc["setup"]["cards"] if c["id"] == x)["owner"] != r["player"] for x in r["order"]):
                raise InputError(where, f"/setup/random/{i}/order", f"cards of player {r['player']}", r["order"])
    start = max(doc["setup"]["turn"], 1)         # a setup before the duel (turn 0) plays on into turn 1
    for i, s in enumerate(doc["script"]):
        turn = s.get("when", {}).get("turn")
        if turn is not None and turn < start:
            # a window of a turn before the start never opens on any engine: an error of the
            # scenario, not a failure of the engine
            raise InputError(where, f"/script/{i}/when/turn", f"a turn not before the start (turn {start})", turn)
        if turn is not None and stop and turn > stop["turn"]:
            raise InputError(where, f"/script/{i}/when/turn", f"a turn not after the stop (turn {stop['turn']})", turn)
        if "after" in s.get("when", {}):
            check_pattern(s["when"]["after"], f"/script/{i}/when/after")
        if "refusal" in s and s.get("legal", True):
            raise InputError(where, f"/script/{i}/refusal", "a refusal code only on a step with `legal: false`", s["refusal"])
    # the current expectations and those of every superseded answer (issue 16)
    sets = [("/expect", doc["expect"])] + [(f"/superseded/{i}/expect", e["expect"])
                                           for i, e in enumerate(doc.get("superseded", [])) if "expect" in e]
    for at, expect in sets:
        for part in ("events", "never"):
            for i, p in enumerate(expect.get(part, [])):
                group = next((k for k in ("any_order", "together") if k in p), None)
                if group and (part == "never" or len(p) != 1):
                    # a pattern with a stray group key would never match (or the group would
                    # silently drop the pattern's fields): say so instead of judging by it
                    raise InputError(where, f"{at}/{part}/{i}", "a pattern (with `event`) or a group (`any_order` or "
                                     "`together` alone)" if part == "events" else "a pattern (`never` takes no groups)", p)
                for j, q in enumerate(p[group] if group else [p]):
                    check_pattern(q, f"{at}/{part}/{i}" + (f"/{group}/{j}" if group else ""))
        for k in expect.get("final", {}).get("cards", {}):
            if k not in local:
                raise InputError(where, f"{at}/final/cards/{k}", "a local card id of the setup", k)
        _check_carries(doc, expect, at, where)
    _check_dates(doc, where, known_rulings)
    if doc.get("format") == 2:
        from .. import words
        words.check(doc, where)


def _check_carries(doc: dict, expect: dict, at: str, where: str) -> None:
    """``expect.carries`` (issue 27): each key a ruling of the scenario, each pointer an item of
    these expectations or a script step (or a part holding items: a group, a card's final state)."""
    from ..judging.coverage import cuts, items
    marks = expect.get("carries")
    if not marks:
        return
    # a mark points at an item or a part holding items: it is an item's pointer, or one cut before a slash
    every = {it.pointer for it in items(doc, expect)}
    parts = frozenset().union(*map(cuts, every))
    for ruling, pointers in marks.items():
        if ruling not in doc["rulings"]:
            raise InputError(where, f"{at}/carries/{ruling}", f"a ruling the scenario is tagged with ({', '.join(doc['rulings'])})",
                             ruling)
        for j, ptr in enumerate(pointers):
            if ptr not in every and ptr.rstrip("/") not in parts:
                raise InputError(where, f"{at}/carries/{ruling}/{j}", "a JSON pointer to an expectation of these expectations "
                                 "(/expect/events/N, /expect/never/N, /expect/final/...) or a script step (/script/N)", ptr)


def _require_dates(doc: dict, where: str) -> None:
    """A scenario written in a feature file and tagged with a ruling the page dates must say from
    when it is in force (``in force from`` column or ``@in-force-from:`` tag)."""
    from ..catalogue import rulings
    dated = [r for r in doc["rulings"] if rulings()[r].known_dates()]
    if dated and "in_force" not in doc:
        raise InputError(where, "/in_force", f"the date from which the scenario is in force (an `in force from` column or "
                         f"an @in-force-from:<date> tag): it rests on the dated ruling(s) {', '.join(dated)}")


def _check_dates(doc: dict, where: str, known_rulings: dict) -> None:
    """``in_force`` and ``superseded`` against each other and the ruling catalogue: periods in
    order and not overlapping; every superseded answer is one the catalogue records as
    superseded (same ruling, dates, a card of the setup) and the scenario is tagged with its
    ruling; every date is a date the catalogue gives for the scenario's rulings or for a card of
    its setup, the day the game's source page was last edited, or a date of a source of a general
    rule it cites (:func:`duelspec.catalogue.dates_of_sources`). (A document without dates holds at every date; :func:`_require_dates` asks the
    feature files for them.)"""
    from ..catalogue import answer_dates, dates_of_sources
    in_force, sup = doc.get("in_force"), doc.get("superseded", [])
    cards = {c["card"] for c in doc["setup"]["cards"]}
    known = set().union(*(known_rulings[r].known_dates() for r in doc["rulings"]))
    known |= dates_of_sources(doc)
    known |= {d for r in known_rulings.values() for a in r.answers if a["subject"].get("card") in cards
              for d in answer_dates(a)}
    if in_force:
        for k, v in in_force.items():
            if k in ("from", "until") and v not in known:
                raise InputError(where, f"/in_force/{k}", "a date the ruling catalogue gives for the scenario's rulings or "
                                 f"its cards ({', '.join(sorted(known)) or 'it gives none'})", v)
        if "until" in in_force and in_force["until"] <= in_force["from"]:
            raise InputError(where, "/in_force/until", f"a date after `from` ({in_force['from']})", in_force["until"])
    if sup and not in_force:
        raise InputError(where, "/in_force", "the date the current answer holds from (a scenario with superseded answers)")
    end = None
    for i, e in enumerate(sup):
        r = known_rulings.get(e["ruling"])
        if r is None or e["ruling"] not in doc["rulings"]:
            raise InputError(where, f"/superseded/{i}/ruling", "a ruling ID of the catalogue that the scenario is tagged with "
                             f"({', '.join(doc['rulings'])})", e["ruling"])
        mine = [a for a in r.superseded() if a["subject"].get("card", "") in cards | {""}]
        if not any((a["answered"], a["replaced"]) == (e["answered"], e["replaced"]) for a in mine):
            have = ", ".join(f"{a['subject'].get('en', a['subject']['ja'])}: {a['answered']} replaced {a['replaced']}"
                             for a in mine) or "none about a card of this setup"
            raise InputError(where, f"/superseded/{i}", f"an answer the ruling catalogue records as superseded under "
                             f"{e['ruling']} about a card of the setup ({have})", f"{e['answered']} replaced {e['replaced']}")
        if e["answered"] >= e["replaced"] or (end is not None and e["answered"] < end):
            raise InputError(where, f"/superseded/{i}/answered", "periods in order that do not overlap (answered before "
                             "replaced, each after the one before)", e["answered"])
        end = e["replaced"]
    if end is not None and end > in_force["from"]:
        raise InputError(where, "/in_force/from", f"a date not before the last superseded answer was replaced ({end})",
                         in_force["from"])


PHASES = {"ygo": ("draw", "standby", "main1", "battle", "main2", "end"),
          "dm": ("untap", "start", "draw", "mana", "main", "attack", "end")}


def _event_fields() -> dict:
    """Every event kind of ``trace.schema.json`` -> its fields -> the JSON pointer (in the trace
    schema) of the field's schema."""
    from ..validation import schema
    t = schema("trace")
    out = {}
    for cond in t["$defs"]["event"]["allOf"]:
        ev = cond["if"]["properties"]["event"]
        name = cond["then"]["$ref"].rsplit("/", 1)[-1]
        body = t["$defs"][name]
        for kind in ([ev["const"]] if "const" in ev else ev["enum"]):
            out[kind] = {f: f"#/$defs/{name}/properties/{f}" for f in body["properties"]}
    return out


def _describe(doc: dict, pointer: str) -> str:
    """A short account of the schema at ``pointer`` (``#/$defs/...``) of ``doc``: its enum or type."""
    node = doc
    for part in pointer.lstrip("#/").split("/"):
        node = node[part]
    while "$ref" in node and node["$ref"].startswith("#/"):
        node = _follow(doc, node["$ref"])
    if "enum" in node:
        return "one of " + ", ".join(json.dumps(x) for x in node["enum"])
    if node.get("type") == "array":
        return "an array of local card ids"
    kind = node.get("type", "value")
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}" + (f" matching {node['pattern']}" if "pattern" in node else "") + \
        (f" of at least {node['minimum']}" if "minimum" in node else "")


def _follow(doc: dict, ref: str) -> dict:
    node = doc
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return node


def feature_files(paths) -> list[Path]:
    """Every ``*.feature`` under the given files/folders, sorted."""
    out: list[Path] = []
    seen = set()
    for p in paths:
        p = Path(p)
        for f in (sorted(p.rglob("*.feature")) if p.is_dir() else [p]):
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out


def compile_paths(paths=None) -> Compiled:
    """Compile every feature file under ``paths`` (default: the built-in ``features/``)."""
    from ..resources import features_dir
    root = features_dir()
    files = feature_files(paths or [root])
    out = Compiled()
    read: list = []                     # (file, its bytes or the InputError of reading it), in order
    for f in files:
        try:
            read.append((f, read_bytes(f, "a readable feature file", SCENARIO_BYTES)))
        except InputError as exc:
            read.append((f, exc))
    from . import cache
    k = None
    if not any(isinstance(raw, InputError) for _, raw in read):
        # every file read: the compile cache may hold their scenarios (issue 37; keyed by content)
        k = cache.key([(str(f.resolve()), _display_path(f, root), raw) for f, raw in read])
        kept = cache.read(k)
        if kept is not None:
            out.scenarios = kept
            return out
    for f, raw in read:
        if isinstance(raw, InputError):
            out.errors.append(ScenarioError(f"<unreadable:{f}>", "", raw))
            continue
        try:
            text = raw.decode("utf-8-sig")          # a byte-order mark is not part of the text
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            out.errors.append(ScenarioError(f"<unreadable:{f}>", "", InputError(
                _display_path(f, root), f"line {line}", "UTF-8 text", raw[exc.start:exc.start + 8])))
            continue
        shown = _display_path(f, root)
        part = compile_text(text, shown)
        out.scenarios.extend(part.scenarios)
        out.errors.extend(part.errors)
    seen: dict[str, dict] = {}
    unique = []
    for s in out.scenarios:
        if s["id"] in seen:
            o = s.get("origin", {})
            out.errors.append(ScenarioError(s["id"], s["title"], InputError(o.get("file", "?"), f"line {o.get('line')}", f"a scenario id not used elsewhere (also at {seen[s['id']].get('origin', {}).get('file')}:{seen[s['id']].get('origin', {}).get('line')})", s["id"]), s["rulings"], s["game"]))
            continue
        seen[s["id"]] = s
        unique.append(s)
    out.scenarios = unique
    if k is not None and not out.errors:    # only a compile without errors is kept
        cache.write(k, unique)
    return out


def _display_path(f: Path, root: Path) -> str:
    try:
        return "features/" + f.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(f)
