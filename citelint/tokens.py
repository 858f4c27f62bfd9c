"""The token grammars: numbers, dates, entity codes, drug mentions and therapy markers.

One grammar serves both sides: it decides which sentences need an anchor and which
tokens a cited span must contain (RULES.md §0, §2; DECISIONS N1–N10, F3, E1–E4, D1–D4).
Everything here is grammar — units, naming suffixes, phrase patterns — never a list of
facts: no drug, disease or identifier is known to citelint (the P0 iron law).

Positions: claim-side scanning keeps, for every normalised character, the index of the
character it came from, so a finding can point at the exact token in the report.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

# -- normalisation -----------------------------------------------------------------------

_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_KEEP = {"，": "，", "、": "、", "。": "。", "；": "；"}  # CJK punctuation that NFKC would fold
HYPHENS = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00ad"


def normalize(text: str) -> tuple[str, Sequence[int]]:
    """NFKC per character (F3 rules first) and, for each output char, its source index.

    Superscript digits after a digit, letter, `%` or `)` are footnote markers and go;
    `·` between digits is a decimal point; `，` stays full width so that it is never read
    as a thousands separator.
    """
    if text.isascii():
        return text, range(len(text))  # the common English case: nothing to fold
    out: list[str] = []
    index: list[int] = []
    n = len(text)
    pos = 0
    for m in _NON_ASCII.finditer(text):  # ASCII runs are copied whole
        i, ch = m.start(), m.group()
        if i > pos:
            out.append(text[pos:i])
            index.extend(range(pos, i))
        pos = i + 1
        footnote = (
            ch in _SUPERSCRIPTS
            and i
            and (text[i - 1].isalnum() or text[i - 1] in "%)" or text[i - 1] in _SUPERSCRIPTS)
        )
        if footnote and not (text[i - 1] == "m" and ch in "²³"):  # m² is a unit
            continue
        if ch == "·" and 0 < i < n - 1 and text[i - 1].isdigit() and text[i + 1].isdigit():
            norm = "."
        else:
            norm = _nfkc(ch)
        out.append(norm)
        index.extend([i] * len(norm))
    if pos < n:
        out.append(text[pos:])
        index.extend(range(pos, n))
    return "".join(out), index


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


@functools.lru_cache(maxsize=8192)
def _nfkc(ch: str) -> str:
    return _KEEP.get(ch) or unicodedata.normalize("NFKC", ch)


def fold(text: str) -> str:
    """Normalised for matching: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def squash(text: str) -> str:
    """Folded with all whitespace and hyphens removed (entity and drug matching)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(rf"[\s\-{HYPHENS}]+", "", folded)


# -- numeric tokens ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NumericToken:
    text: str  # as written, for messages
    value: Decimal  # sign ignored
    kind: str  # percent pp permille money count duration dose rate statistic bare scale date
    scale: str | None = None
    unit: str | None = None  # currency class, duration or dose unit, rate denominator, label
    start: int = 0  # index in the scanned (original) text
    end: int = 0
    date: tuple[int, int | None, int | None] | None = None

    def describe(self) -> str:
        return self.text


_SCALES = {
    "千万": "千万", "百万": "百万", "万亿": "万亿", "万": "万", "亿": "亿",
    "thousand": "thousand", "million": "million", "billion": "billion", "trillion": "trillion",
    "k": "thousand", "K": "thousand", "M": "million", "B": "billion", "bn": "billion",
    "mn": "million",
}  # fmt: skip
_CURRENCY = {
    "元": "CNY", "rmb": "CNY", "cny": "CNY", "¥": "CNY", "人民币": "CNY",
    "$": "USD", "usd": "USD", "美元": "USD", "us$": "USD", "dollars": "USD", "dollar": "USD",
    "€": "EUR", "eur": "EUR", "欧元": "EUR", "euros": "EUR", "euro": "EUR",
    "£": "GBP", "gbp": "GBP", "英镑": "GBP",
}  # fmt: skip

# (pattern, kind, unit); the alternation tries them in order, so longer forms come first.
_UNITS: tuple[tuple[str, str, str | None], ...] = (
    (r"个百分点", "pp", None),
    (r"percentage\s+points?(?![A-Za-z])", "pp", None),
    (r"pp(?![A-Za-z])", "pp", None),
    (r"%", "percent", None),
    (r"per\s?cent(?![A-Za-z])", "percent", None),
    (r"‰", "permille", None),
    (r"mg\s*/\s*m2|mg\s+per\s+square\s+met(?:er|re)s?(?![A-Za-z])", "dose", "mg/m2"),
    (r"mg\s*/\s*kg|mg\s+per\s+kilogram(?![A-Za-z])", "dose", "mg/kg"),
    (r"mg(?![A-Za-z])", "dose", "mg"),
    (r"(?:μg|mcg)(?![A-Za-z])", "dose", "μg"),
    (r"m[lL](?![A-Za-z])", "dose", "mL"),
    (r"IU(?![A-Za-z])", "dose", "IU"),
    (r"g(?![A-Za-z/])", "dose", "g"),
    (r"美元", "money", "USD"),
    (r"欧元", "money", "EUR"),
    (r"英镑", "money", "GBP"),
    (r"元", "money", "CNY"),
    (r"(?:USD|US\$|dollars?)(?![A-Za-z])", "money", "USD"),
    (r"(?:RMB|CNY)(?![A-Za-z])", "money", "CNY"),
    (r"(?:EUR|euros?)(?![A-Za-z])", "money", "EUR"),
    (r"GBP(?![A-Za-z])", "money", "GBP"),
    (r"人次|例|人|名|位|家", "count", None),
    (
        r"(?:patients?|cases?|participants?|subjects?|people|persons?|individuals?)(?![A-Za-z])",
        "count",
        None,
    ),
    (r"个月", "duration", "month"),
    (r"年(?!龄|级|度报)", "duration", "year"),
    (r"周|星期", "duration", "week"),
    (r"天", "duration", "day"),
    (r"小时", "duration", "hour"),
    (r"-?(?:years?|yrs?)(?![A-Za-z])", "duration", "year"),
    (r"-?(?:months?|mos?)(?![A-Za-z])", "duration", "month"),
    (r"-?(?:weeks?|wks?)(?![A-Za-z])", "duration", "week"),
    (r"-?days?(?![A-Za-z])", "duration", "day"),
    (r"-?(?:hours?|hrs?)(?![A-Za-z])", "duration", "hour"),
    (r"d(?![A-Za-z])", "duration", "day"),
    (r"h(?![A-Za-z])", "duration", "hour"),
    (r"月", "month?", "month"),  # a duration only after a decimal or a label (N6)
    (r"日", "duration", "day"),
)
_UNIT_RE = re.compile(
    r"[ \t]*(?P<scale>千万|百万|万亿|万|亿|(?:thousand|million|billion|trillion)(?![A-Za-z]))?"
    r"[ \t]*(?:" + "|".join(f"({p})" for p, _, _ in _UNITS) + r")?"
)
_RATE_RE = re.compile(r"[ \t]*(?:/[ \t]*|per[ \t]+)(\d{1,3}(?:,\d{3})+|\d+)[ \t]*(万)?(?![\d.])")
_CUR_SCALE_RE = re.compile(r"(k|K|M|B|bn|mn)(?![A-Za-z])")
_NUMBER = re.compile(r"(?<![\d.])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|(?<![\w.])\.\d+")
_CUR_PREFIX = re.compile(
    r"(US\$|\$|¥|€|£|USD|RMB|CNY|EUR|GBP|人民币)[ \t]*(?:约|approximately|about|~)?[ \t]*$"
)
_STRICT_LABELS = r"aHR|HR|OR|RR|CI|ORR|DCR|PFS|OS|DFS|EFS|mPFS|mOS|CR|PR|TTP|DoR|DOR"
_LABEL_RE = re.compile(
    rf"(?<![A-Za-z])(?P<strict>{_STRICT_LABELS})(?![A-Za-z])"
    r"|(?<![A-Za-z])(?P<loose>(?i:median|hazard\s+ratio|odds\s+ratio|mean)(?![A-Za-z])|中位)"
)
_OP_LABEL_RE = re.compile(r"(?<![A-Za-z])(?P<op>[pPnN])\s*(?:[=<>≤≥]|<=|>=)\s*$")
_GAP_SEPARATORS = re.compile(r"[=:,;(（）)\[\]\s]|of|was|is|为|是")
_RANGE = re.compile(r"^\s*(?:-|–|—|~|至|到|to)\s*$")
_LIST = re.compile(
    r"^\s*(?:(?:,|，|、)\s*(?:and|or|和|与|及|或)?|and|or|vs\.?|versus|和|与|及|或|对|比|"
    r"-|–|—|~|至|到|to)\s*$"
)
_CI_LEVEL = re.compile(r"\s*(?:\[?CI\b|confidence\s+interval|置信区间)", re.I)
_VERSUS = re.compile(r"^\s*(?:vs\.?|versus|对|比)\s*$")
_YEAR = (1900, 2100)

# dates (N6), matched before numbers so their parts are never read as quantities
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_MON = r"(?P<mon>(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)"
_DATE_PATTERNS = (
    re.compile(r"(?P<y>\d{4})年(?P<m>\d{1,2})月(?:(?P<d>\d{1,2})[日号])?"),
    re.compile(r"(?<![\d年])(?P<m>\d{1,2})月(?P<d>\d{1,2})[日号]"),
    re.compile(r"(?<![\d.])(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?!\d)"),
    re.compile(r"(?<![\d.])(?P<y>\d{4})/(?P<m>\d{1,2})(?:/(?P<d>\d{1,2}))?(?!\d)"),
    re.compile(rf"{_MON}\s+(?P<d>\d{{1,2}}),?\s+(?P<y>\d{{4}})(?!\d)"),
    re.compile(rf"(?<!\d)(?P<d>\d{{1,2}})\s+{_MON},?\s+(?P<y>\d{{4}})(?!\d)"),
    re.compile(rf"(?<!\d)(?P<y>\d{{4}})\s+{_MON}(?:\s+(?P<d>\d{{1,2}})(?!\d))?"),
    re.compile(rf"{_MON},?\s+(?P<y>\d{{4}})(?!\d)"),
    re.compile(r"(?<![\d.])(?P<y>\d{4})\s*年(?![龄级度报])"),
)


_DATE_HINT = re.compile(r"[年月/]|\d-\d|(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


def _date_parts(m: re.Match[str]) -> tuple[int, int | None, int | None] | None:
    groups = m.groupdict()
    year = int(groups["y"]) if groups.get("y") else 0
    month: int | None = None
    if groups.get("m"):
        month = int(groups["m"])
    elif groups.get("mon"):
        month = _MONTHS.index(groups["mon"][:3].lower()) + 1
    day = int(groups["d"]) if groups.get("d") else None
    if year and not _YEAR[0] <= year <= _YEAR[1]:
        return None
    if (month is not None and not 1 <= month <= 12) or (day is not None and not 1 <= day <= 31):
        return None
    return (year, month, day)


def _label_kind(before: str) -> str | None:
    """The statistic label that governs a bare number, if any (N3)."""
    m = _OP_LABEL_RE.search(before)
    if m:
        return "n" if m.group("op") in "nN" else "p"
    labels = list(_LABEL_RE.finditer(before))
    if not labels:
        return None
    m = labels[-1]  # the closest label governs
    words = [w for w in _GAP_SEPARATORS.split(before[m.end() :]) if w and w.strip()]
    if len(words) > 3 or any(w.lower() in ("and", "or", "vs", "versus") for w in words):
        return None
    return m.group("strict") or (m.group("loose") or "").lower()


def numeric_tokens(text: str, *, source: bool = False) -> list[NumericToken]:
    """Numeric and date tokens of `text`, positions in `text`.

    With `source=True` every other number is kept too, as kind `bare` (DECISIONS X2),
    so a span's index holds every number it states.
    """
    norm, index = normalize(text)
    return _scan(norm, index, text, source)


def _scan(norm: str, index: Sequence[int], original: str, source: bool) -> list[NumericToken]:
    taken: list[tuple[int, int]] = []
    tokens: list[NumericToken] = []

    def pos(i: int) -> int:
        return index[i] if i < len(index) else len(original)

    def end_pos(i: int) -> int:
        return index[i - 1] + 1 if 0 < i <= len(index) else pos(i)

    for pattern in _DATE_PATTERNS if _DATE_HINT.search(norm) else ():
        for m in pattern.finditer(norm):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            parts = _date_parts(m)
            if parts is None or (not parts[0] and parts[1] is None):
                continue
            if pattern is _DATE_PATTERNS[1] and not parts[0]:
                parts = (0, parts[1], parts[2])
            taken.append((m.start(), m.end()))
            tokens.append(
                NumericToken(
                    original[pos(m.start()) : end_pos(m.end())],
                    Decimal(parts[0]),
                    "date",
                    start=pos(m.start()),
                    end=end_pos(m.end()),
                    date=parts,
                )
            )
    raw: list[NumericToken | None] = []
    spans: list[tuple[int, int]] = []
    consumed = 0
    for m in _NUMBER.finditer(norm):
        s = m.start()
        if s < consumed or any(a <= s < b for a, b in taken):
            continue
        token = _classify(norm, m, source)
        if token is None:
            continue
        value, kind, scale, unit, stop = token
        consumed = stop
        raw.append(
            NumericToken(
                original[pos(s) : end_pos(stop)], value, kind, scale, unit, pos(s), end_pos(stop)
            )
        )
        spans.append((s, stop))
    _distribute(norm, raw, spans)
    for tok in raw:
        if tok is None:
            continue
        if tok.kind == "month?":
            continue  # `3月` alone is a month name, not a quantity (N6)
        if tok.kind == "year?":
            tokens.append(replace(tok, kind="date", date=(int(tok.value), None, None)))
        elif tok.kind in ("bare", "label") and not source:
            continue
        else:
            tokens.append(replace(tok, kind="bare") if tok.kind == "label" else tok)
    tokens.sort(key=lambda t: (t.start, t.end))
    return tokens


def _classify(
    norm: str, m: re.Match[str], source: bool
) -> tuple[Decimal, str, str | None, str | None, int] | None:
    s, e = m.start(), m.end()
    before = norm[s - 1] if s else ""
    before2 = norm[s - 2] if s > 1 else ""
    after = norm[e : e + 2]
    if before.isascii() and before.isalpha():
        return None  # glued to letters: HER2, CD20, ROS1, NCT01828099
    if before in "-" + HYPHENS and before2.isascii() and before2.isalpha():
        return None  # PD-1
    if before == "§" or re.match(r"\.\d", after):
        return None  # section numbers and versions: §5.5.2, 1.2.3
    if before == "[" and norm[e : e + 1] == "]":
        return None  # footnote marker [1]
    if re.match(r":\d\d", norm[e : e + 3]) and "." not in m.group(0):
        return None  # time of day or ratio, 10:30
    if before == ":" and re.search(r"\d:$", norm[max(0, s - 3) : s]):
        return None
    value = _decimal(m.group(0))
    if value is None:
        return None
    if value < 0:
        value = -value
    rest = norm[e : e + 2]  # a bounded look: slicing the whole tail would be quadratic
    unit_m = _UNIT_RE.match(norm, e)
    scale = unit_m.group("scale") if unit_m else None
    kind: str | None = None
    unit: str | None = None
    stop = e
    if unit_m and unit_m.lastindex and unit_m.lastindex > 1:
        spec = _UNITS[unit_m.lastindex - 2]
        kind, unit = spec[1], spec[2]
        stop = unit_m.end()
    elif scale:
        stop = unit_m.end("scale") if unit_m else e
    rate = _RATE_RE.match(norm, e) if kind is None and not scale else None
    if rate:
        denominator = int(rate.group(1).replace(",", "")) * (10000 if rate.group(2) else 1)
        kind, unit, stop = "rate", str(denominator), rate.end()
    currency = _CUR_PREFIX.search(norm, max(0, s - 20), s)
    if currency and kind in (None, "money"):
        cls = _CURRENCY[currency.group(1).lower()]
        if kind == "money" and unit != cls:
            pass  # `$35 元` is odd; keep the suffix
        kind, unit = "money", unit or cls
        if not scale:
            cur = _CUR_SCALE_RE.match(norm, e)
            if cur:
                scale = cur.group(1)
                stop = cur.end()
    if kind is None and rest[:1].isascii() and rest[:1].isalpha():
        return None  # glued to letters on the right: 5-FU is handled below, 3L, 2A
    if kind is None and re.match(rf"[-{HYPHENS}][A-Za-z]", rest):
        return None  # 5-FU
    if scale:
        scale = _SCALES.get(scale, scale)
    if kind == "month?":
        label = _label_kind(norm[max(0, s - 48) : s])
        if "." in m.group(0) or label:
            kind = "duration"
    if kind is None:
        label = _label_kind(norm[max(0, s - 48) : s])
        is_year = (
            "." not in m.group(0)
            and "," not in m.group(0)
            and _YEAR[0] <= value <= _YEAR[1]
            and len(m.group(0)) == 4
        )
        if label:
            kind, unit = "statistic", label
        elif scale:
            kind = "scale"
        elif is_year:
            kind = "year?"
        else:
            kind = "bare"
    elif (
        kind == "duration"
        and norm[e:stop].strip() == "年"
        and re.fullmatch(r"\d{4}", m.group(0))
        and _YEAR[0] <= value <= _YEAR[1]
    ):
        kind = "year?"
    return value, kind, scale, unit, stop


def _distribute(norm: str, raw: list[NumericToken | None], spans: list[tuple[int, int]]) -> None:
    """A unit distributes across ranges and lists: `10-20%`, `4.8 vs 1.5 months` (N2)."""
    for i in range(len(raw) - 2, -1, -1):
        tok, nxt = raw[i], raw[i + 1]
        if tok is None or nxt is None or tok.kind not in ("bare", "statistic", "scale"):
            continue
        if nxt.kind in ("bare", "year?", "month?", "date"):
            continue
        gap = norm[spans[i][1] : spans[i + 1][0]]
        if not _LIST.match(gap) or _CI_LEVEL.match(norm, spans[i + 1][1]):
            continue  # `0.45, 95% CI`: the 95% is a confidence level, not a list member
        if tok.kind == "statistic" and nxt.kind == "statistic":
            continue
        if tok.kind == "statistic" and not (_RANGE.match(gap) or _VERSUS.match(gap)):
            continue  # `HR 0.45, 95% CI` must not make 0.45 a percentage
        raw[i] = replace(tok, kind=nxt.kind, scale=nxt.scale, unit=nxt.unit)
    # a parenthesised range right after a statistic gives statistics (N3)
    for i in range(1, len(raw)):
        tok, prev = raw[i], raw[i - 1]
        if tok is None or prev is None or tok.kind != "bare" or prev.kind != "statistic":
            continue
        gap = norm[spans[i - 1][1] : spans[i][0]]
        if re.fullmatch(r"\s*(?:\(|（|,|-|–|—|~|to|至)\s*(?:95%\s*CI[,:]?\s*)?", gap):
            raw[i] = replace(tok, kind="statistic", unit=prev.unit)


def unit_from_header(header: str) -> tuple[str, str | None, str | None] | None:
    """Kind, unit and scale named by a table column header: `ORR (%)`, `PFS, months`, `n`."""
    m = re.search(r"[(（]([^()（）]{1,20})[)）]\s*$", header) or re.search(
        r"[,，]\s*(\S+)\s*$", header
    )
    unit_text = m.group(1) if m else (header.strip() if header.strip() in ("n", "N") else "")
    if unit_text in ("n", "N"):
        return ("count", None, None)
    if not unit_text:
        return None
    norm, _ = normalize("1 " + unit_text.strip())
    probe = _scan(norm, list(range(len(norm))), norm, True)
    if (
        len(probe) == 1
        and probe[0].end >= len(norm.rstrip())
        and probe[0].kind not in ("bare", "date")
    ):
        return (probe[0].kind, probe[0].unit, probe[0].scale)
    return None


def cell_tokens(
    text: str, cells: Sequence[tuple[int, int]], columns: Sequence[str]
) -> list[NumericToken]:
    """Numeric tokens of a table row: bare numbers in a cell take the column's unit (A4)."""
    tokens: list[NumericToken] = []
    for i, (begin, stop) in enumerate(cells):
        header = columns[i] if i < len(columns) else ""
        header_unit = unit_from_header(header)
        for tok in numeric_tokens(text[begin:stop], source=True):
            moved = replace(tok, start=tok.start + begin, end=tok.end + begin)
            if moved.kind == "bare" and header_unit is not None:
                kind, unit, scale = header_unit
                moved = replace(moved, kind=kind, unit=unit, scale=scale)
            tokens.append(moved)
    return tokens


