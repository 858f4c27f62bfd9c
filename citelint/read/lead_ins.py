"""Lead-ins by which the author announces a list of its own: its definitions or the design
it recommends. Read by their form (`read/parse/planned.py` marks the items they lead in),
never from a list of topics."""

from __future__ import annotations

import re

# A lead-in that announces the report's own definitions (`The key definitions used
# throughout this report:`, `Terminology:`, `本报告采用的定义如下：`): the list after it fixes
# what the report's terms mean (`Young-old: 65–74 years`), it reports no finding
_DEFINITIONS = re.compile(
    r"\W*(?:[\w-]+\s+){0,3}(?:definitions?|terminology|glossary)\b[^:：.。]{0,40}[:：]\s*$"
    r"|[^。：:]{0,20}(?:定义|术语)[^。：:]{0,12}[:：]\s*$",
    re.I,
)


def definitions_lead(text: str) -> bool:
    """Whether a sentence leads in the report's own definitions."""
    return _DEFINITIONS.match(text) is not None


# A lead-in by which the author recommends what its list lays out (`Based on the
# literature, the following optimized pipeline is recommended for Component 1:`, `We
# recommend the following steps:`): the items are the author's design. Someone else's
# recommendation (`… are recommended by the WHO:`, `… is recommended in the 2023
# guideline:`) is a finding its items report, and is no lead-in here.
_RECOMMENDS_LEAD = re.compile(
    r"[^:：]*\b(?:(?:is|are)\s+(?:(?:therefore|thus|hence|strongly)\s+)?recommended|"
    r"(?:we|I)\s+(?:would\s+)?(?:strongly\s+)?recommend)\b"
    r"(?![^:：]*\b(?:by|in|per|under|according\s+to)\b)[^:：]{0,60}[:：]\s*",
    re.I,
)


def recommends_lead(text: str) -> bool:
    """Whether a sentence leads in the author's recommended design or steps."""
    return _RECOMMENDS_LEAD.fullmatch(text) is not None


# An item under the author's recommendation that reports a result (`the model reached 91%
# accuracy on the 2023 benchmark`): what was found, not the design recommended. A plan's
# scenarios keep their verbs (`Scenarios:` / `1. Median survival reached 11 months.`).
_RESULT = re.compile(r"\b(?:reached|scored|attained|outperformed)\b", re.I)


def reports_result(text: str) -> bool:
    """Whether an item under a recommending lead-in reports a result."""
    return _RESULT.search(text) is not None
