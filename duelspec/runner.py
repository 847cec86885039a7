"""The runner: scenarios -> adapter -> trace -> checker -> result stream.

:func:`run_scenarios` yields one result dict per scenario (schema ``result.schema.json``,
``type: result``) as soon as it is known; callers stream them out (nothing accumulates).
Outcomes: ``passed``, ``failed`` (with ``failures``), ``skipped`` (``reason``), ``errored``
(``message``, ``detail``, ``evidence``), ``timed-out``; with an expect-fail list also
``xfailed`` and ``xpassed`` (:mod:`duelspec.judging.expectfail`).

:class:`Run` adds the run-level bookkeeping the CLI and reports need: starting the adapter
(a start-up failure errors every scenario, with the evidence), noticing when a process
adapter gives up after too many restarts (the rest is errored, ``stopped_early`` set).
"""
from __future__ import annotations

import copy
import time
import traceback
from typing import Iterable, Iterator

from . import validation as schemas
from .adapters.calls import run_adapter
from .errors import InputError
from .judging import asof, coverage
from .judging.checker import check
from .text import bound


def result_of(scenario: dict, outcome: str, **fields) -> dict:
    """A result line for ``scenario`` (a dict, or a compile error with id/title/rulings).

    Every string is bounded (:func:`duelspec.text.bound`: messages 4000 characters, details
    8000, lists 200 items, each cut marked) and lone surrogates (e.g. from an adapter's
    reply) are written as ``\\udXXX`` escapes, so that every result can be streamed and shown."""
    r = {"type": "result", "id": scenario["id"], "game": scenario.get("game", ""), "title": scenario.get("title", ""),
         "rulings": list(scenario.get("rulings", [])), "outcome": outcome}
    if scenario.get("origin"):
        r["origin"] = scenario["origin"]
    for k in ("requires", "tags"):          # a dashboard groups results by them (issue 13)
        if scenario.get(k):
            r[k] = list(scenario[k])
    r.update({k: v for k, v in fields.items() if v is not None})
    return bound(r)


def reply_problem(reply) -> str | None:
    """What is wrong with the shape of an in-process adapter's reply, or ``None``: it must be a
    dict with exactly one of ``trace`` (a dict), ``skipped`` / ``errored`` (dicts with a string
    ``reason`` / ``message``)."""
    if not isinstance(reply, dict):
        return f"expected a dict reply with `trace`, `skipped` or `errored`, got {type(reply).__name__}"
    kinds = [k for k in ("trace", "skipped", "errored", "timed-out") if k in reply]
    if len(kinds) != 1:
        return f"expected exactly one of `trace`, `skipped`, `errored` in the reply, got the keys {sorted(reply)}"
    body = reply[kinds[0]]
    if not isinstance(body, dict):
        return f"expected `{kinds[0]}` to be an object, got {type(body).__name__}"
    need = {"skipped": "reason", "errored": "message"}.get(kinds[0])
    if need and not isinstance(body.get(need), str):
        return f"expected `{kinds[0]}.{need}` to be a string"
    return None


def trace_problem(scenario: dict, trace: dict) -> str | None:
    """A reference in a (schema-valid) trace to a card the scenario does not have, a step index
    outside its script, or a script step without an outcome (fewer ``steps`` than the script: a
    contract error like an extra step, never a rules failure, :data:`STEPS_RULE`):
    ``"<JSON pointer>: <what>"``, or ``None``."""
    local = {c["id"] for c in scenario.get("setup", {}).get("cards", [])}
    if _refers_to(trace.get("events", []), local):
        return _event_problem(trace, local) or _final_or_step_problem(scenario, trace, local)
    return _final_or_step_problem(scenario, trace, local)


#: the event fields that name one card (``target`` may also be ``player``) and those that name several
_ONE_CARD = ("card", "attacker", "defender", "blocker", "by", "target")
_CARDS = ("cards", "shields")
_ONE_CARD_SET, _CARDS_SET = frozenset(_ONE_CARD), frozenset(_CARDS)


def _refers_to(events: list, local: set) -> bool:
    """Whether an event refers to something else than the scenario's cards (``target`` may also be
    ``player``): one pass over each event's fields; :func:`_event_problem` then says which."""
    for ev in events:
        for k, v in ev.items():
            if k in _ONE_CARD_SET:
                if v not in local and not (k == "target" and v == "player"):
                    return True
            elif k in _CARDS_SET and not local.issuperset(v):
                return True
    return False


