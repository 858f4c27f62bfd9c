"""A paragraph about one study it cites once: from the study's introduction (`A 2025 target
trial emulation study …`, `… the Trial to Assess Chelation Therapy (TACT), which
randomized …`) to the citation, and on while the sentences after it go on about it, its
sentences borrow that citation (checked against it, never exempted); and the sentences
between one that opens on the work it cites and that work's citation again (`between`).
Part of the ties of `ties.py`, kept apart as the rules that read a paragraph's shape."""

from __future__ import annotations

import re
from bisect import bisect_left

from citelint.ground.document import Anchor, Sentence

# A study introduced by an indefinite noun of study (`A 2025 target trial emulation study
# involving 94,239 veterans …`, `A comprehensive Bayesian three-level meta-analysis of 56
# samples …`): in a paragraph that introduces one and cites once, the sentences from the
# introduction to the citation report that study, and so do those after it that go on with
# a definite noun or a connective (`The mean duration of supplement use was 3.5 years …`,
# `However, 82% of available studies were at high risk of bias …`). A sentence after it that
# opens on a subject of its own (`CoQ10 supplementation (100-400 mg/day) is well tolerated`)
# ends the study's run and stays a claim.
_STUDY = re.compile(
    r"^[\s*_\"“(]*(?:A|An)\s+(?:[\w(),–-]+\s+){0,6}?"
    r"(?:study|trial|meta-analysis|analysis|review|survey|experiment|cohort)\b",
    re.I,
)


# …or by its name and acronym (`… culminated in the Trial to Assess Chelation Therapy
# (TACT), which randomized 1,708 …`): a trial or study named as one, capitalised, with the
# short name a report then calls it by; or by that short name alone, in capitals or with a
# number, opening its sentence (`The CAPP2 trial—a randomized, placebo-controlled study …`,
# `The PREDIMED trial randomized …`)
_NAMED_STUDY = re.compile(
    r"\b(?:Trial|Study)\b[^.;:()]{0,80}\([A-Z][A-Za-z0-9-]*[A-Z0-9]\)"
    r"|^[\s*_\"“(]*(?:The\s+)?(?:[A-Z]{3,}|[A-Z][A-Z0-9-]*\d)[A-Z0-9-]*\s+(?:trial|study)\b"
)


def one_study(sentences: list[Sentence]) -> list[Sentence]:
    """The sentences of a paragraph about one study it cites once, from the study's
    introduction on, borrowing that citation."""
    cited = [i for i, s in enumerate(sentences) if s.anchors and not s.borrowed]
    if len(cited) != 1:
        return sentences
    intro = [
        i for i, s in enumerate(sentences) if _STUDY.match(s.text) or _NAMED_STUDY.search(s.text)
    ]
    if len(intro) != 1 or intro[0] > cited[0]:
        return sentences
    shared = tuple(a for a in sentences[cited[0]].anchors if a.lends)
    if not shared:
        return sentences
    out = list(sentences)
    for i in range(intro[0], len(out)):
        if out[i].anchors:
            continue
        if i > cited[0] and not _GOES_ON.match(out[i].text):
            break  # a subject of its own: the study's run ends
        out[i] = out[i].borrowing(shared)
    return out


_SUBJECT_WORDS = 4  # a citation after at most this many words names its sentence's subject
_SUBJECT_CHARS = 40  # …and this many characters
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-–][A-Za-z0-9]+)*")
_GOES_ON = re.compile(
    r"^[\s*_\"“(]*(?:The|However|Moreover|Additionally|In\s+addition|Notably|Importantly|"
    r"Critically|Yet|Still|Also|Further|Furthermore|Overall)\b"
)


def between(sentences: list[Sentence]) -> list[Sentence]:
    """The uncited sentences between one that opens on the work it cites and the next cited
    one, when that cites the same work (`Jedinger and Masch (2025) … found … The
    standardized effect size was modest (β = 0.08) … The authors concluded … (Jedinger &
    Masch, 2025).`): the work the run opens on, as its subject, and closes on is what
    they report, and they borrow its citation. A citation at the end of the first sentence
    names no subject (`… melanoma [1]. Overall survival … was 81%. … [1]`: a claim)."""
    out = list(sentences)
    last: int | None = None  # the sentence that last cited in the report's own styles
    for i, s in enumerate(sentences):
        if not s.anchors or s.borrowed:
            continue
        if last is not None and i - last > 1:
            opened = {(a.type, a.id) for a in _lent(sentences[last]) if _opens(sentences[last], a)}
            shared = tuple(a for a in _lent(s) if (a.type, a.id) in opened)
            for k in range(last + 1, i):
                if shared and not out[k].anchors:
                    out[k] = out[k].borrowing(shared)
        last = i
    return out


def _opens(sentence: Sentence, anchor: Anchor) -> bool:
    """Whether a citation stands among its sentence's first words, naming its subject
    (`Kreko et al. (2020) examined …`, `Jedinger and Masch (2025), in a large …`)."""
    offsets, begin = sentence.block.offsets, sentence.begin
    at = bisect_left(offsets, anchor.start, begin, begin + len(sentence.text)) - begin
    # (in its first half and first characters too: a Chinese sentence has no such words)
    return (
        at <= _SUBJECT_CHARS
        and 2 * at < len(sentence.text)
        and len(_WORD.findall(sentence.text[:at])) <= _SUBJECT_WORDS
    )


def _lent(sentence: Sentence) -> tuple[Anchor, ...]:
    return tuple(a for a in sentence.anchors if a.lends)
