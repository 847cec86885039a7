"""`duelspec consensus` (issue 25 section 4): where every real engine of a game fails a scenario the
same way, the suite looks at itself first."""
from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec.analysis import consensus as cs
from duelspec.cli import main
from duelspec.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "docs" / "conformance"
STREAMS = [CONF / "edopro.jsonl", CONF / "edopro-generated.jsonl", CONF / "ygopro.jsonl"]
ARGS = CONF / "consensus-arguments.toml"


def _lines(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def write_stream(path: Path, header: dict, results: list) -> Path:
    """A result stream: ``header``, ``results``, a footer whose counts match them."""
    counts = Counter(r["outcome"] for r in results)
    footer = {"type": "footer", "counts": {o: counts.get(o, 0) for o in
                                           ("passed", "failed", "skipped", "errored", "timed-out", "xfailed", "xpassed")},
              "stopped_early": False, "duration_s": 1.0, "selected": len(results), "restarts": 0}
    path.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in [header, *results, footer]) + "\n", encoding="utf-8")
    return path


#: results of the committed streams about scenarios of another content now (not compared): none
#: since both engines ran the suite issue 25 corrected (before: the 426 generated chains that
#: scripted the hand trigger first and the hand-written scenario §6 rewrote, on EDOPro's older run)
STALE = 0

@pytest.fixture(scope="module")
def committed():
    return cs.run(STREAMS, ARGS)


@pytest.fixture(scope="module")
def ygopro():
    lines = _lines(CONF / "ygopro.jsonl")
    return lines[0], {x["id"]: x for x in lines if x.get("type") == "result"}


def test_the_committed_streams_agree_on_the_clusters_the_reports_name(committed):
    """EDOPro (two streams, merged) and YGOPro. The hand trigger (cause H of both first reports, the
    suite's error) was the largest cluster; issue 25 fixed the suite and both engines ran it again,
    so every scenario is compared (none stale) and no cluster scripts the hand trigger first. Every
    cluster has a verdict in the arguments file."""
    assert [e.name for e in committed.engines] == ["EDOPro (ygopro-core via ocgcore-wasm)",
                                                   "YGOPro (classic ygopro-core + ygopro-scripts)"]
    stale = committed.stale.get("ygo", [])
    streams = {}
    for e in committed.engines:
        streams.update(e.results)
    # the scenarios both engines ran: all compared
    both = set.intersection(*(set(e.results) for e in committed.engines))
    assert committed.compared["ygo"] + len(stale) == len(both) and committed.lonely == []
    assert len(stale) == STALE == 0
    assert not any(a.card == "Black Luster Soldier - Legendary Swordsman" for cl in committed.clusters for a in cl.members)
    top = committed.clusters[0]
    assert top.first == "wrong order activate Sangan before draw A normal" and top.argument["verdict"] == "suite-right"
    assert all(cl.argument for cl in committed.clusters), [cl.first for cl in committed.clusters if not cl.argument]
    for cl in committed.clusters:                     # every member failed the same way on every engine
        for a in cl.members:
            assert len({cs.failure_key(r) for r in a.results.values()}) == 1
            assert all(r["outcome"] in ("failed", "xfailed") for r in a.results.values())


def test_the_consensus_page_is_generated_from_the_streams_and_the_arguments(committed):
    """docs/conformance/consensus.md is the command's output (regenerate it with the command its
    first lines name)."""
    page = (CONF / "consensus.md").read_text(encoding="utf-8")
    cmd = ("duelspec consensus docs/conformance/edopro.jsonl docs/conformance/edopro-generated.jsonl "
           "docs/conformance/ygopro.jsonl --arguments docs/conformance/consensus-arguments.toml "
           "--markdown docs/conformance/consensus.md")
    assert page == cs.render_markdown(committed, cmd), f"regenerate: {cmd}"
    assert "not argued yet" not in page