def _event_problem(trace: dict, local: set) -> str | None:
    for i, ev in enumerate(trace.get("events", [])):
        for k in _ONE_CARD:
            v = ev.get(k)
            if v is not None and v not in local and not (k == "target" and v == "player"):
                return f"/events/{i}/{k}: {v!r} is not a card of the scenario (events use its local card ids)"
        for k in _CARDS:
            for j, v in enumerate(ev.get(k, ())):
                if v not in local:
                    return f"/events/{i}/{k}/{j}: {v!r} is not a card of the scenario"
    return None


def _final_or_step_problem(scenario: dict, trace: dict, local: set) -> str | None:
    for cid in trace.get("final", {}).get("cards", {}):
        if cid not in local:
            return f"/final/cards/{cid}: {cid!r} is not a card of the scenario"
    n = len(scenario.get("script", []))
    for i, st in enumerate(trace.get("steps", [])):
        if st["index"] >= n:
            return f"/steps/{i}/index: the script has {n} steps, there is no step {st['index']}"
    missing = sorted(set(range(n)) - {st["index"] for st in trace.get("steps", [])})
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        return (f"/steps: the script has {n} step{'s' if n != 1 else ''}, the trace gives no outcome for step"
                f"{'s' if len(missing) != 1 else ''} {shown}: a contract error, not a rules failure: a trace gives one "
                f"step outcome per script step (`not-reached` for a step the engine never asked for), {STEPS_RULE}")
    return None


#: where the adapter guide says that a trace gives one step outcome per script step
STEPS_RULE = "docs/adapters.md#what-a-trace-must-say"


def compile_error_result(err) -> dict:
    """The ``errored`` result of a scenario that could not be compiled."""
    e = err.error
    return result_of({"id": err.id, "title": err.title, "rulings": err.rulings, "game": err.game}, "errored",
                     message=str(e), detail="compile error", origin={"file": e.file, "location": e.location})


def skip_reason(scenario: dict, impl: dict, protocol: int | None = None) -> str | None:
    """Why an adapter with implementation ``impl`` (speaking ``protocol``, default 2) skips
    ``scenario`` up front, or None: its game, an unsupported mechanic, a format-2 scenario for
    a protocol-1 adapter, a format-2.1 one for a protocol-2 adapter (naming its words), or a script
    the adapter cannot play (a window or a ``when.after`` event kind it does not observe:
    :func:`duelspec.judging.coverage.unplayable`). Expectations on what it does not observe are no reason:
    they are left out of the check (:func:`duelspec.judging.coverage.plan`, which skips a scenario only
    when nothing that carries its rulings is left)."""
    games = impl.get("games")
    if games is not None and scenario["game"] not in games:
        return f"game {scenario['game']!r} is not supported by {impl.get('name', 'the adapter')}"
    missing = sorted(set(scenario.get("requires", [])) & set(impl.get("unsupported", [])))
    if missing:
        return "unsupported mechanics: " + ", ".join(missing)
    if (protocol or 2) < 2 and scenario.get("format", 1) >= 2:
        return ("a format-2 scenario: the adapter speaks adapter protocol 1, which carries format-1 scenarios only "
                "(steps with `when` need protocol 2)")
    from .words import skip_reason as minor_skip
    return minor_skip(scenario, protocol) or coverage.unplayable(scenario, impl.get("observes"))


def needs(scenario: dict) -> dict:
    """What a scenario needs to observe: ``{"events": kinds, "final": fields, "windows": kinds}``
    named by its expectations (events, groups, never; final) and its script (``when``, ``after``)."""
    expect = scenario.get("expect", {})
    pats = []
    for item in expect.get("events", []) + expect.get("never", []):
        pats += item.get("any_order") or item.get("together") or [item]
    windows = set()
    for st in scenario.get("script", []):
        w = st.get("when")
        if w:
            windows.add(w["window"])
            pats += [w[key] for key in ("after", "before") if key in w]
    return {"events": {p["event"] for p in pats},
            "final": {it.kind for it in coverage.items(scenario) if it.part == "final"}, "windows": windows}


