-- TEST Replacer at activation: same text, but gives up the draw in its target function
-- (the way several CardScripts, e.g. Flying Saucer Muusik'i, implement it). (duelspec test card, MIT)
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterPredraw(c,EFFECT_TYPE_TRIGGER_O,CATEGORY_DRAW,s.target,s.operation)
end
function s.target(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return Duel.IsPlayerCanDraw(tp,1) end
	Test.GiveUpNormalDraw(e:GetHandler(),tp)
	Duel.SetOperationInfo(0,CATEGORY_DRAW,nil,0,tp,1)
end
function s.operation(e,tp,eg,ep,ev,re,r,rp)
	Duel.Draw(tp,1,REASON_EFFECT)
end
