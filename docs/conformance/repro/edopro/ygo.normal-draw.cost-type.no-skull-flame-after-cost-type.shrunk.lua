--[[message
duelspec reproduction for EDOPro: cause S-legal — Skull Flame can be activated after a cost-type replacement gave the normal draw up (CardScripts)
Scenario ygo.normal-draw.cost-type.no-skull-flame-after-cost-type.shrunk: After a cost-type replacement, Skull Flame cannot be activated on that chain
Rulings: ND-E6, ND-C4

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Malefic World ("world") in the Draw Phase, before the normal draw
   - A tries: activates Skull Flame ("skull-flame") in the Draw Phase, before the normal draw — the rules forbid it: the engine must not let them

What the rules expect and what EDOPro did (the run's first failing expectation):
  /script/1: the engine must not let the player do this in this window (it is illegal), but it was applied; expected {"step": {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "skull-flame", "legal": false}, "outcome": "refused"}; the engine: {"index": 1, "outcome": "applied"}
Cause S-legal: Skull Flame's before-the-draw effect reads neither the draw count nor whether the
right is spent: its condition checks the turn player and the Deck only (c99899504.lua:62-64), its
activation check only the target in the GY (c99899504.lua:70). Every other replacement's condition
requires Duel.GetDrawCount(tp)>0 (e.g. Malefic World c27564031.lua:23-25). So after Malefic World
gave the draw up at activation (c27564031.lua:39, its target function) Skull Flame is still offered
on that chain and activated (the scenario: link 2 on top of Malefic World). ND-E6: once a cost-type
has been activated no replacement, an effect-type included, can be activated on that chain. The
YGOPro script has the same gap (its cause S-legal).
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.cost-type.no-skull-flame-after-cost-type.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(55343236,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Malefic Red-Eyes Black Dragon ("malefic-red-eyes-black-dragon")
Debug.AddCard(9433350,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Malefic Blue-Eyes White Dragon ("malefic-blue-eyes-white-dragon")
Debug.AddCard(1710476,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Malefic Cyber End Dragon ("malefic-cyber-end-dragon")
Debug.AddCard(99899504,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Skull Flame ("skull-flame")
Debug.AddCard(27564031,1,1,LOCATION_SZONE,5,POS_FACEUP_ATTACK,false) --Malefic World ("world")
Debug.AddCard(26293219,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Burning Skull Head ("support")
Debug.ReloadFieldEnd()
