"""``duelspec migrate``: scenario documents of format 1 -> format 2.

Format 1 used a step at its player's next decision, so what a step meant depended on the
prompts of the engine that played it. Format 2 names each step's window (``when``). The
migration gives each step the window in which the **reference engine** used it when playing
the format-1 document with format-1 semantics (:class:`~duelspec.adapters.kit.ScriptDriver`
records it): that is the reading duelspec's own engine gave the script. Where that is not
enough it guesses, and says so in a notice:

- ``pass`` steps are dropped (format 2 has none: a player with no step for a window passes);
- a step the engine never reached gets the window of the step before it;
- a step used in a ``trigger`` window gets ``after``: one of the events before that window that
  could have made something trigger — the last of the kind earliest in :data:`TRIGGERING`
  (draws first); a guess when several events preceded it;
- ``setup.seed`` is dropped (format 2 states random results in ``setup.random``).

:func:`migrate` returns ``(document, notices)``; the document is validated against the
format-2 schema. :class:`MigrationError` when the document cannot be migrated (not format 1,
invalid, or a scenario the reference engine cannot play).
"""
from __future__ import annotations

import copy
import importlib

from .errors import InputError

ENGINES = {"ygo": "duelspec.reference_engine.ygo", "dm": "duelspec.reference_engine.dm"}
#: events after which a trigger window can open, in the order a guess prefers them
TRIGGERING = ("draw", "move", "destroy", "break", "summon", "activate", "resolve", "negate-activation", "negate-effect",
              "reveal", "lp", "chain-end")
#: the fields of an event kept in an ``after`` pattern (enough to name that event)
NAMING = {"draw": ("player", "cards", "normal"), "move": ("card", "to"), "activate": ("card",), "resolve": ("link",),
          "negate-activation": ("link",), "negate-effect": ("link",), "reveal": ("card",), "lp": ("player",),
          "destroy": ("card",), "summon": ("card",), "break": ("shields",), "chain-end": ()}


class MigrationError(Exception):
    """A document that cannot be migrated (the message says why)."""


