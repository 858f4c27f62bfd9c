"""Unit grammar (RULES §2, DECISIONS N1–N10): the scale words, currencies and unit shapes
that may follow a number, and what each makes of it."""

from __future__ import annotations

import re

from citelint.ground.tokens.kinds import Kind

SCALES = {
    "千万": "千万", "百万": "百万", "万亿": "万亿", "万": "万", "亿": "亿",
    "thousand": "thousand", "million": "million", "billion": "billion", "trillion": "trillion",
    "k": "thousand", "K": "thousand", "M": "million", "B": "billion", "bn": "billion",
    "mn": "million",
}  # fmt: skip
CURRENCY = {
    "元": "CNY", "rmb": "CNY", "cny": "CNY", "¥": "CNY", "人民币": "CNY",
    "$": "USD", "usd": "USD", "美元": "USD", "us$": "USD", "dollars": "USD", "dollar": "USD",
    "€": "EUR", "eur": "EUR", "欧元": "EUR", "euros": "EUR", "euro": "EUR",
    "£": "GBP", "gbp": "GBP", "英镑": "GBP",
}  # fmt: skip

# Measurement units by their shape (SI/UCUM symbols: an optional prefix, a base symbol and
# a power), never a list of every unit: `mmol/L`, `cells/mm3`, `Gy/fraction`, `kg/m2`.
_SPECIAL = r"°[CF]|bpm|BPM|mmHg|cmH2O|pp[mb]|dB|fps"
_PREFIX = r"[pnμµmcdkMG]"  # micro as the Greek mu (U+03BC) or the micro sign (U+00B5)
# symbols of two letters or more, and the ohm: `0.51 eV`, `32 meV`, `1.25 kΩ`
_BASE = r"(?:mol|Gy|Sv|Hz|Pa|Bq|[Ee]q|kat|cal|eV|Ω)"
# a sentence's full stop may follow the power (`at 1328 cm-1.`), a decimal may not (`m-1.5`)
_POWER = r"(?:\^?-?[1-3](?!\d|\.\d))?(?![A-Za-z])"
_SYMBOL = (
    rf"(?:{_SPECIAL}|{_PREFIX}?(?:{_BASE}|IU)|{_PREFIX}(?:g|m|L|l|s|M|U|V|W|J|N|A)|L|g|U"
    rf"|m(?=\^?\d)){_POWER}"
)
_WORD = r"[A-Za-z]{2,12}(?![A-Za-z])"
_ATOM = rf"(?:{_SYMBOL}|{_WORD})"
_PER = r"[ \t]*/[ \t]*(?:\d+(?:\.\d+)?[ \t]*)?"
# A compound holds at least one symbol: `and/or` is not a unit. Its parts are divided
# (`µA/µm`) or multiplied (`Ω·µm`, `kΩ⋅cm`).
_JOIN = rf"(?:{_PER}|[ \t]*[·⋅][ \t]*)"
_COMPOUND = (
    rf"(?:{_SYMBOL}(?:{_JOIN}{_ATOM})+|{_WORD}(?:{_PER}{_WORD})*{_PER}{_SYMBOL}(?:{_JOIN}{_ATOM})*)"
)
# A symbol standing alone: doses (`mg`, `g`, `IU`) have entries of their own, `U` and `N`
# alone are too often something else, and a litre needs a space (`1L` is a therapy line).
_SIMPLE = (
    rf"(?:{_SPECIAL}|{_PREFIX}?{_BASE}|{_PREFIX}(?:m|L|l|s|M|V|W|J|A|N)|(?<=[ \t])L"
    rf"|m(?=\^?\d)){_POWER}"
)
# A counted thing: a plural noun, with at most one modifier before it (`52 variants`,
# `21 healthy volunteers`). English function words are neither; `analysis`, `status` and
# `class` end in s but are singular. Nor is a linking or reporting verb, whose -s is the
# third person's (`a ratio above 1.0 indicates …`, `a score of 5 means …`): the number there
# is a threshold in the subject, not a count of `indicates`.
_FUNCTION = (
    r"(?:of|the|and|or|to|in|on|at|for|with|from|by|was|were|is|are|has|have|had|as|than|"
    r"more|less|its|this|these|those|plus|versus|times|fold|per|vs|also|into|over|under|"
    r"indicates|means|suggests|implies|signals|denotes|represents|reflects|requires|remains|"
    r"becomes|equals|corresponds)"
    r"(?![A-Za-z])"
)
_PLURAL = r"[a-z]{2,}[a-hj-rt-z]s(?![A-Za-z])"
# the modifier may be an element's symbol: `256 Yb atoms`
# An ordinal's suffix is no modifier: `1st-person forms` names the grammatical person.
_COUNTED = (  # …after a space: `2D grids` is a dimension, not two D grids
    rf"(?<!-)(?!(?<=\d)(?:st|nd|rd|th)(?![a-z]))"
    rf"(?:(?!{_FUNCTION})(?:[a-z][a-z-]{{2,14}}|(?<=[ \t])[A-Z][a-z]?)[ \t]+)?"
    rf"(?!{_FUNCTION}){_PLURAL}"
)
COUNTED = "counted"  # the unit of a number before a plural noun
# A portion in grams or millilitres (`全麦面包2片（60g）`, `低脂牛奶250ml`): in the author's
# plan it sizes a serving, and asks a source only beside a drug's name (`1 g ceftriaxone`)
PORTION_UNITS = frozenset({"g", "mL"})
_PER_TIME = r"[ \t]*/[ \t]*(?:day|d|week|wk|dose|cycle|h|hr|hour)(?![A-Za-z])"
PER_SYMBOL = re.compile(rf"{_PER}{_SYMBOL}")  # `/L` after `× 10^9`
EXPONENT = re.compile(r"[ \t]*[×xX*][ \t]*10\^(-?\d{1,2})(?!\d)")

