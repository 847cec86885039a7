"""Every rule the reference engines apply is catalogued, and every catalogue entry is applied
(issue 35 §3).

Each method of the engines' rule classes (:class:`reference_engine.ygo.duel.Duel`,
:class:`reference_engine.dm.engine.Game`) names, in its docstring or body, the catalogue entry it
applies: a ruling of a source page (``ND-*``, ``AT-*``, ``features/rulings/``) or a general rule
(``YGO-GEN-*``, ``DM-GEN-*``, ``features/general_rules/``). A method that applies no rule is
listed in :data:`NO_RULE` with what it does instead, so a new code path that applies a rule and
cites nothing fails here. Every entry of both catalogues is cited somewhere in
``reference_engine/``, and every ID cited there is one of them (or the prefix of a family of them,
``ND-C*``).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from duelspec.catalogue import general_rules, rulings

ROOT = Path(__file__).resolve().parent.parent / "reference_engine"
ID = re.compile(r"\b(?:ND|AT|YGO-GEN|DM-GEN)-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")

#: the rule classes and the methods of theirs that apply no rule: what each does instead
NO_RULE = {
    ("ygo/duel.py", "Duel"): {
        "__init__": "the state of a duel",
        "zone": "a zone's card list",
        "add": "places a card of the setup",
        "emit": "records a trace event and collects the triggers it sets off (process_triggers places them)",
        "_collect_triggers": "bookkeeping of emit",
        "move": "moves a card (the incarnation of a card that left the field: bookkeeping the rules read)",
        "continuous": "lists the continuous effects that apply (each card's own text)",
        "normal_draw_count": "reads the cards' draw-count texts (Pandora's Jewelry Box, ...: each card's own text)",
        "_forced": "the scenario's stated random results",
        "shuffle_deck": "a shuffle, forced to the scenario's stated order",
        "pick_at_random": "a random pick, forced to the scenario's stated result",
        "traps_locked": "reads Jinzo's text (a card's own continuous effect)",
        "protected": "reads the cards' protection texts (a card's own continuous effect)",
        "_resolve_link": "calls link_outcome / settle_right / after_resolution, which name the rulings",
        "_answers_priority": "which decision a scripted step answers (the scenario format's rule 2)",
        "_can_trigger": "a boolean of _trigger_problem",
        "locked_spell_trap_zones": "reads Mystical Cards of Light's text (a card's own continuous effect)",
        "set_phase": "the trace's phase event and the scenario's stop",
        "set_phase_silently": "starts a scenario inside the Draw Phase",
        "close": "frees a finished duel",
        "final": "the final state of the trace",
    },
    ("dm/engine.py", "Game"): {
        "creatures": "lists the creatures of the battle zone",
        "zone": "a zone's card list",
        "in_battle": "is a card in the battle zone",
        "keywords": "a creature's keywords (its card text, and those granted)",
        "kw_value": "a keyword's number (its card text)",
        "tap": "taps a card (the tap event)",
        "untap": "untaps a card (the untap event)",
        "destroy": "destroys creatures (the card texts that replace it; the rulings are where it is called: AT-B3, ...)",
        "draw": "draws cards (the draw event)",
        "grant": "a card effect that grants a keyword for a while (its card text)",
        "entered": "a creature entered the battle zone: its cip abilities trigger (card texts)",
        "ask": "the trace's ask event where the engine poses a question",
        "yes_no": "asks an optional decision of the card text",
        "choose": "asks a choice of the card text",
        "step": "the trace's step event",
        "set_phase": "the trace's phase event",
        "turn_ends": "the end of the turn: what lasted this turn ends (the cards' own texts)",
        "final": "the final state of the trace",
    },
}


def _catalogue_ids() -> set:
    return set(general_rules()) | set(rulings())


def _methods(path: str, cls: str):
    text = (ROOT / path).read_text(encoding="utf-8")
    node = next(n for n in ast.parse(text).body if isinstance(n, ast.ClassDef) and n.name == cls)
    for fn in node.body:
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield fn.name, ast.get_source_segment(text, fn)


@pytest.mark.parametrize("where", sorted(NO_RULE), ids=lambda w: w[1])
def test_every_rule_applying_method_cites_its_catalogue_entry(where):
    ids = _catalogue_ids()
    silent, wrong, listed_but_citing = [], [], []
    for name, source in _methods(*where):
        cited = set(ID.findall(source))
        if name in NO_RULE[where]:
            if cited & ids:
                listed_but_citing.append(name)
            continue
        if not cited:
            silent.append(name)
        elif not any(c in ids for c in cited):
            wrong.append((name, sorted(cited)))
    assert not silent, (f"{where[1]} methods that cite no catalogue entry (name the ND-*/AT-*/YGO-GEN-*/DM-GEN-* "
                        f"entry they apply, or list them in NO_RULE with what they do instead): {silent}")
    assert not wrong, f"{where[1]} methods citing only IDs no catalogue has: {wrong}"
    assert not listed_but_citing, f"listed in NO_RULE but citing a catalogue entry (take them off the list): {listed_but_citing}"
    names = {n for n, _ in _methods(*where)}
    assert set(NO_RULE[where]) <= names, f"NO_RULE names methods {where[1]} no longer has: {set(NO_RULE[where]) - names}"


def _engine_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ROOT.rglob("*.py")))


def test_every_catalogue_entry_is_applied_by_the_engines():
    cited = set(ID.findall(_engine_text()))
    unused = sorted(i for i in _catalogue_ids() if i not in cited)
    assert not unused, f"catalogue entries no reference-engine code names: {unused}"


def test_every_id_the_engines_cite_is_a_catalogue_entry():
    ids = _catalogue_ids()
    unknown = sorted(c for c in set(ID.findall(_engine_text()))
                     if c not in ids and not any(i.startswith(c) for i in ids))    # a family: ND-C*, AT-S6
    assert not unknown, f"IDs cited in reference_engine/ that no catalogue has: {unknown}"


def test_the_check_finds_a_method_that_cites_nothing(tmp_path, monkeypatch):
    """The check can fail: a rule class with a method that cites no entry is reported."""
    (tmp_path / "x.py").write_text("class Duel:\n    def new_rule(self):\n        return 1\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    monkeypatch.setitem(NO_RULE, ("x.py", "Duel"), {})
    with pytest.raises(AssertionError, match="new_rule"):
        test_every_rule_applying_method_cites_its_catalogue_entry(("x.py", "Duel"))
