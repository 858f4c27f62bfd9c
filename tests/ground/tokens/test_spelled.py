"""Numbers spelled as words: any on a source; on a claim, counts before a counted noun."""

from __future__ import annotations

from decimal import Decimal

import pytest

from citelint.evidence.spans import Evidence
from citelint.ground.tokens import numeric_tokens
from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.spelled import spelled_numbers
from citelint.sources.model import Span


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("from five independent experiments", [5]),
        ("Forty-two of the variants", [42]),
        ("twenty one", [20, 1]),  # only a hyphen joins tens and ones
        ("Nineteen and ninety", [19, 90]),
        ("someone, one-third, fivefold", []),  # inside words and compounds: not numbers
    ],
)
def test_spelled_numbers(text: str, values: list[int]) -> None:
    assert [v for _, _, v in spelled_numbers(text)] == [Decimal(v) for v in values]


def test_a_cited_span_states_them_a_claim_checks_its_counts() -> None:
    text = "from five independent experiments"
    span = Span("s.md", None, text)
    assert [(t.text, t.kind) for t in Evidence().index(span).numbers[Decimal(5)]] == [
        ("five independent experiments", Kind.COUNT),
        ("five", Kind.BARE),
    ]
    (count,) = numeric_tokens(text)
    assert (count.value, count.kind, count.spelled) == (Decimal(5), Kind.COUNT, True)
    assert numeric_tokens("five of them") == numeric_tokens("one patient") == []
