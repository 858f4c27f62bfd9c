"""A list closed by its citation covers its items and its lead-in; nothing else does."""

from __future__ import annotations

from citelint.read.parse import Parser


def _cited(text: str) -> list[tuple[str, list[str], bool]]:
    doc = Parser().parse("r.md", text.encode())
    return [(s.text, [a.text for a in s.anchors], s.borrowed) for s in doc.sentences]


CLOSED = (
    "A meta-analysis reported probiotics reduced:\n\n- surgical site infection (OR 0.44);\n"
    "- sepsis (OR 0.5);\n- and antibiotic days [[61]](https://pubmed.ncbi.nlm.nih.gov/1/).\n"
)


def test_a_list_closed_by_its_citation_lends_it_to_its_items_and_lead_in() -> None:
    link = ["https://pubmed.ncbi.nlm.nih.gov/1/"]
    assert _cited(CLOSED) == [
        ("A meta-analysis reported probiotics reduced:", link, True),
        ("surgical site infection (OR 0.44);", link, True),
        ("sepsis (OR 0.5);", link, True),
        ("and antibiotic days [61].", link, False),
    ]


def test_without_a_lead_in_the_items_borrow_and_the_paragraph_before_does_not() -> None:
    no_lead = CLOSED.replace("reduced:", "reduced several outcomes.")
    link = ["https://pubmed.ncbi.nlm.nih.gov/1/"]
    assert [anchors for _, anchors, _ in _cited(no_lead)][:3] == [[], link, link]


def test_a_list_cited_on_its_first_item_lends_it_to_the_items_on_its_subject() -> None:
    text = (
        "Key results:\n\n- KEYNOTE-048 enrolled 882 patients [1].\n"
        "- In KEYNOTE-048, grade 3 events were 55%.\n- Cetuximab was approved in 2006.\n"
    )
    assert [(a, b) for _, a, b in _cited(text)] == [
        ([], False),
        (["[1]"], False),
        (["[1]"], True),
        ([], False),  # another subject: it asks for its own citation
    ]
    middle = "- ORR was 36%.\n- Median duration was 23.4 months [1].\n- Grade 3 55%.\n"
    assert [a for _, a, _ in _cited(middle)] == [[], ["[1]"], []]  # cited in the middle


def test_a_nested_list_is_led_in_by_the_item_above_it() -> None:
    text = (
        "- Approved in 2017 [1].\n- Main barriers:\n  - only 14.4% share data;\n"
        "  - access is uneven [2].\n"
    )
    assert [a for _, a, _ in _cited(text)] == [["[1]"], ["[2]"], ["[2]"], ["[2]"]]


def test_items_that_cite_or_anchors_lend_nothing() -> None:
    own = CLOSED.replace("(OR 0.5);", "(OR 0.5) [[2]](https://example.org/2);")
    assert [anchors for _, anchors, _ in _cited(own)][1] == []
    anchored = "Results:\n\n- PFS 4.8 months;\n- OS 81% [pmid:1:abstract].\n"
    assert [anchors for _, anchors, _ in _cited(anchored)][:2] == [[], []]


FLAT = (
    "Our summary draws on the last ~15 years of trials. Key conclusions:\n\n"
    "Waits fell by 18 minutes. [1]\n\nCallbacks rose to 90%. [2]\n\nStaffing held. [2]\n\n"
    "Costs were not reported.\n\n## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"
)


def test_a_list_written_as_cited_paragraphs_lends_their_citations_to_its_lead_in() -> None:
    cited = _cited(FLAT)
    assert cited[:2] == [
        ("Our summary draws on the last ~15 years of trials.", [], False),
        ("Key conclusions:", ["[1]", "[2]"], True),  # each citation once
    ]
    # one cited paragraph after a colon is a paragraph, not a list: it lends nothing
    single = FLAT.replace("Callbacks rose to 90%. [2]\n\nStaffing held. [2]\n\n", "")
    assert _cited(single)[1] == ("Key conclusions:", [], False)


