"""Ranges of block text: merged, met by bisection, a place inside one, the masked ones
within a sentence, and a run of citation hits with the later ones inside an earlier one
left out."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Protocol, TypeVar


class _Ranged(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


_Hit = TypeVar("_Hit", bound=_Ranged)


def overlaps(start: int, end: int, ranges: Sequence[tuple[int, int]]) -> bool:
    """Whether [start, end) meets one of `ranges` (sorted, not overlapping), by bisection."""
    i = bisect.bisect_left(ranges, (end, end)) - 1
    return i >= 0 and ranges[i][1] > start


def merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for b, e in sorted(ranges):
        if out and b <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((b, e))
    return out


def without_overlaps(hits: list[_Hit]) -> list[_Hit]:
    """Keep the first style found at a place; a later hit inside an earlier one is not
    a second citation (an identifier inside a link, a number inside brackets)."""
    out: list[_Hit] = []
    reach = -1
    group: tuple[int, int] | None = None
    for hit in hits:
        if hit.start < reach and (hit.start, hit.end) != group:
            continue
        out.append(hit)
        if (hit.start, hit.end) != group:
            group = (hit.start, hit.end)
        reach = max(reach, hit.end)
    return out


def inside(spans: Sequence[tuple[int, int]], at: int) -> bool:
    """Whether `at` lies in one of the sorted, non-overlapping `spans` (a bisection: a
    sentence of many titles and many figures costs its length, not their product)."""
    i = bisect.bisect_right(spans, (at, _END)) - 1
    return i >= 0 and at < spans[i][1]


_END = 1 << 62  # past any offset: `(at, _END)` sorts after every span starting at `at`


def masks_within(
    masks: Sequence[tuple[int, int]], begin: int, stop: int
) -> tuple[tuple[int, int], ...]:
    """The masked ranges inside [begin, stop), relative to `begin` (masks are sorted)."""
    if not masks:
        return ()
    i = bisect.bisect_left(masks, (begin, begin))
    out = []
    while i < len(masks) and masks[i][0] < stop:
        b, e = masks[i]
        out.append((b - begin, min(e, stop) - begin))
        i += 1
    return tuple(out)
