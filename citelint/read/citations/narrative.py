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
_MIN_NAME = 4  # a name this short (`WHO`) must match as a whole word, case and all
_WORD = re.compile(r"[\w&'’]+")
MAX_NAME_WORDS = 12  # a longer name is read no further


class Narrators:
    """The reference list's entries, indexed once by each run of up to MAX_NAME_WORDS
    words they hold (and each word as written), so that a name is looked up in constant
    time however many entries and narrative citations a report has."""

    def __init__(self, entries: Sequence[tuple[str, str]]) -> None:
        self.entries = tuple(entries)
        self._runs: dict[tuple[str, ...], set[str]] | None = None  # built on first use

    def __bool__(self) -> bool:
        return bool(self.entries)

    def cite(self, text: str) -> list[tuple[str, int, int]]:
        """(entry key, start, end) for each narrative citation in `text` naming exactly
        one entry."""
        out: list[tuple[str, int, int]] = []
        for m in _NARRATIVE.finditer(text):
            names = [n for n in (m.group("name").rstrip(" .-"), m.group("short")) if n]
            keys = set().union(*(self._holding(n) for n in names))
            if len(keys) == 1:
                out.append((keys.pop(), m.start("name"), m.end()))
        return out

    def _holding(self, name: str) -> set[str]:
        words = _WORD.findall(name)[:MAX_NAME_WORDS]
        exact = len(name) < _MIN_NAME or len(words) == 1
        return self._index().get(tuple(words) if exact else _folded(words), set())

    def _index(self) -> dict[tuple[str, ...], set[str]]:
        if self._runs is None:
            runs: dict[tuple[str, ...], set[str]] = {}
            for key, entry in self.entries:
                words = _WORD.findall(entry)
                for i, word in enumerate(words):
                    _note(runs, (word,), key)  # a word as written: `AACR`, `WHO`
                    for n in range(2, min(MAX_NAME_WORDS, len(words) - i) + 1):
                        _note(runs, _folded(words[i : i + n]), key)
            self._runs = runs
        return self._runs


def _folded(words: Sequence[str]) -> tuple[str, ...]:
    return ("", *(w.lower() for w in words))  # "" keeps them apart from exact words


def _note(runs: dict[tuple[str, ...], set[str]], run: tuple[str, ...], key: str) -> None:
    keys = runs.setdefault(run, set())
    if len(keys) < 2:  # two keys already make the name ambiguous
        keys.add(key)
