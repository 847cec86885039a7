"""Generated scenarios: every normal-draw replacement chain up to length 4, with the
expectations of the ruling model (:mod:`.model`).

Enumeration (:func:`combinations`): chains of attempted activations by player A of the kinds
``cost``, ``cost-mandatory`` (a cost-type the game activates itself: Sylvan Waterslide),
``effect``, ``effect-hand`` (an effect-type activated from the hand: Black Luster Soldier -
Legendary Swordsman), ``effect-continuous``, ``af2``, mandatory ones first (the order of effects
that activate at the same time), extended only while every attempt is legal (model: ND-C4,
ND-E6, ND-AF4). A sequence with an attempt the model refuses is not extended: it becomes a
*refusal case* (the refused steps have ``"legal": false``, no interference). Usually the last
attempt is the refused one; an attempt from the hand followed by another effect of the timing
is refused itself and the other one is placed (YGO-GEN-HAND-TRIGGER), so no chain scripts the
effect from the hand before a public one except as that refusal. (That is the reading of a script
without declines. With the public ones declined, format 2.2, the model's ``Link.after_declining``
makes the effect from the hand chain link 1 and refuses a public one after it; the generated set has
no declines — the hand-written scenarios ``same-timing.hand-trigger.*`` state them — and the explorer's
space has them: :func:`declined_combinations`, where A declines every public effect still offered, the
ones it attempts after the effect from the hand included, before that effect.) For every legal
chain, every interference per link: ``none``, ``negate-activation``, ``negate-effect``,
``fizzle``, and ``leaves-field`` for continuous cards (Continuous Spells/Traps and Field Spells, cost-type or
effect-type). Cases the model leaves undecided get
no scenario (:func:`undecided`).

Shape of a generated chain: A activates its replacements (links 1..m) immediately before the
normal draw (ND-05); then player B responds, first to link m with an interferer that must
respond directly to an activation (Ash Blossom, Skull Meister, Infernoid Onuncu, Solemn
Strike), then, from link m-1 down, with targeting interferers (Infinite Impermanence on a
monster, D.D. Crow on a GY card, Mystical Space Typhoon on a continuous card). So a link below
the top can have its effect negated only when it is a face-up monster, and never its
activation; Solemn Strike (spell speed 3) cannot be followed by B's other (spell speed 2)
responses. Combinations no real card set can produce are :func:`unrealizable` (listed, no
scenario).

Instantiation: real cards of each kind (:mod:`.cards`), rotated by a stable hash of the case
id, chosen so that each effect's possible picks in the setup are exactly its own resource
(so every effect's outcome is observable and forced) and each card's activation condition
holds (Infernity Pawn: empty hand; Flame Tiger: no monsters).

Expectations: the activations and their link numbers; each interference's visible result;
per A link, in resolution order, ``resolve`` and, for the applied link only, the event that
shows its effect (``never`` for the others); the normal draw (``{"event": "draw", "player":
"A", "normal": true}``) after ``chain-end`` or in ``never``; with Infernoid Onuncu (Sangan
tributed, ND-T2) Sangan's activation right after the chain or after the normal draw (ND-T1).

Ids: ``ygo.generated.chain.<kinds>.<interferences>.<n>``, kinds ``c``/``cm`` (mandatory)/``e``/
``h`` (effect-type from the hand)/``k`` (continuous)/``af``, interferences ``n``/``na``/``ne``/``fz``/``lf`` or ``refused``; ``n`` is
the variant (1).
"""
from __future__ import annotations

import itertools
import zlib
from dataclasses import dataclass

from . import cards as C
from .model import Link, rule

MAX_LEN = 4
KIND_CODE = {"cost": "c", "cost-mandatory": "cm", "effect": "e", "effect-hand": "h", "effect-continuous": "k", "af2": "af"}
INTF_CODE = {"none": "n", "negate-activation": "na", "negate-effect": "ne", "fizzle": "fz", "leaves-field": "lf"}
INTERFERENCES_OF = {
    "cost": ("none", "negate-activation", "negate-effect", "fizzle", "leaves-field"),
    "cost-mandatory": ("none", "negate-activation", "negate-effect", "fizzle", "leaves-field"),
    "effect": ("none", "negate-activation", "negate-effect", "fizzle"),
    "effect-hand": ("none", "negate-activation", "negate-effect", "fizzle"),
    "effect-continuous": ("none", "negate-activation", "negate-effect", "fizzle", "leaves-field"),
    "af2": ("none", "negate-activation", "negate-effect", "fizzle"),
}
KIND_WORD = {"cost": "cost-type", "cost-mandatory": "cost-type, mandatory", "effect": "effect-type",
             "effect-hand": "effect-type, from the hand", "effect-continuous": "effect-type (continuous card)",
             "af2": "Astral Force (2)"}
