"""`citelint fetch --record`: a source saved by hand is recorded as a fetched one is, and
the lint names any later edit to it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from citelint.commands import cli

SOURCE = '{"abstract": "Median progression-free survival was 4.8 months with trametinib."}\n'
REPORT = "Median progression-free survival was 4.8 months with trametinib [pmid:7:abstract].\n"


def _project(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "sources" / "pubmed").mkdir(parents=True)
    (tmp_path / "sources" / "pubmed" / "7.json").write_text(SOURCE)
    (tmp_path / "r.md").write_text(REPORT)
    (tmp_path / "pyproject.toml").write_text("[tool.citelint]\n")
    return tmp_path


def _lint(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    capsys.readouterr()
    code = cli.main(["--no-cache", "--output-format", "concise", *extra, "."])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_a_hand_saved_source_is_recorded_and_its_edit_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _project(tmp_path)
    monkeypatch.chdir(project)
    code, out = _lint(capsys, "-v")
    assert code == 0 and "1 cited saved source(s) have no record in fetched.json" in out
    assert cli.main(["fetch", "--record", "sources/pubmed/7.json"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("recorded sources/pubmed/7.json: saved by hand, sha256 ")
    (entry,) = json.loads((project / "sources" / "fetched.json").read_text()).values()
    assert entry["by"] == "hand" and entry["file"] == "pubmed/7.json"
    code, out = _lint(capsys, "-v")
    assert code == 0 and "no record" not in out and ": CL" not in out
    # the source edited: named, a warning here, critical under --isolated
    (project / "sources" / "pubmed" / "7.json").write_text(
        SOURCE.replace("trametinib.", "trametinib. It was phase 3.")
    )
    code, out = _lint(capsys)
    assert code == 0 and out.startswith(
        "r.md:1:65: CL013 [warning] saved source sources/pubmed/7.json was edited after it "
        "was saved by hand"
    )
    code, out = _lint(capsys, "--isolated")
    assert code == 1 and "CL013 [critical]" in out
    # read and recorded: it vouches for the new bytes
    assert cli.main(["fetch", "--record", "sources/pubmed/7.json"]) == 0
    assert _lint(capsys, "--select", "CL013")[1] == ""


@pytest.mark.parametrize(
    ("given", "why"),
    [("r.md", "not inside a sources folder"), ("nope.json", "not a regular file")],
)
def test_only_a_regular_file_of_a_sources_root_is_recorded(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    given: str,
    why: str,
) -> None:
    monkeypatch.chdir(_project(tmp_path))
    assert cli.main(["fetch", "--record", given]) == 2
    assert why in capsys.readouterr().err


def test_recording_needs_no_http_client(tmp_path: Path) -> None:
    project = _project(tmp_path)
    probe = (
        "import sys; from citelint.commands.cli import main; "
        "code = main(['fetch', '--record', 'sources/pubmed/7.json']); "
        "print(code, 'citelint.commands.fetch.http' in sys.modules, 'urllib3' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=project, capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines()[-1] == "0 False False"
