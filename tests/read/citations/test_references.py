"""Reference lists: where the list is, each entry's key, and what its text says."""

from __future__ import annotations

import pytest

from citelint.read.citations.references import (
    entry_key,
    ibid,
    list_blocks,
    list_heading,
    read_entry,
)


@pytest.mark.parametrize(
    "heading", ["References", "5. References", "Works Cited", "参考文献", "**Sources**", "Notes"]
)
def test_list_headings(heading: str) -> None:
    assert list_heading(heading) is not None


def test_other_headings_are_not_lists() -> None:
    assert list_heading("Referenced trials") is None
    assert list_heading("Results") is None


def test_the_list_runs_to_the_next_heading_of_its_level() -> None:
    kinds = [
        ("p", 0, "Body [1].", False),
        ("heading", 2, "References", False),
        ("li", 0, "Smith J. A. B. 2020.", False),
        ("heading", 3, "Older", False),
        ("li", 0, "Jones K. C. D. 2019.", False),
        ("heading", 2, "Appendix", False),
        ("p", 0, "Not an entry.", False),
        ("p", 0, "Sources", True),  # a bold line opens a list too
        ("li", 0, "https://x.org", False),
    ]
    assert list_blocks(kinds) == [(2, False), (4, False), (8, False)]
    notes = [("heading", 2, "Notes", False), ("li", 0, "A remark.", False)]
    assert list_blocks(notes) == [(1, True)]


def test_a_source_label_alone_opens_a_list_that_a_bold_label_closes() -> None:
    """`**来源**：` over a section's pages is a list's name, as `**Sources:**` is; the next
    bold label (`**（2）首创环保**`) is the body again. With citations after it on its line
    (`来源： [[2]](…)（数值与增速）`) the label is a table's source line, no list."""
    assert list_heading("**来源**：") == "list" and list_heading("数据来源：") == "list"
    kinds = [
        ("p", 0, "来源：", True),
        ("li", 0, "https://a.example.org/report", False),
        ("p", 0, "（2）首创环保", True),
        ("li", 0, "可减少50%以上的占地面积", False),
        ("p", 0, "来源：", True),
        ("li", 0, "https://b.example.org/notice", False),
    ]
    assert list_blocks(kinds) == [(1, False), (5, False)]
    line = [
        ("p", 0, "来源： [2]（数值与增速）；AM Best的解读： [1]。", False),
        ("p", 0, "正文。", False),
    ]
    assert list_blocks(line) == []
    assert list_blocks([("p", 0, "参考文献：[1] 甲. 乙. 2020.", False)]) == [(0, False)]


def test_entry_keys() -> None:
    assert entry_key("[^5] 中国与全球南方共同现代化…", None, None, 9) == "5"  # a note's mark
    assert ibid("[^6] 同上。") and ibid("Ibid., p. 4") and ibid("同上，第5页")
    assert not ibid("[^7] 李小云：《新发展主义》。") and not ibid("Ibidem Press, 2020")
    assert entry_key("Smith J.", None, "n1", 4) == "n1"
    assert entry_key("Smith J.", 7, None, 4) == "7"
    assert entry_key("[12] Smith J.", None, None, 4) == "12"
    assert entry_key("12. Smith J.", None, None, 4) == "12"
    assert entry_key("Smith J.", None, None, 4) == "4"


def test_a_vancouver_entry() -> None:
    entry = read_entry(
        "Burtness B, Harrington KJ, et al. Pembrolizumab alone or with chemotherapy "
        "(KEYNOTE-048): a randomised trial. Lancet. 2019;394(10212):1915-1928. "
        "doi:10.1016/S0140-6736(19)32591-7. PMID: 31679945"
    )
    assert entry.author == "Burtness"
    assert (
        entry.title == "Pembrolizumab alone or with chemotherapy (KEYNOTE-048): a randomised trial"
    )
    assert entry.journal == "Lancet"
    assert entry.year == "2019"
    assert entry.ids == (("PMID", "31679945"), ("DOI", "10.1016/S0140-6736(19)32591-7"))


def test_an_apa_entry() -> None:
    entry = read_entry("Smith, J. A., & Lee, K. (2021). A trial of things. Cancer Cell, 4, 1-2.")
    assert (entry.author, entry.year, entry.title, entry.journal) == (
        "Smith",
        "2021",
        "A trial of things",
        "Cancer Cell",
    )


def test_an_apa_entry_dated_to_the_day() -> None:
    # APA's blogs and news, as gpt-researcher lists them: the year opens a date
    entry = read_entry("Cohn, T. (2023, March 23). Differing formulations of a planner. *A Blog*.")
    assert (entry.author, entry.year) == ("Cohn", "2023")
    assert read_entry("Kissflow. (2026, Feb. 3–4). Governance at scale.").year == "2026"
    assert read_entry("Smith, J. (2023, in press). A title.").year == ""  # not a date


def test_urls_and_the_ids_they_carry() -> None:
    entry = read_entry(
        "FDA approves a drug. https://pubmed.ncbi.nlm.nih.gov/36645621/",
        links=["https://clinicaltrials.gov/study/NCT01234567"],
    )
    assert entry.urls == (
        "https://clinicaltrials.gov/study/NCT01234567",
        "https://pubmed.ncbi.nlm.nih.gov/36645621/",
    )
    assert entry.ids == (("NCT", "NCT01234567"), ("PMID", "36645621"))
    assert entry.title == ""  # not in an author-title-journal shape


def test_a_plain_note_has_no_fields() -> None:
    assert read_entry("FDA News Release. October 27, 2024.").author == ""


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        (
            "Barker et al., 2023, Optimizing Distributed Space-Based Networks",
            ("Barker", "2023", "Optimizing Distributed Space-Based Networks"),
        ),
        (
            "Wolf and Jones, 2024, Information-Based Trajectory Planning.",
            ("Wolf", "2024", "Information-Based Trajectory Planning"),
        ),
        (
            "Keeling & Palmer, 2008, Horizontal gene transfer",
            ("Keeling", "2008", "Horizontal gene transfer"),
        ),
        (
            "ESA Space Debris Office, 2025, Beyond GEO: Strategies",
            ("ESA Space Debris Office", "2025", "Beyond GEO: Strategies"),
        ),
    ],
)
def test_an_entry_of_authors_year_and_title_between_commas(
    text: str, fields: tuple[str, str, str]
) -> None:
    # as the parser hands a linked entry over: its text, and its link apart
    entry = read_entry(f"3. {text}", links=["https://arxiv.org/pdf/2408.17435.pdf"])
    assert (entry.author, entry.year, entry.title) == fields


def test_a_title_without_authors_and_year_has_no_fields() -> None:
    entry = read_entry(
        "12. Three-Body Periodic Orbits - JPL Solar System Dynamics",
        links=["https://ssd.jpl.nasa.gov/"],
    )
    assert (entry.author, entry.year) == ("", "")
