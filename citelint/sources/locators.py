"""A locator that found nothing in a record that was read: the message names the
locators the record has and, for a typo within a small edit distance of one of them,
"did you mean" it (`abstarct` → `abstract`). A line range or page is never a typo."""

from __future__ import annotations

import difflib
import functools
import re

from citelint.sources.model import Failure

MAX_LISTED = 12  # locators a CL003 message names
_PLACE = re.compile(r"(?:line|page)\s*:|L\d", re.I)


def unknown_locator(failure: Failure, locator: str, known: tuple[str, ...]) -> Failure:
    """A locator that found nothing, with the ones the record has and, for a typo within
    a small edit distance of one of them, "did you mean" it (`abstarct` → `abstract`)."""
    if _PLACE.match(locator):
        return failure  # a line range or page: the message says what the file has
    close = closest(locator, known)
    message = failure.message
    if known:
        listed = ", ".join(known[:MAX_LISTED]) + (", …" if len(known) > MAX_LISTED else "")
        message += f" (locators: {listed})"
    if close is not None:
        message += f"; did you mean '{close}'?"
    return Failure(failure.kind, message, failure.path)


def closest(locator: str, known: tuple[str, ...]) -> str | None:
    """The known locator a typo is within a small edit distance of (case aside)."""
    if _PLACE.match(locator):
        return None
    folded = tuple(k.lower() for k in known)
    at = _closest_at(locator.lower(), folded)
    return None if at is None else known[at]


# Records of one kind share their locators, and the notice and field probes of every cited
# record (`retraction`, `concern`, `title`) ask the same question of each: one answer per
# (locator, locators) pair spares a SequenceMatcher per probe (8% of a cold run's CPU).
@functools.lru_cache(maxsize=1024)
def _closest_at(locator: str, folded: tuple[str, ...]) -> int | None:
    close = difflib.get_close_matches(locator, folded, 1, 0.75)
    return folded.index(close[0]) if close else None
