"""A saved result stream in one of its formats (``duelspec summary --format``): Markdown, JUnit XML or
the JSON-lines stream itself. Above both renderings (:mod:`.report`, :mod:`.junit`), so neither
imports the other's module back."""
from __future__ import annotations

from .junit import to_junit
from .report import Stream, json_line, render_markdown


def render_stream(st: Stream, fmt: str) -> str:
    """A saved stream as ``markdown`` (:func:`duelspec.reporting.report.render_markdown`), ``junit`` (JUnit XML) or ``json``
    (the JSON-lines stream, merged)."""
    if fmt == "markdown":
        return render_markdown(st.header, st.results, st.footer)
    if fmt == "json":
        return "".join(json_line(x) + "\n" for x in (st.header, *st.results, st.footer))
    if fmt == "junit":
        return to_junit(st.header, st.results, st.footer)
    raise ValueError(f"no rendering {fmt!r} of a result stream (markdown, junit, json)")
