"""The committed engine reports' cause files cannot mislabel (issue 20 §2): the cause rules are
tried in the file's order, so a rule placed too early takes another cause's failures. Each cause
names an example (``examples``: scenario ids of the report's run), and the committed run must
classify each example as that cause; and the rules are checked against the engine's own behaviour:
a failure that one cause's fix experiment alone (changing exactly the place it names,
docs/conformance/<engine>-fixes.json) turns green carries that cause."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from duelspec.analysis.causes import by_id, group, load_causes
from duelspec.analysis.fixes import load_fixes
from duelspec.reporting.report import read_stream

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "docs" / "conformance"
ENGINES = {"edopro": ["edopro.jsonl", "edopro-generated.jsonl"], "ygopro": ["ygopro.jsonl"],
           "duel-masters-go": ["duel-masters-go.jsonl", "duel-masters-go-generated.jsonl"]}
#: the streams an engine's committed fix experiments were measured on, when not all of ENGINES' (none now: the Go
#: engine's fixes are measured on its hand-written and generated streams together)
MEASURED_ON: dict = {}
#: the engines whose fix experiments are committed (docs/conformance/<engine>-fixes.json)
MEASURED = ["edopro", "ygopro", "duel-masters-go"]


def labels(engine: str, causes) -> dict:
    """``{scenario id: cause key}`` of every failure of the engine's committed run."""
    results = {}
    for f in ENGINES[engine]:
        results.update({r["id"]: r for r in read_stream(CONF / f).results})
    bad = [r for r in results.values() if r.get("outcome") in ("failed", "errored", "xfailed")]
    groups = group(bad, by_id(r["id"] for r in bad), causes)
    return {i: k for k, g in groups.items() for i in g.ids}


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_each_causes_example_is_classified_as_that_cause(engine):
    causes = load_causes(ROOT / "adapters" / engine / "causes.toml")
    lab = labels(engine, causes)
    wrong = [(c.key, sid, lab.get(sid)) for c in causes for sid in c.examples if lab.get(sid) != c.key]
    assert not wrong, f"examples classified as another cause (cause, scenario, label): {wrong}"
    assert all(c.examples for c in causes if c.key in set(lab.values())), "a cause of the run without an example"


def mislabelled(engine: str, causes) -> dict:
    """``{scenario id: (its label, the fixes that alone turn it green)}`` for every failure of the
    committed run that a fix measured alone turns green and that carries another cause (a cause
    whose ``same_fix`` is that fix counts as it)."""
    measured = json.loads((CONF / f"{engine}-fixes.json").read_text(encoding="utf-8"))["fixes"]
    lab = labels(engine, causes)
    same = {c.key: c.same_fix or c.key for c in causes}
    green_by: dict = {}
    for key, m in measured.items():
        if m.get("on_top_of"):
            continue        # measured against another fix's run: not "alone"
        for sid in m["passing"]:
            green_by.setdefault(sid, set()).add(key)
    return {sid: (lab.get(sid), sorted(fixes)) for sid, fixes in green_by.items() if same.get(lab.get(sid)) not in fixes}


@pytest.mark.parametrize("engine", MEASURED)
def test_a_failure_that_one_fix_alone_turns_green_carries_that_fixs_cause(engine):
    wrong = mislabelled(engine, load_causes(ROOT / "adapters" / engine / "causes.toml"))
    assert not wrong, f"{len(wrong)} failures labelled against the fix that alone turns them green: {list(wrong.items())[:10]}"


@pytest.mark.parametrize("engine", MEASURED)
def test_every_fix_of_the_cause_file_is_measured(engine):
    fixes = load_fixes(ROOT / "adapters" / engine / "causes.toml")
    measured = json.loads((CONF / f"{engine}-fixes.json").read_text(encoding="utf-8"))["fixes"]
    assert sorted(fixes) == sorted(measured)


def test_a_rule_order_the_fixes_contradict_is_caught(tmp_path):
    """The YGOPro rules of the committed run do not overlap: no order of them changes a label. The
    retracted cause H's rule (A's activation of Legendary Swordsman as a replacement refused)
    overlaps S: placed first it takes 24 of S's failures, which S's fix alone turns green (caught);
    placed after the others it takes none."""
    src = (ROOT / "adapters" / "ygopro" / "causes.toml").read_text(encoding="utf-8")
    h = ('[causes.H]\ntitle = "a trigger of a card in the hand is offered only after the public triggers"\n'
         '[[causes.H.match]]\nfirst = "refused legal step: A activates replacement"\n'
         'card = "Black Luster Soldier - Legendary Swordsman"\n\n')
    first, last = tmp_path / "first.toml", tmp_path / "last.toml"
    at = src.index("[causes.")
    first.write_text(src[:at] + h + src[at:], encoding="utf-8")
    last.write_text(src + "\n" + h, encoding="utf-8")
    wrong = mislabelled("ygopro", load_causes(first))
    assert wrong and {label for label, _ in wrong.values()} == {"H"} and all(f == ["S"] for _, f in wrong.values())
    assert mislabelled("ygopro", load_causes(last)) == {}

