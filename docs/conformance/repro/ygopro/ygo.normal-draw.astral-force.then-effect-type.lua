--[[message
duelspec reproduction for YGOPro: cause AF — no effect-type replacement after Rank-Up-Magic Astral Force (2): its pledge reads as a given-up draw (ygopro-scripts)
Scenario ygo.normal-draw.astral-force.then-effect-type: An effect-type replacement can be activated on the same chain after effect (2)
Rulings: ND-AF4

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Rank-Up-Magic Astral Force ("astral") in the Draw Phase, before the normal draw
   - A activates Flying Saucer Muusik'i ("muusiki") in the Draw Phase, before the normal draw

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/1: the engine must accept this step (it is legal); expected {"step": {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "muusiki"}, "outcome": "applied"}; the engine: {"index": 1, "outcome": "refused", "code": "not-offered", "reason": "not offered: A could activate [] at this point"}
Cause AF: Astral Force's effect (2) gives up the normal draw in its cost as a pledge
(c45950291.lua:70, 88: aux.GiveUpNormalDraw(e,tp,EFFECT_FLAG_OATH)), which is right (ND-AF1, ND-AF2:
the OATH flag lifts it when the activation is negated). But every effect-type replacement's
activation check is aux.IsPlayerCanNormalDraw (utility.lua:1857-1860: draw count > 0 and no
FLAG_ID_NO_NORMAL_DRAW), which the pledge fails, so none can follow it; ND-AF4 lets effect (2) and
effect-type replacements be on the same chain. No fix experiment: the scripts have no way to tell
the pledge from a given-up draw (both are EFFECT_DRAW_COUNT 0 and the same flag,
utility.lua:1868-1876), so the fix is a new mechanism in utility.lua, not a change of one place.
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.astral-force.then-effect-type")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(97127906,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alien Shocktrooper ("alien-shocktrooper")
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(97697678,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Flying Saucer Muusik'i ("muusiki")
Debug.AddCard(45950291,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Rank-Up-Magic Astral Force ("astral")
Debug.ReloadFieldEnd()
