"""Conditions, guesses and suppositions: what may be, read by grammar, not by topic."""

from __future__ import annotations

import pytest

from citelint.read.conditions import speculative, supposed_figures


@pytest.mark.parametrize(
    ("text", "guess"),
    [
        ("如果试验成功，一线治疗包括纳武利尤单抗。", True),
        ("若相关支出压缩，则支出减少。", True),
        ("假如试验失败，治疗不变。", True),
        ("若干省份出现下降。", False),  # 若干: "several", no condition
        ("Ifosfamide was given.", False),
    ],
)
def test_a_chinese_condition_needs_no_word_boundary(text: str, guess: bool) -> None:
    assert speculative(text) is guess


def _supposed(text: str) -> list[str]:
    return [text[b:e] for b, e in supposed_figures(text)]


def test_a_suppositions_figures_and_a_conditions_threshold_are_not_stated() -> None:
    hypothetical = "以2023年为例，假设总数为5,000人，则立即执行人数约为750人。"
    assert _supposed(hypothetical) == [hypothetical]  # assumed, and what follows from it
    assert _supposed("**死刑罪名数量**：如降至30个以下，说明改革加速") == ["降至30个以下"]
    assert _supposed("If the count falls below 30, reform is speeding up.") == [
        " the count falls below 30"
    ]
    assert _supposed("如果早期治疗，五年生存率可达90%。") == []  # no threshold: a rate stands
    assert _supposed("If treated within 3 hours, 80% of patients recover.") == []
    assert _supposed("典型案例如白恩培案（2016年）。") == []  # 如 before a noun: "such as"


def test_a_labelled_expectation_is_supposed_whole() -> None:
    expected = "**预期影响**：叶绿素浓度高的年份，补充量增加，4–5年后进入捕捞群体。"
    assert _supposed(expected) == [expected]
    theory = "**理论预期**：温度对体长的影响存在1–3年的滞后。"
    assert _supposed(theory) == [theory]
    outcome = "Expected outcome: a 20% fall in waiting times."
    assert _supposed(outcome) == [outcome]
    assert _supposed("**预期寿命**：男性72岁。") == []  # life expectancy: a measure
    assert _supposed("**研究结果**：补充量减少40%。") == []