INTF_WORD = {"none": "", "negate-activation": "activation negated", "negate-effect": "effect negated",
             "fizzle": "fizzles", "leaves-field": "leaves the field"}


@dataclass(frozen=True)
class Case:
    """One enumerated case: the attempted ``kinds``, the ``interferences`` per attempt and
    whether the last attempt is ``refused`` (a refusal case)."""
    kinds: tuple
    interferences: tuple
    refused: bool = False
    declines: bool = False       # A declines the public ones still offered before the one from the hand
    declined: tuple = ()         # with ``declines``: kinds of the other public cards A declines then

    @property
    def id(self) -> str:
        ks = "-".join(KIND_CODE[k] for k in self.kinds)
        if self.declines:
            ks += ".declined" + "".join("-" + KIND_CODE[k] for k in self.declined)
        its = "refused" if self.refused else "-".join(INTF_CODE[i] for i in self.interferences)
        return f"ygo.generated.chain.{ks}.{its}.1"

    def links(self, interferences=None) -> list:
        """The model's links of this case (with its interferences unless others are given)."""
        return links(self.kinds, self.interferences if interferences is None else interferences, self.declines)


def links(kinds, interferences=None, declined: bool = False) -> list:
    """The model's :class:`Link` s for generator kinds (``cost-mandatory`` -> a mandatory ``cost``,
    ``effect-hand`` -> an ``effect`` activated from the hand; ``declined``: the public effects still
    offered were declined before it, ``Link.after_declining``)."""
    interferences = interferences or ("none",) * len(kinds)
    return [Link(k.removesuffix("-hand").removesuffix("-mandatory"), i, "-mandatory" in k, k.endswith("-hand"),
                 declined and k.endswith("-hand"))
            for k, i in zip(kinds, interferences)]


# The kinds of a public card A may decline before activating the effect from the hand (format 2.2's
# ``decline``): an optional effect of the timing, not from the hand, and not mandatory (a mandatory one
# cannot be declined). Astral Force (2) is left out: ND-AF4 decides its chains apart.
DECLINABLE = ("cost", "effect", "effect-continuous")


def declinable(kinds, declined=()) -> bool:
    """Can A decline the public cards still offered before the effect from the hand of ``kinds`` (the
    public ones it attempts after it, and other cards of the ``declined`` kinds)? Only when ``kinds``
    has one from the hand, there is something to decline, and each declined card is offered there: the model would let
    it be activated right after the public attempts placed before the one from the hand (a card the
    game would not let A activate is not offered, so it cannot be declined). The model's premise
    (``Link.after_declining``) is that A declined *every* public effect still offered: so the public
    cards A attempts after the one from the hand are declined before it too, and must be offered then."""
    if "effect-hand" not in kinds:
        return False
    at = kinds.index("effect-hand")
    before, after = tuple(kinds[:at]), tuple(kinds[at + 1:])
    if any(k not in DECLINABLE for k in declined) or not (declined or after):
        return False
    for k in declined + after:          # the public ones attempted after it are declined first too
        r = rule(links(before + (k,)))
        if r.undecided or not all(r.legal):
            return False
    return True


def _kind_sequences(declined: bool = False):
    """Yield ``(kinds, status, ruling)`` for every attempted sequence reached by extending
    legal ones: status ``legal``, ``refused`` or ``undecided``. A mandatory kind never follows
    an optional one (the game places mandatory effects first). ``declined``: read with the public
    ones declined before the effect from the hand (``Link.after_declining``)."""
    frontier = [()]
    for _ in range(MAX_LEN):
        nxt = []
        for prefix in frontier:
            for k in C.BY_KIND:
                kinds = prefix + (k,)
                if k.endswith("-mandatory") and not all(x.endswith("-mandatory") for x in prefix):
                    continue
                r = rule(links(kinds, declined=declined))
                if r.undecided:
                    yield kinds, "undecided", r
                elif not all(r.legal):
                    yield kinds, "refused", r
                else:
                    yield kinds, "legal", r
                    nxt.append(kinds)
        frontier = nxt


