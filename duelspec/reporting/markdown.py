"""Markdown, rendered from Jinja2 templates (``duelspec/reporting/templates/*.md``) as the site renders HTML.

One environment, one escaping: every ``{{ value }}`` of a template is escaped for inline
GitHub-flavoured Markdown (:func:`duelspec.text.markdown`: no HTML, link, image, emphasis, code
span or table break; one line; bounded), unless a filter has already escaped it for its own
context and marked it so (:class:`markupsafe.Markup`, as Jinja2's autoescape does for HTML):

- ``md(limit)``: inline Markdown with another length limit;
- ``html(limit)``: text inside an HTML block (``<details><summary>…``), :func:`duelspec.text.html`;
- ``cell``: the project's own text in a table cell (``|`` escaped, one line; no other escaping);
- ``verbatim``: the project's own text as it is (a mutant name in a code span, a ruling ID).

A new field in a template is escaped once, by default.
"""
from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup

from .. import text

__all__ = ["render", "render_file", "cell", "environment"]


def cell(s) -> str:
    """The project's own text in a Markdown table cell (``|`` escaped, one line: runs of white space
    are one space); text from an adapter or a scenario is escaped by the default of :func:`render`.

    >>> cell("a | b\\n  c")
    'a \\\\| b c'
    """
    return " ".join(str(s).split()).replace("|", "\\|")


def _finalize(value):
    if isinstance(value, Markup):
        return value
    return text.markdown(value)


@lru_cache(maxsize=None)
def environment():
    """The Jinja2 environment of the Markdown templates (``duelspec/reporting/templates``)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined
    env = Environment(loader=PackageLoader("duelspec.reporting", "templates"), autoescape=False, trim_blocks=True,
                      lstrip_blocks=True, keep_trailing_newline=True, finalize=_finalize, undefined=StrictUndefined)
    env.filters["md"] = lambda v, limit=text.MESSAGE_CHARS: Markup(text.markdown(v, limit))
    env.filters["html"] = lambda v, limit=text.MESSAGE_CHARS: Markup(text.html(v, limit))
    env.filters["cell"] = lambda v: Markup(cell(v))
    env.filters["verbatim"] = lambda v: Markup(str(v))
    return env


def render(template: str, **context) -> str:
    """The Markdown of ``template`` (a file of ``duelspec/reporting/templates``) with ``context``."""
    return environment().get_template(template).render(**context)


def render_file(path, **context) -> str:
    """The Markdown of the template file ``path`` (a template kept beside the tool that renders it,
    ``adapters/edopro/report-tables.md``), with the same escaping as :func:`render`."""
    from pathlib import Path
    return environment().from_string(Path(path).read_text(encoding="utf-8")).render(**context)
