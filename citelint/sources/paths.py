"""Confinement: ids, folders and files from a pull request never lead outside the allowed roots.

The allowed roots are the project root and what the command line names; everything else
(anchor ids, config values, symlinks in the tree) is untrusted. A path is judged by its
real location, a file is opened without following a final symlink and read only when
the open descriptor is a regular file, and never beyond a size cap.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable

from citelint.sources.model import SourceError

_DRIVE = re.compile(r"^[A-Za-z]:")
# an absolute POSIX path with no empty, `.` or `..` part: what `abspath` gives back as is
_ALTSEP = os.altsep  # `/` on Windows: a name holding it is a path still to clean
_CLEAN = re.compile(r"(?:/(?!\.\.?(?:/|$))[^/]+)+" if os.sep == "/" else r"(?!)")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO must never block the run
_BINARY = getattr(os, "O_BINARY", 0)


def unsafe_id(ident: str) -> str | None:
    """Why an id may not be used as a path (CL006), or None when it is safe."""
    if "\x00" in ident:
        return "contains a NUL byte"
    if "\\" in ident:
        return "contains a backslash"
    if ident.startswith("/") or _DRIVE.match(ident):
        return "is an absolute path"
    if ".." in ident.split("/"):
        return "contains a '..' path part"
    return None


def within(path: str, root: str) -> bool:
    """Whether the (already real) `path` is `root` or lies below it."""
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def inside(
    path: str, roots: tuple[str, ...], real: Callable[[str], str] = os.path.realpath
) -> bool:
    """True when `path`, after resolving symlinks, lies inside one of the real `roots`."""
    found = real(path)
    return any(within(found, root) for root in roots)


class RealPaths:
    """`os.path.realpath`, each folder resolved once: a root's thousand files sit in a
    few folders, and resolving every component of every path again was most of the cost
    of locating them. The tree is the run's input and does not change under it; a file
    that is itself a symlink is always resolved in full."""

    def __init__(self) -> None:
        self._folders: dict[str, str] = {}

    def __call__(self, path: str) -> str:
        return self.resolve(path)[0]

    def resolve(self, path: str) -> tuple[str, os.stat_result | None]:
        """The real path, and what `os.lstat` says of the path (None: nothing is there)."""
        folder, _, name = path.rpartition(os.sep)
        known = self._folders.get(folder)  # a folder resolved before is clean and absolute
        if known is None or name in ("", ".", "..") or (_ALTSEP and _ALTSEP in name):
            if not _CLEAN.fullmatch(path):  # (a clean absolute path, the usual, is split as is)
                path = os.path.abspath(path)
            folder, _, name = path.rpartition(os.sep)
            folder = folder or os.sep
            known = self._folders.get(folder)
        try:
            info: os.stat_result | None = os.lstat(path)
        except OSError:
            info = None  # absent: where it would be is its folder's real path and its name
        if not name or (info is not None and stat.S_ISLNK(info.st_mode)):
            return os.path.realpath(path), info  # the filesystem's root, or a link
        return (known or self._folder(folder)) + name, info

    def _folder(self, folder: str) -> str:
        """A clean folder's real path, with a final separator: resolved off its nearest
        resolved ancestor, one `lstat` per new folder (sibling roots share their parents)."""
        real = self._folders.get(folder)
        if real is None and os.sep != "/":  # (drives and UNC shares: resolved in full)
            real = os.path.realpath(folder)
            real = self._folders[folder] = real if real.endswith(os.sep) else real + os.sep
        below: list[tuple[str, str]] = []  # (folder, its name), walked up iteratively
        up = folder
        while real is None:
            parent, _, name = up.rpartition(os.sep)
            try:
                link = not name or stat.S_ISLNK(os.lstat(up).st_mode)
            except OSError:
                link = False  # absent: as `realpath` does, kept by its name
            if link:  # a symlink (or the filesystem's root): resolved in full
                real = os.path.realpath(up)
                real = self._folders[up] = real if real.endswith(os.sep) else real + os.sep
                break
            below.append((up, name))
            up = parent or os.sep
            real = self._folders.get(up)
        for up, name in reversed(below):
            real = self._folders[up] = real + name + os.sep
        return real

    def forget(self, under: Callable[[str], bool]) -> None:
        """Drop the folders `under` says belong to a finished sources root."""
        for folder in [f for f in self._folders if under(f)]:
            del self._folders[folder]


def kind_of(mode: int) -> str:
    """What a non-regular file is, for messages."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISLNK(mode):
        return "a symlink"
    return "not a regular file"


def read_regular(path: str, cap: int, what: str = "max-source-bytes") -> bytes:
    """The bytes of a regular file, opened without following a final symlink.

    Raises `SourceError` when the path is not a regular file (a FIFO is never waited
    on), or when it holds more than `cap` bytes (checked on the open descriptor).
    """
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY)
    except OSError as exc:
        raise SourceError(f"cannot be read ({exc.strerror})") from exc
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # before fdopen, which refuses a folder's descriptor
        os.close(fd)
        raise SourceError(f"is {kind_of(info.st_mode)}, not a regular file; it is not read")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > cap:
            raise SourceError(f"is {info.st_size} bytes, over {what} ({cap})")
        # As much as `fstat` says, and one more: a buffer of the cap (64 MiB) allocated for
        # each 40 KB record cost more than reading it. A file that grew since is read on,
        # never past the cap.
        data = handle.read(info.st_size + 1)
        if len(data) > info.st_size:
            data += handle.read(cap + 1 - len(data))
    if len(data) > cap:
        raise SourceError(f"is more than {cap} bytes, over {what} ({cap})")
    return data


def read_head(path: str, size: int) -> bytes:
    """The first `size` bytes of a regular file, opened as `read_regular` opens it; b""
    when it cannot be read or is not a regular file (a FIFO is never waited on)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY)
    except OSError:
        return b""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return b""
        return os.read(fd, size)
    except OSError:
        return b""
    finally:
        os.close(fd)


def read_tail(path: str, size: int) -> bytes:
    """The last `size` bytes of a regular file, opened as `read_head` opens it; b"" when it
    cannot be read or is not a regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _BINARY)
    except OSError:
        return b""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return b""
        os.lseek(fd, max(0, info.st_size - size), os.SEEK_SET)
        return os.read(fd, size)
    except OSError:
        return b""
    finally:
        os.close(fd)


def under_root(root: str) -> Callable[[str], bool]:
    """Whether a path is under the root, or under a folder beside it that its kinds may
    read (`../evidence`), as given or as real paths."""
    tops = {os.path.abspath(root), os.path.realpath(root)}
    tops |= {os.path.join(os.path.dirname(t), "evidence") for t in list(tops)}
    prefixes = tuple(t.rstrip(os.sep) + os.sep for t in tops)
    return lambda path: path.startswith(prefixes) or path in tops


def count_files(folder: str) -> int:
    """Regular, visible files in a folder; an unreadable folder counts none."""
    try:
        with os.scandir(folder) as entries:
            return sum(
                1
                for e in entries
                if not e.name.startswith(".") and e.is_file(follow_symlinks=False)
            )
    except OSError:
        return 0
