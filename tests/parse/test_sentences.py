"""Sentence splitting: semicolons, abbreviations, decimals, line separators."""

from __future__ import annotations

from tests.parse.conftest import parse, sentences


def test_u2028_is_not_a_line_break() -> None:
    doc = parse("r.md", "a\u2028b [pmid:1]\n")
    assert doc.position(doc.anchors[0].start)[0] == 1


def test_semicolons_do_not_split() -> None:
    doc = parse("r.md", "甲4%；乙5%。[pmid:1]\n")
    assert sentences(doc) == ["甲4%；乙5%。[pmid:1]"]


def test_abbreviations_and_decimals() -> None:
    doc = parse("r.md", "See Fig. 2 and e.g. No. 5 vs. 5.5 et al. in 2012. Next.\n")
    assert sentences(doc) == ["See Fig. 2 and e.g. No. 5 vs. 5.5 et al. in 2012.", "Next."]
