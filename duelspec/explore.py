"""``duelspec explore``: search an engine through its adapter for situations where it disagrees
with a ruling model (issue 34.2).

The spaces are the two independent ruling models' (:mod:`duelspec.generated.dm_model`, the attack;
:mod:`duelspec.generated.model`, normal-draw replacement chains). A hypothesis strategy draws one
situation of the model's space (:func:`dm_situations`, :func:`ygo_cases`); the model decides it (a
situation it leaves undecided, or that no modelled card set produces, is rejected: never played);
the generators turn it into a scenario with the model's expectations, with the card choices drawn too
(Yu-Gi-Oh!: the rotation of candidate cards, beyond the generated set's one); the adapter plays it and
the checker judges it (:func:`duelspec.runner.run_one`). The first failure fixes the *failure* being
searched for: its outcome and its first failing expectation named by role (the ``first`` of
:func:`duelspec.causes.signature`, what cause files match). Hypothesis then shrinks the situation
(fewer shields, no blocker, no trigger, shorter chains, ... — its own shrinking of the drawn values)
while that same failure is reproduced, and the smallest failing situation is written into ``out`` as a
scenario file (format 2, schema-valid, tagged with its rulings) that ``duelspec run`` replays.

Budget: ``max_examples`` situations and, optionally, ``seconds``; the same ``seed`` draws the same
situations (hypothesis's ``seed``, no example database). The report says how much of the model's space
was covered: the distinct decision signatures played out of those of the space (the generated set's;
Yu-Gi-Oh! chains with declines, which the generated set does not have, are counted apart:
``declines_played``).
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, assume, given, seed as hyp_seed, settings, strategies as st
from hypothesis.errors import Unsatisfiable

GAMES = ("dm", "ygo")

#: ``(game, mutant, seed)``: the test set of planted deviations (reference engine mutants,
#: duelspec/mutation/) the explorer finds within 80 examples at these seeds (tests/test_explore.py;
#: benchmarks/bench.py times it)
PLANTED = (
    ("dm", "dm.battle.tie-nobody-destroyed", 4),
    ("dm", "dm.shields.broken-to-graveyard", 2),
    ("ygo", "ygo.normal-draw.not-conducted", 3),
    ("dm", "dm.interrupt.while-attacking-persists", 3),     # the attacked creature leaves in AT-S3 (Dolzark)
    ("dm", "dm.lasting.until-next-turn-never-ends", 5),     # a later turn (Hayabusamaru's blocker)
    ("ygo", "ygo.hand-trigger.public-after-hand", 2),       # reached only by a chain with declines
)


# ------------------------------------------------------------------------------ the spaces
@st.composite
def dm_situations(draw):
    """``(id, situation, cards)`` of the attack model's space (the axes of :mod:`.generated.dm_generator`)."""
    from .generated import dm_cards as C
    from .generated.dm_generator import optional_of, situation
    from .generated.dm_model import STATES
    a = draw(st.sampled_from(C.ATTACKERS))
    target = draw(st.sampled_from(("player", "tapped", "untapped")))
    d = None if target == "player" else draw(st.sampled_from(C.DEFENDERS))
    n = draw(st.integers(0, 3)) if target == "player" else 0
    trig = draw(st.sampled_from((None, "use", "decline"))) if n else None
    b = draw(st.none() | st.sampled_from(C.BLOCKERS))
    k = draw(st.sampled_from(("block", "no-block", "tapped"))) if b else None
    state = draw(st.sampled_from(STATES))
    answers = tuple(draw(st.booleans()) for _ in optional_of(a, d))
    own = draw(st.integers(0, 1)) if a.model.ability == "when-attacks-untap" else 0      # Dogiragon's 革命0
    splits = a.model.sources and trig == "use" and target == "player" and k != "block"  # Soul Phoenix (AT-D4)
    split = draw(st.integers(0, 1)) if splits else None
    # the generator's axes on smaller spaces, drawn last and seldom (they shrink to none): the attacked
    # creature leaving in AT-S3 (Dolzark, AT-D2) and a blocker granted until B's next turn (AT-S4)
    special = draw(st.integers(0, 15))
    if special == 14:
        fang = next(x for x in C.DEFENDERS if x.slug == "fang")
        return situation("dm.explore.attack.", C.REGARION, "tapped", fang, 0, None, None, None, (), "ready",
                         ally=draw(st.booleans()))
    if special == 15:
        m = a.model
        assume(not (m.ability or m.breaker != 1 or m.cannot_attack_players or m.sources))
        return situation("dm.explore.attack.", a, "player", None, 2, None, None, None, (), "ready", next_turn=True)
    return situation("dm.explore.attack.", a, target, d, n, trig, b, k, answers, state, own_shields=own, split=split)


