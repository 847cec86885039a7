"""The run step of duelspec's GitHub Action (``action.yml`` at the repository's root, issue 21 §2).

The composite action installs duelspec from its own checkout (the ref the workflow's ``uses:`` pins),
then runs ``python -m duelspec.github_action`` with its inputs in ``INPUT_*`` variables: this module
turns them into one ``duelspec run`` (:func:`argv`), writes the step's outputs (where the result stream
and the JUnit report are, the artifact's name) to ``$GITHUB_OUTPUT`` before the run starts, so that the
upload step finds them whatever the run's verdict, and exits with the run's exit status. The Markdown
summary goes to the job summary (``$GITHUB_STEP_SUMMARY``). There is no default adapter: an action
that names no engine checks nothing, and is an error (exit 2), never a run of duelspec's own engine."""
from __future__ import annotations

import os
import re
import shlex
import sys
from typing import Mapping

# input name -> what it says (action.yml declares the same inputs; tests/test_github_action.py keeps them equal)
INPUTS = {
    "adapter": "your engine's adapter: `cmd:<command line>` (adapter protocol) or `module:Class`; required, no default",
    "game": "`ygo` or `dm`: only that game's scenarios (empty: every game)",
    "expect-fail": "your expect-fail file (TOML, scenario id -> reason): listed failures are xfailed, a listed pass fails",
    "shard": "`K/N`: play shard K of N (a matrix job); every shard of the run is judged as of `as-of`",
    "run-id": "the id the shards of one run share (empty: the workflow run's, GITHUB_RUN_ID)",
    "as-of": "judge by the rulings in force on this date, YYYY-MM-DD (empty: today; required with `shard`)",
    "generated": "`true`: also the generated scenarios: 3,082 Yu-Gi-Oh! chains and 1,096 Duel Masters attacks (with `game`: that game's only)",
    "junit": "where to write the JUnit XML report (empty: none)",
    "results": "where to write the JSON-lines result stream",
    "markdown-summary": "`true`: write the Markdown summary to the job summary",
    "upload": "`true`: upload the result stream and the JUnit report as an artifact (even when the run failed)",
    "artifact-name": "the artifact's name (empty: duelspec-results, or duelspec-results-K-of-N for a shard)",
    "args": "more `duelspec run` options, split like a shell command line (e.g. `--jobs 2 --timeout 60`)",
    "python-version": "the Python duelspec runs on (3.10 to 3.13)",
}


class ActionError(ValueError):
    """An input the action cannot run with."""


def _flag(inputs: Mapping[str, str], name: str) -> bool:
    value = inputs.get(name, "").strip().lower()
    if value not in ("", "true", "false"):
        raise ActionError(f"the `{name}` input is `true` or `false`, got {value!r}")
    return value == "true"


def argv(inputs: Mapping[str, str], env: Mapping[str, str] | None = None) -> list[str]:
    """The ``duelspec`` arguments of the run the action's ``inputs`` ask for."""
    env = os.environ if env is None else env
    adapter = inputs.get("adapter", "").strip()
    if not adapter:
        raise ActionError("the `adapter` input is required: name your engine's adapter (e.g. `cmd:./build/my-sim "
                          "--duelspec`); there is no default engine, an action that names none would check nothing")
    out = ["run", "--adapter", adapter, "--out", inputs.get("results", "").strip() or "duelspec-results.jsonl"]
    for name, option in (("game", "--game"), ("expect-fail", "--expect-fail"), ("shard", "--shard"),
                         ("run-id", "--run-id"), ("as-of", "--as-of"), ("junit", "--junit")):
        value = inputs.get(name, "").strip()
        if value:
            out += [option, value]
    if _flag(inputs, "generated"):
        out.append("--generated")
    if _flag(inputs, "markdown-summary"):
        summary = env.get("GITHUB_STEP_SUMMARY")
        if not summary:
            raise ActionError("`markdown-summary: true` writes to the job summary, but GITHUB_STEP_SUMMARY is not set "
                              "(not on GitHub Actions?)")
        out += ["--markdown", summary]
    try:
        out += shlex.split(inputs.get("args", ""))
    except ValueError as exc:
        raise ActionError(f"the `args` input is not a command line: {exc}") from None
    return out


