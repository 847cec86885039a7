"""Rulings have dates (issue 16): the catalogue's answer history, the dated scenario fields, the
selection of expectations as of a date, the reference engine playing as of a date, and reports
naming the answer an engine follows."""
import collections
import copy
import hashlib
import json
import pathlib

import pytest

from duelspec.judging import asof
from duelspec import compiler
from duelspec.adapters.reference import ReferenceAdapter
from duelspec.catalogue import rulings, sources
from duelspec.errors import InputError
from duelspec.runner import run_one
from shared_material import seed_text

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def compiled():
    out = compiler.compile_paths()
    assert not out.errors, [str(e.error) for e in out.errors]
    return {s["id"]: s for s in out.scenarios}


@pytest.fixture(scope="module")
def reference():
    a = ReferenceAdapter()
    return a, a.start()


from bad_adapters.dated import IgnoresTheDate, StuckIn2019  # noqa: E402


# -- the catalogue ----------------------------------------------------------------------------

def test_superseded_answers_are_never_current_and_name_what_replaced_them():
    cat = rulings()
    for r in cat.values():
        for a in r.answers:
            if a["where"].get("commented"):
                assert a["status"] != "current", (r.id, a["subject"])
            if a["status"] == "superseded":
                assert a["answered"] < a["replaced"] and a["replaced_by"] in cat, (r.id, a["subject"])
                assert a["replaced"] in cat[a["replaced_by"]].known_dates()


def test_the_answer_history_of_each_changed_card():
    """ND-H1/H2 as the page's commented block gives them (ND-FAQ1 for the dates they changed)."""
    changed = {(a["subject"]["en"], a["answer"], a["answered"], a["replaced"])
               for r in rulings().values() for a in r.superseded()}
    assert changed == {
        ("Skull Flame", "not conducted", "2019-03-17", "2022-07-30"),
        ("Spirit Burner", "not conducted", "2019-03-17", "2022-07-30"),
        ("Iron Core of Koa'ki Meiru", "not conducted", "2019-03-17", "2022-08-01"),
        ("Magical Blast", "not conducted", "2019-03-17", "2019-12-26"),
        ("Meteor Flare", "under review", "2019-03-17", "2019-12-26"),
    }


def test_every_quote_stands_where_the_catalogue_says():
    """Each answer's quote is in the copy of the page at its column (and commented when it says so)."""
    text = seed_text("ygo")
    doc = json.loads((ROOT / "features" / "rulings" / "ygo-normal-draw.json").read_text(encoding="utf-8"))
    assert hashlib.sha256(text.encode()).hexdigest() == doc["source"]["copy"]["sha256"]
    places = [a["where"] for r in doc["rulings"] for a in r.get("answers", [])] + [w["where"] for w in doc["withdrawn"]]
    assert len(places) > 30
    for w in places:
        at = w["seed"]["column"] - 1
        starts = [i for i in range(len(text)) if text.startswith(w["quote"], i)]
        assert any(i <= at < i + len(w["quote"]) for i in starts), w["quote"]
        assert w["quote"].startswith("//") == bool(w.get("commented")), w["quote"]


def test_the_catalogues_name_the_public_pages_with_their_revision():
    src = sources()
    assert src["ygo"]["url"].startswith("https://yugioh-wiki.net/") and "2022-09-12" in src["ygo"]["revision"]["note"]
    assert src["dm"]["url"].startswith("https://dm-wiki.com/") and src["dm"]["revision"]["timestamp"].startswith("2019-05-25")
    import re
    files = [ROOT / "README.md"] + [f for path in ("features", "docs", "reference_engine", "duelspec", "adapters", "schemas")
                                    for f in (ROOT / path).rglob("*") if f.suffix in (".json", ".md", ".py", ".feature")
                                    and "node_modules" not in f.parts]
    for f in files:
        hit = re.search(r"shared/(seeds|data|rulings)", f.read_text(encoding="utf-8"))
        assert not hit, f"{f} names a file of the authors' setup ({hit.group(0)}) as a source"


# -- selection ----------------------------------------------------------------------------------

