"""BioC and PubTator records: section types, documents, the PubTator text format."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import Writer
from tests.sources.conftest import failure, span


def test_bioc_sections(real: Path) -> None:
    title = span(real, "bioc", "22663011", "title")
    assert title.text == "Improved survival with MEK inhibition in BRAF-mutated melanoma."
    abstract = span(real, "bioc", "22663011", "abstract")
    assert "0.45" in abstract.text and abstract.fields == ()  # infons are never support
    assert "MEK" in span(real, "bioc", "22663011", "annotations").text


def test_pubtator_text_format(real: Path) -> None:
    assert "CXCR1" in span(real, "pubtator", "22051099", "title").text
    assert span(real, "pubtator", "22051099", "abstract").text.startswith("BACKGROUND")


def test_pmcs_bioc_api_answers_a_list_of_collections(project: Writer) -> None:
    document = {
        "id": "1000001",  # PMC's BioC documents may name the article without its prefix
        "passages": [{"infons": {"section_type": "RESULTS"}, "text": "The response rate was 45%."}],
    }
    collections = [{"source": "PMC", "documents": [document]}]
    root = Path(str(project("sources/bioc/PMC1000001.json", json.dumps(collections)))).parents[1]
    assert span(root, "bioc", "PMC1000001", "results").text == "The response rate was 45%."
    assert "45%" in span(root, "bioc", "PMC1000001").text
    other = Path(str(project("sources/bioc/PMC2.json", json.dumps(collections)))).parents[1]
    assert "not PMC2" in failure(other, "bioc", "PMC2").message
