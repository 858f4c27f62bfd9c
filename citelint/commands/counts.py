"""The numbers a command line gives: `--jobs` (the CPU count by default; 1 or more) and
`--shard K/N` (1 ≤ K ≤ N), each refused in one line when it is not one."""

from __future__ import annotations

import os

from citelint.ground.errors import UsageError


def jobs(value: int | None) -> int:
    if value is None:
        return os.cpu_count() or 1
    if value < 1:
        raise UsageError("--jobs must be 1 or more")
    return value


def shard(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    k, sep, n = value.partition("/")
    if not (sep and _small(k) and _small(n) and 1 <= int(k) <= int(n)):
        raise UsageError(f"--shard {value}: write K/N with 1 ≤ K ≤ N, e.g. 1/4")
    return int(k), int(n)


def _small(digits: str) -> bool:
    """A whole number `int()` takes at once (Python refuses runs of thousands of digits)."""
    return digits.isascii() and digits.isdigit() and len(digits) <= 9
