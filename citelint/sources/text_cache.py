"""A persistent cache of extracted PDF text (DECISIONS X3, X4, I5).

pypdf extracts about 50 pages a second, so PDF text is worth keeping across runs. Entries
are keyed by the file's SHA-256 and the versions of pypdf and of citelint's loader, so a
changed file or a new extractor never serves stale text.

The cache is a place a pull request must not be able to write: by default it lives in
the user's cache folder, outside the working tree (`user_cache_dir`). An entry is read
only when it is a regular file (never through a symlink, never a FIFO) under a size cap
that parses to a list of strings; anything else is a miss. Writes go through a temporary
file and an atomic rename, and the temporary file is removed when a write fails.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys

from citelint.ground import writes
from citelint.sources.model import SourceError
from citelint.sources.paths import read_regular

LOADER_VERSION = "1"
MAX_ENTRY_BYTES = 256 * 1024 * 1024
ENV = "CITELINT_CACHE_DIR"


def user_cache_dir() -> str:
    """`$CITELINT_CACHE_DIR`, else the platform's user cache folder, plus `citelint`."""
    explicit = os.environ.get(ENV)
    if explicit:
        return os.path.abspath(explicit)
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
        return os.path.join(base, "citelint", "Cache")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Caches", "citelint")
    return os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(home, ".cache"), "citelint"
    )


def usable_folder(folder: str) -> str | None:
    """Why `folder` cannot hold the cache (a symlink, not a folder), or None when it can."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be used ({exc.strerror})"
    if stat.S_ISLNK(mode):
        return "is a symlink; the cache is never written through one"
    if not stat.S_ISDIR(mode):
        return "is not a folder"
    return None


class TextCache:
    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.hits = 0

    def _path(self, data: bytes) -> str:
        import pypdf  # a PDF is being read: its text is keyed by the extractor's version

        digest = hashlib.sha256(data).hexdigest()
        key = f"pdf-{LOADER_VERSION}-pypdf{pypdf.__version__}-{digest}.json"
        return os.path.join(self.folder, key)

    def get(self, data: bytes) -> tuple[str, ...] | None:
        """The cached pages, or None for an absent, damaged or suspicious entry."""
        if usable_folder(self.folder) is not None:
            return None
        try:
            raw = read_regular(self._path(data), MAX_ENTRY_BYTES, "the cache entry cap")
            pages = json.loads(raw.decode("utf-8"))
        except (SourceError, ValueError, RecursionError):
            return None  # absent, not a regular file, too large or damaged: extract again
        if not isinstance(pages, list) or not all(isinstance(p, str) for p in pages):
            return None
        self.hits += 1
        return tuple(pages)

    def put(self, data: bytes, pages: tuple[str, ...]) -> None:
        if usable_folder(self.folder) is not None:
            return
        text = json.dumps(list(pages), ensure_ascii=False).encode("utf-8")
        try:
            os.makedirs(self.folder, exist_ok=True)
            writes.write_atomic(self._path(data), (text,), mode=0o600)
        except OSError:
            pass  # a read-only or full disk still lints; it only loses the speed-up
