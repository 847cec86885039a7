"""The one step grammar: every Gherkin step duelspec understands, and what it adds to a scenario.

Both the exporter (:mod:`duelspec.compiler`) and the pytest-bdd bindings
(``tests/``) apply steps through :meth:`Grammar.apply`, so a feature file means the
same scenario JSON whichever path reads it.

A rule is registered with a keyword (``given`` / ``when`` / ``then``), a regular
expression that must match the whole step text, the games it applies to and the
mechanics (``requires`` tags) it implies::

    @GRAMMAR.rule("given", r'player (?P<player>[AB]) has (?P<lp>\\d+) LP', games=("ygo",))
    def _lp(b, player, lp): ...
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..errors import InputError

KEYWORDS = ("given", "when", "then")
# gherkin pickle step types -> our keywords
PICKLE_TYPES = {"Context": "given", "Action": "when", "Outcome": "then"}


@dataclass
class Rule:
    keyword: str
    pattern: re.Pattern
    handler: Callable
    games: tuple
    requires: tuple
    example: str = ""
    table: bool = False          # the step takes a data table (its rows are passed as ``table``)
    minor: int = 0               # 1: a word of scenario format 2.1 (``duelspec steps`` says so)


@dataclass
class Moment:
    """A moment phrase that starts a When step (scenario format 2): ``handler(builder, **groups)``
    returns the step's ``when`` object."""
    pattern: re.Pattern
    handler: Callable
    games: tuple
    example: str = ""
    minor: int = 0               # 1: a word of scenario format 2.1


@dataclass
class Modifier:
    """A phrase between a When step's moment and its action (``<moment>, <modifier>, <action>``):
    ``handler(builder, when)`` changes the step's ``when`` (``every time this turn``)."""
    pattern: re.Pattern
    handler: Callable
    games: tuple
    example: str = ""
    minor: int = 0
    text: str = ""               # what it says (``duelspec steps``)


#: what a When step must look like in format 2
MOMENT_FIRST = ("a When step that starts with its moment, then a comma and the action (scenario format 2: every "
                "step names the window it belongs to; see `duelspec steps`), e.g. ")
#: ``(refused: once per turn)`` at the end of a `cannot` step: the refusal code it must have when the engine gives one
REFUSAL = re.compile(r"(?P<text>.*\S) \(refused: (?P<code>[a-z0-9 -]+)\)\Z")
#: ``[AT-B4]`` / ``[AT-B4, AT-S6a]`` before a Then (or When) step: the expectations (steps) it adds carry
#: those rulings of the scenario (``expect.carries``, issue 27)
MARK = re.compile(r"\[(?P<ids>[A-Z]{2}-[A-Za-z0-9-]+(?:, *[A-Z]{2}-[A-Za-z0-9-]+)*)\] +(?P<rest>\S.*)\Z")


