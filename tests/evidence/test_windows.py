"""The evidence window (`citelint/evidence/windows.py`): a claim's values and its words in
one run of sentences, why a claim has none, and a value moved from another sentence."""

from __future__ import annotations

from citelint.evidence.windows import coverage, find_evidence, why_none
from citelint.sources.model import Span

TEXT = (
    "Dated: January 9, 2024. "
    "Median progression-free survival was 5.2 months in the demotinib group and 1.9 months "
    "in the chemotherapy group. "
    "At 6 months, overall survival was 79% in the demotinib group and 65% in the chemotherapy "
    "group. "
    "Rash occurred in 40% of patients. "
    "Treatment was stopped within 4 months of baseline in 12 patients."
)
SPAN = Span("a.xml", "abstract", TEXT)


def test_a_window_needs_the_claims_words_as_well_as_its_values() -> None:
    said = find_evidence("Overall survival was 79% with demotinib.", [SPAN])
    assert said is not None and said.text.startswith("At 6 months, overall survival")
    # 40% is in the span, but in a sentence that says nothing of death or risk
    assert find_evidence("Demotinib reduced the risk of death by 40%.", [SPAN]) is None
    reason = why_none("Demotinib reduced the risk of death by 40%.", [SPAN])
    assert reason == "the window that holds its numbers holds 25% of its words"
    assert why_none("It enrolled 999 patients.", [SPAN]) == "no window holds its numbers"


def test_a_year_alone_finds_no_window() -> None:
    assert find_evidence("Published in 2024.", [SPAN]) is None
    assert why_none("Published in 2024.", [SPAN]) == "only a year matched (2024)"


def test_an_abbreviation_is_held_where_first_letters_spell_it() -> None:
    claim = "PFS was 5.2 months with demotinib."
    found = find_evidence(claim, [SPAN])
    assert found is not None and found.text.startswith("Median progression-free")
    assert coverage(claim, found.text) == 100
    # two capitals that no run of first letters spells are not held
    assert coverage("XQ was 5.2 months with demotinib.", found.text) < 100


def test_a_pages_furniture_and_back_matter_hold_no_window() -> None:
    """A dateline, an arXiv header and the references after their heading never find a
    window, nor carry one; a body sentence that starts with the same word does."""
    page = (
        "Dated: January 9, 2024\n"
        "arXiv:2401.12345v2 [cs.CL] 9 Jan 2024\n"
        "Published data show the shipment reached 12 stations on Mars.\n"
        "References\n"
        "[1] Smith J. Shipment counts of 40 stations on Mars (2023)."
    )
    span = Span("page.html", "", page)
    said = find_evidence("The shipment reached 12 stations on Mars.", [span])
    assert said is not None and said.text.startswith("Published data")
    assert find_evidence("Shipment counts of 40 stations on Mars.", [span]) is None
    assert find_evidence("Released on January 9 with 12345 downloads.", [span]) is None


def test_sentence_ends_are_the_ones_of_the_pattern_with_the_stop_tested_last() -> None:
    # the stop's look-behind moved in front of the abbreviations' for speed: a conjunction
    # at one position, so every end found is the one the former order found
    import random
    import re

    from citelint.evidence.windows import _SENTENCE_END

    former = re.compile(
        r"(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bet al\.)(?<=[.!?])\s+|(?<=[。！？])|\n+"
    )
    pieces = ["vs.", "e.g.", "i.e.", "et al.", " al.", " ", "\t", "\n", "。", "！", "a", "1", "."]
    rng = random.Random(40)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 24)))
        spans = [m.span() for m in _SENTENCE_END.finditer(text)]
        assert spans == [m.span() for m in former.finditer(text)], text
