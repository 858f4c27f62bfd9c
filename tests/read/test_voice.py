"""Voice: what a report says of itself — its scope, what it announces, how it lays out its
answer — read by form."""

from __future__ import annotations

import pytest

from citelint.read.voice import (
    ANNOUNCE,
    LAYOUT_LEAD,
    OWN_ACCOUNT,
    SCOPE,
    SCOPE_GOES_ON,
    research_narrations,
    speaks_for_itself,
)


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("为便于分析，本报告采用综合性定义：家庭年收入在10万-50万元之间。", True),
        ("本报告旨在回答以下问题。", True),
        ("本报告发现40%的家庭负债。", False),  # points back to a finding
        ("This report evaluates 12 trials.", True),
    ],
)
def test_the_report_describing_itself_is_scope(text: str, scope: bool) -> None:
    assert bool(SCOPE.match(text)) is scope


@pytest.mark.parametrize(
    ("text", "goes_on"),
    [
        ("报告覆盖威立雅、美国水业等企业，最终提出3-5个方向建议。", True),
        ("The report then compares 4 options.", True),
        ("报告发现行业平均漏损率为18.2%。", False),  # a finding
        ("It covers 40% of the market.", False),  # `it` may be any subject
        ("该报告覆盖全国31个省份。", False),  # `该报告`: a report the paragraph names
    ],
)
def test_the_report_going_on_with_its_scope(text: str, goes_on: bool) -> None:
    assert bool(SCOPE_GOES_ON.match(text)) is goes_on


def test_the_scope_goes_on_only_in_a_paragraph_opened_by_it() -> None:
    sentence = "报告覆盖甲、乙两家企业，最终提出3-5个方向建议。"
    assert speaks_for_itself(sentence, "本报告基于公开年报梳理出前十大成果。" + sentence)
    assert not speaks_for_itself(sentence, "行业规模持续扩大。" + sentence)
    assert not speaks_for_itself(sentence)


@pytest.mark.parametrize(
    ("text", "announced"),
    [
        ("下面给出 5 种在2024–2026证据与实践中反复出现的模式。", True),
        ("Below are five patterns seen in 2024.", True),
        ("Below 5% of patients responded.", False),  # a quantity's preposition
    ],
)
def test_the_report_announcing_what_follows(text: str, announced: bool) -> None:
    assert bool(ANNOUNCE.match(text)) is announced


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        (
            "下面按先进逻辑（约7/5/3/2 nm）/DRAM/3D NAND，并按FEOL/BEOL来回答：主力是PVD。",
            "来回答：",
        ),
        ("以下从三个层面分析：", "分析："),
        ("Below, by node and by layer, we answer: PVD leads.", "answer:"),
        ("以下按2024年数据，销量增长30%。", None),  # no verb of answering, no colon
        ("下面给出 5 种模式：", None),  # an announcement, ANNOUNCE's
        ("Below 5% of sites, by region, we answer: none.", None),
    ],
)
def test_a_lead_in_laying_out_the_answer_ends_at_its_colon(text: str, lead: str | None) -> None:
    m = LAYOUT_LEAD.match(text)
    if lead is None:
        assert m is None
    else:
        assert m is not None and text[: m.end()].endswith(lead)


def test_the_report_naming_itself_opens_its_own_account() -> None:
    assert OWN_ACCOUNT.match("This comprehensive review employed a search of 4 databases.")
    assert not OWN_ACCOUNT.match("This study enrolled 120 patients.")  # maybe a cited one


@pytest.mark.parametrize(
    ("text", "own"),
    [
        # a plan of the whole answer, no colon: its figure counts what it will give
        (
            "下面按可复核的口径，把前十家公司先定样本，再做横向比较，最后给出最可能靠前的2–3家公司。",
            True,
        ),
        ("下面把这些资料按可执行的方式整理成3张表。", True),
        ("下面把问题拆成三块：增长30%的原因在于出口。", False),  # a colon: the rest is read
        ("以下按2024年数据，销量增长30%。", False),  # no verb of laying out
        ("下面把A公司30%的增长归因于出口。", False),
        # what the report's own materials lack: their span, not a finding
        ("结论：本轮资料不足以逐家计算2020–2025的CAGR；只能提供近3年财务轨迹。", True),
        ("当前摘录未给出HR MAE等数值，仅有5个样本。", True),
        ("本次检索中没有找到2019年以前的数据。", True),
        ("本轮资料显示，营收增长30%。", False),  # reports a finding
        ("当前市场规模为30亿元。", False),  # the present, not the materials
        # the report's offer to the reader: what it would do
        ("如果你后续希望我把九档变成九分位（每档11.1%人口），那需要微观数据。", True),
        ("If you'd like me to split the 9 tiers into ninths (11.1% each), I need the data.", True),
        ("如果你的收入超过50万元，你属于前10%。", False),  # a condition on the reader's facts
    ],
)
def test_the_report_speaking_for_itself_throughout(text: str, own: bool) -> None:
    assert speaks_for_itself(text) is own


