"""Expected failures: a simulator project's list of scenarios known to fail.

The file is TOML, owned by the simulator's project, keyed by scenario id; every entry
gives a ``reason`` and/or an ``issue`` link (schema ``schemas/expect-fail.schema.json``)::

    # duelspec expected failures of my-simulator
    format = 1

    [scenarios."ygo.normal-draw.faq1.muusiki"]
    reason = "negated draw replacements still replace the draw"
    issue = "https://github.com/me/my-simulator/issues/12"

With ``duelspec run --expect-fail FILE`` a listed scenario that fails, errors or times out
is ``xfailed`` (its failure kept in the result); a listed scenario that passes is
``xpassed``, which fails the run until the entry is removed. Skipped scenarios stay
skipped. ``--write-expect-fail FILE`` writes such a file from a run's bad results.

A known failure is the engine's: a rules failure, or an error or time-out of the engine itself
(a Lua error, a crash, no answer). A contract error never is (:func:`not_expectable`): a reply or
trace that breaks the adapter protocol (``detail`` ``invalid reply``, ``invalid trace``,
``not-json``, ...), a scenario that was not run (start-up failed, restart limit reached),
duelspec's own failure, or a failure whose every part is a contract (window) mismatch. Such a
result is never written to an expect-fail file, and an entry listing it leaves it as it is
(it fails the run), its message naming the file and the entry.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError  # noqa: F401 - raised by load, documented

XFAIL_FROM = ("failed", "errored", "timed-out")

#: ``detail`` of an errored / timed-out result that is no verdict on the engine: a reply or a trace that breaks
#: the adapter protocol (docs/adapters.md), a scenario that was not run, duelspec's own failure
CONTRACT_DETAILS = frozenset({"invalid reply", "invalid trace", "invalid-reply", "not-json", "not-utf8",
                              "extra-output", "oversize", "wrong-seq"})
NOT_RUN_DETAILS = frozenset({"start-up failed", "adapter gave up"})
RUNNER_DETAILS = frozenset({"runner", "bad input", "compile error"})


class Entries(dict):
    """The entries of an expect-fail file (:func:`load`), with the file's ``path``."""
    path: str = ""


def not_expectable(result: dict) -> str | None:
    """Why ``result`` can never be an expected failure (a contract error, a scenario not run,
    duelspec's own failure: see the module docstring), or ``None``.

    >>> not_expectable({"outcome": "errored", "detail": "not-json", "message": "m"})[:40]
    'a contract error (the adapter protocol):'
    >>> not_expectable({"outcome": "errored", "detail": "#1 Lua error in c1.lua:2", "message": "m"}) is None
    True
    """
    from ..headline import contract_failure
    o, detail = result.get("outcome"), result.get("detail")
    if o == "xfailed":                  # (an older run's): what it was before its entry
        o = (result.get("expected_failure") or {}).get("was", o)
    if o == "failed" and contract_failure(dict(result, outcome="failed")):
        return ("a contract failure (window mismatch), not a rules failure: the adapter names the window of a "
                "decision otherwise than the contract does (docs/design/scenario-format.md#which-window-a-decision-is-in)")
    if o in ("errored", "timed-out") and detail in CONTRACT_DETAILS:
        return (f"a contract error (the adapter protocol): {detail}; fix the adapter's reply "
                "(docs/adapters.md#what-a-trace-must-say, docs/design/adapter-protocol.md)")
    if o in ("errored", "timed-out") and detail in NOT_RUN_DETAILS:
        return f"not run ({detail}): no verdict on the engine"
    if o in ("errored", "timed-out") and detail in RUNNER_DETAILS:
        return f"duelspec's own error or the scenario's ({detail}), not the engine's"
    return None


