"""Who a claim speaks of and against whom (`citelint/evidence/parties.py`)."""

from __future__ import annotations

from citelint.evidence.parties import comparator, population, ratio, roles, stems

SPAN = (
    "Selective BRAF-inhibitor therapy improves survival, as compared with chemotherapy. "
    "We randomly assigned 300 patients with BRAF V600 mutant melanoma to demotinib or "
    "chemotherapy in a 2:1 ratio. Patients in the chemotherapy group who had disease "
    "progression were permitted to cross over to demotinib."
)


def test_stems_count_a_hyphenated_word_whole_and_by_its_parts() -> None:
    assert stems("BRAF-inhibitor") == {"braf-inhibitor", "braf", "inhib"}
    assert stems("reduced") == stems("reduction")


def test_a_population_qualifier_the_source_never_says() -> None:
    claim = "Demotinib helped survival in patients with BRAF wild-type melanoma."
    [found] = population(claim, SPAN)
    assert (found.at, found.slot) == (claim.index("patients"), "population")
    assert found.says == (
        "it is said of 'patients with BRAF wild-type melanoma', but the source never says "
        "'wild-type'"
    )
    assert list(population("Survival was longer in patients with BRAF V600 melanoma.", SPAN)) == []


def test_a_comparator_other_than_the_windows() -> None:
    window = SPAN.split(". ")[0]
    claim = "Demotinib improves survival, as compared with selective BRAF-inhibitor therapy."
    [found] = comparator(claim, window)
    assert found.says == (
        "it compares with 'selective BRAF-inhibitor therapy', but the source compares with "
        "'chemotherapy'"
    )
    assert list(comparator("Survival improved as compared with chemotherapy.", window)) == []
    # `more than 40` bounds a count: it compares with nothing
    assert list(comparator("More than 40 patients were treated.", "than chemotherapy")) == []


def test_roles_the_other_way_round_around_a_shared_connective() -> None:
    window = SPAN.split(". ")[2]
    claim = "Patients in the demotinib group were permitted to cross over to chemotherapy."
    [found] = roles(claim, window)
    assert found.says == (
        "it has 'demotinib' before 'cross over to' and 'chemotherapy' after, but the source "
        "has them the other way round"
    )
    said = "Patients in the chemotherapy group were permitted to cross over to demotinib."
    assert list(roles(said, window)) == []


def test_a_ratios_arms_in_the_other_order() -> None:
    window = SPAN.split(". ")[1]
    [found] = ratio("Patients were assigned to chemotherapy or demotinib in a 2:1 ratio.", window)
    assert found.slot == "ratio" and "'demotinib' and 'chemotherapy' in that order" in found.says
    assert list(ratio("Patients were assigned to demotinib or chemotherapy (2:1).", window)) == []
    assert list(ratio("Patients were assigned to chemotherapy or demotinib (1:1).", window)) == []
