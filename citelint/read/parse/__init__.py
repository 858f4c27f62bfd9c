"""From report bytes to a `Document`, or a reason the report cannot be read (CL902)."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field

from citelint.ground.document import Document, Format
from citelint.read.parse.builder import ClaimOptions, DocumentBuilder
from citelint.read.parse.html import HtmlParser
from citelint.read.parse.markdown import MarkdownParser
from citelint.read.parse.raw import ParseOutput
from citelint.read.parse.text_lines import split_lines, unwrapped

HTML_SUFFIXES = (".html", ".htm")


class UnreadableReport(Exception):  # noqa: N818 - named after CL902
    """The report cannot be decoded or parsed; the message says why (CL902)."""


@dataclass(frozen=True, slots=True)
class Parser:
    options: ClaimOptions = field(default_factory=ClaimOptions)

    def parse(self, path: str, data: bytes) -> Document:
        fmt = format_of(path)
        text = decode_report(data)
        builder = DocumentBuilder(self.options)
        html = HtmlParser(builder.grammar, builder.is_appendix_heading, not builder.trusted)
        out = ParseOutput()
        try:
            if fmt is Format.HTML:
                html.parse(text, out)
            else:
                MarkdownParser(html).parse(text, out)
                if path.lower().endswith(".txt") and unwrapped(text):
                    split_lines(out, text)  # a paragraph a line, as the export wrote it
        except (ValueError, RecursionError) as exc:  # lxml gives up on pathological input
            raise UnreadableReport(f"cannot be parsed as {fmt.value}: {exc}") from exc
        return builder.build(path, fmt, text, out)


def format_of(path: str) -> Format:
    return Format.HTML if path.lower().endswith(HTML_SUFFIXES) else Format.MARKDOWN


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_-]+)""", re.I)


def decode_report(data: bytes) -> str:
    """UTF-8 with or without BOM (DECISIONS O4); anything else is unreadable."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise UnreadableReport("is UTF-16 (byte-order mark found); reports must be UTF-8")
    if b"\x00" in data[:8192]:
        raise UnreadableReport("is a binary file (NUL bytes found), not a text report")
    meta = _META_CHARSET.search(data[:4096])
    if meta and meta.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8"):
        raise UnreadableReport(
            f"declares charset {meta.group(1).decode('ascii', 'replace')}; reports must be UTF-8"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableReport(
            f"is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from exc
    return text.removeprefix("\ufeff")
