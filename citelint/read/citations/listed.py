"""A source line's items that name an entry by its name, no year given: `Sources:
Wikipedia – LGBTQ themes in anime and manga; NYPL (2019)` cites the entry `Wikipedia.
(2024). *LGBTQ themes in anime and manga*.`, as `(Wikipedia)` would.

A line that opens with a source label and a colon (`labels.SOURCE_LABEL`: `Sources:`,
`来源：`) lists where what stands above it comes from. Each of its items (parted by `;`) whose
name — the whole item, or what stands before a dash or a colon that opens its title
(`Name – Title`, `Name: Title`) — is the leading name of entries in the reference list
(`narrative.Narrators.leading`) cites those entries; with a title, only those whose text
holds the title's words in that order, so a title the list does not give cites nothing.
An item with a year (`NYPL (2019)`) is read as names and years are (`prose_years.py`); an
item no entry leads with (`author's analysis`) cites nothing.
"""

from __future__ import annotations

import re
from typing import Protocol

from citelint.read.citations.entry_names import WORD
from citelint.read.citations.labels import SOURCE_LABEL

_LISTED = re.compile(rf"\W{{0,4}}{SOURCE_LABEL}\W{{0,4}}[:：][*_]*[ \t]*", re.I)
_ITEMS = re.compile(r"[;；]")
_TITLED = re.compile(r"[ \t]+[–—-][ \t]+|[ \t]*[:：][ \t]+")  # `Name – Title`, `Name: Title`


class Entries(Protocol):
    """What the reference list answers (`narrative.Narrators`)."""

    def leading(self, name: str) -> set[str]: ...

    def text(self, key: str) -> str: ...


def lists_sources(text: str) -> bool:
    """Whether a text opens with a source label and a colon (the scanner's cheap look)."""
    return _LISTED.match(text) is not None


def listed(entries: Entries, text: str) -> list[tuple[str, int, int]]:
    """(entry key, start, end) for each item of a source line that names entries."""
    m = _LISTED.match(text)
    if m is None:
        return []
    out: list[tuple[str, int, int]] = []
    begin = m.end()
    for item in _ITEMS.split(text[m.end() :]):
        lead = len(item) - len(item.lstrip())
        out += [(k, begin + lead, begin + len(item.rstrip())) for k in _named(entries, item)]
        begin += len(item) + 1
    return out


def _named(entries: Entries, item: str) -> list[str]:
    """The entries an item names: by their leading name, and by their title if it gives one."""
    name, *title = _TITLED.split(item.strip(), maxsplit=1)
    keys = entries.leading(name)
    if not keys or not title:
        return sorted(keys)
    words = f" {' '.join(WORD.findall(title[0]))} ".lower()  # whole words, in their order
    return sorted(
        k for k in keys if words in f" {' '.join(WORD.findall(entries.text(k)))} ".lower()
    )
