"""Citations in the document model: which sentence each one cites, what is left out of
claims, and which blocks are the reference list."""

from __future__ import annotations

from citelint.read.claims import ClaimReader, ClaimSettings
from citelint.read.parse import Parser
from citelint.read.parse.builder import ClaimOptions
from tests.read.parse.conftest import parse


def _cited(text: str, name: str = "r.md") -> list[tuple[str, list[str]]]:
    doc = parse(name, text)
    return [(s.text, [a.text for a in s.anchors]) for s in doc.sentences if not s.block.appendix]


def test_each_style_cites_its_sentence() -> None:
    assert _cited("Rate 5% [3]. Other 6%². Third 7%[^a].\n\n[^a]: Note.\n") == [
        ("Rate 5% [3].", ["[3]"]),
        ("Other 6%².", ["[2]"]),
        ("Third 7%[^a].", ["[^a]"]),
    ]


def test_a_leading_run_belongs_to_the_sentence_before() -> None:
    assert _cited("Rate 5%. [3][4] Next 6%.") == [
        ("Rate 5%. [3][4]", ["[3]", "[4]"]),
        ("Next 6%.", []),
    ]


def test_citation_text_is_not_read_as_a_claim() -> None:
    doc = parse("r.md", "Median PFS was 4.8 months [12]. Next. [PubMed + 2](https://x.org/p)\n")
    reader = ClaimReader(ClaimSettings().drugs)
    assert [[t.text for t in reader.read(s).numbers] for s in doc.sentences] == [
        ["4.8 months"],
        [],
    ]


def test_the_reference_list_is_not_claims_and_keys_entries() -> None:
    doc = parse(
        "r.md",
        "Rate 5% [1].\n\n## References\n\n1. Smith J. A trial. Lancet. 2020. PMID: 22663011\n"
        "2. Jones K. Another. BMJ. 2021.\n",
    )
    assert [(r.key, r.author, r.ids) for r in doc.references] == [
        ("1", "Smith", (("PMID", "22663011"),)),
        ("2", "Jones", ()),
    ]
    assert doc.reference_list
    assert all(b.appendix for b in doc.blocks if "Smith" in b.text)
    line, column = doc.position(doc.references[0].start)
    assert (line, column) == (5, 4)


def test_a_note_s_own_mark_keys_it_and_ibid_names_the_source_before() -> None:
    """`[^5] 《…》https://…` without a footnote's colon is keyed 5, not by its place; `[^6]
    同上。` (ibid.) is the source of `[^5]` under its own key."""
    doc = parse(
        "r.md",
        "甲方指出转变已经发生。[^1] 乙方认同。[^5] 丙方亦然。[^6] 丁方补充。[^8]\n\n## 参考资料\n\n"
        "[^1]: 甲：《论转变》，2025年。https://a.example.org/1\n\n"
        "[^5] 乙：《论认同》，2026年。https://b.example.org/5\n\n[^6] 同上。\n\n"
        "[^8] 丁：《论补充》。https://d.example.org/8\n",
    )
    assert [(r.key, r.urls) for r in doc.references] == [
        ("1", ("https://a.example.org/1",)),
        ("5", ("https://b.example.org/5",)),
        ("6", ("https://b.example.org/5",)),
        ("8", ("https://d.example.org/8",)),
    ]
    assert all(b.appendix for b in doc.blocks if "同上" in b.text)


def test_html_ordered_lists_sups_and_links() -> None:
    doc = parse(
        "r.html",
        '<p>Rate 5%<sup><a href="#ref2">2</a></sup>.</p><h2>References</h2>'
        '<ol start="2"><li>Smith J. A. B. 2020.</li><li value="7">Other.</li></ol>',
    )
    (sentence,) = [s for s in doc.sentences if not s.block.appendix]
    assert [a.text for a in sentence.anchors] == ["[2]"]
    assert [r.key for r in doc.references] == ["2", "7"]


def test_glued_numbers_cite_only_what_the_list_numbers() -> None:
    text = "Squamous cell carcinoma.17 Rates rose to 5.2 now.\n\n## References\n\n17. Smith J. A.\n"
    assert _cited(text) == [
        ("Squamous cell carcinoma.17", ["[17]"]),
        ("Rates rose to 5.2 now.", []),
    ]
    assert _cited("Squamous cell carcinoma.17 It rose.") == [
        ("Squamous cell carcinoma.17 It rose.", [])
    ]