# -- entity tokens (E1–E4) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntityToken:
    text: str
    key: str  # squashed: case-folded, hyphens and spaces removed
    start: int
    end: int
    kind: str = "code"  # code | pmid | doi


_SEGMENT = rf"[A-Za-z0-9]+(?:[-{HYPHENS}][A-Za-z0-9]+)*"
# Only runs holding a digit and an upper-case letter can be codes: look ahead before
# matching, so ordinary words cost one failed look-ahead instead of a trim.
_RUN = rf"[A-Za-z0-9\-{HYPHENS}]*"
_ENTITY_RE = re.compile(rf"(?<![A-Za-z0-9\-{HYPHENS}.])(?={_RUN}\d)(?={_RUN}[A-Z]){_SEGMENT}")
_WORD_NUMBER = re.compile(
    r"(?<![A-Za-z0-9])((?:[A-Z]{4,}|[A-Z][a-z]+[A-Z][A-Za-z]*))[ ]"
    r"(\d{2,4})(?![\d.%,]|\s*(?:%|mg|例|人|个月|months?|patients?))"
)
_PMID_RE = re.compile(r"\bPMID\s*:?\s*(\d{5,9})\b")
_DOI_RE = re.compile(r"\b(10\.\d{4,9}/[-._;()/:A-Za-z0-9]*[A-Za-z0-9])")
_EXCLUDED_ENTITY = re.compile(
    r"^(?:\d+(?:st|nd|rd|th|mg|ml|mL|yr|yrs|h|d|L|A|B|x)|Q\d+W|q\d+w|\d+[A-Za-z]{1,2}\d*|"
    r"[A-Za-z]\d|\d+[-][A-Za-z]+)$"
)


