"""Sentences tied to a cited neighbour share its citations.

A deep-research report cites a sentence group once: `…tested perioperative pembrolizumab.
This trial met its primary endpoint [12].`, `A notable example is petosemtamab, a
bispecific antibody. Petosemtamab is designed to … [merus.nl](…)`. The uncited sentence is
tied to its cited neighbour by grammar, never by knowledge:

- the neighbour opens by pointing back (`This`, `These`, `It`, `Such`, 该, 此, `在该…` …), or says
  `this trial`, `these combinations` early on (a demonstrative and a noun, within its
  first words); after a cited sentence, an uncited one opening with `The` and a noun phrase
  (up to four words) one of whose nouns the cited one holds goes on about it (`… with
  forksheet architecture bridging the gap [Imec]. The outer wall forksheet architecture
  provides a 22% area reduction …`);
- the next sentence opens with a name the uncited one holds (`Petosemtamab …`), or with
  `The` and a noun the uncited one holds (`Dane County Regional Airport handled 2.35
  million passengers. The airport generated $2.6 billion … [5]`);
- the run of uncited sentences just before a cited one continues its subject: walking
  back from the cited sentence, each joins while it shares a name with the run so far
  (a code or an abbreviation, `AIM-HN`, `HRAS`; a capitalised word inside a sentence; a
  drug by its naming grammar), states a measure in the unit the sentence after it states
  (its baseline: `… range (about 36,000 km).` before `… to 450,000 km, a tenfold increase
  in range [3]`) or the sentence after it points back; one opening with
  `The` and a noun (`The app had over 6.16 million downloads.`) joins when the sentence
  before it does, between two sentences naming the same subject (`CapCut`). `The farnesyltransferase
  inhibitor tipifarnib blocks HRAS signalling. In a phase II trial (AIM-HN), tipifarnib
  achieved disease control in 100% [4].` is one study's run (and a paragraph citing once
  that introduces one study, `A 2025 target trial emulation …` or by its name and acronym,
  `… the Trial to Assess Chelation Therapy (TACT), which randomized …`, is that study's
  from the introduction on); the first sentence that
  shares nothing ends it, and no citation stands between (docs/decisions.md, "A citation
  covers the run of its subject");
- the sentences between one that opens on the work it cites (`Jedinger and Masch (2025),
  in a large sample, found …`) and the next cited one, when that cites the work again
  (`… (Jedinger & Masch, 2025).`), report that work.

The tied sentence borrows the citations: its numbers, codes and drugs are checked against
them (never exempted), and it makes no CL111 statement of them. Only citations in a
report's own styles are shared; an anchor is written per sentence on purpose.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from citelint.ground.document import Anchor, Block, Sentence
from citelint.ground.tokens.drugs import DrugGrammar
from citelint.ground.tokens.kinds import Kind
from citelint.ground.tokens.numbers import cached_tokens
from citelint.read.parse.one_study import between, one_study

# (in Chinese the demonstrative may follow a preposition: `在该研究中，…`, `根据此项调查，…`;
# `其他`, `其次`, `其实` — "other", "secondly", "in fact" — point at nothing)
_POINTS_BACK = re.compile(
    r"^[\s*_\"“(]*(?:(?:This|These|That|Those|It|Its|They|Their|Such)\b|"
    r"(?:在|据|根据|从|对于|按照|通过)?(?:该|此|这|上述|其(?![他次实])))"
)
# `In mid-2024, the FDA granted this agent …`, `… suggest that these combinations …`: a
# demonstrative before a noun among a sentence's first words (never `this year`)
_DEMONSTRATIVE = re.compile(
    r"\b(?:this|these|those|such)\s+(?!(?:year|month|week|day|time|is|was|are|were|and|or)\b)"
    r"[a-z][a-z-]{2,}"
)
_EARLY_WORDS = 10  # how far into a sentence a demonstrative still points back
_LONG_NAME = 10  # a word this long, repeated to open the next sentence, is a name
_NAME_AT_START = re.compile(r"^[\s*_\"“(]*([A-Z][A-Za-z0-9-]{3,})\b")
# capitalised words that open many sentences and name nothing
_OPENER_WORDS = (
    "Most Many Some Several Other Others Both Each Every Further However Moreover "
    "Also Recent Recently Early Later Overall Data Results Patients Studies Trials "
    "Research With When While Although Because Since After Before During"
)
_OPENERS = frozenset(_OPENER_WORDS.split())
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-–][A-Za-z0-9]+)*")
_DRUGS = DrugGrammar()  # the default naming grammar: a subject named, never a list of drugs


def back_references(sentences: list[Sentence]) -> list[Sentence]:
    """The sentences of one block, with each uncited one tied to a cited neighbour
    borrowing that neighbour's citations."""
    if len(sentences) < 2:
        return sentences
    out = list(sentences)
    for i, s in enumerate(sentences):
        if s.anchors:
            continue
        after = sentences[i + 1] if i + 1 < len(sentences) else None
        before = sentences[i - 1] if i else None
        shared: tuple[Anchor, ...] = ()
        if after is not None and (
            _points_back(after.text)
            or _names_again(s.text, after.text)
            or _defines_again(s.text, after.text)
        ):
            shared = _citations(after)
        if (
            not shared
            and before is not None
            and (
                _points_back(s.text)
                or _goes_on_about(s.text, before.text)
                or _goes_on_with(s.text, before.text)
            )
        ):
            shared = _citations(before)
        if shared:
            out[i] = s.borrowing(shared)
    return one_study(between(_runs(out)))


