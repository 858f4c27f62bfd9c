"""HTML reports: lxml gives the structure, a raw scan gives exact positions (DECISIONS I1).

lxml reports no columns, so a small tag and entity scanner (`html_scan`) turns the raw
text into the decoded text stream lxml sees, with the raw offset of every character. Each
text node of the lxml tree is then found in that stream, in document order, from a moving
cursor.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from citelint.ground.anchors import AnchorGrammar
from citelint.read.parse.directives import parse_comment
from citelint.read.parse.html_scan import (
    RAW_TEXT,
    Stream,
    bound_attributes,
    scan,
)
from citelint.read.parse.html_scopes import Scopes
from citelint.read.parse.html_tree import (
    BLOCK_KINDS,
    INLINE,
    SKIP,
    Footnotes,
    is_footnote_label,
    is_mermaid,
    small_int,
    strong_only,
)
from citelint.read.parse.raw import ParseOutput, RawBlock
from citelint.read.parse.shown import UNREAD_TAGS, ShownReader
from citelint.read.parse.shown import block as shown_block


@dataclass(slots=True)
class _Run:
    parts: list[str] = field(default_factory=list)
    offsets: array[int] = field(default_factory=lambda: array("l"))
    breaks: list[int] = field(default_factory=list)
    length: int = 0
    links: list[tuple[int, int, str]] = field(default_factory=list)  # where reports cite
    sups: list[tuple[int, int]] = field(default_factory=list)

    def add(self, s: str, offsets: array[int]) -> None:
        self.parts.append(s)
        self.offsets.extend(offsets)
        self.length += len(s)


class HtmlParser:
    """Parses an HTML report (or an HTML fragment inside Markdown) into raw blocks."""

    def __init__(
        self, grammar: AnchorGrammar, heading: Callable[[str], bool], obey_markers: bool = True
    ) -> None:
        self._grammar = grammar
        self._is_appendix_heading = heading
        self._obey_markers = obey_markers  # `data-citelint-appendix`: off in trusted mode

    def parse(self, raw: str, out: ParseOutput, base: int = 0) -> None:
        raw = bound_attributes(raw)
        stream = scan(raw, base)
        for body, start, end in stream.comments:
            directive = parse_comment(body, start, end)
            if directive is not None:
                out.directives.append(directive)
        if not raw.strip():
            return
        parser = etree.HTMLParser(remove_comments=False, huge_tree=True, no_network=True)
        root = etree.fromstring(raw, parser)
        if root is None:
            return
        scopes = Scopes(
            stream, base, out, self._grammar, self._is_appendix_heading, self._obey_markers
        )
        shown = ShownReader(raw, base, stream.shown_tags, stream.raw_texts)
        _Walker(raw, base, stream, out, scopes, shown).walk(root)


class _Walker:
    def __init__(
        self,
        raw: str,
        base: int,
        stream: Stream,
        out: ParseOutput,
        scopes: Scopes,
        shown: ShownReader,
    ) -> None:
        self.raw = raw
        self.base = base
        self.stream = stream
        self.out = out
        self.scopes = scopes
        self.shown = shown
        self.cursor = 0
        self.run = _Run()
        self.kinds: list[tuple[str, int, bool]] = []  # (kind, heading level, strong_only)
        self.appendix_depth = 0
        self.tables: list[int] = []
        self.table_count = 0
        self.number: int | None = None  # the number of the `<ol>` item being read
        self.notes = Footnotes()  # the footnote definition being read, if any
        self.lists: list[int | None] = []  # the next number of each open list (None: `<ul>`)
        self.pending: list[RawBlock] = []  # shown texts, read after the block they sit in

    # -- positions -------------------------------------------------------------------

    def locate(self, s: str) -> array[int]:
        """Raw offsets of the next occurrence of text node `s` in the stream."""
        stream = self.stream
        pos = stream.text.find(s, self.cursor)
        if pos < 0:  # lxml decoded differently; pin the text to where we are
            offsets = array("l", [self.here()] * len(s))
        else:
            self.cursor = pos + len(s)
            offsets = stream.raw[pos : pos + len(s)]
        self.scopes.seen(offsets)
        return offsets

    # -- blocks ----------------------------------------------------------------------

    def here(self) -> int:
        """The raw offset the stream has reached."""
        raw = self.stream.raw
        return raw[min(self.cursor, len(raw) - 1)] if raw else self.base

    def read_shown(self, el: etree._Element, tag: str) -> None:
        """The element's shown texts (attributes, a text area, generated content), each
        a paragraph read after the block the element sits in."""
        found = self.shown.attributes(el, tag, self.here())
        if tag in ("textarea", "style", "title"):
            found += self.shown.raw_text(el, tag, self.here())
        appendix = self.appendix_depth > 0
        self.pending += [shown_block(text, at, appendix) for text, at in found]

    def note_unread(self, el: etree._Element, tag: str) -> None:
        found = self.shown.unread(el, tag, self.here())
        if found is not None:
            self.out.unread.append(found)

    def flush(self) -> None:
        self._flush()
        if self.pending:
            self.out.blocks.extend(self.pending)
            self.pending = []

    def _flush(self) -> None:
        run = self.run
        if run.length and "".join(run.parts).strip():
            kind, level, strong = self.kinds[-1] if self.kinds else ("anon", 0, False)
            self.out.blocks.append(
                RawBlock(
                    kind=kind,
                    text="".join(run.parts),
                    offsets=run.offsets,
                    level=level,
                    table=self.tables[-1] if self.tables and kind == "caption" else None,
                    strong_only=strong,
                    appendix=self.appendix_depth > 0,
                    hard_breaks=run.breaks,
                    links=run.links,
                    sups=run.sups,
                    # a loose item's paragraphs are the item's (`<li><p>…</p></li>`)
                    number=self.number if any(k[0] == "li" for k in self.kinds) else None,
                    label=self.notes.label,
                )
            )
        self.run = _Run()

    def add_text(self, s: str | None) -> None:
        if s:
            self.run.add(s, self.locate(s))

    def skip_text(self, el: etree._Element) -> None:
        """Advance past the text of a skipped subtree so later look-ups stay aligned (a
        style sheet's generated strings are still read: a reader sees them)."""
        for node in el.iter():
            name = node.tag.lower() if isinstance(node.tag, str) else ""
            if name == "style":  # (the head's title names the tab: browser chrome)
                self.read_shown(node, name)
            elif name in UNREAD_TAGS:
                self.note_unread(node, name)
            if node is not el and isinstance(node.tag, str) and node.tag in RAW_TEXT:
                continue
            if node.text and not (isinstance(node.tag, str) and node.tag in RAW_TEXT):
                self.locate(node.text)
            if node is not el and node.tail:
                self.locate(node.tail)

    def walk(self, el: etree._Element) -> None:
        tag = el.tag
        if not isinstance(tag, str):  # comment or processing instruction
            self.add_text(el.tail)
            return
        tag = tag.lower()
        scoped = self.scopes.open(el, self.here())
        appendix = self.scopes.is_appendix_container(el, tag)
        self.appendix_depth += appendix
        if el.attrib or tag in ("textarea", "style", "title"):  # an SVG's title: a tooltip
            self.read_shown(el, tag)
        if tag in UNREAD_TAGS:
            self.note_unread(el, tag)
        item = self.next_item(el.get("value")) if tag == "li" else None  # its number, if any
        opened = self.notes.open(el, tag, item, self.flush)
        if tag in RAW_TEXT:
            pass
        elif tag == "math":  # a formula's numbers and words, in the sentence it sits in
            self.inline(el)
        elif is_mermaid(el, tag):
            self.flush()
            self.out.mermaid.append(self.scopes.mermaid(el, self.raw, self.locate))
        elif tag in SKIP or (tag == "sup" and el.attrib and is_footnote_label(el)):
            self.skip_text(el)
        elif tag == "tr":
            self.flush()
            self.row(el)
        elif tag in BLOCK_KINDS:
            self.flush()
            self.number = item if tag == "li" else self.number
            level = int(tag[1]) if BLOCK_KINDS[tag] == "heading" else 0
            self.kinds.append((BLOCK_KINDS[tag], level, tag == "p" and strong_only(el)))
            self.children(el)
            self.flush()
            self.kinds.pop()
        elif tag in INLINE or "-" in tag:  # a custom element (`<g-emoji>`) shows inline
            if tag == "br":
                self.run.breaks.append(self.run.length)
            begin = self.run.length
            self.children(el)
            self.mark(el, tag, begin)
        else:
            self.flush()
            if tag == "table":
                self.table_count += 1
                self.tables.append(self.table_count)
            elif tag in ("ol", "ul"):
                self.lists.append(small_int(el.get("start")) or 1 if tag == "ol" else None)
            self.children(el)
            self.flush()
            if tag == "table":
                self.tables.pop()
            elif tag in ("ol", "ul"):
                self.lists.pop()
        self.appendix_depth -= appendix
        self.notes.close(opened)
        self.scopes.close(el, scoped)
        self.add_text(el.tail)

    def mark(self, el: etree._Element, tag: str, begin: int) -> None:
        """Record a link or a superscript of the run: where reports cite (parse/citing.py)."""
        if begin > self.run.length:  # a block ended inside the element: its part in this one
            begin = 0
        if tag == "a" and el.get("href"):
            self.run.links.append((begin, self.run.length, str(el.get("href"))))
        elif tag == "sup":
            self.run.sups.append((begin, self.run.length))

    def next_item(self, value: str | None) -> int | None:
        """The number the open `<ol>` gives its next item (`start` and `value` honoured)."""
        if not self.lists or self.lists[-1] is None:
            return None
        number = small_int(value) or self.lists[-1]
        self.lists[-1] = number + 1
        return number

    def inline(self, el: etree._Element) -> None:
        """Every text of the element in the run, as one inline piece (MathML: `<mn>75</mn>
        <mo>%</mo>` reads 75%; its `annotation`, the TeX source, is not shown)."""
        for node in el.iter():
            hidden = isinstance(node.tag, str) and node.tag.lower().startswith("annotation")
            if node.text and isinstance(node.tag, str):
                (self.locate if hidden else self.add_text)(node.text)
            if node is not el and node.tail:
                self.add_text(node.tail)

    def children(self, el: etree._Element) -> None:
        self.add_text(el.text)
        for child in el:
            self.walk(child)

    def row(self, tr: etree._Element) -> None:
        cells = [c for c in tr if isinstance(c.tag, str) and c.tag.lower() in ("td", "th")]
        header = (
            tr.getparent() is not None and str(tr.getparent().tag).lower() == "thead"  # type: ignore[union-attr]
        ) or (bool(cells) and all(str(c.tag).lower() == "th" for c in cells))
        self.add_text(tr.text)
        ranges: list[tuple[int, int]] = []
        for i, cell in enumerate(cells):
            if i:
                # on the cell end; after cells with no text read (code), where the stream is
                at = self.run.offsets[-1] if self.run.offsets else self.here()
                self.run.add(" | ", array("l", [at] * 3))
            begin = self.run.length
            self.collect(cell)
            ranges.append((begin, self.run.length))
        for child in tr:
            if child not in cells:
                self.skip_text(child)
        self.row_block(header, ranges)
        if self.pending:
            self.out.blocks.extend(self.pending)
            self.pending = []

    def row_block(self, header: bool, ranges: list[tuple[int, int]]) -> None:
        run = self.run
        if run.length and "".join(run.parts).strip(" |\n\t"):
            self.out.blocks.append(
                RawBlock(
                    kind="header-row" if header else "row",
                    text="".join(run.parts),
                    offsets=run.offsets,
                    table=self.tables[-1] if self.tables else 0,
                    cells=tuple(ranges),
                    appendix=self.appendix_depth > 0,
                    links=run.links,  # a cell cites as a paragraph does (A1)
                    sups=run.sups,
                )
            )
        self.run = _Run()

    def collect(self, el: etree._Element) -> None:
        """All text of a cell, nested blocks included (a row is atomic, A1)."""
        scoped = self.scopes.open(el, self.here())
        if isinstance(el.tag, str) and (el.attrib or el.tag.lower() in ("textarea", "style")):
            self.read_shown(el, el.tag.lower())
        if isinstance(el.tag, str) and el.tag.lower() in UNREAD_TAGS:
            self.note_unread(el, el.tag.lower())
        if isinstance(el.tag, str) and el.tag.lower() in SKIP:
            self.skip_text(el)
        else:
            self.add_text(el.text)
            for child in el:
                if isinstance(child.tag, str):
                    begin = self.run.length
                    self.collect(child)
                    self.mark(child, child.tag.lower(), begin)
                self.add_text(child.tail)
        self.scopes.close(el, scoped)
