"""A persistent cache of extracted PDF text (DECISIONS X3, X4, I5).

pypdf extracts about 50 pages a second, so PDF text is worth keeping across runs. Entries
are keyed by the file's SHA-256 and the versions of pypdf and of citelint's loader, so a
changed file or a new extractor never serves stale text. Writes go through a temporary
file and an atomic rename, which keeps concurrent workers safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile

import pypdf

LOADER_VERSION = "1"


class TextCache:
    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.hits = 0

    def _path(self, data: bytes) -> str:
        digest = hashlib.sha256(data).hexdigest()
        key = f"pdf-{LOADER_VERSION}-pypdf{pypdf.__version__}-{digest}.json"
        return os.path.join(self.folder, key)

    def get(self, data: bytes) -> tuple[str, ...] | None:
        try:
            with open(self._path(data), encoding="utf-8") as handle:
                pages = json.load(handle)
        except (OSError, ValueError):
            return None  # absent or damaged: extract again
        if not isinstance(pages, list) or not all(isinstance(p, str) for p in pages):
            return None
        self.hits += 1
        return tuple(pages)

    def put(self, data: bytes, pages: tuple[str, ...]) -> None:
        try:
            os.makedirs(self.folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(list(pages), handle, ensure_ascii=False)
            os.replace(tmp, self._path(data))
        except OSError:
            pass  # a read-only project still lints; it only loses the speed-up
