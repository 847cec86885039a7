"""The smallest failing scenario for a failure (issue 34.3): ``duelspec shrink``.

Given one scenario that fails on an engine (hand-written, generated or found by ``duelspec explore``;
both games), :func:`shrink` removes one piece at a time — a setup card (a shield, a card in the hand,
the deck, the mana zone, the battle zone, ...) with every step and expectation that names it, a script
step, an expectation (an event pattern, a ``never`` pattern, a final-state field) — and keeps a removal
when the smaller scenario is still valid (the scenario schema and the catalogues: :func:`validate`) and
still fails *the same way*: the same outcome, the same first failing expectation by role
(:func:`duelspec.causes.signature`'s ``first``, what cause files match) with the same expected value,
and, given cause files' causes, the same cause. It repeats until no single removal keeps the failure
(a 1-minimal scenario). A removed card takes with it the final counts of its owner's zones (they
counted it) and, for a card of a deck, the draws expected of its owner. The rulings a removed expectation carried go with it (``carries`` is rebuilt;
a ruling no kept item carries is dropped from ``rulings``); the id gets ``.shrunk``.

The kept expectations were written from the rulings for the whole scenario; a removal can change what
the rulings decide for the rest (without the card that negates an effect, the effect applies). So a
removal is kept only when a *guard* — the reference engine, which passes every scenario of the suite —
still passes the smaller scenario: the guard only rejects removals, it never writes or changes an
expectation. Each attempt plays the candidate on the engine (the adapter): the work is bounded by
``max_runs``.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path

_CARD_KEYS = ("card", "attacker", "target", "blocker", "defender")
_LIST_KEYS = ("cards", "targets", "cost", "shields", "order")


@dataclass
class Shrunk:
    scenario: dict
    result: dict
    failure: str
    runs: int = 0
    removed: list = field(default_factory=list)     # what was removed, in order ("card s2", "step 3", ...)


def _names(x, cid: str) -> bool:
    """Does the step or pattern ``x`` name the card ``cid``?"""
    if isinstance(x, dict):
        if "any_order" in x or "together" in x:
            return any(_names(p, cid) for p in x.get("any_order") or x.get("together"))
        return any(x.get(k) == cid for k in _CARD_KEYS) or any(
            isinstance(x.get(k), list) and cid in x[k] for k in _LIST_KEYS) or x.get("under") == cid
    return False


class _Doc:
    """A scenario with its ``carries`` held per item (so items can be removed and the pointers rebuilt)."""

    def __init__(self, doc: dict):
        self.doc = copy.deepcopy(doc)
        ex = self.doc.setdefault("expect", {})
        carries = ex.pop("carries", None) or {}
        by_ptr: dict = {}
        for rid, ptrs in carries.items():
            for p in ptrs:
                by_ptr.setdefault(p, []).append(rid)
        self.tags = {}
        for i, s in enumerate(self.doc.get("script", [])):
            self.tags[id(s)] = by_ptr.get(f"/script/{i}", [])
        for part in ("events", "never"):
            for i, e in enumerate(ex.get(part, [])):
                self.tags[id(e)] = by_ptr.get(f"/expect/{part}/{i}", [])
        self.final_tags = {p: r for p, r in by_ptr.items() if p.startswith("/expect/final")}
        self.had_carries = bool(carries)

    def output(self, sid_suffix: str = ".shrunk") -> dict:
        d = copy.deepcopy(self.doc)
        ex = d["expect"]
        carries: dict = {}

        def tag(ptr, rids):
            for r in rids:
                carries.setdefault(r, []).append(ptr)
        for i, s in enumerate(self.doc.get("script", [])):
            tag(f"/script/{i}", self.tags.get(id(s), []))
        for part in ("events", "never"):
            for i, e in enumerate(self.doc["expect"].get(part, [])):
                tag(f"/expect/{part}/{i}", self.tags.get(id(e), []))
        for ptr, rids in self.final_tags.items():
            if _resolves(d, ptr):
                tag(ptr, rids)
        for part in ("events", "never"):
            if part in ex and not ex[part]:
                del ex[part]
        if "final" in ex:
            _prune_final(ex)
        if self.had_carries:
            kept = [r for r in d["rulings"] if r in carries]
            if kept:
                d["rulings"] = kept
                ex["carries"] = {r: carries[r] for r in kept}
            else:
                ex["carries"] = {r: carries.get(r, []) for r in d["rulings"] if carries.get(r)}
                if not ex["carries"]:
                    del ex["carries"]
        if not d["id"].endswith(sid_suffix):
            d["id"] = d["id"] + sid_suffix
        return d


def _resolves(doc: dict, ptr: str) -> bool:
    cur = doc
    for part in ptr.split("/")[1:]:
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            return False
    return True


def _prune_final(ex: dict) -> None:
    f = ex["final"]
    for key in ("cards", "players"):
        if key in f:
            for k in [k for k, v in f[key].items() if v == {}]:
                del f[key][k]
            if key == "players":
                for p in f[key].values():
                    if p.get("counts") == {}:
                        del p["counts"]
                for k in [k for k, v in f[key].items() if v == {}]:
                    del f[key][k]
            if not f[key]:
                del f[key]
    if not f:
        del ex["final"]


def _candidates(h: _Doc):
    """Yield ``(what, smaller _Doc)``: one removal each, cards first, then steps, then expectations."""
    doc = h.doc
    for c in doc["setup"].get("cards", []):
        cid, owner = c["id"], c.get("owner")
        n = _Doc.__new__(_Doc)
        n.doc, n.tags, n.had_carries = copy.deepcopy(doc), {}, h.had_carries
        # deep-copied items keep their tags by position
        _copy_tags(h, n)
        d = n.doc
        d["setup"]["cards"] = [x for x in d["setup"]["cards"] if x["id"] != cid and x.get("under") != cid]
        d["script"] = [s for s in d.get("script", []) if not _names(s, cid)]
        ex = d["expect"]
        for part in ("events", "never"):
            if part in ex:
                kept = []
                for e in ex[part]:
                    w = _without(e, cid)
                    if c.get("zone") == "deck" and _draws(w, owner):
                        w = None       # without the card the draw expected of its owner is not the same draw
                    if w is not None:
                        n.tags[id(w)] = n.tags.get(id(e), [])
                        kept.append(w)
                ex[part] = kept
        if "final" in ex and cid in ex["final"].get("cards", {}):
            del ex["final"]["cards"][cid]
        # the counts of its owner's zones counted it (or what it became): they go with it
        counts = d["expect"].get("final", {}).get("players", {}).get(owner, {})
        counts.pop("counts", None)
        gone = (f"/expect/final/cards/{cid}/", f"/expect/final/players/{owner}/counts/")
        n.final_tags = {p: r for p, r in h.final_tags.items() if not p.startswith(gone)}
        yield f"card {cid}", n
    for i in range(len(doc.get("script", []))):
        n = _clone(h)
        del n.doc["script"][i]
        yield f"step {i}", n
    for part in ("events", "never"):
        for i in range(len(doc["expect"].get(part, []))):
            n = _clone(h)
            del n.doc["expect"][part][i]
            yield f"{part} {i}", n
    for ptr in sorted(h.final_tags) + _final_pointers(doc):
        if not _resolves(doc, ptr):
            continue
        n = _clone(h)
        parts = ptr.split("/")[1:]
        cur = n.doc
        for p in parts[:-1]:
            cur = cur[p]
        del cur[parts[-1]]
        n.final_tags.pop(ptr, None)
        yield f"final {ptr}", n


def _final_pointers(doc: dict) -> list:
    out = []
    f = doc.get("expect", {}).get("final", {})
    for cid, v in f.get("cards", {}).items():
        out += [f"/expect/final/cards/{cid}/{k}" for k in v]
    for p, v in f.get("players", {}).items():
        out += [f"/expect/final/players/{p}/counts/{k}" for k in v.get("counts", {})]
        out += [f"/expect/final/players/{p}/{k}" for k in v if k != "counts"]
    if "winner" in f:
        out.append("/expect/final/winner")
    return out


def _draws(e, player) -> bool:
    """Is ``e`` (or one of its group) a draw of ``player``?"""
    if isinstance(e, dict) and ("any_order" in e or "together" in e):
        return any(_draws(p, player) for p in e.get("any_order") or e.get("together"))
    return isinstance(e, dict) and e.get("event") == "draw" and e.get("player") in (player, None)


def _without(e, cid):
    """The pattern ``e`` without what names ``cid`` (``None``: nothing left)."""
    if isinstance(e, dict) and ("any_order" in e or "together" in e):
        key = "any_order" if "any_order" in e else "together"
        kept = [p for p in e[key] if not _names(p, cid)]
        if not kept:
            return None
        return kept[0] if len(kept) == 1 else dict(e, **{key: kept})
    return None if _names(e, cid) else e


def _copy_tags(src: _Doc, dst: _Doc) -> None:
    """Carry ``src``'s item tags over to ``dst``'s deep-copied items (same positions)."""
    for a, b in zip(src.doc.get("script", []), dst.doc.get("script", [])):
        dst.tags[id(b)] = src.tags.get(id(a), [])
    for part in ("events", "never"):
        for a, b in zip(src.doc["expect"].get(part, []), dst.doc["expect"].get(part, [])):
            dst.tags[id(b)] = src.tags.get(id(a), [])
    dst.final_tags = dict(src.final_tags)


def _clone(h: _Doc) -> _Doc:
    n = _Doc.__new__(_Doc)
    n.doc, n.tags, n.had_carries = copy.deepcopy(h.doc), {}, h.had_carries
    _copy_tags(h, n)
    return n


def identity(result: dict, scenario: dict, causes=()) -> tuple | None:
    """What "the same failure" means (``None``: the result did not fail): the outcome, the first failing
    expectation by role, its expected value, and the cause it matches among ``causes``."""
    from .analysis.causes import signature
    if result.get("outcome") not in ("failed", "errored"):
        return None
    sig = signature(result, scenario)
    fails = result.get("failures") or [{}]
    first = next((x for x in fails if str(x.get("pointer", "")).startswith("/script/")), fails[0])
    cause = next((c.key for c in causes if c.matches(sig)), None)
    return (result["outcome"], sig["first"], json.dumps(first.get("expected"), sort_keys=True), cause)


def shrink(scenario: dict, play, causes=(), max_runs: int = 400, guard=None) -> Shrunk | None:
    """The 1-minimal scenario failing as ``scenario`` does (see the module docstring); ``None`` when
    ``scenario`` does not fail. ``play(doc) -> result`` plays one scenario on the engine; ``guard(doc) ->
    result`` (the reference engine): a removal is kept only when the guard still passes the smaller
    scenario."""
    from .compiler import validate
    from .errors import InputError
    result = play(scenario)
    target = identity(result, scenario, causes)
    if target is None:
        return None
    cur = _Doc(scenario)
    out = Shrunk(scenario, result, target[1], runs=1)
    changed = True
    while changed and out.runs < max_runs:
        changed = False
        for what, cand in _candidates(cur):
            if out.runs >= max_runs:
                break
            doc = cand.output()
            try:
                validate(doc, doc["id"])
            except InputError:
                continue
            if not doc.get("script") or (cand.had_carries and "carries" not in doc["expect"]):
                continue           # a scenario plays at least one step; a ruling stays carried by a kept item
            res = play(doc)
            out.runs += 1
            if identity(res, doc, causes) == target and (guard is None or guard(doc)["outcome"] == "passed"):
                cur, out.scenario, out.result = cand, doc, res
                out.removed.append(what)
                changed = True
                break
    if not out.removed:
        out.scenario = cur.output()
    return out


def shrink_causes(streams, causes_file, play, out, guard=None, max_runs: int = 400) -> dict:
    """Per cause of ``causes_file`` among the failures of the result ``streams``: its smallest failing
    scenario (:func:`duelspec.analysis.repro.shortest`) shrunk (:func:`shrink`, keeping its cause) and
    written into ``out`` — the example a cause file's report shows. Returns ``{cause key: {"from": id,
    "file": path, "cards": [before, after], "steps": [before, after]}}`` (``"file": None`` when the
    scenario no longer fails so on ``play``)."""
    from .analysis.causes import BAD, by_id, group, load_causes
    from .analysis.repro import shortest
    from .reporting.report import read_stream
    results: dict = {}
    for p in streams:
        results.update({r["id"]: r for r in read_stream(p).results})
    bad = [r for r in results.values() if r.get("outcome") in BAD]
    scenarios = by_id(r["id"] for r in bad)
    causes = load_causes(causes_file)
    groups = group(bad, scenarios, causes)
    done = {}
    for key, sid in shortest(groups, scenarios).items():
        if key == "unclassified" or sid not in scenarios:
            continue
        doc = scenarios[sid]
        got = shrink(doc, play, causes, max_runs, guard)
        entry = {"from": sid, "file": None, "cards": [len(doc["setup"].get("cards", []))] * 2,
                 "steps": [len(doc.get("script", []))] * 2}
        if got is not None:
            entry["file"] = str(write_scenario(got.scenario, out))
            entry["cards"][1] = len(got.scenario["setup"].get("cards", []))
            entry["steps"][1] = len(got.scenario.get("script", []))
        done[key] = entry
    return done


def write_scenario(doc: dict, out) -> Path:
    """Write ``doc`` as ``out/<id>.json`` (the folder made if needed); the document marked as found by a
    search (``generated``), its id kept."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{doc['id']}.json"
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
