"""The real cards the generator instantiates chains with, and the real ways to interfere.

Every fact below is read from the card's text in ``features/cards/ygo.json`` (quoted in
short) and the page's lists ND-L-COST / ND-L-EFFECT; the kind of replacement is the page's.
Whether the game activates a replacement itself (mandatory, 強制効果) is read from the card
facts table ``features/cards/ygo-effects.json`` (its OCG wording: 「…発動する」 / no できる).
Nothing here is imported from the reference engine.

A :class:`Replacement` says where player A has the card, what else its effect needs in the
setup (its *resource*: the card it adds, summons or targets), the event that shows its
effect was applied (``marker``), and which interference can reach it:

- ``ash``: its effect adds a card from the Deck to the hand, Special Summons from the Deck
  or sends from the Deck to the GY (Ash Blossom & Joyous Spring's text);
- ``in_gy``: it is activated in the GY (Skull Meister: "a card effect is activated in your
  opponent's GY");
- ``field_monster``: it is a face-up monster on the field (Infinite Impermanence);
- the card type: a Spell/Trap card or effect (Infernoid Onuncu) or a monster effect (Solemn
  Strike) for negating the activation;
- ``crow``: the card in the GY whose banishing (D.D. Crow) leaves the effect nothing to
  apply to, so it fizzles;
- ``continuous``: a Continuous Spell/Trap or a Field Spell on the field, a 永続カード
  (Mystical Space Typhoon can make it leave the field, ND-E4).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from ..resources import features_dir


@lru_cache(maxsize=None)
def _facts() -> dict:
    """passcode -> the row of its "before the draw" effect in ``features/cards/ygo-effects.json``."""
    doc = json.loads((features_dir() / "cards" / "ygo-effects.json").read_text(encoding="utf-8"))
    return {r["card"]: r for r in doc["effects"] if r["timing"] == "before-draw"}


def is_mandatory(code: str) -> bool:
    """Does the game activate the card's replacement itself (its OCG text: no できる)?"""
    return _facts()[code]["mandatory"]


@dataclass(frozen=True)
class Replacement:
    """One modelled replacement card of player A (see the module docstring)."""
    slug: str                      # local id in scenarios
    code: str                      # passcode
    name: str
    kind: str                      # model kind: cost / effect / effect-continuous / af2
    zone: str                      # where A has it
    card_type: str                 # monster / spell / trap
    position: str | None = None
    resources: tuple = ()          # ((local id, passcode, zone), ...) the effect uses
    targets: tuple = ()            # local ids given as `targets` on activation
    marker: tuple = ()             # ((card local id or None, from, to), ...): applied when all occur
    picks: str = "self"            # what the effect can pick, see WANTED below
    ash: bool = False
    in_gy: bool = False
    field_monster: bool = False
    crow: str | None = None        # local id to banish to make it fizzle
    continuous: bool = False
    needs_empty_hand: bool = False
    needs_no_monster: bool = False

    @property
    def mandatory(self) -> bool:
        """Activated by the game, not the player (from the card facts table)."""
        return is_mandatory(self.code)

    @property
    def gen_kind(self) -> str:
        """The generator's kind: the model kind, ``-mandatory`` when the game activates it,
        ``-hand`` when it is activated from the hand (a 手札誘発, placed after the others of its
        timing: YGO-GEN-HAND-TRIGGER)."""
        return self.kind + ("-mandatory" if self.mandatory else "") + ("-hand" if self.zone == "hand" else "")


def _c(**kw) -> Replacement:
    return Replacement(**kw)


ALEXANDRITE, MYSTICAL_ELF = "43096270", "15025844"

