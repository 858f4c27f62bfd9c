"""Narrative citations: `According to the American Association for Cancer Research (AACR),
…` cites the reference entry that names that body, when exactly one does; so does a name
and a year in parentheses, `(DesignLights, 2025)`, `(Encyclopédie de l'Environnement,
2025; Smith et al., 2021)`, in a report whose numbered list gives the entry under that
name (`2. Encyclopédie de l'Environnement. "The Orientation of …"`, often with no year).
One name may give several years, each its own entry (`(Kruglanski, 1989, 2004)`), and the
venue after them (`(Jedinger & Masch, 2025, *Frontiers in Social Psychology*)`).

Prose cites the same way with the year alone in parentheses, `Smith et al. (2021) found
…` (`prose_years.py`).

A source's name alone in parentheses, `(SevenFifty Daily)`, `(MOJU Zero; The Bartender
Company)`, cites the entries the list gives under that name, as a numbered list writes it
before its first full stop (`2. SevenFifty Daily. "The Science Behind …" https://…`): every
item must be such a name, word for word, or the parentheses are a remark (`(MASI)`, `(e.g.,
Fee Brothers)`). A name two entries share (`12. A Bar Above. …`, `13. A Bar Above. …`)
cites both.

A Chinese report writes the same in full-width marks, `（NxCode, 2026）`, `（钛媒体，2026）`,
`（钛媒体, 2026；NxCode, 2026）`, and names a source in ideographs: a name with no space is
looked up whole, and failing that as the head of one entry's leading name (`腾讯云` of
`腾讯云开发者社区. (2026…)`); an acronym as the initials of one (`WEF` of `World Economic
Forum. (2025)…`). A table's source column of names and years (`| Livmo, 2026 |` under
`来源`) cites its rows (`parse/tables.py`).

The name is read off the sentence (a run of capitalised words after `According to` or
`as reported by`, with an optional acronym in brackets; in parentheses, what stands before
the year, `et al.` aside, or the first of two authors) and looked up in the entries' own
text; nothing is known in advance. A name no entry holds, or one several entries hold,
cites nothing (the sentence stays a claim to cite) — unless the year tells them apart,
as the entries' own authors and dates say (`Narrators.dated`): `(Kedify, 2025)` cites
`Kedify. (2025).`, not the `Kedify. (n.d.).` beside it; `Acemoglu and Restrepo (2018)` the
one 2018 paper of four by Acemoglu; and `(OneUptime, 2026)` over two `OneUptime. (2026).`
entries both, one of which the writer meant.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from citelint.read.citations.entry_names import (
    CJK,
    LEAD,
    MAX_NAME_WORDS,
    WORD,
    AuthorDates,
    folded,
    leads,
    note,
)
from citelint.read.citations.hits import CitationHit
from citelint.read.citations.listed import listed, lists_sources
from citelint.read.citations.prose_years import named_years
from citelint.read.citations.urls import normalize_url

_NARRATIVE = re.compile(
    r"\b(?:[Aa]ccording to|[Aa]s reported by|[Aa]s stated by)[ \t]+(?:the[ \t]+)?"
    r"(?P<name>[A-Z][\w&'’.-]*(?:[ \t]+(?:of|for|and|on|&|[A-Z][\w&'’.-]*))*)"
    r"(?:[ \t]*\((?P<short>[A-Z][A-Za-z&]{1,11})\))?"
)
# `(Name, 2025)`, `(Name et al., 2021; Other, n.d.)`: each item a name, then a year; a
# Chinese report writes the same in full-width marks, `（钛媒体，2026）`, `（NxCode, 2026）`
_YEAR = r"(?:(?:19|20)\d\d[a-z]?|n\.[ \t]?d\.)"
_YEARS = re.compile(_YEAR)
_PARENTHETICAL = re.compile(r"[(（]([^()（）\n]{4,400})[)）]")
_ITEMS = re.compile(r"[;；]")  # what parts the items of one parenthesis
# (no colon in the name: `(PMID: 2003)` is an identifier, not a name and a year). The year
# may follow its month, day or season (`(Euronews, July 2023)`, `(TIME, July 15, 2023)`,
# `(Landslide, Winter 2026)`: calendar words, no name), and a secondary citation names the
# work it was read in (`(McKinsey, cited in FashionINSTA, 2025)` cites FashionINSTA's; so
# does `(Schwab, 2016, as cited in Doubková & Magdin, 2026)`, the primary's year its own).
# One name may give several years, each a work of its own (`(Kruglanski, 1989, 2004)`), and
# the venue after them (`(Jedinger & Masch, 2025, *Frontiers in Social Psychology*)`, its
# italics read or not), which names no further source
_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Spring|Summer|Autumn|Fall|Winter"
)
_DATE = rf"(?:(?:{_MONTHS})\.?[ \t]+(?:\d{{1,2}},?[ \t]+)?)?"
_NAME_YEAR = re.compile(
    rf"[ \t]*(?:(?P<primary>[A-Z][^,;:()\n]{{0,80}}?)(?:,[ \t]*{_DATE}{_YEAR})?,[ \t]*"
    rf"(?:as[ \t]+)?(?:cited|quoted)[ \t]+in[ \t]+)?"
    rf"(?P<name>[A-Z{CJK}][^,;:()\n，；：（）]{{0,80}}?)(?:[ \t]+et[ \t]+al\.?)?"
    rf"(?:,[ \t]*|，[ \t]*|[ \t]+){_DATE}(?P<year>{_YEAR})(?P<years>(?:,[ \t]*{_YEAR})*)"
    rf"(?:,[ \t]*(?P<venue>[*_]?[A-Z][^,;:()\d\n]{{0,120}}?))?[ \t]*"
)
_CJK_NAME = re.compile(rf"[{CJK}]{{2,12}}")  # a name of ideographs only, `腾讯云`
_ACRONYM = re.compile(r"[A-Z]{2,6}")  # `WEF`: the initials of a name
_GLUE = frozenset({"of", "and", "the", "for", "&"})  # not initialled in an acronym
_ENTRY_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_SECOND_AUTHOR = re.compile(r"[ \t]+(?:and|&)[ \t]+")  # `Smith and Lee`: the first is looked up
NARRATED = re.compile(  # the scanner's cheap look
    rf"ccording to|reported by|stated by|{_YEAR}[ \t]*(?:[;)；）]|,[ \t]*[*_]?[A-Z])"
)
# an entry's author before its year in parentheses, full stops and all (`U.S. Copyright
# Office. (2025).`), initialled word by word: `U.S.` is two words
_AUTHOR = re.compile(r"[ \t]*(?P<author>[A-Z][^()\n]{1,80}?)\.?[ \t]*\((?:19|20)\d\d")
_INITIALLED = re.compile(r"[\s.]+")
_MIN_NAME = 4  # a name this short (`WHO`) must match as a whole word, case and all


class Narrators:
    """The reference list's entries, indexed once by each run of up to MAX_NAME_WORDS
    words they hold (and each word as written), so that a name is looked up in constant
    time however many entries and narrative citations a report has."""

    def __init__(
        self,
        entries: Sequence[tuple[str, str]],
        addresses: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.entries = tuple(entries)
        self._addresses = addresses or {}  # each entry's web addresses, by its key
        self._runs: dict[tuple[str, ...], set[str]] | None = None  # built on first use
        self._dates: dict[str, frozenset[str]] | None = None  # each entry's years, the same
        self._short: dict[str, set[str]] | None = None  # names' short forms, the same
        self._giving: dict[str, set[str]] | None = None  # who gives each address, the same
        self._authors = AuthorDates(self.entries)  # by their authors and dates, the same

        self._leads = leads(self.entries)  # each entry's leading name: `(Forbes)`
        self._text = dict(self.entries)  # each entry's text, by its key

    def __bool__(self) -> bool:
        return bool(self.entries)

    def reads(self, text: str) -> bool:
        """Whether `text` may hold a citation of these kinds (the scanner's cheap look)."""
        return bool(NARRATED.search(text) or (self._leads and ("(" in text or lists_sources(text))))

    def citations(
        self,
        text: str,
        links: Sequence[tuple[int, int, str]] = (),
        cited: Sequence[CitationHit] = (),
    ) -> list[tuple[str, int, int, bool]]:
        """(entry key, start, end, masked) for each kind: a narrative name is part of
        what the sentence says, a name in parentheses (with a year or alone) is not. A
        name that is the label of a link to the entry's own address (`（[德勤中国](https://…)）`)
        is the link's citation: one source, cited once (a link elsewhere keeps the entry
        cited as well). A name and its year in prose are no second citation of the entry
        a link or a number `cited` later in the sentence gives (`Ecker et al. (2019) found
        …[6]`, `Zumsteg et al. (2026) show … ([Zumsteg et al., 2026](…))`)."""
        found = [
            *((k, b, e, False) for k, b, e in self.cite(text)),
            *((k, b, e, True) for k, b, e in named_years(self, text, links, cited)),
            *((k, b, e, True) for k, b, e in self.cite_dated(text)),
            *((k, b, e, True) for k, b, e in self.cite_named(text)),
            *((k, b, e, True) for k, b, e in listed(self, text)),
        ]
        # the keys found for one span: a name and year two entries share cites both, but a
        # link around it that gives either is the citation, and its page the one entry
        span_keys: dict[tuple[int, int], set[str]] = {}
        for k, b, e, _ in found:
            span_keys.setdefault((b, e), set()).add(k)
        return [
            (k, b, e, masked)
            for k, b, e, masked in found
            if not any(
                lb < e and b < le and any(self.gives(s, href) for s in span_keys[b, e])
                for lb, le, href in links
            )
        ]

    def cite_named(self, text: str) -> list[tuple[str, int, int]]:
        """(entry key, start, end) for each source named alone in parentheses, every item
        an entry's leading name (`(Serious Eats; YouTube Mocktails Masterclass)`)."""
        if not self._leads:
            return []
        out: list[tuple[str, int, int]] = []
        for m in _PARENTHETICAL.finditer(text):
            begin, found = m.start(1), []
            for part in _ITEMS.split(m.group(1)):
                keys = self.leading(part)
                if not keys:
                    break  # a remark in parentheses, not a list of sources
                lead = len(part) - len(part.lstrip())
                found += [(k, begin + lead, begin + len(part.rstrip())) for k in sorted(keys)]
                begin += len(part) + 1
            else:
                out += found
        return out

    def leading(self, name: str) -> set[str]:
        """The keys of the entries that lead with a name (`SevenFifty Daily.`)."""
        return self._leads.get(folded(WORD.findall(name)), set())

    def text(self, key: str) -> str:
        return self._text.get(key, "")

    def cite(self, text: str) -> list[tuple[str, int, int]]:
        """(entry key, start, end) for each narrative citation in `text` naming exactly
        one entry."""
        out: list[tuple[str, int, int]] = []
        for m in _NARRATIVE.finditer(text):
            names = [n for n in (m.group("name").rstrip(" .-"), m.group("short")) if n]
            keys = set().union(*(self.holding(n) for n in names))
            if len(keys) == 1:
                out.append((keys.pop(), m.start("name"), m.end()))
        return out

    def cite_dated(self, text: str) -> list[tuple[str, int, int]]:
        """(entry key, start, end) for each name and year in parentheses naming exactly one
        entry (`(DesignLights, 2025)`), read as a citation and left out of the claim; the
        year must be one the entry gives, if it gives any (`(Flaherty, 2014)` over a 2012
        entry cites nothing here: CL104 tells the year is wrong). An item naming no one
        entry (`Wikipedia, 2025` over two Wikipedia pages) joins the range of the citation
        before it (or, at the start, after it): its year is never a fact beside it."""
        out: list[tuple[str, int, int]] = []
        for m in _PARENTHETICAL.finditer(text):
            if NARRATED.search(m.group(0)):
                out += self._items(m.group(1), m.start(1))
        return out

    def gives(self, key: str, href: str) -> bool:
        """Whether the entry `key` gives the address `href` (two spellings of one page
        alike)."""
        held = self._addresses.get(key, ())
        return bool(held) and normalize_url(href) in {normalize_url(u) for u in held}

    def given(self, hrefs: Iterable[str]) -> frozenset[str]:
        """The keys of the entries that give any of the addresses `hrefs`."""
        if self._giving is None:
            self._giving = {}
            for key, held in self._addresses.items():
                for url in held:
                    self._giving.setdefault(normalize_url(url), set()).add(key)
        return frozenset(
            k for url in {normalize_url(h) for h in hrefs} for k in self._giving.get(url, ())
        )

    def cite_cell(self, cell: str, begin: int) -> list[tuple[str, int, int]]:
        """(entry key, start, end) for a table cell that is nothing but names and years
        (`| Livmo, 2026 |` under a `来源`/`Source` header): the citations it makes, or none
        when any item names no entry (an item citing two entries gives both one span)."""
        found = self._items(cell, begin)
        return found if len({(b, e) for _, b, e in found}) == len(_ITEMS.split(cell)) else []

    def _items(self, inner: str, begin: int) -> list[tuple[str, int, int]]:
        found: list[tuple[tuple[str, ...], int, int]] = []  # (keys, start, end) of each item
        for part in _ITEMS.split(inner):
            item = _NAME_YEAR.fullmatch(part)
            if item is None:
                return []  # not a list of names and years: a remark in parentheses
            name = item.group("name").strip()
            # (`n.d.` says none: no year to disagree)
            said = [y[:4] for y in _YEARS.findall(item.group("year") + item.group("years"))]
            keys = self.holding(name)
            if not keys and _SECOND_AUTHOR.search(name):
                keys = self.holding(_SECOND_AUTHOR.split(name)[0])
            if len(keys) == 1:
                key = next(iter(keys))  # (the index's set: read only)
                years = self._years().get(key, frozenset())
                if years and any(y[0].isdigit() and y not in years for y in said):
                    return []  # a year the entry does not give: CL104's, as written
                chosen: tuple[str, ...] = (key,)
            else:
                chosen = tuple(sorted({k for y in said for k in self.dated(name, y)}))
            start = item.start("primary") if item.group("primary") else item.start("name")
            end = item.end("venue") if item.group("venue") else item.end("years")
            found.append((chosen, begin + start, begin + end))
            begin += len(part) + 1
        cited = [k for k, (keys, _, _) in enumerate(found) if keys]
        return [
            (
                key,
                found[0][1] if n == 0 else found[k][1],
                found[(cited[n + 1] if n + 1 < len(cited) else len(found)) - 1][2],
            )
            for n, k in enumerate(cited)
            for key in found[k][0]
        ]

    def dated(self, name: str, year: str) -> tuple[str, ...]:
        """The entries a name and year cite when the name alone names no one entry, as
        their authors and own dates say (`AuthorDates.dated`)."""
        return self._authors.dated(name, year)

    def years(self, key: str) -> frozenset[str]:
        """The years an entry gives (none: it gives no year to disagree with)."""
        return self._years().get(key, frozenset())

    def _years(self) -> dict[str, frozenset[str]]:
        if self._dates is None:
            self._dates = {k: frozenset(_ENTRY_YEAR.findall(e)) for k, e in self.entries}
        return self._dates

    def holding(self, name: str) -> set[str]:
        """The keys of the entries a name names (one: it cites that entry)."""
        words = WORD.findall(name)[:MAX_NAME_WORDS]
        exact = len(name) < _MIN_NAME or len(words) == 1
        found = self._index().get(tuple(words) if exact else folded(words), set())
        if not found and (_CJK_NAME.fullmatch(name) or _ACRONYM.fullmatch(name)):
            # Chinese writes a name with no space, so a source's short name is the head of
            # the entry's (`腾讯云` of `腾讯云开发者社区.`, `普华永道` of `普华永道中国.`);
            # an acronym is the initials of the entry's (`WEF` of `World Economic Forum.`)
            return self._shorts().get(name, set())
        head, _, rest = name.partition(" ")
        if not found and rest and _ACRONYM.fullmatch(head):
            # initials and a title word of the one entry they name (`ABA Landslide` of
            # `American Bar Association. (2026). “…” *Landslide*, …`)
            keys = self._shorts().get(head, set())
            entry = self._text.get(next(iter(keys)), "") if len(keys) == 1 else ""
            words = WORD.findall(rest)
            if entry and all(re.search(rf"\b{re.escape(w)}\b", entry, re.I) for w in words):
                return set(keys)
        return found

    def _shorts(self) -> dict[str, set[str]]:
        """The short forms of the entries' leading names, to the keys of the entries that
        lead with each: every head of two to twelve ideographs of a name in ideographs, and
        the initials of a name of capitalised words (`of`, `and`, `the`, `for` aside)."""
        if self._short is None:
            short: dict[str, set[str]] = {}
            for key, entry in self.entries:
                m = LEAD.match(entry)
                lead = m.group("lead").strip() if m else ""
                if _CJK_NAME.fullmatch(lead[:12]):
                    for n in range(2, min(len(lead), 12) + 1):
                        note(short, lead[:n], key)
                authors = _AUTHOR.match(entry)  # `U.S. Copyright Office. (2025).`: USCO
                for name in {lead, authors.group("author") if authors else ""}:
                    words = [w for w in _INITIALLED.split(name) if w and w.lower() not in _GLUE]
                    if 2 <= len(words) <= 6 and all(w[:1].isupper() for w in words):
                        note(short, "".join(w[0] for w in words), key)
            self._short = short
        return self._short

    def _index(self) -> dict[tuple[str, ...], set[str]]:
        if self._runs is None:
            runs: dict[tuple[str, ...], set[str]] = {}
            for key, entry in self.entries:
                words = WORD.findall(entry)
                for i, word in enumerate(words):
                    note(runs, (word,), key)  # a word as written: `AACR`, `WHO`
                    for n in range(2, min(MAX_NAME_WORDS, len(words) - i) + 1):
                        note(runs, folded(words[i : i + n]), key)
            self._runs = runs
        return self._runs
