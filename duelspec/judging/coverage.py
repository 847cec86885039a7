"""What of a scenario an adapter can be judged on (issue 27: split, don't skip).

An adapter declares what it observes (``implementation.observes``: event kinds, final-state
fields, window kinds; docs/design/adapter-protocol.md). An expectation on something it does not
observe is **removed from what is checked**, not a reason to skip the whole scenario; the rest is
checked as before and the result says so (``coverage``, ``partial``: ``passed (partly checked:
5 of 7)``). What happens to each kind of expectation (docs/design/scenario-format.md, "Partly
checked scenarios"):

- an ``events`` pattern of an unobserved kind is removed; the other items keep their relative
  order;
- an ``any_order`` group that loses members keeps the others as an ``any_order`` group (one left:
  an ordinary pattern); a ``together`` group keeps the others as a ``together`` group — they must
  still be consecutive among the events the adapter reports (an event the adapter does not report
  is never between them in its trace); a group that loses every member is removed;
- a ``never`` pattern of an unobserved kind is removed (it could never match: checking it would be
  a check that cannot fail);
- a final-state field not observed is removed (``/expect/final/cards/x/power``, one field at a time);
- script steps are always checked. A script the adapter cannot play (a step in a window kind it
  does not observe, a ``when.after`` of an event kind it does not observe) skips the scenario up
  front (:func:`unplayable`).

**Which items carry a ruling.** A scenario may mark, per ruling, the expectations that show it:
``expect.carries`` maps a ruling ID of the scenario to JSON pointers (``/expect/events/2``,
``/expect/never/0``, ``/expect/final/cards/x/zone``, ``/expect/final/players/B`` for all of that
player's fields, ``/script/1``); a pointer carries every item at or under it. A ruling the map does
not name (and every ruling of a scenario without ``carries``) is carried by every expectation and
by every ``legal: false`` step. **A ruling is credited only by the checked items that carry it**
(issue 33 §3): a pass credits a ruling only when *every* item that carries it was checked — one
carrier left out (the adapter does not observe it) and the pass shows nothing certain of that
ruling (:attr:`Coverage.uncredited`; the per-ruling tables show the ruling as "not checked on this
engine" for that result: :func:`duelspec.reporting.report.ruling_outcome`). A failure is a verdict on a ruling
when at least one checked item carries it (:attr:`Coverage.uncarried` lists the rulings no checked
item carries: neither a pass nor a failure counts for them). When no checked item carries any of
its rulings, the scenario is skipped up front with that reason — never passed on what does not show
its ruling.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

#: the final-state fields of ``implementation.observes.final``
FINAL_FIELDS = ("cards.zone", "cards.owner", "cards.controller", "cards.position", "cards.tapped", "cards.power",
                "players.lp", "players.counts", "winner", "turn", "phase")


@dataclass(frozen=True)
class Item:
    """One checkable item of a scenario: ``pointer`` (JSON pointer in the scenario as the checker
    sees it), ``part`` (``events``, ``never``, ``final`` or ``script``) and ``kind`` (the event kind,
    the final-state field of ``implementation.observes.final``, or ``step``)."""
    pointer: str
    part: str
    kind: str
    illegal: bool = False        # a script step with `legal: false`
    card: str | None = None      # the card an event pattern is about (its `card` field)


def items(scenario: dict, expect: dict | None = None) -> list[Item]:
    """Every checkable item of ``scenario`` with the expectations ``expect`` (default its own),
    in the order the checker reads them: event patterns (each member of a group), ``never``
    patterns, final-state fields, script steps."""
    expect = scenario.get("expect", {}) if expect is None else expect
    out: list[Item] = []
    for i, item in enumerate(expect.get("events", [])):
        key = "any_order" if "any_order" in item else "together" if "together" in item else None
        if key:
            out += [Item(f"/expect/events/{i}/{key}/{j}", "events", p.get("event", ""), card=p.get("card"))
                    for j, p in enumerate(item[key])]
        else:
            out.append(Item(f"/expect/events/{i}", "events", item.get("event", ""), card=item.get("card")))
    out += [Item(f"/expect/never/{i}", "never", p.get("event", ""), card=p.get("card"))
            for i, p in enumerate(expect.get("never", []))]
    final = expect.get("final", {})
    for cid, state in final.get("cards", {}).items():
        out += [Item(f"/expect/final/cards/{cid}/{k}", "final", f"cards.{k}") for k in state]
    for p, state in final.get("players", {}).items():
        if "lp" in state:
            out.append(Item(f"/expect/final/players/{p}/lp", "final", "players.lp"))
        out += [Item(f"/expect/final/players/{p}/counts/{z}", "final", "players.counts") for z in state.get("counts", {})]
    out += [Item(f"/expect/final/{k}", "final", k) for k in ("winner", "turn", "phase") if k in final]
    out += [Item(f"/script/{i}", "script", "step", illegal=s.get("legal", True) is False)
            for i, s in enumerate(scenario.get("script", []))]
    return out


#: an event kind an adapter observes only for creatures that are not attacking (``power:not-attacking``:
#: an engine that computes an attacking creature's power only on demand); a pattern about a card the
#: scenario's script makes attack is not observed
NOT_ATTACKING = ":not-attacking"


def attacking(scenario: dict) -> frozenset:
    """The cards the scenario's script makes attack (``declare-attack`` steps)."""
    return frozenset(s["attacker"] for s in scenario.get("script", []) if s.get("do") == "declare-attack" and "attacker" in s)