@st.composite
def ygo_cases(draw):
    """``(case, rotation)`` of the normal-draw chain model's space: 1-4 attempted kinds (mandatory ones
    first), an interference per legal link, the rotation of the candidate cards and, with an effect
    from the hand, the public cards A declines before it (format 2.2's ``decline``: none in the
    generated set, which has no declines)."""
    from .generated import cards as C
    from .generated.generator import DECLINABLE, INTERFERENCES_OF, MAX_LEN, Case, declinable, links
    from .generated.model import rule
    kinds = draw(st.lists(st.sampled_from(list(C.BY_KIND)), min_size=1, max_size=MAX_LEN))
    mandatory = [k.endswith("-mandatory") for k in kinds]
    assume(mandatory == sorted(mandatory, reverse=True))
    declines, declined = "effect-hand" in kinds and draw(st.booleans()), ()
    if declines:
        declined = tuple(draw(st.lists(st.sampled_from(DECLINABLE), max_size=2)))
        assume(declinable(kinds, declined))
    r = rule(links(kinds, declined=declines))
    assume(not r.undecided)
    if not all(r.legal):
        # a refusal case: every shorter prefix legal (the generator's refusal cases)
        assume(all(rule(links(kinds[:-1], declined=declines)).legal) if len(kinds) > 1 else True)
        case = Case(tuple(kinds), ("none",) * len(kinds), True, declines, declined)
    else:
        its = tuple(draw(st.sampled_from(INTERFERENCES_OF[k])) for k in kinds)
        case = Case(tuple(kinds), its, declines=declines, declined=declined)
    rot = draw(st.integers(0, 7))
    return case, rot


def dm_scenario(drawn) -> tuple[dict | None, tuple]:
    """The scenario of a drawn DM situation and its model signature; ``None`` when undecided."""
    from .generated.dm_generator import build
    from .generated.dm_model import rule
    sid, s, cards = drawn
    r = rule(s)
    if r.undecided:
        return None, ()
    return build(sid, s, cards, r), r.signature


def ygo_scenario(drawn) -> tuple[dict | None, tuple]:
    """The scenario of a drawn chain (``None``: undecided or unrealizable) and its model signature
    (its kinds and interferences: the generated set has one chain per signature)."""
    from .generated.generator import instantiate
    case, rot = drawn
    doc = instantiate(case, rot)
    if not isinstance(doc, dict):
        return None, ()
    doc = dict(doc, id=doc["id"].replace("ygo.generated.", "ygo.explore.", 1).removesuffix(".1") + f".r{rot}")
    return doc, (case.kinds, case.interferences, case.refused, case.declines, case.declined)


SPACES = {"dm": (dm_situations, dm_scenario), "ygo": (ygo_cases, ygo_scenario)}


def space_signatures(game: str) -> int:
    """How many decision signatures the model's space has (the generated set's size)."""
    if game == "dm":
        from .generated.dm_generator import signatures
        return signatures()
    from .generated import scenarios
    return sum(1 for _ in scenarios())


# ------------------------------------------------------------------------------ the search
def adapter_problem(result: dict) -> str | None:
    """Why ``result`` is a problem of the adapter or of the contract rather than a finding about the
    engine's rules (``None``: it is not): what can never be an expected failure either
    (:func:`duelspec.judging.expectfail.not_expectable`: an invalid reply or trace, a scenario not run,
    duelspec's own error, a failure that is only a window mismatch)."""
    from .judging.expectfail import not_expectable
    why = not_expectable(result)
    if why is None:
        return None
    said = result.get("message") or (result.get("failures") or [{}])[0].get("message", "")
    return f"{result.get('detail') or 'contract (window)'}: {said} ({why})"


def failure_of(result: dict, scenario: dict) -> str | None:
    """What a result's failure is, for the search and the shrinking (``None``: it passed or was not
    played): its outcome and first failing expectation by role (:func:`duelspec.causes.signature`)."""
    if result.get("outcome") not in ("failed", "errored"):
        return None
    from .analysis.causes import signature
    first = signature(result, scenario)["first"]
    return first if first.startswith(result["outcome"] + ":") else f"{result['outcome']}: {first}"


@dataclass
class Finding:
    failure: str
    scenario: dict
    result: dict
    path: str | None = None
    after_examples: int = 0
    after_seconds: float = 0.0


