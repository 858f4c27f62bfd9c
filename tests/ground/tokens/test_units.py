"""The unit grammar: what follows a number decides its kind, unit and scale."""

from __future__ import annotations

from decimal import Decimal

import pytest

from citelint.ground.tokens import numeric_tokens
from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.units import COUNTED, CURRENCY, SCALES, UNIT_RE, UNITS


@pytest.mark.parametrize(
    ("after", "kind", "unit"),
    [
        ("%", Kind.PERCENT, None),
        (" 个百分点", Kind.PP, None),
        (" mg/m2", Kind.DOSE, "mg/m2"),
        (" mg", Kind.DOSE, "mg"),
        (" µg", Kind.DOSE, "μg"),  # the micro sign is micro
        ("亿元", Kind.MONEY, "CNY"),
        (" months", Kind.DURATION, "month"),
        ("例", Kind.COUNT, None),
        ("个变异", Kind.COUNT, COUNTED),
        (" 个月", Kind.DURATION, "month"),
        ("岁", Kind.DURATION, "year"),
        (" variants", Kind.COUNT, COUNTED),
        (" healthy volunteers", Kind.COUNT, COUNTED),
    ],
)
def test_the_first_unit_that_fits_decides(after: str, kind: Kind, unit: str | None) -> None:
    m = UNIT_RE.match(after)
    assert m is not None and m.lastindex is not None and m.lastindex > 1
    _, got_kind, got_unit = UNITS[m.lastindex - 2]
    assert (got_kind, got_unit) == (kind, unit)


def test_scales_and_currencies_fold_to_one_name() -> None:
    assert SCALES["bn"] == SCALES["billion"] == "billion"
    assert CURRENCY["¥"] == CURRENCY["rmb"] == "CNY"


@pytest.mark.parametrize(
    ("text", "unit", "scale"),
    [
        ("CD4 < 200 cells/mm3", "cells/mm3", None),
        ("200 copies/mL", "copies/mL", None),
        ("2.5 km", "km", None),
        ("60 Gy", "Gy", None),
        ("2 Gy/fraction", "Gy/fraction", None),
        ("120 mmHg", "mmHg", None),
        ("5.6 mmol/L", "mmol/L", None),
        ("7.0 mg/dL", "mg/dL", None),
        ("25 kg/m2", "kg/m2", None),
        ("38.5 °C", "°C", None),
        ("72 bpm", "bpm", None),
        ("10 ng/ml", "ng/mL", None),  # the litre is always `L`
        ("3 × 10^9/L", "/L", "×10^9"),
        ("3×10⁹/L", "/L", "×10^9"),  # a superscript power is not a footnote mark
        ("0.51 eV", "eV", None),  # electron volts, ohms and amperes, with their prefixes
        ("32 meV", "meV", None),
        ("1.25 kΩ", "kΩ", None),
        ("123 Ω·µm", "Ω·μm", None),  # a product of units; the micro sign is micro
        ("1,135 µA/µm", "μA/μm", None),
        ("150 µm", "μm", None),
        ("20 mA", "mA", None),
    ],
)
def test_measurement_units_by_shape(text: str, unit: str, scale: str | None) -> None:
    (token,) = numeric_tokens(text)
    assert (token.kind, token.unit, token.scale) == (Kind.MEASURE, unit, scale)


@pytest.mark.parametrize("text", ["1L", "5 min", "2 and/or 3", "Arm A 5 s"])
def test_not_units(text: str) -> None:
    assert all(t.kind is not Kind.MEASURE for t in numeric_tokens(text))


