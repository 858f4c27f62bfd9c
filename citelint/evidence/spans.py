"""Support: what a cited span says, and whether it says what a claim states.

A cited span is indexed once per run (numbers by value, entity keys, drug mentions), so a
support check is a set look-up, not a rescan, however many claims cite the span.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from citelint.evidence.support import Page, page
from citelint.ground.document import Anchor
from citelint.ground.tokens import (
    HYPHENS,
    THRESHOLD,
    DrugMention,
    EntityKind,
    EntityToken,
    Kind,
    NumericToken,
    entity_tokens,
    numeric_tokens,
    spelled_numbers,
    squash,
)
from citelint.sources.model import Failure, NumberField, Resolution, Span

_HYPHENS_AND_SPACE = re.compile(rf"[\s\-{HYPHENS}]")
# A code: letters and digits with at least one of each and a capital (`C282Y`, `V600E`)
_CODE_SHAPE = r"\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]{2,12}\b"
_CODE = re.compile(_CODE_SHAPE)
_CODE_LIST = re.compile(
    rf"{_CODE_SHAPE}(?:[ \t]*,[ \t]*{_CODE_SHAPE}){{2,}}(?:,?[ \t]+(?:and|or)[ \t]+{_CODE_SHAPE})?"
)

# -- what a span says --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Words:
    """What a span says besides its numbers: entity keys, their forms, its squashed text."""

    entity_keys: frozenset[str]
    entity_forms: tuple[str, ...]  # hyphens removed, case kept
    ids: frozenset[str]
    squashed: str


@dataclass
class SpanIndex:
    """A span's numbers, read when it is indexed, and its words, read when first asked
    for: a repair search tries many spans that state a claim's values, and most fail on
    the numbers themselves (515 of 584 in a 120-report run), never needing the words."""

    numbers: dict[Decimal, list[NumericToken]] = field(default_factory=lambda: defaultdict(list))
    fields: dict[Decimal, list[NumberField]] = field(default_factory=lambda: defaultdict(list))
    dates: list[tuple[int, int | None, int | None]] = field(default_factory=list)
    # the codes of each enumeration the span writes out (`C282Y, H63D, S65C and W164X`)
    lists: list[frozenset[str]] = field(default_factory=list)
    source: Span | None = None  # what the words are read from, until they are
    _words: Words | None = None
    _page: Page | None = None  # its sentences' terms (CL111), read when first asked for
    _text: str = ""  # what the page is read from, until it is
    ordered: list[Decimal] | None = None  # its values sorted, once (`nearest.py`)

    @property
    def words(self) -> Words:
        if self._words is None:
            span = self.source
            if span is None:
                self._words = Words(frozenset(), (), frozenset(), "")
            else:
                found = entity_tokens(span.text, source=True)
                self._words = Words(
                    frozenset(e.key for e in found),
                    tuple(_HYPHENS_AND_SPACE.sub("", e.text) for e in found),
                    frozenset(squash(i) for i in span.ids),
                    squash(span.text),
                )
            self.source = None
        return self._words

    @property
    def page(self) -> Page:
        if self._page is None:
            self._page = page(self._text)
            self._text = ""
        return self._page

    @property
    def entity_keys(self) -> frozenset[str]:
        return self.words.entity_keys

    @property
    def entity_forms(self) -> tuple[str, ...]:
        return self.words.entity_forms

    @property
    def ids(self) -> frozenset[str]:
        return self.words.ids

    @property
    def squashed(self) -> str:
        return self.words.squashed


# span indexes kept by content across released roots, the least recently used let go
# first: many roots holding the same saved files (hard links, copies) share their indexes
MAX_INDEXES = 50_000


class Evidence:
    """Span indexes for a whole run: each cited span is indexed once."""

    def __init__(self) -> None:
        # by what the index reads of a span, so the same bytes saved under many paths (or
        # the same abstract under many ids) are scanned once
        self._indexes: dict[tuple[str, str, tuple[NumberField, ...], frozenset[str]], SpanIndex]
        self._indexes = {}
        self._spans: dict[int, tuple[Span, SpanIndex]] = {}  # the fast path: this very span
        # and a copy of it moved to another root's file (repair/spans.py): the same text
        # and fields objects; their content key hashes every field, thousands in a trial
        self._parts: dict[tuple[int, int], tuple[Span, SpanIndex]] = {}

    def release(self, under: Callable[[str], bool]) -> None:
        """Forget the spans of files a finished sources root holds; indexes by content
        stay (the same bytes saved under another root are not scanned again), at most
        `MAX_INDEXES` of them."""
        for key in [k for k, (span, _) in self._spans.items() if under(span.path)]:
            del self._spans[key]
        for parts in [k for k, (span, _) in self._parts.items() if under(span.path)]:
            del self._parts[parts]
        while len(self._indexes) > MAX_INDEXES:
            del self._indexes[next(iter(self._indexes))]

    def index(self, span: Span) -> SpanIndex:
        hit = self._spans.get(id(span))
        if hit is not None and hit[0] is span:
            return hit[1]
        parts = (id(span.text), id(span.fields))
        moved = self._parts.get(parts)
        if moved is not None and _same_parts(moved[0], span):
            idx = moved[1]
        else:
            key = (span.text, span.dates, span.fields, span.ids)
            found = self._indexes.pop(key, None)
            idx = found if found is not None else self._build(span)
            self._indexes[key] = idx  # (re)inserted last: the most recently used
            self._parts[parts] = (span, idx)
        self._spans[id(span)] = (span, idx)
        return idx

    def _build(self, span: Span) -> SpanIndex:
        idx = SpanIndex(source=span, _text=span.text)
        for tok in numeric_tokens(span.text, source=True):
            if tok.kind is Kind.DATE and tok.date is not None:
                idx.dates.append(tok.date)
            else:
                idx.numbers[tok.value].append(tok)
        for start, end, spelled in spelled_numbers(span.text):  # `five experiments`
            idx.numbers[spelled].append(NumericToken(span.text[start:end], spelled, Kind.BARE))
        for tok in numeric_tokens(span.dates, source=True):
            if tok.date is not None:
                idx.dates.append(tok.date)
        for m in _CODE_LIST.finditer(span.text):
            idx.lists.append(frozenset(squash(c) for c in _CODE.findall(m.group(0))))
        for f in span.fields:
            value = field_number(f.value)
            if value is not None:
                idx.fields[abs(value)].append(f)
        return idx


def _same_parts(one: Span, other: Span) -> bool:
    """Whether two spans are one span's text and fields (a copy with another path)."""
    return (
        one.text is other.text
        and one.fields is other.fields
        and one.dates == other.dates
        and one.ids == other.ids
    )


