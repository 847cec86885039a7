"""An independent ruling model of normal-draw replacement chains.

Written from the ruling text (``docs/rulings/ygo-normal-draw.md``: ND-05, ND-C*, ND-E*,
ND-AF*, ND-T1, ND-TAB) and the source page's own reasons (the 「通常のドロー」 page of the
Yu-Gi-Oh! rules wiki) and nothing else: it shares no code with the reference engine and knows
no card. It is the oracle the generator (:mod:`.generator`) writes expectations from.

Input: the ordered list of attempted activations before one normal draw, each a
:class:`Link` ``(kind, interference)``:

- ``kind``: ``"cost"`` (cost-type replacement), ``"effect"`` (effect-type replacement),
  ``"effect-continuous"`` (effect-type replacement that is the effect of a continuous card,
  永続カード, ND-E4 — a Continuous Spell/Trap or a Field Spell: the page links 永続カード, and
  that page counts フィールド魔法 among them), ``"af2"`` (Rank-Up-Magic Astral Force effect (2),
  a pledge, ND-AF1);
- ``interference`` (what the opponent does to that chain link): ``"none"``,
  ``"negate-activation"``, ``"negate-effect"``, ``"fizzle"`` (the link resolves but its
  effect cannot be applied, 不発), ``"leaves-field"`` (the continuous card leaves the field
  during the chain, so its effect is not applied, ND-E4; for a continuous cost-type card the
  right was spent at activation all the same: 「発動の時点で通常のドローの権利は消費されている」);
- ``mandatory``: the game activates it (強制効果: 「…発動する」, no できる). Effects of the same
  timing go on one chain with the mandatory ones first (the order of effects that activate at
  the same time: the turn player's mandatory, the opponent's mandatory, the turn player's
  optional, the opponent's optional), so a sequence with an optional attempt before a mandatory
  one is not a play (``ValueError``);
- ``hand``: it is activated from the hand (a 手札誘発: Black Luster Soldier - Legendary
  Swordsman's effect). Such an effect is activated only once the chain of the other effects of
  the same timing has been built, never before them (the rules wiki, page 手札誘発:
  「手札誘発の誘発効果は通常の誘発効果だけでチェーンを組み終えた後に発動できる。…これらより先に
  発動することはできない」; the general rule YGO-GEN-HAND-TRIGGER). So an attempt from the hand
  while another effect of the timing is still to be placed (a later attempt that is legal) is
  refused, and that later one is placed instead; a public attempt after one from the hand that
  went on the chain is refused (the public ones were placed, or passed, before it).
- ``after_declining`` (with ``hand``; scenario format 2.2, issue 35): before this attempt the player
  declined the optional public effects of the timing still offered (a ``decline`` step). The chain of
  the public ones is then built (with those placed before, or none), so the attempt from the hand is
  not refused for them: with nothing public placed it is chain link 1. Every public attempt after it
  is refused (「これらより先に発動することはできない」: the public ones come first, never after it).
  Without it the reading above holds: at the decision about the public effects an attempt from the
  hand is not one of the effects offered (the scenario format's rule 4), so it is refused.

Output: :func:`rule` returns a :class:`Ruling`. When a ruling decides the case: which
attempts are legal (a refused one never goes on the chain), which links are applied, whether
the normal draw is conducted and, if a trigger effect results from the chain, when it is
activated (ND-T1); every decision with the ruling IDs it rests on. When no ruling decides
the case, ``undecided`` says why and nothing else is claimed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("cost", "effect", "effect-continuous", "af2")
INTERFERENCES = ("none", "negate-activation", "negate-effect", "fizzle", "leaves-field")
EFFECT_KINDS = ("effect", "effect-continuous")


@dataclass(frozen=True)
class Link:
    """One attempted activation: ``kind`` (one of :data:`KINDS`) and the ``interference``
    done to it once it is on the chain (one of :data:`INTERFERENCES`)."""
    kind: str
    interference: str = "none"
    mandatory: bool = False
    hand: bool = False
    after_declining: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind {self.kind!r}: expected one of {KINDS}")
        if self.interference not in INTERFERENCES:
            raise ValueError(f"interference {self.interference!r}: expected one of {INTERFERENCES}")
        if self.after_declining and not self.hand:
            raise ValueError("after_declining: only an attempt from the hand follows a decline of the public ones")


@dataclass
class Decision:
    """One decision: ``what`` it says, the ruling IDs (``rulings``) it rests on and the general
    rules of the game it applies (``general``: IDs of ``features/general_rules/``)."""
    what: str
    rulings: tuple
    general: tuple = ()


class CitedDecisions:
    """The ruling IDs and general rules of a ruling's ``decisions`` (the models of both games)."""

    @property
    def rulings(self) -> list:
        """The ruling IDs cited by the decisions, sorted, without repeats."""
        return sorted({r for d in self.decisions for r in d.rulings})

    @property
    def general_rules(self) -> list:
        """The general-rule IDs the decisions apply, sorted, without repeats."""
        return sorted({g for d in self.decisions for g in d.general})


