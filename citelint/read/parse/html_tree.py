"""Small questions about lxml elements that the HTML walker asks."""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree


def is_mermaid(el: etree._Element, tag: str) -> bool:
    """`<div class="mermaid">`, `<pre class="mermaid">`, `<code class="language-mermaid">`."""
    classes = (el.get("class") or "").split()
    if tag in ("div", "pre") and "mermaid" in classes:
        return True
    return tag == "code" and "language-mermaid" in classes


def strong_only(el: etree._Element) -> bool:
    """A paragraph that is one bold run: a heading written as bold text."""
    kids = [c for c in el if isinstance(c.tag, str)]
    if (el.text or "").strip() or len(kids) != 1 or kids[0].tag not in ("strong", "b"):
        return False
    return not (kids[0].tail or "").strip()


def texts(el: etree._Element) -> Iterator[str]:
    """Text pieces of a subtree in document order (tails of `el` itself excluded)."""
    if el.text:
        yield el.text
    for child in el:
        if isinstance(child.tag, str):
            yield from texts(child)
        if child.tail:
            yield child.tail


def small_int(text: str | None) -> int | None:
    """A list number as an attribute writes it; anything else (or absurdly long) is none."""
    return int(text) if text and text.isdigit() and len(text) <= 9 else None
