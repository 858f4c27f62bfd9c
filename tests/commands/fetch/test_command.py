"""`citelint fetch` from its options to its exit code: the sources root it makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.commands import cli
from citelint.commands.fetch import run
from tests.commands.fetch.conftest import Replay, xml
from tests.commands.fetch.test_run import ARTICLE, _env


def test_a_report_with_no_sources_folder_gets_one_made_beside_it(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A deep-research report as published saves nothing: fetch makes `sources/` in the
    reports' common folder, and the lint then finds it."""
    replay.on("/eutils/efetch.fcgi", xml(ARTICLE))
    for name, value in _env(replay).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CITELINT_FETCH_ALLOW_PRIVATE", "1")
    monkeypatch.setattr(run, "intervals", lambda env, configured=None: {})
    (tmp_path / "pyproject.toml").write_text("[tool.citelint]\n", encoding="utf-8")
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "a.md").write_text(
        "Median progression-free survival was 4.8 months (PMID: 2001).\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    assert cli.main(["fetch", "--dry-run", "reports"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        "citelint: note: would make reports/sources/ for 1 report(s) that had no sources folder\n"
    )
    assert (
        captured.out == "would fetch PMID 2001 into reports/sources\n1 source(s) would be fetched\n"
    )
    assert not (tmp_path / "reports" / "sources").exists()
    assert cli.main(["fetch", "reports"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("citelint: note: made reports/sources/ for 1 report(s)")
    assert captured.out == "fetched 1, already saved 0, missing 0, failed 0 (1 request)\n"
    assert (tmp_path / "reports/sources/pubmed/2001.xml").read_bytes() == ARTICLE
    assert cli.main(["--no-cache", "reports"]) == 0, capsys.readouterr().out


def test_no_sources_folder_is_made_through_a_symlink(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "project").mkdir()
    (tmp_path / "elsewhere").mkdir()
    project = tmp_path / "project"
    (project / "pyproject.toml").write_text("[tool.citelint]\n", encoding="utf-8")
    (project / "reports").mkdir()
    (project / "reports" / "a.md").write_text("Rates were 45% (PMID: 2001).\n", encoding="utf-8")
    (project / "reports" / "sources").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    monkeypatch.chdir(project)
    assert cli.main(["fetch", "--dry-run", "reports"]) == 1
    assert "refused: reports/sources is a symlink" in capsys.readouterr().err
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_the_fetch_table_of_the_config_decides_what_is_accepted(
    tmp_path: Path,
    replay: Replay,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, value in _env(replay).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CITELINT_FETCH_ALLOW_PRIVATE", "1")
    monkeypatch.setattr(run, "intervals", lambda env, configured=None: {})
    replay.on("/paywall", (403, {"Content-Type": "text/html"}, b"Subscribe"))
    (tmp_path / "pyproject.toml").write_text(
        "[tool.citelint.fetch]\naccept-status = [403]\nmissing-max-age = 0\n",
        encoding="utf-8",
    )
    (tmp_path / "a.md").write_text(f"It ran at 12 sites ({replay.base}/paywall).\n")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["fetch", "."]) == 0
    assert capsys.readouterr().out == (
        f"accepted: URL {replay.base}/paywall: HTTP 403, accepted by [fetch] accept-status\n"
        "fetched 0, already saved 0, missing 0, failed 0, accepted 1 (1 request)\n"
    )


def test_a_missing_stands_for_the_configured_days(tmp_path: Path) -> None:
    from citelint.commands.fetch.flows import Policy
    from citelint.commands.fetch.http import Client
    from citelint.commands.fetch.run import RootFetch

    entry = {"outcome": "missing", "status": 200, "date": "2026-12-01"}
    for days, settled in ((5, False), (9, True), (30, True)):
        job = RootFetch(str(tmp_path), Client(), {}, "2026-12-10", policy=Policy(days))
        assert job._settled(entry) is settled
