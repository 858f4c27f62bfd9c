"""The unit grammar: what follows a number decides its kind, unit and scale."""

from __future__ import annotations

import pytest

from citelint.tokens.kinds import Kind
from citelint.tokens.units import CURRENCY, SCALES, UNIT_RE, UNITS


@pytest.mark.parametrize(
    ("after", "kind", "unit"),
    [
        ("%", Kind.PERCENT, None),
        (" 个百分点", Kind.PP, None),
        (" mg/m2", Kind.DOSE, "mg/m2"),
        (" mg", Kind.DOSE, "mg"),
        ("亿元", Kind.MONEY, "CNY"),
        (" months", Kind.DURATION, "month"),
        ("例", Kind.COUNT, None),
    ],
)
def test_the_first_unit_that_fits_decides(after: str, kind: Kind, unit: str | None) -> None:
    m = UNIT_RE.match(after)
    assert m is not None and m.lastindex is not None and m.lastindex > 1
    _, got_kind, got_unit = UNITS[m.lastindex - 2]
    assert (got_kind, got_unit) == (kind, unit)


def test_scales_and_currencies_fold_to_one_name() -> None:
    assert SCALES["bn"] == SCALES["billion"] == "billion"
    assert CURRENCY["¥"] == CURRENCY["rmb"] == "CNY"