def test_a_citation_that_names_no_source_lends_nothing() -> None:
    # GPT-5's `- Comments: … [news (2025-06-06)]` closing a list: the items before it are
    # not thereby cited (`- Frequency: … a user base over 100 M …` asks for its own)
    text = (
        "- Users over 100 M.\n- Breaches rose to 2.\n- Storage amplifies it [news (2025-06-06)].\n"
    )
    assert [(t, a) for t, a, _ in _cited(text)] == [
        ("Users over 100 M.", []),
        ("Breaches rose to 2.", []),
        ("Storage amplifies it [news (2025-06-06)].", ["[news (2025-06-06)]"]),
    ]


def test_a_sentence_written_across_a_list_is_cited_by_the_paragraph_that_ends_it() -> None:
    text = (
        "The trial showed that salt substitution over 4.7 years reduced:\n\n"
        "- stroke by 14%\n- death by 12%\n\nwith no increase in adverse events [3].\n\n"
        "## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n3. C. PMID: 3\n"
    )
    cited = [(t, a) for t, a, _ in _cited(text) if "References" not in t][:4]
    assert cited == [
        ("The trial showed that salt substitution over 4.7 years reduced:", ["[3]"]),
        ("stroke by 14%", ["[3]"]),
        ("death by 12%", ["[3]"]),
        ("with no increase in adverse events [3].", ["[3]"]),
    ]
    # a new sentence after the list, or a list with no lead-in, is not one sentence
    for other in (
        text.replace("with no increase", "With no increase"),
        text.replace("reduced:", "reduced several outcomes."),
    ):
        assert [a for t, a, _ in _cited(other) if t == "stroke by 14%"] == [[]]


def test_the_last_item_s_own_sentences_before_its_citation_borrow_it() -> None:
    text = (
        "Candidates:\n\n- first, 6.4 million;\n- second, 6.8 million;\n"
        "- third, 7.0 million.\n  Others were also reviewed [2]. The list is provisional.\n\n"
        "## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"
    )
    cited = {t: a for t, a, _ in _cited(text)}
    assert cited["third, 7.0 million."] == ["[2]"]
    assert cited["first, 6.4 million;"] == ["[2]"]
    assert cited["The list is provisional."] == []  # after the citation: not covered


def test_a_sub_list_closes_at_the_next_item_of_its_parent() -> None:
    text = (
        "- The standard sets inspection intervals:\n"
        "  - collector shoes at most 7,500 km;\n"
        "  - pantograph strips at most 22,500 km [1].\n"
        "- A tender requires a strip life of 100,000 km [2].\n\n"
        "## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"
    )
    cited = {t: a for t, a, _ in _cited(text)}
    assert cited["collector shoes at most 7,500 km;"] == ["[1]"]
    assert cited["The standard sets inspection intervals:"] == ["[1]"]


def test_an_items_depth_is_its_markers_column_not_where_its_bold_label_ends() -> None:
    # `- **Results**:` puts its text at column 4, as deep as the `  - one: …` under it
    text = (
        "- **Setup**:\n  - one transmitter and 3 receivers;\n  - 300 packets/s [1].\n"
        "- **Results**:\n  - one person: 91.7 mm;\n  - two people: 108.1 mm;\n"
        "  - three people: 125.3 mm [2].\n- **Assessment**: dense tensors cost memory.\n\n"
        "## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"
    )
    cited = {t: a for t, a, _ in _cited(text)}
    assert cited["one transmitter and 3 receivers;"] == ["[1]"]
    assert cited["one person: 91.7 mm;"] == ["[2]"]
    assert cited["two people: 108.1 mm;"] == ["[2]"]
    assert cited["Results:"] == ["[2]"]
    assert cited["Assessment: dense tensors cost memory."] == []  # a sibling of the labels


def test_a_quoted_list_and_wider_numbers_keep_their_depth() -> None:
    quoted = "> - Main barriers:\n>   - only 14.4% share data;\n>   - access is uneven [2].\n"
    assert [a for _, a, _ in _cited(quoted)] == [["[2]"], ["[2]"], ["[2]"]]
    numbered = "".join(f"{n}. Item {n} holds {n}0 units.\n" for n in range(8, 12))
    numbered = numbered.replace("110 units.", "110 units [1].")
    # `10.` is no deeper than `9.`: the list is one, closed by its last item's citation
    assert [a for _, a, _ in _cited(numbered)] == [["[1]"]] * 4


