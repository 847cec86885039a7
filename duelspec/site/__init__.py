"""``duelspec site``: the spec as a static website, with every engine's verdicts side by side.

:func:`build` reads result streams (the JSON-lines files of ``duelspec run --out``, one per
engine run) and the installed spec (ruling catalogue, feature files, card catalogues) and writes a
folder of static pages that work from ``file://`` or any static host, with no server and no
network at view time:

- ``index.html``: the matrix, engines × rulings, with counts that drill down to the ruling pages;
  a summary and an SVG badge (``badges/<engine>.svg``) per engine; filters by game, engine and
  outcome; a search box for card names (English or Japanese) and scenario ids (its index is
  ``search-index.js``, bounded: every hand-written scenario, the generated chains' ids while they fit).
- ``rulings/<ID>.html``: the ruling, its source (the page, its revision, the passage), its
  scenarios as Gherkin, and one row per scenario with each engine's outcome.
- ``failures/<engine>/<scenario id>.html`` (hand-written scenarios): every unmet expectation with
  its JSON pointer, what the trace had, the trace around it, the adapter's evidence, the
  expected-failure reason.
- the generated chains (thousands per engine) have no page each: a ruling page counts its chains
  per engine and outcome and their failures per group; ``generated/<engine>/index.html`` groups an
  engine's failing chains by the cause of its cause file (``--causes``) or their first failing
  expectation, and ``generated/<engine>/<group>.html`` (paginated) lists each failing chain with
  its first failing expectation and the command that re-runs it (:mod:`duelspec.site.summary`).
  No page is over 1 MB, whatever the number of engines and chains.
- ``history/<engine>.html``: several streams of one engine (e.g. one per commit): counts per
  stream and every scenario whose outcome changed.

Every text that comes from a stream (adapter names, versions, messages, reasons, traces) is data:
HTML-escaped by the templates (autoescape), bounded in length, and embedded JSON is escaped for a
``<script>`` element. Errors: :class:`duelspec.errors.InputError` naming the stream file and line
for a stream that is not a duelspec result stream.
"""
from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError  # noqa: F401 - raised by read_run, documented above
from .shown import (OUTCOMES, PAGE_ITEMS, TEXT_CAP, abbreviate, clip, for_summary, page_name,  # noqa: F401 - the site's names
                    script_json, slug, visible)

MiB = 1 << 20
MAX_STREAMS = 200        # result stream files one site reads
STREAM_BYTES = 64 * MiB  # one of them (a run of 2,765 scenarios is about 5.5 MiB)
STREAMS_BYTES = 512 * MiB  # all of them together
PAGE_BUDGET = 64 * 1024  # characters of all the strings of one result kept for its pages
PAGE_CHARS = 256 * 1024  # characters of one result kept for its pages, all told (else only its summary)
MARKER = ".duelspec-site.json"   # in --out: what the last build wrote (only that is ever replaced)


@dataclass
class Run:
    """One engine run on the site: a result stream (:class:`duelspec.reporting.report.Stream`), its results
    by scenario id, and ``engine``, the implementation name that is the engine's key."""
    path: str
    header: dict
    results: dict
    footer: dict | None
    engine: str = ""

    @property
    def started(self) -> str:
        return str(self.header.get("started", ""))

    @property
    def incomplete(self) -> str:
        """Why the run is not complete (it stopped early, or shards of it are missing), or ''."""
        f = self.footer or {}
        return str(f.get("reason") or "stopped early") if f.get("stopped_early") else ""

    @property
    def version(self) -> str:
        return str((self.header.get("adapter", {}).get("implementation") or {}).get("version", ""))

    @property
    def suite_hash(self) -> str:
        """The content hash of the suite the run played (``suite.content_hash`` of its header)."""
        return str((self.header.get("suite") or {}).get("content_hash") or "")

    @property
    def suite_version(self) -> str:
        suite = self.header.get("suite") or {}
        return str(suite.get("version") or "") or (self.suite_hash.split(":", 1)[-1][:12] or "unknown")

    def counts(self) -> dict:
        from ..headline import contract_failure
        c = {o: 0 for o in OUTCOMES}
        partly = contract = 0
        for r in self.results.values():
            c[r["outcome"]] = c.get(r["outcome"], 0) + 1
            partly += r.get("partial") is True
            contract += contract_failure(r)
        if contract:
            c["contract failures"] = contract  # of the failed: every failure a window mismatch, not a rules failure
        if partly:
            c["partly checked"] = partly       # of the above: judged only on what the adapter observes (issue 27)
        return c


