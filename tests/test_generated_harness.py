"""The harness pieces issue 6 touched: `--generated` on the CLI and the remembered event
validity of :func:`duelspec.validation.check_trace` (same verdict and error as `check`)."""
import json

import pytest
from click.testing import CliRunner

from duelspec import validation
from duelspec.cli import main
from duelspec.errors import InputError

TRACE = {"format": 1, "events": [{"event": "chain-end"}, {"event": "draw", "player": "A", "cards": ["x"], "normal": True}],
         "steps": [], "final": {}}


def test_check_trace_accepts_what_check_accepts():
    validation.check(TRACE, "trace", "t")
    validation.check_trace(TRACE, "t")


@pytest.mark.parametrize("bad", [
    dict(TRACE, events=[{"event": "draw", "player": "C"}]),
    dict(TRACE, events=[{"event": "no-such-event"}]),
    dict(TRACE, format=3),
    dict(TRACE, events=[{"event": "chain-end"}], extra=1),
])
def test_check_trace_rejects_what_check_rejects_with_the_same_error(bad):
    with pytest.raises(InputError) as slow:
        validation.check(bad, "trace", "t")
    # twice: the second time the event verdicts come from the memo
    for _ in range(2):
        with pytest.raises(InputError) as fast:
            validation.check_trace(bad, "t")
        assert str(fast.value) == str(slow.value)


def test_export_and_run_with_generated(tmp_path):
    r = CliRunner().invoke(main, ["export", "--generated", "--id", "ygo.generated.chain.e-c.*", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files and all(f.startswith("ygo.generated.chain.e-c.") for f in files)
    assert json.loads((tmp_path / files[0]).read_text())["generated"] is True
    without = CliRunner().invoke(main, ["export", "--id", "ygo.generated.*", "--out", str(tmp_path / "none")])
    assert without.exit_code == 1            # nothing selected without the flag
    out = tmp_path / "res.jsonl"
    r = CliRunner().invoke(main, ["run", "--generated", "--id", "ygo.generated.chain.af.*", "--format", "json", "--out", str(out)])
    assert r.exit_code == 0, r.output
    foot = json.loads(out.read_text().splitlines()[-1])
    assert foot["counts"]["passed"] == 4 and foot["counts"]["failed"] == 0