def declined_combinations():
    """Yield ``(case, ruling)`` for every case with declines (:data:`DECLINABLE`, one or two cards,
    in order) that :func:`declinable` allows: the explorer's space beyond the generated set, which
    has no declines. Refusal and undecided cases as :func:`combinations`."""
    tuples = [()] + [(k,) for k in DECLINABLE] + list(itertools.product(DECLINABLE, repeat=2))
    for kinds, status, r in _kind_sequences(declined=True):
        if "effect-hand" not in kinds:
            continue
        for declined in tuples:
            if not declinable(kinds, declined):
                continue
            if status == "legal":
                for its in itertools.product(*(INTERFERENCES_OF[k] for k in kinds)):
                    case = Case(kinds, its, declines=True, declined=declined)
                    yield case, rule(case.links(), trigger=False)
            else:
                yield Case(kinds, ("none",) * len(kinds), status == "refused", True, declined), r


def combinations(keep=None):
    """Yield ``(case, ruling)`` for every case (legal chains with every interference vector,
    refusal cases, and undecided ones with ``ruling.undecided`` set), in a fixed order;
    ``keep(case id) -> bool``: only those (the others' rulings are not worked out)."""
    for kinds, status, r in _kind_sequences():
        if status == "refused":
            case = Case(kinds, ("none",) * len(kinds), True)
        elif status == "undecided":
            case = Case(kinds, ("none",) * len(kinds))
        else:
            for its in itertools.product(*(INTERFERENCES_OF[k] for k in kinds)):
                case = Case(kinds, its)
                if keep is None or keep(case.id):
                    yield case, rule(links(kinds, its), trigger=False)
            continue
        if keep is None or keep(case.id):
            yield case, r


# ------------------------------------------------------------------------------ instantiation
def _rot(seq, k):
    seq = list(seq)
    return seq[k % len(seq):] + seq[:k % len(seq)] if seq else seq


def _a_cards(chosen):
    """A's setup entries (id, code, zone, position) for the chosen replacement cards."""
    out = [("top", C.ALEXANDRITE, "deck", None)]
    for card in chosen:
        out.append((card.slug, card.code, card.zone, card.position))
        out += [(rid, code, zone, None) for rid, code, zone in card.resources]
    return out


def _consistent(chosen, catalogue, ways=()) -> bool:
    """Distinct cards; activation conditions hold; every effect can pick exactly its own
    resource in this setup, also after B's interferers moved cards (Solemn Strike destroys "that
    card" — on the field or revealed in the hand: it lands in the GY), so its result is forced and
    tells which link was applied."""
    if len({c.slug for c in chosen}) != len(chosen):
        return False
    if sum(1 for c in chosen if c.zone == "field") > 1:     # one Field Zone per player: no duel has two Field Spells there
        return False
    for c in chosen:
        if c.needs_empty_hand and any(o.zone == "hand" for o in chosen):
            return False
        if c.needs_no_monster and any(o.zone == "monster" for o in chosen):
            return False
    moved = {c.slug: "graveyard" for c, w in zip(chosen, ways) if w is C.SOLEMN_STRIKE and c.zone in ("monster", "hand")}
    entries = [(eid, code, moved.get(eid, zone), pos) for eid, code, zone, pos in _a_cards(chosen)]
    for c in chosen:
        if c.picks in ("self", "targets", "top-of-deck"):
            continue
        picked = {eid for eid, code, zone, _ in entries if C.wanted(c.picks, catalogue[code], zone)}
        if picked != {rid for rid, _, _ in c.resources}:
            return False
    return True


