"""Recorded replies of the real-engine adapters, to show that a change made for speed changes no
reply (issue 26): the YGOPro and EDOPro adapters play a fixed sample of scenarios (every
hand-written Yu-Gi-Oh! scenario and every 13th generated chain) over the adapter protocol, and
every reply must be byte-identical (canonical JSON) to the one recorded with the code before the
change, on the same engine commits. Each line also records the hash of the scenario as played, so a
scenario the suite has changed since the recording is left out of the comparison (its reply may
rightly differ); the others must still give the recorded replies.

``python tests/adapter_replies.py record ygopro|edopro`` records them (the engines' environment
loaded: ``. /work/engines/env.sh``) into ``tests/data/replies/<engine>.jsonl.gz``: a header line
(the adapter's implementation: name and version, which names the engine's commits), then one
``{"id", "scenario", "reply"}`` line per scenario (``scenario``: the sha256 of the document as
played). The comparison is ``tests/test_adapter_replies.py``.
"""
from __future__ import annotations

import gzip
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "replies"
AS_OF = "2026-11-30"            # the date every recorded reply was played as of
GENERATED_STEP = 13             # every 13th generated chain (the count follows the generator)

ENGINES = {
    "ygopro": {"command": f"{sys.executable} -m duelspec.adapters.ygopro", "needs": ("DUELSPEC_YGOPRO_CORE", "DUELSPEC_YGOPRO_SCRIPTS")},
    "edopro": {"command": f"node {ROOT / 'adapters' / 'edopro' / 'main.mjs'}", "needs": ("DUELSPEC_EDOPRO_SCRIPTS",)},
}


def missing(engine: str) -> str | None:
    """Why ``engine`` cannot be played here (an environment variable not set), or None."""
    lack = [v for v in ENGINES[engine]["needs"] if not os.environ.get(v)]
    return f"set {', '.join(lack)} (the engines' checkouts)" if lack else None


def sample() -> list[dict]:
    """The scenarios whose replies are recorded: every hand-written ygo scenario, then every
    ``GENERATED_STEP``-th generated chain, as an adapter receives them (no expectations)."""
    from duelspec.selection import load
    from duelspec.runner import played
    scenarios, _errors = load([], ("ygo",), (), (), (), (), generated=True)
    hand = [s for s in scenarios if not str(s["id"]).startswith("ygo.generated.")]
    gen = [s for s in scenarios if str(s["id"]).startswith("ygo.generated.")]
    return [played(s) for s in hand + gen[::GENERATED_STEP]]


def canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def play(engine: str, scenarios: list[dict]):
    """``(implementation, [(id, reply)])``: ``scenarios`` played by ``engine``'s adapter process."""
    from duelspec.adapters.process import ProcessAdapter
    adapter = ProcessAdapter(ENGINES[engine]["command"], timeout=120, startup_timeout=120)
    try:
        impl = adapter.start()
        return impl, [(s["id"], adapter.run(s, as_of=AS_OF)) for s in scenarios]
    finally:
        adapter.stop()


def path(engine: str) -> Path:
    return DATA / f"{engine}.jsonl.gz"


def scenario_hash(scenario: dict) -> str:
    """The sha256 of ``scenario`` as an adapter receives it (canonical JSON)."""
    import hashlib
    return hashlib.sha256(canonical(scenario).encode("utf-8")).hexdigest()


def read(engine: str) -> tuple[dict, dict]:
    """``(implementation, {id: (scenario hash or None, canonical reply)})`` as recorded."""
    with gzip.open(path(engine), "rt", encoding="utf-8") as fh:
        lines = [json.loads(x) for x in fh]
    return lines[0]["implementation"], {x["id"]: (x.get("scenario"), canonical(x["reply"])) for x in lines[1:]}


def record(engine: str) -> Path:
    scenarios = sample()
    hashes = {s["id"]: scenario_hash(s) for s in scenarios}
    impl, replies = play(engine, scenarios)
    DATA.mkdir(parents=True, exist_ok=True)
    # mtime=0: the same replies give the same bytes
    with open(path(engine), "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write((canonical({"implementation": {k: impl.get(k) for k in ("name", "version")}}) + "\n").encode())
        for sid, reply in replies:
            gz.write((canonical({"id": sid, "scenario": hashes[sid], "reply": reply}) + "\n").encode())
    return path(engine)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "record" or sys.argv[2] not in ENGINES:
        sys.exit(f"usage: python {sys.argv[0]} record {'|'.join(ENGINES)}")
    why = missing(sys.argv[2])
    if why:
        sys.exit(why)
    print(record(sys.argv[2]))
