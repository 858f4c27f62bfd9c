"""Citation styles: each one found with its exact range, and what is not a citation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import citelint
from citelint.read.citations import styles
from citelint.read.citations.hits import BlockText, CitationHit, Style, expand
from citelint.read.citations.styles import (
    DEFAULT_STYLES,
    REGISTRY,
    CitationScanner,
    StyleSpec,
    style_names,
)


def _found(
    text: str, keys: tuple[str, ...] = (), styles: tuple[str, ...] = DEFAULT_STYLES
) -> list[tuple[str, str, str, str]]:
    return [
        (h.style, h.type, h.id, text[h.start : h.end])
        for h in CitationScanner(styles, keys).scan(text)
    ]


def test_glued_numbers_are_off_by_default() -> None:
    assert "glued" in style_names() and "glued" not in DEFAULT_STYLES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rate was 5% [3].", [("numbered", "ref", "3", "[3]")]),
        ("Rate [1,2].", [("numbered", "ref", "1", "[1,2]"), ("numbered", "ref", "2", "[1,2]")]),
        ("Rate 【4】。", [("numbered", "ref", "4", "【4】")]),
        ("Rate (#3).", [("numbered", "ref", "3", "(#3)")]),  # STORM
        ("Ranked \\#1 (# 3)", []),  # a rank, a spaced hash: no citation
        ("Rate [^n1].", [("footnote", "ref", "n1", "[^n1]")]),
        ("Cases annually¹.", [("superscript", "ref", "1", "¹")]),
        ("Cases²⁴.", [("superscript", "ref", "24", "²⁴")]),
    ],
)
def test_numbered_footnote_and_superscript(text: str, expected: list[tuple[str, ...]]) -> None:
    assert _found(text) == expected


def test_ranges_expand_and_runs_are_separate_groups() -> None:
    assert expand("1-3, 7") == ["1", "2", "3", "7"]
    assert expand("1–3") == ["1", "2", "3"]
    assert expand("1-900") == ["1", "900"]  # not a range anyone cites: its two ends
    hits = CitationScanner(DEFAULT_STYLES).scan("Rate [3][4].")
    assert [(h.id, h.group) for h in hits] == [("3", (5, 8)), ("4", (8, 11))]


@pytest.mark.parametrize(
    "text",
    [
        "10⁹/L",
        "25 kg/m²",
        "3 × 10⁻³",
        "x²",
        "a χ² test",
        "a [link](x)",
        "Fe³⁺",
        "SO₄²⁻ ions",
        "RDII用m³/(km·mm)",  # a unit after a Chinese character, no space between
        "容积5m³",
    ],
)
def test_powers_charges_and_units_are_not_superscript_citations(text: str) -> None:
    assert _found(text) == []


def test_a_variant_s_repeat_counts_are_not_numbered_citations() -> None:
    assert _found("The variant c.97GCC[9]+[10] recurs [3].") == [("numbered", "ref", "3", "[3]")]
    assert _found("p.Ala33[9] recurs.") == []
    assert _found("As noted in c.[3]") == [("numbered", "ref", "3", "[3]")]  # no variant


def test_doubled_brackets_with_no_link_are_a_notation_not_citations() -> None:
    # a quantum code's parameters, `[[n, k, d]]`: the report cites by link elsewhere
    assert _found("It uses a [[102, 22, 9]] code that encodes 22 qubits.") == []
    assert _found("the GB4 [[26,2,5]] code, as shown [4].") == [("numbered", "ref", "4", "[4]")]
    assert _found("Gates reach 99.9% [[3]]") == []


def test_an_isotopes_mass_number_is_no_superscript_citation() -> None:
    assert _found("It traps two ¹³⁸Ba⁺ ions.") == []
    assert _found("It traps ions.¹³ Then") == [("superscript", "ref", "13", "¹³")]


def test_a_superscript_after_a_word_still_cites() -> None:
    assert _found("增长较快³。") == [("superscript", "ref", "3", "³")]
    assert _found("the Lancet³ trial") == [("superscript", "ref", "3", "³")]


def test_a_superscript_after_a_long_number_cites_when_the_list_has_it() -> None:
    assert _found("ESMO 2024¹⁹.", keys=("19",)) == [("superscript", "ref", "19", "¹⁹")]
    assert _found("ESMO 2024¹⁹.") == []
    assert _found("10¹⁹ cells", keys=("19",)) == []  # after 10: a power


def test_sup_runs_of_digits_are_numbered_citations() -> None:
    hits = CitationScanner(DEFAULT_STYLES).scan("Rate 5%3,4.", sups=[(7, 10)])
    assert [(h.style, h.id) for h in hits] == [("superscript", "3"), ("superscript", "4")]
    assert CitationScanner(DEFAULT_STYLES).scan("Rate 5%a.", sups=[(7, 8)]) == []


def test_links_cite_a_url_with_the_quote_as_locator() -> None:
    text = "Rate 5%. ascopost.com"
    href = "https://ascopost.com/a/#:~:text=rate%20was,5%25"
    (hit,) = CitationScanner(DEFAULT_STYLES).scan(text, links=[(9, 21, href)])
    assert (hit.style, hit.type, hit.id, hit.locator) == (
        "link",
        "url",
        "https://ascopost.com/a/",
        "rate%20was,5%25",
    )
    assert hit.mask  # a domain names the source; it says nothing


def test_link_text_that_is_prose_stays_in_the_claim() -> None:
    text = "Use pembrolizumab in this setting."
    (hit,) = CitationScanner(DEFAULT_STYLES).scan(text, links=[(4, 17, "https://x.org/p")])
    assert not hit.mask
    (hit,) = CitationScanner(DEFAULT_STYLES).scan("Rate. PubMed + 2", links=[(6, 16, "https://x")])
    assert hit.mask


def test_a_link_that_is_all_its_brackets_hold_names_the_source() -> None:
    """`([Oncology News](…))`: the words of a publication's name are not the claim's (a
    page saying the claim was left unchecked for lack of them)."""
    scan = CitationScanner(DEFAULT_STYLES).scan
    text = "Rate was 5% (Oncology News; Reuters, 2024)."
    hits = scan(text, links=[(13, 26, "https://a.org/x"), (28, 35, "https://b.org/y")])
    assert [h.mask for h in hits] == [True, True]
    # a link with more words beside it in its brackets stays in the claim
    (hit,) = scan("Rate (see Oncology News today).", links=[(10, 23, "https://c.org/z")])
    assert not hit.mask


def test_a_link_to_a_reference_anchor_is_a_numbered_citation() -> None:
    hits = CitationScanner(DEFAULT_STYLES).scan("Rate 3", links=[(5, 6, "#ref3")])
    assert [(h.style, h.id) for h in hits] == [("numbered", "3")]


def test_bare_urls_drop_trailing_punctuation() -> None:
    assert _found("See https://example.org/a/b.") == [
        ("url", "url", "https://example.org/a/b", "https://example.org/a/b")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rate (PMID: 22663011).", [("identifier", "PMID", "22663011", "PMID: 22663011")]),
        ("Rate (PMC3456789).", [("identifier", "PMCID", "PMC3456789", "PMC3456789")]),
        (
            "Rate doi:10.1056/NEJMoa1.",
            [("identifier", "DOI", "10.1056/NEJMoa1", "doi:10.1056/NEJMoa1")],
        ),
        ("Trial (NCT01234567).", [("identifier", "NCT", "NCT01234567", "NCT01234567")]),
        (
            "Trials: NCT01234567, NCT07654321.",
            [
                ("identifier", "NCT", "NCT01234567", "NCT01234567"),
                ("identifier", "NCT", "NCT07654321", "NCT07654321"),
            ],
        ),
        ("It is registered as NCT01234567.", []),  # stated, not cited: an entity
        # an arXiv id with its prefix cites the paper; the prefix alone or the month is none
        (
            "Research (arXiv:2505.12490, Aug 2025) found 60% leakage.",
            [("identifier", "arXiv", "2505.12490", "arXiv:2505.12490")],
        ),
        (
            "As ARXIV：2101.00001v2 shows.",
            [("identifier", "arXiv", "2101.00001", "ARXIV：2101.00001v2")],
        ),
        ("The arXiv 2408 preprint and arXiv: a server.", []),
        # a bracket around the identifier closes it; one inside the DOI is its own
        (
            "Rate (doi:10.1056/NEJMoa1).",
            [("identifier", "DOI", "10.1056/NEJMoa1", "doi:10.1056/NEJMoa1")],
        ),
        (
            "Rate doi:10.1016/S0140-6736(20)30183-5.",
            [
                (
                    "identifier",
                    "DOI",
                    "10.1016/S0140-6736(20)30183-5",
                    "doi:10.1016/S0140-6736(20)30183-5",
                )
            ],
        ),
    ],
)
def test_identifiers(text: str, expected: list[tuple[str, ...]]) -> None:
    assert _found(text) == expected


def test_an_nct_id_in_a_table_row_is_its_citation() -> None:
    hits = CitationScanner(DEFAULT_STYLES).scan("T4 | 69% | NCT01818323", row=True)
    assert [(h.type, h.id) for h in hits] == [("NCT", "NCT01818323")]


def test_record_numbers_leave_the_claim_trial_ids_stay_and_inside_urls_are_not_separate() -> None:
    (hit,) = CitationScanner(DEFAULT_STYLES).scan("(PMID: 2001)")
    assert hit.mask  # `2001` is a record's number, never a year the span must hold
    (hit,) = CitationScanner(DEFAULT_STYLES).scan("(NCT01234567)")
    assert not hit.mask  # a trial id is an entity the cited span may have to hold
    assert _found("https://pubmed.ncbi.nlm.nih.gov/PMID:123") == [
        (
            "url",
            "url",
            "https://pubmed.ncbi.nlm.nih.gov/PMID:123",
            "https://pubmed.ncbi.nlm.nih.gov/PMID:123",
        )
    ]


def test_glued_numbers_need_the_reference_list_or_the_style() -> None:
    text = "Squamous cell carcinoma.17 Next one."
    assert _found(text) == []
    assert _found(text, keys=("17",)) == [("glued", "ref", "17", "17")]
    assert _found(text, styles=("glued",)) == [("glued", "ref", "17", "17")]
    assert _found("It rose to 5.17 now.", keys=("17",)) == []  # a decimal, not glued
    # after a closing quote too (Gemini: `a natural "self-cleaning".1 However`)
    assert _found('natural "self-cleaning".1 However', keys=("1",)) == [("glued", "ref", "1", "1")]


def test_styles_can_be_turned_off() -> None:
    assert _found("Rate [3] (PMID: 1).", styles=("identifier",)) == [
        ("identifier", "PMID", "1", "PMID: 1")
    ]


def test_absurd_numbers_are_no_reference_numbers() -> None:
    assert expand("1-99999") == []
    assert expand("3, 12345") == ["3"]
    assert _found("Rate 5%" + "¹" * 6000 + ".") == []  # never an int of hostile length


def test_a_numbered_link_is_one_citation() -> None:
    """Onyx writes `[[12]](https://…)`: the link is the source, the number its label."""
    from citelint.read.citations.styles import CitationScanner

    text = "Rate 5% [12]."
    hits = CitationScanner(("numbered", "link")).scan(text, [(8, 12, "https://a.org/x")])
    assert [(h.style, h.id) for h in hits] == [("link", "https://a.org/x")]
    internal = CitationScanner(("numbered", "link")).scan(text, [(8, 12, "#ref-12")])
    assert [(h.style, h.id) for h in internal] == [("numbered", "12")]


def test_gemini_table_cells_end_in_reference_numbers() -> None:
    from citelint.read.citations.styles import CitationScanner

    scanner = CitationScanner(("numbered",), keys=("3", "27", "31"))
    row = "Scalability | Low (<100 qubits) 27 | Potential future SSA user/contributor 3 | Median age 62"
    hits = scanner.scan(row, row=True)
    assert [(h.style, h.id) for h in hits] == [("glued", "27"), ("glued", "3")]
    assert scanner.scan("Median age 3 | Small 31", row=True) == []  # a value, not a citation


# One sample per style, citing in that style only. A style added to the registry without
# a sample here fails `test_every_style_has_a_sample`.
_LINK = "https://example.org/a"
SAMPLES: dict[str, tuple[str, tuple[tuple[int, int, str], ...]]] = {
    Style.NUMBERED: ("Rate was 5% [3].", ()),
    Style.FOOTNOTE: ("Rate was 5%[^a].", ()),
    Style.SUPERSCRIPT: ("Rate was 5%.³", ()),
    Style.LINK: ("Rate was 5% (source).", ((13, 19, _LINK),)),
    Style.URL: (f"Rate was 5% ({_LINK}).", ()),
    Style.IDENTIFIER: ("Rate was 5% (PMID: 123).", ()),
    Style.GLUED: ("Rate was five percent.3 Next.", ()),
    Style.DATED: ("Rate was 5% [news (2025-06-23)].", ()),
    Style.SOURCE_ID: ("Rate was 5% source_id:56661463563.", ()),
}


def test_every_style_has_a_sample() -> None:
    assert set(SAMPLES) == {spec.style for spec in REGISTRY} == set(Style)


@pytest.mark.parametrize("style", list(SAMPLES))
def test_each_style_is_found_alone(style: str) -> None:
    """With every style on, a sample citing in one style gives hits of that style only;
    with that style off it gives none — nothing else claims it."""
    text, links = SAMPLES[style]
    everything = CitationScanner(style_names(), keys=("3",))
    assert {h.style for h in everything.scan(text, links)} == {style}
    others = [name for name in style_names() if name != style]
    assert CitationScanner(others).scan(text, links) == []


def test_the_trigger_is_derived_from_the_registry() -> None:
    """Text citing in no style is passed over in one search; each style's sample passes."""
    scanner = CitationScanner(style_names())
    assert not scanner._trigger.search("Plain text with 5% and (3) and a [note].")
    for style, (text, links) in SAMPLES.items():
        if not links:
            assert scanner._trigger.search(text), style


