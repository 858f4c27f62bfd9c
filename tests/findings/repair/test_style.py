"""A new citation as the report writes its citations (`citelint/findings/repair/style.py`)."""

from __future__ import annotations

from citelint.findings.repair.style import cite_as, insert, written
from citelint.ground.document import Anchor, Document
from citelint.read.parse import Parser

TARGET = Anchor("pmid", "3001", "results", 0, 0)
SAVED = "sources/pubmed/3001.xml"


def _doc(text: str) -> Document:
    return Parser().parse("r.md", text.encode())


def test_citelints_own_grammar_where_the_report_writes_it_or_cites_nothing() -> None:
    assert written(TARGET) == "[pmid:3001:results]"
    own = _doc("ORR was 45% [pmid:1001:abstract].\n")
    assert cite_as(own, TARGET, SAVED, {}) == "[pmid:3001:results]"
    assert cite_as(_doc("ORR was 45%.\n"), TARGET, SAVED, {}) == "[pmid:3001:results]"


def test_the_entrys_key_spelled_as_the_reports_other_citations() -> None:
    numbered = _doc("ORR was 45% [1].\n\n## References\n\n1. PMID: 1001\n2. PMID: 3001\n")
    entries = {"1": "sources/pubmed/1001.json", "2": SAVED}
    assert cite_as(numbered, TARGET, SAVED, entries) == "[2]"
    footnotes = _doc("ORR was 45%.[^a]\n\n[^a]: PMID: 1001\n[^b]: PMID: 3001\n")
    assert cite_as(footnotes, TARGET, SAVED, {"a": "x", "b": SAVED}) == "[^b]"


def test_no_citation_where_no_entry_resolved_to_the_file() -> None:
    numbered = _doc("ORR was 45% [1].\n\n## References\n\n1. PMID: 1001\n")
    assert cite_as(numbered, TARGET, SAVED, {"1": "sources/pubmed/1001.json"}) is None
    links = _doc("ORR was 45% ([ASCO](https://example.org/a)).\n")
    assert cite_as(links, TARGET, SAVED, {}) is None  # a link names a page, not a record


def test_a_citation_goes_before_the_stop_of_a_paragraphs_sentence() -> None:
    doc = _doc("ORR was 45%.\n\n# ORR was 45%\n")
    first, heading = doc.sentences[0], doc.sentences[1]
    edit = insert(doc, first, "[2]")
    assert edit is not None and (edit.start, edit.text) == (11, " [2]")
    assert insert(doc, heading, "[2]") is None
