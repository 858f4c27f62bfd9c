"""What a report states: each sentence read once into numbers, dates, codes, drugs, markers.

The claim model's settings live at the top level of the config (`[tool.citelint]`): the
drug naming grammar, the abbreviations that do not end sentences, the appendix headings,
the anchor scope and the types whose anchors need no locator. Every rule reads claims
through the same settings, so configuring or deselecting one rule never changes another's
verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from citelint.citations.styles import DEFAULT_STYLES
from citelint.document import Sentence
from citelint.parse.builder import DEFAULT_APPENDIX_HEADINGS, ClaimOptions
from citelint.parse.sentences import DEFAULT_ABBREVIATIONS
from citelint.sources.kinds import BUILTIN_TYPES, LOCATOR_OPTIONAL
from citelint.tokens import (
    DrugGrammar,
    DrugMention,
    EntityToken,
    Kind,
    NumericToken,
    blank,
    cell_tokens,
    entity_tokens,
    markers,
    mask_anchors,
    numeric_tokens,
)
from citelint.tokens.structure import rubric_row


class AnchorScope(StrEnum):
    SENTENCE = "sentence"  # each fact-bearing sentence needs its own anchor
    BLOCK = "block"  # an anchor anywhere in the paragraph covers its sentences


@dataclass(frozen=True)
class ClaimSettings:
    drugs: DrugGrammar = field(default_factory=DrugGrammar)
    abbreviations: tuple[str, ...] = DEFAULT_ABBREVIATIONS
    appendix_headings: tuple[str, ...] = DEFAULT_APPENDIX_HEADINGS
    anchor_scope: AnchorScope = AnchorScope.SENTENCE
    locator_optional_types: tuple[str, ...] = LOCATOR_OPTIONAL
    custom_types: tuple[str, ...] = ()  # anchor types declared in config
    citation_styles: tuple[str, ...] = DEFAULT_STYLES  # how reports may cite besides anchors
    numbered_locators: str = "optional"  # "required": CL004 asks numbered citations too

    def parse_options(self) -> ClaimOptions:
        return ClaimOptions(
            self.appendix_headings,
            self.abbreviations,
            (*BUILTIN_TYPES, *self.custom_types),
            self.citation_styles,
        )


@dataclass(frozen=True, slots=True)
class Claim:
    numbers: tuple[NumericToken, ...]  # dates excluded
    dates: tuple[NumericToken, ...]
    entities: tuple[EntityToken, ...]
    drugs: tuple[DrugMention, ...]
    markers: tuple[str, ...]

    @property
    def fact_bearing(self) -> bool:
        """Numbers, drugs and markers make a fact; entities and dates alone do not (X8)."""
        return bool(self.numbers or self.drugs or self.markers)

    @property
    def checkable(self) -> bool:
        """Holds something a locator must pin down (CL004)."""
        return bool(self.numbers or self.entities or self.drugs)


NO_CLAIM = Claim((), (), (), (), ())
CACHED_CLAIMS = 4096  # distinct sentences whose claim is kept


class ClaimReader:
    """Reads sentences into claims with one drug grammar."""

    def __init__(self, drugs: DrugGrammar) -> None:
        self.drugs = drugs
        self._claims: dict[tuple[str, bool], Claim] = {}  # by text: sentences repeat

    def read(self, sentence: Sentence) -> Claim:
        block = sentence.block
        if block.kind == "header-row" or _PROMPT.match(block.text):
            return NO_CLAIM
        text = blank(mask_anchors(sentence.text), sentence.masks)  # citations say nothing
        if block.kind == "row":
            cells = _shift(block.cells, sentence.begin)
            if rubric_row(text, cells):
                return NO_CLAIM
            found = cell_tokens(text, cells, block.columns)
            return self._claim(text, found, heading=False)
        key = (text, block.kind == "heading")
        claim = self._claims.get(key)
        if claim is None:
            claim = self._claim(text, numeric_tokens(text), heading=key[1])
            if len(self._claims) >= CACHED_CLAIMS:  # bounded: the oldest goes
                del self._claims[next(iter(self._claims))]
            self._claims[key] = claim
        return claim

    def _claim(self, text: str, found: Sequence[NumericToken], *, heading: bool) -> Claim:
        numbers = tuple(t for t in found if t.kind is not Kind.DATE)
        dates = tuple(t for t in found if t.kind is Kind.DATE)
        if heading:  # a heading names a section (`2.2 Acute phase (6 h–7 d)`): no claim
            return Claim((), dates, (), (), ())
        return Claim(
            numbers,
            dates,
            tuple(entity_tokens(text)),
            tuple(self.drugs.mentions(text)),
            tuple(m for m, _ in markers(text)),
        )


# A block that restates what the system was asked (`QUESTION:`, `RESEARCH TASKS (5
# total):`, as Onyx logs open) says what to find out, not what was found.
_PROMPT = re.compile(
    r"\s*(?:(?:USER |RESEARCH )?(?:QUESTION|QUERY|PROMPT|TASKS?)|研究问题|问题|任务)"
    r"\s*(?:\([^)]{0,30}\))?\s*[:：]"
)


def _shift(cells: tuple[tuple[int, int], ...], by: int) -> tuple[tuple[int, int], ...]:
    return tuple((a - by, b - by) for a, b in cells)
