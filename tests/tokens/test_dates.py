"""Dates: every written form of RULES N6, and years."""

from __future__ import annotations

import pytest

from citelint.tokens import (
    numeric_tokens,
)


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("in 2012", (2012, None, None)),
        ("2012年", (2012, None, None)),
        ("2024年3月5日", (2024, 3, 5)),
        ("2024年3月", (2024, 3, None)),
        ("2024-03-05", (2024, 3, 5)),
        ("2024/03", (2024, 3, None)),
        ("12 July 2012", (2012, 7, 12)),
        ("July 12, 2012", (2012, 7, 12)),
        ("2012 Jul 12", (2012, 7, 12)),
    ],
)
def test_dates(text: str, date: tuple[int, int | None, int | None]) -> None:
    (token,) = numeric_tokens(text)
    assert token.kind == "date" and token.date == date
