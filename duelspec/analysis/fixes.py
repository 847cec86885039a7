"""Fix experiments: each cause of an engine report measured by changing exactly the place it names.

A cause of a cause file (``adapters/<engine>/causes.toml``, :mod:`duelspec.analysis.causes`) blames a
component — the core or the card scripts — at file:line of a named commit. Its ``fix`` table says
how to change exactly that place, in words (``description``) and as line edits of the engine's
own files at that commit (``edit``; the committed data holds line numbers, a few words of each
line as a check, and our replacement text — never a copy of the engine's code: a moved block is
named by its lines, not quoted)::

    [causes.A.fix]
    component = "core"                      # or "scripts"
    description = "processor.cpp:849: once a link is on the chain, the next priority offers free-chain effects again"
    [[causes.A.fix.edit]]
    file = "processor.cpp"
    line = 849
    find = "QuickEffect>(skip_freechain, 1 - core.current_chain"
    replace = "QuickEffect>(false, 1 - core.current_chain"

Edits, all on the file's lines at the named commit (1-based), applied together:

* ``line``, ``find``, ``replace``: that line must hold ``find`` exactly once; it is replaced;
* ``lines = [a, b]``, ``delete = true`` (``first`` / ``last``: words lines a and b must hold);
* ``after = n``, ``copy = [a, b]``: the original lines a..b, inserted after line n (0: at the top);
* ``after = n``, ``text = "..."``: our lines, inserted after line n.

A fix that is only right once another is made (``requires = ["B"]``) is applied on top of that
one, and measured against that one's run (what it adds to it).

A line that does not hold what the edit expects stops the experiment (the checkout is not at the
commit the cause names). ``python -m duelspec.analysis.fixes`` applies them to a scratch clone, builds a
patched core (``build-core.sh`` / ``build.sh``), runs the suite on it and summarises, for each
cause, "fixing this alone: N pass, M then fail for causes X, Y" (:func:`measure`) into a JSON
file the report is written from. Nothing of the engine is committed: the clones live in the work
folder the user names.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, UsageError

COMPONENTS = ("core", "scripts", "engine")   # engine: a whole engine in one checkout (the Go Duel Masters engine)


@dataclass
class Fix:
    """The fix experiment of one cause."""
    key: str
    component: str
    description: str
    edits: list = field(default_factory=list)
    scripts_subdir: str = ""          # where the edited script files live in a scripts checkout (e.g. "official")
    requires: list = field(default_factory=list)   # fixes applied first (their run is this one's baseline)


def load_fixes(path) -> dict:
    """``{cause key: Fix}`` of a cause file's ``[causes.X.fix]`` tables. Raises :class:`InputError`
    naming the file and the key for a malformed one."""
    from ..tomlread import tomllib
    try:
        doc = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(str(path), "", "an existing cause file (TOML)", "no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(str(path), "", "a TOML cause file", str(exc)) from None
    out = {}
    for key, c in (doc.get("causes") or {}).items():
        f = c.get("fix") if isinstance(c, dict) else None
        if f is None:
            continue
        where = f"causes.{key}.fix"
        if not isinstance(f, dict) or f.get("component") not in COMPONENTS or not isinstance(f.get("description"), str):
            raise InputError(str(path), where, f"a table with `component` (one of {', '.join(COMPONENTS)}) and `description`", f)
        edits = f.get("edit", [])
        if not isinstance(edits, list):
            raise InputError(str(path), f"{where}.edit", "an array of edits ([[causes.X.fix.edit]])", edits)
        for i, e in enumerate(edits):
            _check_edit(path, f"{where}.edit[{i}]", e)
        if "scripts_subdir" in f:
            _check_relative(path, f"{where}.scripts_subdir", f["scripts_subdir"])
        out[key] = Fix(key, f["component"], f["description"], edits, f.get("scripts_subdir", ""), list(f.get("requires", [])))
    for key, f in out.items():
        for r in f.requires:
            if r not in out or out[r].component != f.component:
                raise InputError(str(path), f"causes.{key}.fix.requires", "fixes of the same component in this file", r)
    return out


def _check_edit(path, where, e) -> None:
    ok = isinstance(e, dict) and isinstance(e.get("file"), str) and (
        ("line" in e and isinstance(e.get("find"), str) and isinstance(e.get("replace"), str))
        or (e.get("delete") is True and _pair(e.get("lines")))
        or (isinstance(e.get("after"), int) and (_pair(e.get("copy")) or isinstance(e.get("text"), str))))
    if not ok:
        raise InputError(str(path), where, "an edit: {file, line, find, replace}, {file, lines = [a, b], delete = true}, "
                         "{file, after, copy = [a, b]} or {file, after, text}", e)
    _check_relative(path, f"{where}.file", e["file"])


def _check_relative(path, where, rel) -> None:
    """``rel`` names a place inside the checkout (schemas/causes.schema.json ``relative_path``):
    relative, ``/``-separated, no empty or ``..`` segment, no backslash, no NUL."""
    parts = rel.split("/") if isinstance(rel, str) else []
    if not parts or any(p in ("", "..") or "\\" in p or "\0" in p for p in parts):
        raise InputError(str(path), where, "a path relative to the checkout, inside it (no absolute path, "
                         "no `..` segment, no backslash)", rel)


def _pair(v) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v) and 1 <= v[0] <= v[1]


class EditMismatch(Exception):
    """A line does not hold what an edit expects: the checkout is not at the cause's commit."""