#: the parts of a scenario that hold expectations: an adapter never receives them
EXPECTATIONS = ("expect", "superseded")


def played(scenario: dict) -> dict:
    """``scenario`` as an adapter receives it: without its expectations (``expect``, and the
    superseded answers' ``superseded``)."""
    return {k: v for k, v in scenario.items() if k not in EXPECTATIONS}


class TraceKeeper:
    """``duelspec run --keep-traces DIR`` (issue 21 §4): every reply of the adapter, whole, one JSON file
    per scenario (``DIR/<scenario id>.json``: the scenario as the adapter got it, the as-of date and the
    reply: its whole trace, or its skip or error), for debugging an adapter beyond the window of events
    a failure shows. A file that cannot be written is remembered (``failed``), the run goes on."""

    def __init__(self, folder):
        from pathlib import Path
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.failed: str | None = None
        self.written = 0

    def path(self, scenario_id: str):
        import re
        return self.folder / (re.sub(r"[^A-Za-z0-9._-]+", "_", str(scenario_id)).strip(".")[:200] + ".json")

    def __call__(self, scenario: dict, reply, as_of: str) -> None:
        import json
        doc = {"id": scenario.get("id"), "as_of": as_of, "scenario": scenario, "reply": reply}
        try:
            self.path(scenario.get("id", "scenario")).write_text(json.dumps(doc, ensure_ascii=False, indent=1, default=repr),
                                                                 encoding="utf-8")
            self.written += 1
        except (OSError, ValueError) as exc:
            self.failed = self.failed or f"--keep-traces {self.folder}: {exc}"


def run_one(scenario: dict, adapter, impl: dict, as_of: str | None = None, keep: TraceKeeper | None = None) -> dict:
    """Run one scenario through ``adapter`` and check it against the expectations in force on
    ``as_of`` (ISO date, default today: :func:`duelspec.judging.asof.select`); never raises for a bad
    reply. A scenario with no expectation in force that day is ``skipped`` with the reason.
    ``keep`` (a :class:`TraceKeeper`) gets every reply, whole."""
    return finish(play_one(scenario, adapter, impl, as_of, keep))


class Played:
    """A scenario an adapter has played, not yet judged (:func:`finish` judges it): what
    :func:`play_one` gives when the adapter answered. ``--jobs N`` judges it once the adapter is
    free for its next scenario (:meth:`duelspec.adapters.pool.AdapterPool.run_many`)."""
    __slots__ = ("scenario", "reply", "ms", "selection", "observes", "trace_valid", "coverage")

    def __init__(self, scenario: dict, reply, ms: float, selection: "asof.Selection", observes: dict | None = None,
                 trace_valid: bool = False, coverage: "coverage.Coverage | None" = None):
        self.scenario, self.reply, self.ms, self.selection = scenario, reply, ms, selection
        self.observes, self.trace_valid, self.coverage = observes, trace_valid, coverage


def play_one(scenario: dict, adapter, impl: dict, as_of: str | None = None,
             keep: "TraceKeeper | None" = None) -> "dict | Played":
    """The first half of :func:`run_one`: the up-front skips and the adapter's run. A result
    (skipped up front, or errored: the adapter raised), or the :class:`Played` reply to judge."""
    reason = skip_reason(scenario, impl, getattr(adapter, "protocol", None))
    if reason:
        return result_of(scenario, "skipped", reason=reason, skip_kind="runner")
    day = as_of or asof.today()
    selection = asof.select(scenario, day)
    if selection.skip:
        return result_of(scenario, "skipped", reason=selection.skip, skip_kind="runner")
    observes = impl.get("observes")
    cov = coverage.plan(scenario, selection.expect, observes)
    if cov.skip:
        return result_of(scenario, "skipped", reason=cov.skip, skip_kind="runner")
    t0 = time.perf_counter()
    try:
        # the adapter gets the scenario without its expectations (the engine never reads them), and
        # an in-process adapter its own copy, so the checker judges the scenario as written (only a
        # class that itself declares `may_change_scenarios = False` is trusted, not its subclasses)
        trusted = type(adapter).__dict__.get("may_change_scenarios") is False
        given = played(scenario) if trusted else copy.deepcopy(played(scenario))
        reply = run_adapter(adapter, given, day)
    except InputError as exc:
        return result_of(scenario, "errored", message=str(exc), detail="bad input")
    except KeyboardInterrupt:
        raise
    except MemoryError:           # this process ran out of memory: the runner's failure, never the engine's
        return result_of(scenario, "errored", message="duelspec itself ran out of memory while the adapter played "
                         "this scenario (the runner's process, shared with an in-process adapter): not a verdict on "
                         "the engine", detail="runner")
    except BaseException as exc:  # an in-process adapter crashed on this scenario (even with SystemExit)
        return result_of(scenario, "errored", message=f"{type(exc).__name__}: {exc}",
                         detail=traceback.format_exc(limit=8))
    ms = round((time.perf_counter() - t0) * 1000, 3)
    if keep is not None:
        keep(played(scenario), reply, day)
    # an adapter class that itself declares `replies_valid = True` (the process adapter) has checked
    # a reply's trace against the trace schema already: the judge does not check it again
    return Played(scenario, reply, ms, selection, observes, type(adapter).__dict__.get("replies_valid") is True, cov)


