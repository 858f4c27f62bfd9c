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


HARBOURS = (
    ("1", "Tidewatch. (2024). *Silt in the outer basin*. https://a"),
    ("2", "Tidewatch. (n.d.). *How Tidewatch gauges the tide*. https://b"),
    ("3", "Port Ledger. (2025, May 3). *Dredging the north quay*. https://c"),
    ("4", "Port Ledger. (2025). *Berth fees compared*. https://d"),
    ("5", "Quay Notes. *Cranes of the harbour*. https://e"),
    ("6", "Quay Notes. *Tugs of the harbour*. https://f"),
)


def test_the_year_tells_apart_entries_that_lead_with_the_same_name() -> None:
    def keys(cited: str) -> list[str]:
        return [k for k, _, _ in Narrators(HARBOURS).cite_dated(f"Silt rose 12% {cited}.")]

    # `Tidewatch` is in both entries (and in the second one's title): the year picks one
    assert keys("(Tidewatch, 2024)") == ["1"]
    assert keys("(Tidewatch, n.d.)") == ["2"]
    # two entries under one name and one year: the writer cited one of them, both stand
    assert keys("(Port Ledger, 2025)") == ["3", "4"]
    assert keys("(Tidewatch, 2024; Port Ledger, 2025)") == ["1", "3", "4"]
    text = "Silt rose 12% (Port Ledger, 2025)."
    spans = {text[b:e] for _, b, e in Narrators(HARBOURS).cite_dated(text)}
    assert spans == {"Port Ledger, 2025"}
    # a year no entry under that name gives, or entries that give no date: no entry
    assert keys("(Tidewatch, 2019)") == []
    assert keys("(Quay Notes, 2025)") == []
    assert Narrators(HARBOURS).cite_cell("Port Ledger, 2025", 0) != []


def test_a_link_around_a_shared_name_and_year_is_the_one_entry_it_gives() -> None:
    text = "Dredging took 41 days (Port Ledger, 2025)."  # the link's label, as rendered
    begin, end = text.index("P"), text.index(")")
    narrators = Narrators(HARBOURS, {"3": ("https://c",), "4": ("https://d",)})
    assert [k for k, *_ in narrators.citations(text)] == ["3", "4"]
    # the link is the citation: entry 3 by its address, and not its namesake 4
    assert narrators.citations(text, [(begin, end, "https://c")]) == []


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


MEDIA = (
    ("1", "钛媒体. (2026, February 11). *智能体按效果付费*. https://a"),
    ("2", "腾讯云开发者社区. (2026, May 26). *招聘数据的5个发现*. https://b"),
    ("3", "NxCode. (2026, February 6). *SaaS pricing guide*. https://c"),
    ("4", "World Economic Forum. (2025). *The Future of Jobs Report 2025*. https://d"),
    ("5", "中国日报. (2026). *AI人才培养*. https://e"),
    ("6", "中国科学院. (2014). *受电弓滑板材料*. https://f"),
)


def test_a_chinese_report_cites_by_name_and_year_in_full_width_marks() -> None:
    for cited, key in (
        ("（NxCode, 2026）", "3"),
        ("（钛媒体，2026）", "1"),  # a full-width comma, no space
        ("（钛媒体, 2026；NxCode, 2026）", "1"),  # a full-width semicolon between items
        ("(钛媒体, 2026)", "1"),
    ):
        text = f"软件股蒸发2850亿美元市值{cited}。"
        found = Narrators(MEDIA).cite_dated(text)
        assert found and found[0][0] == key, cited
        assert "2850" not in text[found[0][1] : found[-1][2]]


def test_a_short_name_is_the_head_of_a_chinese_name_or_the_initials_of_an_english_one() -> None:
    def keys(cited: str) -> list[str]:
        return [k for k, _, _ in Narrators(MEDIA).cite_dated(f"岗位占比为60.87%{cited}。")]

    assert keys("（腾讯云, 2026）") == ["2"]  # the head of `腾讯云开发者社区`
    assert keys("（WEF, 2025）") == ["4"]  # the initials of `World Economic Forum`
    assert keys("（中国, 2026）") == []  # the head of two entries names neither
    assert keys("（网易, 2026）") == []  # no entry: the sentence stays a claim to cite
    assert keys("（美国，2024年）") == []  # a remark, no citation