def field_number(text: str) -> Decimal | None:
    """The number a structured field holds, or None."""
    try:
        return Decimal(text.replace(",", "").replace("−", "-"))
    except InvalidOperation:
        return None


# -- support -----------------------------------------------------------------------------

_COMPATIBLE: Mapping[Kind, frozenset[Kind]] = {
    Kind.PERCENT: frozenset({Kind.PERCENT}),
    Kind.PP: frozenset({Kind.PP}),
    Kind.PERMILLE: frozenset({Kind.PERMILLE}),
    Kind.MONEY: frozenset({Kind.MONEY}),
    Kind.DURATION: frozenset({Kind.DURATION}),
    Kind.COUNT: frozenset({Kind.COUNT, Kind.STATISTIC, Kind.BARE}),
    Kind.STATISTIC: frozenset({Kind.STATISTIC, Kind.COUNT, Kind.BARE}),
    Kind.DOSE: frozenset({Kind.DOSE}),
    Kind.MEASURE: frozenset({Kind.MEASURE}),
    Kind.RATE: frozenset({Kind.RATE}),
}
_UNIT_KINDS = frozenset({Kind.DURATION, Kind.DOSE, Kind.MEASURE, Kind.RATE, Kind.MONEY})
_UNIT_WORDS: Mapping[Kind, tuple[str, ...]] = {
    Kind.PERCENT: ("percent", "%", "percentage", "proportion"),
    Kind.PP: ("percent", "%", "percentage", "point"),
    Kind.PERMILLE: ("‰", "per mille", "permille", "per 1000", "per 1,000"),
    Kind.MONEY: ("usd", "dollar", "cny", "rmb", "yuan", "eur", "euro", "gbp", "pound", "元"),
    Kind.RATE: ("per ", "/"),
}


