"""A structured record's values against their groups and measures
(`citelint/evidence/grouped.py`)."""

from __future__ import annotations

from citelint.evidence.grouped import grouped
from citelint.sources.model import NumberField

BMI = "Body Mass Index (BMI) at Week 24"
GLUCOSE = "Change in 2 Hour Glucose at Week 24"
FIELDS = (
    NumberField("21.19", "m/0/0", BMI, "Repaglinide"),
    NumberField("19.63", "m/0/1", BMI, "Placebo"),
    NumberField("-1.2", "m/1/0", GLUCOSE, "Repaglinide"),
    NumberField("0.4", "m/1/1", GLUCOSE, "Placebo"),
)


def test_a_value_said_of_its_own_group_passes() -> None:
    assert grouped("The BMI at Week 24 was 21.19 in the Repaglinide group.", FIELDS) is None


def test_a_value_said_of_another_group_is_moved() -> None:
    claim = "The BMI at Week 24 was 21.19 in the Placebo group."
    found = grouped(claim, FIELDS)
    assert found is not None
    said, (moved,) = found
    assert said == "21.19: Repaglinide"
    assert (moved.at, moved.number) == (claim.index("21.19"), "21.19")
    assert (
        moved.says == "21.19 is said of 'Placebo' here, but the record measured it in 'Repaglinide'"
    )


def test_a_value_said_of_another_measure_is_moved() -> None:
    claim = "The change in 2 hour glucose at Week 24 was 21.19 in the Repaglinide group."
    found = grouped(claim, FIELDS)
    assert found is not None
    assert found[1][0].says == (
        "21.19 is not what the record gives for this measure; it gives -1.2 and 0.4 there"
    )


def test_numbers_that_name_are_not_stated_values() -> None:
    """`Week 24`, `(2 hour glucose)`: numbers the claim names its measure with."""
    assert grouped("Glucose (2 hour) fell by -1.2 in the Repaglinide group.", FIELDS) is None
    assert grouped("At Week 24 the BMI was 19.63 in the Placebo group.", FIELDS) is None
    # a second value's clause names no measure of the first
    claim = "The BMI at Week 24 was 21.19 with Repaglinide and 19.63 with Placebo."
    assert grouped(claim, FIELDS) is None
