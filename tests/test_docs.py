"""Every claim of the docs is checked as written (issue 32 §7): the fenced blocks of the README, docs/,
docs/design/, the adapters' READMEs and benchmarks/README.md are read by Sybil (a well-kept library
for executable documentation: its lexers find each block and its line, the evaluators are ours), and

- ``sh`` / ``bash``: every ``duelspec …`` command parses (the sub-command, each option and each
  value's type, as tests/test_readme.py parses the inline ones), every file of the repository a
  command names exists, every ``--id`` names a scenario of the suite; a block right after
  ``<!--run-->`` is also run as written (from the repository's root, no engine, a few seconds) and
  must exit 0; one after ``<!--run: engine-->`` is run by tests/test_docs_engines.py (slow; it skips
  without the engines' environment);
- ``python``: run (``scenario`` is the suite's scenario the docs' example shows);
- ``gherkin``: every step is one the grammar understands (``duelspec steps``), every ``@id:`` a
  scenario of the suite;
- ``json``: a scenario shown is the compiled scenario of its id (``"...": "..."`` elides keys);
- ``toml``: an expect-fail file loads and names scenarios of the suite; a pytest configuration uses
  only the keys the plugin registers.

Counts and sample output use the markers of tests/test_readme.py (action.yml's count is checked
here). A ``path:line`` of the repository's own code drifts with every edit above that line (``:22``
was wrong three times): a doc names the symbol and its file instead; a line number appears only in
sample output a test regenerates."""
from __future__ import annotations

import fnmatch
import functools
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

from duelspec.tomlread import tomllib
from test_readme import GUIDES, PATH_IN_CODE, ROOT, _argv, _counts, _exists, _parse, _rel, _shown_commands

DOCS = [*GUIDES, ROOT / "benchmarks" / "README.md"]
EXAMPLE_SCENARIO = "ygo.normal-draw.effect-type.effect-negated"     # docs/spec.md, docs/design/scenario-format.md


class DocClaimError(AssertionError):
    """A claim of a doc that is not true: names the file and the line."""


@functools.lru_cache(maxsize=1)
def _scenarios() -> dict:
    from duelspec import compiler
    return {s["id"]: s for s in compiler.compile_paths().scenarios}


@functools.lru_cache(maxsize=1)
def _mutants() -> frozenset:
    from duelspec import mutation
    return frozenset(mutation.registry())


def _known_id(sid: str) -> bool:
    ids = _scenarios()
    return (".generated." in sid or sid in ids or sid in _mutants()
            or any(fnmatch.fnmatchcase(i, sid) for i in ids))


def _where(path) -> str:
    path = Path(path)
    return _rel(path) if path.is_relative_to(ROOT) else str(path)


def _fail(example, what: str, offset: int = 0):
    raise DocClaimError(f"{_where(example.path)}:{example.line + offset}: {what}")


def _line_of(example, needle: str) -> int:
    """The offset, in lines from the block's fence, of the first line of the block holding ``needle``."""
    lines = example.parsed.splitlines()
    for probe in (needle[:40], " ".join(needle.split()[:2])):
        for i, line in enumerate(lines, 1):
            if probe in line:
                return i
    return 0


# -- sh / bash -------------------------------------------------------------------------------------

RUN_MARK = re.compile(r"<!--run(?::\s*(?P<kind>[\w-]+))?-->\s*\Z")
CLONE = "duelspec/"       # `git clone … duelspec && pip install ./duelspec`: the adapters' READMEs name files inside the clone


def _run_kind(example) -> str | None:
    m = RUN_MARK.search(example.document.text[:example.start])
    return (m.group("kind") or "fast") if m else None


def _paths(command: str):
    for m in PATH_IN_CODE.finditer(command):
        yield m.group("path")
    for tok in re.findall(r"(?<![\w/.$-])" + re.escape(CLONE) + r"((?:adapters|docs|schemas|tools)/[\w./-]+)", command):
        yield tok