def test_a_rule_placed_too_early_is_caught(tmp_path):
    """Moving the first cause's rules to the end of the file changes nothing for it, but moving a
    catch-all rule first takes the others' examples: the check fails."""
    src = (ROOT / "adapters" / "edopro" / "causes.toml").read_text(encoding="utf-8")
    catch_all = '[causes.X]\ntitle = "anything"\nwho = "nobody"\nrulings = []\nevidence = "none"\n[[causes.X.match]]\nfirst = "*"\n\n'
    bad = tmp_path / "causes.toml"
    bad.write_text(catch_all + src, encoding="utf-8")
    causes = load_causes(bad)
    lab = labels("edopro", causes)
    assert [c.key for c in causes if c.examples and any(lab.get(s) != c.key for s in c.examples)]


def test_the_ygopro_reports_prose_tables_and_expected_failures_give_each_cause_one_count():
    """Issue 20 §5: the report's cause table, its prose and the expected-failures file agree
    ("1 + 303" in the prose against 313 in the table was the defect)."""
    import re
    from duelspec.tomlread import tomllib

    text = (CONF / "ygopro.md").read_text(encoding="utf-8")
    table = {m.group(1): m.group(2) for m in re.finditer(r"^\| \*\*([A-Za-z-]+)\*\* [^|]*\| (\d+ \+ \d+) \|", text, re.M)}
    prose = {m.group(1): m.group(2) for m in re.finditer(r"^\*\*([A-Za-z-]+) — .*?\*\*\s*\((\d+ \+ \d+)", text, re.M | re.S)}
    assert table and prose and set(prose) <= set(table)
    assert {k: v for k, v in prose.items() if table[k] != v} == {}
    listed = tomllib.loads((ROOT / "adapters" / "ygopro" / "expected-failures.toml").read_text(encoding="utf-8"))["scenarios"]
    counts: dict = {}
    for sid, entry in listed.items():
        key = entry["reason"].split(":", 1)[0]
        hand, gen = counts.get(key, (0, 0))
        counts[key] = (hand, gen + 1) if sid.startswith("ygo.generated") else (hand + 1, gen)
    assert {k: f"{h} + {g}" for k, (h, g) in counts.items()} == table


@pytest.mark.parametrize("engine", MEASURED)
def test_each_fix_made_alone_is_measured_against_the_committed_run(engine):
    """A fix made alone is compared with the committed run itself: its counts cover every failed or
    errored scenario of the committed streams (the report's sentences are about that run)."""
    measured = json.loads((CONF / f"{engine}-fixes.json").read_text(encoding="utf-8"))["fixes"]
    bad = {r["id"] for f in MEASURED_ON.get(engine, ENGINES[engine]) for r in read_stream(CONF / f).results
           if r.get("outcome") in ("failed", "errored")}
    for key, m in measured.items():
        if not m["on_top_of"]:
            # a core fix kept from a previous suite's measurement names the committed failures its
            # run did not hold (``not_in_run``, issue 33: EDOPro's A and E need an emscripten build)
            missing = set(m.get("not_in_run", []))
            assert missing <= bad and (not missing or m.get("measured_on")), key
            assert sum(v["failures"] for v in m["by_cause"].values()) + len(missing) == len(bad), key


def test_the_previous_edopro_order_is_caught(tmp_path):
    """EDOPro's cause G (Gearbreed: any failure about it or with it on top) tried before D and B,
    as the previous cause file did, takes the failures below or beside Gearbreed that B's fix alone
    turns green: caught."""
    import re
    src = (ROOT / "adapters" / "edopro" / "causes.toml").read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=\[causes\.[A-Za-z-]+\]\n)", src)
    g = next(b for b in blocks if b.startswith("[causes.G]\n"))
    rest = [b for b in blocks if b is not g]
    at = next(i for i, b in enumerate(rest) if b.startswith("[causes.D]\n"))
    old = tmp_path / "causes.toml"
    old.write_text("".join(rest[:at] + [g] + rest[at:]), encoding="utf-8")
    wrong = mislabelled("edopro", load_causes(old))
    assert wrong and {(label, tuple(f)) for label, f in wrong.values()} == {("G", ("B",))}
    assert mislabelled("edopro", load_causes(ROOT / "adapters" / "edopro" / "causes.toml")) == {}


