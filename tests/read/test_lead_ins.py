"""Lead-ins to the author's own lists, read by their form."""

from __future__ import annotations

from citelint.read.lead_ins import definitions_lead, recommends_lead, reports_result


def test_a_lead_in_to_the_reports_own_definitions() -> None:
    assert definitions_lead("The key definitions used throughout this report:")
    assert definitions_lead("Terminology:") and definitions_lead("本报告采用的定义如下：")
    # not a lead-in: a sentence about definitions, a label with its text after the colon,
    # another word for terms
    assert not definitions_lead("The definitions changed in 2021, when 4.2 million moved.")
    assert not definitions_lead("Definition: cases rose 12% in 2021.")
    assert not definitions_lead("In financial terms:")


def test_a_lead_in_to_the_authors_recommended_design() -> None:
    assert recommends_lead(
        "Based on the literature, the following optimized pipeline is recommended for Component 1:"
    )
    assert recommends_lead("We recommend the following steps:")
    assert recommends_lead("I would recommend these three tools:")
    # someone else's recommendation, reported; a recommendation stated, not a lead-in; a
    # bare label
    assert not recommends_lead("The following doses are recommended by the WHO:")
    assert not recommends_lead("Two regimens are recommended in the 2023 guideline:")
    assert not recommends_lead("Screening is recommended for adults aged 50 to 75 years.")
    assert not recommends_lead("Recommended:")


def test_an_item_under_a_recommendation_that_reports_a_result() -> None:
    assert reports_result("Pose estimation: the model reached 91% accuracy on the benchmark.")
    assert reports_result("It outperformed the baseline by 4 points.")
    assert not reports_result("Pose estimation: a 17-keypoint skeleton per player.")
