"""Dates: every written form of DECISIONS N6, and years."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelint.ground.tokens import (
    numeric_tokens,
)
from citelint.ground.tokens.dates import DateParts, date_parts, find_dates


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("in 2012", (2012, None, None)),
        ("2012年", (2012, None, None)),
        ("2024年3月5日", (2024, 3, 5)),
        ("**报告日期：2026 年 8 月 16 日**", (2026, 8, 16)),  # spaced, as some systems write
        ("2024年3月", (2024, 3, None)),
        ("2024-03-05", (2024, 3, 5)),
        ("2024/03", (2024, 3, None)),
        ("| 2024-11 |", (2024, 11, None)),  # a year and its month, in a table's cell
        ("in 1998-05", (1998, 5, None)),
        ("12 July 2012", (2012, 7, 12)),
        ("July 12, 2012", (2012, 7, 12)),
        ("2012 Jul 12", (2012, 7, 12)),
    ],
)
def test_dates(text: str, date: tuple[int, int | None, int | None]) -> None:
    (token,) = numeric_tokens(text)
    assert token.kind == "date" and token.date == date


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("于20世纪60年代开发", 1960),
        ("90年代", 1990),
        ("19世纪80年代的工厂", 1880),
        ("1990年代", 1990),
    ],
)
def test_a_decade_is_a_date_never_years(text: str, year: int) -> None:
    """`20世纪60年代`, `60年代`: the 1960s, not sixty years; `在60年内` stays a duration."""
    (token,) = numeric_tokens(text)
    assert token.kind == "date" and token.date == (year, None, None)
    (span,) = numeric_tokens("在60年内")
    assert span.kind == "duration"


@pytest.mark.parametrize("text", ["2019-20", "2005-06", "2010-12", "2024-13", "1-2024-11"])
def test_what_may_be_a_span_of_years_is_no_year_and_month(text: str) -> None:
    """`2019-20` and `2005-06` (a fiscal year), `2010-12` (2010 to 2012): the second part may
    be a later year's last two digits, so the year is read alone, as before."""
    assert all(t.date is None or t.date[1] is None for t in numeric_tokens(text, source=True))


# The patterns as first written, each with its "not after" look-behind in front: the
# faster forms in citelint/ground/tokens/dates.py must find exactly the same dates.
_MON = r"(?P<mon>(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)"
_PLAIN = tuple(
    re.compile(p)
    for p in (
        r"(?P<y>\d{4})[ \t]?年[ \t]?(?P<m>\d{1,2})[ \t]?月(?:[ \t]?(?P<d>\d{1,2})[ \t]?[日号])?",
        r"(?<![\d年])(?P<m>\d{1,2})[ \t]?月[ \t]?(?P<d>\d{1,2})[ \t]?[日号]",
        r"(?<![\d.])(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?!\d)",
        r"(?<![\d.-])(?P<y>\d{4})-(?P<ym>\d\d)(?![\d-])",
        r"(?<![\d.])(?P<y>\d{4})/(?P<m>\d{1,2})(?:/(?P<d>\d{1,2}))?(?!\d)",
        rf"{_MON}\s+(?P<d>\d{{1,2}}),?\s+(?P<y>\d{{4}})(?!\d)",
        rf"(?<!\d)(?P<d>\d{{1,2}})\s+{_MON},?\s+(?P<y>\d{{4}})(?!\d)",
        rf"(?<!\d)(?P<y>\d{{4}})\s+{_MON}(?:\s+(?P<d>\d{{1,2}})(?!\d))?",
        rf"{_MON},?\s+(?P<y>\d{{4}})(?!\d)",
        r"(?:(?P<c>\d{2})\s*世纪\s*)?(?<![\d.])(?P<dy>\d{2})\s*年代",
        r"(?<![\d.])(?P<y>\d{4})\s*年(?![龄级度报])",
    )
)


def _plain_dates(norm: str) -> list[tuple[int, int, DateParts]]:
    taken: list[tuple[int, int, DateParts]] = []
    for pattern in _PLAIN:
        for m in pattern.finditer(norm):
            if any(s < m.end() and m.start() < e for s, e, _ in taken):
                continue
            parts = date_parts(m)
            if parts is None or (not parts[0] and parts[1] is None):
                continue
            taken.append((m.start(), m.end(), parts))
    return taken


_DATEISH = st.lists(
    st.sampled_from([*"0123456789-/. ,年月日号龄代", "世纪", "Jan", "sept", "May ", "x"]),
    max_size=30,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(_DATEISH)
def test_the_fast_patterns_find_the_dates_the_plain_ones_find(text: str) -> None:
    assert find_dates(text) == _plain_dates(text)


def test_the_fast_patterns_agree_on_real_records(corpus: Path) -> None:
    for path in sorted(corpus.rglob("*.xml"))[:40] + sorted(corpus.rglob("*.json"))[:40]:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert find_dates(text) == _plain_dates(text), path
