"""The shortest reproduction of each cause, in the engine's own tools (issue 20 §3).

For each cause of an engine report, the failing scenario with the fewest cards, then steps (script
steps), then links (player A's activations) shows it; it is written as the engine's own artefact,
which a maintainer loads without duelspec:

* **EDOPro** (``--engine edopro``): a puzzle script (Lua with ``Debug.SetAIName``,
  ``Debug.ReloadFieldBegin``, ``Debug.SetPlayerInfo``, ``Debug.AddCard``,
  ``Debug.ReloadFieldEnd``) for the ``puzzles/`` folder of the EDOPro client (its Puzzles menu).
  It has no AI (no ``DUEL_SIMPLE_AI``): the client asks you every decision of both players
  (edo9300/edopro ``gframe/single_mode.cpp``, ``SinglePlayAnalyze`` hands every prompt to the
  duel client), and the comment block (``--[[message``, shown by the client) lists them;
* **YGOPro** (``--engine ygopro``): the same Debug calls as a single-mode script for the
  ``single/`` folder of YGOPro (Fluorohydride/ygopro ``gframe/single_mode.cpp``: also every
  prompt to you without ``DUEL_SIMPLE_AI``).

The start state is the adapter's own (``--write-setup DIR``: the ``Debug.AddCard`` calls it
loaded, each with the scenario's card id), so the file sets up exactly what the run played: engine
player 0 goes first, decks in the listed order (``DUEL_PSEUDO_SHUFFLE``), Master Rule 5, no opening
hand unless the scenario starts before the duel. Around it the file says which cause it shows, what
the rulings expect, what the engine did (the run's first failing expectation) and the decisions to
take. Each file is named ``<scenario id>.lua``: an adapter given ``--load-repro DIR`` loads it as
that scenario's start state, which is how duelspec checks that it shows what the run showed
(:func:`verify`).

With ``--shrunk DIR`` (the folder of ``duelspec shrink --stream``, docs/conformance/shrunk/<engine>/) a
cause whose scenario has ``<id>.shrunk.json`` there is written from the shrunk scenario instead: the
file is ``<id>.shrunk.lua``, and what it must show is the shrunk scenario's own run on the adapter
(played here; a shrunk scenario that no longer fails with its cause is named, not written off as
reproduced).

``python -m duelspec.analysis.repro --engine edopro --causes adapters/edopro/causes.toml --stream S.jsonl
--adapter 'cmd:node adapters/edopro/main.mjs' --out docs/conformance/repro/edopro --shrunk docs/conformance/shrunk/edopro``
"""
from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path

LOCATIONS = {1: "LOCATION_DECK", 2: "LOCATION_HAND", 4: "LOCATION_MZONE", 8: "LOCATION_SZONE", 16: "LOCATION_GRAVE",
             32: "LOCATION_REMOVED", 64: "LOCATION_EXTRA"}
POSITIONS = {1: "POS_FACEUP_ATTACK", 2: "POS_FACEDOWN_ATTACK", 4: "POS_FACEUP_DEFENSE", 8: "POS_FACEDOWN_DEFENSE",
             5: "POS_FACEUP", 10: "POS_FACEDOWN"}
ENGINES = {
    "dm-go": {"name": "the Go Duel Masters engine", "folder": "sim/tests/duelspec/", "menu": "go test", "client": ""},
    "edopro": {"name": "EDOPro", "folder": "puzzles/", "menu": "Puzzles", "client": "edo9300/edopro"},
    "ygopro": {"name": "YGOPro", "folder": "single/", "menu": "Single Mode (残局)", "client": "Fluorohydride/ygopro"},
}


def size(scenario: dict) -> tuple:
    """How big a reproduction is: (cards, script steps, A's activations, id) — smaller first."""
    script = scenario.get("script", [])
    links = sum(1 for s in script if s.get("player") == "A" and s.get("do") == "activate")
    return (len(scenario.get("setup", {}).get("cards", [])), len(script), links, scenario["id"])


def shortest(groups, scenarios: dict) -> dict:
    """``{cause key: scenario id}``: per cause group (:func:`duelspec.analysis.causes.group`) its smallest
    scenario by :func:`size`."""
    return {key: min(g.ids, key=lambda i: size(scenarios[i])) for key, g in groups.items() if g.ids}


def _lua_text(s: str, limit: int = 400) -> str:
    """Text from a scenario or an adapter, safe inside a Lua long comment / string: one line, no
    ``]]``, bounded."""
    t = re.sub(r"\s+", " ", str(s)).replace("]]", "] ]").replace("--[[", "-- [[")
    return t if len(t) <= limit else t[:limit - 1] + "…"


