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

from citelint.anchors import AnchorGrammar
from citelint.document import Anchor, MermaidBlock, NearMiss
from citelint.parse.directives import parse_comment, parse_ignore_attribute
from citelint.parse.html_scan import (
    RAW_TEXT,
    Stream,
    attribute_value_offset,
    bound_attributes,
    scan,
)
from citelint.parse.html_tree import is_mermaid, small_int, strong_only, texts
from citelint.parse.raw import ParseOutput, RawBlock, ScopedAnchors

BLOCK_KINDS = {
    "p": "p", "li": "li", "dd": "dd", "dt": "dt", "blockquote": "blockquote",
    "figcaption": "figcaption", "caption": "caption",
    "h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading",
    "h6": "heading",
}  # fmt: skip
_SKIP = frozenset(
    {
        "head",
        "script",
        "style",
        "noscript",
        "template",
        "code",
        "pre",
        "title",
        "textarea",
        "xmp",
        "iframe",
        "noembed",
        "noframes",
        "svg",
        "math",
    }
)
_INLINE = frozenset({
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "data", "dfn", "em", "font", "i", "img",
    "ins", "del", "kbd", "label", "mark", "q", "s", "samp", "small", "span", "strong", "sub",
    "sup", "time", "u", "var", "wbr", "strike", "tt", "big", "ruby", "rt", "rp", "nobr",
})  # fmt: skip
_ANCHOR_ATTRS = ("data-cite", "data-anchor", "data-citelint-anchor")
_APPENDIX_CONTAINERS = frozenset({"section", "aside", "footer", "details"})


@dataclass(slots=True)
class _Frame:
    kind: str
    first: int = -1
    last: int = -1


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
        walker = _Walker(raw, base, stream, out, self._grammar, self._is_appendix_heading)
        walker.obey_markers = self._obey_markers
        walker.walk(root)


