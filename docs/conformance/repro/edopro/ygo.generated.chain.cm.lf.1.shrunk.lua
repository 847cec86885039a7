--[[message
duelspec reproduction for EDOPro: cause A — a free-chain effect is not offered as the first response to the before-the-draw chain (ygopro-core)
Scenario ygo.generated.chain.cm.lf.1.shrunk: Generated chain: Sylvan Waterslide (cost-type, leaves the field by Mystical Space Typhoon); the normal draw is not conducted
Rulings: ND-05, ND-C3, ND-C5

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - B activates Mystical Space Typhoon ("mystical-space-typhoon") in response to chain link 1 (targeting Sylvan Waterslide ("sylvan-waterslide"))

What the rules expect and what EDOPro did (the run's first failing expectation):
  /script/0: the engine must accept this step (it is legal); expected {"step": {"player": "B", "do": "activate", "when": {"window": "response", "link": 1}, "card": "mystical-space-typhoon", "targets": ["sylvan-waterslide"]}, "outcome": "applied"}; the engine: {"index": 0, "outcome": "refused", "code": "not-offered", "reason": "not offered: at this SELECT_CHAIN B could activate []"}
Cause A: The chain of the before-the-draw triggers is played as PointEvent(false, true, false)
(processor.cpp:3373-3374): its second argument is skip_freechain (processor_unit.h:206). The first
priority after the triggers are placed is QuickEffect(skip_freechain, ...) (processor.cpp:844-849),
and QuickEffect step 2 adds EVENT_FREE_CHAIN effects only `if(!skip_freechain)`
(processor.cpp:1094): D.D. Crow (c24508238.lua, EVENT_FREE_CHAIN), Infinite Impermanence, Mystical
Space Typhoon are not offered to either player then. Effects that answer the activation
(EVENT_CHAINING: Ash Blossom, Skull Meister, Infernoid Onuncu, Solemn Strike) are. Once such a
response is on the chain the next priority is QuickEffect(false, ...) (processor.cpp:1147) and
free-chain effects are offered again: in this run Mystical Space Typhoon is chain link 4 after Ash
Blossom (effect-type.negated-and-continuous-card-leaves) and Infinite Impermanence link 4 after
Infernoid Onuncu (effect-type.all-negated). So: not offered as the first response, offered after
another response. The rulings let a Quick Effect answer a replacement directly.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.cm.lf.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(49838105,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Sylvan Waterslide ("sylvan-waterslide")
Debug.AddCard(5318639,0,0,LOCATION_SZONE,0,POS_FACEDOWN,false) --Mystical Space Typhoon ("mystical-space-typhoon")
Debug.ReloadFieldEnd()
