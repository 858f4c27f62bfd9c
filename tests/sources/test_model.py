"""The source model: spans, typed failures, how line ranges read."""

from __future__ import annotations

from citelint.sources.model import Failure, FailureKind, describe_lines


def test_line_ranges_read_the_same_everywhere() -> None:
    assert describe_lines(3, 3) == "line 3"
    assert describe_lines(3, None) == "line 3"
    assert describe_lines(3, 7) == "lines 3-7"


def test_failures_carry_a_kind_not_a_rule_code() -> None:
    failure = Failure(FailureKind.UNSAFE_PATH, "leads outside", "/x")
    assert failure.kind is FailureKind.UNSAFE_PATH and failure.path == "/x"
    assert {k.value for k in FailureKind} == {
        "no-source",
        "no-locator",
        "unsafe-path",
        "unreadable",
        "dangling",
        "unsaved",
        "nonexistent",
    }
