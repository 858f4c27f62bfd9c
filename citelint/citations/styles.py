"""The citation styles of real reports, found in a block's rendered text.

Each style is grammar, never knowledge: a reference number in brackets, a footnote mark,
a superscript, a link, a bare URL, an identifier written in text. A hit carries the
range it occupies (so a leading run attaches to the sentence before it, as anchors do),
what it cites and how it was written. Reference numbers glued to punctuation
(`carcinoma.17`) read like real numbers, so they are recognised only for the numbers a
reference list holds, or when the config turns the style on with no list.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from citelint.citations.urls import text_fragment

STYLES: tuple[str, ...] = (
    "numbered",
    "footnote",
    "superscript",
    "link",
    "url",
    "identifier",
    "glued",
)
DEFAULT_STYLES: tuple[str, ...] = tuple(s for s in STYLES if s != "glued")
MAX_KEY_DIGITS = 4  # a reference number has at most this many digits


@dataclass(frozen=True, slots=True)
class CitationHit:
    """One citation in a block's text: `type` is `ref` (a reference key), `url`, or the
    identifier written (`PMID`, `PMCID`, `DOI`, `NCT`); `group` is the range a run of
    them shares."""

    style: str
    type: str
    id: str
    locator: str | None
    start: int
    end: int
    written: str
    mask: bool = True  # whether its text is left out of the claim (not for an NCT id)

    @property
    def group(self) -> tuple[int, int]:
        return self.start, self.end


_NUM = r"\d{1,3}"
_LIST = rf"{_NUM}(?:\s*[-–—]\s*{_NUM})?(?:\s*[,，;、]\s*{_NUM}(?:\s*[-–—]\s*{_NUM})?)*"
# `[3]`, `【3】`, and STORM's `(#3)`
_NUMBERED = re.compile(rf"\[({_LIST})\](?!\()|【({_LIST})】|\(#({_LIST})\)")
_FOOTNOTE = re.compile(r"\[\^([^\]\s]{1,40})\]")
_SUP_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUPERSCRIPT = re.compile(rf"[{_SUP_DIGITS}]+(?:[,˒⸴⁻–-][{_SUP_DIGITS}]+)*")
_SHORT_BASE = re.compile(r"(?:^|\D)\d{1,3}$")
_SUP_TABLE = str.maketrans(_SUP_DIGITS + "˒⸴⁻", "0123456789,,-")
# A superscript after a digit, a power sign or a unit symbol is a power (`10⁹`, `m²`).
_POWER_BEFORE = re.compile(r"(?:[\d^×xX/·⁻⁺]|\b[a-zA-Zµμα-ωΑ-Ω]{1,2})$")  # `χ²` too
URL = re.compile(r"https?://[^\s<>\"'\]\[)（）]+", re.I)
URL_TAIL = ".,;:!?。，；："
IDENTIFIERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("PMID", re.compile(r"\bPMID\s*(?:[:：]\s*)?(\d{1,9})\b")),
    ("PMCID", re.compile(r"\b(?:PMCID\s*(?:[:：]\s*)?)?(PMC\d{3,9})\b")),
    ("DOI", re.compile(r"\bdoi\s*[:：]\s*(10\.\d{4,9}/[^\s\"<>]+)", re.I)),
    ("NCT", re.compile(r"\b(NCT\d{8})\b")),
)
# What stands before an NCT id that cites rather than states: an opening bracket, a list
# separator inside one, or a label's colon (`(NCT01234567)`, `ClinicalTrials.gov: NCT…`).
_CITING_BEFORE = re.compile(r"[(\[（【,;、:：]\s*$")
_GLUED = re.compile(r"(?<=[A-Za-z\)\]%\"”’'])([.,;:])(\d{1,3}(?:[,–-]\d{1,3})*)(?=\s|$)")
# What every style but links and `<sup>` starts with; text without it holds no citation.
# It opens with one character class, which the regex engine scans for quickly.
_TRIGGER = re.compile(
    r"[\[【#⁰¹²³⁴⁵⁶⁷⁸⁹hPNdD](?:(?<=\[)\^?\d|(?<=\[)\^|(?<=【)\d|(?<=\(#)\d|(?<=[⁰¹²³⁴⁵⁶⁷⁸⁹])"
    r"|(?<=h)ttps?://|(?<=P)MID|(?<=P)MC\d|(?<=[dD])[oO][iI]\s*[:：]|(?<=N)CT\d)"
)
# In a table row, a reference number closing a cell after a parenthesis or a question
# mark (never after a plain word, where it would be the cell's value): `(?) 31 |`.
_CELL_END = re.compile(r"(?<=[)?）？])([ \t]+)(\d{1,3}(?:,[ \t]?\d{1,3})*)(?=[ \t]*(?:\||$))")
# …or after a phrase of several words (a cell's value is a short label, never a phrase):
_CELL_TAIL = re.compile(
    r"(?:^|(?<=\|))([^|]*?[A-Za-z])[ \t]+(\d{1,3}(?:,[ \t]?\d{1,3})*)(?=[ \t]*(?:\||$))"
)
_PHRASE_WORDS = 4
_TRIGGER_GLUED = re.compile(f"{_TRIGGER.pattern}|{_GLUED.pattern}|{_CELL_END.pattern}")
# Link text that names a source rather than saying something: `frontiersin.org`,
# `PubMed + 2`, `3`.
_LABEL = re.compile(r"[\w.-]+\.[a-z]{2,}(?:/\S*)?|[^\d]{0,40}\+\s?\d{1,3}|[\d,\s–-]+", re.I)
_DIGITS_ONLY = re.compile(r"\s*\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\s*")


def expand(numbers: str) -> list[str]:
    """`1,2` → 1, 2; `1-3` → 1, 2, 3 (a range of at most 50, else its two ends)."""
    keys: list[str] = []
    for part in re.split(r"\s*[,，;、]\s*", numbers.strip()):
        ends = [p for p in re.split(r"\s*[-–—]\s*", part) if p]
        if any(len(e) > MAX_KEY_DIGITS for e in ends):
            continue  # no reference list is that long: not a reference number
        if len(ends) == 2 and ends[0].isdigit() and ends[1].isdigit():
            low, high = int(ends[0]), int(ends[1])
            span = range(low, high + 1) if 0 <= high - low <= 50 else (low, high)
            keys.extend(str(n) for n in span)
        else:
            keys.extend(e for e in ends if e.isdigit())
    return list(dict.fromkeys(keys))


class CitationScanner:
    """Finds the enabled styles in block text; `keys` are the reference list's numbers."""

    def __init__(self, styles: Collection[str], keys: Collection[str] = ()) -> None:
        self.styles = frozenset(styles)
        self.keys = frozenset(keys)
        glued = "glued" in self.styles or bool(self.keys)
        self._trigger = _TRIGGER_GLUED if glued else _TRIGGER

    def scan(
        self,
        text: str,
        links: Sequence[tuple[int, int, str]] = (),
        sups: Sequence[tuple[int, int]] = (),
        row: bool = False,
    ) -> list[CitationHit]:
        """Every citation in `text`; in a table `row` an NCT id is the row's citation."""
        if not links and not sups and not (row and self.keys) and not self._trigger.search(text):
            return []  # most text cites in no style: one pass decides it
        hits: list[CitationHit] = []
        taken = _merged([(b, e) for b, e, _ in links])
        if links and "link" in self.styles:
            hits += self._links(text, links)
        if "numbered" in self.styles:
            hits += self._numbered(text, sups)
        if "footnote" in self.styles:
            hits += [
                self._ref("footnote", m.group(1), m.start(), m.end(), m.group(0))
                for m in _FOOTNOTE.finditer(text)
            ]
        if "superscript" in self.styles:
            hits += self._superscripts(text)
        if "url" in self.styles:
            hits += self._urls(text, taken)
        if "identifier" in self.styles:
            hits += self._identifiers(text, taken, row)
        if "glued" in self.styles or self.keys:
            hits += self._glued(text, row)
        if links and "link" in self.styles:
            # `[[12]](https://…)`: one citation, its number the label and the link the
            # source — not a reference number as well (a list it would dangle from)
            web = _merged([(b, e) for b, e, href in links if _WEB.match(href)])
            hits = [h for h in hits if h.style == "link" or not _overlaps(h.start, h.end, web)]
        hits.sort(key=lambda h: (h.start, h.end))
        return _without_overlaps(list(dict.fromkeys(hits)))  # `[3]` linked to `#ref-3`: once

    @staticmethod
    def _ref(style: str, key: str, start: int, end: int, written: str) -> CitationHit:
        return CitationHit(style, "ref", key, None, start, end, written)

    def _numbered(self, text: str, sups: Sequence[tuple[int, int]]) -> list[CitationHit]:
        hits = []
        for m in _NUMBERED.finditer(text):
            for key in expand(m.group(1) or m.group(2) or m.group(3)):
                hits.append(self._ref("numbered", key, m.start(), m.end(), f"[{key}]"))
        for begin, end in sups:  # `<sup>3</sup>`, `<sup>1,2</sup>`
            if _DIGITS_ONLY.fullmatch(text[begin:end]):
                for key in expand(text[begin:end]):
                    hits.append(self._ref("superscript", key, begin, end, f"[{key}]"))
        return hits

    def _superscripts(self, text: str) -> list[CitationHit]:
        hits = []
        for m in _SUPERSCRIPT.finditer(text):
            keys = expand(m.group(0).translate(_SUP_TABLE))
            before = text[max(0, m.start() - 4) : m.start()]
            if _POWER_BEFORE.search(before[-3:]) and not (
                # after a long number (`ESMO 2024¹⁹`, `NCT01818323¹⁸`) a superscript the
                # reference list numbers is a citation; after `10` it is a power
                before[-1:].isdigit()
                and not _SHORT_BASE.search(before)
                and self.keys.issuperset(keys)
            ):
                continue
            for key in keys:
                hits.append(self._ref("superscript", key, m.start(), m.end(), f"[{key}]"))
        return hits

    def _links(self, text: str, links: Sequence[tuple[int, int, str]]) -> list[CitationHit]:
        hits = []
        for begin, end, href in links:
            label = text[begin:end].strip("[] ")
            if href.startswith("#") and re.fullmatch(_LIST, label):
                hits += [self._ref("numbered", k, begin, end, f"[{k}]") for k in expand(label)]
            elif _WEB.match(href):
                base, directive = text_fragment(href)
                shown = _shown(base, directive)
                mask = _LABEL.fullmatch(label) is not None or _after_sentence(text, begin)
                hits.append(CitationHit("link", "url", base, directive, begin, end, shown, mask))
        return hits

    def _urls(self, text: str, taken: Sequence[tuple[int, int]]) -> list[CitationHit]:
        hits = []
        for m in URL.finditer(text):
            url = m.group(0).rstrip(URL_TAIL)
            if _overlaps(m.start(), m.start() + len(url), taken):
                continue
            base, directive = text_fragment(url)
            end = m.start() + len(url)
            hits.append(
                CitationHit("url", "url", base, directive, m.start(), end, _shown(base, directive))
            )
        return hits

    def _identifiers(
        self, text: str, taken: Sequence[tuple[int, int]], row: bool
    ) -> list[CitationHit]:
        hits = []
        urls = [(m.start(), m.end()) for m in URL.finditer(text)]
        blocked = _merged([*taken, *urls])
        for kind, pattern in IDENTIFIERS:
            for m in pattern.finditer(text):
                if _overlaps(m.start(), m.end(), blocked):
                    continue
                if (
                    kind == "NCT"
                    and not row
                    and not _CITING_BEFORE.search(text[max(0, m.start() - 8) : m.start()])
                ):
                    continue  # `registered as NCT01234567` states the id: a claim's entity
                ident = m.group(1).rstrip(URL_TAIL)
                while ident.endswith(")") and ident.count("(") < ident.count(")"):
                    ident = ident[:-1].rstrip(URL_TAIL)  # `(doi:10.1/x)`: the bracket closes
                end = m.start(1) + len(ident)  # a closing bracket or stop is not the id's
                hits.append(
                    CitationHit(
                        "identifier",
                        kind,
                        ident,
                        None,
                        m.start(),
                        end,
                        text[m.start() : end],
                        kind != "NCT",  # a record number says nothing; a trial id may
                    )
                )
        return hits

    def _glued(self, text: str, row: bool = False) -> list[CitationHit]:
        hits = []
        matches = list(_GLUED.finditer(text))
        if row and self.keys:  # Gemini's tables: `Low (<100 qubits) 27 | Medium (…) 31`
            matches += [m for m in _CELL_END.finditer(text) if m.group(2) in self.keys]
            matches += [  # `… Potential future SSA user/contributor 3 |`: after a phrase
                m
                for m in _CELL_TAIL.finditer(text)
                if m.group(2) in self.keys and len(m.group(1).split()) >= _PHRASE_WORDS
            ]
        for m in matches:
            keys = expand(m.group(2))
            if "glued" not in self.styles and not all(k in self.keys for k in keys):
                continue
            for key in keys:
                hits.append(self._ref("glued", key, m.start(2), m.end(2), f"[{key}]"))
        return hits


