"""Narrative citations cite the one entry that names the body they quote."""

from __future__ import annotations

from citelint.read.citations.narrative import Narrators

ENTRIES = (
    ("1", 'American Association for Cancer Research (AACR). "Head and Neck Cancers." https://a'),
    ("2", "National Cancer Institute. Head and neck cancers. https://b"),
    ("3", "National Cancer Institute. Oral cancer. https://c"),
)


def test_a_name_or_its_acronym_that_one_entry_holds_cites_it() -> None:
    text = "According to the American Association for Cancer Research (AACR), 71,100 people."
    ((key, start, end),) = Narrators(ENTRIES).cite(text)
    assert key == "1" and text[start:end] == "American Association for Cancer Research (AACR)"
    assert [k for k, _, _ in Narrators(ENTRIES).cite("As reported by AACR, 5%.")] == ["1"]


def test_no_entry_or_several_cite_nothing() -> None:
    assert Narrators(ENTRIES).cite("According to the WHO, 5% of cases.") == []
    assert Narrators(ENTRIES).cite("According to the National Cancer Institute, 5%.") == []
    assert Narrators(ENTRIES).cite("According to AAC, 5%.") == []  # no whole word
