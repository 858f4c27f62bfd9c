"""Citations that name a kind of source and a date, not the source."""

from __future__ import annotations

import pytest

from citelint.read.citations.dated import dated
from citelint.read.citations.hits import BlockText


def _found(text: str) -> list[tuple[str, str, str]]:
    block = BlockText(text, (), (), False, ())
    return [(h.type, h.id, text[h.start : h.end]) for h in dated(None, block)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Up 5% [news (2025-06-23)]", [("dated", "news (2025-06-23)", "[news (2025-06-23)]")]),
        ("Pending ([journal (2023-12)]).", [("dated", "journal (2023-12)", "[journal (2023-12)]")]),
        (
            "Suit [unknown (unknown)]:item:7F",
            [("dated", "unknown (unknown)", "[unknown (unknown)]")],
        ),
        ("Blocked [forum (2024)]", [("dated", "forum (2024)", "[forum (2024)]")]),
        ("Rose [Smith (2020)]", []),  # an author and year: a name, read with the list
        ("See [figure (left)]", []),  # no date in the parentheses
        ("Rate [news(2025-06-23)]", []),  # the shape has its space
    ],
)
def test_a_kind_and_a_date_in_brackets(text: str, found: list[tuple[str, str, str]]) -> None:
    assert _found(text) == found
