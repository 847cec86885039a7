"""Failures grouped by cause: ``duelspec summary --by-cause`` (issue 12).

A run of the generated chains gives hundreds of failures; they are read by cause. Each failed,
errored (or xfailed) result gets a *signature* computed from the result and its scenario only
(never from its id):

- ``first``: the first failing expectation — a script step the engine refused or allowed
  against the script if there is one (the expectations failing after it are its consequences),
  else the first failing pattern or final-state field; for an errored result the engine error
  its adapter reports (``engine error: Lua error in c50418970.lua: attempt to …``, without the
  line) or the message — with cards named by their role (``missing draw A
  normal``, ``occurred activate replacement``, ``refused legal step: B activates D.D. Crow
  (first response)``, ``final players.A.counts.hand``, ...);
- ``card`` / ``kind`` / ``interference``: the replacement the failure is about — the card the
  failing pattern or step names, the replacement a named interferer answers, or else the last
  of player A's replacements on the chain — its kind (``cost``, ``cost-mandatory``, ``effect``,
  ``effect-continuous``, ``af2``) and what the scenario does to it (``none``,
  ``negate-activation``, ``negate-effect``, ``fizzle``, ``leaves-field``, ``refused``), from the
  modelled cards of :mod:`duelspec.generated.cards` (a card not modelled there has no kind);
- ``interferer``: the interferer of a failing step, if any;
- ``top``: the last of player A's replacements on the chain and what is done to it
  (``Malefic World (negate-activation)``): it decides the normal draw right (ND-E7, ND-C5);
- ``chain``: player A's replacements on the chain, link 1 first, each with what is done to it
  (``Magical Blast (none) > Fandora, the Flying Furtress (none)``);
- ``before``: for a failing script step, player A's replacements activated before it (the
  game's own activations and A's earlier steps), as in ``chain``; else empty. It tells a step
  refused *after* a card that gave the draw up from one refused for its own sake.
- ``reason``: for a failing script step, the reason the adapter's trace gives for its outcome
  (``actual.reason``, bounded), e.g. the Go Duel Masters driver's "the run stopped at player A's
  question "Select 2 shield(s) to break" in step AT-S1 …"; else empty (issue 33: an engine whose
  cause is *where* it asks is told apart by it).

Cards are named by their role (Yu-Gi-Oh!) or, in a Duel Masters scenario, by their English name
from the card list (``missing power Tajimal, Vizier of Aqua``); an ``ask`` pattern names its
question (``occurred ask A break-shields``).

A *cause file* (TOML) maps signatures to an engine's causes::

    [causes.A]
    title = "free-chain responses are not offered as the first response before the draw"
    who = "ygopro-core"
    evidence = "processor.cpp:3373 ..."
    rulings = ["ND-C3", "ND-E3"]
    [[causes.A.match]]          # every key listed must match (values: one or a list; "*" globs)
    first = "refused legal step: B activates *(first response)*"

Causes are tried in file order; a failure matching none is ``unclassified`` and shown with its
signature, so a new cause shows up as a group of its own.
"""
from __future__ import annotations

import fnmatch
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass, field

from ..generated import cards as C
from ..generated import is_generated

BAD = ("failed", "errored", "xfailed")
SIGNATURE_KEYS = ("first", "card", "kind", "interference", "interferer", "top", "chain", "before", "reason")


