"""Issue 23, outputs never destroy what the user has: every command checks every output against
every input before it writes anything. `summary --by-cause --write-expect-fail X` or `--out X`
overwrote the input stream or the cause file; `run --out results.json` inside a scenario folder was
read as a scenario of the same run."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from duelspec.cli import main
from fault_adapters.helpers import faulty_cmd, hang_guard, scenario  # noqa: F401
from fault_adapters.helpers import write_scenarios as write

pytestmark = pytest.mark.usefixtures("hang_guard")
CAUSES = Path(__file__).resolve().parent.parent / "adapters" / "edopro" / "causes.toml"


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def stream(tmp_path_factory) -> Path:
    """A run of the fault adapter with one failure (something for --by-cause to group)."""
    d = tmp_path_factory.mktemp("stream")
    paths = write(d, scenario("t.ok.1"), scenario("t.fail.2"))
    out = d / "r.jsonl"
    r = cli("run", *paths, "--adapter", "cmd:" + faulty_cmd(), "--out", out)
    assert r.exit_code == 1 and out.stat().st_size, r.output
    return out


def unchanged(*paths):
    """Assert after the block that each file still has the bytes it had before."""
    class Same:
        def __enter__(self):
            self.before = {p: Path(p).read_bytes() for p in paths}

        def __exit__(self, *exc):
            for p, data in self.before.items():
                assert Path(p).read_bytes() == data, f"{p} was changed"
    return Same()


def test_summary_by_cause_never_writes_over_its_stream_or_cause_file(tmp_path, stream):
    causes = tmp_path / "causes.toml"
    causes.write_bytes(CAUSES.read_bytes())
    copy = tmp_path / "r.jsonl"
    copy.write_bytes(stream.read_bytes())
    with unchanged(copy, causes):
        for opt, target, what in (("--write-expect-fail", copy, f"results file {copy}"),
                                  ("--write-expect-fail", causes, "--causes file"),
                                  ("--out", causes, "--causes file"),
                                  ("--out", copy, f"results file {copy}")):
            r = cli("summary", copy, "--by-cause", "--causes", causes, opt, target)
            assert r.exit_code == 2, (opt, target, r.output)
            assert f"{opt} {target}: expected a file that is not an input of the command (it is the {what})" in r.output
        r = cli("summary", copy, "--by-cause", "--out", tmp_path / "x", "--write-expect-fail", tmp_path / "x")
        assert r.exit_code == 2 and "expected different files" in r.output, r.output
        assert not (tmp_path / "x").exists()
        r = cli("summary", copy, "--by-cause", "--unordered", copy, "--write-expect-fail", copy)
        assert r.exit_code == 2 and "it is the " in r.output, r.output


def test_summary_writes_nothing_into_a_scenario_folder_it_reads(tmp_path, stream):
    docs = tmp_path / "docs"
    docs.mkdir()
    write(docs, scenario("t.fail.2"))
    r = cli("summary", stream, "--by-cause", "--scenarios", docs, "--write-expect-fail", docs / "xf.toml")
    assert r.exit_code == 2 and f"expected a file outside the scenario folder {docs}" in r.output, r.output
    assert sorted(p.name for p in docs.iterdir()) == ["t.fail.2.json"]


def test_run_out_inside_a_scenario_folder_is_refused_before_anything_runs(tmp_path):
    """`--out results.json` in the folder run was read as a scenario of the same run."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    write(folder, scenario("t.ok.1"))
    for opt, target in (("--out", folder / "results.json"), ("--junit", folder / "sub" / ".." / "j.xml"),
                        ("--markdown", folder / "m.md")):
        r = cli("run", folder, "--adapter", "cmd:" + faulty_cmd(), opt, target)
        assert r.exit_code == 2, (opt, r.output)
        assert f"{opt} {target}: expected a file outside the scenario folder {folder}" in r.output, r.output
    r = cli("run", folder, "--adapter", "cmd:" + faulty_cmd(), "--keep-traces", folder / "traces")
    assert r.exit_code == 2 and f"--keep-traces {folder / 'traces'}: expected a folder outside the scenario folder" \
        in r.output, r.output
    assert sorted(p.name for p in folder.iterdir()) == ["t.ok.1.json"]
    # beside the folder is where it goes
    r = cli("run", folder, "--adapter", "cmd:" + faulty_cmd(), "--out", tmp_path / "results.json")
    assert r.exit_code == 0, r.output
    assert [json.loads(x)["type"] for x in (tmp_path / "results.json").read_text().splitlines()] == \
        ["header", "result", "footer"]


