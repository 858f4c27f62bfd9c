"""Ranges: merged, met by bisection; hits inside an earlier one left out."""

from __future__ import annotations

from citelint.read.citations.hits import CitationHit
from citelint.read.citations.ranges import (
    inside,
    masks_within,
    merged,
    overlaps,
    without_overlaps,
)


def test_ranges_merge_and_are_met_by_bisection() -> None:
    ranges = merged([(10, 12), (0, 3), (2, 5), (5, 6)])
    assert ranges == [(0, 6), (10, 12)]
    assert overlaps(4, 8, ranges) and overlaps(11, 20, ranges)
    assert not overlaps(6, 10, ranges) and not overlaps(12, 13, ranges)


def test_a_hit_inside_an_earlier_one_is_no_second_citation() -> None:
    def hit(style: str, key: str, start: int, end: int) -> CitationHit:
        return CitationHit(style, "ref", key, None, start, end, f"[{key}]")

    run = [hit("numbered", "1", 0, 5), hit("numbered", "2", 0, 5)]  # `[1,2]`: one group
    inner = hit("identifier", "9", 1, 3)
    after = hit("url", "x", 6, 9)
    assert without_overlaps([*run, inner, after]) == [*run, after]


def test_a_place_inside_sorted_spans_and_the_masks_within_a_sentence() -> None:
    spans = [(2, 5), (9, 12)]
    assert [at for at in range(14) if inside(spans, at)] == [2, 3, 4, 9, 10, 11]
    assert masks_within(spans, 2, 10) == ((0, 3), (7, 8))  # from `begin` on, cut at `stop`
    assert masks_within(spans, 4, 10) == ((5, 6),)  # one that starts before `begin`: not its
    assert masks_within((), 0, 10) == ()
