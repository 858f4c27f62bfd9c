"""Numeric tokens: kinds, scales, units, lists and ranges, and what is not a number."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelint.ground.tokens import (
    mask_anchors,
    numeric_tokens,
    unit_from_header,
)
from citelint.ground.tokens.numbers import plan_dose


def nums(text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [(str(t.value), t.kind, t.scale, t.unit) for t in numeric_tokens(mask_anchors(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ORR 45%", [("45", "percent", None, None)]),
        ("ORR 45％", [("45", "percent", None, None)]),
        ("４５％", [("45", "percent", None, None)]),
        ("增长3个百分点", [("3", "pp", None, None)]),
        ("3.2 percentage points", [("3.2", "pp", None, None)]),
        ("5‰", [("5", "permille", None, None)]),
        ("RMB 约35亿元", [("35", "money", "亿", "CNY")]),
        ("¥35", [("35", "money", None, "CNY")]),
        ("$3.5 billion", [("3.5", "money", "billion", "USD")]),
        ("$35M", [("35", "money", "million", "USD")]),
        ("US$1 bn", [("1", "money", "billion", "USD")]),  # a scale after one space
        ("USD 4.88 M", [("4.88", "money", "million", "USD")]),
        ("$3 B-cell", [("3", "money", None, "USD")]),  # a word, not a scale
        ("120万美元", [("120", "money", "万", "USD")]),
        ("5万人", [("5", "count", "万", None)]),
        ("88例", [("88", "count", None, None)]),
        ("322 patients", [("322", "count", None, None)]),
        ("12个月", [("12", "duration", None, "month")]),
        ("4.8 months", [("4.8", "duration", None, "month")]),
        ("12-month", [("12", "duration", None, "month")]),
        ("11.1月", [("11.1", "duration", None, "month")]),
        ("3月", []),
        ("80 mg/m2", [("80", "dose", None, "mg/m2")]),
        ("80 mg per square meter", [("80", "dose", None, "mg/m2")]),
        ("200mg", [("200", "dose", None, "mg")]),
        ("12/10万", [("12", "rate", None, "100000")]),
        ("5 per 100,000", [("5", "rate", None, "100000")]),
        ("HR 0.45", [("0.45", "statistic", None, "HR")]),
        ("HR=0.45", [("0.45", "statistic", None, "HR")]),
        ("p<0.001", [("0.001", "statistic", None, "p")]),
        ("n=322", [("322", "statistic", None, "n")]),
        (
            "95% CI 0.33-0.63",
            [
                ("95", "percent", None, None),
                ("0.33", "statistic", None, "CI"),
                ("0.63", "statistic", None, "CI"),
            ],
        ),
        (
            "HR 0.45 (0.33–0.63)",
            [
                ("0.45", "statistic", None, "HR"),
                ("0.33", "statistic", None, "HR"),
                ("0.63", "statistic", None, "HR"),
            ],
        ),
        (
            "hazard ratio, 0.45; 95% CI",
            [("0.45", "statistic", None, "hazard ratio"), ("95", "percent", None, None)],
        ),
        ("10-20%", [("10", "percent", None, None), ("20", "percent", None, None)]),
        ("10–20%", [("10", "percent", None, None), ("20", "percent", None, None)]),
        ("10~20%", [("10", "percent", None, None), ("20", "percent", None, None)]),
        ("10至20%", [("10", "percent", None, None), ("20", "percent", None, None)]),
        ("10 to 20%", [("10", "percent", None, None), ("20", "percent", None, None)]),
        (
            "4.8 vs 1.5 months",
            [("4.8", "duration", None, "month"), ("1.5", "duration", None, "month")],
        ),
        (
            "12, 24 and 36 months",
            [
                ("12", "duration", None, "month"),
                ("24", "duration", None, "month"),
                ("36", "duration", None, "month"),
            ],
        ),
        ("1,234 patients", [("1234", "count", None, None)]),
        ("12.0%", [("12.0", "percent", None, None)]),
        ("0·5 mg", [("0.5", "dose", None, "mg")]),
        ("45%¹", [("45", "percent", None, None)]),
        ("-12%", [("12", "percent", None, None)]),
        ("371.0398万", [("371.0398", "scale", "万", None)]),
    ],
)
def test_numeric_tokens(text: str, expected: list[tuple[str, str, str | None, str | None]]) -> None:
    assert nums(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "HER2",
        "CD20",
        "ROS1",
        "5-FU",
        "NCT01828099",
        "PD-1",
        "§5.5.2",
        "5.5.2",
        "v1.2.3",
        "10:30",
        "[1]",
        "3,500,000,000",
        "3710398",
        "Phase 2, 3 arms",
        "KEYNOTE-189",
        "1L",
        "2A",
        "[pmid:22663011:abstract]",
        "1，234",
    ],
)
def test_not_numeric_tokens(text: str) -> None:
    assert nums(text) == []


def test_year_with_a_unit_is_a_quantity() -> None:
    assert nums("2000 patients") == [("2000", "count", None, None)]
    assert nums("5年") == [("5", "duration", None, "year")]


@pytest.mark.parametrize(
    ("header", "unit"),
    [
        ("ORR (%)", ("percent", None, None)),
        ("PFS, months", ("duration", "month", None)),
        ("n", ("count", None, None)),
        ("收入（万元）", ("money", "CNY", "万")),
        ("Arm", None),
    ],
)
def test_column_units(header: str, unit: tuple[str, str | None, str | None] | None) -> None:
    assert unit_from_header(header) == unit


def test_long_texts_are_scanned_but_not_kept() -> None:
    from citelint.ground.tokens import clear_caches, numbers

    clear_caches()
    long = "ORR 45%. " * 1000
    assert [t.text for t in numeric_tokens(long)][:2] == ["45%", "45%"]
    assert numbers.cached_tokens.cache_info().currsize == 0  # a whole span is not pinned
    numeric_tokens("ORR 45%.")
    assert numbers.cached_tokens.cache_info().currsize == 1


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Es 20.8%vs.25.4% and 8.3%vs.13.5%", ["20.8", "25.4", "8.3", "13.5"]),
        ("20.8%vs25.4%", ["20.8", "25.4"]),
        ("20.8% versus25.4%", ["20.8", "25.4"]),
        ("(25.4%) ~25.4% ≈25.4% ORR:25.4% 为25.4%", ["25.4"] * 5),
        ("section 5.5.2, HER2 and CD20", []),  # never `.25`-style fragments or names
    ],
)
def test_source_numbers_glued_to_words(text: str, values: list[str]) -> None:
    """Sources write comparisons without spaces; every number in them is found."""
    assert [str(t.value) for t in numeric_tokens(text, source=True)] == values


def test_a_source_rate_also_states_its_denominator() -> None:
    found = [(t.text, t.kind.value) for t in numeric_tokens("20/25 patients", source=True)]
    assert found == [("20/25", "rate"), ("25 patients", "count")]
    claim = [(t.text, t.kind.value) for t in numeric_tokens("20/25 patients")]
    assert claim == [("20/25", "rate")]  # the claim states the rate only


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("In the Phase 1/2a trial, ORR was 30%.", [("30%", "percent")]),  # a phase is a name
        ("the phase 2/3 trial and Cycle 2 day 1", []),
        ("Grade 3 events in 20%", [("20%", "percent")]),
        ("PD-L1 CPS ≥ 1 tumours", [("1", "statistic")]),  # a comparator keeps its number
        ("CD4 < 200", [("200", "statistic")]),
        ("TPS ≥50%", [("50%", "percent")]),
        ("p < 0.05", [("0.05", "statistic")]),
    ],
)
def test_ordinal_labels_and_comparators(text: str, found: list[tuple[str, str]]) -> None:
    assert [(t.text, t.kind.value) for t in numeric_tokens(text)] == found


def _every_value_is_seen(text: str) -> None:
    from citelint.ground.tokens import Kind, values_in

    stated = {t.value for t in numeric_tokens(text, source=True) if t.kind is not Kind.DATE}
    assert stated <= values_in(text), text


@pytest.mark.parametrize(
    "text",
    [
        "ORR 46% (95% CI 38-54) vs 12.5%; n=1,234; HR 0.52; ¥3.5亿; 3 × 10^9/L; 20/25 patients",
        "Median OS was 18.2 vs. 14.1 months (p < .001), 2019 data; Phase 1/2a, §5.5.2",
        "客观缓解率为５８％，中位无进展生存期 9.2 个月（95% CI 0.41–0.66）",
        "1, 2, 3 and 4 mg/kg; 8.3%vs13.5%; 10:30; 3L; 5-FU; PD-1; HER2; NCT01828099",
    ],
)
def test_values_in_sees_every_number_the_tokens_state(text: str) -> None:
    _every_value_is_seen(text)


def test_values_in_sees_every_number_of_the_precision_suite() -> None:
    from pathlib import Path

    suite = Path(__file__).resolve().parents[2] / "data" / "precision"
    for table in sorted(suite.glob("*.tsv")):
        for row in table.read_text(encoding="utf-8").splitlines():
            for cell in row.split("\t"):
                _every_value_is_seen(cell)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789.,%-–~ ×x^/:年月日元亿万abcHRCIvs()（）¹²·", max_size=40))
def test_values_in_sees_every_number_of_arbitrary_text(text: str) -> None:
    _every_value_is_seen(text)


def test_a_long_digit_run_before_a_word_is_an_id_not_a_count() -> None:
    assert numeric_tokens("Account 56976397712 demonstrates growth.") == []  # bare: no claim
    (count,) = numeric_tokens("The trial enrolled 5697 patients.")
    assert count.kind == "count"


def test_uncertainty_notation_and_measured_decimals() -> None:
    """`99.9834(2)%` states 99.9834%; a decimal below one after a measure word is a
    statistic a source must hold (`fidelity 0.999`, `r = 0.8`, `p = 0.03`)."""
    (pct,) = numeric_tokens("The fidelity was 99.9834(2)% in trap A.")
    assert (str(pct.value), pct.kind) == ("99.9834", "percent")
    for text in ("fidelity 0.999 was shown", "The r = 0.8 correlation", "p = 0.03", "AUC of 0.85"):
        (tok,) = numeric_tokens(text)
        assert tok.kind == "statistic", text
    assert numeric_tokens("version 0.9 shipped") == []


def test_a_units_denominator_named_without_a_value_states_nothing() -> None:
    assert nums("能耗（kWh/100km、L/100km）× 单价") == []
    assert nums("Fuel use (L/100 km) is the measure.") == []
    # after a value the rate is one token, and a counted noun keeps its denominator
    assert [t.text for t in numeric_tokens("电耗为15 kWh/100km。")] == ["15 kWh/100km"]
    assert len(nums("12 cases/100,000 person-years")) == 2
    # on a source every number is kept: it may be what a claim cites
    assert [t.text for t in numeric_tokens("(L/100 km)", source=True)] == ["100 km"]


def test_a_value_and_its_uncertainty_are_both_tokens() -> None:
    """`1328±2 cm⁻¹` states 1328 cm⁻¹: the value a claim rests on is checked, never the
    uncertainty alone (a wrong central value with the right `±2` would pass)."""
    for text, value in (
        ("位于1328±2 cm⁻¹", "1328"),
        ("lies at 1328 +/- 2 cm-1.", "1328"),
        ("fidelity 70.8±2.4%", "70.8"),
        ("aged 54 ± 9 years", "54"),
    ):
        first, second = numeric_tokens(text)
        assert str(first.value) == value and first.kind == second.kind, text
        assert first.unit == second.unit, text
    assert [t.text for t in numeric_tokens("±20 patients")] == ["20 patients"]


def test_a_subscript_is_an_index_never_a_figure() -> None:
    """`ν₁位于931 cm⁻¹` states 931 cm⁻¹: `₁位` is no count of people, `Fe₂O₃` no 2 or 3."""
    assert [t.text for t in numeric_tokens("在Ba₃(PO₄)₂中ν₁位于931 cm⁻¹")] == ["931 cm⁻¹"]
    assert numeric_tokens("| ν₁(A₁) | A₁ | 对称伸缩 |") == []
    assert [t.text for t in numeric_tokens("T₁/₂ 12 h")] == ["12 h"]


def test_a_superscript_minus_is_the_hyphen_a_source_prints() -> None:
    """`846 cm⁻¹` is `846 cm-1`, and `1.5×10⁻⁶ mol/L` a power — never `⁶ mol/L`."""
    (sup,) = numeric_tokens("位于846 cm⁻¹")
    (ascii_,) = numeric_tokens("lies at 846 cm-1.", source=True)
    assert (sup.value, sup.unit) == (ascii_.value, ascii_.unit) == (Decimal(846), "cm-1")
    (power,) = numeric_tokens("检测限为1.5×10⁻⁶ mol/L")
    (plain,) = numeric_tokens("a limit of 1.5 x 10^-6 mol/L")
    assert (power.value, power.scale, power.unit) == (plain.value, plain.scale, plain.unit)
    assert power.text == "1.5×10⁻⁶ mol/L"


def test_the_yen_won_and_hong_kong_dollar_are_currencies_never_days() -> None:
    """`450万日元` is 4.5 million yen, not 4.5 million days (`日`) or yuan (`元`)."""
    found = [(t.text, t.kind, t.unit) for t in numeric_tokens("年收入约450万日元（约合22.5万元）")]
    assert found == [("450万日元", "money", "JPY"), ("22.5万元", "money", "CNY")]
    assert [t.unit for t in numeric_tokens("售价100港元，另付30万韩元")] == ["HKD", "KRW"]
    assert [t.unit for t in numeric_tokens("a budget of 110 billion yen")] == ["JPY"]
    assert [t.unit for t in numeric_tokens("持续5日")] == ["day"]


def test_renminbi_is_money_never_a_count_of_people() -> None:
    """`6亿人民币` is six hundred million yuan; `人` alone still counts people."""
    found = [(t.text, t.kind, t.unit) for t in numeric_tokens("耗资约6亿人民币，动用7万人")]
    assert found == [("6亿人民币", "money", "CNY"), ("7万人", "count", None)]


def test_a_portion_in_a_laid_out_plan_asks_no_source_unless_asked() -> None:
    """`60g` in a menu sizes a serving; `80 mg` in a plan is a dose a source must state."""
    (portion,) = numeric_tokens("全麦面包2片（60g）")
    (dose,) = numeric_tokens("should receive 80 mg daily")
    assert not plan_dose(portion, portion_asked=False)
    assert plan_dose(portion, portion_asked=True)  # advice in prose, or beside a drug
    assert plan_dose(dose, portion_asked=False)


@settings(max_examples=3000, deadline=None)
@given(
    st.lists(
        st.sampled_from(["1", "12", ",000", ",", ".", "5", "vs.", "Vs.", "a", " ", "٣", "x."])
    ).map("".join)
)
def test_numbers_are_the_ones_of_the_pattern_without_the_look_ahead(text: str) -> None:
    # the look-ahead for a digit or a dot opens the pattern for speed; it admits every
    # position the former pattern could match at, so the matches are the same
    import re

    from citelint.ground.tokens.numbers import _NUMBER

    former = re.compile(
        r"(?:(?<![\d.])|(?<=[Vv][Ss]\.))(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|(?<![\w.])\.\d+"
    )
    assert [m.span() for m in _NUMBER.finditer(text)] == [m.span() for m in former.finditer(text)]
