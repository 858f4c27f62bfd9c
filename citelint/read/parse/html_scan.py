"""The raw tag and entity scan behind HTML positions (DECISIONS I1).

lxml reports no columns, so this scanner turns the raw text into the decoded text stream
lxml sees, with the raw offset of every character, the tags whose `data-*` attributes
citelint reads, and the comments (for directives).
"""

from __future__ import annotations

import html
import re
from array import array
from dataclasses import dataclass, field

_TOKEN = re.compile(
    r"""<!--(?P<comment>.*?)(?:-->|\Z)
      | <!\[CDATA\[.*?(?:\]\]>|\Z)
      | <[!?][^>]*>?
      | <(?P<close>/)?(?P<tag>[A-Za-z][A-Za-z0-9:-]*)(?P<attrs>(?:[^>"']|"[^"]*"|'[^']*')*)>
      | (?P<entity>&(?:\#[0-9]+;?|\#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?))
    """,
    re.S | re.X,
)
RAW_TEXT = frozenset(
    {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"}
)
_READ_RAW = frozenset({"textarea", "style", "iframe", "script", "title"})  # shown.py
_EMBEDS = frozenset({"object", "embed", "track", "bdo"})  # start tags kept for CL206
_SHOWN_ATTRIBUTE = re.compile(r"(?<![\w-])(?:alt|title|placeholder|value|srcdoc)\s*=", re.I)


MAX_ATTRIBUTES = 256  # a tag's attributes that are parsed; the rest are blanked
_ATTRIBUTE = re.compile(r"""[^\s=>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']*))?""")
_TAG = re.compile(r"""<[A-Za-z][A-Za-z0-9:-]*(?P<attrs>(?:[^>"']|"[^"]*"|'[^']*')*)>""")


def bound_attributes(raw: str) -> str:
    """`raw` with every attribute past a tag's first MAX_ATTRIBUTES blanked, character for
    character (offsets stay): libxml2 checks each new attribute against the tag's others,
    so one tag of 107,000 attributes cost 17 s. No real report's tag comes near."""
    if raw.count("=") <= MAX_ATTRIBUTES:
        return raw  # no tag can hold more
    parts: list[str] = []
    pos = 0
    for tag in _TAG.finditer(raw):
        attrs_at, attrs_end = tag.span("attrs")
        if raw.count("=", attrs_at, attrs_end) <= MAX_ATTRIBUTES:
            continue
        for i, attribute in enumerate(_ATTRIBUTE.finditer(raw, attrs_at, attrs_end)):
            if i == MAX_ATTRIBUTES:
                parts.append(raw[pos : attribute.start()])
                parts.append(_blank(raw[attribute.start() : attrs_end]))
                pos = attrs_end
                break
    parts.append(raw[pos:])
    return "".join(parts)


def _blank(text: str) -> str:
    """Spaces in place of every character but line breaks (lines and columns stay)."""
    return re.sub(r"[^\r\n]", " ", text)


@dataclass(slots=True)
class Stream:
    """The decoded text lxml sees, with each character's raw offset."""

    text: str
    raw: array[int]
    attr_tags: list[tuple[int, str]]  # (raw start, tag source) of tags with data-* we read
    comments: list[tuple[str, int, int]]
    # (raw start, tag source) of tags with an attribute a reader sees (`shown.py`)
    shown_tags: list[tuple[int, str]] = field(default_factory=list)
    # (name, raw start of the tag, raw start and end of its text) of `textarea`, `style`,
    # `iframe` and `script`, whose text the stream leaves out
    raw_texts: list[tuple[str, int, int, int]] = field(default_factory=list)


def scan(raw: str, base: int = 0) -> Stream:
    parts: list[str] = []
    offsets = array("l")
    attr_tags: list[tuple[int, str]] = []
    comments: list[tuple[str, int, int]] = []
    shown_tags: list[tuple[int, str]] = []
    raw_texts: list[tuple[str, int, int, int]] = []
    pos = 0
    n = len(raw)

    def text(s: str, at: int) -> None:
        # lxml folds \r\n and \r to \n, as XML does; keep the stream identical.
        if "\r" in s:
            for i, ch in enumerate(s):
                if ch == "\r":
                    if i + 1 < len(s) and s[i + 1] == "\n":
                        continue
                    ch = "\n"
                parts.append(ch)
                offsets.append(base + at + i)
            return
        parts.append(s)
        offsets.extend(range(base + at, base + at + len(s)))

    while pos < n:
        m = _TOKEN.search(raw, pos)
        if m is None:
            text(raw[pos:], pos)
            break
        if m.start() > pos:
            text(raw[pos : m.start()], pos)
        pos = m.end()
        if m.group("entity"):
            decoded = html.unescape(m.group("entity"))
            parts.append(decoded)
            offsets.extend([base + m.start()] * len(decoded))
        elif m.group("comment") is not None:
            comments.append((m.group("comment"), base + m.start(), base + m.end()))
        elif m.group("tag"):
            name = m.group("tag").lower()
            attrs = m.group("attrs")
            if not m.group("close"):
                if "data-c" in attrs:
                    attr_tags.append((base + m.start(), m.group(0)))
                if "=" in attrs and _SHOWN_ATTRIBUTE.search(attrs):
                    shown_tags.append((base + m.start(), m.group(0)))
                if name in _EMBEDS:
                    raw_texts.append((name, base + m.start(), base + pos, base + pos))
                if name in RAW_TEXT and not attrs.rstrip().endswith("/"):
                    close = re.compile(rf"</{name}\b", re.I).search(raw, pos)
                    end = close.start() if close else n
                    if name in _READ_RAW:
                        raw_texts.append((name, base + m.start(), base + pos, base + end))
                    pos = end
    return Stream("".join(parts), offsets, attr_tags, comments, shown_tags, raw_texts)


def attribute_value_offset(tag_source: str, attr: str) -> int:
    """Where the value of `attr` starts in the source of a start tag, or -1."""
    m = re.search(rf"\b{re.escape(attr)}\s*=\s*([\"']?)", tag_source, re.I)
    return m.end() if m else -1
