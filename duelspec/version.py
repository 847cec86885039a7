"""Which duelspec this is (issue 32 §2): its version, the commit it was built from, the suite it ships.

The version comes from git when duelspec is built (setuptools-scm, ``pyproject.toml``): ``X.Y.Z`` on
the commit tagged ``vX.Y.Z``, else ``X.Y.devN+g<commit>`` (N commits after the last tag; ``0.1.devN``
before any tag), with ``.d<date>`` when the tree had uncommitted changes. The build writes it with the
full commit into ``duelspec/built_version.py`` — from a git checkout, a git URL, an sdist or a
``git archive``/GitHub tarball (``.git_archival.txt``) alike — so a wheel knows both without git.

The suite is named by its content (:func:`spec_identity`, a sha256 of the features,
catalogues and schemas): a result stream's header carries it as ``suite.content_hash`` and, in
``suite.version``, the version with ``suite.<12 hex digits of the hash>`` in its local label, so two
streams of one ``suite.version`` ran one suite even from an editable install whose version was
written at an older commit. Pinning: docs/ci.md, "Pinning a version"."""
from __future__ import annotations

from pathlib import Path

UNKNOWN = "0+unknown"


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


def _built() -> tuple[str, str | None, bool]:
    """(version, full commit or None, whether the tree had uncommitted changes) as the build wrote them."""
    try:
        from . import built_version as v
    except ImportError:          # a source tree that was never built or installed (on sys.path as it is)
        try:
            from importlib.metadata import version
            return version("duelspec"), None, False
        except Exception:  # noqa: BLE001 - not installed either
            return UNKNOWN, None, False
    node = getattr(v, "__commit__", None) or None
    if node and node.startswith("g") and len(node) == 41:
        node = node[1:]           # git's node as setuptools-scm keeps it: "g" + 40 hex digits
    return v.__version__, node, bool(getattr(v, "__dirty__", False))


VERSION, COMMIT, DIRTY = _built()


def suite_version(content_hash: str | None = None) -> str:
    """The version of the suite whose :func:`spec_identity` is ``content_hash``
    (default: the installed suite's): :data:`VERSION` with ``suite.<12 hex digits>`` in its local label
    (``0.1.dev578+gcc06d868.suite.2c9d407c6ac3``, ``0.2.0+suite.2c9d407c6ac3``)."""
    if content_hash is None:
        content_hash = spec_identity()
    label = f"suite.{content_hash.split(':', 1)[-1][:12]}"
    return f"{VERSION}.{label}" if "+" in VERSION else f"{VERSION}+{label}"


def describe() -> str:
    """What ``duelspec --version`` prints: the version, the commit (and how to pin it) and the suite's hash."""
    if COMMIT:
        commit = COMMIT + (" (built with uncommitted changes)" if DIRTY else "")
    else:
        commit = "unknown (built without git metadata)"
    return (f"duelspec {VERSION}\n"
            f"commit {commit}\n"
            f"suite {spec_identity()}")