def test_selection_in_each_period(compiled):
    s = compiled["ygo.normal-draw.faq1.skull-flame"]
    assert asof.select(s, "2024-01-01").expect is s["expect"]
    old = asof.select(s, "2019-06-01")
    assert old.answer["ruling"] == "ND-H1" and old.expect is s["superseded"][0]["expect"]
    assert asof.select(s, "2022-07-29").answer is not None and asof.select(s, "2022-07-30").answer is None
    assert asof.select(s, "2019-03-16").skip == "not yet ruled on 2019-03-16: its first answer is of 2019-03-17"
    meteor = compiled["ygo.normal-draw.faq1.meteor-flare"]
    assert asof.select(meteor, "2019-06-01").skip.startswith("under review on 2019-06-01")
    assert asof.select(meteor, "2019-12-26").skip is None
    swordsman = compiled["ygo.normal-draw.faq1.legendary-swordsman"]
    assert asof.select(swordsman, "2022-02-17").skip.startswith("not yet ruled on 2022-02-17")
    undated = compiled["ygo.normal-draw.basics.turn-player-draws"]
    assert "in_force" not in undated and asof.select(undated, "1999-01-01").skip is None
    ended = dict(swordsman, in_force={"from": "2022-02-18", "until": "2023-01-01"})
    assert asof.select(ended, "2023-01-01").skip.startswith("no longer in force on 2023-01-01")


def test_a_run_as_of_2019_passes_on_the_reference_engine_and_skips_what_was_not_ruled(compiled, reference):
    adapter, impl = reference
    results = {sid: run_one(s, adapter, impl, "2019-06-01") for sid, s in compiled.items()}
    assert all(r["outcome"] in ("passed", "skipped") for r in results.values()), \
        [(k, r["outcome"]) for k, r in results.items() if r["outcome"] not in ("passed", "skipped")]
    assert results["ygo.normal-draw.faq1.skull-flame"]["answer"] == {"ruling": "ND-H1", "answered": "2019-03-17",
                                                                     "replaced": "2022-07-30"}
    skipped = {k: r["reason"] for k, r in results.items() if r["outcome"] == "skipped"}
    assert set(skipped) == {"ygo.normal-draw.faq1.meteor-flare", "ygo.normal-draw.faq1.legendary-swordsman",
                            "ygo.normal-draw.triggers.fandora-onuncu-sangan"} | \
        {k for k in compiled if k.startswith("ygo.normal-draw.astral-force.") and "ND-AF4" in compiled[k]["rulings"]}


def test_the_reference_engine_plays_the_2019_answer_as_of_2019(compiled, reference):
    """The engine's classification carries its date: as of 2019-06-01 Skull Flame with its effect
    negated loses the draw (the answer of 2019-03-17), today it does not (ND-FAQ1)."""
    adapter, _ = reference
    s = compiled["ygo.normal-draw.faq1.skull-flame"]
    played = {k: v for k, v in s.items() if k not in ("expect", "superseded")}
    normal = lambda tr: [e for e in tr["events"] if e["event"] == "draw" and e.get("normal")]  # noqa: E731
    assert normal(adapter.run(played, as_of="2019-06-01")["trace"]) == []
    assert normal(adapter.run(played, as_of="2022-07-30")["trace"]) != []
    assert normal(adapter.run(played)["trace"]) != []


def test_a_failure_that_matches_another_answer_is_labelled(compiled):
    s = compiled["ygo.normal-draw.faq1.skull-flame"]
    a = StuckIn2019()
    r = run_one(s, a, a.start(), "2024-01-01")
    assert r["outcome"] == "failed"
    assert r["follows"] == {"ruling": "ND-H1", "answered": "2019-03-17", "replaced": "2022-07-30",
                            "label": "matches the answer of 2019-03-17, changed on 2022-07-30"}
    b = IgnoresTheDate()
    r = run_one(s, b, b.start(), "2019-06-01")
    assert r["outcome"] == "failed" and r["answer"]["ruling"] == "ND-H1"
    assert r["follows"]["label"] == "matches the answer of 2022-07-30 (in force since then)"
    # an unchanged answer (ND-H3) has no alternative: nothing to label
    r = run_one(compiled["ygo.normal-draw.faq1.muusiki"], a, a.start(), "2024-01-01")
    assert r["outcome"] == "passed" and "follows" not in r


def test_a_failure_matching_no_answer_is_not_labelled(compiled, reference):
    adapter, impl = reference
    s = copy.deepcopy(compiled["ygo.normal-draw.faq1.skull-flame"])
    s["superseded"][0]["expect"]["events"].append({"event": "win", "player": "B"})   # no trace satisfies it
    r = run_one(dict(s, expect={"events": [{"event": "win", "player": "B"}]}), adapter, impl, "2024-01-01")
    assert r["outcome"] == "failed" and "follows" not in r