# (pattern, kind, unit); the alternation tries them in order, so longer forms come first.
# A MEASURE's unit is None here but a factor's: it is the matched text, folded by `unit_text`.
UNITS: tuple[tuple[str, Kind, str | None], ...] = (
    (r"个百分点", Kind.PP, None),
    (r"percentage\s+points?(?![A-Za-z])", Kind.PP, None),
    (r"pp(?![A-Za-z])", Kind.PP, None),
    (r"%", Kind.PERCENT, None),
    (r"per\s?cent(?![A-Za-z])", Kind.PERCENT, None),
    (r"‰", Kind.PERMILLE, None),
    (r"mg\s*/\s*m2|mg\s+per\s+square\s+met(?:er|re)s?(?![A-Za-z])", Kind.DOSE, "mg/m2"),
    (r"mg\s*/\s*kg|mg\s+per\s+kilogram(?![A-Za-z])", Kind.DOSE, "mg/kg"),
    (rf"mg{_PER_TIME}", Kind.DOSE, "mg"),  # a schedule is still a dose: `10 mg/day`
    (rf"(?:[μµ]g|mcg){_PER_TIME}", Kind.DOSE, "μg"),
    (_COMPOUND, Kind.MEASURE, None),
    (r"mg(?![A-Za-z])", Kind.DOSE, "mg"),
    (r"(?:[μµ]g|mcg)(?![A-Za-z])", Kind.DOSE, "μg"),
    (r"m[lL](?![A-Za-z])", Kind.DOSE, "mL"),
    (r"IU(?![A-Za-z])", Kind.DOSE, "IU"),
    (r"g(?![A-Za-z/])", Kind.DOSE, "g"),
    (r"美元", Kind.MONEY, "USD"),
    (r"欧元", Kind.MONEY, "EUR"),
    (r"英镑", Kind.MONEY, "GBP"),
    # before `日` (a day) and `元` (the yuan): `450万日元` is yen, `100港元` Hong Kong dollars
    (r"日元|日圆|円", Kind.MONEY, "JPY"),
    (r"韩元", Kind.MONEY, "KRW"),
    (r"港元|港币", Kind.MONEY, "HKD"),
    # before `人` (people): `6亿人民币` is six hundred million yuan, not a count of people
    (r"人民币", Kind.MONEY, "CNY"),
    (r"元", Kind.MONEY, "CNY"),
    (r"(?:USD|US\$|dollars?)(?![A-Za-z])", Kind.MONEY, "USD"),
    (r"(?:RMB|CNY)(?![A-Za-z])", Kind.MONEY, "CNY"),
    (r"(?:EUR|euros?)(?![A-Za-z])", Kind.MONEY, "EUR"),
    (r"GBP(?![A-Za-z])", Kind.MONEY, "GBP"),
    (r"(?:JPY|yen)(?![A-Za-z])", Kind.MONEY, "JPY"),
    # a factor: `5 times higher`, `3-fold`, `2.5倍`, `4x`, `2.5×` (not `3 × 10`, `2x2`,
    # nor a capital `X`: `1X Technologies` is a name)
    (
        r"(?:times|fold)(?![A-Za-z])|倍|[×x](?![A-Za-z0-9])(?![ \t]*\d)",
        Kind.MEASURE,
        "times",
    ),
    (r"人次|例|人|名|位|家", Kind.COUNT, None),
    (r"个(?!月|百分点)|项|种|篇", Kind.COUNT, COUNTED),  # measure words: `117个变异`
    (
        # one capitalised group name may stand between: `15 HFrEF patients`
        r"(?:[A-Z][A-Za-z]{1,10}[ \t]+)?"
        r"(?:patients?|cases?|participants?|subjects?|people|persons?|individuals?)(?![A-Za-z])",
        Kind.COUNT,
        None,
    ),
    (r"个月", Kind.DURATION, "month"),
    (r"年(?!龄|级|度报)", Kind.DURATION, "year"),
    (r"周岁|岁", Kind.DURATION, "year"),  # an age: `18至64岁`
    (r"周|星期", Kind.DURATION, "week"),
    (r"天", Kind.DURATION, "day"),
    (r"小时", Kind.DURATION, "hour"),
    (r"-?(?:years?|yrs?)(?![A-Za-z])", Kind.DURATION, "year"),
    (r"-?(?:months?|mos?)(?![A-Za-z])", Kind.DURATION, "month"),
    (r"-?(?:weeks?|wks?)(?![A-Za-z])", Kind.DURATION, "week"),
    (r"-?days?(?![A-Za-z])", Kind.DURATION, "day"),
    (r"-?(?:hours?|hrs?)(?![A-Za-z])", Kind.DURATION, "hour"),
    (r"d(?![A-Za-z])", Kind.DURATION, "day"),
    (r"h(?![A-Za-z])", Kind.DURATION, "hour"),
    (r"月", Kind.MAYBE_MONTH, "month"),  # a duration only after a decimal or a label (N6)
    (r"日", Kind.DURATION, "day"),
    (r"(?<=[ \t])(?:s|secs?|seconds?)(?![A-Za-z'’])", Kind.DURATION, "second"),  # `12.6 s`
    # a unit by its symbol, its English name or its Chinese one is one unit (`5 km`, `5
    # kilometres`, `5公里`): a claim and its source may write it either way
    (r"秒钟?", Kind.DURATION, "second"),
    (r"(?:minutes?|mins?)(?![A-Za-z])|分钟", Kind.DURATION, "minute"),
    (r"millisec(?:ond)?s?(?![A-Za-z])|毫秒", Kind.MEASURE, "ms"),
    (r"kilomet(?:er|re)s?(?![A-Za-z])|公里|千米", Kind.MEASURE, "km"),
    (r"centimet(?:er|re)s?(?![A-Za-z])|厘米", Kind.MEASURE, "cm"),
    (r"millimet(?:er|re)s?(?![A-Za-z])|毫米", Kind.MEASURE, "mm"),
    (r"micromet(?:er|re)s?(?![A-Za-z])|microns?(?![A-Za-z])|微米", Kind.MEASURE, "μm"),
    (r"nanomet(?:er|re)s?(?![A-Za-z])|纳米", Kind.MEASURE, "nm"),
    (r"(?:[kK]gs?|kilo(?:gram(?:me)?)?s?)(?![A-Za-z/])|公斤|千克", Kind.MEASURE, "kg"),
    # data sizes (`4 GB`, `4 gigabytes`; `4 MiB` is another size than `4 MB`) and rates
    (r"(?:KB|kilobytes?)(?![A-Za-z])", Kind.MEASURE, "KB"),
    (r"(?:MB|megabytes?)(?![A-Za-z])", Kind.MEASURE, "MB"),
    (r"(?:GB|gigabytes?)(?![A-Za-z])", Kind.MEASURE, "GB"),
    (r"(?:TB|terabytes?)(?![A-Za-z])", Kind.MEASURE, "TB"),
    (r"(?:[KMGT]iB|[kKMGT]?bps|[kMGT]?Wh)(?![A-Za-z])", Kind.MEASURE, None),
    (r"(?:[kMG]b|[kM]?bp)(?![A-Za-z])", Kind.MEASURE, None),  # lengths of DNA: `3.9 Mb`
    (_SIMPLE, Kind.MEASURE, None),
    (_COUNTED, Kind.COUNT, COUNTED),  # a year may stand there too: `In 2019 trials`
    # `a 6,100-qubit array`, `a 3-arm trial`; before a plural noun the compound names a
    # kind (`2-qubit gates`), it counts nothing
    (rf"(?<=-)[a-z]{{3,14}}(?![A-Za-z-])(?![ \t]+{_PLURAL})", Kind.COUNT, COUNTED),
)
# `90-nm`, `6,100-qubit`: a hyphen may join a number to its unit. A plus glued to three
# digits or more says "at least" and leaves the same count (`15,000+ downloads`, as `over
# 15,000 downloads`); after fewer it is as often an age band (`75+ individuals`, `the 65+
# population`), which counts nothing, so there it is not read.
UNIT_RE = re.compile(
    r"(?:-(?=[A-Za-zμµΩ°])|(?<=\d{3})\+(?=[ \t]+[a-z]))?"
    r"[ \t]*(?P<scale>千万|百万|万亿|万|亿|(?:thousand|million|billion|trillion)(?![A-Za-z]))?"
    r"[ \t]*(?:" + "|".join(f"({p})" for p, _, _ in UNITS) + r")?"
)
RATE_RE = re.compile(
    r"[ \t]*(?:/[ \t]*|per[ \t]+)(\d{1,3}(?:,\d{3}){1,4}|\d{1,12})(?:[ \t]*(万))?(?![\d.])"
)
# after a money amount, glued or after one space (`$1bn`, `US$1 bn`, `USD 4.88 M`)
CUR_SCALE_RE = re.compile(r"[ \t]?(k|K|M|B|bn|mn)(?![A-Za-z]|-[A-Za-z])")  # not `B-cell`


def unit_text(written: str) -> str:
    """A measurement unit as compared: spacing and `^` dropped, the litre always `L`, micro
    the Greek mu, a product's dot one (`Ω·µm` is `Ω·μm`)."""
    text = re.sub(r"[ \t^]", "", written).replace("µ", "μ").replace("⋅", "·")
    text = text.replace("BPM", "bpm")  # beats per minute, however cased
    text = re.sub(r"(?<![A-Za-z])K(?=g(?![A-Za-z]))", "k", text)  # `Kg/m^2` is `kg/m2`
    return re.sub(r"(?<![A-Za-z])([pnμmcdk]?)l(?![A-Za-z])", r"\1L", text)
