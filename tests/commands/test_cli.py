"""The command line as users run it: exit codes, formats, config, bad input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import BROKEN, CLEAN, run


def test_clean_run_exits_zero(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reports")
    assert code == 0
    assert out == "no findings in 1 file; 1 claim: 1 supported, 0 unsupported, 0 unchecked\n"


def test_findings_exit_one_with_caret(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    code, out, _ = run(capsys, "reports")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("reports/broken.md:1:16: CL101 [critical] 5.8 months not found")
    assert lines[1] == "    1 | Median PFS was 5.8 months [pmid:1:abstract]."
    assert lines[2].startswith("      |                ^^^^")
    assert "      = anchor: [pmid:1:abstract]" in lines
    assert "      = source: reports/sources/pubmed/1.json › abstract (/abstract)" in lines
    assert "      = missing: 5.8 months" in lines
    assert lines[-1] == "1 critical in 2 files; 2 claims: 1 supported, 1 unsupported, 0 unchecked"


def test_exit_zero_and_fail_on(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    assert run(capsys, "reports", "--exit-zero")[0] == 0
    assert run(capsys, "reports", "--fail-on", "never")[0] == 0
    (repo / "reports/broken.md").write_text("[PMID:1] text\n")
    assert run(capsys, "reports")[0] == 0  # a warning does not fail by default
    assert run(capsys, "reports", "--fail-on", "warning")[0] == 1


def test_select_and_ignore(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/broken.md").write_text(BROKEN + "\n中位PFS为4.8个月。\n")
    _, out, _ = run(capsys, "reports", "--output-format", "concise")
    assert {line.split()[1] for line in out.splitlines()} == {"CL001", "CL101"}
    _, out, _ = run(capsys, "reports", "--output-format", "concise", "--ignore", "CL1")
    assert {line.split()[1] for line in out.splitlines()} == {"CL001"}
    _, out, _ = run(capsys, "reports", "--output-format", "concise", "--select", "CL101")
    assert {line.split()[1] for line in out.splitlines()} == {"CL101"}
    _, out, _ = run(
        capsys,
        "reports",
        "--output-format",
        "concise",
        "--ignore",
        "CL1",
        "--extend-select",
        "CL101",
    )
    assert {line.split()[1] for line in out.splitlines()} == {"CL001", "CL101"}


def test_json_output_is_versioned_and_stable(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    code, out, _ = run(capsys, "reports", "--output-format", "json")
    data = json.loads(out)
    assert code == 1 and data["version"] == 2 and data["tool"]["name"] == "citelint"
    assert data["summary"] == {
        "files": 2,
        "claims": 2,
        "anchors": 2,
        "supported_claims": 1,
        "supported_by_judge": 0,
        "unsupported_claims": 1,
        "unchecked_claims": 0,
        "verified_claims": 1,
        "by_severity": {"critical": 1},
        "by_rule": {"CL101": 1},
    }
    (d,) = data["diagnostics"]
    assert d["path"] == "reports/broken.md" and (d["line"], d["column"]) == (1, 16)
    assert d["code"] == "CL101" and d["name"] == "numeric-token-miss"
    assert d["anchor"] == "[pmid:1:abstract]" and d["missing"] == ["5.8 months"]
    assert d["source"] == {
        "path": "reports/sources/pubmed/1.json",
        "locator": "abstract",
        "start_line": None,
        "end_line": None,
        "pointer": "/abstract",
        "fetched": None,
    }
    assert len(d["fingerprint"]) == 32
    assert run(capsys, "reports", "--output-format", "json")[1] == out  # same bytes


def test_several_outputs(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reports", "-o", "json:out.json", "-o", "concise:c.txt")
    assert code == 0 and out.startswith("no findings")
    assert json.loads((repo / "out.json").read_text())["diagnostics"] == []
    assert (repo / "c.txt").read_text() == ""
    code, out, _ = run(capsys, "reports", "-o", "plain.txt")
    assert out == "" and "no findings" in (repo / "plain.txt").read_text()


def test_statistics(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    _, out, _ = run(capsys, "reports", "--statistics")
    assert out.splitlines()[0] == "     1  CL101  numeric-token-miss  [critical]"


def test_rules_and_rule(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "rules").mkdir()
    code, out, _ = run(capsys, "rules")
    assert code == 0 and out.splitlines()[0].startswith("CL001  missing-anchor")
    code, out, _ = run(capsys, "rule", "CL101")
    assert code == 0 and "CL101 numeric-token-miss (critical)" in out and "Fails" in out
    assert run(capsys, "--explain", "cl103")[1].startswith("CL103 unsupported-drug")
    assert "min-edges = 3" in run(capsys, "rule", "CL201")[1]
    assert run(capsys, "rule", "numeric-token-miss")[1].startswith("CL101 numeric-token-miss")
    code, _, err = run(capsys, "rule", "CL999")
    assert (
        code == 2 and err == "citelint: error: unknown rule 'CL999'; `citelint rules` lists them\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing/"], "citelint: error: missing/: no such file or folder\n"),
        (["--bogus"], "citelint: error: unrecognized arguments: --bogus\n"),
        (["--fail-on", "sometimes"], "citelint: error: argument --fail-on: invalid choice: "),
        (
            ["--sources", "nowhere", "reports"],
            "citelint: error: --sources nowhere: no such folder\n",
        ),
        (["--config", "nope.toml"], "citelint: error: --config nope.toml: no such file\n"),
        (["--select", "XX1", "reports"], "citelint: error: command line: '--select' has 'XX1'"),
    ],
)
def test_usage_errors_exit_two(
    repo: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_empty_folder_is_an_error(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "empty").mkdir()
    code, _, err = run(capsys, "empty")
    assert code == 2 and "no reports found" in err


def test_a_named_path_that_is_not_linted_is_exit_2(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Never "no findings in 0 files": a named folder inside the sources root, a file that
    is no report, a repository document — each is one line and exit 2, unless
    --force-exclude (pre-commit's hook passes it) skips them."""
    (repo / "README.md").write_text("# Read me\n")
    (repo / "notes.json").write_text("{}\n")
    for named, why in (
        ("reports/sources", "is inside a sources or skipped folder"),
        ("notes.json", "is not a report"),
        ("README.md", "is a repository document"),
    ):
        code, out, err = run(capsys, named)
        assert code == 2 and why in err and err.count("\n") == 1 and out == "", named
        code, _, err = run(capsys, "--force-exclude", named)
        assert code == 0, named


