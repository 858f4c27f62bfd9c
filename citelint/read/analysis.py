"""One analysis per report: what it states, what it cites, and what the citations resolve to.

Built once, below the rules, and a record once built: the parsed document, each anchor's
resolution, the body claims with their covering anchors, cited spans and relations (the
relation stage, `_relations`), and the Mermaid diagrams analysed once. Rules read it; the
linter's counts, the claim records and the audit read the same object, so nothing is
computed twice and no rule depends on another's internals.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from citelint.evidence.judged import Judgement
from citelint.evidence.relations import ABSTAINED, Relations
from citelint.evidence.relations import check as check_relations
from citelint.evidence.spans import Cited, Evidence, cited
from citelint.evidence.support import MIN_TERMS, terms
from citelint.ground.document import Anchor, Document, MermaidBlock, Reference, Sentence
from citelint.ground.mermaid import DATA_TYPES, Diagram, Label, analyze
from citelint.ground.tokens import Kind, NumericToken, mask_anchors, numeric_tokens
from citelint.ground.tokens.relation_words import number_value
from citelint.ground.tokens.text import blank
from citelint.read.citations.indexes import indexed_source
from citelint.read.citations.resolve import Record
from citelint.read.claims import AnchorScope, Claim, ClaimReader, ClaimSettings
from citelint.sources.model import FailureKind, Resolution, Span

_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
# a sentence about the report itself ("the pathway below follows …", "this review
# summarises …"): it describes the report, it states nothing a source could say
_SELF_REFERENCE = re.compile(
    r"\b(?:the|this)\s+(?:\w+\s+)?(?:pathway|table|figure|diagram|chart|flowchart|list|"
    r"section|timeline|map)\s+(?:below|above)\b|\b(?:shown|listed|summari[sz]ed|described|"
    r"outlined)\s+(?:below|above)\b|\bthis\s+(?:report|review|brief|article|document|"
    r"analysis|section|chapter)\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class BodyClaim:
    """A body sentence (appendix units are not claims) with what it states and cites."""

    sentence: Sentence
    claim: Claim
    anchors: tuple[Anchor, ...]  # the anchors that cover it (its own, or its block's)
    cited: Cited
    said: str = ""  # a cited sentence's text with its citations blanked: what it states
    # a cited sentence that states something in words, numbers or not (CL111 measures
    # it): not a heading, a table row, a question or a lead-in, nor about the report
    statement: bool = False
    # what its numbers and words are said about in the cited source (CL106–CL109, the
    # verdicts, the window of the audit): checked for a claim whose citations all
    # located, None for any other
    relations: Relations | None = None

    @property
    def counted(self) -> bool:
        """A claim the counts hold: a fact-bearing sentence, cited or not, and a cited
        statement with enough words for CL111 to measure (`verdicts.py`)."""
        if self.claim.fact_bearing:
            return True
        return self.statement and len(terms(self.said).words) >= MIN_TERMS


def _said(sentence: Sentence) -> str:
    return blank(mask_anchors(sentence.text), sentence.masks)


def _statement(sentence: Sentence, said: str, anchors: tuple[Anchor, ...]) -> bool:
    if not anchors or sentence.borrowed or sentence.block.kind in ("heading", "row", "header-row"):
        return False
    said = said.rstrip()
    return not said.endswith(("?", "？", ":", "：")) and not _SELF_REFERENCE.search(said)


def doses_and_drugs(
    claim: Claim,
) -> tuple[list[tuple[int, str, str]], list[tuple[int, str]]]:
    """A claim's doses as (where, as written, value) and drugs as (where, name)."""
    doses = [
        (t.start, t.text, number_value(digits.group(0)))
        for t in claim.numbers
        if t.kind is Kind.DOSE and (digits := _DIGITS.search(t.text))
    ]
    return doses, [(d.start, d.name.lower()) for d in claim.drugs]


@dataclass(frozen=True, slots=True)
class AnalyzedDiagram:
    """A Mermaid block, read once, with the anchors that cover all of its labels (RULES §3)."""

    block: MermaidBlock
    diagram: Diagram
    covering: tuple[Anchor, ...]
    numbers: tuple[tuple[Label, tuple[NumericToken, ...]], ...]  # labels that state numbers


