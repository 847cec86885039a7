"""Group the failures of a YGOPro run by cause (the tool behind docs/conformance/ygopro.md).

    python -m duelspec.adapters.ygopro.causes RESULTS.jsonl SCENARIO_DIR [--toml OUT.toml] [--markdown OUT.md]

``RESULTS.jsonl``: a ``duelspec run --out`` stream of this adapter; ``SCENARIO_DIR``: the same
scenarios as ``duelspec export [--generated]`` wrote them. Each failed scenario is replayed on
the adapter (``DUELSPEC_YGOPRO_CORE`` / ``DUELSPEC_YGOPRO_SCRIPTS``) and given the first cause
whose test holds, in this order (each test looks at the trace and the script, never at a
scenario id):

1. ``N`` — only when the negations are reported: checked without their position in
   ``expect.events`` (each must still occur), the scenario passes.
2. ``F1`` — (format 1 only) a legal step refused at a decision that offered nothing, which the
   core accepts when the same script has a ``pass`` of that player just before it: format 1
   spent the step at that empty decision (the adapter's, under format-1 step semantics).
3. ``M`` — a scripted yes/no whose window closed without the core asking.
4. ``H`` — the refused step or the step before it activates a trigger of a card in the hand.
5. ``S-after`` — the refused step follows its player's activation of a card whose script gives
   up the normal draw in its target/cost function (see ``ACTIVATION_GIVE_UP``).
6. ``W`` — a refused response of the other player to a chain whose link 1 is a mandatory trigger.
7. ``S-legal`` — a ``legal: false`` activation the core accepted.
8. ``R`` — the only failures are refusal codes: the core refused with ``not-offered``, the
   scenario names another code.
9. ``E`` — an expected trigger activation that the core placed before the normal draw.
10. ``S-negated`` — a card of ``ACTIVATION_GIVE_UP`` was negated and the scenario still fails
    when the negations' order is not checked.
11. ``U`` — none of these: listed one by one.

The cause texts (what the engine does, the evidence at the commits of the report, the ruling)
are in :data:`CAUSES`; the report states which commits they were read at.
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
from collections import defaultdict
from pathlib import Path

NEG = ("negate-effect", "negate-activation")
#: card codes whose ygopro-scripts script gives up the normal draw in its target or cost
#: function (at activation), with the evidence (ygopro-scripts 090e881)
ACTIVATION_GIVE_UP = {
    "99899504": "Skull Flame c99899504.lua:59-77 (thtg registers EFFECT_DRAW_COUNT 0 when GetDrawCount~=0)",
    "45950291": "Rank-Up-Magic Astral Force c45950291.lua:70,88 (thcost: aux.GiveUpNormalDraw(e,tp,EFFECT_FLAG_OATH))",
}

CAUSES = {
    "N": ("suite (not the engine): the expectation fixes when a negation is *reported*",
          "Infinite Impermanence / Skull Meister style negations make the link's effect negated when it "
          "resolves; the core reports such a negation (MSG_CHAIN_DISABLED) when that link resolves "
          "(ygopro-core processor.cpp:4447-4451; Duel.NegateEffect/NegateActivation report at once, "
          "operations.cpp:31,52), and the generated "
          "scenarios list the negate-* patterns in link order before the first `resolve` "
          "(duelspec/generated/generator.py `build`). No ruling says when a negation is reported; "
          "checked without that order, each of these scenarios passes."),
    "F1": ("adapter, format-1 step semantics: a scripted activation spent at an empty decision",
           "The core asks the player to respond to their own chain link (MSG_SELECT_CHAIN with nothing "
           "to chain, processor.cpp:1793); a format-1 step is tried at the first decision of its "
           "player, so it is recorded refused there, and the core does offer it later (replayed with a "
           "`pass` of that player before it, the step is applied). Format 2's `when` removes this."),
    "H": ("core: a trigger of a face-down card in the hand is offered only after the public triggers",
          "Optional triggers of a card in the hand that is not public go to core.new_ochain_h "
          "(field.cpp:3603-3616 check_nonpublic_trigger) and are offered in the next quick-effect "
          "priority (processor.cpp:1690-1705), after the public optional triggers of the same timing "
          "were placed or declined (processor.cpp:1369-1413); declined public triggers are dropped "
          "(processor.cpp:1420-1425). So Black Luster Soldier - Legendary Swordsman (hand, "
          "c70551291.lua:14-23) cannot be chain link 1 under another before-the-draw trigger, nor "
          "followed by one. The rulings let the turn player order their simultaneous optional "
          "triggers freely (ND-05 with the page's chain examples)."),
    "S-after": ("scripts: a replacement after Skull Flame / Astral Force (2) is not offered",
                "Skull Flame gives up the normal draw in its target function, at activation "
                "(c99899504.lua:59-77); Astral Force's effect (2) in its cost with EFFECT_FLAG_OATH "
                "(c45950291.lua:70,88). Every replacement's activation check is "
                "aux.IsPlayerCanNormalDraw (utility.lua:1857-1860: GetDrawCount>0 and no "
                "FLAG_ID_NO_NORMAL_DRAW), so none can follow. The page lists Skull Flame as "
                "effect-type (ND-L-EFFECT: the draw is given up on resolution; ND-E5: a replacement "
                "can still be activated after it) and lets an effect-type follow Astral Force (2) "
                "(ND-AF4). Skull Flame's script is the classification of the superseded answer ND-H1 "
                "(2019-03-17: normal draw not conducted when its effect is negated, i.e. given up at "
                "activation; changed 2022-07-30); the file's replacement code is unchanged since "
                "2015 (6324c1c9b)."),
    "S-legal": ("scripts: Skull Flame can be activated after the normal draw was given up",
                "Its condition and target check only the turn player, the Deck and the target "
                "(c99899504.lua:53-55, 61), not GetDrawCount / aux.IsPlayerCanNormalDraw as every other "
                "replacement does; after a cost-type replacement it is still offered. ND-C4/ND-E6: "
                "no replacement can be activated once the draw is given up."),
    "S-negated": ("scripts: Skull Flame negated — no normal draw (the superseded answer ND-H1)",
                  "The draw is given up at activation (c99899504.lua:59-77), so when its effect or "
                  "activation is negated the normal draw is still skipped, and an effect-type "
                  "replacement below it on the chain finds no draw to replace (its operation checks "
                  "aux.IsPlayerCanNormalDraw, e.g. c70676581.lua:73) and does nothing. ND-FAQ1 "
                  "(2022-07-30): the normal draw is conducted; ND-E9: the replacement below it applies. "
                  "This is exactly the superseded answer ND-H1 (2019-03-17)."),
    "W": ("scripts: Ash Blossom cannot respond to Sylvan Waterslide's before-the-draw effect",
          "The effect's category is CATEGORY_TOHAND only (c49838105.lua:22), and Ash Blossom's "
          "condition needs SEARCH, DRAW, DECKDES or a Special Summon / send to GY from the Deck "
          "(c14558127.lua:16-25); the effect excavates the top card and adds it or sends it to the GY, "
          "so the response is not offered. ND-FAQ2 negates it with Ash Blossom."),
    "E": ("core: a trigger from the before-the-draw chain is activated before the normal draw",
          "Turn step 1 raises EVENT_PREDRAW and plays its chain as a point event "
          "(processor.cpp:3788-3798); a trigger that chain caused (Sangan sent to the GY as a cost) "
          "is collected when that chain ends, still inside step 1, before step 2's "
          "draw(nullptr, REASON_RULE, ...) (processor.cpp:3800-3810). ND-T2: it is activated after the "
          "normal draw."),
    "M": ("scripts: an optional \"you can\" applied without asking the player",
          "Mystical Cards of Light: \"you can draw 2 cards instead of 1 for your normal draw\" is a "
          "continuous EFFECT_DRAW_COUNT with value 2 whenever another copy is controlled "
          "(c48356796.lua:10-18, 36-38): the core never asks, so the scripted yes/no is refused "
          "(`not-offered`, its window closed) and a player who declines still draws 2. The card "
          "text (and the scenario's citation) makes it optional."),
    "R": ("contract (not the engine): the scenario's refusal code cannot be observed in this core",
          "The core's prompts list only what can be done (e.g. MSG_SELECT_IDLECMD, playerop.cpp:85-154); "
          "it never says why a card is missing. The adapter records the step refused with code "
          "`not-offered`, as the format prescribes for a card not offered, and the checker compares "
          "that code with the scenario's `refusal` (duelspec/checker.py:182-184), so the step fails "
          "although the engine refused it. The refusal itself is right."),
    "U": ("unclassified", "analysed one by one in the report"),
}


def _relaxed(s: dict):
    s = copy.deepcopy(s)
    ev = s["expect"].get("events", [])
    negs = [e for e in ev if isinstance(e, dict) and e.get("event") in NEG]
    s["expect"]["events"] = [e for e in ev if not (isinstance(e, dict) and e.get("event") in NEG)]
    return s, negs


def _occurs(pattern: dict, events: list) -> bool:
    return any(all(e.get(k) == v for k, v in pattern.items()) for e in events)


def classify(s: dict, run, check) -> str:
    """The cause key of failed scenario ``s`` (see the module docstring). ``run(scenario) -> trace``."""
    t = run(s)
    rel, negs = _relaxed(s)
    if negs and not check(rel, t) and all(_occurs(p, t["events"]) for p in negs):
        return "N"
    script = s["script"]
    refused = [(o["index"], o) for o in t["steps"] if o["outcome"] == "refused" and script[o["index"]].get("legal", True)]
    codes = {c["id"]: c["card"] for c in s["setup"]["cards"]}
    zones = {c["id"]: c.get("zone") for c in s["setup"]["cards"]}
    if refused:
        i, o = refused[0]
        step = script[i]
        if s.get("format", 1) == 1 and o.get("reason", "").endswith("[] at this point"):
            again = copy.deepcopy(s)
            again["script"] = script[:i] + [{"player": step["player"], "do": "pass"}] + script[i:]
            t2 = run(again)
            if any(x["index"] == i + 1 and x["outcome"] == "applied" for x in t2["steps"]):
                return "F1"
        prev = [x for x in script[:i] if x.get("do") == "activate" and x["player"] == step["player"]]
        if step.get("do") == "choose" and step.get("option") in ("yes", "no") and o.get("code") == "not-offered" \
                and "window closed" in o.get("reason", ""):
            return "M"
        if step.get("do") == "activate" and (zones.get(step.get("card")) == "hand" and step["player"] == "A"
                                             or prev and zones.get(prev[-1]["card"]) == "hand"):
            return "H"
        if prev and codes.get(prev[-1]["card"]) in ACTIVATION_GIVE_UP:
            return "S-after"
        if step["player"] != "A" and t["events"] and any(
                e.get("event") == "activate" and e.get("link") == 1 and e.get("card") not in
                [x.get("card") for x in script] for e in t["events"]):
            return "W"
    for o in t["steps"]:
        st = script[o["index"]]
        if st.get("legal") is False and o["outcome"] == "applied" and codes.get(st.get("card")) in ACTIVATION_GIVE_UP:
            return "S-legal"
    fails = check(rel, t)
    if fails and all(f.as_dict()["pointer"].endswith("/refusal") and (f.as_dict().get("actual") or {}).get("code") == "not-offered"
                     for f in fails):
        return "R"
    first = fails[0].as_dict() if fails else {}
    exp = first.get("expected") or {}
    if exp.get("event") == "activate" and "wrong order" in first.get("message", ""):
        draws = [k for k, e in enumerate(t["events"]) if e.get("event") == "draw" and e.get("normal")]
        acts = [k for k, e in enumerate(t["events"]) if e.get("event") == "activate" and e.get("card") == exp.get("card")]
        if draws and acts and acts[0] < draws[0]:
            return "E"
    negated = {e.get("card") for e in t["events"] if e.get("event") in NEG}
    if fails and any(codes.get(c) in ACTIVATION_GIVE_UP for c in negated):
        return "S-negated"
    return "U"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m duelspec.adapters.ygopro.causes", description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("scenarios")
    ap.add_argument("--toml", help="write an expected-failures file (every failure with its cause)")
    ap.add_argument("--json", help="write {cause: [scenario ids]}")
    a = ap.parse_args(argv)
    from ...checker import check
    from . import YgoproAdapter
    adapter = YgoproAdapter()

    def run(s):
        reply = adapter.run({k: v for k, v in s.items() if k != "expect"})
        if "trace" not in reply:
            raise SystemExit(f"{s['id']}: the adapter did not give a trace: {reply}")
        return reply["trace"]
    groups: dict[str, list[str]] = defaultdict(list)
    with open(a.results, encoding="utf-8") as f:
        results = [json.loads(line) for line in f if '"result"' in line]
    for r in results:
        if r.get("outcome") != "failed":
            continue
        s = json.loads((Path(a.scenarios) / f"{r['id']}.json").read_text(encoding="utf-8"))
        groups[classify(s, run, check)].append(r["id"])
    for k in CAUSES:
        if groups.get(k):
            print(f"{len(groups[k]):5d}  {k:10s} {CAUSES[k][0]}  e.g. {groups[k][0]}")
    if a.json:
        Path(a.json).write_text(json.dumps(groups, indent=1) + "\n", encoding="utf-8")
    if a.toml:
        lines = ["# duelspec expected failures of YGOPro (classic ygopro-core + ygopro-scripts), one per failing scenario,",
                 "# with its cause (adapters/ygopro/causes.py; the analysis: docs/conformance/ygopro.md).",
                 "# A listed scenario that passes is `xpassed` and fails the run: then remove its entry.", "format = 1", ""]
        for k in CAUSES:
            for sid in sorted(groups.get(k, [])):
                reason = f"{k}: {CAUSES[k][0]} (what the engine does, the evidence and the ruling: docs/conformance/ygopro.md, cause {k})"
                lines += [f"[scenarios.{json.dumps(sid)}]", f"reason = {json.dumps(reason, ensure_ascii=False)}", ""]
        Path(a.toml).write_text("\n".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
