"""Reports: the JSON-lines result stream (the source of truth) and the console table.

The stream is written line by line and flushed, so a killed run leaves every finished
result readable: a ``header`` line, one ``result`` line per scenario, a ``footer``.
"""
from __future__ import annotations

import datetime as _dt
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from .. import SCENARIO_FORMAT, PROTOCOL_VERSION
from ..headline import BAD, contract_failure, from_counts, headline, state as headline_state  # BAD: what fails a run (the headline counts it apart from known failures)
from ..text import DETAIL_CHARS, bound, cap, json_escape_hidden, terminal, visible
from ..version import spec_identity, suite_version

OUTCOMES = ("passed", "failed", "skipped", "errored", "timed-out", "xfailed", "xpassed")


def checkout_beside(start: Path | None = None) -> Path | None:
    """The duelspec checkout that ``start`` (default: the working folder) is in, if any: the
    nearest folder up with a pyproject naming the project ``duelspec`` and ``features/`` and
    ``schemas/`` beside it."""
    here = (start or Path.cwd()).resolve()
    for d in (here, *here.parents):
        try:
            text = (d / "pyproject.toml").read_text(encoding="utf-8")
        except OSError:
            continue
        if 'name = "duelspec"' in text and (d / "features").is_dir() and (d / "schemas").is_dir():
            return d
    return None


def stale_install_warning(start: Path | None = None) -> str | None:
    """A warning when duelspec plays installed features that differ from the checkout it is run
    in (e.g. ``pip install .`` and then a feature edited): the edit would silently not be played."""
    from ..resources import features_dir
    co = checkout_beside(start)
    if co is None or features_dir().resolve() == (co / "features").resolve():
        return None
    if spec_identity(co / "features", co / "schemas") == spec_identity():
        return None
    return (f"this run plays the installed features ({features_dir()}), which differ from the checkout here ({co}/features): "
            "`pip install -e .` in the checkout to play its features")


