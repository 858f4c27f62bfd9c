"""Kept results: a report's findings served again while nothing they depend on changed.

The key of an entry is the report's bytes, how it is shown, its sources root, the
effective settings and the code that checks it (citelint's own files and the versions of
its parsers). The entry lists what the lint looked at (`watch.Watch`): for each source
path its existence, real location and content hash, for each listed folder its names.
A warm run reads the report, hashes, and compares those observations, each made once per
run; it parses nothing. Any difference, or an entry that is absent, damaged, truncated,
of another shape, not a regular file, or over the cap, is a miss: the report is linted
again and the entry rewritten.

Entries are written through a temporary file and an atomic rename, so concurrent runs
and a run killed mid-write leave either a whole entry or none. The folder is bounded:
when a run has written entries and the folder holds more than `MAX_TOTAL_BYTES`, the
oldest entries go. The folder is the user cache (`sources.text_cache.user_cache_dir`), outside
the linted tree unless the command line names another.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import stat
import time
from collections.abc import Iterable

from citelint.ground import writes
from citelint.lint.cache.codec import MalformedEntryError, decode_result, encode
from citelint.lint.cache.versions import code_version
from citelint.outputs.result import FileResult
from citelint.sources.digests import Digests, identity
from citelint.sources.model import SourceError
from citelint.sources.paths import RealPaths, read_regular
from citelint.sources.text_cache import usable_folder
from citelint.sources.watch import DIR, PATH, Dep

FORMAT = 1
MAX_ENTRY_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_HASHED_BYTES = 1024 * 1024 * 1024  # a larger file is judged by its size and time
NAMED_LISTS = 64  # dependency lists remembered as written, per run
_HEAD = f"citelint-result {FORMAT}".encode()
_DIGEST = re.compile(rb"[0-9a-f]{64}")
_WHATS = frozenset((PATH, DIR))
_FILE = re.compile(r"file:[0-9a-f]{64}:")  # a file's observation: its content hash first
SETTLED_NS = 3_000_000_000  # an identity this much older than the run is kept


class ResultCache:
    def __init__(
        self,
        folder: str,
        trusted: tuple[str, ...] = (),
        max_total_bytes: int = MAX_TOTAL_BYTES,
        max_read_bytes: int = MAX_HASHED_BYTES,
        digests: Digests | None = None,
    ) -> None:
        self.folder = os.path.join(folder, f"results-{FORMAT}")
        self.trusted = trusted  # real roots whose files may be hashed and folders listed
        self.max_total_bytes = max_total_bytes
        # A file over the lint's own read cap was never read: all its verdict depends on is
        # its size, so it is never hashed (30 uncited 99 MiB files cost 25 times the lint).
        self.max_read_bytes = min(max_read_bytes, MAX_HASHED_BYTES)
        self.usable = usable_folder(folder) is None and usable_folder(self.folder) is None
        self._seen: dict[Dep, str] = {}  # observations, once per run (a root's: while it runs)
        # file identity → content hash; the linter's, which the repair pieces ask too (they
        # key each saved file by the same hash): a file is read and hashed once a run
        self._digests = Digests() if digests is None else digests
        # A file whose identity (device, inode, size, times) is what it was when an earlier
        # run hashed it holds the same bytes: any write moves its ctime, which no call
        # sets back. So a dependency list keeps the identity beside the hash, and a warm
        # run over copies (not links) reads no file again. Only an identity settled before
        # this run began is kept: a write in the same clock tick as the hash leaves the
        # times as they were (git's index guards its "racy" entries the same way).
        self._settled = time.time_ns() - SETTLED_NS
        self._identities: dict[Dep, tuple[int, ...]] = {}  # observed files', when settled
        self._real = RealPaths()
        self._valid: dict[bytes, bool] = {}  # by the name of a dependency list
        self._named: dict[frozenset[Dep], str] = {}  # dependency lists written this run
        self.hits = self.misses = self.written = 0

    @property
    def trusted(self) -> tuple[str, ...]:
        return self._trusted

    @trusted.setter
    def trusted(self, roots: tuple[str, ...]) -> None:
        self._trusted = roots
        self._inside = tuple(r.rstrip(os.sep) + os.sep for r in roots)  # `within`, at once

    def key(self, settings: str, display: str, sources_root: str | None, data: bytes) -> str:
        digest = hashlib.sha256()
        for part in (str(FORMAT), code_version(), settings, display, sources_root or ""):
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
        digest.update(data)
        return digest.hexdigest()

    def get(self, key: str) -> FileResult | None:
        """The kept result, or None when there is none or it may no longer hold."""
        found = self._read(key) if self.usable else None
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def _read(self, key: str) -> FileResult | None:
        try:
            raw = read_regular(self._path(key), MAX_ENTRY_BYTES, "the cache entry cap")
            head, digest, result, end = raw.split(b"\n", 3)
            if head != _HEAD or end or not _DIGEST.fullmatch(digest):
                return None
            if digest not in self._valid:  # reports of one root share their dependencies
                self._valid[digest] = self._holds(digest.decode("ascii"))
            if not self._valid[digest]:
                return None
            return decode_result(json.loads(result))
        except (SourceError, ValueError, RecursionError, MalformedEntryError):
            return None  # absent, not a regular file, too large, damaged: lint again

    def _holds(self, digest: str) -> bool:
        """Whether every observation of a dependency list is still what it was; a list
        whose bytes do not hash to its name is not one citelint wrote."""
        raw = read_regular(self._deps_path(digest), MAX_ENTRY_BYTES, "the cache entry cap")
        if hashlib.sha256(raw).hexdigest() != digest:
            return False
        deps = json.loads(raw)
        if not isinstance(deps, list):
            return False
        # A warm run's work: each root's 500 saved files are checked here, so the loop is
        # lean (a list of another shape is refused as it is met; either way it is a miss).
        seen, look = self._seen, self._look
        for item in deps:
            if type(item) is not list:
                return False
            if len(item) == 3:
                (what, path, was), kept = item, None
            elif len(item) == 4:
                what, path, was, kept = item
            else:
                return False
            if what not in _WHATS or type(path) is not str or type(was) is not str:
                return False
            dep = (what, path)
            now = seen.get(dep)
            if now is None:
                if kept is not None and type(kept) is not list:
                    return False
                now = seen[dep] = look(dep, was, kept)
            if now != was:
                return False
        return True

    def put(self, key: str, deps: Iterable[Dep], result: FileResult) -> None:
        if not self.usable:
            return
        with contextlib.suppress(OSError):  # a read-only or full disk only loses the speed-up
            digest = self._put_deps(frozenset(deps))
            kept = encode(dataclasses.replace(result, origin=""))
            line = json.dumps(kept, ensure_ascii=False, separators=(",", ":"))
            entry = b"\n".join((_HEAD, digest.encode(), line.encode("utf-8", "surrogatepass")))
            _write_atomic(self._path(key), entry + b"\n")
            self.written += 1

    def _put_deps(self, deps: frozenset[Dep]) -> str:
        """The name of a dependency list's file, written once: the reports of a sources
        root share most of theirs (the root's repair index reads every saved record)."""
        if deps not in self._named:
            listed: list[list[object]] = []
            for dep in sorted(deps):
                listed.append([*dep, self.observe(dep)])
                if dep in self._identities:  # (settled: see `__init__`)
                    listed[-1].append(list(self._identities[dep]))
            data = json.dumps(listed, ensure_ascii=False, separators=(",", ":"))
            raw = data.encode("utf-8", "surrogatepass")
            digest = hashlib.sha256(raw).hexdigest()
            if not os.path.isfile(self._deps_path(digest)):
                _write_atomic(self._deps_path(digest), raw)
            self._named[deps] = digest
            if len(self._named) > NAMED_LISTS:  # bounded: a run of any size holds few
                del self._named[next(iter(self._named))]
        return self._named[deps]

    def observe(self, dep: Dep) -> str:
        """What a dependency looks like now (made once per run)."""
        seen = self._seen.get(dep)
        if seen is None:
            seen = self._seen[dep] = self._look(dep)
        return seen

    def _look(self, dep: Dep, was: str = "", kept: list[object] | None = None) -> str:
        """What a dependency looks like now; `was` and `kept`: what an earlier run saw
        of it, and the settled identity a file had then."""
        what, path = dep
        # a root's dependencies: a thousand paths in few folders, each looked at once
        real, info = self._real.resolve(path)
        if self._trusted and not (real.startswith(self._inside) or real in self._trusted):
            # never listed or read: that it leads out is all a verdict depends on
            return f"outside:{real}:{info is not None}"
        if what == DIR:
            return _listing(path, real)
        if info is None:
            return "absent"
        if not stat.S_ISREG(info.st_mode):
            return _file(path, self.max_read_bytes, self._digests, real)
        if info.st_size > self.max_read_bytes:
            return f"over:{info.st_size}:{real}"
        # a regular file (no link) whose identity was hashed in this run, or by an earlier
        # run and settled then, is known from its `lstat` alone
        same = identity(info)
        known = self._digests.get(same)
        if known is None and kept is not None and kept == [*same] and _FILE.match(was):
            known = self._digests.keep(same, was[5:69])  # (`_FILE`: "file:", 64 hex digits)
        if known is None:
            seen = _file(path, self.max_read_bytes, self._digests, real)
            known = self._digests.get(same)  # None: what was opened is not what lstat saw
            if known is None or seen != f"file:{known}:{real}":
                return seen
        if max(info.st_ctime_ns, info.st_mtime_ns) < self._settled:
            self._identities[dep] = same
        return f"file:{known}:{real}"

    def release(self, root: str) -> None:
        """Forget the observations under a sources root whose reports are all done: a
        run over thousands of report folders holds the roots in flight, not all of them."""
        inside = root.rstrip(os.sep) + os.sep
        for dep in [d for d in self._seen if d[1] == root or d[1].startswith(inside)]:
            del self._seen[dep]
            self._identities.pop(dep, None)
        self._real.forget(lambda folder: folder == root or folder.startswith(inside))

    def prune(self, *, others_wrote: bool = False) -> None:
        """Keep the folder under its cap: the oldest entries go first. Only after a run
        that wrote entries: this process's, or its workers' (`others_wrote`)."""
        if not (self.written or others_wrote) or not self.usable:
            return
        writes.prune(self.folder, self.max_total_bytes)

    def _path(self, key: str) -> str:
        return os.path.join(self.folder, key[:2], key + ".json")

    def _deps_path(self, digest: str) -> str:
        return os.path.join(self.folder, "deps", digest + ".json")


def _write_atomic(target: str, data: bytes) -> None:
    """A whole file or none, in a cache folder that holds no symlink (OSError passes up)."""
    folder = os.path.dirname(target)
    os.makedirs(os.path.dirname(folder), exist_ok=True)  # the cache folder (checked usable)
    writes.make_folders(folder, os.path.dirname(folder))
    writes.write_atomic(target, (data,), mode=0o600)


def _file(path: str, cap: int, digests: Digests, real: str | None = None) -> str:
    """Existence, real location, type and content hash of a path (its size alone past
    `cap`, the most the lint reads of a file). `digests` keeps the hash of each file
    identity (device, inode, size, times) seen in this run: hard-linked copies under many
    sources roots are read once."""
    try:
        os.lstat(path)
    except OSError:
        return "absent"
    real = real or os.path.realpath(path)
    try:
        mode = os.stat(real).st_mode
        if not stat.S_ISREG(mode):  # a folder, FIFO or device is never opened
            return f"{stat.S_IFMT(mode)}:{real}"
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        return f"unopened:{exc.errno}:{real}"
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return f"{stat.S_IFMT(info.st_mode)}:{real}"
        if info.st_size > cap:
            return f"over:{info.st_size}:{real}"
        known = digests.of_handle(identity(info), handle)
    return f"file:{known}:{real}"


def _listing(path: str, real: str) -> str:
    """The real location and the names (with their types) of a folder."""
    try:
        with os.scandir(path) as entries:
            try:  # the types a listing gives (no `stat`): a warm run lists every root's folders
                names = sorted(
                    e.name
                    + (
                        "/l"
                        if e.is_symlink()
                        else "/d"
                        if e.is_dir(follow_symlinks=False)
                        else "/f"
                        if e.is_file(follow_symlinks=False)
                        else "/o"
                    )
                    for e in entries
                )
            except OSError:  # a type that needed a `stat` that failed: listed one by one
                with os.scandir(path) as again:
                    names = sorted(f"{e.name}/{_type(e)}" for e in again)
    except OSError as exc:
        return f"unlisted:{exc.errno}"
    digest = hashlib.sha256("\0".join(names).encode("utf-8", "surrogateescape"))
    return f"dir:{digest.hexdigest()}:{real}"


def _type(entry: os.DirEntry[str]) -> str:
    try:
        if entry.is_symlink():
            return "l"
        return "d" if entry.is_dir() else "f" if entry.is_file() else "o"
    except OSError:
        return "?"
