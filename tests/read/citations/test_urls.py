"""URLs: normalised comparison, the identifiers they carry, text-fragment quotes."""

from __future__ import annotations

import pytest

from citelint.read.citations.urls import (
    normalize_url,
    page_key,
    quote_in,
    quote_parts,
    quoted,
    squeeze,
    text_fragment,
    url_ids,
)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("HTTPS://Example.ORG/a/", "https://example.org/a"),
        ("https://example.org:443/a", "https://example.org/a"),
        ("https://example.org/a#section", "https://example.org/a"),
        ("https://example.org/a?utm_source=x&id=3", "https://example.org/a?id=3"),
    ],
)
def test_two_spellings_of_one_page_compare_equal(a: str, b: str) -> None:
    assert normalize_url(a) == normalize_url(b)


def test_a_hosts_www_is_one_page_for_matching_only() -> None:
    assert page_key("https://www.stcn.com/a/1") == page_key("https://stcn.com/a/1")
    assert page_key("https://wwwx.org/a") == "https://wwwx.org/a"
    assert normalize_url("https://www.stcn.com/a/1") == "https://www.stcn.com/a/1"  # shown


def test_paths_queries_and_other_ports_stay_distinct() -> None:
    assert normalize_url("https://example.org/A") != normalize_url("https://example.org/a")
    assert normalize_url("https://example.org:8443/a") == "https://example.org:8443/a"
    assert normalize_url("http://[bad") == "http://[bad"  # unparsable: as written


@pytest.mark.parametrize(
    ("url", "ids"),
    [
        ("https://pubmed.ncbi.nlm.nih.gov/36645621/", [("PMID", "36645621")]),
        ("https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/", [("PMCID", "PMC1234567")]),
        ("https://clinicaltrials.gov/study/NCT01234567", [("NCT", "NCT01234567")]),
        ("https://doi.org/10.1056/NEJMoa1915", [("DOI", "10.1056/NEJMoa1915")]),
        ("https://ascopost.com/news/1234567/", []),
    ],
)
def test_identifiers_in_urls(url: str, ids: list[tuple[str, str]]) -> None:
    assert url_ids(url) == ids


def test_text_fragments_split_into_prefix_start_end_suffix() -> None:
    base, directive = text_fragment("https://x.org/p#:~:text=pre-,start%20here,end,-post")
    assert base == "https://x.org/p"
    assert directive is not None
    assert quote_parts(directive) == ("pre", "start here", "end", "post")
    assert quoted(directive) == "start here … end"
    assert text_fragment("https://x.org/p#top") == ("https://x.org/p", None)


def test_a_quote_is_found_with_case_and_spacing_folded() -> None:
    page = "Results.  The Median  PFS was 4.8 months in the arm. Other text."
    assert quote_in(squeeze(page), "median%20pfs,months") == "median pfs was 4.8 months"
    assert quote_in(squeeze(page), "the-,median%20pfs") == "median pfs"
    assert quote_in(squeeze(page), "median%20pfs,-other") is None  # the suffix must follow
    assert quote_in(squeeze(page), "not%20there") is None
    assert quote_in(squeeze(page), "median%20pfs,absent") is None


def test_publisher_doi_pages_and_arxiv_are_identifiers() -> None:
    from citelint.read.citations.references import read_entry
    from citelint.read.citations.urls import url_ids

    assert url_ids("https://www.ahajournals.org/doi/10.1161/CIRCULATIONAHA.120.050") == [
        ("DOI", "10.1161/CIRCULATIONAHA.120.050")
    ]
    assert url_ids("https://onlinelibrary.wiley.com/doi/full/10.1002/cncr.1") == [
        ("DOI", "10.1002/cncr.1")
    ]
    assert url_ids("https://arxiv.org/abs/2401.01234v2") == [("arXiv", "2401.01234")]
    assert url_ids("https://arxiv.org/pdf/2311.10687") == [("arXiv", "2311.10687")]
    assert read_entry("18. arXiv:2112.04034v1 [quant-ph] 7 Dec 2021").ids == (
        ("arXiv", "2112.04034"),
    )


@pytest.mark.parametrize(
    ("url", "ids"),
    [
        ("https://europepmc.org/article/MED/22663011", [("PMID", "22663011")]),
        ("https://europepmc.org/abstract/MED/22663011", [("PMID", "22663011")]),
        ("https://europepmc.org/article/PMC/PMC3000003", [("PMCID", "PMC3000003")]),
        (
            "https://www.frontiersin.org/articles/10.3389/fonc.2021.123456/full",
            [("DOI", "10.3389/fonc.2021.123456")],
        ),
        (
            "https://www.biorxiv.org/content/10.1101/2020.01.01.123456v1.full",
            [("DOI", "10.1101/2020.01.01.123456")],
        ),
        (
            "https://www.medrxiv.org/content/10.1101/2021.02.03.21251082v2",
            [("DOI", "10.1101/2021.02.03.21251082")],
        ),
        ("https://clinicaltrials.gov/ct2/show/NCT01234567", [("NCT", "NCT01234567")]),
        ("https://www.nature.com/articles/s41586-020-2649-2", []),  # no DOI written in it
    ],
)
def test_identifiers_in_the_common_url_forms(url: str, ids: list[tuple[str, str]]) -> None:
    assert url_ids(url) == ids
