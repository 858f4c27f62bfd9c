"""What a claim's numbers and words are said about, against the source sentence that
supports it (CL106–CL109).

**Evidence.** The cited span is split into sentences; the evidence is the smallest run of
at most three consecutive sentences that holds every number of the claim (the one
sharing most words with the claim when several do). A claim with no number, or whose
numbers no such run holds, is not checked: an abstention, counted, never a pass or a
finding.

**Binding (CL106)** is `binding.py`'s: what each number is said of.

**Polarity (CL107).** A negation that governs words both sides share ("did not improve
PFS") stands in one and not the other.

**Direction (CL108).** A comparative or change word in the claim whose opposite, and not
itself, is in the evidence (`lower` where the source says `higher`).

**Strength (CL109).** The evidence hedges (`may`, `associated with`, `trend toward`) and
the claim says it outright: it drops the hedge and states the hedged verb, or a cause.

All of it is grammar (`tokens/relation_words.py`); the arms, measures and populations are the
evidence's own words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citelint.evidence import wording
from citelint.evidence.binding import Moved, grouped, moved, moved_measure, swapped_group
from citelint.ground.tokens import relation_words as g
from citelint.sources.model import Span

MAX_WINDOW = 3  # sentences an evidence run may span
MAX_SENTENCES = 200  # sentences holding a claim's rarest number that are looked around
_SENTENCE_END = re.compile(
    r"(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bet al\.)(?<=[.!?])\s+|(?<=[。！？])|\n+"
)


@dataclass(frozen=True, slots=True)
class Evidence:
    text: str  # the supporting sentence(s), as the source has them
    span: Span


@dataclass(frozen=True, slots=True)
class Relations:
    evidence: Evidence | None  # None: not checked (an abstention)
    moved: tuple[Moved, ...] = ()
    polarity: tuple[int, str] | None = None  # (where, "adds" | "drops") a negation
    direction: tuple[int, str, str] | None = None  # (where, the claim's word, the source's)
    overclaim: str = ""  # the hedge the claim drops
    # doses said of a drug that the cited span gives, but never in one sentence with it:
    # (where, the dose, the drug)
    unbound_doses: tuple[tuple[int, str, str], ...] = ()


ABSTAINED = Relations(None)


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
    labels: tuple[frozenset[str], ...]  # the content words of each sentence
    where: dict[str, tuple[int, ...]]  # a number → the sentences that hold it
    stems: tuple[frozenset[str], ...]  # each sentence's content words by their stems
    worded: dict[str, tuple[int, ...]]  # a stem → the sentences that hold it


@lru_cache(maxsize=64)
def _indexed(text: str) -> _Indexed:
    """A span's sentences with their numbers and words, read once per distinct text
    (spans repeat across claims and reports): each claim then costs a look-up."""
    bounds = tuple(sentences(text))
    values, labels = [], []
    for b, e in bounds:
        tokens = g.words(text[b:e])
        values.append(frozenset(w.text for w in tokens if w.kind == "num"))
        labels.append(frozenset(w.text for w in tokens if g.is_label(w)))
    stems = tuple(frozenset(_stem(w) for w in held) for held in labels)
    return _Indexed(bounds, tuple(values), tuple(labels), _where(values), stems, _where(stems))


def _where(held: Sequence[frozenset[str]]) -> dict[str, tuple[int, ...]]:
    """Each item → the sentences that hold it, in order."""
    out: dict[str, list[int]] = {}
    for i, items in enumerate(held):
        for item in items:
            out.setdefault(item, []).append(i)
    return {k: tuple(v) for k, v in out.items()}


def find_evidence(claim: str, spans: Sequence[Span]) -> Evidence | None:
    """The smallest run of sentences of one span that holds all the claim's numbers;
    looked for only around the sentences holding the claim's rarest number."""
    tokens = g.words(claim)
    wanted = {w.text for w in tokens if w.kind == "num"}
    if not wanted:
        return _worded(tokens, spans)
    labels = {w.text for w in tokens if g.is_label(w)}
    best: tuple[int, int, str, Span] | None = None
    for span in spans:
        index = _indexed(span.text)
        if any(value not in index.where for value in wanted):
            continue
        rarest = min(wanted, key=lambda value: len(index.where[value]))
        for at in index.where[rarest][:MAX_SENTENCES]:
            for size in range(MAX_WINDOW):
                for i in range(max(0, at - size), at + 1):
                    j = i + size
                    if j >= len(index.bounds):
                        continue
                    if best is not None and size > best[0]:
                        continue  # a smaller run already holds them
                    held = frozenset().union(*index.values[i : j + 1])
                    if not wanted <= held:
                        continue
                    shared = len(labels & frozenset().union(*index.labels[i : j + 1]))
                    if best is None or (size, -shared) < (best[0], best[1]):
                        piece = span.text[index.bounds[i][0] : index.bounds[j][1]]
                        best = (size, -shared, piece, span)
    return Evidence(best[2], best[3]) if best is not None else None


MIN_COVERAGE = 0.75  # of a claim's content words a window must hold when it has no number
MIN_WORDS = 3  # content words a claim with no number needs before a window is looked for


