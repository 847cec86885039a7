-- TEST Declarer (mandatory; duelspec test card, MIT)
-- "During your Draw Phase, before your draw: declare 1 card type; reveal the top card of your Deck."
local s,id=GetID()
function s.initial_effect(c)
	local e1=Effect.CreateEffect(c)
	e1:SetType(EFFECT_TYPE_FIELD+EFFECT_TYPE_TRIGGER_F)
	e1:SetCode(EVENT_PREDRAW)
	e1:SetRange(LOCATION_MZONE)
	e1:SetCondition(Test.PredrawCondition)
	e1:SetTarget(s.target)
	e1:SetOperation(s.operation)
	c:RegisterEffect(e1)
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
