"""Small questions about lxml elements that the HTML walker asks: which block an element
makes, which it skips, which it reads inline, and what a few of them are."""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

BLOCK_KINDS = {
    "p": "p", "li": "li", "dd": "dd", "dt": "dt", "blockquote": "blockquote",
    "figcaption": "figcaption", "caption": "caption",
    "h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading",
    "h6": "heading", "text": "p",  # an SVG's text: what a figure says in words
}  # fmt: skip
SKIP = frozenset(
    {
        "head",
        "script",
        "style",
        "template",
        "code",
        "pre",
        "title",
        "textarea",
        "xmp",
        "iframe",
        "noembed",
        "noframes",
    }
)  # `noscript`, `svg` and `math` are read: a reader sees them (shown.py)
INLINE = frozenset({
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "data", "dfn", "em", "font", "i", "img",
    "ins", "del", "kbd", "label", "mark", "q", "s", "samp", "small", "span", "strong", "sub",
    "sup", "time", "u", "var", "wbr", "strike", "tt", "big", "ruby", "rt", "rp", "nobr",
    "tspan", "textpath",
})  # fmt: skip


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
