"""The record shape PubMed, Crossref and arXiv share: labels, fields, empty notices."""

from __future__ import annotations

import pytest

from citelint.sources.loaders.bibliographic import BibliographicRecord, Section, parse_xml
from citelint.sources.model import Failure, FailureKind, SourceError, Span

RECORD = BibliographicRecord(
    "r.xml",
    {"title": "A trial", "year": "2012", "retraction": "", "concern": "eoc in X"},
    (
        Section("BACKGROUND", "BACKGROUND", "Why."),
        Section("Results and Conclusions", "RESULTS", "Rates were 45%."),
    ),
    frozenset({"1"}),
    "2012",
)


def _text(locator: str | None) -> str:
    found = RECORD.resolve(locator)
    assert isinstance(found, Span), found
    return found.text


def test_sections_match_their_label_or_a_word_of_it() -> None:
    assert _text("result") == "Rates were 45%."
    assert _text("conclusions") == "Rates were 45%."
    assert _text("abstract") == "Why.\nRates were 45%."
    assert _text(None) == "A trial\nWhy.\nRates were 45%."
    assert RECORD.locators() == ("title", "abstract", "background", "results and conclusions")


def test_an_empty_notice_never_resolves() -> None:
    assert _text("concern") == "eoc in X"
    empty = RECORD.resolve("retraction")
    assert isinstance(empty, Failure) and empty.kind is FailureKind.NO_LOCATOR
    missing = RECORD.resolve("discussion")
    # the locators it has are named by the store (tests/sources/test_kinds.py)
    assert isinstance(missing, Failure) and missing.message == (
        "no field or abstract section 'discussion'"
    )


def test_xml_is_parsed_without_entities() -> None:
    bomb = b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'
    assert "root" not in "".join(str(t) for t in parse_xml(bomb).itertext())
    with pytest.raises(SourceError, match="not well-formed XML"):
        parse_xml(b"<x>")
