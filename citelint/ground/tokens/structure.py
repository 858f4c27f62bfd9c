"""Numbers that are not quantities: parts of names, labels and the report's structure.

A number glued to letters (`HER2`, `NCT01828099`) or after a hyphenated prefix (`PD-1`)
is a name; after `§`, or followed by `.N`, a section or a version, and so is a name's
version bounded as releases are (`Claude 4.5 及更早`, `iOS 17 and later`); after an ordinal label
(`Phase 1/2a`, `Grade 3`, `cycle 2`) a name of a step, after capitals joined by `&` an
index's name (`S&P 500`); inside a citation group (`[1]`,
`[10, 11]`) or as a list's enumerator (`3. `, `(2) `) structure. None is a claim token on
either side, so a source's `(3) documented …` never supports a claim's `3 months`.
"""

from __future__ import annotations

import re
from decimal import Decimal

from citelint.ground.tokens.dates import is_year
from citelint.ground.tokens.text import HYPHENS

# Words that number things rather than count them: the number after one is a name.
_ORDINAL_LABEL = re.compile(
    r"(?<![A-Za-z])(?i:phase|grade|stage|type|version|ver\.|v|cycle|cohort|arm|part|level|"
    r"table|figure|fig\.|step|category|tier|section|chapter|appendix)[ \t]*(?:[≥≤<>][ \t]*)?"
    r"(?:\d{1,2}[a-z]?[ \t]*(?:,|/|-|–|and|or)[ \t]*)*$"  # the label governs a list: `Phase 2, 3`
)
_LETTER = re.compile(r"[A-Za-z]")
# A span of time ahead is a horizon the writer chose, and a target the report sets itself
# an aim: neither is a quantity a source states.
_HORIZON = re.compile(
    r"(?:未来|今后|(?<![A-Za-z])(?i:(?:over|in|within)\s+the\s+(?:next|coming)|next|coming"
    r"|(?:short|medium|mid|long|near)[- ]term[ \t]*[(（:：]?)"
    # the report's own aims: `Success criterion: >200 qubits`, `Milestone: 1,000 users`
    r"|(?<![A-Za-z])(?i:criteri(?:on|a)|targets?|goals?|milestones?|objectives?)[ \t]*[:：])"
    r"[ \t]*[≤<~≥>]?[ \t]*(?:\d{1,3}[ \t]*(?:-|–|—|~|to|至|到)[ \t]*)?$"
)
_GLUED_VERSUS = re.compile(r"(?<![A-Za-z])(?:vs|versus)\.?$", re.I)
# structure, not quantities: a citation group `[10, 11]`, an enumerator `3. `, `(2) `
_CITATION_OPEN = re.compile(r"\[[\d, \t\-–—]*$")
_CITATION_CLOSE = re.compile(r"[\d, \t\-–—]*\]")
_ENUMERATOR_OPEN = re.compile(r"(?:^|\n)[ \t]*\(?$")
_ENUMERATOR_CLOSE = re.compile(r"[.)][ \t]+\S")
_INLINE_ENUMERATOR = re.compile(r"\)[ \t]+[A-Za-z]")


def not_a_quantity(norm: str, s: int, e: int) -> bool:
    """Numbers that are parts of names, sections, versions, footnotes or times."""
    before = norm[s - 1] if s else ""
    before2 = norm[s - 2] if s > 1 else ""
    # Every label, name and `vs` below is spelled with letters: a number with none in the
    # 24 characters before it (a long list of numbers) skips those searches.
    lettered = _LETTER.search(norm, max(0, s - 24), s) is not None
    if lettered and _GLUED_VERSUS.search(norm, max(0, s - 8), s):
        return False  # `8.3%vs13.5%`: a comparison written without spaces
    return bool(
        (before.isascii() and before.isalpha())  # glued to letters: HER2, CD20, NCT01828099
        or (before in "-" + HYPHENS and before2.isascii() and before2.isalpha())  # PD-1
        or (before in "-" + HYPHENS and _ID_BEFORE.search(norm, max(0, s - 24), s) is not None)
        or before == "§"
        or re.match(r"\.\d", norm[e : e + 2])  # section numbers and versions: §5.5.2, 1.2.3
        or _cites_or_enumerates(norm, s, e)
        or (before == ":" and re.search(r"\d:$", norm[max(0, s - 3) : s]))  # 10:30 again
        or (lettered and _ORDINAL_LABEL.search(norm, max(0, s - 24), s))  # Phase 1/2a, Grade 3
        or _horizon(norm, s)  # 未来5–10年, the next 5 years
        or (before == "/" and _FAMILY.search(norm, max(0, s - 24), s) is not None)  # MCT1/4/11
        or _hex_id(norm, s, e)  # 04d7e2a1-7d3b-…: an id, not 4 days
        or _ROUND_THE_CLOCK.match(norm, max(0, s - 4), e + 4) is not None  # 24/7 service
        or _meter(norm, s)  # 5/4拍, in 7/8 time: a time signature, both its numbers
        or (lettered and _index_name(norm, s, e))  # S&P 500
        or (lettered and _bounded_version(norm, s, e))  # Claude 4.5 及更早, iOS 17 and later
    )


