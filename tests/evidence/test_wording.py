"""Negation, direction and strength: one claim against its evidence sentence."""

from __future__ import annotations

from citelint.evidence import wording

SOURCE = "The response rate was higher with trametinib (22% vs. 8%) and rash did not differ."


def test_polarity_counts_negations_of_shared_words() -> None:
    assert wording.polarity("Rash did not differ at all.", SOURCE) is None
    assert wording.polarity("Rash differed.", SOURCE) == (0, "drops")
    assert wording.polarity("The response rate was not higher.", SOURCE) == (22, "adds")
    assert wording.polarity("It was not a dog.", SOURCE) is None  # about nothing shared


def test_direction_by_words_and_by_the_claims_own_figures() -> None:
    assert wording.direction("The rate was lower with trametinib.", SOURCE) == (
        13,
        "lower",
        "higher",
    )
    assert wording.direction("The rate was higher with trametinib.", SOURCE) is None
    plain = "The rate was 22% with trametinib and 8% with chemotherapy."
    assert wording.direction("It was lower with trametinib (22% vs. 8%).", plain) == (
        7,
        "lower",
        "22 vs. 8",
    )
    assert wording.direction("It was higher with trametinib (22% vs. 8%).", plain) is None
    assert wording.direction("It was lower with trametinib.", plain) is None  # no figures


def test_overclaim_needs_a_dropped_hedge_and_a_stated_verb_or_cause() -> None:
    source = "Exposure may prolong survival; it was associated with rash."
    assert wording.overclaim("Exposure prolongs survival.", source) == "may"
    assert wording.overclaim("Exposure may prolong survival.", source) == ""
    assert wording.overclaim("Exposure caused rash.", source) == "may"
    assert wording.overclaim("Rash was seen.", source) == ""
    planned = "Tests were to confirm the assumptions; the drug is to be approved in 2026."
    assert wording.overclaim("Tests confirmed the assumptions.", planned) == "were to"
    assert wording.overclaim("The drug was approved in 2026.", planned) == "is to"
    assert wording.overclaim("Tests were to confirm the assumptions.", planned) == ""


def test_negation_scope_is_the_clause_that_holds_the_numbers() -> None:
    source = "No athletes met the target in the 2 h before and only 24% met it during matches."
    assert wording.polarity("Only 24% met the target during matches.", source) is None
    assert wording.polarity("Only 24% did not meet the target during matches.", source)


def test_a_prefix_is_a_negation_said_another_way() -> None:
    source = "A 97% success rate on nondifficult venous access participants."
    assert wording.polarity("97% in participants without difficult venous access.", source) is None
    assert wording.polarity("97% in participants with difficult venous access.", source) == (
        0,
        "drops",
    )
    both = "Non-targeted and targeted vertebrae gained 4% in density."
    assert (
        wording.polarity("Targeted and non-targeted vertebrae gained 4% in density.", both) is None
    )


def test_a_hedge_that_names_a_class_is_no_hedge() -> None:
    source = "Likely pathogenic variants were found in 7% of patients."
    assert wording.overclaim("Pathogenic variants caused disease in 7% of patients.", source) == ""
    assert wording.overclaim("The drug improves survival.", "The drug may improve survival.")


def test_a_negation_the_source_says_in_another_sentence_is_said() -> None:
    source = (
        "In New York, the council under its mayor has banned citizens from giving food "
        "directly to homeless shelters. Donations are outlawed because the city can’t check "
        "their salt content."
    )
    claim = (
        "New York's council, under its mayor, banned citizens from giving food directly to "
        "homeless shelters because the city could not check the salt content."
    )
    assert wording.polarity(claim, source) is None
    # `(data not shown)` beside another finding negates nothing the claim says
    shown = "Studies have shown that TRα regulates growth. Levels were unchanged (data not shown)."
    assert wording.polarity("Studies have not shown that TRα regulates growth.", shown) == (
        13,
        "adds",
    )