def read_run(path: str | Path) -> Run:
    """A result stream file as a :class:`Run` (:func:`duelspec.reporting.report.read_stream` reads and
    validates it: a killed run's stream is accepted; anything else that is not a result stream
    raises :class:`InputError` naming the file and line)."""
    from ..reporting.report import read_stream
    return run_of(read_stream(path, keep=for_pages))


def engine_name(header: dict, path: str) -> str:
    """The key of a stream's engine: its implementation name (else the adapter spec, the file name)."""
    impl = header.get("adapter", {}).get("implementation") or {}
    return str(impl.get("name") or header.get("adapter", {}).get("spec") or Path(path.split(",")[0]).stem)


def run_of(st) -> Run:
    """A :class:`duelspec.reporting.report.Stream` (one file, or the merged shards of one run) as a :class:`Run`."""
    return Run(str(st.path), st.header, {r["id"]: r for r in st.results}, st.footer, engine_name(st.header, st.path))


_BULKY = ("failures", "evidence", "detail", "follows", "coverage")


def for_pages(result: dict) -> dict:
    """A result as its pages show it: every string, list and nesting bounded
    (:func:`duelspec.text.bound`: lists to :data:`PAGE_ITEMS` items, strings to
    :data:`PAGE_BUDGET` characters together), and at most :data:`PAGE_CHARS` characters in all,
    else only its summary with a note: a page stays small whatever a stream holds."""
    from ..text import bound
    r = bound(result, budget=PAGE_BUDGET, items=PAGE_ITEMS)
    size = len(json.dumps(r, ensure_ascii=False))
    if size > PAGE_CHARS:
        from ..headline import contract_failure
        r = {k: v for k, v in r.items() if k not in _BULKY} | ({"contract": True} if contract_failure(result) else {})
        r["message"] = (str(r.get("message", "")) + f" … [the result's details ({size} characters) are too large to show "
                                                      f"here: see the result stream]").strip()
    return r


def for_latest(result: dict) -> dict:
    """What the site keeps of a result of an engine's latest run: a hand-written scenario's whole
    (bounded, :func:`for_pages`: its failure page), a generated chain's summary (:func:`for_summary`:
    generated chains are summarised per ruling and their failures grouped, never a page each)."""
    from ..generated import is_generated
    return for_summary(result) if is_generated(result.get("id", "")) else for_pages(result)


def for_history(result: dict) -> dict:
    """What a run that is not its engine's latest needs of a result: its outcome (history pages), and
    whether it is a contract failure."""
    from ..headline import contract_failure
    return {"id": result["id"], "outcome": result["outcome"], "rulings": list(result.get("rulings", []))[:PAGE_ITEMS],
            **({"contract": True} if contract_failure(result) else {})}


def read_runs(result_files: list) -> list[Run]:
    """The runs of ``result_files``: the shard streams of one run (``duelspec run --shard K/N``, one
    ``selection.shard.run``) are merged into one run (:func:`duelspec.reporting.report.merge_streams`: shards of
    different suites, engine versions or dates raise :class:`InputError`; a missing shard leaves the
    run incomplete, which the site says). Unsharded streams of one engine that share the suite, the
    engine's version and the date they were judged as of, and selected different scenarios (a
    report's hand-written scenarios in one stream and its generated chains in another, like
    ``docs/conformance/edopro.jsonl`` and ``edopro-generated.jsonl``) are the parts of one run
    (:func:`parts_of_one_run`); if they share a scenario they stay runs of their own. Every other
    stream is a run of its own.

    Memory stays bounded: at most :data:`MAX_STREAMS` files of at most :data:`STREAM_BYTES` each
    and :data:`STREAMS_BYTES` together; the headers are read first, then each engine's latest run
    is kept for its pages (:func:`for_latest`) and every earlier run only as outcomes
    (:func:`for_history`)."""
    import os
    from ..files import kind
    from ..reporting.report import combine, read_header, read_stream, runs, shard
    files = [str(p) for p in result_files]
    if len(files) > MAX_STREAMS:
        raise InputError(files[MAX_STREAMS], "", f"at most {MAX_STREAMS} result streams for one site (give the "
                         f"runs to show, e.g. the latest of each engine)", f"{len(files)} streams")
    total = 0
    for p in files:
        size = os.path.getsize(p) if kind(p) == "file" else 0
        if size > STREAM_BYTES:
            raise InputError(p, "", f"a result stream of at most {STREAM_BYTES // MiB} MiB for the site", f"{size} bytes")
        total += size
        if total > STREAMS_BYTES:
            raise InputError(p, "", f"result streams of at most {STREAMS_BYTES // MiB} MiB together for one site",
                             f"{total} bytes up to this one")
    # a pipe (<(...)) can be read once: read it whole now; a file: its header now, the rest below
    first = [read_header(p) if kind(p) == "file" else read_stream(p, keep=for_latest) for p in files]
    groups = parts_of_one_run(runs(first))
    latest: dict = {}
    for i, group in enumerate(groups):
        started = min(str(st.header.get("started", "")) for st in group)
        eng = engine_name(group[0].header, group[0].path)
        if eng not in latest or started >= latest[eng][0]:
            latest[eng] = (started, i)
    current = {i for _, i in latest.values()}
    out = []
    for i, group in enumerate(groups):
        keep = for_latest if i in current else for_history
        streams = [read_stream(st.path, keep=keep) if st.header_only else st for st in group]
        try:
            out.append(run_of(combine(streams)))
        except InputError:
            if any(shard(st) for st in streams):
                raise                  # shards that do not add up to one run: the site refuses them
            # parts that turn out to share a scenario (seen only once the results are read): a run each
            out.extend(run_of(st) for st in streams)
    return out


