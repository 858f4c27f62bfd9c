"""Small questions about lxml elements that the HTML walker asks: which block an element
makes, which it skips, which it reads inline, and what a few of them are."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lxml import etree

from citelint.read.parse.raw import label_tail

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
    """`<div class="mermaid">`, `<pre class="mermaid">`, `<code class="language-mermaid">`,
    and a Markdown fence as renderers write it: `<pre><code class="language-mermaid">`
    (markdown-it, pulldown-cmark), `<pre lang="mermaid">` (cmark-gfm)."""
    classes = (el.get("class") or "").split()
    if tag in ("div", "pre") and "mermaid" in classes:
        return True
    if tag == "pre":
        kids = [c for c in el if isinstance(c.tag, str)]
        code = len(kids) == 1 and str(kids[0].tag).lower() == "code" and not (el.text or "").strip()
        return el.get("lang") == "mermaid" or (code and is_mermaid(kids[0], "code"))
    return tag == "code" and "language-mermaid" in classes


def strong_only(el: etree._Element) -> bool:
    """A paragraph that is one bold run: a heading written as bold text (a colon after it
    too, a parenthetical gloss before that: `<b>H2-1 (56-qubit)</b>:`, `<b>X</b> (2026):`)."""
    kids = [c for c in el if isinstance(c.tag, str)]
    if (el.text or "").strip() or len(kids) != 1 or kids[0].tag not in ("strong", "b"):
        return False
    return label_tail(kids[0].tail or "")


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


# Where Markdown renderers put a report's footnotes (grammar of their markup, no list of
# tools): Pandoc's `<section role="doc-endnotes">`, markdown-it's `<section
# class="footnotes">` and Python-Markdown's `<div class="footnote">` hold an `<ol>` of the
# definitions; pulldown-cmark writes each as `<div class="footnote-definition" id="1">`
# with its label in a `<sup class="footnote-definition-label">`.
_NOTES_ROLES = frozenset({"doc-endnotes", "doc-footnotes"})
_NOTES_CLASSES = frozenset({"footnotes", "footnote"})


def holds_footnotes(el: etree._Element) -> bool:
    """Whether the element holds the report's footnote definitions (an `<ol>` of them)."""
    classes = (el.get("class") or "").split()
    return (el.get("role") or "").strip() in _NOTES_ROLES or not _NOTES_CLASSES.isdisjoint(classes)


def footnote_label(el: etree._Element) -> str | None:
    """The label of a footnote definition written as one element (pulldown-cmark), else None."""
    if "footnote-definition" not in (el.get("class") or "").split():
        return None
    for node in el:  # its own children only: nested definitions cost no rescan
        if isinstance(node.tag, str) and node.tag.lower() == "sup" and is_footnote_label(node):
            return "".join(texts(node)).strip() or None
    return (el.get("id") or "").strip() or None


def is_footnote_label(el: etree._Element) -> bool:
    """A definition's own label (`<sup class="footnote-definition-label">1</sup>`): its
    key, not a citation of it."""
    return "footnote-definition-label" in (el.get("class") or "").split()


@dataclass(slots=True)
class Footnotes:
    """The footnote definition the walker is in: its `label` (None: it is in none)."""

    label: str | None = None
    depth: int = 0  # open elements that hold definitions

    def open(
        self, el: etree._Element, tag: str, number: int | None, flush: Callable[[], None]
    ) -> tuple[bool, str | None]:
        """Enter `el` (`number`: its own, for an item of an `<ol>`); what came before a
        new definition is flushed first, as not its own. Returns what `close` undoes."""
        outer = label = self.label
        holds = bool(el.attrib) and holds_footnotes(el)
        self.depth += holds
        if tag == "li" and self.depth and number is not None:
            label = str(number)
        elif el.attrib:
            label = footnote_label(el) or outer
        if label != outer:
            flush()
            self.label = label
        return holds, outer

    def close(self, opened: tuple[bool, str | None]) -> None:
        holds, self.label = opened
        self.depth -= holds