def _instantiate(case: Case, catalogue, rot: int | None = None, memo: dict | None = None):
    """``(cards, interferers)`` — one replacement card per attempt and, per legal link, the
    interferer (or None), then one card per kind of ``case.declined`` (no interferer) — or ``(None, why)`` when no real card set produces the case.
    ``rot`` rotates the candidate cards (default: a stable hash of the case id). ``memo``: the
    answers of :func:`_consistent` already worked out with ``catalogue`` (the cases of one run of
    the generator try the same card sets again and again), filled in here."""
    def consistent(chosen, ways=()):
        if memo is None:
            return _consistent(chosen, catalogue, ways)
        key = (tuple(c.slug for c in chosen), tuple(w.slug if w else None for w in ways))
        got = memo.get(key)
        if got is None:
            got = memo[key] = _consistent(chosen, catalogue, ways)
        return got
    rot = zlib.crc32(case.id.encode()) if rot is None else rot
    n = len(case.kinds)
    legal = rule(case.links()).legal if case.refused else [True] * n
    top = max((i for i in range(n) if legal[i]), default=-1)      # the last of A's links
    options = []
    for i, (kind, intf) in enumerate(zip(case.kinds, case.interferences)):
        # rotated among every card of the model kind (an effect-type from the hand too), then kept to
        # this kind: a case picks the same cards as before the kind ``effect-hand`` existed (issue
        # 25), unless it picked the card now of that kind
        family = [c for c in C.BY_MODEL_KIND[kind.removesuffix("-hand")]
                  if intf == "none" or C.interferers_for(c, intf, i == top)]
        cands = [c for c in _rot(family, rot + i) if c.gen_kind == kind]
        if not cands:
            where = "the last of A's links" if i == top else "a link below the last"
            return None, f"no modelled {kind} card can be given '{intf}' on {where} by a modelled interferer"
        options.append(cands)
    for j, kind in enumerate(case.declined):       # the cards A declines (after its links in ``chosen``)
        options.append(_rot(C.BY_KIND[kind], rot + n + j))
    for chosen in itertools.product(*options):
        if not consistent(chosen):
            continue
        picks = []
        for i, (card, intf) in enumerate(zip(chosen, case.interferences)):
            ways = C.interferers_for(card, intf, i == top) if intf != "none" else [None]
            picks.append(_rot(ways, rot))
        picks += [[None]] * len(case.declined)
        for ways in itertools.product(*picks):
            used = [w for w in ways if w]
            top_way = ways[top] if top >= 0 else None
            if top_way is not None and top_way.speed == 3 and len(used) > 1:
                continue       # nothing of spell speed 2 can be chained to Solemn Strike
            if not consistent(chosen, ways):
                continue
            return (list(chosen), list(ways)), None
    return None, "no consistent set of modelled cards (activation conditions or overlapping picks)"


def _marker_patterns(card):
    pats = []
    for cid, frm, to in card.marker:
        p = {"event": "move"}
        if cid:
            p["card"] = cid
        p.update({"from": frm, "to": to})
        if not cid:
            p["player"] = "A"
        pats.append(p)
    return pats


def _never_patterns(card):
    if card.slug == "malefic-world":
        return [{"event": "move", "card": rid, "from": "deck", "to": "hand"} for rid, _, _ in card.resources]
    return _marker_patterns(card)