@dataclass
class Ruling(CitedDecisions):
    """What the rulings say about one chain.

    - ``undecided``: ``None``, or why no ruling decides the case (then nothing below is set);
    - ``legal``: per attempt, True (activated: a chain link) or False (refused);
    - ``applied``: per attempt, True when its effect is applied (False for refused ones);
    - ``draw``: True when the normal draw is conducted after the chain;
    - ``trigger``: ``None`` (no trigger effect results from the chain), ``"after-chain"``
      or ``"after-draw"`` (ND-T1);
    - ``decisions``: every decision with its ruling IDs; :attr:`rulings` is their union.
    """
    links: tuple
    undecided: str | None = None
    legal: list = field(default_factory=list)
    applied: list = field(default_factory=list)
    draw: bool | None = None
    trigger: str | None = None
    decisions: list = field(default_factory=list)

    def cite(self, what: str, *rulings: str, general: tuple = ()) -> None:
        self.decisions.append(Decision(what, tuple(rulings), tuple(general)))


def _legality(ruling: Ruling, on_chain: list, kind: str, n: int) -> tuple[bool | None, str | None]:
    """Can attempt ``n`` of kind ``kind`` be activated after the links ``on_chain`` (kinds)?
    Returns ``(legal, None)`` or ``(None, why undecided)``."""
    if not on_chain:
        ruling.cite(f"attempt {n}: a {kind} activated immediately before the normal draw is legal", "ND-05")
        return True, None
    if "cost" in on_chain:
        if kind == "cost":
            ruling.cite(f"attempt {n}: a second cost-type cannot pay its cost (the right is spent): refused", "ND-C4")
        elif kind == "af2":
            ruling.cite(f"attempt {n}: Astral Force (2) cannot be on a chain with a cost-type: refused", "ND-AF4", "ND-E6")
        else:
            ruling.cite(f"attempt {n}: nothing can be activated after a cost-type on that chain: refused", "ND-E6")
        return False, None
    if "af2" in on_chain:
        if kind == "cost":
            ruling.cite(f"attempt {n}: a cost-type cannot be on a chain with Astral Force (2): refused", "ND-AF4")
            return False, None
        if kind == "af2":
            return None, ("a second Astral Force (2) on the chain: no ruling says whether the pledge of the first "
                          "lets it be activated")
        return None, ("an effect-type activated after Astral Force (2): ND-AF4 allows both on one chain but no ruling "
                      "says in which order, nor which of them is applied")
    # only effect-type replacements so far
    if kind == "cost":
        ruling.cite(f"attempt {n}: one cost-type after effect-type replacements is legal; it is the last one", "ND-C4", "ND-C5")
        return True, None
    if kind == "af2":
        return None, ("Astral Force (2) activated after an effect-type: ND-AF4 allows both on one chain but no ruling "
                      "says in which order, nor whether the effect-type is applied after the pledge")
    ruling.cite(f"attempt {n}: any number of effect-type replacements can be activated on the same chain", "ND-E5")
    return True, None


