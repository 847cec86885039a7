"""``duelspec shrink`` (issue 34.3): one failing result, hand-written or generated, of both games, shrunk
to a smaller valid scenario that fails the same way (outcome, first failing expectation by role, its
expected value) and still passes on the reference engine."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from duelspec.adapters.reference import ReferenceAdapter
from duelspec.compiler import validate
from duelspec.mutation import applied, get
from duelspec.runner import run_one
from duelspec.search_cli import _scenario
from duelspec.shrink import identity, shrink

ADAPTER = ReferenceAdapter()
IMPL = ADAPTER.implementation()


def play(doc):
    return run_one(doc, ADAPTER, IMPL)


def on(mutant):
    def played(doc):
        with applied(get(mutant)):
            return run_one(doc, ADAPTER, IMPL)
    return played


@pytest.mark.parametrize("mutant,sid", [
    ("dm.battle.tie-nobody-destroyed", "dm.attack.battle.equal-power-no-win-trigger"),          # DM hand-written
    ("dm.shields.broken-to-graveyard", "dm.generated.attack.deathliger.player.s2.st-decline.guard-no-block"),     # DM generated
    ("ygo.normal-draw.not-conducted", "ygo.generated.chain.e.na.1"),                            # YGO generated
    ("ygo.normal-draw.not-conducted", "ygo.normal-draw.astral-force.activation-negated"),       # YGO hand-written
])
def test_shrink_keeps_the_failure_and_removes_what_it_does_not_need(mutant, sid):
    doc = _scenario(sid)
    got = shrink(doc, on(mutant), guard=play)
    assert got is not None and got.removed, sid
    small = got.scenario
    validate(small, small["id"])
    assert small["id"] == sid + ".shrunk"
    before = (len(doc["setup"]["cards"]), len(doc["script"]), len(doc["expect"].get("events", [])))
    after = (len(small["setup"]["cards"]), len(small["script"]), len(small["expect"].get("events", [])))
    assert sum(after) < sum(before)
    assert identity(on(mutant)(small), small) == identity(on(mutant)(doc), doc)
    assert play(small)["outcome"] == "passed"       # the guard: the kept expectations still hold on the reference
    assert set(small["rulings"]) <= set(doc["rulings"])
    if "carries" in doc["expect"]:
        assert set(small["expect"]["carries"]) == set(small["rulings"])


def test_a_scenario_that_does_not_fail_is_not_shrunk():
    assert shrink(_scenario("dm.attack.battle.equal-power"), play) is None


def test_the_command(tmp_path):
    from duelspec.cli import main
    r = CliRunner().invoke(main, ["shrink", "dm.attack.battle.equal-power"])
    assert r.exit_code == 1 and "does not fail" in r.output
    r = CliRunner().invoke(main, ["shrink", "no.such.scenario"])
    assert r.exit_code == 2 and "no.such.scenario" in r.output
    r = CliRunner().invoke(main, ["shrink", "--adapter", "cmd:python -m duelspec.mutation serve dm.battle.tie-nobody-destroyed",
                                  "dm.attack.battle.equal-power-no-win-trigger", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "dm.attack.battle.equal-power-no-win-trigger.shrunk.json").is_file()


def test_without_the_guard_a_removal_can_change_what_the_rulings_decide():
    """Removing Infernoid Onuncu (which negates Spirit Burner) makes Spirit Burner's effect apply: the kept
    "normal draw" expectation no longer follows from the rulings; the guard rejects that removal."""
    doc = _scenario("ygo.generated.chain.e.na.1")
    unguarded = shrink(doc, on("ygo.normal-draw.not-conducted"))
    assert "card infernoid-onuncu" in unguarded.removed
    assert play(unguarded.scenario)["outcome"] == "failed"
    guarded = shrink(doc, on("ygo.normal-draw.not-conducted"), guard=play)
    assert "card infernoid-onuncu" not in guarded.removed


def test_every_causes_example_is_shrunk_from_a_run(tmp_path):
    """`duelspec shrink --stream S --causes F --out DIR`: per cause its smallest failing scenario, shrunk."""
    from duelspec.cli import main
    mutant = "dm.battle.tie-nobody-destroyed"
    stream = tmp_path / "run.jsonl"
    r = CliRunner().invoke(main, ["run", "--adapter", f"cmd:python -m duelspec.mutation serve {mutant}", "--ruling", "AT-B4",
                                  "--game", "dm", "--format", "json", "--out", str(stream), "--no-progress"])
    assert stream.is_file(), r.output
    causes = tmp_path / "causes.toml"
    causes.write_text('[causes.T]\ntitle = "ties destroy nothing"\nwho = "core"\n[[causes.T.match]]\nfirst = "*"\n',
                      encoding="utf-8")
    r = CliRunner().invoke(main, ["shrink", "--stream", str(stream), "--causes", str(causes), "--out", str(tmp_path / "ex"),
                                  "--adapter", f"cmd:python -m duelspec.mutation serve {mutant}"])
    assert r.exit_code == 0, r.output
    import json
    done = json.loads(r.output)
    assert set(done) == {"T"} and done["T"]["file"]
    assert done["T"]["cards"][1] <= done["T"]["cards"][0] and done["T"]["steps"][1] <= done["T"]["steps"][0]
    small = json.loads(open(done["T"]["file"], encoding="utf-8").read())
    validate(small, small["id"])
    assert small["id"] == done["T"]["from"] + ".shrunk"
    assert on(mutant)(small)["outcome"] == "failed" and play(small)["outcome"] == "passed"


def test_the_committed_shrunk_examples_are_valid_and_pass_on_the_reference_engine():
    """docs/conformance/shrunk/<engine>/*.json (the causes' examples of the reports): schema-valid, and
    every expectation kept still what the rulings say (the reference engine passes each)."""
    import json
    from pathlib import Path
    files = sorted((Path(__file__).resolve().parents[1] / "docs" / "conformance" / "shrunk").rglob("*.json"))
    assert len(files) >= 9
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        validate(doc, str(f))
        assert doc["id"].endswith(".shrunk") and f.name == doc["id"] + ".json"
        assert play(doc)["outcome"] == "passed", f.name