def test_same_first_failure_on_every_engine_is_a_consensus_and_a_different_one_is_not(tmp_path, ygopro):
    header, results = ygopro
    sid = "ygo.normal-draw.related.mystical-cards.declined"
    other = "ygo.normal-draw.basics.turn-player-draws"
    r = results[sid]
    h2 = copy.deepcopy(header)
    h2["adapter"]["implementation"]["name"] = "Other engine"
    b = copy.deepcopy(r)
    b["failures"][0]["message"] = b["failures"][0]["message"]                    # the same way
    a_path = write_stream(tmp_path / "a.jsonl", header, [r, results[other]])
    b_path = write_stream(tmp_path / "b.jsonl", h2, [b, results[other]])
    c = cs.run([a_path, b_path])
    assert c.compared == {"ygo": 2} and c.all_failed == {"ygo": 1} and c.agreed == {"ygo": 1}
    assert [a.id for a in c.clusters[0].members] == [sid]
    # the second engine fails it another way (another pointer): failed by all, no consensus
    b2 = copy.deepcopy(r)
    b2["failures"] = [{"pointer": "/expect/final/winner", "message": "final state differs", "expected": None}]
    c = cs.run([a_path, write_stream(tmp_path / "b2.jsonl", h2, [b2, results[other]])])
    assert c.all_failed == {"ygo": 1} and c.agreed == {"ygo": 0} and not c.clusters
    # passed on one engine: not failed by all
    p = dict(r, outcome="passed")
    p.pop("failures", None)
    c = cs.run([a_path, write_stream(tmp_path / "b3.jsonl", h2, [p, results[other]])])
    assert c.all_failed == {"ygo": 0} and not c.clusters


def test_trace_positions_in_the_message_do_not_split_a_consensus():
    a = {"failures": [{"pointer": "/expect/events/4", "message": "expected event occurred at #10, before ... (#15): wrong order"}]}
    b = {"failures": [{"pointer": "/expect/events/4", "message": "expected event occurred at #12, before ... (#19): wrong order"}]}
    assert cs.failure_key(a) == cs.failure_key(b)
    s = {"failures": [{"pointer": "/expect/events/0", "message": "x"}, {"pointer": "/script/1", "message": "y"}]}
    assert cs.first_failure(s)["pointer"] == "/script/1"               # a script step's failure comes first


def test_one_engine_of_a_game_gives_no_consensus(tmp_path, ygopro):
    header, results = ygopro
    sid = "ygo.normal-draw.related.mystical-cards.declined"
    c = cs.run([write_stream(tmp_path / "a.jsonl", header, [results[sid]])])
    assert c.lonely == ["ygo"] and not c.clusters
    assert "one engine" in cs.render_markdown(c, "duelspec consensus a.jsonl")


def test_text_from_the_streams_is_escaped_on_the_page(tmp_path, ygopro):
    header, results = ygopro
    sid = "ygo.normal-draw.related.mystical-cards.declined"
    evil = copy.deepcopy(results[sid])
    evil["failures"][0]["message"] = "the engine must accept this step | <script>alert(1)</script>\n# heading"
    h2 = copy.deepcopy(header)
    h2["adapter"]["implementation"]["name"] = "Evil | <b>engine</b>"
    c = cs.run([write_stream(tmp_path / "a.jsonl", header, [evil]), write_stream(tmp_path / "b.jsonl", h2, [evil])])
    page = cs.render_markdown(c, "duelspec consensus")
    assert "<script>" not in page and "<b>engine" not in page and "\n# heading" not in page


def test_an_argument_matches_by_game_expectation_and_card(tmp_path, committed):
    f = tmp_path / "args.toml"
    f.write_text('[[argument]]\ngame = "ygo"\nfirst = "refused legal step: A activates replacement"\ncard = "Skull Flame"\n'
                 'verdict = "suite-right"\nargument = "x"\n', encoding="utf-8")
    c = cs.consensus(committed.engines, {a.id: a.scenario for cl in committed.clusters for a in cl.members},
                     cs.load_arguments(f))
    assert c.clusters[0].argument is None                     # the card does not match: not argued


@pytest.mark.parametrize("text, where", [
    ('[[argument]]\nfirst = "x"\nverdict = "maybe"\nargument = "y"\n', "argument[0].verdict"),
    ('[[argument]]\nverdict = "open"\nargument = "y"\n', "argument[0].first"),
    ('argument = 3\n', "argument"),
    ('[[argument]\n', ""),
])
def test_a_bad_arguments_file_is_an_error_naming_the_entry(tmp_path, text, where):
    f = tmp_path / "args.toml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        cs.load_arguments(f)
    assert str(f) in str(e.value) and where in str(e.value)


