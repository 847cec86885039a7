"""The general-rules catalogue (issue 25 section 3): every general rule the engines apply is named,
sourced and found where the engine decides it; every decision point names what it implements;
scenarios cite the general rules they rest on."""
from __future__ import annotations

import importlib
import inspect
import json
import re
from pathlib import Path

import pytest

from duelspec.catalogue import cited_rules, general_rules, rulings
from duelspec.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"\b(?:[A-Z]{2,3}-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)\b")


def resolve(path: str):
    """The object a dotted path of ``decided_in`` names (module, then attributes)."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(path)


def source_of(obj) -> str:
    return inspect.getsource(inspect.unwrap(obj))


def known_ids() -> set:
    return set(rulings()) | set(general_rules())


def test_the_catalogue_loads_with_both_games_and_the_rules_the_issue_names():
    g = general_rules()
    assert {r.game for r in g.values()} == {"ygo", "dm"}
    for rid in ("YGO-GEN-SEGOC", "YGO-GEN-HAND-TRIGGER", "YGO-GEN-SPELL-SPEED", "YGO-GEN-CHAIN", "YGO-GEN-MISSING-TIMING",
                "YGO-GEN-COST", "YGO-GEN-NEGATION", "YGO-GEN-ONCE-PER-TURN", "YGO-GEN-TURN",
                "DM-GEN-TURN-PLAYER-FIRST", "DM-GEN-WAITING", "DM-GEN-WHO-DECIDES", "DM-GEN-SUMMONING-SICKNESS",
                "DM-GEN-SHIELD-TRIGGER", "DM-GEN-BLOCKER", "DM-GEN-ATTACK-STEPS", "DM-GEN-ATTACKER-LEAVES"):
        assert rid in g, rid
    for r in g.values():
        assert r.status == "undecided" or r.sources or r.undecided, r.id      # a rule rests on a source or says it does not
        for s in r.sources:
            assert s["quote"].strip() == s["quote"] and s["quote"], r.id
        for x in r.stated_by:
            assert x in rulings() and rulings()[x].game == r.game, (r.id, x)


def test_a_catalogue_with_a_wrong_prefix_or_a_duplicate_is_refused(tmp_path):
    doc = json.loads((ROOT / "features/general_rules/ygo.json").read_text(encoding="utf-8"))

    def folder(name, d):              # a fresh file each time (JSON files are read once per path)
        (tmp_path / name).mkdir()
        (tmp_path / name / "ygo.json").write_text(json.dumps(d), encoding="utf-8")
        return str(tmp_path / name)
    bad = json.loads(json.dumps(doc))
    bad["rules"][0]["id"] = "DM-GEN-X"
    with pytest.raises(InputError, match=r"/rules/0/id.*YGO-GEN-"):
        general_rules(folder("prefix", bad))
    bad["rules"][0]["id"] = bad["rules"][1]["id"]
    with pytest.raises(InputError, match="not catalogued elsewhere"):
        general_rules(folder("twice", bad))
    bad = json.loads(json.dumps(doc))
    del bad["rules"][1]["sources"][0]["quote"]
    with pytest.raises(InputError, match="quote"):
        general_rules(folder("quote", bad))
    bad = json.loads(json.dumps(doc))
    bad["rules"][1]["decided_in"] = []
    with pytest.raises(InputError, match="gap"):
        general_rules(folder("gap", bad))


def test_the_readers_page_is_generated_from_the_catalogue():
    """docs/rulings/general-rules.md is `python -m duelspec.general_rules` (regenerate it so)."""
    from duelspec.general_rules import render_markdown
    from duelspec.reporting.markdown import cell as _cell
    page = (ROOT / "docs/rulings/general-rules.md").read_text(encoding="utf-8")
    assert page == render_markdown(), "regenerate: python -m duelspec.general_rules > docs/rulings/general-rules.md"
    for r in general_rules().values():
        assert f"### {r.id}" in page
        for s in r.sources:
            assert _cell(s["quote"]) in page


@pytest.mark.parametrize("rid", sorted(general_rules()))
def test_each_general_rule_is_named_where_the_engine_decides_it(rid):
    """Every point `decided_in` names exists and names the rule's ID in its code; a rule no point of
    the reference engine decides says so (`gap`) — e.g. the hand-trigger rule until helper
    `oracle` lands it."""
    r = general_rules()[rid]
    for path in r.decided_in:
        obj = resolve(path)
        assert re.search(re.escape(rid) + r"\b", source_of(obj)), f"{path} does not name {rid}"
    if not any(p.startswith(f"duelspec.reference_engine.{r.game}.") for p in r.decided_in):
        assert r.gap, f"{rid}: no point of the reference engine decides it and no `gap` says so"


def _mutant_decision_points():
    """(mutant, owner, attr) for every attribute a rule mutant patches: recorded by applying each
    mutant's patch to a recording Patcher, then undone."""
    from duelspec.mutation import Patcher, general, registry
    out = []
    for m in list(registry().values()) + list(general.mutants()):
        p = Patcher()
        try:
            m.patch(p)
            out += [(m, owner, attr) for owner, attr, _, _ in p._undo]
        finally:
            p.restore()
    return out