def ruling_order(rid: str) -> tuple:
    """A sort key that puts ruling IDs in the page's order: ND-E2 before ND-E10, ND-01 before ND-C1
    (the order of the ruling catalogue where the ID is catalogued, else natural order)."""
    from ..catalogue import rulings
    ids = list(rulings())
    if rid in ids:
        return (0, ids.index(rid), ())
    return (1, 0, tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", rid)))


def header(adapter_spec: str, implementation: dict | None, selection: dict | None = None,
           scenarios: int | None = None, protocol: int | None = None) -> dict:
    """The first line of a result stream (schema ``result.schema.json#/$defs/header``);
    ``protocol``: the adapter-protocol version the adapter answered with (default: duelspec's)."""
    identity = spec_identity()
    suite = {"name": "duelspec", "version": suite_version(identity), "scenario_format": SCENARIO_FORMAT, "content_hash": identity}
    if scenarios is not None:
        suite["scenarios"] = scenarios
    return {"type": "header", "format": 1,
            "suite": suite,
            "protocol": protocol or PROTOCOL_VERSION,
            "adapter": {"spec": adapter_spec, "implementation": implementation or {}},
            "selection": selection or {},
            "started": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}


#: what a result counts as for a ruling it does not show (issue 33 §3): "not checked on this engine"
NOT_CHECKED = "not checked"
#: the words every medium shows for it
NOT_CHECKED_TEXT = "not checked on this engine"


def ruling_outcome(result: dict, ruling: str) -> str:
    """The outcome a result counts as for ``ruling``: its outcome, or :data:`NOT_CHECKED` when it
    was partly checked and does not show that ruling — a pass (``passed``, ``xpassed``) when an item
    carrying the ruling was left out (``coverage.uncredited``), any outcome when no checked item
    carries it (``coverage.uncarried``; a stream written before issue 33 has only ``uncredited``,
    which meant that). A ruling is credited only by the checked items that carry it."""
    cov = result.get("coverage")
    if isinstance(cov, dict):
        uncredited = cov.get("uncredited") or ()
        uncarried = cov.get("uncarried", uncredited) or ()
        if ruling in uncarried or (ruling in uncredited and result["outcome"] in ("passed", "xpassed")):
            return NOT_CHECKED
    return result["outcome"]


#: what a contract failure (:func:`duelspec.headline.contract_failure`) counts as for its rulings: never a rules failure
CONTRACT = "contract"


def counted_for(result: dict, ruling: str) -> str:
    """What ``result`` counts as in a table by ruling: :func:`ruling_outcome`, but :data:`CONTRACT` for a
    contract failure (every failure a window mismatch): it is not credited against the ruling."""
    o = ruling_outcome(result, ruling)
    return CONTRACT if o == "failed" and contract_failure(result) else o


def not_checked(result: dict) -> list:
    """The rulings of ``result`` it counts as :data:`NOT_CHECKED` for (:func:`ruling_outcome`)."""
    return [r for r in result.get("rulings", []) if ruling_outcome(result, r) == NOT_CHECKED]


def partly(result: dict) -> bool:
    """Was the result partly checked (``partial``: the adapter does not observe everything it expects)?"""
    return result.get("partial") is True


class Tally:
    """Counts by outcome and by ruling ID (``by_ruling[r]["partly"]``: how many of the results
    counted for ``r`` were partly checked); ``partial``: the partly checked results."""

    def __init__(self):
        self.counts: Counter = Counter()
        self.by_ruling: dict[str, Counter] = defaultdict(Counter)
        self.partial: list[dict] = []
        self.bad: list[dict] = []
        self.skip_reasons: Counter = Counter()    # reason -> number of scenarios skipped for it
        self.following: list[dict] = []           # failed / xfailed results whose trace matches another dated answer
        self.contract = 0                         # failed results that are contract failures (counted in counts["failed"])

    def add(self, result: dict) -> None:
        self.counts[result["outcome"]] += 1
        if result.get("follows"):
            self.following.append(result)
        if result["outcome"] == "skipped":
            self.skip_reasons[result.get("reason") or "no reason given"] += 1
        if contract_failure(result):
            self.contract += 1
        for r in result.get("rulings", []):
            o = counted_for(result, r)
            self.by_ruling[r][o] += 1
            if partly(result) and o not in ("skipped", NOT_CHECKED):
                self.by_ruling[r]["partly"] += 1
        if partly(result):
            self.partial.append(result)
        if result["outcome"] in BAD:
            self.bad.append(result)

    @property
    def executed(self) -> int:
        return sum(self.counts[o] for o in ("passed", "failed", "xfailed", "xpassed"))

    def ok(self) -> bool:
        """True when nothing failed or errored and at least one scenario was executed."""
        return self.executed > 0 and not any(self.counts[o] for o in BAD)

    def passed(self, footer: dict) -> bool:
        """The verdict of a run with this tally and ``footer``: everything executed passed (or
        xfailed), it completed, and no adapter fault was found after a result had been given."""
        return self.ok() and not footer.get("stopped_early") and not footer.get("late_faults")

    def footer(self, stopped_early: bool = False, reason: str | None = None, duration_s: float | None = None,
               selected: int | None = None, late_faults: list | None = None) -> dict:
        """The footer line: counts by outcome, ``stopped_early`` and its ``reason``, ``selected``
        (scenarios selected, reported or not), ``late_faults`` (adapter faults found after
        the scenario's result was given: ``[{"id", "kind", "message"}]``, at most 100)."""
        f = {"type": "footer", "counts": {o: self.counts[o] for o in OUTCOMES}, "stopped_early": stopped_early}
        if reason:
            f["reason"] = reason
        if duration_s is not None:
            f["duration_s"] = round(duration_s, 3)
        if selected is not None:
            f["selected"] = selected
        if late_faults:
            f["late_faults"] = [{k: x[k] for k in ("id", "kind", "message") if k in x} for x in late_faults[:100]]
        return bound(f)

    def _headline_counts(self) -> Counter:
        return from_counts(self.counts, sum(1 for r in self.partial if r["outcome"] == "passed"), self.contract)

    def headline(self) -> str:
        """``29 pass · 4 known failures · 229 not checked`` (:mod:`duelspec.headline`)."""
        return headline(self._headline_counts())

    def state(self) -> str:
        """The headline's state: ``bad``, ``known``, ``unchecked``, ``good`` or ``none``."""
        return headline_state(self._headline_counts())

    def summary_line(self) -> str:
        """``15 passed (9 partly checked), 2 failed (1 contract failure), ...``."""
        some = Counter(r["outcome"] for r in self.partial)
        parts = [f"{self.counts[o]} {o}" + (f" ({some[o]} partly checked)" if some[o] else "")
                 + (f" ({self.contract} contract failure{'s' if self.contract != 1 else ''}, not rules failures)"
                    if o == "failed" and self.contract else "")
                 for o in OUTCOMES if self.counts[o] or o in ("passed", "failed")]
        return ", ".join(parts)


def json_line(obj) -> str:
    """``obj`` as one line of JSON (UTF-8 text) in which no character can drive a terminal that
    shows the file (``cat results.jsonl``): JSON escapes C0 itself; C1 (U+009B ...), bidi and
    zero-width format characters, U+2028/U+2029 and non-characters are written as ``\\uXXXX``
    escapes too (the same JSON value); lone surrogates as their escapes."""
    line = json.dumps(obj, ensure_ascii=False, sort_keys=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:          # lone surrogates: keep the line valid JSON and UTF-8
        line = json.dumps(obj, ensure_ascii=True)
    return json_escape_hidden(line)


class JsonLines:
    """Writes result-stream lines to a text file handle, flushing after each.

    A stream that cannot be written any more (a closed pipe, a full disk) stops writing and
    keeps the error in :attr:`failed`; the run goes on and the caller reports it."""

    def __init__(self, fh, name: str = "<stream>"):
        self.fh, self.name = fh, name
        self.failed: OSError | None = None

    def write(self, obj: dict) -> None:
        if self.failed is not None:
            return
        line = json_line(obj)
        try:
            self.fh.write(line + "\n")
            self.fh.flush()
        except (OSError, ValueError) as exc:   # BrokenPipeError, ENOSPC, a closed file
            self.failed = exc if isinstance(exc, OSError) else OSError(str(exc))


def render_table(tally: Tally, catalogue: dict, console, games=None, rulings=None) -> None:
    """A rich table: one row per catalogued ruling of ``games`` (and matching the ``rulings``
    patterns, when a selection by ruling was made), with its counts."""
    from rich.text import Text
    import fnmatch
    from rich.table import Table
    t = Table(title="duelspec: results by ruling", show_lines=False)
    t.add_column("ruling", no_wrap=True, min_width=12)
    shown = ("passed", "failed") + ((CONTRACT,) if tally.contract else ()) + ("skipped", "errored") \
        + (("xfailed",) if tally.counts["xfailed"] else ()) \
        + (("partly",) if tally.partial else ()) \
        + ((NOT_CHECKED,) if any(c[NOT_CHECKED] for c in tally.by_ruling.values()) else ())
    for o in shown:
        t.add_column(o, justify="right", no_wrap=True, min_width=len(o))
    t.add_column("summary", overflow="ellipsis", no_wrap=True, max_width=max(12, console.width - 66))
    for rid, r in catalogue.items():
        if games and r.game not in games:
            continue
        if rulings and not any(fnmatch.fnmatchcase(rid, p) for p in rulings):
            continue
        c = tally.by_ruling.get(rid, Counter())
        total = sum(c.values())
        total -= c["partly"]            # (a count of results already counted by outcome)
        style = "red" if c["failed"] or c[CONTRACT] or c["errored"] or c["timed-out"] else \
            ("yellow" if not total or c["skipped"] + c[NOT_CHECKED] == total else "green")
        unshown = total and not (c["passed"] + c["xfailed"] + c["failed"] + c[CONTRACT] + c["errored"] + c["timed-out"] + c["xpassed"]) \
            and c[NOT_CHECKED]
        t.add_row(f"[{style}]{rid}[/]", *(str(c[o] + (c["timed-out"] if o == "errored" else 0)) for o in shown),
                  Text(r.summary) if total and not unshown else
                  Text(("no scenario selected: " if not total else NOT_CHECKED_TEXT + ": "), style="yellow") + Text(r.summary))
    console.print(t)


def _partly_numbers(result: dict) -> str:
    """``5 of 7`` for a partly checked result."""
    cov = result.get("coverage") or {}
    n = cov.get("checked", 0)
    return f"{n} of {n + len(cov.get('unchecked') or [])}"


def printable(text: str) -> str:
    """``text`` with control characters (escape sequences, NUL, C1, bidi overrides, ...) shown as
    ``\\xNN`` / ``\\uXXXX``, line breaks kept: what an adapter writes must not drive the terminal
    (see :func:`duelspec.text.visible`)."""
    return visible(text, multiline=True)


def failure_text(scenario: dict, outcome: str, failures: list) -> str:
    """What a failed scenario test prints: the scenario (id, title, feature file and line), its rulings,
    then the checker's rendering of every unmet expectation (the trace around each)."""
    from ..judging.checker import format_failure
    if failures and all(getattr(f, "kind", None) for f in failures):    # every failure from the contract (a window)
        outcome = "contract failure (not a rules failure)"
    origin = scenario.get("origin") or {}
    where = f" ({origin['file']}:{origin['line']})" if origin.get("file") else ""
    head = [f"{scenario['id']}: {outcome}{where}", f"  {scenario.get('title', '')}".rstrip(),
            f"  rulings: {', '.join(scenario.get('rulings', ())) or '-'}"]
    return "\n".join([*head, *(format_failure(f, scenario["id"]) for f in failures)] if failures else [*head, outcome])


def problem_line(scenario_id: str, result: dict) -> str:
    """An ``errored`` / ``timed-out`` result as plain text for a test report (pytest): the id,
    the outcome, the message and the evidence, every part escaped and bounded
    (:func:`duelspec.text.plain`)."""
    ev = result.get("evidence") or {}
    extra = "".join(f"\n  {k}: {visible(str(v).rstrip()[-2000:], multiline=True)}" for k, v in ev.items()
                    if v not in (None, ""))
    return f"{visible(scenario_id, limit=1000)} {result['outcome']}: {visible(result.get('message'))}{extra}"


def render_partial(tally: Tally, console, limit: int = 50) -> None:
    """The partly checked results (issue 27): each with ``passed (partly checked: 5 of 7)`` and what
    was not checked (the adapter does not observe it), so that no partial pass reads as a full one."""
    from rich.text import Text
    if not tally.partial:
        return
    from ..judging.coverage import describe, unchecked_text
    console.print(f"[yellow]partly checked {len(tally.partial)}[/] (what the adapter does not observe was left out):",
                  highlight=False)
    for r in tally.partial[:limit]:
        uncredited = not_checked(r)
        console.print(Text("  ") + terminal(f"{r['id']}: {describe(r)}; not checked: {unchecked_text(r)}"
                                            + (f"; {', '.join(uncredited)}: {NOT_CHECKED_TEXT}" if uncredited else "")),
                      highlight=False)
    if len(tally.partial) > limit:
        console.print(f"  ... and {len(tally.partial) - limit} more (see the result stream: `coverage`)", markup=False)


def render_skips(tally: Tally, console) -> None:
    """The reasons scenarios were skipped, with how many each (a skip is never silent)."""
    from rich.text import Text
    if not tally.skip_reasons:
        return
    console.print(f"[yellow]skipped {sum(tally.skip_reasons.values())}[/], by reason:", highlight=False)
    for reason, n in tally.skip_reasons.most_common():
        console.print(Text(f"  {n:4d}  ") + terminal(reason), highlight=False)


def follows_text(result: dict) -> str:
    """``"follows ND-H1: matches the answer of 2019-03-17, changed on 2022-07-30"`` for a result
    with ``follows`` (the ruling an engine follows, issue 16), else ``""``."""
    f = result.get("follows")
    return f"follows {f['ruling']}: {f['label']}" if isinstance(f, dict) else ""


def answer_text(result: dict) -> str:
    """``"judged by the answer of 2019-03-17 (ND-H1), changed on 2022-07-30"`` for a result judged
    by a superseded answer (``answer``), else ``""``."""
    a = result.get("answer")
    return f"judged by the answer of {a['answered']} ({a['ruling']}), changed on {a['replaced']}" if isinstance(a, dict) else ""


def render_follows(tally: Tally, console, limit: int = 50) -> None:
    """The failed (and xfailed) scenarios whose trace matches another dated answer of the page:
    which ruling the engine follows, scenario by scenario."""
    from rich.text import Text
    if not tally.following:
        return
    console.print(f"[yellow]{len(tally.following)} failing scenario(s) match another dated answer of the page[/] "
                  "(the ruling the engine follows):", highlight=False)
    for r in tally.following[:limit]:
        console.print(Text("  ") + terminal(f"{r['id']} ({r['outcome']}): {follows_text(r)}"), highlight=False)
    if len(tally.following) > limit:
        console.print(f"  ... and {len(tally.following) - limit} more (see the result stream: `follows`)", markup=False)
def origin_path(file: str) -> str:
    """A scenario's ``origin.file`` as a path that exists for the user: as given when it exists
    from the working folder (duelspec's checkout), else the installed feature file's path."""
    if not isinstance(file, str) or not file:
        return str(file)
    try:
        if Path(file).exists():
            return file
        from ..resources import features_dir
        installed = features_dir().parent / file
        return str(installed) if installed.exists() else file
    except (OSError, ValueError):
        return file


def render_failures(tally: Tally, console, limit: int = 50) -> None:
    """Print every bad result (up to ``limit``): where it comes from, what differed, the
    evidence of an adapter fault (offending line, exit status, stderr tail). Everything that
    came from an adapter or a scenario is printed as plain text (:func:`duelspec.text.terminal`)."""
    from rich.text import Text
    from ..judging.checker import Failure, format_failure
    for r in tally.bad[:limit]:
        where = r.get("origin") if isinstance(r.get("origin"), dict) else {}
        loc = where.get("line") or str(where.get("location", "")).replace("line ", "")
        loc = f"  ({origin_path(where['file'])}:{loc})" if where.get("file") else ""
        rulings = f"  [{', '.join(r.get('rulings') or [])}]" if r.get("rulings") else ""
        label = ("CONTRACT FAILURE (not a rules failure)" if contract_failure(r) else r["outcome"].upper()) \
            + (f" (partly checked: {_partly_numbers(r)})" if partly(r) else "")
        console.print(Text(label, style="bold red") + " " + terminal(r["id"] + rulings + loc), highlight=False)
        for line in (answer_text(r), follows_text(r)):
            if line:
                console.print(Text("  ") + terminal(line), highlight=False)
        for f in r.get("failures") or []:
            one_line = {k: None if f.get(k) is None else visible(f.get(k), limit=DETAIL_CHARS) for k in ("pointer", "message")}   # a newline in it is data
            text = format_failure(Failure(**one_line, **{k: f.get(k) for k in ("expected", "actual")},
                                          context=f.get("context", [])), "")
            console.print(terminal(text, multiline=True, limit=DETAIL_CHARS), highlight=False)
        if r.get("message"):
            console.print(Text("  ") + terminal(r["message"]), highlight=False)
        ev = r.get("evidence") or {}
        if "exit_status" in ev:
            console.print(Text(f"  exit status: {ev['exit_status']}"), highlight=False)
        if "line" in ev:
            console.print(Text("  offending line: ") + terminal(ev["line"], limit=500), highlight=False)
        if ev.get("stderr"):
            tail = str(ev["stderr"]).rstrip().splitlines()[-10:]
            console.print(Text("  stderr (tail):\n") + Text("\n").join(Text("    ") + terminal(t) for t in tail),
                          highlight=False)
    if len(tally.bad) > limit:
        console.print(f"... and {len(tally.bad) - limit} more (see the JSON-lines result stream: --out)")


# -- reading a saved stream -----------------------------------------------------------------

class Stream:
    """A result stream read back from a file (see :func:`read_stream`).

    Attributes: ``header`` (dict or None), ``results`` (list of result dicts), ``footer``
    (the stream's footer, or one rebuilt from the results when the stream was cut off),
    ``truncated`` (bool: the footer is missing or the last line is incomplete), ``path``.
    """

    def __init__(self, path: str, header, results, footer, truncated: bool, header_only: bool = False):
        self.path, self.header, self.results, self.footer, self.truncated = path, header, results, footer, truncated
        self.header_only = header_only      # read by :func:`read_header`: the results are not read yet

    def tally(self) -> Tally:
        t = Tally()
        for r in self.results:
            t.add(r)
        return t


def stream_lines(path: str) -> tuple[list[str], bool]:
    """The lines of a stream file (UTF-8, a byte-order mark dropped) and whether the last one
    ended with a newline. Each line is at most 8 MiB (a longer one, e.g. ``/dev/zero``, is an
    error); a FIFO or pipe is read without blocking (:func:`duelspec.files.read_bytes`)."""
    from ..errors import InputError
    from ..files import MiB, STREAM_LINE_BYTES, decode, kind, read_bytes
    what = "an existing result stream (JSON lines, from `duelspec run --out`)"
    if kind(path) != "file":
        raw_lines = read_bytes(path, what, 1 << 40, line_limit=STREAM_LINE_BYTES).split(b"\n")
        raw_lines = [x + b"\n" for x in raw_lines[:-1]] + ([raw_lines[-1]] if raw_lines[-1] else [])
    else:
        raw_lines = []
        try:
            with open(path, "rb") as fh:
                while True:
                    raw = fh.readline(STREAM_LINE_BYTES + 1)
                    if not raw:
                        break
                    if len(raw) > STREAM_LINE_BYTES:
                        raise InputError(path, f"line {len(raw_lines) + 1}", f"{what} with lines of at most "
                                                                             f"{STREAM_LINE_BYTES // MiB} MiB", "a longer line")
                    raw_lines.append(raw)
        except OSError as exc:
            raise InputError(path, "", what, exc.strerror) from None
    complete_last = not raw_lines or raw_lines[-1].endswith(b"\n")
    text_lines = []
    for n, raw in enumerate(raw_lines, 1):
        try:
            text_lines.append(decode(raw.rstrip(b"\n"), path, what) if n == 1 else raw.rstrip(b"\n").decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise InputError(path, f"line {n} (byte {exc.start})", f"UTF-8 text ({what})", raw[exc.start:exc.start + 8]) from None
    return text_lines + ([""] if complete_last else []), complete_last


def _not_json(path: str, n: int, line: str, exc: Exception):
    from ..errors import InputError
    return InputError(path, f"line {n}", "one JSON object per line (a duelspec result stream)",
                      f"{line[:80]}... ({exc})" if len(line) > 80 else f"{line} ({exc})")


def _check_line(obj, path: str, n: int) -> None:
    """``obj`` (line ``n`` of stream ``path``) against ``result.schema.json``; InputError naming the line."""
    from .. import validation
    from ..errors import InputError
    try:
        validation.check(obj, "result", path)
    except InputError as exc:
        raise InputError(path, f"line {n} {exc.location}", exc.expected, exc.got) from None


def read_header(path) -> Stream:
    """The header of a stream file without reading the rest (its first line, validated like
    :func:`read_stream` does): a :class:`Stream` with ``header_only`` set and no results."""
    from ..errors import InputError
    from ..files import MiB, STREAM_LINE_BYTES, decode
    path = str(path)
    what = "an existing result stream (JSON lines, from `duelspec run --out`)"
    try:
        with open(path, "rb") as fh:
            raw = fh.readline(STREAM_LINE_BYTES + 1)
    except OSError as exc:
        raise InputError(path, "", what, exc.strerror) from None
    if len(raw) > STREAM_LINE_BYTES:
        raise InputError(path, "line 1", f"{what} with lines of at most {STREAM_LINE_BYTES // MiB} MiB", "a longer line")
    line = decode(raw.rstrip(b"\n"), path, what)
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise _not_json(path, 1, line, exc) from None
    _check_line(obj, path, 1)
    if obj.get("type") != "header":
        raise InputError(path, "line 1", "a header line (type `header`): is this a duelspec result stream?", line[:80])
    return Stream(path, obj, [], None, True, header_only=True)


def read_stream(path, keep=None) -> Stream:
    """Read a JSON-lines result stream, tolerating a run that was killed.

    A missing footer or an incomplete last line (no newline and not JSON) is accepted: the
    returned footer is rebuilt from the results with ``stopped_early: true`` and a reason.
    Raises :class:`duelspec.errors.InputError` naming the file and ``line N`` (and the JSON
    pointer) for any other line that is not JSON or fails ``result.schema.json``.
    ``keep(result) -> result``: what of each result to keep (default: all of it), applied as
    each line is read (``duelspec site`` keeps little of runs it shows only in a history)."""
    from ..errors import InputError
    from ..files import json_loads
    path = str(path)
    lines, complete_last = stream_lines(path)
    header, results, footer, cut = None, [], None, None
    seen: dict = {}                              # scenario id -> its line: each is reported once
    outcomes: dict = {}
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        is_last = n == len(lines) or (n == len(lines) - 1 and complete_last)
        try:
            obj = json_loads(line)
        except (ValueError, RecursionError) as exc:
            if is_last and not complete_last:
                cut = f"line {n} is incomplete (the run was killed while writing it)"
                break
            raise _not_json(path, n, line, exc) from None
        _check_line(obj, path, n)
        kind = obj["type"]
        if kind == "header":
            if header is not None or results:
                raise InputError(path, f"line {n}", "one header, on the first line", "another header")
            header = obj
        elif footer is not None:
            raise InputError(path, f"line {n}", "nothing after the footer line", obj.get("type"))
        elif kind == "result":
            sid = obj.get("id")
            if sid in seen:
                raise InputError(path, f"line {n}", f"each scenario reported once (a stream that reports one twice "
                                 f"is not one run's)", f"{sid} again (first on line {seen[sid]})")
            seen[sid] = n
            outcomes[sid] = obj.get("outcome")
            outside = _outside_selection(obj, header)
            if outside:
                raise InputError(path, f"line {n}", "results of the scenarios its header's selection names",
                                 f"{sid}: {outside}")
            results.append(obj if keep is None else keep(obj))
        else:
            footer = obj
            counted = Counter(outcomes[k] for k in seen) if keep is not None else Counter(r["outcome"] for r in results)
            wrong = {o: (c, counted.get(o, 0)) for o, c in obj.get("counts", {}).items() if c != counted.get(o, 0)}
            if wrong:
                raise InputError(path, f"line {n} /counts", "footer counts that match the result lines before it",
                                 {o: f"footer {a}, results {b}" for o, (a, b) in wrong.items()})
            sel = obj.get("selected")
            if not obj.get("stopped_early") and isinstance(sel, int) and sel != len(seen):
                raise InputError(path, f"line {n} /selected", f"as many result lines as the scenarios a completed run "
                                 f"selected ({sel})", f"{len(seen)} results: "
                                 f"{'some selected scenarios are missing' if len(seen) < sel else 'more than it selected'}")
    if header is None:
        raise InputError(path, "line 1", "a header line (type `header`): is this a duelspec result stream?",
                         lines[0][:80] if lines else "an empty file")
    truncated = footer is None
    if footer is None:
        t = Tally()
        for r in results:
            t.add(r)
        count = (header.get("suite") or {}).get("scenarios")
        selected = count if isinstance(count, int) and not isinstance(count, bool) else None
        footer = t.footer(stopped_early=True, reason="the stream ends without a footer: the run was killed before it "
                                                     "finished" + (f" ({len(results)} of {selected} selected scenarios "
                                                                   f"reported)" if selected is not None else "")
                                                     + (f"; {cut}" if cut else ""), selected=selected)
    return Stream(path, header, results, footer, truncated)


def _outside_selection(result: dict, header: dict | None) -> str:
    """Why ``result`` is not one its stream's header selected (``selection.ids``, ``games``,
    ``shard``), or "" when it is."""
    import fnmatch
    from ..selection import shard_of
    sel = (header or {}).get("selection") or {}
    sid = str(result.get("id"))
    ids = sel.get("ids") or []
    if ids and not any(fnmatch.fnmatchcase(sid, p) for p in ids):
        return f"its id matches no --id of the selection ({', '.join(ids)[:200]})"
    games = sel.get("games") or []
    if games and result.get("game") and result["game"] not in games:
        return f"its game {result['game']!r} is not the selection's ({', '.join(games)})"
    shard = sel.get("shard") or {}
    if isinstance(shard.get("count"), int) and shard["count"] > 0 and isinstance(shard.get("index"), int) \
            and shard_of(sid, shard["count"]) != shard["index"]:
        return f"it is in shard {shard_of(sid, shard['count'])} of {shard['count']}, the stream is shard {shard['index']}"
    return ""


def stream_identity(st) -> dict:
    """What every stream of one report must share: the suite (its content hash and version), the engine
    (the adapter's implementation name and version) and the date it was judged as of."""
    suite = st.header.get("suite") or {}
    impl = st.header.get("adapter", {}).get("implementation") or {}
    return {"suite (content_hash)": suite.get("content_hash"), "duelspec version": suite.get("version"),
            "engine": impl.get("name"), "engine version": impl.get("version"), "as-of date": _as_of(st.header)}


def shard(st) -> dict | None:
    """The ``selection.shard`` of a stream's header (``index``, ``count``, ``run``), or None."""
    sh = (st.header.get("selection") or {}).get("shard")
    return sh if isinstance(sh, dict) else None


def read_streams(paths) -> Stream:
    """The one report of the saved streams of ``paths`` (:func:`combine`: a lone unsharded stream as
    it is, the shards of one run or several selections of one engine merged). Raises :class:`InputError`."""
    return combine([read_stream(p) for p in paths])


def merge_streams(streams: list) -> Stream:
    """One :class:`Stream` from the streams of one run split into shards (``--shard K/N``), or
    of several selections of one engine. Raises :class:`duelspec.errors.InputError` when they
    ran different suites (``suite.content_hash``, ``suite.version``) or engines (the adapter's
    implementation name and version), were judged as of different dates (``selection.as_of``),
    are shards of different runs (``selection.shard.run``), or report one scenario twice. A
    shard missing from a sharded set (also when only one shard is given), or any stream that
    stopped early, makes the merged run stopped early with the reason."""
    from ..errors import InputError
    first = streams[0]
    seen: dict = {}
    results = []
    for st in streams:
        ident, want = stream_identity(st), stream_identity(first)
        diff = [k for k in want if ident[k] != want[k]]
        if diff:
            raise InputError(st.path, "line 1", f"a stream of the same {', '.join(diff)} as {first.path} "
                             f"({', '.join(f'{k} {want[k]}' for k in diff)}): streams of different suites, engines "
                             "or dates do not add up to one report", {k: ident[k] for k in diff})
        runs = {(shard(s) or {}).get("run") for s in (first, st)}
        if shard(first) and shard(st) and len(runs) > 1 and None not in runs:
            raise InputError(st.path, "line 1 /selection/shard/run", f"a shard of the same run as {first.path} "
                             f"({shard(first)['run']}): shards of different runs do not add up to one run",
                             shard(st)["run"])
        for r in st.results:
            if r["id"] in seen:
                raise InputError(st.path, "", "each scenario in one stream only", f"{r['id']} also in {seen[r['id']]}")
            seen[r["id"]] = st.path
            results.append(r)
    reasons = [f"{st.path}: {st.footer.get('reason', 'stopped early')}" for st in streams if st.footer.get("stopped_early")]
    shards = [shard(st) for st in streams]
    if any(shards):
        counts = {sh["count"] for sh in shards if sh}
        have = {sh["index"] for sh in shards if sh}
        n = max(counts) if counts else 0
        missing = sorted(set(range(1, n + 1)) - have)
        sels = [{k: v for k, v in st.header.get("selection", {}).items() if k != "shard"} for st in streams]
        if len(counts) > 1 or None in shards:
            reasons.append("the streams are not the shards of one run (different shard counts, or unsharded streams among them)")
        elif any(sel != sels[0] for sel in sels):
            # shards of different selections do not add up to one run, however their indexes do
            reasons.append("the streams are not the shards of one run (different selections: games, rulings, ids, "
                           "tags, requires, generated or paths)")
        elif len(have) < len(shards):
            reasons.append("the streams are not the shards of one run (one shard given twice)")
        elif missing:
            reasons.append(f"shard(s) {', '.join(map(str, missing))} of {n} missing")
    t = Tally()
    for r in results:
        t.add(r)
    selected = [st.footer.get("selected") for st in streams]
    footer = t.footer(stopped_early=bool(reasons), reason="; ".join(reasons) if reasons else None,
                      duration_s=sum(st.footer.get("duration_s", 0) for st in streams),
                      selected=sum(selected) if None not in selected else None,
                      late_faults=[f for st in streams for f in st.footer.get("late_faults") or []])
    jobs = [st.footer.get("jobs") for st in streams]
    if None not in jobs:
        footer["jobs"] = sum(jobs)
    selection = {k: v for k, v in first.header.get("selection", {}).items() if k != "shard"}
    header = dict(first.header, selection=selection,
                  started=min(str(st.header.get("started", "")) for st in streams) or first.header.get("started"))
    return Stream(",".join(st.path for st in streams), header, results, footer, any(st.truncated for st in streams))


def combine(streams: list) -> Stream:
    """The one report of ``streams``: a lone unsharded stream as it is, anything else merged
    (:func:`merge_streams`): a lone shard is an incomplete run."""
    if len(streams) == 1 and not shard(streams[0]):
        return streams[0]
    return merge_streams(streams)


def runs(streams: list) -> list[list]:
    """``streams`` grouped into runs, in the order their first stream comes: the shards of one run
    (one ``selection.shard.run``, or for streams written before shards named their run, one suite,
    engine, date, selection and shard count) are one run; every unsharded stream is a run of its own."""
    groups: dict = {}
    for i, st in enumerate(streams):
        sh = shard(st)
        if sh is None:
            key = ("stream", i)
        elif sh.get("run"):
            key = ("run", sh["run"], stream_identity(st)["engine"])
        else:
            sel = {k: v for k, v in (st.header.get("selection") or {}).items() if k != "shard"}
            key = ("shards", json_line(stream_identity(st)), json_line(sel), sh.get("count"))
        groups.setdefault(key, []).append(st)
    return list(groups.values())


# -- Markdown ---------------------------------------------------------------------------------

def run_facts(footer: dict) -> str | None:
    """How long a run took and with how many adapter processes, from its footer (``duration_s``,
    ``jobs``), for a report; None when the footer records no duration.

    >>> run_facts({"counts": {"passed": 2599}, "duration_s": 41.25, "jobs": 2})
    '2,599 results in 41.2 s with 2 adapter processes'
    >>> run_facts({"counts": {"passed": 166}, "duration_s": 8.2})
    '166 results in 8.2 s; the number of adapter processes is not recorded'
    """
    if not isinstance(footer.get("duration_s"), (int, float)):
        return None
    n = sum(v for v in (footer.get("counts") or {}).values() if isinstance(v, int))
    jobs = footer.get("jobs")
    who = (f" with {jobs} adapter process{'es' if jobs != 1 else ''}" if isinstance(jobs, int)
           else "; the number of adapter processes is not recorded")
    return f"{n:,} results in {footer['duration_s']:.1f} s{who}"


def render_markdown(header: dict, results: list[dict], footer: dict, limit: int = 100) -> str:
    """A Markdown summary (for a CI job summary): verdict, counts, adapter, early stop, and
    one collapsible entry per failed / errored / timed-out / xpassed scenario; rendered by the
    template ``duelspec/reporting/templates/summary.md`` (:mod:`duelspec.reporting.markdown`).

    Every text from an adapter or a scenario (names, versions, ids, reasons, files, messages)
    is escaped (:func:`duelspec.text.markdown` by default, :func:`duelspec.text.html` inside an
    HTML block): it renders as the characters it is, never as HTML, a link, an image or emphasis."""
    from ..judging.coverage import describe, unchecked_text
    from .markdown import render
    impl = header.get("adapter", {}).get("implementation", {}) or {}
    counts = footer.get("counts", {})
    executed = sum(counts.get(o, 0) for o in ("passed", "failed", "xfailed", "xpassed"))
    bad = [r for r in results if r["outcome"] in BAD]
    partial = [r for r in results if partly(r)]
    per: dict = defaultdict(Counter)
    for r in results:
        for ru in r.get("rulings", []):
            o = counted_for(r, ru)
            per[ru][o] += 1
            per[ru]["partly"] += partly(r) and o not in ("skipped", NOT_CHECKED)
    cols = ("passed", "failed") + ((CONTRACT,) if any(c[CONTRACT] for c in per.values()) else ()) \
        + ("skipped", "errored", "xfailed") + (("partly",) if partial else ()) \
        + ((NOT_CHECKED_TEXT,) if any(c[NOT_CHECKED] for c in per.values()) else ())
    problems = []
    for r in bad:
        origin = r.get("origin") if isinstance(r.get("origin"), dict) else {}
        summary = (r.get("failures") or [{}])[0].get("message") or r.get("message", "")
        if r.get("follows"):
            summary = f"{summary}; {follows_text(r)}"
        problems.append({"label": ("contract failure (not a rules failure)" if contract_failure(r) else r["outcome"])
                         + (f" (partly checked: {_partly_numbers(r)})" if partly(r) else ""),
                         "id": r["id"], "rulings": ", ".join(r.get("rulings", [])),
                         "file": origin.get("file"), "line": origin.get("line", ""), "summary": summary,
                         "detail": detail_text(r)})
    contract = [r for r in results if contract_failure(r)]
    heads = from_counts(counts, sum(1 for r in partial if r["outcome"] == "passed"), len(contract))
    text = render(
        "summary.md",
        ok=executed > 0 and not bad and not any(counts.get(o, 0) for o in BAD) and not footer.get("stopped_early"),
        state=headline_state(heads, bool(footer.get("stopped_early"))),
        name=impl.get("name") or header.get("adapter", {}).get("spec", "?"), version=impl.get("version", ""),
        spec=header.get("adapter", {}).get("spec", ""), suite_version=header.get("suite", {}).get("version", "?"),
        protocol=header.get("protocol", "?"), started=header.get("started", "?"), as_of=_as_of(header),
        run_facts=run_facts(footer), outcomes=OUTCOMES, counts=counts, executed=executed,
        partly_counts=", ".join(f"{n} {o}" for o, n in Counter(r["outcome"] for r in partial).items()),
        stopped_early=footer.get("stopped_early"), reason=footer.get("reason", "no reason given"),
        ruling_columns=cols,
        by_ruling=[(ru, [c[NOT_CHECKED if o == NOT_CHECKED_TEXT else o] + (c["timed-out"] if o == "errored" else 0) for o in cols])
                   for ru, c in sorted(per.items(), key=lambda kv: ruling_order(kv[0]))],
        xfailed=[{"id": r["id"], "reason": (r.get("expected_failure") or {}).get("reason", ""),
                  "follows": follows_text(r) if r.get("follows") else None}
                 for r in results if r["outcome"] == "xfailed"],
        partial=[{"id": r["id"], "result": describe(r), "unchecked": unchecked_text(r),
                  "uncredited": ", ".join(not_checked(r))} for r in partial],
        following=[{"id": r["id"], "outcome": r["outcome"], "ruling": r["follows"].get("ruling", ""),
                    "label": r["follows"].get("label", "")} for r in results if isinstance(r.get("follows"), dict)],
        skips=Counter(r.get("reason") or "no reason given" for r in results if r["outcome"] == "skipped").most_common(),
        bad=problems, limit=limit, skipped=counts.get("skipped", 0),
        headline=headline(heads))
    return text.rstrip() + "\n"


def _as_of(header: dict) -> str | None:
    """The date a run judged by (``selection.as_of``), if the header says."""
    sel = header.get("selection")
    return sel.get("as_of") if isinstance(sel, dict) else None


def detail_text(r: dict) -> str:
    """Plain-text details of a bad result: failures with expected/actual, message, evidence."""
    parts = []
    if r.get("title"):
        parts.append(r["title"])
    if partly(r):
        from ..judging.coverage import describe, unchecked_text
        parts.append(f"{describe(r)}; not checked (not observed by the adapter): {unchecked_text(r, 20)}")
    for f in r.get("failures", []):
        parts.append(f"{f.get('pointer', '')}: {f.get('message', '')}")
        parts.append(f"  expected: {json.dumps(f.get('expected'), ensure_ascii=False)}")
        if "actual" in f:
            parts.append(f"  actual:   {json.dumps(f.get('actual'), ensure_ascii=False)}")
    if r.get("message"):
        parts.append(r["message"])
    for line in (answer_text(r), follows_text(r)):
        if line:
            parts.append(line)
    if r.get("expected_failure"):
        parts.append(f"expect-fail entry: {json.dumps(r['expected_failure'], ensure_ascii=False)}")
    ev = r.get("evidence") or {}
    if "exit_status" in ev:
        parts.append(f"exit status: {ev['exit_status']}")
    if "line" in ev:
        parts.append(f"offending line{' at ' + ev['pointer'] if ev.get('pointer') else ''}: {ev['line']}")
    if ev.get("stderr"):
        parts.append("stderr (tail):\n" + ev["stderr"][-2000:].rstrip())
    if r.get("detail") and r["outcome"] in ("errored", "timed-out") and len(r["detail"]) > 20:
        parts.append(r["detail"][-2000:].rstrip())
    text = visible(cap("\n".join(parts), DETAIL_CHARS), multiline=True)
    return re.sub("`{3,}|~{3,}", lambda m: "'" * len(m.group()), text)   # no fence can close the code block
