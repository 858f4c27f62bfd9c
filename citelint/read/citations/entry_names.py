"""The names a reference list's entries give, indexed for `narrative.Narrators`: each
entry's leading name (`SevenFifty Daily.`), and its authors with the date it gives itself
in parentheses (`Kedify. (2025).`, `Acemoglu, D., & Restrepo, P. (2018).`, `(n.d.)`), where
a name and a year that several entries of one name share are looked up."""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from typing import TypeVar

MAX_NAMED = 8  # the entries one name may cite; a name more share names no source
MAX_NAME_WORDS = 12  # a longer name is read no further
CJK = "\u3400-\u9fff"  # the unified ideographs: a Chinese name is no capitalised word
# an entry's leading name: what stands before its first full stop, `SevenFifty Daily.`
LEAD = re.compile(rf"[ \t]*(?P<lead>[A-Z0-9{CJK}][^.\n]{{1,80}}?)\.(?:[ \t]|$)")
_BEFORE_REMARK = re.compile(r"[ \t]*\(")  # `The Oxford Companion … (via Spirits …)`
_K = TypeVar("_K", bound=Hashable)
WORD = re.compile(r"[\w&'’]+")  # a word of a name, as the entries and citations are read
# the date an entry gives itself: `(2025).`, `(2026, March 10).`, `(2025a).`, `(n.d.).`
_PUBLISHED = re.compile(r"\((?:(?P<year>(?:19|20)\d\d)[a-z]?[,)]|n\.[ \t]?d\.\))")
_AUTHORS_WITHIN = 300  # an entry's own date stands this close to its start, after its authors
_NAME_GLUE = frozenset({"and", "&", "et", "al", "of", "the", "for"})  # no author's name


class AuthorDates:
    """Each (author word, year) to the entries so dated, and each entry's author words,
    indexed once on first use: a name and year is looked up in constant time."""

    def __init__(self, entries: Sequence[tuple[str, str]]) -> None:
        self.entries = entries
        self._by_author: (
            tuple[dict[tuple[str, str], set[str]], dict[str, frozenset[str]]] | None
        ) = None

    def dated(self, name: str, year: str) -> tuple[str, ...]:
        """The entries a name and year cite when the name alone names no one entry: those
        whose authors — what stands before the date the entry gives itself in parentheses,
        `Kedify. (2025).`, `Acemoglu, D., & Restrepo, P. (2018).` — hold every word of the
        name and which date themselves that year (`(n.d.)` for `n.d.`). `(Kedify, 2025)`
        beside a `Kedify. (n.d.).` entry cites the one; `Acemoglu and Restrepo (2018)` among
        four Acemoglu papers the one of 2018; `(OneUptime, 2026)` over two `OneUptime.
        (2026).` posts both, one of which the writer meant. An entry that gives no date of
        its own (`Birdwatch Wiki. "…"`) is never one."""
        year = "n.d." if year.startswith("n") else year
        words = [w.lower() for w in WORD.findall(name) if w.lower() not in _NAME_GLUE]
        if not words:
            return ()
        index, authors = self._authored()
        found = index.get((words[0], year), set())
        dated = tuple(sorted(k for k in found if authors[k].issuperset(words)))
        return dated if len(dated) <= MAX_NAMED else ()

    def _authored(self) -> tuple[dict[tuple[str, str], set[str]], dict[str, frozenset[str]]]:
        """Each (author word, year) to the entries so dated, and each entry's author words."""
        if self._by_author is None:
            index: dict[tuple[str, str], set[str]] = {}
            authors: dict[str, frozenset[str]] = {}
            for key, entry in self.entries:
                m = _PUBLISHED.search(entry, 0, _AUTHORS_WITHIN)
                if m is None:
                    continue
                year = m.group("year") or "n.d."
                words = frozenset(w.lower() for w in WORD.findall(entry[: m.start()]))
                authors[key] = words
                for word in words:
                    keys = index.setdefault((word, year), set())
                    if len(keys) <= MAX_NAMED:  # more: the name names no source
                        keys.add(key)
            self._by_author = (index, authors)
        return self._by_author


def folded(words: Sequence[str]) -> tuple[str, ...]:
    return ("", *(w.lower() for w in words))  # "" keeps them apart from exact words


def note(runs: dict[_K, set[str]], run: _K, key: str) -> None:
    keys = runs.setdefault(run, set())
    if len(keys) < 2:  # two keys already make the name ambiguous
        keys.add(key)


def leads(entries: Sequence[tuple[str, str]]) -> dict[tuple[str, ...], set[str]]:
    """Each entry's leading name (and the same name without a remark in parentheses), as
    folded words, to the keys of the entries that lead with it."""
    leads: dict[tuple[str, ...], set[str]] = {}
    for key, entry in entries:
        m = LEAD.match(entry)
        if m is None or "://" in m.group("lead"):
            continue
        lead = m.group("lead")
        for name in {lead, _BEFORE_REMARK.split(lead, maxsplit=1)[0]}:
            words = WORD.findall(name)
            if 0 < len(words) <= MAX_NAME_WORDS:
                leads.setdefault(folded(words), set()).add(key)
    return {name: keys for name, keys in leads.items() if len(keys) <= MAX_NAMED}