def _angle(scanner: CitationScanner, block: BlockText) -> list[CitationHit]:
    """A made-up style for the recipe test: `⟨3⟩`."""
    return [
        CitationHit("angle", "ref", m.group(1), None, m.start(), m.end(), f"[{m.group(1)}]")
        for m in re.finditer(r"⟨(\d{1,3})⟩", block.text)
    ]


ANGLE = StyleSpec("angle", _angle, "⟨", r"(?<=⟨)\d")


def test_a_style_added_by_the_recipe_is_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The documented recipe (docs/architecture.md): one registry row, one finder. Nothing
    else is written for it — the trigger, the config's names and the builder take it from
    the registry, and a report citing `⟨1⟩` resolves through its reference list."""
    assert CitationScanner({"angle"}).scan("Rate 5% ⟨3⟩.") == []  # not registered: unknown
    monkeypatch.setattr(styles, "REGISTRY", (*REGISTRY, ANGLE))
    (hit,) = CitationScanner({"angle"}).scan("Rate 5% ⟨3⟩.")
    assert (hit.style, hit.id, hit.start, hit.end) == ("angle", "3", 8, 11)
    (tmp_path / "sources" / "pubmed").mkdir(parents=True)
    (tmp_path / "sources" / "pubmed" / "1001.json").write_text('{"abstract": "ORR was 45%."}')
    (tmp_path / ".citelint.toml").write_text('citation-styles = ["numbered", "angle"]\n')
    report = tmp_path / "r.md"
    report.write_text("ORR was 45% ⟨1⟩.\n\nORR was 46% ⟨1⟩.\n\n## References\n\n1. PMID: 1001\n")
    result = citelint.lint_paths([str(report)], str(tmp_path / ".citelint.toml"))
    assert [(d.code, d.line) for d in result.diagnostics] == [("CL101", 3)]
    assert result.files[0].citations == (("angle", 2),)


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("The use of cryogenics alleviates heating issues 10 but adds complexity.", ["10"]),
        # after a lower-case word only: `WISE 37 and` may be a name's number
        ("Architectures like WISE 37 and microwave control 22 point towards it.", ["22"]),
        # a quantity or a label is never a spaced marker
        ("A chip with 32 qubits and exceeding 10 minutes of coherence.", []),
        ("Patients aged 18 or older entered phase 3 and were followed.", []),
        ("Using 20 for the benchmark, about 50 to spare.", []),
        ("The lattice holds 32 qubits.", []),  # no function word after it
        # before a comma and a word, or a closing parenthesis
        ("Distillation protocols 22, which cost time (cavities coupled to ions 37).", ["22", "37"]),
        ("Sizes of 32, 50 and 18, with 20, 10 qubits (up to 50).", []),  # quantities listed
        # before the sentence's verb: an adverb, or a verb's -s and its object's determiner
        ("Transfer via invariant manifolds 18 complicates the prediction of maneuvers.", ["18"]),
        ("The safety of crewed missions 10 inherently enhances the case.", ["10"]),
        ("Tablets 2 daily, samples 3 times the dose, lattices 32 holds qubits.", []),
    ],
)
def test_spaced_markers_in_a_report_that_cites_by_glued_numbers(
    text: str, cited: list[str]
) -> None:
    keys = ("3", "10", "18", "20", "22", "32", "37", "50")
    scanner = CitationScanner(DEFAULT_STYLES, keys, spaced=True)
    assert [h.id for h in scanner.scan(text)] == cited
    assert CitationScanner(DEFAULT_STYLES, keys).scan(text) == []  # not its habit: none


def test_one_citation_read_by_several_styles_at_one_place_is_read_once() -> None:
    # `<a href="#fn1"><sup>1</sup></a>`, as Pandoc exports a footnote reference: a link to
    # an entry and a superscript over the same "1", with glued numbers on too
    text = "Survival rose 5%.1 Deaths fell."
    scanner = CitationScanner((*DEFAULT_STYLES, "glued"), ("1",))
    hits = scanner.scan(text, links=[(17, 18, "#fn1")], sups=[(17, 18)])
    assert [(h.style, h.id, text[h.start : h.end]) for h in hits] == [("numbered", "1", "1")]


@pytest.mark.parametrize("space", ["\u00a0", "\u202f"])
def test_a_no_break_space_reads_as_the_space_a_reader_sees(space: str) -> None:
    # Gemini's spaced markers, where an export wrote a no-break space after the number
    text = f"Transfer via invariant manifolds 18{space}complicates the design."
    scanner = CitationScanner(DEFAULT_STYLES, ("18",), spaced=True)
    assert [(h.id, text[h.start : h.end]) for h in scanner.scan(text)] == [("18", "18")]
    assert [(h.id, h.start) for h in scanner.scan(text.replace(space, " "))] == [("18", 33)]


def test_a_linked_name_of_an_entry_giving_that_address_is_one_citation() -> None:
    text = "直接融资占比45.8%（德勤中国）。"
    link = (text.index("德"), text.index("）"), "https://www.deloitte.com/cn/101.html")
    entries = [
        ("4", "德勤中国. (2025). 2026年经济和行业展望. https://www.deloitte.com/cn/101.html")
    ]
    same = CitationScanner(
        DEFAULT_STYLES, ["4"], entries=entries, addresses={"4": (link[2],)}
    ).scan(text, [link])
    assert [(h.type, h.id) for h in same] == [("url", link[2])]  # the link, counted once
    # a link to another address keeps the entry its name cites as well
    other = CitationScanner(
        DEFAULT_STYLES, ["4"], entries=entries, addresses={"4": ("https://elsewhere.cn/",)}
    ).scan(text, [link])
    assert sorted((h.type, h.id) for h in other) == [("ref", "4"), ("url", link[2])]