def token_supported(claim: NumericToken, idx: SpanIndex, *, structured: bool) -> bool:
    for tok in idx.numbers.get(claim.value, ()):
        if compatible(claim, tok):
            return True
    if structured and claim.scale is None:
        return any(_field_supports(claim, f) for f in idx.fields.get(claim.value, ()))
    return False


def compatible(claim: NumericToken, tok: NumericToken) -> bool:
    if claim.scale != tok.scale:
        return False
    if claim.kind in (Kind.SCALE, Kind.BARE):
        return True  # a bare table cell or a scale-only number: same value, same scale
    if tok.kind not in _COMPATIBLE.get(claim.kind, frozenset()):
        return False
    if claim.kind is Kind.COUNT and tok.kind is Kind.STATISTIC:
        return tok.unit == "n"
    if _cut_off_of(claim) and _cut_off_of(tok) and _cut_off_of(claim) != _cut_off_of(tok):
        return False  # `> 200 qubits` is not supported by `> 200 um`
    if claim.kind in _UNIT_KINDS and tok.kind == claim.kind:
        return claim.unit == tok.unit
    return True


def listed_count(claim: NumericToken, named: Sequence[EntityToken], idx: SpanIndex) -> bool:
    """A count in words of items the span enumerates: `C282Y, H63D and ten further
    variants` against a list of twelve codes, two of them named — counted, not said."""
    if not claim.spelled:
        return False
    keys = {e.key for e in named}
    for items in idx.lists:
        if len(items) == claim.value or len(items) - len(keys & items) == claim.value > 0:
            return True
    return False


def _cut_off_of(tok: NumericToken) -> str:
    """What a cut-off counts or measures (`> 200 qubits`: `qubi`), "" when it says not."""
    unit = tok.unit or ""
    return unit.partition(":")[2][:4] if unit.startswith(THRESHOLD + ":") else ""


def _field_supports(claim: NumericToken, f: NumberField) -> bool:
    """A structured whole-number field: any count, duration or statistic; else by context."""
    if claim.kind in (Kind.COUNT, Kind.DURATION, Kind.STATISTIC, Kind.BARE, Kind.SCALE):
        return True
    if claim.kind in (Kind.DOSE, Kind.MEASURE):  # a record's `Kg/m^2` is the token's `kg/m2`
        return (claim.unit or "").lower() in f.context.replace("^", "")
    words = _UNIT_WORDS.get(claim.kind, ())
    if claim.kind in (Kind.PERCENT, Kind.PP) and re.search(r"pct|percent", f.key, re.I):
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
    folded = squash(key)  # a DOI's key keeps its hyphens; ids and span text are squashed
    if folded in idx.ids or folded in {squash(a) for a in anchor_ids}:
        return True  # the record's own identifiers are never in the located span (E3)
    if claim.kind in (EntityKind.PMID, EntityKind.DOI):
        return folded in idx.squashed
    if key in idx.entity_keys:
        return True
    for form in idx.entity_forms:  # a prefix followed by a lower-case-only suffix (E2)
        if form.casefold().startswith(key) and form[len(key) :].islower():
            return True
    return False


def drug_supported(drug: DrugMention, idx: SpanIndex) -> tuple[bool, tuple[str, ...]]:
    """Whether the name is in the span, and which of its brands are not."""
    missing_brands = tuple(b for b in drug.brands if squash(b) not in idx.squashed)
    if any(squash(g) in idx.squashed for g in drug.glosses):
        return True, missing_brands  # the span names it in the other script
    if not drug.chinese:
        return squash(drug.name) in idx.squashed, missing_brands
    if drug.prefix_form:
        name = drug.name
        ok = any(name[:k] in idx.squashed for k in range(len(name), 3, -1))
        return ok, missing_brands
    # CJK has no word boundaries: the name occurring anywhere in the span is support
    # (`推荐达拉非尼` says `达拉非尼`), and a name of only its suffix is never a mention.
    return squash(drug.name) in idx.squashed, missing_brands


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
            # a citation in the report's style names a whole record: that is its span
            if anchor.locator is not None or anchor.type in optional or anchor.is_citation:
                located.append((anchor, result))
            else:
                whole.append((anchor, result))
    return Cited(tuple(located), tuple(whole), tuple(failed))
