"""What the SourceStore hands to rules: a located `Span`, or a typed `Failure`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NumberField:
    """A structured field whose whole value is a number (`"enrollment": 88`).

    `context` is the text of the nearest enclosing object's string fields, which tells
    what the number measures (DECISIONS F1).
    """

    value: str
    key: str
    context: str


@dataclass(frozen=True, slots=True)
class Span:
    """The text an anchor points at, and where it came from."""

    path: str  # absolute path of the source file
    locator: str | None
    text: str
    start_line: int | None = None
    end_line: int | None = None
    pointer: str | None = None  # JSON Pointer for structured spans (DECISIONS I3)
    structured: bool = False
    fields: tuple[NumberField, ...] = ()
    ids: frozenset[str] = frozenset()  # the record's own identifiers (DECISIONS E3)
    dates: str = ""  # publication or registration dates of the record (DECISIONS N7)


@dataclass(frozen=True, slots=True)
class Failure:
    """Why an anchor could not be resolved: CL002, CL003, CL006 or CL007."""

    code: str
    message: str
    path: str | None = None  # the file at fault, or the first candidate tried


Resolution = Span | Failure


class SourceError(Exception):
    """A source file exists but cannot be read (CL007); the message says why."""
