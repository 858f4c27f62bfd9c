"""Numbers of a table row: a bare cell value takes its column's unit (`ORR (%)` → `45` is
45%), and a lone score under a rating column is no quantity."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.numbers import NumericToken, numeric_tokens, scan_normalized
from citelint.ground.tokens.text import normalize


def unit_from_header(header: str) -> tuple[Kind, str | None, str | None] | None:
    """Kind, unit and scale named by a table column header: `ORR (%)`, `PFS, months`, `n`."""
    m = re.search(r"[(（]([^()（）]{1,20})[)）]\s*$", header) or re.search(
        r"[,，]\s*(\S+)\s*$", header
    )
    unit_text = m.group(1) if m else (header.strip() if header.strip() in ("n", "N") else "")
    if unit_text in ("n", "N"):
        return (Kind.COUNT, None, None)
    if not unit_text:
        return None
    norm, _ = normalize("1 " + unit_text.strip())
    probe = scan_normalized(norm, list(range(len(norm))), norm, True)
    if (
        len(probe) == 1
        and probe[0].end >= len(norm.rstrip())
        and probe[0].kind not in (Kind.BARE, Kind.DATE)
    ):
        return (probe[0].kind, probe[0].unit, probe[0].scale)
    return None


# A column of ratings (`| Data Privacy | 3 |` under `Rating`): a lone small score in it is
# a judgement on a scale, not a quantity a source states.
_SCORE_HEADER = re.compile(
    r"(?i)\b(?:ratings?|scores?|grades?|rank(?:ing)?|stars?)\b|评分|得分|评级|等级"
)
_PROSE_WORDS = 6  # a cell of this many words reads as a sentence
_LONE_SCORE = re.compile(r"\s*\d{1,2}(?:\.5)?(?:\s*/\s*\d{1,2})?\s*")


def cell_tokens(
    text: str, cells: Sequence[tuple[int, int]], columns: Sequence[str]
) -> list[NumericToken]:
    """Numeric tokens of a table row: bare numbers in a cell take the column's unit (A4)."""
    tokens: list[NumericToken] = []
    for i, (begin, stop) in enumerate(cells):
        header = columns[i] if i < len(columns) else ""
        if _SCORE_HEADER.search(header) and _LONE_SCORE.fullmatch(text[begin:stop]):
            continue
        header_unit = unit_from_header(header)
        cell = text[begin:stop]
        # a cell that reads as a sentence is prose: its bare numbers are names or labels
        # (`… quoting CheckMate 651 primary endpoint failure`), as in a paragraph
        prose = len(cell.split()) >= _PROSE_WORDS
        for tok in numeric_tokens(cell, source=not prose):
            moved = replace(tok, start=tok.start + begin, end=tok.end + begin)
            if moved.kind is Kind.BARE and header_unit is not None:
                kind, unit, scale = header_unit
                moved = replace(moved, kind=kind, unit=unit, scale=scale)
            tokens.append(moved)
    return tokens


# A grader's table: its header names the criteria it judges by, the rank it gives, or the
# weighted total it adds up (`| # | Criterion | 5 = Outstanding |`, `| Rank | Example |`).
# Its rows are judgements of reports, not facts a source states.
_JUDGING_HEADER = re.compile(
    r"(?i)^[\s*#_]*(?:criteri(?:on|a)|rubric|rank(?:ing)?)[\s*_]*$|weighted total|total score"
)


def judging_table(columns: Sequence[str]) -> bool:
    """Whether a table's header makes its rows a grader's judgements (no claims)."""
    return any(_JUDGING_HEADER.search(cell) for cell in columns)
