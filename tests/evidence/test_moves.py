"""A value moved to a claim from another place of its source (`citelint/evidence/moves.py`)."""

from __future__ import annotations

from citelint.evidence.moves import moved_value
from citelint.sources.model import Span
from tests.evidence.test_windows import SPAN


def test_a_value_moved_from_the_sentence_that_says_the_claim() -> None:
    claim = (
        "At 6 months, overall survival was 40% in the demotinib group and 65% in the "
        "chemotherapy group."
    )
    found = moved_value(claim, [SPAN])
    assert found is not None
    window, moved = found
    assert window.text.startswith("At 6 months, overall survival")
    assert moved == [(claim.index("40"), "40", "79")]


def test_a_value_the_source_never_gives_is_not_moved() -> None:
    """`5 months` is nowhere in the span (CL101 says so); it is not also a moved value,
    though a bare 5 might be somewhere."""
    claim = "Treatment was stopped within 5 months of baseline in 12 patients."
    assert moved_value(claim, [SPAN]) is None
    # the same sentence with the source's own values: nothing moved
    said = "Treatment was stopped within 4 months of baseline in 12 patients."
    assert moved_value(said, [SPAN]) is None


def test_the_sentence_holding_the_claims_values_wins_a_tie_of_words() -> None:
    text = (
        "The hazard ratio for disease progression or death was 0.42 (95% CI, 0.30 to 0.60). "
        "The hazard ratio for death was 0.52 (95% CI, 0.31 to 0.90)."
    )
    span = Span("a.xml", "abstract", text)
    assert (
        moved_value("The hazard ratio for death was 0.52 (95% CI, 0.31 to 0.90).", [span]) is None
    )
    claim = "The hazard ratio for death was 0.52 (95% CI, 0.30 to 0.90)."
    found = moved_value(claim, [span])
    assert found is not None and found[1] == [(claim.index("0.30"), "0.3", "0.31")]
