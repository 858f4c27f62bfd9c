"""A report's reference list: where it is, and what each entry says.

The list is the blocks under a heading named like one (`References`, `Sources`,
`Bibliography`, `Works cited`, `参考文献`, `参考资料`, also as a bold or plain line, with
or without a colon, or opening the paragraph of its entries), up to the next heading of
the same or a higher level, plus every footnote definition. Under a
`Notes` heading an item is an entry only when it reads as one; a remark stays a claim. An
entry's key is its list number, the number it starts with (`[3]`, `3.`), or its footnote
label. From its text come the citelint anchors in it, the identifiers (PMID, PMCID, DOI,
NCT, also out of PubMed, PMC, ClinicalTrials.gov and doi.org URLs), the URLs, and where
the entry is written in a Vancouver or APA shape, its first author, title, journal and
year. Entry blocks are bibliography, not claims.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from citelint.ground.document import Reference
from citelint.ground.tokens import fold
from citelint.read.citations.styles import URL, URL_TAIL
from citelint.read.citations.urls import IDENTIFIERS, URL_IDS

LIST_NAMES: tuple[str, ...] = (
    "references",
    "reference",
    "sources",
    "source",
    "source list",
    "bibliography",
    "works cited",
    "citations",
    "notes and references",
    "references and notes",
    "参考文献",
    "参考资料",
    "引用的著作",  # Gemini's zh-TW "works cited"
    "引用文献",
)
# A source label alone on its line names the list under it too (`**来源**：` over a section's
# pages, as `**Sources:**` is); followed by citations on the same line (`来源： [[2]](…)（数值
# 与增速）`) it is a table's source line, and opens no list (LIST_LEAD leaves it out).
_SOURCE_LABELS: tuple[str, ...] = ("来源", "数据来源")
# A note or digest names its source(s) at the end and cites nothing in its body: the list
# cites the whole file (`## Sources` under a Manus background note, `Source:` of a digest).
DIGEST_NAMES: tuple[str, ...] = ("source", "sources", "来源", "资料来源")
# Headings that hold references or remarks: an item there is an entry only when it reads
# as one (an identifier, a URL, an anchor, an author-title shape); a remark stays a claim.
NOTE_NAMES: tuple[str, ...] = ("notes", "endnotes", "注释")
_NUMBERING = re.compile(r"^\s*(?:[0-9]+(?:\.[0-9]+)*\.?|[IVXLC]+\.)\s*")
# the entry's own key: `[3]`, `【3】`, `3.`, `3)`, or a note's mark written without the colon of
# a footnote definition (`[^5] 中国与全球南方共同现代化…`)
_KEY_LEAD = re.compile(r"^\s*(?:\[(\d{1,3})\]|【(\d{1,3})】|(\d{1,3})[.)]|\[\^(\d{1,3})\])\s+")
# An entry that names the source of the entry before it (`[^6] 同上。`, `Ibid., p. 4`): ibid.
IBID_WORDS = r"同上|同前|ibid\b\.?|id\."  # (also what a source line says: `来源：同上`)
_IBID = re.compile(rf"(?:{IBID_WORDS})(?:\W|$)", re.I)
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
# `(2020)`, `(2020a)`, and a dated one, as APA gives blogs and news: `(2023, March 23)`
_APA_YEAR = re.compile(
    r"\((1[89]\d\d|20\d\d)[a-z]?(?:,[ \t]*[A-Z][a-z]{2,8}\.?(?:[ \t]+\d{1,2}(?:[-–]\d{1,2})?)?)?\)"
)
_PARTS = re.compile(r"(?<=[\w\)\]?!])\.\s+(?=[\w\"“(\[])")
# `Barker et al., 2023, Optimizing distributed …`, `Wolf and Jones, 2024, Information-Based
# …`: the authors, the year and the title between commas, as agents write a linked entry
_NAME_YEAR_TITLE = re.compile(r"([^\W\d][^,\d]{1,80}?),\s*(1[89]\d\d|20\d\d)[a-z]?,\s*(\S.*)", re.S)


@dataclass(frozen=True, slots=True)
class EntryText:
    """What the text of one entry says, before any source is looked up."""

    ids: tuple[tuple[str, str], ...]
    urls: tuple[str, ...]
    title: str = ""
    year: str = ""
    author: str = ""
    journal: str = ""


def list_heading(text: str) -> str | None:
    """`list` for a reference-list heading, `notes` for a notes heading, else None."""
    name = fold(_NUMBERING.sub("", text, count=1)).strip(" :：*#")
    if name in LIST_NAMES or name in _SOURCE_LABELS:
        return "list"
    return "notes" if name in NOTE_NAMES else None


def names_digest(text: str) -> bool:
    """Whether a heading or line names the sources of a whole note (`## Sources`)."""
    return fold(_NUMBERING.sub("", text, count=1)).strip(" :：*#") in DIGEST_NAMES


# A paragraph that opens with the list's name and goes straight on to its entries
# (`参考文献：` or `References` on its own line, then `[1] …` lines).
LIST_LEAD = re.compile(
    r"^\s*\**(?:" + "|".join(re.escape(n) for n in LIST_NAMES) + r")\**\s*[:：]?\**\s*"
    r"(?=\[\d{1,3}\]|【\d{1,3}】|\d{1,3}[.)]\s)",
    re.I,
)
_NAME_LINE_MAX = 40  # a paragraph this short that is only a list's name opens the list


def list_blocks(kinds: Sequence[tuple[str, int, str, bool]]) -> list[tuple[int, bool]]:
    """(index, under a notes heading) of the blocks under a reference-list heading;
    `kinds` holds, per block, (kind, heading level, text, strong-only paragraph)."""
    out: list[tuple[int, bool]] = []
    level: int | None = None
    notes = False
    for i, (kind, lvl, text, strong) in enumerate(kinds):
        if kind == "heading":
            if level is not None and lvl <= level:
                level = None
            found = list_heading(text) if level is None else None
            if found is not None:
                level, notes = lvl, found == "notes"
            continue
        named = strong or len(text.strip()) <= _NAME_LINE_MAX
        found = list_heading(text) if named else None
        if found is not None:  # a bold or plain line naming the list opens it
            level, notes = 7, found == "notes"  # to the next heading or bold label
            continue
        if level == 7 and strong:
            level = None  # `**（2）首创环保**` after a section's `**来源**：` list: the body again
        if level is None and LIST_LEAD.match(text):
            level, notes = 7, False  # the name, then the entries, in one paragraph
        if level is not None:
            out.append((i, notes))
    return out


def entry_key(text: str, number: int | None, label: str | None, position: int) -> str:
    """The key an entry is cited by: footnote label, list number, leading number, or its
    position in the list."""
    if label is not None:
        return label
    if number is not None:
        return str(number)
    m = _KEY_LEAD.match(text)
    if m:
        return next(g for g in m.groups() if g)
    return str(position)


def keyed_by_number(text: str, number: int | None, label: str | None) -> bool:
    """Whether `entry_key` reads the entry's key off the list rather than its place."""
    return number is not None or label is not None or _KEY_LEAD.match(text) is not None


