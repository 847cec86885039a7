--[[message
duelspec reproduction for EDOPro: cause E — a trigger caused by the before-the-draw chain is activated before the normal draw (ygopro-core)
Scenario ygo.generated.chain.k.na.1.shrunk: Generated chain: Fandora, the Flying Furtress (effect-type (continuous card), activation negated by Infernoid Onuncu); the normal draw is conducted
Rulings: ND-05, ND-E1, ND-T1, ND-TAB

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Fandora, the Flying Furtress ("fandora") in the Draw Phase, before the normal draw
   - B activates Infernoid Onuncu ("infernoid-onuncu") in response to chain link 1 (cost Sangan ("sangan"))

What the rules expect and what EDOPro did (the run's first failing expectation):
  /expect/events/1: expected event occurred at #10, before the event the previous pattern matched (#13): wrong order; expected {"event": "activate", "card": "sangan"}
Cause E: Turn step 2 raises EVENT_PREDRAW and plays its chain as a point event
(processor.cpp:3367-3374); when that chain has resolved, the triggers it caused (Sangan, Tributed
for Infernoid Onuncu's cost) are collected and activated by the point event that follows the chain
(processor.cpp:4355), still in step 2, before step 3's draw(nullptr, REASON_RULE, ...)
(processor.cpp:3380-3387). ND-T1/ND-T2: while the normal draw right is unspent, such a trigger is
activated after the normal draw.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.k.na.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(20345391,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Seal, Strategist Fur Hire ("seal-fur-hire")
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(64400161,1,1,LOCATION_SZONE,5,POS_FACEUP_ATTACK,false) --Fandora, the Flying Furtress ("fandora")
Debug.AddCard(14799437,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Infernoid Onuncu ("infernoid-onuncu")
Debug.AddCard(26202165,0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK,true) --Sangan ("sangan")
Debug.ReloadFieldEnd()