def entity_tokens(text: str) -> list[EntityToken]:
    """Alphanumeric codes, NCT ids, PMIDs and DOIs written in `text`."""
    found: list[EntityToken] = []
    taken: list[tuple[int, int]] = []
    for m in _DOI_RE.finditer(text):
        found.append(EntityToken(m.group(1), m.group(1).casefold(), m.start(1), m.end(1), "doi"))
        taken.append((m.start(), m.end()))
    for m in _PMID_RE.finditer(text):
        found.append(EntityToken(m.group(0), m.group(1), m.start(), m.end(), "pmid"))
        taken.append((m.start(), m.end()))
    for m in _WORD_NUMBER.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        if re.fullmatch(_STRICT_LABELS, m.group(1)):
            continue
        found.append(EntityToken(m.group(0), squash(m.group(0)), m.start(), m.end()))
        taken.append((m.start(), m.end()))
    for m in _ENTITY_RE.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        token = _trim_entity(m.group(0))
        if token is None:
            continue
        offset = m.group(0).index(token)
        found.append(
            EntityToken(token, squash(token), m.start() + offset, m.start() + offset + len(token))
        )
    found.sort(key=lambda t: (t.start, t.end))
    return found


def _trim_entity(raw: str) -> str | None:
    parts = re.split(rf"[-{HYPHENS}]", raw)
    seps = re.findall(rf"[-{HYPHENS}]", raw)
    if parts and parts[0].lower() == "anti" and len(parts) > 1:
        parts, seps = parts[1:], seps[1:]
    while len(parts) > 1 and parts[-1].islower():
        parts, seps = parts[:-1], seps[:-1]
    token = parts[0] + "".join(s + p for s, p in zip(seps, parts[1:], strict=False))
    letters = sum(c.isalpha() for c in token)
    if letters < 2 or not any(c.isdigit() for c in token) or not any(c.isupper() for c in token):
        return None
    if _EXCLUDED_ENTITY.match(token):
        return None
    return token