class OutsideCheckout(EditMismatch):
    """An edit's file leads out of the checkout (a symbolic link): nothing is written."""


def edit_text(text: str, edits: list, name: str = "") -> str:
    """``text`` (a file at the cause's commit) with ``edits`` (all of one file) applied, on the
    original line numbers. Raises :class:`EditMismatch` naming the file, line and what it expected."""
    lines = text.split("\n")
    n = len(lines)
    out_line = {i: lines[i - 1] for i in range(1, n + 1)}
    deleted: set = set()
    inserts: dict = defaultdict(list)

    def need(i, words, what):
        if not 1 <= i <= n:
            raise EditMismatch(f"{name}:{i}: no such line ({n} lines); {what}")
        if words and words not in lines[i - 1]:
            raise EditMismatch(f"{name}:{i}: expected {words!r} in it ({what}); the line is {lines[i - 1].strip()[:120]!r}")

    for e in edits:
        if "find" in e:
            i = e["line"]
            need(i, e["find"], "find")
            if lines[i - 1].count(e["find"]) != 1:
                raise EditMismatch(f"{name}:{i}: {e['find']!r} occurs {lines[i - 1].count(e['find'])} times in the line")
            out_line[i] = out_line[i].replace(e["find"], e["replace"])
        elif e.get("delete"):
            a, b = e["lines"]
            need(a, e.get("first", ""), "first line of the deletion")
            need(b, e.get("last", ""), "last line of the deletion")
            deleted.update(range(a, b + 1))
        elif "copy" in e:
            a, b = e["copy"]
            need(b, "", "copy")
            inserts[e["after"]].extend(lines[a - 1:b])
        else:
            inserts[e["after"]].extend(e["text"].split("\n"))
    out = list(inserts.get(0, []))
    for i in range(1, n + 1):
        if i not in deleted:
            out.append(out_line[i])
        out.extend(inserts.get(i, []))
    return "\n".join(out)


def apply_fix(fix: Fix, checkout: Path) -> list[str]:
    """Apply ``fix``'s edits to the files of ``checkout`` (a scratch clone); returns the files
    changed (relative). Every file is found and every edit checked before the first is written
    (a mismatch writes nothing). Raises :class:`EditMismatch` (:class:`OutsideCheckout`)."""
    by_file: dict = defaultdict(list)
    for e in fix.edits:
        by_file[e["file"]].append(e)
    new = []
    for rel, edits in by_file.items():
        p = _find(checkout, rel, fix.scripts_subdir)
        new.append((p, edit_text(p.read_text(encoding="utf-8"), edits, rel)))
    for p, text in new:
        p.write_text(text, encoding="utf-8")
    return [str(p.relative_to(checkout)) for p, _ in new]


