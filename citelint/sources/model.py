"""What the SourceStore hands to rules: a located `Span`, or a typed `Failure`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True, slots=True)
class NumberField:
    """A structured field whose whole value is a number (`"enrollment": 88`).

    `context` is the text of the nearest enclosing object's string fields, which tells
    what the number measures (DECISIONS F1).
    """

    value: str
    key: str
    context: str
    group: str = ""  # the title of the result group it was measured in (`groupId`)


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


class FailureKind(Enum):
    """Why an anchor did not resolve; the rules map each kind to its code."""

    NO_SOURCE = "no-source"  # no saved file for the id (or no sources root)
    NO_LOCATOR = "no-locator"  # the file exists, the locator finds nothing in it
    UNSAFE_PATH = "unsafe-path"  # the id or a symlink would leave the allowed roots
    UNREADABLE = "unreadable"  # the file exists but cannot be read, parsed or is too large
    DANGLING = "dangling"  # a reference number with no entry, or no reference list at all
    UNSAVED = "unsaved"  # a citation's source (an entry, URL or identifier) is not saved
    NONEXISTENT = "nonexistent"  # its registry answered `citelint fetch` that the id is unknown


@dataclass(frozen=True, slots=True)
class Failure:
    """Why an anchor could not be resolved, and the file at fault."""

    kind: FailureKind
    message: str
    path: str | None = None  # the file at fault, or the first candidate tried


Resolution = Span | Failure


class SourceError(Exception):
    """A source file exists but cannot be read (CL007); the message says why."""
