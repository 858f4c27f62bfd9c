"""Attribute scopes of an HTML report: anchors over an element's sentences, ignores,
appendix containers and a Mermaid diagram's anchors."""

from __future__ import annotations

from tests.read.parse.conftest import parse


def test_a_scope_covers_the_text_of_its_element_and_no_more() -> None:
    doc = parse(
        "r.html",
        '<p>before</p><div data-cite="pmid:1:abstract"><p>inside one.</p><p>two.</p></div>'
        "<p>after</p>",
    )
    covered = {s.text: [a.id for a in s.anchors] for s in doc.sentences}
    assert covered == {"before": [], "inside one.": ["1"], "two.": ["1"], "after": []}


def test_a_references_section_is_an_appendix_and_a_diagram_keeps_its_anchors() -> None:
    doc = parse(
        "r.html",
        "<section><h2>References</h2><p>1. A. Title. 2020.</p></section>"
        '<div class="mermaid" data-cite="pmid:2">graph TD; A-->B</div>',
    )
    assert [b.appendix for b in doc.blocks] == [True, True]
    assert [a.id for a in doc.mermaid[0].anchors] == ["2"]
