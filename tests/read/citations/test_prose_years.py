"""A name and then its year in parentheses, as prose cites, cite the one entry."""

from __future__ import annotations

from citelint.read.citations.hits import CitationHit, Style
from citelint.read.citations.narrative import Narrators
from citelint.read.citations.prose_years import named_years

AUTHORS = (
    ("1", 'Smith, J., & Doe, A. (2021). "Why strategies fail." Journal of Finance.'),
    ("2", 'MSCI. "Adaptive Multi-Factor Allocation." MSCI Research Insight, 2018.'),
    ("3", 'Kaplan, T., & Zamir, S. (2012). "Asymmetric auctions." Economic Theory.'),
    ("4", "Zumsteg, M. et al. (2026). Wheat spikes. https://cvf.example.org/zumsteg.pdf"),
)


def _named_year(text: str) -> list[tuple[str, str]]:
    return [(k, text[b:e]) for k, b, e in named_years(Narrators(AUTHORS), text)]


def test_a_name_and_then_its_year_in_parentheses_cite_the_one_entry() -> None:
    # the year in parentheses is the citation: it dates the work, no figure of the claim
    assert _named_year("Smith et al. (2021) found 45% fail.") == [("1", "(2021)")]
    assert _named_year("MSCI (2018) reports 30% turnover.") == [("2", "(2018)")]
    assert _named_year("In Smith et al. (2021), 45% fail.") == [("1", "(2021)")]  # `In` aside
    assert _named_year("Kaplan and Zamir (2012) derive it.") == [("3", "(2012)")]  # the first
    assert _named_year("Kaplan & Zamir (2012a) derive it.") == [("3", "(2012a)")]


def test_a_name_and_year_naming_no_one_entry_or_cited_beside_cite_nothing() -> None:
    assert _named_year("Smith et al. (2019) found 45% fail.") == []  # the entry says 2021
    assert _named_year("Jones (2021) found 45% fail.") == []  # no entry
    assert _named_year("emphasized by MSCI (2018) [11].") == []  # [11] is the citation
    text = "Zumsteg et al. (2026) show it ([Zumsteg, 2026](https://cvf.example.org/zumsteg.pdf))."
    link = text.index("[Zumsteg, 2026]")
    links = [(link, len(text) - 2, "https://cvf.example.org/zumsteg.pdf")]
    assert (
        Narrators(AUTHORS, {"4": ["https://cvf.example.org/zumsteg.pdf"]}).citations(text, links)
        == []
    )  # the link cites the work once


def test_a_name_and_year_cited_by_number_in_the_same_sentence_is_cited_once() -> None:
    text = "Smith et al. (2021) found 45% fail [1]. Smith et al. (2021) also found 9%."
    number = text.index("[1]")
    cited = [CitationHit(Style.NUMBERED, "ref", "1", None, number, number + 3, "[1]")]
    found = Narrators(AUTHORS).citations(text, (), cited)
    assert [(k, b) for k, b, _, _ in found] == [("1", text.rindex("(2021)"))]  # the second


PAPERS = (
    ("1", "Lindqvist, K., & Moreau, P. (2011). Ports and tides. Marine Letters, 4, 1–9."),
    ("2", "Lindqvist, K., Abara, T., & Moreau, P. (2022). Silt over a decade. Coasts, 9, 3–8."),
    ("3", "Lindqvist, K., & Moreau, P. (2018). Dredging costs. Coasts, 5, 11–19."),
    ("4", "Lindqvist, K., & Moreau, P. (2019). New berths. Coasts, 6, 2–7."),
)


def test_the_year_tells_apart_the_papers_of_one_first_author() -> None:
    def cited(text: str) -> list[tuple[str, str]]:
        return [(k, text[b:e]) for k, b, e in named_years(Narrators(PAPERS), text)]

    assert cited("Lindqvist and Moreau (2018) found 12% more silt.") == [("3", "(2018)")]
    assert cited("Lindqvist and Moreau (2019) found 12% more silt.") == [("4", "(2019)")]
    # the last author named before the year, among the authors of that year's paper
    assert cited("Lindqvist, Abara, and Moreau (2022) found it.") == [("2", "(2022)")]
    assert cited("Lindqvist and Moreau (2015) found it.") == []  # no paper of 2015
