"""The README and the guides stay true (issues 13, 21): their numbers, sample output, commands,
links and repository paths come from the suite itself.

- each ``<!--count:NAME-->N<!--/count-->``, ``<!--sample:ARGS-->…<!--/sample-->`` and
  ``<!--results:PATH#PART-->…<!--/results-->`` region equals what duelspec computes / prints now, and each
  ``<!--bench:KEY UNIT-->…<!--/bench-->`` region the figure of benchmarks/results.json at KEY (issue 37 §3)
  (``DUELSPEC_UPDATE_README=1 pytest tests/test_readme.py`` rewrites them);
- every ``duelspec …`` command shown parses (the sub-command and each option exist, each value has
  the type the option takes);
- every relative link and every repository path in backticks names a file or folder that exists,
  and every ``#anchor`` a heading of its page."""
from __future__ import annotations

import glob
import json
import os
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from duelspec import __version__, compiler, headline
from duelspec.catalogue import rulings
from duelspec.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# The README and the guides beside it (docs/mutation-report.md is a generated report, not a guide).
GUIDES = [README, *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "mutation-report.md"),
          *sorted((ROOT / "docs" / "design").glob("*.md")), *sorted((ROOT / "adapters").glob("*/README.md"))]
COUNT = re.compile(r"<!--count:(?P<name>[a-z-]+)-->(?P<value>[^<]*)<!--/count-->")
SAMPLE = re.compile(r"<!--sample:(?P<args>[^>]*)-->\n```\n(?P<body>.*?)```\n<!--/sample-->", re.S)
RESULTS = re.compile(r"<!--results:(?P<path>[^#>]+)(?:#(?P<part>hand|generated))?-->(?P<value>[^<]*)<!--/results-->")


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def _counts() -> dict:
    scenarios = compiler.compile_paths().scenarios
    from duelspec.generated import scenarios as generated
    from duelspec.generated.dm_generator import scenarios as dm_generated
    from duelspec.catalogue import cards
    from duelspec.generated.dm_generator import space_size
    from duelspec.mutation import registry
    dm_cards = cards("dm")
    return {
        "dm-situations": space_size(),
        "dm-mutants": len(registry("dm")),
        "ygo-rulings": sum(1 for r in rulings().values() if r.game == "ygo"),
        "dm-rulings": sum(1 for r in rulings().values() if r.game == "dm"),
        "ygo-scenarios": sum(1 for s in scenarios if s["game"] == "ygo"),
        "dm-scenarios": sum(1 for s in scenarios if s["game"] == "dm"),
        "generated": sum(1 for _ in generated()),
        "dm-generated": sum(1 for _ in dm_generated()),
        "dm-sim-scenarios": sum(1 for s in scenarios if s["game"] == "dm"
                                and all("sim_id" in dm_cards[c["card"]] for c in s["setup"]["cards"])),
    }


def _sample(args: str) -> str:
    r = CliRunner().invoke(main, shlex.split(args), env={"COLUMNS": "110", "NO_COLOR": "1", "TERM": "dumb"})
    out = "\n".join(line.rstrip() for line in r.stdout.splitlines())
    # the version names the commit (docs/ci.md, "Pinning a version"): a sample shows it as <version>
    out = out.replace(__version__, "<version>")
    return f"$ duelspec {args}\n{out}\n"


def _results(path: str, part: str | None) -> str:
    """The headline of a committed result stream (``hand``: the hand-written scenarios, ``generated``:
    the generated chains), as every report leads with it (duelspec.headline, issue 32 §5):
    ``153 pass · 9 fail · 2 partly checked · 4 not checked``."""
    results = []
    for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        if r.get("type") == "result" and part in (None, "generated" if ".generated." in r["id"] else "hand"):
            results.append(r)
    return headline.headline(headline.tally(results))


def _bench_results():
    from test_benchmarks import _bench
    return _bench(), json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))


