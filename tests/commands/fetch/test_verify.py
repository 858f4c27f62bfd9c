"""`citelint fetch --verify` against a replay server, and the lint's CL013 after an edit
to a fetched source (the attack: make the saved record say what the claim says)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.commands import cli
from citelint.commands.fetch.http import Client
from citelint.commands.fetch.verify import verify_roots
from citelint.config.load import Settings
from citelint.ground import redact
from citelint.lint.runner import Runner
from tests.commands.fetch.conftest import Replay, xml
from tests.commands.fetch.test_run import ARTICLE, _fetch, _project

WRONG = "Median progression-free survival was 5.8 months with trametinib [pmid:2001:abstract].\n"


def _verify(project: Path) -> tuple[int, list[str]]:
    lines: list[str] = []
    client = Client(default_interval=0, sleep=lambda s: None, allow_private=True)
    code = verify_roots([str(project / "sources")], client, lines.append, lambda p: p, redact.NONE)
    return code, [line.replace(str(project) + "/", "") for line in lines]


def _codes(project: Path, isolated: bool = False) -> list[tuple[str, str]]:
    settings = Settings(project_root=str(project), isolated=isolated)
    result = Runner.of(settings, [str(project)]).lint()
    return [(d.code, d.severity.value) for d in result.diagnostics]


def test_an_edit_that_makes_the_source_agree_is_named(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(tmp_path, WRONG)
    assert _fetch(project, replay)[0] == 0
    assert _codes(project) == [("CL101", "critical")]  # 5.8 where the record says 4.8
    saved = project / "sources" / "pubmed" / "2001.xml"
    saved.write_bytes(ARTICLE.replace(b"4.8 months", b"5.8 months"))
    assert _codes(project) == [("CL013", "warning")]
    assert _codes(project, isolated=True) == [("CL013", "critical")]
    code, lines = _verify(project)
    assert code == 1 and lines[0].startswith(
        "edited: PMID 2001: sources/pubmed/2001.xml: not the bytes fetched from http://127.0.0.1:"
    )
    assert lines[-1] == "verify: 1 edited"


def test_swapped_files_and_an_added_record_are_each_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pubmed = tmp_path / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    (tmp_path / ".git").mkdir()
    (pubmed / "1.json").write_text('{"abstract": "The response rate was 45%."}')
    (pubmed / "2.json").write_text('{"abstract": "The response rate was 12%."}')
    (tmp_path / "report.md").write_text(
        "The response rate was 45% [pmid:1:abstract].\n\n"
        "The response rate was 12% [pmid:2:abstract].\n"
    )
    monkeypatch.chdir(tmp_path)
    assert (
        cli.main(
            ["fetch", "--record", "sources/pubmed/1.json", "--record", "sources/pubmed/2.json"]
        )
        == 0
    )
    one, two = (pubmed / "1.json").read_bytes(), (pubmed / "2.json").read_bytes()
    (pubmed / "1.json").write_bytes(two)  # swapped: each file now agrees with no claim of its
    (pubmed / "2.json").write_bytes(one)
    (pubmed / "3.json").write_text('{"abstract": "The response rate was 30%."}')  # added
    with (tmp_path / "report.md").open("a") as report:
        report.write("\nThe response rate was 30% [pmid:3:abstract].\n")
    result = Runner.of(Settings(project_root=str(tmp_path), isolated=True), [str(tmp_path)]).lint()
    edited = [(d.line, d.severity.value) for d in result.diagnostics if d.code == "CL013"]
    assert edited == [(1, "critical"), (3, "critical")]
    (told,) = result.told
    assert told == (
        "1 cited saved source(s) have no record in fetched.json (saved by hand? "
        "`citelint fetch --record FILE` records one): sources/pubmed/3.json"
    )


def test_verify_says_what_the_service_answers_today(tmp_path: Path, replay: Replay) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(tmp_path, WRONG.replace("5.8", "4.8"))
    _fetch(project, replay)
    assert _verify(project) == (
        0,
        ["verified: PMID 2001: sources/pubmed/2001.xml", "verify: 1 verified"],
    )
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE.replace(b"2012", b"2013")))
    code, lines = _verify(project)
    assert code == 0 and lines[0].startswith(
        "changed at the source: PMID 2001: sources/pubmed/2001.xml: http://"
    )
    replay.on("/eutils/efetch.fcgi", (503, {}, b""))
    code, lines = _verify(project)
    assert code == 1 and lines[0].startswith("failed: PMID 2001")


def test_verify_from_the_command_line_writes_nothing(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    project = _project(tmp_path, WRONG.replace("5.8", "4.8"))
    _fetch(project, replay)
    before = sorted((p.name, p.read_bytes()) for p in project.rglob("*") if p.is_file())
    monkeypatch.chdir(project)
    monkeypatch.setenv("CITELINT_FETCH_ALLOW_PRIVATE", "1")
    assert cli.main(["fetch", "--verify", "--no-progress", "."]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "verify: 1 verified"
    assert sorted((p.name, p.read_bytes()) for p in project.rglob("*") if p.is_file()) == before
