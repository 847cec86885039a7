"""The scenarios of a run: loaded, checked and selected.

:func:`load` reads the built-in features (or the feature files, folders and scenario documents
given), adds the generated scenarios on request, makes every id name one scenario and keeps
those the criteria select (:func:`select`: game, ruling, id, tag, requires; wildcards allowed).
:func:`in_shard` keeps one shard of them (``--shard K/N``). What cannot be run as given
(:func:`check_paths`, :func:`check_requires`, :func:`parse_shard`) raises
:class:`duelspec.errors.UsageError` before anything runs; the ``duelspec`` commands, the pytest
plugins and :mod:`duelspec.analysis.causes` all load through here.
"""
from __future__ import annotations

import fnmatch
import re
from pathlib import Path

from .errors import UsageError

__all__ = ["select", "select_errors", "load", "Documents", "check_paths", "check_requires", "parse_shard", "in_shard", "nothing_selected",
           "part_of"]


def _any_match(values, patterns) -> bool:
    return any(fnmatch.fnmatchcase(v, p) for v in values for p in patterns)


def select(scenarios, games=(), rulings=(), ids=(), tags=(), requires=()):
    """Filter scenario dicts: every given criterion must hold; patterns take ``*`` / ``?``.

    >>> s = [{"id": "ygo.a", "game": "ygo", "rulings": ["ND-01"]}, {"id": "dm.b", "game": "dm", "rulings": ["AT-01"]}]
    >>> [x["id"] for x in select(s, rulings=["ND-*"])], [x["id"] for x in select(s, games=["dm"], ids=["dm.*"])]
    (['ygo.a'], ['dm.b'])
    """
    out = []
    for s in scenarios:
        if games and s["game"] not in games:
            continue
        if rulings and not _any_match(s["rulings"], rulings):
            continue
        if ids and not _any_match([s["id"]], ids):
            continue
        if tags and not _any_match(s.get("tags", []), tags):
            continue
        if requires and not _any_match(s.get("requires", []), requires):
            continue
        out.append(s)
    return out


def select_errors(errors, games=(), rulings=(), ids=()):
    """The compile errors (:class:`duelspec.compiler.ScenarioError`) the criteria select: those
    whose game, rulings or id are unknown are kept."""
    def keep(e):
        if games and e.game and e.game not in games:
            return False
        if rulings and not _any_match(e.rulings, rulings):
            return False
        if ids and not _any_match([e.id], ids):
            return False
        return True
    return [e for e in errors if keep(e)]


