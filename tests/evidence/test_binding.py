"""What each number of a claim is said of: moved numbers, one arm's value given for the
other, permuted copies and swapped groups (CL106)."""

from __future__ import annotations

from citelint.evidence.binding import moved, moved_measure, swapped_group
from citelint.evidence.grouped import grouped
from citelint.sources.model import NumberField

SOURCE = (
    "Median progression-free survival was 4.8 months in the trametinib group and "
    "1.5 months in the chemotherapy group."
)


def test_one_arms_value_given_for_the_other_is_moved() -> None:
    (found,) = moved(
        "Median progression-free survival was 1.5 months in the trametinib group.", SOURCE
    )
    assert found.number == "1.5" and "4.8 for" in found.says
    assert (
        moved("Median progression-free survival was 4.8 months in the trametinib group.", SOURCE)
        == ()
    )
    assert (
        moved("Median progression-free survival was 1.5 months in the chemotherapy group.", SOURCE)
        == ()
    )


def test_a_number_of_another_shape_is_never_taken_for_the_other_arm() -> None:
    source = "A 4-fold rise at baseline or a titer of 0.1 IU/ml counted as a response."
    assert moved("A titer of 0.1 IU/ml at baseline counted as a response.", source) == ()


def test_punctuation_alike_is_no_copied_sentence() -> None:
    source = "Four phenotypes: sensitive to both (17%), resistant to both (67%), and others (16%)."
    claim = (
        "Resistance to both was the commonest phenotype (67%), while 17% were sensitive to both."
    )
    assert moved(claim, source) == ()


def test_a_group_swapped_for_one_the_record_names_elsewhere() -> None:
    span = "Levels were measured in the liver. Levels fell in both sexes (p = 0.002)."
    evidence = "Levels fell in both sexes (p = 0.002)."
    (found,) = swapped_group("Levels fell in liver sexes (p = 0.002).", evidence, span)
    assert "'liver'" in found.says and "'both'" in found.says
    assert swapped_group("Levels fell in adult sexes (p = 0.002).", evidence, span) == ()


def test_a_number_said_of_a_measure_its_window_never_names() -> None:
    span = (
        "Median progression-free survival was 4.8 months with trametinib. "
        "At 6 months, overall survival was 81% with trametinib."
    )
    window = "Median progression-free survival was 4.8 months with trametinib."
    (found,) = moved_measure(
        "Median overall survival was 4.8 months with trametinib.", window, span
    )
    assert "'overall'" in found.says and "81" in found.says
    assert moved_measure("Median progression-free survival was 4.8 months.", window, span) == ()
    far = "Trametinib improved overall survival in the phase 3 trial."
    assert moved_measure(far, "In this phase 3 trial, 322 patients.", span) == ()


def test_a_structured_value_said_of_another_result_group() -> None:
    fields = (
        NumberField("19.63", "value", "bmi", "1 Placebo"),
        NumberField("21.19", "value", "bmi", "2. Repaglinide"),
    )
    said = grouped("Mean BMI was 21.19 in the placebo group.", fields)
    assert said is not None and "'2. Repaglinide'" in said[1][0].says
    assert grouped("Mean BMI was 21.19 in the repaglinide group.", fields) is None
    # the subject before the number is not what the number is said of
    assert grouped("Repaglinide raised BMI from 19.63 to 21.19.", fields) is None
    assert grouped("Mean BMI was 21.19.", fields) is None
