"""Narrative citations: `According to the American Association for Cancer Research (AACR),
…` cites the reference entry that names that body, when exactly one does.

The name is read off the sentence (a run of capitalised words after `According to` or
`as reported by`, with an optional acronym in brackets) and looked up in the entries'
own text; nothing is known in advance. A name no entry holds, or one several entries
hold, cites nothing (the sentence stays a claim to cite).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_NARRATIVE = re.compile(
    r"\b(?:[Aa]ccording to|[Aa]s reported by|[Aa]s stated by)[ \t]+(?:the[ \t]+)?"
    r"(?P<name>[A-Z][\w&'’.-]*(?:[ \t]+(?:of|for|and|on|&|[A-Z][\w&'’.-]*))*)"
    r"(?:[ \t]*\((?P<short>[A-Z][A-Za-z&]{1,11})\))?"
)
NARRATED = re.compile(r"ccording to|reported by|stated by")  # the scanner's cheap look
_MIN_NAME = 4  # a name this short (`WHO`) must match as a whole word


def narrative_citations(
    text: str, entries: Sequence[tuple[str, str]]
) -> list[tuple[str, int, int]]:
    """(entry key, start, end) for each narrative citation in `text`; `entries` are
    (key, entry text) of the reference list."""
    out: list[tuple[str, int, int]] = []
    for m in _NARRATIVE.finditer(text):
        names = [n for n in (m.group("name").rstrip(" .-"), m.group("short")) if n]
        keys = {key for key, entry in entries if any(_holds(entry, n) for n in names)}
        if len(keys) == 1:
            out.append((keys.pop(), m.start("name"), m.end()))
    return out


def _holds(entry: str, name: str) -> bool:
    if len(name) < _MIN_NAME or " " not in name:
        return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", entry) is not None
    return name.lower() in entry.lower()