def load(paths=(), games=(), rulings=(), ids=(), tags=(), requires=(), generated=False, shard=None, lazy=False, part=None):
    """Scenarios and compile errors of ``paths`` (default: the built-in features), selected.

    ``.json`` paths are scenario documents (as written by ``duelspec export``), checked
    against the scenario schema and the catalogues (an invalid one is an ``errored`` result naming the file and
    JSON pointer); other paths are feature files or folders of them. ``shard`` (``{"index",
    "count"}``): only that shard's (:func:`in_shard`; the generated chains of other shards are not
    generated). ``lazy``: the scenario documents are not kept; the scenarios are then a
    :class:`Documents`, which reads each document again when it is iterated (a run of 10,000
    documents holds one at a time).

    ``part`` (``(k, n)``, ``0 <= k < n``: ``--jobs n``'s worker ``k``, :mod:`duelspec.workers`): only the
    scenarios and compile errors whose id :func:`part_of` gives part ``k`` (the other parts' documents are
    parsed for their id, not checked; their chains not generated). Every id is in one part, so a
    duplicate id is still found. Then a third value is returned: ``(error keys, scenario keys)``, a key
    per error and per scenario returned, in their order; sorting the keys of all ``n`` parts together gives
    the order of the whole run (compile errors first, then the scenarios as one load without ``part``)."""
    from .compiler import Compiled, ScenarioError, compile_paths, validate
    from .errors import InputError
    from .files import SCENARIO_BYTES, read_bytes
    from .resources import parse_json
    paths = [Path(p) for p in paths]
    json_source: dict = {}                  # id(document) -> the JSON file it was read from
    shared: dict = {}                       # one copy of each title, game and list of rulings, tags, requires
    json_paths = [(p, True) for p in paths if p.suffix == ".json" and p.is_file()]
    for folder in [p for p in paths if p.is_dir()]:
        # a folder of the spec holds the card and ruling catalogues beside the features: they are
        # data of the suite, not scenario documents (a catalogue named on its own is still an error)
        json_paths += [(f, False) for f in sorted(folder.rglob("*.json"))]
    features = [p for p in paths if p.suffix != ".json"]
    # paths given: exactly those (never the built-in suite in their place); none: the built-in suite
    compiled = compile_paths(features) if features else Compiled() if paths else compile_paths()
    keys: dict | None = None                # with ``part``: id(kept item) -> (section, index) in the whole load
    if part is not None:
        def mine(i) -> bool:
            return part_of(str(i), part[1]) == part[0]
        keys = {}
        for kind in ("scenarios", "errors"):
            items = getattr(compiled, kind)
            kept = [(i, x) for i, x in enumerate(items) if mine(x["id"] if kind == "scenarios" else x.id)]
            keys.update((id(x), (0, i)) for i, x in kept)
            setattr(compiled, kind, [x for _, x in kept])
    for pi, (p, named) in enumerate(json_paths):
        doc = raw = None
        try:
            raw = read_bytes(str(p), "a JSON document", SCENARIO_BYTES)
            doc = parse_json(raw, str(p))
            if not named and _is_catalogue_doc(doc):
                continue
            if keys is not None and not mine(_doc_id(doc, p)):
                continue                 # another part's: checked there
            validate(doc, str(p))      # the schema, then card ids, ruling IDs and local ids
        except InputError as exc:
            d = doc if isinstance(doc, dict) else {}
            err = ScenarioError(_doc_id(d, p), str(d.get("title", "")), exc,
                                [r for r in d.get("rulings", []) if isinstance(r, str)]
                                if isinstance(d.get("rulings"), list) else [],
                                str(d.get("game", "")))
            if keys is not None:
                if not mine(err.id):
                    continue
                keys[id(err)] = (1, pi)
            compiled.errors.append(err)
            continue
        if lazy:                       # what selecting and naming it needs; the file is read again to run it
            doc = _Document(str(p), doc, shared, raw)
        else:
            json_source[id(doc)] = str(p)
        if keys is not None:
            keys[id(doc)] = (1, pi)
        compiled.scenarios.append(doc)
    if generated:  # the generated normal-draw chains and DM attacks (duelspec.generated), checked for duplicates too
        from .generated import of_games
        # ids that all name one game's scenarios (``ygo.generated.*``) need only that game's generated set
        id_games = {str(i).split(".")[0] for i in ids} if ids else set()
        candidates: dict = {}          # with ``part``: a kept chain's id -> its place among every chain's
        seen = [0]                     # the chains offered so far (every part is offered all, in one order)

        def keep(i) -> bool:
            seen[0] += 1
            if shard is not None and shard_of(i, shard["count"]) != shard["index"]:
                return False
            if keys is not None:
                if not mine(i):
                    return False
                candidates[i] = seen[0]
            return True
        made = list(of_games(games or (tuple(id_games) if id_games <= {"ygo", "dm"} else ()),
                             None if shard is None and part is None else keep))
        if keys is not None:
            keys.update((id(x), (2, candidates[x["id"]])) for x in made)
        compiled.scenarios.extend(made)
    _one_per_id(compiled, json_source, keys)
    scenarios = select(compiled.scenarios, games, rulings, ids, tags, requires)
    errors = select_errors(compiled.errors, games, rulings, ids)
    if shard is not None:
        scenarios, errors = in_shard(scenarios, errors, shard)
    order = None if keys is None else ([(0, keys[id(e)]) for e in errors], [(1, keys[id(s)]) for s in scenarios])
    if lazy:
        scenarios = Documents(scenarios)
    return (scenarios, errors) if order is None else (scenarios, errors, order)


