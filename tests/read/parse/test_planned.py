"""What a plan's label, heading or schedule leads in is the author's plan."""

from __future__ import annotations

from citelint.read.parse import Parser


def test_a_list_led_in_by_a_plans_label_is_planned() -> None:
    text = "- Scenarios:\n  1. An outage delays 30% of calls.\n- Main barriers:\n  1. Cost.\n"
    doc = Parser().parse("r.md", text.encode())
    assert [(b.text, b.planned) for b in doc.blocks] == [
        ("Scenarios:", False),
        ("An outage delays 30% of calls.", True),
        ("Main barriers:", False),
        ("Cost.", False),
    ]


def test_the_reports_own_definitions_under_their_lead_in_are_no_finding() -> None:
    text = (
        "The key definitions used throughout this report:\n\n- **Young-old**: 65–74 years\n\n"
        "本报告采用的定义如下：\n\n- 高龄：85岁及以上\n\n"
        "Key findings:\n\n- Waits fell to 4 minutes.\n"
    )
    doc = Parser().parse("r.md", text.encode())
    assert [(b.text, b.planned) for b in doc.blocks if b.kind == "li"] == [
        ("Young-old: 65–74 years", True),
        ("高龄：85岁及以上", True),
        ("Waits fell to 4 minutes.", False),
    ]


SCHEDULE = (
    "## Service Planning\n\n**Immediate (0-30 days)**\n- Audit 12 wards.\n\n**90 days**\n"
    "- Set a 48-hour callback.\n\n## Results\n\n- Waits fell to 4 minutes.\n"
)


def test_two_windows_of_time_over_lists_are_a_schedule() -> None:
    doc = Parser().parse("r.md", SCHEDULE.encode())
    assert [(b.text, b.planned) for b in doc.blocks] == [
        ("Service Planning", False),
        ("Immediate (0-30 days)", True),
        ("Audit 12 wards.", True),
        ("90 days", True),
        ("Set a 48-hour callback.", True),
        ("Results", False),
        ("Waits fell to 4 minutes.", False),
    ]
    # one window over a list may be a result's timepoint: nothing is planned
    one = SCHEDULE.replace("**90 days**\n- Set a 48-hour callback.\n\n", "")
    assert not any(b.planned for b in Parser().parse("r.md", one.encode()).blocks)


def test_a_heading_that_names_the_plan_plans_the_items_of_its_section() -> None:
    text = (
        "## Recommendation Summary\n\n**Critical**\n- Replace 14 pumps.\n\n### Scenarios\n\n"
        "1. A fault costs €2M.\n\n## Loss Analysis\n\n- Fines reached €5 M.\n"
    )
    doc = Parser().parse("r.md", text.encode())
    assert [b.text for b in doc.blocks if b.planned] == ["Replace 14 pumps.", "A fault costs €2M."]


def test_a_plans_label_in_bold_plans_the_list_under_it() -> None:
    text = "**Scenarios**\n1. A breach costs €500M.\n\n**Comments**\n- Fines reached €5 M.\n"
    doc = Parser().parse("r.md", text.encode())
    assert [b.text for b in doc.blocks if b.planned] == ["A breach costs €500M."]


def test_a_loose_list_under_advice_is_the_plan_and_under_findings_is_not() -> None:
    body = (
        "1. **Start small**: pilot one station and check payback within 6-12 months.\n\n"
        "2. **Prefer quick payback**: vision inspection pays back in 6-12 months.\n"
    )
    for heading, planned in (("### 6.2 Recommendations", True), ("### 6.1 Findings", False)):
        doc = Parser().parse("r.md", f"# R\n\n{heading}\n\n{body}".encode())
        marked = [b.planned for b in doc.blocks if b.kind == "p"]
        assert marked == [planned, planned], heading
