"""Folding and positions."""

from __future__ import annotations

from citelint.ground.tokens import (
    numeric_tokens,
)


def test_positions_point_into_the_original_text() -> None:
    text = "中位ＰＦＳ为４．８个月"
    (token,) = numeric_tokens(text)
    assert text[token.start : token.end] == "４．８个月"


def test_blank_keeps_positions() -> None:
    from citelint.ground.tokens import blank

    assert blank("Rate 5% [12].", [(8, 12)]) == "Rate 5%     ."
    assert blank("as is", []) == "as is"
