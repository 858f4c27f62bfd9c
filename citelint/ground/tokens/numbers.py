"""Numeric tokens (RULES §2, DECISIONS N1–N10, F3): a number with its kind, scale and unit.

Numbers are exact decimals; `12%` is not `112%`, `35亿元` is not `¥35`, nothing is
converted. A number glued to letters (`HER2`, `NCT01828099`), a section number or a
version is not a quantity. A unit distributes across ranges and lists (`10-20%`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from citelint.ground.tokens.dates import DateParts, find_dates
from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.quantity import classify, decimal, suffix
from citelint.ground.tokens.spelled import spelled_numbers
from citelint.ground.tokens.text import normalize
from citelint.ground.tokens.units import PORTION_UNITS


@dataclass(frozen=True, slots=True)
class NumericToken:
    text: str  # as written, for messages
    value: Decimal  # sign ignored
    kind: Kind
    scale: str | None = None
    unit: str | None = None  # currency class, duration or dose unit, rate denominator, label
    start: int = 0  # index in the scanned (original) text
    end: int = 0
    date: DateParts | None = None
    spelled: bool = False  # a count in words (`seven trials`): checked, but asks no citation


# A number starts after anything but a digit or a dot, or right after the dot of `vs.`
# (`20.8%vs.25.4%`: the 25.4 is a number, `.25` never is). The look-ahead for a digit or a
# dot comes first: a text's other characters then fail before any look-behind is tried.
_NUMBER = re.compile(
    r"(?=[\d.])(?:(?:(?<![\d.])|(?<=[Vv][Ss]\.))(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?"
    r"|(?<![\w.])\.\d+)"
)
_RANGE = re.compile(r"^\s*(?:-|–|—|~|至|到|to)\s*$")
# `1328±2 cm⁻¹`, `70.8 +/- 2.4%`: a value and its uncertainty share the unit, so the
# value the claim rests on is a token too, never the uncertainty alone.
_LIST = re.compile(
    r"^\s*(?:(?:,|，|、)\s*(?:and|or|和|与|及|或)?|and|or|vs\.?|versus|和|与|及|或|对|比|"
    r"-|–|—|~|至|到|to|±|\+/-|\+-)\s*$"
)
_CI_LEVEL = re.compile(r"\s*(?:\[?CI\b|confidence\s+interval|置信区间)", re.I)
_VERSUS = re.compile(r"^\s*(?:vs\.?|versus|对|比)\s*$")
# A unit's denominator named with no value before the unit (`能耗（kWh/100km、L/100km）`,
# `fuel use (L/100 km)`): the number names the unit, it states nothing. After a value the
# whole rate is one token (`15 kWh/100km`), and `12 cases/100,000` keeps its denominator.
_UNIT_OVER = re.compile(r"(?<![A-Za-z0-9μµ°])[A-Za-zμµ°][A-Za-z0-9μµ°]{0,7}\s*/\s*$")


def numeric_tokens(text: str, *, source: bool = False) -> list[NumericToken]:
    """Numeric and date tokens of `text`, positions in `text`.

    With `source=True` every other number is kept too, as kind `bare` (DECISIONS X2),
    so a span's index holds every number it states.
    """
    if len(text) > CACHED_TEXT:
        return _scan(*normalize(text), text, source)
    return list(cached_tokens(text, source))


def values_in(text: str) -> set[Decimal]:
    """Every value `numeric_tokens(text, source=True)` can give, and more: one compiled
    pass over the normalised text, nothing classified (the keys of a look-up index, whose
    hits are then checked with the real tokens)."""
    values = set()
    for m in _NUMBER.finditer(normalize(text)[0]):
        value = decimal(m.group(0))
        if value is not None:
            values.add(abs(value))
    return values


# Sentences repeat across reports; whole source spans are indexed once by `Evidence` and
# would only pin megabytes in the cache, so only sentence-sized texts are kept.
CACHED_TEXT = 2000


@functools.lru_cache(maxsize=1 << 12)  # bounded: memory must not grow with the run
def cached_tokens(text: str, source: bool) -> tuple[NumericToken, ...]:
    """Tokens are a pure function of the text: each distinct sentence is scanned once
    (tokens are immutable records)."""
    norm, index = normalize(text)
    return tuple(_scan(norm, index, text, source))


class _Positions:
    """Maps normalised offsets back to the original text."""

    def __init__(self, index: Sequence[int], length: int) -> None:
        self.index = index
        self.length = length

    def start(self, i: int) -> int:
        return self.index[i] if i < len(self.index) else self.length

    def end(self, i: int) -> int:
        return self.index[i - 1] + 1 if 0 < i <= len(self.index) else self.start(i)


def _scan(norm: str, index: Sequence[int], original: str, source: bool) -> list[NumericToken]:
    at = _Positions(index, len(original))
    dates = find_dates(norm)
    tokens = [
        NumericToken(
            original[at.start(s) : at.end(e)],
            Decimal(parts[0]),
            Kind.DATE,
            start=at.start(s),
            end=at.end(e),
            date=parts,
        )
        for s, e, parts in dates
    ]
    raw: list[NumericToken] = []
    spans: list[tuple[int, int]] = []
    consumed = 0
    taken = sorted((a, b) for a, b, _ in dates)  # disjoint: one pointer walks them
    next_date = 0
    for m in _NUMBER.finditer(norm):
        s = m.start()
        while next_date < len(taken) and taken[next_date][1] <= s:
            next_date += 1
        in_date = next_date < len(taken) and taken[next_date][0] <= s
        if s < consumed or in_date or (not source and _names_a_unit(norm, s)):
            continue
        token = classify(norm, m)
        if token is None:
            continue
        value, kind, q = token
        # On a source, `20/25 patients` states 25 patients too: the denominator is read
        # again as a number of its own.
        consumed = m.end() if source and kind is Kind.RATE else q.stop
        raw.append(
            NumericToken(
                original[at.start(s) : at.end(q.stop)],
                value,
                kind,
                q.scale,
                q.unit,
                at.start(s),
                at.end(q.stop),
            )
        )
        spans.append((s, q.stop))
    _distribute(norm, raw, spans)
    tokens.extend(_settled(raw, source))
    tokens.extend(_word_counts(norm, at, original))
    tokens.sort(key=lambda t: (t.start, t.end))
    return tokens


def _names_a_unit(norm: str, s: int) -> bool:
    """Whether the number at `s` is the denominator of a unit that no value stands before."""
    window = norm[max(0, s - 16) : s]
    m = _UNIT_OVER.search(window)
    if m is None:
        return False
    before = window[: m.start()].rstrip()
    return not before or not before[-1].isdigit()


def _word_counts(norm: str, at: _Positions, original: str) -> list[NumericToken]:
    """`seven trials` states 7 trials: a number word before a counted noun is a count."""
    found = []
    for begin, end_word, value in spelled_numbers(norm):
        q = suffix(norm, end_word)
        if value < 2 or q.kind is not Kind.COUNT or q.scale:
            continue  # `one patient`, `zero events` are not what a count in words checks
        start, end = at.start(begin), at.end(q.stop)
        found.append(
            NumericToken(
                original[start:end],
                value,
                Kind.COUNT,
                unit=q.unit,
                start=start,
                end=end,
                spelled=True,
            )
        )
    return found


def _settled(raw: list[NumericToken], source: bool) -> list[NumericToken]:
    """Provisional kinds resolved: a lone `3月` goes, a lone year is a date."""
    out = []
    for tok in raw:
        if tok.kind is Kind.MAYBE_MONTH:
            continue  # `3月` alone is a month name, not a quantity (N6)
        if tok.kind is Kind.MAYBE_YEAR:
            out.append(replace(tok, kind=Kind.DATE, date=(int(tok.value), None, None)))
        elif tok.kind is not Kind.BARE or source:  # bare numbers are kept on sources only
            out.append(tok)
    return out


def _distribute(norm: str, raw: list[NumericToken], spans: list[tuple[int, int]]) -> None:
    """A unit distributes across ranges and lists: `10-20%`, `4.8 vs 1.5 months` (N2)."""
    for i in range(len(raw) - 2, -1, -1):
        tok, nxt = raw[i], raw[i + 1]
        if tok.kind not in (Kind.BARE, Kind.STATISTIC, Kind.SCALE):
            continue
        if nxt.kind in (Kind.BARE, Kind.MAYBE_YEAR, Kind.MAYBE_MONTH, Kind.DATE):
            continue
        gap = norm[spans[i][1] : spans[i + 1][0]]
        if not _LIST.match(gap) or _CI_LEVEL.match(norm, spans[i + 1][1]):
            continue  # `0.45, 95% CI`: the 95% is a confidence level, not a list member
        if tok.kind is Kind.STATISTIC and nxt.kind is Kind.STATISTIC:
            continue
        if tok.kind is Kind.STATISTIC and not (_RANGE.match(gap) or _VERSUS.match(gap)):
            continue  # `HR 0.45, 95% CI` must not make 0.45 a percentage
        raw[i] = replace(tok, kind=nxt.kind, scale=nxt.scale, unit=nxt.unit)
    # a parenthesised range right after a statistic gives statistics (N3)
    for i in range(1, len(raw)):
        tok, prev = raw[i], raw[i - 1]
        if tok.kind is not Kind.BARE or prev.kind is not Kind.STATISTIC:
            continue
        gap = norm[spans[i - 1][1] : spans[i][0]]
        if re.fullmatch(r"\s*(?:\(|（|,|-|–|—|~|to|至)\s*(?:95%\s*CI[,:]?\s*)?", gap):
            raw[i] = replace(tok, kind=Kind.STATISTIC, unit=prev.unit)


scan_normalized = _scan  # for the table-cell reader (tokens/cells.py)


def plan_dose(tok: NumericToken, portion_asked: bool) -> bool:
    """Whether a figure of the author's plan still asks a source: a dose (`should receive
    80 mg daily`); a portion in grams or millilitres only when `portion_asked` — laid out in
    a menu (`全麦面包2片（60g）`, `低脂牛奶250ml`) with no drug named, it sizes the plan's
    own serving, while advice in prose (`建议每天≥300ml液态奶`) states a guideline's amount."""
    portion = tok.unit in PORTION_UNITS and not portion_asked
    return tok.kind is Kind.DOSE and not tok.spelled and not portion
