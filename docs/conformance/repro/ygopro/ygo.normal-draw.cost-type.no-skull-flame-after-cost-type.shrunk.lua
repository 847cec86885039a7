--[[message
duelspec reproduction for YGOPro: cause S-legal — Skull Flame can be activated after the normal draw was given up (ygopro-scripts)
Scenario ygo.normal-draw.cost-type.no-skull-flame-after-cost-type.shrunk: After a cost-type replacement, Skull Flame cannot be activated on that chain
Rulings: ND-E6, ND-C4

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Malefic World ("world") in the Draw Phase, before the normal draw
   - A tries: activates Skull Flame ("skull-flame") in the Draw Phase, before the normal draw — the rules forbid it: the engine must not let them

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/1: the engine must not let the player do this in this window (it is illegal), but it was applied; expected {"step": {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "skull-flame", "legal": false}, "outcome": "refused"}; the engine: {"index": 1, "outcome": "applied"}
Cause S-legal: Its condition and activation check look at the turn player, the Deck and the target
only (c99899504.lua:53-55, 61), not at aux.IsPlayerCanNormalDraw (utility.lua:1857-1860) as every
other replacement does; after a cost-type replacement it is still offered. ND-C4/ND-E6: no
replacement can be activated once the draw is given up.
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
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