def test_adapters_receive_no_expectations_and_the_date(compiled):
    seen = []

    class Spy(ReferenceAdapter):
        def run(self, scenario, as_of=None):
            seen.append((set(scenario), as_of))
            return super().run(scenario, as_of=as_of)
    a = Spy()
    run_one(compiled["ygo.normal-draw.faq1.skull-flame"], a, a.start(), "2019-06-01")
    keys, day = seen[0]
    assert day == "2019-06-01" and not keys & {"expect", "superseded"} and "in_force" in keys


# -- the compiler -------------------------------------------------------------------------------

HEAD = ('@game:ygo\nFeature: x\n  Background:\n    Given player B went first\n'
        '    And it is turn 2, player A\'s Draw Phase, before the draw\n'
        '    And the top card of player A\'s deck is "Alexandrite Dragon" as "top"\n'
        '    And player A has "Skull Flame" as "flame" face-up in attack position\n'
        '    And player A has "Burning Skull Head" as "head" in the graveyard\n'
        '    And player B has "Infinite Impermanence" as "imp" set in the spell & trap zone\n')
WHEN = ('    When before the draw, player A activates "flame"\n'
        '    And in response to chain link 1, player B activates "imp", targeting "flame"\n'
        '    Then the effect of chain link 1 is negated\n    And player A conducts the normal draw, drawing "top"\n')
OLD = ('    But under the answer of 2019-03-17 (ND-H1), replaced on 2022-07-30: the effect of chain link 1 is negated\n'
       '    And under the answer of 2019-03-17 (ND-H1), replaced on 2022-07-30: player A does not conduct the normal draw\n')


def _one(tags, extra=""):
    return compiler.compile_text(HEAD + f"  {tags}\n  Scenario: s\n" + WHEN + extra, "x.feature")


def test_dated_gherkin_compiles_to_in_force_and_superseded():
    out = _one("@id:t.x @ruling:ND-FAQ1 @ruling:ND-H1 @in-force-from:2022-07-30", OLD)
    assert not out.errors, [str(e.error) for e in out.errors]
    s = out.scenarios[0]
    assert s["in_force"] == {"from": "2022-07-30"} and "in-force-from:2022-07-30" not in s.get("tags", [])
    (e,) = s["superseded"]
    assert (e["ruling"], e["answered"], e["replaced"]) == ("ND-H1", "2019-03-17", "2022-07-30")
    assert e["expect"] == {"events": [{"event": "negate-effect", "link": 1}],
                           "never": [{"event": "draw", "player": "A", "normal": True}]}
    assert "スカル・フレイム" in e["source"]
    assert {"event": "draw", "player": "A", "normal": True, "cards": ["top"]} in s["expect"]["events"]


BAD_DATES = {
    "dated ruling, no date": ("@id:t.x @ruling:ND-FAQ1", "", "/in_force"),
    "a date the catalogue does not give": ("@id:t.x @ruling:ND-FAQ1 @in-force-from:2021-01-01", "", "/in_force/from"),
    "not tagged with the superseded ruling": ("@id:t.x @ruling:ND-FAQ1 @in-force-from:2022-07-30", OLD, "/superseded/0/ruling"),
    "an answer the catalogue does not record": ("@id:t.x @ruling:ND-FAQ1 @ruling:ND-H1 @in-force-from:2022-07-30",
                                                OLD.replace("2022-07-30", "2022-08-01"), "/superseded/0"),
    "in force before the old answer was replaced": ("@id:t.x @ruling:ND-FAQ1 @ruling:ND-H1 @in-force-from:2019-12-26",
                                                    OLD, "/in_force/from"),
    "replaced before answered": ("@id:t.x @ruling:ND-FAQ1 @ruling:ND-H1 @in-force-from:2022-07-30",
                                 OLD.replace("2019-03-17", "2023-01-01"), "line"),
}


@pytest.mark.parametrize("name", sorted(BAD_DATES))
def test_bad_dates_are_errors_with_a_location(name):
    tags, extra, where = BAD_DATES[name]
    out = _one(tags, extra)
    assert out.errors and not out.scenarios
    err = out.errors[0].error
    assert isinstance(err, InputError) and err.location.startswith(where), (err.location, str(err))


