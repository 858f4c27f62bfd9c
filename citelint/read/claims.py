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
from citelint.ground.tokens.numbers import plan_dose
from citelint.ground.tokens.structure import rubric_row
from citelint.read.citations.ranges import inside
from citelint.read.citations.styles import DEFAULT_STYLES
from citelint.read.conditions import speculative, supposed_figures
from citelint.read.fenceless import bare_diagram, gantt_lines
from citelint.read.mood import (
    PROMPT,
    bold_label,
    class_by_members,
    glossary,
    line_label,
    prospective,
    rating_line,
    window_step,
)
from citelint.read.outlook import forecast, horizon_windows, undated_forecast
from citelint.read.parse.builder import DEFAULT_APPENDIX_HEADINGS, ClaimOptions
from citelint.read.parse.sentences import DEFAULT_ABBREVIATIONS
from citelint.read.voice import LAYOUT_LEAD, speaks_for_itself
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
    # involve nivolumab"), or a class named by its members: it states a possibility or
    # what a class is, and its drug names and markers ask no citation (cited, the source
    # must still name them)
    speculative: bool = False
    # the author's own plan: a recommendation, a target (`>200 qubits by 2027`), an outlook:
    # its figures are aims; a dose or a therapy-line marker in it still is a fact (`should
    # receive 80 mg`), a portion (`60g`) laid out under the plan (`planned`) only by a drug
    prospective: bool = False
    planned: bool = False

    @property
    def fact_bearing(self) -> bool:
        """Numbers, drugs and markers make a fact; entities, dates and counts in words
        alone do not (X8): `two approaches` asks no citation, but a cited `seven trials`
        is checked. A speculation states a fact only when it states a number."""
        if self.prospective:
            asked = bool(self.drugs) or not self.planned  # a portion only beside a drug
            return bool(self.markers) or any(plan_dose(n, asked) for n in self.numbers)
        if any(not n.spelled for n in self.numbers):
            return True
        return bool(self.drugs or self.markers) and not self.speculative

    @property
    def checkable(self) -> bool:
        """Holds something a locator must pin down (CL004)."""
        return bool(self.numbers or self.entities or self.drugs)


NO_CLAIM = Claim((), (), (), (), ())
CACHED_CLAIMS = 4096  # distinct sentences whose claim is kept