def test_a_malformed_anchor_is_not_read_as_an_identifier() -> None:
    assert _cited("Rate 5% [PMID:10000001].") == [("Rate 5% [PMID:10000001].", [])]


def test_styles_are_configurable() -> None:
    parser = Parser(ClaimOptions(citation_styles=("identifier",)))
    doc = parser.parse("r.md", b"Rate 5% [3].\n\nRate 6% (PMID: 1).")
    assert [[a.text for a in s.anchors] for s in doc.sentences] == [[], ["PMID: 1"]]


def test_under_notes_only_what_reads_as_a_reference_is_an_entry() -> None:
    doc = parse(
        "r.md",
        "Rate 5% [1].\n\n## Notes\n\n1. PMID: 22663011\n2. Response was 40% in the pilot.\n",
    )
    assert [r.key for r in doc.references] == ["1"]
    claims = [s.text for s in doc.sentences if not s.block.appendix]
    assert "Response was 40% in the pilot." in claims  # a remark stays a claim


def _entries(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(r.key, r.urls) for r in parse("r.md", text).references]


def test_entries_joined_by_hard_or_soft_breaks_are_one_each() -> None:
    """open_deep_research's `### Sources`: `[n] Title: URL` lines ending in two spaces."""
    body = "Rate 5% [1]. Rate 6% [2]. Rate 7% [3].\n\n### Sources\n"
    hard = body + "[1] A: https://a.org/1  \n[2] B: https://b.org/2\\\n[3] C: https://c.org/3\n"
    soft = body + "[1] A: https://a.org/1\n[2] B: https://b.org/2\n[3] C: https://c.org/3\n"
    expected = [
        ("1", ("https://a.org/1",)),
        ("2", ("https://b.org/2",)),
        ("3", ("https://c.org/3",)),
    ]
    assert _entries(hard) == expected
    assert _entries(soft) == expected
    doc = parse("r.md", hard)
    assert [s.text for s in doc.sentences if not s.block.appendix] == [
        "Rate 5% [1].",
        "Rate 6% [2].",
        "Rate 7% [3].",
    ]


def test_a_line_without_a_key_after_a_hard_break_goes_on_the_entry_above() -> None:
    """WebWeaver's list: each entry a paragraph whose URL follows on its own line."""
    body = "Rate 5% [1]. Rate 6% [2].\n\n## References\n\n"
    text = (
        body
        + "[1] A. Hu, Etching, 2006.  \nhttps://a.org/1\n\n[2] B. Tok, Plasma, 2022.  \nhttps://b.org/2\n"
    )
    assert _entries(text) == [("1", ("https://a.org/1",)), ("2", ("https://b.org/2",))]


def test_a_plain_line_naming_the_list_opens_it() -> None:
    for name in ("参考文献：", "References:", "Sources", "**Works cited**", "Citations"):
        text = f"Rate 5% [1].\n\n{name}\n\n[1] A: https://a.org/1\n"
        assert _entries(text) == [("1", ("https://a.org/1",))], name
    together = "Rate 5% [1].\n\n参考文献：\n[1] https://a.org/1 - A\n[2] https://b.org/2 - B\n"
    assert _entries(together) == [("1", ("https://a.org/1",)), ("2", ("https://b.org/2",))]
    gemini = "Rate 5%.1\n\n#### **引用的著作**\n\n1. A, 访问时间为 2025， [https://a.org/1](https://a.org/1)\n"
    assert _entries(gemini) == [("1", ("https://a.org/1",))]


def test_a_long_paragraph_that_mentions_sources_is_no_list() -> None:
    text = "Rate 5% [1].\n\nSources close to the trial said the rate was 5% in all arms.\n"
    assert _entries(text) == []


