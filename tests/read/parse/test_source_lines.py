"""A source line under a table or a list cites the rows and items above it."""

from __future__ import annotations

from citelint.read.parse import Parser
from tests.read.parse.conftest import cited_by as _cited_by_any

TABLE = (
    "## Income\n\n| Group | Share |\n|---|---|\n| Lower | 38.2% |\n| Upper | 12.7% |\n\n"
    "**数据来源**：世界银行（[World Bank, 2024](https://example.org/wb)）\n"
)


def _borrowed(text: str) -> list[tuple[str, bool]]:
    doc = Parser().parse("r.md", text.encode())
    return [(s.text, s.borrowed) for s in doc.sentences if s.block.kind != "heading"]


def test_a_source_line_under_a_table_cites_its_rows() -> None:
    assert _borrowed(TABLE) == [
        ("Group | Share", False),
        ("Lower | 38.2%", True),
        ("Upper | 12.7%", True),
        ("数据来源：世界银行（World Bank, 2024）", False),
    ]


def test_it_covers_a_list_and_the_lines_among_the_data() -> None:
    text = (
        "## Assets\n\nHousing dominates.\n\n**Key figures:**\n\n- 59.1% are housing.\n"
        "- Arrears rose to 2.78%.\n\n*Source: https://example.org/finance*\n"
    )
    assert _borrowed(text) == [
        ("Housing dominates.", True),
        ("Key figures:", True),
        ("59.1% are housing.", True),
        ("Arrears rose to 2.78%.", True),
        ("Source: https://example.org/finance", False),
    ]


def test_it_stops_at_a_heading_a_block_that_cites_and_another_source_line() -> None:
    listed = (
        "## Assets\n\n- 59.1% are housing.\n\nDebt rose 4% [1].\n\n- Arrears rose to 2.78%.\n\n"
        "*Source: https://example.org/finance*\n\n## References\n\n1. A. PMID: 1\n"
    )
    assert ("59.1% are housing.", False) in _borrowed(listed)  # above a paragraph that cites
    assert ("Arrears rose to 2.78%.", True) in _borrowed(listed)
    twice = TABLE + "\n- 59.1% are housing.\n\nSource: [Bank](https://example.org/bank)\n"
    assert ("Lower | 38.2%", True) in _borrowed(twice)  # the first line's, not the second's
    assert ("59.1% are housing.", True) in _borrowed(twice)


def test_a_row_citing_a_note_of_its_own_does_not_stop_the_line_under_the_table() -> None:
    """`| Upper | 12.7% [1] |` keeps `[1]`; the rows above it are still the line's — while
    fewer than half the rows cite: a table cited row by row is its rows'."""
    refs = "\n## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"
    noted = TABLE.replace("| Upper | 12.7% |", "| Middle | 20.1% |\n| Upper | 12.7% [1] |")
    borrowed = _borrowed(noted + refs)
    assert ("Lower | 38.2%", True) in borrowed
    assert ("Middle | 20.1%", True) in borrowed
    assert ("Upper | 12.7% [1]", False) in borrowed
    by_row = TABLE.replace("| Lower | 38.2% |", "| Lowest | 41.0% [2] |\n| Lower | 38.2% |")
    by_row = by_row.replace("| Upper | 12.7% |", "| Middle | 20.1% |\n| Upper | 12.7% [1] |")
    by_row = by_row.replace("| Middle | 20.1% |", "| Middle | 20.1% [2] |")
    assert ("Lower | 38.2%", False) in _borrowed(by_row + refs)  # an omission, not the line's


