"""The classic core's own errors as evidence (the YGOPro adapter's twin of the EDOPro adapter's
``lib/engine_errors.mjs``; both name an error the same way).

A card script that throws a Lua error, that is missing, or that does not load is a defect of the
engine as the user runs it: the duel goes on without that effect, and a scenario may even pass.
The core reports each one to the message handler with type 1 (Fluorohydride/ygopro-core
db4fd16, interpreter.cpp: ``load_script`` :153-156 — a script that does not compile or whose
chunk raises; ``call_function`` :303-305 and ``call_card_function`` :343-346 — a Lua error in
an effect's function; ``"CallCardFunction"(c<code>.initial_effect): attempt to call an error
function`` :333-335 — a card whose script defined no ``initial_effect``: missing or not loaded.
A Normal Monster's script is never loaded, ``is_load_script`` :699-703, so it cannot be
missing.) :class:`EngineErrors` collects them for one duel and names, for each, the card, the
script and the message; the adapter then answers the scenario ``errored`` (never a plain
``failed`` or ``passed``).

:func:`check_scripts` tells at start-up whether the script directories are ygopro-scripts (this
core's) or another engine's."""
from __future__ import annotations

import json
import re

ERROR, DEBUG = 1, 2      # the message handler's types (interpreter.cpp handle_message(pduel, 1 / 2))

_AT = re.compile(r'(?:\[string "(?:[^"]*/)?)?([A-Za-z0-9_.-]+\.lua)"?\]?:(\d+):\s*(.*)$', re.S)
_CALL = re.compile(r'"CallCardFunction"\(c(\d+)\.(\w+)\):\s*(.*)$', re.S)
_SYNTAX = re.compile(r"syntax error|unexpected symbol|expected near|near <eof>|malformed number|unfinished string")


def parse_lua_error(text: str) -> dict:
    """The script, line and card code a core error message names (``[string "./script/c123.lua"]:45:
    ...``, ``"CallCardFunction"(c123.initial_effect): ...``); ``None`` where it names none."""
    s = str(text)
    m = _AT.search(s)
    if m:
        code = re.fullmatch(r"c(\d+)\.lua", m.group(1))
        return {"script": m.group(1), "line": int(m.group(2)), "code": int(code.group(1)) if code else None,
                "func": None, "message": m.group(3).strip()}
    m = _CALL.search(s)
    if m:
        return {"script": f"c{m.group(1)}.lua", "line": None, "code": int(m.group(1)), "func": m.group(2),
                "message": m.group(3).strip()}
    return {"script": None, "line": None, "code": None, "func": None, "message": s.strip()}


def sentence(d: dict) -> str:
    """One error in words: kind, script:line, card (code, name, scenario ids), message."""
    where = f"{d['script']}:{d['line']}" if d["script"] and d["line"] is not None else d["script"] or \
        "a script the core does not name"
    if d["code"] is not None:
        card = f"card {d['code']}" + (f' "{d["card"]}"' if d["card"] else "") + \
            (f" (scenario card {', '.join(d['ids'])})" if d["ids"] else "")
    else:
        card = "no card named"
    return f"{d['kind']} in {where}, {card}: {d['message']}"


