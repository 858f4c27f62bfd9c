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

from citelint.ground.anchors import ANCHOR_SHAPE
from citelint.ground.document import Sentence
from citelint.ground.mermaid.model import EDGE_TYPES, ITEM_TYPES
from citelint.ground.tokens import (
    DrugGrammar,
    DrugMention,
    EntityToken,
    Kind,
    NumericToken,
    blank,
    cell_tokens,
    entity_tokens,
    judging_table,
    markers,
    mask_anchors,
    numeric_tokens,
)
from citelint.ground.tokens.structure import rubric_row
from citelint.read.citations.styles import DEFAULT_STYLES
from citelint.read.parse.builder import DEFAULT_APPENDIX_HEADINGS, ClaimOptions
from citelint.read.parse.sentences import DEFAULT_ABBREVIATIONS
from citelint.sources.kinds import BUILTIN_TYPES, LOCATOR_OPTIONAL


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
    trusted: bool = False  # --isolated: no marker in a report decides what is checked

    def parse_options(self) -> ClaimOptions:
        return ClaimOptions(
            self.appendix_headings,
            self.abbreviations,
            (*BUILTIN_TYPES, *self.custom_types),
            self.citation_styles,
            self.trusted,
        )


@dataclass(frozen=True, slots=True)
class Claim:
    numbers: tuple[NumericToken, ...]  # dates excluded
    dates: tuple[NumericToken, ...]
    entities: tuple[EntityToken, ...]
    drugs: tuple[DrugMention, ...]
    markers: tuple[str, ...]
    # publication years: next to a citation or in author–year form (`Smith et al. (2015)`,
    # `(Smith, 2015)`): they say when the cited work appeared, checked against its entry
    # and record (CL104), never against the cited span's text
    years: tuple[NumericToken, ...] = ()
    # where the sentence names a work rather than states a value: the year that dates a
    # work or event (`the 2019 report`), identifiers (`arXiv 2408.12345`, `22(3):345-356`):
    # blanked from what the sentence is compared as (`said`). Publication years stay: a
    # source quoting the same author–year citation holds them as written.
    names: tuple[tuple[int, int], ...] = ()
    # a conditional or a speculation ("If these trials succeed, first-line therapy might
    # involve nivolumab"): it states a possibility, and its drug names and markers ask no
    # citation
    speculative: bool = False
    # the author's own plan: a recommendation (`should prioritise …`), a target, milestone
    # or success criterion (`Success criterion: >200 qubits by 2027`), an outlook (`the most
    # plausible goal is …`): its figures are aims, not findings; a dose or a therapy-line
    # marker in it still is one (`should receive 80 mg daily`)
    prospective: bool = False

    @property
    def fact_bearing(self) -> bool:
        """Numbers, drugs and markers make a fact; entities, dates and counts in words
        alone do not (X8): `two approaches` asks no citation, but a cited `seven trials`
        is checked. A speculation states a fact only when it states a number."""
        if self.prospective:
            return bool(self.markers) or any(
                n.kind is Kind.DOSE and not n.spelled for n in self.numbers
            )
        if any(not n.spelled for n in self.numbers):
            return True
        return bool(self.drugs or self.markers) and not self.speculative

    @property
    def checkable(self) -> bool:
        """Holds something a locator must pin down (CL004)."""
        return bool(self.numbers or self.entities or self.drugs)


NO_CLAIM = Claim((), (), (), (), ())
DIAGRAM_TYPES = frozenset(EDGE_TYPES + ITEM_TYPES)
CACHED_CLAIMS = 4096  # distinct sentences whose claim is kept