REPLACEMENTS: tuple = (
    # ----------------------------------------------------------------- cost-type (ND-L-COST)
    _c(slug="infernity-pawn", code="82434071", name="Infernity Pawn", kind="cost", zone="graveyard", card_type="monster",
       resources=(("infernity-archfiend", "99177923", "deck"),), marker=(("infernity-archfiend", "deck", "deck"),),
       picks="infernity-in-deck", in_gy=True, needs_empty_hand=True),   # "if you have no cards in your hand"
    _c(slug="flame-tiger", code="66499018", name="Flame Tiger", kind="cost", zone="graveyard", card_type="monster",
       marker=(("flame-tiger", "graveyard", "monster"),), in_gy=True, crow="flame-tiger",
       needs_no_monster=True),                                          # "and you control no monsters"
    _c(slug="gearbreed", code="27979109", name="Gearbreed", kind="cost", zone="spell-trap", card_type="spell",
       position="face-up", resources=(("axe-of-despair", "40619825", "deck"),),
       marker=(("axe-of-despair", "deck", "hand"),), picks="equip-in-deck-or-gy", ash=True, continuous=True),
    _c(slug="malefic-world", code="27564031", name="Malefic World", kind="cost", zone="field", card_type="spell",
       position="face-up", resources=(("malefic-cyber-end", "01710476", "deck"), ("malefic-blue-eyes", "09433350", "deck"),
                                      ("malefic-red-eyes", "55343236", "deck")),
       marker=((None, "deck", "hand"),), picks="malefic-in-deck", ash=True, continuous=True),
    _c(slug="sylvan-waterslide", code="49838105", name="Sylvan Waterslide", kind="cost", zone="spell-trap",
       card_type="trap", position="face-up", marker=(("top", "deck", "hand"),), picks="top-of-deck",
       ash=True, continuous=True),                                      # excavates, sends to GY or adds to hand
    _c(slug="tachyon-chaos-hole", code="59650656", name="Tachyon Chaos Hole", kind="cost", zone="graveyard",
       card_type="trap", resources=(("galaxy-eyes-tachyon", "88177324", "graveyard"),), targets=("galaxy-eyes-tachyon",),
       marker=(("galaxy-eyes-tachyon", "graveyard", "monster"),), picks="targets", in_gy=True, crow="galaxy-eyes-tachyon"),
    # --------------------------------------------------------------- effect-type (ND-L-EFFECT)
    _c(slug="muusiki", code="97697678", name="Flying Saucer Muusik'i", kind="effect", zone="monster", card_type="monster",
       position="face-up-attack", resources=(("alien-grey", "62437709", "deck"),), marker=(("alien-grey", "deck", "hand"),),
       picks="alien-in-deck", ash=True, field_monster=True),
    _c(slug="freed", code="49681811", name="Freed the Matchless General", kind="effect", zone="monster",
       card_type="monster", position="face-up-attack", resources=(("celtic-guardian", "91152256", "deck"),),
       marker=(("celtic-guardian", "deck", "hand"),), picks="warrior-4-in-deck", ash=True, field_monster=True),
    _c(slug="dark-general-freed", code="70676581", name="Dark General Freed", kind="effect", zone="monster",
       card_type="monster", position="face-up-attack", resources=(("cyber-archfiend", "59907935", "deck"),),
       marker=(("cyber-archfiend", "deck", "hand"),), picks="dark-4-in-deck", ash=True, field_monster=True),
    _c(slug="skull-flame", code="99899504", name="Skull Flame", kind="effect", zone="monster", card_type="monster",
       position="face-up-attack", resources=(("burning-skull-head", "26293219", "graveyard"),),
       marker=(("burning-skull-head", "graveyard", "hand"),), picks="skull-head-in-gy", field_monster=True,
       crow="burning-skull-head"),
    _c(slug="black-luster-soldier", code="70551291", name="Black Luster Soldier - Legendary Swordsman", kind="effect",
       zone="hand", card_type="monster", resources=(("chaos-form", "21082832", "deck"),),
       marker=(("chaos-form", "deck", "hand"),), picks="ritual-in-deck", ash=True),
    _c(slug="iron-core", code="36623431", name="Iron Core of Koa'ki Meiru", kind="effect", zone="graveyard",
       card_type="spell", marker=(("iron-core", "graveyard", "hand"),), in_gy=True, crow="iron-core"),
    _c(slug="spirit-burner", code="50418970", name="Spirit Burner", kind="effect", zone="graveyard", card_type="spell",
       marker=(("spirit-burner", "graveyard", "hand"),), in_gy=True, crow="spirit-burner"),
    _c(slug="magical-blast", code="91819979", name="Magical Blast", kind="effect", zone="graveyard", card_type="spell",
       marker=(("magical-blast", "graveyard", "hand"),), in_gy=True, crow="magical-blast"),
    _c(slug="meteor-flare", code="56856951", name="Meteor Flare", kind="effect", zone="graveyard", card_type="trap",
       marker=(("meteor-flare", "graveyard", "hand"),), in_gy=True, crow="meteor-flare"),
    # ------------------------------------------------- effect-type of a continuous card (ND-E4)
    # a Field Spell is a 永続カード: the page links 永続カード, and that page counts フィールド魔法 (issue 9)
    _c(slug="fandora", code="64400161", name="Fandora, the Flying Furtress", kind="effect-continuous", zone="field",
       card_type="spell", position="face-up", resources=(("seal-fur-hire", "20345391", "deck"),),
       marker=(("seal-fur-hire", "deck", "hand"),), picks="fur-hire-in-deck", ash=True, continuous=True),
    _c(slug="legacy-of-the-duelist", code="88851326", name="Legacy of the Duelist", kind="effect-continuous",
       zone="spell-trap", card_type="spell", position="face-up",
       resources=(("gy-mystical-elf", MYSTICAL_ELF, "graveyard"),), marker=(("gy-mystical-elf", "graveyard", "hand"),),
       picks="monster-in-gy", crow="gy-mystical-elf", continuous=True),
    # ------------------------------------------------------------------ Astral Force (2): pledge
    _c(slug="astral-force", code="45950291", name="Rank-Up-Magic Astral Force", kind="af2", zone="graveyard",
       card_type="spell", marker=(("astral-force", "graveyard", "hand"),), in_gy=True, crow="astral-force"),
)

BY_KIND: dict = {}
for _r in REPLACEMENTS:
    BY_KIND.setdefault(_r.gen_kind, []).append(_r)
