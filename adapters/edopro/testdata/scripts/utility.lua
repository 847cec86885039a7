-- Minimal utility for the script-free test duel (duelspec test card, MIT).
function GetID() return self_table,self_code end
Test={}
-- "gives up the normal draw this turn" (same mechanism CardScripts uses: EFFECT_DRAW_COUNT=0)
function Test.GiveUpNormalDraw(c,tp)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_FIELD)
	e1:SetProperty(EFFECT_FLAG_PLAYER_TARGET)
	e1:SetCode(EFFECT_DRAW_COUNT)
	e1:SetTargetRange(1,0)
	e1:SetReset(RESET_PHASE|PHASE_DRAW)
	e1:SetValue(0)
	Duel.RegisterEffect(e1,tp)
end
function Test.PredrawCondition(e,tp)
	return Duel.GetTurnPlayer()==tp and Duel.GetFieldGroupCount(tp,LOCATION_DECK,0)>0 and Duel.GetDrawCount(tp)>0
end