# -- drug mentions (D1–D4) ---------------------------------------------------------------

DEFAULT_DRUG_SUFFIXES_ZH: tuple[str, ...] = (
    "替尼",
    "西尼布",
    "拉尼布",
    "拉非尼",
    "格列汀",
    "列汀",
    "格列净",
    "列净",
    "单抗",
    "双抗",
    "抗体偶联物",
    "霉素",
    "康唑",
    "芬净",
    "沙星",
    "西林",
    "环素",
    "硝唑",
    "嘧啶",
    "他赛",
    "杉醇",
    "他汀",
    "洛尔",
    "普利",
    "沙坦",
    "地平",
    "西汀",
    "西泮",
    "巴比妥",
    "司他",
    "鲁肽",
    "那肽",
    "铂",
)
DEFAULT_DRUG_PREFIXES_ZH: tuple[str, ...] = ("头孢",)
DEFAULT_DRUG_STOP_WORDS_ZH: tuple[str, ...] = (
    "首选",
    "推荐",
    "使用",
    "联合",
    "采用",
    "给予",
    "序贯",
    "含",
    "和",
    "与",
    "及",
    "或",
    "的",
    "接受",
    "选用",
    "显示",
    "应用",
    "服用",
    "口服",
    "静脉",
    "既往",
    "过",
    "对于",
    "以",
    "基于",
    "为",
    "是",
    "在",
    "用",
    "行",
    "经",
    "予",
    "后",
    "前",
    "中",
    "其",
    "等",
    "及其",
    "治疗",
)
DEFAULT_DRUG_STEMS_EN: tuple[str, ...] = (
    "tinib",
    "ciclib",
    "parib",
    "rafenib",
    "lisib",
    "degib",
    "mab",
    "statin",
    "sartan",
    "pril",
    "olol",
    "dipine",
    "azole",
    "mycin",
    "floxacin",
    "cillin",
    "cycline",
    "navir",
    "tegravir",
    "ciclovir",
    "platin",
    "taxel",
    "rubicin",
    "glutide",
    "farnib",
    "limus",
    "sertib",
    "zomib",
    "abine",
    "trexate",
    "tecan",
    "vedotin",
)
_CLASS_AFTER = ("类", "耐药", "敏感", "为基础")
_CLASS_WORDS = re.compile(r"^(?:[A-Z0-9-]*(?:TKI|ADC|mAb|MAB|抑制剂|单抗|双抗)|PD-L?1|CTLA-4)$")


