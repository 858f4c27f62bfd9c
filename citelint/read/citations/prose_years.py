"""A name and then its year in parentheses, as prose cites: `Smith et al. (2021) found …`,
`MSCI (2018) reports …`, `Kaplan and Zamir (2012) derive …`.

The name is the sentence's own words; the year in parentheses is the citation (its figure
dates the cited work, none the claim states). The name is looked up in the reference
list's entries as a name and a year in parentheses is (`narrative.Narrators`): its last
words that name exactly one entry (`In Smith et al.`: `In` is no part of it; `Kaplan and
Zamir`: the first author), which must give that year if it gives any; a name several
entries hold cites those whose authors and own date the name and year match
(`Narrators.dated`). It is no citation
when the writer's own citation follows it (`emphasized by ESA (2025) [11]`: the name and
year are checked against `[11]`, CL104), nor a second one of an entry a link to its address
or a number later in the same sentence cites (`Ecker et al. (2019) found …[6]`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import Protocol

from citelint.read.citations.hits import CitationHit

_NAMED_YEAR = re.compile(
    r"(?<![\w&'’.-])(?P<name>[A-Z][\w&'’.-]*(?:[ \t]+(?:and|&|of|the|[A-Z][\w&'’.-]*)){0,5})"
    r"(?:[ \t]+et[ \t]+al\.?)?[ \t]*(?P<paren>\((?P<year>(?:19|20)\d\d)[a-z]?\))"
)
_CITED_AFTER = re.compile(r"[ \t]*(?:\[|\(\[|[⁰¹²³⁴⁵⁶⁷⁸⁹])")  # `[11]`, `([A](…))`, `¹¹`
_SECOND_AUTHOR = re.compile(r"[ \t]+(?:and|&)[ \t]+")  # `Smith and Lee`: the first is looked up
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")


class Entries(Protocol):
    """What the reference list answers (`narrative.Narrators`)."""

    def holding(self, name: str) -> set[str]: ...

    def years(self, key: str) -> frozenset[str]: ...

    def given(self, hrefs: Iterable[str]) -> frozenset[str]: ...

    def dated(self, name: str, year: str) -> tuple[str, ...]: ...


def named_years(
    entries: Entries,
    text: str,
    links: Sequence[tuple[int, int, str]] = (),
    cited: Sequence[CitationHit] = (),
) -> list[tuple[str, int, int]]:
    """(entry key, start, end) of each year in parentheses after a name in prose that
    cites one entry, and is not cited beside it (`links`, the numbers `cited`)."""
    matches = [m for m in _NAMED_YEAR.finditer(text) if not _CITED_AFTER.match(text, m.end())]
    if not matches:
        return []
    # looked up once per text, not once per name: a paragraph of many names, links and
    # numbers stays linear
    given, starts = entries.given(href for _, _, href in links), _ref_starts(cited)
    out: list[tuple[str, int, int]] = []
    for m in matches:
        key = _named(entries, m.group("name").split())
        if key is None:
            # a name several entries hold: the year may tell them apart (`Acemoglu and
            # Restrepo (2018)` among four Acemoglu papers)
            keys = entries.dated(m.group("name"), m.group("year"))
        else:
            years = entries.years(key)
            if years and m.group("year") not in years:
                continue  # a year the entry does not give: no citation of it
            keys = (key,)
        if any(k in given or _cited_later(text, m.end(), starts.get(k, ())) for k in keys):
            continue
        out += [(k, m.start("paren"), m.end("paren")) for k in keys]
    return out


def _named(entries: Entries, words: list[str]) -> str | None:
    """The one entry the name's last words name, its longest such run first."""
    for i in range(len(words)):
        name = " ".join(words[i:])
        keys = entries.holding(name)
        if not keys and _SECOND_AUTHOR.search(name):
            keys = entries.holding(_SECOND_AUTHOR.split(name)[0])
        if keys:
            return next(iter(keys)) if len(keys) == 1 else None
    return None


def _ref_starts(cited: Sequence[CitationHit]) -> dict[str, list[int]]:
    """Where each entry is cited by number, in order, by its key."""
    starts: dict[str, list[int]] = {}
    for h in cited:
        if h.type == "ref":
            starts.setdefault(h.id, []).append(h.start)
    for at in starts.values():
        at.sort()
    return starts


def _cited_later(text: str, begin: int, starts: Sequence[int]) -> bool:
    """Whether the entry is cited after `begin` within its sentence: its nearest citation
    after `begin` is, if any is."""
    i = bisect_left(starts, begin)
    return i < len(starts) and _SENTENCE_END.search(text, begin, starts[i]) is None