def test_a_lead_in_over_items_that_each_cite_borrows_them_all() -> None:
    text = (
        "Loans rose by 16.27 trillion yuan in 2025, of which:\n\n"
        "- household loans rose 441.7 billion [1];\n- household deposits rose 14.64 trillion [2].\n\n"
        "## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"
    )
    cited = {t: (a, b) for t, a, b in _cited(text)}
    assert cited["Loans rose by 16.27 trillion yuan in 2025, of which:"] == (["[1]", "[2]"], True)
    assert cited["household loans rose 441.7 billion [1];"] == (["[1]"], False)  # its own
    one = text.replace(" [2].", ".")  # an item without its own: the items lend nothing
    assert _cited(one)[0][1] == []


NAMED = (
    "Chen et al. reported a directional process [7]. Key results:\n\n"
    "- 1.04 nm per cycle at 0°C.\n- 84.6% synergy.\n"
)


def test_a_lead_in_that_only_names_the_list_lends_the_citation_before_it() -> None:
    assert _cited(NAMED)[1:] == [
        ("Key results:", ["[7]"], True),
        ("1.04 nm per cycle at 0°C.", ["[7]"], True),
        ("84.6% synergy.", ["[7]"], True),
    ]


def test_a_lead_in_that_says_more_than_a_name_lends_nothing() -> None:
    for lead in ("A second group then repeated it on thicker films and measured:", "In 2024:"):
        text = NAMED.replace("Key results:", lead)
        assert [anchors for _, anchors, _ in _cited(text)[2:]] == [[], []]


def test_an_items_own_closing_citation_covers_it_beside_the_lead_ins() -> None:
    """The item's first sentence is the item's own claim, not a borrower: its citation
    closes the item (the lead-in's is checked beside it, as for every item under it)."""
    text = "Demand grew 5% [1]. Drivers include:\n\n- Agents: one does the work of many. Seats fell 80% [2].\n"
    assert _cited(text)[2:] == [
        ("Agents: one does the work of many.", ["[2]", "[1]"], False),
        ("Seats fell 80% [2].", ["[2]", "[1]"], False),
    ]


def test_one_cited_item_under_a_lead_in_lends_it_its_citation() -> None:
    text = (
        "A youth poll (N=1000) reported:\n\n- 19% had had fillers "
        "[[57]](https://example.org/poll).\n\nAnother point is 40% of adults.\n"
    )
    assert [(t[:14], b) for t, _, b in _cited(text)] == [
        ("A youth poll (", True),
        ("19% had had fi", False),
        ("Another point ", False),  # no list under it: its own claim
    ]


def test_a_label_lead_in_pointing_back_at_the_cited_paragraph_above_lends_its_citation() -> None:
    cited = "A 20nm cell works by sharing the read path current with the body [[3]](https://example.org/a).\n\n"
    lead = "The current sharing mechanism suppresses variability. Results show:\n\n"
    items = "- a 2.2× reduction in static power\n- 23% less variation\n"
    assert [(t[:12], b) for t, _, b in _cited(cited + lead + items)][-2:] == [
        ("a 2.2× reduc", True),
        ("23% less var", True),
    ]
    other = "A new design uses stacked cells. Results show:\n\n"  # points at nothing
    assert [(t[:12], b) for t, _, b in _cited(cited + other + items)][-2:] == [
        ("a 2.2× reduc", False),
        ("23% less var", False),
    ]


def test_a_loose_list_closed_by_its_citation_lends_it_as_a_tight_one_does() -> None:
    """Items a blank line apart are paragraphs on a marker's line: still the list's items."""
    text = (
        "Methods have shown promise:\n\n1. **SVM**: rates of around 88.9%.\n\n"
        "2. **HMM**: it classifies strokes. [6]\n\n## References\n\n[6] https://example.org/6\n"
    )
    cited = _cited(text)
    assert cited[1] == ("SVM: rates of around 88.9%.", ["[6]"], True)


def test_an_item_that_borrowed_from_its_sub_list_closes_nothing_above_it() -> None:
    """`- **Cream**:` borrows `  - It helped [1].`; it lends that to no sibling."""
    text = (
        "- **Laser** (2025 trial): 30% of spots cleared.\n  - It was safe [1].\n"
        "- **Cream**:\n  - It helped [1].\n\n[1]: https://example.org/review\n"
    )
    assert _cited(text)[0] == ("Laser (2025 trial): 30% of spots cleared.", [], False)
