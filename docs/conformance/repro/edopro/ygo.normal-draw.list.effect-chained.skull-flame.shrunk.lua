--[[message
duelspec reproduction for EDOPro: cause S — Skull Flame is applied only when it was the first to give up the draw, and it does not count for the others (CardScripts)
Scenario ygo.normal-draw.list.effect-chained.skull-flame.shrunk: ND-L-EFFECT: Skull Flame is an effect-type replacement; another one can be chained after it, and only the last one is applied
Rulings: ND-L-EFFECT, ND-E5, ND-E7

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Skull Flame ("replacement") in the Draw Phase, before the normal draw
   - A activates Meteor Flare ("second") in the Draw Phase, before the normal draw

What the rules expect and what EDOPro did (the run's first failing expectation):
  engine error: Lua error in c56856951.lua:68, card 56856951 "Meteor Flare" (scenario card second): attempt to perform arithmetic on a nil value (global '_replace_count')
Cause S: Skull Flame's target function gives up the draw and selects its target only while the draw
count is not 0 (c99899504.lua:71-84, e:SetLabel(1)); its operation adds the target if the label is 1
(c99899504.lua:87-92), whatever resolved after it, and it never sets or counts _replace_count. So a
replacement activated after it (the draw count already 0) does not reset _replace_count, and its
operation raises "attempt to perform arithmetic on a nil value (global '_replace_count')" (trace
log, e.g. c50418970.lua:87) and does nothing, while Skull Flame below is applied; and when Skull
Flame comes later in the chain it neither applies nor counts, so a replacement below it is applied.
ND-E7: only the last-activated replacement is applied.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.list.effect-chained.skull-flame.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(91152256,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Celtic Guardian ("celtic-guardian")
Debug.AddCard(99899504,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Skull Flame ("replacement")
Debug.AddCard(26293219,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Burning Skull Head ("support")
Debug.AddCard(56856951,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Meteor Flare ("second")
Debug.ReloadFieldEnd()
