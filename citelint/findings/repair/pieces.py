"""A saved file's part of a sources root's repair index, shared by content and kept
between runs.

Pipelines save one sources folder per report run, and many of those folders hold the
same files (the same record fetched again, or hard-linked copies); a re-run after one
report changed needs the index of roots whose files did not. A saved file's piece of
the index — each located span's locator, the numbers it may state and its squashed
text — is a function of the file's bytes, its `.toc.json` sidecar's bytes, where it
sits under the root, the config and citelint's code. It is built once for each distinct
content, reused in the run by every root that holds the same file, and kept in the
cache folder (beside the result cache, under the same rules: a regular file in a folder
that is no symlink, read under a cap, shape-checked; a damaged entry is built again).

A piece holds no path and no span: a candidate it points at is read from the root that
asks, so hints always name that root's file. A file's content digest comes from the
linter's `Digests` (`sources/digests.py`), which the result cache asks too: a file is
hashed once a run, hard-linked copies once for all.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from citelint.ground import writes
from citelint.ground.document import Anchor
from citelint.sources.digests import Digests
from citelint.sources.model import SourceError, Span
from citelint.sources.paths import read_regular
from citelint.sources.text_cache import usable_folder

FORMAT = 1  # the layout of a kept piece; a new one starts a new folder
MAX_ANSWER_BYTES = 16 * 1024 * 1024  # an index's kept answers; a larger file starts anew
MAX_TOTAL_BYTES = 256 * 1024 * 1024  # the kept pieces and answers; past it the oldest go
_ANSWER_KEY = re.compile(r"[0-9a-f]{64}")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO planted there must never block
MAX_KEPT = 4096  # pieces held in memory; the oldest go first
MAX_PIECE_BYTES = 64 * 1024 * 1024  # a kept piece larger than this is not read


@dataclass(frozen=True, slots=True)
class Place:
    """One span of a saved record: the anchor that names it, and its text."""

    anchor: Anchor
    span: Span


@dataclass(frozen=True, slots=True)
class Piece:
    """One saved file's located spans: each one's locator, the numbers it may state and
    its squashed text."""

    locators: tuple[str | None, ...]
    values: tuple[frozenset[Decimal], ...]
    squashed: tuple[str, ...]


class Pieces:
    """The pieces of one config's runs, by content key: in memory for the run, and in
    `folder` (None: not kept) for the next."""

    def __init__(
        self,
        folder: str | None = None,
        salt: str = "",
        digests: Digests | None = None,
    ) -> None:
        self.folder = os.path.join(folder, f"repair-{FORMAT}") if folder else None
        self.salt = salt  # the config and code a piece also depends on
        self._pieces: OrderedDict[tuple[str, ...], Piece] = OrderedDict()
        self.digests = Digests() if digests is None else digests  # the linter's, when given
        self._pid = os.getpid()  # a process forked from this one is a worker of the run
        self.built = self.kept = 0  # pieces built here, pieces read back: what tests count
        self._answered = 0
        self._private = False  # `folder` is the run's own, removed when it ends

    def prune(self, *, others_wrote: bool = False) -> None:
        """Keep the folder under its cap, after a run that wrote to it (this process, or
        its workers: `others_wrote`)."""
        if self.folder is None or self._private or not (self.written or others_wrote):
            return
        if usable_folder(os.path.dirname(self.folder)) or usable_folder(self.folder):
            return
        writes.prune(self.folder, MAX_TOTAL_BYTES)

    def share_through(self, folder: str) -> None:
        """Let a run's workers share the pieces they build although nothing is kept
        between runs: through `folder`, private to the run (`runner.py` makes and
        removes it). No-op where pieces are kept already."""
        if self.folder is None:
            self.folder = os.path.join(folder, f"repair-{FORMAT}")
            self._private = True

    def unshare(self) -> None:
        """The run is over: its private folder is gone, nothing is kept."""
        if self._private:
            self.folder = None
            self._private = False

    @property
    def shared(self) -> bool:
        """Whether other workers of this run keep pieces in the same folder."""
        return self.folder is not None and os.getpid() != self._pid

    @property
    def written(self) -> int:
        """Pieces and answers this process wrote."""
        return self.built + self._answered

    def piece(self, key: tuple[str, ...], build: Callable[[], Piece]) -> Piece:
        """The piece whose content key is `key`: held, kept, or built (and kept)."""
        found = self._pieces.get(key)
        if found is not None:
            self._pieces.move_to_end(key)
            return found
        found = self._read(key)
        if found is None:
            found = build()
            self.built += 1
            self._write(key, found)
        else:
            self.kept += 1
        self._pieces[key] = found
        if len(self._pieces) > MAX_KEPT:
            self._pieces.popitem(last=False)
        return found

    def digest(self, path: str, max_bytes: int) -> str:
        """The content digest of a regular file (`-` when there is none to read)."""
        return self.digests.of_regular(path, max_bytes)

    def answers(self, contents: tuple[tuple[str, ...], ...]) -> Answers:
        """The kept answers of the index of these file contents (in this order)."""
        if self.folder is None or (self._private and not self.shared):
            # (a run's own folder is for its workers: an index this process holds would
            # outlive the folder, and write into it again, were the linter used again)
            return Answers(None)
        folder = os.path.join(self.folder, "answers")
        for step in (os.path.dirname(self.folder), self.folder, folder):
            if usable_folder(step) is not None:  # a symlink or a file: never written through
                return Answers(None)
        name = hashlib.sha256(self.salt.encode("utf-8", "surrogatepass"))
        for key in contents:
            name.update(b"\1" + "\0".join(key).encode("utf-8", "surrogatepass"))
        path = os.path.join(folder, name.hexdigest() + ".jsonl")
        return Answers(path, self._count, live=self.shared)

    def _count(self) -> None:
        self._answered += 1

    def _path(self, key: tuple[str, ...]) -> str | None:
        if self.folder is None or usable_folder(self.folder) is not None:
            return None
        if usable_folder(os.path.dirname(self.folder)) is not None:
            return None
        name = hashlib.sha256("\0".join((self.salt, *key)).encode("utf-8", "surrogatepass"))
        return os.path.join(self.folder, name.hexdigest() + ".json")

    def _read(self, key: tuple[str, ...]) -> Piece | None:
        """A kept piece, or None for an absent, damaged or foreign one."""
        path = self._path(key)
        if path is None:
            return None
        try:
            data = json.loads(read_regular(path, MAX_PIECE_BYTES, "the cache entry cap"))
            return _decode(data, key)
        except (SourceError, ValueError, RecursionError, InvalidOperation):
            return None

    def _write(self, key: tuple[str, ...], piece: Piece) -> None:
        path = self._path(key)
        if path is None:
            return
        data = {
            "key": list(key),
            "locators": list(piece.locators),
            "values": [sorted(str(v) for v in values) for values in piece.values],
            "squashed": list(piece.squashed),
        }
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        try:
            os.makedirs(self.folder or "", exist_ok=True)
            writes.write_atomic(path, (text.encode("utf-8", "surrogatepass"),), mode=0o600)
        except OSError:
            pass  # a read-only or full disk still lints; it only loses the speed-up


def _decode(data: object, key: tuple[str, ...]) -> Piece | None:
    """A kept piece, checked field by field (None when its shape is not one we wrote)."""
    if not isinstance(data, dict) or data.get("key") != list(key):
        return None
    locators, values, squashed = data.get("locators"), data.get("values"), data.get("squashed")
    if not (isinstance(locators, list) and isinstance(values, list) and isinstance(squashed, list)):
        return None
    if not len(locators) == len(values) == len(squashed):
        return None
    if not all(loc is None or isinstance(loc, str) for loc in locators):
        return None
    if not all(isinstance(s, str) for s in squashed):
        return None
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in values):
        return None
    numbers = [[Decimal(x) for x in v] for v in values]
    if not all(n.is_finite() for v in numbers for n in v):
        return None  # a NaN (or a signalling one, which cannot even be hashed): not ours
    return Piece(tuple(locators), tuple(frozenset(v) for v in numbers), tuple(squashed))


class Answers:
    """What one index answered (which of its spans hold a claim's tokens), kept between
    runs under the contents it indexes: a line per answer, appended, so a run's workers
    add theirs side by side and a run costs what it asks anew. An answer read back only
    names spans; the search checks them again in the root that asks (`search.py`).
    A worker (`live`) reads the lines the others added since, before it searches anew."""

    def __init__(
        self, path: str | None, wrote: Callable[[], None] = lambda: None, live: bool = False
    ) -> None:
        self.path = path  # None: nothing is kept
        self.wrote = wrote  # told of each answer kept (the folder is pruned after)
        self.live = live  # other processes of this run add answers to the same file
        self._kept: dict[str, tuple[int, ...]] | None = None
        self._read_to = 0  # how far the file was read, in whole lines

    def get(self, key: str) -> tuple[int, ...] | None:
        if self._kept is None:
            self._kept = {}
            self._catch_up()
        found = self._kept.get(key)
        if found is None and self.live:
            self._catch_up()
            found = self._kept.get(key)
        return found

    def add(self, key: str, value: tuple[int, ...]) -> None:
        if self.path is None:
            return
        line = json.dumps([key, list(value)], separators=(",", ":")) + "\n"
        try:
            os.makedirs(os.path.dirname(self.path), mode=0o700, exist_ok=True)
            # bounded: past the cap a new file begins
            writes.append(
                self.path, [line.encode("ascii")], mode=0o600, begin_past=MAX_ANSWER_BYTES
            )
            self.wrote()
        except OSError:  # an unsafe write (a planted link) is one too
            pass  # a read-only or full disk still lints; it only loses the speed-up

    def _catch_up(self) -> None:
        """Take in the lines added since the last read (all of them the first time, or
        when the file began anew); a line not of the shape written is passed over."""
        if self.path is None or self._kept is None:
            return
        try:
            fd = os.open(self.path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
        except OSError:
            return
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ANSWER_BYTES:
                return
            if info.st_size < self._read_to:  # truncated at the cap: read from its start
                self._read_to = 0
            os.lseek(fd, self._read_to, os.SEEK_SET)
            data = (
                os.read(fd, info.st_size - self._read_to) if info.st_size > self._read_to else b""
            )
        except OSError:
            return
        finally:
            os.close(fd)
        whole = data[: data.rfind(b"\n") + 1]  # a line still being written waits
        self._read_to += len(whole)
        for line in whole.split(b"\n"):
            try:
                key, value = json.loads(line)
            except (ValueError, TypeError, RecursionError):
                continue
            if not (isinstance(key, str) and _ANSWER_KEY.fullmatch(key)):
                continue
            if isinstance(value, list) and all(type(i) is int and i >= 0 for i in value):
                self._kept[key] = tuple(value)