@dataclass
class Report:
    game: str
    seed: int
    examples: int = 0             # situations played on the engine to a verdict (shrinking included)
    rejected: int = 0             # drawn, undecided or unrealizable: not played
    skipped: int = 0              # sent to the adapter, which skipped them (a card or game it does not model)
    skip_reason: str | None = None
    problem: dict | None = None   # the adapter's or the contract's trouble (:func:`adapter_problem`): the search stopped
    seconds: float = 0.0
    signatures: set = field(default_factory=set)
    space: int = 0
    beyond: set = field(default_factory=set)     # Yu-Gi-Oh! chains with declines: outside the generated set's space
    finding: Finding | None = None
    stopped_by: str = "examples"

    def as_dict(self) -> dict:
        out = {"game": self.game, "seed": self.seed, "examples": self.examples, "rejected": self.rejected,
               "skipped": self.skipped,
               "seconds": round(self.seconds, 3), "examples_per_second": round(self.examples / self.seconds, 2) if self.seconds else None,
               "covered": len(self.signatures), "space": self.space,
               "coverage": round(len(self.signatures) / self.space, 4) if self.space else None,
               "stopped_by": self.stopped_by}
        if self.game == "ygo":
            out["declines_played"] = len(self.beyond)
        if self.skip_reason:
            out["first_skip_reason"] = self.skip_reason
        if self.problem:
            out["problem"] = self.problem
        if self.finding:
            f = self.finding
            out["finding"] = {"failure": f.failure, "scenario": f.scenario["id"], "file": f.path,
                              "after_examples": f.after_examples, "after_seconds": round(f.after_seconds, 3)}
        return out


class _Found(Exception):
    """Raised inside the hypothesis test for the failure being searched (the one hypothesis shrinks)."""


def explore(adapter, impl: dict, game: str, seed: int = 0, max_examples: int = 100, seconds: float | None = None,
            out: str | Path | None = None) -> Report:
    """Search ``adapter`` (started; ``impl`` its implementation description) over ``game``'s model
    space (see the module docstring). Returns the :class:`Report`; with a finding and ``out``, its
    shrunk scenario is written there as ``<id>.json``."""
    from .runner import run_one
    from .shrink import write_scenario
    if game not in SPACES:
        raise ValueError(f"game {game!r}: expected one of {GAMES}")
    strategy, to_scenario = SPACES[game]
    rep = Report(game, seed, space=space_signatures(game))
    start = time.monotonic()
    state: dict = {"target": None, "smallest": None}

    @hyp_seed(seed)
    @settings(max_examples=max_examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink], report_multiple_bugs=False)
    @given(strategy())
    def probe(drawn):
        if rep.problem is not None:
            assume(False)             # stopped: the adapter's trouble is no finding to shrink
        if seconds is not None and time.monotonic() - start > seconds and state["target"] is None:
            rep.stopped_by = "seconds"
            assume(False)
        doc, sig = to_scenario(drawn)
        if doc is None:
            rep.rejected += 1
            assume(False)
        result = run_one(doc, adapter, impl)
        if result.get("outcome") == "skipped":
            rep.skipped += 1
            rep.skip_reason = rep.skip_reason or str(result.get("reason", ""))[:500]
            assume(False)
        why = adapter_problem(result)
        if why is not None and state["target"] is None:
            rep.problem = {"scenario": doc["id"], "why": why[:2000]}
            rep.stopped_by = "adapter problem"
            assume(False)
        rep.examples += 1
        (rep.beyond if game == "ygo" and sig[3] else rep.signatures).add(sig)
        failure = failure_of(result, doc)
        if failure is None:
            return
        if state["target"] is None:
            state["target"] = failure
            state["first_at"] = (rep.examples, time.monotonic() - start)
        if failure == state["target"]:
            # hypothesis replays the shrunk example last, before it raises: the last one kept is it
            state["smallest"] = (doc, result)
            raise _Found(failure)

    try:
        probe()
    except _Found:
        pass
    except Unsatisfiable:
        pass
    rep.seconds = time.monotonic() - start
    if state["smallest"] is not None:
        doc, result = state["smallest"]
        f = Finding(state["target"], doc, result, after_examples=state["first_at"][0], after_seconds=state["first_at"][1])
        if out is not None:
            f.path = str(write_scenario(doc, out))
        rep.finding = f
        rep.stopped_by = "finding"
    return rep


def digest(doc: dict) -> str:
    """A short digest of a scenario document (for reports)."""
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:12]