def parts_of_one_run(groups: list[list]) -> list[list]:
    """``groups`` (the runs of :func:`duelspec.reporting.report.runs`) with the unsharded streams that are the
    parts of one run joined: same suite (content hash and version), engine (implementation name and
    version) and as-of date, and different selections. Two streams of one selection are two runs
    (a re-run), never parts; shards stay the runs :func:`~duelspec.reporting.report.runs` made of them."""
    from ..reporting.report import stream_identity, json_line, shard
    joined: dict = {}
    out: list = []
    for group in groups:
        st = group[0]
        if len(group) > 1 or shard(st):
            out.append(group)
            continue
        key = json_line(stream_identity(st))
        selection = json_line(st.header.get("selection") or {})
        part = joined.get(key)
        if part is not None and selection not in part[1]:
            part[0].append(st)
            part[1].add(selection)
            continue
        new = [st]
        joined[key] = (new, {selection})
        out.append(new)
    return out


@dataclass
class Engine:
    name: str
    slug: str
    streams: list = field(default_factory=list)      # oldest first

    @property
    def current(self) -> Stream:
        return self.streams[-1]


def build(result_files: list, out: str | Path, arguments=None, causes=()) -> dict:
    """Write the site for ``result_files`` into ``out``. ``arguments``: an arguments file of
    :mod:`duelspec.analysis.consensus` (the verdicts shown on ``consensus.html``); ``causes``:
    ``NAME=CAUSES[,FIXES[,REPRO_DIR]]`` specs of :mod:`duelspec.analysis.sidebyside` (NAME: a word of an
    engine's name), the engines' causes side by side on ``causes.html``. Returns ``{"engines":
    {name: counts of its latest stream}, "pages": n, "kept": [files of an earlier build that were
    changed since, left]}``.

    ``out`` is a new or empty folder, or one an earlier build wrote (it lists what it wrote in
    :data:`MARKER`): only those files are ever replaced or removed, every other file stays. An
    input (a stream, the arguments file) inside ``out``, or a folder with other files and no
    marker, is refused (:class:`InputError`) before anything is written. The pages are rendered
    into a fresh folder beside ``out`` and moved into place when all of them are written."""
    import tempfile
    from .render import Site
    out = Path(out)
    cause_files = [f for spec in causes for f in str(spec).partition("=")[2].split(",") if f]
    earlier = _check_out(list(result_files) + ([arguments] if arguments else []) + cause_files, out)
    streams = read_runs(result_files)
    engines: dict[str, Engine] = {}
    for st in sorted(streams, key=lambda s: s.started):
        eng = engines.setdefault(st.engine, Engine(st.engine, ""))
        eng.streams.append(st)
    used = set()
    for e in engines.values():
        base = s = slug(e.name)
        i = 2
        while s in used:
            s, i = f"{base}-{i}", i + 1
        used.add(s)
        e.slug = s
    try:
        home = out.resolve().parent               # the pages are rendered beside --out, then moved in
        home.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{out.resolve().name or 'site'}.building-", dir=home))
    except OSError as exc:
        raise InputError(str(out), "", "a folder that can be created and written", exc.strerror) from None
    try:
        site = Site(list(engines.values()), stage)
        site.consensus_inputs = (list(result_files), arguments)
        site.causes_specs = list(causes)
        pages = site.write()
        kept = _move_into(stage, out, earlier)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return {"engines": {e.name: e.current.counts() for e in engines.values()}, "pages": pages, "kept": kept}


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):
        return False