def test_under_prose_it_cites_the_one_paragraph_right_above() -> None:
    """`…0.954 direct jobs.` then `**Source**: [ACI](…)`: the paragraph above borrows it, the
    one before that does not (a source line under prose reaches no further)."""
    text = (
        "Ports grew 4.1%.\n\nHousing is 59.1% of assets.\n\n"
        "**Source**: [Bank](https://example.org/bank)\n"
    )
    assert _borrowed(text)[:2] == [
        ("Ports grew 4.1%.", False),
        ("Housing is 59.1% of assets.", True),
    ]
    # so does a line of nothing but citations (batch 95: a WebWeaver report cites each
    # paragraph with the link naming its source on the line under it), the one above only
    bare = "Ports grew 4.1%.\n\nHousing is 59.1% of assets.\n\n[Bank](https://example.org/bank)\n"
    assert _borrowed(bare)[:2] == [
        ("Ports grew 4.1%.", False),
        ("Housing is 59.1% of assets.", True),
    ]
    quoted = "> 市场总需求约18亿元。\n> —— 某研报\n\n[某研报](https://example.org/r)\n"
    assert _borrowed(quoted)[0] == ("市场总需求约18亿元。", True)  # a quotation and its link


def test_a_qualified_line_after_a_note_still_cites_the_table() -> None:
    text = TABLE.replace(
        "**数据来源**：世界银行（", "*Note: 2024 prices.*\n\n**主要来源：** 世界银行（"
    )
    assert ("Lower | 38.2%", True) in _borrowed(text)
    main = TABLE.replace("**数据来源**：世界银行（", "Main sources: the bank (")
    assert ("Upper | 12.7%", True) in _borrowed(main)


def test_the_paragraph_under_it_borrows_when_it_restates_the_data() -> None:
    restated = TABLE + "\n**Key insight:** the lower group is 38.2% of households.\n"
    assert _borrowed(restated)[-1] == ("Key insight: the lower group is 38.2% of households.", True)
    more = TABLE + "\nThe lower group is 38.2%, the middle 49.1%.\n"
    assert _borrowed(more)[-1] == ("The lower group is 38.2%, the middle 49.1%.", False)


def test_a_line_of_citations_right_under_the_data_is_a_source_line() -> None:
    table = "## Rates\n\n| Year | Margin |\n|---|---|\n| 2024 | 1.53% |\n| 2025 | 1.40% |\n\n"
    line = "[^3] [KPMG outlook](https://example.org/kpmg)\n\n[^3]: KPMG. https://example.org/kpmg\n"
    assert _borrowed(table + line)[1:3] == [("2024 | 1.53%", True), ("2025 | 1.40%", True)]
    # under a paragraph it is that paragraph's business, not the table's above it
    prose = "The margin fell.\n\n"
    assert _borrowed(table + prose + line)[1:3] == [
        ("2024 | 1.53%", False),
        ("2025 | 1.40%", False),
    ]


def test_a_tables_own_last_row_naming_its_sources_cites_the_rows_above() -> None:
    table = (
        "## A\n\n| 维度 | 详情 |\n|---|---|\n| **融资** | 1.2亿元 |\n| **团队** | 300名 |\n"
        "| **关键来源** | [年报](https://example.org/r)；[新闻](https://example.org/n) |\n"
    )
    assert _borrowed(table)[1:3] == [("融资 | 1.2亿元", True), ("团队 | 300名", True)]
    english = table.replace("**关键来源**", "Key sources")
    assert _borrowed(english)[1:3] == [("融资 | 1.2亿元", True), ("团队 | 300名", True)]
    # a row that names a place (`来源地`) or cites nothing lends nothing
    place = table.replace("**关键来源**", "来源地")
    assert _borrowed(place)[1:3] == [("融资 | 1.2亿元", False), ("团队 | 300名", False)]


def test_a_note_in_parentheses_under_the_table_says_where_its_data_come_from() -> None:
    note = TABLE.replace(
        "**数据来源**：世界银行（[World Bank, 2024](https://example.org/wb)）",
        "（数据分别来自世界银行年报[World Bank, 2024](https://example.org/wb)；占比为据此计算。）",
    )
    assert ("Lower | 38.2%", True) in _borrowed(note)
    english = TABLE.replace(
        "**数据来源**：世界银行（[World Bank, 2024](https://example.org/wb)）",
        "(Data are taken from [World Bank, 2024](https://example.org/wb).)",
    )
    assert ("Upper | 12.7%", True) in _borrowed(english)


