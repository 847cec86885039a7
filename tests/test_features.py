"""Every feature file under features/, run through pytest-bdd (see conftest.py).

Each file is bound on its own: a file pytest-bdd cannot parse becomes one failing test that
shows the compiler's error (file, line, what was expected); the other files still run."""
from pytest_bdd import scenarios

from duelspec import compiler
from duelspec.resources import features_dir


def _unparsable(path, error):
    def test():
        raise AssertionError(f"{path}: this feature file cannot be run: {error}")
    test.__name__ = f"test_unparsable_{path.stem}"
    return test


for _path in compiler.feature_files([features_dir()]):
    try:
        scenarios(str(_path))
    except Exception as _exc:  # noqa: BLE001 - any parse error of pytest-bdd: report it as a test
        _errs = compiler.compile_paths([_path]).errors
        globals()[f"test_unparsable_{_path.stem}"] = _unparsable(_path, _errs[0].error if _errs else _exc)
