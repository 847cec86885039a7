"""An engine with a known fault, for tests/test_causes.py: the reference engine, except that a
free-chain card (D.D. Crow) is never offered to answer a chain (its step is refused)."""
import copy

from duelspec.adapters.reference import ReferenceAdapter

DD_CROW = "24508238"


class NoDDCrow(ReferenceAdapter):
    def run(self, scenario, as_of=None):
        crows = {c["id"] for c in scenario["setup"]["cards"] if c["card"] == DD_CROW}
        keep = [i for i, s in enumerate(scenario["script"]) if s.get("card") not in crows]
        s = copy.deepcopy(scenario)
        s["script"] = [scenario["script"][i] for i in keep]
        reply = super().run(s, as_of=as_of)
        if "trace" in reply:
            steps = {keep[o["index"]]: dict(o, index=keep[o["index"]]) for o in reply["trace"]["steps"]}
            for i, st in enumerate(scenario["script"]):
                if st.get("card") in crows:
                    steps[i] = {"index": i, "outcome": "refused", "code": "not-offered", "reason": "not offered"}
            reply["trace"]["steps"] = [steps[i] for i in sorted(steps)]
        return reply