def _check_out(result_files: list, out: Path) -> dict:
    """What an earlier build wrote into ``out`` (``{relative path: sha256}``, empty for a new or
    empty folder); :class:`InputError` for an input inside ``out`` or a folder that is not a site's."""
    for f in result_files:
        if _inside(Path(f), out):
            raise InputError(str(f), "", f"an input outside the site's folder {out} (the site replaces "
                             f"what it wrote there)", "a file inside it")
    if out.exists() and not out.is_dir():
        raise InputError(str(out), "", "a folder for the site", "a file")
    if not out.exists():
        return {}
    marker = out / MARKER
    if not marker.is_file():
        others = sorted(p.name for p in out.iterdir())
        if others:
            raise InputError(str(out), "", f"a new or empty folder, or one an earlier `duelspec site` wrote (it has "
                             f"{MARKER}): the site never writes over files it did not write", others[:5])
        return {}
    from ..files import read_bytes
    try:
        doc = json.loads(read_bytes(marker, "the list of an earlier build's files", 16 * MiB))
        entries = doc["files"]
        if not isinstance(entries, list):
            raise TypeError(f"`files` is a {type(entries).__name__}, not a list")
    except (ValueError, KeyError, TypeError) as exc:
        raise InputError(str(marker), "", "the list of files an earlier `duelspec site` wrote (JSON)", str(exc)) from None
    files = {}
    for i, f in enumerate(entries):
        rel = f.get("path") if isinstance(f, dict) else None
        if not isinstance(rel, str) or not isinstance(f.get("sha256"), str):
            raise InputError(str(marker), f"/files/{i}", "an entry {\"path\": a string, \"sha256\": a string}", f)
        p = Path(rel)
        if p.is_absolute() or ".." in p.parts or rel == MARKER:
            raise InputError(str(marker), f"/files/{i}/path", "a path inside the site's folder", rel)
        files[rel] = f["sha256"]
    return files


def _through_link(out: Path, rel: str) -> bool:
    """``out/rel`` is reached through a symbolic link to a folder (a subfolder of ``out`` that
    is a link, or one whose real place is outside ``out``): the site never writes or removes there."""
    target = out / rel
    d = target.parent
    while d != out:
        if d.is_symlink():
            return True
        d = d.parent
    return (target.parent.exists() or target.parent.is_symlink()) and not _inside(target.parent, out)


def _sha256(path: Path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _move_into(stage: Path, out: Path, earlier: dict) -> list:
    """Move the pages of ``stage`` into ``out``: files of the earlier build (``earlier``) are
    replaced, or removed when this build has none of that name and they are unchanged since (a
    changed one is left, and returned); a file that is not the earlier build's is never written over."""
    import os
    from ..files import write_whole
    new = {p.relative_to(stage).as_posix(): _sha256(p) for p in sorted(stage.rglob("*")) if p.is_file()}
    for rel in new:
        target = out / rel
        if (target.exists() or target.is_symlink()) and rel not in earlier:
            raise InputError(str(target), "", "no file where the site writes one, other than an earlier build's",
                             "a file the site did not write")
        if _through_link(out, rel):
            raise InputError(str(target), "", "a path inside the site's folder, not through a symbolic link to a folder",
                             "a link on the way")
    listing = lambda files: json.dumps({"format": 1, "written_by": "duelspec site", "files": [  # noqa: E731
        {"path": k, "sha256": v} for k, v in sorted(files.items())]}, indent=1) + "\n"
    out.mkdir(parents=True, exist_ok=True)
    problem = write_whole(out / MARKER, listing({**earlier, **new}))     # a build cut short is still replaceable
    if problem:
        raise InputError(str(out / MARKER), "", "a file that can be written", problem)
    kept = []
    for rel, digest in earlier.items():
        if rel in new:
            continue
        target = out / rel
        if _through_link(out, rel):                  # never removed through a link (it is not in --out)
            kept.append(rel)
        elif target.is_file() and not target.is_symlink() and _sha256(target) == digest:
            target.unlink()
        elif target.exists():
            kept.append(rel)
    for rel in new:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(stage / rel, target)
    for d in sorted({(out / rel).parent for rel in earlier if rel not in new}, key=lambda p: -len(p.parts)):
        while d != out and _inside(d, out):
            try:
                d.rmdir()                # only when empty: a folder with a file of yours stays
            except OSError:
                break
            d = d.parent
    write_whole(out / MARKER, listing({**{k: earlier[k] for k in kept}, **new}))
    return kept
