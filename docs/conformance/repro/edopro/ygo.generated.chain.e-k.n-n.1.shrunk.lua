--[[message
duelspec reproduction for EDOPro: cause M — cause B's scripts zero the draw count when activated, so the replacement activated after them does nothing and theirs is applied (CardScripts)
The script to open: Magical Blast, c91819979.lua (below Legacy of the Duelist on the chain)
Scenario ygo.generated.chain.e-k.n-n.1.shrunk: Generated chain: Magical Blast (effect-type) -> Legacy of the Duelist (effect-type (continuous card)); the normal draw is not conducted
Rulings: ND-05, ND-E5, ND-E7

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Magical Blast ("magical-blast") in the Draw Phase, before the normal draw
   - A activates Legacy of the Duelist ("legacy-of-the-duelist") in the Draw Phase, before the normal draw

What the rules expect and what EDOPro did (the run's first failing expectation):
  /expect/events/0/any_order/1: expected event did not occur; expected {"event": "move", "card": "gy-mystical-elf", "from": "graveyard", "to": "hand"}
Cause M: The scripts of cause B register EFFECT_DRAW_COUNT 0 in their target function, when they are
activated (Flying Saucer Muusik'i c97697678.lua:33, Freed the Matchless General c49681811.lua:71,
Dark General Freed c70676581.lua:80, Skull Flame c99899504.lua:80, Iron Core of Koa'ki Meiru
c36623431.lua:42, Spirit Burner c50418970.lua:77, Magical Blast c91819979.lua:49, Meteor Flare
c56856951.lua:58), and set _replace_count=0 / _replace_max there. A replacement activated after one
of them on the same chain and written as the rules have it, giving the draw up when it resolves
(Fandora c64400161.lua:45-58, Legacy of the Duelist c88851326.lua:113-117, Black Luster Soldier -
Legendary Swordsman c70551291.lua:68-72: `if dt==0 then return false end`), finds the count already
0 when it resolves and does nothing; then the B card below it resolves with its _replace_count still
within the max and is applied. ND-E7: the last-activated replacement is applied, those activated
before it fizzle. The rows name the B card whose script zeroed the count (the file to open), then
the card the failing expectation is about.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.e-k.n-n.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(88851326,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Legacy of the Duelist ("legacy-of-the-duelist")
Debug.AddCard(91819979,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Magical Blast ("magical-blast")
Debug.AddCard(15025844,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Mystical Elf ("gy-mystical-elf")
Debug.ReloadFieldEnd()
