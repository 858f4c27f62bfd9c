"""Text sources: .txt, .md and .csv (and HTML, once `loaders/html.py` has made its text),
addressed by lines, toc keys and headings; `line:N` is the file's line N (DECISIONS L8).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from citelint.ground.tokens import fold, fold_compact
from citelint.sources.model import Failure, FailureKind, Resolution, SourceError, Span

# At most nine digits a line number, so `int()` never sees an unbounded digit run.
_LINES = re.compile(r"^(?:lines?:(\d{1,9})(?:-(\d{1,9}))?|L(\d{1,9})(?:-L?(\d{1,9}))?)$", re.I)
_MD_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_NUMBERED = re.compile(r"^\s*(\d+(?:\.\d+)*)\.?\s+\S")
_NEWLINE = re.compile(r"\r\n?|\n")
_SECTION_NUMBER = re.compile(r"^\s*(?:§\s*)?\d+(?:\.\d+)*\.?\s+")


def decode_text(data: bytes) -> str:
    """UTF-8 with or without BOM; anything else is unreadable (DECISIONS O4)."""
    if b"\x00" in data[:8192]:
        raise SourceError("is a binary file (NUL bytes found), not text")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise SourceError(
            f"is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from exc


@dataclass(frozen=True, slots=True)
class Heading:
    line: int  # 1-based
    level: int
    title: str


@dataclass(frozen=True, slots=True)
class TextSource:
    path: str
    lines: tuple[str, ...]
    headings: tuple[Heading, ...]
    toc: dict[str, tuple[int, int]] | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def locators(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(h.title.strip() for h in self.headings if h.title.strip()))

    def resolve(self, locator: str | None) -> Resolution:
        if locator is None:
            return self._span(None, 1, len(self.lines))
        m = _LINES.match(locator.strip())
        if m:
            first = int(m.group(1) or m.group(3))
            last = int(m.group(2) or m.group(4) or first)
            if first < 1 or last < first or first > len(self.lines):
                return Failure(
                    FailureKind.NO_LOCATOR,
                    f"line range {first}-{last} is outside the file's {len(self.lines)} lines",
                    self.path,
                )
            return self._span(locator, first, min(last, len(self.lines)))
        if locator.lower().startswith("page:"):
            return Failure(
                FailureKind.NO_LOCATOR, "'page:' locators apply to PDF sources only", self.path
            )
        if self.toc is not None and locator in self.toc:
            first, last = self.toc[locator]
            return self._span(locator, first, min(last, len(self.lines)))
        heading = find_heading(self.headings, locator)
        if heading is None:
            return Failure(
                FailureKind.NO_LOCATOR,
                f"no line range, toc key or heading matches '{locator}'",
                self.path,
            )
        index = self.headings.index(heading)
        end = len(self.lines)
        for later in self.headings[index + 1 :]:
            if later.level <= heading.level:
                end = later.line - 1
                break
        return self._span(locator, heading.line, end)

    def _span(self, locator: str | None, first: int, last: int) -> Resolution:
        text = "\n".join(self.lines[first - 1 : last])
        if not text.strip():
            return Failure(FailureKind.NO_LOCATOR, f"lines {first}-{last} hold no text", self.path)
        return Span(self.path, locator, text, first, last)


def find_heading(headings: tuple[Heading, ...], locator: str) -> Heading | None:
    """Exact title match beats a prefix; a prefix must end at whitespace or punctuation."""
    want = fold(locator.strip().removeprefix("§"))
    if not want:
        return None
    prefix: Heading | None = None
    for heading in headings:
        title = fold(heading.title.strip().removeprefix("§"))
        # `6 Other` is also found as `Other`: the section number is not the title
        unnumbered = fold(_SECTION_NUMBER.sub("", title, count=1))
        if want in (title, unnumbered):
            return heading
        for candidate in (title, unnumbered):
            if prefix is None and candidate.startswith(want):
                nxt = candidate[len(want)]
                if nxt.isspace() or unicodedata.category(nxt).startswith("P"):
                    prefix = heading
    return prefix


def load_text(path: str, data: bytes, toc: dict[str, tuple[int, int]] | None) -> TextSource:
    text = decode_text(data)
    lines = tuple(_NEWLINE.split(text))
    suffix = path.rsplit(".", 1)[-1].lower()
    headings: list[Heading] = []
    in_fence = False
    for number, line in enumerate(lines, 1):
        if suffix == "md" and line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        if in_fence:
            continue
        m = _MD_HEADING.match(line) if suffix == "md" else None
        if m:
            headings.append(Heading(number, len(m.group(1)), m.group(2)))
            continue
        n = _NUMBERED.match(line)
        if n and len(line) <= 80 and not line.rstrip().endswith("."):
            headings.append(Heading(number, 6 + n.group(1).count("."), line.strip()))
    return TextSource(path, lines, tuple(headings), toc)


def phrase_block(source: TextSource, phrase: str) -> Span | None:
    """A phrase locator: the blank-line-delimited block holding the phrase (DECISIONS X9)."""
    want = fold_compact(phrase)
    if not want:
        return None
    start = 0
    lines = source.lines
    for i in range(len(lines) + 1):
        if i == len(lines) or not lines[i].strip():
            if start < i and want in fold_compact(" ".join(lines[start:i])):
                return Span(source.path, phrase, "\n".join(lines[start:i]), start + 1, i)
            start = i + 1
    return None


def parse_toc(data: object, name: str) -> dict[str, tuple[int, int]]:
    """`<id>.toc.json` beside a text source: `{"§5.5.2": {"start_line": 18, "end_line": 28}}`."""
    if not isinstance(data, dict):
        raise SourceError(f"has a toc file {name} that is not an object")
    toc: dict[str, tuple[int, int]] = {}
    for key, value in data.items():
        try:
            start = int(value["start_line"])
            end = int(value.get("end_line", start))
        except (TypeError, KeyError, ValueError, AttributeError, OverflowError) as exc:
            raise SourceError(
                f"has a toc entry {key!r} without a whole start_line in {name}"
            ) from exc
        toc[str(key)] = (start, end)
    return toc