def build(case: Case, ruling, chosen, ways) -> dict:
    """The scenario document for an instantiated case (``chosen``: the attempts' cards, then the
    declined ones)."""
    declined = chosen[len(case.kinds):]
    chosen, setup_chosen = chosen[:len(case.kinds)], chosen
    if case.declines:      # every public card still offered: the other ones and those attempted after the hand
        hand = next(i for i, c in enumerate(chosen) if c.zone == "hand")
        declined_all = list(declined) + list(chosen[hand + 1:])
    legal_links = [(i, c) for i, c in enumerate(chosen) if ruling.legal[i]]
    link_no = {i: k + 1 for k, (i, _) in enumerate(legal_links)}
    setup_cards = []
    for eid, code, zone, pos in _a_cards(setup_chosen):
        e = {"id": eid, "card": code, "owner": "A", "zone": zone}
        if pos:
            e["position"] = pos
        if eid == "top":
            e["order"] = "top"
        setup_cards.append(e)
    script = []
    for i, card in enumerate(chosen):
        if card.zone == "hand" and case.declines:
            # format 2.2: A declines every public one still offered (the declined cards, and those it
            # attempts after this one), then activates the one from the hand (YGO-GEN-HAND-TRIGGER: it is
            # activated once the chain of the public ones is built)
            script += [{"player": "A", "do": "decline", "when": {"window": "before-draw"}, "card": d.slug}
                       for d in declined_all]
        if card.mandatory and ruling.legal[i]:
            continue                           # the game activates it: no player decision
        # A's replacements go on one chain at the timing immediately before the normal draw (ND-05)
        step = {"player": "A", "do": "activate", "when": {"window": "before-draw"}, "card": card.slug}
        if card.targets:
            step["targets"] = list(card.targets)
        if not ruling.legal[i]:
            step["legal"] = False
        script.append(step)

    # B's responses: the one to the last link first, then the targeting ones from the top down
    order = sorted((i for i, w in enumerate(ways) if w), key=lambda i: (not ways[i].when_activated, -i))
    responses, seen = [], {}
    for i in order:
        w = ways[i]
        seen[w.slug] = seen.get(w.slug, 0) + 1
        bid = w.slug if seen[w.slug] == 1 else f"{w.slug}-{seen[w.slug]}"
        e = {"id": bid, "card": w.code, "owner": "B", "zone": w.zone}
        if w.position:
            e["position"] = w.position
        setup_cards.append(e)
        for xid, xcode, xzone, xpos in w.extra:
            x = {"id": xid, "card": xcode, "owner": "B", "zone": xzone}
            if xpos:
                x["position"] = xpos
            setup_cards.append(x)
        # each response of B answers the newest link: A's last one, then B's own previous response
        step = {"player": "B", "do": "activate", "when": {"window": "response", "link": len(legal_links) + len(responses)},
                "card": bid}
        card = chosen[i]
        if w is C.IMPERMANENCE or w is C.MST:
            step["targets"] = [card.slug]
        elif w is C.DD_CROW:
            step["targets"] = [card.crow]
        elif w is C.ONUNCU:
            step["cost"] = ["sangan"]
        script.append(step)
        responses.append((i, w, bid, len(legal_links) + len(responses) + 1))

    events = [{"event": "activate", "card": c.slug, "link": link_no[i]} for i, c in legal_links]
    events += [{"event": "activate", "card": bid, "link": ln} for _, _, bid, ln in responses]
    # What the model decides (and so what is asserted): every activation and its link, that each
    # interference happened, which links were applied (their marker events) and which were not
    # (never), whether the normal draw is conducted. The rulings do not decide when an engine
    # *reports* a negation or a removal relative to the other links' resolution (at the negating
    # link's resolution or at the negated link's): those events and the resolutions are one
    # unordered group, between the last activation and the end of the chain.
    resolution = []
    for i, w, bid, ln in reversed(responses):
        target = link_no[i]
        if w.interference == "negate-activation":
            resolution.append({"event": "negate-activation", "link": target})
        elif w.interference == "negate-effect":
            resolution.append({"event": "negate-effect", "link": target})
        elif w is C.DD_CROW:
            resolution.append({"event": "move", "card": chosen[i].crow, "to": "banished"})
        elif w is C.MST:
            resolution.append({"event": "move", "card": chosen[i].slug, "to": "graveyard"})
    never = []
    for i, c in reversed(legal_links):
        resolution.append({"event": "resolve", "link": link_no[i], "card": c.slug})
        if ruling.applied[i]:
            resolution += _marker_patterns(c)
    if resolution:
        events.append({"any_order": resolution} if len(resolution) > 1 else resolution[0])
    for i, c in enumerate(chosen):
        if not ruling.applied[i]:
            never += _never_patterns(c)
        if not ruling.legal[i]:
            never.append({"event": "activate", "card": c.slug})
    for c in declined:                         # declined: never activated, its effect never applied
        never += [{"event": "activate", "card": c.slug}] + _never_patterns(c)
    events.append({"event": "chain-end"})
    normal_draw = {"event": "draw", "player": "A", "normal": True}
    if ruling.draw:
        events.append(dict(normal_draw, cards=["top"]))
    else:
        never.append(normal_draw)
    if ruling.trigger:
        events.append({"event": "activate", "card": "sangan"})

    requires = {"chain", "draw-replacement"}
    kinds = set(case.kinds)
    requires |= {"cost"} if kinds & {"cost", "cost-mandatory"} else set()
    requires |= {"pledge"} if "af2" in kinds else set()
    requires |= {"continuous-card"} if "effect-continuous" in kinds or any(w is C.MST for w in ways if w) else set()
    requires |= {"refusal"} if case.refused else set()
    requires |= {w.interference for w in ways if w and w.interference in ("negate-activation", "negate-effect", "fizzle")}
    requires |= {"trigger-effect"} if ruling.trigger else set()
    requires |= {"graveyard-effect"} if any(c.zone == "graveyard" for c in setup_chosen) else set()

    parts = []
    for i, (c, intf) in enumerate(zip(chosen, case.interferences)):
        bit = f"{c.name} ({KIND_WORD[c.kind]}"
        if not ruling.legal[i]:
            bit += ", refused"
        elif intf != "none":
            bit += f", {INTF_WORD[intf]} by {ways[i].name}"
        parts.append(bit + ")")
    if case.declines:
        title_declined = "; declined before the effect from the hand: " + ", ".join(c.name for c in declined_all)
    else:
        title_declined = ""
    title = ("Generated chain: " + " -> ".join(parts) + title_declined + "; the normal draw is "
             + ("conducted" if ruling.draw else "not conducted"))
    dates = _dates(case, ruling, chosen, [e for e in events if e.get("event") == "activate" and "link" in e], link_no)
    return {
        "format": 2,
        **({"format_minor": 2} if case.declines else {}),
        "id": case.id,
        "game": "ygo",
        "title": title,
        "rulings": sorted(set(ruling.rulings) | set(dates.pop("answer_rulings", ()))),
        "requires": sorted(requires),
        "generated": True,
        "setup": {
            "first_player": "B", "turn": 2, "turn_player": "A", "phase": "draw", "step": "before-draw",
            "players": {"A": {"lp": 8000}, "B": {"lp": 8000}},
            "cards": setup_cards,
        },
        "script": script,
        "expect": {"events": events, "never": never},
        **({"cites": [{"kind": "general-rule", "ref": g} for g in ruling.general_rules]} if ruling.general_rules else {}),
        **dates,
    }


