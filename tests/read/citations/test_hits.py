"""Citation hits and the reference numbers a list names."""

from __future__ import annotations

from citelint.read.citations.hits import CitationHit, Style, expand


def test_a_list_of_numbers_names_each_and_a_range_its_members() -> None:
    assert expand("1, 3-5") == ["1", "3", "4", "5"]
    assert expand("2–200") == ["2", "200"]  # past 50: its two ends
    assert expand("12345") == []  # no reference list is that long
    assert expand("1,1") == ["1"]


def test_a_hit_groups_by_its_own_range() -> None:
    hit = CitationHit(Style.NUMBERED, "ref", "3", None, 10, 13, "[3]")
    assert hit.group == (10, 13) and hit.mask and Style("url") is Style.URL