@dataclass
class Cause:
    """One cause of a cause file: its key, title, who (core / scripts / suite / adapter), the
    evidence (engine file:line at the commits of the report), the rulings and the match rules."""
    key: str
    title: str
    who: str = ""
    evidence: str = ""
    rulings: list = field(default_factory=list)
    match: list = field(default_factory=list)
    superseded: str = ""
    same_fix: str = ""        # the key of the cause whose fix experiment is this cause's too (one defect)
    shared: str = ""          # "<engine>:<key>": the same defect of a common code base in another engine's report
    counterpart: str = ""     # "<engine>:<key>": the same behaviour written separately in another engine
    examples: list = field(default_factory=list)   # scenario ids a report's run must classify as this cause
    blames: list = field(default_factory=list)     # cards whose scripts it blames when the failure is about another card
    grade: str = "rules"      # "hint": a cosmetic message with nothing offered (no source says it matters)

    def shown(self, sig: dict) -> dict:
        """``sig`` as this cause's report rows show it: with ``blames``, the card (kind,
        interference) is the first blamed card on the chain — the script a maintainer opens —
        followed by the card the failing expectation is about (``Iron Core of Koa'ki Meiru
        (below Legacy of the Duelist)``); without, ``sig`` unchanged."""
        if not self.blames:
            return sig
        links = [(name, intf.rstrip(")")) for name, _, intf in
                 (part.rpartition(" (") for part in str(sig.get("chain", "")).split(" > ")) if name]
        hit = next(((n, i) for n, i in links if n in self.blames), None)
        if hit is None or hit[0] == sig.get("card"):
            return sig
        r = next((r for r in C.REPLACEMENTS if r.name == hit[0]), None)
        card = hit[0] + (f" (below {sig['card']})" if sig.get("card") else "")
        return {**sig, "card": card, "kind": r.gen_kind if r else "", "interference": hit[1]}

    def matches(self, sig: dict) -> bool:
        for rule in self.match:
            if all(_matches_value(sig.get(k), v) for k, v in rule.items()):
                return True
        return False


def _matches_value(got, want) -> bool:
    wants = want if isinstance(want, list) else [want]
    return any(fnmatch.fnmatchcase(str(got), str(w)) for w in wants)


def load_causes(path) -> list[Cause]:
    """The causes of a cause file (see the module docstring; schema ``schemas/causes.schema.json``).
    Raises InputError naming the file and the line (TOML syntax) or the JSON pointer
    (``/causes/A/match/0/frist``) for a malformed one; a FIFO nobody writes to, a device or a
    file over 16 MiB is an error too, never a wait."""
    from .. import validation
    from ..files import EXPECT_FAIL_BYTES, read_toml
    doc = read_toml(path, "an existing cause file (TOML)", EXPECT_FAIL_BYTES)
    validation.check(doc, "causes", str(path))
    return [Cause(key, c["title"], c.get("who", ""), c.get("evidence", ""), list(c.get("rulings", [])),
                  list(c.get("match", [])), c.get("superseded", ""), c.get("same_fix", ""), c.get("shared", ""),
                  c.get("counterpart", ""), list(c.get("examples", [])), list(c.get("blames", [])),
                  c.get("grade", "rules"))
            for key, c in (doc.get("causes") or {}).items()]


# ------------------------------------------------------------------ signatures
_REPL = {r.code: r for r in C.REPLACEMENTS}


def _card_name(code, game: str = "ygo") -> str | None:
    """A card's English name from ``game``'s catalogue (None if unknown)."""
    if code is None:
        return None
    from ..catalogue import cards
    cat = cards(game)
    return cat[code]["name"]["en"] if code in cat else None
_INTF = {i.code: i for i in C.INTERFERERS}


