"""What each number of a claim is said of, against its evidence (CL106).

**Binding.** Each number's phrase is the words between it and the nearest separator or
other number (`4.8 months with trametinib | vs | 1.5 with chemotherapy`); its labels are
the phrase's content words. A claim's number is moved when the words its claim phrase
shares with the evidence sit, in the evidence, in another number's phrase and never in
its own — also a single number whose words belong only to a number the claim does not
state (one arm's value given for the other), when the two have the same shape. A copied
sentence whose numbers are permuted in place is moved too. A claim that is its evidence
with one group word (after `in`, `with`, `among`, `than`…) swapped for another the record
names elsewhere is moved (`swapped_group`).

All of it is grammar (`tokens/relation_words.py`): the arms, measures and populations are the
evidence's own words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from citelint.evidence.windows import sentences
from citelint.ground.tokens import relation_words as g

_PHRASE_WORDS = 6  # words of a number's phrase on each side


@dataclass(frozen=True, slots=True)
class Moved:
    at: int  # where the claim states it
    number: str  # its value

    says: str  # what the source binds it, and the other number, to


GROUP_BEFORE = frozenset(["in", "with", "among", "than", "versus", "vs", "for", "on", "between"])


def swapped_group(claim: str, evidence: str, span: str) -> tuple[Moved, ...]:
    """The claim is the evidence sentence with one word after `in`, `with`, `among`,
    `than`… (an arm, comparator or population) replaced by another word the record names
    elsewhere, never in the evidence: `plasma T4 levels in pituitary sexes` where the
    source says `in both sexes` and speaks of the pituitary in another sentence. Each
    sentence of a longer window is the evidence in turn."""
    for b, e in sentences(evidence):
        found = _swapped(claim, evidence[b:e], span)
        if found:
            return found
    return ()


def _swapped(claim: str, evidence: str, span: str) -> tuple[Moved, ...]:
    c_tokens, s_tokens = g.words(claim), g.words(evidence)
    if len(c_tokens) != len(s_tokens):
        return ()  # one word for one word: the same length, or no swap
    pairs = zip(c_tokens, s_tokens, strict=True)
    differ = [i for i, (c, s) in enumerate(pairs) if c.text != s.text]
    if len(differ) != 1:
        return ()  # the evidence said again with exactly one word changed, or not this
    i1 = j1 = differ[0]
    if i1 == 0 or c_tokens[i1 - 1].text not in GROUP_BEFORE:
        return ()
    mine, theirs = c_tokens[i1], s_tokens[j1]
    if not (g.is_label(mine) and g.is_label(theirs)) or mine.text[:5] == theirs.text[:5]:
        return ()
    rest = span.replace(evidence, " ")
    if not re.search(rf"\b{re.escape(mine.text)}\b", rest, re.I):
        return ()  # a word of the writer's own, not another group of the record
    numbers = [w for w in c_tokens if w.kind == "num"]
    if not numbers:
        return ()
    says = (
        f"{numbers[0].text} is said of '{mine.text}' here, but the source gives it for "
        f"'{theirs.text}' (it names '{mine.text}' elsewhere)"
    )
    return (Moved(mine.start, numbers[0].text, says),)


def _telling(
    said: list[tuple[str, frozenset[str]]],
) -> tuple[dict[str, set[str]], set[str], dict[str, set[str]]]:
    """Each label's values, the labels that stand beside one value only (they say which
    number is which), and each value's own such labels."""
    values_of: dict[str, set[str]] = {}
    for value, labels in said:
        for label in labels:
            values_of.setdefault(label, set()).add(value)
    telling = {label for label, values in values_of.items() if len(values) == 1}
    own: dict[str, set[str]] = {}
    for value, labels in said:
        own.setdefault(value, set()).update(labels & telling)
    return values_of, telling, own


def _sentence_words(source: str) -> dict[str, list[tuple[set[str], set[str]]]]:
    """For each number of the source, each sentence holding it: the sentence's numbers and
    words (`The longest field goal in recorded football history was 69 yards`: 69 is said
    of the field goal, seven words before it)."""
    out: dict[str, list[tuple[set[str], set[str]]]] = {}
    for b, e in sentences(source):
        tokens = g.words(source[b:e])
        numbers = {w.text for w in tokens if w.kind == "num"}
        words = {w.text for w in tokens if w.kind != "num"}
        for n in numbers:
            out.setdefault(n, []).append((numbers, words))
    return out