def check_shell(example) -> None:
    check_commands(example)
    kind = _run_kind(example)
    if kind == "fast":
        run_block(example)


def check_commands(example, lang: str = "sh") -> None:
    """The commands of a shell block (or a CI file's ``run:`` / ``script:`` lines, ``lang="yaml"``)."""
    source = example.parsed
    for command, _ in _shown_commands(f"```{lang}\n{source}```\n"):
        argv = _argv(command)
        at = _line_of(example, command)
        if argv:
            try:
                _parse(argv)
            except Exception as exc:                                       # click's usage errors
                message = getattr(exc, "format_message", lambda: str(exc))()
                _fail(example, f"`{command}`: duelspec rejects it: {message}", at)
        for sid in re.findall(r"--id[ =]'?([\w.*-]+)", command):
            if not _known_id(sid):
                _fail(example, f"`{command}`: no scenario {sid}", at)
    for line in source.splitlines():
        for path in _paths(line):
            if not _exists(path):
                _fail(example, f"no file {path} in the repository", _line_of(example, path))
    for line in re.sub(r"\\\n\s*", " ", source).splitlines():
        line = re.sub(r"^\s*(-\s+)?(run:\s*)?", "", line) if lang == "yaml" else line
        for part in re.split(r"&&|\|\||;|\(|\)|\|", re.sub(r"\s#\s.*$", "", line)):
            for program, flag in _unknown_flags(part.strip()):
                _fail(example, f"`{part.strip()}`: {program} has no option {flag}", _line_of(example, part.strip()))


def _action_inputs() -> set:
    import yaml
    return set(yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))["inputs"])


def check_yaml(example) -> None:
    """A CI configuration: its commands as a shell block's; a step that uses duelspec's action gives it
    only inputs action.yml declares."""
    import yaml
    check_commands(example, "yaml")

    def steps(node):
        if isinstance(node, dict):
            yield node
            for v in node.values():
                yield from steps(v)
        elif isinstance(node, list):
            for v in node:
                yield from steps(v)
    for step in steps(yaml.safe_load(example.parsed)):
        if re.fullmatch(r"[\w-]+/duelspec@\S+", str(step.get("uses", ""))):
            for key in set(step.get("with") or {}) - _action_inputs():
                _fail(example, f"duelspec's action has no input {key} (action.yml: {sorted(_action_inputs())})",
                      _line_of(example, f"{key}:"))


class Block:
    """A file that is one block (a CI template), read as a Sybil example is."""

    def __init__(self, path: Path, text: str, line: int = 0):
        self.path, self.parsed, self.line = str(path), text, line


def _program(argv: list[str]) -> tuple[str, list[Path], list[str]] | None:
    """``(name, its source files, its arguments)`` of a command line that runs a program of this
    repository (``python -m duelspec.adapters.ygopro``, ``node adapters/edopro/main.mjs``,
    ``sh adapters/ygopro/build.sh``, ``duelspec/adapters/duel-masters-go/build.sh``), else None."""
    import importlib.util
    if argv and argv[0] in ("python", "python3", "node", "sh", "bash"):
        interpreter, argv = argv[0], argv[1:]
        if interpreter.startswith("python") and argv[:1] == ["-m"] and len(argv) > 1:
            spec = importlib.util.find_spec(argv[1]) if argv[1].startswith("duelspec.") else None
            if spec is None or spec.origin is None:
                return None
            files = sorted(Path(spec.submodule_search_locations[0]).glob("*.py")) if spec.submodule_search_locations \
                else [Path(spec.origin)]
            return argv[1], files, argv[2:]
    if not argv:
        return None
    path = argv[0][len(CLONE):] if argv[0].startswith(CLONE + "adapters/") else argv[0]
    if re.match(r"(adapters|benchmarks|tools)/", path) and (ROOT / path).is_file():
        return path, [ROOT / path], argv[1:]
    return None