def observed(item: Item, observes: dict | None, attackers: frozenset = frozenset()) -> bool:
    """Can an adapter that observes ``observes`` show ``item``? (``None`` or a missing list: everything.)
    ``<kind>:not-attacking`` in ``observes.events``: events of that kind about a card that is not one of
    ``attackers`` (the cards the script makes attack) are observed."""
    if not observes or item.part == "script":
        return True
    key = "events" if item.part in ("events", "never") else "final"
    if key not in observes or item.kind in observes[key]:
        return True
    return key == "events" and item.kind + NOT_ATTACKING in observes[key] and item.card is not None \
        and item.card not in attackers


def under(pointer: str, mark: str) -> bool:
    """Is ``pointer`` the item ``mark`` points at, or under it?"""
    return pointer == mark or pointer.startswith(mark.rstrip("/") + "/")


def under_any(marks) -> Callable[[str], bool]:
    """``lambda pointer: any(under(pointer, m) for m in marks)``, done by set lookups: ``pointer`` is
    under ``m`` when it is ``m`` or when ``m`` without its trailing slashes is ``pointer`` cut before one
    of its slashes.

    >>> f = under_any(["/expect/events/1", "/script/"])
    >>> [f(p) for p in ("/expect/events/1", "/expect/events/1/any_order/0", "/expect/events/10", "/script/2", "/script")]
    [True, True, False, True, False]
    """
    exact, stripped = set(marks), {m.rstrip("/") for m in marks}
    return lambda pointer: pointer in exact or not stripped.isdisjoint(cuts(pointer))


@lru_cache(maxsize=4096)
def cuts(pointer: str) -> frozenset:
    """``pointer`` cut before each of its slashes (``/a/b``: ``""``, ``/a``); the pointers of items
    repeat from scenario to scenario (``/expect/events/3``), so they are remembered."""
    return frozenset(pointer[:i] for i in range(len(pointer)) if pointer[i] == "/")


def carriers(scenario: dict, expect: dict, ruling: str, all_items: list[Item]) -> list[Item]:
    """The items of ``all_items`` that carry ``ruling`` (see the module docstring)."""
    marks = (expect.get("carries") or {}).get(ruling)
    if marks is None:
        return [it for it in all_items if it.part != "script" or it.illegal]
    carries = under_any(marks)
    return [it for it in all_items if carries(it.pointer)]


