"""Markdown reports: blocks, positions in code points, code and HTML blocks, Mermaid."""

from __future__ import annotations

from tests.read.parse.conftest import parse, sentences


def test_markdown_sentences_and_positions() -> None:
    doc = parse("r.md", "# 标题\n\n第一句，HR 0.45。第二句！Third one. Fourth?\n")
    assert sentences(doc) == ["标题", "第一句，HR 0.45。", "第二句！", "Third one.", "Fourth?"]
    third = doc.sentences[3]
    assert doc.position(third.start) == (3, 17)


def test_chinese_columns_are_code_points() -> None:
    doc = parse("r.md", "中文中文 [pmid:1:abstract]\n")
    assert doc.position(doc.anchors[0].start) == (1, 6)


def test_markdown_skips_code() -> None:
    doc = parse("r.md", "A `[pmid:1]` b [pmid:2].\n\n```\n[pmid:3]\n```\n\n    [pmid:4]\n")
    assert [a.id for a in doc.anchors] == ["2"]


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


def test_an_images_alt_and_title_and_an_inline_tags_title_are_read_after_the_block() -> None:
    doc = parse(
        "r.md",
        'Lead ![Mortality *fell* by 75%](x.png "Survival rose 12%.") tail.\n\n'
        'See <abbr title="Overall survival was 9 months.">OS</abbr> here.\n\n'
        "- item ![A 3% rise](y.png)\n",
    )
    found = [(doc.position(s.start), s.text) for s in doc.sentences]
    assert found == [
        ((1, 1), "Lead  tail."),
        ((1, 8), "Mortality fell by 75%"),
        ((1, 40), "Survival rose 12%."),
        ((3, 1), "See OS here."),
        ((3, 18), "Overall survival was 9 months."),
        ((5, 3), "item"),
        ((5, 10), "A 3% rise"),
    ]


def test_a_bold_run_with_a_gloss_before_its_colon_is_a_bold_label() -> None:
    loose = "- **755 nm laser** (2026 meta-analysis of RCTs):\n  - It cleared.\n\n- **Cream**:\n"
    doc = parse("r.md", loose)  # (a loose list: each item's text is a paragraph)
    assert [b.strong_only for b in doc.blocks] == [True, False, True]
    doc = parse("r.md", "**Laser** (2026): 30% of spots cleared.\n")
    assert [b.strong_only for b in doc.blocks] == [False]


def test_a_row_whose_first_cell_is_code_starts_on_its_row() -> None:
    # seen on a published report: `| `message_start` | … | 1 次 |` — code is not read, so
    # the row's text opens on the separator, which took offset 0 (the finding at 1:1)
    doc = parse(
        "r.md",
        "# T\n\n| Event | Meaning | Count |\n|---|---|---|\n"
        "| `message_start` | The first message object | 1 time |\n",
    )
    row = next(s for s in doc.sentences if "first message" in s.text)
    assert doc.position(row.start) == (5, 21)
