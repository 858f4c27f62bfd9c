"""Markdown reports through pyromark (pulldown-cmark): CommonMark, GFM tables, byte ranges.

Why pyromark: it gives the byte range of every event, so every character of a text run
maps back to its column; markdown-it-py maps only blocks to line ranges. Measured here
with bench/parsers.py on 4 MiB of report-like Markdown, one core, events consumed in
Python: pyromark 7.7 MB/s against markdown-it-py 0.5 MB/s, a ratio of about 17. Positions
follow DECISIONS I2: a text event whose source slice equals its text maps character by
character; any other (entities, escapes) maps to the event start.
"""

from __future__ import annotations

import bisect
import re
from array import array
from typing import Any

import pyromark

from citelint.ground.document import MermaidBlock
from citelint.read.parse.directives import parse_comment
from citelint.read.parse.html import HtmlParser
from citelint.read.parse.raw import ParseOutput, RawBlock, label_tail
from citelint.read.parse.shown import attribute_texts
from citelint.read.parse.shown import block as shown_block

_OPTIONS = (
    pyromark.Options.ENABLE_TABLES
    | pyromark.Options.ENABLE_TASKLISTS
    | pyromark.Options.ENABLE_STRIKETHROUGH
    | pyromark.Options.ENABLE_FOOTNOTES
    | pyromark.Options.ENABLE_YAML_STYLE_METADATA_BLOCKS
)
_MARKDOWN = pyromark.Markdown(options=_OPTIONS)
_COMMENT = re.compile(r"<!--(.*?)-->", re.S)
_TAG_NAME = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)")
_BLOCK_KINDS = {
    "Paragraph": "p",
    "Item": "li",
    "BlockQuote": "blockquote",
    "DefinitionListTitle": "dt",
    "DefinitionListDefinition": "dd",
}


class _CharIndex:
    """UTF-8 byte offsets to code-point offsets, exact, without a per-byte table: a
    checkpoint every `_STEP` characters, so an offset decodes at most one step of bytes
    (a report written as one long line is as cheap as one of many)."""

    _STEP = 1024

    def __init__(self, text: str) -> None:
        self._data = text.encode("utf-8")
        self._ascii = len(self._data) == len(text)
        self._bytes: list[int] = [0]
        if not self._ascii:
            at = 0
            for start in range(0, len(text), self._STEP):
                at += len(text[start : start + self._STEP].encode("utf-8"))
                self._bytes.append(at)

    @property
    def data(self) -> bytes:
        return self._data

    def __call__(self, byte: int) -> int:
        if self._ascii:
            return byte
        i = bisect.bisect_right(self._bytes, byte) - 1
        start = self._bytes[i]
        return i * self._STEP + len(self._data[start:byte].decode("utf-8", "ignore"))


class MarkdownParser:
    def __init__(self, html_parser: HtmlParser) -> None:
        self._html = html_parser

    def parse(self, text: str, out: ParseOutput) -> None:
        _Events(text, out, self._html).run()


