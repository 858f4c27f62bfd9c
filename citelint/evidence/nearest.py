"""The span's value closest to one a claim gives and the span does not: the likeliest
misread, named in CL101's message (`the span says 21.4 months where the claim says 22.4
months`)."""

from __future__ import annotations

import bisect
from decimal import Decimal

from citelint.evidence.spans import SpanIndex, compatible
from citelint.ground.tokens import Kind, NumericToken

NEAR = Decimal("0.2")  # a value within a fifth of the claim's may be what it misread
_NEIGHBOURS = 8  # values looked at on each side of the claim's: bounded work per token


def nearest(claim: NumericToken, idx: SpanIndex) -> NumericToken | None:
    """The span's value of the claim's kind closest to it, when within a fifth of it and
    written to the same decimals in the same unit (`21.4 months` for a claimed `22.4
    months`, never `6 months` for `5.8 months` nor `12 countries` for `10 experiments`):
    the likely misread, named in CL101's message. Ties go to the smaller value."""
    if claim.value == 0:
        return None
    places = _places(claim.value)

    def alike(tok: NumericToken) -> bool:
        same_unit = claim.unit is None or tok.unit == claim.unit
        if claim.kind is Kind.COUNT:  # a count is of its noun: `12 countries`, `10 trials`
            same_unit = tok.text.split()[-1].lower() == claim.text.split()[-1].lower()
        return same_unit and _places(tok.value) == places and compatible(claim, tok)

    if idx.ordered is None:  # sorted once per span, however many claims cite it
        idx.ordered = sorted(idx.numbers)
    values = idx.ordered
    at = bisect.bisect_left(values, claim.value)
    best: tuple[Decimal, Decimal, NumericToken] | None = None
    for value in values[max(0, at - _NEIGHBOURS) : at + _NEIGHBOURS]:
        gap = abs(value - claim.value)
        if value == claim.value or gap > abs(claim.value) * NEAR:
            continue
        tok = next((t for t in idx.numbers[value] if alike(t)), None)
        if tok is not None and (best is None or (gap, value) < best[:2]):
            best = (gap, value, tok)
    return best[2] if best else None


def _places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
