"""The entries' names: leading names, and authors with the date each gives itself."""

from __future__ import annotations

from citelint.read.citations.entry_names import AuthorDates, leads

ENTRIES = (
    ("1", "Kedify. (2025). Scaling on events. https://a"),
    ("2", "Kedify. (n.d.). Pricing. https://b"),
    ("3", "Acemoglu, D., & Restrepo, P. (2018). The race between man and machine."),
    ("4", "Acemoglu, D. (2021). Harms of AI."),
    ("5", 'Birdwatch Wiki. "Magnetoreception." https://c'),
)


def test_a_name_and_year_find_the_entries_their_authors_and_own_date_give() -> None:
    dates = AuthorDates(ENTRIES)
    assert dates.dated("Kedify", "2025") == ("1",)
    assert dates.dated("Kedify", "n.d.") == ("2",)
    assert dates.dated("Acemoglu and Restrepo", "2018") == ("3",)
    assert dates.dated("Acemoglu and Restrepo", "2021") == ()  # Restrepo is not of 2021's
    assert dates.dated("Birdwatch Wiki", "2025") == ()  # an entry that gives no date
    assert dates.dated("et al.", "2025") == ()  # no author's word


def test_an_entry_is_indexed_by_its_leading_name_and_that_name_without_its_remark() -> None:
    found = leads([("1", "SevenFifty Daily. Spirits."), ("2", "The Companion (via Spirits). X.")])
    assert found[("", "sevenfifty", "daily")] == {"1"}
    assert found[("", "the", "companion")] == {"2"}
