"""A source line's items that name an entry, no year given, cite it (`listed.py`)."""

from __future__ import annotations

import pytest

from citelint.read.citations.listed import listed, lists_sources
from citelint.read.citations.narrative import Narrators

ENTRIES = (
    ("1", "Britannica. (2023). *History of the printing press*. https://b.example/press"),
    ("2", "Smith, J. (2019). *Books before Luther*. Oxford: Example Press."),
    ("3", "Wikipedia. (2024). *Printing in Venice*. https://w.example/venice"),
    ("4", "Wikipedia. (2024). *Aldine Press*. https://w.example/aldine"),
)


def _listed(text: str) -> list[tuple[str, str]]:
    return [(k, text[b:e]) for k, b, e in listed(Narrators(ENTRIES), text)]


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        # a name and the title the entry gives, and the item with a year left to prose_years
        (
            "Sources: Britannica – History of the printing press; Smith (2019)",
            [("1", "Britannica – History of the printing press")],
        ),
        ("**Source:** Britannica", [("1", "Britannica")]),  # the name alone
        (
            "来源：Britannica: History of the printing press",
            [("1", "Britannica: History of the printing press")],
        ),
        # a name two entries lead with: the title tells which; alone, it names both
        ("Sources: Wikipedia – Aldine Press", [("4", "Wikipedia – Aldine Press")]),
        ("Sources: Wikipedia", [("3", "Wikipedia"), ("4", "Wikipedia")]),
    ],
)
def test_an_item_of_a_source_line_cites_the_entries_it_names(
    text: str, cited: list[tuple[str, str]]
) -> None:
    assert _listed(text) == cited


@pytest.mark.parametrize(
    "text",
    [
        "Sources: Britannica – Steam engines",  # a title the entry does not give
        "Sources: Britannica – History of the print",  # `print` is no word of the title
        "Sources: author's analysis; Smith (2019)",  # no entry leads with it
        "Britannica – History of the printing press",  # no source label: prose
        "The sources: Britannica",  # the label does not open the line
    ],
)
def test_an_item_naming_no_entry_or_a_line_with_no_label_cites_nothing(text: str) -> None:
    assert _listed(text) == []


def test_the_cheap_look_sees_a_source_line_with_no_parenthesis() -> None:
    assert lists_sources("Sources: Britannica") and not lists_sources("Britannica sources")
    assert Narrators(ENTRIES).reads("Sources: Britannica")