#: a cause's argument is written whole into a reproduction; only beyond this many characters is it
#: cut, at the end of a sentence, with a pointer to the cause file that holds the rest
EVIDENCE_LIMIT = 4000


def argument_lines(text: str, source: str, limit: int = EVIDENCE_LIMIT, width: int = 100) -> list:
    """A cause's argument (one line of whitespace-normalised text) as comment lines of at most
    ``width`` characters: whole, or — longer than ``limit`` — up to the end of the last sentence
    that fits, then "… (full text: ``source``)". Never cut mid-sentence."""
    import textwrap
    t = re.sub(r"\s+", " ", str(text)).strip()
    if len(t) > limit:
        ends = [m.end() for m in re.finditer(r"[.!?;](?=\s)", t[:limit])]
        t = (t[:ends[-1]] if ends else "") + f" … (full text: {source})"
    return textwrap.wrap(t.strip(), width, break_long_words=False, break_on_hyphens=False)


WINDOWS = {"before-draw": "in the Draw Phase, before the normal draw", "open": "at an open game state",
           "trigger": "when the triggered effects are placed on a chain"}
PHASES = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1", "battle": "Battle Phase",
          "main2": "Main Phase 2", "end": "End Phase", "start-of-duel": "before the duel"}
STEPS = {"before-draw": "before the draw", "after-draw": "after the draw"}


def step_words(step: dict, name_of) -> str:
    """A script step in words, with each card's name and scenario id."""
    w = step.get("when") or {}
    kind = w.get("window", "")
    if kind == "response":
        when = f"in response to chain link {w.get('link')}"
    elif kind in ("resolution", "activation"):
        when = f"while chain link {w.get('link')} {'resolves' if kind == 'resolution' else 'is being activated'}"
    elif kind == "open":
        when = f"at an open game state of {PHASES.get(w.get('phase'), w.get('phase', 'the phase'))}"
    else:
        when = WINDOWS.get(kind, kind)
    if w.get("turn"):
        when += f" (turn {w['turn']})"
    card = f" {name_of(step['card'])}" if step.get("card") else ""
    what = {"activate": f"activates{card}", "choose": "chooses", "pass": "passes"}.get(step.get("do"), f"{step.get('do')}{card}")
    extra = []
    for k, label in (("cost", "cost"), ("targets", "targeting")):
        if step.get(k):
            extra.append(f"{label} " + ", ".join(name_of(c) for c in step[k]))
    if step.get("option") is not None:
        extra.append(f"option {step['option']!r}")
    if step.get("cards"):
        extra.append(", ".join(name_of(c) for c in step["cards"]))
    text = f"{step.get('player')} {what} {when}" + (f" ({'; '.join(extra)})" if extra else "")
    if step.get("legal") is False:
        text = f"{step.get('player')} tries: {text[len(str(step.get('player'))) + 1:]} — the rules forbid it" + \
            (f" ({step['refusal']})" if step.get("refusal") else "") + ": the engine must not let them"
    return text


def first_failure(result: dict) -> str:
    """The run's first failing expectation in words (a script step first, as the checker lists them)."""
    fails = result.get("failures") or []
    f = next((x for x in fails if str(x.get("pointer", "")).startswith("/script/")), fails[0] if fails else None)
    if f is None:
        return _lua_text(result.get("message", result.get("outcome", "")), 600)
    out = f"{f.get('pointer', '')}: {f.get('message', '')}; expected {json.dumps(f.get('expected'), ensure_ascii=False)}"
    if f.get("actual") is not None:
        out += f"; the engine: {json.dumps(f.get('actual'), ensure_ascii=False)}"
    return _lua_text(out, 600)


def _blamed_line(scenario: dict, result: dict, cause, names: dict) -> list:
    """For a cause whose rows name another card's script (``blames``): the line naming the script
    to open in this reproduction (the first blamed card on its chain, c<code>.lua); else none."""
    if not getattr(cause, "blames", None):
        return []
    from .causes import signature
    shown = cause.shown(signature(result, scenario))
    blamed = shown.get("card", "").split(" (below ")[0]
    code = next((c for c, n in names.items() if n == blamed), None)
    if not blamed or blamed not in cause.blames or code is None:
        return []
    about = shown["card"][len(blamed):].strip(" ()").removeprefix("below ")
    return [f"The script to open: {_lua_text(blamed)}, c{code}.lua" + (f" (below {_lua_text(about)} on the chain)" if about else "")]


