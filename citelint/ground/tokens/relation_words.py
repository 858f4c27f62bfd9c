"""The closed-class words a relation is said with: negation, direction, hedges and causes,
and the words that separate one number's phrase from the next.

Grammar only (the P0 iron law): function words and comparative forms of English and
Chinese, never a drug, disease, arm or measure — those come from the source sentence.

`words(text)` splits a sentence into words, numbers and separators with their offsets; a
number's value is normalised (`1,277` = `1277`, `4.80` = `4.8`), so a claim and its
source compare numbers, not spellings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

# a word (Latin or CJK run), a number (thousands groups and decimals), or a separator
_TOKEN = re.compile(
    r"(?P<num>(?<![A-Za-z0-9_.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![A-Za-z0-9_.])\d+(?:\.\d+)?)"
    r"|(?P<word>[A-Za-z][A-Za-z'’-]*|[\u4e00-\u9fff]+)"
    r"|(?P<sep>[,;:()\[\]（）；，、])"
)

# Words after which the next number's phrase begins: "4.8 months with A vs 1.5 with B".
SEPARATORS = frozenset(
    {"vs", "versus", "and", "or", "compared", "than", "while", "whereas", "but", "respectively"}
    | set(",;:()[]（）；，、")
    | {"与", "和", "及", "而", "相比", "对比"}
)

# Words that say nothing of which arm, measure or population a number belongs to.
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "with",
        "from",
        "by",
        "as",
        "is",
        "was",
        "were",
        "are",
        "be",
        "been",
        "being",
        "had",
        "has",
        "have",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "their",
        "there",
        "which",
        "who",
        "whom",
        "whose",
        "than",
        "then",
        "also",
        "all",
        "each",
        "per",
        "vs",
        "versus",
        "and",
        "or",
        "compared",
        "while",
        "whereas",
        "but",
        "respectively",
        "among",
        "after",
        "before",
        "during",
        "within",
        "between",
        "into",
        "over",
        "under",
        "about",
        "approximately",
        "nearly",
        "around",
        "up",
        "patients",
        "patient",
        "participants",
        "group",
        "groups",
        "arm",
        "arms",
        "median",
        "mean",
        "rate",
        "rates",
        "ci",
        "confidence",
        "interval",
        "p",
        "n",
        "months",
        "month",
        "weeks",
        "week",
        "days",
        "day",
        "years",
        "year",
        "percent",
        "overall",
        "total",
    ]
)

NEGATIONS_EN = re.compile(
    r"\b(?:not|no|never|neither|nor|without|cannot|none|nothing|"
    r"fail(?:s|ed)?\s+to|lack(?:s|ed)?\s+of|absence\s+of|\w+n['’]t)\b",
    re.I,
)
NEGATIONS_ZH = re.compile(r"并未|没有|未|不|无")

# Comparative and change words, each with its opposite (grammar, both ways).
_OPPOSITES_EN = (
    ("higher", "lower"),
    ("increased", "decreased"),
    ("increase", "decrease"),
    ("increases", "decreases"),
    ("improved", "worsened"),
    ("superior", "inferior"),
    ("more", "fewer"),
    ("greater", "smaller"),
    ("longer", "shorter"),
    ("better", "worse"),
    ("rose", "fell"),
    ("gain", "loss"),
    ("above", "below"),
    ("maximum", "minimum"),
    ("larger", "smaller"),
    ("prolonged", "shortened"),
    ("reduced", "increased"),
    ("lowered", "raised"),
    ("more", "less"),
    ("improves", "worsens"),
    ("improve", "worsen"),
    ("reduce", "increase"),
    ("reduces", "increases"),
    ("elevated", "lowered"),
    ("highest", "lowest"),
    ("rise", "fall"),
    ("declined", "rose"),
)
OPPOSITES: dict[str, frozenset[str]] = {}
for _a, _b in _OPPOSITES_EN:
    OPPOSITES.setdefault(_a, frozenset())
    OPPOSITES.setdefault(_b, frozenset())
    OPPOSITES[_a] = OPPOSITES[_a] | {_b}
    OPPOSITES[_b] = OPPOSITES[_b] | {_a}
OPPOSITES_ZH = (
    ("升高", "降低"),
    ("增加", "减少"),
    ("优于", "劣于"),
    ("延长", "缩短"),
    ("提高", "下降"),
)

# Which way a comparative says the first of two numbers goes: up or down (`better` and
# `improved` say nothing of the numbers: a lower rate of harm is better).
RISING = frozenset(
    [
        "higher",
        "increased",
        "increase",
        "increases",
        "more",
        "greater",
        "longer",
        "larger",
        "prolonged",
        "rose",
        "raised",
        "above",
        "maximum",
    ]
)
FALLING = frozenset(
    [
        "lower",
        "decreased",
        "decrease",
        "decreases",
        "fewer",
        "smaller",
        "shorter",
        "shortened",
        "fell",
        "lowered",
        "reduced",
        "below",
        "minimum",
    ]
)
# "(81% vs. 67%)": the two numbers a comparison gives, first and second
VERSUS = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)%?(?:[ \t][a-z]+)?[ \t]?(?:vs\.?|versus|compared with)[ \t]?"
    r"(\d+(?:\.\d+)?)(?![\d.])",
    re.I,
)

# Hedges: a source that says a thing may be so, or is associated with it.
HEDGES_EN = re.compile(
    r"\b(?:may|might|could|possibly|potentially|likely|suggest(?:s|ed|ing)?|appear(?:s|ed)?\s+to|"
    r"associated\s+with|association\s+(?:with|between)|correlated\s+with|linked\s+to|"
    r"trend(?:ed)?\s+toward(?:s)?|tended\s+to|"
    # a purpose or a plan, not a result: `tests were to confirm the assumptions`
    r"(?:is|are|was|were)\s+to(?=\s+(?:be\s+)?[a-z]{3,}))\b",
    re.I,
)
HEDGES_ZH = re.compile(r"可能|或许|提示|相关|趋势")
# A cause, or a definite effect, said outright.
CAUSES_EN = re.compile(
    r"\b(?:caus(?:e|es|ed|ing)|lead(?:s)?\s+to|led\s+to|result(?:s|ed)?\s+in|"
    r"prevent(?:s|ed)?|prove(?:s|d|n)?|demonstrat(?:es|ed)|establish(?:es|ed))\b",
    re.I,
)
CAUSES_ZH = re.compile(r"导致|引起|证明|证实")


@dataclass(frozen=True, slots=True)
class Word:
    text: str  # lower-cased word, normalised number, or the separator itself
    kind: str  # word | num | sep
    start: int


def number_value(text: str) -> str:
    """`1,277` → `1277`, `4.80` → `4.8`, `12.0` → `12`."""
    plain = text.replace(",", "")
    try:
        value = Decimal(plain)
    except InvalidOperation:
        return plain
    shown = format(value.normalize(), "f")
    return shown


@lru_cache(maxsize=4096)
def words(text: str) -> tuple[Word, ...]:
    """The words, numbers and separators of a text (kept for the texts that repeat: a
    claim is compared with its evidence several ways, and sources repeat across claims)."""
    out = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "sep"
        value = m.group(0)
        if kind == "num":
            value = number_value(value)
        elif kind == "word":
            value = value.lower().replace("’", "'")
        out.append(Word(value, kind, m.start()))
    return tuple(out)


def is_label(word: Word) -> bool:
    """A word that may say what a number is about: an arm, measure or population."""
    return word.kind == "word" and len(word.text) > 1 and word.text not in _FUNCTION_WORDS


def negations(text: str) -> int:
    return len(NEGATIONS_EN.findall(text)) + len(NEGATIONS_ZH.findall(text))


def directions(text: str) -> set[str]:
    """The comparative and change words a text says (lower-cased; zh as written)."""
    found = {w.text for w in words(text) if w.kind == "word" and w.text in OPPOSITES}
    found |= {w for pair in OPPOSITES_ZH for w in pair if w in text}
    return found


def direction_counts(text: str) -> dict[str, int]:
    """How often a text says each comparative or change word (English; lower-cased)."""
    counts: dict[str, int] = {}
    for w in words(text):
        if w.kind == "word" and w.text in OPPOSITES:
            counts[w.text] = counts.get(w.text, 0) + 1
    return counts


def opposite(word: str) -> frozenset[str]:
    if word in OPPOSITES:
        return OPPOSITES[word]
    for a, b in OPPOSITES_ZH:
        if word == a:
            return frozenset({b})
        if word == b:
            return frozenset({a})
    return frozenset()


def hedged(text: str) -> bool:
    return bool(HEDGES_EN.search(text) or HEDGES_ZH.search(text))


def causal(text: str) -> bool:
    return bool(CAUSES_EN.search(text) or CAUSES_ZH.search(text))
