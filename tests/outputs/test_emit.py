"""What a finished run emits: colour, the GitHub log guard, statistics, links, exit codes.
Each case is one way a gate could pass when it must fail, or hide what it found."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from citelint.outputs import emit
from tests.conftest import BROKEN, run


@pytest.mark.parametrize(
    ("choice", "env", "tty", "expected"),
    [
        ("always", {"NO_COLOR": "1"}, False, True),
        ("never", {"FORCE_COLOR": "1"}, True, False),
        ("auto", {}, True, True),
        ("auto", {}, False, False),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"NO_COLOR": ""}, True, True),  # no-color.org: an empty NO_COLOR is unset
        ("auto", {"FORCE_COLOR": "1"}, False, True),
        ("auto", {"CLICOLOR_FORCE": "1"}, False, True),
        ("auto", {"FORCE_COLOR": "0"}, False, False),
        (None, {}, True, True),
    ],
)
def test_colour_follows_the_flag_then_the_environment_then_the_terminal(
    choice: str | None, env: dict[str, str], tty: bool, expected: bool
) -> None:
    assert emit.use_color(choice, env, tty) is expected


def test_color_always_colours_a_pipe(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    _, plain, _ = run(capsys, "reports")
    _, coloured, _ = run(capsys, "reports", "--color", "always")
    assert "\x1b[" not in plain and "\x1b[" in coloured


def test_a_report_named_like_a_workflow_command_never_runs_as_one(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    for name in ("::stop-commands::x.md", "::error file=README.md,line=1::ok.md"):
        (repo / "reports" / name).write_text(BROKEN)
    code, out, _ = run(capsys, "reports")
    lines = out.splitlines()
    opened = re.fullmatch(r"::stop-commands::([0-9a-f]{32})", lines[0])
    assert code == 1 and opened
    closing = lines.index(f"::{opened.group(1)}::")
    # inside the block, report names are text; after it, only escaped annotations
    assert any(line.startswith("reports/::stop-commands::x.md:") for line in lines[:closing])
    annotations = lines[closing + 1 :]
    assert annotations and all(re.match(r"::(error|warning|notice) ", a) for a in annotations)
    assert all("file=reports/%3A%3A" in a for a in annotations if "file=" in a)
    # the same inputs give the same bytes: the token is the text's own hash
    assert run(capsys, "reports")[1] == out


def test_plain_citelint_in_actions_prints_every_finding_and_the_annotations(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    text = "".join(f"Claim {i} is {i}%.\n\n" for i in range(25))
    (repo / "reports/many.md").write_text(text)
    _, out, _ = run(capsys, "reports")
    assert sum(": CL001 [critical]" in line for line in out.splitlines()) == 25
    assert sum(line.startswith("::error ") for line in out.splitlines()) == 10
    assert "citelint's text output lists every finding" in out


def test_statistics_follow_the_output_format(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    code, out, _ = run(capsys, "reports", "--statistics", "--output-format", "json")
    assert code == 1
    assert json.loads(out) == [
        {"code": "CL101", "name": "numeric-token-miss", "severity": "critical", "count": 1}
    ]
    code, _, err = run(capsys, "reports", "--statistics", "--output-format", "sarif")
    assert code == 2 and "--statistics prints text, concise, json, not sarif" in err


def test_diff_with_no_fix_still_fails_on_what_remains(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "reports/broken.md").write_text(BROKEN)
    code, out, err = run(capsys, "reports", "--fix", "--diff")
    assert (code, out) == (1, "")
    assert "no fix to show; 1 finding remain" in err
    assert run(capsys, "reports", "--diff", "--exit-zero")[0] == 0


def test_blob_links_only_inside_the_checkout() -> None:
    env = {
        "GITHUB_SERVER_URL": "https://github.com",
        "GITHUB_REPOSITORY": "o/r",
        "GITHUB_SHA": "abc",
        "GITHUB_WORKSPACE": "/w",
    }
    assert emit.blob_url(env, "/w") == "https://github.com/o/r/blob/abc/"
    assert emit.blob_url(env, "/w/docs") == "https://github.com/o/r/blob/abc/docs/"
    assert emit.blob_url(env, "/elsewhere") is None
    assert emit.blob_url({**env, "GITHUB_SERVER_URL": "javascript:x"}, "/w") is None


def test_exit_code_of_a_run() -> None:
    args = argparse.Namespace(exit_zero=False)
    from citelint.outputs.result import Result

    assert emit.exit_code(Result(()), args) == 0


def test_an_output_that_cannot_be_written_still_shows_the_findings(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`-o sarif:FOLDER`: the findings and the summary are printed, then the error, exit 2
    (the Action's log and job summary are never empty because a file could not be made)."""
    (repo / "reports/broken.md").write_text(BROKEN)
    (repo / "taken").mkdir()
    code, out, err = run(capsys, "reports", "--no-cache", "-o", "sarif:taken")
    assert code == 2
    assert "reports/broken.md:" in out and "in 2 files" in out
    assert "cannot write" in err and "taken" in err


def test_statistics_and_the_job_summary_count_a_demoted_finding_as_it_was_reported(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # reference [1] is cited by a sentence that states nothing: its CL011 is a warning
    (repo / "reports/refs.md").write_text(
        "# R\n\nSee the trial report [1].\n\n## References\n\n1. Smith J. A trial. 2020. PMID: 9999\n"
    )
    code, out, _ = run(capsys, "reports/refs.md", "--statistics", "-q")
    assert code == 0 and out == "     1  CL011  unsaved-source  [warning]\n"
    code, out, _ = run(capsys, "reports/refs.md", "--output-format", "summary")
    assert "| CL011 | unsaved-source | warning | 1 |" in out.splitlines()
