"""How a claim words what its evidence says: negation (CL107), direction (CL108) and
strength (CL109). Each function compares one claim with its evidence sentence(s), found by
`citelint.evidence.relations`; the words are the grammar of `tokens/relation_words.py`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from citelint.evidence.windows import sentences
from citelint.ground.tokens import relation_words as g

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


def _governed(text: str, end: int) -> set[str]:
    """The stems a negation ending at `end` governs: up to three words after it, to the
    end of its phrase."""
    after = []
    following = re.split(r"[.!?](?:\s|$)|\n", text[end : end + 60])[0]
    for w in g.words(following)[:3]:
        if w.kind == "sep":
            break  # the negation's phrase ends there
        after.append(w)
    return {_stem(w.text) for w in after if w.text not in _GLUE}


def _anchored_negations(text: str, other: str) -> list[int]:
    """Where `text` negates something `other` also says (a word or number among the
    three after the negation), so a negation about something else does not count."""
    theirs = {_stem(w.text) for w in g.words(other) if w.text not in _GLUE}
    found = []
    for m in g.NEGATIONS_EN.finditer(text):
        if _governed(text, m.end()) & theirs:
            found.append(m.start())
    for m in g.NEGATIONS_ZH.finditer(text):  # the two characters after it, a word
        following = text[m.end() : m.end() + 2]
        if len(following) == 2 and following in other:
            found.append(m.start())
    return sorted(found)


# A source word made negative by its prefix: `nondifficult`, `non-responders`, `unresectable`
_PREFIXED = re.compile(r"\b(?:non-?|un)([a-z]{4,})", re.I)
# Where a sentence's clauses part: `;`, `, while`, `, whereas`, `but`, `, and` before
# another subject
_CLAUSES = re.compile(
    r";|,?\s+(?:while|whereas|but)\s+|,\s+and\s+|\s+and\s+(?=only\b|\w+\s+\d)"
    r"|(?<=[a-z][.!?])\s+|\n+"  # a sentence of a window of several is a clause too
)


def prefixed(text: str) -> bool:
    """Whether the text holds a word negated by its prefix (`nondifficult`)."""
    return _PREFIXED.search(text) is not None


def _prefixed(source: str, claim: str) -> list[int]:
    """Source words negated by their prefix whose stem a negation of the claim governs."""
    governed = {
        _stem(w.text)
        for m in g.NEGATIONS_EN.finditer(claim)
        for w in g.words(claim[m.end() : m.end() + 60])[:3]
        if w.kind == "word" and w.text not in _GLUE
    }
    return [m.start() for m in _PREFIXED.finditer(source) if _stem(m.group(1).lower()) in governed]


def _stem(word: str) -> str:
    """`differ` and `differed` alike: the first five letters of a longer word."""
    return word[:5] if len(word) > 5 and word.isalpha() else word


def polarity(claim: str, source: str) -> tuple[int, str] | None:
    """A negation one side has and the other lacks, clause by clause: each clause of the
    claim is compared with the clause of the source that holds its numbers (or shares the
    most words with it), so a negation in another clause of the source does not count
    (`no athletes met X before matches and only 24% met it during them`). A term's own
    prefix is a negation said another way (`without difficult access` is `nondifficult
    access`)."""
    sources = _parts(source)
    for begin, part in _parts(claim):
        matched = _match(part, sources)
        found = _polarity(part, matched, source)
        if found is not None:
            at, how = found
            return (begin + at if how == "adds" else 0), how
    return (0, "drops") if _prefix_dropped(source, claim) else None


def _polarity(claim: str, source: str, sentence: str) -> tuple[int, str] | None:
    """`source` is the clause the claim speaks of, `sentence` all of it: a negation of
    the claim is tied to what the whole sentence says, the source's only to its clause."""
    said, stated = _anchored_negations(source, claim), _anchored_negations(claim, sentence)
    said += _prefixed(source, claim)
    if len(stated) > len(said):
        # a clause matched by its words alone, not its numbers, may be the wrong one: a
        # negation the source says of the same words in another sentence is said (`banned
        # donations because the city could not assess …`: `can't assess` is the source's
        # second sentence, the ban its first). A clause with numbers found its own.
        if any(w.kind == "num" for w in g.words(claim)):
            return stated[len(said)], "adds"
        unsaid = [at for at in stated if not _said_elsewhere(claim, at, sentence)]
        return (unsaid[0], "adds") if unsaid else None
    if len(said) > len(stated) and g.negations(claim) < g.negations(source):
        return 0, "drops"
    return None