def test_a_superseded_pattern_is_validated_like_any_expectation(compiled):
    doc = copy.deepcopy(compiled["ygo.normal-draw.faq1.skull-flame"])
    doc["superseded"][0]["expect"]["never"][0]["card"] = "nobody"
    with pytest.raises(InputError) as e:
        compiler.validate(doc, "x.json")
    assert e.value.location == "/superseded/0/expect/never/0/card"


# -- the command and the reports --------------------------------------------------------------

def _cli(tmp_path, *args):
    import sys
    from click.testing import CliRunner
    from duelspec.cli import main
    out, md = tmp_path / "r.jsonl", tmp_path / "summary.md"
    res = CliRunner().invoke(main, ["run", "--ruling", "ND-FAQ*", "--out", str(out), "--markdown", str(md), *args])
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    return res, lines, md.read_text(encoding="utf-8")


def test_run_as_of_2019_passes_and_says_so(tmp_path):
    res, lines, md = _cli(tmp_path, "--as-of", "2019-06-01")
    assert res.exit_code == 0, res.output
    assert lines[0]["selection"]["as_of"] == "2019-06-01" and "as of 2019-06-01" in " ".join(res.output.split())
    flat = " ".join(res.output.split())
    assert "not yet ruled on 2019-06-01" in flat and "under review on 2019-06-01" in flat
    assert "answers in force on 2019-06-01" in md
    judged = {x["id"]: x["answer"]["ruling"] for x in lines if x.get("answer")}
    assert judged == {f"ygo.normal-draw.faq1.{c}": "ND-H1" for c in ("magical-blast", "skull-flame", "spirit-burner", "iron-core")}


def test_reports_name_the_answer_an_engine_follows(tmp_path):
    res, lines, md = _cli(tmp_path, "--adapter", "bad_adapters.dated:StuckIn2019")
    assert res.exit_code == 1
    follows = {x["id"]: x["follows"]["label"] for x in lines if x.get("follows")}
    assert follows == {"ygo.normal-draw.faq1.magical-blast": "matches the answer of 2019-03-17, changed on 2019-12-26",
                       "ygo.normal-draw.faq1.skull-flame": "matches the answer of 2019-03-17, changed on 2022-07-30",
                       "ygo.normal-draw.faq1.spirit-burner": "matches the answer of 2019-03-17, changed on 2022-07-30",
                       "ygo.normal-draw.faq1.iron-core": "matches the answer of 2019-03-17, changed on 2022-08-01"}
    assert "follows ND-H1: matches the answer of 2019-03-17, changed on 2022-07-30" in " ".join(res.output.split())
    row = next(line for line in md.splitlines() if "faq1.skull" in line and line.startswith("| <code>"))
    assert row.endswith("| failed | ND-H1 | matches the answer of 2019-03-17, changed on 2022-07-30 |"), row
    from duelspec import validation
    for x in lines:
        validation.check(x, "result", "r.jsonl")


def test_the_as_of_date_reaches_a_protocol_adapter(tmp_path):
    """Through the JSON-lines protocol: the reference engine served as a process plays as of the
    date the run message carries (else the 2019 expectations would fail)."""
    import sys
    cmd = f"cmd:{sys.executable} -m duelspec.adapters.reference"
    res, lines, _ = _cli(tmp_path, "--as-of", "2019-06-01", "--adapter", cmd, "--startup-timeout", "60")
    assert res.exit_code == 0, res.output
    assert lines[0]["selection"]["as_of"] == "2019-06-01"


def test_a_bad_date_is_a_usage_error(tmp_path):
    from click.testing import CliRunner
    from duelspec.cli import main
    res = CliRunner().invoke(main, ["run", "--as-of", "2019-13-01"])
    assert res.exit_code == 2 and "YYYY-MM-DD" in res.output


def _readme_block(marker):
    text = (ROOT / "docs" / "dates.md").read_text(encoding="utf-8")
    block = text.split(marker, 1)[1].split("```", 2)[1]
    return [line for line in block.splitlines()[1:] if line.strip() and not line.startswith(("$", "   ("))]


