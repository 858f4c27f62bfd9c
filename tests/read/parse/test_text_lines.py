"""A plain-text export written one paragraph per line is read a paragraph a line."""

from __future__ import annotations

from citelint.read.parse import Parser
from citelint.read.parse.text_lines import LONG_LINE, unwrapped

PROSE = "Northbridge Health opened a triage assistant in 2023 and extended it. " * 3
TEXT = f"Northbridge Health\n{PROSE}\nThe assistant answers 40% of calls.\n"


def _blocks(path: str, text: str) -> list[str]:
    return [b.text for b in Parser().parse(path, text.encode()).blocks]


def test_a_long_line_of_prose_marks_a_text_unwrapped() -> None:
    assert len(PROSE) >= LONG_LINE
    assert unwrapped(TEXT)
    assert not unwrapped("A line wrapped at seventy-two characters, as editors\nwrap it.\n")
    assert not unwrapped("https://example.org/" + "a" * LONG_LINE + "\n")  # a URL is no prose


def test_each_line_of_a_txt_export_is_a_paragraph() -> None:
    assert _blocks("r.txt", TEXT) == [
        "Northbridge Health",
        PROSE.strip(),
        "The assistant answers 40% of calls.",
    ]


def test_markdown_and_wrapped_text_keep_their_paragraphs() -> None:
    assert len(_blocks("r.md", TEXT)) == 1  # CommonMark: a newline wraps a paragraph
    wrapped = "A line wrapped at seventy-two characters,\nas editors wrap it.\n"
    assert _blocks("r.txt", wrapped) == [
        "A line wrapped at seventy-two characters, as editors wrap it."
    ]


def test_a_diagram_without_its_fence_stays_one_block() -> None:
    chart = "flowchart TB\n  A[Goal] --> B[Step]\n  A --> C[Other step]\n"
    assert _blocks("r.txt", f"{PROSE}\n\n{chart}")[1:] == [
        "flowchart TB A[Goal] --> B[Step] A --> C[Other step]"
    ]
