"""Lexical support: how much of a cited statement its best evidence window says (CL111).

A statement's **terms** are its content words, stemmed (the first five letters of a
longer word), function words out; Chinese text by character bigrams. Each term weighs
what it tells in the cited source: its inverse sentence frequency there, so a word on
every line of the page (the company's name) weighs little, and a word the page never
says weighs most. The **window** is the run of one to three consecutive source
sentences that holds the largest weighted share of the statement's terms; that share is
the statement's **coverage**. A number the statement states (a year aside) that the
window does not hold halves it: the statement's own figure is not there.

Only grammar here — stop words, a stem by length, bigrams for scripts without spaces —
never a list of things: what counts is the cited source's own words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citelint.evidence.windows import MAX_SENTENCES, MAX_WINDOW, sentences

MIN_TERMS = 4  # a statement with fewer content terms says too little to measure
SCRIPT_SHARE = 0.2  # of a page's terms in a script for the page to write in it
_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]*|\d+(?:[.,]\d+)*|[\u3400-\u4dbf\u4e00-\u9fff]+")
_YEAR = re.compile(r"(?:1[89]|20)\d\d")
_STOP_WORDS = """a about above after again against all almost along also although am among an and
    another any are around as at be because been before being below between both but by
    can could did do does done during each either etc even ever every few for from further
    had has have having he her here hers him his how however i if in into is it its itself
    just least less many may might more most much must my neither no nor not of off often
    on once one only onto or other others otherwise our ours out over own per rather same
    several she should since so some such than that the their theirs them then there these
    they this those though through thus to too toward towards under until up upon us very
    via was we well were what when where whereas whether which while who whom whose why
    will with within without would yet you your"""
_STOP = frozenset(_STOP_WORDS.split())


@dataclass(frozen=True, slots=True)
class Terms:
    """What a text says, as measured: its content terms and its non-year numbers."""

    words: frozenset[str]
    numbers: frozenset[str]


@lru_cache(maxsize=4096)
def terms(text: str) -> Terms:
    """A text's terms (kept for the sentences that repeat: a statement is measured by
    CL111, counted by the verdicts and shown by the audit)."""
    words: set[str] = set()
    numbers: set[str] = set()
    for token in _WORD.findall(text):
        first = token[0]
        if first.isdigit():
            value = token.replace(",", "")
            if not _YEAR.fullmatch(value):
                numbers.add(value.rstrip("0").rstrip(".") if "." in value else value)
        elif first.isascii():
            word = token.lower()
            if "'" in word or "’" in word:
                word = word.replace("’", "'").removesuffix("'s").strip("'")
            if "-" in word:  # `first-line`: itself, `first` and `line`
                word = word.strip("-")
                for part in word.split("-"):
                    if len(part) > 1 and part not in _STOP:
                        words.add(part[:5])
            if len(word) > 1 and word not in _STOP:
                words.add(word[:5])
        elif len(token) == 1:
            words.add(token)
        else:  # a run of Chinese characters: its bigrams
            words.update(token[i : i + 2] for i in range(len(token) - 1))
    return Terms(frozenset(words), frozenset(numbers))


@dataclass(frozen=True, slots=True)
class Page:
    """A source text's sentences and their terms: read once per span and run (the span
    index keeps it, `evidence.py`), then each statement citing it costs a look-up."""

    text: str
    bounds: tuple[tuple[int, int], ...]
    held: tuple[Terms, ...]  # each sentence's terms
    where: dict[str, tuple[int, ...]]  # a term → the sentences that hold it
    latin: bool  # it has words in Latin script
    other: bool  # and in another (Chinese)
    numbers: frozenset[str]  # every non-year number it states


def page(text: str) -> Page:
    bounds = tuple(sentences(text))
    held = tuple(terms(text[b:e]) for b, e in bounds)
    where: dict[str, list[int]] = {}
    for i, sentence in enumerate(held):
        for term in sentence.words:
            where.setdefault(term, []).append(i)
    # a page writes in a script when at least a fifth of its terms are in it: an English
    # page quoting one Chinese name, or a Chinese one with `mg` and `PFS`, does not
    latin_terms = sum(1 for t in where if _latin(t))
    latin = latin_terms >= SCRIPT_SHARE * len(where)
    other = len(where) - latin_terms >= SCRIPT_SHARE * len(where)
    numbers = frozenset().union(*(h.numbers for h in held))
    return Page(text, bounds, held, {k: tuple(v) for k, v in where.items()}, latin, other, numbers)


@dataclass(frozen=True, slots=True)
class Window:
    """A statement's best evidence window in one source text."""

    text: str  # the window, as the source has it
    source: int  # which of the cited texts it is in
    held: Terms  # the statement's terms it holds