def test_the_readme_follows_example_is_real_output():
    """The example in docs/dates.md (its --as-of sample run is checked with the guides' other samples,
    tests/test_readme.py)."""
    from click.testing import CliRunner
    from duelspec.cli import main
    res = CliRunner().invoke(main, ["run", "--ruling", "ND-FAQ1", "--adapter", "bad_adapters.dated:StuckIn2019"],
                             env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"})
    lines = _readme_block("<!-- follows example")
    assert len(lines) == 5
    for line in lines:
        assert line in res.output.splitlines(), line


def test_run_as_of_2019_in_parallel_jobs(tmp_path):
    """--jobs N: every member of the pool plays as of the run's date too."""
    import sys
    res, lines, _ = _cli(tmp_path, "--as-of", "2019-06-01", "--jobs", "2", "--startup-timeout", "60",
                         "--adapter", f"cmd:{sys.executable} -m duelspec.adapters.reference")
    assert res.exit_code == 0, res.output
    assert sum(1 for x in lines if x.get("answer")) == 4


def test_the_site_names_the_answer_an_engine_follows(tmp_path):
    """The website's ruling page marks the failure and its failure page gives the label."""
    from click.testing import CliRunner
    from duelspec.cli import main
    res, lines, _ = _cli(tmp_path, "--adapter", "bad_adapters.dated:StuckIn2019")
    r = CliRunner().invoke(main, ["site", "--results", str(tmp_path / "r.jsonl"), "--out", str(tmp_path / "site")])
    assert r.exit_code == 0, r.output
    pages = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "site").rglob("*.html")}
    failure = next(t for n, t in pages.items() if "skull-flame" in n and "faq1" in n)
    assert "ND-H1: matches the answer of 2019-03-17, changed on 2022-07-30" in failure
    assert "follows ND-H1" in pages["ND-H1.html"]


