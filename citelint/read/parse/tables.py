"""Tables as reports export them: a column of citation numbers cites its row, and a
table flattened to one cell per paragraph is read back as rows.

Gemini's tables end with a column of snippet numbers (`| Ferns | Bryophytes | … | 1 |`)
that the reference list covers; read as cell values they are quantities, and every row
of the table is a CL001. A column is a citation column when its header names sources
(`Snippet IDs`, `Key references`, `Sources`, `Citations`) or one of its cells lists
several numbers (`2, 5`: no phase, count or score is written so) — and, either way,
every body cell of it holds only numbers the reference list holds. Never the first
column (a row's number or label stands there): a first column numbering the rows 1 to N
says nothing (`numbered_tables`).

A report that cites by author and year names a row's source the same way, in a column its
header calls the source (`| 指标 | 数据 | 来源 |` over `| … | 4.0x–8.0x ARR | Ad Astra Equity,
2026 |`): when every body cell of it is names and years the reference list gives
(`Narrators.cite_cell`), each cites its row.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from citelint.ground.document import Block
from citelint.read.citations.hits import expand
from citelint.read.citations.narrative import Narrators
from citelint.read.parse.raw import RawBlock

_NUMBERS = re.compile(r"\s*(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\s*")
_CITES_HEADER = re.compile(
    r"\b(?:snippets?|sources?|refs?|references?|citations?|cites?)\b|来源|出处|引用", re.I
)


def citation_columns(
    raws: Sequence[RawBlock], keys: Collection[str], narrators: Narrators | None = None
) -> Mapping[int, frozenset[int]]:
    """Each table's citation columns (by index), read off its rows once."""
    if not keys:
        return {}
    headers: dict[int, tuple[str, ...]] = {}
    rows: dict[int, list[tuple[str, ...]]] = {}
    for raw in raws:
        if raw.table is None or raw.kind not in ("row", "header-row"):
            continue
        cells = tuple(raw.text[s:e] for s, e in raw.cells)
        if raw.kind == "header-row":
            headers[raw.table] = cells
        else:
            rows.setdefault(raw.table, []).append(cells)
    found: dict[int, frozenset[int]] = {}
    for table, body in rows.items():
        header = headers.get(table, ())
        width = min(len(cells) for cells in body)
        columns = frozenset(
            j
            for j in range(1, width)
            if _cites(header[j] if j < len(header) else "", [cells[j] for cells in body], keys)
            or _names(header[j] if j < len(header) else "", [cells[j] for cells in body], narrators)
        )
        if columns:
            found[table] = columns
    return found


def _cites(header: str, cells: Sequence[str], keys: Collection[str]) -> bool:
    numbers = [_NUMBERS.fullmatch(cell) for cell in cells]
    if not all(numbers):
        return False
    listed = [expand(m.group(1)) for m in numbers if m]
    if not all(k in keys for found in listed for k in found):
        return False
    return bool(_CITES_HEADER.search(header)) or any(len(found) > 1 for found in listed)


def _names(header: str, cells: Sequence[str], narrators: Narrators | None) -> bool:
    """A source column of names and years: its header names sources and each body cell
    cites entries of the list by name and year, every item of it."""
    if not narrators or not _CITES_HEADER.search(header):
        return False
    return all(narrators.cite_cell(cell, 0) for cell in cells)


def numbered_tables(raws: Sequence[RawBlock]) -> frozenset[int]:
    """The tables whose first column numbers their rows, 1 to the last row (`| 1 | Veolia |
    …`, `| 2 | Xylem | …`): that number is the row's place in the author's own list (a rank,
    a serial), never a figure the row states."""
    firsts: dict[int, list[str]] = {}
    for raw in raws:
        if raw.table is not None and raw.kind == "row" and raw.cells:
            start, end = raw.cells[0]
            firsts.setdefault(raw.table, []).append(raw.text[start:end].strip(" *").rstrip("."))
    return frozenset(
        table
        for table, cells in firsts.items()
        if len(cells) >= MIN_NUMBERED_ROWS and cells == [str(k) for k in range(1, len(cells) + 1)]
    )


MIN_NUMBERED_ROWS = 3  # `1, 2` alone may as well be two rows' values