def finish(x: "dict | Played") -> dict:
    """The result of what :func:`play_one` gave: a played reply judged (:func:`judge`), a result as it is."""
    return judge(x.scenario, x.reply, x.ms, x.selection, x.observes, x.trace_valid, x.coverage) if isinstance(x, Played) else x


def judge(scenario: dict, reply: dict, ms: float | None = None, selection: "asof.Selection | None" = None,
          observes: dict | None = None, trace_valid: bool = False, cov: "coverage.Coverage | None" = None) -> dict:
    """Turn an adapter reply (``trace`` / ``skipped`` / ``errored`` / ``timed-out``) into a result.
    A reply of the wrong shape, a trace that fails the schema or refers to cards the scenario
    does not have is ``errored`` ("invalid reply" / "invalid trace"), never a rules failure.

    The trace is checked against ``selection`` (the expectations in force on the run's as-of
    date, :func:`duelspec.judging.asof.select`; default: today's), without the items an adapter that
    observes ``observes`` cannot show (:func:`duelspec.judging.coverage.plan`): the result's ``coverage``
    says how many items were checked and which were not, ``partial: true`` when any was not. A result judged by a superseded
    answer carries ``answer`` (its ruling and dates); a failing one whose trace satisfies another
    dated answer of the scenario carries ``follows`` (:func:`duelspec.judging.asof.follows`).

    ``trace_valid``: the trace is known to be valid against the trace schema (the process
    adapter checked the whole reply); else it is checked here. ``cov``: the coverage of ``scenario`` by
    ``selection`` for ``observes`` when the caller has it (:func:`play_one` planned it), else planned here.

    ``errored`` / ``timed-out`` replies may carry ``evidence`` (``{"line", "stderr",
    "exit_status", "pointer"}``, see :mod:`duelspec.adapters.process`); it is kept."""
    if selection is None:
        selection = asof.select(scenario)
    used = selection.answer
    answer = {k: used[k] for k in ("ruling", "answered", "replaced")} if used else None
    problem = reply_problem(reply)
    if problem:
        return result_of(scenario, "errored", message=f"the adapter's reply is malformed: {problem}",
                         detail="invalid reply", duration_ms=ms)
    if "skipped" in reply:
        s = reply["skipped"]
        return result_of(scenario, "skipped", reason=s.get("reason", ""), issue=s.get("issue"), skip_kind="adapter")
    for kind in ("errored", "timed-out"):
        if kind in reply:
            e = reply[kind]
            return result_of(scenario, kind, message=e.get("message", ""), detail=e.get("detail"),
                             evidence=e.get("evidence") or None, duration_ms=ms)
    trace = reply.get("trace")
    errs = None if trace_valid else schemas.errors_of(trace, "trace")
    if errs:
        return result_of(scenario, "errored", message=f"the adapter's trace fails the trace schema ({len(errs)} error"
                         f"{'s' if len(errs) != 1 else ''}): {schemas.all_errors(errs)}", detail="invalid trace")
    problem = trace_problem(scenario, trace)
    if problem:
        return result_of(scenario, "errored", message=f"the adapter's trace is invalid: {problem}", detail="invalid trace")
    if cov is None:
        cov = coverage.plan(scenario, selection.expect, observes)
    judged = {"coverage": cov.as_dict(), "partial": True if cov.partial else None}
    failures = check(scenario if used is None else dict(scenario, expect=selection.expect), trace, cov.omit)
    if failures:
        # every failure from the contract (a window mismatch): a contract failure, never counted as a rules failure
        judged["contract"] = True if all(f.kind for f in failures) else None
        return result_of(scenario, "failed", failures=[f.as_dict() for f in failures], duration_ms=ms, answer=answer,
                         follows=asof.follows(scenario, trace, used, observes), **judged)
    return result_of(scenario, "passed", duration_ms=ms, answer=answer, **judged)


