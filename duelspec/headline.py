"""The headline of a run, the one line every report leads with (issue 32 §5): the site's badge and
engine summaries, the terminal's summary, the Markdown report and the CI job summary, the README's
results. It never calls a known failure, a partly checked or an unchecked scenario a pass:

    29 pass · 1 fail · 3 known failures · 229 not checked

- *pass*: passed and every expectation checked;
- *fail*, *contract failures*, *errored*, *timed out*, *unexpectedly passed* (an expect-fail entry that passed):
  what fails the run; a *contract failure* is a failed scenario whose every failure comes from the contract
  (a window mismatch, ``failures[].kind``; :func:`contract_failure`), never counted as a rules failure;
- *known failures*: failed, and listed in the expect-fail file (``xfailed``): rules the engine is known to break;
- *partly checked*: passed on what the adapter observes only (``partial``; docs/adapters.md);
- *not checked*: skipped, each with its reason.

Its colour (:func:`state`): red when something fails the run (or the run is incomplete), orange when
rules are known broken, yellow when only scenarios went partly or not checked, green only when every
scenario passed fully checked."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

#: (label for one, label for many, outcome) in the order a headline gives them; "pass" is passes fully checked
PARTS = (("pass", "pass", "passed"), ("fail", "fail", "failed"), ("contract failure", "contract failures", "contract"),
         ("errored", "errored", "errored"),
         ("timed out", "timed out", "timed-out"), ("unexpectedly passed", "unexpectedly passed", "xpassed"),
         ("known failure", "known failures", "xfailed"), ("partly checked", "partly checked", "partly"),
         ("not checked", "not checked", "skipped"))
BAD = ("failed", "contract", "errored", "timed-out", "xpassed")
#: state -> the badge's colour (shields.io's red, orange, yellow, green; grey for no run)
COLOURS = {"bad": "#c62828", "known": "#e65100", "unchecked": "#b58900", "good": "#2e7d32", "none": "#757575"}


def contract_failure(result: Mapping) -> bool:
    """Is ``result`` a contract failure: ``failed`` (or its ``contract`` field says so) and every one of
    its failures comes from the contract (has a ``kind``: ``window``, a window mismatch), none from a
    rules disagreement? (A stream written before the field is read by its failures.)

    >>> contract_failure({"outcome": "failed", "failures": [{"pointer": "/script/0", "message": "m", "kind": "window"}]})
    True
    >>> contract_failure({"outcome": "failed", "failures": [{"pointer": "/script/0", "message": "m", "kind": "window"},
    ...                                                      {"pointer": "/expect/events/0", "message": "m"}]})
    False
    """
    if result.get("outcome") != "failed":
        return False
    if result.get("contract") is True:
        return True
    failures = result.get("failures")
    return bool(failures) and isinstance(failures, list) and all(isinstance(f, Mapping) and f.get("kind") for f in failures)


def counted_as(result: Mapping) -> str:
    """What a result counts as in a headline: its outcome, but ``contract`` for a contract failure
    (:func:`contract_failure`) and ``partly`` for a partly checked pass."""
    o = result.get("outcome")
    if o == "passed" and result.get("partial") is True:
        return "partly"
    return "contract" if o == "failed" and contract_failure(result) else o


def tally(results: Iterable[Mapping]) -> Counter:
    """Counts of a headline from results: by outcome, but a partly checked pass counts as ``partly``
    and a contract failure as ``contract`` (:func:`counted_as`)."""
    return Counter(counted_as(r) for r in results)


def from_counts(counts: Mapping[str, int], partly_passed: int = 0, contract: int = 0) -> Counter:
    """The same counts from a footer's counts by outcome, the number of partly checked passes and
    the number of contract failures (counted in ``failed`` by outcome)."""
    c = Counter({o: n for o, n in counts.items() if o in {p[2] for p in PARTS}})
    c["passed"] -= partly_passed
    c["partly"] += partly_passed
    c["failed"] -= contract
    c["contract"] += contract
    return c


def headline(c: Mapping[str, int]) -> str:
    """``29 pass · 1 fail · 3 known failures · 229 not checked`` (parts with no scenario are left out,
    but for the passes; ``no scenario run`` when nothing was)."""
    if not any(c.get(o, 0) for _, _, o in PARTS):
        return "no scenario run"
    return " · ".join(f"{c.get(o, 0):,} {one if c.get(o, 0) == 1 else many}" for one, many, o in PARTS
                      if c.get(o, 0) or o == "passed")


def state(c: Mapping[str, int], incomplete: bool = False) -> str:
    """``bad``, ``known``, ``unchecked``, ``good`` or ``none`` (see the module docstring)."""
    if not any(c.get(o, 0) for _, _, o in PARTS):
        return "none"
    if incomplete or any(c.get(o, 0) for o in BAD):
        return "bad"
    if c.get("xfailed", 0):
        return "known"
    if c.get("partly", 0) or c.get("skipped", 0):
        return "unchecked"
    return "good"
