"""A file's content digest by its identity on disk, held for the run.

Pipelines save one sources folder per report run, and many of those folders hold the
same file (hard-linked copies, or a record saved again). Two parts of a lint ask for a
saved file's SHA-256: the result cache (what a kept result depended on) and the repair
index (a saved file's piece, kept by content). A linter holds one `Digests` and hands it
to both, so a file is hashed once for the two.

A file's identity is its device, inode, size and times: another identity may be other
bytes, so it is hashed anew. The table is bounded: past `MAX_DIGESTS` identities the
oldest go first.
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from typing import BinaryIO

from citelint.sources.model import SourceError
from citelint.sources.paths import read_regular

Identity = tuple[int, ...]
MAX_DIGESTS = 65_536  # file identities whose digest is held


def identity(info: os.stat_result) -> Identity:
    """A file's identity on disk: another identity is other bytes, or may be."""
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


class Digests:
    """The SHA-256 of each file identity seen in the run (the oldest go past `limit`)."""

    def __init__(self, limit: int = MAX_DIGESTS) -> None:
        self.limit = limit
        self._known: OrderedDict[Identity, str] = OrderedDict()

    def __len__(self) -> int:
        return len(self._known)

    def get(self, same: Identity) -> str | None:
        """The digest of the file with this identity, if one was taken in the run."""
        return self._known.get(same)

    def keep(self, same: Identity, digest: str) -> str:
        """Remember `digest` for this identity (and return it)."""
        self._known[same] = digest
        if len(self._known) > self.limit:
            self._known.popitem(last=False)
        return digest

    def of_handle(self, same: Identity, handle: BinaryIO) -> str:
        """The digest of a file opened as `handle` whose `fstat` gave `same`: read to
        its end unless this identity was hashed already."""
        known = self._known.get(same)
        if known is not None:
            return known
        digest = hashlib.sha256()
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
        return self.keep(same, digest.hexdigest())

    def of_regular(self, path: str, max_bytes: int) -> str:
        """The digest of a regular file (`-` when there is none to read, or it is larger
        than `max_bytes`); a planted link is not followed."""
        try:
            info = os.lstat(path)
        except OSError:
            return "-"
        same = identity(info)
        known = self._known.get(same)
        if known is not None:
            return known
        try:
            data = read_regular(path, max_bytes)
        except SourceError:
            return "-"
        return self.keep(same, hashlib.sha256(data).hexdigest())
