-- TEST Replacer (effect-type; the right is spent when the effect resolves)
-- "During your Draw Phase, before your draw: you can activate this; instead of conducting
--  your normal draw this turn, draw 1 card."   (duelspec test card, MIT)
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterPredraw(c,EFFECT_TYPE_TRIGGER_O,CATEGORY_DRAW,s.target,s.operation)
end
function s.target(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return Duel.IsPlayerCanDraw(tp,1) end
	Duel.SetOperationInfo(0,CATEGORY_DRAW,nil,0,tp,1)
end
function s.operation(e,tp,eg,ep,ev,re,r,rp)
	if Duel.GetDrawCount(tp)==0 then return end -- right already spent by a later link (fizzles)
	Test.GiveUpNormalDraw(e:GetHandler(),tp)
	Duel.Draw(tp,1,REASON_EFFECT)
end