@dataclass(frozen=True, slots=True)
class Support:
    """How much of a statement its cited sources' best windows say."""

    coverage: float  # 0–1
    windows: tuple[Window, ...]  # the best window of each source that shares a term
    missing_number: bool  # a number of the statement no window holds

    @property
    def main(self) -> Window | None:
        """The window that holds most of the statement's words: the one to show."""
        return max(self.windows, key=lambda w: len(w.held.words), default=None)


def _latin(term: str) -> bool:
    return term[0].isascii()


def weight(df: int, sentences_in_page: int) -> float:
    """A term's weight in a page of n sentences, df of which hold it: rarer weighs more,
    and a term the page never says weighs most."""
    return math.log((sentences_in_page + 1) / (df + 0.5))


def _measured(statement: str, sources: Sequence[Page]) -> Terms | None:
    """The statement's terms, or None when they cannot be compared with its sources:
    fewer than `MIN_TERMS`, or words in a script the sources do not write in. A lexical
    check does not translate: a Chinese statement citing an English abstract, even with
    `PFS` and `HR` in it, is not measured."""
    said = terms(statement)
    if len(said.words) < MIN_TERMS:
        return None
    latin = any(p.latin for p in sources)
    other = any(p.other for p in sources)
    if any(not (latin if _latin(t) else other) for t in said.words):
        return None
    return said


def covered_by(statement: str, source: Page, window: str) -> float | None:
    """The coverage of a statement by a given window of one source (the run of
    sentences holding its numbers, `relations.py`): the best window covers at least as
    much, so a statement this window covers well needs no search."""
    said = _measured(statement, [source])
    if said is None or not source.bounds:
        return None
    held = terms(window)
    n = len(source.bounds)
    weights = {t: weight(len(source.where.get(t, ())), n) for t in said.words}
    share = math.fsum(weights[t] for t in said.words & held.words) / math.fsum(weights.values())
    return share if said.numbers <= held.numbers else share / 2


def support(statement: str, sources: Sequence[Page]) -> Support | None:
    """The coverage of a statement by the best window of each cited source (a statement
    citing two sources may take half its words from each); None when the statement has
    fewer than `MIN_TERMS` terms (too little to measure) or no source has a sentence."""
    said = _measured(statement, sources)
    if said is None:
        return None
    windows: list[Window] = []
    weights: dict[str, float] = dict.fromkeys(said.words, 0.0)
    pages = 0
    for n, source in enumerate(sources):
        if not source.bounds:
            continue
        pages += 1
        mine = {t: weight(len(source.where.get(t, ())), len(source.bounds)) for t in said.words}
        for t, w in mine.items():
            weights[t] += w
        window = _best(said, source, mine, n)
        if window is not None:
            windows.append(window)
    if not pages:
        return None
    words = frozenset().union(*(w.held.words for w in windows))
    numbers = frozenset().union(*(w.held.numbers for w in windows))
    share = math.fsum(weights[t] for t in words) / math.fsum(weights.values())
    missing = not said.numbers <= numbers
    return Support(share / 2 if missing else share, tuple(windows), missing)


def _best(said: Terms, page: Page, weights: dict[str, float], n: int) -> Window | None:
    """The run of one to three sentences of a page holding the most weight of the
    statement's terms, halved when it lacks one of its numbers (more of them breaks a
    tie). Runs are looked for only near the
    sentences holding one of its terms said in at most `MAX_SENTENCES` sentences (else
    near those of its rarest): a statement costs its words, never the page's length."""
    rare = [t for t in said.words if 0 < len(page.where.get(t, ())) <= MAX_SENTENCES]
    if rare:
        near = sorted({i for t in rare for i in page.where[t]})[:MAX_SENTENCES]
    else:
        common = [t for t in said.words if t in page.where]
        if not common:
            return None
        rarest = min(common, key=lambda t: (len(page.where[t]), t))  # a tie: by the term
        near = list(page.where[rarest][:MAX_SENTENCES])
    hits: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    best: tuple[float, int, int, int] | None = None
    # a run starting or ending on a sentence with none of its terms scores no more than
    # the run without that sentence: every run worth scoring starts at one of `near`
    for i in near:
        words: set[str] = set()
        numbers: set[str] = set()
        score = 0.0
        for k in range(i, min(i + MAX_WINDOW, len(page.bounds))):
            if k not in hits:
                held = page.held[k]
                hits[k] = (said.words & held.words, said.numbers & held.numbers)
            for t in sorted(hits[k][0] - words):  # one order: the float sum is the same
                score += weights[t]
            words |= hits[k][0]
            numbers |= hits[k][1]
            worth = score if said.numbers <= numbers else score / 2
            if best is None or (worth, len(numbers)) > (best[0], best[1]):
                best = (worth, len(numbers), i, k)
    assert best is not None  # `near` holds a sentence
    i, j = best[2], best[3]
    inside = Terms(
        frozenset().union(*(hits[k][0] for k in range(i, j + 1))),
        frozenset().union(*(hits[k][1] for k in range(i, j + 1))),
    )
    return Window(page.text[page.bounds[i][0] : page.bounds[j][1]], n, inside)
