"""Bracketed numbers that are a notation: a variant's repeat count, a code's parameters."""

from __future__ import annotations

import pytest

from citelint.read.citations.notation import bracketless, formulas, isotope, notation


@pytest.mark.parametrize(
    ("text", "bracket", "is_notation"),
    [
        ("The variant c.97GCC[9]+[10] recurs.", "[9]", True),
        ("p.Ala33[9] recurs.", "[9]", True),
        ("As noted in c.[3]", "[3]", False),  # a lone `c.` names no variant
        ("It uses a [[102, 22, 9]] code.", "[102, 22, 9]", True),
        ("Gates reach 99.9% [[3]](https://x.example/a).", "[3]", False),  # a link's text
        ("Gates reach 99.9% [3].", "[3]", False),
        ("[3] opens the line.", "[3]", False),
    ],
)
def test_a_notation_in_brackets(text: str, bracket: str, is_notation: bool) -> None:
    start = text.index(bracket)
    assert notation(text, start, start + len(bracket)) is is_notation


@pytest.mark.parametrize(
    ("text", "sup", "mass_number"),
    [
        ("using ¹³⁷Ba⁺ hyperfine qubits", "¹³⁷", True),
        ("dated by (¹⁴C) decay", "¹⁴", True),
        ("¹⁷¹Yb⁺ opens the line", "¹⁷¹", True),
        ("a ⁹⁹ᵐTc scan", "⁹⁹", True),  # a metastable isotope
        ("the trial¹² showed it", "¹²", False),  # after a word: a citation
        ("it rose.¹² The next", "¹²", False),  # after a stop
        ("it rose ¹² in all", "¹²", False),  # no symbol after it
        ("两个探测器和⁶⁸Ge点源", "⁶⁸", True),  # after a Chinese character, a symbol alone
        ("使用¹⁸F标记", "¹⁸", True),
        ("治疗效果显著¹²CAR-T疗法", "¹²", False),  # more capitals than a symbol: a citation
        ("治疗效果显著¹²。", "¹²", False),  # no symbol after it
    ],
)
def test_an_isotopes_mass_number(text: str, sup: str, mass_number: bool) -> None:
    start = text.index(sup)
    assert isotope(text, start, start + len(sup)) is mass_number


def test_brackets_in_inline_math_are_an_interval_and_a_command_makes_a_formula() -> None:
    text = "over (F(x) = \\frac{1}{4}x) on ([1,3]) with (n = 450) cited [2]"
    math = [(5, 26), (30, 37), (43, 52)]  # the three `\\(` … `\\)` runs, as parsed
    blanked = bracketless(text, math)
    assert blanked[30:37] == "( 1,3 )" and blanked.endswith("cited [2]")
    assert len(blanked) == len(text)
    assert formulas(text, math) == [(5, 26)]  # `\\frac`: constants; `n = 450` stays read


def test_a_formula_between_dollars_holding_a_command_is_a_formula() -> None:
    text = "一般建议 $N = 1000 \\times d$ 起步，成本 $5 到 $10，样本 $n = 450$。"
    assert [text[b:e] for b, e in formulas(text, [])] == ["$N = 1000 \\times d$"]
    # money's dollars never close a formula: a digit follows the second one
    assert formulas("costs $5 \\approx €4 and $6 a month", []) == []


def test_bracketless_blanks_every_span_of_many_in_one_pass() -> None:
    text = r"\([1,2]\) [3] " * 2000
    spans = [(i * 14, i * 14 + 9) for i in range(2000)]
    out = bracketless(text, spans)
    assert len(out) == len(text)
    assert out == r"\( 1,2 \) [3] " * 2000
