"""Which sentences an anchor covers."""

from __future__ import annotations

from tests.read.parse.conftest import parse


def test_an_anchor_covers_its_sentence_and_a_leading_run_the_one_before() -> None:
    doc = parse("r.md", "Rate 5%. [pmid:1] Next 6% [pmid:2]. [pmid:3]\n")
    cited = [(s.text, [a.id for a in s.anchors]) for s in doc.sentences]
    assert cited == [("Rate 5%. [pmid:1]", ["1"]), ("Next 6% [pmid:2]. [pmid:3]", ["2", "3"])]


def test_a_scope_around_the_sentence_lends_its_anchors() -> None:
    doc = parse("r.html", '<div data-cite="pmid:9"><p>Rate 5%.</p></div><p>Other.</p>')
    assert [[a.id for a in s.anchors] for s in doc.sentences] == [["9"], []]