# A name's version bounded by "and earlier" / "and newer" (`Claude 4.5 及更早`, `Python 3.8 or
# later`): releases named, not a figure. The bound is what marks it: a capitalised word
# before a decimal alone is as often a measure (`Fidelity 0.999`).
_VERSIONED_NAME = re.compile(r"(?<![A-Za-z])[A-Za-z]*[A-Z][A-Za-z]*[ \t]$")
_VERSION_BOUND = re.compile(
    r"[ \t]*(?:(?i:(?:and|or)[ \t]+(?:earlier|later|newer)(?![A-Za-z]))"
    r"|[及或](?:更早|更新|更高|以前|以后|之前|之后)(?:版本)?)"
)


def _bounded_version(norm: str, s: int, e: int) -> bool:
    """Whether the number at `s` is a version a name carries, bounded as releases are."""
    if not re.fullmatch(r"\d{1,3}(?:\.\d{1,3})*", norm[s:e]):
        return False
    return (
        _VERSION_BOUND.match(norm, e) is not None
        and _VERSIONED_NAME.search(norm, max(0, s - 24), s) is not None
    )


# capitals joined by `&` before a number name an index or a company's line (`S&P 500`,
# `S&P/ASX 200`): the number is the name's, not a count of the words after it
_AMPERSAND_NAME = re.compile(r"(?<![A-Za-z&])[A-Z]{1,4}&[A-Z]{1,4}(?:/[A-Z]{2,5})?[ \t]?$")


def _index_name(norm: str, s: int, e: int) -> bool:
    """Whether the whole number at `s` (two to four digits, no percent) names an index."""
    if not (norm[s:e].isdigit() and 2 <= e - s <= 4) or norm[e : e + 1] == "%":
        return False
    return _AMPERSAND_NAME.search(norm, max(0, s - 14), s) is not None


# the hyphenated run before a number names something when it holds a letter: `H2-1`,
# `NCI-2025-00832`, `COVID-19` (never `5-10`, a range). The run is ASCII: Chinese runs on
# with no space, and `RPG玩家年龄在28-35岁` is a range after a word, not an id `RPG…28-35`.
_ID_BEFORE = re.compile(
    r"(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9_-]*\d[-‐‑–]$"
)
# `24/7`, `24×7`: an idiom for "always", not a rate
_ROUND_THE_CLOCK = re.compile(r".{0,4}?(?<![\d.])24[ \t]*[/x×][ \t]*7(?![\d.%])")
# A time signature (`5/4拍`, `in 7/8 time`, `a 6/8 meter`): music's notation, no quantity
_METER = re.compile(
    r"\d{1,2}[ \t]*/[ \t]*(?:2|4|8|16)[ \t]*(?:拍(?!子数)|(?:time|meter|metre)(?![A-Za-z]))", re.I
)
_METER_HEAD = re.compile(r"(?<![\d.])\d{1,2}[ \t]*/[ \t]*$")  # `5/` before a denominator


def _meter(norm: str, s: int) -> bool:
    """Whether the number at `s` is a time signature's, its numerator or its denominator."""
    if _METER.match(norm, s):
        return True
    head = _METER_HEAD.search(norm, max(0, s - 6), s) if s and norm[s - 1] in "/ \t" else None
    return head is not None and _METER.match(norm, head.start()) is not None