def ygo_script(engine: str, scenario: dict, result: dict, cause, setup_text: str, names: dict, versions: str = "",
               source: str = "the cause file") -> str:
    """The puzzle / single-mode script of ``scenario`` showing ``cause`` (a :class:`duelspec.analysis.causes.Cause`),
    from the adapter's start state ``setup_text`` (``--write-setup``); ``source`` names the cause file."""
    e = ENGINES[engine]
    st = scenario["setup"]
    ids = {c["id"]: c for c in st["cards"]}

    def name_of(cid):
        c = ids.get(cid)
        return f"{names.get(c['card'], c['card'])} (\"{cid}\")" if c else f"\"{cid}\""
    first = st.get("first_player", "A")
    other = "B" if first == "A" else "A"
    turn = st.get("turn", 1)
    lines = ["--[[message",
             f"duelspec reproduction for {e['name']}: cause {cause.key} — {_lua_text(cause.title)} ({_lua_text(cause.who)})",
             *_blamed_line(scenario, result, cause, names),
             f"Scenario {scenario['id']}: {_lua_text(scenario.get('title', ''))}",
             f"Rulings: {', '.join(scenario.get('rulings', []))}",
             "",
             f"Put this file in {e['name']}'s {e['folder']} folder and open it from {e['menu']}. It has no AI: you take",
             f"every decision of both players. Player 0 (the one who goes first) is {first}, player 1 is {other}.",
             "Decisions (every other prompt: pass / decline / the first zone):"]
    n = 1
    if st.get("phase") != "start-of-duel":
        for t in range(1, turn):
            lines.append(f"{n}. Turn {t} ({first if t % 2 else other}): do nothing, end the turn.")
            n += 1
        where = PHASES.get(st.get("phase"), st.get("phase")) + (f", {STEPS.get(st['step'], st['step'])}" if st.get("step") else "")
        drew = re.search(r"start state: (turn \d+'s normal draw .*?)(?:;|\)$)", setup_text.splitlines()[0] if setup_text else "")
        if drew:
            lines.append(f"   ({_lua_text(drew.group(1), 300)})")
        lines.append(f"{n}. Turn {turn} ({st.get('turn_player')}), {where}:")
        n += 1
    for s in scenario.get("script", []):
        lines.append(f"   - {_lua_text(step_words(s, name_of), 300)}")
    if not scenario.get("script"):
        lines.append("   - nothing: no decision is scripted, the game plays on (below: what it should do)")
    lines += ["", f"What the rules expect and what {e['name']} did (the run's first failing expectation):",
              f"  {first_failure(result)}",
              *(argument_lines(f"Cause {cause.key}: {_lua_text(cause.evidence, 10 ** 6)}",
                               f"{source} [causes.{cause.key}]") if cause.evidence else [f"Cause {cause.key}."]),
              f"Measured on {versions}." if versions else "",
              "Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.",
              "]]"]
    lines = [x for x in lines if x is not None]
    lp = {x: (st.get("players", {}).get(x) or {}).get("lp", 8000) for x in ("A", "B")}
    opening = 5 if st.get("phase") == "start-of-duel" else 0
    lines += [f'Debug.SetAIName("{_lua_text("duelspec " + scenario["id"], 90)}")',
              "Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)",
              f"Debug.SetPlayerInfo(0,{lp[first]},{opening},1)",
              f"Debug.SetPlayerInfo(1,{lp[other]},{opening},1)"]
    for line in setup_text.splitlines():
        m = re.match(r"Debug\.AddCard\((\d+),(\d+),(\d+),(\d+),(\d+),(\d+),(true|false)\)\s*--(.*)$", line.strip())
        if not m:
            continue
        code, owner, player, loc, seq, pos, proc, cid = m.groups()
        lines.append(f"Debug.AddCard({code},{owner},{player},{LOCATIONS.get(int(loc), loc)},{seq},"
                     f"{POSITIONS.get(int(pos), pos)},{proc}) --{_lua_text(name_of(cid.strip()), 120)}")
    lines.append("Debug.ReloadFieldEnd()")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ Duel Masters: a Go test of the engine
DM_ZONES = {"battle": "match.BATTLEZONE", "shield": "match.SHIELDZONE", "mana": "match.MANAZONE", "hand": "match.HAND",
            "graveyard": "match.GRAVEYARD", "deck": "match.DECK"}
