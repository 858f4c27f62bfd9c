"""The evidence window of a claim: where in its cited spans a claim is checked — the one
home of what a window is, read by the relation checks, the verdicts, the judge, the
repair hints and the HTML view.

A window is a run of at most three consecutive sentences of one cited span that holds
the claim's **values** — its numbers, a year or a bare small count that only dates or
numbers something never finding a window on its own — **and** its words: at least
`NUMERIC_FLOOR` of the claim's content words for a claim with values, `MIN_COVERAGE`
for a claim without (words compared by their first five letters). Among the runs that
hold the values, the one holding most of the words wins, the smaller on a tie. A
number alone never finds a window: "Dated: January 9, 2024" holds the 2024 of a claim
and none of its words. A claim with no window is unchecked, and `why_none` says why:
no run holds its values, a run does but holds only so much of its words, or only a year
matched. A claim's abbreviation (`PFS`, two to six capitals) is held where the first
letters of a window's words spell it (`progression-free survival`).

Windows come from a page's body only: a dateline (`Dated:`, `Published:`, `Accessed`),
an arXiv header, and everything after a `References` or `Bibliography` heading hold
nothing, so they never find nor carry one.

A value moved to a claim from another sentence is `moves.py`'s (CL106).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from citelint.ground.tokens import relation_words as g
from citelint.sources.model import Span

MAX_WINDOW = 3  # sentences an evidence run may span

MAX_SENTENCES = 200  # sentences holding a claim's rarest number that are looked around

# the stop first: tested at every position of a span, the one cheap look-behind fails at
# most of them before the four abbreviations are tried (same matches, a third of the time)
_SENTENCE_END = re.compile(
    r"(?<=[.!?])(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bet al\.)\s+|(?<=[。！？])|\n+"
)


@dataclass(frozen=True, slots=True)
class Evidence:
    text: str  # the supporting sentence(s), as the source has them
    span: Span


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of a span's text."""
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


@dataclass(frozen=True, slots=True)
class _Indexed:
    bounds: tuple[tuple[int, int], ...]
    values: tuple[frozenset[str], ...]  # the numbers of each sentence
    where: dict[str, tuple[int, ...]]  # a number → the sentences that hold it
    stems: tuple[frozenset[str], ...]  # each sentence's content words by their stems
    worded: dict[str, tuple[int, ...]]  # a stem → the sentences that hold it
    initials: tuple[str, ...]  # each sentence's content words by their first letters


@lru_cache(maxsize=64)
def indexed(text: str) -> _Indexed:
    """A span's sentences with their numbers and words, read once per distinct text
    (spans repeat across claims and reports): each claim then costs a look-up."""
    bounds = tuple(sentences(text))
    values, stems, initials = [], [], []
    back_matter = False
    for b, e in bounds:
        piece = text[b:e]
        back_matter = back_matter or bool(_BACK_MATTER.match(piece))
        if back_matter or _NOT_BODY.search(piece):
            piece = ""  # holds nothing: it never finds nor carries a window
        tokens = g.words(piece)
        values.append(frozenset(w.text for w in tokens if w.kind == "num"))
        stems.append(frozenset(_stem(w.text) for w in tokens if g.is_label(w)))
        initials.append(_initials(tokens))
    return _Indexed(
        bounds, tuple(values), _where(values), tuple(stems), _where(stems), tuple(initials)
    )


# A heading after which a page is its references, never its body (`References`, `Works
# cited`): every sentence from it on is left out of windows
_BACK_MATTER = re.compile(
    r"^\W*(?:references?|bibliography|works\s+cited|literature\s+cited|citations)\W*$", re.I
)
# A dateline, an access note or an arXiv header: a page's furniture, not what it says
_NOT_BODY = re.compile(
    r"^\W*(?:dated|published|posted|updated|last\s+(?:updated|modified|reviewed)|accessed|"
    r"retrieved|received|accepted)(?:\s+on)?\s*(?::|\d|(?:jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)[a-z]*\b)"
    r"|\barXiv:\d{4}\.\d{4,5}(?:v\d+)?\b",
    re.I,
)


