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
from decimal import Decimal, InvalidOperation

from citelint.ground.tokens.dates import DateParts, find_dates, is_year
from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.spelled import spelled_numbers
from citelint.ground.tokens.structure import (
    measured,
    name_part,
    named_before,
    not_a_quantity,
    years,
)
from citelint.ground.tokens.text import HYPHENS, normalize
from citelint.ground.tokens.units import (
    COUNTED,
    CUR_SCALE_RE,
    CURRENCY,
    EXPONENT,
    PER_SYMBOL,
    RATE_RE,
    SCALES,
    UNIT_RE,
    UNITS,
    unit_text,
)


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
# (`20.8%vs.25.4%`: the 25.4 is a number, `.25` never is).
_NUMBER = re.compile(
    r"(?:(?<![\d.])|(?<=[Vv][Ss]\.))(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|(?<![\w.])\.\d+"
)
_LETTER = re.compile(r"[A-Za-z]")
_UNCERTAINTY = re.compile(r"\(\d{1,3}\)(?=[ \t]?[%‰A-Za-zµμ°])")
_THRESHOLD = re.compile(r"(?:[≥≤<>]=?|=<|=>)[ \t]*$")
# the word right after a cut-off: a unit or a counted noun, never a function word
_AFTER_WORD = re.compile(
    r"[ \t]*(?!(?:of|the|and|or|to|in|on|at|for|with|by|was|were|is|are)\b)([A-Za-zµμ]{1,14})\b"
)
_CUR_PREFIX = re.compile(
    r"(US\$|\$|¥|€|£|USD|RMB|CNY|EUR|GBP|人民币)[ \t]*(?:约|approximately|about|~)?[ \t]*$"
)
_STRICT_LABELS = r"aHR|HR|OR|RR|CI|ORR|DCR|PFS|OS|DFS|EFS|mPFS|mOS|CR|PR|TTP|DoR|DOR"
_LABEL_RE = re.compile(
    rf"(?<![A-Za-z])(?P<strict>{_STRICT_LABELS})(?![A-Za-z])"
    r"|(?<![A-Za-z])(?P<loose>(?i:median|hazard\s+ratio|odds\s+ratio|mean)(?![A-Za-z])|中位|"
    r"风险比|危险比|比值比|相对危险度)"
)
_OP_LABEL_RE = re.compile(r"(?<![A-Za-z])(?P<op>[pPnN])\s*(?:[=<>≤≥]|<=|>=)\s*$")
_GAP_SEPARATORS = re.compile(r"[=:,;(（）)\[\]\s]|of|was|is|为|是")
_RANGE = re.compile(r"^\s*(?:-|–|—|~|至|到|to)\s*$")
_LIST = re.compile(
    r"^\s*(?:(?:,|，|、)\s*(?:and|or|和|与|及|或)?|and|or|vs\.?|versus|和|与|及|或|对|比|"
    r"-|–|—|~|至|到|to)\s*$"
)
_CI_LEVEL = re.compile(r"\s*(?:\[?CI\b|confidence\s+interval|置信区间)", re.I)
_VERSUS = re.compile(r"^\s*(?:vs\.?|versus|对|比)\s*$")


@dataclass(frozen=True, slots=True)
class _Quantity:
    """What follows a number: its kind (None: not decided yet), unit, scale and end."""

    kind: Kind | None
    unit: str | None
    scale: str | None
    stop: int


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


def _label_kind(before: str) -> str | None:
    """The statistic label that governs a bare number, if any (N3)."""
    if before.isascii() and _LETTER.search(before) is None:
        return None  # every label is spelled with letters (or Han characters)
    m = _OP_LABEL_RE.search(before)
    if m:
        return "n" if m.group("op") in "nN" else "p"
    labels = list(_LABEL_RE.finditer(before))
    if not labels:
        return None
    m = labels[-1]  # the closest label governs
    words = [w for w in _GAP_SEPARATORS.split(before[m.end() :]) if w and w.strip()]
    if len(words) > 3 or any(w.lower() in ("and", "or", "vs", "versus") for w in words):
        return None
    return m.group("strict") or (m.group("loose") or "").lower()


def is_strict_label(word: str) -> bool:
    """`HR`, `ORR`, `PFS`, …: labels that govern the number after them, never codes."""
    return re.fullmatch(_STRICT_LABELS, word) is not None


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
        value = _decimal(m.group(0))
        if value is not None:
            values.add(abs(value))
    return values


THRESHOLD = "threshold"  # the unit of a bare number after a comparator


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
        if s < consumed or in_date:
            continue
        token = _classify(norm, m)
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


def _word_counts(norm: str, at: _Positions, original: str) -> list[NumericToken]:
    """`seven trials` states 7 trials: a number word before a counted noun is a count."""
    found = []
    for begin, end_word, value in spelled_numbers(norm):
        q = _suffix(norm, end_word)
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


