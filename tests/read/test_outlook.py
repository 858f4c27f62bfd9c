"""Outlook: a forecast, dated or not, and a horizon's window, read by form."""

from __future__ import annotations

import pytest

from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.numbers import numeric_tokens
from citelint.read.outlook import forecast, horizon_windows, undated_forecast


@pytest.mark.parametrize(
    ("text", "projected"),
    [
        ("预计到2035年，中国资管行业规模将突破300万亿元。", True),
        ("到2030年，中国金融科技市场规模预计将突破5万亿元。", True),
        ("行业规模有望在2030年突破400万亿元。", True),
        ("The market will reach $5 trillion by 2030.", True),
        ("Sales are expected to double by the end of 2027.", True),
        ("预计到2030年直接融资占比将从目前的约30%提升至40%以上。", False),  # says what holds now
        ("到2025年，中国金融科技市场规模突破1.5万亿元。", False),  # no future marker
        ("在2024年将管理费率下调30%。", False),  # 将 marks the object: what was done
        ("By 2020, sales had doubled to $4 billion.", False),
        ("The market is currently $2 trillion and will reach $5 trillion by 2030.", False),
        # what was measured before the target year is a finding beside the forecast
        (
            "The market was valued at $96 billion in 2023 and will reach $115 billion by 2040.",
            False,
        ),
        (
            "The workforce is expected to shrink from 74.2 million in 2022 to 48 million by 2060.",
            False,
        ),
        ("2024年规模为200万亿元，预计到2035年将突破300万亿元。", False),
        # …a baseline year is not
        ("Costs are projected to rise by $2.1 trillion by 2030 from 2020 levels.", True),
        ("预计到2030年，费用较2020年将增加2.1万亿元。", True),
        # a gloss with no figure names the estimate's basis, not what holds now
        ("到 2033 年，相关市场预计将超过 1,200 亿美元（基于当前各子市场增速的保守估算）。", True),
        ("到2030年，规模将达到40%（目前为30%）。", False),
    ],
)
def test_a_forecast_is_a_target_year_and_a_future_marker(text: str, projected: bool) -> None:
    assert forecast(text) is projected


def test_a_horizons_window_is_found_where_it_is_written() -> None:
    text = "短期（1-3年）面临压力，长期（5-10年）机遇显著。"
    assert [text[b:e] for b, e in horizon_windows(text)] == ["短期（1-3年）", "长期（5-10年）"]
    assert horizon_windows("In the short term (1–3 years), prices rise 5%.") == ((7, 29),)
    assert horizon_windows("治疗时间较长（5-10年）。") == ()  # no horizon named


def _figures(text: str) -> list[tuple[int, int]]:
    return [(t.start, t.end) for t in numeric_tokens(text) if t.kind is not Kind.DATE]


@pytest.mark.parametrize(
    ("text", "projected"),
    [
        ("票房预估：30亿—150亿+", True),
        ("**营收预估**：3亿—5亿", True),
        ("Revenue forecast: $1.2B–$1.5B", True),
        ("Projected savings: 5–7%", True),
        ("最有希望在未来实现超高票房（50亿+）的电影类型是动画片。", True),
        ("The models most likely to reach $1B+ in the future are hubs.", True),
        ("Those most likely to pass 500 clinics or more in the future are hubs.", True),
        ("Forecast accuracy: 92%", False),  # the label's head is accuracy: a finding
        ("票房预估：多数影片不足10亿。", False),  # the value states a finding
        ("有望使候诊时间缩短30%。", False),  # no open threshold: a hedged finding
        ("目前已有500家+诊所最有可能受益。", False),  # says what holds now
        ("The clinics most likely to pass 500+ visits had 3 nurses.", False),  # 3 is no bar
        ("未来的分诊中心。", False),  # no figure
        ("2026年（预测） | 800-1,500人 | 继续下降趋势", True),  # a row named a forecast
        ("2030 (projected) | $4.2B", True),
        ("2023 (est.) | $3.1B", False),  # an estimate of time past is measured
        # the report's own odds, said as its own
        ("**本报告的核心判断：中国在2030-2040年期间废除死刑的可能性低于10%。**", True),
        ("本报告认为，在可预见的未来（15-20年内）彻底废除死刑的可能性极低。", True),
        ("本报告持谨慎悲观态度：2030年前废除的可能性几乎为零，2040年前约为10-20%。", True),
        ("We estimate a 30% chance that the reform passes within 10 years.", True),
        ("研究显示，该政策在5年内出台的可能性为30%。", False),  # a source's odds
        ("本报告发现，死缓比例上升至50%以上。", False),  # the report finding: a claim
        ("本报告认为，2025年市场规模为500亿元。", False),  # no likelihood: a claim
    ],
)
def test_an_undated_forecast_is_a_forecast_label_or_a_likely_bar(
    text: str, projected: bool
) -> None:
    assert undated_forecast(text, _figures(text)) is projected


def test_a_groups_age_band_is_a_gloss_not_a_figure() -> None:
    for text, band in (
        ("**银发旅客（60岁以上）**：更注重健康", "（60岁以上）"),
        ("约47%的年轻旅客（18-35岁）通过口碑选择", "（18-35岁）"),
        ("Older adults (aged 65+) travel less.", "(aged 65+)"),
        ("Young adults (ages 18 to 35) book late.", "(ages 18 to 35)"),
    ):
        assert [text[b:e] for b, e in horizon_windows(text)] == [band]
    # …or named by it before a word for people
    for text, band in (
        ("- 25–35 岁女性消费力持续增强", "25–35 岁"),
        ("60岁以上人群更注重健康", "60岁以上"),
    ):
        assert [text[b:e] for b, e in horizon_windows(text)] == [band]
    assert horizon_windows("年龄在20–29岁之间的女性") == ()  # an age found
    assert horizon_windows("患者年龄为20–30岁。") == ()
    # a span of years that is no age, or an age stated with more than its band
    assert horizon_windows("治疗时间较长（5-10年）") == ()
    assert horizon_windows("患者（平均年龄62岁）") == ()


def test_a_phase_named_with_its_window_is_a_gloss_not_a_figure() -> None:
    for text, window in (
        ("各亚群在急性期（0–72小时）与慢性期呈动态消长", "急性期（0–72小时）"),
        ("3.4 慢性期（>14天）：清除与修复的悖论", "慢性期（>14天）"),
        ("超急性期 | 0–6小时 | 紧急粒细胞生成", "超急性期 | 0–6小时 |"),
        ("In the acute phase (0–72 h), neutrophils infiltrate.", "acute phase (0–72 h)"),
        ("Acute Phase | 0–72 h | infiltration peaks", "Acute Phase | 0–72 h |"),
        # a window bounded by `内` ("within"): a span, or one bound
        ("它们在急性期（24-72小时内）加剧损伤", "急性期（24-72小时内）"),
        ("- 在急性期（3天内）占主导地位", "急性期（3天内）"),
    ):
        (span,) = horizon_windows(text)  # (a Chinese phase's match may start a word early)
        assert window in text[span[0] : span[1]]
    # one value is a length measured, not a span named: a follow-up's 12 months
    assert horizon_windows("中位随访期（12个月）内复发率为8%") == ()


def test_a_group_named_by_its_age_is_glossed_in_months_too() -> None:
    text = "老年小鼠（18-24个月）相比年轻小鼠（2-4个月）结局更差"
    assert [text[b:e] for b, e in horizon_windows(text)] == ["小鼠（18-24个月）", "小鼠（2-4个月）"]
    assert horizon_windows("治疗组（6-12个月）疗效更佳") == ()  # a treatment's length