def prepare(games=(), generated=False, **_) -> None:
    """The work every part of a load (:func:`load`'s ``part``) would repeat, done once here: the imports
    a load needs and the generated Duel Masters attacks' space (deduplicated by signature over the whole
    space). ``--jobs N`` calls it before it forks its workers (:mod:`duelspec.workers`), which inherit it."""
    from . import compiler, validation  # noqa: F401
    if generated and (not games or "dm" in games):
        from .generated import dm_generator, generator  # noqa: F401
        dm_generator.signatures()


def part_of(scenario_id: str, count: int) -> int:
    """The part (0..``count`` - 1) of ``--jobs count`` that plays a scenario (:func:`load`'s ``part``): a
    partition by a hash of its id other than :func:`shard_of`'s, so that a shard's scenarios spread over
    its jobs too."""
    import hashlib
    return int.from_bytes(hashlib.blake2b(scenario_id.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big") % count


def _doc_id(doc, path) -> str:
    """The id a scenario document (or the error of one that cannot be used) is known by."""
    return str((doc.get("id") if isinstance(doc, dict) else None) or f"<invalid:{path}>")


class _Document:
    """A selected scenario document, to read again from ``path`` when it is run: meanwhile only
    what selecting and naming it needs (its id, title, game, rulings, tags, requires; the
    repeated strings shared) and a digest of its bytes, read like the document's dict
    (``doc["game"]``, ``doc.get("tags")``)."""
    __slots__ = ("path", "id", "format", "title", "game", "rulings", "tags", "requires", "digest")

    def __init__(self, path: str, doc: dict, shared: dict, raw: bytes):
        self.path, self.id, self.format, self.digest = path, doc["id"], doc.get("format"), _digest(raw)
        self.title, self.game, self.rulings, self.tags, self.requires = (
            shared.setdefault(v, v) for v in (doc.get("title", ""), doc["game"], *(tuple(doc.get(k, ()))
                                              for k in ("rulings", "tags", "requires"))))

    def __getitem__(self, key: str):
        if key not in self.__slots__:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default=None):
        return getattr(self, key) if key in self.__slots__ else default

    def read(self):
        """The document, valid (as it was when selected), or a
        :class:`~duelspec.compiler.ScenarioError` when the file changed since. The same bytes as
        when it was selected (the same digest) are the document that was checked then: parsed, not
        checked again; other bytes are checked again whole."""
        from .compiler import ScenarioError, validate
        from .errors import InputError
        from .files import SCENARIO_BYTES, json_loads, read_bytes
        from .resources import parse_json
        try:
            raw = read_bytes(self.path, "a JSON document", SCENARIO_BYTES)
            if _digest(raw) == self.digest:
                return json_loads(raw.decode("utf-8-sig"))
            doc = parse_json(raw, self.path)
            validate(doc, self.path)
            if doc.get("id") != self.id:
                raise InputError(self.path, "/id", f"the scenario {self.id!r} it held when the run's scenarios were "
                                 "selected (the file changed during the run)", doc.get("id"))
        except InputError as exc:
            return ScenarioError(self.id, self.title, exc, list(self.rulings), self.game)
        return doc


def _digest(raw: bytes) -> bytes:
    """What tells a document's bytes from other bytes (16 bytes of BLAKE2b)."""
    import hashlib
    return hashlib.blake2b(raw, digest_size=16).digest()


class Documents:
    """The selected scenarios of a run in order (:func:`load` ``lazy``): the compiled and
    generated ones as dicts, the scenario documents read from their files as they are iterated
    (one that changed since it was selected is a :class:`~duelspec.compiler.ScenarioError`,
    which :meth:`duelspec.runner.Run.results` reports as ``errored``). ``games``, ``formats``: the
    games and scenario formats of them all (known without reading the documents again)."""

    def __init__(self, items: list):
        self._items = items
        self.games = {x["game"] for x in items}
        self.formats = {x.get("format") for x in items}

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self):
        for x in self._items:
            yield x.read() if isinstance(x, _Document) else x


