--[[message
duelspec reproduction for EDOPro: cause D — a replacement below a negated cost-type is applied: the scripts count replacements as they resolve (CardScripts)
Scenario ygo.generated.chain.e-e-c.n-n-ne.1.shrunk: Generated chain: Magical Blast (effect-type) -> Meteor Flare (effect-type) -> Tachyon Chaos Hole (cost-type, effect negated by Skull Meister); the normal draw is not conducted
Rulings: ND-05, ND-C1, ND-C4, ND-C5, ND-E5, ND-TAB

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Magical Blast ("magical-blast") in the Draw Phase, before the normal draw
   - A activates Meteor Flare ("meteor-flare") in the Draw Phase, before the normal draw
   - A activates Tachyon Chaos Hole ("tachyon-chaos-hole") in the Draw Phase, before the normal draw (targeting Number 107: Galaxy-Eyes Tachyon Dragon ("galaxy-eyes-tachyon"))
   - B activates Skull Meister ("skull-meister") in response to chain link 3

What the rules expect and what EDOPro did (the run's first failing expectation):
  /expect/never/0: an event that must not occur occurred; expected {"event": "move", "card": "meteor-flare", "from": "graveyard", "to": "hand"}; the engine: {"event": "move", "card": "meteor-flare", "from": "graveyard", "to": "hand", "player": "A", "reason": "effect"}
Cause D: Each target function sets _replace_count=0 / _replace_max=GetDrawCount only while the draw
count is not 0 (e.g. c97697678.lua:26-29), each operation does _replace_count+1 and stops past the
max (c97697678.lua:42-43, c27564031.lua:47-49). With the cost-type on top (Malefic World, Tachyon
Chaos Hole, Flame Tiger, Infernity Pawn, Sylvan Waterslide; and Gearbreed, a cost-type on the page,
ND-L-COST) negated, its operation never counts, so the first replacement below it that resolves is
applied; below a negated Gearbreed (116 of D's 162 in this report) this is counted here when that
replacement is an effect-type of cause B (the classifier's kind `effect`). So D's fix is B's, plus
G's for the 93 under a negated Gearbreed: B's fix alone turns green 69 of D (the 46 without
Gearbreed and 23 of the 116), G's fix on top of B's the other 93, together all 162 (counted on this
report's labels: the `passing` lists of docs/conformance/edopro-fixes.json). ND-C5: the cost-type
spent the right at activation; every replacement activated before it fizzles.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.e-e-c.n-n-ne.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("top")
Debug.AddCard(91819979,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Magical Blast ("magical-blast")
Debug.AddCard(56856951,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Meteor Flare ("meteor-flare")
Debug.AddCard(59650656,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Tachyon Chaos Hole ("tachyon-chaos-hole")
Debug.AddCard(88177324,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,true) --Number 107: Galaxy-Eyes Tachyon Dragon ("galaxy-eyes-tachyon")
Debug.AddCard(67750322,0,0,LOCATION_HAND,0,POS_FACEDOWN_DEFENSE,false) --Skull Meister ("skull-meister")
Debug.ReloadFieldEnd()
