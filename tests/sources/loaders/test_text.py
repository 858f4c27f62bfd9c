"""Text, Markdown and HTML sources: line, heading, toc and phrase locators."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.sources.model import FailureKind
from tests.sources.conftest import GUIDE, failure, span


@pytest.mark.parametrize(
    ("locator", "text", "lines"),
    [
        (None, GUIDE, (1, 10)),
        ("line:6", "line six", (6, 6)),
        ("line:6-7", "line six\nline seven", (6, 7)),
        ("lines:6-7", "line six\nline seven", (6, 7)),
        ("L6-L7", "line six\nline seven", (6, 7)),
        ("L6", "line six", (6, 6)),
        ("line:8-999", "## 6 Other\nend\n", (8, 10)),
        ("§5.5.2", "### 5.5.2 EGFR\nline six\nline seven", (5, 7)),
        ("5.5", "## 5.5 Lung\nintro\n### 5.5.2 EGFR\nline six\nline seven", (3, 7)),
        ("Other", "## 6 Other\nend\n", (8, 10)),
    ],
)
def test_text_locators(root: Path, locator: str | None, text: str, lines: tuple[int, int]) -> None:
    s = span(root, "guideline", "G", locator)
    assert s.text == text and (s.start_line, s.end_line) == lines


@pytest.mark.parametrize(
    "locator", ["line:0", "line:11", "line:7-6", "§9", "5.5.2.1", "Oth", "page:1"]
)
def test_text_locator_failures(root: Path, locator: str) -> None:
    assert failure(root, "guideline", "G", locator).kind is FailureKind.NO_LOCATOR


def test_toc_and_numbered_headings(root: Path) -> None:
    assert span(root, "guideline", "T", "§5.5.2").text == "5.5.2 EGFR mutations\nbody a"
    assert span(root, "guideline", "T", "one").text == "b"
    assert span(root, "guideline", "T", "5.6").text == "5.6 Next part\nb\n"


def test_html_source(root: Path) -> None:
    s = span(root, "guideline", "H", "Dosing")
    assert (
        "80 mg & daily" in s.text and "h2{}" not in s.text and (s.start_line, s.end_line) == (2, 3)
    )


def test_nmpa_phrase_locator(root: Path) -> None:
    s = span(root, "nmpa-page", "P1", "非小细胞肺癌")
    assert s.text == "适应症：非小细胞肺癌。\n用法 80 mg。" and s.start_line == 3
    assert failure(root, "nmpa-page", "P1", "乳腺癌").kind is FailureKind.NO_LOCATOR
