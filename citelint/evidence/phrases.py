"""Phrase matching for the substance rules (RULES §3, DECISIONS X14).

CJK phrases are matched on text folded for width and case with all whitespace removed
(`待 Worker` is `待worker`); Latin phrases match word by word with any spacing between
words and word boundaries at both ends, on the original text; a hyphen joining a word
continues it (`as an AI-powered assistant` is no `as an AI`). Phrases written in capitals
(`TODO`, `TBD`) match in capitals only, so prose such as "a to-do list" is not flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from citelint.ground.document import Block
from citelint.ground.tokens.text import fold_compact, fold_compact_indexed


@dataclass(frozen=True, slots=True)
class Hit:
    phrase: str
    start: int  # report offsets
    end: int


def _has_cjk(text: str) -> bool:
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


# a word's edge: no word character, nor a hyphen joined to one (`AI-powered`, `non-TODO`)
_OPEN = r"(?<!\w)(?<!\w-)"
_CLOSE = r"(?!\w|-\w)"


class PhraseMatcher:
    def __init__(self, phrases: tuple[str, ...]) -> None:
        self.cjk = {p: fold_compact(p) for p in phrases if _has_cjk(p)}
        self.latin = {}
        for p in phrases:
            if p in self.cjk:
                continue
            words = [re.escape(w) for w in p.split()]
            flags = 0 if p.isupper() else re.I
            self.latin[p] = re.compile(_OPEN + r"\s*".join(words) + _CLOSE, flags)
        # one search tells whether any Latin phrase may be in a block at all (most blocks
        # hold none); only then is each phrase looked for, every occurrence of it. The
        # test leaves out the opening edge: a pattern that starts with a lookbehind is
        # tried at every position, one that starts with a letter skips to its first
        # letters (3.6× faster), and a hit it lets through is judged by the phrase's own.
        bare = [(r.pattern.removeprefix(_OPEN), r.flags & re.I) for r in self.latin.values()]
        self.any_latin = re.compile(
            "|".join(f"(?i:{pattern})" if folded else pattern for pattern, folded in bare)
            or r"(?!)"
        )

    def find(self, block: Block) -> Iterator[Hit]:
        hits: list[Hit] = []
        # Cheap test first: most blocks hold none of the phrases, and only a hit needs the
        # character map back to the report.
        quick = fold_compact(block.text)
        if any(key in quick for key in self.cjk.values()):
            squashed, index = fold_compact_indexed(block.text)
            for phrase, key in self.cjk.items():
                start = squashed.find(key)
                while start >= 0 and key:
                    a, b = index[start], index[start + len(key) - 1] + 1
                    hits.append(Hit(phrase, block.offsets[a], block.offsets.end(b)))
                    start = squashed.find(key, start + len(key))
        latin = self.latin.items() if self.any_latin.search(block.text) else ()
        for phrase, pattern in latin:
            for m in pattern.finditer(block.text):
                hits.append(Hit(phrase, block.offsets[m.start()], block.offsets.end(m.end())))
        yield from sorted(hits, key=lambda h: (h.start, h.phrase))
