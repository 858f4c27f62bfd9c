"""A locator that found nothing: the record's locators and the one a typo is close to."""

from __future__ import annotations

from citelint.sources.locators import closest, unknown_locator
from citelint.sources.model import Failure, FailureKind


def test_an_unknown_locator_names_the_records_and_the_closest() -> None:
    known = ("title", "abstract", "methods", "results")
    failed = Failure(FailureKind.NO_LOCATOR, "no field 'abstarct'", "r.xml")
    assert unknown_locator(failed, "abstarct", known).message == (
        "no field 'abstarct' (locators: title, abstract, methods, results); "
        "did you mean 'abstract'?"
    )
    assert closest("RESLUTS", known) == "results"  # case aside
    assert closest("discussion", known) is None
    assert closest("line:40-50", ("line:4-5",)) is None  # a line range is no typo
    many = tuple(f"s{i}" for i in range(20))
    assert unknown_locator(failed, "x", many).message.endswith("s10, s11, …)")