DM_HELPERS = """// Code written by duelspec (python -m duelspec.analysis.repro --engine dm-go; MIT): helpers of its
// reproductions in this folder. Run them with `go test ./tests/duelspec/` (or duelspec's
// adapters/duel-masters-go/build.sh --repro DIR, which overlays them onto your checkout).
package duelspec

import (
	"duel-masters/game/match"
	"testing"

	"github.com/stretchr/testify/require"
)

// duelspecEmpty empties a zone of a player (the start state holds only the scenario's cards).
func duelspecEmpty(t *testing.T, p *match.PlayerReference, zone string) {
	t.Helper()
	z, err := p.Player.ContainerRef(zone)
	require.NoError(t, err)
	*z = []*match.Card{}
}

// duelspecPut creates a card of the engine's card list in a zone, as the engine's own tests do.
func duelspecPut(t *testing.T, p *match.PlayerReference, uid string, zone string) *match.Card {
	t.Helper()
	if zone == match.BATTLEZONE {
		card, err := p.Player.SpawnCard(uid, match.HAND)
		require.NoError(t, err)
		moved, err := p.Player.MoveCard(card.ID, match.HAND, match.BATTLEZONE, "duelspec")
		require.NoError(t, err)
		return moved
	}
	card, err := p.Player.SpawnCard(uid, zone)
	require.NoError(t, err)
	return card
}

// duelspecKeep keeps in a player's hand only the given cards (a turn change draws one).
func duelspecKeep(t *testing.T, p *match.PlayerReference, cards ...*match.Card) {
	t.Helper()
	z, err := p.Player.ContainerRef(match.HAND)
	require.NoError(t, err)
	kept := []*match.Card{}
	for _, c := range *z {
		for _, k := range cards {
			if c == k {
				kept = append(kept, c)
			}
		}
	}
	*z = kept
}

// duelspecCount is the number of cards in a zone of a player.
func duelspecCount(t *testing.T, p *match.PlayerReference, zone string) int {
	t.Helper()
	z, err := p.Player.Container(zone)
	require.NoError(t, err)
	return len(z)
}
"""


class NotExpressible(ValueError):
    """A scenario whose steps the engine's test API (sim/tests/scenario) cannot play as written."""


def _go_ident(sid: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^A-Za-z0-9]+", sid) if w)


def _go_str(s: str) -> str:
    return json.dumps(str(s), ensure_ascii=False)


def _go_comment(s: str, limit: int = 900) -> str:
    return re.sub(r"\s+", " ", str(s))[:limit].replace("*/", "* /")


