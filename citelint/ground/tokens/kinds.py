"""What a number states: the kinds of numeric tokens (RULES §2, DECISIONS N1–N10)."""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    PERCENT = "percent"
    PP = "pp"  # percentage points
    PERMILLE = "permille"
    MONEY = "money"
    COUNT = "count"
    DURATION = "duration"
    DOSE = "dose"
    MEASURE = "measure"  # a number with a unit of measurement: `5.6 mmol/L`, `60 Gy`
    RATE = "rate"  # `5 per 100,000`
    STATISTIC = "statistic"  # governed by a label: `HR 0.45`, `p = 0.03`, `n = 88`
    BARE = "bare"  # no unit, no label: kept on the source side only (DECISIONS X2)
    SCALE = "scale"  # a scale word and nothing else: `35 亿`
    DATE = "date"
    # Provisional kinds, settled before a token leaves the scanner:
    MAYBE_MONTH = "month?"  # `3月` is a month name unless a decimal or a label makes it a duration
    MAYBE_YEAR = "year?"  # a four-digit number in the year range
