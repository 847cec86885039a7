--[[message
duelspec reproduction for YGOPro: cause S-legal — Skull Flame can be activated after the normal draw was given up (ygopro-scripts)
Scenario ygo.generated.chain.e-k-c-e.refused.1: Generated chain: Flying Saucer Muusik'i (effect-type) -> Fandora, the Flying Furtress (effect-type (continuous card)) -> Gearbreed (cost-type) -> Skull Flame (effect-type, refused); the normal draw is not conducted
Rulings: ND-05, ND-C1, ND-C4, ND-C5, ND-E5, ND-E6

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Flying Saucer Muusik'i ("muusiki") in the Draw Phase, before the normal draw
   - A activates Fandora, the Flying Furtress ("fandora") in the Draw Phase, before the normal draw
   - A activates Gearbreed ("gearbreed") in the Draw Phase, before the normal draw
   - A tries: activates Skull Flame ("skull-flame") in the Draw Phase, before the normal draw — the rules forbid it: the engine must not let them

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/3: the engine must not let the player do this in this window (it is illegal), but it was applied; expected {"step": {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "skull-flame", "legal": false}, "outcome": "refused"}; the engine: {"index": 3, "outcome": "applied"}
Cause S-legal: Its condition and activation check look at the turn player, the Deck and the target
only (c99899504.lua:53-55, 61), not at aux.IsPlayerCanNormalDraw (utility.lua:1857-1860) as every
other replacement does; after a cost-type replacement it is still offered. ND-C4/ND-E6: no
replacement can be activated once the draw is given up.
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.e-k-c-e.refused.1")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(40619825,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Axe of Despair ("axe-of-despair")
Debug.AddCard(20345391,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Seal, Strategist Fur Hire ("seal-fur-hire")
Debug.AddCard(62437709,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alien Grey ("alien-grey")
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(97697678,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Flying Saucer Muusik'i ("muusiki")
Debug.AddCard(99899504,1,1,LOCATION_MZONE,1,POS_FACEUP_ATTACK,true) --Skull Flame ("skull-flame")
Debug.AddCard(27979109,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Gearbreed ("gearbreed")
Debug.AddCard(64400161,1,1,LOCATION_SZONE,5,POS_FACEUP_ATTACK,false) --Fandora, the Flying Furtress ("fandora")
Debug.AddCard(26293219,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Burning Skull Head ("burning-skull-head")
Debug.ReloadFieldEnd()