def _unknown_flags(command: str):
    """``(program, --flag)`` for each option a command line gives a program of this repository that
    its source never names (its argparse / click / hand-written option list); an adapter spec's
    ``cmd:…`` command line is read the same way."""
    try:
        argv = shlex.split(command)
    except ValueError:
        return
    for arg in argv:
        if arg.startswith("cmd:"):
            yield from _unknown_flags(arg[4:])
    found = _program(argv)
    if not found:
        return
    name, files, args = found
    source = "\n".join(f.read_text(encoding="utf-8") for f in files)
    for arg in args:
        if arg in (">", ">>", "|"):
            break
        flag = arg.split("=", 1)[0]
        if re.fullmatch(r"--[a-z][\w-]*", flag) and flag != "--help" and flag not in source:
            yield name, flag


def run_block(example, env: dict | None = None, timeout: float = 60) -> list[subprocess.CompletedProcess]:
    """Run each command line of the block as written, from the repository's root, with this Python's
    ``duelspec`` on PATH; each must exit 0."""
    env = {**os.environ, "NO_COLOR": "1", "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
           **(env or {})}
    done = []
    for line in re.sub(r"\\\n\s*", " ", example.parsed).splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        p = subprocess.run(["bash", "-c", line], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
        if p.returncode:
            why = [ln for ln in p.stdout.splitlines() if re.match(r"(FAILED|ERROR|XPASS)\b", ln)] or [p.stderr[-1500:] or p.stdout[-1500:]]
            _fail(example, f"`{line.strip()}` exits {p.returncode}: " + "\n".join(why[:20]), _line_of(example, line.strip()))
        done.append(p)
    return done


# -- gherkin ---------------------------------------------------------------------------------------

STEP = re.compile(r"^\s*(?P<kw>Given|When|Then|And|But)\s+(?P<text>.*?)\s*$")


def _step_understood(keyword: str, text: str) -> bool:
    from duelspec.compiler import step_grammar
    from duelspec.compiler.grammar import MARK, REFUSAL
    GRAMMAR = step_grammar()
    mark = MARK.match(text)
    if mark:
        text = mark.group("rest")
    for game in ("ygo", "dm"):
        if keyword != "when":
            if GRAMMAR.match(keyword, text, game)[0]:
                return True
            continue
        for moment in (m for m in GRAMMAR.moments if game in m.games):
            hit = moment.pattern.match(text)
            if not hit:
                continue
            rest = text[hit.end():]
            for mod in GRAMMAR.modifiers:
                more = mod.pattern.match(rest)
                if more:
                    rest = rest[more.end():]
            r = REFUSAL.match(rest)
            if GRAMMAR.match("when", r.group("text") if r else rest, game)[0]:
                return True
    return False


def _first_example_row(lines: list[str]) -> dict:
    """An outline's placeholders (``<date>``) and the values of its first Examples row."""
    rows = [[c.strip() for c in ln.strip().strip("|").split("|")] for ln in lines if ln.strip().startswith("|")]
    return {f"<{k}>": v for k, v in zip(rows[0], rows[1])} if len(rows) > 1 else {}


def check_gherkin(example) -> None:
    keyword = None
    lines = example.parsed.splitlines()
    row = _first_example_row(lines) if any(ln.strip() == "Examples:" for ln in lines) else {}
    for i, line in enumerate(lines, 1):
        for placeholder, value in row.items():
            line = line.replace(placeholder, value)
        for sid in re.findall(r"@id:(\S+)", line):
            if not _known_id(sid) and not any(i.startswith(sid + ".") for i in _scenarios()):   # an outline's: id.<row id>
                _fail(example, f"no scenario {sid}", i)
        m = STEP.match(line)
        if not m:
            continue
        if m.group("kw") not in ("And", "But"):
            keyword = m.group("kw").lower()
        if keyword and not _step_understood(keyword, m.group("text")):
            _fail(example, f"`{line.strip()}`: no step of the grammar reads it (`duelspec steps` lists them)", i)


# -- json, toml, python ----------------------------------------------------------------------------

def _same(shown, real, where: str = "") -> str | None:
    """Where ``shown`` differs from ``real`` (``"...": "..."`` in an object: its other keys are left out)."""
    if isinstance(shown, dict) and isinstance(real, dict):
        keys = set(shown) - {"..."}
        missing = keys - set(real)
        if missing:
            return f"{where or '/'}: no key {sorted(missing)[0]!r}"
        if "..." not in shown and set(real) - {"origin"} - keys:
            return f"{where or '/'}: leaves out {sorted(set(real) - {'origin'} - keys)}"
        return next((d for k in sorted(keys) if (d := _same(shown[k], real[k], f"{where}/{k}"))), None)
    if isinstance(shown, str) and isinstance(real, str) and "…" in shown:       # "//-[[《スカル・フレイム》]]、…:できません。"
        head, _, tail = shown.partition("…")
        if real.startswith(head) and real.endswith(tail):
            return None
    if isinstance(shown, list) and isinstance(real, list) and len(shown) == len(real):
        return next((d for i, (a, b) in enumerate(zip(shown, real)) if (d := _same(a, b, f"{where}/{i}"))), None)
    return None if shown == real else f"{where or '/'}: {json.dumps(shown)[:80]}, the suite has {json.dumps(real)[:80]}"


def check_json(example) -> None:
    try:
        shown = json.loads(example.parsed)
    except json.JSONDecodeError as exc:
        _fail(example, f"not JSON: {exc}", exc.lineno)
    if isinstance(shown, dict) and "id" in shown:
        real = _scenarios().get(shown["id"])
        if real is None:
            _fail(example, f"no scenario {shown['id']}", _line_of(example, '"id"'))
        diff = _same(shown, real)
        if diff:
            _fail(example, f"scenario {shown['id']} is not as the suite compiles it: {diff}")


def check_toml(example, tmp_dir: Path | None = None) -> None:
    try:
        doc = tomllib.loads(example.parsed)
    except tomllib.TOMLDecodeError as exc:
        _fail(example, f"not TOML: {exc}")
    if "scenarios" in doc:
        import tempfile

        from duelspec.errors import InputError
        from duelspec.judging import expectfail
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "xfail.toml").write_text(example.parsed, encoding="utf-8")
            try:
                entries = expectfail.load(Path(tmp) / "xfail.toml")
            except InputError as exc:
                _fail(example, f"not an expect-fail file: {exc}")
        for sid in entries:
            if not _known_id(sid):
                _fail(example, f"no scenario {sid}", _line_of(example, sid))
    ini = doc.get("tool", {}).get("pytest", {}).get("ini_options", {})
    if ini:
        from duelspec import pytest_plugin
        registered = set(re.findall(r'addini\(\s*"(\w+)"', Path(pytest_plugin.__file__).read_text(encoding="utf-8")))
        for key in set(ini) - registered:
            _fail(example, f"the plugin has no ini key {key} (it has {sorted(registered)})", _line_of(example, key))