@pytest.mark.parametrize(
    ("text", "narrated"),
    [
        (
            "Let me do one final search to gather information about God Cloths:",
            ["Let me do one final search"],
        ),
        (
            "Let me continue my research to get information about the generals.",
            ["Let me continue my research"],
        ),
        ("Let me continue with research on the warriors:", ["Let me continue with research"]),
        ("Now let's search for information about copper:", ["Now let's search"]),
        ("Let's look for the most recent information on interconnects.", ["Let's look for"]),
        ("Let me gather the latest research on this topic.", ["Let me gather the latest research"]),
        (
            "I'll conduct systematic web research to gather insights.",
            ["I'll conduct systematic web research"],
        ),
        # a sentence's start after a stop with no space, as a transcript glues them
        (
            "Let me gather the necessary information.Let me search for more.",
            ["Let me gather the necessary information", "Let me search"],
        ),
        (
            "I'll provide an analysis of X. Let me research this thoroughly for you.",
            ["Let me research"],
        ),
        (
            "Let me begin by researching the major players in this space:",
            ["Let me begin by researching"],
        ),
        ("我需要更详细的信息，让我继续搜索：", ["我需要更详细的信息"]),  # one sentence, one note
        ("让我为您进行全面调研分析。", ["让我为您进行全面调研"]),
        (
            "我需要再查找一些关于手机游戏用户画像的信息：",
            ["我需要再查找一些关于手机游戏用户画像的信息"],
        ),
        ("让我进行最后一次更加精确的搜索。", ["让我进行最后一次更加精确的搜索"]),
        (
            "我需要更专业的关于接触电阻的信息，特别是理论方面。",
            ["我需要更专业的关于接触电阻的信息"],
        ),
        ("I need more specific information on pricing.", ["I need more specific information"]),
        (
            "I'll need more specific information on advanced smart locks:",
            ["I'll need more specific information"],
        ),
        ("I'll need a new supplier.", []),  # a need of its own, no search
        (
            "Now I need to search for information about the MCP protocol:",
            ["Now I need to search"],
        ),
        (
            "Next, I need to gather more details about costs.",
            ["Next, I need to gather more details"],
        ),
        ("I need to find a new supplier.", []),  # a need of its own, no search
        ("Patients need to search for care.", []),
        ("我们需要更多数据来验证。", []),  # the report's own "we need more data"
        ("我将继续检索相关文献。", ["我将继续检索"]),
        # the report speaking of itself, or a verb that is not a search
        ("Let me explain the research findings.", []),
        ("I'll provide a comprehensive analysis of the franchise.", []),
        ("Let's explore chelation therapy in turn.", []),
        ("I'll find that the data show a rise.", []),
        ("Let us look at the data.", []),
        ("我将为您撰写一份关于医保的报告。", []),
        ("我会把固收定义为：市场容量最大。", []),
        ("Researchers will search the registry in 2026.", []),
    ],
)
def test_the_writer_narrating_its_research_to_come(text: str, narrated: list[str]) -> None:
    assert [lead for _, _, lead in research_narrations(text)] == narrated


def test_a_narration_runs_to_its_sentence_end() -> None:
    text = "Let me search for more targeted reports. The market grew 5%."
    ((start, end, _),) = research_narrations(text)
    assert text[start:end] == "Let me search for more targeted reports."


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("其中 \\(O_s\\)=过去24个月正畸付费/在治；\\(A_s\\)=过去24个月医美付费。", True),
        ("[ P(O_s \\cap A_s) = P(O_s) ] 其中 (O_s)=过去24个月正畸付费。", True),
        ("where \\(\\mu\\) is the expected return over 12 months", True),
        ("式中 σ 为波动率，取20%。", True),
        ("where 30% of patients relapse within 12 months", False),
        ("where Pfizer is expanding capacity by 30%", False),  # a name, no symbol
        ("其中30%为女性。", False),
    ],
)
def test_the_symbols_of_a_formula_defined_speak_for_the_report(text: str, own: bool) -> None:
    assert speaks_for_itself(text) is own
