"""`duelspec migrate`: format-1 documents become format 2, each step in the window the
reference engine used it in; passes dropped, guesses noticed; version-1 documents still run."""
import copy
import json

import pytest
from click.testing import CliRunner

from duelspec.adapters.reference import ReferenceAdapter
from duelspec.cli import main
from duelspec.compiler import compile_paths
from duelspec.migrate import migrate
from duelspec.runner import run_one

# each test runs in a developer's shell, on GitHub Actions and on GitLab CI (tests/ci_environments.py, issue 21 §1)
pytestmark = pytest.mark.usefixtures("ci_environment")

ADAPTER = ReferenceAdapter()
IMPL = ADAPTER.start()


def as_format_1(s: dict) -> dict:
    v1 = copy.deepcopy(s)
    v1["format"] = 1
    for st in v1["script"]:
        st.pop("when")
        st.pop("refusal", None)
    v1["setup"].pop("random", None)
    for k in ("cites", "in_force", "superseded"):     # format 2 only
        v1.pop(k, None)
    v1["expect"].pop("carries", None)                 # format 2 only (issue 27)
    return v1


def test_format_1_documents_run_and_migrate_to_the_windows_of_the_features():
    checked = same = 0
    for s in compile_paths().scenarios:
        if any(k in json.dumps(s["expect"]) for k in ("any_order", "together")) or s.get("format_minor"):
            continue        # groups, and the words of format 2.1, have no format-1 reading
        v1 = as_format_1(s)
        if run_one(v1, ADAPTER, IMPL)["outcome"] != "passed":
            continue        # a script whose format-1 reading differs (it needed passes): not this test's case
        new, notes = migrate(v1, s["id"])
        assert new["format"] == 2 and run_one(new, ADAPTER, IMPL)["outcome"] == "passed", s["id"]
        for a, b in zip(new["script"], s["script"]):
            # a trigger window's `after` is a guess; a `cannot` step was used at its player's next chance in format 1
            if b["when"]["window"] != "trigger" and b.get("legal", True):
                assert a["when"] == b["when"], (s["id"], a, b)
                same += 1
        checked += 1
    assert checked > 150 and same > 200, (checked, same)


def test_passes_and_seed_are_dropped_with_notices(tmp_path):
    doc = {"format": 1, "id": "t.migrate.pass", "game": "ygo", "title": "t", "rulings": ["ND-E1"], "requires": ["chain"],
           "setup": {"first_player": "B", "turn": 2, "turn_player": "A", "phase": "draw", "step": "before-draw", "seed": 7,
                     "players": {"A": {"lp": 8000}, "B": {"lp": 8000}},
                     "cards": [{"id": "muusiki", "card": "97697678", "owner": "A", "zone": "monster", "position": "face-up-attack"},
                               {"id": "alien", "card": "97127906", "owner": "A", "zone": "deck"},
                               {"id": "top", "card": "43096270", "owner": "A", "zone": "deck", "order": "top"},
                               {"id": "ash", "card": "14558127", "owner": "B", "zone": "hand"}]},
           "script": [{"player": "A", "do": "activate", "card": "muusiki"}, {"player": "B", "do": "activate", "card": "ash"},
                      {"player": "A", "do": "pass"}],
           "expect": {"events": [{"event": "negate-effect", "link": 1}, {"event": "draw", "player": "A", "normal": True, "cards": ["top"]}]}}
    assert run_one(doc, ADAPTER, IMPL)["outcome"] == "passed"
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.json").write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["migrate", str(tmp_path / "in"), "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    assert "`pass` step of player A dropped" in r.output and "setup.seed dropped" in r.output
    new = json.loads((tmp_path / "out" / "t.migrate.pass.json").read_text())
    assert [st["when"] for st in new["script"]] == [{"window": "before-draw"}, {"window": "response", "link": 1}]
    assert "seed" not in new["setup"] and run_one(new, ADAPTER, IMPL)["outcome"] == "passed"
    r = CliRunner().invoke(main, ["migrate", str(tmp_path / "out"), "--out", str(tmp_path / "again")])
    assert r.exit_code == 1 and "a format-1 scenario document" in r.output


def test_migrate_two_documents_of_one_id(tmp_path):
    # the second used to overwrite the first silently ("2 migrated", one file)
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from fault_adapters.helpers import draw_scenario
    doc = draw_scenario("t.breaker2.same", script=[{"player": "B", "do": "pass"}],
                        expect={"final": {"cards": {"top": {"zone": "hand"}}}})
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(json.dumps(doc), encoding="utf-8")
    res = CliRunner().invoke(main, ["migrate", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--out", str(tmp_path / "out")])
    assert res.exit_code == 1, res.output
    assert "expected an id no other input has" in res.output and "1 migrated to format 2, 1 not" in res.output
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["t.breaker2.same.json"]