OUTPUT_MARK = re.compile(r"<!--output:\s*(?P<args>[^>]*?)\s*-->\s*\Z")
START = re.compile(r"^(?:duelspec|runner) → (?P<message>\{\"cmd\": \"start\".*\})", re.M)


def _shape(text: str) -> str:
    """Output with its commits, hashes and numbers left out: what an "e.g." sample keeps."""
    return re.sub(r"\d+", "N", re.sub(r"[0-9a-f]{7,64}", "H", text)).strip()


def check_output(example) -> None:
    """A bare block: after ``<!--output: ARGS-->`` it is what ``duelspec ARGS`` prints, numbers and
    hashes aside; a protocol transcript's ``start`` is the one the runner sends."""
    from click.testing import CliRunner

    from duelspec import PROTOCOL_VERSION, PROTOCOL_VERSIONS
    from duelspec.cli import main
    m = OUTPUT_MARK.search(example.document.text[:example.start])
    if m:
        printed = CliRunner().invoke(main, shlex.split(m.group("args")), env={"NO_COLOR": "1", "COLUMNS": "110"}).stdout
        # a working tree with uncommitted changes adds `.d<date>` and says so (docs/ci.md, "Pinning a version")
        printed = re.sub(r"\.d\d{8}\b| \(built with uncommitted changes\)", "", printed)
        if _shape(printed) != _shape(example.parsed):
            _fail(example, f"`duelspec {m.group('args')}` prints {printed.strip()!r}, not {example.parsed.strip()!r}")
    for s in START.finditer(example.parsed):
        sent = {"cmd": "start", "protocol": PROTOCOL_VERSION, "protocols": list(PROTOCOL_VERSIONS)}
        if json.loads(s.group("message")) != sent:
            _fail(example, f"the runner starts with {json.dumps(sent)}, not {s.group('message')}",
                  example.parsed[:s.start()].count("\n") + 1)


