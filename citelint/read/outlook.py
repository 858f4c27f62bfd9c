"""What a sentence says of time to come, by its form: a forecast dated by a target year,
the report's own odds on what is to come, and the window of a horizon (`短期（1-3年）`,
`long term (5–10 years)`).

A forecast's figures are a projection, not a finding a source was seen to state; a
horizon's figures are the span it names. Both are read from grammar — a future marker
with a target year, a horizon word with a window of time in parentheses — never from a
list of topics (`claims.py` asks these once per sentence).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# A target year (`到2030年`, `2030年前`, `by 2030`, `by the end of 2027`) and a future marker
# (`将`, `预计`, `有望`, `预期`, `will`, `expected to`, `projected to`, `forecast to`, `set
# to`): `预计到2035年，资管行业规模将突破300万亿元`. A sentence that also says what holds
# now (`目前`, `当前`, `已`, `currently`, `already`, `today`) states a finding beside its
# forecast (`将从目前的约30%提升至40%`) and stays a claim; so does a past target year
# without a future marker (`到2025年，规模突破1.5万亿元`).
_TARGET_YEAR = re.compile(
    r"(?:到|至)\s*(?:19|20)\d\d\s*年|(?:19|20)\d\d\s*年\s*(?:前|之前|底前)|"
    r"\bby\s+(?:the\s+end\s+of\s+)?(?:19|20)\d\d\b",
    re.I,
)
_FUTURE = re.compile(
    r"将|预计|有望|预期|\b(?:will|(?:is|are)\s+(?:expected|projected|forecast|set|poised)\s+to)\b",
    re.I,
)
_NOW = re.compile(r"目前|当前|已|\b(?:currently|already|today|now)\b", re.I)
# …and what held before it: a past verb of measure (`was valued at`, `stood at`) or a
# year other than the target (`from 74.2 million in 2022 to 47.95 million by 2060`,
# `2024年规模为200万亿元，预计到2035年…`) states what was measured — a finding beside the
# forecast, and the sentence stays a claim
_WAS = re.compile(r"\b(?:was|were|stood|grew|rose|fell)\b", re.I)
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
# …but a baseline is no measure: `rise by ¥2.1 trillion by 2030 from 2020 levels`, `较2020年`
_BASELINE = re.compile(r"(?:[较比]|相比|相较于?)\s*(?:19|20)\d\d|(?:19|20)\d\d\s+levels?\b", re.I)
# `有望在2030年形成…`: a year after `在` is a target only beside an expectation, since `将`
# also marks an object (`在2024年将费率下调30%` tells what was done)
_IN_YEAR = re.compile(r"在\s*(?:19|20)\d\d\s*年")
_EXPECTED = re.compile(r"有望|预计|预期")


# a gloss in parentheses with no figure in it (`（基于当前各子市场增速的保守估算）`, the basis of
# the estimate) says how the forecast was made, not what holds now
_BARE_GLOSS = re.compile(r"[（(][^（()）\d]*[）)]")


def forecast(text: str) -> bool:
    """Whether a sentence forecasts: a target year and a future marker, nothing said of
    what holds now or what held before."""
    said = _BARE_GLOSS.sub("", text)
    if _NOW.search(said) or _WAS.search(said):
        return False
    targets = [m.span() for m in _TARGET_YEAR.finditer(text)]
    if targets:
        return _FUTURE.search(text) is not None and _only_targets(text, targets)
    target = _IN_YEAR.search(text)
    return (
        target is not None
        and _EXPECTED.search(text) is not None
        and _only_targets(text, [target.span()])
    )


def _only_targets(text: str, targets: list[tuple[int, int]]) -> bool:
    """Whether every year the sentence names is one of its target years or a baseline."""
    kept = targets + [m.span() for m in _BASELINE.finditer(text)]
    return all(any(b <= m.start() < e for b, e in kept) for m in _YEAR.finditer(text))


# A forecast with no target year, in one of two forms. A label whose head names its value
# an estimate of time to come, the value figures alone (`**票房预估**：30亿—150亿+`, `Revenue
# forecast: $1.2B–$1.5B`, `Projected savings: 5–7%`): `Forecast accuracy: 92%` heads a
# finding about forecasts and `票房预估：多数影片不足10亿` states one. Or a sentence that says
# what is likely to reach a bar in time to come, every figure an open threshold
# (`最有希望在未来实现超高票房（50亿+）的类型是…`, `the models most likely to pass 500+
# clinics in the future`): the figure is the bar the author ranks by. `有望使候诊缩短30%`
# names no bar, and `目前已有500家+` says what holds now; both stay claims.
_FORECAST_LABEL = re.compile(
    r"[\W_]*(?:[\u4e00-\u9fff]{0,8}(?:预估|预测|展望)|"
    r"(?:[\w-]+\s+){0,3}(?:forecasts?|projections?|outlook)|projected(?:\s+[\w-]+){1,3})"
    r"[\W_]*[:：]",
    re.I,
)
# what may stand beside a forecast's figures: marks, a range's words, a target's `by`
_FIGURES_ONLY = re.compile(r"(?:[\W_]|约|至|到|左右|以上|\b(?:by|to|about|around|per)\b)*", re.I)
_LIKELY = re.compile(
    r"有望|最有希望|最有可能|未来|将来|\bin\s+(?:the\s+)?future\b|\bmost\s+likely\s+to\b", re.I
)
_OPEN = re.compile(r"\s*(?:[+＋]|(?:及)?以上|\bor\s+more\b)", re.I)


# A table row whose first cell names the row a forecast (`2026年（预测） | 800-1,500人 | 继续
# 下降趋势`, `2030 (projected) | $4.2B`): its figures are the projection. An estimate of
# time past (`2023 (est.)`) is measured, and stays a claim.
_FORECAST_ROW = re.compile(
    r"\s*[^|]{0,24}?[（(]\s*(?:预测|预计|预估|forecast|projected|projection)\s*[)）]\s*\|", re.I
)


# The report's own verdict on a likelihood, said as its own (`本报告认为，…彻底废除死刑的可能性
# 极低`, `**本报告的核心判断：…在2030-2040年期间…的可能性低于10%…**`, `本报告持谨慎悲观态度：…
# 可能性几乎为零`, `We estimate a 30% chance that …`): the answer the author gives, whose
# figures are its own odds — no source states them. The report finding something
# (`本报告发现…`) and a likelihood a source gave (`研究显示…的可能性为30%`) stay claims.
_OWN_VERDICT = re.compile(
    r"本(?:报告|研究|文)(?:的)?(?:核心|主要|总体)?(?:认为|判断|评估|预判|预测|"
    r"持[^，。：:]{0,10}?态度)|(?:我们|笔者)(?:的)?(?:认为|判断|评估|预判|预测)|"
    r"\b(?:we|I)\s+(?:estimate|judge|assess|predict)\b|"
    r"\bour\s+(?:(?:core|central|overall|main)\s+)?(?:assessment|estimate|judge?ment|verdict|forecast)\b",
    re.I,
)
_LIKELIHOOD = re.compile(r"可能性|概率|几率|\b(?:likelihood|probability|chance|odds)\b", re.I)


def undated_forecast(text: str, figures: Sequence[tuple[int, int]]) -> bool:
    """Whether a sentence forecasts with no target year: a forecast's label over figures
    alone, a table row named a forecast, the report's own verdict on a likelihood, or a
    likelihood in time to come whose every figure is an open threshold."""
    if not figures or _NOW.search(text):
        return False
    if _FORECAST_ROW.match(text):
        return True
    if _LIKELIHOOD.search(text) and _OWN_VERDICT.search(text):
        return True
    label = _FORECAST_LABEL.match(text)
    if label is not None and figures[0][0] >= label.end():
        rest, at = [], label.end()
        for start, end in figures:
            rest.append(text[at:start])
            at = end
        rest.append(text[at:])
        return _FIGURES_ONLY.fullmatch("".join(rest)) is not None
    return _LIKELY.search(text) is not None and all(
        _OPEN.match(text, end) is not None for _, end in figures
    )


# A horizon word and its window in parentheses (`短期（1-3年）`, `中长期（5—10年）`, `short
# term (1–3 years)`, `near-term (0–6 months)`): the figures name the span the horizon
# covers. `治疗时间较长（5-10年）` names no horizon and its span is a finding.
_HORIZON = re.compile(
    r"(?:短期|中期|长期|中长期|近期|远期|(?:short|medium|mid|long|near)[ -]term)\s*"
    r"[（(]\s*\d{1,2}\s*(?:[-–—~～至到]|to)\s*\d{1,2}\s*(?:个月|年|月|years?|months?)\s*[）)]",
    re.I,
)


# A phase named with the window it spans (`急性期（0–72小时）`, `慢性期（>14天）`, a table's row
# `超急性期 | 0–6小时 | …`, `acute phase (0–72 h)`, `急性期（24-72小时内）`): a span or an open
# bound (`（3天内）`, "within 3 days", is `<3天`), never one value, so `随访期（12个月）`, a
# follow-up's length, is still a finding.
_STAGE = re.compile(
    r"(?:[\u4e00-\u9fff]{1,3}期|(?:hyperacute|acute|subacute|chronic|early|late|recovery)\s+"
    r"(?:phase|stage|period))\s*[（(|]\s*(?:[<>≤≥＜＞]\s*\d{1,3}|\d{1,3}\s*(?:[-–—~～至到]|to)"
    r"\s*\d{1,3}|\d{1,3}(?=\s*(?:小时|天|日|周|个月|月|年)\s*以?内))"
    r"\s*(?:小时|天|日|周|个月|月|年|h|hours?|days?|weeks?|months?|years?)"
    r"(?:以上|以下|以?内|至数[天周月年])?\s*(?:[）)|]|$)",
    re.I,
)


# A group glossed by its age band, the parentheses holding nothing else (`年轻旅客（18-35岁）`,
# `银发旅客（60岁以上）`, `adults (aged 65+)`, `(ages 18 to 35)`; in months after a group named
# by its age, `老年小鼠（18-24个月）`), or named by it before a word for people (`25–35 岁女性
# 消费力持续增强`, `60岁以上人群`): the figures say who the group is, not what was found of it.
# `约47%的年轻旅客（18-35岁）…` still states 47%, `治疗组（6-12个月）` a treatment's length, and
# `年龄在20–29岁之间` an age found.
_AGE_BAND = re.compile(
    r"(?<![\d.])\d{1,3}\s*(?:[-–—~～至到]\s*\d{1,3}\s*岁|岁(?:以上|以下|及以上|及以下))"
    r"(?=\s*(?:的\s*)?(?:女性|男性|女生|男生|女士|男士|人群|群体|年轻人|成年人|青年|青少年|老年人|老人|人士))"
    r"|[（(]\s*(?:\d{1,3}\s*(?:[-–—~～至到]\s*\d{1,3}\s*)?岁(?:以上|以下|及以上|及以下)?"
    r"|(?:aged?|ages)\s+\d{1,3}(?:\+|\s*(?:[-–—]|to)\s*\d{1,3}|\s+(?:and|or)\s+"
    r"(?:older|over|above|younger|under))?(?:\s+years)?)\s*[）)]"
    r"|(?<=老年|年轻|幼年|成年|青年|中年|老龄|幼龄)[\u4e00-\u9fff]{1,4}[（(]\s*\d{1,3}\s*"
    r"[-–—~～至到]\s*\d{1,3}\s*个?月龄?\s*[）)]",
    re.I,
)


def horizon_windows(text: str) -> tuple[tuple[int, int], ...]:
    """Where a sentence glosses a horizon or a phase with its window of time, or a group
    with its age band."""
    spans = [m.span() for m in _HORIZON.finditer(text)]
    low = text.lower()  # (`Acute Phase (0–72 h)` as a table's row writes it)
    if "期" in text or "phase" in low or "stage" in low or "period" in low:
        spans += [m.span() for m in _STAGE.finditer(text)]
    if "岁" in text or "age" in low or "月" in text:  # a cheap test: most sentences hold none
        spans += [m.span() for m in _AGE_BAND.finditer(text)]
    return tuple(sorted(set(spans)))  # (`短期（1-3年）` is a horizon and a phase)