def _initials(tokens: Sequence[g.Word]) -> str:
    """The first letters of a sentence's content words, each part of a hyphenated word
    its own (`progression-free survival` → `pfs`), for the claim's abbreviations."""
    parts = (p for w in tokens if g.is_label(w) for p in w.text.split("-"))
    return "".join(p[0] for p in parts if p[:1].isalpha())


def acronyms(claim: str, tokens: Sequence[g.Word]) -> frozenset[str]:
    """The claim's abbreviations (`PFS`, `OS`): two to six capitals, by stem."""
    return frozenset(
        _stem(w.text)
        for w in tokens
        if g.is_label(w)
        and 2 <= len(w.text) <= 6
        and w.text.isalpha()
        and claim[w.start : w.start + len(w.text)].isupper()
    )


def _held(
    words: AbstractSet[str],
    acronyms: AbstractSet[str],
    index: _Indexed,
    i: int,
    j: int,
) -> tuple[int, frozenset[str]]:
    """How many of a claim's words sentences i..j hold, an abbreviation held when their
    words' first letters spell it; and the stems they hold."""
    said: frozenset[str] = frozenset().union(*index.stems[i : j + 1])
    spelled = sum(
        1 for a in (acronyms & words) - said if any(a in index.initials[k] for k in range(i, j + 1))
    )
    return len(words & said) + spelled, said


def _where(held: Sequence[frozenset[str]]) -> dict[str, tuple[int, ...]]:
    """Each item → the sentences that hold it, in order."""
    out: dict[str, list[int]] = {}
    for i, items in enumerate(held):
        for item in items:
            out.setdefault(item, []).append(i)
    return {k: tuple(v) for k, v in out.items()}


NUMERIC_FLOOR = 0.5  # of a claim's content words a window must hold besides its values
MIN_COVERAGE = 0.75  # of a claim's content words a window must hold when it has no value
MIN_WORDS = 3  # content words a claim with no value needs before a window is looked for
_YEAR = re.compile(r"(?:1[89]|20)\d\d")


def values(tokens: Sequence[g.Word]) -> set[str]:
    """The numbers of a claim that can find a window: not a year (`in 2019`, `(2023)`)."""
    return {w.text for w in tokens if w.kind == "num" and not _YEAR.fullmatch(w.text)}


def find_evidence(claim: str, spans: Sequence[Span]) -> Evidence | None:
    """The claim's window: the run of at most three sentences of one span that holds all
    its values and the most of its words (at least `NUMERIC_FLOOR` of them); for a claim
    with no value, the run holding most of its words (at least `MIN_COVERAGE`)."""
    tokens = g.words(claim)
    wanted = values(tokens)
    spelled = acronyms(claim, tokens)
    if not wanted:
        return worded(tokens, spans, acronyms=spelled)
    found = _numbered(tokens, wanted, spans, spelled)
    return found[0] if found is not None and found[1] >= NUMERIC_FLOOR else None


def _numbered(
    tokens: Sequence[g.Word],
    wanted: set[str],
    spans: Sequence[Span],
    acronyms: frozenset[str] = frozenset(),
) -> tuple[Evidence, float] | None:
    """The run holding every value with the largest share of the claim's words, and that
    share; looked for only around the sentences holding the claim's rarest value."""
    words = {_stem(w.text) for w in tokens if g.is_label(w)}
    best: tuple[float, int, str, Span] | None = None
    for span in spans:
        index = indexed(span.text)
        if any(value not in index.where for value in wanted):
            continue
        rarest = min(wanted, key=lambda value: len(index.where[value]))
        for at in index.where[rarest][:MAX_SENTENCES]:
            for size in range(MAX_WINDOW):
                for i in range(max(0, at - size), at + 1):
                    j = i + size
                    if j >= len(index.bounds):
                        continue
                    held = frozenset().union(*index.values[i : j + 1])
                    if not wanted <= held:
                        continue
                    count, _ = _held(words, acronyms, index, i, j)
                    share = count / len(words) if words else 1.0
                    if best is None or (share, -size) > (best[0], best[1]):
                        piece = span.text[index.bounds[i][0] : index.bounds[j][1]]
                        best = (share, -size, piece, span)
    return (Evidence(best[2], best[3]), best[0]) if best is not None else None


