"""What one number is, read off the words around it."""

from __future__ import annotations

import re
from decimal import Decimal

from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.quantity import classify, decimal, is_strict_label, suffix


def test_a_number_reads_its_unit_scale_or_label_from_its_neighbours() -> None:
    def read(text: str) -> tuple[Decimal, Kind, str | None] | None:
        m = re.search(r"\d+(?:\.\d+)?", text)
        assert m is not None
        found = classify(text, m)
        return None if found is None else (found[0], found[1], found[2].unit)

    assert read("ORR 45%") == (Decimal(45), Kind.PERCENT, None)
    assert read("HR 0.45") == (Decimal("0.45"), Kind.STATISTIC, "HR")
    assert read("HER2") is None  # glued to letters: a name, no quantity
    assert read("at 10:30") is None  # a time of day


def test_labels_units_and_decimals() -> None:
    assert is_strict_label("ORR") and not is_strict_label("orr") and not is_strict_label("NCT")
    assert decimal("1,200.5") == Decimal("1200.5") and decimal("1.2.3") is None
    assert suffix("12 mg daily", 2).unit == "mg"


def test_an_age_at_an_event_is_a_duration_in_years() -> None:
    """`at age 99`, `at the age of 99`: an age stated, in years, though no unit follows;
    `aged 65` names a group as often as it states an age and stays bare."""
    from citelint.ground.tokens import numeric_tokens

    for text in ("He passed away in 2023 at age 99.", "She retired at the age of 65."):
        (age,) = [t for t in numeric_tokens(text) if t.kind is Kind.DURATION]
        assert age.unit == "year", text
    assert numeric_tokens("Adults aged 65 prefer short trips.") == []
