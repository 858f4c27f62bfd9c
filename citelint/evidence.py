"""Claims and their support: what a sentence states, and whether its cited spans say it.

A cited span is indexed once per run (numbers by value, entity keys, drug mentions), so a
support check is a set look-up, not a rescan, however many claims cite the span.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from citelint.document import Anchor, Sentence
from citelint.sources.model import Failure, NumberField, Resolution, Span
from citelint.tokens import (
    DrugGrammar,
    DrugMention,
    EntityToken,
    NumericToken,
    cell_tokens,
    entity_tokens,
    markers,
    mask_anchors,
    numeric_tokens,
    squash,
)

# -- what a claim states -----------------------------------------------------------------


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


class ClaimReader:
    """Reads each sentence once; rules share the result."""

    def __init__(self, drugs: DrugGrammar) -> None:
        self.drugs = drugs
        self._cache: dict[int, tuple[Sentence, Claim]] = {}

    def read(self, sentence: Sentence) -> Claim:
        hit = self._cache.get(id(sentence))
        if hit is not None and hit[0] is sentence:
            return hit[1]
        claim = self._read(sentence)
        self._cache[id(sentence)] = (sentence, claim)
        return claim

    def _read(self, sentence: Sentence) -> Claim:
        block = sentence.block
        text = mask_anchors(sentence.text)
        if block.kind == "header-row":
            return Claim((), (), (), (), ())
        if block.kind == "row":
            found = cell_tokens(text, _shift(block.cells, sentence.begin), block.columns)
        else:
            found = numeric_tokens(text)
        numbers = tuple(t for t in found if t.kind != "date")
        dates = tuple(t for t in found if t.kind == "date")
        if block.kind == "heading":  # headings state facts only through numbers (F7)
            return Claim(numbers, dates, (), (), ())
        return Claim(
            numbers,
            dates,
            tuple(entity_tokens(text)),
            tuple(self.drugs.mentions(text)),
            tuple(m for m, _ in markers(text)),
        )


def _shift(cells: tuple[tuple[int, int], ...], by: int) -> tuple[tuple[int, int], ...]:
    return tuple((a - by, b - by) for a, b in cells)


# -- what a span says --------------------------------------------------------------------


@dataclass
class SpanIndex:
    numbers: dict[Decimal, list[NumericToken]] = field(default_factory=lambda: defaultdict(list))
    fields: dict[Decimal, list[NumberField]] = field(default_factory=lambda: defaultdict(list))
    dates: list[tuple[int, int | None, int | None]] = field(default_factory=list)
    entity_keys: set[str] = field(default_factory=set)
    entity_forms: list[str] = field(default_factory=list)  # hyphens removed, case kept
    ids: set[str] = field(default_factory=set)
    squashed: str = ""
    drugs: list[DrugMention] = field(default_factory=list)


class Evidence:
    """Span indexes for a whole run: each cited span is indexed once."""

    def __init__(self, drugs: DrugGrammar) -> None:
        self.drugs = drugs
        self._indexes: dict[int, tuple[Span, SpanIndex]] = {}

    def index(self, span: Span) -> SpanIndex:
        hit = self._indexes.get(id(span))
        if hit is not None and hit[0] is span:
            return hit[1]
        idx = SpanIndex()
        for tok in numeric_tokens(span.text, source=True):
            if tok.kind == "date" and tok.date is not None:
                idx.dates.append(tok.date)
            else:
                idx.numbers[tok.value].append(tok)
        for tok in numeric_tokens(span.dates, source=True):
            if tok.date is not None:
                idx.dates.append(tok.date)
        for f in span.fields:
            value = _decimal(f.value)
            if value is not None:
                idx.fields[abs(value)].append(f)
        for ent in entity_tokens(span.text):
            idx.entity_keys.add(ent.key)
            idx.entity_forms.append(re.sub(r"[\s\-\u2010-\u2015\u2212\u00ad]", "", ent.text))
        idx.ids = {squash(i) for i in span.ids}
        idx.squashed = squash(span.text)
        idx.drugs = [d for d in self.drugs.mentions(span.text) if d.chinese]
        self._indexes[id(span)] = (span, idx)
        return idx


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", "").replace("−", "-"))
    except InvalidOperation:
        return None


# -- support -----------------------------------------------------------------------------

_COMPATIBLE: Mapping[str, frozenset[str]] = {
    "percent": frozenset({"percent"}),
    "pp": frozenset({"pp"}),
    "permille": frozenset({"permille"}),
    "money": frozenset({"money"}),
    "duration": frozenset({"duration", "bare"}),
    "count": frozenset({"count", "statistic", "bare"}),
    "statistic": frozenset({"statistic", "count", "bare"}),
    "dose": frozenset({"dose"}),
    "rate": frozenset({"rate"}),
}
_UNIT_WORDS: Mapping[str, tuple[str, ...]] = {
    "percent": ("percent", "%", "percentage", "proportion"),
    "pp": ("percent", "%", "percentage", "point"),
    "permille": ("‰", "per mille", "permille", "per 1000", "per 1,000"),
    "money": ("usd", "dollar", "cny", "rmb", "yuan", "eur", "euro", "gbp", "pound", "元"),
    "rate": ("per ", "/"),
}


def token_supported(claim: NumericToken, idx: SpanIndex, *, structured: bool) -> bool:
    for tok in idx.numbers.get(claim.value, ()):
        if _compatible(claim, tok):
            return True
    if structured and claim.scale is None:
        return any(_field_supports(claim, f) for f in idx.fields.get(claim.value, ()))
    return False


def _compatible(claim: NumericToken, tok: NumericToken) -> bool:
    if claim.scale != tok.scale:
        return False
    if claim.kind in ("scale", "bare"):
        return True  # a bare table cell or a scale-only number: same value, same scale
    if tok.kind not in _COMPATIBLE.get(claim.kind, frozenset()):
        return False
    if claim.kind == "count" and tok.kind == "statistic":
        return tok.unit == "n"
    if claim.kind in ("duration", "dose", "rate", "money") and tok.kind == claim.kind:
        return claim.unit == tok.unit
    return True


def _field_supports(claim: NumericToken, f: NumberField) -> bool:
    """A structured whole-number field: any count, duration or statistic; else by context."""
    if claim.kind in ("count", "duration", "statistic", "bare", "scale"):
        return True
    if claim.kind == "dose":
        return (claim.unit or "").lower() in f.context
    words = _UNIT_WORDS.get(claim.kind, ())
    if claim.kind in ("percent", "pp") and re.search(r"pct|percent", f.key, re.I):
        return True  # the key itself names the unit: `ciPctValue`
    return any(w in f.context for w in words)


def date_supported(claim: NumericToken, idx: SpanIndex) -> bool:
    if claim.date is None:
        return False
    year, month, day = claim.date
    for y, m, d in idx.dates:
        if year and y != year:
            continue
        if month is not None and m != month:
            continue
        if day is not None and d != day:
            continue
        return True
    return False


def entity_supported(claim: EntityToken, idx: SpanIndex, anchor_ids: Iterable[str]) -> bool:
    key = claim.key
    if key in idx.ids or key in {squash(a) for a in anchor_ids}:
        return True  # the record's own identifiers are never in the located span (E3)
    if claim.kind in ("pmid", "doi"):
        return key in idx.squashed
    if key in idx.entity_keys:
        return True
    for form in idx.entity_forms:  # a prefix followed by a lower-case-only suffix (E2)
        if form.casefold().startswith(key) and form[len(key) :].islower():
            return True
    return False


def drug_supported(drug: DrugMention, idx: SpanIndex) -> tuple[bool, tuple[str, ...]]:
    """Whether the name is in the span, and which of its brands are not."""
    missing_brands = tuple(b for b in drug.brands if squash(b) not in idx.squashed)
    if not drug.chinese:
        return squash(drug.name) in idx.squashed, missing_brands
    if drug.prefix_form:
        name = drug.name
        ok = any(name[:k] in idx.squashed for k in range(len(name), 3, -1))
        return ok, missing_brands
    shortest = len(drug.affix) + 2
    for other in idx.drugs:
        a, b = drug.name, other.name
        if (a.endswith(b) or b.endswith(a)) and min(len(a), len(b)) >= shortest:
            return True, missing_brands
    return (len(drug.name) >= shortest and drug.name in idx.squashed), missing_brands


# -- which spans a sentence cites --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cited:
    located: tuple[tuple[Anchor, Span], ...]  # spans that pin the claim down
    whole: tuple[tuple[Anchor, Span], ...]  # anchors without a locator
    failed: tuple[tuple[Anchor, Failure], ...]


def cited(
    anchors: Iterable[Anchor],
    resolutions: Mapping[Anchor, Resolution],
    locator_optional: Iterable[str],
) -> Cited:
    optional = set(locator_optional)
    located: list[tuple[Anchor, Span]] = []
    whole: list[tuple[Anchor, Span]] = []
    failed: list[tuple[Anchor, Failure]] = []
    for anchor in anchors:
        result = resolutions.get(anchor)
        if isinstance(result, Failure):
            failed.append((anchor, result))
        elif isinstance(result, Span):
            if anchor.locator is not None or anchor.type in optional:
                located.append((anchor, result))
            else:
                whole.append((anchor, result))
    return Cited(tuple(located), tuple(whole), tuple(failed))
