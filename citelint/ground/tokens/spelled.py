"""Numbers spelled as English words on a source: `five independent experiments`,
`Forty-two of the variants`.

Sources write small numbers as words; a claim that writes `5 experiments` over them is
correct. Only a cited span's index reads these words (as bare numbers), so they can
support a claim but never become a claim of their own: a claim's `five`, in prose or in a
table cell, is prose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

_ONES = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_VALUES = {w: i for i, w in enumerate(_ONES)} | {w: 20 + 10 * i for i, w in enumerate(_TENS)}
_SPELLED = re.compile(
    rf"(?<![A-Za-z-])(?i:({'|'.join(_TENS)})(?:[-‐‑–][ \t]*({'|'.join(_ONES[1:10])}))?"
    rf"|({'|'.join(_ONES)}))(?![A-Za-z-])"
)


def spelled_numbers(text: str) -> Iterator[tuple[int, int, Decimal]]:
    """(start, end, value) of each number written as words, `twenty-one` as one."""
    for m in _SPELLED.finditer(text):
        tens, ones, alone = m.group(1), m.group(2), m.group(3)
        if alone:
            value = _VALUES[alone.lower()]
        else:
            value = _VALUES[tens.lower()] + (_VALUES[ones.lower()] if ones else 0)
        yield m.start(), m.end(), Decimal(value)
