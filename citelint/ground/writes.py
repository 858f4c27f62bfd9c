"""Every file citelint writes — outputs, the audit, fixes, caches — goes through here.

A pull request can plant symlinks anywhere in the checkout: at `citelint.sarif`, inside
an in-tree `--audit-dir`, in place of a report. So a file is written whole or not at all
(a temporary file created beside it with `O_EXCL`, which never follows a link, then
renamed over the target, which replaces a link instead of writing through it), and no
folder between the trusted root and the file may be a symlink. A file named outside the
root (`$GITHUB_STEP_SUMMARY`, a temporary folder) is the caller's own: only its final
component is guarded.

Every byte written passes through the configured secrets' redaction (`redact.py`), but
`--fix`'s: a report is the user's own text.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import time
from collections.abc import Iterable

from citelint.ground import redact
from citelint.ground.redact import Redactor

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class UnsafeWriteError(OSError):
    """A write refused because it would go through a symlink or onto a non-regular file."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(errno.ELOOP, why, path)


def _below(path: str, root: str) -> list[str]:
    """The folders from below `root` down to `path` itself, when `path` lies under `root`;
    none otherwise."""
    path, root = os.path.abspath(path), os.path.abspath(root)
    rel = os.path.relpath(path, root)
    if rel == "." or rel == ".." or rel.startswith(".." + os.sep):
        return []
    parts = rel.split(os.sep)
    return [os.path.join(root, *parts[: i + 1]) for i in range(len(parts))]


def link_below(path: str, root: str) -> str | None:
    """The first symlink between `root` and `path` (`path` included), or None."""
    for step in _below(path, root):
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISLNK(os.lstat(step).st_mode):
                return step
    return None


def under(path: str, root: str) -> bool:
    """Whether `path` lies below `root` (lexically)."""
    return bool(_below(path, root))


def make_folders(folder: str, root: str) -> None:
    """`folder` and its parents, none of them a symlink below `root`; a folder outside
    `root` is the caller's own, made as asked."""
    steps = _below(folder, root)
    if not steps:
        os.makedirs(folder, exist_ok=True)
        steps = [os.path.abspath(folder)]
    for step in steps:
        with contextlib.suppress(FileExistsError):
            os.mkdir(step)
        mode = os.lstat(step).st_mode
        if stat.S_ISLNK(mode):
            raise UnsafeWriteError(step, "is a symlink; citelint never writes through one")
        if not stat.S_ISDIR(mode):
            raise UnsafeWriteError(step, "is not a folder")


def _guard(path: str, root: str | None, *, replace_link: bool) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    link = link_below(folder, root) if root else None
    if link is not None:
        raise UnsafeWriteError(path, f"{link} is a symlink; citelint never writes through one")
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode) and not replace_link:
        raise UnsafeWriteError(path, "is a symlink; citelint never writes through one")
    if not stat.S_ISLNK(mode) and not stat.S_ISREG(mode):
        raise UnsafeWriteError(path, "is not a regular file")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | os.O_CLOEXEC  # as mkstemp makes one


def write_atomic(
    path: str,
    chunks: Iterable[bytes],
    *,
    root: str | None = None,
    mode: int | None = None,
    replace_link: bool = True,
    redactor: Redactor | None = None,
) -> None:
    """Write `path` whole or not at all. A symlink at `path` is replaced, never followed
    (`replace_link=False` refuses it instead); a symlinked folder below `root` is
    refused. `mode`: the new file's permissions (default: 0666 less the umask).
    `redactor`: the secrets kept out of the file (default: the environment's)."""
    _guard(path, root, replace_link=replace_link)
    folder = os.path.dirname(os.path.abspath(path))
    # the name is known before the file exists: a Ctrl-C landing anywhere from here on
    # leaves no temporary file (one inside `mkstemp`, after it made the file and before it
    # returned the name, left one behind)
    tmp = os.path.join(folder, f".citelint-{secrets.token_hex(8)}.tmp")
    try:
        with os.fdopen(os.open(tmp, _NEW_FILE, 0o600), "wb") as handle:
            for chunk in _redacted(chunks, redactor):
                handle.write(chunk)
            os.fchmod(handle.fileno(), 0o666 & ~_umask() if mode is None else mode)
        os.replace(tmp, path)
        tmp = ""
    finally:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def append(
    path: str,
    chunks: Iterable[bytes],
    *,
    root: str | None = None,
    mode: int = 0o666,
    begin_past: int | None = None,
) -> None:
    """Append to `path` (created with `mode` if absent), never through a symlink at it;
    a file already past `begin_past` bytes begins anew (a bounded log)."""
    _guard(path, root, replace_link=False)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW, mode)
    with os.fdopen(fd, "ab") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeWriteError(path, "is not a regular file")
        if begin_past is not None and info.st_size > begin_past:
            os.ftruncate(handle.fileno(), 0)
        for chunk in _redacted(chunks, None):
            handle.write(chunk)


def _redacted(chunks: Iterable[bytes], redactor: Redactor | None) -> Iterable[bytes]:
    return (redact.process() if redactor is None else redactor).stream(chunks)


STALE_TMP_SECONDS = 3600  # a temporary file this old was left by a run killed mid-write


def prune(folder: str, max_total_bytes: int, stale_seconds: float = STALE_TMP_SECONDS) -> None:
    """Keep a cache folder under its cap: past it, the oldest files go until a quarter
    of the cap is free; a temporary file older than `stale_seconds` (left by a run killed
    mid-write) goes too. Links are removed as links, never followed."""
    entries = []
    now = time.time()
    for here, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(here, name)
            with contextlib.suppress(OSError):
                info = os.lstat(path)
                if name.endswith(".tmp") and now - info.st_mtime > stale_seconds:
                    os.unlink(path)
                    continue
                entries.append((info.st_mtime, path, info.st_size))
    total = sum(size for _, _, size in entries)
    for _, path, size in sorted(entries):
        if total <= max_total_bytes * 3 // 4:
            break
        with contextlib.suppress(OSError):
            os.unlink(path)
            total -= size
