"""CL204's reading of a report's own abbreviations (its findings are the fixtures')."""

from __future__ import annotations

import pytest

from citelint.rules.cl204_deferred_work import DEFAULT_PHRASES, defined_abbreviations


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("### 4.1 Track-Before-Detect (TBD) Techniques", {"TBD"}),
        ("Time Based Delivery (TBD) is used on every route.", {"TBD"}),
        ("Launch date: To Be Determined (TBD).", set()),  # the deferral, spelled out
        ("The owner is TBD.", set()),
        ("See the budget table (TBD).", set()),  # initials `stb`: no definition
        ("Technical Debt Overview (TODO)", set()),  # four letters, three words
    ],
)
def test_an_abbreviation_the_report_defines(text: str, named: set[str]) -> None:
    assert defined_abbreviations(text, DEFAULT_PHRASES) == named