def test_consensus_markdown_is_never_one_of_its_streams(tmp_path, stream):
    copy = tmp_path / "r.jsonl"
    copy.write_bytes(stream.read_bytes())
    with unchanged(copy):
        r = cli("consensus", copy, "--markdown", copy)
    assert r.exit_code == 2 and f"--markdown {copy}: expected a file that is not an input" in r.output, r.output


def test_export_never_writes_into_a_folder_it_reads_or_over_its_inputs(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    [doc] = write(folder, scenario("t.ok.1"))
    with unchanged(doc):
        r = cli("export", folder, "--out", folder / "exported")
        assert r.exit_code == 2 and "expected a folder outside the scenario folder" in r.output, r.output
        r = cli("export", doc, "--out", folder)
        assert r.exit_code == 2 and f"expected a folder that holds no input of the command (the scenario file {doc} " \
            "is in it)" in r.output, r.output
    assert sorted(p.name for p in folder.iterdir()) == ["t.ok.1.json"]
    r = cli("export", doc, "--out", tmp_path / "out")
    assert r.exit_code == 0 and (tmp_path / "out" / "t.ok.1.json").exists(), r.output


@pytest.mark.parametrize("opt", ["--out", "--junit"])
def test_an_output_inside_keep_traces_named_like_a_trace_is_refused(tmp_path, opt):
    """`--out traces/t.ok.1.json --keep-traces traces`: the trace of t.ok.1 and the report were one
    file, one silently overwrote the other (exit 0; issue 36 §2). Refused before anything runs."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    write(folder, scenario("t.ok.1"))
    traces = tmp_path / "traces"
    traces.mkdir()                            # (a run before this one kept its traces there)
    target = traces / "t.ok.1.json"
    r = cli("run", folder, "--adapter", "cmd:" + faulty_cmd(), opt, target, "--keep-traces", traces)
    assert r.exit_code == 2, r.output
    assert f"{opt} {target}: expected a file outside the --keep-traces folder {traces}" in r.output, r.output
    assert not target.exists()
    # named unlike a trace, it is fine there
    r = cli("run", folder, "--adapter", "cmd:" + faulty_cmd(), opt, traces / "report.out", "--keep-traces", traces)
    assert r.exit_code == 0, r.output
    assert (traces / "t.ok.1.json").exists() and (traces / "report.out").exists()


def test_export_writes_whole_or_nothing(tmp_path):
    """A write that fails part-way (here: a file-size limit, as a full disk would) left some
    scenarios written and a traceback; now --out is as it was and the error is named (exit 2)."""
    import resource
    import subprocess
    import sys
    folder = tmp_path / "in"
    folder.mkdir()
    small = scenario("t.ok.1")
    big = dict(scenario("t.ok.2"), title="a long title " * 400)     # ~5 KB once exported
    write(folder, small, big)
    out = tmp_path / "out"

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))
    p = subprocess.run([sys.executable, "-m", "duelspec.start", "export", str(folder), "--out", str(out)],
                       capture_output=True, text=True, preexec_fn=limit, timeout=120)
    assert p.returncode == 2, (p.returncode, p.stderr[-2000:])
    assert "nothing written" in p.stderr and "Traceback" not in p.stderr, p.stderr[-2000:]
    assert not out.exists() or not list(out.iterdir()), sorted(x.name for x in out.iterdir())
    assert not list(tmp_path.glob(".out.writing-*")), "the staging folder was left behind"


def test_the_module_clis_go_through_the_output_checks(tmp_path, stream):
    """`python -m duelspec.analysis.causes unorder`, `... fixes measure` and `python -m
    duelspec.analysis.repro` wrote over their inputs (issue 36 §2): refused now (exit 2), nothing written."""
    from duelspec.analysis import causes, fixes, repro
    from duelspec.reporting.report import read_stream
    cause_file = tmp_path / "causes.toml"
    cause_file.write_text('[causes.A]\ntitle = "t"\nwho = "engine"\n[[causes.A.match]]\nfirst = "*"\n',
                          encoding="utf-8")
    copy = tmp_path / "r.jsonl"
    copy.write_bytes(stream.read_bytes())
    with unchanged(copy, cause_file):
        # the folder --out holds the stream and the cause file
        assert causes.main(["unorder", str(copy), "--causes", str(cause_file), "--cause", "A", "--out", str(tmp_path)]) == 2
        assert fixes.main(["measure", "--causes", str(cause_file), "--baseline", str(copy), "--out", str(copy)]) == 2
        assert fixes.main(["measure", "--causes", str(cause_file), "--baseline", str(copy),
                           "--run", f"A={copy}", "--out", str(cause_file)]) == 2
        assert repro.main(["--engine", "edopro", "--causes", str(cause_file), "--stream", str(copy),
                           "--adapter", "cmd:false", "--out", str(tmp_path)]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["causes.toml", "r.jsonl"]
    assert read_stream(copy).results


def test_summary_table_shows_a_newline_in_a_failure_message_as_an_escape(tmp_path, stream):
    """A failure message with a line break printed it raw: the next line could be read as a GitHub
    workflow command (`::error::`) in a CI log (issue 36 §4)."""
    docs = [json.loads(x) for x in stream.read_text(encoding="utf-8").splitlines()]
    failed = next(d for d in docs if d.get("outcome") == "failed")
    failed["failures"][0]["message"] = "differs\n::error file=x::obeyed\r\x1b[2J"
    failed["failures"][0]["pointer"] = "/a\n::warning::too"
    copy = tmp_path / "r.jsonl"
    copy.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    r = cli("summary", copy, "--format", "table")
    assert "::error file=x::obeyed" in r.output, r.output
    assert not any(line.lstrip().startswith("::") for line in r.output.splitlines()), r.output
    assert "\\x0a::error file=x::obeyed\\x0d\\x1b[2J" in r.output and "/a\\x0a::warning::too" in r.output, r.output


def _lying(tmp_path, stream, change) -> Path:
    docs = [json.loads(x) for x in stream.read_text(encoding="utf-8").splitlines()]
    change(docs)
    p = tmp_path / "lying.jsonl"
    p.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    return p


def _twice(docs):                          # t.fail.2 reported as t.ok.1 again: one twice, one not at all
    docs[2] = dict(docs[1])
    docs[-1]["counts"] = dict(docs[-1]["counts"], passed=2, failed=0)


def _missing(docs):                        # a completed run that reports one of its two scenarios
    del docs[2]
    docs[-1]["counts"] = dict(docs[-1]["counts"], failed=0)


def _outside(docs):                        # a result the header's selection does not name
    docs[0]["selection"] = dict(docs[0].get("selection") or {}, ids=["t.ok.*", "t.fail.*"])
    docs[2] = dict(docs[2], id="other.fail.2")


@pytest.mark.parametrize("change, line, words", [(_twice, "line 3", "t.ok.1 again (first on line 2)"),
                                                 (_missing, "line 3 /selected", "some selected scenarios are missing"),
                                                 (_outside, "line 3", "matches no --id")])
@pytest.mark.parametrize("command", ["summary", "site", "consensus"])
def test_a_stream_that_lies_about_itself_is_refused_naming_the_line(tmp_path, stream, change, line, words, command):
    """A stream that reports one scenario twice and another not at all summarised as "passed"
    (issue 36 §5): summary, site and consensus refuse it (exit 2), naming the line."""
    p = _lying(tmp_path, stream, change)
    args = {"summary": ["summary", p], "site": ["site", "--results", p, "--out", tmp_path / "www"],
            "consensus": ["consensus", p]}[command]
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 2, (r.output, r.exception)
    assert f"{p}:{line}" in r.output and words in r.output, r.output
