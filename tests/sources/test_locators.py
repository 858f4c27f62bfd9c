"""A locator that found nothing: the record's locators and the one a typo is close to."""

from __future__ import annotations

from typing import Any

import pytest

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


def test_one_question_of_many_records_is_answered_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cited record is probed for its notices (`retraction`, `concern`), and records
    of one kind share their locators: the close match is worked out once per (locator,
    locators), not once per probe, and each record still gets its own casing back."""
    import difflib

    from citelint.sources import locators

    asked: list[str] = []
    real = difflib.get_close_matches

    def counted(word: str, *args: Any, **kwargs: Any) -> list[str]:
        asked.append(word)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    locators._closest_at.cache_clear()
    for _ in range(500):
        assert closest("retraction", ("title", "abstract")) is None
    assert closest("abstarct", ("Title", "Abstract")) == "Abstract"
    assert closest("abstarct", ("title", "abstract")) == "abstract"
    assert asked == ["retraction", "abstarct"]
