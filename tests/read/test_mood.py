"""Mood: what a sentence does by its form — a plan, chart data — read without topics."""

from __future__ import annotations

import pytest

from citelint.read.mood import (
    bold_label,
    class_by_members,
    glossary,
    line_label,
    plan_heading,
    plan_label,
    proposal,
    prospective,
    rating_line,
    window_label,
    window_step,
)


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("Health systems should prioritise 2 trials by 2027.", True),
        ("It is recommended that 80% of sites report.", True),
        ("Because definitions vary, it’s best to treat $2.3B–$3.8B as the range.", True),
        ("It is best to dose 2 mg, as the trial found 40% fewer relapses.", False),  # a finding
        ("Success criterion: >200 logical qubits by 2027.", True),
        ("Near-term milestone (0–3 y): 50 qubits.", True),
        ("The most plausible goal is 1,000 qubits by 2030.", True),
        ("应当在2025年前完成30项试验。", True),
        ("Immunotherapy milestones: approvals in 2016 and 2019.", False),  # past events
        ("The target was reached in 40% of patients.", False),
        ("ORR was 45% with osimertinib.", False),
        ("Centres should offer it, as it improved OS to 18 months.", False),  # a finding too
        ("Scenarios: 1) a breach exposes 18-month chat history.", True),
    ],
)
def test_the_authors_plan_is_prospective(text: str, plan: bool) -> None:
    assert prospective(text) is plan


def test_a_schedule_makes_lines_that_report_nothing_a_plan() -> None:
    assert prospective("• Pilot a 24-h default retention.", planned=True)
    assert not prospective("• Pilot a 24-h default retention.")
    assert not prospective("• Retention was cut to 24 h in 2024.", planned=True)  # a finding
    assert not prospective("• Waits fell by 18 minutes.", planned=True)


@pytest.mark.parametrize(
    ("text", "after", "label"),
    [
        ("Immediate (0–30 days)", " • Enable", True),
        ("6–12 Months", "\u2022 Review", True),
        ("Immediate (0–30 days)", " Enable", False),  # no bullet line below it
        ("Median OS was 18 months", " • Next", False),  # five words: a statement
        ("Retention: 72 h.", " • Next", False),  # ends as a sentence
        ("Median wait 42 minutes", " • Next", False),  # a value, not a window of time
        ("Ratings by service", " • Triage", True),
    ],
)
def test_a_short_line_over_bullet_lines_is_a_label(text: str, after: str, label: bool) -> None:
    assert line_label(text, after) is label


@pytest.mark.parametrize(
    ("text", "rating"),
    [
        ("• Tech E&O  3/4", True),
        ("Cyber Liability: 2/4", True),
        ("Overall 8/10", True),
        ("3/4 patients responded", False),  # words after its figure: a claim
        ("Responders 12/40", False),  # past a small scale: a count
        ("Responders 5/4", False),  # more than the scale holds
        ("Products Liability: High Risk (3/5) – large installed base, open recalls.", True),
        ("Cyber Liability: Medium (2/5)", True),
        ("Products Liability: High Risk (3/5) – 14 open recalls.", False),  # a figure of its own
        ("ORR (3/5) – durable responses.", False),  # no grade in words: 3 of 5 responded
        ("Device: High Risk (7/5)", False),
        ("• Products/Completed Operations (PCO) Liability: Medium—Score 2.6/4", True),
        ("Tech E&O / Cyber Liability: Elevated—Score 2.3/4", True),
        ("Mean pain score: 3.2/10", False),  # a decimal with no grade in words: a value
        ("Triage: Good—score 4.5/4", False),  # more than the scale holds
        ("Triage: Good—score 3/4 at 12 sites", False),  # a figure of its own
    ],
)
def test_a_label_and_a_small_score_is_a_rating(text: str, rating: bool) -> None:
    assert rating_line(text) is rating


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (
            "Abbreviations: 1L: First-line 2L+: Second-line or later R/M: "
            "Recurrent/metastatic CPS: Combined positive score for PD-L1",
            True,
        ),
        ("HR: hazard ratio CI: confidence interval NR: not reached", True),
        ("Results: ORR: 36% PFS: 5.1 months OS: 13.0 months", False),  # values, not glosses
        ("FDA: approved pembrolizumab EMA: approved nivolumab NMPA: approved it", False),
        ("The trial enrolled 882 adults. HR: hazard ratio CI: confidence interval", False),
        ("Abbreviations: PFS, progression-free survival; OS, overall survival", False),
        ("HR: hazard ratio CI: confidence interval", False),  # two terms: too few to tell
    ],
)
def test_an_abbreviations_key_is_a_glossary(text: str, key: bool) -> None:
    assert glossary(text) is key


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("VEGF inhibitors: Bevacizumab and other agents targeting the VEGF receptor", True),
        ("Lenvatinib, cabozantinib, and other agents targeting angiogenic pathways", True),
        ("AKT inhibitors: MK-2206 and other agents targeting protein kinase B", True),
        ("PI3K inhibitors: Alpelisib and other agents targeting the 3-kinase pathway", True),
        ("Nivolumab and other checkpoint inhibitors are approved for HNSCC.", False),
        ("Nivolumab and other agents targeting PD-1 improved survival.", False),  # a verb
        ("Bevacizumab and other agents targeting 5 pathways", False),  # a figure
        ("In 2019, bevacizumab and other agents targeting VEGF were approved", False),
    ],
)
def test_a_class_named_by_its_members_is_no_claim(text: str, named: bool) -> None:
    assert class_by_members(text) is named


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("第2–3天：再检索一次（更难一点，闭卷）。", True),
        ("Months 0–6: pilot the form in two wards.", True),
        ("Immediate (0–30 days): enable logging.", True),
        ("Days 1–3: fever in 45% of patients.", False),  # a value after the window
        ("Weeks 1–2: most patients reported nausea.", False),  # a finding
        ("Phase one: enable logging.", False),  # no window of time
        ("Median 12 months: OS.", False),  # a value, not a window
        ("Day 1: quiz once from memory.", True),
        ("**2025年成为拐点**：AI驱动的药物研发正成为主导趋势。", False),  # a year, a forecast
    ],
)
def test_a_step_opened_by_its_window_of_time(text: str, step: bool) -> None:
    assert window_step(text) is step