def rule(links, trigger: bool = False) -> Ruling:
    """Decide a chain of attempted replacement activations (see the module docstring).

    ``links``: a sequence of :class:`Link` (or ``(kind, interference)`` pairs) in the order
    of activation; ``trigger``: a trigger effect results from the chain (from the resolution
    of a replacement or of an effect chained to it, or from a cost paid for one, ND-T1/T2).
    """
    links = tuple(l if isinstance(l, Link) else Link(*l) for l in links)
    r = Ruling(links)
    if not links:
        raise ValueError("a chain needs at least one attempted activation")
    for n, link in enumerate(links, 1):
        if link.mandatory and not all(l.mandatory for l in links[:n - 1]):
            raise ValueError(f"attempt {n} is mandatory: mandatory effects of the timing are placed before optional ones")

    # ---- activation (ND-05, ND-C4, ND-E5, ND-E6, ND-AF4); the public attempts are placed before
    # any from the hand (YGO-GEN-HAND-TRIGGER), so they are decided first, among themselves
    legal: list = [None] * len(links)
    on_chain: list = []
    cut = next((n for n, l in enumerate(links, 1) if l.hand and l.after_declining), None)
    for n, link in enumerate(links, 1):
        if link.hand:
            continue
        if cut is not None and n > cut:
            legal[n - 1] = False
            r.cite(f"attempt {n}: an effect of the timing that is not in the hand cannot be placed after attempt {cut}, "
                   "one from the hand activated once the public ones were declined: refused", "ND-05",
                   general=("YGO-GEN-HAND-TRIGGER",))
            continue
        legal[n - 1], why = _legality(r, on_chain, link.kind, n)
        if why:
            return Ruling(links, undecided=why)
        if legal[n - 1]:
            on_chain.append(link.kind)
    for n, link in enumerate(links, 1):
        if not link.hand:
            continue
        later = [m for m in range(n + 1, len(links) + 1) if not links[m - 1].hand and legal[m - 1]]
        if later:
            legal[n - 1] = False
            r.cite(f"attempt {n}: an effect from the hand cannot be placed before attempt {later[0]}, an effect of the "
                   "same timing that is not in the hand: refused", "ND-05", general=("YGO-GEN-HAND-TRIGGER",))
            continue
        below = [links[m - 1].kind for m in range(1, n) if legal[m - 1]]
        legal[n - 1], why = _legality(r, below, link.kind, n)
        if why:
            return Ruling(links, undecided=why)
    # (a public attempt after a legal one from the hand is refused already: had it been legal, the
    # one from the hand would have been refused for it)
    for n, link in enumerate(links, 1):
        if not legal[n - 1] and link.interference != "none":
            raise ValueError(f"attempt {n} is refused: it cannot be interfered with")
    r.legal = legal
    on_chain = [l.kind for l, ok in zip(links, legal) if ok]
    chain = [l for l, ok in zip(links, r.legal) if ok]
    for n, link in enumerate(chain, 1):
        if link.interference == "leaves-field" and link.kind not in ("effect-continuous", "cost"):
            raise ValueError(f"link {n}: only a continuous card can leave the field ({link.kind})")

    # ---- resolution, last in first out (ND-E7)
    applied = [False] * len(chain)
    if "af2" in on_chain:                      # alone on its chain: ND-AF4 keeps cost-types away
        link = chain[0]
        if link.interference == "negate-activation":
            right_spent = False
            r.cite("Astral Force (2) with its activation negated: the pledge does not apply", "ND-AF2", "ND-TAB")
        elif link.interference == "negate-effect":
            right_spent = True
            r.cite("Astral Force (2) with only its effect negated: the pledge still applies", "ND-AF1", "ND-TAB")
        elif link.interference == "fizzle":
            right_spent = True
            r.cite("Astral Force (2) whose effect fizzles: the normal draw is not conducted", "ND-AF3", "ND-TAB")
        elif link.interference == "none":
            right_spent, applied[0] = True, True
            r.cite("Astral Force (2) resolves: its effect applies and the pledge forbids the normal draw", "ND-AF1")
        else:
            raise ValueError("Astral Force (2) is in the GY: it cannot leave the field")
    elif "cost" in on_chain:                   # the cost-type is the last link (ND-C5)
        top = len(chain) - 1
        right_spent = True
        what = chain[top].interference
        applied[top] = what == "none"
        ids = {"negate-activation": ("ND-C1", "ND-TAB"), "negate-effect": ("ND-C1", "ND-TAB"),
               "fizzle": ("ND-C3", "ND-TAB"), "leaves-field": ("ND-C3", "ND-C5"), "none": ("ND-C1",)}[what]
        # leaves-field: its continuous card left the field, so its effect is not applied (ND-E4's
        # reason), but the right was spent at activation: 「発動の時点で通常のドローの権利は消費されて
        # いる」, the page's one reason for every cost-type outcome (ND-C3, ND-C5)
        r.cite(f"link {top + 1} (cost-type, {what}): the right was spent as its cost at activation; "
               + ("it is applied" if applied[top] else "it is not applied"), *ids)
        if top:
            r.cite(f"links 1-{top} were activated before the cost-type: they fizzle", "ND-C5")
    else:                                      # effect-type replacements only
        right_spent = False
        for i in range(len(chain) - 1, -1, -1):
            link, n = chain[i], i + 1
            if right_spent:
                r.cite(f"link {n}: the right is already spent: it fizzles", "ND-E7")
                continue
            below = ("ND-E9",) if i < len(chain) - 1 else ()
            if link.interference in ("negate-activation", "negate-effect"):
                r.cite(f"link {n} ({link.interference}): it does not spend the right", "ND-E1", "ND-TAB", *below)
            elif link.interference == "leaves-field":
                r.cite(f"link {n}: its continuous card left the field: nothing of it is applied, the right is unspent",
                       "ND-E4", *below)
            elif link.interference == "fizzle":
                right_spent = True
                r.cite(f"link {n} fizzles: its \"instead of conducting your normal draw\" part still spends the right",
                       "ND-E3", "ND-TAB", *(("ND-E8",) if i else ()), *below)
            else:
                right_spent, applied[i] = True, True
                r.cite(f"link {n} resolves and is applied: it spends the right", "ND-E7", *below)
        if not right_spent and len(chain) > 1:
            r.cite("no link spent the right: the normal draw is conducted", "ND-E10")

    r.draw = not right_spent
    it = iter(applied)
    r.applied = [next(it) if ok else False for ok in r.legal]
    if trigger:
        r.trigger = "after-chain" if right_spent else "after-draw"
        r.cite("a trigger resulting from the chain is activated "
               + ("right after the chain (the right is spent)" if right_spent else "after the normal draw (the right is unspent)"),
               "ND-T1")
    return r
