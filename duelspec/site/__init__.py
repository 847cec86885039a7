"""``duelspec site``: the spec as a static website, with every engine's verdicts side by side.

:func:`build` reads result streams (the JSON-lines files of ``duelspec run --out``, one per
engine run) and the installed spec (ruling catalogue, feature files, card catalogues) and writes a
folder of static pages that work from ``file://`` or any static host, with no server and no
network at view time:

- ``index.html``: the matrix, engines × rulings, with counts that drill down to the ruling pages;
  a summary and an SVG badge (``badges/<engine>.svg``) per engine; filters by game, engine and
  outcome; a search box for card names (English or Japanese) and scenario ids.
- ``rulings/<ID>.html``: the ruling, its source (the page, its revision, the passage), its
  scenarios as Gherkin, and one row per scenario with each engine's outcome.
- ``failures/<engine>/<scenario id>.html``: every unmet expectation with its JSON pointer, what the
  trace had, the trace around it, the adapter's evidence, the expected-failure reason.
- ``history/<engine>.html``: several streams of one engine (e.g. one per commit): counts per
  stream and every scenario whose outcome changed.

Every text that comes from a stream (adapter names, versions, messages, reasons, traces) is data:
HTML-escaped by the templates (autoescape), bounded in length, and embedded JSON is escaped for a
``<script>`` element. Errors: :class:`duelspec.errors.InputError` naming the stream file and line
for a stream that is not a duelspec result stream.
"""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError  # noqa: F401 - raised by read_run, documented above

TEXT_CAP = 4000          # characters of any one text from a stream shown on a page
OUTCOMES = ("passed", "failed", "errored", "timed-out", "skipped", "xfailed", "xpassed")


@dataclass
class Run:
    """One engine run on the site: a result stream (:class:`duelspec.report.Stream`), its results
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

    def counts(self) -> dict:
        c = {o: 0 for o in OUTCOMES}
        partly = 0
        for r in self.results.values():
            c[r["outcome"]] = c.get(r["outcome"], 0) + 1
            partly += r.get("partial") is True
        if partly:
            c["partly checked"] = partly       # of the above: judged only on what the adapter observes (issue 27)
        return c


def read_run(path: str | Path) -> Run:
    """A result stream file as a :class:`Run` (:func:`duelspec.report.read_stream` reads and
    validates it: a killed run's stream is accepted; anything else that is not a result stream
    raises :class:`InputError` naming the file and line)."""
    from ..report import read_stream
    return run_of(read_stream(path))


def run_of(st) -> Run:
    """A :class:`duelspec.report.Stream` (one file, or the merged shards of one run) as a :class:`Run`."""
    impl = st.header.get("adapter", {}).get("implementation") or {}
    engine = str(impl.get("name") or st.header.get("adapter", {}).get("spec") or Path(st.path.split(",")[0]).stem)
    return Run(str(st.path), st.header, {r["id"]: r for r in st.results}, st.footer, engine)


def read_runs(result_files: list) -> list[Run]:
    """The runs of ``result_files``: the shard streams of one run (``duelspec run --shard K/N``, one
    ``selection.shard.run``) are merged into one run (:func:`duelspec.report.merge_streams`: shards of
    different suites, engine versions or dates raise :class:`InputError`; a missing shard leaves the
    run incomplete, which the site says); every other stream is a run of its own."""
    from ..report import combine, read_stream, runs
    return [run_of(combine(group)) for group in runs([read_stream(p) for p in result_files])]


def slug(text: str) -> str:
    """A file-name-safe form of ``text`` (engine names, scenario ids)."""
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return s[:80] or "x"


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def visible(text: str) -> str:
    """``text`` with every control character (C0 but tab and newline, DEL, C1, e.g. ESC or
    U+009B) and every lone surrogate or non-character shown as ``\\u....`` instead of passed on."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def clip(text, cap: int = TEXT_CAP) -> str:
    """``text`` (a value of any JSON type) as visible text of at most ``cap`` characters, the cut said."""
    s = text if isinstance(text, str) else json.dumps(text, ensure_ascii=False)
    s = visible(s)
    return s if len(s) <= cap else s[:cap] + f" … [{len(s) - cap} more characters not shown]"


def abbreviate(text, cap: int) -> str:
    """The project's own prose (a ruling's summary) shortened for a table cell: cut at a word boundary
    with "…" (the whole text is on the ruling's page), never the log-style "[N more characters not
    shown]" of :func:`clip`, which is for text from a stream."""
    s = visible(str(text))
    if len(s) <= cap:
        return s
    cut = s[:cap - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > cap // 2 else cut).rstrip(" ,;:、。") + "…"


def script_json(obj) -> str:
    """JSON safe inside an HTML ``<script>`` element (no ``</script>``, no HTML comment opener)."""
    return (json.dumps(obj, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


@dataclass
class Engine:
    name: str
    slug: str
    streams: list = field(default_factory=list)      # oldest first

    @property
    def current(self) -> Stream:
        return self.streams[-1]


def build(result_files: list, out: str | Path, arguments=None, causes=()) -> dict:
    """Write the site for ``result_files`` into ``out`` (created; files of an earlier build are
    replaced). ``arguments``: an arguments file of :mod:`duelspec.consensus` (the verdicts shown on
    ``consensus.html``); ``causes``: ``NAME=CAUSES[,FIXES[,REPRO_DIR]]`` specs of
    :mod:`duelspec.sidebyside` (NAME: a word of an engine's name), the engines' causes side by side
    on ``causes.html``. Returns ``{"engines": {name: counts of its latest stream}, "pages": n}``."""
    from .render import Site
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
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for sub in ("rulings", "failures", "history", "badges", "static"):
        shutil.rmtree(out / sub, ignore_errors=True)
    site = Site(list(engines.values()), out)
    site.consensus_inputs = (list(result_files), arguments)
    site.causes_specs = list(causes)
    pages = site.write()
    return {"engines": {e.name: e.current.counts() for e in engines.values()}, "pages": pages}
