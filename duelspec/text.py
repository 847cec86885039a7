"""Text from an adapter or a scenario is data: bounded in size and escaped for each medium.

Every string that reaches a report passes through this module:

- :func:`cap` / :func:`bound`: a size limit with a visible truncation mark
  (``… [1234 more characters]``, ``… [56 more items]``); :func:`bound` applies limits to every
  string, list and nesting level of a JSON-like value (a result line, an implementation
  description) within one budget of characters.
- :func:`visible`: control characters (C0, DEL, C1 such as U+009B CSI), Unicode format
  characters that reorder or hide text (bidi overrides, zero-width), line/paragraph separators,
  lone surrogates and the non-characters U+FFFE/U+FFFF shown as ``\\xNN`` / ``\\uXXXX``: a
  terminal escape (clear screen, hyperlink OSC 8) is shown, never obeyed. The result is
  valid UTF-8 and valid XML 1.0 character data.
- :func:`terminal`, :func:`markdown`, :func:`html`, :func:`xml`: :func:`visible` plus the
  escaping of each medium (Rich renders these as plain :class:`rich.text.Text`, never markup).

The limits are characters (code points), not bytes.
"""
from __future__ import annotations

import re

MESSAGE_CHARS = 4000      # a message, a reason, a failure's text
DETAIL_CHARS = 8000       # a traceback or other long detail
NAME_CHARS = 200          # names, versions, ids shown in headers and summaries
LIST_ITEMS = 200          # items of any list kept in a result
DEPTH = 24                # nesting kept in a result
BUDGET = 256 * 1024       # characters of strings in one result line, all fields together

_FIELD_LIMITS = {"detail": DETAIL_CHARS, "stderr": 8192, "line": 2000, "title": 1000, "id": 1000,
                 "name": NAME_CHARS, "version": NAME_CHARS, "language": NAME_CHARS, "spec": 1000}

# characters never written raw: C0 but TAB/LF, DEL, C1, line/paragraph separators, bidi and
# zero-width format characters, BOM inside text, lone surrogates, the non-characters FFFE/FFFF
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069"
                     "\ufeff\ud800-\udfff\ufffe\uffff]")
_MD_PUNCT = "\\`*_{}[]()#+!|~"
_HTML_TABLE = {ord(c): f"&#{ord(c)};" for c in _MD_PUNCT + "\"'"} | {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_MD_TABLE = {ord(c): "\\" + c for c in _MD_PUNCT} | {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}


def json_escape_hidden(json_text: str) -> str:
    """JSON text with every character :func:`visible` would escape written as a JSON
    ``\\uXXXX`` escape instead (the JSON value is unchanged; C0 is escaped by JSON already)."""
    return _HIDDEN.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)