class Roles:
    """Who is who in a scenario: the replacements of player A, B's interferers and what they
    answer, the resources of each replacement."""

    def __init__(self, scenario: dict):
        self.game = scenario.get("game") or ("dm" if str(scenario.get("id", "")).startswith("dm.") else "ygo")
        cards = scenario.get("setup", {}).get("cards", [])
        self.code = {c["id"]: c["card"] for c in cards}
        self.repl = {c["id"]: _REPL[c["card"]] for c in cards if c["card"] in _REPL and c.get("owner") == "A"}
        self.intf = {c["id"]: _INTF[c["card"]] for c in cards if c["card"] in _INTF and c.get("owner") == "B"}
        script = scenario.get("script", [])
        # A's links in chain order: the game's own (mandatory) activations first, then A's steps
        a_steps = [s for s in script if s.get("player") == "A" and s.get("do") == "activate" and s.get("card") in self.repl]
        scripted = {s["card"] for s in a_steps}
        mandatory = [cid for cid, r in self.repl.items() if r.mandatory and cid not in scripted]
        self.links = mandatory + [s["card"] for s in a_steps if s.get("legal", True)]
        self.step_of = {s["card"]: i for i, s in enumerate(script) if s in a_steps}
        self.refused = {s["card"] for s in a_steps if s.get("legal", True) is False}
        # the resources of each replacement (cards its effect uses), by the modelled facts
        self.owner_of: dict = {}
        for cid, r in self.repl.items():
            res_codes = {code for _, code, _ in r.resources}
            for other, code in self.code.items():
                if code in res_codes and other not in self.repl:
                    self.owner_of.setdefault(other, cid)
            for s in a_steps:
                if s["card"] == cid:
                    for t in s.get("targets", []):
                        self.owner_of.setdefault(t, cid)
        # what each of B's steps does to which link
        self.interference: dict = {cid: "none" for cid in self.repl}
        for cid in self.refused:
            self.interference[cid] = "refused"
        self.answers: dict = {}
        for s in script:
            if s.get("player") != "B" or s.get("do") != "activate" or s.get("card") not in self.intf:
                continue
            w = self.intf[s["card"]]
            target = None
            for t in s.get("targets", []):
                target = t if t in self.repl else self.owner_of.get(t, target)
            if target is None:
                link = (s.get("when") or {}).get("link")
                if isinstance(link, int) and 0 < link <= len(self.links):
                    target = self.links[link - 1]
            if target is not None:
                self.answers[s["card"]] = target
                self.interference[target] = w.interference

    def role(self, cid) -> str:
        if cid in self.repl:
            return "replacement"
        if cid in self.intf:
            return self.intf[cid].name
        if cid in self.owner_of:
            return "its resource"
        if cid == "top":
            return "top card"
        return _card_name(self.code.get(cid), self.game) or "another card"

    def about(self, cid=None) -> str | None:
        """The replacement a card is about (itself, the one it answers, the one whose resource it is)."""
        if cid in self.repl:
            return cid
        if cid in self.answers:
            return self.answers[cid]
        if cid in self.owner_of:
            return self.owner_of[cid]
        return None

    def top(self) -> str | None:
        return self.links[-1] if self.links else (next(iter(self.repl), None))


def _describe(pattern: dict, roles: Roles) -> str:
    if not isinstance(pattern, dict):
        return "?"
    kind = pattern.get("event", "?")
    bits = [kind]
    if "player" in pattern:
        bits.append(str(pattern["player"]))
    if kind == "draw" and "normal" in pattern:
        bits.append("normal" if pattern["normal"] else "by an effect")
    if kind == "ask" and "question" in pattern:
        bits.append(str(pattern["question"]))
    if "card" in pattern:
        bits.append(roles.role(pattern["card"]))
    if "link" in pattern and kind != "activate":
        bits.append("link")
    for k in ("from", "to"):
        if k in pattern:
            bits.append(f"{k} {pattern[k]}")
    return " ".join(bits)


def _cards_of(pattern) -> list:
    if not isinstance(pattern, dict):
        return []
    out = [pattern["card"]] if "card" in pattern else []
    return out + list(pattern.get("cards", []))


def _engine_error(result: dict) -> str | None:
    """An adapter's report of the engine's own error (``engine error: <kind> in <script>:<line>,
    card …: <message>``, adapters/edopro/lib/engine_errors.mjs and adapters/ygopro/engine_errors.py),
    without line and count: ``engine error: Lua error in c50418970.lua: attempt to …``; else None."""
    import re
    m = re.match(r"engine error: (.+?) in ([^\s,:]+)(?::\d+)?, (?:card \d+(?: \"[^\"]*\")?(?: \(scenario card [^)]*\))?|no card named): "
                 r"(.*?)(?: \(and \d+ more engine errors?: see the detail\))?$", str(result.get("message", "")), re.S)
    return f"engine error: {m.group(1)} in {m.group(2)}: {m.group(3)}" if m else None