_WEB = re.compile(r"https?://", re.I)


def _after_sentence(text: str, at: int) -> bool:
    """Whether a link stands after a sentence end or opens the text: a source label."""
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?。！？;；)）]"


def _shown(base: str, directive: str | None) -> str:
    """How messages show a link: its address, a long one cut, the quote left out."""
    return base if len(base) <= 90 else base[:89] + "…"


def _overlaps(start: int, end: int, ranges: Sequence[tuple[int, int]]) -> bool:
    """Whether [start, end) meets one of `ranges` (sorted, not overlapping), by bisection."""
    i = bisect.bisect_left(ranges, (end, end)) - 1
    return i >= 0 and ranges[i][1] > start


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for b, e in sorted(ranges):
        if out and b <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((b, e))
    return out


def _without_overlaps(hits: list[CitationHit]) -> list[CitationHit]:
    """Keep the first style found at a place; a later hit inside an earlier one is not
    a second citation (an identifier inside a link, a number inside brackets)."""
    out: list[CitationHit] = []
    reach = -1
    group: tuple[int, int] | None = None
    for hit in hits:
        if hit.start < reach and (hit.start, hit.end) != group:
            continue
        out.append(hit)
        if (hit.start, hit.end) != group:
            group = (hit.start, hit.end)
        reach = max(reach, hit.end)
    return out