# A gene family listed by its members' numbers: `MCT1/4/11` names MCT1, MCT4 and MCT11.
_FAMILY = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,10}\d{1,3}(?:/\d{1,3})*/$")
_HEX = frozenset("0123456789abcdefABCDEF-")
_HEX_ID_MIN = 8  # `04d7e2a1`: a run this long of hex digits, letters among them, is an id


def _hex_id(norm: str, s: int, e: int) -> bool:
    """Whether the number sits in a hexadecimal id or UUID (`04d7e2a1-7d3b-…`)."""
    a, b = s, e
    while a > 0 and s - a < 40 and norm[a - 1] in _HEX:
        a -= 1
    while b < len(norm) and b - e < 40 and norm[b] in _HEX:
        b += 1
    run = norm[a:b].strip("-")
    if len(run) < _HEX_ID_MIN or not any(c.isalpha() for c in run):
        return False
    return max(len(part) for part in run.split("-")) >= _HEX_ID_MIN


_HORIZON_HINT = re.compile(r"ext|oming|未来|今后|term|[:：]")


def _horizon(norm: str, s: int) -> bool:
    window = norm[max(0, s - 24) : s]  # one cheap look before the pattern's
    if not _HORIZON_HINT.search(window):
        return False
    return _HORIZON.search(norm, max(0, s - 24), s) is not None


def _cites_or_enumerates(norm: str, s: int, e: int) -> bool:
    """`[1]`, `[10, 11]`, a list item's `3.` or `(2)`: the report's structure (bounded looks)."""
    opened = "[" in norm[max(0, s - 24) : s]
    if (
        opened
        and _CITATION_OPEN.search(norm, max(0, s - 24), s)
        and _CITATION_CLOSE.match(norm, e, e + 24)
    ):
        return True
    if e - s > 2:
        return False  # enumerators are short; `2019. ` at a line start is a year
    if _ENUMERATOR_OPEN.search(norm, max(0, s - 8), s) and _ENUMERATOR_CLOSE.match(norm, e):
        return True
    return norm[s - 1 : s] == "(" and _INLINE_ENUMERATOR.match(norm, e) is not None


# A cell that holds only a score: `4`, `**5**`, `4/5`, `4 → 12` (a weighted score), with
# the grader's remark in parentheses (`3 (some estimates shaky) → 9`).
_SCORE_CELL = re.compile(
    r"\s*(?:\*+\s*)?(\d{1,2})(?:\.\d{1,2})?\s*(?:\([^()]{0,200}\)\s*)?"
    r"(?:(?:/|→|->)\s*\d{1,3}\s*)?(?:\*+\s*)?"
)


# …or in stars (`★★★★☆`, `⭐⭐⭐`), the filled ones counted
_STAR_CELL = re.compile(r"\s*(?:\*+\s*)?([★⭐]{1,10})[☆✩]{0,9}\s*(?:\*+\s*)?")
# A weight the grader gives a criterion (`| Funding | 20% | ★★★★★ | … |`, the total row's
# `**100%**`): only before stars or a score with decimals (`4.6`), the shapes of an
# assessment matrix — `| Drug | 19% | 3 | 4 |` stays a row of quantities.
_WEIGHT_CELL = re.compile(r"\s*(?:\*+\s*)?\d{1,3}(?:\.\d+)?\s*%\s*(?:\*+\s*)?")


def rubric_row(text: str, cells: tuple[tuple[int, int], ...]) -> bool:
    """Whether a table row scores something on a small scale (`| Clarity | 4 | 5 | 4 |`,
    `| Funding | 20% | ★★★★★ | ★★★★☆ | ★★★☆☆ |`): every cell after the first holds only a
    score of at most 10 (the last may be the row's total; the first may be the
    criterion's weight), and there are at least three. Ratings are judgements, not
    quantities a source states."""
    rest = [text[a:b] for a, b in cells[1:]]
    weighted = bool(rest) and _WEIGHT_CELL.fullmatch(rest[0]) is not None
    if weighted:
        rest = rest[1:]
    values: list[int] = []
    starred = False
    for cell in rest:
        star = _STAR_CELL.fullmatch(cell)
        score = None if star else _SCORE_CELL.fullmatch(cell)
        if star is None and score is None:
            return False
        starred = starred or star is not None
        values.append(len(star.group(1)) if star else int(score.group(1)) if score else 0)
    if len(values) < 3 or (weighted and not starred and not any("." in c for c in rest)):
        return False
    if values[-1] > 10 and len(values) >= 4:
        values = values[:-1]  # `| … | 3 | 41 |`: the row's total
    return len(values) >= 3 and all(v <= 10 for v in values)


