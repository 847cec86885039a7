--[[message
duelspec reproduction for YGOPro: cause T — the core writes the before-the-draw hint (MSG_HINT 27) in the first turn of the player going first, with nothing offered there (ygopro-core)
Scenario ygo.normal-draw.basics.first-turn-no-timing-before-the-draw.shrunk: In the first turn of the player going first there is no timing before the draw: no replacement can be activated
Rulings: ND-02, ND-05

Put this file in YGOPro's single/ folder and open it from Single Mode (残局). It has no AI: you take
every decision of both players. Player 0 (the one who goes first) is B, player 1 is A.
Decisions (every other prompt: pass / decline / the first zone):
1. Turn 1 (B), Draw Phase, before the draw:
   - B tries: activates Black Luster Soldier - Legendary Swordsman ("bls") in the Draw Phase, before the normal draw — the rules forbid it: the engine must not let them

What the rules expect and what YGOPro did (the run's first failing expectation):
  /script/0: the step's window must not open, but it opened; expected {"step": {"player": "B", "do": "activate", "when": {"window": "before-draw", "opens": false}, "card": "bls", "legal": false}, "outcome": "not-reached"}; the engine: {"index": 0, "outcome": "refused", "code": "not-offered", "reason": "not offered: B could activate [] at this point"}
Cause T: Turn step 1 of the Draw Phase raises EVENT_PREDRAW and writes the before-the-draw hint
(MSG_HINT HINT_EVENT 27) and plays a point event for the triggers it collected in every turn
(processor.cpp:3790-3797); the first turn is excepted only at the draw itself (processor.cpp:3802:
duel_rule <= 2 or turn_id > 1). The replacements stay out of turn 1 only because their scripts check
the draw count, which get_draw_count makes 0 in that turn (field.cpp:1822-1823;
aux.IsPlayerCanNormalDraw, utility.lua:1857-1860): in the suite's scenario Black Luster Soldier -
Legendary Swordsman is not offered, but the core announces the timing. What the suite observes is
that hint alone: the adapter opens the before-the-draw window on it and the scenario's step is
refused for its timing, but nothing is offered or activated there (the reproduction shows no
prompt). A before-the-draw effect whose script does not look at the draw count can be activated in
turn 1 (White Rose Cloister, c84335863.lua, face-up for the player going first, in a scratch
scenario; likewise c29424328.lua, c40695128.lua, c75745607.lua, c77859858.lua), but no source the
suite has decides whether its text 「自分ドローフェイズのドロー前に」 allows that in turn 1, so it is neither a
scenario nor this cause's evidence. ND-02: no normal draw in that turn; ND-05: the timing is
immediately before the normal draw, so there is none. Graded a hint-level finding: MSG_HINT is a
message to the client (type 1 HINT_EVENT, data 27: the text 'before the draw'), nothing is offered
or activated on it, and no source the suite has says that announcing a timing where nothing can be
done breaks a ruling.
Measured on ygopro-core db4fd16 and ygopro-scripts 090e881.
Written by duelspec (python -m duelspec.analysis.repro; MIT). Card scripts are the engine's own.
]]
Debug.SetAIName("duelspec ygo.normal-draw.basics.first-turn-no-timing-before-the-draw.shrunk")
Debug.ReloadFieldBegin(DUEL_PSEUDO_SHUFFLE,5)
Debug.SetPlayerInfo(0,8000,0,1)
Debug.SetPlayerInfo(1,8000,0,1)
Debug.AddCard(70551291,0,0,LOCATION_HAND,0,POS_FACEDOWN_DEFENSE,false) --Black Luster Soldier - Legendary Swordsman ("bls")
Debug.ReloadFieldEnd()
