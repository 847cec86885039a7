"""Which suite a duelspec version is (issue 21 §2: a pin that can be followed).

A release is a version (``duelspec.__version__``, the package's version) with the suite it ships
(:data:`CONTENT_HASH`, :func:`spec_identity` of its features, catalogues and
schemas) and a git tag ``v<version>`` on the commit that records them. Between releases the suite
changes: the version a result stream's header names is then the release's with the suite's hash
as a local label (``0.1.0+suite.c59f57eb0260``), so the version changes whenever the suite does and
two streams of one version ran one suite; ``suite.content_hash`` names the suite in full.

Making a release: ``python -m duelspec.release 0.2.0`` sets ``__version__`` and records the
suite's hash here, then commit, ``git tag v0.2.0`` and list it in docs/ci.md ("Pinning a version");
``tests/test_release.py`` keeps the three in step."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from . import __version__

# the suite of release __version__ (rewritten by `python -m duelspec.release VERSION`)
CONTENT_HASH = "sha256:2c9d407c6ac3e1c74e369e092d17dd6a9cbab0751f600f19891ce0c2c6ef9c8e"


def spec_identity(features: Path | None = None, schemas: Path | None = None) -> str:
    """``sha256:<hex>`` over a spec (default: the installed one): every feature file, the card and
    ruling catalogues and the schemas (each file's path relative to its folder and its bytes, in
    path order). Two runs with the same identity ran the same spec."""
    import hashlib
    from .resources import features_dir, schemas_dir
    h = hashlib.sha256()
    for base, patterns in ((features or features_dir(), ("**/*.feature", "cards/*.json", "rulings/*.json")),
                           (schemas or schemas_dir(), ("*.json",))):
        files = sorted({f for pat in patterns for f in base.glob(pat) if f.is_file()})
        for f in files:
            rel = f"{base.name}/{f.relative_to(base).as_posix()}"
            data = f.read_bytes()
            h.update(f"{rel}\0{len(data)}\0".encode())
            h.update(data)
    return "sha256:" + h.hexdigest()


def suite_version(content_hash: str | None = None) -> str:
    """The version of the suite whose :func:`spec_identity` is ``content_hash``
    (default: the installed suite's): ``__version__`` for the release's own suite, else
    ``__version__+suite.<12 hex digits of the hash>``."""
    if content_hash is None:
        content_hash = spec_identity()
    if content_hash == CONTENT_HASH:
        return __version__
    return f"{__version__}+suite.{content_hash.split(':', 1)[-1][:12]}"


def record(version: str) -> None:
    """Make ``version`` the release of the suite as it is now: ``__version__`` and :data:`CONTENT_HASH`."""
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise ValueError(f"a release version is MAJOR.MINOR.PATCH, got {version!r}")
    here = Path(__file__).parent
    init = here / "__init__.py"
    init.write_text(re.sub(r'^__version__ = "[^"]*"$', f'__version__ = "{version}"', init.read_text(encoding="utf-8"),
                           count=1, flags=re.M), encoding="utf-8")
    me = Path(__file__)
    me.write_text(re.sub(r'^CONTENT_HASH = "[^"]*"$', f'CONTENT_HASH = "{spec_identity()}"', me.read_text(encoding="utf-8"),
                         count=1, flags=re.M), encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m duelspec.release VERSION   (records the suite as it is now as release VERSION)")
    record(sys.argv[1])
    print(f"release {sys.argv[1]}: commit, then `git tag v{sys.argv[1]}` and list it in docs/ci.md")
