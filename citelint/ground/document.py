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
    # How the report cites: `anchor` for citelint's own grammar; otherwise a citation
    # style (`numbered`, `footnote`, `superscript`, `link`, `url`, `identifier`, `dated`,
    # `source-id`, `glued`)
    # whose type is `ref` (a reference number or label), `url`, or an identifier's type.
    style: str = "anchor"
    written: str = ""  # the citation as the report writes it, for messages

    @property
    def text(self) -> str:
        if self.written:
            return self.written
        loc = "" if self.locator is None else f":{self.locator}"
        return f"[{self.type}:{self.id}{loc}]"

    @property
    def is_citation(self) -> bool:
        """A citation in a report's own style rather than a citelint anchor."""
        return self.style != "anchor"

    @property
    def lends(self) -> bool:
        """Whether its sentence's neighbours may borrow it (a list's items, a lead-in, a
        row, a tied sentence): a citation in a report's own style that names a source.
        An anchor is written per sentence on purpose; a `dated` or `source-id` citation
        names no source, and a line near one is not thereby cited."""
        return self.style not in ("anchor", "dated", "source-id")


@dataclass(frozen=True, slots=True)
class NearMiss:
    """Bracketed text that looks like an anchor but does not follow the grammar (CL005)."""

    raw: str
    reason: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Unread:
    """Something a reader is shown that citelint cannot read: a script that writes text
    into the page, a frame or object that shows another document (CL206)."""

    what: str  # `a script that writes text into the page`, `an iframe showing page.html`
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
        offsets = self._offsets
        if 0 <= index < len(offsets):  # asked a few times per sentence: the plain case first
            return offsets[index]
        if not offsets:
            return 0
        return offsets[0] if index < 0 else offsets[-1]

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
    # ranges of `text` that cite rather than state (`[3]`, `¹`, a link's `PubMed + 2`)
    masks: tuple[tuple[int, int], ...] = ()
    # its citations are a neighbour's (a lead-in's, a sentence it points back to): its
    # numbers, codes and drugs are checked against them, but it is no statement of theirs
    borrowed: bool = False

    @property
    def start(self) -> int:
        return self.block.offsets[self.begin]

    @property
    def end(self) -> int:
        return self.block.offsets.end(self.stop)

    def borrowing(self, anchors: tuple[Anchor, ...]) -> Sentence:
        """This sentence citing a neighbour's citations (a lead-in's, a tied sentence's,
        its row's): checked against them, no statement of them."""
        return Sentence(self.text, self.block, self.begin, self.stop, anchors, self.masks, True)

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
    listed: bool = False  # holds entries of the reference list (an appendix, never claims)
    table: int | None = None  # rows, header rows and captions of one table share this
    cells: tuple[tuple[int, int], ...] = ()  # cell ranges in `text`, for rows
    columns: tuple[str, ...] = ()  # header cell texts of the table, for body rows
    strong_only: bool = False
    # the report's account of its own method (`## Methodology` / `This review searched …`):
    # its citations cite, its sentences state no claim
    own_account: bool = False
    # an item of a list led in by a plan's label (`Scenarios:`, `Next steps:`): the
    # author's plan or hypothesis, unless a line reports a finding
    planned: bool = False
    sentences: tuple[Sentence, ...] = field(default=())

    @property
    def start(self) -> int:
        return self.offsets[0]


@dataclass(frozen=True, slots=True)
class Reference:
    """One entry of a report's reference list, with what can be read out of it."""

    key: str  # its number or footnote label (else its place in the list: see `numbered`)
    text: str
    start: int  # report offsets of the entry
    end: int
    anchors: tuple[Anchor, ...] = ()  # citelint anchors written in the entry
    ids: tuple[tuple[str, str], ...] = ()  # (anchor type, id): PMID, NCT, PMCID, DOI
    urls: tuple[str, ...] = ()
    title: str = ""
    year: str = ""
    author: str = ""  # the first author's family name
    journal: str = ""
    numbered: bool = True  # False: the list numbers nothing, `key` is the entry's place

    @property
    def place(self) -> str:
        """Which entry it is: keys repeat where each section numbers its own list."""
        return f"{self.key}@{self.start}"

    @property
    def named(self) -> str:
        """How a message names it: `[3]` as the body would cite it, or, in a list that
        numbers nothing, its place and who wrote it (`entry 3 (Cohn, 2023)`)."""
        if self.numbered:
            return f"[{self.key}]"
        who = ", ".join(part for part in (self.author, self.year) if part)
        return f"entry {self.key} ({who})" if who else f"entry {self.key}"


@dataclass(frozen=True, slots=True, eq=False)
class Document:
    path: str
    format: Format
    text: str
    blocks: tuple[Block, ...]
    anchors: tuple[Anchor, ...]  # every occurrence, in order (citations included)
    near_misses: tuple[NearMiss, ...]
    directives: tuple[Directive, ...]
    mermaid: tuple[MermaidBlock, ...]
    line_starts: tuple[int, ...]
    references: tuple[Reference, ...] = ()  # the reference list, in order
    reference_list: bool = False  # whether the report has one (even an empty one)
    unread: tuple[Unread, ...] = ()  # what a reader is shown that citelint cannot read
    # starts of the entries listed under a section of their own (`**来源**：` closing it)
    sectioned: frozenset[int] = frozenset()

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
