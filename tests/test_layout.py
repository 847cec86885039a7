"""The module layout keeps its seams (docs/design/architecture.md, "Module layout"): checks over the
import statements of the whole tree (Python's own parser, nothing is imported or run)."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the folders of the distribution and their import names (pyproject.toml, [tool.setuptools] package-dir)
PACKAGES = {"duelspec": "duelspec", "reference_engine": "duelspec.reference_engine", "adapters": "duelspec.adapters"}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT)
    parts = [PACKAGES[rel.parts[0]], *rel.with_suffix("").parts[1:]]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict:
    """{import name: path} of every Python module of the distribution."""
    out = {}
    for top in PACKAGES:
        for p in sorted((ROOT / top).rglob("*.py")):
            if "node_modules" not in p.parts and "testdata" not in p.parts:
                out[module_name(p)] = p
    return out


def imports(name: str, path: Path):
    """``(line, module, names)`` of each import of a module: ``module`` absolute (relative imports
    resolved), ``names`` what a ``from`` import takes (empty for ``import x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name, ()
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            yield node.lineno, mod, tuple(a.name for a in node.names)


def _under(mod: str, package: str) -> bool:
    return mod == package or mod.startswith(package + ".")


def test_the_layout_checks_see_the_whole_tree():
    mods = modules()
    assert {"duelspec.cli", "duelspec.reference_engine.common", "duelspec.decisions", "duelspec.adapters.kit",
            "duelspec.reference_engine.ygo"} <= set(mods)
    found = {mod for name, p in mods.items() for _, mod, _ in imports(name, p)}
    assert "duelspec.reference_engine.common" in found and "duelspec.decisions" in found


def _pyproject() -> dict:
    from duelspec.tomlread import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def staged(where: Path) -> Path:
    """The Python modules of the distribution laid out as installed (``duelspec/``, with
    ``reference_engine/`` and ``adapters/`` inside it: pyproject.toml's package-dir), so that
    import-linter, which reads a package from its folder, sees the three folders as one package."""
    for name, p in modules().items():
        rel = Path(*name.split(".")[1:])
        target = where / "duelspec" / rel / "__init__.py" if p.name == "__init__.py" else \
            where / "duelspec" / rel.with_suffix(".py")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(p.read_bytes())
    return where


def _python(where: Path, code: str, *args: str):
    """``code`` run by a Python that imports ``duelspec`` from ``where`` (a :func:`staged` tree)."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=where, env=env, capture_output=True, text=True,
                          timeout=300)


#: import-linter 2.17 (its acyclic_siblings contract) needs Python 3.11: on 3.10 the contracts are not
#: installed (pyproject.toml's test extra) and their tests skip, saying so; .ci/run checks them on 3.11.
needs_linter = pytest.mark.skipif(sys.version_info < (3, 11), reason="import-linter 2.17 needs Python 3.11: "
                                  "the import contracts are checked on 3.11 (.ci/run's full run)")


LINT = "import sys; from importlinter.cli import lint_imports_command; lint_imports_command()"


def lint(where: Path):
    """import-linter's verdict on the contracts of pyproject.toml ([tool.importlinter])."""
    return _python(where, LINT, str(ROOT / "pyproject.toml"), "--no-cache")


@needs_linter
def test_the_import_contracts_hold(tmp_path):
    """The layers of docs/design/architecture.md ("Layers"), the engines' and the adapters' seams
    and no circles, as import-linter checks them (pyproject.toml, [tool.importlinter])."""
    contracts = _pyproject()["tool"]["importlinter"]["contracts"]
    assert {c["type"] for c in contracts} == {"layers", "forbidden", "acyclic_siblings"}
    out = lint(staged(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"Contracts: {len(contracts)} kept, 0 broken." in out.stdout, out.stdout


@needs_linter
def test_each_import_contract_can_fail(tmp_path):
    """One import each, against the grain: a report that calls the CLI (layers), an engine that asks
    an adapter (engines know no harness), an adapter that reads expectations (adapters observe),
    two judging modules importing each other (no circles). Every contract breaks."""
    tree = staged(tmp_path)
    for rel, line in [("reporting/report.py", "from duelspec import cli"),
                      ("reference_engine/ygo/duel.py", "from duelspec.adapters import kit"),
                      ("adapters/kit.py", "from duelspec.judging import coverage"),
                      ("judging/checker.py", "from duelspec.judging import expectfail"),
                      ("judging/expectfail.py", "from duelspec.judging import checker")]:
        f = tree / "duelspec" / rel
        f.write_text(f.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")
    contracts = _pyproject()["tool"]["importlinter"]["contracts"]
    out = lint(tree)
    assert out.returncode != 0
    assert f"Contracts: 0 kept, {len(contracts)} broken." in out.stdout, out.stdout


def packaged() -> set:
    """The modules of :func:`modules` that are in a package (every folder up to the top has an
    ``__init__.py``): what an import graph of the installed package holds. The others are
    programs beside an adapter (``adapters/edopro/report_tables.py``) and examples."""
    def in_package(p: Path) -> bool:
        top = ROOT / p.relative_to(ROOT).parts[0]
        return all((d / "__init__.py").exists() for d in [p.parent, *p.parent.parents] if d == top or top in d.parents)
    return {name for name, p in modules().items() if in_package(p)}


CIRCLES = """
import graphlib, json, grimp
graph = grimp.build_graph("duelspec", cache_dir=None)
edges = {m: graph.find_modules_directly_imported_by(m) - {m} for m in graph.modules}
try:
    graphlib.TopologicalSorter(edges).prepare()
    print(json.dumps([len(edges), []]))
except graphlib.CycleError as exc:
    print(json.dumps([len(edges), exc.args[1]]))
"""


def circle(where: Path) -> list:
    """A circle of imports among the modules of ``where`` (``[]``: none), from import-linter's own
    graph (grimp), module by module: a package and its own modules included, which import-linter's
    ``acyclic_siblings`` contract, comparing siblings, does not see."""
    import json
    out = _python(where, CIRCLES)
    assert out.returncode == 0, out.stderr
    count, found = json.loads(out.stdout)
    assert count == len(packaged()), (count, len(packaged()))     # the graph holds every module of a package
    return found


@needs_linter
def test_no_import_circle_anywhere(tmp_path):
    assert circle(staged(tmp_path)) == []


@needs_linter
def test_the_circle_check_sees_a_package_importing_its_own_module_back(tmp_path):
    """The circle of issue 38: ``site/render.py`` took the site's helpers from ``site/__init__``,
    which imports ``render`` to build."""
    tree = staged(tmp_path)
    f = tree / "duelspec" / "site" / "render.py"
    f.write_text(f.read_text(encoding="utf-8") + "\nfrom . import read_run  # noqa\n", encoding="utf-8")
    assert set(circle(tree)) == {"duelspec.site", "duelspec.site.render"}


#: programs run as ``python -m <module>`` by a file of the repository, which may run a command
#: with its arguments: the GitHub Action's run step (action.yml) runs ``duelspec run``
PYTHON_M_ENTRY_POINTS = {"duelspec.github_action": "action.yml"}


def _entry_points() -> set:
    """The modules pyproject.toml names as console scripts (``duelspec = "duelspec.start:main"``), and
    those a file of the repository runs with ``python -m`` (checked: the file says so)."""
    scripts = _pyproject()["project"]["scripts"]
    for module, runner in PYTHON_M_ENTRY_POINTS.items():
        assert f"python -m {module}" in (ROOT / runner).read_text(encoding="utf-8"), (module, runner)
    return {target.partition(":")[0] for target in scripts.values()} | set(PYTHON_M_ENTRY_POINTS)


def test_every_module_imports():
    """The fast tests that .ci/run runs on Python 3.10 and 3.13 (issue 32 §3) import every module of the
    distribution, and none imports the TOML reader of one Python only (duelspec.tomlread serves all)."""
    import importlib
    import re
    names = {name: path for name, path in modules().items() if not name.endswith("__main__")}
    assert len(names) > 50, sorted(names)
    for name in sorted(names):
        importlib.import_module(name)
    for path in [*names.values(), *sorted((ROOT / "tests").rglob("*.py"))]:
        if path.name != "tomlread.py":
            assert not re.search(r"^\s*import tomllib\b", path.read_text(encoding="utf-8"), re.M), f"{path}: use duelspec.tomlread"


def test_only_the_entry_points_are_above_the_cli():
    """The layers contract puts the CLI under the entry points only (so nothing else imports it: the
    pytest plugins, the analyses and ``python -m duelspec.mutation`` call the library): those
    layers are the programs pyproject.toml and the repository's files start."""
    layers = next(c for c in _pyproject()["tool"]["importlinter"]["contracts"] if c["type"] == "layers")["layers"]
    above = {f"duelspec.{m.strip()}" for layer in layers[:layers.index("cli")] for m in layer.split("|")}
    assert {"duelspec.start", "duelspec.github_action"} <= above   # start holds signals, then imports the command (issue 23)
    assert above <= _entry_points(), above - _entry_points()


@pytest.mark.parametrize("source,expected", [
    ("from ...adapters.kit import Refusal\n", "duelspec.adapters.kit"),
    ("from duelspec.adapters import kit\n", "duelspec.adapters"),
])
def test_the_import_check_resolves_relative_imports(tmp_path, source, expected):
    p = ROOT / "reference_engine" / "ygo" / "duel.py"
    fake = tmp_path / "duel.py"
    fake.write_text(source, encoding="utf-8")
    (mod,) = [m for _, m, _ in imports(module_name(p), fake)]
    assert mod == expected


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_uses(name: str, path: Path) -> list:
    """``(line, what)`` of each private name (``_x``) a module takes from another module of the
    distribution: ``from m import _x``, or ``m._x`` where ``m`` is a module it imported."""
    mods = modules()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out, bound = [], {}
    for line, mod, names in imports(name, path):
        out += [(line, f"{mod}.{n}") for n in names if _private(n) and _under(mod, "duelspec")]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in mods:
                    bound[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            mod = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module
            for a in node.names:
                if f"{mod}.{a.name}" in mods:
                    bound[a.asname or a.name] = f"{mod}.{a.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound \
                and _private(node.attr):
            out.append((node.lineno, f"{bound[node.value.id]}.{node.attr}"))
    return out


def test_no_private_name_is_used_across_modules():
    """A name another module needs is public where it is defined (``report.detail_text``, ``causes.Roles``,
    ``validation.best_error``, ``markdown.cell``), never ``_x`` reached into from outside."""
    bad = [f"{p.relative_to(ROOT)}:{line}: {what}" for name, p in modules().items() for line, what in private_uses(name, p)]
    assert not bad, "private names used across modules:\n" + "\n".join(bad)


@pytest.mark.parametrize("source", ["from duelspec.reporting.report import _detail_text\n",
                                    "from ..report import _md_escape as esc\n",
                                    "from duelspec import validation\nvalidation._best([])\n",
                                    "from .. import validation as v\nv._expected(None)\n"])
def test_the_private_name_check_sees_each_way_of_reaching_in(tmp_path, source):
    fake = tmp_path / "fake.py"
    fake.write_text(source, encoding="utf-8")
    assert private_uses("duelspec.mutation.fake", fake)


def test_the_public_api_is_all_of_duelspec_and_documented():
    """``duelspec.__all__`` resolves, name by name, and docs/design/architecture.md ("Python API")
    lists exactly those names."""
    import re
    import duelspec
    doc = (ROOT / "docs" / "design" / "architecture.md").read_text(encoding="utf-8")
    section = doc.split("## Python API", 1)[1].split("\n## ", 1)[0]
    documented = {n for row in section.splitlines() if row.startswith("| `")
                  for n in re.findall(r"`([A-Za-z_]+)`", row.split(" | ")[0])}
    assert documented == set(duelspec.__all__)
    for name in duelspec.__all__:
        assert getattr(duelspec, name) is not None, name


def test_the_cards_are_a_package_of_family_modules():
    """reference_engine/ygo/cards/ holds the shared shapes in one module and the cards by family in the
    others (tests/test_card_table.py points each card at its family file); no one-file card module."""
    mods = modules()
    assert "duelspec.reference_engine.ygo.cards" in mods
    assert mods["duelspec.reference_engine.ygo.cards"].name == "__init__.py"
    families = [n for n in mods if n.startswith("duelspec.reference_engine.ygo.cards.")]
    assert "duelspec.reference_engine.ygo.cards.shapes" in families and len(families) >= 3, families


#: words of a test file's name that say when a test was found, not what it tests
#: (a trailing number is a round: ``bad_input_2``, ``breaker2``) except where it is a version
ROUND_NAME = r"(?:^|_)(?:issue|round|breaker|regressions?|misc|more|extra|new)\d*(?:_|$)|\d+$"
#: ``format21``: the scenario format 2.1 (docs/design/scenario-format.md), what its tests are about
VERSION_NAMED = {"format21"}


def _round_named(stem: str) -> bool:
    import re
    name = stem.removeprefix("test_")
    return name not in VERSION_NAMED and re.search(ROUND_NAME, name) is not None


def test_the_test_files_are_named_by_their_concept():
    bad = [p.name for p in sorted((ROOT / "tests").glob("test_*.py")) if _round_named(p.stem)]
    assert not bad, "test files named after the round that found them, not their concept: " + ", ".join(bad)


@pytest.mark.parametrize("stem,round_named", [
    ("test_bad_input_2", True), ("test_breaker2", True), ("test_issue9_regressions", True),
    ("test_bad_input", False), ("test_format21", False), ("test_format2_driver", False), ("test_layout", False)])
def test_the_name_check_tells_a_round_from_a_concept(stem, round_named):
    assert _round_named(stem) is round_named
