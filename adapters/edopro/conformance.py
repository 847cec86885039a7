"""Run exported duelspec scenarios through the EDOPro adapter over protocol 1 and write the
JSON-lines result stream (header / result / footer, as duelspec/report.py writes it).

A stop-gap until `duelspec run --adapter 'cmd:node adapters/edopro/main.mjs ...'` lands:

    python adapters/edopro/conformance.py --scenarios /tmp/ygo-scenarios --out docs/conformance/edopro.jsonl \
        -- --scripts /path/to/CardScripts
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from duelspec import report
from duelspec.checker import check
from duelspec.validation import check as check_schema

HERE = Path(__file__).resolve().parent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", required=True, type=Path)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("adapter_args", nargs="*")
    a = ap.parse_args(argv)
    cmd = ["node", str(HERE / "main.mjs"), *a.adapter_args]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def rpc(o):
        p.stdin.write(json.dumps(o) + "\n")
        p.stdin.flush()
        return json.loads(p.stdout.readline())

    impl = rpc({"cmd": "start", "protocol": 1})["implementation"]
    tally, t0 = report.Tally(), time.time()
    with a.out.open("w", encoding="utf-8") as fh:
        out = report.JsonLines(fh)
        out.write(report.header("cmd:node adapters/edopro/main.mjs --scripts $DUELSPEC_EDOPRO_SCRIPTS", impl, {"game": "ygo"}))
        for seq, f in enumerate(sorted(a.scenarios.glob("*.json"))):
            sc = json.loads(f.read_text(encoding="utf-8"))
            s0 = time.time()
            r = rpc({"cmd": "run", "seq": seq, "scenario": sc})
            res = {"type": "result", "id": sc["id"], "game": sc["game"], "title": sc["title"], "rulings": sc["rulings"]}
            if "origin" in sc:
                res["origin"] = sc["origin"]
            if "trace" in r:
                try:
                    check_schema(r["trace"], "trace", "<edopro>")
                    fails = check(sc, r["trace"])
                    res["outcome"] = "failed" if fails else "passed"
                    if fails:
                        res["failures"] = [x.as_dict() for x in fails]
                except Exception as e:  # invalid trace
                    res.update(outcome="errored", message=f"invalid trace: {e}")
            elif "skipped" in r:
                res.update(outcome="skipped", reason=r["skipped"]["reason"])
            else:
                res.update(outcome="errored", message=r["errored"]["message"], detail=r["errored"].get("detail", ""))
            res["duration_ms"] = round((time.time() - s0) * 1000, 1)
            tally.add(res)
            out.write(res)
        out.write(tally.footer(duration_s=time.time() - t0))
    p.stdin.write('{"cmd":"stop"}\n')
    p.stdin.flush()
    p.wait()
    print(tally.summary_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
