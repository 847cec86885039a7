"""Pledges (誓約効果): 「この効果を発動するターン、自分は通常のドローを行えず…」 (ND-AF1..AF4).

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from .shapes import SelfFromGY, model


@model("45950291")
class RankUpMagicAstralForce(SelfFromGY):
    """Rank-Up-Magic Astral Force (RUM－アストラル・フォース) (2): add this card from the GY to the
    hand, and "the turn you activate this effect, you cannot conduct your normal draw" — in the
    OCG wording 「この効果を発動するターン、自分は通常のドローを行えず…」 (quoted by the rules-wiki
    page, ND-AF1; see the card's `notes` in the catalogue: the TCG text differs) a pledge
    (誓約効果, ND-AF1..AF4), not a replacement. Effect (1) and the Special Summon restriction
    are not modelled."""
    kind, replacement, label = "before-draw", "pledge", "2"
