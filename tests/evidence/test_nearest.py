"""The span's nearest value to a missing one: same kind, unit or noun, and decimals."""

from __future__ import annotations

import pytest

from citelint.evidence.nearest import nearest
from citelint.evidence.spans import Evidence
from citelint.ground.tokens import numeric_tokens
from citelint.sources.model import Span


@pytest.mark.parametrize(
    ("claimed", "said"),
    [
        ("Median OS was 22.4 months.", "21.4 months"),  # the likeliest misread
        ("Response was 25.5%.", "25.4%"),
        ("The trial ran in 11 countries.", "12 countries"),
        ("It ran 5.8 months.", None),  # `6 months` is written to other decimals
        ("It ran 10 experiments.", None),  # a count of another noun
        ("Median OS was 40.1 months.", None),  # nothing within a fifth
    ],
)
def test_the_nearest_value_the_span_gives(claimed: str, said: str | None) -> None:
    source = (
        "Patients came from 12 countries. At 6 months, median OS was 21.4 months; "
        "response 25.4% and 30.2%."
    )
    idx = Evidence().index(Span("/s.txt", None, source))
    (claim,) = [t for t in numeric_tokens(claimed) if t.kind != "date"]
    found = nearest(claim, idx)
    assert (found.text if found else None) == said
