"""Citations that name no source: a kind of source and a date, or the writing tool's id."""

from __future__ import annotations

import pytest

from citelint.read.citations.dated import dated, source_ids
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


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("serving 3 billion users source_id:56661463563, with", ["56661463563"]),
        (
            "delayed source_id:9096d7f74c20987b8eed6b412e363a2c.",
            ["9096d7f74c20987b8eed6b412e363a2c"],
        ),
        ("the field source_id:12 in the schema", []),  # too short to be a store's id
        ("a_source_id:56661463563", []),  # glued to a word
        ("source_id:56661463563x", []),
    ],
)
def test_the_writing_tools_own_source_ids(text: str, found: list[str]) -> None:
    block = BlockText(text, (), (), False, ())
    assert [h.id for h in source_ids(None, block)] == found
