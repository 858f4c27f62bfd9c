"""A structured record's values against the result groups and measures a claim says them of
(CL106): `21.19 in the placebo group` where the record measured 21.19 in `2.
Repaglinide`; `overall survival was 85.4` where 85.4 is another measure's.

A claim's number is a stated value only after a stating word (`was`, `of`, `to`…) or at
a clause's start; after any other word, or glued to a `-`, `^`, `/`, `≥` or a quote, it is
part of what it names (`FEV 1`, `Week 16`, `EASI-75`, `≥8`). Its measure is the clause
leading up to the clause's first stated value, matched against each field's title, class
and category (four fifths of its words, and every naming number); its group is what
`in`, `with`, `for`, `among` attach to it, up to `group` or `arm`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citelint.evidence.binding import GROUP_BEFORE, Moved
from citelint.ground.tokens import relation_words as g
from citelint.sources.model import NumberField


def grouped(claim: str, fields: Sequence[NumberField]) -> tuple[str, tuple[Moved, ...]] | None:
    """A value of a structured record said of another of its result groups, or of another
    of its measures: `21.19 in the placebo group` where the record measured 21.19 in `2.
    Repaglinide` and names `1 Placebo` another group; `overall survival was 85.4` where
    85.4 is the record's distant-recurrence-free survival and overall survival is 93.8.
    (what the record gives, the moved numbers), or None when the claim names no group or
    measure of the record beside its numbers."""
    titles = {f.group for f in fields if f.group}
    if len(titles) < 2:
        return None
    words = {t: {w.text for w in g.words(t) if g.is_label(w) or w.kind == "num"} for t in titles}
    tokens = g.words(claim)
    for i, word in enumerate(tokens):
        if word.kind != "num" or claim[max(0, word.start - 1) : word.start] in _NAMING:
            continue  # `m^2`, `/100`, `EASI-50`, `≥8`, `"0"`: part of a unit or a name
        if claim[word.start + len(word.text) : word.start + len(word.text) + 1] == "-":
            continue  # `4-Fold`: part of the measure's name
        if i and tokens[i - 1].kind == "word" and tokens[i - 1].text not in _STATING:
            continue  # `FEV 1 was`, `Week 16`: a number that names, not one stated
        if i + 1 < len(tokens) and (word.text, tokens[i + 1].text) in _named_pairs(tuple(fields)):
            continue  # `(2 hour glucose)`: a number the record's titles name with
        same = [f for f in fields if _same_value(f.value, word.text)]
        if not same:
            continue
        measured = _measure_stems(claim[: word.start])
        here = titles  # the groups of the claim's measure, where the record names it
        if measured:
            own = [f for f in same if _measures(measured, f.context)]
            # a group's measurements, never an analysis's statistics (p, CI, estimate)
            of_measure = [f for f in fields if f.group and _measures(measured, f.context)]
            other = sorted({f.value for f in of_measure} - {f.value for f in same})
            if not own and other:
                says = (
                    f"{word.text} is not what the record gives for this measure; it gives "
                    f"{' and '.join(other[:3])} there"
                )
                return f"{word.text}: another measure", (Moved(word.start, word.text, says),)
            same = own or same
            here = {f.group for f in of_measure if f.group} or titles
        mine = {f.group for f in same if f.group}
        near = _attached(tokens, i)
        named = {t for t in here if words[t] & near}
        if len(named) > 1:  # words all groups share (`qw`) tell none apart: the rest do
            others = {t: set().union(*(words[o] for o in named - {t})) for t in named}
            named = {t for t in named if (words[t] - others[t]) & near} or named
        if not mine or not named or named & mine:
            continue  # no group beside it, or its own
        own_groups = sorted(mine)
        says = (
            f"{word.text} is said of '{sorted(named)[0]}' here, but the record measured it "
            f"in '{own_groups[0]}'"
        )
        return f"{word.text}: {', '.join(own_groups)}", (Moved(word.start, word.text, says),)
    return None


# the words a stated value follows (`was 12`, `of 12`, `to 12`): after any other word a
# number is part of what it names (`FEV 1`, `week 16`)
_STATING = frozenset(
    {
        "was",
        "were",
        "is",
        "are",
        "of",
        "at",
        "to",
        "reached",
        "be",
        "been",
        "by",
        "from",
        "and",
        "or",
        "vs",
        "versus",
        "than",
        "about",
        "approximately",
        "nearly",
        "over",
        "under",
        "only",
        "just",
    }
)

_NAMING = frozenset("^/-≥≤<>\"“”'")  # a number right after one of these names or bounds


@lru_cache(maxsize=256)
def _named_pairs(fields: tuple[NumberField, ...]) -> frozenset[tuple[str, str]]:
    """Each number of the record's measure titles with the word after it (`2 hour`,
    `week 16`'s `16` and what follows): a claim's number written so names, as they do."""
    out: set[tuple[str, str]] = set()
    for context in {f.context for f in fields}:
        tokens = g.words(context)
        out.update(
            (w.text, tokens[k + 1].text)
            for k, w in enumerate(tokens[:-1])
            if w.kind == "num" and tokens[k + 1].kind == "word"
        )
    return frozenset(out)


def _measure_stems(before: str) -> frozenset[str]:
    """The content words of the clause that leads up to a value (`The Overall Survival
    (OS) was`), by stem, up to the clause's first stated value (`83.3% with dupilumab and`
    names no measure of the 83.7 after it)."""
    tokens = g.words(re.split(r"[.;]", before)[-1])
    out = set()
    for i, w in enumerate(tokens):
        if w.kind == "num" and (not i or tokens[i - 1].text in _STATING):
            break  # the clause's first stated value: what follows is another value's
        if g.is_label(w) or w.kind == "num":
            out.add(w.text[:5] if len(w.text) > 5 else w.text)
    return frozenset(out)


def _measures(measured: frozenset[str], context: str) -> bool:
    """Whether a field's context (its measure's title, class and category) says the
    claim's measure: at least four fifths of its words, and every number that names it
    (`Week 24`, `EASI-75`)."""
    said = {
        w.text[:5] if len(w.text) > 5 else w.text
        for w in g.words(context)
        if g.is_label(w) or w.kind == "num"
    }
    words = {m for m in measured if not m[:1].isdigit()}
    numbers = measured - words
    return numbers <= said and len(words & said) >= 0.8 * len(words)


def _attached(tokens: Sequence[g.Word], at: int) -> frozenset[str]:
    """The words a number is said of by `in`, `with`, `for`, `among` right after it (`21.19
    in the placebo group`), never the sentence's subject before it (`Demotinib extended
    PFS from 4.1 to 9.2 months` names the drug, and 4.1 is the comparator's)."""
    out: set[str] = set()
    j = at + 1
    while j < len(tokens) and j <= at + 4 and tokens[j].text not in GROUP_BEFORE:
        j += 1  # a unit of a few words (`months`, `percentage of participants`) first
    if j >= len(tokens) or tokens[j].text not in GROUP_BEFORE:
        return frozenset()
    for other in tokens[j + 1 : j + 10]:
        # a group's name runs to its `group` or `arm`, doses and labels in parentheses
        # included (`CZP 200 mg Q2W (FAS) group`), never past a clause's end
        if other.text in (",", ";", ":") or other.text in _GROUP_NOUNS:
            break
        if other.kind == "num" or (other.kind == "word" and other.text not in g.SEPARATORS):
            out.add(other.text)
    return frozenset(out)


_GROUP_NOUNS = frozenset({"group", "groups", "arm", "arms", "cohort", "cohorts"})


def _same_value(field: str, written: str) -> bool:
    try:
        return float(field.replace(",", "")) == float(written.replace(",", ""))
    except ValueError:
        return False
