"""GitHub workflow-command annotations: escaping and caps."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.outputs.formatters import github
from tests.conftest import Writer
from tests.outputs.formatters.conftest import EXAMPLES


def test_github_annotations(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(EXAMPLES.parent)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    main(["examples", "--output-format", "github"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("::error file=examples/reports/broken.html,line=5,col=1,")
    assert "title=CL301 source-channel-unused::" in lines[0]
    assert lines[-1].startswith("::warning ")  # critical first, warnings after
    assert any("58%25" in line for line in lines)  # % is escaped


def test_github_escaping_and_cap() -> None:
    assert github.escape_data("50%\r\nx") == "50%25%0D%0Ax"
    assert github.escape_property("a:b,c") == "a%3Ab%2Cc"


def test_github_output_is_capped(
    project: Writer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    project("r.md", "".join(f"S {i} is {i}%.\n\n" for i in range(12)) + "[PMID:1] x\n" * 3)
    project("sources/pubmed/1.json", "{}")  # beside sources: one finding per sentence
    monkeypatch.chdir(tmp_path)
    main(["r.md", "--output-format", "github"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" ")[0] for line in lines] == ["::error"] * 10 + ["::warning"] * 3 + [
        "::notice"
    ]  # 12 errors: 10 shown, and a notice says so; GitHub would drop the rest in silence
    assert lines[-1].startswith("::notice title=citelint::2 more findings than GitHub shows")
    assert lines[-1].endswith("citelint's text output lists every finding")
