"""What one number found in a text is: its kind, unit and scale, read off the words around it
(a statistic label before it, a unit, a currency or a scale word after it). The scan
that finds the numbers is `numbers.py`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from citelint.ground.tokens.dates import is_year
from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.structure import (
    measured,
    name_part,
    named_before,
    not_a_quantity,
    years,
)
from citelint.ground.tokens.text import HYPHENS
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

# `at age 99`, `at the age of 99`: the age of someone at an event, in years. `aged 65` is
# left alone: it names a group (`adults aged 65 and older`) as often as it states an age.
_AT_AGE = re.compile(r"(?<![A-Za-z])(?i:at[ \t]+(?:the[ \t]+)?age(?:[ \t]+of)?)[ \t]+$")

_OP_LABEL_RE = re.compile(r"(?<![A-Za-z])(?P<op>[pPnN])\s*(?:[=<>≤≥]|<=|>=)\s*$")

_GAP_SEPARATORS = re.compile(r"[=:,;(（）)\[\]\s]|of|was|is|为|是")


@dataclass(frozen=True, slots=True)
class Quantity:
    """What follows a number: its kind (None: not decided yet), unit, scale and end."""

    kind: Kind | None
    unit: str | None
    scale: str | None
    stop: int


def decimal(text: str) -> Decimal | None:
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


THRESHOLD = "threshold"  # the unit of a bare number after a comparator


def classify(norm: str, m: re.Match[str]) -> tuple[Decimal, Kind, Quantity] | None:
    s, e = m.start(), m.end()
    if not_a_quantity(norm, s, e):
        return None
    if re.match(r":\d\d", norm[e : e + 3]) and "." not in m.group(0):
        return None  # time of day or ratio, 10:30
    value = decimal(m.group(0))
    if value is None:
        return None
    q = _currency(norm, s, e, suffix(norm, e))
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
    return abs(value), kind, Quantity(kind, unit, scale, stop)


def suffix(norm: str, e: int) -> Quantity:
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
            return Quantity(Kind.MEASURE, unit_text(per.group(0)), scale_text, per.end())
        after = suffix(norm, exponent.end())
        if after.kind is not None and after.scale is None:
            return Quantity(after.kind, after.unit, scale_text, after.stop)
        return Quantity(None, None, scale_text, exponent.end())
    unit_m = UNIT_RE.match(norm, e)
    scale = unit_m.group("scale") if unit_m else None
    if unit_m and unit_m.lastindex and unit_m.lastindex > 1:
        _, kind, unit = UNITS[unit_m.lastindex - 2]
        if kind is Kind.MEASURE and unit is None:  # (a factor's unit is `times`, however written)
            unit = unit_text(unit_m.group(unit_m.lastindex))
        return Quantity(kind, unit, scale, unit_m.end())
    if scale:
        return Quantity(None, None, scale, unit_m.end("scale") if unit_m else e)
    rate = RATE_RE.match(norm, e)
    if rate:
        denominator = int(rate.group(1).replace(",", "")) * (10000 if rate.group(2) else 1)
        return Quantity(Kind.RATE, str(denominator), None, rate.end())
    return Quantity(None, None, None, e)


def _currency(norm: str, s: int, e: int, q: Quantity) -> Quantity:
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
    return Quantity(Kind.MONEY, unit, scale, stop)


def _settle(norm: str, m: re.Match[str], value: Decimal, q: Quantity) -> tuple[Kind, str | None]:
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
        if _AT_AGE.search(norm, max(0, s - 20), s):
            return Kind.DURATION, "year"  # `died at age 99`: an age, in years, however bare
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
    if (
        q.kind is Kind.COUNT
        and four_digit_year
        and _A_BEFORE.search(norm, max(0, s - 4), s)
        and _SINGULAR.fullmatch(norm, e, q.stop)
    ):
        return Kind.MAYBE_YEAR, None  # `A 2025 case study`: a count takes the plural
    return q.kind, q.unit


# `a`/`an` right before a number, and a count noun in the singular after it: the number is
# the year of what follows (`A 2025 case study`, `a 2019 patient survey`), never a count
_A_BEFORE = re.compile(r"(?<![A-Za-z])an?\s+$", re.I)
_SINGULAR = re.compile(
    r"\s*(?:[A-Z][A-Za-z]{1,10}\s+)?(?:patient|case|participant|subject|person|individual)"
)
