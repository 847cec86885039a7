--[[message
duelspec reproduction for YGOPro: cause W — Ash Blossom & Joyous Spring cannot respond to Sylvan Waterslide's before-the-draw effect (ygopro-scripts)
Scenario ygo.generated.chain.cm.ne.1.shrunk: Generated chain: Sylvan Waterslide (cost-type, effect negated by Ash Blossom & Joyous Spring); the normal draw is not conducted
Rulings: ND-05, ND-C1, ND-TAB

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - B activates Ash Blossom & Joyous Spring ("ash-blossom") in response to chain link 1

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/0: the engine must accept this step (it is legal); expected {"step": {"player": "B", "do": "activate", "when": {"window": "response", "link": 1}, "card": "ash-blossom"}, "outcome": "applied"}; the engine: {"index": 0, "outcome": "refused", "code": "not-offered", "reason": "not offered: B could activate [] at this point"}
Cause W: The effect's category is CATEGORY_TOHAND only (c49838105.lua:22); Ash Blossom's condition
needs a Special Summon or a send to the GY from the Deck, a draw, a search or CATEGORY_DECKDES
(c14558127.lua:16-25). The effect excavates the top card and sends a Plant to the GY or adds it to
the hand (c49838105.lua:55-68), so ND-FAQ2 negates it with Ash Blossom; here the response is not
offered (refused, not-offered).
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.cm.ne.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(49838105,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Sylvan Waterslide ("sylvan-waterslide")
Debug.AddCard(14558127,0,0,LOCATION_HAND,0,POS_FACEDOWN_DEFENSE,false) --Ash Blossom & Joyous Spring ("ash-blossom")
Debug.ReloadFieldEnd()