#: the cards by generator kind without ``-hand`` (an effect-type from the hand among the effect-types)
BY_MODEL_KIND: dict = {}
for _r in REPLACEMENTS:
    BY_MODEL_KIND.setdefault(_r.gen_kind.removesuffix("-hand"), []).append(_r)


def wanted(picks: str, card: dict, zone: str) -> bool:
    """Could an effect that ``picks`` (a key of :data:`Replacement.picks`) pick the catalogue
    ``card`` lying in A's ``zone``? From each card's text ("add 1 Level 4 or lower Warrior
    monster from your Deck", ...): :data:`WANTS`."""
    if picks in ("self", "targets", "top-of-deck"):
        return False          # itself / explicit targets / the top card: handled by the caller
    return WANTS[picks](card, zone)


def _monster(card: dict) -> bool:
    return card["card_type"] == "monster"


#: what each ``picks`` of :data:`Replacement.picks` can pick: ``(catalogue card, A's zone) -> bool``
#: (only the one asked is worked out: the generator asks ~400,000 times)
WANTS = {
    "infernity-in-deck": lambda card, zone: zone == "deck" and "Infernity" in card.get("archetypes", []),
    "equip-in-deck-or-gy": lambda card, zone: zone in ("deck", "graveyard") and card["card_type"] == "spell"
    and "equip" in card.get("subtypes", []),
    "malefic-in-deck": lambda card, zone: zone == "deck" and "Malefic" in card.get("archetypes", []),
    "alien-in-deck": lambda card, zone: zone == "deck" and "Alien" in card.get("archetypes", []),
    "warrior-4-in-deck": lambda card, zone: zone == "deck" and _monster(card) and card.get("race") == "Warrior"
    and (card.get("level") or 0) <= 4,
    "dark-4-in-deck": lambda card, zone: zone == "deck" and _monster(card) and card.get("attribute") == "DARK"
    and card.get("level") == 4,
    "skull-head-in-gy": lambda card, zone: zone == "graveyard" and card["name"]["en"] == "Burning Skull Head",
    "ritual-in-deck": lambda card, zone: zone == "deck" and card["card_type"] == "spell" and "ritual" in card.get("subtypes", []),
    "fur-hire-in-deck": lambda card, zone: zone == "deck" and _monster(card) and "Fur Hire" in card.get("archetypes", []),
    "monster-in-gy": lambda card, zone: zone == "graveyard" and _monster(card),
}


@dataclass(frozen=True)
class Interferer:
    """A card of player B that causes one interference: ``slug``, ``code``, where B has it,
    the model ``interference`` it causes, and ``when_activated``: it must respond directly to
    the activation (so it can reach only the last of A's links)."""
    slug: str
    code: str
    name: str
    zone: str
    position: str | None
    interference: str
    when_activated: bool
    speed: int = 2
    extra: tuple = field(default=())   # other cards of B it needs: ((id, code, zone, position), ...)


ASH = Interferer("ash-blossom", "14558127", "Ash Blossom & Joyous Spring", "hand", None, "negate-effect", True)
SKULL_MEISTER = Interferer("skull-meister", "67750322", "Skull Meister", "hand", None, "negate-effect", True)
IMPERMANENCE = Interferer("infinite-impermanence", "10045474", "Infinite Impermanence", "spell-trap", "face-down",
                          "negate-effect", False)
ONUNCU = Interferer("infernoid-onuncu", "14799437", "Infernoid Onuncu", "monster", "face-up-attack",
                    "negate-activation", True,
                    extra=(("sangan", "26202165", "monster", "face-up-attack"),          # tributed as the cost (ND-T2)
                           ("b-mystical-elf", MYSTICAL_ELF, "deck", None)))              # what Sangan adds
SOLEMN_STRIKE = Interferer("solemn-strike", "40605147", "Solemn Strike", "spell-trap", "face-down",
                           "negate-activation", True, speed=3)
DD_CROW = Interferer("dd-crow", "24508238", "D.D. Crow", "hand", None, "fizzle", False)
MST = Interferer("mystical-space-typhoon", "05318639", "Mystical Space Typhoon", "spell-trap", "face-down",
                 "leaves-field", False)


def interferers_for(card: Replacement, interference: str, top: bool) -> list:
    """The real ways B can cause ``interference`` to ``card``'s chain link: on the last of
    A's links (``top``) any that applies per its text; below it only the targeting ones."""
    out = []
    if interference == "negate-activation" and top:
        out.append(ONUNCU if card.card_type in ("spell", "trap") else SOLEMN_STRIKE)
    elif interference == "negate-effect":
        if top and card.ash:
            out.append(ASH)
        if top and card.in_gy:
            out.append(SKULL_MEISTER)
        if card.field_monster:
            out.append(IMPERMANENCE)
    elif interference == "fizzle" and card.crow:
        out.append(DD_CROW)
    elif interference == "leaves-field" and card.continuous:
        out.append(MST)
    return out

#: every modelled interferer
INTERFERERS: tuple = (ASH, SKULL_MEISTER, IMPERMANENCE, ONUNCU, SOLEMN_STRIKE, DD_CROW, MST)