def test_readme_counts_and_sample_output_are_current():
    counts = _counts()
    bench, bench_results = _bench_results()
    names, samples, stale = set(), 0, []
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        names |= {m.group("name") for m in COUNT.finditer(text)}
        samples += len(SAMPLE.findall(text))
        new = COUNT.sub(lambda m: f"<!--count:{m.group('name')}-->{counts[m.group('name')]:,}<!--/count-->", text)
        new = SAMPLE.sub(lambda m: f"<!--sample:{m.group('args')}-->\n```\n{_sample(m.group('args'))}```\n<!--/sample-->", new)
        new = RESULTS.sub(lambda m: f"<!--results:{m.group('path')}{'#' + m.group('part') if m.group('part') else ''}-->"
                                    f"{_results(m.group('path'), m.group('part'))}<!--/results-->", new)
        new = bench.render_marks(new, bench_results)
        if new != text:
            if os.environ.get("DUELSPEC_UPDATE_README") == "1":
                guide.write_text(new, encoding="utf-8")
            else:
                stale.append(_rel(guide))
    assert names == set(counts), f"count regions in the guides: {sorted(names)}"
    assert SAMPLE.search(README.read_text(encoding="utf-8")) and samples >= 2, "the README and the guides show sample runs"
    assert not stale, (f"the counts, sample output, engine results or benchmark figures of {stale} are stale: run "
                       "`DUELSPEC_UPDATE_README=1 pytest tests/test_readme.py` and commit the result")


#: the speed figures the README shows (issue 37 §3), each a stable key of benchmarks/results.json
README_SPEED = ("engines.edopro.whole_vs_duel_cpu", "engines.ygopro.whole_vs_duel_cpu",
                "engines.duel-masters-go.whole_vs_driver_cpu", "throughput.ratio", "throughput.e2e_per_s",
                "memory-cli.ratio", "jobs.speedup", "site.files", "site.largest_page_kb",
                "load_average_at_start", "load_average_at_end")


def test_the_readme_speed_figures_are_results_json_keys():
    """The README's speed figures are the stable keys of results.json (bench.py's KEYS), each rendered from it:
    a figure changed by hand, or a key results.json does not have shown as a number, is caught."""
    bench, results = _bench_results()
    text = README.read_text(encoding="utf-8")
    shown = bench.marks(text)
    assert set(README_SPEED) <= set(shown) <= set(bench.KEYS), shown
    assert bench.render_marks(text, results) == text
    # the check can fail: a planted disagreement, and a key the run did not measure shown as a number
    planted = text.replace("<!--bench:jobs.speedup-->", "<!--bench:jobs.speedup-->9", 1)
    assert planted != text and bench.render_marks(planted, results) != planted
    missing = {k: v for k, v in results.items() if k != "jobs"}
    assert "<!--bench:jobs.speedup-->not measured in this run<!--/bench-->" in bench.render_marks(text, missing)


# -- commands ---------------------------------------------------------------------------------