def test_a_line_saying_in_words_where_the_data_come_from_cites_the_table() -> None:
    table = "## Shelf life\n\n| Product | Shelf life |\n|---|---|\n| Opened | ~90 days |\n\n"
    for line in (
        "Shelf-life data synthesized from ([Clean Fun, 2026](https://example.org/a)).",
        "Table data compiled from ([Better Rhodes, 2026](https://example.org/b)).",
        "Adapted from [the survey](https://example.org/c).",
    ):
        assert ("Opened | ~90 days", True) in _borrowed(table + line + "\n"), line
    # a sentence of prose under the table that says nothing of where data come from
    other = table + "Shelf life is longer when refrigerated ([Clean Fun](https://example.org/a)).\n"
    assert ("Opened | ~90 days", False) in _borrowed(other)


def test_a_note_naming_the_table_below_and_citing_covers_its_rows() -> None:
    table = "| Film | Gross |\n|---|---|\n| North | 154.46 |\n| South | 57.75 |\n"
    note = "> 单位为亿元，下表据总榜换算。上映日期同样来自总榜页。 [[1]](https://example.org/b)\n\n"
    assert ("North | 154.46", True) in _borrowed(note + table)
    english = "The table below compiles the box office. [[1]](https://example.org/b)\n\n"
    assert ("South | 57.75", True) in _borrowed(english + table)
    # a note that names no table, or names the one above, lends nothing
    other = "上映日期来自总榜页。 [[1]](https://example.org/b)\n\n"
    assert ("North | 154.46", False) in _borrowed(other + table)
    above = "上表据总榜换算。 [[1]](https://example.org/b)\n\n"
    assert ("North | 154.46", False) in _borrowed(above + table)


SECTIONS = (
    "## Devices\n\n### Alpha\n\nAlpha has 66,000+ partners.\n\n| Model | Price |\n|---|---|\n"
    "| A1 | $700 |\n\n*Images:* [A1 page](https://alpha.example.org/a1)\n\n**Sources:**\n"
    "- Alpha stats: [https://alpha.example.org](https://alpha.example.org)\n"
    "- Alpha prices: [https://shop.example.org/alpha](https://shop.example.org/alpha)\n\n"
    "### Beta\n\n| Model | Price |\n|---|---|\n| B1 | $300 |\n\n**Sources:**\n"
    "- Beta products: [https://beta.example.org](https://beta.example.org)\n"
)


def _cited_by(text: str) -> list[tuple[str, tuple[str, ...]]]:
    doc = Parser().parse("r.md", text.encode())
    return [
        (s.text, tuple(a.id for a in s.anchors))
        for s in doc.sentences
        if s.block.kind in ("p", "row") and not s.block.appendix
    ]


def test_a_sources_list_closing_each_section_cites_the_section() -> None:
    assert _cited_by(SECTIONS) == [
        ("Alpha has 66,000+ partners.", ("1", "2")),
        ("A1 | $700", ("1", "2")),
        ("Images: A1 page", ("https://alpha.example.org/a1",)),  # it cites on its own
        ("B1 | $300", ("3",)),  # the last section's list closes it too: every section has one
    ]


def test_a_chinese_source_label_over_bare_urls_cites_its_section() -> None:
    """`**来源**：` over `- https://…` lines closing each ranked section: the section's pages,
    lent to its items; the entries so lent are the document's `sectioned` ones."""
    text = (
        "## 排名\n\n### 第1名：甲\n\n- 营收达**90.35亿美元**\n\n**来源**：\n"
        "- https://jia.example.org/10-k\n- https://jia.example.org/q3\n\n"
        "### 第2名：乙\n\n- 营收达**26.36亿美元**\n\n**数据来源**：\n- https://jia.example.org/10-k\n"
    )
    doc = Parser().parse("r.md", text.encode())
    cited = {s.text: tuple(a.id for a in s.anchors) for s in doc.sentences if s.block.kind == "li"}
    assert cited["营收达90.35亿美元"] == ("1", "2") and cited["营收达26.36亿美元"] == ("3",)
    assert doc.sectioned == frozenset(r.start for r in doc.references)
    one = Parser().parse("r.md", SECTIONS[: SECTIONS.index("### Beta")].encode())
    assert one.sectioned == frozenset()  # one list closing the report: its reference list


