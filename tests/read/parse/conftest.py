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