class _Events:
    def __init__(self, text: str, out: ParseOutput, html_parser: HtmlParser) -> None:
        self.text = text
        self.out = out
        self.html = html_parser
        self.index = _CharIndex(text)
        self.parts: list[str] = []
        self.offsets = array("l")
        self.breaks: list[int] = []
        self.length = 0
        self.kinds: list[tuple[str, int]] = []
        self.table = 0
        self.cells: list[tuple[int, int]] = []
        self.cell_begin = 0
        self.skip = 0  # inside inline code images or metadata: no text
        self.code: tuple[str, int, int, list[str]] | None = None  # (lang, start, body, parts)
        self.html_block: tuple[int, list[str]] | None = None
        self.strong_depth = 0
        self.outside: list[str] = []  # a paragraph's text outside its bold runs
        self.saw_strong = False
        # citations: links and superscripts of the current block, list numbers, footnotes
        self.links: list[tuple[int, int, str]] = []
        self.open_links: list[tuple[int, str]] = []
        self.sups: list[tuple[int, int]] = []
        self.sup_open: int | None = None
        # LaTeX's inline math, `\\(` … `\\)` (a bracket inside is an interval, `\\([1,3]\\)`)
        self.math: list[tuple[int, int]] = []
        self.math_open: int | None = None
        self.lists: list[int | None] = []  # the next number of each open list
        self.number: int | None = None
        self.footnote: str | None = None
        # an image's alt text is read as a paragraph of its own (shown.py): the block's
        # accumulators are set aside while it is read, and its blocks wait for the flush
        self.images: list[tuple[list[str], array[int], int, RawBlock | None]] = []
        self.pending: list[RawBlock] = []

    def run(self) -> None:
        for event, rng in _MARKDOWN.events_with_range(self.text):
            self.handle(event, rng["start"], rng["end"])
        self.flush()

    # -- accumulating text ------------------------------------------------------------

    def add(self, s: str, start: int, end: int) -> None:
        if self.skip or not s:
            return
        # (`**H2-1 (56-qubit)**:`: a colon after the bold run keeps it a bold label)
        if self.kinds and self.kinds[-1][0] == "p" and not self.strong_depth:
            self.outside.append(s)
        a, b = self.index(start), self.index(end)
        if s[0] in "()" and a and self.text[a - 1] == "\\":  # an escaped parenthesis
            self.escaped(s[0])
        self.parts.append(s)
        if self.text[a:b] == s:
            self.offsets.extend(range(a, a + len(s)))
        else:
            self.offsets.extend([a] * len(s))
        self.length += len(s)

    def escaped(self, paren: str) -> None:
        """`\\(` opens LaTeX's inline math and `\\)` closes it."""
        if paren == "(":
            self.math_open = self.length
        elif self.math_open is not None:
            self.math.append((self.math_open, self.length + 1))
            self.math_open = None

    def flush(self, kind: str | None = None, level: int = 0, **extra: Any) -> None:
        text = "".join(self.parts)
        if text.strip():
            top_kind, top_level = self.kinds[-1] if self.kinds else ("anon", 0)
            self.out.blocks.append(
                RawBlock(
                    kind=kind or top_kind,
                    text=text,
                    offsets=self.offsets,
                    level=level or top_level,
                    hard_breaks=self.breaks,
                    strong_only=(
                        (kind or top_kind) == "p"
                        and self.saw_strong
                        and label_tail("".join(self.outside))
                    ),
                    links=self.links,
                    sups=self.sups,
                    math=self.math,
                    number=self.number if any(k == "li" for k, _ in self.kinds) else None,
                    label=self.footnote,
                    **extra,
                )
            )
        self.parts, self.offsets, self.breaks, self.length = [], array("l"), [], 0
        self.saw_strong, self.outside = False, []
        self.links, self.sups, self.math, self.math_open = [], [], [], None
        if self.pending and not self.images:
            self.out.blocks.extend(self.pending)
            self.pending = []

    # -- events ----------------------------------------------------------------------

    def handle(self, event: Any, start: int, end: int) -> None:
        if self.code is not None:
            if isinstance(event, dict) and "Text" in event:
                if not self.code[3]:
                    self.code = (self.code[0], self.code[1], self.index(start), self.code[3])
                self.code[3].append(event["Text"])
            elif isinstance(event, dict) and "End" in event:
                lang, fence, body, parts = self.code
                if lang == "mermaid":
                    self.out.mermaid.append(MermaidBlock("".join(parts), fence, body or fence))
                self.code = None
            return
        if self.html_block is not None:
            if isinstance(event, dict) and "Html" in event:
                self.html_block[1].append(event["Html"])
            elif isinstance(event, dict) and "End" in event:
                at, pieces = self.html_block
                self.html_block = None
                self.html.parse("".join(pieces), self.out, base=at)
            return
        if isinstance(event, str):
            if event == "SoftBreak":
                self.add(" ", start, start)
            elif event == "HardBreak":
                self.breaks.append(self.length)
                self.add(" ", start, start)
            return
        ((name, value),) = event.items()
        if name == "Text":
            self.add(value, start, end)
        elif name == "FootnoteReference":  # kept as written: `[^3]` is a citation
            self.add(f"[^{value}]", start, end)
        elif name == "Start":
            self.start(value, start)
        elif name == "End":
            self.end(value)
        elif name == "InlineHtml" or name == "Html":
            self.inline_html(value, start)

    def start(self, value: Any, start: int) -> None:
        name = value if isinstance(value, str) else next(iter(value))
        if name in _BLOCK_KINDS:
            self.flush()
            if name == "Item":
                counter = self.lists[-1] if self.lists else None
                self.number = counter
                if counter is not None:
                    self.lists[-1] = counter + 1
            self.kinds.append((_BLOCK_KINDS[name], 0))
        elif name == "List":
            self.flush()
            self.lists.append(value["List"])
        elif name == "Link":
            self.open_links.append((self.length, value["Link"]["dest_url"]))
            self.titled(value["Link"].get("title") or "", start)
        elif name == "FootnoteDefinition":
            self.flush()
            self.footnote = str(value["FootnoteDefinition"])
        elif name == "Heading":
            self.flush()
            self.kinds.append(("heading", int(value["Heading"]["level"][1])))
        elif name == "Table":
            self.flush()
            self.table += 1
        elif name in ("TableHead", "TableRow"):
            self.flush()
            self.cells = []
        elif name == "TableCell":
            if self.cells or self.length:
                self.add_separator(self.index(start))
            self.cell_begin = self.length
        elif name == "CodeBlock":
            self.flush()
            info = value["CodeBlock"]
            lang = info.get("Fenced", "") if isinstance(info, dict) else ""
            self.code = ((lang or "").split(" ")[0].strip().lower(), self.index(start), 0, [])
        elif name == "HtmlBlock":
            self.flush()
            self.html_block = (self.index(start), [])
        elif name == "Image":
            title = value["Image"].get("title") or ""
            at = self.text.find(title, self.index(start)) if title.strip() else -1
            titled = shown_block(title, array("l", range(at, at + len(title)))) if at >= 0 else None
            self.images.append((self.parts, self.offsets, self.length, titled))
            self.parts, self.offsets, self.length = [], array("l"), 0
        elif name == "MetadataBlock":
            self.skip += 1
        elif name == "Strong":
            self.strong_depth += 1
            self.saw_strong = True

    def end(self, value: Any) -> None:
        name = value if isinstance(value, str) else next(iter(value))
        if name in _BLOCK_KINDS or name == "Heading":
            self.flush()
            self.kinds.pop()
        elif name == "TableCell":
            self.cells.append((self.cell_begin, self.length))
        elif name in ("TableHead", "TableRow"):
            self.flush(
                "header-row" if name == "TableHead" else "row",
                table=self.table,
                cells=tuple(self.cells),
            )
        elif name == "Image" and self.images:
            alt, offsets = "".join(self.parts), self.offsets
            self.parts, self.offsets, self.length, titled = self.images.pop()
            if alt.strip():
                self.pending.append(shown_block(alt, offsets))
            if titled is not None:
                self.pending.append(titled)
        elif name == "MetadataBlock":
            self.skip -= 1
        elif name == "List":
            self.flush()
            if self.lists:
                self.lists.pop()
        elif name == "Link" and self.open_links:
            begin, href = self.open_links.pop()
            self.links.append((begin, self.length, href))
        elif name == "FootnoteDefinition":
            self.flush()
            self.footnote = None
        elif name == "Strong":
            self.strong_depth -= 1

    def titled(self, title: str, start: int) -> None:
        """A link's title, its tooltip: a paragraph of its own after the block."""
        at = self.text.find(title, self.index(start)) if title.strip() else -1
        if at >= 0:
            self.pending.append(shown_block(title, array("l", range(at, at + len(title)))))

    def add_separator(self, cell: int) -> None:
        # a separator sits on the cell end; after cells with no text (`| `message_start` |`:
        # code is not read) on the next cell's start, never on the file's first character
        while cell < len(self.text) and self.text[cell] in " \t":  # at the cell's text
            cell += 1
        at = self.offsets[-1] if self.offsets else cell
        self.parts.append(" | ")
        self.offsets.extend([at] * 3)
        self.length += 3

    def inline_html(self, html_text: str, start: int) -> None:
        at = self.index(start)
        tag = _TAG_NAME.match(html_text)
        if tag is not None:
            for text, offsets in attribute_texts(html_text, tag.group(1).lower(), at):
                self.pending.append(shown_block(text, offsets))
        for m in _COMMENT.finditer(html_text):
            directive = parse_comment(m.group(1), at + m.start(), at + m.end())
            if directive is not None:
                self.out.directives.append(directive)
        if re.match(r"<br\s*/?>", html_text, re.I):
            self.breaks.append(self.length)
        elif re.match(r"<sup\b", html_text, re.I):
            self.sup_open = self.length
        elif re.match(r"</sup\s*>", html_text, re.I) and self.sup_open is not None:
            self.sups.append((self.sup_open, self.length))
            self.sup_open = None
