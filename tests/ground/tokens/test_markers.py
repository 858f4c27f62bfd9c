"""Therapy-line and recommendation markers."""

from __future__ import annotations

import pytest

from citelint.ground.tokens import (
    markers,
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("推荐一线治疗", ["一线"]),
        ("北京、上海等一线城市", []),  # a city's tier
        ("坚守在第一线", []),  # the front line
        ("二是一线艺术类毕业生与市场需求之间的技能错配", []),  # the people at it
        ("一线医护人员和一线教师", []),
        ("近3学年持续从事一线教学工作的专任教师", []),  # the work done at the front line
        ("一线岗位和一线生产经验", []),
        ("| 一二线 | 外观付费 |", []),  # a run of tiers: the cities' (`一二线城市`)
        ("一二线+下沉；三四线（占40%）", []),
        ("一二线治疗失败的患者", ["二线"]),  # a word after the run: two therapy lines
        ("一线治疗失败的患者", ["一线"]),  # a patient is no front-line worker
        ("2) 二线机场；3) 替代目的地", []),  # an airport's tier
        ("一线、二线城市和三线及以下城市", []),
        ("而三线以下城市和中老年群体", []),  # a tier, `及` or not
        ("二线以上治疗", ["二线"]),
        ("一线品牌与一线员工", []),
        ("二线及以上治疗", ["二线"]),
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
        ("Category 2A, 2B", ["Category 2A", "2B"]),
        ("Category 1: AI-Assisted Lesson Planning", []),  # a numbered category's label
        ("a Category 1 recommendation", ["Category 1"]),
        ("a €500M-1.2B fine", []),  # an amount's tail: 1.2 billion
        ("a $2B deal", []),
        ("0.2L of saline", []),
        ("1L and 2L", ["1L", "2L"]),
    ],
)
def test_markers(text: str, found: list[str]) -> None:
    assert [m for m, _ in markers(text)] == found