@dataclass
class Grammar:
    rules: list = field(default_factory=list)
    moments: list = field(default_factory=list)
    modifiers: list = field(default_factory=list)

    def moment(self, pattern: str, games=("ygo", "dm"), example: str = "", minor: int = 0):
        """Decorator: register ``handler(builder, **groups) -> when`` for a moment phrase
        ``pattern`` that starts a When step (followed by ``, `` and the action)."""
        def deco(fn):
            self.moments.append(Moment(re.compile(pattern + r", "), fn, tuple(games), example, minor))
            return fn
        return deco

    def modifier(self, pattern: str, games=("ygo", "dm"), example: str = "", minor: int = 0, text: str = ""):
        """Decorator: register ``handler(builder, when, **groups)`` for a phrase that may follow a
        moment (``<moment>, <modifier>, <action>``) and changes the step's ``when``."""
        def deco(fn):
            self.modifiers.append(Modifier(re.compile(pattern + r", "), fn, tuple(games), example, minor, text))
            return fn
        return deco

    def split_moment(self, builder, text: str, line):
        """``(when, action text)`` of a format-2 When step; :class:`InputError` when it does not
        start with a known moment."""
        for m in self.moments:
            if builder.game in m.games:
                hit = m.pattern.match(text)
                if hit:
                    rest = text[hit.end():]
                    try:
                        when = m.handler(builder, **hit.groupdict())
                        for mod in self.modifiers:
                            more = mod.pattern.match(rest)
                            if more:
                                if builder.game not in mod.games:
                                    raise StepError(f"`{mod.example or mod.pattern.pattern}` only in a scenario of "
                                                    f"{' or '.join(mod.games)}")
                                when = mod.handler(builder, when, **more.groupdict())
                                rest = rest[more.end():]
                    except StepError as exc:
                        raise InputError(builder.file, f"line {line}" if line else "", str(exc), text) from None
                    return when, rest
        examples = [m.example for m in self.moments if builder.game in m.games and m.example]
        if re.fullmatch(r"player [AB] pass(?:es)?", text):
            raise InputError(builder.file, f"line {line}" if line else "",
                             "no `passes` step (scenario format 2: no script counts passes; a player with no step "
                             "for a window passes there)", text)
        raise InputError(builder.file, f"line {line}" if line else "",
                         MOMENT_FIRST + "; ".join(f"`{e}`" for e in examples[:4]), text)

    def rule(self, keyword: str, pattern: str, games=("ygo", "dm"), requires=(), example: str = "", table: bool = False,
             minor: int = 0):
        """Decorator: register ``handler(builder, **groups)`` for steps matching ``pattern``
        (``table=True``: the step takes a data table, passed as ``handler(..., table=rows)``)."""
        assert keyword in KEYWORDS, keyword

        def deco(fn):
            self.rules.append(Rule(keyword, re.compile(pattern + r"\Z"), fn, tuple(games), tuple(requires), example, table,
                                   minor))
            return fn
        return deco

    def match(self, keyword: str, text: str, game: str):
        """The rule and match object for a step, or ``(None, None)``."""
        for r in self.rules:
            if r.keyword == keyword and game in r.games:
                m = r.pattern.match(text)
                if m:
                    return r, m
        return None, None

    def apply(self, builder, keyword: str, text: str, line: int | None = None, table: list | None = None) -> None:
        """Apply one step to ``builder`` (``table``: the rows of its data table, if it has one).
        Raises :class:`InputError` (file, line, what was expected) for a step no rule matches or
        a rule that rejects its arguments."""
        builder.line = line
        text = text.strip()
        mark = MARK.match(text)
        if mark and keyword in ("when", "then"):
            return self._marked(builder, keyword, mark, line, table)
        when = refusal = None
        if keyword == "when":
            when, text = self.split_moment(builder, text, line)
            r = REFUSAL.match(text)
            if r:
                text, refusal = r.group("text"), r.group("code").replace(" ", "-")
        rule, m = self.match(keyword, text, builder.game)
        if rule is None:
            other = next((k for k in KEYWORDS if k != keyword and self.match(k, text.strip(), builder.game)[0]), None)
            if other:
                raise InputError(builder.file, f"line {line}" if line else "",
                                 f"a {keyword.title()} step; this text is a {other.title()} step (an `And` continues "
                                 f"the keyword before it: write `{other.title()}` here, and keep Given before When before Then)",
                                 text)
            near = [r.example or r.pattern.pattern for r in self.rules
                    if r.keyword == keyword and builder.game in r.games]
            raise InputError(builder.file, f"line {line}" if line else "",
                             f"a known {keyword.title()} step for game {builder.game!r} "
                             f"(see `duelspec steps`); the closest forms are: " + "; ".join(_closest(text, near)),
                             text)
        if keyword != "then" and builder.expect_started:
            raise InputError(builder.file, f"line {line}" if line else "",
                             "every Given/When step before the first Then step", text)
        if keyword == "then":
            builder.expect_started = True
        if (table is not None) != rule.table:
            raise InputError(builder.file, f"line {line}" if line else "",
                             "a data table under this step (one row per event)" if rule.table else
                             "a step without a data table (this step takes none: write the values in the step)", text)
        builder.requires.update(rule.requires)
        builder.when = when
        n = len(builder.script)
        try:
            rule.handler(builder, **{k: v for k, v in m.groupdict().items()}, **({"table": table} if rule.table else {}))
            for key, phrase in (("every", "every time this turn"), ("opens", "which must not come")):
                if when and key in when and (len(builder.script) != n + 1 or builder.script[-1].get("legal", True)):
                    raise StepError(f"`{phrase}` only with a `cannot` step (format 2.1: a refusal that holds at every "
                                    f"occurrence of the window this turn / a window that must not open)")
            if keyword == "when" and refusal is not None:
                if len(builder.script) != n + 1 or builder.script[-1].get("legal", True):
                    raise StepError("a refusal code `(refused: ...)` only at the end of a `cannot` step")
                from ..validation import schema
                codes = schema("trace")["$defs"]["refusal_code"]["enum"]
                if refusal not in codes:
                    raise StepError(f"a refusal code of the vocabulary: {', '.join(codes)} (spaces for hyphens)")
                builder.script[-1]["refusal"] = refusal
        except StepError as exc:
            raise InputError(builder.file, f"line {line}" if line else "", str(exc), text) from None
        except ValueError as exc:  # e.g. a number of more than 4300 digits
            raise InputError(builder.file, f"line {line}" if line else "", f"values of ordinary size ({exc})", text[:120]) from None


    def _marked(self, builder, keyword: str, mark, line, table) -> None:
        """A step with a ruling mark: apply it, then record the items it added (expectations, or
        script steps) as carrying those rulings in ``builder.expect["carries"]``."""
        where = f"line {line}" if line else ""
        ids = [x.strip() for x in mark.group("ids").split(",")]
        wrong = [r for r in ids if r not in builder.rulings]
        if wrong:
            raise InputError(builder.file, where, f"a ruling the scenario is tagged with in the mark "
                             f"({', '.join(builder.rulings) or 'it has no @ruling tag'})", ", ".join(wrong))
        before = _leaves(builder)
        self.apply(builder, keyword, mark.group("rest"), line, table)
        after = _leaves(builder)
        added = [p for p, v in after.items() if p not in before or before[p] != v]
        if not added:
            raise InputError(builder.file, where, "a marked step that adds an expectation or a script step (the mark says "
                             "which rulings they carry)", mark.group(0))
        carries = builder.expect.setdefault("carries", {})
        for r in ids:
            have = carries.setdefault(r, [])
            have += [p for p in added if p not in have]


