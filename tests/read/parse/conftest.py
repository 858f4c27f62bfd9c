"""Shared by the parser tests."""

from __future__ import annotations

from citelint.ground.document import Document
from citelint.read.parse import Parser


def parse(name: str, text: str | bytes) -> Document:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return Parser().parse(name, data)


def sentences(doc: Document) -> list[str]:
    return [s.text for s in doc.sentences]


def at(doc: Document, needle: str) -> tuple[int, int]:
    return doc.position(doc.text.index(needle))


LIST = "\n\n## References\n\n1. A. PMID: 1\n2. B. PMID: 2\n"


def cited(text: str) -> list[tuple[list[str], bool]]:
    """Each body sentence's anchors, as written, and whether it borrowed them (a reference
    list of two entries appended)."""
    doc = parse("r.md", text + LIST)
    return [
        ([a.text for a in s.anchors], s.borrowed) for s in doc.sentences if not s.block.appendix
    ]


def cited_by(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each sentence with the ids of the sources it cites, its own or borrowed."""
    return [(s.text, tuple(a.id for a in s.anchors)) for s in parse("r.md", text).sentences]
