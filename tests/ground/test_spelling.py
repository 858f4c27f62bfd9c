"""Did you mean: one helper, edits with neighbour swaps, case and `_`/`-` folded."""

from __future__ import annotations

import pytest

from citelint.ground.spelling import closest, did_you_mean, distance


@pytest.mark.parametrize(
    ("a", "b", "edits"),
    [
        ("pmid", "pmid", 0),
        ("pmdi", "pmid", 1),  # a swap of neighbours is one edit
        ("fecth", "fetch", 1),
        ("selet", "select", 1),
        ("CL1O1", "CL101", 1),
        ("abc", "", 3),
        ("kitten", "sitting", 3),
    ],
)
def test_distance(a: str, b: str, edits: int) -> None:
    assert distance(a, b) == edits


def test_closest_is_near_enough_for_the_names_length() -> None:
    assert closest("pmdi", ["pmid", "nct", "web"]) == ["pmid"]
    assert closest("CL999", ["CL009", "CL903"]) == []  # two edits on a short code: no guess
    assert closest("missing-anchr", ["missing-anchor", "malformed-anchor"]) == ["missing-anchor"]
    assert closest("Fail_On", ["fail-on", "fail-under"]) == ["fail-on"]


def test_did_you_mean_names_the_nearest_or_nothing() -> None:
    assert did_you_mean("--selet", ["--select", "--ignore"]) == "; did you mean '--select'?"
    assert did_you_mean("zzz", ["--select"]) == ""