@dataclass(frozen=True, slots=True)
class DrugMention:
    name: str
    start: int
    end: int
    brands: tuple[str, ...] = ()
    affix: str = ""  # the suffix, prefix or stem that made it a drug
    chinese: bool = False
    prefix_form: bool = False


@dataclass(frozen=True)
class DrugGrammar:
    suffixes_zh: tuple[str, ...] = DEFAULT_DRUG_SUFFIXES_ZH
    prefixes_zh: tuple[str, ...] = DEFAULT_DRUG_PREFIXES_ZH
    stop_words_zh: tuple[str, ...] = DEFAULT_DRUG_STOP_WORDS_ZH
    stems_en: tuple[str, ...] = DEFAULT_DRUG_STEMS_EN

    def __post_init__(self) -> None:
        suffixes = sorted(self.suffixes_zh, key=len, reverse=True)
        object.__setattr__(self, "_zh", re.compile("|".join(map(re.escape, suffixes))))
        prefixes = sorted(self.prefixes_zh, key=len, reverse=True)
        object.__setattr__(
            self, "_zh_prefix", re.compile("|".join(map(re.escape, prefixes)) or r"(?!)")
        )
        object.__setattr__(self, "_stems", tuple(s.lower() for s in self.stems_en))
        stops = sorted(self.stop_words_zh, key=len, reverse=True)
        object.__setattr__(self, "_stops", tuple(stops))

    def mentions(self, text: str) -> list[DrugMention]:
        found = self._chinese(text) + self._english(text)
        found.sort(key=lambda d: d.start)
        return _with_brands(text, found)

    def _chinese(self, text: str) -> list[DrugMention]:
        found: list[DrugMention] = []
        zh: re.Pattern[str] = self._zh  # type: ignore[attr-defined]
        stops: tuple[str, ...] = self._stops  # type: ignore[attr-defined]
        for m in zh.finditer(text):
            if text.startswith(_CLASS_AFTER, m.end()):
                continue
            start = m.start()
            while start > 0 and _is_han(text[start - 1]) and m.end() - start < 8:
                if text[:start].endswith(stops):
                    break
                start -= 1
            name = text[start : m.end()]
            if name == m.group(0) or len(name) < 2:
                continue  # a bare suffix (`单抗`) is a class word, not a drug
            if found and found[-1].end > start:
                continue
            found.append(DrugMention(name, start, m.end(), affix=m.group(0), chinese=True))
        prefix_re: re.Pattern[str] = self._zh_prefix  # type: ignore[attr-defined]
        for m in prefix_re.finditer(text):
            if any(d.start <= m.start() < d.end for d in found):
                continue
            end = m.end()
            while end < len(text) and _is_han(text[end]) and end - m.start() < 8:
                if text[end:].startswith(stops):
                    break
                end += 1
            if end - m.start() > len(m.group(0)):
                found.append(
                    DrugMention(
                        text[m.start() : end],
                        m.start(),
                        end,
                        affix=m.group(0),
                        chinese=True,
                        prefix_form=True,
                    )
                )
        return found

    def _english(self, text: str) -> list[DrugMention]:
        found = []
        stems: tuple[str, ...] = self._stems  # type: ignore[attr-defined]
        for m in _LATIN_WORD.finditer(text):
            word = m.group(0)
            low = word.lower()
            if low.endswith("s") and not low.endswith(stems):
                word, low = word[:-1], low[:-1]  # plurals: `statins`
            if not low.endswith(stems) or len(word) < 6:
                continue
            stem = next(s for s in stems if low.endswith(s))
            if low == stem:
                continue  # a word equal to a stem is not a mention (D4)
            found.append(DrugMention(word, m.start(), m.start() + len(word), affix=stem))
        return found