def opening_back_references(blocks: Sequence[Block]) -> None:
    """A paragraph that opens by pointing back (`This means …`, `这意味着，约有3/4…`) at a
    paragraph that closes on a citation borrows it for its first sentence (a quotation
    cited at its end, then the author's reading of it). Set while the blocks are built."""
    for before, block in itertools.pairwise(blocks):
        if block.kind != "p" or before.kind != "p" or not block.sentences or not before.sentences:
            continue
        first = block.sentences[0]
        if first.anchors or not _points_back(first.text):
            continue
        shared = _citations(before.sentences[-1])
        if shared:
            sentences = (first.borrowing(shared), *block.sentences[1:])
            object.__setattr__(block, "sentences", sentences)


def _runs(sentences: list[Sentence]) -> list[Sentence]:
    """Each run of uncited sentences just before a cited one, as far back as it continues
    that sentence's subject, borrowing its citations."""
    out = list(sentences)
    shared: tuple[Anchor, ...] = ()
    subject: set[str] = set()
    held: int | None = None  # `The app had …`: joins when the sentence before it does
    for i in range(len(out) - 1, -1, -1):
        s = out[i]
        if s.anchors:
            shared = _citations(s)
            subject = names(s.text) if shared else set()
            held = None
            continue
        if not shared:
            continue
        own = names(s.text)
        if own & subject or _points_back(out[i + 1].text) or _same_measure(s.text, out[i + 1].text):
            out[i] = s.borrowing(shared)
            subject |= own
            if held is not None:  # a definite noun between two sentences of one subject
                out[held] = out[held].borrowing(shared)
                held = None
        elif held is None and _definite(s.text):
            held = i
        else:
            shared, subject, held = (), set(), None
    return out


def _same_measure(text: str, after: str) -> bool:
    """Whether two sentences state a measure in the same unit, a word near both naming what
    is measured (`… out to geostationary range (approximately 36,000 km).` then `… extends
    to 450,000 km – more than a tenfold increase in range [3]`): the one measure told on,
    its baseline then its change. Two lengths of different things are not one (`560 mm of
    steel armor`, then calibres `APR 155 mm`). A multiple (`1,000-fold`) is a comparison,
    not the measure's unit."""
    mine = _measured(text)
    if not mine:
        return False
    theirs = _measured(after)
    return any(unit in theirs and words & theirs[unit] for unit, words in mine.items())


