"""What a parser hands the builder: raw blocks (rendered text with a report offset per
character), anchors scoped by an element attribute, directives and Mermaid blocks."""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass, field

from citelint.ground.document import Anchor, Directive, MermaidBlock, NearMiss, Unread

# What may follow a paragraph's one bold run and keep it a bold label: a colon, or a
# parenthetical gloss and then a colon (`**H2-1 (56-qubit)**:`, `**Picosecond 755 nm
# alexandrite** (2026 meta-analysis of RCTs):`, the list under it says what it labels)
_LABEL_TAIL = re.compile(r"[\s:：]*|\s*[(（][^()（）\n]*[)）]\s*[:：]\s*")


def label_tail(text: str) -> bool:
    """Whether `text`, all a paragraph holds besides its one bold run, keeps it a label."""
    return _LABEL_TAIL.fullmatch(text) is not None


@dataclass(slots=True)
class RawBlock:
    """A block as a parser found it: rendered text plus a report offset per character."""

    kind: str
    text: str
    offsets: array[int]
    level: int = 0
    table: int | None = None
    cells: tuple[tuple[int, int], ...] = ()
    strong_only: bool = False
    appendix: bool = False  # inside an HTML appendix subtree
    hard_breaks: list[int] = field(default_factory=list)
    links: list[tuple[int, int, str]] = field(default_factory=list)  # (begin, end, href)
    sups: list[tuple[int, int]] = field(default_factory=list)  # superscript runs
    math: list[tuple[int, int]] = field(default_factory=list)  # LaTeX `\\(` … `\\)` runs
    number: int | None = None  # an ordered list item's number
    label: str | None = None  # a footnote definition's label


@dataclass(frozen=True, slots=True)
class ScopedAnchors:
    """Anchors from an element attribute; they cover sentences inside [start, end)."""

    anchors: tuple[Anchor, ...]
    start: int
    end: int


@dataclass(slots=True)
class ParseOutput:
    blocks: list[RawBlock] = field(default_factory=list)
    scoped: list[ScopedAnchors] = field(default_factory=list)
    near_misses: list[NearMiss] = field(default_factory=list)
    directives: list[Directive] = field(default_factory=list)
    mermaid: list[MermaidBlock] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
