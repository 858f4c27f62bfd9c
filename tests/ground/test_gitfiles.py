"""What git says: the files it tracks decide what a hook run sees (--only-tracked)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from citelint.commands.cli import main
from citelint.ground.errors import UsageError
from citelint.ground.gitfiles import Tracked, git_ignored, git_top

CLEAN = "Median PFS was 4.8 months [pmid:1:abstract].\n"
BROKEN = "Median PFS was 5.8 months [pmid:1:abstract].\n"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A committed report and source; then an untracked draft, an untracked source and a
    staged report that cites it."""
    pubmed = tmp_path / "reports" / "sources" / "pubmed"
    pubmed.mkdir(parents=True)
    (pubmed / "1.json").write_text(json.dumps({"abstract": "Median PFS was 4.8 months."}))
    (tmp_path / "reports" / "clean.md").write_text(CLEAN)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "reports")
    (tmp_path / "reports" / "draft.md").write_text(BROKEN)
    (pubmed / "2.json").write_text(json.dumps({"abstract": "Median OS was 9 months."}))
    (tmp_path / "reports" / "new.md").write_text("Median OS was 9 months [pmid:2:abstract].\n")
    _git(tmp_path, "add", "reports/new.md")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_tracked_is_what_the_index_holds(checkout: Path) -> None:
    tracked = Tracked.of(str(checkout))
    assert tracked(str(checkout / "reports" / "clean.md"))
    assert tracked(str(checkout / "reports" / "new.md"))  # staged, not yet committed
    assert not tracked(str(checkout / "reports" / "draft.md"))
    assert not tracked(str(checkout / "reports" / "sources" / "pubmed" / "2.json"))
    assert git_top(str(checkout / "reports")) == str(checkout)
    assert git_ignored(str(checkout)) == frozenset()


def test_tracked_outside_a_checkout_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="is not inside a git checkout"):
        Tracked.of(str(tmp_path))


def test_only_tracked_run(checkout: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--no-cache", "--only-tracked", "-v", "."]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == (
        "reports/new.md:1:24: CL002 [critical] unresolved source [pmid:2:abstract]: "
        "reports/sources/pubmed/2.json is not tracked by git (--only-tracked: the commit "
        "does not hold it)"
    )
    assert "draft.md:" not in out and "1 critical in 2 files" in out
    assert (
        "skipped 1 file(s) git does not track (--only-tracked: the commit lacks them): "
        "reports/draft.md" in err
    )
    # without it, the working tree is what is judged: the draft fails, the source is read
    assert main(["--no-cache", "."]) == 1
    out = capsys.readouterr().out
    assert "reports/draft.md:1:16: CL101" in out and "CL002" not in out


def test_pre_commit_turns_it_on(
    checkout: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PRE_COMMIT", "1")
    assert main(["--no-cache", "reports/draft.md"]) == 2
    assert capsys.readouterr().err == (
        "citelint: error: reports/draft.md is not tracked by git (--only-tracked: the commit "
        "does not hold it); skipped (--force-exclude skips it silently)\n"
    )
    assert main(["--no-cache", "--force-exclude", "reports/draft.md"]) == 0


def test_a_folder_of_drafts_only_is_nothing_to_lint(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (checkout / "drafts").mkdir()
    (checkout / "drafts" / "a.md").write_text(BROKEN)
    assert main(["--no-cache", "--only-tracked", "drafts"]) == 0
    assert capsys.readouterr().out == "no findings in 0 files; 0 claims\n"


def test_an_untracked_web_index_is_absent(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    web = checkout / "reports" / "sources" / "web"
    web.mkdir()
    (web / "p.html").write_text("<p>Median OS was 9 months.</p>")
    (web / "index.json").write_text(json.dumps({"https://example.org/p": "p.html"}))
    report = checkout / "reports" / "web.md"
    report.write_text("Median OS was 9 months ([source](https://example.org/p)).\n")
    _git(checkout, "add", "reports/web.md", "reports/sources/web/p.html")
    assert main(["--no-cache", "--only-tracked", "reports/web.md"]) == 1
    out = capsys.readouterr().out
    assert "reports/sources/web/index.json is not tracked by git" in out, out
    assert os.path.exists(web / "index.json")
