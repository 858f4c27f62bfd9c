"""PDF sources: pages, page lines, encryption, image-only and blank files."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.sources.model import FailureKind, SourceError
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


def test_the_same_pdf_under_many_roots_is_extracted_once_per_run(
    real: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citelint.sources.loaders import pdf

    data = (real / "guidelines/PONE.pdf").read_bytes()
    calls: list[str] = []
    real_extract = pdf._extract

    def counted(path: str, blob: bytes, max_pages: int) -> pdf.PdfSource:
        calls.append(path)
        return real_extract(path, blob, max_pages)

    monkeypatch.setattr(pdf, "_extract", counted)
    monkeypatch.setattr(pdf, "_EXTRACTED", {})
    first = pdf.load_pdf("/a/sources/guidelines/g.pdf", data)
    second = pdf.load_pdf("/b/sources/guidelines/g.pdf", data)
    assert len(calls) == 1 and first.pages == second.pages
    assert second.path == "/b/sources/guidelines/g.pdf"  # each copy keeps its own path
    with pytest.raises(SourceError, match="over max-pdf-pages"):
        pdf.load_pdf("/c/g.pdf", data, max_pages=0)
