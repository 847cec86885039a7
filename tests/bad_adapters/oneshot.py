"""A cmd: adapter that answers `start` and ONE `run`, then exits 0 (a one-shot program)."""
import json
import sys

from duelspec.adapters.reference import ReferenceAdapter

ad = ReferenceAdapter()
for line in sys.stdin:
    m = json.loads(line)
    if m["cmd"] == "start":
        print(json.dumps({"protocol": min(m["protocol"], 2), "implementation": ad.start()}), flush=True)
    elif m["cmd"] == "run":
        print(json.dumps({"seq": m["seq"], **ad.run(m["scenario"])}), flush=True)
        sys.exit(0)
    else:
        break