def _stated_numbers(diagram: Diagram) -> tuple[tuple[Label, tuple[NumericToken, ...]], ...]:
    """Labels with the numbers they state; in data diagrams every value is a number (O7)."""
    # a title, a section or an axis names what the diagram shows, as a heading does
    items = [
        (label, numeric_tokens(mask_anchors(label.text)))
        for label in diagram.labels
        if not label.heading
    ]
    if diagram.kind in DATA_TYPES:
        items += [
            (
                value,
                [
                    NumericToken(value.text, t.value, Kind.BARE, start=0, end=len(value.text))
                    for t in numeric_tokens(value.text, source=True)
                ],
            )
            for value in diagram.data
        ]
    out = []
    for label, tokens in items:
        numbers = tuple(t for t in tokens if t.kind is not Kind.DATE)
        if numbers:
            out.append((label, numbers))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ChannelUse:
    """What CL301 needs: saved files per channel and the channels that must be used."""

    saved: Mapping[str, int]  # saved files per channel under the report's sources root
    channel_of: Mapping[str, str]  # anchor type -> channel
    required: tuple[str, ...]
    applies: bool  # False when one sources root is shared and no channel was asked for
    given: bool = False  # the root came from --sources or `sources =`, not from discovery


@dataclass(frozen=True)
class Analysis:
    doc: Document
    resolutions: Mapping[Anchor, Resolution]
    claims: tuple[BodyClaim, ...]
    diagrams: tuple[AnalyzedDiagram, ...]
    settings: ClaimSettings
    reader: ClaimReader
    evidence: Evidence
    channels: ChannelUse
    sources_root: str | None
    failure_codes: Mapping[FailureKind, str]  # which rule reports each kind of failure
    rule_codes: frozenset[str]  # every registered rule's code (a directive may name them)
    suppressed: Callable[[str, int], bool]  # whether a code is suppressed at an offset
    display: Callable[[str], str]  # a source path as the user should read it
    anchor_starts: tuple[int, ...]  # start of each of `doc.anchors`, for range look-ups
    # citations in the report's own style: each unsaved source with the citations that
    # depend on it (CL011), and the record each reference entry resolved to (CL104, CL105)
    unsaved: Mapping[str, tuple[Anchor, ...]] = field(default_factory=dict)
    records: Mapping[str, Record] = field(default_factory=dict)
    cited_kinds: Mapping[Anchor, str] = field(default_factory=dict)  # type a citation reached
    # citations outside reference lists (anchors, identifiers, links) whose saved record
    # says it is retracted, with the record's own words (CL105)
    retracted: Mapping[Anchor, str] = field(default_factory=dict)
    concerned: Mapping[Anchor, str] = field(default_factory=dict)  # under concern (CL110)
    # each saved file `citelint fetch` wrote → "fetched from <URL> on <date>"
    fetched: Mapping[str, str] = field(default_factory=dict)
    # each cited saved file whose bytes are not those its record holds → (how it was
    # saved, "fetched" or "saved by hand", and when): edited since (CL013)
    edited: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # the cited saved files no record vouches for (no digest in `fetched.json`)
    unrecorded: tuple[str, ...] = ()
    # the judge's saved verdicts that count today, by claim sentence start (judged.py),
    # and the saved lines for these claims that were invalid (a quote not in the evidence)
    judged: Mapping[int, Judgement] = field(default_factory=dict)
    judged_invalid: int = 0
    # STORM's `url_to_info.json` beside the report when its sources root is elsewhere (as
    # outputs show it): what CL008's "no reference list" points to
    run_index_beside: str = ""

    def relations_checked(self) -> tuple[int, int]:
        """(checked, abstained) of the claims whose relations were checked."""
        checked = [c.relations for c in self.claims if c.relations is not None]
        found = sum(1 for r in checked if r.evidence is not None)
        return found, len(checked) - found

    @staticmethod
    def relations(item: BodyClaim) -> Relations:
        """A claim's relations, or the abstention of one whose citations failed."""
        return item.relations if item.relations is not None else ABSTAINED

    def source_of(self, anchor: Anchor) -> str | None:
        """Which saved source a citation reached, as one key per source: its file, and
        inside an index file of many sources (STORM's `url_to_info.json`) its entry —
        so a rule can count distinct sources. None when it reached none."""
        found = self.resolutions.get(anchor)
        if not isinstance(found, Span) or not found.path:
            return None
        entry = indexed_source(found.pointer)
        return found.path if entry is None else f"{found.path}#{entry}"

    def cite(self, anchors: Sequence[Anchor]) -> Cited:
        return cited(anchors, self.resolutions, self.settings.locator_optional_types)

    def label_anchors(self, item: AnalyzedDiagram, label: Label) -> tuple[Anchor, ...]:
        """Anchors inside a label, then those covering the whole diagram."""
        start = item.block.body_start + label.start
        inside = _within(self.doc, self.anchor_starts, start, start + len(label.text) + 1)
        return inside + item.covering

    def entry_records(self) -> Iterator[tuple[Reference, Record]]:
        """Each reference list entry with the saved record it resolved to (CL104, CL105)."""
        for entry in self.doc.references:
            record = self.records.get(entry.place)
            if record is not None and isinstance(record.resolution, Span):
                yield entry, record

    def without_locator(self) -> tuple[str, ...]:
        """Anchors of claims that name a whole source (citations name whole records)."""
        optional = set(self.settings.locator_optional_types)
        return tuple(
            dict.fromkeys(
                a.text
                for c in self.claims
                for a in c.anchors
                if a.locator is None and a.type not in optional and not a.is_citation
            )
        )

    def failure_reported(self, kind: FailureKind, offset: int) -> bool:
        """Whether a failed anchor at `offset` gets its own finding (one not suppressed).

        The selection does not count: a failure finding exists whether or not it is shown,
        and the claims it leaves unchecked are counted as unverified either way.
        """
        code = self.failure_codes.get(kind)
        return code is not None and not self.suppressed(code, offset)