def _measured(text: str) -> dict[str, set[str]]:
    """Each unit a sentence measures in, and the words around its measures."""
    out: dict[str, set[str]] = {}
    for t in cached_tokens(text, False):
        if t.kind is Kind.MEASURE and t.unit and t.unit != "times":
            near = text[max(0, t.start - _NEAR) : t.end + _NEAR].lower()
            words = out.setdefault(t.unit, set())
            words.update(w for w in _NEAR_WORD.findall(near) if w not in _FUNCTION_WORDS)
            for run in _HAN.findall(near):  # Chinese has no spaces: its words by their pairs
                words.update(run[k : k + 2] for k in range(len(run) - 1))
            words -= _HEDGES
    return out


_NEAR = 60  # characters either side of a measure where its thing is named
_NEAR_WORD = re.compile(r"[a-z]{4,}")
_HAN = re.compile(r"[\u4e00-\u9fff]{2,}")
_HEDGES = frozenset(
    {
        *("approximately", "about", "around", "more", "less", "nearly", "under", "within"),
        *("each", "约为", "大约", "左右", "以上", "以下", "超过", "达到", "不到", "接近"),
    }
)


def _definite(text: str) -> bool:
    """Whether a sentence opens with `The` and a noun (`The app had …`), which refers back
    to what the sentences around it name."""
    m = _THE_SHORT.match(text)
    return m is not None and m.group(1) not in _NOT_NOUNS


_THE_SHORT = re.compile(r"^[\s*_\"“(]*The\s+([a-z][a-z-]{2,})\b")  # (`The app`, `The firm`)


def names(text: str) -> set[str]:
    """What a sentence names, case-folded: codes and abbreviations (two capitals or a
    capital and a digit), capitalised words past its first, and drugs by their grammar."""
    found: set[str] = set()
    for n, m in enumerate(_WORD.finditer(text)):
        word = m.group(0)
        capitals = sum(c.isupper() for c in word)
        code = capitals >= 2 or (capitals > 0 and any(c.isdigit() for c in word))
        name = n > 0 and word[0].isupper() and len(word) > 3 and word not in _OPENERS
        if code or name:
            found.add(word.lower())
    found.update(d.name.lower() for d in _DRUGS.mentions(text))
    return found


def _citations(sentence: Sentence) -> tuple[Anchor, ...]:
    return tuple(a for a in sentence.anchors if a.lends)


def points_back_at(text: str, before: str) -> bool:
    """Whether a sentence opens by pointing back at the sentence `before` it: a demonstrative
    early on, or `The` and a noun that sentence holds, the first word or the one after it
    (`The current sharing mechanism …` after `… sharing the read path current …`)."""
    if _points_back(text) or _defines_again(before, text):
        return True
    m = _THE_TWO.match(text)
    return m is not None and any(
        w and w not in _NOT_NOUNS and re.search(rf"\b{re.escape(w)}s?\b", before, re.I)
        for w in m.groups()
    )


_THE_TWO = re.compile(r"^[\s*_\"“(]*The\s+([a-z][a-z-]{3,})(?:\s+([a-z][a-z-]{3,}))?\b")


def _points_back(text: str) -> bool:
    if _POINTS_BACK.match(text):
        return True
    early = " ".join(text.split()[:_EARLY_WORDS])
    return _DEMONSTRATIVE.search(early) is not None


# `The airport generated …`: a definite noun opening a sentence, never a word that only
# ranks or counts (`The same …`, `The first …`, `The total …`)
_THE_NOUN = re.compile(r"^[\s*_\"“(]*The\s+([a-z][a-z-]{3,})\b")
_NOT_NOUNS = frozenset(
    {
        *("same", "most", "other", "first", "second", "third", "last", "latest", "total"),
        *("overall", "main", "only", "next", "following", "previous", "remaining"),
        *("current", "recent", "above", "below", "former", "latter"),
    }
)


