"""HTML sources to text with lxml's HTML parser, each text line on its source line.

A saved web page, guideline or regulator's page is read as a browser reads it: the
document's text, with scripts, styles, navigation, forms' controls and every attribute
gone (a `width="410"` is no number the page states), entities decoded, table cells of a
row joined by ` | `. Line N of the text is what line N of the saved file shows, so
`line:N` locators and reported positions keep naming lines of the file (DECISIONS L8):
each text node is laid out from the line the parser says its element starts on
(`sourceline`), counting the newlines it holds.

The encoding is the byte-order mark's, else UTF-8 when the bytes are UTF-8, else the
page's `<meta charset>` (or `http-equiv` Content-Type), else the charset of the
Content-Type header `citelint fetch` recorded; a page none of these decode is unreadable
(CL007), never guessed.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import lxml.etree
import lxml.html

from citelint.sources.loaders.text import Heading, TextSource, decode_text
from citelint.sources.model import SourceError

# Elements whose text no reader of the page reads as the page's statement.
HIDDEN = frozenset(
    [
        "script",
        "style",
        "noscript",
        "template",
        "nav",
        "svg",
        "iframe",
        "object",
        "embed",
        "select",
        "button",
    ]
)
HEADINGS = {f"h{n}": n for n in range(1, 7)}
CELLS = frozenset({"td", "th"})
# Elements that begin a block: text on either side is not one run of words.
BLOCKS = frozenset(
    [
        "p",
        "div",
        "li",
        "tr",
        "td",
        "th",
        "dt",
        "dd",
        "br",
        "hr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "table",
        "caption",
        "figcaption",
        "blockquote",
        "pre",
        "section",
        "article",
        "header",
        "footer",
        "main",
        "aside",
        "ul",
        "ol",
        "dl",
        "title",
        "address",
        "form",
        "fieldset",
    ]
)
_META_CHARSET = re.compile(
    rb"<meta\b[^>]{0,500}?charset\s*=\s*[\"']?\s*([A-Za-z0-9._:-]{1,40})", re.I
)
_HEADER_CHARSET = re.compile(r"charset\s*=\s*\"?([A-Za-z0-9._:-]{1,40})", re.I)
_SPACES = re.compile(r"[ \t\r\f\v]+")
_CAPPED = 65535  # libxml2 reports no source line past this one; later lines are counted


def decode_html(data: bytes, header_type: str = "") -> str:
    """The page's text by its byte-order mark, UTF-8, its `<meta>` charset or the
    recorded Content-Type header's, in that order."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = _decoded(data, "utf-16")
        if text is not None:
            return text
    try:
        return decode_text(data)
    except SourceError as exc:
        if b"\x00" in data[:8192]:
            raise
        failure = exc
    declared = _META_CHARSET.search(data[:8192])
    named = [declared.group(1).decode("ascii")] if declared else []
    header = _HEADER_CHARSET.search(header_type)
    named += [header.group(1)] if header else []
    for name in named:
        text = _decoded(data, name)
        if text is not None:
            return text
    raise failure


def _decoded(data: bytes, name: str) -> str | None:
    try:
        return data.decode(codecs.lookup(name).name).removeprefix("\ufeff")
    except (LookupError, UnicodeDecodeError):
        return None


@dataclass
class _Layout:
    """Text laid out on the file's lines as the document is walked."""

    lines: list[list[str]]
    line: int = 0  # 0-based line the next text lands on
    block: str = ""  # the block boundary crossed since the last text ("cell" or "block")
    headings: list[Heading] = field(default_factory=list)

    def reach(self, sourceline: int | None) -> None:
        """An element starts on `sourceline` (1-based): the text after it is there."""
        if sourceline is not None and sourceline < _CAPPED:
            self.line = min(max(self.line, sourceline - 1), len(self.lines) - 1)

    def skip(self, text: str) -> None:
        self.line = min(self.line + text.count("\n"), len(self.lines) - 1)

    def put(self, text: str) -> int:
        """Lay `text` out from the current line; the line its first words land on."""
        first = -1
        for i, part in enumerate(text.split("\n")):
            if i:
                self.line = min(self.line + 1, len(self.lines) - 1)
                self.block = ""
            words = _SPACES.sub(" ", part).strip()
            if not words:
                continue
            row = self.lines[self.line]
            if row and self.block == "cell":
                row.append("|")
            row.append(words)
            self.block = ""
            first = self.line if first < 0 else first
        return first


def load_html(
    path: str,
    data: bytes,
    toc: dict[str, tuple[int, int]] | None,
    header_type: str = "",
) -> TextSource:
    """The page's text as a `TextSource` whose line N is the saved file's line N."""
    text = decode_html(data, header_type)
    count = text.count("\n") + text.count("\r") - text.count("\r\n") + 1
    layout = _Layout([[] for _ in range(count)])
    root = _parse(text)
    if root is not None:
        _walk(root, layout)
    lines = tuple(" ".join(parts) for parts in layout.lines)
    return TextSource(path, lines, tuple(layout.headings), toc)


def _parse(text: str) -> lxml.html.HtmlElement | None:
    """The document tree, or None for a page with nothing in it."""
    if not text.strip():
        return None
    parser = lxml.html.HTMLParser(recover=True, huge_tree=True, remove_comments=False)
    try:
        return lxml.html.document_fromstring(
            text.replace("\r\n", "\n").replace("\r", "\n"), parser=parser
        )
    except (lxml.etree.ParserError, ValueError):
        return None


def _walk(root: lxml.html.HtmlElement, layout: _Layout) -> None:
    """Every text node in document order, without recursion (a deep page is no crash)."""
    for kind, node in _events(root):
        tag = node.tag if isinstance(node.tag, str) else ""
        if kind == "end":
            if tag in BLOCKS:
                layout.block = "cell" if tag in CELLS else "block"
            if node.tail:
                layout.put(node.tail)
        elif not tag:  # a comment or processing instruction: only its lines count
            layout.skip(node.text or "")
            layout.reach(node.sourceline)
        else:
            layout.reach(node.sourceline)
            if tag in BLOCKS:
                layout.block = "cell" if tag in CELLS and layout.block != "block" else "block"
            if tag in HIDDEN:
                layout.skip(_inner(node))
            elif tag in HEADINGS:
                _heading(node, layout)
            elif node.text:
                layout.put(node.text)


def _events(root: lxml.html.HtmlElement) -> Iterator[tuple[str, lxml.html.HtmlElement]]:
    """`start` and `end` of each element, hidden subtrees and headings entered once."""
    stack: list[tuple[lxml.html.HtmlElement, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            yield "end", node
            continue
        yield "start", node
        stack.append((node, True))
        tag = node.tag if isinstance(node.tag, str) else ""
        if tag and tag not in HEADINGS and tag not in HIDDEN:
            stack.extend((child, False) for child in reversed(node))


def _heading(node: lxml.html.HtmlElement, layout: _Layout) -> None:
    """A heading's words on its lines, and its title for `## Heading` locators."""
    text = _inner(node)
    first = layout.put(text)
    title = " ".join(text.split())
    if first >= 0 and title:
        layout.headings.append(Heading(first + 1, HEADINGS[str(node.tag)], title))


def _inner(node: lxml.html.HtmlElement) -> str:
    """The text inside `node`, its descendants' tails included, its own tail not."""
    return "".join(node.itertext(with_tail=True)) if len(node) else node.text or ""