def dm_go_test(scenario: dict, result: dict, cause, uid_of, names: dict, source: str = "the cause file") -> str:
    """A Go test in the style of the engine's ``sim/tests`` that plays ``scenario`` with the engine's
    test API (``scenario.New``, ``SpawnCard``, ``ActionAttackPlayer`` / ``ResolveAttack``,
    ``ActionEndTurn``) and asserts what the rules expect where the run failed. Raises
    :class:`NotExpressible` for a step that API cannot play."""
    st = scenario["setup"]
    ids = {c["id"]: c for c in st["cards"]}
    var = {cid: "c" + _go_ident(cid) for cid in ids}
    ref = {st.get("turn_player", "A"): "a", ("B" if st.get("turn_player", "A") == "A" else "A"): "b"}
    body = ["\tscn := scenario.New()",
            "\ta := scn.Match.CurrentPlayer() // player " + st.get("turn_player", "A") + ", the turn player",
            "\tb := scn.Match.PlayerRef(scn.Match.Opponent(a.Player))",
            "\tfor _, p := range []*match.PlayerReference{a, b} {",
            "\t\tduelspecEmpty(t, p, match.HAND)",
            "\t\tduelspecEmpty(t, p, match.SHIELDZONE)",
            "\t}"]
    for c in st["cards"]:
        if c.get("under"):
            raise NotExpressible(f"card {c['id']} lies under another (evolution sources): not expressible with SpawnCard")
        if c["zone"] not in DM_ZONES:
            raise NotExpressible(f"card {c['id']} in zone {c['zone']}")
        uid = uid_of(c["card"])
        if not uid:
            raise NotExpressible(f"card {c['card']} has no engine id (sim_id) in the catalogue")
        body.append(f"\t{var[c['id']]} := duelspecPut(t, {ref[c['owner']]}, {_go_str(uid)}, {DM_ZONES[c['zone']]}) "
                    f"// {_go_comment(names.get(c['card'], c['card']), 80)} ({c['id']})")
    body += ["\t// two turn changes, as the engine's tests do: the creatures can attack, it is the turn player's turn",
             "\trequire.NoError(t, scn.ActionEndTurn(a))",
             "\trequire.NoError(t, scn.ActionEndTurn(b))"]
    for x, r in ref.items():
        hand = [var[c["id"]] for c in st["cards"] if c["owner"] == x and c["zone"] == "hand"]
        body.append(f"\tduelspecKeep(t, {r}{''.join(', ' + h for h in hand)})")
    for c in st["cards"]:
        if c.get("tapped"):
            body.append(f"\t{var[c['id']]}.Tapped = true")
        if c.get("summoning_sick"):
            body.append(f"\t{var[c['id']]}.AddCondition(cnd.SummoningSickness, nil, nil)")
    script = scenario.get("script", [])
    uses = {"strings": False, "cnd": any(c.get("summoning_sick") for c in st["cards"])}
    i = 0
    while i < len(script):
        s = script[i]
        p = ref.get(s.get("player"))
        if s.get("do") == "declare-attack" and s.get("target") == "player":
            body += [f"\t// {s['player']} declares an attack on the opponent with \"{s['attacker']}\" (AT-S1)",
                     f"\taction, err := scn.ActionAttackPlayer({p}, {var[s['attacker']]}.ID)",
                     "\trequire.NoError(t, err)"]
            nxt = script[i + 1] if i + 1 < len(script) else None
            if nxt and nxt.get("do") == "break-shields" and (nxt.get("when") or {}).get("window") != "AT-S1":
                uses["strings"] = True
                shields = ", ".join(f"{var[c]}.ID" for c in nxt.get("cards", []))
                # the question's text alone cannot tell when it is asked (an engine that asks in AT-S6b asks
                # the same words): the declaration taps the attacker (AT-S1), so a shield question while the
                # attacker is still untapped is asked at the declaration (issue 33 §2: the test asserted the
                # text alone and stayed red on the fixed engine)
                body += [f"\t// the rules: the shields to break are chosen in {nxt['when']['window']}, when they are broken:",
                         "\t// after the declaration tapped the attacker (AT-S1) and after the block step (AT-S4)",
                         "\tasked := strings.Contains(action.Text, \"shield(s) to break\")",
                         f"\tearly := asked && !{var[s['attacker']]}.Tapped",
                         "\tassert.False(t, early, \"duelspec: the engine asks for the shields to break at the declaration (AT-S1), \"+",
                         "\t\t\"before the attacker is tapped: %q\", action.Text)",
                         "\tif asked { // answered with the shields the script breaks, so that the duel goes on",
                         "\t\t// (SubmitAction and the idle event loop, not ResolveAttack: that one counts the state broadcasts",
                         "\t\t// of an engine that asks before the tap)",
                         f"\t\trequire.NoError(t, scn.SubmitAction({p}, {shields}))",
                         "\t\trequire.NoError(t, scn.WaitForEventLoop())",
                         "\t}"]
                i += 2
                continue
            body += ["\trequire.NoError(t, scn.ResolveAttack(" + p + "))"]
        elif s.get("do") == "declare-attack":
            body += [f"\t// {s['player']} attacks \"{s['target']}\" with \"{s['attacker']}\" (AT-S1)",
                     f"\trequire.NoError(t, scn.ActionAttackCreature({p}, {var[s['attacker']]}.ID, {var[s['target']]}.ID))"]
        else:
            raise NotExpressible(f"step {i} ({s.get('do')} in {(s.get('when') or {}).get('window')}) is not one the "
                                 "engine's test API plays (sim/tests/scenario)")
        i += 1
    final = (scenario.get("expect") or {}).get("final") or {}
    body.append("\t// the final state the rules expect")
    for cid, want in (final.get("cards") or {}).items():
        if "zone" in want and want["zone"] in DM_ZONES and cid in var:
            body.append(f"\tassert.Equal(t, {DM_ZONES[want['zone']]}, {var[cid]}.Zone, {_go_str('duelspec: the zone of ' + cid)})")
    for x, want in (final.get("players") or {}).items():
        for zone, n in (want.get("counts") or {}).items():
            if zone in DM_ZONES and x in ref:
                body.append(f"\tassert.Equal(t, {n}, duelspecCount(t, {ref[x]}, {DM_ZONES[zone]}), "
                            f"{_go_str('duelspec: the cards in ' + x + chr(39) + 's ' + zone + ' zone')})")
    std = sorted(["duel-masters/game/match", "duel-masters/tests/scenario", "testing"] + (["duel-masters/game/cnd"] if uses["cnd"] else [])
                 + (["strings"] if uses["strings"] else []))
    imports = [f'\t"{x}"' for x in std] + ["", '\t"github.com/stretchr/testify/assert"', '\t"github.com/stretchr/testify/require"']
    head = ["// Code written by duelspec (python -m duelspec.analysis.repro --engine dm-go; MIT): the shortest",
            f"// reproduction of cause {cause.key} of duelspec's report on this engine. It fails while the engine",
            "// behaves as the report says. Run: go test ./tests/duelspec/",
            "package duelspec", "", "import (", *imports, ")", "",
            f"// {_go_comment(scenario.get('title', ''), 200)}",
            f"// Scenario {scenario['id']} (rulings {', '.join(scenario.get('rulings', []))}); cause {cause.key}: "
            f"{_go_comment(cause.title, 200)} ({_go_comment(cause.who, 80)}).",
            f"// The run's first failing expectation"
            + (f" (of {result['id']}, before it was shrunk)" if result.get("id") not in (None, scenario["id"]) else "")
            + f": {_go_comment(first_failure(result), 600)}",
            *(["// " + x for x in argument_lines(f"Evidence: {_go_comment(cause.evidence, 10 ** 6)}",
                                                 f"{source} [causes.{cause.key}]")] if cause.evidence else ["//"]),
            f"func TestDuelspec{_go_ident(scenario['id'])}(t *testing.T) {{"]
    return "\n".join(head + body + ["}"]) + "\n"


