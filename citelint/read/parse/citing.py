"""How a report cites, read off its raw blocks: the reference list, and each block's
citations as anchors with report offsets.

Citations share the anchor record (`Anchor.style` says how the report wrote them), so
attachment to sentences, suppression, positions and every output treat them alike. The
reference list is read first: its numbers decide which glued numbers are citations.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from citelint.ground.anchors import AnchorGrammar, NearMissHit
from citelint.ground.document import Anchor, OffsetMap, Reference
from citelint.ground.tokens import Kind, numeric_tokens
from citelint.read.citations.hits import CitationHit, Style
from citelint.read.citations.notation import bracketless, formulas
from citelint.read.citations.ranges import without_overlaps
from citelint.read.citations.references import (
    LIST_LEAD,
    entry_key,
    ibid,
    keyed_by_number,
    list_blocks,
    names_digest,
    read_entry,
    same_source,
)
from citelint.read.citations.styles import CitationScanner, spec_of
from citelint.read.parse.raw import RawBlock
from citelint.read.parse.tables import cell_numbers


@dataclass(frozen=True, slots=True)
class BlockCitations:
    """A block's citations: (group start, group end, anchor) in block text, the ranges
    that say nothing (left out of claims), and where glued numbers end a sentence."""

    anchors: tuple[tuple[int, int, Anchor], ...] = ()
    masks: tuple[tuple[int, int], ...] = ()
    breaks: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ReferenceList:
    entries: tuple[Reference, ...]
    blocks: frozenset[int]  # indices of the raw blocks that hold entries
    found: bool  # a list heading or a footnote definition exists
    digest: bool = False  # the list is named as a note's sources (`## Sources`)


class CitationReader:
    def __init__(
        self, styles: Sequence[str], grammar: AnchorGrammar, trusted: bool = False
    ) -> None:
        self.styles = tuple(styles)
        self.grammar = grammar
        # trusted mode: a list is known by its entries, never by its heading alone, so an
        # item under `## References` that names no source is a claim, not an entry
        self.trusted = trusted

    def references(self, raws: Sequence[RawBlock]) -> ReferenceList:
        listed = list_blocks([(r.kind, r.level, r.text, r.strong_only) for r in raws])
        under = {i for i, _ in listed}
        notes = {i for i, loose in listed if loose}
        footnotes = {i for i, r in enumerate(raws) if r.label is not None}
        entries: list[Reference] = []
        blocks: set[int] = set()
        urls_only: set[int] = set()
        if not under:  # OpenAI's `[1] https://…` lines closing the report, with no heading
            under, urls_only = trailing_list(raws)
        for i in sorted(under | footnotes):
            raw = raws[i]
            if raw.kind not in ("li", "p", "anon") or not raw.text.strip():
                continue
            if i in urls_only:
                blocks.add(i)  # the entry's URL again on a line of its own: no entry
                continue
            for begin, end in entry_pieces(raw):
                for key, entry in self._keyed(raw, begin, end, i in notes, len(entries) + 1):
                    if entries and ibid(entry.text):  # `[^6] 同上。`: the source before it
                        entry = same_source(entries[-1], entry)
                    entries.append(dataclasses.replace(entry, key=key) if key else entry)
                    blocks.add(i)
        digest = any(names_digest(r.text) for r in raws if r.kind == "heading" or len(r.text) <= 40)
        return ReferenceList(
            tuple(entries), frozenset(blocks), bool(under or footnotes), digest and bool(entries)
        )

    def _keyed(
        self, raw: RawBlock, begin: int, end: int, in_notes: bool, position: int
    ) -> list[tuple[str, Reference]]:
        """The entry of raw.text[begin:end] under each key it is listed by: `[2] [33] [57]
        https://…` gives one source three numbers (the key "" keeps the entry's own)."""
        entry = self._entry(raw, begin, end, in_notes, position)
        if entry is None:
            return []
        group = _KEY_GROUP.match(raw.text, begin)
        keys = _KEY_NUMBER.findall(group.group(0)) if group else []
        return [(k, entry) for k in keys] if len(keys) > 1 else [("", entry)]

    def _entry(
        self, raw: RawBlock, begin: int, end: int, in_notes: bool, position: int
    ) -> Reference | None:
        """The entry written in raw.text[begin:end], or None for a remark (a claim)."""
        text = raw.text[begin:end]
        links = [href for b, e, href in raw.links if begin <= b and e <= end]
        read = read_entry(text, links)
        keyed = raw.number is not None or raw.label is not None or raw.kind == "li"
        hits, _ = self.grammar.scan(text)
        remark = in_notes and raw.label is None
        # under `Notes`, a sentence that states a quantity and ends in a link is a claim
        # citing its page (`1. Mortality fell by 75%. https://…`), as it is in the body
        stated = remark and not (read.ids or read.title or hits) and _states(text, read.urls)
        said = (read.ids or read.urls or read.title or hits or ibid(text)) and not stated
        unkeyed = not keyed and entry_key(text, None, None, 0) == "0"
        if self.trusted and (not said or unkeyed):
            return None  # trusted: an entry is numbered and names its source
        if not said and (remark or unkeyed):
            return None  # a remark under the list, not an entry: it stays a claim
        offsets = OffsetMap(raw.offsets)
        lead = len(text) - len(text.lstrip())
        return Reference(
            key=entry_key(text, raw.number, raw.label, position),
            text=text.strip(),
            start=offsets[begin + lead],
            end=offsets.end(begin + len(text.rstrip())),
            anchors=tuple(
                Anchor(
                    h.type, h.id, h.locator, offsets[begin + h.start], offsets.end(begin + h.end)
                )
                for h in hits
            ),
            ids=read.ids,
            urls=read.urls,
            title=read.title,
            year=read.year,
            author=read.author,
            journal=read.journal,
            numbered=keyed_by_number(text, raw.number, raw.label),
        )

    def scanner(self, references: ReferenceList, raws: Sequence[RawBlock]) -> CitationScanner:
        """The report's scanner: glued numbers are citations when the list holds them, or,
        in a report with no list at all, when its sentences keep closing on them
        (`…chemotherapy.1 These drugs…`, an export that lost its list): they cite, and
        the missing list is the finding (CL008), not every sentence (CL001). Such a
        report's spaced numbers that its list holds (`heating issues 10 but …`) cite too."""
        styles = self.styles
        habit = glued_closers(raws)
        if not references.found and Style.GLUED not in styles and habit:
            styles = (*styles, Style.GLUED)
        keys = [r.key for r in references.entries]
        spaced = habit and (Style.GLUED in styles or bool(keys))
        entries = [(r.key, r.text) for r in references.entries]
        addresses = {r.key: r.urls for r in references.entries}
        return CitationScanner(styles, keys, spaced=spaced, entries=entries, addresses=addresses)

    @staticmethod
    def cite(
        raw: RawBlock, offsets: OffsetMap, scanner: CitationScanner, columns: Collection[int] = ()
    ) -> BlockCitations:
        """A block's citations; in a row, the numbers of its table's citation columns too."""
        text = bracketless(raw.text, raw.math)  # `\\([1,3]\\)`: an interval, no citation
        hits = scanner.scan(text, raw.links, raw.sups, row=raw.kind == "row")
        if columns:
            hits = without_overlaps(
                sorted(
                    hits
                    + [
                        CitationHit(Style.NUMBERED, "ref", key, None, b, e, f"[{key}]")
                        for key, b, e in cell_numbers(raw, columns, scanner.narrators)
                    ],
                    key=lambda h: (h.start, h.end),
                )
            )
        if not hits:  # most blocks cite in no style
            return BlockCitations(masks=tuple(formulas(raw.text, raw.math)))
        anchors: list[tuple[int, int, Anchor]] = []
        masks = formulas(raw.text, raw.math)
        breaks: list[int] = []
        for hit in hits:
            anchor = Anchor(
                hit.type,
                hit.id,
                hit.locator,
                offsets[hit.start],
                offsets.end(hit.end),
                style=hit.style,
                written=hit.written,
            )
            anchors.append((hit.start, hit.end, anchor))
            if hit.mask:
                masks.append((hit.start, hit.end))
            spec = spec_of(hit.style)
            if spec is not None and spec.ends_sentence:
                breaks.append(hit.end)
        return BlockCitations(tuple(anchors), tuple(sorted(masks)), tuple(breaks))


# a number glued to a sentence's stop, and the next sentence (or the block's end) after it
_GLUED_CLOSER = re.compile(r"(?<=[a-z\)%])\.\d{1,3}(?:,\d{1,3})*(?=$|\s+[A-Z\"“])")
GLUED_EVIDENT = 3  # sentences a report closes on glued numbers before they are citations


def _states(text: str, urls: Sequence[str]) -> bool:
    """Whether the words of a note (its links left out) state a quantity: a number that
    is no date (`Accessed 12 March 2024` and `WHO, 2023` state none)."""
    for url in urls:
        text = text.replace(url, " ")
    return any(t.kind is not Kind.DATE for t in numeric_tokens(text))


def glued_closers(raws: Sequence[RawBlock]) -> bool:
    """Whether at least GLUED_EVIDENT prose sentences close on a glued number."""
    seen = 0
    for raw in raws:
        if raw.kind in ("p", "li", "anon"):
            seen += len(_GLUED_CLOSER.findall(raw.text))
            if seen >= GLUED_EVIDENT:
                return True
    return False


# a key's start after a space, not inside a key group (`[1] [2]`): the bracket before the
# space must not close a key itself — an entry's title may end in one (`… Fashion [2025
# Insights]`, `… [2025]`) and the next line's `[6] …` is still an entry of its own
_NEXT_KEY = re.compile(
    r"(?<!\[\d\])(?<!\[\d\d\])(?<!\[\d\d\d\])(?<!【\d】)(?<!【\d\d】)(?<!【\d\d\d】)"
    r"\s(?=(?:\[\d{1,3}\]|【\d{1,3}】)\s)"
)


def entry_pieces(raw: RawBlock) -> list[tuple[int, int]]:
    """Where the entries of one block under a reference list lie. A block is one entry,
    unless its lines are entries of their own: lines joined by Markdown hard breaks (two
    trailing spaces, a backslash) or by soft ones, each starting with its key (`[3] …`).
    A line without a key goes on the entry above it (`[1] H. Hu, … 2006.  ⏎https://…`:
    the entry's URL after a hard break)."""
    text = raw.text
    named = LIST_LEAD.match(text)  # `参考文献： [1] …`: the entries start after the name
    begin = named.end() if named else 0
    if raw.label is not None or raw.number is not None or not _KEY_LEAD_AT_START.match(text, begin):
        return [(0, len(text))]
    keyed_breaks = (k for k in raw.hard_breaks if _KEY_LEAD_AT_START.match(text, k))
    cuts = sorted({*keyed_breaks, *(m.end() for m in _NEXT_KEY.finditer(text, begin))})
    pieces = []
    for cut in cuts:
        if begin < cut < len(text) and text[begin:cut].strip():
            pieces.append((begin, cut))
            begin = cut
    pieces.append((begin, len(text)))
    return [p for p in pieces if text[p[0] : p[1]].strip()]


_KEY_GROUP = re.compile(r"\s*(?:\[\d{1,3}\][ \t]*){2,}")
_KEY_NUMBER = re.compile(r"\[(\d{1,3})\]")
_URL_LINE = re.compile(r"\s*https?://\S+\s*")
MIN_TRAILING = 2  # `[n]` blocks that make an unheaded list at the end of a report (or one
# that names a source)


def trailing_list(raws: Sequence[RawBlock]) -> tuple[set[int], set[int]]:
    """The blocks of an unheaded reference list closing the report: each starts with its
    key (`[3] https://…`), or repeats an entry's URL alone. (All of them, and those of
    the URL lines.)"""
    keyed: set[int] = set()
    urls: set[int] = set()
    for i in range(len(raws) - 1, -1, -1):
        raw = raws[i]
        if raw.kind not in ("p", "anon", "li") or not raw.text.strip():
            continue
        if _KEY_LEAD_AT_START.match(raw.text) or _source_item(raw):
            keyed.add(i)
        elif _URL_LINE.fullmatch(raw.text):
            urls.add(i)
        else:
            break
    if len(keyed) < MIN_TRAILING and not (
        len(keyed) == 1 and _NAMED_SOURCE.match(raws[next(iter(keyed))].text)
    ):
        return set(), set()
    return keyed | urls, urls


# a lone closing `[1] …` line is an entry when it names a source: a URL or an identifier
# (STORM's `[1] NCT04597863 …`)
_NAMED_SOURCE = re.compile(
    r"\s*(?:\[\d{1,3}\]|【\d{1,3}】)\s+(?:https?://|NCT\d{8}|PMID:?\s*\d|PMC\d|doi:|10\.\d{4,9}/)",
    re.I,
)


def _source_item(raw: RawBlock) -> bool:
    """A numbered item that is a source, not a sentence about one: it opens with a URL or
    an identifier, a URL is most of it (`1. https://…`), or it is a title with no figure
    closed by its URL (`2. Example Corp annual report, https://…`)."""
    if raw.kind != "li" or raw.number is None:
        return False
    text = raw.text.strip()
    if _SOURCE_AT_START.match(text):
        return True
    urls = list(_URL_IN.finditer(text))
    if not urls:
        return False
    if sum(len(m.group(0)) for m in urls) * 2 >= len(text):
        return True
    # a title and its URL (`Example Corp annual report, https://…`): no figure of its own
    words = _URL_IN.sub(" ", text)
    return urls[-1].end() == len(text) and not any(c.isdigit() for c in words)


_SOURCE_AT_START = re.compile(r"(?:https?://|NCT\d{8}|PMID:?\s*\d|PMC\d|doi:|10\.\d{4,9}/)", re.I)
_URL_IN = re.compile(r"https?://\S+")
_KEY_LEAD_AT_START = re.compile(r"\s*(?:\[\d{1,3}\]|【\d{1,3}】)\s")


def merge(
    anchors: list[tuple[int, int, Anchor]],
    citations: Sequence[tuple[int, int, Anchor]],
    misses: Sequence[NearMissHit],
) -> list[tuple[int, int, Anchor]]:
    """Anchors and citations in order of position; a citation that meets an anchor or a
    malformed one (the NCT id of `[nct:NCT01234567]`) is part of it."""
    if not citations:
        return anchors
    taken = sorted([(s, e) for s, e, _ in anchors] + [(m.start, m.end) for m in misses])
    ends = list(itertools.accumulate((e for _, e in taken), max))  # reach of each prefix
    kept = [c for c in citations if not meets(c[0], c[1], taken, ends)]
    return sorted([*anchors, *kept], key=lambda found: (found[0], found[1]))


def meets(start: int, end: int, taken: list[tuple[int, int]], ends: list[int]) -> bool:
    """Whether [start, end) overlaps a range of `taken`, by bisection on the starts."""
    i = bisect.bisect_left(taken, (end, end)) - 1
    return i >= 0 and ends[i] > start