class OutputParser:
    """A Sybil parser of the blocks with no language (sample output, transcripts), with Sybil's lexer."""
    lexer = FencedCodeBlockLexer(language="", mapping={"language": "arguments", "source": "source"})

    def __call__(self, document):
        for region in self.lexer(document):
            region.parsed, region.evaluator = region.lexemes["source"], check_output
            yield region


def _setup(namespace: dict) -> None:
    namespace["scenario"] = _scenarios()[EXAMPLE_SCENARIO]


SYBIL = Sybil(parsers=[CodeBlockParser("sh", check_shell), CodeBlockParser("bash", check_shell),
                       CodeBlockParser("gherkin", check_gherkin), CodeBlockParser("json", check_json),
                       CodeBlockParser("toml", check_toml), CodeBlockParser("yaml", check_yaml), PythonCodeBlockParser(), OutputParser()],
              path=str(ROOT), setup=_setup)


def examples(paths=DOCS):
    for path in paths:
        document = SYBIL.parse(Path(path))
        for example in document.examples():
            yield example


def _evaluate(example) -> None:
    if not example.namespace.get("scenario"):
        _setup(example.namespace)
    example.evaluate()


def _claim(check, block) -> None:
    """Run ``check(block)``; a wrong claim fails the test with its message alone (file:line: what)."""
    try:
        check(block)
        wrong = None
    except DocClaimError as exc:
        wrong = str(exc)
    if wrong:
        pytest.fail(wrong, pytrace=False)


@pytest.mark.parametrize("example", list(examples()), ids=lambda e: f"{_where(e.path)}:{e.line}")
def test_every_block_of_the_docs_is_true(example):
    _claim(_evaluate, example)


def test_the_blocks_are_found_and_some_are_run():
    found = list(examples())
    by_kind = {}
    assert any(OUTPUT_MARK.search(e.document.text[:e.start]) for e in found), "a sample output is compared"
    for e in found:
        by_kind[e.region.lexemes["arguments"]] = by_kind.get(e.region.lexemes["arguments"], 0) + 1
    assert by_kind.get("sh", 0) >= 10 and by_kind.get("gherkin", 0) >= 5 and {"json", "toml", "python"} <= set(by_kind), by_kind
    runs = [e for e in found if _run_kind(e)]
    assert any(_run_kind(e) == "fast" for e in runs) and any(_run_kind(e) == "engine" for e in runs), \
        "some of the docs' commands are run as written (<!--run--> / <!--run: engine-->)"


# -- the checker can fail ----------------------------------------------------------------------------