def test_the_command_prints_the_clusters_writes_the_page_and_json(tmp_path):
    out = tmp_path / "c.md"
    r = CliRunner().invoke(main, ["consensus", *map(str, STREAMS), "--arguments", str(ARGS), "--markdown", str(out)])
    assert r.exit_code == 0, r.output
    assert "3  wrong order activate Sangan before draw A normal  [the suite is right]" in r.output
    assert "not compared" not in r.output        # both engines ran the current suite (STALE = 0)
    assert out.read_text(encoding="utf-8").startswith("# When every engine fails the same way")
    r = CliRunner().invoke(main, ["consensus", *map(str, STREAMS), "--format", "json"])
    data = json.loads(r.output)
    # 8 since issue 33: both engines fail cost-type.no-skull-flame-after-cost-type the same way
    assert data["games"]["ygo"]["agreed"] == 8 and data["clusters"][0]["verdict"] is None
    assert len(data["games"]["ygo"]["stale"]) == STALE
    # every scenario both engines ran (the two engines' streams hold the same ids: the current suite)
    ids = [{json.loads(x)["id"] for f in STREAMS if engine in f.name for x in f.read_text(encoding="utf-8").splitlines()
            if '"type": "result"' in x} for engine in ("edopro", "ygopro")]
    assert ids[0] == ids[1] and data["games"]["ygo"]["compared"] == len(ids[0]) > 3000
    r = CliRunner().invoke(main, ["consensus", str(tmp_path / "missing.jsonl")])
    assert r.exit_code == 2 and "missing.jsonl" in r.output


def test_the_site_has_a_consensus_page_with_two_engines_and_a_general_rules_page(tmp_path):
    """(The hand-trigger cluster of the first streams is gone since issue 25 fixed those chains.)"""
    from duelspec.site import build
    build([str(p) for p in STREAMS], tmp_path / "site", str(ARGS))
    page = (tmp_path / "site" / "consensus.html").read_text(encoding="utf-8")
    assert 'id="cluster-1"' in page and "the suite is right" in page and 'href="general-rules.html#ygo-gen-hand-trigger"' not in page
    assert "Not compared (ygo)" not in page           # STALE = 0: both engines ran the current suite
    rules = (tmp_path / "site" / "general-rules.html").read_text(encoding="utf-8")
    assert 'id="ygo-gen-segoc"' in rules and "ygo.normal-draw.same-timing." in rules
    ruling = (tmp_path / "site" / "rulings" / "ND-05.html").read_text(encoding="utf-8")
    assert 'href="../general-rules.html#ygo-gen-segoc"' in ruling
    build([str(CONF / "ygopro.jsonl")], tmp_path / "one")
    assert not (tmp_path / "one" / "consensus.html").exists()
    assert 'href="consensus.html"' not in (tmp_path / "one" / "index.html").read_text(encoding="utf-8")


def test_a_result_of_another_version_of_the_scenario_is_not_compared(tmp_path, ygopro):
    """Issue 25: a stream written before a scenario changed (its title differs from the scenario's
    now, e.g. a generated chain instantiated anew) is not described with the new document nor
    compared: it is listed as stale."""
    header, results = ygopro
    sid = "ygo.normal-draw.related.mystical-cards.declined"
    r = results[sid]
    h2 = copy.deepcopy(header)
    h2["adapter"]["implementation"]["name"] = "Other engine"
    a_path = write_stream(tmp_path / "a.jsonl", header, [r])
    b_path = write_stream(tmp_path / "b.jsonl", h2, [copy.deepcopy(r)])
    assert cs.run([a_path, b_path]).agreed == {"ygo": 1}
    old = dict(r, title="an earlier title of this scenario")
    c = cs.run([a_path, write_stream(tmp_path / "c.jsonl", h2, [old])])
    assert c.stale == {"ygo": [sid]} and c.compared == {"ygo": 0} and not c.clusters
