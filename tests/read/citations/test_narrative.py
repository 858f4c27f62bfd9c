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


BIRDS = (
    ("1", 'Bird Lighting Council. "Lights out for migration." https://a'),
    ("2", 'Birdwatch Wiki. "Bird migration." https://b'),
    ("3", 'Birdwatch Wiki. "Magnetoreception." https://c'),
    ("4", "Kramer G, Hall T. Experiments on bird orientation. 1957. https://d"),
)


def test_a_name_and_year_in_parentheses_cite_the_one_entry_of_that_name() -> None:
    text = "Most migrate at night (Bird Lighting Council, 2025)."
    ((key, start, end),) = Narrators(BIRDS).cite_dated(text)
    assert key == "1" and text[start:end] == "Bird Lighting Council, 2025"
    # `et al.`, a second author and `n.d.` aside, the first name is looked up
    for cited in ("(Kramer et al., 1957)", "(Kramer and Hall, 1957)", "(Kramer, n.d.)"):
        assert [k for k, _, _ in Narrators(BIRDS).cite_dated(f"It turned {cited}.")] == ["4"]


def test_an_item_naming_several_entries_joins_the_citation_beside_it() -> None:
    text = "It cut collisions (Bird Lighting Council, 2025; Birdwatch Wiki, 2025)."
    ((key, start, end),) = Narrators(BIRDS).cite_dated(text)
    assert key == "1" and text[start:end] == "Bird Lighting Council, 2025; Birdwatch Wiki, 2025"
    text = "It cut collisions (Birdwatch Wiki, 2025; Kramer et al., 1957)."
    ((key, start, end),) = Narrators(BIRDS).cite_dated(text)
    assert key == "4" and text[start:end] == "Birdwatch Wiki, 2025; Kramer et al., 1957"


def test_no_entry_several_or_a_remark_cite_nothing() -> None:
    assert Narrators(BIRDS).cite_dated("It rose (Birdwatch Wiki, 2025).") == []
    assert Narrators(BIRDS).cite_dated("It rose (Night Sky Trust, 2025).") == []
    assert Narrators(BIRDS).cite_dated("It rose (see Kramer, 1957).") == []  # a remark
    assert Narrators(BIRDS).cite_dated("It rose (Kramer, 1957; as reviewed).") == []
    assert Narrators(BIRDS).cite_dated("It rose (Kramer: 1957).") == []  # `(PMID: 2003)`
    # a year the entry does not give: left as written, for CL104 to tell
    assert Narrators(BIRDS).cite_dated("It rose (Kramer, 1958).") == []
    # a name looked up twice is found twice: the index is read, never changed
    twice = "It rose (Kramer, 1957). It fell (Kramer, 1957)."
    assert [k for k, _, _ in Narrators(BIRDS).cite_dated(twice)] == ["4", "4"]


DRINKS = (
    ("1", 'MOJU Zero. "How Are Non-Alcoholic Drinks Made?" https://a'),
    ("2", 'SevenFifty Daily. "The Science Behind Non-Alcoholic Beer." https://b'),
    ("3", 'A Bar Above. "Guide to Craft Mocktails." https://c'),
    ("4", 'A Bar Above. "Mocktails 101." https://d'),
    ("5", 'The Oxford Companion to Spirits & Cocktails (via Spirits & Distilling). "M." https://e'),
    ("6", 'YouTube (Mocktails Masterclass). "Improve Your Cocktails." https://f'),
    ("7", "https://g.example.org/page. A page."),
)


def test_a_sources_name_alone_in_parentheses_cites_the_entries_it_leads() -> None:
    text = "It never exceeds 0.5% ABV (SevenFifty Daily)."
    ((key, start, end),) = Narrators(DRINKS).cite_named(text)
    assert key == "2" and text[start:end] == "SevenFifty Daily"
    both = "Tannins dry the palate (MOJU Zero; The Oxford Companion to Spirits & Cocktails)."
    assert [k for k, _, _ in Narrators(DRINKS).cite_named(both)] == ["1", "5"]
    shared = "Rich syrup is 2:1 (A Bar Above; YouTube Mocktails Masterclass)."
    assert [k for k, _, _ in Narrators(DRINKS).cite_named(shared)] == ["3", "4", "6"]
    assert [m for *_, m in Narrators(DRINKS).citations(text)] == [True]  # not a claim's words


def test_a_remark_in_parentheses_or_a_partial_name_cites_nothing() -> None:
    for remark in (
        "Bitters add depth (e.g., Fee Brothers).",
        "Shrubs add bite (SevenFifty).",  # not the whole name
        "Ginger burns (MOJU Zero, citing a lab).",  # an item that is not a name
        "Kombucha works (MOJU Zero; a blog).",  # every item must be a name
        "It is cheap (https).",  # a bare-link entry leads with no name
    ):
        assert Narrators(DRINKS).cite_named(remark) == [], remark
    many = tuple((str(k), f"Wikipedia. Page {k}. https://w/{k}") for k in range(1, 10))
    assert Narrators(many).cite_named("It grew (Wikipedia).") == []  # nine entries: no source