def _said_elsewhere(claim: str, at: int, source: str) -> bool:
    """Whether a sentence of the source negates what the claim's negation at `at` does,
    and is about the claim's subject (three more of its words): `could not assess the
    salt` in a claim that also names the ban, the donations and the shelters; `(data not
    shown)` beside another finding is not."""
    m = g.NEGATIONS_EN.match(claim, at)
    if m is None:
        return False
    governed = _governed(claim, m.end())
    mine = {_stem(w.text) for w in g.words(claim) if w.kind == "word" and w.text not in _GLUE}
    for b, e in sentences(source):
        text = source[b:e]
        for n in g.NEGATIONS_EN.finditer(text):
            if not _governed(text, n.end()) & governed:
                continue
            words = {_stem(w.text) for w in g.words(text) if w.kind == "word"}
            if len((words & mine) - governed) >= _SAME_SUBJECT:
                return True
    return False


_SAME_SUBJECT = 3


def _prefix_dropped(source: str, claim: str) -> bool:
    """The source says `nondifficult access`, the claim `difficult access` with no
    negation of its own: the prefix's negation is dropped."""
    if g.negations(claim):
        return False
    words = {_stem(w.text) for w in g.words(claim) if w.kind == "word"}
    mine = {_stem(m.group(1).lower()) for m in _PREFIXED.finditer(claim)}  # said alike
    return any(
        stem in words and stem not in mine
        for stem in (_stem(m.group(1).lower()) for m in _PREFIXED.finditer(source))
    )


def _parts(text: str) -> list[tuple[int, str]]:
    """(offset, clause) of each clause of a sentence."""
    out, start = [], 0
    for m in _CLAUSES.finditer(text):
        if m.start() > start:
            out.append((start, text[start : m.start()]))
        start = m.end()
    out.append((start, text[start:]))
    return [(b, t) for b, t in out if t.strip()] or [(0, text)]


def _match(part: str, sources: list[tuple[int, str]]) -> str:
    """The source clause a claim clause speaks of: the one holding its numbers, else the
    one sharing most of its words; the whole source when no clause stands out."""
    if len(sources) == 1:
        return sources[0][1]
    numbers = {w.text for w in g.words(part) if w.kind == "num"}
    if numbers:
        held = [t for _, t in sources if numbers & {w.text for w in g.words(t) if w.kind == "num"}]
        if held:
            return " ".join(held)
    mine = {_stem(w.text) for w in g.words(part) if w.kind == "word" and w.text not in _GLUE}
    shared = [len(mine & {_stem(w.text) for w in g.words(t)}) for _, t in sources]
    best = max(shared)
    return sources[shared.index(best)][1] if best else " ".join(t for _, t in sources)


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
    return [
        *(m for m in g.HEDGES_EN.finditer(text) if not _TERM.match(text, m.end())),
        *g.HEDGES_ZH.finditer(text),
    ]


# `likely pathogenic`, `possible carrier`: a hedge word that names a class with the
# adjective or noun it stands before, not a hedge of what the sentence says
_TERM = re.compile(r"\s+(?:[a-z]+(?:ic|al|ous|ive|ant|ent|ign)\b|carriers?\b)(?!\s+(?:to|that)\b)")
