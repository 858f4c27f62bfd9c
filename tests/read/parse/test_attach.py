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


def test_a_bracketed_link_after_the_stop_cites_the_sentence_before() -> None:
    # GPT-5's surveys: `($92 m U.S.) [https://…;] however, …`, the link's range inside
    # its bracket; and an identifier in parentheses after the stop
    doc = parse(
        "r.md",
        "Claims were settled ($92 m U.S.) [https://example.org/a;] however, others lag. "
        "Rates fell 5%. (PMID: 123) Next one.\n",
    )
    assert [(s.text, [a.text for a in s.anchors]) for s in doc.sentences] == [
        ("Claims were settled ($92 m U.S.) [https://example.org/a;]", ["https://example.org/a"]),
        ("however, others lag.", []),
        ("Rates fell 5%. (PMID: 123)", ["PMID: 123"]),
        ("Next one.", []),
    ]