def run_scenarios(scenarios: Iterable[dict], adapter, impl: dict | None = None, errors: Iterable = (),
                  expect_fail: dict | None = None, as_of: str | None = None) -> Iterator[dict]:
    """Yield a result per compile error, then per scenario, in order (see :class:`Run`)."""
    run = Run(adapter, expect_fail=expect_fail, as_of=as_of)
    if impl is None:
        run.start()
    else:
        run.implementation = impl
    yield from run.results(scenarios, errors)


class Run:
    """One run of scenarios on one adapter.

    ``as_of`` (ISO date, default today) selects the expectations in force on that date and is
    passed to the adapter (:func:`run_adapter`).

    Attributes after :meth:`results` is exhausted: ``stopped_early`` (bool), ``reason``
    (str or None: why it stopped early), ``implementation`` (dict, ``{}`` when the adapter did
    not start), ``start_error`` (the start-up error or None).
    """

    def __init__(self, adapter, expect_fail: dict | None = None, as_of: str | None = None, keep: TraceKeeper | None = None):
        self.adapter = adapter
        self.keep = keep
        self.as_of = as_of or asof.today()
        self.expect_fail = expect_fail or {}
        self.implementation: dict = {}
        self.start_error: Exception | None = None
        self.stopped_early = False
        self.reason: str | None = None

    def start(self) -> dict:
        """Start the adapter; returns its implementation description (``{}`` when it failed:
        then ``start_error`` is set and every scenario will be ``errored`` with its evidence)."""
        try:
            impl = self.adapter.start() or {}
            self.implementation = bound(impl) if isinstance(impl, dict) else impl
        except Exception as exc:  # AdapterStartError, or an in-process adapter failing to start
            self.start_error = exc
            self.stopped_early = True
            self.reason = f"the adapter did not start: {exc}"
        return self.implementation

    def _start_failed(self, scenario: dict, first: bool) -> dict:
        ev = getattr(self.start_error, "evidence", None) if first else None
        return result_of(scenario, "errored", message=f"not run: {self.reason}", detail="start-up failed",
                         evidence=ev or None)

    def results(self, scenarios: Iterable[dict], errors: Iterable = ()) -> Iterator[dict]:
        """Yield a result per compile error, then per scenario, in order; never raises for
        anything an adapter does. A :class:`~duelspec.compiler.ScenarioError` among the scenarios
        (a document that changed after it was selected: :class:`duelspec.selection.Documents`)
        is an ``errored`` result in its place."""
        for err in errors:
            yield compile_error_result(err)
        if self.start_error is None and hasattr(self.adapter, "run_many"):      # --jobs N: an AdapterPool
            # each process plays; the replies are judged here, in order, while the processes play on
            played = self.adapter.run_many(scenarios, lambda s, a: compile_error_result(s) if not isinstance(s, dict)
                                           else play_one(s, a, self.implementation, self.as_of, self.keep))
        else:
            played = None
        first = True
        for s in (scenarios if played is None else played):
            if played is not None:
                r = finish(s)
            elif not isinstance(s, dict):
                r = compile_error_result(s)
            elif self.start_error is not None:
                r = self._start_failed(s, first)
                first = False
            else:
                r = run_one(s, self.adapter, self.implementation, self.as_of, self.keep)
            gave_up = getattr(self.adapter, "gave_up", None) if self.start_error is None else None
            if gave_up and not self.stopped_early:
                self.stopped_early, self.reason = True, gave_up
            if self.expect_fail:
                from .judging.expectfail import apply
                r = apply(r, self.expect_fail)
            yield r