def migrate(doc: dict, where: str = "<scenario>") -> tuple[dict, list[str]]:
    """The format-2 document for the format-1 scenario ``doc``, and the notices of what was guessed."""
    from .adapters.kit import ScriptDriver
    from .compiler import validate
    if not isinstance(doc, dict) or doc.get("format") != 1:
        raise MigrationError(f"{where}: a format-1 scenario document (`\"format\": 1`), got format "
                             f"{doc.get('format') if isinstance(doc, dict) else type(doc).__name__!r}")
    try:
        validate(doc, where)
    except InputError as exc:
        raise MigrationError(str(exc)) from None
    engine = importlib.import_module(ENGINES[doc["game"]])
    driver = ScriptDriver(copy.deepcopy(doc["script"]), format=1, setup=doc["setup"])
    _clock(driver)
    try:
        engine.play(copy.deepcopy(doc["setup"]), driver)
    except engine.Unplayable as exc:
        raise MigrationError(f"{where}: the reference engine cannot play it, so the windows of its steps are unknown: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a missing decision, an engine error: the script cannot be read
        raise MigrationError(f"{where}: the reference engine could not play its script ({type(exc).__name__}: {exc})") from None
    outcomes = {o["index"]: o["outcome"] for o in driver.finish()}
    default_turn = max(doc["setup"].get("turn", 1), 1)
    attacks = {w.get("attack") for w in driver.used_in.values() if w and "attack" in w}
    notes: list[str] = []
    new = copy.deepcopy(doc)
    new["format"] = 2
    if "seed" in new["setup"]:
        del new["setup"]["seed"]
        notes.append("setup.seed dropped: format 2 states the random results it depends on in setup.random")
    script, last = [], None
    for i, step in enumerate(doc["script"]):
        if step["do"] == "pass":
            notes.append(f"/script/{i}: a `pass` step of player {step['player']} dropped (no script counts passes)")
            continue
        window = driver.used_in.get(i)
        if window is None:
            if last is None:
                raise MigrationError(f"{where}: /script/{i}: the reference engine never reached this step and no step "
                                     f"before it gives a window to guess from")
            when = dict(last)
            notes.append(f"/script/{i}: the reference engine never reached it ({outcomes.get(i)}); guessed the window "
                         f"of the step before it: {when}")
        else:
            when = _when(window, default_turn, len(attacks) > 1, notes, i)
        last = when
        script.append({"player": step["player"], "do": step["do"], "when": when,
                       **{k: v for k, v in step.items() if k not in ("player", "do")}})
    new["script"] = script
    new.pop("origin", None) if "origin" in new and not isinstance(new["origin"], dict) else None
    try:
        validate(new, where)
    except InputError as exc:
        raise MigrationError(f"{where}: the migrated document is not valid: {exc}") from None
    return new, notes


def _clock(driver) -> None:
    """Let a format-1 driver keep the turn and the trigger windows' events (what ``when`` needs)."""
    def event(ev, d=driver):
        d.armed.append(ev)
        for w in d.stack:
            if w["window"] != "trigger":
                w["events"].append(ev)
        if ev.get("event") == "turn" or (ev.get("event") == "phase" and "turn" in ev):
            d.turn = ev["turn"]
    driver.event = event


def _when(window: dict, default_turn: int, several_attacks: bool, notes: list, i: int) -> dict:
    kind = window["window"]
    if kind.startswith("AT-"):
        return {"window": kind, **({"attack": window["attack"]} if several_attacks and "attack" in window else {})}
    when = {"window": kind}
    for k in ("link", "phase"):
        if k in window:
            when[k] = window[k]
    if kind == "trigger":
        evs = [e for e in window.get("events", []) if e.get("event") in TRIGGERING]
        if not evs:
            raise MigrationError(f"/script/{i}: used in a trigger window after no event that triggers anything")
        best = min(TRIGGERING.index(e["event"]) for e in evs)
        ev = [e for e in evs if TRIGGERING.index(e["event"]) == best][-1]
        when["after"] = {"event": ev["event"], **{k: ev[k] for k in NAMING.get(ev["event"], ()) if k in ev}}
        if len(evs) > 1:
            notes.append(f"/script/{i}: used in the trigger window after several events; guessed `after` = {when['after']}")
    if window.get("turn") not in (None, default_turn):
        when["turn"] = window["turn"]
    return when


def for_adapter(scenarios: list, protocol: int | None) -> tuple[list, list[str]]:
    """The scenarios as an adapter speaking ``protocol`` (``None``: 2 or later) is sent them, and
    the notices to show: for protocol 2 or later, every format-1 document is migrated on load to
    format 2 (:func:`migrate`; docs/design/scenario-format.md, "Version 1"), with a notice saying so
    and what was guessed; one that cannot be migrated is sent as it is, with a notice why. A
    protocol-1 adapter gets format-1 documents unchanged (it plays format 1 only)."""
    if protocol is not None and protocol < 2:
        return list(scenarios), []
    out, notices = [], []
    for s in scenarios:
        if s.get("format") != 1:
            out.append(s)
            continue
        try:
            doc, notes = migrate(s, s.get("id", "<scenario>"))
        except MigrationError as exc:
            notices.append(f"format-1 document {s.get('id')}: not migrated, sent as format 1 ({exc})")
            out.append(s)
            continue
        notices.append(f"format-1 document {s.get('id')}: migrated to format 2 on load for an adapter speaking protocol "
                       f"{protocol or '2 or later'}" + (f" ({'; '.join(notes)})" if notes else ""))
        out.append(doc)
    return out, notices


def migrate_files(inputs, out, say=lambda line: None) -> tuple[int, int]:
    """``duelspec migrate``: every format-1 document of ``inputs`` (files, or folders of .json)
    written to the folder ``out`` as format 2 (``<id>.json``); ``say`` receives a line per error
    and per notice. Returns (documents migrated, documents not migrated)."""
    import json
    from .errors import InputError
    from .files import same_file, write_whole
    from .resources import load_json
    from .text import plain
    files = [p for i in inputs for p in (sorted(i.rglob("*.json")) if i.is_dir() else [i])]
    out.mkdir(parents=True, exist_ok=True)
    failed, written = 0, {}
    for f in files:
        try:
            doc, notes = migrate(load_json(str(f)), str(f))
        except (MigrationError, InputError) as exc:
            failed += 1
            say(f"error: {plain(str(exc), limit=2000)}")
            continue
        if doc["id"] in written:
            # two documents of one id would be one file: the second used to overwrite the first
            failed += 1
            say(f"error: {plain(str(f), limit=500)}:/id: expected an id no other input has, got "
                f"{plain(doc['id'], limit=500)!r} (also {plain(str(written[doc['id']]), limit=500)})")
            continue
        target = out / f"{doc['id']}.json"
        source = next((i for i in files if target.exists() and same_file(i, target)), None)
        problem = (f"{target}: expected an output that is not an input of the migration (it is the input {source}; "
                   f"give another --out)" if source is not None
                   else write_whole(target, json.dumps(doc, ensure_ascii=False, indent=2) + "\n"))
        if problem:                       # this document is lost, never half written; the others go on
            failed += 1
            say(f"error: {plain(str(f), limit=500)}: {plain(problem, limit=1000)}")
            continue
        written[doc["id"]] = f
        for n in notes:
            say(f"notice: {plain(str(f), limit=500)}: {plain(n, limit=1000)}")
    return len(files) - failed, failed
