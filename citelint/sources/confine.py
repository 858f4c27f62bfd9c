"""Confinement: which files a source type's anchor may name, and whether they may be read.

Trust (README, "Running on untrusted pull requests"): the trusted roots are the project
root and the paths the command line names. A sources root, an evidence root or a channel
folder whose real location leaves them is never listed or read; a candidate file is
judged before it is known to exist (a path that leads out is CL006 whether or not
anything is there), and a FIFO, socket, device or folder is never opened.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from citelint.sources.kinds import SourceKind
from citelint.sources.model import Failure, FailureKind
from citelint.sources.paths import RealPaths, inside, kind_of, under_root, within
from citelint.sources.watch import DIR, PATH, Watch


@dataclass
class Confinement:
    """The allowed roots of a run, and each candidate file judged against them."""

    watch: Watch
    evidence_roots: tuple[str, ...] = ()  # absolute extra roots for kinds that take them
    trusted: tuple[str, ...] = ()  # real trusted roots; empty: every root is trusted
    display: Callable[[str], str] | None = None  # how messages show a path
    tracked: Callable[[str], bool] | None = None  # --only-tracked: what git's index holds
    realpath: RealPaths = field(default_factory=RealPaths)  # folders resolved once a run
    _trust: dict[str, bool] = field(default_factory=dict)  # whether a root may be read
    _allowed: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=dict
    )  # a kind's roots under a sources root, and the real ones it may read
    _bases: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)  # its folders

    def release(self, root: str) -> None:
        """Forget what was worked out under a sources root whose reports are all done."""
        under = under_root(root)
        self.realpath.forget(under)
        for path in [p for p in self._trust if under(p) or p == root]:
            del self._trust[path]
        for keyed in (self._allowed, self._bases):
            for key in [k for k in keyed if k[1] == root]:
                del keyed[key]

    def candidates(self, kind: SourceKind, ident: str, root: str) -> list[str]:
        bases = self._bases.get((kind.name, root))
        if bases is None:  # (a root's index asks for each of its 500 records)
            found = [os.path.normpath(os.path.join(root, d)) for d in kind.dirs]
            if kind.configured_roots:
                found += list(self.evidence_roots)
            bases = self._bases[(kind.name, root)] = tuple(
                b if b.endswith(os.sep) else b + os.sep for b in found
            )
        names = ([ident] if kind.bare_id_first else []) + [f"{ident}.{e}" for e in kind.extensions]
        return [base + name for base in bases for name in names]

    def trusted_root(self, path: str) -> bool:
        """Whether a root's real location stays inside the trusted roots."""
        self.watch.note(PATH, path)
        if not self.trusted:
            return True
        known = self._trust.get(path)
        if known is None:
            known = self._trust[path] = inside(path, self.trusted, self.realpath)
        return known

    def allowed_roots(self, kind: SourceKind, root: str) -> tuple[str, ...]:
        """Real roots a kind may read: a root that leads out of the project is not one."""
        known = self._allowed.get((kind.name, root))
        if known is None:
            roots = [root, *(os.path.join(root, r) for r in kind.outside_roots)]
            if kind.configured_roots:
                roots += self.evidence_roots
            real = tuple(self.realpath(r) for r in roots if self.trusted_root(r))
            known = self._allowed[(kind.name, root)] = (tuple(roots), real)
        for r in known[0]:
            self.watch.note(PATH, r)
        return known[1]

    def locate(self, kind: SourceKind, ident: str, root: str) -> str | Failure:
        """The first existing candidate file, confined to the allowed roots."""
        tried = self.candidates(kind, ident, root)
        allowed = self.allowed_roots(kind, root)
        folder = None
        for path in tried:
            self.watch.note(PATH, path)
            # Confinement before existence: a folder or file that leads out of the allowed
            # roots is CL006 whether or not anything is there, so nothing outside answers.
            real, info = self.realpath.resolve(path)
            if not any(within(real, r) for r in allowed):
                return Failure(
                    FailureKind.UNSAFE_PATH,
                    f"{self.display_path(path, root)} leads outside the sources root (symlink); "
                    "it is not read",
                    path,
                )
            if info is None:  # nothing there
                continue
            try:
                mode = os.stat(path).st_mode if stat.S_ISLNK(info.st_mode) else info.st_mode
            except OSError as exc:
                return self.unreadable(path, root, f"cannot be read ({exc.strerror})")
            if stat.S_ISREG(mode):
                return self.untracked(path, root) or path
            if not stat.S_ISDIR(mode):  # a FIFO, socket or device is never opened
                return self.unreadable(path, root, f"is {kind_of(mode)}, not a source file")
            folder = folder or path
        if folder is not None:  # only a folder of that name: say so rather than "no file"
            return self.unreadable(folder, root, "is a folder, not a source file")
        shown = ", ".join(self.display_path(p, root) for p in tried[:4])
        more = f" and {len(tried) - 4} more" if len(tried) > 4 else ""
        return Failure(
            FailureKind.NO_SOURCE,
            f"no source file: tried {shown}{more}",
            tried[0] if tried else None,
        )

    def display_path(self, path: str, root: str) -> str:
        """A path as messages show it."""
        return self.display(path) if self.display else _rel(path, root)

    def untracked(self, path: str, root: str) -> Failure | None:
        """Under --only-tracked (the hooks), a file git does not track is absent."""
        if self.tracked is None or self.tracked(path):
            return None
        why = "is not tracked by git (--only-tracked: the commit does not hold it)"
        return Failure(FailureKind.NO_SOURCE, f"{self.display_path(path, root)} {why}", path)

    def unreadable(self, path: str, root: str, why: str) -> Failure:
        return Failure(FailureKind.UNREADABLE, f"{self.display_path(path, root)} {why}", path)

    def folders_of(self, kind: SourceKind, root: str) -> Iterator[str]:
        """A kind's folders under a (trusted) root that may be listed: each noted, and
        one that is the root itself, is no folder or leads out of its roots is not."""
        allowed = self.allowed_roots(kind, root)
        for folder in kind.dirs:
            path = os.path.normpath(os.path.join(root, folder))
            self.watch.note(DIR, path)
            if folder != "." and inside(path, allowed, self.realpath) and os.path.isdir(path):
                yield path


def _rel(path: str, root: str) -> str:
    base = os.path.dirname(os.path.normpath(root))
    rel = os.path.relpath(os.path.normpath(path), base) if base else path
    return rel.replace(os.sep, "/")