class EngineErrors:
    """Engine errors of one duel. ``card_name(code)``, ``card_ids(code)`` (the scenario's ids of
    that card), ``script_dirs`` (named in the message for a missing script)."""

    def __init__(self, card_name=lambda code: None, card_ids=lambda code: [], script_dirs=()):
        self.card_name, self.card_ids, self.script_dirs = card_name, card_ids, list(script_dirs)
        self.list: list[str] = []
        self.misses: set[str] = set()

    def on_read(self, name: str, found: bool) -> None:
        if not found:
            self.misses.add(name.rsplit("/", 1)[-1])

    def on_log(self, kind: int, text: str) -> None:
        if kind == ERROR:
            self.list.append(str(text))

    def __len__(self) -> int:
        return len(self.list)

    def describe(self, text: str) -> dict:
        p = parse_lua_error(text)
        kind, message = "Lua error", p["message"]
        if p["func"] == "initial_effect":
            if f"c{p['code']}.lua" in self.misses:
                kind = "missing script"
                message = (f"c{p['code']}.lua is in none of the script directories "
                           f"({', '.join(self.script_dirs) or 'none given'}): the card has no effects in this duel")
            else:
                kind = "script not loaded"
                message = (f"c{p['code']}.lua defines no initial_effect (it did not load: see the error before this "
                           f"one): the card has no effects in this duel")
        elif _SYNTAX.search(p["message"]):
            kind = "script not loaded"      # the compile error of load_script (interpreter.cpp:153-156)
        code = p["code"]
        return {"kind": kind, "script": p["script"], "line": p["line"], "code": code,
                "card": self.card_name(code) if code is not None else None,
                "ids": list(self.card_ids(code)) if code is not None else [], "message": message}

    def message(self) -> str:
        ds = [self.describe(t) for t in self.list]
        first = next((d for d in ds if d["kind"] != "Lua error" or d["code"] is not None), ds[0])
        n = len(ds) - 1
        more = f" (and {n} more engine error{'s' if n > 1 else ''}: see the detail)" if n else ""
        return f"engine error: {sentence(first)}{more}"

    def detail(self, trace: dict | None = None) -> str:
        out = "\n".join(f"#{i + 1} {sentence(self.describe(t))}\n  core log: {t}" for i, t in enumerate(self.list))
        if trace:
            evs = [f"#{i} {json.dumps(e, ensure_ascii=False)}" for i, e in enumerate(trace.get("events", []))]
            out += (f"\n\nThe duel went on; what the engine did ({len(evs)} events"
                    f"{', the last 40' if len(evs) > 40 else ''}):\n" + "\n".join(evs[-40:]))
        return out

    def errored(self, trace: dict | None = None) -> dict:
        """The ``errored`` reply: the first error (card, script, message) in the message, every one
        and what the engine did (the trace's events) in the detail."""
        return {"errored": {"message": self.message(), "detail": self.detail(trace)}}


#: Lua run in a probe duel after the base scripts: two constants whose numbers are this core's, not
#: the scripts' choice (the core reads them as numbers from the scripts' calls). In the classic core
#: (db4fd16) CHAININFO_* are bit flags, CHAININFO_TRIGGERING_EFFECT = 0x02 (field.h:660), and
#: EFFECT_COUNT_CODE_OATH = 0x10000000 (effect.h:133); in edo9300/ygopro-core (46779fb) they are 1
#: (field.h:726-727, an enum) and 0x1 (effect_constants.h:16). Scripts with other numbers are another
#: engine's: every chain-information query and oath count of theirs would mean something else here.
SCRIPTS_PROBE = ('Debug.Message("duelspec-probe "..tostring(CHAININFO_TRIGGERING_EFFECT).." "..'
                 'tostring(EFFECT_COUNT_CODE_OATH))')
EXPECTED_PROBE = {"CHAININFO_TRIGGERING_EFFECT": str(0x02), "EFFECT_COUNT_CODE_OATH": str(0x10000000)}


def check_scripts(load_errors: list, messages: list, dirs: list) -> str | None:
    """A problem of the script directories for this core, from the probe duel: ``load_errors`` (the
    core's errors while loading the base scripts and the probe) and ``messages`` (its Debug.Message
    lines). ``None`` when the scripts fit this core, else a sentence saying what is wrong."""
    where = ", ".join(dirs)
    if load_errors:
        return (f"the base scripts in {where} do not load in this core ({' | '.join(load_errors[:3])}): they are "
                f"not Fluorohydride/ygopro-scripts (another engine's scripts?); give --scripts a ygopro-scripts checkout")
    line = next((m for m in messages if m.startswith("duelspec-probe ")), None)
    if line is None:
        return f"the base scripts in {where} could not be probed (no answer from the core)"
    chaininfo, oath = (line[len("duelspec-probe "):].split(" ") + ["", ""])[:2]
    if "nil" in (chaininfo, oath):
        return (f"the base scripts in {where} do not define CHAININFO_TRIGGERING_EFFECT and EFFECT_COUNT_CODE_OATH "
                f"(constant.lua): they are not Fluorohydride/ygopro-scripts; give --scripts a ygopro-scripts checkout")
    if (chaininfo, oath) != (EXPECTED_PROBE["CHAININFO_TRIGGERING_EFFECT"], EXPECTED_PROBE["EFFECT_COUNT_CODE_OATH"]):
        return (f"the scripts in {where} do not match this core: their constant.lua has CHAININFO_TRIGGERING_EFFECT = "
                f"{chaininfo} and EFFECT_COUNT_CODE_OATH = {oath}, this core (Fluorohydride/ygopro-core) numbers them "
                f"0x2 and 0x10000000 — these are another engine's scripts (ProjectIgnis/CardScripts has 1 and 1); "
                f"give --scripts a Fluorohydride/ygopro-scripts checkout")
    return None