def test_a_list_closing_a_section_covers_its_parts_back_to_the_list_before() -> None:
    """`**来源**：` after `### 2.2`, then `## 3.`: the list closes all of `## 2.`, its `###`
    parts with it; followed by a `###` heading it closes only its own part."""
    text = (
        "## 2. 教学\n\n### 2.1 概述\n\n任务完成率从40%提升至85%。\n\n### 2.2 要点\n\n"
        "干预持续10个月。\n\n**来源**：\n- https://a.example.org/x\n\n## 3. 视觉\n\n"
        "### 3.1 概述\n\n被列为28种循证实践之一。\n\n**来源**：\n- https://b.example.org/y\n\n"
        "## 4. 结语\n\n正文。\n"
    )
    cited = dict(_cited_by(text))
    assert cited["任务完成率从40%提升至85%。"] == ("1",)  # `### 2.1`: a part of `## 2.`
    assert cited["干预持续10个月。"] == ("1",) and cited["被列为28种循证实践之一。"] == ("2",)
    part = text.replace("## 3. 视觉", "### 2.3 视觉")  # the list now closes `### 2.2` alone
    assert dict(_cited_by(part))["任务完成率从40%提升至85%。"] == ()


def test_one_sources_list_closing_the_report_covers_no_section() -> None:
    text = SECTIONS[: SECTIONS.index("### Beta")].replace("### Alpha\n\n", "")
    assert _cited_by(text)[:2] == [("Alpha has 66,000+ partners.", ()), ("A1 | $700", ())]


def test_a_line_dating_the_data_and_citing_is_a_source_line() -> None:
    text = (
        "## Spending\n\n| Country | Share |\n|---|---|\n| China | 4.8% |\n\n"
        "Data are for 2021 (World Population Review, 2026, [source](https://wpr.example.org/x)).\n"
    )
    assert ("China | 4.8%", True) in _borrowed(text)
    plain = text.replace("Data are for 2021", "Spending rose in 2021")  # no data line
    assert ("China | 4.8%", False) in _borrowed(plain)


def test_a_see_line_and_a_line_of_joined_citations_cite_the_rows_above() -> None:
    """`详见：[甲](…)、[乙](…)` ("see") under a table names its sources, and so does a line of
    nothing but links joined by `、`; words after the links make it a sentence that lends
    nothing."""
    table = "## 效率\n\n| 来源 | 幅度 |\n|---|---|\n| 甲 | 3—8倍 |\n\n"
    links = "[甲](https://a.example.org/x)、[乙](https://b.example.org/y)"
    assert ("甲 | 3—8倍", True) in _borrowed(table + "详见：" + links + "\n")
    assert ("甲 | 3—8倍", True) in _borrowed(table + links + "\n")
    assert ("甲 | 3—8倍", False) in _borrowed(table + links + "提到了这一点。\n")


def test_a_label_with_a_verb_naming_the_sources_is_a_source_line() -> None:
    """`数据来源分别为 (…)、(…)` and `The data sources are …`: the label and what the sources
    are, no colon between."""
    for line in (
        "数据来源分别为 ([World Bank](https://example.org/wb))、([IMF](https://example.org/imf))。",
        "资料来源为[世界银行](https://example.org/wb)。",
        "The data sources are [World Bank](https://example.org/wb) and [IMF](https://example.org/imf).",
    ):
        text = TABLE.replace(
            "**数据来源**：世界银行（[World Bank, 2024](https://example.org/wb)）", line
        )
        assert ("Lower | 38.2%", True) in _borrowed(text), line
    # prose under the table whose subject is not its sources lends nothing
    prose = TABLE.replace(
        "**数据来源**：世界银行（[World Bank, 2024](https://example.org/wb)）",
        "Shares are rising ([World Bank](https://example.org/wb)).",
    )
    assert ("Lower | 38.2%", False) in _borrowed(prose)