BAD_DOC = """# A doc with wrong claims

```sh
duelspec run --adapter 'cmd:node adapters/edopro/main.js'
```

```sh
duelspec run --no-such-flag
```

```sh
duelspec run --id ygo.normal-draw.no-such-scenario
```

```gherkin
@id:ygo.no-such-scenario
Scenario: no such scenario
```

```gherkin
Scenario: a step nobody wrote
  Given player A juggles "muusiki"
```

```json
{"id": "ygo.normal-draw.effect-type.effect-negated.muusiki", "game": "ygo"}
```

```toml
format = 1
[scenarios."ygo.normal-draw.faq1.nope"]
reason = "no such scenario"
```

<!--run-->
```sh
duelspec summary no-such-results.jsonl
```

```sh
node adapters/edopro/main.mjs --scripts x --no-such-option y
```

<!--output: --version-->
```
duelspec 0.1.dev580+g2043c658a
```

```
duelspec → {"cmd": "start", "protocol": 1}
```
"""


def test_a_wrong_claim_fails_naming_the_file_and_the_line(tmp_path):
    doc = tmp_path / "bad.md"
    doc.write_text(BAD_DOC, encoding="utf-8")
    messages = []
    for example in examples([doc]):
        with pytest.raises(DocClaimError) as caught:
            _evaluate(example)
        messages.append(str(caught.value))
    where = [m.split(": ", 1)[0].rsplit(":", 1)[1] for m in messages]
    assert where == ["4", "8", "12", "16", "22", "26", "31", "37", "41", "45", "50"], messages
    assert all(m.startswith(f"{doc}:") for m in messages), messages
    for text, expected in zip(messages, ["no file adapters/edopro/main.js", "No such option",
                                         "no scenario ygo.normal-draw.no-such-scenario", "no scenario ygo.no-such-scenario",
                                         "juggles \"muusiki\"`: no step of the grammar", "no scenario ygo.normal-draw.effect-type.effect-negated.muusiki",
                                         "no scenario ygo.normal-draw.faq1.nope", "exits 2",
                                         "adapters/edopro/main.mjs has no option --no-such-option",
                                         "`duelspec --version` prints", "the runner starts with"]):
        assert expected in text, (expected, text)


def test_a_scenario_shown_differently_from_the_suite_fails(tmp_path):
    real = json.dumps({**_scenarios()[EXAMPLE_SCENARIO], "title": "another title"})
    doc = tmp_path / "bad.md"
    doc.write_text(f"```json\n{real}\n```\n", encoding="utf-8")
    [example] = examples([doc])
    with pytest.raises(DocClaimError, match="/title"):
        _evaluate(example)


# -- counts outside the markers, line references ------------------------------------------------------

def test_the_actions_count_of_generated_scenarios_is_the_suites():
    """action.yml and duelspec/github_action.py say how many scenarios `generated: true` adds (no
    `game`: the Yu-Gi-Oh! chains and the Duel Masters attacks); "about 2,600" was wrong twice."""
    import yaml

    from duelspec.github_action import INPUTS
    counts = _counts()
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    stale = []
    for where, text in (("action.yml", action["inputs"]["generated"]["description"]),
                        ("duelspec/github_action.py", INPUTS["generated"])):
        numbers = re.findall(r"\d[\d,]*\d", text)
        if [int(n.replace(",", "")) for n in numbers] == [counts["generated"], counts["dm-generated"]]:
            continue
        if os.environ.get("DUELSPEC_UPDATE_README") == "1" and len(numbers) == 2:     # as tests/test_readme.py does
            new = re.sub(r"\d[\d,]*\d", "{}", text).format(f"{counts['generated']:,}", f"{counts['dm-generated']:,}")
            file = ROOT / where
            file.write_text(file.read_text(encoding="utf-8").replace(text, new), encoding="utf-8")
        else:
            stale.append(f"{where}: {text!r}")
    assert not stale, (f"{stale}: the suite generates {counts['generated']:,} chains and {counts['dm-generated']:,} "
                       "attacks (`DUELSPEC_UPDATE_README=1 pytest tests/test_docs.py` rewrites them)")


OWN_LINE = re.compile(r"`(?P<path>(?:[\w-]+/)*[\w-]+\.(?:py|mjs|js|go|toml|sh)):(?P<line>\d+)(?:-\d+)?`")


