"""What a citation covers: a paragraph closed by its citations, a note's source list."""

from __future__ import annotations

from tests.read.parse.conftest import parse


def _cited(text: str, name: str = "r.md") -> list[tuple[str, list[str]]]:
    doc = parse(name, text)
    return [(s.text, [a.text for a in s.anchors]) for s in doc.sentences if not s.block.appendix]


def test_a_paragraph_ending_in_links_cites_all_of_it() -> None:
    text = "Rate 5%. Next 6%. [PubMed + 2](https://pubmed.ncbi.nlm.nih.gov/1/)\n"
    url = "https://pubmed.ncbi.nlm.nih.gov/1/"
    assert _cited(text) == [("Rate 5%.", [url]), ("Next 6%. PubMed + 2", [url])]
    # a link inside the paragraph cites only its own sentence
    assert _cited(f"Rate 5% [x]({url}). Next 6%.") == [("Rate 5% x.", [url]), ("Next 6%.", [])]


def test_citations_at_a_paragraphs_end_cover_all_of_it() -> None:
    end = "Rate 5% in A. Rate 6% in B. Rate 7% in C. [2]\n\n## References\n\n[1] X\n[2] Y\n"
    assert _cited(end) == [
        ("Rate 5% in A.", ["[2]"]),
        ("Rate 6% in B.", ["[2]"]),
        ("Rate 7% in C. [2]", ["[2]"]),
    ]
    glued = "Rate 5% in A. Rate 6% in B.2\n\n## References\n\n1. X\n2. Y\n"
    assert [a for _, a in _cited(glued)] == [["[2]"], ["[2]"]]
    apart = "Rate 5% in A [1]. Rate 6% in B. Rate 7% in C [2].\n\n## References\n\n[1] X\n[2] Y\n"
    assert _cited(apart) == [
        ("Rate 5% in A [1].", ["[1]"]),
        ("Rate 6% in B.", []),  # its neighbours cite separately: it cites nothing
        ("Rate 7% in C [2].", ["[2]"]),
    ]
    after = "Rate 5% in A. Rate 6% in B [2]. And then more words.\n\n## References\n\n[2] Y\n"
    assert [a for _, a in _cited(after)] == [[], ["[2]"], []]


def test_an_identifier_in_brackets_closing_a_paragraph_covers_it() -> None:
    text = "The trial enrolled 882 patients. Grade 3 events occurred in 55% (PMC9760859).\n"
    assert [a for _, a in _cited(text)] == [["PMC9760859"], ["PMC9760859"]]


def test_a_citation_naming_no_source_covers_its_own_paragraph_and_lends_no_further() -> None:
    # ChatGPT's marker after a bullet of two sentences: it was written after both, so both
    # are cited by it (unverified: it names no source, CL008 asks for one)
    item = "- **Array:** up to 256 atoms were arranged. Cycle time was 400 ms. citeturn9view0\n"
    assert [a for _, a in _cited(item)] == [["citeturn9view0"], ["citeturn9view0"]]
    # …but a list whose last item closes with one lends it to no other item
    listed = "- Users grew to 100 M.\n- Revenue rose 5% [news (2025-06-06)].\n"
    assert [a for _, a in _cited(listed)] == [[], ["[news (2025-06-06)]"]]


def test_a_sources_list_per_section_cites_its_own_section() -> None:
    """A note with a `Sources` list after each section: each section's sentences cite
    the list that closes it, never every source of the file."""
    text = (
        "## Survival\n\nSurvival was 69% at five years.\n\n"
        "### Sources\n\n1. AACR. https://aacr.org/a\n\n"
        "## Incidence\n\nThere were 71,100 cases in 2024.\n\nDeaths numbered 16,110.\n\n"
        "### Sources\n\n2. NCI. https://cancer.gov/b\n3. SEER. https://seer.gov/c\n"
    )
    cited = {s.text: sorted(a.id for a in s.anchors) for s in parse("n.md", text).sentences}
    assert cited["Survival was 69% at five years."] == ["1"]
    assert cited["There were 71,100 cases in 2024."] == ["2", "3"]
    assert cited["Deaths numbered 16,110."] == ["2", "3"]
    one = "Survival was 69%.\n\nCases were 71,100.\n\n## Sources\n\n1. A. https://a.org\n"
    whole = {s.text: [a.id for a in s.anchors] for s in parse("n.md", one).sentences}
    assert whole["Survival was 69%."] == ["1"] and whole["Cases were 71,100."] == ["1"]


def test_a_sentence_a_display_formula_cuts_borrows_the_citation_that_ends_it() -> None:
    """A text export cuts `… using a [[7,1,3]] color code [2]` at its formula: the
    paragraph before it ends mid-sentence and the one after goes on in lower case."""
    cut = (
        "Error correction was shown on a 10-qubit system using a\n\n$$\\[7,1,3$$\n\n"
        "] color code with real-time decoding [2].\n\n## References\n\n[1] X\n[2] Y\n"
    )
    doc = parse("r.txt", cut)
    got = [(s.text, [a.text for a in s.anchors], s.borrowed) for s in doc.sentences]
    assert got[0] == ("Error correction was shown on a 10-qubit system using a", ["[2]"], True)
    # a paragraph that ends its sentence, or one after the formula that starts anew, is
    # not cut: the first still asks for its own citation
    for text in (
        cut.replace("using a\n", "using a code.\n"),
        cut.replace("] color code", "The color code"),
        cut.replace("$$\\[7,1,3$$\n\n", ""),  # no formula between: two paragraphs
    ):
        first = parse("r.txt", text).sentences[0]
        assert (first.anchors, first.borrowed) == ((), False), text


def test_a_notes_source_list_covers_the_body_around_an_identifier_it_writes() -> None:
    """A Manus background note names one source for all of it, and its body writes a
    trial's registry id: the id cites its own sentence, the list the rest; a link in the
    body is the body's own citing, and the list then covers nothing."""
    note = (
        "# Precision medicine\n\nSequencing found 12 variants in 40 tumours.\n\n"
        "The EORTC 1559 study (NCT03088059) enrolled 80 patients.\n\n"
        "## Source\nInformation gathered from a review: https://pmc.ncbi.nlm.nih.gov/articles/PMC9224778/\n"
    )
    assert _cited(note)[1:3] == [
        ("Sequencing found 12 variants in 40 tumours.", ["[1]"]),
        ("The EORTC 1559 study (NCT03088059) enrolled 80 patients.", ["NCT03088059"]),
    ]
    linked = note.replace("(NCT03088059)", "([trial](https://example.org/t))")
    assert [a for _, a in _cited(linked)][1:3] == [[], ["https://example.org/t"]]
    # an id the list itself names is the body citing its entries: the list lends nothing
    own = "Sequencing found 12 variants.\n\nThe trial enrolled 80 (PMID: 3001).\n\n## Sources\n\n1. A. PMID: 3001\n"
    assert [a for _, a in _cited(own)][:2] == [[], ["PMID: 3001"]]
