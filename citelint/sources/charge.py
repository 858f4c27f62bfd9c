"""The total read cap of one report: the sources it cites, each counted once.

The sources one report cites are charged against `max-total-source-bytes` whether this
process read them for it or for an earlier report: the verdict never depends on the
order of reports, the worker they fell to or the cache (docs/decisions.md: "The total
read cap is per report").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from citelint.sources.model import Failure, FailureKind, Resolution, Span


@dataclass
class ReadCharge:
    max_total_bytes: int
    _sizes: dict[str, int] = field(default_factory=dict)  # each file read, by real path
    _charged: set[str] | None = None  # None: not inside a report's analysis
    _report_bytes: int = 0
    _real: dict[str, str] = field(default_factory=dict)  # each span path's real location

    def read(self, real: str, size: int) -> None:
        """A file was read: its size is what citing it costs."""
        self._sizes[real] = size

    def charging(self, on: bool) -> None:
        """Start (or stop) charging loaded sources to one report's total read cap."""
        self._charged = set() if on else None
        self._report_bytes = 0

    def charge(
        self,
        found: Resolution,
        realpath: Callable[[str], str],
        shown: Callable[[str], str],
    ) -> Resolution:
        """A resolution, or the total read cap's failure when the report's cited files
        (each counted once, however it was served) add up past it."""
        if self._charged is None or not isinstance(found, Span) or not found.path:
            return found
        real = self._real.get(found.path)
        if real is None:
            real = self._real[found.path] = realpath(found.path)
        if real in self._charged or real not in self._sizes:
            return found
        self._charged.add(real)
        self._report_bytes += self._sizes[real]
        if self._report_bytes <= self.max_total_bytes:
            return found
        return Failure(
            FailureKind.UNREADABLE,
            f"{shown(found.path)} is not read: the sources this report cites reach "
            f"max-total-source-bytes ({self.max_total_bytes})",
            found.path,
        )

    def release(self, under: Callable[[str], bool]) -> None:
        for table in (self._sizes, self._real):
            for path in [p for p in table if under(p)]:
                del table[path]
