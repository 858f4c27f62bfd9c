"""The Document model: blocks, sentences, anchors, positions, appendix, directives."""

from __future__ import annotations

from citelint.document import Document
from citelint.parse import Parser


def parse(name: str, text: str | bytes) -> Document:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return Parser().parse(name, data)


def sentences(doc: Document) -> list[str]:
    return [s.text for s in doc.sentences]


def at(doc: Document, needle: str) -> tuple[int, int]:
    return doc.position(doc.text.index(needle))


def test_markdown_sentences_and_positions() -> None:
    doc = parse("r.md", "# 标题\n\n第一句，HR 0.45。第二句！Third one. Fourth?\n")
    assert sentences(doc) == ["标题", "第一句，HR 0.45。", "第二句！", "Third one.", "Fourth?"]
    third = doc.sentences[3]
    assert doc.position(third.start) == (3, 17)


def test_chinese_columns_are_code_points() -> None:
    doc = parse("r.md", "中文中文 [pmid:1:abstract]\n")
    assert doc.position(doc.anchors[0].start) == (1, 6)


def test_bom_and_crlf() -> None:
    doc = parse("r.md", "\ufeffline one.\r\n\r\nSecond [pmid:9]\r\n")
    assert doc.position(doc.anchors[0].start) == (3, 8)
    html = parse("r.html", "\ufeff<p>a</p>\r\n<p>b [pmid:9]</p>")
    assert html.position(html.anchors[0].start) == (2, 6)


def test_u2028_is_not_a_line_break() -> None:
    doc = parse("r.md", "a\u2028b [pmid:1]\n")
    assert doc.position(doc.anchors[0].start)[0] == 1


def test_anchor_after_sentence_end_belongs_to_it() -> None:
    doc = parse("r.md", "甲为4.8个月。[pmid:1:abstract] 乙为5个月。\n\nOne 5%. [pmid:2] Two 6%.\n")
    own = {s.text: [a.text for a in s.anchors] for s in doc.sentences}
    assert own["甲为4.8个月。[pmid:1:abstract]"] == ["[pmid:1:abstract]"]
    assert own["乙为5个月。"] == []
    assert own["One 5%. [pmid:2]"] == ["[pmid:2]"]
    assert own["Two 6%."] == []


def test_semicolons_do_not_split() -> None:
    doc = parse("r.md", "甲4%；乙5%。[pmid:1]\n")
    assert sentences(doc) == ["甲4%；乙5%。[pmid:1]"]


def test_abbreviations_and_decimals() -> None:
    doc = parse("r.md", "See Fig. 2 and e.g. No. 5 vs. 5.5 et al. in 2012. Next.\n")
    assert sentences(doc) == ["See Fig. 2 and e.g. No. 5 vs. 5.5 et al. in 2012.", "Next."]


def test_html_entities_and_positions() -> None:
    doc = parse("r.html", "<p>A &amp; B &lt;5%&gt; [pmid:1]</p>\n<p>x&nbsp;<b>y</b> [nct:N1]</p>")
    assert sentences(doc)[0] == "A & B <5%> [pmid:1]"
    assert doc.position(doc.anchors[0].start) == (1, 25)
    assert doc.position(doc.anchors[1].start) == (2, 20)


def test_html_skips_code_scripts_and_comments() -> None:
    doc = parse(
        "r.html",
        "<head><title>[pmid:0]</title></head><script>x='[pmid:1]'</script>"
        "<style>p{}</style><!-- [pmid:2] --><p>real <code>[pmid:3]</code> [pmid:4]</p>"
        "<pre>[pmid:5]</pre><template><p>[pmid:6]</p></template><noscript>[pmid:7]</noscript>",
    )
    assert [a.id for a in doc.anchors] == ["4"]


def test_markdown_skips_code() -> None:
    doc = parse("r.md", "A `[pmid:1]` b [pmid:2].\n\n```\n[pmid:3]\n```\n\n    [pmid:4]\n")
    assert [a.id for a in doc.anchors] == ["2"]


def test_nested_blocks_innermost_owns() -> None:
    doc = parse("r.html", "<li>outer <p>inner [pmid:1]</p> tail</li><div>bare text</div>")
    assert [(b.kind, b.text.strip()) for b in doc.blocks] == [
        ("li", "outer"),
        ("p", "inner [pmid:1]"),
        ("li", "tail"),
        ("anon", "bare text"),
    ]


def test_br_ends_a_sentence() -> None:
    doc = parse("r.html", "<p>line one<br>line two</p>")
    assert sentences(doc) == ["line one", "line two"]


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


def test_attribute_anchor_covers_element_sentences() -> None:
    doc = parse(
        "r.html", '<div data-cite="pmid:1:abstract"><p>A 5%.</p><p>B 6%.</p></div><p>C 7%.</p>'
    )
    covered = {s.text: [a.text for a in s.anchors] for s in doc.sentences}
    assert covered == {"A 5%.": ["[pmid:1:abstract]"], "B 6%.": ["[pmid:1:abstract]"], "C 7%.": []}
    assert doc.position(doc.anchors[0].start) == (1, 17)


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


def test_appendix_phrase_needs_a_boundary() -> None:
    doc = parse("r.md", "## 来源分析与市场\n\nbody\n\n## Sourcesless\n\nb2\n")
    assert not any(b.appendix for b in doc.blocks)


def test_directives_collected() -> None:
    doc = parse(
        "r.md",
        "<!-- citelint-disable-next-line CL101 -- rounded -->\nA 5%.\n\n"
        "x <!-- citelint-disable CL001, CL004 --> y <!-- citelint-bogus -->\n",
    )
    kinds = [(d.kind, d.codes, d.reason, d.error) for d in doc.directives]
    assert kinds == [
        ("disable-next-line", ("CL101",), "rounded", ""),
        ("disable", ("CL001", "CL004"), "", ""),
        ("invalid", (), "", "unknown directive 'citelint-bogus'"),
    ]
    html = parse("r.html", '<p data-citelint-ignore="CL001 CL101">A 5%</p>')
    assert [(d.kind, d.codes) for d in html.directives] == [("ignore-subtree", ("CL001", "CL101"))]


def test_mermaid_blocks_found() -> None:
    md = parse("r.md", "x\n\n```mermaid\ngraph TD\nA-->B\n```\n\n~~~mermaid\npie\n~~~\n")
    assert [m.source for m in md.mermaid] == ["graph TD\nA-->B\n", "pie\n"]
    assert md.position(md.mermaid[0].start) == (3, 1)
    html = parse(
        "r.html",
        "<p>x</p>\n<div class='big mermaid' id=m>graph LR\nA --&gt; B</div>"
        '<pre class="mermaid">pie</pre><code class="language-mermaid">'
        "flowchart</code>",
    )
    assert [m.source for m in html.mermaid] == ["graph LR\nA --> B", "pie", "flowchart"]
    assert html.position(html.mermaid[0].start) == (2, 1)


def test_markdown_with_html_block() -> None:
    doc = parse("r.md", "Intro.\n\n<div>\n<p>inside 5% [pmid:1]</p>\n</div>\n\nafter\n")
    assert sentences(doc) == ["Intro.", "inside 5% [pmid:1]", "after"]
    assert doc.position(doc.anchors[0].start) == (4, 14)


def test_broken_html_still_parses() -> None:
    doc = parse("r.html", "<p>unclosed <b>bold <p>second [pmid:1]<div><table><tr><td>x")
    assert "second [pmid:1]" in sentences(doc)


def test_empty_reports() -> None:
    assert parse("r.md", "").blocks == ()
    assert parse("r.html", "   \n").blocks == ()
