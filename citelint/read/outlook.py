"""What a sentence says of time to come, by its form: a forecast dated by a target year,
and the window of a horizon (`短期（1-3年）`, `long term (5–10 years)`).

A forecast's figures are a projection, not a finding a source was seen to state; a
horizon's figures are the span it names. Both are read from grammar — a future marker
with a target year, a horizon word with a window of time in parentheses — never from a
list of topics (`claims.py` asks these once per sentence).
"""

from __future__ import annotations

import re

# A target year (`到2030年`, `2030年前`, `by 2030`, `by the end of 2027`) and a future marker
# (`将`, `预计`, `有望`, `预期`, `will`, `expected to`, `projected to`, `forecast to`, `set
# to`): `预计到2035年，资管行业规模将突破300万亿元`. A sentence that also says what holds
# now (`目前`, `当前`, `已`, `currently`, `already`, `today`) states a finding beside its
# forecast (`将从目前的约30%提升至40%`) and stays a claim; so does a past target year
# without a future marker (`到2025年，规模突破1.5万亿元`).
_TARGET_YEAR = re.compile(
    r"(?:到|至)\s*(?:19|20)\d\d\s*年|(?:19|20)\d\d\s*年\s*(?:前|之前|底前)|"
    r"\bby\s+(?:the\s+end\s+of\s+)?(?:19|20)\d\d\b",
    re.I,
)
_FUTURE = re.compile(
    r"将|预计|有望|预期|\b(?:will|(?:is|are)\s+(?:expected|projected|forecast|set|poised)\s+to)\b",
    re.I,
)
_NOW = re.compile(r"目前|当前|已|\b(?:currently|already|today|now)\b", re.I)
# `有望在2030年形成…`: a year after `在` is a target only beside an expectation, since `将`
# also marks an object (`在2024年将费率下调30%` tells what was done)
_IN_YEAR = re.compile(r"在\s*(?:19|20)\d\d\s*年")
_EXPECTED = re.compile(r"有望|预计|预期")


def forecast(text: str) -> bool:
    """Whether a sentence forecasts: a target year and a future marker, nothing said of now."""
    if _NOW.search(text):
        return False
    if _TARGET_YEAR.search(text):
        return _FUTURE.search(text) is not None
    return _IN_YEAR.search(text) is not None and _EXPECTED.search(text) is not None


# A horizon word and its window in parentheses (`短期（1-3年）`, `中长期（5—10年）`, `short
# term (1–3 years)`, `near-term (0–6 months)`): the figures name the span the horizon
# covers. `治疗时间较长（5-10年）` names no horizon and its span is a finding.
_HORIZON = re.compile(
    r"(?:短期|中期|长期|中长期|近期|远期|(?:short|medium|mid|long|near)[ -]term)\s*"
    r"[（(]\s*\d{1,2}\s*(?:[-–—~～至到]|to)\s*\d{1,2}\s*(?:个月|年|月|years?|months?)\s*[）)]",
    re.I,
)


def horizon_windows(text: str) -> tuple[tuple[int, int], ...]:
    """Where a sentence glosses a horizon with its window of time."""
    return tuple(m.span() for m in _HORIZON.finditer(text))
