-- TEST Activation Negator: "When your opponent activates a card or effect (Quick Effect): you can
-- discard this card; negate the activation."  (duelspec test card, MIT)
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterHandNegator(c,CATEGORY_NEGATE,Duel.IsChainNegatable,Duel.NegateActivation)
end
