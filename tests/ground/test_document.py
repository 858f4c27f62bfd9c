"""The Document: positions in code points, line starts, the first heading."""

from __future__ import annotations

from citelint.ground.document import Reference, line_starts
from citelint.read.parse import Parser


def test_line_starts_break_at_lf_crlf_and_cr_only() -> None:
    assert line_starts("a\nb\r\nc\rd\u2028e") == (0, 2, 5, 7)


def test_positions_are_one_based_code_points_and_clamped() -> None:
    doc = Parser().parse("r.md", "# 标题\n\n中位 PFS 4.8 个月。\n".encode())
    assert doc.position(0) == (1, 1)
    at = doc.text.index("4.8")
    assert doc.position(at) == (3, 8)
    assert doc.position(-5) == (1, 1)
    assert doc.position(10**9)[0] == len(doc.line_starts)


def test_file_level_findings_go_to_the_first_heading() -> None:
    doc = Parser().parse("r.md", b"Intro.\n\n## Section\n\nText.\n")
    assert doc.first_heading_offset() == doc.text.index("## Section")
    assert Parser().parse("r.md", b"No headings.\n").first_heading_offset() == 0


def test_an_entry_is_named_as_the_body_would_cite_it() -> None:
    entry = Reference("3", "Cohn, T. (2023). A blog post.", 0, 30, author="Cohn", year="2023")
    assert entry.named == "[3]"
    # a list that numbers nothing: `[3]` names no citation the report could hold
    unnumbered = Reference("3", entry.text, 0, 30, author="Cohn", year="2023", numbered=False)
    assert unnumbered.named == "entry 3 (Cohn, 2023)"
    assert Reference("4", "A page.", 0, 7, numbered=False).named == "entry 4"
