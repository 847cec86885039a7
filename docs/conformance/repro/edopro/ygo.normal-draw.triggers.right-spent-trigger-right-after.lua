--[[message
duelspec reproduction for EDOPro: cause P — a free-chain effect is not offered at the first open-state priority of the Draw Phase when the normal draw was given up before the draw (ygopro-core)
Scenario ygo.normal-draw.triggers.right-spent-trigger-right-after: With the right spent, the trigger is activated right after that chain, before anything else of the Draw Phase
Rulings: ND-T1, ND-C1

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Malefic World ("world") in the Draw Phase, before the normal draw
   - B activates Infernoid Onuncu ("onuncu") in response to chain link 1 (cost Sangan ("sangan"))
   - A activates Mystical Space Typhoon ("mst") at an open game state of Draw Phase (targeting Solemn Strike ("solemn"))

What the rules expect and what EDOPro did (the run's first failing expectation):
  /script/2: the engine must accept this step (it is legal); expected {"step": {"player": "A", "do": "activate", "when": {"window": "open", "phase": "draw"}, "card": "mst", "targets": ["solemn"]}, "outcome": "applied"}; the engine: {"index": 2, "outcome": "refused", "code": "not-offered", "reason": "not offered: at this SELECT_CHAIN A could activate []"}
Cause P: The before-the-draw chain is played as PointEvent(false, true, false) (processor.cpp:3374:
skip_freechain). When a chain ends, SolveChain plays the next point event with skip_freechain =
arg.skip_freechain || arg.skip_new (processor.cpp:4355), so every chain of that point event, and the
point event after it, keeps skip_freechain: a trigger the before-the-draw chain caused (Sangan,
Tributed for Infernoid Onuncu's cost) makes a chain of its own there, and after that chain the first
priority (PointEvent step 9, QuickEffect(skip_freechain, turn player), processor.cpp:846) leaves out
every EVENT_FREE_CHAIN effect (processor.cpp:1094). With the normal draw given up (Malefic World, a
cost-type: draw count 0), step 3 conducts no draw (processor.cpp:3386) and the Draw Phase's phase
event (processor.cpp:3391) offers Mystical Space Typhoon only at a later priority. The open game
state of the Draw Phase begins when that chain has resolved (ND-T1: the trigger is activated right
after the chain, then the Draw Phase goes on): the turn player's first priority there is one where a
Quick-Play Spell can be activated.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.triggers.right-spent-trigger-right-after")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(55343236,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Malefic Red-Eyes Black Dragon ("malefic-red-eyes-black-dragon")
Debug.AddCard(9433350,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Malefic Blue-Eyes White Dragon ("malefic-blue-eyes-white-dragon")
Debug.AddCard(1710476,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Malefic Cyber End Dragon ("malefic-cyber-end-dragon")
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(5318639,1,1,LOCATION_HAND,0,POS_FACEDOWN_DEFENSE,false) --Mystical Space Typhoon ("mst")
Debug.AddCard(27564031,1,1,LOCATION_SZONE,5,POS_FACEUP_ATTACK,false) --Malefic World ("world")
Debug.AddCard(15025844,0,0,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Mystical Elf ("mystical-elf")
Debug.AddCard(14799437,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Infernoid Onuncu ("onuncu")
Debug.AddCard(26202165,0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK,true) --Sangan ("sangan")
Debug.AddCard(40605147,0,0,LOCATION_SZONE,0,POS_FACEDOWN,false) --Solemn Strike ("solemn")
Debug.ReloadFieldEnd()
