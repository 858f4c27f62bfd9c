"""Dates (DECISIONS N6): matched before numbers so their parts are never read as quantities."""

from __future__ import annotations

import bisect
import re
from decimal import Decimal

YEAR_RANGE = (1900, 2100)
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
# the look-ahead lets the engine skip every position that cannot start a month name, which
# a case-insensitive alternation alone does not (3× faster over long source texts)
_MON = (
    r"(?P<mon>(?=[JFMASONDjfmasond])"
    r"(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)"
)
# Each pattern starts with the digit or month letter it needs, its "not after" condition
# checked right after that first character (`\d(?<![\d.]\d)` is `(?<![\d.])\d`): the engine
# then skips, in C, every position that cannot start one, three times faster over long
# source texts. Each comes with a character the text must hold for it to match at all.
_MONTH_HINT = "month"
_DATE_PATTERNS = (
    # (a space may stand between a figure and its unit, as some systems write dates: `2026
    # 年 8 月 16 日`)
    (
        "年",
        re.compile(
            r"(?P<y>\d{4})[ \t]?年[ \t]?(?P<m>\d{1,2})[ \t]?月(?:[ \t]?(?P<d>\d{1,2})[ \t]?[日号])?"
        ),
    ),
    ("月", re.compile(r"(?P<m>\d(?<![\d年]\d)\d?)[ \t]?月[ \t]?(?P<d>\d{1,2})[ \t]?[日号]")),
    ("-", re.compile(r"(?P<y>\d(?<![\d.]\d)\d{3})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?!\d)")),
    # `2024-11`, a year and its month; `2019-20` and `2005-06` may be a span of years
    # (`date_parts` keeps a month only above the year's last two digits' reach)
    ("-", re.compile(r"(?P<y>\d(?<![\d.-]\d)\d{3})-(?P<ym>\d\d)(?![\d-])")),
    ("/", re.compile(r"(?P<y>\d(?<![\d.]\d)\d{3})/(?P<m>\d{1,2})(?:/(?P<d>\d{1,2}))?(?!\d)")),
    (_MONTH_HINT, re.compile(rf"{_MON}\s+(?P<d>\d{{1,2}}),?\s+(?P<y>\d{{4}})(?!\d)")),
    (
        _MONTH_HINT,
        re.compile(rf"(?P<d>\d(?<!\d\d)\d?)\s+{_MON},?\s+(?P<y>\d{{4}})(?!\d)"),
    ),
    (
        _MONTH_HINT,
        re.compile(rf"(?P<y>\d(?<!\d\d)\d{{3}})\s+{_MON}(?:\s+(?P<d>\d{{1,2}})(?!\d))?"),
    ),
    (_MONTH_HINT, re.compile(rf"{_MON},?\s+(?P<y>\d{{4}})(?!\d)")),
    # a decade (`20世纪60年代`, `60年代`: the 1960s), never sixty years
    ("年代", re.compile(r"(?:(?P<c>\d{2})\s*世纪\s*)?(?P<dy>\d(?<![\d.]\d)\d)\s*年代")),
    ("年", re.compile(r"(?P<y>\d(?<![\d.]\d)\d{3})\s*年(?![龄级度报])")),
)
_DATE_HINT = re.compile(r"[年月/]|\d-\d|(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")
_MONTH_NAME = re.compile(r"(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")

DateParts = tuple[int, int | None, int | None]  # year (0: unknown), month, day


def is_year(value: Decimal) -> bool:
    return YEAR_RANGE[0] <= value <= YEAR_RANGE[1]


def date_parts(m: re.Match[str]) -> DateParts | None:
    groups = m.groupdict()
    if groups.get("dy"):  # a decade: its century's (the twentieth unless it says)
        return ((int(groups["c"] or 20) - 1) * 100 + int(groups["dy"]), None, None)
    year = int(groups["y"]) if groups.get("y") else 0
    month: int | None = None
    if groups.get("m"):
        month = int(groups["m"])
    elif groups.get("ym"):  # a year and month, never what could be a short later year
        month = int(groups["ym"])
        if month > year % 100:
            return None
    elif groups.get("mon"):
        month = _MONTHS.index(groups["mon"][:3].lower()) + 1
    day = int(groups["d"]) if groups.get("d") else None
    if year and not YEAR_RANGE[0] <= year <= YEAR_RANGE[1]:
        return None
    if (month is not None and not 1 <= month <= 12) or (day is not None and not 1 <= day <= 31):
        return None
    return (year, month, day)


def find_dates(norm: str) -> list[tuple[int, int, DateParts]]:
    """(start, end, parts) of each date in normalised text, earliest pattern first."""
    taken: list[tuple[int, int, DateParts]] = []
    spans: list[tuple[int, int]] = []  # the taken (start, end), sorted and disjoint
    if not _DATE_HINT.search(norm):
        return taken
    month = _MONTH_NAME.search(norm) is not None
    for needed, pattern in _DATE_PATTERNS:
        if not (month if needed == _MONTH_HINT else needed in norm):
            continue
        for m in pattern.finditer(norm):
            at = bisect.bisect_left(spans, (m.start(), m.start()))
            before = at > 0 and spans[at - 1][1] > m.start()
            if before or (at < len(spans) and spans[at][0] < m.end()):
                continue  # overlaps a date an earlier pattern took
            parts = date_parts(m)
            if parts is None or (not parts[0] and parts[1] is None):
                continue
            taken.append((m.start(), m.end(), parts))
            spans.insert(at, (m.start(), m.end()))
    return taken