def test_no_doc_names_a_line_of_the_repositorys_code():
    """``adapters/pool.py:122`` is right until the next edit above it; a doc names the symbol and its file
    (an engine's file:line at a named commit is evidence, and stays: it is not this repository's)."""
    ours = {p.relative_to(ROOT).as_posix() for p in ROOT.glob("**/*") if p.suffix in (".py", ".mjs", ".js", ".go", ".toml", ".sh")
            and ".venv" not in p.parts and "node_modules" not in p.parts}
    names = {Path(p).name for p in ours}
    bad = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in OWN_LINE.finditer(text):
            if m.group("path") in ours or (m.group("path") in names and "/" not in m.group("path")):
                bad.append(f"{_rel(doc)}:{text[:m.start()].count(chr(10)) + 1}: {m.group(0)}")
    assert not bad, "a line of this repository's code named in a doc (name the symbol instead): " + "; ".join(bad)


def test_the_shell_commands_are_found_in_every_guide_with_a_block():
    """Sybil's blocks are the ones tests/test_readme.py reads: no ```sh block goes unchecked."""
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        blocks = len(re.findall(r"^```(?:sh|bash)\n", text, re.M))
        found = sum(1 for e in examples([doc]) if e.region.lexemes["arguments"] in ("sh", "bash"))
        assert found == blocks, (_rel(doc), found, blocks)


INLINE_PYTHON = re.compile(r"`python3? (?:-m (?P<module>[\w.]+)|(?P<path>[\w/.-]+\.py))(?P<rest>[^`]*)`")


def test_every_python_program_a_doc_runs_exists_with_the_options_it_gives():
    """Inline ``python -m duelspec.analysis.causes unorder`` / ``python benchmarks/bench.py site``: the
    module is importable, the file exists, each option is the program's (a bench is one of BENCHES)."""
    import importlib.util
    bad = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in INLINE_PYTHON.finditer(text):
            at = f"{_rel(doc)}:{text[:m.start()].count(chr(10)) + 1}"
            if m.group("module") and m.group("module").startswith("duelspec") and importlib.util.find_spec(m.group("module")) is None:
                bad.append(f"{at}: no module {m.group('module')}")
            elif m.group("path") and not (ROOT / m.group("path")).is_file():
                bad.append(f"{at}: no file {m.group('path')}")
            else:
                bad += [f"{at}: {program} has no option {flag}" for program, flag in _unknown_flags(m.group(0).strip("`"))]
            if m.group("path") == "benchmarks/bench.py":
                sys.path.insert(0, str(ROOT / "benchmarks"))
                try:
                    import bench
                finally:
                    sys.path.pop(0)
                bad += [f"{at}: no bench {name}" for name in m.group("rest").split() if name not in bench.BENCHES]
    assert not bad, "; ".join(bad)


@pytest.mark.parametrize("template", sorted((ROOT / "docs" / "ci").glob("*.yml")), ids=lambda p: p.name)
def test_the_ci_templates_commands_and_action_inputs_are_true(template):
    """docs/ci/*.yml as a block: their commands parse, the action's inputs exist (they are run in a
    simulated CI by tests/test_ci_workflows.py, slow)."""
    _claim(check_yaml, Block(template, template.read_text(encoding="utf-8")))


def test_a_wrong_ci_template_fails():
    bad = "steps:\n  - uses: OWNER/duelspec@COMMIT\n    with:\n      adaptor: cmd:./sim\n  - run: duelspec run --shards 2\n"
    with pytest.raises(DocClaimError, match=r"bad.yml:4: duelspec's action has no input adaptor"):
        check_yaml(Block(Path("bad.yml"), bad.replace("--shards 2", "")))
    with pytest.raises(DocClaimError, match=r"bad.yml:5: .*No such option"):
        check_yaml(Block(Path("bad.yml"), bad.replace("adaptor", "adapter")))