_LATIN_WORD = re.compile(r"(?<![A-Za-z])[A-Za-z]{6,}(?![A-Za-z])")


def _is_han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


_PAREN = re.compile(r"\s*[(（]([^()（）]{1,60})[)）]")
_BRAND_LABEL = re.compile(
    r"\s*[(（]?\s*(?:商品名|brand(?:\s+name)?)\s*[:：]\s*([^()（）,，;；。]{1,40})", re.I
)


def _with_brands(text: str, drugs: list[DrugMention]) -> list[DrugMention]:
    """A parenthesis right after a drug is its brand (D1); after n drugs, n brands (X11)."""
    out = list(drugs)
    for i, drug in enumerate(drugs):
        label = _BRAND_LABEL.match(text, drug.end)
        if label:
            out[i] = replace(drug, brands=(label.group(1).strip(),))
            continue
        paren = _PAREN.match(text, drug.end)
        if not paren:
            continue
        items = [x.strip() for x in re.split(r"[,，、]|\band\b|和", paren.group(1)) if x.strip()]
        group = [drug]
        j = i - 1
        while j >= 0 and re.fullmatch(
            r"\s*(?:[,，、]|and|和|与|及|or|或)\s*", text[drugs[j].end : group[0].start]
        ):
            group.insert(0, drugs[j])
            j -= 1
        if len(group) > 1 and len(items) == len(group) and all(_brand_like(x) for x in items):
            for drug_in, brand in zip(group, items, strict=True):
                k = drugs.index(drug_in)
                out[k] = replace(out[k], brands=(brand,))
        elif len(items) == 1 and _brand_like(items[0]):
            out[i] = replace(drug, brands=(items[0],))
    return out


