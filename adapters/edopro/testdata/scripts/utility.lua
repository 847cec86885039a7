-- Minimal utility for the script-free test duel (duelspec test card, MIT).
function GetID() return self_table,self_code end
Test={}
-- the description of a card's i-th string (aux.Stringid): EDOPro's core encodes it as code<<20|i;
-- a core with another encoding overrides this (the YGOPro adapter's testdata/scripts/procedure.lua)
function Test.Stringid(code,i) return (code<<20)|i end
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
-- Register the "before the draw" trigger of card c (EVENT_PREDRAW, in the Monster Zone):
-- kind is EFFECT_TYPE_TRIGGER_O (optional) or EFFECT_TYPE_TRIGGER_F (mandatory).
function Test.RegisterPredraw(c,kind,category,target,operation)
	local e1=Effect.CreateEffect(c)
	if category then e1:SetCategory(category) end
	e1:SetType(EFFECT_TYPE_FIELD+kind)
	e1:SetCode(EVENT_PREDRAW)
	e1:SetRange(LOCATION_MZONE)
	e1:SetCondition(Test.PredrawCondition)
	if target then e1:SetTarget(target) end
	e1:SetOperation(operation)
	c:RegisterEffect(e1)
end
-- Register a hand trap of card c: when the opponent activates something, discard this card to
-- apply fn(ev) to that chain link (Duel.NegateEffect or Duel.NegateActivation) if ok(ev).
function Test.RegisterHandNegator(c,category,ok,fn)
	local e1=Effect.CreateEffect(c)
	e1:SetCategory(category)
	e1:SetType(EFFECT_TYPE_QUICK_O)
	e1:SetCode(EVENT_CHAINING)
	e1:SetRange(LOCATION_HAND)
	e1:SetCondition(function(e,tp,eg,ep,ev,re,r,rp) return rp~=tp and ok(ev) end)
	e1:SetCost(function(e,tp,eg,ep,ev,re,r,rp,chk)
		if chk==0 then return e:GetHandler():IsDiscardable() end
		Duel.SendtoGrave(e:GetHandler(),REASON_COST+REASON_DISCARD)
	end)
	e1:SetOperation(function(e,tp,eg,ep,ev,re,r,rp) fn(ev) end)
	c:RegisterEffect(e1)
end