def test_an_unheaded_list_closing_the_report_with_grouped_keys() -> None:
    """OpenAI Deep Research: `[n] URL` paragraphs end the report, the URL repeated on a
    line of its own, several numbers before one source."""
    text = (
        "Rate 5% [1]. Rate 6% [33].\n\n"
        "[1] https://a.org/1\n\nhttps://a.org/1\n\n"
        "[2] [33] https://b.org/2\n\nhttps://b.org/2\n"
    )
    assert _entries(text) == [
        ("1", ("https://a.org/1",)),
        ("2", ("https://b.org/2",)),
        ("33", ("https://b.org/2",)),
    ]
    assert [s.text for s in parse("r.md", text).sentences if not s.block.appendix] == [
        "Rate 5% [1].",
        "Rate 6% [33].",
    ]
    # one closing line is an entry when it names a source (STORM's `[1] NCT04597863 …`)
    alone = "Rate 5% [1].\n\n[1] https://a.org/1\n"
    assert _entries(alone) == [("1", ("https://a.org/1",))]
    assert _entries("Rate 5% [1].\n\n[1] NCT04597863 A phase 2 trial\n")[0][0] == "1"
    assert _entries("Rate 5% [1].\n\n[1] and then it stopped.\n") == []  # names nothing


def test_glued_numbers_with_no_list_cite_when_sentences_keep_closing_on_them() -> None:
    """An export that lost its list: three sentences closing on glued numbers cite."""
    text = "Rate was 5% in the first arm.1 The drugs block the receptor.10 Survival improved.3 Later 2.5 mg."
    cited = _cited(text)
    assert [anchors for _, anchors in cited] == [["[1]"], ["[10]"], ["[3]"], []]
    two = "Rate was 5% in the first arm.1 The drugs block the receptor.10 Survival improved."
    assert all(not anchors for _, anchors in _cited(two))  # two are not yet a habit


def test_a_back_reference_shares_its_neighbours_citations() -> None:
    text = (
        "Trametinib was compared with chemotherapy. This trial met its endpoint [1]. "
        "These results favoured trametinib. Rates rose to 5% [2]. Nothing else was seen.\n\n"
        "## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"
    )
    assert [anchors for _, anchors in _cited(text)] == [["[1]"], ["[1]"], ["[1]"], ["[2]"], []]
    # an anchor is written per sentence on purpose: it is never shared
    anchored = "Rate 5% in arm A. It lasted 6 months [pmid:1:abstract]."
    assert [anchors for _, anchors in _cited(anchored)] == [[], ["[pmid:1:abstract]"]]


def test_a_cited_lead_in_covers_its_list_items() -> None:
    text = "Results [1]:\n\n- PFS was 4.8 months;\n- OS was 81%.\n\nLater 5%.\n\n## References\n\n1. A. PMID: 1\n"
    assert [anchors for _, anchors in _cited(text)] == [["[1]"], ["[1]"], ["[1]"], []]


def test_a_glued_citation_after_a_power_cites_only_what_the_list_holds() -> None:
    text = "The gate error was 1.2(1)×10−3.27 Later work followed.\n"
    listed = text + "\n## References\n\n27. A. https://a.org\n"
    assert _cited(listed)[0] == ("The gate error was 1.2(1)×10−3.27", ["[27]"])
    assert _cited(text)[0][1] == []


def test_an_unheaded_numbered_list_of_sources_closing_the_report() -> None:
    text = (
        "Staff were 120 [1]. Revenue rose 12% [2].\n\n"
        "1. https://a.org/1\n2. Example Corp annual report, https://b.org/annual\n"
    )
    assert _entries(text) == [("1", ("https://a.org/1",)), ("2", ("https://b.org/annual",))]
    # a closing list of findings that link their sources is body text, not a list
    findings = (
        "Staff were 120 [1].\n\n1. Revenue rose 12% in 2020 across all regions "
        "(https://a.org/1).\n2. Staff grew to 120 in 2021 after the merger (https://b.org/2).\n"
    )
    assert _entries(findings) == []


def test_an_entry_whose_title_ends_in_brackets_does_not_swallow_the_next() -> None:
    # `… Fashion [2025 Insights]` then `[6] …` on the next line of the same paragraph
    text = (
        "One [5].\n\nTwo [6].\n\n参考文献：\n"
        "[5] https://a.example/x - Generative AI in Fashion [2025 Insights]\n"
        "[6] https://b.example/y - The Future of AI Fashion\n"
        "[7] https://c.example/z - Market Report [2024]\n"
    )
    doc = parse("r.md", text)
    assert [r.key for r in doc.references] == ["5", "6", "7"]
    assert doc.references[0].text.endswith("Fashion [2025 Insights]")