def artifact_name(inputs: Mapping[str, str]) -> str:
    """The artifact's name: the ``artifact-name`` input, or one per shard (a matrix uploads one per job)."""
    given = inputs.get("artifact-name", "").strip()
    if given:
        return given
    shard = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", inputs.get("shard", ""))
    return f"duelspec-results-{shard.group(1)}-of-{shard.group(2)}" if shard else "duelspec-results"


def inputs_from(env: Mapping[str, str]) -> dict:
    """The action's inputs, as the composite step passes them: ``INPUT_<NAME>`` (upper case, ``-`` as ``_``)."""
    return {name: env.get("INPUT_" + name.upper().replace("-", "_"), "") for name in INPUTS}


def main() -> int:
    from . import start
    start.hold()                    # a signal while the command is imported: `run` acts on it (duelspec.start)
    try:
        return _main()
    finally:
        start.release()


def _main() -> int:
    from .cli import main as cli
    inputs = inputs_from(os.environ)
    from .text import StopCommands, visible, workflow_data
    try:
        args = argv(inputs)
    except ActionError as exc:                 # its text quotes an input: escaped for the workflow command
        print(f"::error title=duelspec::{workflow_data(exc)}", flush=True)
        return 2
    outputs = {"results": args[args.index("--out") + 1], "junit": inputs.get("junit", "").strip(),
               "artifact": artifact_name(inputs)}
    if any("\n" in v or "\r" in v for v in outputs.values()):
        print("::error title=duelspec::the `results`, `junit` and `artifact-name` inputs are one line each", flush=True)
        return 2
    if os.environ.get("GITHUB_OUTPUT"):
        with open(os.environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as fh:
            fh.writelines(f"{k}={v}\n" for k, v in outputs.items())
    # Everything from here reaches the CI log: the inputs echoed (escaped: one line), and what the run
    # prints (adapter and scenario text, an adapter's stderr tail). Inside ::stop-commands:: no line of
    # it is obeyed as a workflow command, whatever it starts with (the runner trims leading spaces).
    code = 0
    with StopCommands(sys.stdout):
        print("duelspec " + visible(shlex.join(args), limit=4000), flush=True)
        try:
            cli.main(args, prog_name="duelspec")
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    # the annotations are our own workflow commands (their data escaped), after stop-commands ended
    for line in annotations(outputs["results"]):
        print(line, flush=True)
    return code


#: annotations a run writes at most (GitHub shows 10 errors per step and 50 per job)
ANNOTATIONS = 50


def annotations(results_path: str, limit: int = ANNOTATIONS) -> list[str]:
    """``::error file=<feature file>,line=<line>,title=…::<message>``, one per scenario that failed the
    run (failed, errored, timed out, an expect-fail entry that passed), so each shows in the run's
    annotations at its feature file's line; every text from a result escaped for a workflow command
    (:func:`duelspec.text.workflow_property`, :func:`~duelspec.text.workflow_data`). A stream that
    cannot be read gives none (the run's own output has said why)."""
    from .errors import InputError
    from .headline import contract_failure
    from .reporting.report import BAD, read_stream
    from .text import workflow_data, workflow_property
    try:
        st = read_stream(results_path)
    except (InputError, OSError):
        return []
    bad = [r for r in st.results if r.get("outcome") in BAD]
    out = []
    for r in bad[:limit]:
        origin = r.get("origin") if isinstance(r.get("origin"), dict) else {}
        props = []
        if isinstance(origin.get("file"), str):
            props.append(f"file={workflow_property(origin['file'])}")
            if isinstance(origin.get("line"), int):
                props.append(f"line={origin['line']}")
        what = "contract failure (not a rules failure)" if contract_failure(r) else r["outcome"]
        props.append("title=" + workflow_property(f"duelspec: {what} {r.get('id', '?')}", 300))
        first = (r.get("failures") or [{}])[0] if isinstance(r.get("failures"), list) else {}
        message = first.get("message") if isinstance(first, dict) else None
        rulings = ", ".join(str(x) for x in r.get("rulings", [])[:10]) if isinstance(r.get("rulings"), list) else ""
        text = f"{rulings}: {message or r.get('message') or r.get('reason') or r['outcome']}"
        out.append(f"::error {','.join(props)}::{workflow_data(text, 1000)}")
    if len(bad) > limit:
        out.append(f"::warning title=duelspec::{len(bad) - limit} more failing scenarios (the job summary and the result stream list them)")
    return out


if __name__ == "__main__":
    sys.exit(main())