def _brand_like(item: str) -> bool:
    words = item.split()
    if not 1 <= len(words) <= 3 or any(c.isdigit() for c in item):
        return False
    if _CLASS_WORDS.match(item.replace(" ", "")):
        return False
    first = item[0]
    return first.isupper() or _is_han(first)


# -- therapy-line and recommendation markers ---------------------------------------------

_MARKERS = re.compile(
    r"[一二三四]线|(?<![A-Za-z0-9])[1-4]L(?![A-Za-z0-9])|"
    r"(?<![A-Za-z])(?i:first|second|third|fourth)[-\s]line(?![A-Za-z])|"
    r"[IⅠⅡⅢ]{1,3}级推荐|推荐等级|证据等级|"
    r"(?<![A-Za-z])(?:Grade|GRADE|grade)\s+[A-D](?![A-Za-z0-9])|"
    r"(?<![A-Za-z])Category\s+(?:1|2A|2B|3)(?![A-Za-z0-9])|"
    r"(?<![A-Za-z0-9-])2[AB](?![A-Za-z0-9])"
)


_MARKER_HINT = re.compile(r"线|推荐|[1-4]L|[Ll]ine|[Gg]rade|GRADE|Category|2[AB]")


def markers(text: str) -> list[tuple[str, int]]:
    """Therapy-line and recommendation markers with their positions."""
    if not _MARKER_HINT.search(text):  # literal scan first: the full grammar is slower
        return []
    return [(m.group(0), m.start()) for m in _MARKERS.finditer(text)]


# -- anchors are never claim text ---------------------------------------------------------

_ANCHOR_TEXT = re.compile(r"\[[A-Za-z][\w-]*\s*[:：][^\[\]]*\]|【[^【】]*】")


def mask_anchors(text: str) -> str:
    """Anchors replaced by spaces of the same length, so positions stay valid."""
    return _ANCHOR_TEXT.sub(lambda m: " " * len(m.group(0)), text)


def distinct(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
