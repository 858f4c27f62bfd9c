"""The citation styles of real reports, found in a block's rendered text.

Each style is grammar, never knowledge: a reference number in brackets, a footnote mark,
a superscript, a link, a bare URL, an identifier written in text. A hit carries the
range it occupies (so a leading run attaches to the sentence before it, as anchors do),
what it cites and how it was written. Reference numbers glued to punctuation
(`carcinoma.17`) read like real numbers, so they are recognised only for the numbers a
reference list holds, or when the config turns the style on with no list.

The styles are declared once, in `REGISTRY` (one `StyleSpec` row each, in the order the
scanner tries them): the config's names, the default set, the one-pass trigger that
lets text citing in no style through unread, and how a style's citations bear on
sentences and paragraphs (`parse/citing.py`) all come from it. Adding a style is one
row, one finder method, one fixture.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from citelint.read.citations import dated as unnamed
from citelint.read.citations.hits import BlockText, CitationHit, Style, expand
from citelint.read.citations.labels import after_sentence, in_brackets, names_source
from citelint.read.citations.narrative import Narrators
from citelint.read.citations.notation import isotope, notation
from citelint.read.citations.positional import (
    AFTER_POWER,
    CELL_END,
    CELL_TAIL,
    GLUED,
    PHRASE_WORDS,
    QUANTITY_OPENERS,
    SPACED,
    SPACED_AFTER_BRACKET,
)
from citelint.read.citations.ranges import merged, overlaps, without_overlaps
from citelint.read.citations.urls import IDENTIFIERS, shown_link, text_fragment

_NUM = r"\d{1,3}"
_LIST = rf"{_NUM}(?:\s*[-–—]\s*{_NUM})?(?:\s*[,，;、]\s*{_NUM}(?:\s*[-–—]\s*{_NUM})?)*"
# `[3]`, `[1, 2]`, `[1–3]`, `【3】`, `(#3)`: a numbered citation (CL001 names one the config
# does not read)
NUMBERED = re.compile(rf"\[({_LIST})\](?!\()|【({_LIST})】|\(#({_LIST})\)")
_FOOTNOTE = re.compile(r"\[\^([^\]\s]{1,40})\]")
_SUP_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUPERSCRIPT = re.compile(rf"[{_SUP_DIGITS}]+(?:[,˒⸴⁻–-][{_SUP_DIGITS}]+)*")
_SHORT_BASE = re.compile(r"(?:^|\D)\d{1,3}$")
_SUB_DIGITS = "₀₁₂₃₄₅₆₇₈₉"
_SUP_TABLE = str.maketrans(_SUP_DIGITS + "˒⸴⁻", "0123456789,,-")
# A superscript after a digit, a power sign or a unit symbol is a power (`10⁹`, `m²`).
# (`RDII用m³/(km·mm)`: the symbol may follow a Chinese character with no space, so no
# `\b` there — a Latin letter before it is what would make it a word)
_POWER_BEFORE = re.compile(r"(?:[\d^×xX/·⁻⁺]|(?<![a-zA-Z])[a-zA-Zµμα-ωΑ-Ω]{1,2})$")  # `χ²`
URL = re.compile(r"https?://[^\s<>\"'\]\[)（）]+", re.I)
URL_TAIL = ".,;:!?。，；："
# What stands before an NCT id that cites rather than states: an opening bracket, a list
# separator inside one, or a label's colon (`(NCT01234567)`, `ClinicalTrials.gov: NCT…`).
_CITING_BEFORE = re.compile(r"[(\[（【,;、:：]\s*$")
_DIGITS_ONLY = re.compile(r"\s*\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\s*")


Finder = Callable[["CitationScanner", BlockText], list[CitationHit]]


@dataclass(frozen=True)
class StyleSpec:
    """One citation style. `lead` and `follows` make its part of the one-pass trigger:
    a citation in this style starts with a `lead` character after which `follows`
    matches (a lookbehind to that character, so every style shares one fast scan);
    a style found only in markup (links, `<sup>`) has none. The trigger may pass text
    with no citation (the finder decides), never stop one."""

    style: str  # a `Style`, or a new style's name
    find: Finder  # the hits of this style in a block
    lead: str = ""
    follows: str = ""
    default: bool = True  # on unless the config's `citation-styles` leaves it out
    with_keys: bool = False  # also looked for (for a reference list's numbers) when off
    ends_sentence: bool = False  # a sentence ends after it (`carcinoma.17 Next`)
    closes_paragraph: bool = False  # at a paragraph's end it cites sentences citing nothing


class CitationScanner:
    """Finds the enabled styles in block text; `keys` are the reference list's numbers."""

    def __init__(
        self,
        styles: Collection[str],
        keys: Collection[str] = (),
        registry: Sequence[StyleSpec] | None = None,
        spaced: bool = False,
        entries: Sequence[tuple[str, str]] = (),
        addresses: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.styles = frozenset(styles)
        self.keys = frozenset(keys)
        self.narrators = Narrators(entries, addresses)  # what a narrative citation may name
        self.spaced = spaced and bool(self.keys)  # Gemini's `issues 10 but`: see SPACED
        table = REGISTRY if registry is None else registry
        self.active = tuple(
            spec for spec in table if spec.style in self.styles or (spec.with_keys and self.keys)
        )
        self._trigger = trigger(self.active)

    def scan(
        self,
        text: str,
        links: Sequence[tuple[int, int, str]] = (),
        sups: Sequence[tuple[int, int]] = (),
        row: bool = False,
    ) -> list[CitationHit]:
        """Every citation in `text`; in a table `row` an NCT id is the row's citation."""
        text = text.translate(NO_BREAK) if "\u00a0" in text or "\u202f" in text else text
        if (
            not links
            and not sups
            and not (row and self.keys)
            and not self._trigger.search(text)
            and not (self.spaced and (SPACED.search(text) or SPACED_AFTER_BRACKET.search(text)))
            and not (self.narrators and self.narrators.reads(text))
        ):
            return []  # most text cites in no style: one pass decides it
        block = BlockText(text, links, sups, row, merged([(b, e) for b, e, _ in links]))
        hits: list[CitationHit] = []
        for spec in self.active:
            hits += spec.find(self, block)
        if links and Style.LINK in self.styles:
            # `[[12]](https://…)`: one citation, its number the label and the link the
            # source — not a reference number as well (a list it would dangle from)
            web = merged([(b, e) for b, e, href in links if _WEB.match(href)])
            hits = [h for h in hits if h.style == Style.LINK or not overlaps(h.start, h.end, web)]
        if self.narrators and Style.NUMBERED in self.styles:
            hits += [  # `According to the AACR, …`, `(AACR, 2024)`: the AACR's entry
                CitationHit(Style.NUMBERED, "ref", key, None, b, e, f"[{key}]", mask=said)
                for key, b, e, said in self.narrators.citations(text, links, hits)
            ]
        hits.sort(key=lambda h: (h.start, h.end))
        # `[3]` linked to `#ref-3`, `<a href="#fn1"><sup>1</sup></a>`: one citation, read
        # by several styles at one place (the first style found keeps it)
        once: dict[tuple[str, str, str | None, int, int], CitationHit] = {}
        for hit in hits:
            once.setdefault((hit.type, hit.id, hit.locator, hit.start, hit.end), hit)
        return without_overlaps(list(once.values()))

    @staticmethod
    def _ref(style: str, key: str, start: int, end: int, written: str) -> CitationHit:
        return CitationHit(style, "ref", key, None, start, end, written)

    def _numbered(self, block: BlockText) -> list[CitationHit]:
        text, sups = block.text, block.sups
        hits = []
        for m in NUMBERED.finditer(text):
            if m.group(1) and notation(text, m.start(), m.end()):
                continue  # `c.97GCC[9]+[10]`, `a [[102, 22, 9]] code`: no citation
            for key in expand(m.group(1) or m.group(2) or m.group(3)):
                hits.append(self._ref(Style.NUMBERED, key, m.start(), m.end(), f"[{key}]"))
        for begin, end in sups:  # `<sup>3</sup>`, `<sup>1,2</sup>`
            if _DIGITS_ONLY.fullmatch(text[begin:end]):
                for key in expand(text[begin:end]):
                    hits.append(self._ref(Style.SUPERSCRIPT, key, begin, end, f"[{key}]"))
        return hits

    def _footnotes(self, block: BlockText) -> list[CitationHit]:
        return [
            self._ref(Style.FOOTNOTE, m.group(1), m.start(), m.end(), m.group(0))
            for m in _FOOTNOTE.finditer(block.text)
        ]

    def _superscripts(self, block: BlockText) -> list[CitationHit]:
        text = block.text
        hits = []
        for m in _SUPERSCRIPT.finditer(text):
            keys = expand(m.group(0).translate(_SUP_TABLE))
            before = text[max(0, m.start() - 4) : m.start()]
            if text[m.end() : m.end() + 1] in ("⁺", "⁻") or before[-1:] in _SUB_DIGITS:
                continue  # a charge or a formula's count (`Ca²⁺`, `SO₄²⁻`), never a citation
            if isotope(text, m.start(), m.end()):
                continue  # `¹³⁷Ba⁺`: a mass number
            if _POWER_BEFORE.search(before[-3:]) and not (
                # after a long number (`ESMO 2024¹⁹`, `NCT01818323¹⁸`) a superscript the
                # reference list numbers is a citation; after `10` it is a power
                before[-1:].isdigit()
                and not _SHORT_BASE.search(before)
                and self.keys.issuperset(keys)
            ):
                continue
            for key in keys:
                hits.append(self._ref(Style.SUPERSCRIPT, key, m.start(), m.end(), f"[{key}]"))
        return hits

    def _links(self, block: BlockText) -> list[CitationHit]:
        text, links = block.text, block.links
        hits: list[CitationHit] = []
        cited_since = -1  # where the last link of a parenthetical citation ended
        for begin, end, href in links:
            label = text[begin:end].strip("[] ")
            if href.startswith("#") and re.fullmatch(_LIST, label):
                hits += [self._ref(Style.NUMBERED, k, begin, end, f"[{k}]") for k in expand(label)]
            elif _WEB.match(href):
                base, directive = text_fragment(href)
                shown = shown_link(base)
                cites = in_brackets(text, begin, end, cited_since)
                cited_since = end if cites else -1
                mask = names_source(label) or after_sentence(text, begin) or cites
                hits.append(
                    CitationHit(Style.LINK, "url", base, directive, begin, end, shown, mask)
                )
        return hits

    def _urls(self, block: BlockText) -> list[CitationHit]:
        text, taken = block.text, block.taken
        hits = []
        for m in URL.finditer(text):
            url = m.group(0).rstrip(URL_TAIL)
            if overlaps(m.start(), m.start() + len(url), taken):
                continue
            base, directive = text_fragment(url)
            end = m.start() + len(url)
            hits.append(
                CitationHit(Style.URL, "url", base, directive, m.start(), end, shown_link(base))
            )
        return hits

    def _identifiers(self, block: BlockText) -> list[CitationHit]:
        text, taken, row = block.text, block.taken, block.row
        hits = []
        urls = [(m.start(), m.end()) for m in URL.finditer(text)]
        blocked = merged([*taken, *urls])
        for kind, pattern in IDENTIFIERS:
            for m in pattern.finditer(text):
                if overlaps(m.start(), m.end(), blocked):
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
                # a closing bracket or stop is not the id's, an arXiv version is (`…v2`)
                end = m.end() if kind == "arXiv" else m.start(1) + len(ident)
                hits.append(
                    CitationHit(
                        Style.IDENTIFIER,
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

    def _glued(self, block: BlockText) -> list[CitationHit]:
        text, row = block.text, block.row
        hits = []
        powers = [m for m in AFTER_POWER.finditer(text) if m.group(2) in self.keys]
        matches = list(GLUED.finditer(text)) + powers
        if self.spaced and not row:
            matches += [
                m
                for m in SPACED.finditer(text)
                if m.group(2) in self.keys
                and m.group(1).lower() not in QUANTITY_OPENERS
                and not m.group(1).endswith(("ing", "ed", "ly"))
            ]
            matches += [m for m in SPACED_AFTER_BRACKET.finditer(text) if m.group(2) in self.keys]
        if row and self.keys:  # Gemini's tables: `Low (<100 qubits) 27 | Medium (…) 31`
            matches += [m for m in CELL_END.finditer(text) if m.group(2) in self.keys]
            matches += [  # `… Potential future SSA user/contributor 3 |`: after a phrase
                m
                for m in CELL_TAIL.finditer(text)
                if m.group(2) in self.keys and len(m.group(1).split()) >= PHRASE_WORDS
            ]
        for m in matches:
            keys = expand(m.group(2))
            if Style.GLUED not in self.styles and not all(k in self.keys for k in keys):
                continue
            for key in keys:
                hits.append(self._ref(Style.GLUED, key, m.start(2), m.end(2), f"[{key}]"))
        return hits


_WEB = re.compile(r"https?://", re.I)
# What a reader sees as a space, where an export wrote a no-break one (`manifolds 18\xa0
# complicates`): the same length, so every offset holds
NO_BREAK = str.maketrans({"\u00a0": " ", "\u202f": " "})

# The styles in the order tried (of two hits on one range, the first style's comes first).
REGISTRY: tuple[StyleSpec, ...] = (
    StyleSpec(Style.LINK, CitationScanner._links, closes_paragraph=True),
    StyleSpec(Style.NUMBERED, CitationScanner._numbered, "[【#", r"(?<=\[)\d|(?<=【)\d|(?<=\(#)\d"),
    StyleSpec(Style.FOOTNOTE, CitationScanner._footnotes, "[", r"(?<=\[)\^"),
    StyleSpec(
        Style.SUPERSCRIPT, CitationScanner._superscripts, _SUP_DIGITS, f"(?<=[{_SUP_DIGITS}])"
    ),
    StyleSpec(Style.URL, CitationScanner._urls, "h", r"(?<=h)ttps?://", closes_paragraph=True),
    StyleSpec(
        Style.IDENTIFIER,
        CitationScanner._identifiers,
        "PNdDvV",  # `arXiv:` by its `v`, rarer than its `a`
        r"(?<=P)MID|(?<=P)MC\d|(?<=[dD])[oO][iI]\s*[:：]|(?<=N)CT\d|"
        r"(?<=[aA][rR][xX][iI][vV])\s*[:：]",
    ),
    StyleSpec(Style.DATED, unnamed.dated, "[", unnamed.DATED_FOLLOWS),  # `[news (2025-06-23)]`
    # `source_id:5666146…`, ChatGPT's `citeturn9view0`
    StyleSpec(Style.SOURCE_ID, unnamed.source_ids, unnamed.TOOL_ID_LEADS, unnamed.TOOL_ID_FOLLOWS),
    # glued to punctuation, looked for the reference list's numbers even when off
    StyleSpec(
        Style.GLUED,
        CitationScanner._glued,
        ".,;:",
        r"(?<=[.,;:])\d",
        default=False,
        with_keys=True,
        ends_sentence=True,
    ),
)
DEFAULT_STYLES: tuple[str, ...] = tuple(
    style for style in Style if any(s.style == style and s.default for s in REGISTRY)
)


def trigger(specs: Sequence[StyleSpec]) -> re.Pattern[str]:
    """One pattern that every citation of `specs` starts with: a class of lead
    characters, which the regex engine scans for quickly, then what must follow one."""
    leads = "".join(dict.fromkeys(c for spec in specs for c in spec.lead))
    follows = "|".join(spec.follows for spec in specs if spec.lead)
    if not leads:
        return re.compile(r"(?!)")  # no style found in plain text: nothing passes
    return re.compile(f"[{re.escape(leads)}](?:{follows})")


def style_names() -> tuple[str, ...]:
    """The names the config's `citation-styles` takes: every style of the registry."""
    return tuple(dict.fromkeys([*Style, *(spec.style for spec in REGISTRY)]))


def spec_of(style: str) -> StyleSpec | None:
    """The registry row of a style (None for an anchor's `anchor`, or `source-list`)."""
    return next((spec for spec in REGISTRY if spec.style == style), None)
