"""Numbers in brackets that are a notation, not a citation.

A sequence variant written in HGVS counts repeats in brackets (`c.97GCC[9]+[10]`,
`p.Ala33[9]`): the variant is one token from its `c.`, `g.`, `p.` … prefix. Doubled
brackets with no link after them (`a [[102, 22, 9]] code`, a quantum code's parameters)
are never how a report cites: `[[3]](url)` is a link, read as one. A superscript glued
to a capital after a space or a bracket is an isotope's mass number (`¹³⁷Ba⁺ ions`,
`(¹⁴C)`), and so is one glued to an element's symbol after a Chinese or Japanese character
(`和⁶⁸Ge点源`), not a citation; after a word or a stop it cites (`trial¹²`, `rose.¹² The`).
Brackets inside LaTeX's inline math (`over \\([1,3]\\)`) are an interval.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_VARIANT_BEFORE = re.compile(r"(?<![A-Za-z0-9])[cgmnpr]\.[^\s\[]+(?:\[\d+\][^\s\[]*)*$")
VARIANT_REACH = 40  # characters before the bracket a variant's token may start


def notation(text: str, start: int, end: int) -> bool:
    """Whether the bracketed numbers `text[start:end]` (`[9]`, `[102, 22, 9]`) are a
    notation: a variant's repeat count, or a pair of brackets inside another, unlinked."""
    if _VARIANT_BEFORE.search(text, max(0, start - VARIANT_REACH), start):
        return True
    after = text[end : end + 2]
    return text[start - 1 : start] == "[" and after[:1] == "]" and after != "]("


_ISOTOPE_AFTER = re.compile(r"ᵐ?[A-Z]")  # the element's symbol (`⁹⁹ᵐTc`: a metastable one)
_ISOTOPE_BEFORE = frozenset(("", " ", "\t", "\n", "(", "[", "-", "/", "（"))


# after a Chinese or Japanese character (no space in those scripts: `和⁶⁸Ge点源`), the symbol
# alone: one capital, at most one small letter, then no Latin letter (`疗效¹²CAR-T` cites)
_SYMBOL_ALONE = re.compile(r"ᵐ?[A-Z][a-z]?(?![A-Za-z])")


def isotope(text: str, start: int, end: int) -> bool:
    """Whether the superscript `text[start:end]` is an isotope's mass number (`¹³⁷Ba`)."""
    before = text[start - 1 : start] if start else ""
    if before in _ISOTOPE_BEFORE:
        return _ISOTOPE_AFTER.match(text, end) is not None
    return _cjk(before) and _SYMBOL_ALONE.match(text, end) is not None


def _cjk(char: str) -> bool:
    return bool(char) and ("\u3040" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af")


# LaTeX's inline math, `\(` … `\)`: a bracket in it is an interval (`over \([1,3]\)`), and a
# formula holding a command (`\(\beta_2(x) = (2/3)x\)`) has constants, no figures; a
# statistic written in it with no command (`\(n = 450\)`) stays read
_COMMAND = re.compile(r"\\[A-Za-z]{2,}")
_BRACKETS = str.maketrans("[]", "  ")


def bracketless(text: str, math: Sequence[tuple[int, int]]) -> str:
    """`text` with the brackets inside its inline math blanked (offsets kept); one pass,
    however many spans a block holds (the spans are in order and apart)."""
    if not math:
        return text
    parts: list[str] = []
    at = 0
    for begin, end in math:
        parts += (text[at:begin], text[begin:end].translate(_BRACKETS))
        at = end
    parts.append(text[at:])
    return "".join(parts)


def formulas(text: str, math: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of inline math that are formulas: their numbers are no claim's."""
    spans = [(b, e) for b, e in math if _COMMAND.search(text, b, e)]
    if "$" in text:
        spans += [m.span() for m in _DOLLAR_MATH.finditer(text) if _COMMAND.search(m.group())]
        spans.sort()
    return spans


# …and its dollar form, `一般建议 $N = 1000 \times d$ 起步` (pandoc's reading: no space just
# inside either dollar, no digit right after the closing one, so `$5 to $10` stays money;
# a command in it, as above). Bounded, so a line of dollars is read in linear time.
_DOLLAR_MATH = re.compile(r"(?<![$\\])\$(?![\s$])[^$\n]{1,400}?(?<![\s\\])\$(?![$\d])")
