"""A claim and its window read as frames (`citelint/evidence/frames.py`): the probes of
wrong claims built from the right words, and their correct twins, slot by slot."""

from __future__ import annotations

import pytest

from citelint.evidence.frames import absence, direction, measure, mismatches, rank
from citelint.evidence.relations import check
from citelint.sources.model import Span

ABSTRACT = (
    "Selective BRAF-inhibitor therapy improves survival, as compared with chemotherapy, in "
    "patients with BRAF V600 mutant melanoma. In this phase 3 open-label trial, we randomly "
    "assigned 300 patients with BRAF V600 mutant melanoma to demotinib or chemotherapy in a "
    "2:1 ratio. Patients in the chemotherapy group who had disease progression were "
    "permitted to cross over to demotinib. Median progression-free survival was 5.2 months "
    "in the demotinib group and 1.9 months in the chemotherapy group (hazard ratio for "
    "disease progression or death, 0.42; P<0.001). At 6 months, overall survival was 79% in "
    "the demotinib group and 65% in the chemotherapy group (hazard ratio for death, 0.52; "
    "P=0.02). Rash and diarrhea were the most common toxic effects in the demotinib group. "
    "Decreased ejection fraction occurred in 6% of patients. Secondary skin neoplasms were "
    "not observed. Demotinib, as compared with chemotherapy, improved progression-free and "
    "overall survival among patients with BRAF V600 mutant melanoma."
)
SPAN = Span("a.xml", "abstract", ABSTRACT)

# (the wrong claim, its slot, its correct twin): every wrong one holds the source's words
PROBES = [
    (
        "Demotinib improved progression-free survival among patients with BRAF wild-type melanoma.",
        "population",
        "Demotinib improved progression-free survival among patients with BRAF V600 mutant "
        "melanoma.",
    ),
    (
        "Patients in the demotinib group were permitted to cross over to chemotherapy.",
        "roles",
        "Patients in the chemotherapy group were permitted to cross over to demotinib.",
    ),
    (
        "Patients were randomly assigned to chemotherapy or demotinib in a 2:1 ratio.",
        "ratio",
        "Patients were randomly assigned to demotinib or chemotherapy in a 2:1 ratio.",
    ),
    (
        "Decreased ejection fraction was the most common toxic effect.",
        "rank",
        "Rash and diarrhea were the most common toxic effects.",
    ),
    (
        "The hazard ratio for death was 0.42.",
        "measure",
        "The hazard ratio for death was 0.52.",
    ),
    (
        "Demotinib improved survival as compared with selective BRAF-inhibitor therapy.",
        "comparator",
        "Demotinib improved survival as compared with chemotherapy.",
    ),
    (
        "Demotinib caused secondary skin neoplasms.",
        "absence",
        "Secondary skin neoplasms were not observed.",
    ),
    (
        "Demotinib was inferior to chemotherapy in 300 patients.",
        "direction",
        "The trial randomly assigned 300 patients to demotinib or chemotherapy.",
    ),
]


@pytest.mark.parametrize(("wrong", "slot", "right"), PROBES, ids=[p[1] for p in PROBES])
def test_each_probe_is_caught_in_its_slot_and_its_twin_is_clean(
    wrong: str, slot: str, right: str
) -> None:
    caught = check(wrong, [SPAN])
    assert caught.evidence is not None, "the wrong claim has a window: its words are right"
    assert [m.slot for m in caught.frames] == [slot]
    clean = check(right, [SPAN])
    assert clean.evidence is not None and clean.frames == () and clean.moved == ()


def test_a_rank_given_to_another_or_to_nothing() -> None:
    window = "Rash and diarrhea were the most common toxic effects."
    [other] = rank("Nausea was the most common toxic effect.", window)
    assert other.says == (
        "it calls 'nausea' the most common, but the source says so of 'Rash and diarrhea'"
    )
    [none] = rank("Rash was the first toxic effect.", window)
    assert none.says == "it calls it the first, but the window ranks nothing so"


def test_a_direction_needs_a_value_and_a_window_stating_no_change() -> None:
    window = "We randomly assigned 300 patients to demotinib or chemotherapy."
    [found] = direction("Demotinib was superior in 300 patients.", window)
    assert (found.at, found.says) == (
        14,
        "it says 'superior', but the window states no change or comparison",
    )
    # no value: a reading of the window (`enhances the versatility`), not a measured change
    assert list(direction("Demotinib enhances the trial's reach.", window)) == []
    assert list(direction("Survival was higher in 300 patients.", "Survival was lower.")) == []


def test_something_the_window_says_was_not_seen() -> None:
    window = "Secondary skin neoplasms were not observed."
    [found] = absence("Demotinib caused secondary skin neoplasms.", window)
    assert found.at == len("Demotinib caused ")
    assert list(absence("No secondary skin neoplasms were seen.", window)) == []


def test_a_value_of_another_measure() -> None:
    window = "(hazard ratio for disease progression or death, 0.42; P<0.001)"
    [found] = measure("The hazard ratio for death was 0.42.", window, ABSTRACT)
    assert found.says == (
        "the source gives 0.42 for 'hazard ratio for disease progression or death' and 0.52 "
        "for 'hazard ratio for death'"
    )
    assert (
        mismatches("The hazard ratio for death was 0.52.", "hazard ratio for death, 0.52", ABSTRACT)
        == ()
    )


def test_a_second_value_of_a_list_shares_the_first_ones_measure() -> None:
    """`5.2 months in A and 1.9 months in B`: 1.9 is progression-free survival too, never
    a measure called `months`."""
    window = "Median progression-free survival was 5.2 months in the demotinib group and 1.9 months in the chemotherapy group."
    claim = "With chemotherapy, median progression-free survival was 1.9 months."
    assert list(measure(claim, window, ABSTRACT)) == []


def test_two_values_give_their_own_direction() -> None:
    window = "Median progression-free survival was 5.2 months with demotinib and 1.9 months with chemotherapy."
    claim = "Progression-free survival was longer with demotinib (5.2 vs. 1.9 months)."
    assert list(direction(claim, window)) == []


def test_a_rank_needs_its_subject_in_the_same_clause() -> None:
    """`took the first step … (the event is now marked …)`: the verb after the rank is a
    later clause's, so the rank is said of nothing the check can compare."""
    window = "The town voted for a charter in 1850."
    claim = "The town took the first step towards a charter when it voted (the event is now marked in May)."
    assert list(rank(claim, window)) == []
    assert len(list(rank("The vote was the first step.", window))) == 1  # a subject: checked


def test_first_before_a_participle_ranks_nothing() -> None:
    window = "The two branches formed after the war."
    assert list(rank("This split is first formed after the war.", window)) == []
    assert len(list(rank("This split is the first branch.", window))) == 1
    # `need` ends in -ed and is a noun: the rank stands
    assert len(list(rank("Rural clinics were the highest need.", window))) == 1


def test_a_dates_day_and_year_are_no_measures_values() -> None:
    window = "The charter was signed on May 2, 1850 (the day is now marked on May 4)."
    claim = "The charter was signed on May 2, 1850 and the day is now marked on May 4, 1850."
    assert list(measure(claim, window, window)) == []