def load(path: str | Path) -> dict[str, dict]:
    """The entries of the expect-fail file ``path``: ``{scenario id: {"reason"?, "issue"?}}``.

    Raises :class:`InputError` naming the file and the line (TOML syntax) or the JSON
    pointer (``/scenarios/<id>/reson``) and what was expected; also for a file that is not
    UTF-8, larger than 16 MiB, nested too deeply, or a FIFO nobody writes to. A UTF-8
    byte-order mark is accepted."""
    from .. import validation
    from ..files import EXPECT_FAIL_BYTES, read_toml
    path = str(path)
    doc = read_toml(path, "an existing expect-fail file (TOML)", EXPECT_FAIL_BYTES)
    validation.check(doc, "expect-fail", path)
    entries = Entries(doc.get("scenarios", {}))
    entries.path = path
    return entries


def apply(result: dict, entries: dict[str, dict]) -> dict:
    """``result`` turned into ``xfailed`` / ``xpassed`` when its id is listed in ``entries``.

    The entry is kept in the result as ``expected_failure`` (``{"reason"?, "issue"?, "was"}``
    where ``was`` is the outcome before the conversion), its strings capped like every string of
    a result (:func:`duelspec.text.bound`: a 7 MiB reason is 4,000 characters and a mark).

    A listed result that can never be an expected failure (:func:`not_expectable`: a contract error,
    a scenario not run) stays as it is, failing the run; its message says that the entry (of
    ``entries.path``) cannot cover it, and why."""
    entry = entries.get(result["id"])
    if entry is None or result["outcome"] not in XFAIL_FROM + ("passed",):
        return result
    from ..text import bound, cap
    why = not_expectable(result)
    if why:
        where = getattr(entries, "path", "") or "the expect-fail file"
        note = (f"{where}: the entry [scenarios.{json.dumps(result['id'], ensure_ascii=False)}] lists this scenario, but "
                f"it is {why}; such a result is never an expected failure: remove the entry and fix the adapter")
        return dict(result, message=cap(f"{result['message']}\n{note}" if result.get("message") else note))
    was = result["outcome"]
    result = dict(result, outcome="xpassed" if was == "passed" else "xfailed",   # the entry's text is capped like
                  expected_failure=bound({**{k: entry[k] for k in ("reason", "issue") if k in entry}, "was": was}))
    if was == "passed":                                                          # any other text of a result
        result["message"] = cap("listed as an expected failure but passed: remove it from the expect-fail file"
                                + (f" (reason given: {entry['reason']})" if entry.get("reason") else ""))
    return result


def dump(results: list[dict], old: dict[str, dict] | None = None, adapter: str = "") -> str:
    """The text of an expect-fail file listing every failed / errored / timed-out / xfailed
    result of ``results``; reasons and issues of ``old`` entries are kept, new ones get a
    reason from the result (first failure message, or the error message) to be edited.

    The TOML is written by tomli-w (every key and string escaped as TOML requires); the adapter
    name in the comment line is shown with its control characters and line breaks escaped, so
    no text from an adapter can add an entry or a key."""
    import tomli_w
    from ..text import cap, visible
    old = old or {}
    entries: dict = {}
    for r in sorted(results, key=lambda r: r["id"]):
        if r["outcome"] not in XFAIL_FROM + ("xfailed",) or r["id"] in entries or not_expectable(r):
            continue              # one entry per id (a run may report an id twice: a duplicate is an error);
            #                       a contract error, a scenario not run: never an expected failure
        entry = {k: v for k, v in old.get(r["id"], {}).items() if k in ("reason", "issue")}
        if not entry:
            if r.get("failures"):
                why = r["failures"][0].get("message", "")
            else:
                why = r.get("message", "") or r["outcome"]
            entry["reason"] = cap(f"{r['outcome']}: {why}", 300)
        entries[_utf8(r["id"])] = {k: _utf8(v) for k, v in entry.items()}
    lines = ["# duelspec expected failures" + (f" of {visible(adapter, limit=200)}" if adapter else ""),
             "# Keyed by scenario id; give each entry a `reason` and/or an `issue` link.",
             "# A listed scenario that passes is `xpassed` and fails the run: then remove its entry.", ""]
    return "\n".join(lines) + tomli_w.dumps({"format": 1, "scenarios": entries})


def _utf8(s: str) -> str:
    """``s`` writable as UTF-8: lone surrogates as ``\\udXXX`` escapes."""
    return str(s).encode("utf-8", "backslashreplace").decode("utf-8")
