"""The token grammars: every boundary case RULES.md and DECISIONS.md name."""

from __future__ import annotations

import pytest

from citelint.tokens import (
    DrugGrammar,
    entity_tokens,
    markers,
    mask_anchors,
    numeric_tokens,
    unit_from_header,
)


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


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("in 2012", (2012, None, None)),
        ("2012年", (2012, None, None)),
        ("2024年3月5日", (2024, 3, 5)),
        ("2024年3月", (2024, 3, None)),
        ("2024-03-05", (2024, 3, 5)),
        ("2024/03", (2024, 3, None)),
        ("12 July 2012", (2012, 7, 12)),
        ("July 12, 2012", (2012, 7, 12)),
        ("2012 Jul 12", (2012, 7, 12)),
    ],
)
def test_dates(text: str, date: tuple[int, int | None, int | None]) -> None:
    (token,) = numeric_tokens(text)
    assert token.kind == "date" and token.date == date


def test_year_with_a_unit_is_a_quantity() -> None:
    assert nums("2000 patients") == [("2000", "count", None, None)]
    assert nums("5年") == [("5", "duration", None, "year")]


def test_positions_point_into_the_original_text() -> None:
    text = "中位ＰＦＳ为４．８个月"
    (token,) = numeric_tokens(text)
    assert text[token.start : token.end] == "４．８个月"


@pytest.mark.parametrize(
    ("text", "entities"),
    [
        ("SHR-A1811 DS-8201 RC48 AZD9291", ["SHR-A1811", "DS-8201", "RC48", "AZD9291"]),
        (
            "KEYNOTE-189 CheckMate-227 HER2 T790M PD-L1",
            ["KEYNOTE-189", "CheckMate-227", "HER2", "T790M", "PD-L1"],
        ),
        ("1L 2A m2 1A类 Q3W 200mg 3rd", []),
        ("HER2-positive and anti-PD-1", ["HER2", "PD-1"]),
        ("KEYNOTE 189", ["KEYNOTE 189"]),
        ("PMID: 123456 and PMID 654321", ["PMID: 123456", "PMID 654321"]),
        ("doi 10.1056/NEJMoa1203421.", ["10.1056/NEJMoa1203421"]),
        ("NCT01245062", ["NCT01245062"]),
        ("macOS ROS", []),
    ],
)
def test_entity_tokens(text: str, entities: list[str]) -> None:
    assert [e.text for e in entity_tokens(text)] == entities


def test_entity_keys_ignore_case_hyphens_spaces() -> None:
    assert entity_tokens("DS‐8201")[0].key == entity_tokens("DS8201")[0].key == "ds8201"


G = DrugGrammar()


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        ("首选伏立康唑", [("伏立康唑", ())]),
        ("推荐头孢曲松治疗", [("头孢曲松", ())]),
        ("奥希替尼（泰瑞沙）", [("奥希替尼", ("泰瑞沙",))]),
        ("奥希替尼(商品名：泰瑞沙)", [("奥希替尼", ("泰瑞沙",))]),
        (
            "帕博利珠单抗和纳武利尤单抗(Keytruda, Opdivo)",
            [("帕博利珠单抗", ("Keytruda",)), ("纳武利尤单抗", ("Opdivo",))],
        ),
        (
            "trametinib (Mekinist) and pembrolizumab",
            [("trametinib", ("Mekinist",)), ("pembrolizumab", ())],
        ),
        ("Trametinibs were given", [("Trametinib", ())]),
        ("cisplatin (75 mg/m2)", [("cisplatin", ())]),
        ("ALK-TKI", []),
        ("EGFR-TKI类药物", []),
        ("PD-1 单抗", []),
        ("statin therapy", []),
        ("他汀类药物", []),
        ("单抗", []),
    ],
)
def test_drug_mentions(text: str, drugs: list[tuple[str, tuple[str, ...]]]) -> None:
    assert [(d.name, d.brands) for d in G.mentions(text)] == drugs


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("推荐一线治疗", ["一线"]),
        ("first-line therapy", ["first-line"]),
        ("in the 2L setting", ["2L"]),
        ("I级推荐", ["I级推荐"]),
        ("Ⅰ级推荐", ["Ⅰ级推荐"]),
        ("Grade A evidence", ["Grade A"]),
        ("Category 2A", ["Category 2A"]),
        ("upgrade B", []),
        ("ROS1", []),
        ("macOS", []),
        ("IIIA stage", []),
    ],
)
def test_markers(text: str, found: list[str]) -> None:
    assert [m for m, _ in markers(text)] == found


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
