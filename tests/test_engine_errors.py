"""Engine errors are evidence, never silent (issue 20 §1), in both Yu-Gi-Oh! adapters.

A card script that throws a Lua error, is missing, or does not load makes the scenario
``errored`` naming the card, the script and the message — also when the expectations would
pass without that effect. Scripts of the other engine stop the adapter at start-up with a
clear message. The broken scripts are our own: scratch copies of the adapters' test cards
(adapters/edopro/testdata, MIT) under the test's tmp folder, one replaced by a tiny broken Lua.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ygo_testcards import REPLACER, TESTDATA, deck_a, scenario

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
EDOPRO = ROOT / "adapters" / "edopro"
YGOPRO_TESTDATA = ROOT / "adapters" / "ygopro" / "testdata" / "scripts"
CARDS = str(TESTDATA / "cards.json")
CORE = os.environ.get("DUELSPEC_YGOPRO_CORE")

edopro = pytest.param("edopro", marks=pytest.mark.skipif(
    NODE is None or not (EDOPRO / "node_modules" / "ocgcore-wasm" / "package.json").exists(),
    reason="node and `(cd adapters/edopro && npm ci)` are needed for the EDOPro adapter"))
ygopro = pytest.param("ygopro", marks=pytest.mark.skipif(
    not CORE or not os.path.isfile(CORE), reason="no ygopro-core library: set DUELSPEC_YGOPRO_CORE (adapters/ygopro/build.sh)"))

# Our own broken scripts of the test Replacer (90000001), each with the words its error must name.
OPERATION_RAISES = """-- duelspec test: the Replacer whose operation raises a Lua error (MIT)
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterPredraw(c,EFFECT_TYPE_TRIGGER_O,CATEGORY_DRAW,nil,s.operation)
end
function s.operation(e,tp)
	_duelspec_count=_duelspec_count+1
