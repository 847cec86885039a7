--[[message
duelspec reproduction for EDOPro: cause K — Cyber Archfiend's draw is an optional trigger before the normal draw (CardScripts)
Scenario ygo.normal-draw.related.cyber-archfiend.empty-hand.shrunk: Cyber Archfiend: with an empty hand as the Draw Phase began, its controller draws 1 more after the normal draw
Rulings: ND-L-RELATED, ND-01

Put this file in EDOPro's puzzles/ folder and open it from Puzzles. It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - nothing: no decision is scripted, the game plays on (below: what it should do)

What the rules expect and what EDOPro did (the run's first failing expectation):
  /expect/events/1: expected event did not occur; expected {"event": "activate", "card": "archfiend"}
Cause K: c59907935.lua:6-15: EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_O (line 8) on EVENT_PREDRAW (line
11). The OCG text 「…手札が０枚だった場合、通常のドローに加えてもう１枚ドローする」 is mandatory (no できる) and draws in addition to
the normal draw; the engine offers an optional activation before the draw, which the scenario (no
step: the game activates it) declines, so no extra card is drawn.
Measured on ocgcore-wasm 0.1.2 (ygopro-core a30e6b7..693b406) and CardScripts 5de4a50.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.related.cyber-archfiend.empty-hand.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(15025844,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Mystical Elf ("mystical-elf")
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("alexandrite-dragon")
Debug.AddCard(59907935,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Cyber Archfiend ("archfiend")
Debug.ReloadFieldEnd()