class ClaimReader:
    """Reads sentences into claims with one drug grammar."""

    def __init__(self, drugs: DrugGrammar) -> None:
        self.drugs = drugs
        self._claims: dict[
            tuple[str, tuple[tuple[int, int], ...], bool], Claim
        ] = {}  # by text: sentences repeat
        # whether the block being read says nothing: asked once a block, not once a
        # sentence (a block of thousands of lines would be scanned thousands of times)
        self._block: tuple[object, bool] = (None, False)

    def read(self, sentence: Sentence) -> Claim:
        block = sentence.block
        if self._block[0] is not block:
            mute = block.kind == "header-row" or bool(_PROMPT.match(block.text))
            self._block = (block, mute or gantt_lines(block.text) or bare_diagram(block.text))
        if self._block[1]:
            return NO_CLAIM
        text = blank(mask_anchors(sentence.text), sentence.masks)  # citations say nothing
        cites = _citation_ranges(sentence)
        if block.kind == "row":
            cells = _shift(block.cells, sentence.begin)
            if rubric_row(text, cells) or judging_table(block.columns):
                return NO_CLAIM
            found = cell_tokens(text, cells, block.columns)
            return self._claim(text, found, cites, heading=False)
        if _SCOPE.match(text):
            return NO_CLAIM  # `This report evaluates …`: what the report does, no finding
        # a bold line ending in a colon (`**Weight management (2–4 years):**`) labels what
        # follows, as a heading does
        label = block.strong_only and block.text.rstrip().endswith((":", "："))
        key = (text, cites, block.kind == "heading" or label)
        claim = self._claims.get(key)
        if claim is None:
            claim = self._claim(text, numeric_tokens(text), cites, heading=key[2])
            if len(self._claims) >= CACHED_CLAIMS:  # bounded: the oldest goes
                del self._claims[next(iter(self._claims))]
            self._claims[key] = claim
        return claim

    def _claim(
        self,
        text: str,
        found: Sequence[NumericToken],
        cites: Sequence[tuple[int, int]],
        *,
        heading: bool,
    ) -> Claim:
        numbers = tuple(t for t in found if t.kind is not Kind.DATE)
        years = tuple(t for t in found if publication_year(text, t, cites))
        taken = {id(t) for t in years}  # a set: N author–year citations cost N, not N²
        dated = [t for t in found if id(t) not in taken and dating_year(text, t)]
        taken.update(id(t) for t in dated)
        dates = tuple(t for t in found if t.kind is Kind.DATE and id(t) not in taken)
        if heading:  # a heading names a section (`2.2 Acute phase (6 h–7 d)`): no claim
            return Claim((), dates, (), (), ())
        marks = tuple(m for m, _ in markers(text))
        plan = prospective(text)
        if plan:
            # a plan's deadline (`>200 qubits by 2027`) is the author's: no source is asked
            # for it; its figures still are, when it cites (`Sales should reach 8亿元
            # [evidence:market_model.md:Result]`: the model must say 8亿元)
            dates = ()
        names = sorted(
            [(t.start, t.end) for t in dated]
            + [(m.start(), m.end()) for m in _IDENTIFIER.finditer(text)]
        )
        return Claim(
            numbers,
            dates,
            tuple(entity_tokens(text)),
            tuple(self.drugs.mentions(text)),
            marks,
            years,
            tuple(names),
            speculative(text),
            plan,
        )


# A sentence that opens with a condition, or whose verb is a guess (`might`, `could`, `would`
# and their Chinese forms), states what may be, not what was found. `may` is not one:
# "trametinib may reduce …" is a cited finding's own hedge (CL109 reads it).
# `once` and `were` open findings too ("Once-daily osimertinib improved …"), and "could
# not tolerate" reports what happened: neither is a guess.
_CONDITION = re.compile(r"\s*(?:if|should|unless|如果|假如|若)\b", re.I)
_GUESS = re.compile(r"\b(?:might|could(?!\s+not\b|n['’]t)|would)\b|可能会|或将|有望|将可能", re.I)


