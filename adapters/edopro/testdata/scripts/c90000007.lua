-- TEST Revealable (duelspec test card, MIT)
-- "If you draw this card for your normal draw: you can reveal it (it stays revealed)."
local s,id=GetID()
function s.initial_effect(c)
	local e0=Effect.CreateEffect(c)
	e0:SetType(EFFECT_TYPE_SINGLE+EFFECT_TYPE_CONTINUOUS)
	e0:SetCode(EVENT_DRAW)
	e0:SetCondition(function(e) return e:GetHandler():IsReason(REASON_RULE) end)
	e0:SetOperation(s.regop)
	c:RegisterEffect(e0)
end
function s.regop(e,tp,eg,ep,ev,re,r,rp)
	if Duel.SelectYesNo(tp,Test.Stringid(id,0)) then
		local e1=Effect.CreateEffect(e:GetHandler())
		e1:SetType(EFFECT_TYPE_SINGLE)
		e1:SetCode(EFFECT_PUBLIC)
		e:GetHandler():RegisterEffect(e1)
	end
end