# `… with forksheet architecture bridging the gap ([Imec, 2023](…)). The outer wall forksheet
# architecture provides a 22% area reduction …`: `The` and a noun phrase of up to four words,
# one of whose nouns the cited sentence before holds, goes on about what that sentence cites
_THE_PHRASE = re.compile(r"^[\s*_\"“(]*The\s+((?:[a-z][a-z-]*\s+){0,3}[a-z][a-z-]*)")
_FUNCTION_WORDS = frozenset(
    ("with", "that", "from", "into", "than", "this", "were", "have", "been", "also", "over")
)


def _goes_on_about(text: str, before: str) -> bool:
    """Whether a sentence opens with `The` and a noun phrase holding a noun of the sentence
    before it."""
    m = _THE_PHRASE.match(text)
    return m is not None and any(
        len(w) > 3
        and w not in _NOT_NOUNS
        and w not in _FUNCTION_WORDS
        and re.search(rf"\b{re.escape(w)}s?\b", before, re.I) is not None
        for w in m.group(1).split()
    )


def _goes_on_with(text: str, before: str) -> bool:
    """Whether a sentence goes on with the study the cited sentence before it names: it
    opens on that name again, one no common word spells, and what it also found
    (`MonoTrack also demonstrated …` after `MonoTrack overcame … [4]`), or on a connective
    and a figure of that sentence (`However, even with 90% accuracy, … 20%` after `… [4]`)."""
    m = _NAME_AT_START.match(text)
    if m is not None and m.group(1) not in _OPENERS and _REPORTS_ON.match(text, m.end()):
        name = m.group(1)  # (`CoQ10 supplementation (100-400 mg/day) is well tolerated`: no)
        distinct = any(c.isdigit() for c in name) or any(c.isupper() for c in name[1:])
        if (distinct or len(name) >= _LONG_NAME) and re.search(rf"\b{re.escape(name)}\b", before):
            return True
    if not _CONNECTIVE.match(text):
        return False
    said = {(t.value, t.kind, t.unit) for t in cached_tokens(before, False)}
    return any((t.value, t.kind, t.unit) in said for t in cached_tokens(text, False))


# its next finding told: `also`, `further`, or a verb of finding, among its first words
_REPORTS_ON = re.compile(
    r"(?:['’]s)?\s+(?:[\w-]+\s+){0,2}?(?:also|further|additionally|later|then|"
    r"demonstrated|showed|found|reported|revealed|observed)\b"
)
_CONNECTIVE = re.compile(r"^[\s*_\"“(]*(?:However|But|Yet|Still|Even|Moreover|Notably)\b")


def _defines_again(text: str, after: str) -> bool:
    """Whether the next sentence opens with `The` and a noun this one holds (`… Dane County
    Regional Airport, handling 2.35 million passengers … . The airport generated …`)."""
    m = _THE_NOUN.match(after)
    if m is None or m.group(1) in _NOT_NOUNS:
        return False
    return re.search(rf"\b{re.escape(m.group(1))}s?\b", text, re.I) is not None


def _names_again(text: str, after: str) -> bool:
    """Whether the next sentence opens with a name this one holds inside it (`…is
    petosemtamab, a bispecific antibody. Petosemtamab is designed …`): written there with
    a capital or a digit, or a long word (a name, not `Rate 5% … Rate 6%`)."""
    m = _NAME_AT_START.match(after)
    if m is None or m.group(1) in _OPENERS:
        return False
    name = m.group(1)
    for found in re.finditer(rf"\b{re.escape(name)}\b", text, re.I):
        if not text[: found.start()].strip(' *_"“('):
            continue  # the sentence's own first word: `Rate 5% … Rate 6%` names nothing
        word = found.group(0)
        if word[0].isupper() or any(c.isdigit() for c in word) or len(word) >= _LONG_NAME:
            return True
    return False