# What the report itself does (`This report evaluates …`, `This section summarises …`,
# `Assumptions used throughout: this report is limited to …`): the report as its own
# subject, in the present tense — `This report found 40%` points back to a cited one.
_SCOPE = re.compile(
    r"\W*(?:[A-Z][\w -]{0,40}[:：]\s*)?this\s+(?:report|research\s+brief|brief|document|"
    r"section|chapter|memo|overview|guide)\s+(?!(?:\w+ed|found|showed|shown|made|gave|said|"
    r"was|were|had)\b)\w+",
    re.I,
)
# The author's plan by its mood: a recommendation (`should`, `ought to`, `need to`, `it is
# recommended that`, 应当/应该); a plan's label, singular (`Success criterion:`,
# `Milestone (0–3 y):`, `Near-term goal:`; `Immunotherapy milestones:` heads past events);
# an outlook (`the most plausible goal`)
_DEONTIC = re.compile(
    r"\b(?:should|ought\s+to|needs?\s+to|we\s+recommend|it\s+is\s+(?:recommended|advisable|"
    r"essential|critical|important)\s+(?:to|that))\b|应当|应该",
    re.I,
)
_PLAN_LABEL = re.compile(
    r"\W*(?:[\w-]+\s+){0,3}(?:goal|target|milestone|criteri(?:on|a)|objective|KPI|"
    r"next\s+steps?|priority|recommendation)\b[^:：.。]{0,30}[:：]",
    re.I,
)
_OUTLOOK = re.compile(
    r"\b(?:most|more)\s+(?:plausible|likely|realistic)\s+(?:goal|target|path|outcome|"
    r"scenario|timeline)s?\b",
    re.I,
)


# a finding reported beside the advice (`… should be offered, as it improved OS to 18
# months`): the sentence states a result too, and is no plan
_FINDING = re.compile(
    r"\b(?:was|were|has\s+been|have\s+been|showed|shown|reported|found|achieved|improved|"
    r"reduced|increased|decreased|demonstrated|yielded|led\s+to)\b",
    re.I,
)


def prospective(text: str) -> bool:
    """Whether a sentence says what should be done or aimed at, not what was found."""
    if _PLAN_LABEL.match(text) or _OUTLOOK.search(text):
        return True
    return bool(_DEONTIC.search(text)) and not _FINDING.search(text)


def bare_diagram(text: str) -> bool:
    """A Mermaid diagram whose fence an export dropped: a block opening with a diagram
    type as Mermaid spells it (`xychart-beta`, `graph TD`, `sequenceDiagram`; prose opens
    with a capital) and written in its syntax (an arrow, a title, an axis, a section)."""
    words = text.split(maxsplit=2)
    if len(words) < 2 or not words[0][:1].islower():
        return False
    kind = words[0].lower()
    if kind in ("graph", "flowchart"):
        return words[1] in _DIRECTIONS
    return kind in DIAGRAM_TYPES and _CHART_SYNTAX.search(text) is not None


_DIRECTIONS = frozenset({"TD", "TB", "BT", "LR", "RL"})
_CHART_SYNTAX = re.compile(r"-->|->>|\b(?:title|x-axis|y-axis|section|dateFormat|participant)\b")


def speculative(text: str) -> bool:
    """Whether a sentence states a condition or a guess rather than a finding."""
    return bool(_CONDITION.match(text) or _GUESS.search(text))


# A block that restates what the system was asked (`QUESTION:`, `RESEARCH TASKS (5
# total):`, as Onyx logs open) says what to find out, not what was found.
_PROMPT = re.compile(
    r"\s*(?:(?:USER |RESEARCH )?(?:QUESTION|QUERY|PROMPT|TASKS?)|研究问题|问题|任务)"
    r"\s*(?:\([^)]{0,30}\))?\s*[:：]"
)


# A Mermaid Gantt chart whose fence an export dropped (OpenAI's text exports), its lines
# joined into one paragraph: tasks `Name :id, 2023-05-05, 1d` one after another — chart
# syntax, not prose.
_GANTT_TASK = re.compile(
    r":[ \t]*(?:(?:crit|done|active|milestone)[ \t]*,[ \t]*)*[\w-]+[ \t]*,[ \t]*"
    r"(?:\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|after[ \t]+[\w-]+)(?:[ \t]*,[ \t]*[\w:.-]+)?"
)


def gantt_lines(text: str) -> bool:
    """Whether a block is Gantt chart tasks: two or more, the last one closing it."""
    tasks = list(_GANTT_TASK.finditer(text))
    return len(tasks) >= 2 and not text[tasks[-1].end() :].strip()


def _citation_ranges(sentence: Sentence) -> tuple[tuple[int, int], ...]:
    """Where the sentence's text cites: anchors and citations in the report's style."""
    shapes = [(m.start(), m.end()) for m in ANCHOR_SHAPE.finditer(sentence.text)]
    return tuple(sorted({*sentence.masks, *shapes}))