def test_every_decision_point_of_both_reference_engines_names_what_it_implements():
    """Each method a rule mutant patches (the engines' decision points, duelspec/mutation/) and
    each card class whose attribute one patches names, in its code, a ruling or general rule it
    implements (a newcomer finds the code of a rule with `grep -rn <ID> reference_engine/`)."""
    ids = known_ids()
    missing, checked = [], set()
    for m, owner, attr in _mutant_decision_points():
        orig = inspect.getattr_static(owner, attr) if inspect.isclass(owner) else getattr(owner, attr)
        target = orig if inspect.isfunction(orig) else owner
        where = f"{getattr(owner, '__name__', owner)}.{attr}"
        if where in checked:
            continue
        checked.add(where)
        if not set(ID.findall(source_of(target))) & ids:
            missing.append(where)
    assert len(checked) > 30
    assert not missing, f"decision points naming no ruling or general rule: {sorted(missing)}"


def test_every_ruling_and_general_rule_of_a_mutant_is_catalogued():
    from duelspec.mutation import registry
    ids = known_ids()
    for m in registry().values():
        assert set(m.rulings) <= ids, m.name


# ----------------------------------------------------------------------------- citing scenarios
def _compile(text: str, tmp_path):
    from duelspec.compiler import compile_text
    return compile_text(text, str(tmp_path / "x.feature"))


FEATURE = """@game:ygo {ftags}
Feature: t
  Background:
    Given player B went first
    And it is turn 2, player A's Draw Phase, before the draw
    And the top card of player A's deck is "Alexandrite Dragon" as "top"

  @id:t.one @ruling:ND-01 {stags}
  Scenario: s
    {comment}
    Then player A conducts the normal draw
"""


def test_a_rule_tag_becomes_a_general_rule_cite(tmp_path):
    out = _compile(FEATURE.format(ftags="@rule:YGO-GEN-TURN", stags="@rule:YGO-GEN-CHAIN @rule:YGO-GEN-TURN", comment=""), tmp_path)
    assert not out.errors, out.errors
    (s,) = out.scenarios
    assert cited_rules(s) == ["YGO-GEN-TURN", "YGO-GEN-CHAIN"]
    assert "rule:YGO-GEN-TURN" not in s.get("tags", [])
    out = _compile(FEATURE.format(ftags="", stags="@rule:YGO-GEN-TURN", comment="# cites: general-rule | YGO-GEN-TURN |"), tmp_path)
    assert cited_rules(out.scenarios[0]) == ["YGO-GEN-TURN"]           # the same rule once


@pytest.mark.parametrize("tag, why", [
    ("@rule:YGO-GEN-NO-SUCH", "general-rule ID of the ygo catalogue"),
    ("@rule:DM-GEN-BLOCKER", "general-rule ID of the ygo catalogue"),
])
def test_a_rule_that_is_unknown_of_the_other_game_or_undecided_is_refused(tmp_path, tag, why):
    out = _compile(FEATURE.format(ftags="", stags=tag, comment=""), tmp_path)
    assert out.errors and why in str(out.errors[0].error) and "/cites/0/ref" in str(out.errors[0].error)


