"""Conditions, guesses and suppositions: a sentence that states what may be, not what was
found. Read from their grammar — a condition's opening word, a modal verb, a supposition,
a threshold's verb of change — never from a list of topics (`claims.py` asks these once
per sentence).
"""

from __future__ import annotations

import re

# A sentence that opens with a condition, or whose verb is a guess (`might`, `could`, `would`
# and their Chinese forms), states what may be, not what was found. `may` is not one:
# "trametinib may reduce …" is a cited finding's own hedge (CL109 reads it).
# `once` and `were` open findings too ("Once-daily osimertinib improved …"), and "could
# not tolerate" reports what happened: neither is a guess.
# (a word boundary cannot follow 如果 or 若: the next character is a word character too,
# so the Chinese forms stand without one; `若干` is "several", no condition). A supposition
# opens one too (`假设当年判处死刑总数为5,000人，则…`, `Suppose …`), also after a worked
# example's frame (`以2023年为例，`), and so does `如` before a verb of change — "if it
# falls to…" (`如降至30个以下，说明…`), never `如` before a noun, "such as" — also after an
# indicator's label (`**死刑执行数**：如降至每年500人以下，…`).
_CONDITION = re.compile(
    r"\s*(?:以[^，,。；;]{1,20}为例[，,]\s*|\**[^\s:：，,。*]{1,16}\**\s*[:：]\s*)?"
    r"(?P<word>(?:if|should|unless|suppose)\b|如果|假如|假设|假定|若(?!干)|"
    r"如(?=降至|降到|降低|升至|升到|超过|低于|高于|达到|跌破|取消|出现|批准))",
    re.I,
)
_GUESS = re.compile(r"\b(?:might|could(?!\s+not\b|n['’]t)|would)\b|可能会|或将|有望|将可能", re.I)


def speculative(text: str) -> bool:
    """Whether a sentence states a condition or a guess rather than a finding."""
    return bool(_CONDITION.match(text) or _GUESS.search(text))


# A supposition's figures are assumed, and what follows from them too (`假设当年判处死刑总数为
# 5,000人，则立即执行人数约为750-1,250人`); a condition's threshold is the author's (`如降至30
# 个以下，说明改革加速`, `If the count falls below 30, …`), the rest of the sentence stays
# a claim (`如果早期治疗，五年生存率可达90%` states a rate, and `If treated within 3 hours`
# sets no threshold).
_SUPPOSE = re.compile(r"假设|假定|suppose", re.I)
_THRESHOLD = re.compile(
    r"降至|降到|升至|升到|超过|低于|高于|达到|跌破|不足|以上|以下|"
    r"\b(?:below|above|exceeds?|reach(?:es)?|(?:falls?|drops?|rises?)\s+(?:to|below|above))\b",
    re.I,
)
_CLAUSE_END = re.compile(r"[，,;；。]")
# A label naming what follows the author's expectation (`**预期影响**：…4–5年后进入捕捞群体`,
# `**理论预期**：…存在1–3年的滞后`, `Expected outcome: …`, `Hypothesis: …`): a proposal's
# hypothesis, what it expects to find, its figures supposed as a supposition's are.
# `预期寿命：72岁`, "life expectancy", names a measure and stays a claim.
_EXPECTATION = re.compile(
    r"[\W_]*(?:[\u4e00-\u9fff]{0,4}(?:预期|假说)(?:影响|效果|结果|发现|产出|成果)?|"
    r"(?:研究|核心|理论)假设|"
    r"(?:[\w-]+\s+){0,2}(?:expected|anticipated|predicted|hypothesi[sz]ed)\s+"
    r"(?:impacts?|effects?|outcomes?|results?|findings?)|"
    r"(?:[\w-]+\s+){0,2}(?:hypothes[ie]s|predictions?))[\W_]*[:：]",
    re.I,
)


def supposed_figures(text: str) -> tuple[tuple[int, int], ...]:
    """Where a sentence's figures are supposed or a condition's threshold, not stated."""
    if _EXPECTATION.match(text):
        return ((0, len(text)),)
    m = _CONDITION.match(text)
    if m is None:
        return ()
    if _SUPPOSE.fullmatch(m.group("word")):
        return ((0, len(text)),)
    end = _CLAUSE_END.search(text, m.end())
    clause = (m.end(), end.start() if end else len(text))
    return (clause,) if _THRESHOLD.search(text, *clause) else ()