def depends_on_answer(case: Case, ruling, i: int) -> bool:
    """Does the chain rest on the page's answer about the card of attempt ``i``, whose effect is
    negated? Those answers (ND-FAQ1 today; ND-H1 / ND-H2 before they changed) answer one question:
    「…の効果で、以下のカードの効果が無効になった場合、通常のドローはできますか?」. The earlier answer
    「できません」 meant the negated card still gave up the normal draw; so the chain rests on the
    answer when its outcome would differ had that link spent the normal draw right as it resolved
    (as a link whose effect cannot be applied does, ND-E3): not when a link above it, or a cost-type,
    spends the right anyway."""
    other = list(case.interferences)
    other[i] = "fizzle"
    alt = rule(case.links(tuple(other)), trigger=ruling.trigger is not None)
    return (alt.draw, alt.applied) != (ruling.draw, ruling.applied)


def _earlier_answer(answers: list) -> dict | None:
    """The earlier answer of the page that judges the chain before today's (``answers``: the ruling
    catalogue's superseded answers about its negated cards, all of 2019-03-17): 「できません」 (the
    normal draw is not conducted, ND-H1) decides the draw whatever the others say, so the one of
    them that held longest covers the period; else the one under review (調整中, ND-H2)."""
    nope = [a for a in answers if a["answer"] != "under review"]
    return max(nope or answers, key=lambda a: a["replaced"], default=None)


def _dates(case: Case, ruling, chosen, activations: list, link_no: dict) -> dict:
    """``{"in_force": ..., "superseded"?: [...]}`` for a chain that rests on a dated answer, else
    ``{}``. It rests on the dated rulings it cites (ND-AF4 of 2022-09-12) and on the page's answer
    about a card only when the chain depends on it (:func:`depends_on_answer`: that card's effect
    is negated and it matters); the expectations are today's, so the chain is in force from the
    latest of those dates. Before it, the page's earlier answer (:func:`_earlier_answer`) is a
    ``superseded`` entry: under review (調整中, ND-H2) has no expectation; 「できません」 (ND-H1) has
    only what it decides — the activations, the negation and no normal draw. So a skip as of a
    date before the page's first answer names that answer (Iron Core of Koa'ki Meiru: 2019-03-17,
    not the 2022-08-01 of today's), and no chain is skipped for a card whose answer it does not
    rest on (issue 25). ``answer_rulings``: the rulings of the answers it rests on (today's,
    ND-FAQ1, and the earlier ones), which the scenario is tagged with too."""
    from ..catalogue import changed_answers, rulings as catalogue
    cat = catalogue()
    dates = {max(cat[r].dates): f"{r} of {max(cat[r].dates)}" for r in ruling.rulings if cat[r].dates}
    negated = [i for i, c in enumerate(chosen) if ruling.legal[i] and case.interferences[i] == "negate-effect"
               and changed_answers(c.code) and depends_on_answer(case, ruling, i)]
    answers = []
    for i in negated:
        for a in changed_answers(chosen[i].code):
            answers.append(a)
            dates.setdefault(a["replaced"], f"the answer about {chosen[i].name} of {a['replaced']} ({a['replaced_by']}), "
                                            f"which replaced the page's first answer of {a['answered']} ({a['ruling']})")
    if not dates:
        return {}
    start = max(dates)
    tags = sorted({a["ruling"] for a in answers} | {a["replaced_by"] for a in answers})
    out = {"in_force": {"from": start, "basis": f"generated from today's answers: rests on {dates[start]}"}}
    a = _earlier_answer(answers)
    if a is not None:
        entry = {"ruling": a["ruling"], "answered": a["answered"], "replaced": a["replaced"], "source": a["where"]["quote"]}
        if a["answer"] == "under review":
            entry["under_review"] = True
        else:                                  # 「できません」: the normal draw is not conducted
            entry["expect"] = {"events": activations + [{"event": "negate-effect", "link": link_no[i]} for i in negated],
                               "never": [{"event": "draw", "player": "A", "normal": True}]}
        out["superseded"] = [entry]
    if tags:
        out["answer_rulings"] = tags
    return out


