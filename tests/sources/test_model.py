"""The source model: spans, typed failures."""

from __future__ import annotations

from citelint.sources.model import Failure, FailureKind


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
