"""The format-neutral report model every rule reads.

Parsers turn HTML and Markdown into one `Document`. Every record keeps offsets into the
original decoded text (code points, BOM removed), and `Document.position` turns an offset
into the 1-based line and column that diagnostics show. Rules never see HTML or Markdown.
"""

from __future__ import annotations

import bisect
import re
from array import array
from dataclasses import dataclass, field
from enum import Enum


class Format(Enum):
    HTML = "html"
    MARKDOWN = "markdown"


@dataclass(frozen=True, slots=True)
class Anchor:
    """One citation anchor occurrence, e.g. `[pmid:22663011:abstract]`."""

    type: str
    id: str
    locator: str | None
    start: int  # offset of the anchor text in the report
    end: int
    in_attribute: bool = False

    @property
    def text(self) -> str:
        loc = "" if self.locator is None else f":{self.locator}"
        return f"[{self.type}:{self.id}{loc}]"


@dataclass(frozen=True, slots=True)
class NearMiss:
    """Bracketed text that looks like an anchor but does not follow the grammar (CL005)."""

    raw: str
    reason: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Directive:
    """A `citelint-…` comment or a `data-citelint-ignore` attribute, applied after rules."""

    kind: str  # disable-next-line | disable | enable | disable-file | ignore-subtree | appendix
    codes: tuple[str, ...]
    start: int
    end: int
    raw: str
    reason: str = ""
    error: str = ""  # non-empty when the directive does not parse (CL901)


@dataclass(frozen=True, slots=True)
class MermaidBlock:
    """The source of one Mermaid diagram and where it starts in the report."""

    source: str
    start: int  # the opening fence or tag
    body_start: int  # offset of the first character of `source`
    anchors: tuple[Anchor, ...] = ()  # from a `data-cite` on the container


class OffsetMap:
    """Maps each character of a rendered text back to its offset in the report."""

    __slots__ = ("_offsets",)

    def __init__(self, offsets: array[int]) -> None:
        self._offsets = offsets

    def __getitem__(self, index: int) -> int:
        if not self._offsets:
            return 0
        index = min(max(index, 0), len(self._offsets) - 1)
        return self._offsets[index]

    def __len__(self) -> int:
        return len(self._offsets)

    def end(self, index: int) -> int:
        """Report offset just after the character before `index` (an exclusive end)."""
        if index <= 0:
            return self[0]
        return self[index - 1] + 1


@dataclass(frozen=True, slots=True, eq=False)
class Sentence:
    """A claim unit: one sentence, or one table row."""

    text: str
    block: Block
    begin: int  # index range in block.text
    stop: int
    anchors: tuple[Anchor, ...]

    @property
    def start(self) -> int:
        return self.block.offsets[self.begin]

    @property
    def end(self) -> int:
        return self.block.offsets.end(self.stop)

    def offset_of(self, index: int) -> int:
        """Report offset of character `index` of this sentence's text."""
        return self.block.offsets[self.begin + index]


@dataclass(frozen=True, slots=True, eq=False)
class Block:
    """A paragraph, list item, heading, table row, caption or anonymous inline run."""

    kind: str  # p, li, heading, row, header-row, caption, anon, ...
    text: str
    offsets: OffsetMap
    level: int = 0  # heading level, 0 otherwise
    appendix: bool = False
    table: int | None = None  # rows, header rows and captions of one table share this
    cells: tuple[tuple[int, int], ...] = ()  # cell ranges in `text`, for rows
    columns: tuple[str, ...] = ()  # header cell texts of the table, for body rows
    strong_only: bool = False
    sentences: tuple[Sentence, ...] = field(default=())

    @property
    def start(self) -> int:
        return self.offsets[0]


@dataclass(frozen=True, slots=True, eq=False)
class Document:
    path: str
    format: Format
    text: str
    blocks: tuple[Block, ...]
    anchors: tuple[Anchor, ...]  # every occurrence, in order
    near_misses: tuple[NearMiss, ...]
    directives: tuple[Directive, ...]
    mermaid: tuple[MermaidBlock, ...]
    line_starts: tuple[int, ...]

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a code-point offset."""
        offset = min(max(offset, 0), len(self.text))
        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    @property
    def sentences(self) -> tuple[Sentence, ...]:
        return tuple(s for b in self.blocks for s in b.sentences)

    def first_heading_offset(self) -> int:
        """Start of the line of the first heading, else 0: where file-level findings go."""
        for block in self.blocks:
            if block.kind == "heading":
                line, _ = self.position(block.start)
                return self.line_starts[line - 1]
        return 0


def line_starts(text: str) -> tuple[int, ...]:
    """Offsets where lines start; lines end at \\n, \\r\\n or \\r only (not U+2028)."""
    return (0, *(m.end() for m in _NEWLINE.finditer(text)))


_NEWLINE = re.compile(r"\r\n?|\n")