def _one_per_id(compiled, json_source: dict, keys: dict | None = None) -> None:
    """Make every id name one result: when several documents (scenarios, or compile errors that
    know their id) share an id, none of them is run; one ``errored`` result for that id names
    every place it is used (a run never reports two results with one id). ``keys`` (:func:`load`'s
    ``part``): each error's key becomes its place among the errors of the whole load: a compile error's
    ``(0, its key)``, the duplicate's ``(0, its first error's key)``, or, of scenarios only, ``(1, its
    first scenario's key)`` (after every compile error)."""
    from .compiler import ScenarioError
    from .errors import InputError

    def place(x) -> str:
        if isinstance(x, ScenarioError):
            e = x.error
            # the file, then its own error's place: the duplicate is not an error *at* that pointer
            return f"{e.file} (which has an error of its own at {e.location})" if getattr(e, "location", "") \
                else str(getattr(e, "file", "?"))
        o = x.get("origin") if isinstance(x.get("origin"), dict) else {}
        return getattr(x, "path", None) or json_source.get(id(x)) or (f"{o.get('file', '?')}:{o.get('line', '')}" if o else "a generated scenario")

    places: dict = {}
    for x in compiled.errors + compiled.scenarios:
        places.setdefault(x.id if isinstance(x, ScenarioError) else x["id"], []).append(x)
    dup = {k: v for k, v in places.items() if len(v) > 1}
    if keys is not None:
        for e in compiled.errors:
            keys[id(e)] = (0, keys[id(e)])
    if not dup:
        return
    compiled.scenarios = [s for s in compiled.scenarios if s["id"] not in dup]
    errors, done = [], set()
    for x in compiled.errors + [d for k, v in dup.items() for d in v if not isinstance(d, ScenarioError)]:
        k = x.id if isinstance(x, ScenarioError) else x["id"]
        if k not in dup:
            errors.append(x)
        elif k not in done:
            at = None if keys is None else keys[id(x)] if isinstance(x, ScenarioError) else (1, keys[id(x)])
            done.add(k)
            first = dup[k][0]
            where = [place(d) for d in dup[k]]
            scen = next((d for d in dup[k] if not isinstance(d, ScenarioError)), None)
            first_file = str(getattr(first.error, "file", "?")) if isinstance(first, ScenarioError) else place(first)
            errors.append(ScenarioError(k, scen.get("title", "") if scen else first.title, InputError(
                first_file, "", f"a scenario id used once in a run (it is used {len(where)} times: {', '.join(where)}; "
                              f"none of them is run)", k),
                list(scen.get("rulings", [])) if scen else first.rulings, scen.get("game", "") if scen else first.game))
            if at is not None:
                keys[id(errors[-1])] = at
    compiled.errors = errors


def _is_catalogue_doc(doc) -> bool:
    """A card or ruling catalogue of the spec (``{"format", "game", "cards"|"rulings"|"effects"}``
    without a scenario's ``setup``), recognised by its shape; a file that cannot be read is not
    one (it is then reported as a scenario document that cannot be read)."""
    return isinstance(doc, dict) and bool(set(doc) & {"cards", "rulings", "effects"}) and "setup" not in doc


def check_paths(paths) -> None:
    """:class:`UsageError` for a scenario path that is neither a regular file nor a folder of scenario files
    (a FIFO, a device such as /dev/zero, a folder named like a file, a folder with none): a
    path that cannot be read as asked is an error, never a reason to run something else."""
    from .files import kind
    for p in paths:
        k = kind(p)
        if k == "folder":
            if p.suffix in (".json", ".feature"):
                raise UsageError(f"{p}: expected a scenario file ({p.suffix}), got a folder")
            if not any(f.is_file() for pat in ("*.feature", "*.json") for f in p.rglob(pat)):
                raise UsageError(f"{p}: expected a folder with .feature or .json scenario files, found none")
        elif k == "file" and p.suffix not in (".json", ".feature"):
            raise UsageError(f"{p}: expected a scenario file (.feature or .json) or a folder of them")
        elif k != "file":
            raise UsageError(f"{p}: expected a scenario file (.feature or .json) or a folder of them, got a "
                             f"{ {'fifo': 'FIFO', 'device': 'device file', 'socket': 'socket'}.get(k, k) }")


