-- TEST Effect Negator: "When your opponent activates a card or effect (Quick Effect): you can
-- discard this card; negate that effect."  (duelspec test card, MIT)
local s,id=GetID()
function s.initial_effect(c)
	Test.RegisterHandNegator(c,CATEGORY_DISABLE,Duel.IsChainDisablable,Duel.NegateEffect)
end