end
"""
DOES_NOT_COMPILE = """-- duelspec test: the Replacer with a syntax error (MIT)
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterPredraw(c,
end
"""
CASES = {
    # kind: (script text or None for "missing", words the message must hold)
    "lua-error": (OPERATION_RAISES, ["engine error: Lua error in c90000001.lua:7", 'card 90000001 "TEST Replacer',
                                     "(scenario card rep)", "attempt to perform arithmetic on a nil value (global '_duelspec_count')"]),
    "missing": (None, ["engine error: missing script in c90000001.lua", "card 90000001", "(scenario card rep)",
                       "c90000001.lua is in none of the script directories", "the card has no effects"]),
    "not-loaded": (DOES_NOT_COMPILE, ["engine error: script not loaded in c90000001.lua:5", "card 90000001",
                                      "(scenario card rep)"]),
}


def broken_dir(tmp: Path, kind: str) -> Path:
    """A scratch copy of the test cards' scripts with the Replacer's script broken as ``kind``."""
    d = tmp / kind
    shutil.copytree(TESTDATA / "scripts", d)
    text = CASES[kind][0]
    if text is None:
        (d / f"c{REPLACER}.lua").unlink()
    else:
        (d / f"c{REPLACER}.lua").write_text(text, encoding="utf-8")
    return d


def replacer_scenario() -> dict:
    """A Replacer activated before the draw; the only expectation (its activation) holds even when
    its operation fails — a silent engine error would let the scenario pass."""
    s = scenario("engine-errors", "replacer", deck_a() + [{"id": "rep", "card": REPLACER, "owner": "A", "zone": "monster"}],
                 [], {"events": [{"event": "activate", "card": "rep"}]})
    s["format"], s["script"] = 2, [{"player": "A", "do": "activate", "card": "rep", "when": {"window": "before-draw"}}]
    return s


def adapter_command(engine: str, scripts: list[str], testdata: bool = True) -> list[str]:
    """The adapter's command line; for YGOPro the test cards also need the classic core's
    procedure.lua of adapters/ygopro/testdata (``testdata``)."""
    if engine == "ygopro" and testdata:
        scripts = [str(YGOPRO_TESTDATA), *scripts]
    flags = sum((["--scripts", d] for d in scripts), []) + ["--cards", CARDS]
    if engine == "edopro":
        return [NODE, str(EDOPRO / "main.mjs"), *flags]
    return [sys.executable, "-m", "duelspec.adapters.ygopro", "--core", CORE, *flags]


def converse(engine: str, scripts: list[str], *scenarios: dict) -> subprocess.CompletedProcess:
    msgs = [{"cmd": "start", "protocol": 2}]
    msgs += [{"cmd": "run", "seq": i + 1, "scenario": {k: v for k, v in s.items() if k != "expect"}} for i, s in enumerate(scenarios)]
    msgs.append({"cmd": "stop"})
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DUELSPEC_EDOPRO", "DUELSPEC_YGOPRO_SCRIPTS"))}
    return subprocess.run(adapter_command(engine, scripts), input="".join(json.dumps(m) + "\n" for m in msgs),
                          capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)


@pytest.mark.parametrize("engine", [edopro, ygopro])
@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_broken_or_missing_card_script_makes_the_scenario_errored_naming_card_script_and_message(tmp_path, engine, kind):
    s = replacer_scenario()
    out = converse(engine, [str(broken_dir(tmp_path, kind))], s)
    assert out.returncode == 0, out.stderr[-2000:]
    replies = [json.loads(line) for line in out.stdout.splitlines()]
    assert "errored" in replies[1], replies[1]
    err = replies[1]["errored"]
    for words in CASES[kind][1]:
        assert words in err["message"], (words, err["message"])
    assert "core log:" in err["detail"]
    if kind == "lua-error":      # the duel went on: what the engine did is in the detail
        assert "The duel went on" in err["detail"] and '"event": "activate"' in err["detail"].replace('":"', '": "')


@pytest.mark.parametrize("engine", [edopro, ygopro])
def test_the_same_scenario_with_the_intact_script_has_no_engine_error(engine):
    out = converse(engine, [str(TESTDATA / "scripts")], replacer_scenario())
    replies = [json.loads(line) for line in out.stdout.splitlines()]
    assert "trace" in replies[1], replies[1]


def other_engines_constants(tmp: Path, engine: str) -> Path:
    """Our test scripts with the *other* core's numbers of the two probed constants."""
    d = tmp / "other"
    shutil.copytree(TESTDATA / "scripts", d)
    other = "CHAININFO_TRIGGERING_EFFECT=0x02 EFFECT_COUNT_CODE_OATH=0x10000000" if engine == "edopro" \
        else "CHAININFO_TRIGGERING_EFFECT=1 EFFECT_COUNT_CODE_OATH=0x1"
    if engine == "edopro":
        with open(d / "constant.lua", "a", encoding="utf-8") as f:
            f.write(f"\n{other}\n")
    else:                      # the classic core loads procedure.lua after constant.lua
        (d / "procedure.lua").write_text((YGOPRO_TESTDATA / "procedure.lua").read_text(encoding="utf-8") + f"\n{other}\n",
                                         encoding="utf-8")
    return d


@pytest.mark.parametrize("engine", [edopro, ygopro])
def test_scripts_of_the_other_engine_stop_the_adapter_at_start_up_saying_so(tmp_path, engine):
    d = other_engines_constants(tmp_path, engine)
    out = subprocess.run(adapter_command(engine, [str(d)], testdata=False), input='{"cmd": "start", "protocol": 2}\n{"cmd": "stop"}\n', capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 3 and out.stdout == "", (out.returncode, out.stdout, out.stderr)
    assert "do not match this core" in out.stderr and "another engine's scripts" in out.stderr
    assert "CHAININFO_TRIGGERING_EFFECT" in out.stderr


REAL = {"edopro": os.environ.get("DUELSPEC_EDOPRO_SCRIPTS"), "ygopro": os.environ.get("DUELSPEC_YGOPRO_SCRIPTS")}


@pytest.mark.parametrize("engine", [edopro, ygopro])
def test_the_real_script_checkouts_swapped_stop_the_adapter_at_start_up(engine):
    other = REAL["ygopro" if engine == "edopro" else "edopro"]
    if not other or not os.path.isdir(other) or not REAL[engine]:
        pytest.skip("both engines' script checkouts are needed (DUELSPEC_EDOPRO_SCRIPTS, DUELSPEC_YGOPRO_SCRIPTS)")
    out = subprocess.run(adapter_command(engine, [other], testdata=False), input='{"cmd": "start", "protocol": 2}\n', capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 3 and out.stdout == "", (out.returncode, out.stderr)
    assert other in out.stderr and ("another engine's scripts" in out.stderr)
    right = subprocess.run(adapter_command(engine, [REAL[engine]], testdata=False), input='{"cmd": "start", "protocol": 2}\n{"cmd": "stop"}\n',
                           capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert right.returncode == 0 and json.loads(right.stdout.splitlines()[0])["protocol"] == 2, right.stderr


# ------------------------------------------------------------------ both adapters read an error alike
MESSAGES = [
    '[string "c50418970.lua"]:87: attempt to perform arithmetic on a nil value (global \'_replace_count\')',
    '[string "./script/c99899504.lua"]:12: bad argument #1',
    '"CallCardFunction"(c97697678.initial_effect): attempt to call an error function',
    'utility.lua:40: something',
    'no script named here',
]


def test_both_adapters_parse_a_core_error_message_alike():
    from duelspec.adapters.ygopro.engine_errors import parse_lua_error
    py = [{k: v for k, v in parse_lua_error(m).items() if k != "func"} for m in MESSAGES]
    assert py[0] == {"script": "c50418970.lua", "line": 87, "code": 50418970,
                     "message": "attempt to perform arithmetic on a nil value (global '_replace_count')"}
    assert py[1]["script"] == "c99899504.lua" and py[1]["code"] == 99899504
    assert py[2] == {"script": "c97697678.lua", "line": None, "code": 97697678, "message": "attempt to call an error function"}
    assert py[3]["script"] == "utility.lua" and py[3]["code"] is None
    assert py[4] == {"script": None, "line": None, "code": None, "message": "no script named here"}
    if NODE is None:
        pytest.skip("node is not installed")
    js = ("import { parseLuaError } from './lib/engine_errors.mjs';"
          f"process.stdout.write(JSON.stringify({json.dumps(MESSAGES)}.map((m) => {{ const p = parseLuaError(m);"
          " return { script: p.script, line: p.line, code: p.code, message: p.message }; })));")
    out = subprocess.run([NODE, "--input-type=module", "-e", js], cwd=EDOPRO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == py