def test_bad_config(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".citelint.toml").write_text('select = ["CL"]\nfail_on = "x"\n')
    code, _, err = run(capsys, "reports")
    assert code == 2 and "unknown key 'fail_on'" in err
    (repo / ".citelint.toml").write_text("select = [\n")
    code, _, err = run(capsys, "reports")
    assert code == 2 and "is not valid TOML" in err and err.count("\n") == 1


def test_config_discovered(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    (repo / "pyproject.toml").write_text('[tool.citelint]\nignore = ["CL101"]\n')
    assert run(capsys, "reports")[0] == 0


def test_unreadable_report_is_a_finding(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/gbk.md").write_bytes("中位PFS为4.8个月。".encode("gbk"))
    code, out, _ = run(capsys, "reports", "--output-format", "concise", "--ignore", "CL902")
    assert code == 1 and "CL902" in out  # cannot be deselected


def test_internal_error_exits_two(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / "reports/crash.md").write_text(CLEAN)
    monkeypatch.setenv("CITELINT_TEST_FAULT", "crash.md")
    code, out, _ = run(capsys, "reports", "--exit-zero", "--fail-on", "never")
    assert code == 2 and "CL903" in out and "clean.md" not in out


def test_huge_report(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".citelint.toml").write_text("max-report-bytes = 1000\n")
    (repo / "reports/huge.md").write_text("word " * 1000)
    code, out, _ = run(capsys, "reports", "--output-format", "concise")
    assert code == 1 and "over max-report-bytes (1000)" in out


def test_module_entry_point_and_version(repo: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "citelint", "--version"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0 and proc.stdout.startswith("citelint 0.")
    proc = subprocess.run(
        [sys.executable, "-m", "citelint", "reports"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr


def test_more_usage_paths(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(capsys, "rule")[0] == 2
    code, out, _ = run(capsys, "--list-rules")
    assert code == 0 and out.splitlines()[0].startswith("CL001")
    (repo / "reports/broken.md").write_text("<!-- citelint-disable-next-line CL101 -->\n" + BROKEN)
    assert run(capsys, "reports")[0] == 0  # suppressed
    code, out, _ = run(capsys, "reports", "--no-suppress", "--output-format", "concise")
    assert code == 1 and "CL101" in out and "CL900" not in out
    (repo / "folder").mkdir()
    code, _, err = run(capsys, "reports", "-o", "concise:folder")
    assert code == 2 and err.startswith("citelint: error: cannot write folder")
    (repo / "afile").write_text("x")
    code, _, err = run(capsys, "reports", "--audit-dir", "afile/sub")
    assert code == 2 and "cannot write to --audit-dir" in err
    monkeypatch.setenv("CITELINT_TEST_FAULT", "broken.md")
    code, _, err = run(capsys, "reports", "--verbose")
    assert code == 2 and "Traceback" in err and "fault injected" in err


def test_config_warnings_are_printed_once(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".citelint.toml").write_text('cache-dir = "cache"\n')
    code, _, err = run(capsys, "reports")
    assert code == 0 and err.count("citelint: warning: 'cache-dir' is ignored") == 1


@pytest.mark.parametrize("selector", ["--select", "--ignore", "--extend-select"])
def test_unknown_selectors_are_usage_errors(
    repo: Path, capsys: pytest.CaptureFixture[str], selector: str
) -> None:
    for value in ("CL999", "CL4"):
        code, out, err = run(capsys, "reports", selector, value)
        assert code == 2 and out == "" and f"'{value}', which matches no rule" in err


def test_a_broken_pyproject_that_configures_citelint_fails(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    (repo / "pyproject.toml").write_text("[tool.citelint]\nfail-on = 'never\n")
    code, _, err = run(capsys, "reports")
    assert code == 2 and "is not valid TOML" in err  # never a silent pass with defaults
    (repo / "pyproject.toml").unlink()
    code, _, err = run(capsys, "reports", "--config", "/dev/null")
    assert code == 1, err  # an empty config is a config


def test_outputs_by_format_or_ending_and_what_the_run_did(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    code, _, err = run(capsys, "reports", "-o", "xml:out.xml")
    assert code == 2 and "unknown format xml" in err
    code, _, _ = run(capsys, "reports", "-o", "sarif:out/deep/c.sarif", "--summary-file", "s/s.md")
    assert code == 1 and (repo / "out/deep/c.sarif").is_file() and (repo / "s/s.md").is_file()
    for spec in ("sarif", "json:"):  # a format with no file wrote text to a file `sarif`
        code, _, err = run(capsys, "reports", "-o", spec)
        assert (
            code == 2 and f"-o {spec}: name the file too, as in -o {spec.rstrip(':')}:FILE" in err
        )
        assert not (repo / spec.rstrip(":")).exists()
    code, out, _ = run(capsys, "reports", "-o", "out.sarif", "-o", "out.json")
    assert code == 1 and out.startswith("reports/broken.md:1:16: CL101")  # stdout kept
    assert json.loads((repo / "out.sarif").read_text())["version"] == "2.1.0"
    assert json.loads((repo / "out.json").read_text())["version"] == 2
    code, _, err = run(capsys, "reports", "--write-baseline", "base.json")
    assert "citelint: wrote 1 finding to base.json" in err
    code, _, err = run(capsys, "reports", "--baseline", "base.json")
    assert code == 0 and "citelint: baseline base.json hid 1 known finding" in err
    code, out, err = run(capsys, "reports", "--statistics", "-q")
    assert out == "     1  CL101  numeric-token-miss  [critical]\n" and err == ""
    code, out, _ = run(capsys, "rule", "CL101")  # the title once, with its severity
    assert out.splitlines()[0] == (
        "CL101 numeric-token-miss (critical): a number of the claim is not in the cited span."
    )
    assert out.count("CL101 numeric-token-miss") == 1


def test_claim_records_are_built_only_for_the_html_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from citelint.commands.cli import main
    from citelint.findings import records

    built: list[int] = []
    real = records.build

    def counting(*args: object, **kwargs: object) -> object:
        built.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(records, "build", counting)
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    main(["examples/reports/clean.md", "--output-format", "concise", "--no-cache"])
    assert built == []  # text output needs no claim records
    main(["examples/reports/clean.md", "-o", f"html:{tmp_path / 'a.html'}", "--no-cache"])
    assert built == [1]
    capsys.readouterr()


def test_no_hints_gives_the_same_findings_without_help_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from citelint.commands.cli import main

    examples = Path(__file__).resolve().parents[2] / "examples"
    shutil.copytree(examples, tmp_path / "x")
    (tmp_path / "x" / ".git").mkdir()
    monkeypatch.chdir(tmp_path / "x")
    outputs = {}
    for extra in ((), ("--no-hints",)):
        for fmt in ("concise", "text"):
            main(["reports", "--no-cache", "--output-format", fmt, *extra])
            outputs[fmt, extra] = capsys.readouterr().out
    assert outputs["concise", ()] == outputs["concise", ("--no-hints",)]
    assert "= help: found in" in outputs["text", ()]
    assert "= help:" not in outputs["text", ("--no-hints",)]


def test_a_closed_pipe_ends_the_output_quietly_with_the_runs_exit_code(repo: Path) -> None:
    """`citelint … | head -1`: no BrokenPipe traceback, and the run's exit code."""
    import subprocess
    import sys

    (repo / "reports" / "many.md").write_text("".join(f"Rate {i}%.\n\n" for i in range(3000)))
    for extra, code in (([], 1), (["--exit-zero"], 0)):
        read, write = os.pipe()
        os.close(read)  # the reader is gone before the first write
        try:
            done = subprocess.run(
                [sys.executable, "-m", "citelint", "--no-cache", *extra, "reports"],
                cwd=repo,
                stdout=write,
                stderr=subprocess.PIPE,
                check=False,
            )
        finally:
            os.close(write)
        assert done.returncode == code and b"Traceback" not in done.stderr, done.stderr


def test_paths_after_a_double_dash_are_never_options_or_subcommands(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "rules").mkdir()
    (repo / "rules/broken.md").write_text(BROKEN)
    code, out, err = run(capsys, "--", "rules")
    assert code == 1 and "rules/broken.md:" in out and err == ""
    code, out, err = run(capsys, "rules")  # the subcommand, and a word that says so
    assert code == 0 and out.startswith("CL001") and "write `citelint -- rules`" in err
    code, _, err = run(capsys, "rules", "reports")
    assert code == 2 and "usage: citelint rules [--preset NAME | --output-format json]" in err
    code, _, err = run(capsys, "--", "--exit-zero", "reports")  # no such file: never a pass
    assert code == 2 and "--exit-zero: no such file or folder" in err
    (repo / "--exit-zero.md").write_text(BROKEN)
    code, out, _ = run(capsys, "--", "--exit-zero.md", "reports")
    assert code == 1 and "--exit-zero.md:" in out


def test_rules_and_rule_start_without_the_engine_or_the_parser() -> None:
    # counted in modules, not milliseconds: a loaded machine never turns this red
    probe = (
        "import sys; from citelint.commands.cli import main; main({argv}); "
        "loaded = [m for m in sys.modules if m.startswith('citelint.')]; "
        "heavy = [m for m in {heavy} if m in sys.modules]; "
        "print((sorted(loaded), heavy), file=sys.stderr)"
    )
    for argv in (["rules"], ["rule", "CL101"], ["rules", "--output-format", "json"]):
        done = subprocess.run(
            [sys.executable, "-c", probe.format(argv=argv, heavy=START_UP_HEAVY)],
            capture_output=True,
            text=True,
            check=True,
        )
        loaded, heavy = eval(done.stderr.strip().splitlines()[-1])  # printed lists of names
        assert set(loaded) <= {
            "citelint.commands",  # the floors' packages: a docstring each
            "citelint.ground",
            "citelint.commands.cli",
            "citelint.commands.catalog",
            "citelint.commands.counts",
            "citelint.ground.errors",
            "citelint.ground.redact",
        }, loaded
        assert heavy == [], (argv, heavy)


# what a bare interpreter does not import and each of these costs a start-up milliseconds
START_UP_HEAVY = ("argparse", "dataclasses", "typing", "importlib.resources", "hashlib")


def test_the_rule_catalogue_is_current() -> None:
    from citelint.commands.docgen import catalog

    committed = (Path(__file__).parents[2] / "citelint" / "catalog.json").read_text("utf-8")
    assert committed == catalog(), (
        "run: python -m citelint.commands.docgen --catalog > citelint/catalog.json"
    )


def test_the_parser_names_every_format() -> None:
    from citelint.commands.arguments import FORMAT_NAMES
    from citelint.outputs.formatters import FORMATTERS

    assert tuple(sorted(FORMATTERS)) == FORMAT_NAMES


def test_options_are_never_abbreviated(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    code, _, err = run(capsys, "reports", "--exit")  # a prefix of --exit-zero
    assert code == 2 and "unrecognized arguments: --exit" in err


def test_verbose_says_why_each_claim_is_unchecked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "r.md").write_text(
        "Median PFS was 4.8 months in 2019.\n\nThe rate was 12% [pmid:9:abstract].\n"
    )
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "--no-cache", "-v", "r.md")
    assert code == 1
    assert "citelint: r.md:1:1: unchecked: it cites nothing\n" in err
    assert "citelint: r.md:3:1: unchecked: a citation reached no saved source\n" in err
    _, _, quiet = run(capsys, "--no-cache", "r.md")
    assert "unchecked:" not in quiet


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--selet", "CL001", "r.md"], "unrecognized arguments: --selet; did you mean '--select'?"),
        (["fecth"], "fecth: no such file or folder; did you mean the command 'fetch'?"),
        (["--select", "CL1O1", "r.md"], "not a rule code or prefix (CL1…); did you mean 'CL101'?"),
        (["rule", "missing-anchr"], "unknown rule 'missing-anchr'; did you mean 'missing-anchor'?"),
        (["judge", "--dry-rn"], "unrecognized arguments: --dry-rn; did you mean '--dry-run'?"),
    ],
)
def test_a_typo_is_answered_with_the_name_it_is_close_to(
    repo: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    (repo / "r.md").write_text("# R\n", encoding="utf-8")
    code, _, err = run(capsys, *argv)
    assert code == 2 and said in err


def test_a_config_key_in_snake_case_is_answered_with_its_kebab_case(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "pyproject.toml").write_text('[tool.citelint]\nfail_on = "warning"\n')
    (repo / "r.md").write_text("# R\n", encoding="utf-8")
    code, _, err = run(capsys, "r.md")
    assert code == 2 and "unknown key 'tool.citelint.fail_on'; did you mean 'fail-on'?" in err


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))


def test_a_report_read_from_standard_input_stands_for_its_stdin_filename(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the sources root beside reports/draft.md is found, though no such file exists
    _stdin(monkeypatch, BROKEN)
    code, out, _ = run(
        capsys, "-", "--stdin-filename", "reports/draft.md", "--output-format", "concise"
    )
    assert code == 1
    assert out.startswith("reports/draft.md:1:16: CL101 [critical] 5.8 months not found")
    assert not (repo / "reports/draft.md").exists()
    _stdin(monkeypatch, CLEAN)
    assert run(capsys, "-", "--stdin-filename", "reports/draft.md")[0] == 0
    _stdin(monkeypatch, "<p>ORR was 45%.</p>")  # the name's ending says the format
    code, out, _ = run(capsys, "-", "--stdin-filename", "x.html", "--output-format", "concise")
    assert code == 1 and out.startswith("x.html:1:4: CL001")
    _stdin(monkeypatch, "ORR was 45%.\n")
    code, out, _ = run(capsys, "-", "--output-format", "concise")
    assert code == 1 and out.startswith("stdin.md:1:1: CL001")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["-", "reports"], "`-` reads one report from standard input: give it alone"),
        (["-", "--fix"], "--fix and --diff edit files; a report read from `-` has none"),
        (["reports", "--stdin-filename", "a.md"], "--stdin-filename names the report read from"),
    ],
)
def test_standard_input_is_one_report_and_never_fixed(
    repo: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    said: str,
) -> None:
    _stdin(monkeypatch, BROKEN)
    code, _, err = run(capsys, *argv)
    assert code == 2 and said in err


def test_a_report_on_standard_input_keeps_the_size_cap(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / "pyproject.toml").write_text("[tool.citelint]\nmax-report-bytes = 10\n")
    _stdin(monkeypatch, BROKEN)
    code, out, _ = run(capsys, "-", "--output-format", "concise")
    assert code == 1 and "CL902" in out and "over max-report-bytes (10)" in out