def test_an_undecided_rule_cannot_be_cited(tmp_path):
    """A scenario citing a rule the catalogue marks `undecided` is refused at load."""
    import copy
    from duelspec.compiler import compile_paths, validate
    doc = json.loads((ROOT / "features/general_rules/dm.json").read_text(encoding="utf-8"))
    doc["rules"][0]["status"], doc["rules"][0]["undecided"] = "undecided", "for the test"
    (tmp_path / "dm.json").write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "ygo.json").write_text((ROOT / "features/general_rules/ygo.json").read_text(encoding="utf-8"), encoding="utf-8")
    scen = copy.deepcopy(next(s for s in compile_paths().scenarios if s["game"] == "dm"))
    scen["cites"] = scen.get("cites", []) + [{"kind": "general-rule", "ref": doc["rules"][0]["id"]}]
    validate(scen)                                        # decided in the real catalogue
    import duelspec.catalogue as catalogue
    real = catalogue.general_rules
    catalogue.general_rules = lambda root=None: real(str(tmp_path))
    try:
        with pytest.raises(InputError, match="undecided"):
            validate(scen)
    finally:
        catalogue.general_rules = real


def test_duelspec_list_shows_the_general_rules_a_scenario_rests_on():
    from click.testing import CliRunner
    from duelspec.cli import main
    r = CliRunner().invoke(main, ["list", "--game", "ygo"])
    assert r.exit_code == 0
    lines = [l for l in r.output.splitlines() if "general-rule: YGO-GEN-SEGOC" in l]
    assert lines, "no scenario shows YGO-GEN-SEGOC"


# --------------------------------------------------------------------- YGO-GEN-ONCE-PER-TURN fix
def test_a_name_once_per_turn_limits_the_player_not_the_opponent():
    """Regression (YGO-GEN-ONCE-PER-TURN): the opponent's use of their own Gearbreed does not use
    up the player's 「このカード名の…1ターンに1度」 (the engine keyed the use by card name only)."""
    from duelspec.catalogue import cards
    from duelspec.reference_engine.ygo.duel import Duel
    cat = cards("ygo")
    duel = Duel(cat, decider=None)
    mine = duel.add("g1", cat["27979109"], "A", "spell-trap", "face-up")
    theirs = duel.add("g2", cat["27979109"], "B", "spell-trap", "face-up")
    eff_mine, eff_theirs = mine.effects[0], theirs.effects[0]
    duel.use_opt(theirs, eff_theirs)
    assert duel.opt_used(theirs, eff_theirs)
    assert not duel.opt_used(mine, eff_mine)
    other = duel.add("g3", cat["27979109"], "A", "spell-trap", "face-up")
    duel.use_opt(mine, eff_mine)
    assert duel.opt_used(other, other.effects[0])                 # the player's other copy: used up


# ------------------------------------------------- scenarios that depend on a general rule cite it
@pytest.fixture(scope="module")
def general_kills():
    """{mutant name: (mutant, [ids of the scenarios it kills])} for every general-rule mutant over
    every scenario of its game (hand-written and generated)."""
    from duelspec.compiler import compile_paths
    from duelspec.generated import scenarios as generated
    from duelspec.mutation import general
    from duelspec.mutation.matrix import run_matrix
    scenarios = compile_paths().scenarios + list(generated())
    mx = run_matrix(scenarios, list(general.mutants()))
    return {run.mutant.name: (run.mutant, run.killers(mx.baseline)) for run in mx.runs}, {s["id"]: s for s in scenarios}


def test_every_scenario_whose_outcome_depends_on_a_general_rule_cites_it(general_kills):
    """A scenario that passes on the reference engine and fails on a mutant breaking general rule R
    depends on R: it cites R, or it is tagged with a ruling of the page that states R in part
    (R's `stated_by`)."""
    kills, by_id = general_kills
    g = general_rules()
    uncited = []
    for name, (m, killed) in kills.items():
        for rid in m.rulings:
            for sid in killed:
                s = by_id[sid]
                if rid not in cited_rules(s) and not set(g[rid].stated_by) & set(s["rulings"]):
                    uncited.append(f"{sid} ({name}: {rid})")
    assert not uncited, f"scenarios that depend on a general rule without citing it: {uncited}"


def test_the_general_rule_mutants_kill_something_in_both_games(general_kills):
    """The dependency check above could fail: each game has a general-rule mutant that changes the
    outcome of some scenario (the same-timing order, summoning sickness)."""
    kills, _ = general_kills
    assert kills["ygo.general.segoc.opponent-first"][1]
    assert kills["dm.general.summoning-sickness.ignored"][1]
    assert any(sid.startswith("ygo.normal-draw.same-timing.") for sid in kills["ygo.general.segoc.opponent-first"][1])