def _worded(tokens: Sequence[g.Word], spans: Sequence[Span]) -> Evidence | None:
    """The window of a claim with no number: the run of at most three sentences that
    holds most of its content words (compared by their first five letters), when it
    holds at least `MIN_COVERAGE` of them; the smallest such run wins a tie."""
    wanted = {_stem(w.text) for w in tokens if g.is_label(w)}
    if len(wanted) < MIN_WORDS:
        return None
    best: tuple[float, int, str, Span] | None = None
    for span in spans:
        index = _indexed(span.text)
        # only runs that start near a sentence holding one of its words, at most
        # MAX_SENTENCES of them: a claim costs its words, not the length of the page
        near = sorted({i for w in wanted for i in index.worded.get(w, ())})[:MAX_SENTENCES]
        starts = sorted({max(0, i - size) for i in near for size in range(MAX_WINDOW)})
        for i in starts:
            held: set[str] = set()
            for size in range(MAX_WINDOW):
                if i + size >= len(index.stems):
                    break
                held |= index.stems[i + size]
                share = len(wanted & held) / len(wanted)
                if best is None or (share, -size) > (best[0], best[1]):
                    piece = span.text[index.bounds[i][0] : index.bounds[i + size][1]]
                    best = (share, -size, piece, span)
    if best is None or best[0] < MIN_COVERAGE:
        return None
    return Evidence(best[2], best[3])


@lru_cache(maxsize=4096)
def coverage(claim: str, window: str) -> int:
    """The share (0–100) of a claim's content words its window holds, by stem."""
    wanted = {_stem(w.text) for w in g.words(claim) if g.is_label(w)}
    if not wanted:
        return 100
    held = {_stem(w.text) for w in g.words(window) if g.is_label(w)}
    return round(100 * len(wanted & held) / len(wanted))


def _stem(word: str) -> str:
    return word[:5] if len(word) > 5 and word.isalpha() else word


def check(
    claim: str,
    spans: Sequence[Span],
    doses: Sequence[tuple[int, str, str]] = (),
    drugs: Sequence[tuple[int, str]] = (),
) -> Relations:
    """`doses` are the claim's (where, as written, value) doses, `drugs` its (where, name)
    drug mentions: a dose must be given with its drug in one source sentence."""
    unbound = _unbound_doses(doses, drugs, spans)
    evidence = find_evidence(claim, spans)
    if evidence is None:
        for span in spans:  # a structured record: each value's own result group
            found = grouped(claim, span.fields)
            if found is not None:
                said, wrong = found
                return Relations(Evidence(said, span), wrong, unbound_doses=unbound)
        return Relations(None, unbound_doses=unbound) if unbound else ABSTAINED
    moved, polarity, direction, overclaim = _compare(claim, evidence.text)
    if not moved:
        moved = swapped_group(claim, evidence.text, evidence.span.text)
    if not moved:
        moved = moved_measure(claim, evidence.text, evidence.span.text)
    if polarity is not None and polarity[1] == "adds" and _excluded(evidence):
        polarity = None  # a list item under `Exclusion Criteria:` says "not allowed"
    return Relations(evidence, moved, polarity, direction, overclaim, unbound)


# A heading that gives the items under it its polarity (eligibility lists, labels)
_LIST_HEADING = re.compile(
    r"^\W*(?P<kind>exclusion|contraindication|inclusion|indication)s?(?:\s+criteria)?\W*$",
    re.I | re.M,
)


def _excluded(evidence: Evidence) -> bool:
    """Whether the evidence is an item of an exclusion or contraindication list: the
    nearest list heading above it in the span says so."""
    at = evidence.span.text.find(evidence.text)
    if at < 0:
        return False
    kinds = [m.group("kind").lower() for m in _LIST_HEADING.finditer(evidence.span.text, 0, at)]
    return bool(kinds) and kinds[-1] in ("exclusion", "contraindication")


def dose_sentence(value: str, drug: str, spans: Sequence[Span]) -> str | None:
    """The first sentence of the spans that gives the drug with the dose."""
    for span in spans:
        index, lowered = _indexed(span.text), span.text.lower()
        for i in index.where.get(value, ()):
            b, e = index.bounds[i]
            if drug in lowered[b:e]:
                return span.text[b:e]
    return None


def _unbound_doses(
    doses: Sequence[tuple[int, str, str]], drugs: Sequence[tuple[int, str]], spans: Sequence[Span]
) -> tuple[tuple[int, str, str], ...]:
    """Doses whose nearest drug the cited spans name, and the dose too, but never in one
    sentence: a schedule or dose read off the whole record is not said of that drug."""
    out = []
    for at, written, value in doses if drugs else ():
        drug = min(drugs, key=lambda d: abs(d[0] - at))[1]
        together = apart = False
        for span in spans:
            index, lowered = _indexed(span.text), span.text.lower()
            places = index.where.get(value, ())
            together = any(drug in lowered[index.bounds[i][0] : index.bounds[i][1]] for i in places)
            apart = apart or (bool(places) and drug in lowered)
            if together:
                break
        if apart and not together:
            out.append((at, written, drug))
    return tuple(out)


@lru_cache(maxsize=2048)
def _compare(
    claim: str, source: str
) -> tuple[tuple[Moved, ...], tuple[int, str] | None, tuple[int, str, str] | None, str]:
    """The four checks of a claim against its evidence (kept: reports repeat sentences).
    Each runs only where its words are: most sentences hold no negation, no comparative
    and no hedge, and a lone number has nothing to be swapped with."""
    tokens = g.words(claim)
    if tokens == g.words(source):
        return (), None, None, ""  # the source's sentence, copied: nothing differs
    both = claim + "\n" + source
    numbers = sum(1 for w in tokens if w.kind == "num")
    return (
        moved(claim, source) if numbers else (),
        wording.polarity(claim, source) if g.negations(both) or wording.prefixed(source) else None,
        wording.direction(claim, source) if g.directions(both) else None,
        wording.overclaim(claim, source) if g.hedged(source) else "",
    )


# -- binding ----------------------------------------------------------------------------