def test_the_pytest_plugin_judges_as_of_a_date(tmp_path):
    import subprocess
    import sys
    (tmp_path / "test_duelspec.py").write_text("from duelspec.pytest_scenarios import *  # noqa: F401,F403\n")
    base = [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", str(tmp_path / "test_duelspec.py"),
            "--duelspec-adapter", "reference", "-k", "faq1", "-p", "no:randomly"]
    r = subprocess.run(base + ["--duelspec-as-of", "2019-06-01"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:]
    assert " passed, 2 skipped" in r.stdout and "under review on 2019-06-01" in r.stdout and "failed" not in r.stdout
    bad = subprocess.run(base + ["--duelspec-as-of", "June 2019"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert bad.returncode == 4 and "YYYY-MM-DD" in bad.stderr + bad.stdout


# -- the generated chains as of a date (issue 25 §6) ------------------------------------------------------

IRON_CORE = "36623431"


def _negated_links(s):
    """The links of ``s`` whose effect is negated (the generated chains' unordered resolution group)."""
    out = set()
    for item in s["expect"]["events"]:
        for p in item.get("any_order", [item]):
            if p.get("event") == "negate-effect":
                out.add(p["link"])
    return out


def _link_of(s, card):
    return next((p["link"] for p in s["expect"]["events"] if p.get("event") == "activate" and p.get("card") == card), None)


@pytest.fixture(scope="module")
def generated():
    from duelspec.generated import scenarios
    return list(scenarios())


def test_a_generated_chain_is_dated_only_by_the_answers_it_rests_on(generated):
    """The page's changed answers (ND-H1, ND-H2) are about a card's effect negated: a chain that uses
    Iron Core of Koa'ki Meiru without negating it holds at every date; one that negates it holds
    from the change, and before it the page's first answer (2019-03-17, 「できません」) judges it."""
    with_core = [s for s in generated if any(c["card"] == IRON_CORE for c in s["setup"]["cards"])]
    plain = [s for s in with_core if not _negated_links(s)]              # no effect negated at all
    negated = [s for s in with_core if _link_of(s, "iron-core") in _negated_links(s) and "superseded" in s]
    assert plain and negated
    assert not any("in_force" in s for s in plain if "ND-AF4" not in s["rulings"]), [s["id"] for s in plain if "in_force" in s]
    for s in negated:
        old = asof.select(s, "2019-06-01")
        assert old.answer is not None and old.answer["answered"] == "2019-03-17", s["id"]
        assert {"event": "draw", "player": "A", "normal": True} in old.expect["never"]
        before = asof.select(s, "2019-03-01").skip
        assert "its first answer is of 2019-03-17" in before and "2022-08-01" in before, (s["id"], before)


def test_as_of_2019_only_the_chains_that_rest_on_a_later_or_reviewed_answer_are_skipped(generated, reference):
    """Before issue 25 about 2,000 generated chains were skipped as of 2019-06-01 (every chain with a
    card whose answer ever changed). Now: only those citing a ruling answered later (ND-AF4, 2022) or
    resting on Meteor Flare's answer while it was under review; the reference engine passes the rest
    as of that date, by the answers then."""
    adapter, impl = reference
    skipped = collections.Counter()
    for s in generated:
        r = run_one(s, adapter, impl, "2019-06-01")
        assert r["outcome"] in ("passed", "skipped"), (s["id"], r.get("failures"))
        if r["outcome"] == "skipped":
            skipped["ND-AF4" if "ND-AF4" in s["rulings"] else r["reason"].split(":")[0]] += 1
    assert set(skipped) <= {"ND-AF4", "under review on 2019-06-01"} and 0 < sum(skipped.values()) < 100, skipped


def test_the_coverage_planned_before_the_adapter_plays_is_that_of_the_answer_judged(compiled, reference):
    """play_one plans the coverage once (issue 26: judging does not plan it again): the plan it hands
    to the judge is that of the expectations in force on the run's date (a superseded answer's as of
    2019, with another number of items than today's), and the result is the one judging afresh gives."""
    from duelspec.judging.coverage import plan
    from duelspec.runner import Played, finish, judge, play_one
    adapter, impl = reference
    s = compiled["ygo.normal-draw.faq1.skull-flame"]
    observes = {"events": ["activate", "draw"]}           # a partial observer: the plan leaves items out
    for day in ("2019-06-01", "2024-01-01"):
        p = play_one(s, adapter, dict(impl, observes=observes), day)
        assert isinstance(p, Played)
        assert p.coverage == plan(s, asof.select(s, day).expect, observes)
        assert finish(p) == judge(s, p.reply, p.ms, p.selection, observes)
    assert plan(s, asof.select(s, "2019-06-01").expect, observes) != plan(s, s["expect"], observes)


# -- an answer of the page replaced by an official change (the DM page, 2019 -> 2020-10-23) ----------

NINJA_AFTER_OWN = "dm.attack.blocking.ap-ninja-strike-after-own-ability"


def test_a_page_answer_an_official_change_replaced_is_in_force_only_until_then(compiled, reference):
    """The DM page (as last edited on 2019-05-25) lets AP resolve its own "when blocked" ability
    and declare ninja strike afterwards (AT-S5); the comprehensive rules 506.3b of 2020-10-23
    (DM-GEN-HIDDEN-ZONE-TRIGGERS) have the turn player declare such abilities first. Played
    today the scenario asserts nothing and says why; in its period it is judged as written."""
    s = compiled[NINJA_AFTER_OWN]
    assert s["in_force"] == {"from": "2019-05-25", "until": "2020-10-23"}
    assert "DM-GEN-HIDDEN-ZONE-TRIGGERS" in {c["ref"] for c in s["cites"] if c["kind"] == "general-rule"}
    adapter, impl = reference
    today = run_one(s, adapter, impl)
    assert today["outcome"] == "skipped" and "replaced on 2020-10-23" in today["reason"]
    assert run_one(s, adapter, impl, "2020-10-22")["outcome"] == "passed"
    assert run_one(s, adapter, impl, "2019-05-24")["outcome"] == "skipped"


def test_the_mutants_play_a_replaced_answer_on_its_last_day(compiled):
    s = compiled[NINJA_AFTER_OWN]
    assert asof.day_to_check(s) == "2020-10-22"
    assert asof.day_to_check(s, "2020-01-01") == "2020-01-01"
    assert asof.day_to_check(compiled["dm.attack.blocking.ap-ninja-strike-after-block"]) is None


def test_an_in_force_date_from_no_source_of_the_scenario_is_refused():
    """Only the page's edit date and the dates of the sources of the general rules it cites (besides
    its rulings' own) may bound a scenario's period: without the @rule tag 2020-10-23 is refused."""
    from duelspec.compiler import compile_text
    text = (ROOT / "features/dm/attack/blocking.feature").read_text(encoding="utf-8")
    text = text.replace(" @rule:DM-GEN-HIDDEN-ZONE-TRIGGERS @in-force-from:2019-05-25", " @in-force-from:2019-05-25", 1)
    out = compile_text(text, "blocking.feature")
    bad = [e for e in out.errors if e.id == NINJA_AFTER_OWN]
    assert bad and bad[0].error.location.startswith("/in_force/until"), [str(e.error) for e in out.errors]