class _Walker:
    def __init__(
        self,
        raw: str,
        base: int,
        stream: Stream,
        out: ParseOutput,
        grammar: AnchorGrammar,
        is_appendix_heading: Callable[[str], bool],
    ) -> None:
        self.is_appendix_heading = is_appendix_heading
        self.obey_markers = True
        self.raw = raw
        self.base = base
        self.stream = stream
        self.out = out
        self.grammar = grammar
        self.cursor = 0
        self.run = _Run()
        self.kinds: list[tuple[str, int, bool]] = []  # (kind, heading level, strong_only)
        self.frames: list[_Frame] = []
        self.appendix_depth = 0
        self.tables: list[int] = []
        self.table_count = 0
        self.attr_index = 0
        self.number: int | None = None  # the number of the `<ol>` item being read
        self.lists: list[int | None] = []  # the next number of each open list (None: `<ul>`)

    # -- positions -------------------------------------------------------------------

    def locate(self, s: str) -> array[int]:
        """Raw offsets of the next occurrence of text node `s` in the stream."""
        stream = self.stream
        pos = stream.text.find(s, self.cursor)
        if pos < 0:  # lxml decoded differently; pin the text to where we are
            at = stream.raw[min(self.cursor, len(stream.raw) - 1)] if stream.raw else self.base
            offsets = array("l", [at] * len(s))
        else:
            self.cursor = pos + len(s)
            offsets = stream.raw[pos : pos + len(s)]
        if self.frames and offsets:
            for frame in self.frames:
                if frame.first < 0:
                    frame.first = offsets[0]
                frame.last = offsets[-1] + 1
        return offsets

    def tag_start(self, el: etree._Element) -> tuple[int, str]:
        """Raw start and source of the start tag of an element carrying data-* attributes."""
        tags = self.stream.attr_tags
        name = str(el.tag).lower()
        for i in range(self.attr_index, len(tags)):
            start, source = tags[i]
            if source[1 : 1 + len(name)].lower() == name:
                self.attr_index = i + 1
                return start, source
        return (
            self.stream.raw[min(self.cursor, len(self.stream.raw) - 1)]
            if self.stream.raw
            else self.base
        ), ""

    # -- blocks ----------------------------------------------------------------------

    def flush(self) -> None:
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
                    number=self.number if kind == "li" else None,
                )
            )
        self.run = _Run()

    def add_text(self, s: str | None) -> None:
        if s:
            self.run.add(s, self.locate(s))

    def skip_text(self, el: etree._Element) -> None:
        """Advance past the text of a skipped subtree so later look-ups stay aligned."""
        for node in el.iter():
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
        scoped = self.open_scopes(el)
        appendix = self.is_appendix_container(el, tag)
        self.appendix_depth += appendix
        if tag in RAW_TEXT:
            pass
        elif is_mermaid(el, tag):
            self.flush()
            self.mermaid(el, tag)
        elif tag in _SKIP:
            self.skip_text(el)
        elif tag == "tr":
            self.flush()
            self.row(el)
        elif tag in BLOCK_KINDS:
            self.flush()
            self.number = self.next_item(el.get("value")) if tag == "li" else self.number
            level = int(tag[1]) if BLOCK_KINDS[tag] == "heading" else 0
            self.kinds.append((BLOCK_KINDS[tag], level, tag == "p" and strong_only(el)))
            self.children(el)
            self.flush()
            self.kinds.pop()
        elif tag in _INLINE:
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
        self.close_scopes(el, scoped)
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
                at = self.run.offsets[-1] if self.run.offsets else self.base  # on the cell end
                self.run.add(" | ", array("l", [at] * 3))
            begin = self.run.length
            self.collect(cell)
            ranges.append((begin, self.run.length))
        for child in tr:
            if child not in cells:
                self.skip_text(child)
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
                )
            )
        self.run = _Run()

    def collect(self, el: etree._Element) -> None:
        """All text of a cell, nested blocks included (a row is atomic, A1)."""
        scoped = self.open_scopes(el)
        if isinstance(el.tag, str) and el.tag.lower() in _SKIP:
            self.skip_text(el)
        else:
            self.add_text(el.text)
            for child in el:
                if isinstance(child.tag, str):
                    begin = self.run.length
                    self.collect(child)
                    self.mark(child, child.tag.lower(), begin)
                self.add_text(child.tail)
        self.close_scopes(el, scoped)

    # -- Mermaid ---------------------------------------------------------------------

    def mermaid(self, el: etree._Element, tag: str) -> None:
        pieces: list[str] = []
        first = -1
        for piece in texts(el):
            offsets = self.locate(piece)
            if first < 0 and offsets:
                first = offsets[0]
            pieces.append(piece)
        source = "".join(pieces)
        body_start = first if first >= 0 else self.base
        open_tag = self.raw.rfind("<", 0, max(body_start - self.base, 0))
        start = self.base + open_tag if open_tag >= 0 else body_start
        anchors: list[Anchor] = []
        for attr in _ANCHOR_ATTRS:
            value = el.get(attr)
            if value:
                hits, _ = self.grammar.parse_attribute(value)
                anchors.extend(
                    Anchor(h.type, h.id, h.locator, start, start + 1, True) for h in hits
                )
        self.out.mermaid.append(MermaidBlock(source, start, body_start, tuple(anchors)))

    # -- attribute scopes ------------------------------------------------------------

    def open_scopes(self, el: etree._Element) -> list[tuple[str, _Frame, int, str]]:
        """Start tracking the text range of an element that carries anchors or an ignore."""
        present = [a for a in (*_ANCHOR_ATTRS, "data-citelint-ignore") if el.get(a) is not None]
        if not present:
            return []
        start, source = self.tag_start(el)
        opened = [(attr, _Frame(attr), start, source) for attr in present]
        self.frames.extend(frame for _, frame, _, _ in opened)
        return opened

    def close_scopes(self, el: etree._Element, scoped: list[tuple[str, _Frame, int, str]]) -> None:
        for attr, frame, start, source in scoped:
            self.frames.remove(frame)
            value = el.get(attr) or ""
            end = max(frame.last, start + len(source))
            if attr == "data-citelint-ignore":
                self.out.directives.append(parse_ignore_attribute(value, start, end))
                continue
            value_at = attribute_value_offset(source, attr)
            origin = start + value_at if value_at >= 0 else start
            hits, misses = self.grammar.parse_attribute(value)
            anchors = tuple(
                Anchor(h.type, h.id, h.locator, origin + h.start, origin + h.end, True)
                for h in hits
            )
            self.out.near_misses.extend(
                NearMiss(m.raw, m.reason, origin + m.start, origin + m.end) for m in misses
            )
            if anchors:
                self.out.scoped.append(ScopedAnchors(anchors, start, end))

    def is_appendix_container(self, el: etree._Element, tag: str) -> bool:
        if self.obey_markers and el.get("data-citelint-appendix") is not None:
            return True
        if tag not in _APPENDIX_CONTAINERS:
            return False
        for node in el.iter("h1", "h2", "h3", "h4", "h5", "h6", "summary", "p"):
            if node.tag == "p" and not strong_only(node):
                continue
            text = "".join(str(t) for t in node.itertext())
            return self.is_appendix_heading(text)
        return False