def signature(result: dict, scenario: dict) -> dict:
    """The signature of a failed result (see the module docstring); an errored result that reports
    an engine error has that error as its first failing expectation (its card: the scenario card
    the error names)."""
    roles = Roles(scenario)
    engine_error = _engine_error(result) if not result.get("failures") else None
    if engine_error:
        import re
        ids = re.search(r"\(scenario card ([^)]*)\)", result.get("message", ""))
        about = next((roles.about(c.strip()) for c in (ids.group(1).split(",") if ids else []) if roles.about(c.strip())), None)
        return _signature(engine_error, about, None, roles)
    fails = result.get("failures") or [{}]
    # a step the engine refused or allowed against the script comes first: the expectations that
    # fail after it are its consequences (the checker lists the script's failures last)
    f = next((x for x in fails if str(x.get("pointer", "")).startswith("/script/")), fails[0])
    ptr, msg = f.get("pointer", ""), f.get("message", "")
    exp = f.get("expected")
    about, interferer = None, None
    if ptr.startswith("/script/"):
        i = int(ptr.split("/")[2])
        step = scenario["script"][i]
        who, card = step.get("player"), step.get("card")
        when = step.get("when") or {}
        do = str(step.get("do"))
        what = f"{who} {do if do.endswith('s') else do + 's'} {roles.role(card) if card else ''}".strip()
        if not card and "option" in step:
            what += f" ({step['option']})"
        if card in roles.intf:
            interferer = roles.intf[card].name
            link = when.get("link")
            what += " (first response)" if link == len(roles.links) else f" (response to link {link})" if link else ""
        if f.get("kind") == "window":      # issue 32: the contract's window rule, not the engine's rules
            first = f"window mismatch (contract): {what}"
        elif ptr.endswith("/refusal"):
            first = f"refusal code differs: {what}"
        elif "never opened" in msg:
            first = f"window never opened: {what}"
        elif "must not open" in msg:       # format 2.1 `opens: false`: the window opened
            first = f"window opened: {what}"
        elif "must accept" in msg:
            first = f"refused legal step: {what}"
        elif "must not let" in msg:
            first = f"applied illegal step: {what}"
        else:
            first = f"no outcome: {what}"
        about = roles.about(card)
        before = [c for c in roles.links if roles.step_of.get(c, -1) < i and c != card]
    elif ptr.startswith("/expect/events") or ptr.startswith("/expect/never"):
        kind = "occurred" if ptr.startswith("/expect/never") else "wrong order" if "wrong order" in msg else "missing"
        pats = exp.get("any_order") or exp.get("together") if isinstance(exp, dict) and ("any_order" in exp or "together" in exp) else [exp]
        first = f"{kind} " + " + ".join(_describe(p, roles) for p in pats)
        if kind == "wrong order":       # it came before the event the previous item matched: name that item
            i = int(ptr.split("/")[3])
            prev = scenario.get("expect", {}).get("events", [])[i - 1] if i > 0 else None
            if isinstance(prev, dict):
                ppats = prev.get("any_order") or prev.get("together") or [prev]
                first += " before " + " + ".join(_describe(p, roles) for p in ppats)
        for p in pats:
            for cid in _cards_of(p):
                about = about or roles.about(cid)
    elif ptr.startswith("/expect/final"):
        parts = ptr.split("/")[3:]
        if parts[:1] == ["cards"] and len(parts) > 1:
            about = roles.about(parts[1])
            parts = ["cards", roles.role(parts[1])] + parts[2:]
        first = "final " + ".".join(parts)
    else:
        first = msg or (f"errored: {str(result.get('message', ''))[:200]}" if result.get("message") else "no failure reported")
    reason = ""
    if ptr.startswith("/script/") and isinstance(f.get("actual"), dict):
        reason = " ".join(str(f["actual"].get("reason") or "").split())[:500]
    return _signature(first, about, interferer, roles, before if ptr.startswith("/script/") else [], reason)


def _signature(first: str, about, interferer, roles: "Roles", before=(), reason: str = "") -> dict:
    about = about or roles.top()
    r = roles.repl.get(about)
    top = roles.top()
    tr = roles.repl.get(top)
    return {"first": first, "card": r.name if r else "", "kind": r.gen_kind if r else "",
            "interference": roles.interference.get(about, "") if r else "", "interferer": interferer or "",
            "top": f"{tr.name} ({roles.interference.get(top, 'none')})" if tr else "",
            "chain": " > ".join(f"{roles.repl[c].name} ({roles.interference.get(c, 'none')})" for c in roles.links),
            "before": " > ".join(f"{roles.repl[c].name} ({roles.interference.get(c, 'none')})" for c in before),
            "reason": reason}


@dataclass
class Group:
    cause: Cause | None
    ids: list = field(default_factory=list)
    signatures: dict = field(default_factory=dict)   # signature tuple -> count


