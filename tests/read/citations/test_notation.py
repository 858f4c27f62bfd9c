"""Bracketed numbers that are a notation: a variant's repeat count, a code's parameters."""

from __future__ import annotations

import pytest

from citelint.read.citations.notation import notation


@pytest.mark.parametrize(
    ("text", "bracket", "is_notation"),
    [
        ("The variant c.97GCC[9]+[10] recurs.", "[9]", True),
        ("p.Ala33[9] recurs.", "[9]", True),
        ("As noted in c.[3]", "[3]", False),  # a lone `c.` names no variant
        ("It uses a [[102, 22, 9]] code.", "[102, 22, 9]", True),
        ("Gates reach 99.9% [[3]](https://x.example/a).", "[3]", False),  # a link's text
        ("Gates reach 99.9% [3].", "[3]", False),
        ("[3] opens the line.", "[3]", False),
    ],
)
def test_a_notation_in_brackets(text: str, bracket: str, is_notation: bool) -> None:
    start = text.index(bracket)
    assert notation(text, start, start + len(bracket)) is is_notation