def _run(ids, adapter: str, out: Path, extra: str, files=None) -> dict:
    """Play the scenarios ``ids`` on ``adapter`` (with the adapter options ``extra``): a scenario of the suite
    by its id, one of ``files`` (``{id: scenario file}``, e.g. a shrunk one) from its file."""
    from ..reporting.report import read_stream
    files = files or {}
    got: dict = {}
    by_id, from_files = [i for i in ids if i not in files], [str(files[i]) for i in ids if i in files]
    for n, (sel, paths) in enumerate(((["--generated", *sum((["--id", i] for i in by_id), [])], []), ([], from_files))):
        if not (sel[1:] or paths):
            continue
        stream = Path(out).with_suffix(f".{n}.jsonl")
        subprocess.run(["duelspec", "run", "--game", "ygo", *sel, *paths, "--adapter", f"{adapter} {extra}",
                        "--out", str(stream)], capture_output=True, text=True)
        if stream.is_file():
            got.update({r["id"]: r for r in read_stream(stream).results})
    return got


def shrunk_files(ids, folder) -> dict:
    """``{id: path}`` for the ids whose scenario is a file ``<id>.json`` of ``folder`` (the shrunk scenarios
    of ``duelspec shrink --stream``, docs/conformance/shrunk/<engine>/)."""
    if not folder:
        return {}
    return {i: Path(folder) / f"{i}.json" for i in ids if (Path(folder) / f"{i}.json").is_file()}


def _key(result: dict):
    fails = result.get("failures") or []
    f = next((x for x in fails if str(x.get("pointer", "")).startswith("/script/")), fails[0] if fails else {})
    return result.get("outcome"), f.get("pointer"), (result.get("message") or "")[:120] if not fails else None


def verify(ids, adapter: str, folder: Path, original: dict, files=None) -> dict:
    """``{id: None | what differs}``: each reproduction loaded as its scenario's start state
    (``--load-repro``) must fail the way the original run did (outcome and first failing pointer);
    ``files``: the scenarios played from a file (:func:`_run`)."""
    with tempfile.TemporaryDirectory() as tmp:
        got = _run(ids, adapter, Path(tmp) / "verify.jsonl", f"--load-repro {folder}", files)
    return {i: None if i in got and _key(got[i]) == _key(original[i]) else
            f"the run had {_key(original[i])}, the reproduction {_key(got[i]) if i in got else 'no result'}" for i in ids}


