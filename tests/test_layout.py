"""The module layout keeps its seams (docs/design/architecture.md, "Module layout"): checks over the
import statements of the whole tree (Python's own parser, nothing is imported or run)."""
from __future__ import annotations

import ast
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


def test_no_module_of_the_reference_engines_imports_from_the_adapters():
    """The engines ask a Decider (duelspec/decisions.py); the kit answers from a script behind it."""
    bad = [f"{p.relative_to(ROOT)}:{line}: {mod}" for name, p in modules().items()
           if _under(name, "duelspec.reference_engine")
           for line, mod, names in imports(name, p)
           if _under(mod, "duelspec.adapters") or any(_under(f"{mod}.{n}", "duelspec.adapters") for n in names)]
    assert not bad, "reference_engine/ imports adapters/:\n" + "\n".join(bad)


def test_the_decisions_module_is_a_leaf():
    mods = modules()
    found = [mod for _, mod, _ in imports("duelspec.decisions", mods["duelspec.decisions"])]
    assert all(not _under(m, "duelspec") for m in found), found


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
