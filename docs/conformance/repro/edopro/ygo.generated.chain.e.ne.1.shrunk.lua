--[[message
duelspec reproduction for EDOPro: cause B — the normal draw is given up at activation, not when the effect resolves (CardScripts)
Scenario ygo.generated.chain.e.ne.1.shrunk: Generated chain: Magical Blast (effect-type, effect negated by Skull Meister); the normal draw is conducted
Rulings: ND-05, ND-E1, ND-FAQ1, ND-H1, ND-TAB

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Magical Blast ("magical-blast") in the Draw Phase, before the normal draw
   - B activates Skull Meister ("skull-meister") in response to chain link 1

What the rules expect and what EDOPro did (the run's first failing expectation):
  /expect/events/0: expected event did not occur; expected {"event": "draw", "player": "A", "normal": true, "cards": ["top"]}
Cause B: These scripts register EFFECT_DRAW_COUNT 0 in their target function, at activation: Flying
Saucer Muusik'i c97697678.lua:24-40 (line 33), Freed the Matchless General c49681811.lua:62-78 (71),
Dark General Freed c70676581.lua:71-87 (80), Skull Flame c99899504.lua:68-86 (80), Iron Core of
Koa'ki Meiru c36623431.lua:33-49 (42), Spirit Burner c50418970.lua:67-84 (77), Magical Blast
c91819979.lua:40-56 (49), Meteor Flare c56856951.lua:49-65 (58), Rank-Up-Magic Astral Force (2)
c45950291.lua:86-102 (95). When the activation or the effect is negated the draw stays given up:
EDOPro goes negate, chain end, Standby Phase with no draw. ND-E1 / ND-FAQ1: an effect-type negated,
the normal draw is conducted; ND-AF2: Astral Force (2) with its activation negated, too. Below them
on the chain, Gearbreed's operation then does nothing (it registers EFFECT_DRAW_COUNT 0 only while
GetDrawCount is not 0, c27979109.lua:47-58): its resource is not added (counted here; B's fix alone
turns those green).
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.e.ne.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(91819979,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Magical Blast ("magical-blast")
Debug.AddCard(67750322,0,0,LOCATION_HAND,0,POS_FACEDOWN_DEFENSE,false) --Skull Meister ("skull-meister")
Debug.ReloadFieldEnd()