def test_advice_in_chinese_is_the_authors_unless_someone_gives_it() -> None:
    assert prospective("每块30–45分钟（不建议一次坐2–3小时）")
    assert prospective("建议每天户外活动2小时。")
    assert not prospective("WHO建议每天户外活动2小时。")  # WHO's advice, reported
    assert not prospective("指南建议每天户外活动2小时。")
    assert not prospective("建议的编码系统用于5个领域。")  # the advised systems: a noun
    assert not prospective("偏好、建议有效性知觉等3类因素")


def test_a_plans_label() -> None:
    assert plan_label("Scenarios:") and plan_label("Next steps: audit")
    assert not plan_label("Main barriers:") and not plan_label("Immunotherapy milestones: 2016")


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("实操方法：", True),
        ("**应对方法**：", True),
        ("建立健康睡眠习惯的实操方法：", True),
        ("引导方法：先问后说", True),
        ("短期目标：学会游泳", True),
        ('目标示例："每天阅读20分钟"', True),
        ("方法：纳入120例患者", False),  # an abstract's methods
        ("研究方法：", False),
        ("治疗策略：每日500 mg", False),  # a treatment's, not the author's how-to
        ("目标人群：65岁以上", False),  # who was studied
        ("以真实人际关系为核心的治疗目标：当来访者…", False),  # a kind of treatment, named
    ],
)
def test_a_plans_label_in_chinese(text: str, label: bool) -> None:
    assert plan_label(text) is label


def test_a_finding_in_chinese_is_no_plan() -> None:
    assert prospective("睡前1小时放下手机。", planned=True)
    assert not prospective("调查显示，每天运动60分钟的孩子近视率低20%。", planned=True)
    assert not prospective("研究表明运动有益。", planned=True)
    assert not prospective("建议每天运动，数据显示可降低风险20%。")


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("3-6岁：任务导向，而非结果导向", True),
        ("第一阶段（3-6岁）：广泛尝试", True),
        ("Ages 3–6: play first", True),
        ("2023年：营收增长45%", False),  # a figure after the colon: a statement
        ("14-18岁：2个方向", False),
        ("中位OS为18个月：显著延长", False),  # no band: a statement in bold
        ("Median OS was 18 months: durable", False),
        ("3-6岁", False),  # no gloss: a heading reads it, not this
    ],
)
def test_a_bold_band_and_its_gloss_is_a_label(text: str, label: bool) -> None:
    assert bold_label(text) is label


