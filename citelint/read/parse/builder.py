"""Turns the raw blocks of either parser into a `Document`.

Both parsers only decide what the blocks are and where each character came from; the
shared claim model lives here: anchors, sentences, anchor attachment (A6), table
coverage (A3), and appendix sections (A5).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from citelint.ground.anchors import AnchorGrammar
from citelint.ground.document import (
    Anchor,
    Block,
    Directive,
    Document,
    Format,
    NearMiss,
    OffsetMap,
    Sentence,
    line_starts,
)
from citelint.ground.tokens import fold
from citelint.read.citations.dated import SOURCE_ID_TYPE
from citelint.read.citations.styles import DEFAULT_STYLES, CitationScanner
from citelint.read.parse.attach import attach
from citelint.read.parse.cases import case_sections
from citelint.read.parse.citing import CitationReader, merge
from citelint.read.parse.lists import (
    closing_citations,
    flattened_lead_ins,
    lead_in_anchors,
)
from citelint.read.parse.method_sections import (
    LEAD_TRAIL_PUNCT,
    NUMBERING,
    own_words,
)
from citelint.read.parse.planned import planned_lists, planned_sections
from citelint.read.parse.raw import ParseOutput, RawBlock, ScopedAnchors
from citelint.read.parse.restated import restated_figures
from citelint.read.parse.scope import cite_whole_file, formula_cuts
from citelint.read.parse.sentences import DEFAULT_ABBREVIATIONS, SentenceSplitter
from citelint.read.parse.shown import overrides
from citelint.read.parse.source_lines import (
    cites_only,
    section_leads,
    section_sources,
    source_lines,
    table_note,
)
from citelint.read.parse.tables import citation_columns, flattened_tables, numbered_tables
from citelint.read.parse.ties import opening_back_references
from citelint.sources.kinds import BUILTIN_TYPES

DEFAULT_APPENDIX_HEADINGS: tuple[str, ...] = (
    "附录",
    "参考文献",
    "来源",
    "数据来源",
    "appendix",
    "references",
    "sources",
    "source",  # `**Source**:` over a subsection's one page, as `**Sources**:` over several
    "bibliography",
)


@dataclass(frozen=True, slots=True)
class ClaimOptions:
    appendix_headings: tuple[str, ...] = DEFAULT_APPENDIX_HEADINGS
    abbreviations: tuple[str, ...] = DEFAULT_ABBREVIATIONS
    anchor_types: tuple[str, ...] = BUILTIN_TYPES
    citation_styles: tuple[str, ...] = DEFAULT_STYLES
    # `--isolated`: only the trusted config decides what is an appendix. No marker in a
    # report (`<!-- citelint-appendix -->`, `data-citelint-appendix`, a bold line) is
    # obeyed, a heading counts only when it is one of `appendix_headings` exactly, and an
    # appendix's sentences that carry numbers, codes or drugs are still checked.
    trusted: bool = False


@dataclass
class _BuildState:
    """What building a document carries from one block to the next."""

    anchors: list[Anchor]
    scanner: CitationScanner  # the report's citation styles, with its reference numbers
    near: list[NearMiss] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    table_lead: dict[int, tuple[Anchor, ...]] = field(default_factory=dict)  # a table's lead-in
    last_colon_anchors: tuple[Anchor, ...] = ()  # anchors of a paragraph ending in ':'
    table_note: tuple[Anchor, ...] = ()  # anchors of a paragraph naming the table below
    list_lead: tuple[Anchor, ...] = ()  # the cited lead-in of the list being built
    columns: Mapping[int, frozenset[int]] = field(default_factory=dict)  # tables' citing ones
    header_cells: dict[int, tuple[str, ...]] = field(default_factory=dict)
    numbered: frozenset[int] = frozenset()  # tables whose first column numbers the rows
    # blocks that are nothing but citations (`[^3] [KPMG outlook](https://…)`): what they cite
    cite_only: dict[int, tuple[Anchor, ...]] = field(default_factory=dict)


class DocumentBuilder:
    def __init__(self, options: ClaimOptions = ClaimOptions()) -> None:
        self._grammar = AnchorGrammar(options.anchor_types)
        self._splitter = SentenceSplitter(options.abbreviations)
        self._appendix = tuple(fold(h) for h in options.appendix_headings)
        self._citing = CitationReader(options.citation_styles, self._grammar, options.trusted)
        self._trusted = options.trusted

    @property
    def trusted(self) -> bool:
        return self._trusted

    @property
    def grammar(self) -> AnchorGrammar:
        return self._grammar

    def build(self, path: str, fmt: Format, text: str, out: ParseOutput) -> Document:
        appendix_flags = self._appendix_flags(out.blocks, out.directives)
        references = self._citing.references(out.blocks)
        scanner = self._citing.scanner(references, out.blocks)
        state = _BuildState(
            anchors=[a for s in out.scoped for a in s.anchors],
            scanner=scanner,
            columns=citation_columns(
                out.blocks, {r.key for r in references.entries}, scanner.narrators
            ),
            numbered=numbered_tables(out.blocks),
        )
        state.near.extend(out.near_misses)
        for i, (raw, appendix) in enumerate(zip(out.blocks, appendix_flags, strict=True)):
            # entries of the reference list are bibliography: cited, never claims
            self._add_block(state, raw, appendix, i in references.blocks, out.scoped)
        markdown = fmt is Format.MARKDOWN
        closing_citations(state.blocks, text if markdown else None)  # …covers its items
        flattened_lead_ins(state.blocks)  # …and a list written as cited paragraphs its lead-in
        source_lines(state.blocks, state.cite_only)  # `数据来源：…` under a table cites its rows
        section_leads(state.blocks)  # `### 3.1` then `**文献**：… [[11]]`: the section's paper
        case_sections(state.blocks)  # `### 案例1：…` closed by `（[来源](…)）`: its source
        sectioned = section_sources(state.blocks, references.entries)  # `Sources:` / `- …`
        opening_back_references(state.blocks)  # `这意味着…` after a cited quotation
        if not self._trusted:  # under --isolated no report's words mute its sentences
            # a method section naming itself, an agent's notes of its search, a model's thinking
            own_words(state.blocks, text)
            planned_lists(state.blocks, text, markdown)  # `Scenarios:` / `1. …`
            planned_sections(state.blocks, text if markdown else "")  # a plan's heading
        flattened_tables(state.blocks)  # an exported table's rows, one cell per paragraph
        formula_cuts(state.blocks)  # a sentence an export cut at its display formula
        restated_figures(state.blocks)  # the abstract's 43,377元, cited in the body
        state.anchors.extend(a for r in references.entries for a in r.anchors)
        if references.digest:
            state.anchors.extend(cite_whole_file(state.blocks, references.entries))
        for diagram in out.mermaid:  # labels and `%% cite:` lines cite like prose
            hits, _ = self._grammar.scan(diagram.source)
            base = diagram.body_start
            state.anchors.extend(
                Anchor(h.type, h.id, h.locator, base + h.start, base + h.end) for h in hits
            )
            state.anchors.extend(diagram.anchors)
        all_anchors = list(dict.fromkeys(state.anchors))
        all_anchors.sort(key=lambda a: (a.start, a.end))
        near = sorted(state.near, key=lambda m: (m.start, m.end))
        return Document(
            path=path,
            format=fmt,
            text=text,
            blocks=tuple(state.blocks),
            anchors=tuple(all_anchors),
            near_misses=tuple(near),
            directives=tuple(sorted(out.directives, key=lambda d: d.start)),
            mermaid=tuple(sorted(out.mermaid, key=lambda m: m.start)),
            line_starts=line_starts(text),
            references=references.entries,
            reference_list=references.found,
            unread=tuple(sorted([*out.unread, *overrides(text)], key=lambda u: u.start)),
            sectioned=sectioned,
        )

    def _add_block(
        self,
        state: _BuildState,
        raw: RawBlock,
        appendix: bool,
        listed: bool,
        scoped: Sequence[ScopedAnchors],
    ) -> None:
        offsets = OffsetMap(raw.offsets)
        read = not listed and (not appendix or self._trusted)
        anchors, masks, breaks = self._citations(state, raw, offsets, read)
        columns: tuple[str, ...] = ()
        if raw.kind == "header-row" and raw.table is not None:
            state.header_cells[raw.table] = tuple(raw.text[s:e].strip() for s, e in raw.cells)
        if raw.kind == "row" and raw.table is not None:
            columns = state.header_cells.get(raw.table, ())
        block = Block(
            kind=raw.kind,
            text=raw.text,
            offsets=offsets,
            level=raw.level,
            appendix=appendix or listed,
            listed=listed,
            table=raw.table,
            cells=raw.cells,
            columns=columns,
            strong_only=raw.strong_only,
        )
        ranges = (
            [(0, len(raw.text))]
            if raw.kind in ("row", "header-row")
            else self._splitter.split(raw.text, [(s, e) for s, e, _ in anchors], breaks)
        )
        if raw.table is not None and raw.table not in state.table_lead:
            state.table_lead[raw.table] = state.last_colon_anchors or state.table_note
        inherited = (
            state.table_lead.get(raw.table, ())
            if raw.kind == "row" and raw.table is not None
            else state.list_lead
            if raw.kind == "li"
            else ()
        )
        sentences = attach(block, raw.text, ranges, anchors, scoped, inherited, masks)
        # Sentences point back at their block, so the frozen block gets its sentences
        # once, here, while it is built; nothing changes it afterwards.
        object.__setattr__(block, "sentences", tuple(sentences))
        if (
            raw.kind == "p"
            and not block.appendix
            and (not sentences or cites_only(raw.text, anchors))
        ):
            lent = tuple(a for _, _, a in anchors if a.lends)
            if lent:
                state.cite_only[len(state.blocks)] = lent
        state.blocks.append(block)
        if raw.kind == "caption" and raw.table is not None:
            state.table_lead[raw.table] += tuple(a for s in sentences for a in s.anchors)
        elif raw.table is None:
            _note_lead_in(state, raw, sentences)

    def _citations(
        self, state: _BuildState, raw: RawBlock, offsets: OffsetMap, read: bool
    ) -> tuple[list[tuple[int, int, Anchor]], Sequence[tuple[int, int]], Sequence[int]]:
        """A block's anchors and, where `read`, its citations in the report's styles:
        (group start, group end, anchor), the ranges that say nothing, the breaks."""
        hits, misses = self._grammar.scan(raw.text)
        anchors = [
            (*h.group, Anchor(h.type, h.id, h.locator, offsets[h.start], offsets.end(h.end)))
            for h in hits
        ]
        masks: Sequence[tuple[int, int]] = ()
        breaks: Sequence[int] = raw.hard_breaks
        if read:
            row = raw.kind == "row" and raw.table is not None
            columns = state.columns.get(raw.table or 0, ()) if row else ()
            cites = self._citing.cite(raw, offsets, state.scanner, columns)
            # a writing tool's own mark (`[cite: 12]`, the `[oaicite:0]` of a copied answer)
            # is no malformed anchor; any other is CL005's: nothing inside it cites
            tool = [(s, e) for s, e, a in cites.anchors if a.type == SOURCE_ID_TYPE]
            misses = [m for m in misses if not any(s <= m.start < e for s, e in tool)]
            anchors = merge(anchors, cites.anchors, misses)
            masks, breaks = cites.masks, sorted({*breaks, *cites.breaks})
            if row and raw.table in state.numbered:  # `| 3 | American Water | …`: its place
                masks = sorted({*masks, raw.cells[0]})
        state.anchors.extend(a for _, _, a in anchors)
        state.near.extend(
            NearMiss(m.raw, m.reason, offsets[m.start], offsets.end(m.end)) for m in misses
        )
        return anchors, masks, breaks

    def is_appendix_heading(self, text: str) -> bool:
        """Whether a heading opens an appendix: one of the configured headings, alone or
        with a short label and a title after a separator (`Appendix A`, `附录一`, `Appendix
        B: Search strategy`), never a heading that merely begins with the word (`Sources of
        benefit`, `References to efficacy`). Trusted mode asks for the whole heading."""
        if self._trusted:
            return LEAD_TRAIL_PUNCT.sub("", fold(text).strip(" *#")) in self._appendix
        candidates = {fold(text)}
        stripped = NUMBERING.sub("", text, count=1)
        candidates.add(fold(stripped))
        for candidate in candidates:
            candidate = LEAD_TRAIL_PUNCT.sub("", candidate)
            for phrase in self._appendix:
                if candidate == phrase:
                    return True
                if candidate.startswith(phrase) and _labelled(candidate, len(phrase)):
                    return True
        return False

    def _appendix_flags(
        self, raws: Sequence[RawBlock], directives: Iterable[Directive]
    ) -> list[bool]:
        marker = min(
            (d.start for d in directives if d.kind == "appendix" and not self._trusted),
            default=None,
        )
        flags: list[bool] = []
        level: int | None = None  # heading level that opened the appendix
        bold_open = False
        for raw in raws:
            if raw.kind == "heading":
                bold_open = False
                if level is not None and raw.level <= level:
                    level = None
                # inside an HTML appendix container the container bounds the appendix
                if level is None and not raw.appendix and self.is_appendix_heading(raw.text):
                    level = raw.level
            elif raw.strong_only and not self._trusted:
                # a bold label opens an appendix to the next heading or the next bold label
                # (`**来源**：` and its pages, then `**（2）首创环保**` and its items)
                bold_open = self.is_appendix_heading(raw.text)
            at_marker = marker is not None and raw.offsets and raw.offsets[0] >= marker
            flags.append(level is not None or bold_open or raw.appendix or bool(at_marker))
        return flags


# After an appendix word: nothing, a short label (`A`, `1`, `一`, `II`), then the end or a
# separator and a title (`Appendix A: Search strategy`, `附录一 数据`, `参考文献 / Sources`).
_APPENDIX_LABEL = re.compile(
    r"\s*(?:(?:[a-z]|[0-9]{1,3}|[ivx]{1,4}|[一二三四五六七八九十]{1,3})(?:$|[\s:：.\-–—(（/|])"
    r"|$|[:：.\-–—(（/|])"
)


def _labelled(candidate: str, end: int) -> bool:
    """Whether an appendix word ending at `end` is followed by a label or a title; a
    Latin word must end there (`Sources of benefit` is no `source` labelled `s`)."""
    pair = candidate[end - 1 : end + 1]
    if len(pair) == 2 and pair.isascii() and pair.isalpha():
        return False
    return _APPENDIX_LABEL.match(candidate, end) is not None


def _note_lead_in(state: _BuildState, raw: RawBlock, sentences: Sequence[Sentence]) -> None:
    """What a block just built lends the list or table under it: a colon lead-in's
    citations (or, pointing back, those of the cited paragraph above it) and a note naming
    the table below."""
    above = state.blocks[-2] if len(state.blocks) > 1 else None
    before = above.sentences[-1] if above and above.kind == "p" and above.sentences else None
    state.last_colon_anchors = lead_in_anchors(sentences, before)
    state.table_note = table_note(sentences)
    if raw.kind != "li":  # a cited lead-in's items are checked against its sources
        state.list_lead = state.last_colon_anchors