_NAMED_BEFORE = re.compile(r"(?<![A-Za-z])[A-Za-z]*[A-Z][a-z]*[A-Z][A-Za-z]*[ \t]+$")
# `Microsoft 365 applications`, `Windows 11 devices`: a capitalised word right before a
# number is a name with it, unless it is a word of the grammar that opens a sentence before
# a count (`About 40 sites`, `In 12 countries`) or a month (`June 2023`).
_TITLE_BEFORE = re.compile(r"(?<![A-Za-z0-9\-])([A-Z][a-z][A-Za-z]{1,20}) $")
_OPENER_WORDS = """about above across after against almost along among amongst approximately around
    at before below beside besides between beyond by circa despite during each every
    except exceeding for from in including inside into just less like more fewer nearly
    near of off on only onto outside over past per roughly since some than through
    throughout to toward towards under until unlike up upon via with within without
    all both any another the these those their our its his her your my some several many
    most top first last next another estimated exactly totaling totalling only
    and or but nor so yet then thus also still even
    january february march april may june july august september october november
    december where when while whereas if although though because unless whether as once"""
_OPENERS = frozenset(_OPENER_WORDS.split())


def years(written: str, denominator: str | None) -> bool:
    return all(
        w is not None and len(w) == 4 and w.isdigit() and is_year(Decimal(w))
        for w in (written, denominator)
    )


def named_before(norm: str, s: int, written: str) -> bool:
    """Whether a name stands right before the number (`RTOG 9501`, `Microsoft 365`)."""
    if _NAMED_BEFORE.search(norm, max(0, s - 24), s):
        return True
    title = _TITLE_BEFORE.search(norm, max(0, s - 24), s)
    if title is None or title.group(1).lower() in _OPENERS:
        return False
    return not (len(written) == 4 and written.isdigit() and is_year(Decimal(written)))


# `phosphoinositide 3-kinase`: a number hyphened to a word, right after a long word that
# is no verb form, adverb or opener, is part of an enzyme's or a molecule's name
_LONG_WORD_BEFORE = re.compile(r"(?<![A-Za-z-])([a-z]{8,})[ \t]+$")


def name_part(norm: str, s: int, e: int) -> bool:
    """Whether a hyphened count (`3-kinase`) is part of the name the word before opens."""
    if not norm.startswith("-", e) and norm[e : e + 1] not in HYPHENS:
        return False
    m = _LONG_WORD_BEFORE.search(norm, max(0, s - 30), s)
    if m is None:
        return False
    word = m.group(1)
    return word not in _OPENERS and not word.endswith(("ed", "ing", "ly", "ous", "al"))


# A decimal below one after a measure word or symbol (`fidelity 0.999`, `r = 0.8`,
# `p = 0.03`, `AUC of 0.85`) is a statistic a source must state, not a bare number.
_MEASURED = re.compile(
    r"(?:[A-Za-z]{2,}|(?<![A-Za-z])[A-Za-z])[ \t]*(?:[=:]|of|was|is|at|reached)?[ \t]*$"
)
# …and so is any number after a measure's abbreviation and `=` (`QV=128`, `SNR = 40`)
_MEASURE_EQUALS = re.compile(r"(?<![A-Za-z])[A-Z][A-Za-z]{1,5}[ \t]*=[ \t]*$")


def measured(norm: str, s: int, written: str) -> bool:
    """Whether a bare number is a measure's stated value (a statistic)."""
    below_one = written.startswith(("0.", "."))  # str tests: this runs per number
    if below_one and _MEASURED.search(norm, max(0, s - 24), s):
        return True
    return _MEASURE_EQUALS.search(norm, max(0, s - 10), s) is not None
