"""Issue 23, bounded everywhere: what an input or an adapter can make duelspec hold, write or wait
for has a limit, and a device, a FIFO or a malformed file is a clear error (exit 2)."""
from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from fault_adapters.helpers import faulty_cmd, hang_guard, scenario  # noqa: F401
from fault_adapters.helpers import write_scenarios as write

pytestmark = pytest.mark.usefixtures("hang_guard")


def cli(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)


def outline(rows: int) -> str:
    body = "\n".join(f"      | r{i} |" for i in range(rows))
    return ("@game:ygo\nFeature: f\n  @id:t.outline @ruling:ND-01\n  Scenario Outline: s <id>\n"
            "    Given player B went first\n    And it is turn 2, player A's Draw Phase, before the draw\n"
            "    And the top card of player A's deck is \"Alexandrite Dragon\" as \"top\"\n"
            "    Then player A conducts the normal draw, drawing \"top\"\n    Examples:\n      | id |\n" + body + "\n")


def python_calls(fn) -> int:
    """How many Python function calls ``fn()`` makes (deterministic, unlike a time)."""
    count = [0]

    def prof(frame, event, arg):
        if event == "call":
            count[0] += 1
    sys.setprofile(prof)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count[0]


def test_scenario_outline_examples_compile_in_linear_work():
    """Each row's table was looked up again among all rows: 20,000 rows took 39 s, 40,000 rows
    160 s. Four times the rows must be about four times the work (the old code: about 7x here,
    and growing with the rows); benchmarks/bench.py `outline` measures the time."""
    from duelspec.compiler import compile_text
    small, large = outline(300), outline(1200)
    compiled = []
    a = python_calls(lambda: compiled.append(compile_text(small, "x.feature")))
    b = python_calls(lambda: compiled.append(compile_text(large, "x.feature")))
    assert [len(c.scenarios) for c in compiled] == [300, 1200] and not any(c.errors for c in compiled)
    assert b / a < 4.6, f"4x the Examples rows took {b / a:.1f}x the work"


def test_an_expect_fail_reason_is_capped_in_the_result(tmp_path):
    """A 7 MiB reason was copied into the result: a 14 MB stream line that summary and site refused."""
    paths = write(tmp_path, scenario("t.fail.1"), scenario("t.ok.2"))
    xf = tmp_path / "xfail.toml"
    xf.write_text('format = 1\n[scenarios."t.fail.1"]\nreason = "' + "r" * (7 << 20) + '"\n'
                  '[scenarios."t.ok.2"]\nreason = "' + "p" * (7 << 20) + '"\n', encoding="utf-8")
    out = tmp_path / "r.jsonl"
    r = cli("run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--expect-fail", xf, "--out", out)
    assert r.exit_code == 1, r.output            # t.ok.2 xpassed
    lines = out.read_text(encoding="utf-8").splitlines()
    assert max(len(x) for x in lines) < 64 * 1024
    res = {x["id"]: x for x in map(json.loads, lines) if x["type"] == "result"}
    assert res["t.fail.1"]["outcome"] == "xfailed" and res["t.ok.2"]["outcome"] == "xpassed"
    assert res["t.fail.1"]["expected_failure"]["reason"].endswith("more characters]")
    assert len(res["t.ok.2"]["message"]) < 5000
    s = cli("summary", out)
    assert s.exit_code == 1 and "xfailed" in s.output, s.output


def stream_file(tmp_path, *ids):
    """A valid result stream of the fault adapter (``t.<kind>.<n>`` ids)."""
    paths = write(tmp_path, *[scenario(i) for i in ids])
    out = tmp_path / "r.jsonl"
    cli("run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--out", out)
    assert out.read_text().count("\n") == len(ids) + 2
    return out


def test_a_device_is_refused_as_a_stream_by_summary_site_and_unordered(tmp_path):
    """/dev/urandom was read until MemoryError (the README says a device is an error)."""
    out = stream_file(tmp_path, "t.fail.1")
    for args in (["summary", "/dev/urandom"], ["summary", out, "/dev/urandom"],
                 ["site", "--results", "/dev/urandom", "--out", tmp_path / "site"],
                 ["summary", out, "--by-cause", "--unordered", "/dev/urandom"],
                 ["summary", out, "--by-cause", "--causes", "/dev/urandom"]):
        r = cli(*args)
        assert r.exit_code == 2 and "/dev/urandom" in r.output and "a device file" in r.output, (args, r.output)
    assert not (tmp_path / "site").exists()


def test_an_endless_pipe_is_still_bounded(tmp_path):
    """A pipe is an input (``<(...)``), read only up to the limits: a line of 8 MiB."""
    import os
    import threading
    r_fd, w_fd = os.pipe()

    def flood():
        try:
            while True:
                os.write(w_fd, b"x" * 65536)
        except OSError:
            pass
    t = threading.Thread(target=flood, daemon=True)
    t.start()
    try:
        r = cli("summary", f"/proc/self/fd/{r_fd}")
    finally:
        os.close(r_fd)
        t.join(5)
        os.close(w_fd)
    assert r.exit_code == 2 and "lines of at most 8 MiB" in r.output, r.output


def test_causes_on_a_fifo_does_not_block_and_a_malformed_cause_file_is_a_clear_error(tmp_path):
    import os
    out = stream_file(tmp_path, "t.fail.1")
    fifo = tmp_path / "causes.toml"
    os.mkfifo(fifo)
    r = cli("summary", out, "--by-cause", "--causes", fifo)
    assert r.exit_code == 2 and "FIFO" in r.output, r.output
    bad = tmp_path / "bad.toml"
    for text, words in (('causes = [1, 2]\n', "/causes"),
                        ('[causes.A]\nwho = "me"\n', "/causes/A: expected required property"),
                        ('[causes.A]\ntitle = "t"\nrulings = 5\n', "/causes/A/rulings"),
                        ('[causes.A]\ntitle = "t"\n[[causes.A.match]]\nfirst = 3\n', "/causes/A/match/0/first"),
                        ('[causes.A\ntitle = "t"\n', "line 1"),
                        ('a = 1\n', "/: expected no property other than"),
                        (b'[causes.A]\ntitle = "\xff"\n', "UTF-8")):
        bad.write_bytes(text if isinstance(text, bytes) else text.encode())
        r = cli("summary", out, "--by-cause", "--causes", bad)
        assert r.exit_code == 2 and str(bad) in r.output and words in r.output, (text, r.output)
        assert "Traceback" not in r.output


def test_the_cause_file_schema_names_every_signature_key():
    from duelspec.analysis.causes import SIGNATURE_KEYS
    from duelspec.validation import schema
    rule = schema("causes")["properties"]["causes"]["additionalProperties"]["properties"]["match"]["items"]
    assert sorted(rule["properties"]) == sorted(SIGNATURE_KEYS)
