"""The compile cache (issue 37): the scenarios compiled from a set of feature files, kept on disk
and reused while nothing they came from has changed.

The key is a sha256 of the content everything compiled depends on: each feature file's bytes with
its path and the name it is shown by, the card, ruling and general-rule catalogues, the schemas,
the source of duelspec itself and of the Gherkin parser, and the Python version. Any change of any
of them is another key: a cached entry is never stale, it is only no longer found. Only a compile
without errors is kept (an error's message is made where it is met).

The folder is ``$DUELSPEC_CACHE_DIR`` when set (``off``: no cache), else
``$XDG_CACHE_HOME/duelspec/compiled`` (``~/.cache/duelspec/compiled``). An entry is one file
``<key>.json``: a first line ``duelspec-compiled 1 <sha256 of the rest>`` and the scenarios as JSON.
It is written to a temporary file in the same folder and renamed into place (``os.replace``), so a
run that reads it while another writes it sees the whole old entry or the whole new one, never a part;
two runs that write one key write the same bytes. An entry that cannot be read, whose checksum or
shape is wrong, is ignored (the features are compiled again and the entry rewritten); a folder that
cannot be written only means no entry is kept. At most :data:`KEEP` entries are kept (the oldest
removed).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

#: the first word of an entry, and its layout's version
MAGIC = b"duelspec-compiled 1 "
#: how many entries the folder keeps (one per set of features compiled)
KEEP = 16


def folder() -> Path | None:
    """The cache folder, or ``None`` when the cache is off (``DUELSPEC_CACHE_DIR=off``)."""
    env = os.environ.get("DUELSPEC_CACHE_DIR")
    if env:
        return None if env.strip().lower() in ("off", "0", "no", "none") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "duelspec" / "compiled"


def _code_digest() -> bytes:
    """A sha256 of the source of duelspec and of the Gherkin parser and of the Python version."""
    from importlib.util import find_spec
    gherkin = Path(find_spec("gherkin").origin).resolve().parent      # found, not imported
    h = hashlib.sha256(sys.version.encode())
    for root in (Path(__file__).resolve().parents[1], gherkin):
        for f in sorted(root.rglob("*.py")):
            data = f.read_bytes()
            h.update(f"{f.relative_to(root).as_posix()}\0{len(data)}\0".encode())
            h.update(data)
    return h.digest()


def key(sources: list) -> str:
    """The key of a compile of ``sources`` (``(path, shown name, bytes)`` each, in order)."""
    from ..resources import features_dir, schemas_dir
    h = hashlib.sha256(_code_digest())
    base, schemas = features_dir(), schemas_dir()
    data = [f for pat in ("cards/*.json", "rulings/*.json", "general_rules/*.json") for f in sorted(base.glob(pat))]
    data += sorted(schemas.glob("*.json"))
    for f in data:
        b = f.read_bytes()
        h.update(f"data\0{f.as_posix()}\0{len(b)}\0".encode())
        h.update(b)
    for path, shown, b in sources:
        h.update(f"feature\0{path}\0{shown}\0{len(b)}\0".encode())
        h.update(b)
    return h.hexdigest()


def read(k: str) -> list | None:
    """The scenarios kept under key ``k``, or ``None`` (none kept, the cache off, or an entry that
    cannot be read or is not whole: ignored)."""
    where = folder()
    if where is None:
        return None
    try:
        raw = (where / f"{k}.json").read_bytes()
        head, _, body = raw.partition(b"\n")
        if not head.startswith(MAGIC) or head[len(MAGIC):].decode("ascii") != hashlib.sha256(body).hexdigest():
            return None
        scenarios = json.loads(body)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(scenarios, list) or not all(isinstance(s, dict) for s in scenarios):
        return None
    return scenarios


def write(k: str, scenarios: list) -> bool:
    """Keep ``scenarios`` under key ``k`` (atomically: a temporary file renamed); ``False`` when it
    could not be written (a read-only home, a full disk: the run goes on without)."""
    where = folder()
    if where is None:
        return False
    import tempfile
    body = json.dumps(scenarios, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    tmp = None
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{k[:16]}.", suffix=".tmp", dir=where)
        with os.fdopen(fd, "wb") as fh:
            fh.write(MAGIC + hashlib.sha256(body).hexdigest().encode("ascii") + b"\n" + body)
        os.replace(tmp, where / f"{k}.json")
        tmp = None
        _prune(where)
        return True
    except OSError:
        return False
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _prune(where: Path) -> None:
    """Remove all but the :data:`KEEP` newest entries (another run may remove one meanwhile)."""
    entries = []
    for f in where.glob("*.json"):
        try:
            entries.append((f.stat().st_mtime, f))
        except OSError:
            pass
    for _, f in sorted(entries, reverse=True)[KEEP:]:
        try:
            f.unlink()
        except OSError:
            pass
