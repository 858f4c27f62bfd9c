"""Building documents: anchor attachment, tables, appendix sections."""

from __future__ import annotations

from tests.read.parse.conftest import parse


def test_anchor_after_sentence_end_belongs_to_it() -> None:
    doc = parse("r.md", "甲为4.8个月。[pmid:1:abstract] 乙为5个月。\n\nOne 5%. [pmid:2] Two 6%.\n")
    own = {s.text: [a.text for a in s.anchors] for s in doc.sentences}
    assert own["甲为4.8个月。[pmid:1:abstract]"] == ["[pmid:1:abstract]"]
    assert own["乙为5个月。"] == []
    assert own["One 5%. [pmid:2]"] == ["[pmid:2]"]
    assert own["Two 6%."] == []


def test_tables_rows_are_units_with_columns() -> None:
    md = parse("r.md", "Results [pmid:1]:\n\n| Arm | ORR (%) |\n|---|---|\n| A | 45 |\n")
    row = md.blocks[-1]
    assert row.kind == "row" and row.text == "A | 45" and row.columns == ("Arm", "ORR (%)")
    assert [a.text for a in row.sentences[0].anchors] == ["[pmid:1]"]  # the colon lead-in
    html = parse(
        "r.html",
        "<table data-cite='pmid:7'><caption>T [pmid:8]</caption>"
        "<thead><tr><th>a</th><th>b</th></tr></thead><tr><td>1</td><td>2"
        "</td></tr></table>",
    )
    rows = [b for b in html.blocks if b.kind == "row"]
    assert rows[0].text == "1 | 2"
    assert {a.text for a in rows[0].sentences[0].anchors} == {"[pmid:7]", "[pmid:8]"}
    assert [b.kind for b in html.blocks if b.table] == ["caption", "header-row", "row"]


def test_appendix_sections() -> None:
    doc = parse(
        "r.md",
        "# Report\n\nbody\n\n## 7. References\n\n- ref\n\n### sub\n\nstill\n\n"
        "## Next\n\nbody again\n\n**Sources**\n\nlisted\n\n# After\n\nbody\n",
    )
    flags = {b.text: b.appendix for b in doc.blocks}
    assert flags["body"] is False and flags["ref"] and flags["still"]
    assert flags["body again"] is False and flags["listed"] and flags["After"] is False
    html = parse(
        "r.html",
        "<p>x</p><section><h2>附录A</h2><p>y</p></section><p>z</p>"
        "<aside data-citelint-appendix><p>w</p></aside>"
        "<!-- citelint-appendix --><p>v</p>",
    )
    assert {b.text: b.appendix for b in html.blocks} == {
        "x": False,
        "附录A": True,
        "y": True,
        "z": False,
        "w": True,
        "v": True,
    }


def test_a_bold_label_closes_the_appendix_a_bold_label_opened() -> None:
    """`**来源**：` and its pages, then `**（2）首创环保**` and its items: the items are the
    body again, as they would be under a heading."""
    doc = parse(
        "r.md",
        "## 国内企业\n\n**（1）北控水务**\n\n- 年产销差降至14.94%\n\n**来源**：\n"
        "- https://a.example.org/x\n\n**（2）首创环保**\n\n- 运行成本降低20%\n",
    )
    flags = {b.text: b.appendix for b in doc.blocks}
    assert flags["年产销差降至14.94%"] is False and flags["https://a.example.org/x"]
    assert flags["（2）首创环保"] is False and flags["运行成本降低20%"] is False


def test_appendix_phrase_needs_a_boundary() -> None:
    doc = parse("r.md", "## 来源分析与市场\n\nbody\n\n## Sourcesless\n\nb2\n")
    assert not any(b.appendix for b in doc.blocks)
