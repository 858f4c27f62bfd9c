"""Text a reader sees outside a report's flow of text: what the gate reads there too.

A browser shows more than the text between tags: an image's `alt` text (where the image
does not load, and to every screen reader), any element's `title` tooltip, a form field's
value and placeholder, the strings CSS generates with `content:` (`p::after { content:
"…" }`), the document a frame draws from its `srcdoc`. A sentence written there states a
fact as plainly as one in a paragraph, so each is read as a paragraph of its own, placed
right after the block it sits in (the HTML parser and the Markdown parser alike; SVG text,
MathML, `<noscript>` and `<textarea>` are read in the flow by the HTML parser itself, and
an SVG's `<title>` tooltip too; the head's `<title>` names the browser tab, not the page).
"""

from __future__ import annotations

import html
import re
import string
from array import array
from collections.abc import Iterator

from lxml import etree

from citelint.ground.document import Unread
from citelint.read.parse.raw import RawBlock

# an attribute whose value a reader sees; `value` only where a field shows it
SHOWN_ATTRIBUTES = ("alt", "title", "placeholder", "value")
_ATTRIBUTE = re.compile(
    r"""(?<![\w-])(?P<name>alt|title|placeholder|value)\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s>"']+))""",
    re.I,
)
_HIDDEN_FIELD = re.compile(r"""(?<![\w-])type\s*=\s*["']?hidden\b""", re.I)
_FIELDS = frozenset({"input", "button", "option"})
# `content: "…"` in a style sheet (escapes left as written: a reader sees the decoded)
_CSS_CONTENT = re.compile(r"""(?<![\w-])content\s*:\s*(?:"(?P<dq>[^"\n]*)"|'(?P<sq>[^'\n]*)')""")
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}\s?|.)")
_SRCDOC_SKIP = frozenset({"script", "style", "head", "template"})


def attribute_texts(tag_source: str, tag: str, at: int) -> Iterator[tuple[str, array[int]]]:
    """The shown attribute values of a start tag whose source starts at report offset
    `at`: each value's text, and a report offset per character (exact where the value is
    written as it shows, else every character at the value's start)."""
    if _HIDDEN_FIELD.search(tag_source):
        return
    for m in _ATTRIBUTE.finditer(tag_source):
        name = m.group("name").lower()
        if name == "value" and tag not in _FIELDS:
            continue  # `<li value=3>`, `<data value=…>`: no text a reader sees
        group = "dq" if m.group("dq") is not None else "sq" if m.group("sq") is not None else "bare"
        written = m.group(group)
        shown = html.unescape(written)
        if shown.strip():
            yield shown, _offsets(shown, written, at + m.start(group))


def css_texts(sheet: str, at: int) -> Iterator[tuple[str, array[int]]]:
    """The strings a style sheet (starting at report offset `at`) generates."""
    for m in _CSS_CONTENT.finditer(sheet):
        group = "dq" if m.group("dq") is not None else "sq"
        written = m.group(group)
        shown = _CSS_ESCAPE.sub(_css_char, written)
        if shown.strip():
            yield shown, _offsets(shown, written, at + m.start(group))


def _css_char(m: re.Match[str]) -> str:
    """A CSS escape as it shows: `\\25` is `%`, `\\"` a quote."""
    code = m.group(1)
    digits = code.strip()
    if digits and all(c in string.hexdigits for c in digits):
        value = int(digits, 16)
        return chr(value) if 0 < value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF else "\ufffd"
    return code


def srcdoc_text(document: str) -> str:
    """The text a frame's `srcdoc` document shows (its scripts and styles left out)."""
    if not document.strip():
        return ""
    root = etree.fromstring(document, etree.HTMLParser(no_network=True, huge_tree=True))
    if root is None:
        return ""
    parts: list[str] = []
    for node in root.iter():
        skipped = isinstance(node.tag, str) and node.tag.lower() in _SRCDOC_SKIP
        if node.text and not skipped:
            parts.append(node.text)
        if node.tail and node is not root:
            parts.append(node.tail)
    return " ".join(" ".join(parts).split())


def _offsets(shown: str, written: str, at: int) -> array[int]:
    if shown == written:
        return array("l", range(at, at + len(shown)))
    return array("l", [at] * len(shown))


def block(
    text: str, offsets: array[int], appendix: bool = False, heading: bool = False
) -> RawBlock:
    """A shown text as the paragraph it is read as (a document's title: as its heading)."""
    if heading:
        return RawBlock(kind="heading", text=text, offsets=offsets, level=1)
    return RawBlock(kind="p", text=text, offsets=offsets, appendix=appendix)


_LOOK_AHEAD = 32  # start tags tried for one element
# what a script does to put words on the page (reading the page is no writing)
_WRITES = re.compile(
    r"document\s*\.\s*write(?:ln)?\s*\(|\.\s*(?:inner|outer)(?:HTML|Text)\s*\+?=(?!=)"
    r"|\.\s*textContent\s*\+?=(?!=)|insertAdjacent(?:HTML|Text)\s*\(|createTextNode\s*\("
)
UNREAD_TAGS = frozenset({"script", "iframe", "object", "embed", "track", "bdo"})
_CSS_ATTR = re.compile(r"content\s*:[^;}<]{0,200}?\battr\(\s*([A-Za-z][\w-]{0,60})")


def _same(source: str, el: etree._Element) -> bool:
    """Whether a start tag's shown attributes are the element's, as lxml read them."""
    for m in _ATTRIBUTE.finditer(source):
        group = "dq" if m.group("dq") is not None else "sq" if m.group("sq") is not None else "bare"
        if el.get(m.group("name").lower()) != html.unescape(m.group(group)):
            return False
    return True


