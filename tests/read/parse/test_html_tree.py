"""The element helpers of the HTML walker."""

from __future__ import annotations

import pytest
from lxml import etree

from citelint.read.parse.html_tree import is_mermaid, small_int, strong_only, texts


def _el(source: str) -> etree._Element:
    return etree.fromstring(source)


@pytest.mark.parametrize(
    ("source", "tag", "expected"),
    [
        ('<div class="mermaid">x</div>', "div", True),
        ('<pre class="a mermaid">x</pre>', "pre", True),
        ('<code class="language-mermaid">x</code>', "code", True),
        ('<span class="mermaid">x</span>', "span", False),
    ],
)
def test_is_mermaid(source: str, tag: str, expected: bool) -> None:
    assert is_mermaid(_el(source), tag) is expected


def test_strong_only() -> None:
    assert strong_only(_el("<p><strong>References</strong></p>"))
    assert not strong_only(_el("<p>See <strong>this</strong></p>"))
    assert not strong_only(_el("<p><strong>a</strong> tail</p>"))


def test_texts_in_document_order() -> None:
    assert "".join(texts(_el("<p>a<b>b</b>c<i>d</i></p>"))) == "abcd"


def test_small_int_refuses_what_is_not_a_list_number() -> None:
    assert small_int("7") == 7
    assert small_int(None) is None
    assert small_int("x") is None
    assert small_int("9" * 5000) is None  # never an int conversion of hostile length