def _find(checkout: Path, rel: str, subdir: str) -> Path:
    """The file ``rel`` (or ``subdir/rel``) of ``checkout``, which must lie inside it once every
    symbolic link is followed (an edit never reaches a file outside the checkout it was given)."""
    root = checkout.resolve()
    for cand in (checkout / rel, checkout / subdir / rel if subdir else None):
        if cand is not None and cand.is_file():
            real = cand.resolve()
            if real != root and root not in real.parents:
                raise OutsideCheckout(f"{rel}: leads out of the checkout {checkout} (to {real}, by a symbolic link)")
            return cand
    raise EditMismatch(f"{rel}: no such file in {checkout}" + (f" (nor in {subdir}/)" if subdir else ""))


# ------------------------------------------------------------------ experiments
@dataclass
class Engine:
    """How to build a patched core and run the suite on an engine (the adapters' own tools)."""
    name: str
    adapter: str            # format: {scripts}, {core} (the option naming a core, or "")
    core_option: str        # format: {build}
    build: list             # command; format: {checkout}, {out}, {glue}

    def adapter_command(self, scripts: str, build: str | None) -> str:
        return self.adapter.format(scripts=scripts, core=self.core_option.format(build=build) if build else "")


ENGINES = {
    "edopro": Engine("edopro", "cmd:node adapters/edopro/main.mjs --scripts {scripts} {core}", "--core {build}",
                     ["sh", "adapters/edopro/build-core.sh", "{checkout}", "{glue}", "{out}"]),
    "ygopro": Engine("ygopro", "cmd:python -m duelspec.adapters.ygopro --scripts {scripts} {core}", "--core {build}/libocgcore.so",
                     ["sh", "adapters/ygopro/build.sh", "{checkout}", "{out}"]),
}


