"""Saved records parsed once per distinct content, shared by every root that holds them.

Pipelines save one sources folder per report run, and most of those folders hold the same
records (hard-linked, or fetched and saved again). A record loader's result is a function
of the file's bytes and the cited id alone; the path is only carried along, for spans and
messages. So a record is parsed (and its JSON flattened) once per (bytes, loader, id) and
every other file with those bytes gets the same parsed record under its own path: the
flattened nodes it holds are shared, not copied.

Only the loaders `kinds.BY_CONTENT` names are used this way; a loader that reads a sidecar
file (`.toc.json`, `web/index.json`) or the text cache depends on more than the bytes and
is called for each file. What is held is bounded by the bytes of the records held: past
`MAX_HELD_BYTES` the least recently used go first. A loader that fails is not held (the
store turns the failure into CL007 for each file, as before).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import OrderedDict
from typing import TYPE_CHECKING

from citelint.sources.loaders.bibliographic import BibliographicRecord
from citelint.sources.loaders.structured import JsonSource

if TYPE_CHECKING:
    from citelint.sources.kinds import LoadContext, Loaded, Loader

Record = BibliographicRecord | JsonSource  # what the record loaders give: a path among fields
MAX_HELD_BYTES = 4 * 1024 * 1024  # of saved records' bytes; what they parse into is more


class ByContent:
    """Parsed records by the SHA-256 of their bytes, the loader and the cited id."""

    def __init__(self, limit: int = MAX_HELD_BYTES) -> None:
        self.limit = limit
        self.held_bytes = 0
        self.parsed = 0  # records parsed, for tests and benchmarks
        self._held: OrderedDict[tuple[bytes, Loader, str], tuple[Record, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._held)

    def load(self, loader: Loader, path: str, data: bytes, ident: str, ctx: LoadContext) -> Loaded:
        """`loader(path, data, ident, ctx)`, parsed once for these bytes and this id."""
        key = (hashlib.sha256(data).digest(), loader, ident)
        found = self._held.get(key)
        if found is not None:
            self._held.move_to_end(key)
            held = found[0]
            if held.path == path:
                return held
            # the same record under another path: a shallow copy, its parsed parts shared
            return dataclasses.replace(held, path=path)
        loaded = loader(path, data, ident, ctx)
        self.parsed += 1
        if isinstance(loaded, (BibliographicRecord, JsonSource)):  # (any other: parsed anew)
            self._hold(key, loaded, len(data))
        return loaded

    def _hold(self, key: tuple[bytes, Loader, str], loaded: Record, size: int) -> None:
        if size > self.limit:
            return  # larger than all that may be held: parsed for its own file only
        self._held[key] = (loaded, size)
        self.held_bytes += size
        while self.held_bytes > self.limit:
            _, (_, gone) = self._held.popitem(last=False)
            self.held_bytes -= gone
