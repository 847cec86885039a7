--[[message
duelspec reproduction for YGOPro: cause S — Skull Flame gives the normal draw up when it is activated: nothing can follow it, and negated it still skips the draw (ygopro-scripts)
Scenario ygo.generated.chain.e-h.n-n.1.shrunk: Generated chain: Skull Flame (effect-type) -> Black Luster Soldier - Legendary Swordsman (effect-type); the normal draw is not conducted
Rulings: ND-05, ND-E5, ND-E7

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A activates Skull Flame ("skull-flame") in the Draw Phase, before the normal draw
   - A activates Black Luster Soldier - Legendary Swordsman ("black-luster-soldier") in the Draw Phase, before the normal draw

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/1: the engine must accept this step (it is legal); expected {"step": {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": "black-luster-soldier"}, "outcome": "applied"}; the engine: {"index": 1, "outcome": "refused", "code": "not-offered", "reason": "not offered: A could activate [] at this point"}
Cause S: Skull Flame (c99899504.lua:59-77) gives up the normal draw in its target function, at
activation: thtg registers EFFECT_DRAW_COUNT 0 when GetDrawCount(tp)~=0 (lines 62-75). Every other
replacement's activation check is aux.IsPlayerCanNormalDraw (utility.lua:1857-1860: draw count > 0
and no FLAG_ID_NO_NORMAL_DRAW), so none can follow it on the chain (the scripted activation is
refused, not-offered); and when Skull Flame's effect or activation is negated the draw stays given
up, so the normal draw is not conducted and an effect-type replacement below it finds no draw to
replace (e.g. Dark General Freed c70676581.lua:73). The page lists Skull Flame among the effect-type
replacements (ND-L-EFFECT: the right is spent when the effect resolves; ND-E5: a replacement can
follow it; ND-FAQ1: negated, the normal draw is conducted; ND-E9: the replacement below it applies).
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.generated.chain.e-h.n-n.1.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(21082832,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Chaos Form ("chaos-form")
Debug.AddCard(70551291,1,1,LOCATION_HAND,0,POS_FACEDOWN_DEFENSE,false) --Black Luster Soldier - Legendary Swordsman ("black-luster-soldier")
Debug.AddCard(99899504,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Skull Flame ("skull-flame")
Debug.AddCard(26293219,1,1,LOCATION_GRAVE,0,POS_FACEUP_ATTACK,false) --Burning Skull Head ("burning-skull-head")
Debug.ReloadFieldEnd()
