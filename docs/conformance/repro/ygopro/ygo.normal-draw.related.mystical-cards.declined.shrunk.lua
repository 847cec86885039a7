--[[message
duelspec reproduction for YGOPro: cause L — Mystical Cards of Light's "you can draw 2" is applied without asking (ygopro-scripts)
Scenario ygo.normal-draw.related.mystical-cards.declined.shrunk: Mystical Cards of Light: a controller who declines draws 1 card
Rulings: ND-L-RELATED, ND-01

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A chooses in the Draw Phase, before the normal draw (option 'no')

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/0: the engine must accept this step (it is legal); expected {"step": {"player": "A", "do": "choose", "when": {"window": "before-draw"}, "option": "no"}, "outcome": "applied"}; the engine: {"index": 0, "outcome": "refused", "code": "not-offered", "reason": "its window opened but the engine never offered it"}
Cause L: "During your Draw Phase, if you control another Mystical Cards of Light, you can draw 2
cards instead of 1 for your normal draw" is scripted as a continuous EFFECT_DRAW_COUNT of value 2
while another copy is controlled (c48356796.lua:10-18, 36-38): the core never asks, so the scripted
yes/no is refused (not-offered, its window closed) and a player who declines still draws 2. The card
text 「…２枚ドローする事ができる」 makes it optional. No fix experiment: a draw-count value cannot ask the player
(the core reads it as a number, field.cpp get_draw_count), so the fix is a new effect that asks
before the draw, not a change of one place.
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.related.mystical-cards.declined.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(48356796,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Mystical Cards of Light ("light1")
Debug.AddCard(48356796,1,1,LOCATION_SZONE,1,POS_FACEUP_ATTACK,false) --Mystical Cards of Light ("light2")
Debug.ReloadFieldEnd()