def _classify(norm: str, m: re.Match[str]) -> tuple[Decimal, Kind, _Quantity] | None:
    s, e = m.start(), m.end()
    if not_a_quantity(norm, s, e):
        return None
    if re.match(r":\d\d", norm[e : e + 3]) and "." not in m.group(0):
        return None  # time of day or ratio, 10:30
    value = _decimal(m.group(0))
    if value is None:
        return None
    q = _currency(norm, s, e, _suffix(norm, e))
    rest = norm[e : e + 2]  # a bounded look: slicing the whole tail would be quadratic
    if q.kind is None and rest[:1].isascii() and rest[:1].isalpha():
        return None  # glued to letters on the right: 3L, 2A
    if q.kind is None and re.match(rf"[-{HYPHENS}][A-Za-z]", rest):
        return None  # 5-FU
    kind, unit = _settle(norm, m, abs(value), q)
    scale = SCALES.get(q.scale, q.scale) if q.scale else None
    stop = (
        e if (q.unit == COUNTED and unit != COUNTED) or kind is Kind.MAYBE_YEAR else q.stop
    )  # `CPS ≥ 1` of `≥ 1 tumours`
    return abs(value), kind, _Quantity(kind, unit, scale, stop)


def _suffix(norm: str, e: int) -> _Quantity:
    """The unit or scale word right after a number, or a rate denominator; a standard
    uncertainty in parentheses (`99.9834(2)%`) stands between a number and its unit."""
    uncertainty = _UNCERTAINTY.match(norm, e) if norm.startswith("(", e) else None
    if uncertainty:
        e = uncertainty.end()
    exponent = EXPONENT.match(norm, e)
    if exponent:  # `3 × 10^9/L`: the power is the scale, what follows it the unit
        scale_text = f"×10^{exponent.group(1)}"
        per = PER_SYMBOL.match(norm, exponent.end())
        if per:
            return _Quantity(Kind.MEASURE, unit_text(per.group(0)), scale_text, per.end())
        after = _suffix(norm, exponent.end())
        if after.kind is not None and after.scale is None:
            return _Quantity(after.kind, after.unit, scale_text, after.stop)
        return _Quantity(None, None, scale_text, exponent.end())
    unit_m = UNIT_RE.match(norm, e)
    scale = unit_m.group("scale") if unit_m else None
    if unit_m and unit_m.lastindex and unit_m.lastindex > 1:
        _, kind, unit = UNITS[unit_m.lastindex - 2]
        if kind is Kind.MEASURE:
            unit = unit_text(unit_m.group(unit_m.lastindex))
        return _Quantity(kind, unit, scale, unit_m.end())
    if scale:
        return _Quantity(None, None, scale, unit_m.end("scale") if unit_m else e)
    rate = RATE_RE.match(norm, e)
    if rate:
        denominator = int(rate.group(1).replace(",", "")) * (10000 if rate.group(2) else 1)
        return _Quantity(Kind.RATE, str(denominator), None, rate.end())
    return _Quantity(None, None, None, e)


def _currency(norm: str, s: int, e: int, q: _Quantity) -> _Quantity:
    """A currency sign or code before the number makes it money (`$35`, `¥3.5 亿`)."""
    currency = _CUR_PREFIX.search(norm, max(0, s - 20), s)
    if not currency or q.kind not in (None, Kind.MONEY):
        return q
    unit = q.unit or CURRENCY[currency.group(1).lower()]  # `$35 元` keeps the suffix
    scale, stop = q.scale, q.stop
    if not scale:
        cur = CUR_SCALE_RE.match(norm, e)
        if cur:
            scale, stop = cur.group(1), cur.end()
    return _Quantity(Kind.MONEY, unit, scale, stop)


def _settle(norm: str, m: re.Match[str], value: Decimal, q: _Quantity) -> tuple[Kind, str | None]:
    """The final kind: labels make statistics, four-digit years become provisional dates."""
    s, e, written = m.start(), m.end(), m.group(0)
    if q.kind is Kind.MAYBE_MONTH:
        if "." in written or _label_kind(norm[max(0, s - 48) : s]):
            return Kind.DURATION, q.unit
        return q.kind, q.unit
    if q.kind is Kind.RATE and years(written, q.unit):
        return Kind.MAYBE_YEAR, None  # `(2015/2018)`: two years, no rate
    counted = q.unit == COUNTED  # a plural noun after a label or comparator names a group
    if q.kind is None or counted:
        label = _label_kind(norm[max(0, s - 48) : s])
        if label:
            return Kind.STATISTIC, label
        if _THRESHOLD.search(norm, max(0, s - 4), s):
            # `CPS ≥ 1` is a cut-off; the word after says of what (`> 200 qubits`, `> 200 um`)
            after = _AFTER_WORD.match(norm, e)
            noun = after.group(1).lower() if after else ""
            return Kind.STATISTIC, f"{THRESHOLD}:{noun}" if noun else THRESHOLD
        if counted and (named_before(norm, s, written) or name_part(norm, s, e)):
            return Kind.BARE, None  # `the RTOG 9501 trials`: the number is the trials' name
        if counted and len(written) >= 10 and written.isdigit():
            return Kind.BARE, None  # `56976397712 demonstrates`: an id or account number
    if q.kind is None:
        if q.scale:
            return Kind.SCALE, None
        if measured(norm, s, written):
            return Kind.STATISTIC, None
        if "." not in written and "," not in written and is_year(value) and len(written) == 4:
            return Kind.MAYBE_YEAR, None
        return Kind.BARE, None
    four_digit_year = re.fullmatch(r"\d{4}", written) is not None and is_year(value)
    if q.kind is Kind.DURATION and norm[e : q.stop].strip() == "年" and four_digit_year:
        return Kind.MAYBE_YEAR, q.unit
    if counted and four_digit_year:
        return Kind.MAYBE_YEAR, None  # `In 2019 trials showed`
    return q.kind, q.unit


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
