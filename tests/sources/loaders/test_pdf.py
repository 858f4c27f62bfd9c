"""PDF sources: pages, page lines, encryption, image-only and blank files."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.sources.model import FailureKind
from tests.conftest import Writer
from tests.sources.conftest import failure, span


def test_real_pdf_pages(real: Path) -> None:
    page = span(real, "guideline", "PONE", "page:2")
    assert (page.start_line, page.end_line) == (2, 2) and len(page.text) > 500
    assert span(real, "guideline", "PONE", "page:1-2").text.startswith("RESEARCH ARTICLE")
    assert failure(real, "guideline", "PONE", "page:99").kind is FailureKind.NO_LOCATOR
    assert failure(real, "guideline", "PONE", "line:3").kind is FailureKind.NO_LOCATOR
    assert span(real, "guideline", "PONE", "page:1:line:1-2").text


@pytest.mark.parametrize(
    ("ident", "words"),
    [
        ("ENC2", "encrypted with a password"),
        ("BROKEN", "no extractable text"),
    ],
)
def test_unreadable_pdfs(real: Path, ident: str, words: str) -> None:
    f = failure(real, "guideline", ident)
    assert f.kind is FailureKind.UNREADABLE and words in f.message


def test_pdf_with_empty_user_password_opens(real: Path) -> None:
    assert "encryption" in span(real, "guideline", "EMPTYPW").text


def test_image_only_pdf_pages(real: Path) -> None:
    f = failure(real, "guideline", "IMAGES", "page:1")
    assert f.kind is FailureKind.UNREADABLE and "no extractable text on page 1-1" in f.message


def test_blank_pdf_is_unreadable(project: Writer) -> None:
    import io

    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    buffer = io.BytesIO()
    writer.write(buffer)
    path = project("sources/guidelines/blank.pdf", buffer.getvalue())
    f = failure(path.parents[1], "guideline", "blank")
    assert f.kind is FailureKind.UNREADABLE and "image-only or empty" in f.message