def test_the_edopro_reports_counts_and_fix_sentences_are_those_of_its_files():
    """Issue 20: every count of a cause in docs/conformance/edopro.md (the by-cause table, the fix
    experiments' table, the prose "**X** (n)") equals the expected-failures file's, and each
    measured sentence is the one edopro-fixes.json holds."""
    import json
    import re
    from duelspec.tomlread import tomllib
    from collections import Counter
    text = (CONF / "edopro.md").read_text(encoding="utf-8")
    expected = tomllib.loads((ROOT / "adapters" / "edopro" / "expected-failures.toml").read_text(encoding="utf-8"))["scenarios"]
    want = {k: f"{n:,}" for k, n in Counter(v["reason"].split(":")[0] for v in expected.values()).items()}
    by_cause = {m.group(1): m.group(2) for m in re.finditer(r"^\| \*\*([A-Za-z-]+)\*\* [^|]+\| ([\d,]+) \| [\d,]+ \| [\d,]+ \|", text, re.M)}
    fix_rows = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(r"^\| \*\*([A-Za-z-]+)\*\* \| ([\d,]+) \| [^|]+\| ([^|]+) \|", text, re.M)}
    prose = {m.group(1): m.group(2) for m in re.finditer(r"^\* \*\*([A-Za-z-]+)\*\* \(([\d,]+)\)", text, re.M)}
    prose.update({m.group(1): m.group(2) for m in re.finditer(r"\*\*([A-Za-z-]+)\*\* \(([\d,]+)\)", text)})
    assert by_cause == want
    assert {k: n for k, (n, _) in fix_rows.items()} == want
    assert prose and {k: n for k, n in prose.items() if want.get(k) != n} == {}
    fixes = json.loads((CONF / "edopro-fixes.json").read_text(encoding="utf-8"))["fixes"]
    assert {k: s.strip() for k, (_, s) in fix_rows.items() if k in fixes} == {k: m["sentence"] for k, m in fixes.items()}


def test_the_edopro_report_states_d_s_fix_as_measured_on_its_own_labels():
    """Review finding 4: D names B's fix (``same_fix``), yet B's fix alone turns only part of D
    green; the rest, all below a negated Gearbreed, pass with G's fix on top of B's. The cause file
    and the report say so with the numbers counted on the committed run's labels (the ``passing``
    lists of edopro-fixes.json), not on the labels of B's run (G's sentence, "73 of D")."""
    from duelspec.tomlread import tomllib
    expected = tomllib.loads((ROOT / "adapters" / "edopro" / "expected-failures.toml").read_text(encoding="utf-8"))["scenarios"]
    d = {sid for sid, v in expected.items() if v["reason"].split(":")[0] == "D"}
    fixes = json.loads((CONF / "edopro-fixes.json").read_text(encoding="utf-8"))["fixes"]
    assert fixes["G"]["on_top_of"] == ["B"]
    by_b, by_g = d & set(fixes["B"]["passing"]), d & set(fixes["G"]["passing"])
    gearbreed = {sid for sid, doc in by_id(d).items() if any(c["card"] == "27979109" for c in doc["setup"]["cards"])}
    assert by_b | by_g == d and not by_b & by_g and by_g <= gearbreed      # two fixes, each for its part
    n = {"d": len(d), "b": len(by_b), "g": len(by_g), "gearbreed": len(gearbreed), "b_gearbreed": len(by_b & gearbreed),
         "b_plain": len(by_b - gearbreed)}
    evidence = next(c for c in load_causes(ROOT / "adapters" / "edopro" / "causes.toml") if c.key == "D").evidence
    report = " ".join((CONF / "edopro.md").read_text(encoding="utf-8").split())
    for where, text in (("adapters/edopro/causes.toml [causes.D]", evidence), ("docs/conformance/edopro.md", report)):
        for claim in (f"B's, plus G's for the {n['g']} under a negated Gearbreed" if "toml" in where else
                      f"B's fix, plus G's for the {n['g']} under a negated Gearbreed",
                      f"B's fix alone turns green {n['b']} of D", f"{n['b_plain']} without Gearbreed",
                      f"{n['b_gearbreed']} of the {n['gearbreed']}", f"{n['gearbreed']} of "):
            assert claim in text, f"{where}: expected {claim!r} (counted: {n})"