def test_a_source_item_closing_a_list_covers_its_items_nested_ones_too() -> None:
    """`- **来源**：[…](…)` closing a case covers the points under `- **备赛特色**：`, and
    not the paragraph after the list."""
    text = (
        "## 案例一\n\n- **主讲教师**：郭璐\n- **备赛特色**：\n  - 为16个教学节段各准备PPT\n"
        "  - 电脑中50多G的文献\n- **来源**：[新闻网](https://a.example.org/x)\n\n"
        "全国决赛每个组别约32名选手。\n"
    )
    doc = Parser().parse("r.md", text.encode())
    cited = {s.text: tuple(a.id for a in s.anchors) for s in doc.sentences}
    assert cited["为16个教学节段各准备PPT"] == cited["电脑中50多G的文献"] != ()
    assert cited["全国决赛每个组别约32名选手。"] == ()


def test_an_item_naming_the_lists_key_literature_cites_the_items_above_it() -> None:
    text = (
        "#### Phosphate\n\n- **Raman activity**: strong, with ν₁ near 938 cm⁻¹.\n"
        "- **Key references**: phosphate spectra are well studied [1].\n"
        "- **Conclusion**: active in both.\n\n"
        "#### 钼酸盐\n\n- **拉曼活性**：所有 4 种振动模式均为拉曼活性。\n"
        "- **关键文献**：钼酸盐的拉曼光谱已有系统报道 [1]。\n\n"
        "#### Amines\n\n- **Infrared activity**: N-H stretch near 3300 cm⁻¹.\n"
        "- **Key finding**: amines adsorb on steel [1].\n"
        "- **Conclusion**: active in both.\n"
        "\n## References\n\n1. A. PMID: 1\n"
    )
    borrowed = dict(_borrowed(text))
    assert borrowed["Raman activity: strong, with ν₁ near 938 cm⁻¹."]
    assert borrowed["拉曼活性：所有 4 种振动模式均为拉曼活性。"]
    # a finding of its own names no literature: the item above it still asks a source
    assert not borrowed["Infrared activity: N-H stretch near 3300 cm⁻¹."]


def test_a_source_item_saying_same_as_above_lends_what_the_one_before_lent() -> None:
    text = (
        "### 6.1 Masked modelling\n\n- **准确率**：**99.6%**。\n"
        "- **来源**：PMC, *A review*, 2025. [https://example.org/r](https://example.org/r)\n\n"
        "### 6.2 ViT\n\n- **准确率**：**>80%**。\n- **来源**：同上。\n\n"
        "### 6.3 CNN\n\n- **Accuracy**: 97.5% across datasets.\n- Source: ibid.\n"
    )
    cited = dict(_cited_by_any(text))
    assert cited["准确率：>80%。"] == ("https://example.org/r",)
    assert cited["Accuracy: 97.5% across datasets."] == ("https://example.org/r",)  # a chain
    # with no source line before it, `同上` names nothing: the data still ask a source
    alone = "### 6.2 ViT\n\n- **准确率**：**>80%**。\n- **来源**：同上。\n"
    assert dict(_cited_by_any(alone))["准确率：>80%。"] == ()


def test_a_section_opening_on_its_literature_line_lends_it_to_its_blocks() -> None:
    text = (
        "### 3.1 Clique covers\n\n**文献**：Werner et al. (2024) [[11]](https://example.org/11)\n\n"
        "The method is in Drake [[12]](https://example.org/12).\n\n"
        "**实验数据**：在 7-DOF 机械臂上快 **3-10 倍**。\n\n"
        "#### Notes\n\nIt covered 15% more space.\n\n"
        "### 3.2 GPUs\n\nGeneration took 5 ms.\n"
    )
    cited = dict(_cited_by_any(text))
    assert cited["实验数据：在 7-DOF 机械臂上快 3-10 倍。"] == ("https://example.org/11",)
    assert cited["It covered 15% more space."] == ("https://example.org/11",)  # a deeper part
    # a block citing on its own keeps its citation
    assert cited["The method is in Drake [12]."] == ("https://example.org/12",)
    assert cited["Generation took 5 ms."] == ()  # the next section is not the paper's
    # further down a section the line is a source line, lending nothing below it
    later = (
        "### 3.1 A\n\nIt ran 4 ms.\n\n**文献**：W (2024) [[11]](https://example.org/11)\n\n"
        "Sampling used 40 seeds.\n"
    )
    assert dict(_cited_by_any(later))["Sampling used 40 seeds."] == ()
