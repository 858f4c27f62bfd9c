"""What a citation found in a block's text is: its style (`Style`), the hit with its range
(`CitationHit`), the block text a finder reads (`BlockText`), and the reference numbers a
list like `[1-3, 5]` names (`expand`). The finders are `styles.py`'s."""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass


class Style(enum.StrEnum):
    """How a report cites besides citelint's anchors (the config's `citation-styles`)."""

    NUMBERED = "numbered"
    FOOTNOTE = "footnote"
    SUPERSCRIPT = "superscript"
    LINK = "link"
    URL = "url"
    IDENTIFIER = "identifier"
    GLUED = "glued"
    DATED = "dated"
    SOURCE_ID = "source-id"


MAX_KEY_DIGITS = 4  # a reference number has at most this many digits


@dataclass(frozen=True, slots=True)
class CitationHit:
    """One citation in a block's text: `type` is `ref` (a reference key), `url`, or the
    identifier written (`PMID`, `PMCID`, `DOI`, `NCT`); `group` is the range a run of
    them shares."""

    style: str
    type: str
    id: str
    locator: str | None
    start: int
    end: int
    written: str
    mask: bool = True  # whether its text is left out of the claim (not for an NCT id)

    @property
    def group(self) -> tuple[int, int]:
        return self.start, self.end


def expand(numbers: str) -> list[str]:
    """`1,2` → 1, 2; `1-3` → 1, 2, 3 (a range of at most 50, else its two ends)."""
    keys: list[str] = []
    for part in re.split(r"\s*[,，;、]\s*", numbers.strip()):
        ends = [p for p in re.split(r"\s*[-–—]\s*", part) if p]
        if any(len(e) > MAX_KEY_DIGITS for e in ends):
            continue  # no reference list is that long: not a reference number
        if len(ends) == 2 and ends[0].isdigit() and ends[1].isdigit():
            low, high = int(ends[0]), int(ends[1])
            span = range(low, high + 1) if 0 <= high - low <= 50 else (low, high)
            keys.extend(str(n) for n in span)
        else:
            keys.extend(e for e in ends if e.isdigit())
    return list(dict.fromkeys(keys))


@dataclass(frozen=True, slots=True)
class BlockText:
    """What a finder reads: a block's rendered text, its links `(start, end, href)`, its
    `<sup>` ranges, whether it is a table row, and the ranges links take."""

    text: str
    links: Sequence[tuple[int, int, str]]
    sups: Sequence[tuple[int, int]]
    row: bool
    taken: Sequence[tuple[int, int]]
