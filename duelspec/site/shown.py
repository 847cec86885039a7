"""What a page of the site shows of a text or a result: text from a stream clipped and made visible
(:func:`clip`, :func:`visible`), the project's prose shortened (:func:`abbreviate`), file names
(:func:`slug`, :func:`page_name`), JSON inside a ``<script>`` (:func:`script_json`), a result as a
summary shows it (:func:`for_summary`). The pages (:mod:`.render`) and the reading of runs
(:mod:`duelspec.site`) both use them."""
from __future__ import annotations

import json
import re

from jinja2 import Undefined

TEXT_CAP = 4000          # characters of any one text from a stream shown on a page
OUTCOMES = ("passed", "failed", "errored", "timed-out", "skipped", "xfailed", "xpassed")
#: what a result counts as on a page by ruling: an outcome, or ``contract`` (a contract failure,
#: :func:`duelspec.reporting.report.counted_for`: never counted as a rules failure)
COUNTED = ("passed", "failed", "contract", "errored", "timed-out", "skipped", "xfailed", "xpassed")
PAGE_ITEMS = 50          # items of any list of a result kept for its pages (failures, events, ...)


SUMMARY_VALUE = 2000      # characters of a summarised result's expected / actual value (as JSON) kept whole


def for_summary(result: dict) -> dict:
    """A result as a summary shows it (a generated chain's, the consensus view's): id, outcome,
    game, title, rulings, the partial check, the message or reason, and only its first failing
    expectation (:func:`duelspec.analysis.consensus.first_failure`: pointer, message, expected, actual;
    not the trace around it), each bounded. The first failure is kept whole enough for
    :func:`duelspec.analysis.causes.signature` to read it as from the whole result."""
    from ..analysis.consensus import first_failure
    from ..text import bound, cap
    from ..headline import contract_failure
    r = {k: result[k] for k in ("id", "outcome", "game") if k in result}
    if contract_failure(result):          # its failures are cut to the first: say it (a stream without the field)
        r["contract"] = True
    for k in ("title", "message", "reason"):
        if k in result:
            r[k] = cap(result[k], TEXT_CAP)
    r["rulings"] = [cap(x, 80) for x in list(result.get("rulings") or [])[:PAGE_ITEMS]]
    if result.get("partial") is True:
        r["partial"] = True
    if isinstance(result.get("coverage"), dict):
        r["coverage"] = bound(result["coverage"], budget=TEXT_CAP, items=PAGE_ITEMS)
    if result.get("failures"):
        f = first_failure(result)
        one = {k: cap(f.get(k, ""), 600) for k in ("pointer", "message")}
        for k in ("expected", "actual"):
            if k in f:
                text = json.dumps(f[k], ensure_ascii=False, default=str)
                one[k] = f[k] if len(text) <= SUMMARY_VALUE else cap(text, SUMMARY_VALUE)
        r["failures"] = [one] + ([{"pointer": "", "message": f"… [{len(result['failures']) - 1} more failures: see the result stream]"}]
                                 if len(result["failures"]) > 1 else [])
    return r


def slug(text: str) -> str:
    """A file-name-safe form of ``text`` (engine names)."""
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return s[:80] or "x"


def page_name(text: str) -> str:
    """The file name (and anchor) of a scenario id's pages: the id itself when it is file-name-safe
    and at most 80 characters, else a safe prefix and a hash of the whole id, so that two ids
    never share a page (two ids with the same first 80 characters overwrote each other's)."""
    import hashlib
    s = slug(text)
    if s == text:
        return s
    return f"{s[:63].rstrip('-.') or 'x'}-{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def visible(text: str) -> str:
    """``text`` with every control character (C0 but tab and newline, DEL, C1, e.g. ESC or
    U+009B) and every lone surrogate or non-character shown as ``\\u....`` instead of passed on."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def clip(text, cap: int = TEXT_CAP) -> str:
    """``text`` (a value of any JSON type) as visible text of at most ``cap`` characters, the cut said."""
    if isinstance(text, str):
        s = text
    elif isinstance(text, Undefined):          # a field a result does not have (e.g. the mark of a cut list)
        return ""
    else:
        s = json.dumps(text, ensure_ascii=False, default=str)
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
