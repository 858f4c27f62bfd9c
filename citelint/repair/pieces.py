"""A saved file's part of a sources root's repair index, shared by content.

Pipelines save one sources folder per report run, and many of those folders hold the
same files (the same record fetched again, or hard-linked copies). A saved file's piece
of the index — its located spans, the numbers each may state, its squashed text — is a
function of the file's bytes, its `.toc.json` sidecar's bytes, where it sits under the
root, and the run's config; it is built once per run for each distinct content and
reused by every root that holds the same file, its spans moved to that root's path.

A file's content digest is kept by its identity on disk (device, inode, size, times),
so hard-linked copies are hashed once; a copy with other times is read and hashed.
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

from citelint.document import Anchor
from citelint.sources.model import SourceError, Span
from citelint.sources.paths import read_regular

MAX_PIECE_CHARS = 16_000_000  # span text kept in pieces for reuse; the oldest go first
MAX_DIGESTS = 65_536  # file identities whose digest is kept


@dataclass(frozen=True, slots=True)
class Place:
    """One span of a saved record: the anchor that names it, and its text."""

    anchor: Anchor
    span: Span


@dataclass(frozen=True, slots=True)
class Piece:
    """One saved file's places, each with the numbers it may state and its squashed text,
    and the path its spans were read at."""

    home: str
    places: tuple[Place, ...]
    values: tuple[frozenset[Decimal], ...]
    squashed: tuple[str, ...]

    def at(self, path: str) -> Iterator[tuple[Place, frozenset[Decimal], str]]:
        """The places as read at `path` (a root holding the same file elsewhere)."""
        for place, values, squashed in zip(self.places, self.values, self.squashed, strict=True):
            if path != self.home and place.span.path == self.home:
                place = Place(place.anchor, replace(place.span, path=path))
            yield place, values, squashed


class Pieces:
    """The pieces of one run (one config), by content; the oldest dropped past a bound."""

    def __init__(self, max_chars: int = MAX_PIECE_CHARS) -> None:
        self.max_chars = max_chars
        self._pieces: OrderedDict[tuple[str, ...], Piece] = OrderedDict()
        self._chars = 0
        self._digests: OrderedDict[tuple[int, ...], str] = OrderedDict()  # identity → digest
        self.built = 0  # pieces built (not reused): what a test counts

    def piece(self, key: tuple[str, ...], build: Callable[[], Piece]) -> Piece:
        """The piece whose content key is `key`, built once (while it is kept)."""
        found = self._pieces.get(key)
        if found is not None:
            self._pieces.move_to_end(key)
            return found
        made = build()
        if any(p.span.path != made.home for p in made.places):
            return made  # spans from more than one file: not shared
        self.built += 1
        self._pieces[key] = made
        self._chars += sum(len(p.span.text) for p in made.places)
        while self._chars > self.max_chars and len(self._pieces) > 1:
            _, old = self._pieces.popitem(last=False)
            self._chars -= sum(len(p.span.text) for p in old.places)
        return made

    def digest(self, path: str, max_bytes: int) -> str:
        """The content digest of a regular file (`-` when there is none to read)."""
        try:
            st = os.stat(path)
        except OSError:
            return "-"
        identity = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        known = self._digests.get(identity)
        if known is None:
            try:
                data = read_regular(path, max_bytes)
            except SourceError:
                return "-"
            known = self._digests[identity] = hashlib.sha256(data).hexdigest()
            if len(self._digests) > MAX_DIGESTS:
                self._digests.popitem(last=False)
        return known
