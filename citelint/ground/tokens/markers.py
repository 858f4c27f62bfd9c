"""Therapy-line and recommendation markers: `一线`, `2L`, `second-line`, `Category 2A`.

A decimal's or an amount's tail is none: `€500M-1.2B` is 1.2 billion, `$2B` two billion,
`0.2L` a fifth of a litre; nor is a tier (`一线城市`, first-tier cities; `二线机场`, `一、二线
品牌`, `三线及以下城市`, `三线以下城市`: a tier run, then a place, a market or a
workforce; `| 一二线 |`, a run of tiers with no word after it), the front line (`第一线`;
`一线艺术类毕业生`, `一线教师`: the people at it; `一线教学工作`, `一线岗位`: the work done
there) or a
numbered category's label (`Category 1: AI-assisted lesson planning`)."""

from __future__ import annotations

import re

# what a tier ranks (`二线机场`, `一线、二线城市`, `三线(及)以下城市`): no therapy line
_TIER = (
    r"(?:(?:及?以[上下]|[、/和与及至到-][一二三四五]线)*"
    r"(?:城|机场|品牌|市场|地区|县|员工|人员|工人))"
)
# …nor the people working at the front line (`一线艺术类毕业生`, `一线教师`, `一线医护人员`),
# nor the work done there (`一线教学工作`, `一线岗位`, `一线生产经验`)
_FRONT = (
    r"[\u4e00-\u9fff]{0,4}?(?:毕业生|从业者|工作者|职工|教师|老师|医生|医护|护士|干部|民警|记者"
    r"|工作|岗位|教学|生产|经验|实践)"
)
_MARKERS = re.compile(
    rf"(?<!第)[一二三四]线(?!{_TIER}|{_FRONT})|"
    r"(?<![A-Za-z0-9$€£¥])(?<!\d[.,])[1-4]L(?![A-Za-z0-9])|"
    r"(?<![A-Za-z])(?i:first|second|third|fourth)[-\s]line(?![A-Za-z])|"
    r"[IⅠⅡⅢ]{1,3}级推荐|推荐等级|证据等级|"
    r"(?<![A-Za-z])(?:Grade|GRADE|grade)\s+[A-D](?![A-Za-z0-9])|"
    r"(?<![A-Za-z])Category\s+(?:1|2A|2B|3)(?![A-Za-z0-9]|\s*[:：])|"
    r"(?<![A-Za-z0-9$€£¥-])(?<!\d[.,])2[AB](?![A-Za-z0-9])"
)


_MARKER_HINT = re.compile(r"线|推荐|[1-4]L|[Ll]ine|[Gg]rade|GRADE|Category|2[AB]")


def markers(text: str) -> list[tuple[str, int]]:
    """Therapy-line and recommendation markers with their positions."""
    if not _MARKER_HINT.search(text):  # literal scan first: the full grammar is slower
        return []
    return [(m.group(0), m.start()) for m in _MARKERS.finditer(text) if not _tier_run(text, m)]


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _tier_run(text: str, m: re.Match[str]) -> bool:
    """A run of tiers standing for the cities (`| 一二线 |`, `一二线+下沉`, `三四线（占40%）`):
    `一二线` with no word after it is first- and second-tier; `一二线治疗` two therapy lines."""
    return (
        m.group(0).endswith("线")
        and m.start() > 0
        and text[m.start() - 1] in "一二三四五"
        and _CJK.match(text, m.end()) is None
    )
