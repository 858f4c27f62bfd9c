"""citelint's generator mark: its HTML view and job summary are never linted again."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from citelint.outputs.generated import HTML_MARK, MARKDOWN_MARK, marked
from tests.conftest import BROKEN, Writer, run


def test_the_mark_is_read_from_the_head_of_a_regular_file(tmp_path: Path) -> None:
    page = tmp_path / "view.html"
    page.write_text(f'<!DOCTYPE html><html><head><meta charset="utf-8">{HTML_MARK}</head>')
    summary = tmp_path / "summary.md"
    summary.write_text(f"\ufeff{MARKDOWN_MARK}\n## citelint: ✅ passed\n", encoding="utf-8")
    plain = tmp_path / "r.md"
    plain.write_text(f"# R\n\nThe mark quoted later does not count.\n\n{MARKDOWN_MARK}\n")
    assert marked(str(page)) and marked(str(summary)) and not marked(str(plain))
    assert not marked(str(tmp_path))  # a folder is no file: read as nothing


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def test_outputs_are_not_linted_on_the_next_run_unless_tracked_or_isolated(
    project: Writer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    _git(tmp_path, "init", "-q")
    project("reports/broken.md", BROKEN)
    run(capsys, "reports", "--no-cache", "-o", "html:reports/view.html")
    run(capsys, "reports", "--no-cache", "--summary-file", "reports/summary.md")
    first = run(capsys, "reports", "--no-cache", "-v")
    assert "view.html:" not in first[1] and "summary.md:" not in first[1]
    assert "skipped 2 file(s) citelint wrote and git does not track" in first[2]
    # under --isolated no mark in the tree counts
    isolated = run(capsys, "reports", "--no-cache", "--isolated")
    assert "reports/view.html:" in isolated[1]
    # a tracked file carrying the mark is a report: a forged mark hides nothing committed
    _git(tmp_path, "add", "reports/view.html")
    tracked = run(capsys, "reports", "--no-cache")
    assert "reports/view.html:" in tracked[1] and "reports/summary.md:" not in tracked[1]
