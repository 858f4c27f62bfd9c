"""A list closed by its citation covers its items and its lead-in; nothing else does."""

from __future__ import annotations

from citelint.read.parse import Parser


def _cited(text: str) -> list[tuple[str, list[str], bool]]:
    doc = Parser().parse("r.md", text.encode())
    return [(s.text, [a.text for a in s.anchors], s.borrowed) for s in doc.sentences]


CLOSED = (
    "A meta-analysis reported probiotics reduced:\n\n- surgical site infection (OR 0.44);\n"
    "- sepsis (OR 0.5);\n- and antibiotic days [[61]](https://pubmed.ncbi.nlm.nih.gov/1/).\n"
)


def test_a_list_closed_by_its_citation_lends_it_to_its_items_and_lead_in() -> None:
    link = ["https://pubmed.ncbi.nlm.nih.gov/1/"]
    assert _cited(CLOSED) == [
        ("A meta-analysis reported probiotics reduced:", link, True),
        ("surgical site infection (OR 0.44);", link, True),
        ("sepsis (OR 0.5);", link, True),
        ("and antibiotic days [61].", link, False),
    ]


def test_no_lead_in_items_that_cite_or_anchors_lend_nothing() -> None:
    no_lead = CLOSED.replace("reduced:", "reduced several outcomes.")
    assert [anchors for _, anchors, _ in _cited(no_lead)][:3] == [[], [], []]
    own = CLOSED.replace("(OR 0.5);", "(OR 0.5) [[2]](https://example.org/2);")
    assert [anchors for _, anchors, _ in _cited(own)][1] == []
    anchored = "Results:\n\n- PFS 4.8 months;\n- OS 81% [pmid:1:abstract].\n"
    assert [anchors for _, anchors, _ in _cited(anchored)][:2] == [[], []]