@dataclass
class Coverage:
    """What a run of a scenario on an adapter is judged on: ``unchecked`` items (not observable,
    removed from the check), ``checked`` (how many items are checked), ``uncredited`` (rulings of
    the scenario an item carrying them was left out for: a pass does not credit them),
    ``uncarried`` (the rulings of ``uncredited`` no checked item carries at all: a failure does not
    count for them either), ``skip`` (why nothing that carries its rulings is left, or ``None``)."""
    checked: int
    unchecked: list = field(default_factory=list)      # Item
    uncredited: list = field(default_factory=list)     # ruling IDs
    uncarried: list = field(default_factory=list)      # ruling IDs (a subset of uncredited)
    skip: str | None = None

    @property
    def partial(self) -> bool:
        return bool(self.unchecked)

    @property
    def omit(self) -> frozenset:
        """The pointers the checker leaves out."""
        return frozenset(it.pointer for it in self.unchecked)

    def as_dict(self) -> dict:
        """The result's ``coverage`` (``result.schema.json``)."""
        d = {"checked": self.checked, "unchecked": [{"pointer": it.pointer, "kind": it.kind} for it in self.unchecked]}
        if self.uncredited:
            d["uncredited"] = list(self.uncredited)
            d["uncarried"] = list(self.uncarried)       # written with it, even empty (an older stream has none)
        return d


def plan(scenario: dict, expect: dict | None, observes: dict | None) -> Coverage:
    """The :class:`Coverage` of ``scenario`` judged by ``expect`` (default its own) on an adapter
    that observes ``observes``."""
    expect = scenario.get("expect", {}) if expect is None else expect
    every = items(scenario, expect)
    attackers = attacking(scenario)
    unchecked = [it for it in every if not observed(it, observes, attackers)]
    cov = Coverage(checked=len(every) - len(unchecked), unchecked=unchecked)
    if not unchecked:
        return cov
    gone = set(unchecked)
    lost, partly_carried = [], []
    for r in scenario.get("rulings", []):
        carried = carriers(scenario, expect, r, every)
        if all(it in gone for it in carried):        # (no carrier at all: nothing shows it either)
            lost.append(r)
        if any(it in gone for it in carried) or not carried:
            partly_carried.append(r)
    cov.uncredited = partly_carried
    cov.uncarried = lost
    if lost and len(lost) == len(scenario.get("rulings", [])):
        kinds = sorted({f"{it.kind}" for it in unchecked if any(it in carriers(scenario, expect, r, every) for r in lost)})
        cov.skip = (f"nothing that carries its ruling{'s' if len(lost) > 1 else ''} ({', '.join(lost)}) is observable: "
                    f"the adapter does not observe {', '.join(kinds)}")
    return cov


def unplayable(scenario: dict, observes: dict | None) -> str | None:
    """Why an adapter that observes only ``observes`` cannot play ``scenario``'s script (a step in a
    window kind it does not observe, or whose ``when.after`` — or, format 2.1, ``when.before`` —
    names an event kind it does not observe), or ``None``."""
    if not observes:
        return None
    windows, kinds = set(), set()
    for st in scenario.get("script", []):
        w = st.get("when")
        if w:
            windows.add(w["window"])
            kinds |= {w[k].get("event") for k in ("after", "before") if k in w}
    parts = []
    if "windows" in observes:
        lacking = sorted(windows - set(observes["windows"]))
        if lacking:
            parts.append(f"windows {', '.join(lacking)}")
    if "events" in observes:
        lacking = sorted(k for k in kinds - set(observes["events"]) if k)
        if lacking:
            parts.append(f"event kinds {', '.join(lacking)} (a step's `after` or `before`)")
    return ("the script cannot be played: the adapter does not observe " + "; ".join(parts)) if parts else None


def describe(result: dict) -> str:
    """``"passed (partly checked: 5 of 7)"`` for a partly checked result, else its outcome; a contract
    failure (:func:`duelspec.headline.contract_failure`) is ``"contract failure (not a rules failure)"``."""
    from ..headline import contract_failure
    word = "contract failure (not a rules failure)" if contract_failure(result) else result["outcome"]
    cov = result.get("coverage")
    if isinstance(cov, dict) and cov.get("unchecked"):
        n = cov.get("checked", 0)
        return f"{word} (partly checked: {n} of {n + len(cov['unchecked'])})"
    return word


def unchecked_text(result: dict, limit: int = 8) -> str:
    """What a partly checked result did not check, by kind: ``"trigger ×2, step"``."""
    from collections import Counter
    cov = result.get("coverage") or {}
    kinds = Counter(u.get("kind", "?") for u in cov.get("unchecked", []))
    parts = [f"{k} ×{n}" if n > 1 else k for k, n in kinds.most_common(limit)]
    return ", ".join(parts)
