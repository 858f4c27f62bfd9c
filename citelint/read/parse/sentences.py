"""Chinese and English sentence splitting (RULES.md §0, DECISIONS A2, A6, A7).

Boundaries are found on the raw decoded text, before any normalisation (X7):
`。！？` always end a sentence; `.!?` end one when followed by optional closing quotes or
brackets and then whitespace or the end of the block, unless the word before the dot is
a listed abbreviation or a single capital initial, or is dotted initials (`U.S.`, `a.m.`)
with a lower-case word after it (or, in Chinese prose, right after a Chinese character:
`；J.D. Power预测…`), or a word of two to four letters (`Inc.`, `est.`) with a word all in
lower case after it. `；` and `;` never split (A7).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence

DEFAULT_ABBREVIATIONS: tuple[str, ...] = (
    "e.g.",
    "i.e.",
    "vs.",
    "et al.",
    "approx.",
    "fig.",
    "figs.",
    "no.",
    "nos.",
    "dr.",
    "mr.",
    "mrs.",
    "ms.",
    "prof.",
    "ref.",
    "refs.",
    "eq.",
    "vol.",
    "p.",
    "pp.",
    "ca.",
    "cf.",
    "etc.",
)

_CLOSERS = ")]}\"'”’」』）"
_CJK_END = re.compile(rf"[。！？]+[{re.escape(_CLOSERS)}]*")
_LATIN_END = re.compile(rf"[.!?]+[{re.escape(_CLOSERS)}]*(?=\s|\Z)")
# `J. Smith`, `John F. Kennedy`: a capital initial after nothing, a capitalised word or
# another initial. `in arm A. It …` ends a sentence: the word before is lower case.
_INITIAL = re.compile(r"(?:^|(?:^|[\s(])(?:[A-Z][A-Za-z]*\.?|[A-Z]\.)\s|\()[A-Z]\.$")
# `in the U.S. wage structure`: dotted initials go on when a lower-case word follows, and
# so does a short word's dot (`Acme Inc. customers`, `est. cost`) before a word all in
# lower case; `in the U.S. The next …` and `in 2020. mRNA …` stay boundaries
_DOTTED = re.compile(r"(?<![\w.])(?:[A-Za-z]\.){2,}$")
# …and in Chinese prose, whose sentences end in `。`, dotted initials right after Chinese
# are a name's (`；J.D. Power预测…`, `据U.S. Steel公告`), whatever follows them
_CJK_DOTTED = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef](?:[A-Za-z]\.){2,}$")
_LOWER_NEXT = re.compile(r"\s+[a-z]")
# …and before a code or an acronym (`the U.S. K–12 market`, `U.S. GDP`, `U.S. S&P 500`): the
# initials qualify it
_CODE_NEXT = re.compile(r"\s+(?:[A-Z]{2,}\b|[A-Z][–—-]?\d|[A-Z]&[A-Z])")
_SHORT_WORD = re.compile(r"(?<![\w.])[A-Za-z]{2,4}\.$")
_LOWER_WORD_NEXT = re.compile(r"\s+[a-z]{2,}(?![\w-])")


class SentenceSplitter:
    def __init__(self, abbreviations: Iterable[str] = DEFAULT_ABBREVIATIONS) -> None:
        self._abbreviations = tuple(sorted({a.lower() for a in abbreviations}, key=len))

    def split(
        self,
        text: str,
        masked: Sequence[tuple[int, int]] = (),
        hard_breaks: Iterable[int] = (),
    ) -> list[tuple[int, int]]:
        """Sentence ranges `(begin, stop)` in `text`, whitespace trimmed, empty ones dropped.

        `masked` ranges (anchors) never hold a boundary; `hard_breaks` (`<br>`, hard line
        breaks) always are one.
        """
        cuts = set(hard_breaks)
        for m in _CJK_END.finditer(text):
            cuts.add(m.end())
        for m in _LATIN_END.finditer(text):
            if m.group(0)[0] == "." and self._abbreviated(text, m.start()):
                continue
            cuts.add(m.end())
        cuts.update(self._after_runs(text, masked))
        inside = _MaskIndex(masked)
        cuts = {c for c in cuts if not inside(c)}
        ranges: list[tuple[int, int]] = []
        begin = 0
        for cut in [*sorted(cuts), len(text)]:
            ranges.extend(_trimmed(text, begin, cut))
            begin = cut
        return ranges

    def _after_runs(self, text: str, masked: Sequence[tuple[int, int]]) -> list[int]:
        """A stop glued to a citation run ends the sentence after the run: `5%.[3] Next`,
        `5%.³ Next`, `5%.[pmid:1:abstract] Next`."""
        ends = {s: e for s, e in masked}
        closes = set(ends.values())
        cuts = []
        for start, _ in masked:
            if start == 0 or text[start - 1] not in ".!?" or start - 1 in closes:
                continue
            if text[start - 1] == "." and self._abbreviated(text, start - 1):
                continue
            end = ends[start]
            while end in ends:  # a run of citations: `[3][4]`
                end = ends[end]
            if end == len(text) or text[end].isspace():
                cuts.append(end)
        return cuts

    def _abbreviated(self, text: str, dot: int) -> bool:
        head = text[max(0, dot - 30) : dot + 1]
        if _INITIAL.search(head):
            return True
        if _DOTTED.search(head) and (
            _LOWER_NEXT.match(text, dot + 1) or _CODE_NEXT.match(text, dot + 1)
        ):
            return True
        if _CJK_DOTTED.search(head):
            return True
        if _SHORT_WORD.search(head) and _LOWER_WORD_NEXT.match(text, dot + 1):
            return True
        low = head.lower()
        if not low.endswith(self._abbreviations):
            return False  # one C call for the common case: no abbreviation at all
        for abbreviation in self._abbreviations:
            if low.endswith(abbreviation):
                before = len(low) - len(abbreviation) - 1
                if before < 0 or not low[before].isalnum():
                    return True
        return False


class _MaskIndex:
    """Whether an offset lies strictly inside a masked range: a bisect, not a scan."""

    def __init__(self, masked: Sequence[tuple[int, int]]) -> None:
        ordered = sorted(masked)
        self.starts = [s for s, _ in ordered]
        self.reach: list[int] = []  # the furthest end of the ranges up to each index
        for _, e in ordered:
            self.reach.append(max(e, self.reach[-1]) if self.reach else e)

    def __call__(self, offset: int) -> bool:
        i = bisect.bisect_left(self.starts, offset) - 1
        return i >= 0 and self.reach[i] > offset


def _trimmed(text: str, begin: int, stop: int) -> list[tuple[int, int]]:
    while begin < stop and text[begin].isspace():
        begin += 1
    while stop > begin and text[stop - 1].isspace():
        stop -= 1
    return [(begin, stop)] if stop > begin else []