def cell_numbers(
    raw: RawBlock, columns: Collection[int], narrators: Narrators | None = None
) -> list[tuple[str, int, int]]:
    """The citations of a row's citation cells, numbers or names and years: (key, start,
    end) in its text."""
    out: list[tuple[str, int, int]] = []
    for j in sorted(columns):
        if j >= len(raw.cells):
            continue
        start, end = raw.cells[j]
        m = _NUMBERS.fullmatch(raw.text, start, end)
        if m:
            out += [(key, m.start(1), m.end(1)) for key in expand(m.group(1))]
        elif narrators:
            out += narrators.cite_cell(raw.text[start:end], start)
    return out


# A header label that names the row's sources (the flattened table's citation column)
_SOURCES_LABEL = re.compile(
    r"(?i)^\W*(?:key\s+)?(?:references?|sources?|citations?|refs?|evidence)\W*$"
)
_LABEL_MAX = 40  # a header cell is a short label
_MIN_COLUMNS = 2


def flattened_tables(blocks: Sequence[Block]) -> None:
    """OpenAI's DOCX-to-text exports flatten a table to one cell per paragraph: a header
    of short labels ending with one that names sources (`Key references`), or whose last
    column cites in every row (`Access / license notes` over `…described in paper [2]`),
    then each row's cells in order. Read back as rows, a row's uncited cells borrow the
    citations of its last cell (checked against them, no CL111 statement of them)."""
    i = 0
    while i < len(blocks):
        width, end = _header_width(blocks, i)
        cited = width is None
        # (the run may open with a title or a caption line before the header's labels)
        for start in range(i, min(end, i + _LEAD + 1)) if cited else ():
            width = _cited_width(blocks, start, end)
            if width is not None:
                i = start
                break
        if width is None:
            i = max(i + 1, end)  # no header starts inside a run of labels that had none
            continue
        j = i + width
        while j + width <= len(blocks) and all(b.kind == "p" for b in blocks[j : j + width]):
            if cited and not _lends(blocks[j + width - 1]):
                break  # (a row whose last cell cites nothing: the table, or its reading, ends)
            _lend(blocks[j : j + width], width - 1)
            j += width
        i = j


def _header_width(blocks: Sequence[Block], i: int) -> tuple[int | None, int]:
    """The number of columns of a flattened header starting at block i, if one does, and
    where the run of labels looked at ends."""
    j = i
    while j < len(blocks) and _label(blocks[j]):
        if _SOURCES_LABEL.match(blocks[j].text) and j - i + 1 >= _MIN_COLUMNS:
            return j - i + 1, j + 1
        j += 1
    return None, j


_ROWS_SEEN = 2  # rows whose last cell cites, right under a header, that make it one
_LEAD = 2  # short lines (a title, a caption) a run of labels may open with before its header
_MAX_COLUMNS = 12


def _cited_width(blocks: Sequence[Block], i: int, end: int) -> int | None:
    """The fewest columns, at least three, that the run of labels from block i to `end`
    can head, such that each of the next rows ends with a cell that cites."""
    for width in range(_MIN_COLUMNS + 1, min(end - i, _MAX_COLUMNS) + 1):
        rows = [i + width * (r + 1) for r in range(_ROWS_SEEN)]
        if rows[-1] + width > len(blocks):
            return None
        if all(
            all(b.kind == "p" for b in blocks[r : r + width]) and _lends(blocks[r + width - 1])
            for r in rows
        ):
            return width
    return None


def _lends(block: Block) -> bool:
    """Whether a cell cites (with a citation that names a source)."""
    return any(a.lends for s in block.sentences for a in s.anchors)


def _label(block: Block) -> bool:
    text = block.text.strip()
    return (
        block.kind == "p"
        and 0 < len(text) <= _LABEL_MAX
        and not text.endswith((".", ";", ":", "。"))
        and not any(s.anchors for s in block.sentences)
    )


def _lend(row: Sequence[Block], column: int) -> None:
    cited = tuple(a for s in row[column].sentences for a in s.anchors if a.lends)
    if not cited:
        return
    for block in row[:column]:
        sentences = tuple(s if s.anchors else s.borrowing(cited) for s in block.sentences)
        object.__setattr__(block, "sentences", sentences)  # still being built: set once
