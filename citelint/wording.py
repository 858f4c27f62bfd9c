"""How a claim words what its evidence says: negation (CL107), direction (CL108) and
strength (CL109). Each function compares one claim with its evidence sentence(s), found by
`citelint.relations`; the words are the grammar of `tokens/relations.py`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from citelint.tokens import relations as g

# words too common to tie a negation to what the other side says
_GLUE = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "or",
        "and",
        "in",
        "on",
        "at",
        "for",
        "with",
        "by",
        "from",
        "as",
        "than",
        "that",
        "be",
        "been",
        "is",
        "was",
        "were",
        "are",
    ]
)


def _anchored_negations(text: str, other: str) -> list[int]:
    """Where `text` negates something `other` also says (a word or number among the
    three after the negation), so a negation about something else does not count."""
    theirs = {_stem(w.text) for w in g.words(other) if w.text not in _GLUE}
    found = []
    for m in g.NEGATIONS_EN.finditer(text):
        after = []
        for w in g.words(text[m.end() : m.end() + 60])[:3]:
            if w.kind == "sep":
                break  # the negation's phrase ends there
            after.append(w)
        if any(_stem(w.text) in theirs for w in after if w.text not in _GLUE):
            found.append(m.start())
    for m in g.NEGATIONS_ZH.finditer(text):  # the two characters after it, a word
        following = text[m.end() : m.end() + 2]
        if len(following) == 2 and following in other:
            found.append(m.start())
    return sorted(found)


def _stem(word: str) -> str:
    """`differ` and `differed` alike: the first five letters of a longer word."""
    return word[:5] if len(word) > 5 and word.isalpha() else word


def polarity(claim: str, source: str) -> tuple[int, str] | None:
    said, stated = _anchored_negations(source, claim), _anchored_negations(claim, source)
    if len(stated) > len(said):
        return stated[len(said)], "adds"
    if len(said) > len(stated) and g.negations(claim) < g.negations(source):
        return 0, "drops"
    return None


def direction(claim: str, source: str) -> tuple[int, str, str] | None:
    """A word the claim says more often than its source while the source says its
    opposite more often than the claim: `lower` where the source has `higher`, also in a
    sentence that says both."""
    mine, theirs = g.direction_counts(claim), g.direction_counts(source)
    for word in g.words(claim):
        if word.kind != "word" or mine.get(word.text, 0) <= theirs.get(word.text, 0):
            continue
        flipped = sorted(o for o in g.opposite(word.text) if theirs.get(o, 0) > mine.get(o, 0))
        if flipped:
            return word.start, word.text, flipped[0]
    for a, b in g.OPPOSITES_ZH:  # zh words are runs of characters, counted in place
        for one, other in ((a, b), (b, a)):
            if claim.count(one) > source.count(one) and source.count(other) > claim.count(other):
                return claim.index(one), one, other
    return _against_its_numbers(claim, theirs)


def _against_its_numbers(claim: str, said: Mapping[str, int]) -> tuple[int, str, str] | None:
    """A comparative the claim's own two numbers contradict: "lower with A (81% vs.
    67%)" — the first figure is A's, and it is the higher. A word the source says too is
    the source's way of putting it, not the claim's error."""
    for word in g.words(claim):
        if word.kind != "word" or word.text not in g.RISING | g.FALLING:
            continue
        if word.text in said:
            return None
        pair = g.VERSUS.search(claim, word.start)
        if pair is None:
            return None
        first, second = float(pair.group(1)), float(pair.group(2))
        rising = word.text in g.RISING
        if (rising and first < second) or (not rising and first > second):
            return word.start, word.text, f"{pair.group(1)} vs. {pair.group(2)}"
        return None
    return None


def overclaim(claim: str, source: str) -> str:
    """A hedge of the source the claim drops (it says the hedge less often), when the
    claim states a cause, or — for a modal hedge (`may`, `suggests`, `trend toward`) —
    the hedged verb outright. An association dropped without a cause is a paraphrase."""
    mine = [m.group(0).lower() for m in _hedges(claim)]
    for hedge in _hedges(source):
        said = hedge.group(0).lower()
        if said in mine:
            mine.remove(said)
            continue
        follows = [w.text for w in g.words(source[hedge.end() : hedge.end() + 40])]
        verb = next((w for w in follows if w not in ("have", "has", "be", "been", "to")), "")
        modal = not _ASSOCIATION.search(said)
        stated = modal and len(verb) > 2 and re.search(rf"\b{re.escape(verb[:5])}", claim, re.I)
        if g.causal(claim) or stated:
            return hedge.group(0)
    return ""


_ASSOCIATION = re.compile(r"associat|correlat|linked|相关")


def _hedges(text: str) -> list[re.Match[str]]:
    return [*g.HEDGES_EN.finditer(text), *g.HEDGES_ZH.finditer(text)]
