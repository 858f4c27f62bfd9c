"""Why a file a walk passes over is no report, and what --isolated says of them."""

from __future__ import annotations

from pathlib import Path

from citelint.config.skips import (
    DATA,
    NOTE,
    REPOSITORY_DOCUMENT,
    UNREAD_FORMAT,
    note_skip,
    text_skip,
    told,
)


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


def test_a_data_file_is_no_report(tmp_path: Path) -> None:
    """PubTator records and tab-separated annotations: half the lines or more are records."""
    pubtator = tmp_path / "annotations.txt"
    pubtator.write_text(
        "101|t|A title of a record.\n"
        "101|a|An abstract that states 45% of 12 patients [1].\n"
        "101\t0\t5\tBRAF\tGene\t673\n"
        "\n"
        "102|t|Another title.\n"
    )
    assert text_skip(str(pubtator)) == DATA
    table = tmp_path / "sizes.txt"
    table.write_text("name\tbytes\nreport.md\t2048\nnotes.md\t512\nA line of prose [1].\n")
    assert text_skip(str(table)) == DATA
    # a report with one tab-indented line is prose all the same
    prose = tmp_path / "report.txt"
    prose.write_text("Rate was 5% [1].\n\tAn indented line.\nIt fell to 3% [2].\nMore text.\n")
    assert text_skip(str(prose)) is None


def test_a_dataset_describing_itself_is_a_repository_document() -> None:
    for name in ("PROVENANCE.md", "MANIFEST.md", "datasheet.md", "DATA_CARD.md", "README.md"):
        assert REPOSITORY_DOCUMENT.match(name), name
    assert not REPOSITORY_DOCUMENT.match("provenance-of-trametinib.md")


def test_an_agents_note_by_the_source_section_closing_it(tmp_path: Path) -> None:
    body = "# Notes\n\n" + "- Rate 5% in 2024.\n" * 400  # the note's end is what is read
    cases = {
        "gathered.md": body + "\n## Source\nInformation gathered from the CRI site: https://c.x\n",
        "compiled.md": body + "\n### Sources\n\nInformation compiled from multiple sources.\n",
        "listed.md": body + "\n## Sources\nInformation gathered from:\n1. A review\n2. A trial\n",
        "report.md": body + "\n## Sources\n\n1. [A](https://a.x)\n",  # a reference list
        "later.md": body + "\n## Source\nInformation gathered from A.\n\n## Next\nMore.\n",
        "prose.md": "Information gathered from the site shows a rise.\n",  # no source heading
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    noted = {n for n in cases if note_skip(str(tmp_path / n)) == NOTE}
    assert noted == {"gathered.md", "compiled.md", "listed.md"}