def check_requires(requires) -> None:
    """:class:`UsageError` for a ``--requires`` pattern that matches no tag of the controlled list."""
    from .validation import schema
    tags = schema("requires")["enum"]
    for pat in requires:
        if not any(fnmatch.fnmatchcase(t, pat) for t in tags):
            raise UsageError(f"--requires {pat}: expected a mechanic tag of schemas/requires.schema.json "
                             f"({', '.join(tags)})")


def parse_shard(text: str) -> dict:
    """``K/N`` (1 <= K <= N) as ``{"index": K, "count": N}``; :class:`UsageError` otherwise.

    >>> parse_shard("2/4")
    {'index': 2, 'count': 4}
    """
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text or "")
    if not m or not (1 <= int(m.group(1)) <= int(m.group(2)) <= 10000):
        raise UsageError(f"--shard: expected K/N with 1 <= K <= N (e.g. 2/4), got {text!r}")
    return {"index": int(m.group(1)), "count": int(m.group(2))}


def in_shard(scenarios: list, errors: list, shard: dict) -> tuple[list, list]:
    """The scenarios and compile errors of shard ``{"index", "count"}`` (a partition by id,
    :func:`shard_of`)."""
    return ([s for s in scenarios if shard_of(s["id"], shard["count"]) == shard["index"]],
            [e for e in errors if shard_of(e.id, shard["count"]) == shard["index"]])


def nothing_selected(games=(), rulings=(), ids=(), tags=(), requires=()) -> str:
    """The message of a selection that matched no scenario (the run fails: nothing was executed)."""
    crit = " ".join(f"--{k} {v}" for k, vs in (("game", games), ("ruling", rulings), ("id", ids), ("tag", tags),
                                                   ("requires", requires)) for v in vs)
    unknown = unknown_rulings(rulings)
    if unknown:
        return "error: " + "; ".join(unknown) + " (docs/rulings/ lists every ruling ID)"
    return f"error: the selection ({crit or 'no criteria'}) matched no scenario; `duelspec list` shows them all"


def unknown_rulings(patterns) -> list[str]:
    """For each ``--ruling`` pattern that names no ruling of the catalogue, what to say
    (``no ruling ND-99 in the catalogue; did you mean ND-09?``)."""
    import difflib
    import fnmatch
    from .catalogue import rulings
    ids = list(rulings())
    out = []
    for pat in patterns:
        if not any(fnmatch.fnmatchcase(i, pat) for i in ids):
            close = difflib.get_close_matches(pat, ids, n=3, cutoff=0.6)
            out.append(f"no ruling {pat} in the catalogue" + (f"; did you mean {', '.join(close)}?" if close else ""))
    return out


def shard_of(scenario_id: str, count: int) -> int:
    """The shard (1..``count``) a scenario belongs to: a partition by a hash of its id, so that
    the same id is in the same shard on every machine and adding a scenario moves no other."""
    import hashlib
    return int(hashlib.sha256(scenario_id.encode("utf-8")).hexdigest(), 16) % count + 1


def listed(scenario: dict) -> str:
    """The line ``duelspec list`` prints of a scenario: id, rulings, origin (file:line) and the
    sources it cites besides the source page, tab-separated, each made plain text."""
    from .text import plain
    o = scenario.get("origin") if isinstance(scenario.get("origin"), dict) else {}
    cites = "; ".join(f"{c['kind']}: {c['ref']}" + (f" ({c['date']})" if c.get("date") else "") for c in scenario.get("cites", []))
    return "\t".join(plain(x, limit=1000) for x in (scenario["id"], ",".join(scenario["rulings"]),
                                                     f"{o.get('file', '')}:{o.get('line', '')}")
                      + ((f"cites {cites}",) if cites else ()))


def write_documents(scenarios: list, out: Path) -> str | None:
    """Each scenario as ``out/<id>.json`` (``duelspec export``): the document, indented, UTF-8,
    whole or not at all (:func:`duelspec.files.write_folder`). Returns what went wrong, or None."""
    import json
    from .files import write_folder
    return write_folder(out, {f"{s['id']}.json": json.dumps(s, ensure_ascii=False, indent=2) + "\n" for s in scenarios})