def _leaves(builder) -> dict:
    """JSON pointer -> value of every item of the builder's current expectations (events items,
    never patterns, final-state fields) and of its script steps."""
    import json
    e = builder.expect
    out = {f"/expect/events/{i}": json.dumps(x, sort_keys=True) for i, x in enumerate(e.get("events", []))}
    out.update({f"/expect/never/{i}": json.dumps(x, sort_keys=True) for i, x in enumerate(e.get("never", []))})
    final = e.get("final", {})
    for cid, st in final.get("cards", {}).items():
        out.update({f"/expect/final/cards/{cid}/{k}": json.dumps(v) for k, v in st.items()})
    for p, st in final.get("players", {}).items():
        if "lp" in st:
            out[f"/expect/final/players/{p}/lp"] = json.dumps(st["lp"])
        out.update({f"/expect/final/players/{p}/counts/{z}": json.dumps(v) for z, v in st.get("counts", {}).items()})
    out.update({f"/expect/final/{k}": json.dumps(final[k]) for k in ("winner", "turn", "phase") if k in final})
    out.update({f"/script/{i}": json.dumps(x, sort_keys=True) for i, x in enumerate(builder.script)})
    return out


class StepError(Exception):
    """Raised by a step handler whose arguments do not make sense (unknown card, ...);
    :meth:`Grammar.apply` turns it into an :class:`InputError` with file and line."""


def readable(pattern: str) -> str:
    """A step rule's regular expression as a form a person reads: ``<name>`` for a value,
    ``[...]`` for an optional part, ``a|b`` for alternatives.

    >>> readable(r'player (?P<player>[AB]) has (?P<lp>\\d+) LP(?: at the end)?')
    'player <A|B> has <lp> LP[ at the end]'
    """
    if pattern.endswith("\\Z"):
        pattern = pattern[:-2]
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("(?P<", i):
            name = pattern[i + 4:pattern.index(">", i)]
            end = _close(pattern, i)
            inner = pattern[pattern.index(">", i) + 1:end]
            words = re.fullmatch(r"[\w ,&'.-]+(?:\|[\w ,&'.-]+)+", inner)
            out.append("<A|B>" if inner == "[AB]" else f"({inner})" if words else f"<{name}>")
            i = end + 1
        elif pattern.startswith("(?:", i):
            end = _close(pattern, i)
            inner = readable(pattern[i + 3:end])
            if pattern[end + 1:end + 2] == "?":
                out.append(f"[{inner}]")
                i = end + 2
            else:
                out.append(f"({inner})" if "|" in inner else inner)
                i = end + 1
        elif pattern[i] == "\\" and i + 1 < len(pattern):
            out.append(pattern[i + 1])
            i += 2
        else:
            out.append(pattern[i])
            i += 1
    return "".join(out)


def _close(pattern: str, start: int) -> int:
    """The index of the parenthesis closing the one at ``start``."""
    depth, i = 0, start
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i = pattern.index("]", i + 1) + 1
            continue
        depth += c == "("
        depth -= c == ")"
        if depth == 0:
            return i
        i += 1
    raise ValueError(pattern)


def _closest(text: str, candidates: list[str], n: int = 3) -> list[str]:
    import difflib
    return difflib.get_close_matches(text, candidates, n=n, cutoff=0.0)[:n]


GRAMMAR = Grammar()


def step_forms(game: str | None = None) -> list[str]:
    """The lines ``duelspec steps`` prints: every step form (of ``game``, or both), with its example.
    A When step starts with one of the moments, then a comma and the action; a modifier may stand
    between them; words of format 2.1 say so."""
    forms = [("Moment", m, f"{readable(m.pattern.pattern[:-2])}, ...", "", "When ") for m in GRAMMAR.moments]
    forms += [("Modifier", m, f"<moment>, {readable(m.pattern.pattern[:-2])}, <action>", m.text, "When ")
              for m in GRAMMAR.modifiers]
    forms += [(r.keyword.title(), r, readable(r.pattern.pattern), "", "") for r in GRAMMAR.rules]
    lines = []
    for label, form, shape, text, prefix in forms:
        if game and game not in form.games:
            continue
        # a word of scenario format 2.1: documents using it need adapter protocol 3
        lines.append(f"{label:5} [{','.join(form.games)}] {shape}{' (format 2.1)' if form.minor else ''}")
        lines += [f"{'':5}   {line}" for line in ([text] if text else []) + ([f"e.g. {prefix}{form.example}"] if form.example else [])]
    return lines


def quoted(s: str | None) -> list[str]:
    """``'"a", "b" and "c"'`` -> ``['a', 'b', 'c']``."""
    return re.findall(r'"([^"]+)"', s or "")


QLIST = r'"[^"]+"(?:(?:, | and |, and )"[^"]+")*'
PLAYER = r"(?P<player>[AB])"
