"""``duelspec explore`` (issue 34.2): at fixed seeds it finds each planted mutant of a small test set
(reference engine mutants, duelspec/mutation/), writes a shrunk scenario, and that file replays to the
same failure through ``duelspec run``'s loading and checking; the same seed finds the same; the
reference engine gives no finding."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from duelspec.adapters.reference import ReferenceAdapter
from duelspec.explore import PLANTED as PLANTED_SET, explore, failure_of
from duelspec.mutation import applied, get
from duelspec.runner import run_one

ADAPTER = ReferenceAdapter()
IMPL = ADAPTER.implementation()

# (game, mutant, seed): a small test set of planted deviations, each found within 80 examples
PLANTED = list(PLANTED_SET)


@pytest.mark.parametrize("game,mutant,seed", PLANTED)
def test_explore_finds_the_planted_mutant_and_its_shrunk_scenario_replays(tmp_path, game, mutant, seed):
    from duelspec.selection import load
    with applied(get(mutant)):
        rep = explore(ADAPTER, IMPL, game, seed=seed, max_examples=80, out=tmp_path)
    assert rep.finding is not None, rep.as_dict()
    files = list(tmp_path.glob("*.json"))
    assert [str(f) for f in files] == [rep.finding.path]
    scenarios, errors = load([str(files[0])])          # what `duelspec run FILE` loads: schema-valid
    assert not errors and len(scenarios) == 1
    doc = scenarios[0]
    assert doc["rulings"] and doc["game"] == game
    with applied(get(mutant)):
        again = run_one(doc, ADAPTER, IMPL)
    assert failure_of(again, doc) == rep.finding.failure
    assert run_one(doc, ADAPTER, IMPL)["outcome"] == "passed"     # the model's expectations, not the mutant's
    d = rep.as_dict()
    assert 0 < d["covered"] <= d["space"] and d["examples"] >= d["finding"]["after_examples"] >= 1


def test_the_same_seed_finds_the_same_smallest_scenario(tmp_path):
    game, mutant, seed = PLANTED[0]
    with applied(get(mutant)):
        a = explore(ADAPTER, IMPL, game, seed=seed, max_examples=80)
        b = explore(ADAPTER, IMPL, game, seed=seed, max_examples=80)
    assert json.dumps(a.finding.scenario, sort_keys=True) == json.dumps(b.finding.scenario, sort_keys=True)
    assert a.examples == b.examples


def test_the_command_on_the_reference_engine_finds_nothing_and_reports_coverage(tmp_path):
    from duelspec.cli import main
    res = CliRunner().invoke(main, ["explore", "--game", "dm", "--seed", "0", "--max-examples", "15", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    assert rep["examples"] >= 1 and rep["covered"] >= 1 and rep["space"] > 100 and "finding" not in rep
    assert not list(tmp_path.glob("*.json"))


def test_the_explorer_draws_declines_and_finds_by_them():
    """The Yu-Gi-Oh! space has chains with declines (format 2.2), which the generated set has not:
    the smallest finding for `ygo.hand-trigger.public-after-hand` declines the public card first."""
    with applied(get("ygo.hand-trigger.public-after-hand")):
        rep = explore(ADAPTER, IMPL, "ygo", seed=2, max_examples=80)
    doc = rep.finding.scenario
    assert doc["format_minor"] == 2 and any(s["do"] == "decline" for s in doc["script"])
    assert rep.as_dict()["declines_played"] >= 1


class _Skipping:
    """An adapter that models nothing: it skips every situation."""
    def implementation(self):
        return {"name": "skipping", "games": ["dm", "ygo"]}

    def run(self, scenario, as_of=None):
        return {"skipped": {"reason": "this engine does not model the card"}}


class _Invalid(_Skipping):
    """An adapter whose every reply breaks the contract (a trace the trace schema rejects)."""
    def run(self, scenario, as_of=None):
        return {"trace": {"events": "not a list"}}


def test_nothing_judged_is_no_coverage_and_fails(tmp_path):
    rep = explore(_Skipping(), {}, "dm", seed=0, max_examples=10, out=tmp_path)
    d = rep.as_dict()
    assert d["examples"] == 0 and d["covered"] == 0 and d["skipped"] >= 1 and "does not model" in d["first_skip_reason"]
    assert rep.finding is None and not list(tmp_path.glob("*.json"))


def test_an_adapter_problem_stops_the_search_and_is_no_finding(tmp_path):
    rep = explore(_Invalid(), {}, "ygo", seed=0, max_examples=10, out=tmp_path)
    d = rep.as_dict()
    assert rep.finding is None and d["stopped_by"] == "adapter problem", d
    assert d["problem"]["why"].startswith("invalid trace") and not list(tmp_path.glob("*.json"))


def test_the_command_fails_when_nothing_is_judged_and_says_why(tmp_path, monkeypatch):
    from duelspec.cli import main
    import duelspec.search_cli as cli
    monkeypatch.setattr(cli, "_started", lambda spec, timeout: (_Skipping(), {}))
    res = CliRunner().invoke(main, ["explore", "--game", "ygo", "--max-examples", "5", "--out", str(tmp_path)])
    assert res.exit_code == 1 and "nothing was judged" in res.stderr and "does not model" in res.stderr
    monkeypatch.setattr(cli, "_started", lambda spec, timeout: (_Invalid(), {}))
    res = CliRunner().invoke(main, ["explore", "--game", "ygo", "--max-examples", "5", "--out", str(tmp_path)])
    assert res.exit_code == 1 and "not a finding about the rules" in res.stderr


def test_a_finding_says_found_and_stopped_by_finding(tmp_path):
    game, mutant, seed = PLANTED[0]
    with applied(get(mutant)):
        rep = explore(ADAPTER, IMPL, game, seed=seed, max_examples=80, out=tmp_path)
    d = rep.as_dict()
    assert d["stopped_by"] == "finding" and not d["finding"]["failure"].startswith("failed: failed:")
