--[[message
duelspec reproduction for EDOPro: cause M — Fandora, Legacy of the Duelist and Legendary Swordsman give up the draw when they resolve and then do nothing after an earlier link (CardScripts)
Scenario ygo.generated.chain.e-k.n-n.1: Generated chain: Magical Blast (effect-type) -> Legacy of the Duelist (effect-type (continuous card)); the normal draw is not conducted
Rulings: ND-05, ND-E5, ND-E7

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Magical Blast ("magical-blast") in the Draw Phase, before the normal draw
   - A activates Legacy of the Duelist ("legacy-of-the-duelist") in the Draw Phase, before the normal draw

What the rules expect and what EDOPro did (the run's first failing expectation):
  /expect/events/2/any_order/1: expected event did not occur; expected {"event": "move", "card": "gy-mystical-elf", "from": "graveyard", "to": "hand"}
Cause M: These operations read the draw count when they resolve and do nothing when it is 0: Fandora
c64400161.lua:45-49 (`if dt==0 then return false end`), Legacy of the Duelist c88851326.lua:113-117,
Black Luster Soldier - Legendary Swordsman c70551291.lua:68-72. A replacement below them on the
chain whose script gives the draw up in its target function (cause B's cards) has already set the
count to 0 at activation, so the last replacement does nothing and the one below it is applied (its
_replace_count is still within the max). ND-E7: the last-activated replacement is applied, those
before it fizzle.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.e-k.n-n.1")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(88851326,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Legacy of the Duelist ("legacy-of-the-duelist")
Debug.AddCard(91819979,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Magical Blast ("magical-blast")
Debug.AddCard(15025844,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Mystical Elf ("gy-mystical-elf")
Debug.ReloadFieldEnd()