def ibid(text: str) -> bool:
    """Whether an entry, its key aside, names the source of the entry before it."""
    return _IBID.match(_KEY_LEAD.sub("", text, count=1).lstrip()) is not None


def same_source(before: Reference, entry: Reference) -> Reference:
    """An ibid. entry as the source of the entry before it, at its own place and key."""
    return dataclasses.replace(
        before,
        key=entry.key,
        text=entry.text,
        start=entry.start,
        end=entry.end,
        anchors=(),
        numbered=entry.numbered,
    )


def read_entry(text: str, links: Sequence[str] = ()) -> EntryText:
    """Identifiers, URLs and bibliographic fields of one entry's text."""
    urls = list(dict.fromkeys([*links, *(m.group(0).rstrip(URL_TAIL) for m in URL.finditer(text))]))
    ids: list[tuple[str, str]] = []
    for kind, pattern in IDENTIFIERS:
        ids += [(kind, m.group(1).rstrip(URL_TAIL)) for m in pattern.finditer(text)]
    for url in urls:
        for kind, pattern in URL_IDS:
            m = pattern.search(url)
            if m:
                ids.append((kind, m.group(1).rstrip(URL_TAIL)))
    body = _KEY_LEAD.sub("", text, count=1)
    for url in urls:
        body = body.replace(url, " ")
    author, title, journal, year = _fields(body.strip())
    return EntryText(tuple(dict.fromkeys(ids)), tuple(urls), title, year, author, journal)


def _fields(body: str) -> tuple[str, str, str, str]:
    """(first author's family name, title, journal, year) of a Vancouver or APA entry."""
    apa = _APA_YEAR.search(body)
    if apa and apa.start() < 200:
        authors = body[: apa.start()]
        rest = [p.strip() for p in _PARTS.split(body[apa.end() :].lstrip(". ")) if p.strip()]
        title = rest[0] if rest else ""
        journal = rest[1].split(",")[0] if len(rest) > 1 else ""
        return _family(authors, apa=True), title.rstrip("."), journal, apa.group(1)
    named = _NAME_YEAR_TITLE.fullmatch(body)
    if named:
        first = re.split(r",|\bet al\b|\s(?:and|&)\s", named.group(1))[0]
        return first.strip(" ."), named.group(3).strip().rstrip("."), "", named.group(2)
    parts = [p.strip() for p in _PARTS.split(body) if p.strip()]
    if len(parts) < 3 or not _looks_like_authors(parts[0]):
        return "", "", "", ""
    year = _YEAR.search(" ".join(parts[2:]))
    return (
        _family(parts[0], apa=False),
        parts[1].rstrip("."),
        parts[2].rstrip("."),
        year.group(1) if year else "",
    )


def _looks_like_authors(text: str) -> bool:
    """`Sung H, et al`, `Hoppe-Seyler K, Bossler F`: family names with initials."""
    return re.match(r"^[^\W\d][\w'’-]+(?:\s[\w'’-]+)?\s[A-Z]{1,3}\b", text) is not None


def _family(authors: str, *, apa: bool) -> str:
    first = authors.split(",")[0] if apa else re.split(r",|\bet al\b", authors)[0]
    words = first.strip().split()
    if not words:
        return ""
    if not apa and len(words) > 1 and re.fullmatch(r"[A-Z]{1,3}", words[-1]):
        words = words[:-1]  # Vancouver: `Sung H` → Sung
    return " ".join(words).strip(" .")
