"""A plain-text export written one paragraph per line: each line is a paragraph.

Some exports save a deep-research report as `.txt` with a single newline between
paragraphs and between a reference entry's title and its URL (`… enhance audit
quality[5].` / `Strategic Partnerships and Investments: …`). Read as Markdown, every line
of such a file joins one paragraph: the whole report is a single block, and the reference
list another that no entry can be found in. A `.txt` file with a line of prose longer than
any hard-wrapped text has (`LONG_LINE` characters and a sentence's end; a long URL is no
prose) is written this way, so each line of its paragraphs is a paragraph of its own —
except a diagram an export wrote without its fence (`flowchart TB` and its edges, Gantt
tasks), whose lines are one block. Markdown files keep CommonMark's reading: a single
newline there wraps a paragraph.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from citelint.read.fenceless import bare_diagram, gantt_lines
from citelint.read.parse.raw import ParseOutput, RawBlock

LONG_LINE = 160  # characters: no hard-wrapped text has a line this long
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")


def unwrapped(text: str) -> bool:
    """Whether a text is written one paragraph per line: a line of prose (a sentence's
    end in it) `LONG_LINE` characters or longer."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if end - start >= LONG_LINE and _SENTENCE_END.search(text, start, end):
            return True
        start = end + 1
    return False


def split_lines(out: ParseOutput, text: str) -> None:
    """Split each paragraph of a one-paragraph-per-line text at its line breaks."""
    blocks: list[RawBlock] = []
    for block in out.blocks:
        if block.kind != "p" or bare_diagram(block.text) or gantt_lines(block.text):
            blocks.append(block)
            continue
        cuts = [
            k
            for k, ch in enumerate(block.text)
            if ch == " " and text[block.offsets[k] : block.offsets[k] + 1] == "\n"
        ]
        bounds = [0, *(k + 1 for k in cuts), len(block.text) + 1]
        for a, b in itertools.pairwise(bounds):
            piece = _piece(block, a, b - 1)
            if piece is not None:
                blocks.append(piece)
    out.blocks[:] = blocks


def _piece(block: RawBlock, a: int, b: int) -> RawBlock | None:
    """The part of `block` from character `a` to `b` (a line), or None when it is blank."""
    if not block.text[a:b].strip():
        return None
    return replace(
        block,
        text=block.text[a:b],
        offsets=block.offsets[a:b],
        hard_breaks=[k - a for k in block.hard_breaks if a < k < b],
        links=[(s - a, e - a, h) for s, e, h in block.links if a <= s and e <= b],
        sups=[(s - a, e - a) for s, e in block.sups if a <= s and e <= b],
        label=block.label if a == 0 else None,
    )