@lru_cache(maxsize=1024)
def _phrases(tokens: tuple[g.Word, ...]) -> list[tuple[g.Word, frozenset[str]]]:
    """Each number with the labels of its phrase (kept: evidence sentences repeat)."""
    return [
        (word, frozenset(w.text for w in _phrase(tokens, i) if g.is_label(w)))
        for i, word in enumerate(tokens)
        if word.kind == "num"
    ]


def _phrase(tokens: Sequence[g.Word], at: int, limit: int = _PHRASE_WORDS) -> list[g.Word]:
    """The words of the number at `at`'s phrase: up to `limit` on each side, to the
    nearest separator or other number."""
    out = []
    for step in (-1, 1):
        j, taken = at + step, 0
        while 0 <= j < len(tokens) and taken < limit:
            other = tokens[j]
            if other.kind in ("num", "sep") or other.text in g.SEPARATORS:
                break
            out.append(other)
            j, taken = j + step, taken + 1
    return out


def moved(claim: str, source: str) -> tuple[Moved, ...]:
    c_tokens, s_tokens = g.words(claim), g.words(source)
    values_of, telling, own = _telling([(w.text, labels) for w, labels in _phrases(s_tokens)])
    after = {w.text: _after(s_tokens, i) for i, w in enumerate(s_tokens) if w.kind == "num"}
    out: dict[str, Moved] = {}
    claimed = _phrases(c_tokens)
    said_in_claim = {w.text for w in c_tokens if g.is_label(w)}
    stated = {w.text for w, _ in claimed}
    said_with = _sentence_words(source)
    for word, labels in claimed:
        value, shared = word.text, labels & telling
        if not shared or not own.get(value) or shared & own[value]:
            continue  # nothing tells, or its own words are beside it
        if any(
            shared <= words and not {v for label in shared for v in values_of[label]} & numbers
            for numbers, words in said_with.get(value, ())
        ):
            continue  # its sentence names them, of no other number: farther than a phrase
        said_of = frozenset(label for label in shared if values_of[label] & stated)
        if not said_of:
            # its words belong only to numbers the claim does not state: one arm's value
            # given for another (`1.5 months in the trametinib group` where the source
            # gives 4.8 for trametinib and 1.5 for chemotherapy) — unless the claim names
            # the value's own words anywhere (then it is compressed, not moved)
            if own[value] & said_in_claim:
                continue
            # only a number of the same shape (the same word after it: `4.8 months` and
            # `1.5 months`), never `0.1 IU/ml` taken for a `4-fold` increase
            alike = {v for label in shared for v in values_of[label] if after[v] == after[value]}
            if not alike:
                continue
            others = " and ".join(sorted(alike))
            says = (
                f"{value} is said of {_show(shared)} here, but the source gives {others} for "
                f"{_show(shared)} and {value} for {_show(own[value])}"
            )
            out.setdefault(value, Moved(word.start, value, says))
            continue
        shared = said_of
        bound_elsewhere = any(own[value] & ls for w, ls in claimed if w.text != value)
        if own[value] & said_in_claim and not bound_elsewhere:
            continue  # its own words are in the claim, beside no other number: unsure
        elsewhere = " and ".join(sorted({v for label in shared for v in values_of[label]} & stated))
        says = (
            f"{value} is said of {_show(shared)} here, but the source gives {elsewhere} for "
            f"{_show(shared)} and {value} for {_show(own[value])}"
        )
        out.setdefault(value, Moved(word.start, value, says))
    bound = {w.start: _stems(labels) for w, labels in claimed}
    for word, other in _permuted(c_tokens, s_tokens):
        mine = _stems(own.get(word.text, set()))
        if bound.get(word.start, set()) & mine:
            continue  # its own words are beside it (`resistance` for `resistant`)
        says = f"{word.text} stands where the source's sentence has {other}"
        out.setdefault(word.text, Moved(word.start, word.text, says))
    return tuple(sorted(out.values(), key=lambda m: m.at))