def why_none(claim: str, spans: Sequence[Span]) -> str:
    """Why a claim has no window, for the unchecked verdict's reason."""
    tokens = g.words(claim)
    wanted = values(tokens)
    if not wanted:
        years = [w.text for w in tokens if w.kind == "num"]
        words = {_stem(w.text) for w in tokens if g.is_label(w)}
        if years and len(words) < MIN_WORDS:
            return f"only a year matched ({years[0]})"
        return "no window holds three quarters of its words"
    found = _numbered(tokens, wanted, spans, acronyms(claim, tokens))
    if found is None:
        return "no window holds its numbers"
    return f"the window that holds its numbers holds {round(100 * found[1])}% of its words"


def worded(
    tokens: Sequence[g.Word],
    spans: Sequence[Span],
    floor: float = MIN_COVERAGE,
    sizes: int = MAX_WINDOW,
    numbers: frozenset[str] = frozenset(),
    acronyms: frozenset[str] = frozenset(),
) -> Evidence | None:
    """The run of at most three sentences that holds most of a claim's content words
    (compared by their first five letters), when it holds at least `floor` of them; the
    smallest such run wins a tie. Given `numbers`, the one holding most of them wins a tie
    of words first."""
    wanted = {_stem(w.text) for w in tokens if g.is_label(w)}
    if len(wanted) < MIN_WORDS:
        return None
    best: tuple[bool, float, int, int, str, Span] | None = None
    for span in spans:
        index = indexed(span.text)
        # only runs that start near a sentence holding one of its words, at most
        # MAX_SENTENCES of them: a claim costs its words, not the length of the page
        near = sorted({i for w in wanted for i in index.worded.get(w, ())})[:MAX_SENTENCES]
        starts = sorted({max(0, i - size) for i in near for size in range(sizes)})
        for i in starts:
            given: set[str] = set()
            for size in range(sizes):
                if i + size >= len(index.stems):
                    break
                given |= index.values[i + size] & numbers
                share = _held(wanted, acronyms, index, i, i + size)[0] / len(wanted)
                score = (share >= floor, share, len(given), -size)
                if best is None or score > best[:4]:
                    piece = span.text[index.bounds[i][0] : index.bounds[i + size][1]]
                    best = (*score, piece, span)
    if best is None or not best[0]:
        return None
    return Evidence(best[4], best[5])


def said_whole(claim: str, window: str) -> bool:
    """Whether a window is one sentence holding every word of the claim."""
    return len(sentences(window)) == 1 and coverage(claim, window) == 100


@lru_cache(maxsize=4096)
def coverage(claim: str, window: str) -> int:
    """The share (0–100) of a claim's content words its window holds, by stem."""
    tokens = g.words(claim)
    wanted = {_stem(w.text) for w in tokens if g.is_label(w)}
    if not wanted:
        return 100
    # the window read here, never through `indexed`: its few cached pages are the spans'
    held = g.words(window)
    said = {_stem(w.text) for w in held if g.is_label(w)}
    spelled = (acronyms(claim, tokens) & wanted) - said
    count = len(wanted & said) + sum(1 for a in spelled if a in _initials(held))
    return round(100 * count / len(wanted))


def _stem(word: str) -> str:
    return word[:5] if len(word) > 5 and word.isalpha() else word
