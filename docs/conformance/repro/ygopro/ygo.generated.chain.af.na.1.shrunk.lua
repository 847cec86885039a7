--[[message
duelspec reproduction for YGOPro: cause E — a trigger caused by the before-the-draw chain is activated before the normal draw (ygopro-core)
Scenario ygo.generated.chain.af.na.1.shrunk: Generated chain: Rank-Up-Magic Astral Force (Astral Force (2), activation negated by Infernoid Onuncu); the normal draw is conducted
Rulings: ND-05, ND-AF2, ND-T1, ND-TAB

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Rank-Up-Magic Astral Force ("astral-force") in the Draw Phase, before the normal draw
   - B activates Infernoid Onuncu ("infernoid-onuncu") in response to chain link 1 (cost Sangan ("sangan"))

What the rules expect and what YGOPro did (the run's first failing expectation):
  /expect/events/1: expected event occurred at #10, before the event the previous pattern matched (#13): wrong order; expected {"event": "activate", "card": "sangan"}
Cause E: Turn step 1 raises EVENT_PREDRAW and plays its chain as a point event
(processor.cpp:3790-3797, PROCESSOR_POINT_EVENT with skip_freechain and skip_new); when the chain
ends, solve_chain step 13 plays the next point event with the chain's own arguments
(processor.cpp:4592-4595), which places the triggers the chain caused (Sangan, sent to the GY as
Infernoid Onuncu's cost) still in step 1, before step 2's draw(nullptr, REASON_RULE, ...)
(processor.cpp:3800-3806). ND-T1/ND-T2: while the normal draw right is unspent, such a trigger is
activated after the normal draw.
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.af.na.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(45950291,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Rank-Up-Magic Astral Force ("astral-force")
Debug.AddCard(14799437,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Infernoid Onuncu ("infernoid-onuncu")
Debug.AddCard(26202165,0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK,true) --Sangan ("sangan")
Debug.ReloadFieldEnd()
