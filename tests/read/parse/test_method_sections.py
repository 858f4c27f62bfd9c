"""A method or scope section the report opens by naming itself, an agent's notes of its
search and a model's leaked thinking are its own account."""

from __future__ import annotations

from citelint.read.parse import Parser
from citelint.read.parse.method_sections import leaked_reasoning
from tests.read.parse.conftest import parse


def test_a_method_section_the_report_opens_by_naming_itself_is_its_own_account() -> None:
    """`## Methodology` opened by `This comprehensive review employed …` is the report's
    account of its search: its blocks are marked, up to the next heading at its level; a
    method section opened otherwise (`This study …` may be a cited one), or any section
    under --isolated, is not."""
    from citelint.read.parse.builder import ClaimOptions

    text = (
        "# Brief\n\n## Methodology\n\nThis comprehensive review employed a search.\n\n"
        "Literature from 2022-2025 was prioritized.\n\n### Search strategy\n\n- A 7×5 matrix [1].\n\n"
        "## Findings\n\nThe trial enrolled 882 patients [1].\n\n## References\n\n1. A. PMID: 3001\n"
    )
    marked = [b.text for b in parse("r.md", text).blocks if b.own_account]
    assert marked == [
        "This comprehensive review employed a search.",
        "Literature from 2022-2025 was prioritized.",
        "A 7×5 matrix [1].",
    ]
    study = text.replace("This comprehensive review employed", "This study employed")
    assert not any(b.own_account for b in parse("r.md", study).blocks)
    isolated = Parser(ClaimOptions(trusted=True)).parse("r.md", text.encode())
    assert not any(b.own_account for b in isolated.blocks)


def test_a_method_section_opened_by_what_was_done_is_its_own_account() -> None:
    """`## 2. Methodology` opened by a method verb in the passive (`Items provided were
    consolidated …`) or as a bare participle (`Synthesized only from …`) is the report's
    own process; opened by a finding, it is not."""
    body = "\n\nResults within the last 18 months were preferred.\n\n## 3. Findings\n\nx\n"
    for opening in (
        "Items provided were consolidated into one assessment.",
        "Synthesized only from the provided items.",
        # what the report admits, its subject a long phrase (batch 120's dls report)
        "Only statements supported by the provided items are included, with citations.",
        "Sources older than two years were excluded.",
    ):
        doc = parse("r.md", f"# R\n\n## 2. Methodology\n{opening}{body}")
        assert [b.text for b in doc.blocks if b.own_account][-1].endswith("were preferred.")
    finding = parse("r.md", f"# R\n\n## 2. Methodology\nThe trial enrolled 40 adults.{body}")
    assert not any(b.own_account for b in finding.blocks)
    included = "Forty adults with stage III disease and a prior resection were enrolled."
    other = parse("r.md", f"# R\n\n## 2. Methodology\n{included}{body}")
    assert not any(b.own_account for b in other.blocks)  # `enrolled`: what a study did


def test_a_scope_section_named_first_and_naming_the_report_is_its_own_account() -> None:
    """`## 1) 研究口径、筛选规则与局限（…）` names its scope first among others, and its first
    paragraph names the answer itself (`本回答`): the question's window (`近10年`) states no
    finding. A heading that names something else first, or a first paragraph that does
    not name the report, is read as before."""
    text = (
        "# 报告\n\n## 1) 研究口径、筛选规则与局限（先把可比性说清楚）\n\n"
        "**时间范围**：近10年按2016–2026。本回答在此前提下：\n\n- 优先收录2016年后的项目。\n\n"
        "## 2) 案例\n\n节省了1600万美元[1]。\n\n## References\n\n1. A. PMID: 3001\n"
    )
    marked = [b.text for b in parse("r.md", text).blocks if b.own_account]
    assert marked == ["时间范围：近10年按2016–2026。本回答在此前提下：", "优先收录2016年后的项目。"]
    other = text.replace("研究口径、筛选规则", "市场规模、筛选规则")
    assert not any(b.own_account for b in parse("r.md", other).blocks)
    unnamed = text.replace("本回答在此前提下", "多数项目在此前提下")
    assert not any(b.own_account for b in parse("r.md", unnamed).blocks)
    english = "# R\n\n## Scope and method\n\nIn this report, the window is 10 years.\n"
    assert [b.text for b in parse("r.md", english).blocks if b.own_account] == [
        "In this report, the window is 10 years."
    ]


def test_a_transcripts_summary_of_its_search_is_its_own_account() -> None:
    """A list under a paragraph that opens by narrating the research and ends in a colon
    is the agent's notes; a list under any other lead-in, or after the notes end, is read."""
    text = (
        "I'll conduct web research on the app, then write the report.Based on my research, "
        "I now have enough. I've gathered evidence on:\n\n"
        "1. **Breaches** - 1.2% of subscribers exposed\n2. **Fines** - a €15 million fine\n\n"
        "## Loss Analysis\n\nKey findings:\n\n- 1.2% of subscribers exposed\n"
    )
    marked = [b.text for b in parse("r.md", text).blocks if b.own_account]
    assert marked == [
        "Breaches - 1.2% of subscribers exposed",
        "Fines - a €15 million fine",
    ]
    # a lead-in that only narrates in the past, with no research to come, is the report's
    past = "In my review I found:\n\n- 30% of clinics use it\n"
    assert not [b for b in parse("r.md", past).blocks if b.own_account]


def test_a_models_thinking_above_the_report_is_its_own_account() -> None:
    text = (
        'Need include "0.027 dB/cm" from latitudeds.\n\n'
        'Need include "Ni mask selectivity ~6" from HAL.\n\n'
        "Let's write.</think># Etch damage in LN\n\n"
        "Ion milling left losses of 4 dB/cm [1].\n\n"
        "## References\n\n1. Review.\n"
    )
    doc = Parser().parse("r.md", text.encode())
    assert [(b.text[:22], b.own_account) for b in doc.blocks if not b.appendix] == [
        ('Need include "0.027 dB', True),
        ('Need include "Ni mask ', True),
        ("Let's write.# Etch dam", False),  # the tag's own block is read as before
        ("Ion milling left losse", False),
    ]
    assert leaked_reasoning(text, doc.blocks) == (0, text.index("</think>") + len("</think>"))


def test_a_think_tag_shown_as_text_mutes_nothing() -> None:
    text = "Models may emit `</think>` tags.\n\nLosses fell to 4 dB/cm.\n"
    doc = Parser().parse("r.md", text.encode())
    assert leaked_reasoning(text, doc.blocks) is None
    assert not any(b.own_account for b in doc.blocks)
