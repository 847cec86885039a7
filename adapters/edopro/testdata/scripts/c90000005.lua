-- TEST Prompter: before-draw trigger whose resolution asks a yes/no question, an option,
-- and a card selection from the Deck (to exercise MSG_SELECT_YESNO/OPTION/CARD). (duelspec test card, MIT)
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterPredraw(c,EFFECT_TYPE_TRIGGER_O,nil,nil,s.operation)
end
function s.operation(e,tp,eg,ep,ev,re,r,rp)
	if not Duel.SelectYesNo(tp,Test.Stringid(id,0)) then return end
	local opt=Duel.SelectOption(tp,Test.Stringid(id,1),Test.Stringid(id,2))
	if opt==1 then
		Test.GiveUpNormalDraw(e:GetHandler(),tp)
		local g=Duel.SelectMatchingCard(tp,function(c) return c:IsAbleToHand() end,tp,LOCATION_DECK,0,1,1,nil)
		Duel.SendtoHand(g,nil,REASON_EFFECT)
	end
end