class ClaimReader:
    """Reads sentences into claims with one drug grammar."""

    def __init__(self, drugs: DrugGrammar, *, trusted: bool = False) -> None:
        self.drugs = drugs
        self._claims: dict[
            tuple[str, tuple[tuple[int, int], ...], bool, bool], Claim
        ] = {}  # by text: sentences repeat
        # whether the block being read says nothing: asked once a block, not once a
        # sentence (a block of thousands of lines would be scanned thousands of times)
        self._block: tuple[object, bool] = (None, False)
        self._schedule: object = None  # the block whose lines run under a time window
        # --isolated: no block's own shape (an abbreviations key) mutes its sentences
        self._trusted = trusted

    def read(self, sentence: Sentence) -> Claim:
        block = sentence.block
        if self._block[0] is not block:
            mute = block.kind == "header-row" or block.own_account or bool(PROMPT.match(block.text))
            if not self._trusted:
                mute = mute or glossary(block.text)  # `Abbreviations: PFS: Progression-free …`
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
            return self._claim(text, found, cites, heading=False, planned=block.planned)
        if speaks_for_itself(text, block.text):
            return NO_CLAIM  # `This report evaluates …`, `Below are …`: the report itself
        lead = LAYOUT_LEAD.match(text)
        if lead:  # `下面按…来回答：…`: the layout's figures name parts; the rest is read
            text = " " * lead.end() + text[lead.end() :]
        # --isolated: no layout of the report's own (a rating, a schedule) mutes a line
        layout = not self._trusted
        if layout and rating_line(text):
            return NO_CLAIM  # `• Cyber Liability 2/4`: the author's grade
        # a bold line ending in a colon (`**Weight management (2–4 years):**`) labels what
        # follows, as a heading does, and so does a bold band and its gloss (`**3-6岁：任务导向**`)
        # and a short line over bullet lines
        label = block.strong_only and (
            block.text.rstrip().endswith((":", "：")) or (layout and bold_label(block.text))
        )
        over = layout and line_label(text, block.text[sentence.stop : sentence.stop + 8])
        if over and any(c.isdigit() for c in text):
            # `Immediate (0–30 days)` / `• Enable …`: a time window over what to do in it;
            # the lines after it in the paragraph are a schedule, the author's plan
            self._schedule = block
        # `第2–3天：再检索一次`: a step opened by its window of time is the plan's too
        step = layout and window_step(text)
        planned = (self._schedule is block or block.planned or step) and not over
        key = (text, cites, block.kind == "heading" or label or over, planned)
        claim = self._claims.get(key)
        if claim is None:
            claim = self._claim(text, numeric_tokens(text), cites, heading=key[2], planned=planned)
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
        planned: bool = False,
    ) -> Claim:
        # `短期（1-3年）`: a horizon's window is the span it names, not a value stated
        # `《中020年中国大学生就业报告》`: a number in a work's title names the work
        titled = [m.span() for m in _BOOK_TITLE.finditer(text)] if "《" in text else []
        # `目标成功概率（例如≥70%或≥80%）`: bounds offered as examples set a threshold
        bounds = [m.span() for m in _EXAMPLE_BOUNDS.finditer(text)]
        supposed = supposed_figures(text)  # `假设…为5,000人，则…`, `如降至30个以下，…`
        spans = sorted(horizon_windows(text) + tuple(titled) + tuple(bounds) + supposed)
        numbers = tuple(t for t in found if t.kind is not Kind.DATE and not inside(spans, t.start))
        edges = cite_edges(cites)  # N years beside N citations cost N, not N²
        years = tuple(t for t in found if publication_year(text, t, edges))
        taken = {id(t) for t in years}  # a set: N author–year citations cost N, not N²
        dated = [t for t in found if id(t) not in taken and dating_year(text, t)]
        taken.update(id(t) for t in dated)
        dates = tuple(
            t
            for t in found
            if t.kind is Kind.DATE and id(t) not in taken and not inside(titled, t.start)
        )
        if heading:  # a heading names a section (`2.2 Acute phase (6 h–7 d)`): no claim
            return Claim((), dates, (), (), ())
        marks = tuple(m for m, _ in markers(text))
        # a forecast by a target year (`预计到2035年…将突破300万亿元`) is a projection too, and
        # so is one without (`票房预估：30亿—150亿+`, `最有希望在未来…（50亿+）`)
        plan = (
            prospective(text, planned)
            or forecast(text)
            or undated_forecast(text, [(t.start, t.end) for t in numbers])
        )
        if plan:
            # a plan's deadline (`>200 qubits by 2027`) is the author's; its figures are
            # checked when it cites (`Sales should reach 8亿元 [evidence:model.md:Result]`)
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
            # a class named by its members (`VEGF inhibitors: Bevacizumab and other agents
            # targeting …`) asks no citation for them, as a guess does; cited, they are checked
            speculative(text) or class_by_members(text),
            plan,
            planned,
        )


# A work named by its title in 《》 (`《2020年中国大学生就业报告》`, `《2025年AI在25个领域的应用与
# 发展趋势》`): the book-title marks enclose a name, and its figures state nothing
_BOOK_TITLE = re.compile(r"《[^《》\n]{1,200}》")


# Bounds offered as examples, every figure after a comparison (`（例如≥70%或≥80%）`, `(e.g.,
# >90% or >95%)`, `（如≥8分）`): a threshold the author sets or proposes, no value measured.
# `(e.g., 30% of patients)` and `（例如提高30%）` state values and stay.
_BOUND = r"[≥≤><≧≦]\s*\d[\d.,]*\s*(?:%|[^\W\d_]{1,8})?"  # `≥80%`, `≥8分`, `>5 points`
_EXAMPLE_BOUNDS = re.compile(
    rf"[（(]\s*(?:例如|比如|譬如|如|e\.g\.,?|for\s+example,?)\s*{_BOUND}"
    rf"(?:\s*(?:或|或者|、|,|，|/|or|to|至|–|-)\s*{_BOUND})*\s*[)）]",
    re.I,
)


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


def cite_edges(cites: Sequence[tuple[int, int]]) -> tuple[frozenset[int], frozenset[int]]:
    """Where a sentence's citations begin and end, indexed once for all its years."""
    return frozenset(b for b, _ in cites), frozenset(e for _, e in cites)


def publication_year(
    text: str, tok: NumericToken, edges: tuple[frozenset[int], frozenset[int]]
) -> bool:
    """Whether a year says when a cited work appeared rather than what happened then."""
    if tok.kind is not Kind.DATE or tok.date is None or tok.date[1] is not None:
        return False
    alone = text[tok.start - 1 : tok.start] == "(" and text[tok.end : tok.end + 1] == ")"
    if alone and any(  # not `rose 4% in 2023 [3]`: that year is what the source says
        tok.end + 1 + d in edges[0] or tok.start - 1 - d in edges[1] for d in range(_CITE_GAP + 1)
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
