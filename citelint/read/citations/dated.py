"""Citations that name no source: only a kind of source and a date (`[news (2025-06-23)]`,
`([journal (2023-12-04)])`, `[unknown (unknown)]`, as an agent writes what its search tool
returned instead of the source), or an id the writing tool gave a source in its own store
(`source_id:56661463563`, `source_id:9096d7f7…`), which no reader can look up.

The shape is grammar: a lower-case common noun (a name is capitalised: `[Smith (2020)]` is
an author and year, read with the reference list) and, in parentheses, a year, a month or
a day, or `unknown`. Read as a citation, the sentence is cited by it and by no neighbour's
link; it resolves to no source, and the report is told to name the source (CL008).
"""

from __future__ import annotations

import re

from citelint.read.citations.hits import BlockText, CitationHit, Style

DATED = re.compile(r"\[([a-z][a-z-]{1,20}) \((\d{4}(?:-\d{2}){0,2}|unknown)\)\]")
# what follows the `[` of one, for the scanner's one-pass trigger
DATED_FOLLOWS = r"(?<=\[)[a-z][a-z-]{1,20} \((?:\d{4}|unknown)"
DATED_TYPE = "dated"  # the anchor type of such a citation: it names no source
NAMES_NO_SOURCE = "names a kind of source and a date, not the source"
# `source_id:` and the id (digits, or a hex digest), glued to neither word nor colon
SOURCE_ID = re.compile(r"(?<![\w:/])source_id:(?:[0-9a-f]{16,64}|\d{6,20})(?![\w:])")
SOURCE_ID_FOLLOWS = r"(?<=source_)id:[0-9a-f]"  # after the `_` of one, for the trigger
SOURCE_ID_TYPE = "source-id"
NAMES_A_TOOLS_ID = "names a source by the writing tool's own id, not the source"
UNNAMED_TYPES = frozenset({DATED_TYPE, SOURCE_ID_TYPE})  # citations that name no source


def dated(scanner: object, block: BlockText) -> list[CitationHit]:
    """The citations of a block that name a kind of source and a date."""
    return [
        CitationHit(Style.DATED, DATED_TYPE, m.group(0)[1:-1], None, m.start(), m.end(), m.group(0))
        for m in DATED.finditer(block.text)
    ]


def source_ids(scanner: object, block: BlockText) -> list[CitationHit]:
    """The citations of a block that name a source by the writing tool's own id."""
    return [
        CitationHit(
            Style.SOURCE_ID, SOURCE_ID_TYPE, m.group(0)[10:], None, m.start(), m.end(), m.group(0)
        )
        for m in SOURCE_ID.finditer(block.text)
    ]