def test_a_schedule_is_still_a_dose() -> None:
    (token,) = numeric_tokens("10 mg/day")
    assert (token.kind, token.unit) == (Kind.DOSE, "mg")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("52 variants displayed", [("52 variants", Kind.COUNT)]),
        ("21 healthy volunteers", [("21 healthy volunteers", Kind.COUNT)]),
        ("in 12 countries", [("12 countries", Kind.COUNT)]),
        # function words and singular nouns ending in s count nothing; a multiplier is a
        # factor, not a count of times
        ("3 times higher", [("3 times", Kind.MEASURE)]),
        ("2 of the patients", []),
        ("case 5 analysis", []),
        ("the 3 was", []),
        # a linking or reporting verb's -s is the third person's: the number is a threshold
        ("a ratio above 1.0 indicates a favourable profile", []),
        ("a score of 5 means remission", []),
        ("5 patients indicated pain", [("5 patients", Kind.COUNT)]),
        # a year-shaped number before a plural noun is a year
        ("In 2019 trials showed", [("2019", Kind.DATE)]),
        # …and so is one after `a` before a singular one: a count takes the plural
        ("A 2025 case study found", [("2025", Kind.DATE)]),
        ("in a 2019 patient survey", [("2019", Kind.DATE)]),
        ("it enrolled 2025 patients", [("2025 patients", Kind.COUNT)]),
        # a name of two capitals before it makes the number part of the name
        ("the RTOG 9501 trials", []),
        ("CheckMate 067 studies", []),
        # …and so does one capitalised word that is no opener of a sentence's count
        ("Microsoft 365 represents the suite", []),
        ("its Windows 11 devices", []),
        ("About 40 sites were open", [("40 sites", Kind.COUNT)]),
        ("Where 2D crystals win", []),  # a dimension, not two D crystals
        ("high-fidelity 2-qubit gates", []),  # a compound before a plural names a kind
        ("trapped 256 Yb atoms", [("256 Yb atoms", Kind.COUNT)]),
        # an ordinal's suffix is no modifier: the grammatical person, a generation, a grade
        ("gendered 1st-person forms", []),
        ("the 2nd generation drugs", []),
        ("most 4th graders", []),
        ("we found 5 things", [("5 things", Kind.COUNT)]),  # (`th` opening a noun)
        # counts in words before a counted noun
        ("Seven trials", [("Seven trials", Kind.COUNT)]),
        ("at twenty-one sites", [("twenty-one sites", Kind.COUNT)]),
        ("two of them, one-third of patients, one patient", []),
        # a label or a comparator before it governs the number
        ("PD-L1 CPS ≥ 1 tumours", [("1", Kind.STATISTIC)]),
        # a plus glued to three digits or more is "at least" that count; after fewer it is
        # as often an age band, which counts nothing
        ("with 15,000+ downloads", [("15,000+ downloads", Kind.COUNT)]),
        ("115+ formula functions", [("115+ formula functions", Kind.COUNT)]),
        ("as the 75+ population expands", []),
        ("Some 65+ households", []),
    ],
)
def test_a_number_before_a_plural_noun_counts_it(text: str, found: list[tuple[str, Kind]]) -> None:
    assert [(t.text, t.kind) for t in numeric_tokens(text)] == found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The gate took 12.6 s to run.", ("12.6 s", "duration", "second")),
        ("The genome spans 3.9 Mb.", ("3.9 Mb", "measure", "Mb")),
        ("a 90-nm process", ("90-nm", "measure", "nm")),
        ("a 6,100-qubit array", ("6,100-qubit", "count", "counted")),
        ("trapped 256 Yb atoms", ("256 Yb atoms", "count", "counted")),
        ("BMI 21.19 Kg/m^2", ("21.19 Kg/m^2", "measure", "kg/m2")),
    ],
)
def test_unit_like_suffixes(text: str, expected: tuple[str, str, str]) -> None:
    (tok,) = numeric_tokens(text)
    assert (tok.text, tok.kind, tok.unit) == expected


def test_decades_and_drug_codes_are_no_units() -> None:
    assert numeric_tokens("in the 1990s") == [] and numeric_tokens("5-FU was given") == []


@pytest.mark.parametrize(
    "text", ["5 times higher", "a 5-fold rise", "高出5倍", "a 5x gain", "5× faster", "5 fold"]
)
def test_a_factor_is_one_unit_however_written(text: str) -> None:
    ((token,),) = [numeric_tokens(text)]
    assert (token.kind, token.unit, token.value) == (Kind.MEASURE, "times", Decimal(5))


@pytest.mark.parametrize("text", ["3 × 10 cells", "a 2x2 table", "1X Technologies", "5xyz"])
def test_a_product_a_dimension_or_a_name_is_no_factor(text: str) -> None:
    assert all(t.unit != "times" for t in numeric_tokens(text))


@pytest.mark.parametrize(
    ("texts", "kind", "unit"),
    [
        (("lost 5 kg", "lost 5 kilograms", "减重5公斤", "5千克"), Kind.MEASURE, "kg"),
        (("5 km away", "5 kilometres away", "5公里"), Kind.MEASURE, "km"),
        (("after 50 s", "after 50 seconds", "约 50 秒后", "50秒钟"), Kind.DURATION, "second"),
        (("took 30 min", "took 30 minutes", "30分钟"), Kind.DURATION, "minute"),
        (("500 ms", "500 milliseconds", "500毫秒"), Kind.MEASURE, "ms"),
        (("a 4 GB file", "4 gigabytes", "4 GB内存"), Kind.MEASURE, "GB"),
        (("21 μm wide", "21 microns", "直径约21微米"), Kind.MEASURE, "μm"),
        (("a 3 nm node", "3 nanometres", "3纳米工艺"), Kind.MEASURE, "nm"),
        (("12 cm", "12 centimetres", "12厘米"), Kind.MEASURE, "cm"),
    ],
)
def test_a_unit_by_its_symbol_or_its_names_is_one_unit(
    texts: tuple[str, ...], kind: Kind, unit: str
) -> None:
    # seen on published reports: `约 50-70 秒后恢复`, `默认 4 MiB` stated nothing, and a
    # claim's `5 km` was not found in a source saying `5 kilometres`
    for text in texts:
        (token,) = numeric_tokens(text)
        assert (token.kind, token.unit) == (kind, unit), text


def test_units_of_sensing_and_sound() -> None:
    # `心率MAE为2.57 BPM`, `0.5 ppm/K`, `0.5 mN` were read as no figure
    texts = "2.57 BPM, 72 bpm, 0.5 ppm/K, 5 ppb, 3 dB, 30 fps, 0.5 mN and 5 kN"
    units = [t.unit for t in numeric_tokens(texts)]
    assert units == ["bpm", "bpm", "ppm", "ppb", "dB", "fps", "mN", "kN"]


def test_sizes_of_other_bases_stay_apart() -> None:
    units = [t.unit for t in numeric_tokens("4 MiB, 4 MB, 4 Mbps and 90 kWh")]
    assert units == ["MiB", "MB", "Mbps", "kWh"]
