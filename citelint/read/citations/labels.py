"""Whether a link's text names where a sentence comes from — a label, no part of the
claim — or is the sentence's own prose (`Use [pembrolizumab](…) in this setting`).

A label is a domain, a count of sources (`PubMed + 2`) or numbers; a link after a
sentence's end or opening the text; or a link that is all its brackets hold.
"""

from __future__ import annotations

import re

# The label a line names its source with, the words a report uses in the languages
# citelint reads; grammar, no list of sources (`主要来源`, `Main sources`: a qualifier
# before it; `详见：[Jodoo](…)、[Mendix](…)`, "see"). A line it opens, with a colon, is a
# source line (`parse/source_lines.py`), whose items may name entries (`narrative.py`).
SOURCE_LABEL = (
    r"(?:(?:主要|核心|原始|关键)?(?:数据来源|资料来源|信息来源|来源|出处)|详见|参见|"
    r"(?:(?:main|primary|key)\s+)?(?:data\s+)?sources?(?:\s+of\s+data)?)"
)

# Link text that names a source, saying nothing: `frontiersin.org`, `PubMed + 2`, `3`.
_LABEL = re.compile(r"[\w.-]+\.[a-z]{2,}(?:/\S*)?|[^\d]{0,40}\+\s?\d{1,3}|[\d,\s–-]+", re.I)


def names_source(label: str) -> bool:
    """Whether link text says nothing but where it leads (`frontiersin.org`, `3`)."""
    return _LABEL.fullmatch(label) is not None


def after_sentence(text: str, at: int) -> bool:
    """Whether a link stands after a sentence end or opens the text: a source label."""
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?。！？;；)）]"


def in_brackets(text: str, begin: int, end: int, listed_after: int) -> bool:
    """Whether a link is all a bracket holds, alone or in a list (`([Reuters](…))`,
    `([A](…); [B](…))`): it names where the sentence comes from, and its text is no part
    of the claim."""
    before = text[:begin].rstrip()
    opens = before.endswith(("(", "（")) or (
        listed_after >= 0 and text[listed_after:begin].strip() in (",", ";", "，", "；")
    )
    return opens and text[end:].lstrip()[:1] in (")", "）", ",", ";", "，", "；")
