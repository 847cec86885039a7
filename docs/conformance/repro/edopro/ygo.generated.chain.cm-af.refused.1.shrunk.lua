--[[message
duelspec reproduction for EDOPro: cause C — a replacement can still be activated after the right was given up on the same chain (CardScripts)
Scenario ygo.generated.chain.cm-af.refused.1.shrunk: Generated chain: Sylvan Waterslide (cost-type) -> Rank-Up-Magic Astral Force (Astral Force (2), refused); the normal draw is not conducted
Rulings: ND-05, ND-AF4, ND-C1, ND-E6

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A tries: activates Rank-Up-Magic Astral Force ("astral-force") in the Draw Phase, before the normal draw — the rules forbid it: the engine must not let them

What the rules expect and what EDOPro did (the run's first failing expectation):
  /script/0: the engine must not let the player do this in this window (it is illegal), but it was applied; expected {"step": {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "astral-force", "legal": false}, "outcome": "refused"}; the engine: {"index": 0, "outcome": "applied"}
Cause C: The before-the-draw triggers are collected once, when EVENT_PREDRAW is raised: their
conditions are checked there (processor.cpp:1226 mandatory, 1251 optional, via process_instant_event
at 3368). When they are placed on the chain the core calls is_activateable with neglect_cond = TRUE
(processor.cpp:632, 714; effect.h:72), so a condition such as Duel.GetDrawCount(tp)>0 (e.g.
c27564031.lua:23-25) is not checked again after a cost-type replacement (Malefic World
c27564031.lua:39, Sylvan Waterslide c49838105.lua:65, Infernity Pawn c82434071.lua:58:
EFFECT_DRAW_COUNT 0 in the target function) gave the draw up on the same chain. The core does what
it documents (a trigger's condition is read when its event happens); the scripts rely on that
condition alone: their activation checks (the `if chk==0` line of each target function) do not read
the draw count, so the fix is the scripts' (on top of B's: see the fix). ND-C4 / ND-E6 / ND-AF4:
nothing can be activated after a cost-type.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.cm-af.refused.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(49838105,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Sylvan Waterslide ("sylvan-waterslide")
Debug.AddCard(45950291,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Rank-Up-Magic Astral Force ("astral-force")
Debug.ReloadFieldEnd()