def group(results: list, scenarios: dict, causes: list[Cause]) -> "OrderedDict[str, Group]":
    """Failed/xfailed ``results`` grouped by the first matching cause (``unclassified`` last).
    ``scenarios``: id -> scenario document. A result whose scenario is missing is unclassified
    with the signature ``first = "scenario not found"``."""
    groups: OrderedDict = OrderedDict((c.key, Group(c)) for c in causes)
    groups["unclassified"] = Group(None)
    for r in results:
        if r.get("outcome") not in BAD:
            continue
        sc = scenarios.get(r["id"])
        sig = signature(r, sc) if sc else {**{k: "" for k in SIGNATURE_KEYS}, "first": "scenario not found"}
        key = next((c.key for c in causes if c.matches(sig)), "unclassified")
        g = groups[key]
        g.ids.append(r["id"])
        sig = g.cause.shown(sig) if g.cause else sig
        t = tuple(sig[k] for k in SIGNATURE_KEYS)
        g.signatures[t] = g.signatures.get(t, 0) + 1
    return OrderedDict((k, g) for k, g in groups.items() if g.ids)


#: the signature keys a report shows per cause (the last replacement and the chain only split the counts)
SHOWN = SIGNATURE_KEYS[:5]


def _shown(g: "Group") -> list:
    """A group's signatures on the keys of :data:`SHOWN`, with their counts, most frequent first."""
    agg: dict = defaultdict(int)
    for sig, n in g.signatures.items():
        agg[sig[:len(SHOWN)]] += n
    return sorted(agg.items(), key=lambda kv: (-kv[1], kv[0]))


def render_markdown(groups, hand_written=lambda i: not is_generated(i), width: int = 10) -> str:
    """A Markdown section: per cause its count (hand-written + generated), who, an example, the
    evidence and its signatures with their counts (the template ``duelspec/reporting/templates/by-cause.md``)."""
    from ..reporting.markdown import render
    shown = []
    for key, g in groups.items():
        hw = sum(1 for i in g.ids if hand_written(i))
        sigs = _shown(g)
        shown.append({"key": key, "title": (g.cause.title + (" (hint-level)" if g.cause.grade == "hint" else ""))
                      if g.cause else "no cause of the cause file matches",
                      "label": g.cause.title if g.cause else "unclassified", "n": f"{len(g.ids):,}", "hand": f"{hw:,}",
                      "generated": f"{len(g.ids) - hw:,}", "who": g.cause.who if g.cause else "", "example": g.ids[0],
                      "evidence": g.cause.evidence if g.cause else None,
                      "signatures": [(sig, f"{n:,}") for sig, n in sigs[:width]],
                      "more": len(sigs) - width if len(sigs) > width else 0,
                      "more_n": f"{sum(n for _, n in sigs[width:]):,}"})
    return render("by-cause.md", groups=shown).removesuffix("\n")


def render_text(groups, console, width: int = 6) -> None:
    """The groups on a rich console: cause, count, an example, the evidence, the most frequent
    signatures (``width`` of them)."""
    from rich.text import Text
    from ..text import terminal
    for key, g in groups.items():
        title = g.cause.title if g.cause else "no cause of the cause file matches"
        console.print(Text.assemble(Text(f"{key:<4}", style="bold"), f" {len(g.ids):>6,}  ", terminal(title, limit=300)), highlight=False)
        console.print(Text.assemble("        e.g. ", terminal(g.ids[0], limit=300)), highlight=False)
        if g.cause and g.cause.evidence:
            console.print(Text.assemble("        ", terminal(g.cause.evidence, limit=300)), highlight=False)
        sigs = _shown(g)
        for sig, n in sigs[:width]:
            console.print(Text.assemble(f"        {n:>6,}  ", terminal(" | ".join(x or "-" for x in sig), limit=400)),
                          highlight=False)
        if len(sigs) > width:
            console.print(f"        ... {len(sigs) - width} more signatures", highlight=False)


