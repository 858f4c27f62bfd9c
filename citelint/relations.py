"""What a claim's numbers and words are said about, against the source sentence that
supports it (CL106–CL109).

**Evidence.** The cited span is split into sentences; the evidence is the smallest run of
at most three consecutive sentences that holds every number of the claim (the one
sharing most words with the claim when several do). A claim with no number, or whose
numbers no such run holds, is not checked: an abstention, counted, never a pass or a
finding.

**Binding (CL106).** Each number's phrase is the words between it and the nearest
separator or other number (`4.8 months with trametinib | vs | 1.5 with chemotherapy`);
its labels are the phrase's content words. A claim's number is moved when the words its
claim phrase shares with the evidence sit, in the evidence, in another number's phrase
and never in its own. A copied sentence whose numbers are permuted in place (`34.4% and
44.4%, respectively` turned round) is moved too: word-for-word the same around them, the
numbers trade places.

**Polarity (CL107).** A negation that governs words both sides share ("did not improve
PFS") stands in one and not the other.

**Direction (CL108).** A comparative or change word in the claim whose opposite, and not
itself, is in the evidence (`lower` where the source says `higher`).

**Strength (CL109).** The evidence hedges (`may`, `associated with`, `trend toward`) and
the claim says it outright: it drops the hedge and states the hedged verb, or a cause.

All of it is grammar (`tokens/relations.py`); the arms, measures and populations are the
evidence's own words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from citelint import wording
from citelint.sources.model import Span
from citelint.tokens import relations as g

MAX_WINDOW = 3  # sentences an evidence run may span
MAX_SENTENCES = 200  # sentences holding a claim's rarest number that are looked around
MAX_SCANNED = 2000  # sentences of a span a claim with no number is looked for in
_SENTENCE_END = re.compile(
    r"(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bet al\.)(?<=[.!?])\s+|(?<=[。！？])|\n+"
)
_PHRASE_WORDS = 6  # words of a number's phrase on each side


@dataclass(frozen=True, slots=True)
class Evidence:
    text: str  # the supporting sentence(s), as the source has them
    span: Span


@dataclass(frozen=True, slots=True)
class Moved:
    at: int  # where the claim states it
    number: str  # its value

    says: str  # what the source binds it, and the other number, to


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
    where: dict[str, list[int]] = {}
    for i, held in enumerate(values):
        for value in held:
            where.setdefault(value, []).append(i)
    return _Indexed(bounds, tuple(values), tuple(labels), {k: tuple(v) for k, v in where.items()})


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
        stems = [{_stem(w) for w in labels} for labels in index.labels[:MAX_SCANNED]]
        for i in range(len(stems)):
            held: set[str] = set()
            for size in range(MAX_WINDOW):
                if i + size >= len(stems):
                    break
                held |= stems[i + size]
                share = len(wanted & held) / len(wanted)
                if best is None or (share, -size) > (best[0], best[1]):
                    piece = span.text[index.bounds[i][0] : index.bounds[i + size][1]]
                    best = (share, -size, piece, span)
    if best is None or best[0] < MIN_COVERAGE:
        return None
    return Evidence(best[2], best[3])


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
        return Relations(None, unbound_doses=unbound) if unbound else ABSTAINED
    moved, polarity, direction, overclaim = _compare(claim, evidence.text)
    if not moved:
        moved = _swapped_group(claim, evidence)
    if polarity is not None and polarity[1] == "adds" and _excluded(evidence):
        polarity = None  # a list item under `Exclusion Criteria:` says "not allowed"
    return Relations(evidence, moved, polarity, direction, overclaim, unbound)


_GROUP_BEFORE = frozenset(["in", "with", "among", "than", "versus", "vs", "for", "on", "between"])


def _swapped_group(claim: str, evidence: Evidence) -> tuple[Moved, ...]:
    """The claim is the evidence sentence with one word after `in`, `with`, `among`,
    `than`… (an arm, comparator or population) replaced by another word the record names
    elsewhere, never in the evidence: `plasma T4 levels in pituitary sexes` where the
    source says `in both sexes` and speaks of the pituitary in another sentence."""
    c_tokens, s_tokens = g.words(claim), g.words(evidence.text)
    a = [w.text for w in c_tokens]
    b = [w.text for w in s_tokens]
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if matcher.ratio() < 0.8:
        return ()  # not the evidence sentence said again
    replaced = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    if len(replaced) != 1 or replaced[0][0] != "replace":
        return ()
    _, i1, i2, j1, j2 = replaced[0]
    if i2 - i1 != 1 or j2 - j1 != 1 or i1 == 0 or a[i1 - 1] not in _GROUP_BEFORE:
        return ()
    mine, theirs = c_tokens[i1], s_tokens[j1]
    if not (g.is_label(mine) and g.is_label(theirs)) or mine.text[:5] == theirs.text[:5]:
        return ()
    rest = evidence.span.text.replace(evidence.text, " ")
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
        _moved(claim, source) if numbers else (),
        wording.polarity(claim, source) if g.negations(both) or wording.prefixed(source) else None,
        wording.direction(claim, source) if g.directions(both) else None,
        wording.overclaim(claim, source) if g.hedged(source) else "",
    )


# -- binding ----------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _phrases(tokens: tuple[g.Word, ...]) -> list[tuple[g.Word, frozenset[str]]]:
    """Each number with the labels of its phrase (kept: evidence sentences repeat)."""
    out = []
    for i, word in enumerate(tokens):
        if word.kind != "num":
            continue
        labels: set[str] = set()
        for step in (-1, 1):
            j, taken = i + step, 0
            while 0 <= j < len(tokens) and taken < _PHRASE_WORDS:
                other = tokens[j]
                if other.kind in ("num", "sep") or other.text in g.SEPARATORS:
                    break
                if g.is_label(other):
                    labels.add(other.text)
                j, taken = j + step, taken + 1
        out.append((word, frozenset(labels)))
    return out


def _moved(claim: str, source: str) -> tuple[Moved, ...]:
    c_tokens, s_tokens = g.words(claim), g.words(source)
    said = [(w.text, labels) for w, labels in _phrases(s_tokens)]
    # the words that stand beside one value only: they say which number is which
    values_of: dict[str, set[str]] = {}
    for value, labels in said:
        for label in labels:
            values_of.setdefault(label, set()).add(value)
    telling = {label for label, values in values_of.items() if len(values) == 1}
    own: dict[str, set[str]] = {}
    for value, labels in said:
        own.setdefault(value, set()).update(labels & telling)
    after = {w.text: _after(s_tokens, i) for i, w in enumerate(s_tokens) if w.kind == "num"}
    out: dict[str, Moved] = {}
    claimed = _phrases(c_tokens)
    said_in_claim = {w.text for w in c_tokens if g.is_label(w)}
    stated = {w.text for w, _ in claimed}
    for word, labels in claimed:
        value, shared = word.text, labels & telling
        if not shared or not own.get(value) or shared & own[value]:
            continue  # nothing tells, or its own words are beside it
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
