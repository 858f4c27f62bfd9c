"""Claims: what a sentence states, read through the claim model's settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from citelint.ground.tokens import DrugGrammar, numeric_tokens
from citelint.read.claims import (
    NO_CLAIM,
    Claim,
    ClaimSettings,
    cite_edges,
    dating_year,
    publication_year,
)
from tests.conftest import analysis_of


def _claims(tmp_path: Path, text: str, **changes: object) -> dict[str, Claim]:
    a = analysis_of(tmp_path, "r.md", text, **changes)
    return {c.sentence.text: c.claim for c in a.claims}


def test_fact_bearing_and_checkable(tmp_path: Path) -> None:
    claims = _claims(
        tmp_path,
        "ORR was 45%. KEYNOTE-189 enrolled adults. Osimertinib is used second-line. Hello.\n",
    )
    orr, trial, drug, hello = claims.values()
    assert orr.fact_bearing and orr.checkable
    assert not trial.fact_bearing and trial.checkable
    assert drug.fact_bearing and [d.name for d in drug.drugs] == ["Osimertinib"]
    assert drug.markers == ("second-line",)
    assert hello == NO_CLAIM


def test_the_report_s_scope_goes_on_in_its_paragraph(tmp_path: Path) -> None:
    """`本报告基于…。报告覆盖…3-5个方向建议。`: the second sentence is the scope too; in a
    paragraph that does not open with the report's scope, `报告覆盖…` is a claim."""
    own = "本报告基于公开年报梳理出前十大成果。报告覆盖甲、乙两家企业，最终提出3-5个方向建议。\n"
    claims = _claims(tmp_path, own)
    assert claims["报告覆盖甲、乙两家企业，最终提出3-5个方向建议。"] == NO_CLAIM
    other = "行业规模持续扩大。报告覆盖全国31个省份的企业。\n"
    assert _claims(tmp_path, other)["报告覆盖全国31个省份的企业。"].fact_bearing


def test_headings_and_section_titles_are_no_claims(tmp_path: Path) -> None:
    for title in (
        "# Osimertinib KEYNOTE-189 45%",
        "## 2.2 Acute phase (6 h–7 d)",
        "### In 3 scenarios",
    ):
        (heading,) = _claims(tmp_path, title + "\n").values()
        assert not heading.fact_bearing and heading.numbers == () and heading.drugs == ()


def test_a_rating_column_states_no_quantity(tmp_path: Path) -> None:
    table = "| Line | Rating | Cases |\n|---|---|---|\n| Privacy | 3 | 12 |\n| Trust | 4/5 | 7 |\n"
    rows = [
        c for text, c in _claims(tmp_path, table).items() if "Privacy" in text or "Trust" in text
    ]
    assert [[t.text for t in row.numbers] for row in rows] == [["12"], ["7"]]


def test_table_cells_take_their_column_units(tmp_path: Path) -> None:
    claims = _claims(tmp_path, "| arm | ORR (%) |\n|---|---|\n| A | 45 |\n")
    row = next(c for text, c in claims.items() if "45" in text)
    assert [(t.text, t.kind) for t in row.numbers] == [("45", "percent")]


def test_the_drug_grammar_is_the_claim_model_s(tmp_path: Path) -> None:
    grammar = DrugGrammar(stems_en=("zumab",))
    claims = _claims(
        tmp_path, "Pembrolizumab and osimertinib.\n", claims=ClaimSettings(drugs=grammar)
    )
    (claim,) = claims.values()
    assert [d.name for d in claim.drugs] == ["Pembrolizumab"]


def test_a_restated_question_is_no_claim(tmp_path: Path) -> None:
    text = "QUESTION:\nHow do 100-qubit traps scale to 1,000 qubits?\n\nRESEARCH TASKS (5 total):\n  #1: Research 10–100 qubits.\n\nNOTE: the rate was 5%.\n"
    claims = _claims(tmp_path, text)
    assert [t for t, c in claims.items() if c.fact_bearing] == ["NOTE: the rate was 5%."]


@pytest.mark.parametrize(
    ("text", "cites", "years"),
    [
        ("As Smith et al. (2015) showed, 40% responded", (), ["2015"]),
        ("It holds (Smith, 2015).", (), ["2015"]),
        ("It holds (Smith et al., 2015; Lee 2018).", (), ["2015", "2018"]),
        ("It was confirmed (2015/2018).", (), ["2015", "2018"]),
        ("It was confirmed (2015) [3]", ((24, 27),), ["2015"]),
        ("Singh et al. 2023 found 40%", (), ["2023"]),  # no parentheses
        # the year of an event, not of a publication
        ("pembrolizumab and nivolumab (2016), expanding", (), []),
        ("Revenue rose 4% in 2023 [3]", ((24, 27),), []),
        ("In 2015, Smith found 40%", (), []),
    ],
)
def test_publication_years(text: str, cites: tuple[tuple[int, int], ...], years: list[str]) -> None:
    found = [t.text for t in numeric_tokens(text) if publication_year(text, t, cite_edges(cites))]
    assert found == years


@pytest.mark.parametrize(
    ("text", "dating"),
    [
        ("The 2019 report found 40%.", ["2019"]),
        ("A 2021 meta-analysis of 12 trials found 40%.", ["2021"]),
        ("In its 2019 guideline, the rate was 40%.", ["2019"]),
        # a span of time, an event's date: values the source must state
        ("Over the 2019 to 2021 period the rate was 40%.", []),
        ("Trametinib was approved in 2013.", []),
        ("In 2019, the rate was 40%.", []),
    ],
)
def test_a_year_that_dates_what_the_sentence_names(text: str, dating: list[str]) -> None:
    assert [t.text for t in numeric_tokens(text) if dating_year(text, t)] == dating


