--[[message
duelspec reproduction for EDOPro: cause G — Gearbreed gives up the normal draw only when its effect resolves (handled as an effect-type) (CardScripts)
Scenario ygo.normal-draw.list.cost.gearbreed.shrunk: ND-L-COST: Gearbreed is a cost-type replacement; activated before the draw, it replaces the normal draw
Rulings: ND-L-COST, ND-05, ND-E6

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Gearbreed ("replacement") in the Draw Phase, before the normal draw
   - A tries: activates Magical Blast ("blast") in the Draw Phase, before the normal draw — the rules forbid it: the engine must not let them

What the rules expect and what EDOPro did (the run's first failing expectation):
  /script/1: the engine must not let the player do this in this window (it is illegal), but it was applied; expected {"step": {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "blast", "legal": false}, "outcome": "refused"}; the engine: {"index": 1, "outcome": "applied"}
Cause G: Gearbreed's target function only checks (c27979109.lua:43-46); its operation
(c27979109.lua:47-68) registers EFFECT_DRAW_COUNT 0 (lines 53-60), and only while GetDrawCount is
not 0 (lines 49-50). So when its activation or effect is negated, or it leaves the field, the normal
draw is conducted; its activation spends nothing, so another replacement can still be activated
after it; and a link below it is applied when it is negated. The page lists Gearbreed (武装鍛錬) as
cost-type: the right is spent at activation (ND-L-COST, ND-C1, ND-C4, ND-C5).
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.list.cost.gearbreed.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(40619825,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Axe of Despair ("axe-of-despair")
Debug.AddCard(27979109,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Gearbreed ("replacement")
Debug.AddCard(91819979,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Magical Blast ("blast")
Debug.ReloadFieldEnd()
