--[[message
duelspec reproduction for YGOPro: cause CS — Commander of Swords reveals and judges only one of the cards a normal draw of 2 adds to the hand (ygopro-scripts)
Scenario ygo.normal-draw.related.commander-of-swords.two-cards.shrunk: Commander of Swords with a normal draw of 2 cards: a Spell among them, both cards drawn are discarded
Rulings: ND-L-RELATED, ND-01

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B): do nothing, end the turn.
2. Turn 2 (A), Draw Phase, before the draw:
   - B activates Commander of Swords ("trap") at an open game state of Draw Phase
   - B chooses while chain link 1 resolves (option 'discard')

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/1: the engine must accept this step (it is legal); expected {"step": {"player": "B", "do": "choose", "when": {"window": "resolution", "link": 1}, "option": "discard"}, "outcome": "applied"}; the engine: {"index": 1, "outcome": "refused", "code": "not-offered", "reason": "its window closed and the engine never offered it"}
Cause CS: Its operation takes the first card of the drawn group only (c12197543.lua:19: `local
tc=eg:GetFirst()`; unchanged since the repository's first commit 6324c1c9b, 2015-09-25) and checks,
confirms and judges that one card (lines 20-22); the card text
「ドローしたカードをお互いに確認し、確認したカードが魔法・罠カードだった場合、…●ドローしたカードを捨てる。」 confirms the cards drawn and discards them.
With Pandora's Jewelry Box making the normal draw 2 cards (Mystical Space Typhoon, Alexandrite
Dragon), the group's first card is Alexandrite Dragon: only it is revealed, it is a monster, so no
option is offered and nothing is discarded. EDOPro's script of the same card filters the whole group
(CardScripts official/c12197543.lua: eg:Filter, ConfirmCards and SendtoGrave on it) and passes the
scenario.
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.related.commander-of-swords.two-cards.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(43096270,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Alexandrite Dragon ("alexandrite-dragon")
Debug.AddCard(5318639,1,1,LOCATION_DECK,0,POS_FACEDOWN_DEFENSE,false) --Mystical Space Typhoon ("mystical-space-typhoon")
Debug.AddCard(15936370,1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true) --Pandora's Jewelry Box ("pandora")
Debug.AddCard(12197543,0,0,LOCATION_SZONE,0,POS_FACEDOWN,false) --Commander of Swords ("trap")
Debug.ReloadFieldEnd()
