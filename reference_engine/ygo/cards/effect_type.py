"""Effect-type replacements of the normal draw (the page's list ND-L-EFFECT): 「発動できる。このターン通常のドロー
を行う代わりに…」, the right spent when the effect resolves (ND-E1..E10).

One class per effect of a card, registered with :func:`~.shapes.model`; the shapes they share are in
:mod:`.shapes`."""
from __future__ import annotations

from .. import effects as fx
from .shapes import Search, SelfFromGY, model


@model("97697678")
class FlyingSaucerMuusiki(Search):
    """Flying Saucer Muusik'i (円盤ムスキー): "While this card is face-up on the field, you can
    select and add 1 "Alien" card from your Deck to your hand instead of conducting your
    normal draw during your Draw Phase." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement = "before-draw", "effect"

    must_stay_face_up = True                   # "while this card is face-up on the field"

    def wanted(self, c):
        return c.in_archetype("Alien")


class _FreedLike(Search):
    kind, replacement = "before-draw", "effect"
    must_stay_face_up = True                   # "must be face-up on the field to activate and to resolve"


@model("49681811")
class FreedTheMatchlessGeneral(_FreedLike):
    """Freed the Matchless General (無敗将軍 フリード): "During your Draw Phase, instead of
    conducting your normal draw: You can add 1 Level 4 or lower Warrior monster from your Deck
    to your hand. This card must be face-up on the field to activate and to resolve this
    effect." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""

    def wanted(self, c):
        return c.is_monster() and c.race == "Warrior" and (c.level or 0) <= 4


@model("70676581")
class DarkGeneralFreed(_FreedLike):
    """Dark General Freed (ダーク・ジェネラル フリード): "During your Draw Phase, instead of
    conducting your normal draw: You can add 1 Level 4 DARK monster from your Deck to your
    hand. This card must be face-up on the field to activate and to resolve this effect."
    Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""

    def wanted(self, c):
        return c.is_monster() and c.attribute == "DARK" and c.level == 4


@model("99899504")
class SkullFlame(Search):
    """Skull Flame (スカル・フレイム): "You can add 1 "Burning Skull Head" from your Graveyard to
    your hand instead of conducting a normal draw in your Draw Phase." Effect-type
    (ND-L-EFFECT, FAQ ND-FAQ1). (Its other effect is not modelled.)"""
    kind, replacement, label, sources = "before-draw", "effect", "2", ("graveyard",)
    categories = frozenset({fx.TO_HAND})

    def wanted(self, c):
        return c.data["name"]["en"] == "Burning Skull Head"   # the card text names this card


@model("70551291")
class BlackLusterSoldierLegendarySwordsman(Search):
    """Black Luster Soldier - Legendary Swordsman (伝説の剣闘士 カオス・ソルジャー): "During your
    Draw Phase, before you draw: You can reveal this card in your hand; give up your normal
    draw this turn, and if you do, add 1 Ritual Spell from your Deck to your hand."
    Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement, locations, label = "before-draw", "effect", ("hand",), "1"

    def wanted(self, c):
        return c.card_type == "spell" and "ritual" in c.subtypes

    def cost(self, duel, link, step):
        duel.emit("reveal", card=self.card.uid, player=link.player)


@model("88851326")
class LegacyOfTheDuelist(Search):
    """Legacy of the Duelist (熱き決闘者たち), Continuous Spell: "During your Draw Phase, before
    your draw: You can give up your normal draw this turn, and if you do, add 1 monster from
    your Graveyard to your hand." Effect-type (ND-L-EFFECT); a continuous card (ND-E4)."""
    kind, replacement, locations, label, sources = "before-draw", "effect", ("spell-trap",), "3", ("graveyard",)
    categories = frozenset({fx.TO_HAND})

    def wanted(self, c):
        return c.is_monster()


@model("36623431")
class IronCoreOfKoakiMeiru(SelfFromGY):
    """Iron Core of Koa'ki Meiru (コアキメイルの鋼核): "During your Draw Phase, if this card is in
    your Graveyard, you can add this card to your hand instead of drawing, and/or send 1
    "Koa'ki Meiru" monster from your hand to your Graveyard to add this card to your hand."
    Effect-type (ND-L-EFFECT, FAQ ND-FAQ1). The first way is modelled."""
    kind, replacement = "before-draw", "effect"


@model("50418970")
class SpiritBurner(SelfFromGY):
    """Spirit Burner (スピリット・バーナー): "If this card is in the Graveyard, you can add it to
    your hand instead of conducting a normal draw during your Draw Phase." Effect-type
    (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement = "before-draw", "effect"


@model("91819979")
class MagicalBlast(SelfFromGY):
    """Magical Blast (マジックブラスト): "During your Draw Phase, if this card is in your GY,
    before you draw: You can give up your normal draw this turn, and if you do, add this card
    to your hand." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement, label = "before-draw", "effect", "2"


@model("56856951")
class MeteorFlare(SelfFromGY):
    """Meteor Flare (メテオ・プロミネンス): "If this card is in the Graveyard, you can add it to
    your hand instead of conducting your normal draw during your Draw Phase." Effect-type
    (ND-L-EFFECT, FAQ ND-FAQ1)."""
    kind, replacement, label, speed = "before-draw", "effect", "2", 2     # a Trap's effect


@model("64400161")
class FandoraTheFlyingFurtress(Search):
    """Fandora, the Flying Furtress (飛竜艇－ファンドラ), Field Spell: "During your Draw Phase,
    before you draw: You can give up your normal draw this turn, and if you do, add 1 monster
    "Fur Hire" from your Deck to your hand." Effect-type (ND-L-EFFECT, FAQ ND-FAQ1, ND-T2)."""
    kind, replacement, locations, label = "before-draw", "effect", ("field",), "1"

    def wanted(self, c):
        return c.is_monster() and c.in_archetype("Fur Hire")
