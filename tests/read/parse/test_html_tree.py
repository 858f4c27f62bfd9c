"""The element helpers of the HTML walker, and where a report's footnotes are."""

from __future__ import annotations

import pytest
from lxml import etree

from citelint.read.parse.html_tree import (
    Footnotes,
    footnote_label,
    holds_footnotes,
    is_mermaid,
    small_int,
    strong_only,
    texts,
)


def _el(source: str) -> etree._Element:
    return etree.fromstring(source)


@pytest.mark.parametrize(
    ("source", "tag", "expected"),
    [
        ('<div class="mermaid">x</div>', "div", True),
        ('<pre class="a mermaid">x</pre>', "pre", True),
        ('<code class="language-mermaid">x</code>', "code", True),
        ('<span class="mermaid">x</span>', "span", False),
        ('<pre><code class="language-mermaid">x</code></pre>', "pre", True),  # a rendered fence
        ('<pre lang="mermaid">x</pre>', "pre", True),
        ('<pre>a <code class="language-mermaid">x</code></pre>', "pre", False),  # prose code
        ('<pre><code class="language-python">x</code></pre>', "pre", False),
    ],
)
def test_is_mermaid(source: str, tag: str, expected: bool) -> None:
    assert is_mermaid(_el(source), tag) is expected


def test_strong_only() -> None:
    assert strong_only(_el("<p><strong>References</strong></p>"))
    assert not strong_only(_el("<p>See <strong>this</strong></p>"))
    assert not strong_only(_el("<p><strong>a</strong> tail</p>"))
    assert strong_only(_el("<p><b>H2-1 (56-qubit)</b>:</p>"))  # a label's colon after it
    assert not strong_only(_el("<p><b>H2-1</b>: 56 qubits</p>"))
    assert strong_only(_el("<p><b>755 nm laser</b> (2026 meta-analysis):</p>"))  # a gloss
    assert not strong_only(_el("<p><b>755 nm laser</b> (2026 meta-analysis)</p>"))  # no colon
    assert not strong_only(_el("<p><b>Laser</b> (2026): 30% cleared</p>"))


def test_texts_in_document_order() -> None:
    assert "".join(texts(_el("<p>a<b>b</b>c<i>d</i></p>"))) == "abcd"


def test_small_int_refuses_what_is_not_a_list_number() -> None:
    assert small_int("7") == 7
    assert small_int(None) is None
    assert small_int("x") is None
    assert small_int("9" * 5000) is None  # never an int conversion of hostile length


def test_footnote_containers_and_definitions_by_their_markup() -> None:
    assert holds_footnotes(_el('<section role="doc-endnotes"/>'))
    assert holds_footnotes(_el('<section class="footnotes footnotes-end-of-document"/>'))
    assert holds_footnotes(_el('<div class="footnote"/>'))
    assert not holds_footnotes(_el('<div class="footnote-reference"/>'))
    definition = '<div class="footnote-definition" id="x"><sup class="{c}">7</sup></div>'
    assert footnote_label(_el(definition.format(c="footnote-definition-label"))) == "7"
    assert footnote_label(_el(definition.format(c="other"))) == "x"  # no label shown: its id
    assert footnote_label(_el('<div class="footnotes" id="x"/>')) is None


def test_footnotes_label_a_container_s_items_and_restore_the_outer_label() -> None:
    flushed: list[str | None] = []
    notes = Footnotes()
    box = etree.fromstring('<section role="doc-endnotes"><li value="4"/><li/></section>')
    opened = notes.open(box, "section", None, lambda: flushed.append(notes.label))
    first = notes.open(box[0], "li", 4, lambda: flushed.append(notes.label))  # (`value`)
    assert notes.label == "4"  # an item's number is its label
    notes.close(first)
    second = notes.open(box[1], "li", 5, lambda: flushed.append(notes.label))
    assert notes.label == "5"
    notes.close(second)
    notes.close(opened)
    assert (_state(notes), flushed) == ((None, 0), [None, None])
    outside = notes.open(etree.fromstring("<li/>"), "li", 2, lambda: None)
    assert _state(notes) == (None, 0) and outside == (False, None)  # a body list's item


def _state(notes: Footnotes) -> tuple[str | None, int]:
    return notes.label, notes.depth