def render_hidden(groups, hidden: dict) -> str:
    """Markdown: per cause, how many of its failures pass when their negations are not ordered
    and what the others fail for then (``hidden``: :func:`hidden_causes`)."""
    from ..reporting.markdown import render
    rows = []
    for key, g in groups.items():
        rerun = [i for i in g.ids if i in hidden]
        if not rerun:
            continue
        hid = [hidden[i][0] for i in rerun if hidden[i]]
        by = ", ".join(f"{k} {n:,}" for k, n in sorted(Counter(hid).items(), key=lambda kv: -kv[1])) or "none"
        rows.append({"key": key, "n": f"{len(g.ids):,}", "passing": f"{len(rerun) - len(hid):,}", "by": by})
    return render("hidden-causes.md", rows=rows).removesuffix("\n")


def expect_fail_toml(groups, header_lines: list[str], hidden: dict | None = None, exclude=frozenset()) -> str:
    """An expect-fail file: every grouped failure with ``<cause>: <title>`` as its reason, and
    for a failure in ``hidden`` (id -> (key, title): the cause it still fails for when its
    negations are not ordered) that cause too; but the ids of ``exclude`` (results that are never an
    expected failure: :func:`duelspec.judging.expectfail.not_expectable`)."""
    import json as _json
    out = [*("# " + h for h in header_lines), "format = 1", ""]
    for key, g in groups.items():
        title = g.cause.title if g.cause else "unclassified"
        for sid in sorted(g.ids):
            if sid in exclude:
                continue
            reason = f"{key}: {title}"
            if hidden and hidden.get(sid):
                reason += f"; with its negations not ordered it fails for {hidden[sid][0]}: {hidden[sid][1]}"
            out += [f"[scenarios.{_json.dumps(sid)}]", f"reason = {_json.dumps(reason, ensure_ascii=False)}", ""]
    return "\n".join(out)


def hidden_causes(unordered_results: list, scenario_paths, causes: list[Cause]) -> dict:
    """id of the original scenario -> (cause key, title) for each failure of a run of the
    :func:`without_negation_order` copies (what a negation-order failure hid), ``None`` for each
    copy that passed."""
    bad = [r for r in unordered_results if r.get("outcome") in BAD]
    groups = group(bad, by_id((r["id"] for r in bad), scenario_paths), causes)
    out: dict = {r["id"].removesuffix(".unordered-negations"): None for r in unordered_results if r.get("outcome") == "passed"}
    for key, g in groups.items():
        for sid in g.ids:
            out[sid.removesuffix(".unordered-negations")] = (key, g.cause.title if g.cause else "unclassified")
    return out


def by_id(ids, paths=()) -> dict:
    """The scenario documents of ``ids``: the built-in features and generated chains, and the
    JSON documents in ``paths`` (files or folders, as ``duelspec run`` reads them)."""
    from pathlib import Path
    from ..selection import load
    wanted = set(ids)
    scenarios, _ = load((), (), (), (), (), (), generated=any(is_generated(i) for i in wanted))
    out = {s["id"]: s for s in scenarios if s["id"] in wanted}
    if paths:
        extra, _ = load(tuple(Path(p) for p in paths), (), (), (), (), ())
        out.update({s["id"]: s for s in extra if s["id"] in wanted})
    return out


def report_by_cause(st, fmt, fh, causes_file=None, expect_out=None, scenario_paths=(), unordered_stream=None) -> None:
    """`duelspec summary --by-cause`: the failures of the stream ``st`` grouped by cause, rendered as
    ``fmt`` (``table`` / ``markdown``) on ``fh`` (``None``: stdout), with the causes of ``causes_file``, the
    causes the ``unordered_stream`` reveals, and an expect-fail file ``expect_out``. Raises
    :class:`duelspec.errors.InputError` for a cause file or stream that cannot be read and
    :class:`duelspec.errors.UsageError` for an expect-fail file that cannot be written."""
    import sys
    from ..console import console as make_console
    from ..errors import InputError, UsageError
    from ..files import open_output
    from ..reporting.report import read_stream
    causes = load_causes(causes_file) if causes_file else []
    hidden = hidden_causes(read_stream(unordered_stream).results, scenario_paths, causes) if unordered_stream else {}
    bad = [r for r in st.results if r.get("outcome") in BAD]     # an errored result: by the engine error it reports
    groups = group(bad, by_id((r["id"] for r in bad), scenario_paths), causes)
    if fmt == "markdown":
        (fh or sys.stdout).write(render_markdown(groups) + "\n" + (render_hidden(groups, hidden) + "\n" if unordered_stream else ""))
    else:
        console = make_console(fh)
        console.print(f"{len(bad)} failures by cause ({len(groups)} groups)", style="bold", highlight=False)
        render_text(groups, console)
        if unordered_stream:
            console.print(render_hidden(groups, hidden), highlight=False, markup=False)
    if expect_out:
        from ..judging.expectfail import not_expectable
        impl = st.header.get("adapter", {}).get("implementation", {}) or {}
        never = {r["id"] for r in bad if not_expectable(r)}     # a contract error, a scenario not run
        try:
            with open_output(expect_out) as f:
                f.write(expect_fail_toml(groups, [
                    f"duelspec expected failures of {impl.get('name', '?')} ({impl.get('version', '')}),",
                    f"one per failing scenario, with its cause (duelspec summary --by-cause --causes {causes_file}).",
                    "A listed scenario that passes is `xpassed` and fails the run: then remove its entry."], hidden, never))
        except InputError as exc:
            raise UsageError(f"--write-expect-fail {expect_out}: expected a file that can be written, got {exc.got}") from None