# `(Smith, 2015)`, `(Smith et al., 2015; Lee 2018)`, `Smith et al. (2015)`, `(2015/2018)`;
# never a lone `(2016)` after a common word (`nivolumab (2016)`: the year of an approval)
_AUTHOR = r"[A-Z][\w'’-]+(?:[ \t]+(?:et[ \t]+al\.?|and|&)(?:[ \t]+[A-Z][\w'’-]+)?)?"
_YEARS = r"(?:19|20)\d\d[a-z]?[ \t]*[/;,][ \t]*"
_AUTHOR_BEFORE = re.compile(
    rf"(?:\(|;)[ \t]*(?:{_AUTHOR}[ \t]*,?[ \t]*(?:{_YEARS})*|(?:{_YEARS})+)$"
    r"|(?:et[ \t]+al\.?|[A-Z][\w'’-]+)[ \t]*\($"
)
_YEAR_AFTER = re.compile(r"[a-z]?[ \t]*(?:[/;,)][ \t]*)")
_YEAR_LIST_AFTER = re.compile(r"[a-z]?[ \t]*[/;,][ \t]*(?:19|20)\d\d")  # `(2015/2018)`
# `Singh et al. 2023 found`: an author–year citation without its parentheses
_ET_AL_BEFORE = re.compile(r"\bet[ \t]+al\.?,?[ \t]*$")
_CITE_GAP = 2  # `(2015)[3]`, `[3] (2015)`: a year in parentheses this close to a citation


def publication_year(text: str, tok: NumericToken, cites: Sequence[tuple[int, int]]) -> bool:
    """Whether a year says when a cited work appeared rather than what happened then."""
    if tok.kind is not Kind.DATE or tok.date is None or tok.date[1] is not None:
        return False
    alone = text[tok.start - 1 : tok.start] == "(" and text[tok.end : tok.end + 1] == ")"
    if alone and any(  # not `rose 4% in 2023 [3]`: that year is what the source says
        0 <= b - tok.end - 1 <= _CITE_GAP or 0 <= tok.start - 1 - e <= _CITE_GAP for b, e in cites
    ):
        return True
    if text[tok.start - 1 : tok.start] == "(" and _YEAR_LIST_AFTER.match(text, tok.end):
        return True
    before = text[max(0, tok.start - 60) : tok.start]
    if _ET_AL_BEFORE.search(before):
        return True
    return _AUTHOR_BEFORE.search(before) is not None and bool(
        _YEAR_AFTER.match(text, tok.end) or tok.end == len(text)
    )


# `the 2019 report`, `a 2021 meta-analysis`, `in its 2019 guideline`: a year between a
# determiner and a noun dates the thing named (the work cited, an event), a name and not
# a value the work states; `the 2019 to 2021 period` is a span of time, still a value
_DETERMINER_BEFORE = re.compile(
    r"(?:^|[\s(])(?:the|a|an|this|that|its|their|his|her|our|whose)[ \t]+$", re.I
)
_NOUN_AFTER = re.compile(r"[ \t]+(?!(?:to|and|or|through|until|till|versus|vs)\b)[A-Za-z]")
# identifiers a sentence names a work by: arXiv ids, `vol(issue):pages`
_IDENTIFIER = re.compile(
    r"\barXiv[:\s]*\d{4}\.\d{4,5}(?:v\d+)?|\b\d{1,4}\s*\(\d{1,4}\)\s*:\s*[eE]?\d+(?:[-–]\d+)?",
    re.I,
)


def dating_year(text: str, tok: NumericToken) -> bool:
    """Whether a year dates the work or event the sentence names (`the 2019 report`)."""
    if tok.kind is not Kind.DATE or tok.date is None or tok.date[1] is not None:
        return False
    before = text[max(0, tok.start - 40) : tok.start]
    return _DETERMINER_BEFORE.search(before) is not None and bool(_NOUN_AFTER.match(text, tok.end))


def _shift(cells: tuple[tuple[int, int], ...], by: int) -> tuple[tuple[int, int], ...]:
    return tuple((a - by, b - by) for a, b in cells)
