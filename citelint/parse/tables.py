"""Tables as reports export them: a column of citation numbers cites its row.

Gemini's tables end with a column of snippet numbers (`| Ferns | Bryophytes | … | 1 |`)
that the reference list covers; read as cell values they are quantities, and every row
of the table is a CL001. A column is a citation column when its header names sources
(`Snippet IDs`, `Key references`, `Sources`, `Citations`) or one of its cells lists
several numbers (`2, 5`: no phase, count or score is written so) — and, either way,
every body cell of it holds only numbers the reference list holds. Never the first
column (a row's number or label stands there).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from citelint.citations.styles import expand
from citelint.parse.raw import RawBlock

_NUMBERS = re.compile(r"\s*(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\s*")
_CITES_HEADER = re.compile(r"\b(?:snippets?|sources?|refs?|references?|citations?|cites?)\b", re.I)


def citation_columns(
    raws: Sequence[RawBlock], keys: Collection[str]
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


def cell_numbers(raw: RawBlock, columns: Collection[int]) -> list[tuple[str, int, int]]:
    """The citation numbers of a row's citation cells: (key, start, end) in its text."""
    out: list[tuple[str, int, int]] = []
    for j in sorted(columns):
        if j >= len(raw.cells):
            continue
        start, end = raw.cells[j]
        m = _NUMBERS.fullmatch(raw.text, start, end)
        if m:
            out += [(key, m.start(1), m.end(1)) for key in expand(m.group(1))]
    return out
