"""Numbers that name things or mark the report's structure are not quantities."""

from __future__ import annotations

import pytest

from citelint.ground.tokens import numeric_tokens


@pytest.mark.parametrize(
    "text",
    [
        "HER2 and CD20",  # glued to letters
        "PD-1 blockade",  # after a hyphenated prefix
        "see §5.5.2 and version 1.2.3",
        "the phase 2/3 trial, Phase 2, 3 arms and Grade 3",  # a label governs its list
        "as reported [1] and [10, 11] and [3-5]",  # citation groups
        "Criteria:\n3. Patient has disease",  # an enumerator at a line start
        "glioma; or (3) documented mutation",  # an inline enumerator
        "transporters MCT1/4/11",  # a gene family listed by its members' numbers
        "run 04d7e2a1-7d3b-4c2e-9f1a-0b2c3d4e5f60 ended",  # a UUID, not 4 days
        "左手演奏固定的奇数节拍（如5/4拍）",  # a time signature
        "a waltz in 3/4 time and a piece in 7/8 meter",
        "overlapped with S&P 500 worst drawdowns; the S&P/ASX 200 index",  # an index's name
        "| Claude 4.5 及更早 | 将部分响应放入助手消息 |",  # a version bounded as releases are
        "Python 3.8 or later; iOS 17 and later; Windows 10及以后版本",
    ],
)
def test_structure_is_not_a_quantity(text: str) -> None:
    assert numeric_tokens(text, source=True) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("2019. Later", ["2019"]),  # a year at a line end stays a year, not an enumerator
        ("(n = 5) patients", ["5"]),
        ("[95% CI, 0.33 to 0.63]", ["95%", "0.33", "0.63"]),
        ("rate (3)", ["3"]),  # a parenthesis a sentence ends with is not an enumerator
        ("3/4 patients and 10 days", ["3/4", "4 patients", "10 days"]),  # no family: a rate
        ("in 2010-2019 at 12 beds", ["2010", "2019", "12 beds"]),  # no hex letter: no id
        ("R&D 15% of sales", ["15%"]),  # a percent after `&`-joined capitals is one
        ("Fidelity 0.999 and 12 runs", ["0.999", "12 runs"]),  # no bound: a measure
        ("Claude 4.5 and earlier scored 72%", ["72%"]),  # the version only
    ],
)
def test_numbers_beside_structure_still_count(text: str, found: list[str]) -> None:
    assert [t.text for t in numeric_tokens(text, source=True)] == found


def test_a_horizon_ahead_is_no_quantity() -> None:
    from citelint.ground.tokens import numeric_tokens

    for text in (
        "未来5–10年的成熟系统",
        "over the next 5 years we expect",
        "in the next 3-5 years",
        "Over the next ≤10 years the field grows",
        "Medium-term (5-10 years): hybrid architectures",
        "Success criterion: >200 qubits",
        "Milestone: 1,000 users",
    ):
        assert numeric_tokens(text) == [], text
    assert [t.text for t in numeric_tokens("The trial ran for 5 years.")] == ["5 years"]
    assert [t.text for t in numeric_tokens("Trial objectives: ORR 45%")] == ["45%"]


def test_a_number_after_a_lettered_hyphen_run_is_part_of_a_name() -> None:
    for text in ("open 24/7 for users", "a 24×7 hotline", "支持24/7在线服务"):
        assert numeric_tokens(text) == [], text  # an idiom for "always"
    for text in ("Quantinuum's H2-1 systems", "trial NCI-2025-00832 enrolled", "COVID-19 cases"):
        assert numeric_tokens(text) == [], text
    assert [t.text for t in numeric_tokens("a 5-10 years range")] == ["5", "10 years"]
    # the run is ASCII: Chinese runs on with no space, and a range after a word is a range
    for text, said in (
        ("RPG玩家年龄在28-35岁之间", ["28", "35岁"]),
        ("供应商集中度CR3约50–55%", ["50", "55%"]),
        ("NETs在缺血后1-2小时不存在", ["1", "2小时"]),
    ):
        assert [t.text for t in numeric_tokens(text)] == said, text
    assert numeric_tokens("Ⅲ期KEYNOTE-189研究显示") == []


def test_rubric_rows_score_on_a_small_scale() -> None:
    import re

    from citelint.ground.tokens.structure import rubric_row

    def cells(text: str) -> tuple[tuple[int, int], ...]:
        return tuple((m.start(), m.end()) for m in re.finditer(r"[^|]+", text))

    for row in (
        "Clarity | 4 | 5 | 4",
        "A | 4 → 12 | 3 | 4 | 4 | 41",
        "C | 4 | 3 | 3 | 3.33",
        "E | 3 (some estimates shaky) → 9 | 3 → 6 | 5 | 43",
        "Funding | 20% | ★★★★★ | ★★★★☆ | ★★★☆☆",  # an assessment matrix: weight, stars
        "**Total** | **100%** | **4.6** | **4.5** | **4.1**",  # …and its weighted scores
    ):
        assert rubric_row(row, cells(row)), row
    for row in (
        "Arm A | 12 | 34 | 56",
        "Clarity | 4 | 5",
        "Drug | 4 | 19% | 3",
        "Drug | 19% | 3 | 4 | 5",  # a share before whole numbers is no weight
        "Equity | ★★★★★ | 9%-12% | tech funds",  # a forecast beside the stars
    ):
        assert not rubric_row(row, cells(row)), row


def test_name_parts_grouped_thousands_and_stated_measures() -> None:
    assert numeric_tokens("Alpelisib targets the phosphoinositide 3-kinase pathway") == []
    assert [t.text for t in numeric_tokens("a combined 3-drug regimen")] == ["3-drug"]
    assert [t.text for t in numeric_tokens("median 5-year survival")] == ["5-year"]
    (grouped,) = numeric_tokens("registered 4\u00a0956 patients")
    assert str(grouped.value) == "4956"
    (thin,) = numeric_tokens("1\u2009234\u2009567 cells")
    assert str(thin.value) == "1234567"
    assert [t.text for t in numeric_tokens("in 2 cases and 956 more")] == ["2 cases"]
    assert [t.kind.value for t in numeric_tokens("Honeywell reported QV=128 early")] == [
        "statistic"
    ]
    assert numeric_tokens("version=2 of the file") == []