def test_the_works_a_sentence_names_are_not_what_it_states(tmp_path: Path) -> None:
    text = "The 2019 report (arXiv 2408.12345; Lancet Oncol 22(3):345-356) found 40% [1].\n"
    claim = _claims(tmp_path, text)[text.strip()]
    named = [text[a:b] for a, b in claim.names]
    assert named == ["2019", "arXiv 2408.12345", "22(3):345-356"]
    assert [t.text for t in claim.dates] == []


def test_a_plan_states_no_fact_but_a_dose_or_a_line_of_therapy(tmp_path: Path) -> None:
    text = (
        "Success criterion: >200 qubits by 2027. Patients should receive 80 mg daily. "
        "Osimertinib should be used second-line. Programmes should enrol 40% more women.\n"
    )
    facts = {t: c.fact_bearing for t, c in _claims(tmp_path, text).items()}
    assert facts == {
        "Success criterion: >200 qubits by 2027.": False,
        "Patients should receive 80 mg daily.": True,
        "Osimertinib should be used second-line.": True,
        "Programmes should enrol 40% more women.": False,
    }


def test_what_the_report_does_is_no_claim(tmp_path: Path) -> None:
    text = (
        "This report evaluates 12 trials of trametinib. This section summarises 5 studies. "
        "This report found 40% of trials unreported.\n"
    )
    claims = _claims(tmp_path, text)
    assert [t for t, c in claims.items() if c.fact_bearing] == [
        "This report found 40% of trials unreported."
    ]


def test_the_report_announcing_what_follows_is_no_claim(tmp_path: Path) -> None:
    text = (
        "Below are 5 patterns that recur in 2024 practice. 下面给出 5 种可复用的模式。\n\n"
        "The following 3 trials enrolled adults:\n\n"
        "Below 5% of patients responded. The following year, sales rose 20%.\n"
    )
    claims = _claims(tmp_path, text)
    assert [t for t, c in claims.items() if c.fact_bearing] == [
        "Below 5% of patients responded.",  # a quantity's preposition
        "The following year, sales rose 20%.",  # no lead-in: no colon
    ]


def test_an_unfenced_diagram_states_nothing(tmp_path: Path) -> None:
    text = 'Errors grow with range.\n\nxychart-beta\n  title "Error"\n  line [0.17, 0.48]\n'
    claims = _claims(tmp_path, text)
    assert [t for t, c in claims.items() if c.numbers] == []


def test_a_bold_label_is_read_as_a_heading(tmp_path: Path) -> None:
    text = "**Weight management (2–4 years):**\n\n**Semaglutide lowered weight by 15%.**\n"
    facts = {t: c.fact_bearing for t, c in _claims(tmp_path, text).items()}
    assert facts == {
        "Weight management (2–4 years):": False,
        "Semaglutide lowered weight by 15%.": True,  # a bold sentence is still a claim
    }


def test_a_plan_asks_no_source_for_its_deadline(tmp_path: Path) -> None:
    (claim,) = _claims(tmp_path, "Success criterion: response in 45% by 2027 [1].\n").values()
    assert claim.prospective and claim.dates == ()
    assert [t.text for t in claim.numbers] == ["45%"]  # its figures are still checked


def test_a_number_inside_a_works_title_names_the_work(tmp_path: Path) -> None:
    claims = _claims(
        tmp_path,
        "麦可思研究院《中020年中国大学生就业报告》显示，数字媒体艺术是绿牌专业。\n\n"
        "据《2025年AI在25个领域的应用》统计，用户增长30%。\n",
    )
    title_only, beside = claims.values()
    assert not title_only.fact_bearing  # `020年` and nothing else: the title's
    assert [t.text for t in beside.numbers] == ["30%"]  # `25个` is the title's, 30% is stated


def test_a_lead_in_laying_out_the_answer_states_nothing_before_its_colon(
    tmp_path: Path,
) -> None:
    claims = _claims(
        tmp_path,
        "下面按先进逻辑（约7/5/3/2 nm）/DRAM来回答：主力是PVD与CVD。\n\n"
        "下面按节点来回答：接触电阻降低了25%。\n\n"
        "以下按2024年数据，销量增长30%。\n",
    )
    layout, after_colon, no_colon = claims.values()
    assert not layout.fact_bearing  # the nodes it sorts by name parts of the answer
    assert [t.text for t in after_colon.numbers] == ["25%"]  # what follows is read
    assert [t.text for t in no_colon.numbers] == ["30%"]  # no answering verb and colon


def test_bounds_offered_as_examples_set_a_threshold(tmp_path: Path) -> None:
    claims = _claims(
        tmp_path,
        "结论：临界点需满足目标成功概率（例如≥70%或≥80%）。\n\n"
        "The gate passes when coverage is high (e.g., >90% or >95%).\n\n"
        "Side effects were common (e.g., 30% of patients).\n\n"
        "成功率提高（例如≥70%），样本为120例。\n\n"
        "入样规则：取Top N，或达到阈值（如≥8分）。\n\n"
        "Scholars qualify above a cut-off (e.g., >5 points or >8 points).\n",
    )
    target, gate, measured, beside, points, english = claims.values()
    assert not target.fact_bearing and not gate.fact_bearing
    assert not points.fact_bearing and not english.fact_bearing  # `如`, a unit of points
    assert [t.text for t in measured.numbers] == ["30%"]  # an example of a value stays
    assert [t.text for t in beside.numbers] == ["120例"]  # the bound goes, the count stays
