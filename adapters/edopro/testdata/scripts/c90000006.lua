-- TEST Declarer (mandatory; duelspec test card, MIT)
-- "During your Draw Phase, before your draw: declare 1 card type; reveal the top card of your Deck."
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterPredraw(c,EFFECT_TYPE_TRIGGER_F,nil,s.target,s.operation)
end
function s.target(e,tp,eg,ep,ev,re,r,rp,chk)
	if chk==0 then return true end
	e:SetLabel(Duel.SelectOption(tp,70,71,72))
end
function s.operation(e,tp,eg,ep,ev,re,r,rp)
	-- the declared type is the label (0 Monster, 1 Spell, 2 Trap): Spell gives up the draw
	if e:GetLabel()==1 then Test.GiveUpNormalDraw(e:GetHandler(),tp) end
	Duel.ConfirmDecktop(tp,1)
end