def counts_by_signature(groups) -> dict:
    """{signature tuple: count} over every group (for tests and reports)."""
    out: dict = defaultdict(int)
    for g in groups.values():
        for sig, n in g.signatures.items():
            out[sig] += n
    return dict(out)


# ------------------------------------------------------------------ a cause's consequences checked apart
NEGATIONS = ("negate-activation", "negate-effect")


def without_negation_order(scenario: dict) -> dict:
    """A copy of ``scenario`` whose ordered ``expect.events`` no longer name the negations
    (``negate-activation`` / ``negate-effect`` patterns, also inside groups): for a failure that
    only fixes *when* a negation is reported (no ruling says), the rest of the scenario checked
    apart — what the negation caused is still expected. The id gets ``.unordered-negations``."""
    import copy
    s = copy.deepcopy(scenario)
    kept = []
    for item in s.get("expect", {}).get("events", []):
        if isinstance(item, dict) and ("any_order" in item or "together" in item):
            key = "any_order" if "any_order" in item else "together"
            rest = [p for p in item[key] if p.get("event") not in NEGATIONS]
            if rest:
                kept.append({key: rest})
        elif not (isinstance(item, dict) and item.get("event") in NEGATIONS):
            kept.append(item)
    s["expect"]["events"] = kept
    s["id"] = scenario["id"] + ".unordered-negations"
    s["title"] = scenario.get("title", "") + " (negations not ordered)"
    return s


def main(argv=None) -> int:
    """``python -m duelspec.analysis.causes unorder STREAM --causes FILE --cause KEY --out DIR``: write the
    scenarios of the failures of cause KEY without the order of their negations
    (:func:`without_negation_order`), as JSON documents to run again (``duelspec run DIR``) and
    group by cause: what such a failure may hide."""
    import argparse
    import json as _json
    from pathlib import Path
    from ..reporting.report import read_stream
    ap = argparse.ArgumentParser(prog="python -m duelspec.analysis.causes unorder", description=main.__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["unorder"])
    ap.add_argument("stream")
    ap.add_argument("--causes", required=True)
    ap.add_argument("--cause", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    import sys
    from ..errors import InputError, UsageError
    from ..files import check_outputs, write_folder
    out = Path(a.out)
    try:
        check_outputs(inputs={f"stream {a.stream}": a.stream, f"cause file {a.causes}": a.causes}, folders={"out": out})
        st = read_stream(a.stream)
        bad = [r for r in st.results if r.get("outcome") in BAD]
        groups = group(bad, by_id(r["id"] for r in bad), load_causes(a.causes))
    except (InputError, UsageError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    ids = groups[a.cause].ids if a.cause in groups else []
    docs = by_id(ids)
    docs = {f"{sid}.json": _json.dumps(without_negation_order(docs[sid]), ensure_ascii=False, indent=1) + "\n"
            for sid in ids}
    problem = write_folder(out, docs)
    if problem:
        print(f"error: --out {out}: nothing written: {problem}", file=sys.stderr)
        return 2
    print(f"{len(ids)} scenarios of cause {a.cause} written to {out} without the order of their negations")
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main())