class ShownReader:
    """The shown texts of one HTML document's elements, in document order: each element
    is matched to its start tag in the raw scan, so every character has its offset."""

    def __init__(
        self,
        raw: str,
        base: int,
        tags: list[tuple[int, str]],
        texts: list[tuple[str, int, int, int]],
    ) -> None:
        # attributes a style sheet shows with `content: attr(name)`
        self._css_attributes = tuple(sorted({m.group(1).lower() for m in _CSS_ATTR.finditer(raw)}))
        self._raw = raw
        self._base = base
        self._tags = tags
        self._tag_at = 0
        # each element's raw text by its name, taken in document order
        self._texts: dict[str, list[tuple[int, int, int]]] = {}
        for name, tag_start, start, end in texts:
            self._texts.setdefault(name, []).append((tag_start, start, end))
        self._taken: dict[str, int] = {}

    def attributes(self, el: etree._Element, tag: str, here: int) -> list[tuple[str, array[int]]]:
        """The values of the element's shown attributes (none on a hidden field)."""
        shown = [
            (value, array("l", [here] * len(value)))
            for name in self._css_attributes
            if name not in SHOWN_ATTRIBUTES and (value := el.get(name) or "").strip()
        ]
        if tag in ("option", "optgroup") and (el.get("label") or "").strip():
            label = el.get("label") or ""
            shown.append((label, array("l", [here] * len(label))))
        if not any(el.get(name) for name in (*SHOWN_ATTRIBUTES, "srcdoc")):
            return shown
        at, source = self._next_tag(el, tag, here)
        found = list(attribute_texts(source, tag, at)) if source else []
        if not source:  # no start tag found: the values as lxml read them, at `here`
            found = [
                (value, array("l", [here] * len(value)))
                for name in SHOWN_ATTRIBUTES
                if (value := el.get(name) or "").strip() and (name != "value" or tag in _FIELDS)
            ]
        if tag == "iframe" and el.get("srcdoc"):
            text = srcdoc_text(el.get("srcdoc") or "")
            if text:
                found.append((text, array("l", [at if source else here] * len(text))))
        return found + shown

    def raw_text(self, el: etree._Element, tag: str, here: int) -> list[tuple[str, array[int]]]:
        """A `textarea`'s or the document `title`'s text, or the strings a `style` sheet
        generates."""
        text = el.text or ""
        _, start, end = self._next_text(tag)
        exact = start >= 0 and self._raw[start - self._base : end - self._base] == text
        origin = start if start >= 0 else here
        if tag == "style":
            if exact:
                return list(css_texts(text, origin))
            return [(s, array("l", [origin] * len(s))) for s, _ in css_texts(text, origin)]
        if tag not in ("textarea", "title") or not text.strip():
            return []
        return [(text, _offsets(text, text if exact else "", origin))]

    def _next_tag(self, el: etree._Element, tag: str, here: int) -> tuple[int, str]:
        """The element's start tag: the next one of its name whose shown values are the
        element's (a tag lxml did not make an element of is passed over; the look ahead
        is bounded, so a document of such tags costs no more than its length)."""
        stop = min(len(self._tags), self._tag_at + _LOOK_AHEAD)
        for i in range(self._tag_at, stop):
            start, source = self._tags[i]
            if source[1 : 1 + len(tag)].lower() != tag or not _same(source, el):
                continue
            self._tag_at = i + 1
            return start, source
        return here, ""

    def unread(self, el: etree._Element, tag: str, here: int) -> Unread | None:
        """A script that writes text into the page, or a frame, object or embed that shows
        another document: text a reader sees that citelint cannot read (CL206)."""
        at, _, _ = self._next_text(tag)
        start = at if at >= 0 else here
        if tag == "bdo":
            if (el.get("dir") or "").strip().lower() != "rtl":
                return None
            return Unread("text shown right to left (<bdo dir=rtl>)", start, start + 4)
        if tag == "track":
            captions = (el.get("src") or "").strip()[:80]
            return (
                Unread(f"captions of a track ({captions})", start, start + 6) if captions else None
            )
        if tag == "script":
            if el.get("src") or not _WRITES.search(el.text or ""):
                return None
            return Unread("a script that writes text into the page", start, start + 7)
        target = el.get("data" if tag == "object" else "src")
        if not target or not target.strip() or (tag == "iframe" and el.get("srcdoc")):
            return None
        shown = target.strip()[:80]
        return Unread(
            f"an {tag} that shows another document ({shown})", start, start + 1 + len(tag)
        )

    def _next_text(self, tag: str) -> tuple[int, int, int]:
        """(tag start, text start, text end) of the next element of this name, or -1s."""
        taken = self._taken.get(tag, 0)
        found = self._texts.get(tag, [])
        if taken >= len(found):
            return -1, -1, -1
        self._taken[tag] = taken + 1
        return found[taken]


_OVERRIDE = re.compile("[\u202d\u202e]")  # LRO, RLO: what follows shows in another order


def overrides(text: str) -> list[Unread]:
    """A bidirectional override shows the text after it in another order than it is
    written (`\u202e.%57 yb llef` reads "fell by 75%."): CL206, once a report."""
    found = _OVERRIDE.search(text)
    if found is None:
        return []
    what = "text shown in another order than written (a bidirectional override)"
    return [Unread(what, found.start(), found.end())]
