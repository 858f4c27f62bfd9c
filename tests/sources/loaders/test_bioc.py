"""BioC and PubTator records: section types, documents, the PubTator text format."""

from __future__ import annotations

from pathlib import Path

from tests.sources.conftest import span


def test_bioc_sections(real: Path) -> None:
    title = span(real, "bioc", "22663011", "title")
    assert title.text == "Improved survival with MEK inhibition in BRAF-mutated melanoma."
    abstract = span(real, "bioc", "22663011", "abstract")
    assert "0.45" in abstract.text and abstract.fields == ()  # infons are never support
    assert "MEK" in span(real, "bioc", "22663011", "annotations").text


def test_pubtator_text_format(real: Path) -> None:
    assert "CXCR1" in span(real, "pubtator", "22051099", "title").text
    assert span(real, "pubtator", "22051099", "abstract").text.startswith("BACKGROUND")
