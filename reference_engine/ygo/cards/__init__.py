"""Card effects, modelled from each card's text (English text from the card catalogue,
``features/cards/ygo.json``; the kind of normal-draw replacement from the OCG text and the
page's lists ND-L-COST / ND-L-EFFECT, see each class). One module per family of cards:

=================================  ====================================================================
:mod:`.shapes`                     the registry (:func:`~.shapes.model`, :data:`MODELS`) and the shapes
                                   cards share (search, negate the previous link, continuous effect …)
:mod:`.cost_type`                  cost-type replacements of the normal draw (ND-L-COST)
:mod:`.effect_type`                effect-type replacements of the normal draw (ND-L-EFFECT)
:mod:`.pledge`                     pledges (ND-AF1..AF4)
:mod:`.negators`                   negation and removal on the chain (the page's interference)
:mod:`.triggers`                   trigger effects and draws around the normal draw (ND-04, ND-T1, ND-T2)
:mod:`.before_draw`                other chain links before the draw (ND-L-BEFORE)
:mod:`.drawn_for_the_normal_draw`  cards that must be drawn for the normal draw (ND-L-TRIGGER)
:mod:`.related`                    related cards of the page (ND-L-RELATED)
=================================  ====================================================================

A new card is one class (per effect) in its family's module, decorated with ``@model(passcode)``;
nothing else lists it. ``cards.<ClassName>`` finds any registered class.

A card whose passcode is not in :data:`MODELS` has no activatable effects here; a scenario
that activates it is refused, and one that *needs* its effect is marked unplayable by
:func:`reference_engine.ygo.play` (a visible skip).
"""
from __future__ import annotations

from ..effects import Effect
from .shapes import MODELS, effects_of, model
# the families, in the order their cards are registered (MODELS keeps it)
from . import cost_type, effect_type, pledge, negators, triggers, before_draw, drawn_for_the_normal_draw  # noqa: I001
from . import related

__all__ = ["MODELS", "FAMILIES", "Effect", "effects_of", "model", "file_of"]

#: the modules of the card families, in the order their cards are registered
FAMILIES = (cost_type, effect_type, pledge, negators, triggers, before_draw, drawn_for_the_normal_draw, related)


def __getattr__(name: str):
    """A registered card class by its name (``cards.AshBlossom``)."""
    for classes in MODELS.values():
        for cls in classes:
            if cls.__name__ == name:
                return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def file_of(cls) -> str:
    """The file of a card class, relative to the repository (``reference_engine/ygo/cards/negators.py``);
    the module name for a class defined elsewhere."""
    package, _, family = cls.__module__.rpartition(".")
    return f"reference_engine/ygo/cards/{family}.py" if package == __name__ else cls.__module__
