"""A paragraph about one study it cites once: from the study's introduction (`A 2025 target
trial emulation study …`, `… the Trial to Assess Chelation Therapy (TACT), which
randomized …`) to the citation, and on while the sentences after it go on about it, its
sentences borrow that citation (checked against it, never exempted). Part of the ties of
`ties.py`, kept apart as the one rule that reads a whole paragraph's shape."""

from __future__ import annotations

import re

from citelint.ground.document import Sentence

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


_GOES_ON = re.compile(
    r"^[\s*_\"“(]*(?:The|However|Moreover|Additionally|In\s+addition|Notably|Importantly|"
    r"Critically|Yet|Still|Also|Further|Furthermore|Overall)\b"
)