def test_a_source_cell_of_names_and_years_cites_when_every_item_names_an_entry() -> None:
    cell = " NxCode, 2026 "
    ((key, start, end),) = Narrators(MEDIA).cite_cell(cell, 10)
    assert key == "3" and (start, end) == (11, 23)
    assert Narrators(MEDIA).cite_cell("NxCode, 2026; 网易, 2026", 0) == []
    assert Narrators(MEDIA).cite_cell("4.0x–8.0x ARR", 0) == []


def test_an_entry_gives_the_address_a_link_names() -> None:
    narrators = Narrators(MEDIA, {"3": ("https://www.nxcode.io/zh/guide/",)})
    assert narrators.gives("3", "https://www.nxcode.io/zh/guide")  # one page, two spellings
    assert not narrators.gives("3", "https://www.nxcode.io/zh/other")
    assert not narrators.gives("1", "https://www.nxcode.io/zh/guide")


COURTS = (
    ("1", "Euronews. (2023). “Shein embroiled in new lawsuit.” July 15, 2023. https://a"),
    ("2", "FashionINSTA. (2025). “AI fashion homogenization.” https://b"),
    ("3", "U.S. Copyright Office. (2025). “Copyright and AI, Part 2.” https://c"),
    ("4", "American Bar Association. (2026). “Fashion’s public domain.” *Landslide*. https://d"),
)


def test_a_date_before_the_year_a_secondary_citation_and_initials_cite() -> None:
    def keys(cited: str) -> list[str]:
        return [k for k, _, _ in Narrators(COURTS).cite_dated(f"It was filed {cited}.")]

    assert keys("(Euronews, July 2023)") == ["1"]  # a month, a day, a season: calendar words
    assert keys("(Euronews, July 15, 2023)") == ["1"]
    assert keys("(McKinsey, cited in FashionINSTA, 2025)") == ["2"]  # the work it was read in
    assert keys("(McKinsey, 2019, as cited in FashionINSTA, 2025)") == ["2"]  # its own year
    assert keys("(USCO, January 2025)") == ["3"]  # initials, `U.S.` two of them
    assert keys("(ABA Landslide, Winter 2026)") == ["4"]  # initials and a word of the entry
    assert keys("(ABA Journal, 2026)") == []  # a word the entry does not hold
    assert keys("(Euronews, Someday 2023)") == []  # no calendar word: a remark
    text = "It was filed (McKinsey, cited in FashionINSTA, 2025)."
    ((_, start, end),) = Narrators(COURTS).cite_dated(text)
    assert text[start:end] == "McKinsey, cited in FashionINSTA, 2025"


CLOSURE = (
    (
        "1",
        "Jedinger, A., & Masch, L. (2025). Need for cognitive closure. *Frontiers*, 2. https://a",
    ),
    ("2", "Kruglanski, A. W. (1989). Lay epistemics and human knowledge. Plenum Press."),
    ("3", "Kruglanski, A. W. (2004). The psychology of closed mindedness. Psychology Press."),
    ("4", "Kruglanski, A. W., & Webster, D. M. (1996). Motivated closing of the mind."),
)


def test_a_venue_after_the_year_and_several_years_of_one_name_cite() -> None:
    def cited(inner: str) -> list[tuple[str, str]]:
        text = f"It was modest ({inner})."
        return [(k, text[b:e]) for k, b, e in Narrators(CLOSURE).cite_dated(text)]

    venue = "Jedinger & Masch, 2025, Frontiers in Social Psychology"  # its italics read
    assert cited(venue) == [("1", venue)]  # the venue is the citation's, not a claim's
    assert cited("Jedinger & Masch, 2025, *Frontiers*") == [
        ("1", "Jedinger & Masch, 2025, *Frontiers*")
    ]
    assert cited("Kruglanski, 1989, 2004") == [
        ("2", "Kruglanski, 1989, 2004"),
        ("3", "Kruglanski, 1989, 2004"),
    ]
    assert cited("Kruglanski, 1989, 1993") == [("2", "Kruglanski, 1989, 1993")]  # 1993: none
    assert cited("Jedinger & Masch, 2025, 2019") == []  # a year the one entry does not give
    assert cited("Jedinger & Masch, 2025, p. 12") == []  # no venue: a remark, as before