FENCE = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```", re.S | re.M)
INLINE = re.compile(r"`(duelspec [^`]+)`")


def _shown_commands(text: str) -> list[tuple[str, bool]]:
    """Every ``duelspec …`` command of a page, each with whether it is a whole command line: the lines
    of its shell blocks (with ``\\`` continuations joined, trailing comments dropped, also after ``&&``
    or inside ``( … )``) are; its inline code may name a command without its required options."""
    found = []
    for m in FENCE.finditer(text):
        if m.group("lang") not in ("sh", "bash", "yaml"):
            continue
        body = re.sub(r"\\\n\s*", " ", m.group("body"))
        for line in body.splitlines():
            line = re.sub(r"^\s*(-\s+)?(run:\s*)?\$?\s*", "", line)
            for part in re.split(r"&&|\|\||;|\(|\)|\|", line):
                part = part.strip()
                if part.startswith("duelspec ") and not part.startswith("duelspec:"):
                    found.append((part, True))
    found += [(m.group(1), False) for m in INLINE.finditer(text)]
    return found


def _argv(command: str) -> list[str] | None:
    command = re.sub(r"\s+#\s.*$", "", command).replace(">>", ">")
    if "…" in command or "..." in command:
        return None            # an elided command (`duelspec run … --write-expect-fail x`) shows one option only
    try:
        argv = shlex.split(command)
    except ValueError:
        return None
    if ">" in argv:
        argv = argv[:argv.index(">")]
    return argv[1:]


def _parse(argv: list[str], whole: bool = True) -> None:
    """Parse ``duelspec ARGV`` as the command line would, without running it. A value that names a
    file the reader has (``my-causes.toml``) or a placeholder in capitals (``NAME``) may not exist here."""
    try:
        ctx = main.make_context("duelspec", list(argv))
    except click.exceptions.Exit:
        return                 # an eager option (`duelspec --version`) answered: the command line parsed
    with ctx:
        name, cmd, rest = main.resolve_command(ctx, [*ctx._protected_args, *ctx.args])
        try:
            cmd.make_context(name, rest, parent=ctx)
        except click.MissingParameter:
            if whole:
                raise
        except click.BadParameter as exc:
            if "does not exist" not in str(exc.message) and not re.search(r"'[A-Z][A-Z_-]*'", str(exc.message)):
                raise


def _all_commands():
    for guide in GUIDES:
        for command, whole in _shown_commands(guide.read_text(encoding="utf-8")):
            argv = _argv(command)
            if argv:
                yield pytest.param(guide, command, argv, whole, id=f"{_rel(guide)}: {command[:60]}")


@pytest.mark.parametrize("guide,command,argv,whole", list(_all_commands()))
def test_every_command_the_guides_show_parses(guide, command, argv, whole):
    try:
        _parse(argv, whole)
    except click.ClickException as exc:
        pytest.fail(f"{_rel(guide)} shows `{command}`, which duelspec rejects: {exc.format_message()}")


def test_the_guides_show_commands():
    """The command check above is not vacuous: the guides' commands are found."""
    commands = [c for g in GUIDES for c in _shown_commands(g.read_text(encoding="utf-8"))]
    assert len(commands) > 40 and any(c.startswith("duelspec summary") and whole for c, whole in commands)
    with pytest.raises(click.NoSuchOption):
        _parse(["run", "--no-such-option"])
    with pytest.raises(click.UsageError):
        _parse(["no-such-command"])


# -- links and paths --------------------------------------------------------------------------

LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
PATH = re.compile(r"`(?P<path>(?:\.ci|adapters|benchmarks|docs|duelspec|features|reference_engine|schemas|tests|tools)/[^`\s]*)`")


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings."""
    out = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


def _exists(path: str) -> bool:
    path = path.rstrip(".,;:").split("#")[0]
    path = re.sub(r":\d+(-\d+)?$", "", path)                 # file:line
    path = path.replace("…", "*")                            # `features/…`: some file there
    if any(ch in path for ch in "*?[{<"):
        pattern = re.sub(r"\{[^}]*\}", "*", re.sub(r"<[^>]*>", "*", path))
        return bool(glob.glob(str(ROOT / pattern), recursive=True))
    return (ROOT / path).exists()


@pytest.mark.parametrize("guide", GUIDES, ids=_rel)
def test_links_and_paths_in_the_guides_exist(guide):
    text = guide.read_text(encoding="utf-8")
    broken = []
    for m in LINK.finditer(text):
        target = m.group("target")
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        page = (guide.parent / file).resolve() if file else guide
        if not page.exists():
            broken.append(f"link {target}: no such file")
        elif anchor and page.suffix == ".md" and anchor not in _anchors(page):
            broken.append(f"link {target}: no heading with that anchor")
    for m in PATH.finditer(text):
        if not _exists(m.group("path")):
            broken.append(f"path `{m.group('path')}`: not in the repository")
    assert not broken, f"{_rel(guide)}: " + "; ".join(broken)


def test_the_readme_is_the_short_one_with_the_guides_beside_it():
    """Issue 21 §6: what and for whom, three quick starts, the coverage table, links; the rest in guides."""
    text = README.read_text(encoding="utf-8")
    assert len(text) < 16_000, len(text)
    for heading in ("## Covered today", "## Quick start 1: check your simulator", "## Quick start 2: read the spec",
                    "## Quick start 3: contribute", "## Guides"):
        assert heading in text
    for guide in ("docs/adapters.md", "docs/ci.md", "docs/coverage.md", "docs/dates.md", "docs/spec.md"):
        assert f"]({guide})" in text, guide
    assert not (ROOT / "docs" / "dm.md").exists(), "docs/dm.md was a stale copy of docs/coverage.md"


def test_ci_run_installs_and_tests_as_the_readme_says():
    """`.ci/run` installs the project as the README's second set-up command does and runs its test command."""
    text = README.read_text(encoding="utf-8")
    setup = text[text.index("### Set-up: two commands"):]
    blocks = [m.group("body").strip() for m in FENCE.finditer(setup)][:2]
    assert blocks[0] == "python3 -m venv .venv && . .venv/bin/activate && pip install . && duelspec run"
    steps = blocks[1].split(" && ")
    ci = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if ln.strip() and not ln.lstrip().startswith("#")]
    at = [ci.index(step) for step in steps]
    assert at == sorted(at), f".ci/run runs {steps} in another order"
    assert ci[-1] == steps[-1], "the README's test command is the last thing .ci/run does"


# -- scenario ids, failure locations and paths inside commands (issue 32 §7) ---------------------------

ID_CONTEXTS = re.compile(r"(?:--id[ =]'?|test_scenario\[|\[scenarios\.\"|^FAILED )(?P<id>(?:ygo|dm)\.[\w.*-]+)", re.M)
FAILED_AT = re.compile(r"^FAILED (?P<id>\S+)  \((?P<file>[^:)]+):(?P<line>\d+)\)", re.M)
CODE = re.compile(r"`([^`\n]+)`|^```\w*\n(.*?)^```", re.S | re.M)
PATH_IN_CODE = re.compile(r"(?<![\w/.$-])(?P<path>(?:adapters|docs|features|schemas|tools|reference_engine|benchmarks)/[\w./-]*\.[a-z]{1,5})\b")


def _origins() -> dict:
    return {s["id"]: s.get("origin") or {} for s in compiler.compile_paths().scenarios}


def test_every_scenario_id_the_guides_name_exists_and_every_failure_shows_its_real_line():
    import fnmatch
    origins = _origins()
    bad = []
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        for m in ID_CONTEXTS.finditer(text):
            sid = m.group("id").rstrip(".")
            if ".generated." in sid or sid in origins or any(fnmatch.fnmatchcase(i, sid) for i in origins):
                continue
            bad.append(f"{_rel(guide)}: no scenario {sid}")
        for m in FAILED_AT.finditer(text):
            o = origins.get(m.group("id"))
            if o and (o.get("file"), o.get("line")) != (m.group("file"), int(m.group("line"))):
                bad.append(f"{_rel(guide)}: {m.group('id')} is at {o.get('file')}:{o.get('line')}, not {m.group('file')}:{m.group('line')}")
    assert not bad, "; ".join(bad)


def test_every_file_a_shown_command_or_code_names_exists():
    """`cmd:node adapters/edopro/main.js` named a file that is main.mjs (the third time)."""
    bad = []
    for guide in GUIDES:
        for m in CODE.finditer(guide.read_text(encoding="utf-8")):
            for p in PATH_IN_CODE.finditer(m.group(1) or m.group(2) or ""):
                if not _exists(p.group("path")):
                    bad.append(f"{_rel(guide)}: {p.group('path')}")
    assert not bad, "files that do not exist: " + "; ".join(sorted(set(bad)))
