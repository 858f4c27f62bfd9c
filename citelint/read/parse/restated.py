"""A figure restated from a cited place borrows that place's citation.

Reports state a figure once with its citation and again without one: the abstract
(`2025年全国居民人均可支配收入为43,377元…`), a conclusion, a summary paragraph over the
cited bullets that follow it, a risk that recalls a cited count. Each restatement is the
cited statement again, and its source is the one already cited for it. An uncited
sentence all of whose figures stand in cited sentences of the same report — at least one
of them distinctive (a decimal, an amount to the cent as `$7.00`, a whole number of three
digits or more that is no bare year, or a figure and unit two cited sentences state: the
report's own subject, `每天综合体育活动时间不低于2小时` cited twice, then `“2小时”是政策
目标`) — borrows the citations of the first cited sentence stating each. It is then
checked against them like every borrower, never exempted: a figure the cited source
does not state is still a finding once the source is saved. One new figure, or only
common ones (`4亿`, `2025年`), and it stays uncited. An amount of money is its value and
magnitude: `$1,085.2` in a list and `$645.1 billion` restate the cited `$1,085.2B` and
`$645.1B` (the word after an amount is no unit of it).
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from citelint.ground.document import Anchor, Block, Sentence

# a number with its percent sign or multiplier and the unit after it: `43,377元`, `8.9%`,
# `3320万户`, `100 kHz`
_FIGURE = re.compile(
    r"(?<![0-9A-Za-z.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s?([%‰万亿]?)\s?"
    r"([A-Za-z]{1,12}|[\u4e00-\u9fff])?"
)
_ID_CHARS = frozenset("0123456789-_.") | frozenset(string.ascii_letters)
_CLAIMS = frozenset({"p", "li", "row", "blockquote", "dd", "anon"})
_HYPHEN_WORD = re.compile(r"^-[A-Za-z]+$")  # `-month` after `12`: its unit
MAX_LENT = 8  # citations a restated sentence borrows, at most
ESTABLISHED = 2  # cited sentences stating a common figure with its unit make it the report's
# an amount of money with its magnitude glued on (`$1,085.2B`, `€1.2bn`): the letters are
# the figure's unit, not a name's (`5G`, `B12` stay names)
_MONEY = re.compile(r"[$€£¥]\d[\d,]*(?:\.\d+)?(?:bn|mn|tn|[kKmMbBtT])(?![A-Za-z])")
_CURRENCY = "$€£¥"
_MAGNITUDE_UNITS = frozenset("kmbt")
# the magnitude words and their short forms are one unit
_MAGNITUDES = {
    "bn": "b",
    "billion": "b",
    "billions": "b",
    "mn": "m",
    "million": "m",
    "millions": "m",
    "tn": "t",
    "trillion": "t",
    "trillions": "t",
    "thousand": "k",
}

Figure = tuple[str, str, str]  # value, percent sign or multiplier, unit


def restated_figures(blocks: Sequence[Block]) -> None:
    """Let each uncited sentence whose figures are all cited elsewhere borrow their
    citations (the blocks are still being built: their sentences are set here)."""
    cited: dict[Figure, tuple[Anchor, ...]] = {}
    stated: dict[Figure, int] = {}  # how many cited sentences state each figure and unit
    for block in blocks:
        for s in block.sentences:
            lent = tuple(a for a in s.anchors if a.lends)
            if lent and not block.appendix:
                for figure in dict.fromkeys(_figures(s.text)):
                    value, sign, _ = figure
                    # the first cited place stating it, with its unit and with any
                    cited.setdefault(figure, lent)
                    cited.setdefault((value, sign, "*"), lent)
                    stated[figure] = stated.get(figure, 0) + 1
    if not cited:
        return
    # a figure and unit two cited sentences state is the report's own subject (`每天综合
    # 体育活动时间不低于2小时` [1], [3]): restated, it is that figure, however common
    established = frozenset(f for f, n in stated.items() if n >= ESTABLISHED and f[2])
    for block in blocks:
        if block.kind not in _CLAIMS or block.appendix or block.listed:
            continue
        if all(s.anchors for s in block.sentences):
            continue
        sentences = tuple(
            _borrowed(s, cited, established) if not s.anchors else s for s in block.sentences
        )
        object.__setattr__(block, "sentences", sentences)  # still being built: set once


def _borrowed(
    s: Sentence, cited: dict[Figure, tuple[Anchor, ...]], established: frozenset[Figure]
) -> Sentence:
    priced: set[Figure] = set()
    figures = _figures(s.text, priced)
    distinct = {f for f in figures if _distinctive(f) or f in priced or f in established}
    if not distinct:
        return s
    lent: dict[Anchor, None] = {}
    for figure in figures:
        value, sign, unit = figure
        # a distinctive figure with its unit: `100 kHz` is not the `100 qubits` cited (a
        # bare `1.5亿` in a range is any unit's); a common one, a year, anywhere it stands
        found = (
            cited.get(figure) or cited.get((value, sign, ""))
            if unit and figure in distinct
            else cited.get((value, sign, "*"))
        )
        if found is None:
            return s
        lent.update(dict.fromkeys(found))
    return s.borrowing(tuple(lent)[:MAX_LENT])


def _figures(text: str, priced: set[Figure] | None = None) -> list[Figure]:
    """Each number of `text` as a value and its percent sign or multiplier; an amount
    written to the cent (`$7.00`) is also put in `priced`, as distinctive as any decimal
    though its value is whole."""
    if not any(c.isdigit() for c in text):
        return []
    out: list[Figure] = []
    for m in _FIGURE.finditer(text):
        money = _MONEY.match(text, m.start() - 1) is not None if m.start() else False
        if not money and _identifier(text, m.start(), m.end(2) if m.group(2) else m.end(1)):
            continue  # `NCI-2025-00832`, `COVID-19`: a name's digits
        try:
            value = Decimal(m.group(1).replace(",", "") + (m.group(2) or ""))
        except InvalidOperation:  # pragma: no cover - the pattern only spells decimals
            continue
        sign = m.group(3)
        # a percentage is its own unit: the word after it is the sentence's (`8.9% of`)
        unit = "" if sign in ("%", "‰") else (m.group(4) or "").lower()
        unit = _MAGNITUDES.get(unit, unit)  # `$645.1 billion` is the `$645.1B` cited
        if m.start() and text[m.start() - 1] in _CURRENCY and unit not in _MAGNITUDE_UNITS:
            unit = ""  # `$1,085.2 and`: an amount's unit is its currency, not the next word
        figure = (format(value.normalize(), "f"), sign, unit)
        if priced is not None and m.group(2) and m.start() and text[m.start() - 1] in _CURRENCY:
            priced.add(figure)
        out.append(figure)
    return out


def _identifier(text: str, start: int, end: int) -> bool:
    """Whether the digits at `start:end` sit in a run of letters, digits and hyphens
    that names something (`NCT06727565`, `COVID-19`, `H2-1`, `5G`): letters before the
    digits or right after them. A word after a hyphen is the figure's unit (`12-month`,
    `4.8-fold`), not a name."""
    a, b = start, end
    while a > 0 and start - a < 40 and text[a - 1] in _ID_CHARS:
        a -= 1
    while b < len(text) and b - end < 40 and text[b] in _ID_CHARS:
        b += 1
    after = _HYPHEN_WORD.sub("", text[end:b], count=1)
    return any(c.isascii() and c.isalpha() for c in text[a:start] + after)


def _distinctive(figure: Figure) -> bool:
    """A figure few other statements share: a decimal, or three digits or more that are
    no bare year (`2025`)."""
    value, sign, _ = figure
    if "." in value:
        return True
    year = len(value) == 4 and value[:2] in ("19", "20") and not sign
    return len(value) >= 3 and not year
