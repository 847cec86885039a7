--[[message
duelspec reproduction for EDOPro: cause L — Mystical Cards of Light always makes the normal draw 2 cards (CardScripts)
Scenario ygo.normal-draw.related.mystical-cards.declined.shrunk: Mystical Cards of Light: a controller who declines draws 1 card
Rulings: ND-L-RELATED, ND-01

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - A chooses in the Draw Phase, before the normal draw (option 'no')

What the rules expect and what EDOPro did (the run's first failing expectation):
  /script/0: the engine must accept this step (it is legal); expected {"step": {"player": "A", "do": "choose", "when": {"window": "before-draw"}, "option": "no"}, "outcome": "applied"}; the engine: {"index": 0, "outcome": "refused", "code": "not-offered", "reason": "its window closed and the engine never offered it"}
Cause L: c48356796.lua:13-19: EFFECT_DRAW_COUNT value 2 whenever another face-up copy is on the
field; there is no choice. The OCG text 「…２枚ドローする事ができる」 lets its controller choose (the scenario's
declaration before the draw is never asked for, and declining still draws 2).
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.related.mystical-cards.declined.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(48356796,1,1,LOCATION_SZONE,0,POS_FACEUP_ATTACK,false) --Mystical Cards of Light ("light1")
Debug.AddCard(48356796,1,1,LOCATION_SZONE,1,POS_FACEUP_ATTACK,false) --Mystical Cards of Light ("light2")
Debug.ReloadFieldEnd()