def write(engine: str, causes_file, streams, adapter: str, out, only=(), versions: str = "", shrunk=None) -> dict:
    """Write the shortest reproduction of each cause (``only``: these causes) of the run ``streams``
    into ``out`` (``<id>.lua`` and ``README.md``); returns ``{cause: (scenario id, None | what
    differs when the file is loaded as the start state)}``. ``shrunk``: a folder of shrunk scenarios
    (``duelspec shrink --stream``): a picked scenario with ``<id>.shrunk.json`` there is written from
    the shrunk one. Yu-Gi-Oh!: the file is ``<id>.shrunk.lua`` (the shrunk scenario's id), and what it
    must show is the shrunk scenario's own run on ``adapter`` (played here; it must still fail with the
    cause); Duel Masters: the Go test (it fails the same way by construction)."""
    import sys
    from ..catalogue import cards
    from .causes import by_id, group, load_causes
    from ..reporting.report import read_stream
    results = {}
    for p in streams:
        results.update({r["id"]: r for r in read_stream(p).results})
    bad = [r for r in results.values() if r.get("outcome") in ("failed", "errored", "xfailed")]
    scenarios = by_id(r["id"] for r in bad)
    groups = group(bad, scenarios, load_causes(causes_file))
    pick = {k: v for k, v in shortest(groups, scenarios).items() if k != "unclassified" and (not only or k in only)}
    files = {}                          # the shrunk scenarios picked: {id: file}
    for key, sid in list(pick.items()):
        small = Path(shrunk) / f"{sid}.shrunk.json" if shrunk else None
        if small is None or not small.is_file():
            continue
        doc = json.loads(small.read_text(encoding="utf-8"))
        pick[key], scenarios[doc["id"]], files[doc["id"]] = doc["id"], doc, small
        if engine == "dm-go":
            # the Go test plays the shrunk scenario; it fails as the run of the one it was shrunk from did
            # (duelspec shrink keeps the first failing expectation and the cause)
            results[doc["id"]] = dict(results[sid], id=sid)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    source = _shown(causes_file)
    if engine == "dm-go":
        return _write_go(pick, groups, scenarios, results, out, adapter, source)
    names = {c["id"]: c["name"]["en"] for c in cards("ygo")}
    ids = sorted(set(pick.values()))
    problems = {}
    with tempfile.TemporaryDirectory() as tmp:
        played = _run(ids, adapter, Path(tmp) / "setup.jsonl", f"--write-setup {tmp}", files)
        from .causes import signature
        for sid in files:
            # a shrunk scenario's reproduction shows its own run on this engine: it must still fail with the cause
            res = played.get(sid)
            key = next(k for k, v in pick.items() if v == sid)
            if res is None or not groups[key].cause.matches(signature(res, scenarios[sid])):
                problems[sid] = (f"the shrunk scenario {files[sid]} no longer fails with cause {key} on this engine "
                                 f"({res.get('outcome') if res else 'no result'}): shrink it again")
            if res is not None:
                results[sid] = res
        for key, sid in pick.items():
            setup = Path(tmp) / f"{sid}.setup.lua"
            if not setup.is_file() or sid not in results:
                print(f"{key}: {sid}: the adapter wrote no start state", file=sys.stderr)
                continue
            (out / f"{sid}.lua").write_text(ygo_script(engine, scenarios[sid], results[sid], groups[key].cause,
                                                       setup.read_text(encoding="utf-8"), names, versions, source),
                                                       encoding="utf-8")
    checked = verify([i for i in ids if i in results], adapter, out, results, files)
    checked.update(problems)
    from ..reporting.markdown import render
    e = ENGINES[engine]
    rows = []
    for key, sid in pick.items():
        n_cards, steps, _, _ = size(scenarios[sid])
        rows.append({"key": key, "id": sid, "cards": n_cards, "steps": steps,
                     "shows": shows(signature(results[sid], scenarios[sid]), groups[key].cause)
                     if checked.get(sid) is None else checked[sid]})
    (out / "README.md").write_text(render("repro-index.md", name=e["name"], engine=engine, menu=e["menu"],
                                          folder=e["folder"], rows=rows, shrunk=_shown(shrunk) if files else ""),
                                   encoding="utf-8")
    return {key: (sid, checked.get(sid)) for key, sid in pick.items()}


def shows(sig: dict, cause) -> str:
    """What a reproduction that fails as the run did shows: its first failing expectation, and for
    a hint-level cause that it is a hint only."""
    s = f"yes: {sig.get('first', '')}"
    if cause is not None and getattr(cause, "grade", "rules") == "hint":
        s += " (hint-level: the engine's message only, nothing offered there)"
    return s


def go_test_outcomes(stdout: str) -> tuple[dict, dict]:
    """From ``go test -json`` / ``test2json`` output: ``{test: pass|fail|skip}`` and ``{test: True}``
    for the tests in which an assertion of the rules failed (its message starts ``duelspec:``)."""
    outcome, ours = {}, {}
    for line in stdout.splitlines():
        try:
            ev = json.loads(line)
        except ValueError:
            continue
        test = ev.get("Test")
        if test and ev.get("Action") in ("pass", "fail", "skip"):
            outcome[test] = ev["Action"]
        if test and ev.get("Action") == "output" and "Messages:" in ev.get("Output", "") and "duelspec:" in ev.get("Output", ""):
            ours[test] = True
    return outcome, ours