def _escape_char(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def cap(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` cut to ``limit`` characters with a mark saying how many were left out."""
    text = str(text)
    if len(text) <= limit:
        return text
    return text[:limit] + f"… [{len(text) - limit} more characters]"


def visible(text, multiline: bool = False, limit: int | None = None) -> str:
    """``text`` with every character that could drive a terminal or break a document shown as
    an escape (``\\x1b``, ``\\x9b``, ``\\u202e``, ``\\ud800``); TAB kept, LF kept only when
    ``multiline`` (else ``\\x0a``); cut to ``limit`` characters first when given."""
    text = str(text)
    if limit is not None:
        text = cap(text, limit)
    out = _HIDDEN.sub(_escape_char, text)
    if not multiline:
        out = out.replace("\n", "\\x0a")
    return out


def terminal(text, multiline: bool = False, limit: int | None = MESSAGE_CHARS):
    """A :class:`rich.text.Text` of ``text`` for a Rich console: never parsed as markup or
    emoji codes, controls shown (see :func:`visible`), at most ``limit`` characters."""
    from rich.text import Text
    return Text(visible(text, multiline, limit))


def plain(text, multiline: bool = False, limit: int | None = MESSAGE_CHARS) -> str:
    """:func:`visible` text for a plain stream (``click.echo``, pytest messages)."""
    return visible(text, multiline, limit)


def html(text, limit: int | None = MESSAGE_CHARS) -> str:
    """Text for an HTML context (inside an HTML block of a Markdown page, an attribute):
    entities for ``& < > " '`` and for the Markdown punctuation (``[ ] ( ) * _ `` ...: a renderer
    that reads Markdown there finds no link or emphasis either), controls shown, one line."""
    return visible(text, False, limit).translate(_HTML_TABLE)


def markdown(text, limit: int | None = MESSAGE_CHARS) -> str:
    """Text for inline GitHub-flavoured Markdown (a table cell, a list item, inside
    ``<code>``): no HTML, no links, images, emphasis or code spans, no table break; one line."""
    return visible(text, False, limit).translate(_MD_TABLE)


def workflow_data(text, limit: int | None = MESSAGE_CHARS) -> str:
    """Text for the message of a GitHub workflow command (``::error file=…::MESSAGE``), escaped as
    GitHub's toolkit does (``%`` → ``%25``, CR → ``%0D``, LF → ``%0A``): it stays one command, so no
    text can start another (``::stop-commands::``, ``::add-mask::``); controls shown."""
    return visible(text, True, limit).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def workflow_property(text, limit: int | None = 1000) -> str:
    """Text for a property value of a workflow command (``file=``, ``title=``): as
    :func:`workflow_data`, and ``:`` → ``%3A``, ``,`` → ``%2C`` (they end a value)."""
    return workflow_data(text, limit).replace(":", "%3A").replace(",", "%2C")


class StopCommands:
    """``with StopCommands(out):`` nothing printed to the CI log inside is obeyed as a GitHub
    workflow command: ``::stop-commands::TOKEN`` before (a fresh random token, which no text of an
    adapter or a scenario can know), ``::TOKEN::`` after. For a run whose output reaches a log:
    a line of an adapter's stderr tail that starts with ``::error`` is text there."""

    def __init__(self, out=None):
        import secrets
        import sys
        self.out = out or sys.stdout
        self.token = "duelspec-" + secrets.token_hex(16)

    def __enter__(self):
        self.out.flush()
        print(f"::stop-commands::{self.token}", file=self.out, flush=True)
        return self

    def __exit__(self, *exc):
        import sys
        for fh in (sys.stderr, sys.stdout):
            try:
                fh.flush()
            except (OSError, ValueError):
                pass
        print(f"::{self.token}::", file=self.out, flush=True)
        return False


def xml(text, limit: int | None = None) -> str:
    """Text that XML 1.0 can carry (element text or an attribute; ElementTree escapes ``&<>``)."""
    return visible(text, True, limit)


def bound(obj, limit: int = MESSAGE_CHARS, budget: int = BUDGET, items: int = LIST_ITEMS):
    """A copy of a JSON-like value with every string cut to its limit (``limit``, or the
    field's own: ``detail`` 8000, ``line`` 2000, ``name`` 200, ...), every list to ``items``
    items (200), nesting to 24 levels and all strings together to ``budget`` characters; each
    cut marked. Lone surrogates are escaped as ``\\udXXX`` so that the value can be written as UTF-8."""
    left = [budget]

    def walk(v, key, depth):
        if isinstance(v, str):
            n = min(_FIELD_LIMITS.get(key, limit), max(left[0], 0))
            s = cap(v, n) if len(v) > n else v
            left[0] -= len(s)
            return s if s.isascii() else _no_surrogates(s)
        if isinstance(v, (dict, list)) and depth >= DEPTH:
            return "… [nested too deeply]"
        if isinstance(v, dict):
            return {_no_surrogates(cap(str(k), NAME_CHARS)): walk(x, k, depth + 1) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            kept = [walk(x, key, depth + 1) for x in v[:items]]
            if len(v) > items:               # the mark has the items' shape (an object among objects)
                mark = f"… [{len(v) - items} more items]"
                kept.append({"message": mark} if isinstance(v[0], dict) else mark)
            return kept
        return v
    return walk(obj, None, 0)


def _no_surrogates(s: str) -> str:
    if s.isascii():           # the common case, and no surrogate is ASCII
        return s
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return s.encode("utf-8", "backslashreplace").decode("utf-8")
