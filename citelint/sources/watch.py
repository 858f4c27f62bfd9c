"""What a lint looks at on disk, so a kept result can be checked against it later.

Every place that lists or opens a source notes it: `("path", p)` for a path whose
existence, real location and bytes matter, `("dir", p)` for a folder whose listing
matters. The engine keeps its per-run memos (a source loaded once, a root indexed once)
through `memo`, which remembers what the first computation looked at and notes it again
on every later hit: a report that reuses another report's loaded source still depends on
that source's file.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TypeVar

Dep = tuple[str, str]  # ("path" | "dir", absolute path)
PATH, DIR = "path", "dir"

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Watch:
    """Records dependencies while a recording is open; does nothing when inactive."""

    def __init__(self, active: bool = False) -> None:
        self.active = active
        self._open: list[tuple[set[Dep], set[tuple[int, Hashable]]]] = []
        self._kept: dict[tuple[int, Hashable], frozenset[Dep]] = {}
        # one object per distinct set: a memo per token that only asks for a root's index
        # keeps that index's set, not a copy of it
        self._sets: dict[frozenset[Dep], frozenset[Dep]] = {}

    def note(self, what: str, path: str) -> None:
        for frame, _ in self._open:
            frame.add((what, path))

    @contextmanager
    def recording(self) -> Iterator[set[Dep]]:
        """The dependencies noted inside the block (nested recordings see theirs too)."""
        seen: set[Dep] = set()
        if not self.active:
            yield seen
            return
        self._open.append((seen, set()))
        try:
            yield seen
        finally:
            self._open.pop()  # recordings nest: the last opened closes first

    def forget(self, table: dict[K, V], keys: list[K]) -> None:
        """Drop memo entries (a sources root whose reports are all done)."""
        for key in keys:
            table.pop(key, None)
            self._kept.pop((id(table), key), None)
        if keys:  # a set no memo keeps any more goes too: memory is the roots in flight
            self._sets = {deps: deps for deps in self._kept.values()}

    def memo(self, table: dict[K, V], key: K, compute: Callable[[], V]) -> V:
        """`table[key]`, computed once; a hit notes what the computation looked at."""
        if not self.active:
            if key not in table:
                table[key] = compute()
            return table[key]
        mark = (id(table), key)
        if key in table:
            kept = self._kept.get(mark, frozenset())
            for frame, replayed in self._open:
                if mark not in replayed:  # a root's index is asked for once per claim
                    replayed.add(mark)
                    frame |= kept
            return table[key]
        with self.recording() as seen:
            value = compute()
        table[key] = value
        kept = frozenset(seen)
        self._kept[mark] = self._sets.setdefault(kept, kept)
        return value
