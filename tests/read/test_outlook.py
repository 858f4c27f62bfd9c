"""Outlook: a dated forecast and a horizon's window, read by form."""

from __future__ import annotations

import pytest

from citelint.read.outlook import forecast, horizon_windows


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
    ],
)
def test_a_forecast_is_a_target_year_and_a_future_marker(text: str, projected: bool) -> None:
    assert forecast(text) is projected


def test_a_horizons_window_is_found_where_it_is_written() -> None:
    text = "短期（1-3年）面临压力，长期（5-10年）机遇显著。"
    assert [text[b:e] for b, e in horizon_windows(text)] == ["短期（1-3年）", "长期（5-10年）"]
    assert horizon_windows("In the short term (1–3 years), prices rise 5%.") == ((7, 29),)
    assert horizon_windows("治疗时间较长（5-10年）。") == ()  # no horizon named
