"""The anchor grammar (SOURCES.md §1) and near-miss detection (CL005).

    [<type>:<id>]  [<type>:<id>:<locator>]  [a:1:x; b:2:y]

Scanning works on rendered block text (entities decoded, markup removed) and returns
hits with offsets into that text; the parser maps them back to the report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from citelint.ground.spelling import closest


@dataclass(frozen=True, slots=True)
class AnchorHit:
    type: str
    id: str
    locator: str | None
    start: int
    end: int
    group: tuple[int, int] = (0, 0)  # the whole bracket, shared by `;`-separated anchors


@dataclass(frozen=True, slots=True)
class NearMissHit:
    raw: str
    reason: str
    start: int
    end: int


# The shape of anchor-looking text, whatever its type: masked out of claims, stripped from
# headings, folded in templates. The grammar below decides which of these are anchors.
ANCHOR_SHAPE = re.compile(r"\[[A-Za-z][\w-]*\s*[:：][^\[\]]*\]|【[^【】]*】")

# A bracket whose content may span lines (A8: whitespace, newlines too, around `;`).
_BRACKET = re.compile(r"\[([^\[\]]*)\]|【([^【】\n]*)】|〔([^〔〕\n]*)〕")
_WORD_COLON = re.compile(r"\s*([A-Za-z][A-Za-z0-9_-]*)\s*([:：])")
_UNCLOSED = re.compile(r"\[\s*[A-Za-z][A-Za-z0-9_-]*\s*[:：][^\[\]]*\Z")
_BAD_ID_CHARS = re.compile(r"[:\[\]\n\r\x00]")


class AnchorGrammar:
    """Parses anchors for a fixed set of types (built-in plus custom ones from config)."""

    def __init__(self, types: Iterable[str]) -> None:
        self.types = frozenset(types)

    def scan(self, text: str) -> tuple[list[AnchorHit], list[NearMissHit]]:
        """Every anchor and near miss in `text`, in order of position."""
        anchors: list[AnchorHit] = []
        misses: list[NearMissHit] = []
        for m in _BRACKET.finditer(text):
            if m.group(1) is not None:
                self._bracket(m.group(1), m.start(1), m.start(), m.end(), anchors, misses)
                continue
            inner = m.group(2) if m.group(2) is not None else m.group(3) or ""
            if _WORD_COLON.match(inner):  # `【】` is empty, not absent
                misses.append(
                    NearMissHit(
                        m.group(0),
                        f"uses {m.group(0)[0]}{m.group(0)[-1]} brackets; write [{inner.strip()}]",
                        m.start(),
                        m.end(),
                    )
                )
        tail = _UNCLOSED.search(text)
        if tail:
            raw = tail.group(0).rstrip()
            misses.append(NearMissHit(raw, "is not closed with ']'", tail.start(), tail.end()))
        return anchors, misses

    def parse_attribute(self, value: str) -> tuple[list[AnchorHit], list[NearMissHit]]:
        """A `data-cite` value: anchors, bracketed or not, separated by `;` or whitespace."""
        if "[" in value:
            return self.scan(value)
        anchors: list[AnchorHit] = []
        misses: list[NearMissHit] = []
        for m in re.finditer(r"[^;\s]+", value):
            self._one(m.group(0), m.start(), m.end(), anchors, misses, bracketed=False)
        return anchors, misses

    def _bracket(
        self,
        content: str,
        content_start: int,
        start: int,
        end: int,
        anchors: list[AnchorHit],
        misses: list[NearMissHit],
    ) -> None:
        if not _WORD_COLON.match(content):
            return  # `[1]`, `[a]`, task boxes and prose brackets are not anchor-like
        if ";" not in content:
            self._one(f"[{content}]", start, end, anchors, misses, bracketed=True)
            return
        pos = 0
        first = len(anchors)
        for part in content.split(";"):
            lead = len(part) - len(part.lstrip())
            body = part.strip()
            if body:
                s = content_start + pos + lead
                self._one(body, s, s + len(body), anchors, misses, bracketed=False)
            pos += len(part) + 1
        for i in range(first, len(anchors)):
            hit = anchors[i]
            anchors[i] = AnchorHit(hit.type, hit.id, hit.locator, hit.start, hit.end, (start, end))

    def _one(
        self,
        body: str,
        start: int,
        end: int,
        anchors: list[AnchorHit],
        misses: list[NearMissHit],
        *,
        bracketed: bool,
    ) -> None:
        inner = body[1:-1] if bracketed else body
        shown = body if bracketed else f"[{body}]"
        m = _WORD_COLON.match(inner)
        if not m:
            misses.append(
                NearMissHit(shown, "is not of the form [type:id] or [type:id:locator]", start, end)
            )
            return
        word, colon = m.group(1), m.group(2)
        rest = inner[m.end() :]
        if colon == "：" or ("：" in rest and ":" not in rest):
            fixed = (word + ":" + rest.replace("：", ":")).strip()
            misses.append(
                NearMissHit(shown, f"uses a full-width colon '：'; write [{fixed}]", start, end)
            )
            return
        if word not in self.types:
            reason = self._type_problem(word, rest)
            if reason:
                misses.append(NearMissHit(shown, reason, start, end))
            return
        ident, sep, locator = rest.partition(":")
        ident = ident.strip()
        if not ident:
            misses.append(NearMissHit(shown, "has an empty id", start, end))
            return
        if _BAD_ID_CHARS.search(ident):
            misses.append(
                NearMissHit(shown, "has an id with a bracket, newline or NUL", start, end)
            )
            return
        loc = locator.strip() if sep else None
        if sep and not loc:
            misses.append(
                NearMissHit(
                    shown, "has an empty locator; drop the final ':' or name a locator", start, end
                )
            )
            return
        anchors.append(AnchorHit(word, ident, loc, start, end, (start, end)))

    def _type_problem(self, word: str, rest: str) -> str:
        if word.lower() in self.types:
            return f"has type '{word}'; anchor types are lower case: '{word.lower()}'"
        # Edit distance 2 is generous for short names: `note` is 2 from `nct`. Short types
        # (up to 4 letters) allow one edit, longer ones two.
        close = closest_types(word, self.types)
        single_token = bool(rest.strip()) and not re.search(r"\s", rest.strip())
        if rest.startswith("//"):
            return ""  # a bracketed URL
        if not close and not single_token:
            return ""  # prose in brackets, such as `[Note: see below]`
        hint = f"; did you mean '{close[0]}'?" if close else ""
        return f"has unknown type '{word}'{hint} (known: {', '.join(sorted(self.types))})"


def closest_types(word: str, types: Iterable[str]) -> list[str]:
    """The known types a misspelt one is close to, nearest first (`pmdi` → `pmid`)."""
    return closest(word, types)