def _permuted(claim: Sequence[g.Word], source: Sequence[g.Word]) -> list[tuple[g.Word, str]]:
    """Numbers of a copied sentence that trade places: aligned word for word (a number
    is a placeholder), the claim has another of the source's numbers where the source
    has this one."""
    a = ["#" if w.kind == "num" else w.text for w in claim]
    b = ["#" if w.kind == "num" else w.text for w in source]
    values = {w.text for w in source if w.kind == "num"}
    claimed = {w.text for w in claim if w.kind == "num"}
    out = []
    for tag, i1, i2, j1, _ in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal" or i2 - i1 < 3:
            continue
        if sum(1 for w in claim[i1:i2] if w.kind == "word" and w.text.isalnum()) < 2:
            continue  # `( 67 ) ,` alike is punctuation, not a sentence said the same way
        for k in range(1, i2 - i1 - 1):  # the same words on both sides of it
            c, s = claim[i1 + k], source[j1 + k]
            if c.kind == "num" and c.text != s.text and c.text in values and s.text in claimed:
                following = _next_label(claim, i1 + k)
                if following is None or following < i2:  # what it is said of, the same
                    out.append((c, s.text))
    return out


def _after(tokens: Sequence[g.Word], at: int) -> str:
    """The word right after a number: its unit or what it counts, as a shape."""
    return tokens[at + 1].text if at + 1 < len(tokens) and tokens[at + 1].kind == "word" else ""


def _next_label(tokens: Sequence[g.Word], at: int) -> int | None:
    """The index of the first label after a number, before the next number."""
    for i in range(at + 1, len(tokens)):
        if tokens[i].kind == "num":
            return None
        if g.is_label(tokens[i]):
            return i
    return None


def _stems(labels: AbstractSet[str]) -> set[str]:
    """Words alike by their first five letters (`resistance`, `resistant`)."""
    return {w[:5] if len(w) > 5 and w.isalpha() else w for w in labels}


def _show(labels: AbstractSet[str]) -> str:
    return "'" + ", ".join(sorted(labels)) + "'"


def moved_measure(claim: str, evidence: str, span: str) -> tuple[Moved, ...]:
    """A number said of a measure its window never names, which the record gives other
    numbers elsewhere: `Median overall survival was 4.8 months` where the window gives
    4.8 for progression-free survival and the record's `overall survival` is 81% and 67%."""
    tokens = g.words(claim)
    window = {w.text for w in g.words(evidence)}
    asked = []  # (number, the measure words beside it that the window lacks)
    for i, word in enumerate(tokens):
        if word.kind == "num":
            near = _near(tokens, i, 3)
            labels = {w for w in near if w in _MEASURES or w.endswith("-free")}
            missing = sorted(w for w in labels - window if len(w) >= 5)
            if missing:
                asked.append((word, missing))
    if not asked:
        return ()  # most claims: no measure word, or the window's own
    said = {w.text: labels for w, labels in _phrases(g.words(evidence))}
    claim_words = {w.text for w in tokens}
    elsewhere = _elsewhere(span, evidence)
    for word, missing in asked:
        own = said.get(word.text, frozenset()) - claim_words
        if not own:
            continue  # what the window says it of is in the claim too
        for label in missing:
            others = sorted({w for w, ls in elsewhere if label in ls and w != word.text})
            if others:
                says = (
                    f"{word.text} is said of '{label}' here, but the source gives "
                    f"{word.text} for {_show(own)} and {' and '.join(others[:3])} for '{label}'"
                )
                return (Moved(word.start, word.text, says),)
    return ()


@lru_cache(maxsize=256)
def _elsewhere(span: str, evidence: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each number of the span outside the window with the words of its phrase."""
    rest = g.words(span.replace(evidence, " "))
    return tuple((w.text, _near(rest, i)) for i, w in enumerate(rest) if w.kind == "num")


# Words that make one measure another when put before a shared noun: `overall` or
# `progression-free` survival, `complete` or `partial` response (grammar of outcome
# names, not a list of outcomes)
_MEASURES = frozenset(
    [
        "overall",
        "progression-free",
        "disease-free",
        "event-free",
        "recurrence-free",
        "complete",
        "partial",
        "objective",
        "median",
        "mean",
    ]
)


def _near(tokens: Sequence[g.Word], at: int, limit: int = _PHRASE_WORDS) -> frozenset[str]:
    """The words of a number's phrase, labels or not (`overall` in `overall survival`)."""
    return frozenset(
        w.text
        for w in _phrase(tokens, at, limit)
        if w.kind == "word" and w.text.replace("-", "").isalpha()
    )