@pytest.mark.parametrize(
    ("text", "window"),
    [
        ("Immediate (0-30 days)", True),
        ("90 days", True),
        ("6–12 Months", True),
        ("Short term (0–6 mo):", True),
        ("Median wait 42 minutes", False),  # a value, not a window
        ("At 12 months, PFS was 45%", False),  # a sentence
        ("Phase 2 (n=40)", False),  # no unit of time
        ("42 patients", False),
        ("近期（0–30天）", True),
        ("第1-2周", True),
        ("1) 2010—至今（截至 2026-02）走势：按大周期拆解", False),  # 周 inside a word
        ("阶段J：2026 年初（截至 2026-02）", False),  # a calendar year, a history
    ],
)
def test_a_window_of_time_alone_is_a_schedules_label(text: str, window: bool) -> None:
    assert window_label(text) is window


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("Recommendation Summary", True),
        ("Scenarios", True),
        ("Key Loss Scenarios", True),
        ("Next Steps", True),
        ("Success criteria", True),
        ("Milestones", False),  # heads past events as often
        ("Target population", False),  # who was studied
        ("Recommendations for first-line therapy in EGFR-mutant NSCLC", False),  # a topic
        ("6.2 Recommendations", True),  # numbered, as reports number their sections
        ("5. Policy Recommendations", True),
        ("6.2 建议", True),  # advice, in Chinese
        ("4.4 技术路线图总结", True),  # a roadmap: its targets
        ("Technology Roadmap", True),
        ("政策建议", True),
        ("结论与建议", False),  # beside what else the section holds: its conclusions
        ("6.1 核心结论", False),
        ("3.2 两周食谱表（每日食物均为可食部生重）", True),  # the menu asked for, a gloss after
        ("5.3 备赛关键建议（基于一等奖得主经验）", True),
        ("Meal plan", True),
        ("7-day itinerary", True),
        ("Menu engineering results", False),  # a finding about menus
        ("研究中使用的食谱", False),  # a study's menu: what was used
        ("1.3 Design Objectives", True),  # the targets the author's design must meet
        ("Performance targets", True),
        ("Objectives", False),  # an abstract's: what the study set out to do, and how
        ("Study objectives and design", False),
    ],
)
def test_a_heading_that_names_the_plan(text: str, plan: bool) -> None:
    assert plan_heading(text) is plan


def test_a_history_by_years_is_no_schedule() -> None:
    # two year-window headings used to read as a schedule's phases, and every line under
    # the report's history became the author's plan
    from citelint.read.parse import Parser

    text = (
        "## 1) 2010—至今（截至 2026-02）黄金走势：按“大周期阶段”拆解\n\n"
        "### 阶段A：2010—2011（避险）\n- 2011-09-05：金价创历史新高 1,896.50 美元 [1]\n\n"
        "### 阶段J：2026 年初（截至 2026-02）\n- 1 月 ETF 净流入 190 亿美元 [1]\n\n"
        "## 参考文献\n\n1. WGC. Gold demand trends. https://gold.example.org/trends\n"
    )
    doc = Parser().parse("r.md", text.encode())
    assert not any(b.planned for b in doc.blocks)
    plan = "### 近期（0–30天）\n- 建立台账\n\n### 中期（1-3个月）\n- 推进试点\n"
    doc = Parser().parse("r.md", plan.encode())
    assert all(b.planned for b in doc.blocks if b.kind == "li")  # a schedule still is


@pytest.mark.parametrize(
    ("heading", "first", "proposed"),
    [
        ("5. Proposed General Evaluation Framework", "We propose a tiered framework.", True),
        ("Proposed System Architecture", "Synthesizing the above, I propose five layers:", True),
        ("Our Proposal", "This report proposes a two-stage protocol.", True),
        # a review of what others proposed: the author proposes nothing
        ("Proposed Mechanisms", "Several mechanisms have been proposed [3].", False),
        ("Evaluation Framework", "We propose a tiered framework.", False),  # no proposal named
    ],
)
def test_a_section_the_author_opens_by_proposing(heading: str, first: str, proposed: bool) -> None:
    assert proposal(heading, first) is proposed


def test_every_paragraph_of_the_authors_proposal_is_the_plan() -> None:
    from citelint.read.parse import Parser

    text = (
        "## 5. Proposed Framework\n\nWe propose a framework with three tiers.\n\n"
        "1. **Data Partitioning**: 60% training, 20% validation, 20% test.\n\n"
        "### 5.3 Score\n\nThe weights default to 0.4, 0.3 and 0.3.\n\n"
        "## 6. Evidence\n\nBacktests overstate returns by 30%.\n"
    )
    doc = Parser().parse("r.md", text.encode())
    planned = [b.text for b in doc.blocks if b.planned]
    assert planned == [
        "We propose a framework with three tiers.",
        "Data Partitioning: 60% training, 20% validation, 20% test.",
        "The weights default to 0.4, 0.3 and 0.3.",
    ]
