"""Why a file a walk passes over is no report, and what --isolated says of them."""

from __future__ import annotations

from pathlib import Path

from citelint.config.skips import UNREAD_FORMAT, text_skip, told


def test_a_txt_file_that_is_no_report(tmp_path: Path) -> None:
    (tmp_path / "requirements-dev.txt").write_text("pytest\n")
    (tmp_path / "out.txt").write_text("r.md:1:1: CL001 [critical] x\n")
    (tmp_path / "notes.txt").write_text("Rate 5% [1].\n")
    assert text_skip(str(tmp_path / "requirements-dev.txt")) == (
        "a package list or a crawler's rules, not a report"
    )
    assert text_skip(str(tmp_path / "out.txt")) == "its first line is citelint's own output"
    assert text_skip(str(tmp_path / "notes.txt")) is None
    (tmp_path / "link.txt").symlink_to(tmp_path / "notes.txt")
    assert "symlinked" in (text_skip(str(tmp_path / "link.txt")) or "")


def test_what_isolated_says_counts_only_what_could_hold_a_report() -> None:
    passed = [("a.xhtml", UNREAD_FORMAT), ("b.md", "ignored by .gitignore")]
    (line,) = told(passed, dropped=2)
    assert line.startswith("--isolated: 3 file(s) that could hold a report were not linted (")
    assert told([("b.md", "ignored by .gitignore")]) == []