def _shown(path) -> str:
    """A file as a reader of the repository names it: relative to the working folder when inside it."""
    p = Path(path)
    try:
        return p.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def _write_go(pick: dict, groups, scenarios: dict, results: dict, out: Path, build: str, source: str = "the cause file") -> dict:
    """The Duel Masters reproductions: one Go test per cause (and the helpers' file), checked by
    running them in the engine (``build``: the command of adapters/duel-masters-go/build.sh, which
    takes --repro DIR)."""
    from ..catalogue import cards
    cat = list(cards("dm"))
    names = {c["id"]: c["name"]["en"] for c in cat}
    uids = {c["id"]: c.get("sim_id") for c in cat}
    (out / "duelspec_helpers_test.go").write_text(DM_HELPERS, encoding="utf-8")
    files, problems = {}, {}
    for key, sid in pick.items():
        try:
            text = dm_go_test(scenarios[sid], results[sid], groups[key].cause, uids.get, names, source)
        except NotExpressible as exc:
            problems[sid] = f"not written: {exc}"
            continue
        name = f"{_go_ident(sid)}_test.go"
        (out / name).write_text(text, encoding="utf-8")
        files[sid] = f"TestDuelspec{_go_ident(sid)}"
    checked = dict(problems)
    if files:
        run = subprocess.run([*build.split(), "--repro", str(out)], capture_output=True, text=True)
        outcome, ours = go_test_outcomes(run.stdout)
        for sid, test in files.items():
            # a reproduction fails, on one of its rule's assertions (not on its set-up), while the
            # engine behaves as the report says
            checked[sid] = None if outcome.get(test) == "fail" and ours.get(test) else \
                f"go test: {outcome.get(test, 'did not run')}" + ("" if ours.get(test) else ", no assertion of the rules failed") + \
                (f" ({run.stderr.strip().splitlines()[-1]})" if run.stderr.strip() else "")
    index = ["# Shortest reproduction per cause: the Go Duel Masters engine", "",
             "Written by `python -m duelspec.analysis.repro --engine dm-go` from the report's run: per cause the failing scenario "
             "with the fewest cards, then steps (with `--shrunk`: its shrunk one, `<id>.shrunk`, of `duelspec shrink --stream`), "
             "as a Go test in the style of the engine's `sim/tests` (its "
             "`tests/scenario` API). Put the files in `sim/tests/duelspec/` and run `go test ./tests/duelspec/`, or "
             "`adapters/duel-masters-go/build.sh --repro DIR` (an overlay: nothing written into the checkout). "
             "Checked: each test fails on the engine the report ran.", "",
             "| cause | scenario (file) | cards | steps | fails as the run did |", "|---|---|---:|---:|---|"]
    for key, sid in pick.items():
        n_cards, steps, _, _ = size(scenarios[sid])
        f = f"[`{sid}`]({_go_ident(sid)}_test.go)" if sid in files else f"`{sid}`"
        index.append(f"| {key} | {f} | {n_cards} | {steps} | {'yes' if checked.get(sid) is None else checked[sid]} |")
    (out / "README.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    return {key: (sid, checked.get(sid)) for key, sid in pick.items()}


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m duelspec.analysis.repro", description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", choices=sorted(ENGINES), required=True)
    ap.add_argument("--causes", required=True, help="the engine's cause file")
    ap.add_argument("--stream", action="append", required=True, help="the run's result stream(s)")
    ap.add_argument("--adapter", required=True, help="the adapter command of that run (cmd:...), which takes --write-setup and "
                    "--load-repro; for --engine dm-go the command of adapters/duel-masters-go/build.sh (it takes --repro DIR)")
    ap.add_argument("--out", required=True, help="folder for <scenario id>.lua and README.md")
    ap.add_argument("--cause", action="append", help="only these causes")
    ap.add_argument("--versions", default="", help="the engine's commits, named in each file")
    ap.add_argument("--shrunk", help="a folder of shrunk scenarios (duelspec shrink --stream, docs/conformance/shrunk/<engine>): "
                    "each cause's reproduction written from its shrunk one (Yu-Gi-Oh!: <id>.shrunk.lua)")
    a = ap.parse_args(argv)
    import sys
    from ..errors import InputError, UsageError
    from ..files import check_outputs
    try:
        check_outputs(inputs={f"cause file {a.causes}": a.causes, **{f"stream {s}": s for s in a.stream}},
                      folders={"out": a.out})
        if Path(a.out).exists() and not Path(a.out).is_dir():
            raise UsageError(f"--out {a.out}: expected a folder, got a file")
    except (InputError, UsageError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    done = write(a.engine, a.causes, a.stream, a.adapter, a.out, a.cause or (), a.versions, a.shrunk)
    for key, (sid, diff) in done.items():
        print(f"{key:8s} {sid}: {'reproduces' if diff is None else diff}")
    return 0 if all(d is None for _, d in done.values()) else 1


if __name__ == "__main__":
    import sys
    sys.exit(main())