def _clone(src: Path, dst: Path, old_mtime: bool = False) -> Path:
    """A scratch clone of the checkout ``src`` at its current commit (``old_mtime``: every file
    dated 2000-01-01, so a build reusing object files recompiles only what an edit touches)."""
    if dst.exists():
        shutil.rmtree(dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    head = subprocess.run(["git", "-C", str(src), "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(src), str(dst)], check=True)
    subprocess.run(["git", "-C", str(dst), "checkout", "-q", head], check=True)
    if old_mtime:
        for p in dst.rglob("*"):
            if p.is_file() and ".git" not in p.parts:
                os.utime(p, (946684800, 946684800))
    return dst


def experiment(fix: Fix, engine: Engine, work: Path, scripts: Path, core_checkout: Path | None = None,
               glue: Path | None = None, baseline_build: Path | None = None, core_build: Path | None = None,
               run_args: tuple = (), log=print, fixes: dict | None = None) -> Path:
    """Run one fix experiment: clone the component, apply the fix, build (a core fix), run the
    suite; returns the result stream ``work/<key>/run.jsonl``. ``core_build``: the (unpatched)
    core a script fix runs on (default: the adapter's own)."""
    here = work / fix.key
    here.mkdir(parents=True, exist_ok=True)
    build = core_build
    if fix.component == "scripts":
        checkout = _clone(scripts, here / "scripts")
        scripts = checkout
    else:
        if core_checkout is None:
            raise InputError("--core-checkout", "", "the core checkout the cause's lines are read at", "none given")
        checkout = _clone(core_checkout, here / Path(core_checkout).name, old_mtime=baseline_build is not None)
    # with the fixes it is made on top of: all edits on the files' lines at the cited commit, at once
    both = [e for r in fix.requires for e in (fixes or {})[r].edits] + fix.edits
    changed = apply_fix(Fix(fix.key, fix.component, fix.description, both, fix.scripts_subdir), checkout)
    log(f"{fix.key}: changed {', '.join(changed)} in {checkout}")
    (here / "patch.diff").write_text(subprocess.run(["git", "-C", str(checkout), "diff"], capture_output=True, text=True).stdout,
                                     encoding="utf-8")
    if fix.component == "core":
        build = here / "build"
        if baseline_build is not None and (Path(baseline_build) / "obj").is_dir():
            if build.exists():
                shutil.rmtree(build)
            shutil.copytree(Path(baseline_build) / "obj", build / "obj")     # copies keep their dates
        cmd = [c.format(checkout=checkout, out=build, glue=glue or "") for c in engine.build]
        log(f"{fix.key}: building {' '.join(cmd)}")
        subprocess.run(cmd, check=True, stdout=open(here / "build.log", "w"), stderr=subprocess.STDOUT)
    stream = here / "run.jsonl"
    adapter = engine.adapter_command(str(scripts), str(build) if build else None)
    cmd = ["duelspec", "run", "--game", "ygo", "--generated", "--adapter", adapter, "--out", str(stream), *run_args]
    log(f"{fix.key}: {' '.join(cmd)}")
    subprocess.run(cmd, stdout=open(here / "run.log", "w"), stderr=subprocess.STDOUT)
    return stream


# ------------------------------------------------------------------ measuring
BAD = ("failed", "errored", "xfailed")


def _outcomes(paths) -> dict:
    from ..reporting.report import read_stream
    out = {}
    for p in paths:
        for r in read_stream(p).results:
            out[r["id"]] = r
    return out


def classify(results: dict, causes) -> dict:
    """``{id: cause key}`` of the bad results (``unclassified`` when no cause matches)."""
    from .causes import by_id, group
    bad = [r for r in results.values() if r.get("outcome") in BAD]
    groups = group(bad, by_id(r["id"] for r in bad), causes)
    return {sid: key for key, g in groups.items() for sid in g.ids}


def measure(baseline: dict, fixed: dict, causes) -> dict:
    """What one fix does, by the baseline's causes: ``{"by_cause": {cause: {"failures", "pass",
    "still": {cause now: n}}}, "broke": [ids that passed and now do not], "run": counts}``."""
    before = classify(baseline, causes)
    after = classify(fixed, causes)
    by: dict = {}
    for sid, key in before.items():
        b = by.setdefault(key, {"failures": 0, "pass": 0, "still": Counter()})
        b["failures"] += 1
        now = fixed.get(sid, {}).get("outcome")
        if now == "passed":
            b["pass"] += 1
        elif now in BAD:
            b["still"][after.get(sid, "unclassified")] += 1
    broke = sorted(sid for sid, r in baseline.items() if r.get("outcome") == "passed" and fixed.get(sid, {}).get("outcome") in BAD)
    return {"run": dict(Counter(r.get("outcome") for r in fixed.values())),
            "by_cause": {k: {"failures": v["failures"], "pass": v["pass"], "still": dict(v["still"].most_common())} for k, v in by.items()},
            "broke": broke, "broke_by_cause": dict(Counter(after.get(s, "unclassified") for s in broke).most_common()),
            "broke_labels": {s: after.get(s, "unclassified") for s in broke},
            "passing": sorted(s for s in before if fixed.get(s, {}).get("outcome") == "passed")}


def breakage(key: str, m: dict, results: dict, causes, on_top: dict | None = None) -> dict:
    """What the fix of cause ``key`` broke (``m["broke"]``), split into **interactions** and **its
    own breakage by ruling**. A broken scenario is an interaction when it passed only because two
    defects cancelled out: a fix made on top of this one (``on_top``: ``{key: its run's results}``)
    turns it green again, or the fixed run names it by another cause (not ``key``, not a cause
    sharing its fix, not ``unclassified``): that other defect is what now shows. Every other broken
    scenario is the fix's own breakage, listed by the rulings it carries (``results``: the
    scenarios' results, for their ``rulings``); ``outside`` are those rulings the cause is not
    about: a fix a cause file proposes must leave them empty."""
    cause = next((c for c in causes if c.key == key), None)
    family = {key} | {c.key for c in causes if c.same_fix == key}
    on_top = on_top or {}
    labels = m.get("broke_labels", {})
    inter: dict = defaultdict(list)
    own: list = []
    for sid in m["broke"]:
        green = sorted(k for k, res in on_top.items() if res.get(sid, {}).get("outcome") == "passed")
        label = labels.get(sid, "unclassified")
        if green or (label not in family and label != "unclassified"):
            inter[label].append(sid)
        else:
            own.append(sid)
    by_ruling: dict = defaultdict(list)
    for sid in own:
        for r in results.get(sid, {}).get("rulings") or ["(no ruling)"]:
            by_ruling[r].append(sid)
    about = set(cause.rulings) if cause else set()
    repaired = {k: sum(1 for ids in inter.values() for s in ids if res.get(s, {}).get("outcome") == "passed")
                for k, res in on_top.items()}
    return {"interactions": {k: sorted(v) for k, v in sorted(inter.items(), key=lambda kv: -len(kv[1]))},
            "interactions_repaired_by": {k: n for k, n in repaired.items() if n},
            "own": sorted(own), "own_by_ruling": {r: sorted(v) for r, v in sorted(by_ruling.items())},
            "outside": sorted(r for r in by_ruling if r not in about)}


def extent(key: str, m: dict) -> str:
    """ "N of its M pass, K then fail for X (n), Y (n)": what the fix measured by ``m`` does to the
    failures of cause ``key`` (its own, or another cause's that names it as ``same_fix``)."""
    own = m["by_cause"].get(key, {"failures": 0, "pass": 0, "still": {}})
    still = sum(own["still"].values())
    s = f"{own['pass']:,} of its {own['failures']:,} pass"
    if still:
        s += f", {still:,} then fail for " + ", ".join(f"{k} ({n:,})" for k, n in own["still"].items())
    return s


def sentence(key: str, m: dict) -> str:
    """ "fixing this alone: N pass, M then fail for causes X (n), Y (n); breaks nothing" for cause ``key``."""
    alone = f"on top of {', '.join(m['on_top_of'])}" if m.get("on_top_of") else "alone"
    s = f"fixing {key} {alone}: " + extent(key, m)
    others = {k: v["pass"] for k, v in m["by_cause"].items() if k != key and v["pass"]}
    if others:
        s += "; it also turns green " + ", ".join(f"{n:,} of {k}" for k, n in sorted(others.items(), key=lambda kv: -kv[1]))
    s += "; breaks nothing" if not m["broke"] else f"; {len(m['broke']):,} that passed then fail (" + \
        ", ".join(f"{k} {n:,}" for k, n in m["broke_by_cause"].items()) + ")"
    b = m.get("breakage")
    if m["broke"] and b is not None:
        n_inter = sum(len(v) for v in b["interactions"].values())
        parts = []
        if n_inter:
            fixed_by = "".join(f"; {k}'s fix on top turns {n:,} of them green" for k, n in b["interactions_repaired_by"].items())
            parts.append(f"{n_inter:,} interactions (" + ", ".join(f"{k} {len(v):,}" for k, v in b["interactions"].items())
                         + fixed_by + ")")
        if b["own"]:
            parts.append(f"{len(b['own']):,} broken by the fix itself, by ruling: "
                         + ", ".join(f"{r} {len(v):,}" for r, v in b["own_by_ruling"].items())
                         + (f" (outside its rulings: {', '.join(b['outside'])})" if b["outside"] else ""))
        else:
            parts.append("none broken by the fix itself: no ruling outside its cause")
        s += ": " + "; ".join(parts)
    return s


def main(argv=None) -> int:
    """``python -m duelspec.analysis.fixes apply|run|measure ...`` (see the module docstring)."""
    import argparse
    import sys
    ap = argparse.ArgumentParser(prog="python -m duelspec.analysis.fixes", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    a = sub.add_parser("apply", help="apply a cause's fix to a checkout (a scratch clone!)")
    a.add_argument("--causes", required=True)
    a.add_argument("--cause", required=True)
    a.add_argument("checkout")
    r = sub.add_parser("run", help="clone, fix, build and run the suite for causes")
    r.add_argument("--causes", required=True)
    r.add_argument("--cause", action="append", required=True)
    r.add_argument("--engine", choices=sorted(ENGINES), required=True)
    r.add_argument("--work", required=True, help="scratch folder for the clones, builds and streams")
    r.add_argument("--scripts", required=True, help="the card scripts checkout (cloned before a script fix)")
    r.add_argument("--core-checkout", help="the core checkout at the commit the causes cite (cloned before a core fix)")
    r.add_argument("--glue", help="EDOPro: the ocgcore-wasm checkout build-core.sh needs")
    r.add_argument("--baseline-build", help="the unpatched core build whose object files a core fix reuses")
    r.add_argument("--core-build", help="the unpatched core a script fix runs on (default: the adapter's own)")
    r.add_argument("--jobs", default="1")
    m = sub.add_parser("measure", help="compare each fix's run with the baseline, by cause")
    m.add_argument("--causes", required=True)
    m.add_argument("--baseline", action="append", required=True, help="the unpatched run's stream(s)")
    m.add_argument("--run", action="append", default=[], metavar="KEY=STREAM", help="a fix's stream(s)")
    m.add_argument("--out", required=True, help="JSON file: per cause, what fixing it alone does")
    o = ap.parse_args(argv)
    try:
        fixes = load_fixes(o.causes)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if o.command == "apply":
        if o.cause not in fixes:
            print(f"error: {o.causes}: cause {o.cause} has no [causes.{o.cause}.fix]", file=sys.stderr)
            return 2
        try:
            print("\n".join(apply_fix(fixes[o.cause], Path(o.checkout))))
        except OutsideCheckout as exc:
            print(f"error: {o.causes}: causes.{o.cause}.fix.edit: {exc}; nothing was written", file=sys.stderr)
            return 2
        except EditMismatch as exc:
            print(f"error: {o.causes}: causes.{o.cause}.fix: {exc}; nothing was written", file=sys.stderr)
            return 1
        return 0
    from ..files import check_outputs
    try:
        if o.command == "run":
            check_outputs(inputs={f"cause file {o.causes}": o.causes, "--scripts checkout": o.scripts,
                                  "--core-checkout": o.core_checkout, "--glue checkout": o.glue,
                                  "--baseline-build": o.baseline_build, "--core-build": o.core_build},
                          folders={"work": o.work})
        elif o.command == "measure":
            check_outputs(inputs={f"cause file {o.causes}": o.causes,
                                  **{f"stream {p}": p for p in o.baseline},
                                  **{f"stream {kv.partition('=')[2]}": kv.partition("=")[2] for kv in o.run}},
                          out=o.out)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if o.command == "run":
        for key in o.cause:
            if key not in fixes:
                print(f"{o.causes}: cause {key} has no [causes.{key}.fix]", file=sys.stderr)
                return 2
            experiment(fixes[key], ENGINES[o.engine], Path(o.work), Path(o.scripts),
                       Path(o.core_checkout) if o.core_checkout else None, Path(o.glue) if o.glue else None,
                       Path(o.baseline_build) if o.baseline_build else None, Path(o.core_build) if o.core_build else None,
                       ("--jobs", o.jobs), fixes=fixes)
        return 0
    from .causes import load_causes
    causes = load_causes(o.causes)
    base = _outcomes(o.baseline)
    runs: dict = defaultdict(list)
    for kv in o.run:
        k, _, p = kv.partition("=")
        runs[k].append(p)
    out = {"baseline": {"streams": o.baseline, "run": dict(Counter(r.get("outcome") for r in base.values()))}, "fixes": {}}
    for k, paths in runs.items():
        reqs = fixes[k].requires if k in fixes else []
        if any(r not in runs for r in reqs):
            print(f"{k}: measured on top of {', '.join(reqs)}: give their runs too (--run)", file=sys.stderr)
            return 2
        against = base
        for r in reqs:                  # what this fix adds to the ones it is made on top of
            against = _outcomes(runs[r])
        now = _outcomes(paths)
        meas = measure(against, now, causes)
        meas["on_top_of"] = reqs
        on_top = {j: _outcomes(runs[j]) for j in runs if j in fixes and k in fixes[j].requires}
        meas["breakage"] = breakage(k, meas, {**against, **now}, causes, on_top)
        meas["description"] = fixes[k].description if k in fixes else ""
        meas["component"] = fixes[k].component if k in fixes else ""
        meas["sentence"] = sentence(k, meas)
        out["fixes"][k] = meas
        print(meas["sentence"])
    from ..files import write_whole
    problem = write_whole(o.out, json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    if problem:
        print(f"error: --out {o.out}: {problem}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main())
