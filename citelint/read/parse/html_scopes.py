"""What an HTML report's attributes say about the text inside an element: the anchors of
`data-cite` (and `data-anchor`, `data-citelint-anchor`) cover its sentences, a
`data-citelint-ignore` suppresses rules inside it, a `<section>` headed `References` (or
marked `data-citelint-appendix`, outside trusted mode) is an appendix, and a Mermaid
diagram's anchors sit on its element.

The walker (`html.py`) reports every stretch of text it reads (`seen`), so each open
scope knows the first and last raw offset it covers.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from citelint.ground.anchors import AnchorGrammar
from citelint.ground.document import Anchor, MermaidBlock, NearMiss
from citelint.read.parse.directives import parse_ignore_attribute
from citelint.read.parse.html_scan import Stream, attribute_value_offset
from citelint.read.parse.html_tree import strong_only, texts
from citelint.read.parse.raw import ParseOutput, ScopedAnchors

ANCHOR_ATTRS = ("data-cite", "data-anchor", "data-citelint-anchor")
_APPENDIX_CONTAINERS = frozenset({"section", "aside", "footer", "details"})


@dataclass(slots=True)
class _Frame:
    kind: str
    first: int = -1
    last: int = -1


Opened = list[tuple[str, _Frame, int, str]]  # (attribute, frame, tag start, tag source)


class Scopes:
    """The open attribute scopes of one document's walk."""

    def __init__(
        self,
        stream: Stream,
        base: int,
        out: ParseOutput,
        grammar: AnchorGrammar,
        is_appendix_heading: Callable[[str], bool],
        obey_markers: bool,
    ) -> None:
        self.stream = stream
        self.base = base
        self.out = out
        self.grammar = grammar
        self.is_appendix_heading = is_appendix_heading
        self.obey_markers = obey_markers  # `data-citelint-appendix`: off in trusted mode
        self.frames: list[_Frame] = []
        self.attr_index = 0

    def seen(self, offsets: array[int]) -> None:
        """The walker read text at these raw offsets: every open scope covers them."""
        if self.frames and offsets:
            for frame in self.frames:
                if frame.first < 0:
                    frame.first = offsets[0]
                frame.last = offsets[-1] + 1

    def tag_start(self, el: etree._Element, here: int) -> tuple[int, str]:
        """Raw start and source of the start tag of an element carrying data-* attributes."""
        tags = self.stream.attr_tags
        name = str(el.tag).lower()
        for i in range(self.attr_index, len(tags)):
            start, source = tags[i]
            if source[1 : 1 + len(name)].lower() == name:
                self.attr_index = i + 1
                return start, source
        return here, ""

    def open(self, el: etree._Element, here: int) -> Opened:
        """Start tracking the text range of an element that carries anchors or an ignore."""
        present = [a for a in (*ANCHOR_ATTRS, "data-citelint-ignore") if el.get(a) is not None]
        if not present:
            return []
        start, source = self.tag_start(el, here)
        opened = [(attr, _Frame(attr), start, source) for attr in present]
        self.frames.extend(frame for _, frame, _, _ in opened)
        return opened

    def close(self, el: etree._Element, scoped: Opened) -> None:
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

    def mermaid(
        self, el: etree._Element, raw: str, locate: Callable[[str], array[int]]
    ) -> MermaidBlock:
        """A Mermaid diagram's source, where its element and body start, its anchors."""
        pieces: list[str] = []
        first = -1
        for piece in texts(el):
            offsets = locate(piece)
            if first < 0 and offsets:
                first = offsets[0]
            pieces.append(piece)
        source = "".join(pieces)
        body_start = first if first >= 0 else self.base
        open_tag = raw.rfind("<", 0, max(body_start - self.base, 0))
        start = self.base + open_tag if open_tag >= 0 else body_start
        anchors: list[Anchor] = []
        for attr in ANCHOR_ATTRS:
            value = el.get(attr)
            if value:
                hits, _ = self.grammar.parse_attribute(value)
                anchors.extend(
                    Anchor(h.type, h.id, h.locator, start, start + 1, True) for h in hits
                )
        return MermaidBlock(source, start, body_start, tuple(anchors))
