"""Folding and positions: the one way citelint compares text, and anchors masked out.

`fold` is the comparison form everywhere (NFKC, case-folded, whitespace collapsed);
`fold_compact` drops whitespace (CJK has no word boundaries), `squash` drops hyphens too
(codes and drug names). `normalize` keeps, for each output character, the index of the
character it came from, so a finding can point at the exact token in the report.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence

from citelint.ground.anchors import ANCHOR_SHAPE

_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# A subscript digit is an index, never a quantity's digit (`ν₁`, `Fe₂O₃`, `T₁/₂`): it reads
# as a mark no number pattern takes, so `ν₁位于931 cm⁻¹` states 931 cm⁻¹ and nothing else.
_SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉"
_INDEX_MARK = "_"
_KEEP = {"，": "，", "、": "、", "。": "。", "；": "；"}  # CJK punctuation that NFKC would fold
# The superscript minus is the ASCII hyphen-minus the unit and power grammars read, not the
# minus sign NFKC makes of it: `cm⁻¹` is `cm-1` as a source prints it, `10⁻³` a power.
_FOLDED = {**_KEEP, "⁻": "-"}
HYPHENS = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00ad"
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_SPACE_AND_HYPHENS = re.compile(rf"[\s\-{HYPHENS}]+")


def folded(text: str) -> str:
    """NFKC and case-folded: the base of every comparison."""
    return unicodedata.normalize("NFKC", text).casefold()


def fold(text: str) -> str:
    """Normalised for matching: NFKC, case-folded, whitespace collapsed."""
    return " ".join(folded(text).split())


def fold_compact(text: str) -> str:
    """Folded with all whitespace removed (phrase and CJK matching)."""
    return "".join(folded(text).split())


def squash(text: str) -> str:
    """Folded with all whitespace and hyphens removed (entity and drug matching)."""
    return _SPACE_AND_HYPHENS.sub("", folded(text))


def fold_compact_indexed(text: str) -> tuple[str, list[int]]:
    """`fold_compact(text)` and, for each of its characters, the index it came from."""
    out: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text):
        for c in folded(ch):
            if not c.isspace():
                out.append(c)
                index.append(i)
    return "".join(out), index


_GROUPING_SPACES = "\u00a0\u2009\u202f"  # no-break, thin and narrow no-break spaces


def _groups_thousands(text: str, i: int) -> bool:
    """Whether the space at `i` groups a number's digits: a digit before, three after."""
    after = text[i + 1 : i + 5]
    return (
        i > 0
        and text[i - 1].isdigit()
        and after[:3].isdigit()
        and len(after[:3]) == 3
        and not after[3:4].isdigit()
    )


def normalize(text: str) -> tuple[str, Sequence[int]]:
    """NFKC per character (F3 rules first) and, for each output char, its source index.

    Superscript digits after a digit, letter, `%` or `)` are footnote markers and go;
    subscript digits are indices and become a mark that is no digit; `·` between digits
    is a decimal point; `，` stays full width so that it is never read as a thousands
    separator.
    """
    if text.isascii():
        return text, range(len(text))  # the common English case: nothing to fold
    out: list[str] = []
    index: list[int] = []
    n = len(text)
    pos = 0
    run = -1  # where the superscript run that ends at `i` starts (kept, never re-walked)
    for m in _NON_ASCII.finditer(text):  # ASCII runs are copied whole
        i, ch = m.start(), m.group()
        if i > pos:
            out.append(text[pos:i])
            index.extend(range(pos, i))
        in_run = ch in _SUPERSCRIPTS or ch == "⁻"
        run = (run if run >= 0 and pos == i else i) if in_run else -1
        pos = i + 1
        power = _power(text, i, run) if in_run else ""
        if power:
            out.append(power)
            index.extend([i] * len(power))
            continue
        if _footnote_mark(text, i):
            continue
        if ch in _SUBSCRIPTS:
            norm = _INDEX_MARK
        elif ch == "·" and 0 < i < n - 1 and text[i - 1].isdigit() and text[i + 1].isdigit():
            norm = "."
        elif ch in _GROUPING_SPACES and _groups_thousands(text, i):
            norm = ","  # `4 956`, `16 192` (SI style): one number, never 4 and 956
        else:
            norm = _nfkc(ch)
        out.append(norm)
        index.extend([i] * len(norm))
    if pos < n:
        out.append(text[pos:])
        index.extend(range(pos, n))
    return "".join(out), index


_TIMES_TEN = re.compile(r"[×xX*][ \t]*10$")


def _power(text: str, i: int, j: int) -> str:
    """A superscript digit of `× 10⁹` is a power (`^9`), not a footnote mark; `j` is where
    its run of superscripts starts."""
    if not _TIMES_TEN.search(text, max(0, j - 6), j):
        return ""
    digit = _nfkc(text[i])
    return "^" + digit if j == i else digit


def _footnote_mark(text: str, i: int) -> bool:
    ch = text[i]
    if ch not in _SUPERSCRIPTS or not i:
        return False
    before = text[i - 1]
    if before == "m" and ch in "²³":
        return False  # m² is a unit
    return before.isalnum() or before in "%)" or before in _SUPERSCRIPTS


@functools.lru_cache(maxsize=8192)
def _nfkc(ch: str) -> str:
    return _FOLDED.get(ch) or unicodedata.normalize("NFKC", ch)


def mask_anchors(text: str) -> str:
    """Anchors replaced by spaces of the same length, so positions stay valid."""
    return ANCHOR_SHAPE.sub(lambda m: " " * len(m.group(0)), text)


def blank(text: str, ranges: Sequence[tuple[int, int]]) -> str:
    """`text` with the ranges turned to spaces, positions kept (citations in a report's
    own style, which say nothing a claim states)."""
    if not ranges:
        return text
    chars = list(text)
    for b, e in ranges:
        chars[b:e] = " " * (e - b)
    return "".join(chars)


def distinct(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def is_han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"