def _with_trigger(case, ruling, ways):
    """The model's ruling again, told whether a trigger results from the chain (Onuncu's
    Tribute of Sangan, ND-T1/T2)."""
    if any(w is C.ONUNCU for w in ways if w):
        return rule(case.links(), trigger=True)
    return ruling


def instantiate(case: Case, rot: int | None = None):
    """The scenario of ``case`` with the card rotation ``rot`` (None: the default one), or a
    string: why it is undecided or unrealizable. For property tests of other card choices."""
    ruling = rule(case.links())
    if ruling.undecided:
        return "undecided: " + ruling.undecided
    got, why = _instantiate(case, _catalogue(), rot)
    if got is None:
        return "unrealizable: " + why
    chosen, ways = got
    return build(case, _with_trigger(case, ruling, ways), chosen, ways)


def _catalogue():
    from ..catalogue import cards
    return cards("ygo")


def cases(keep=None):
    """Yield ``(case, ruling, outcome)`` for every enumerated case: outcome is the scenario
    dict, or a string: why it is undecided (``"undecided: ..."``) or unrealizable
    (``"unrealizable: ..."``). ``keep(case id) -> bool``: only those cases (the others are
    not instantiated: a shard of a run generates only its own chains)."""
    cat = _catalogue()
    memo: dict = {}
    for case, ruling in combinations(keep):
        if ruling.undecided:
            yield case, ruling, "undecided: " + ruling.undecided
            continue
        got, why = _instantiate(case, cat, memo=memo)
        if got is None:
            yield case, ruling, "unrealizable: " + why
            continue
        chosen, ways = got
        ruling = _with_trigger(case, ruling, ways)
        yield case, ruling, build(case, ruling, chosen, ways)


def declined_scenarios(keep=None):
    """Yield the scenario of every realizable case of :func:`declined_combinations` (the explorer's
    decline cases; not part of the generated set). ``keep(case id) -> bool``: only those."""
    cat, memo = _catalogue(), {}
    for case, ruling in declined_combinations():
        if ruling.undecided or (keep is not None and not keep(case.id)):
            continue
        got, _ = _instantiate(case, cat, memo=memo)
        if got is not None:
            chosen, ways = got
            yield build(case, _with_trigger(case, ruling, ways), chosen, ways)


def scenarios(keep=None):
    """Yield every generated scenario dict (valid against ``scenario.schema.json``), in a
    fixed order: the same input gives byte-identical output. ``keep(scenario id) -> bool``:
    only those scenarios, the others not generated (a case's scenario has the case's id)."""
    for _, _, out in cases(keep):
        if isinstance(out, dict):
            yield out


def undecided() -> list:
    """``[(case id, why)]`` for the cases no ruling decides (no scenario is generated)."""
    return [(c.id, out) for c, _, out in cases() if isinstance(out, str) and out.startswith("undecided")]


def unrealizable() -> list:
    """``[(case id, why)]`` for decided cases no modelled card set can produce."""
    return [(c.id, out) for c, _, out in cases() if isinstance(out, str) and out.startswith("unrealizable")]