def body_claims(
    doc: Document,
    reader: ClaimReader,
    resolutions: Mapping[Anchor, Resolution],
    settings: ClaimSettings,
) -> tuple[BodyClaim, ...]:
    """Every body sentence with its covering anchors and what they cite."""
    out: list[BodyClaim] = []
    block_scope = settings.anchor_scope is AnchorScope.BLOCK
    optional = settings.locator_optional_types
    for block in doc.blocks:
        # trusted mode reads an appendix's facts too: only the list's entries are exempt
        skipped = block.listed if settings.trusted else block.appendix
        if skipped or block.kind == "header-row":
            continue
        block_anchors = tuple(a for s in block.sentences for a in s.anchors)
        for sentence in block.sentences:
            claim = reader.read(sentence)
            if block.appendix and not claim.fact_bearing:
                continue
            anchors = block_anchors if block_scope else sentence.anchors
            # only cited sentences are compared; the works they name are not compared
            said = blank(_said(sentence), claim.names) if anchors else ""
            found = cited(anchors, resolutions, optional)
            # a plan is the author's, not its source's: no statement to measure (CL111)
            statement = not claim.prospective and _statement(sentence, said, anchors)
            relations = _relations(claim, said, found)
            out.append(BodyClaim(sentence, claim, anchors, found, said, statement, relations))
    return tuple(out)


def _relations(claim: Claim, said: str, found: Cited) -> Relations | None:
    """The relation stage: the sentence against the source sentences that support it
    (CL106–CL109), or an abstention (no number, no saved span, no run of sentences
    holding them all). A cited sentence whose numbers are bare is checked too: its
    numbers are the source's, and what they are said of can still be wrong. None for a
    claim whose citations did not all locate."""
    if not found.located or found.failed:
        return None
    spans = [span for _, span in found.located if span.path]
    if not spans:
        return ABSTAINED
    doses, drugs = doses_and_drugs(claim)
    return check_relations(said, spans, doses, drugs)


def anchor_starts(doc: Document) -> tuple[int, ...]:
    return tuple(a.start for a in doc.anchors)


def diagrams(doc: Document, starts: tuple[int, ...]) -> tuple[AnalyzedDiagram, ...]:
    """Each Mermaid block analysed once, with its covering anchors."""
    if not doc.mermaid:
        return ()
    out = []
    sentence_ends = [s.end for b in doc.blocks for s in b.sentences]
    sentences = [s for b in doc.blocks for s in b.sentences]
    for block in doc.mermaid:
        diagram = analyze(block.source)
        found: list[Anchor] = list(block.anchors)
        for text, at in diagram.cites:
            start = block.body_start + at
            found.extend(_within(doc, starts, start, start + len(text) + 1))
        # the caption or sentence right before the diagram
        before = _last_ending_by(sentences, sentence_ends, block.start)
        if before is not None:
            found.extend(before.anchors)
        covering = tuple(dict.fromkeys(found))
        out.append(AnalyzedDiagram(block, diagram, covering, _stated_numbers(diagram)))
    return tuple(out)


def _last_ending_by(
    sentences: Sequence[Sentence], ends: Sequence[int], offset: int
) -> Sentence | None:
    """The last sentence, in document order, that ends at or before `offset` (`ends` is
    ascending: sentences come in document order), found by bisection."""
    i = bisect.bisect_right(ends, offset)
    return sentences[i - 1] if i else None


def _within(doc: Document, starts: Sequence[int], start: int, end: int) -> tuple[Anchor, ...]:
    """Anchors lying inside [start, end]; `doc.anchors` are sorted by start."""
    i = bisect.bisect_left(starts, start)
    out = []
    while i < len(starts) and starts[i] <= end:
        anchor = doc.anchors[i]
        if anchor.end <= end:
            out.append(anchor)
        i += 1
    return tuple(out)


def _any_within(sorted_offsets: Sequence[int], start: int, end: int) -> bool:
    """Whether any offset lies in [start, end]."""
    i = bisect.bisect_left(sorted_offsets, start)
    return i < len(sorted_offsets) and sorted_offsets[i] <= end
