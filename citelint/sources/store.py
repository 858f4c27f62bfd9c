"""The SourceStore: the only code that lists or opens source files.

It turns `(type, id, locator)` into a `Span` or a typed `Failure`, confines every path to
the allowed roots before anything is opened, and loads and normalises each file once per
run however many anchors cite it. Which folders and endings a type uses, and how each
ending is loaded, is the type's `SourceKind` (sources/kinds.py).

Trust (README, "Running on untrusted pull requests"): the trusted roots are the project
root and the paths the command line names. A sources root, an evidence root or a channel
folder whose real location leaves them is never listed or read, and a file is read only
when it is a regular file under the size caps.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from citelint.document import Anchor
from citelint.sources.kinds import KINDS_BY_NAME, Loaded, SourceKind, unknown_locator
from citelint.sources.model import Failure, FailureKind, Resolution, SourceError, Span
from citelint.sources.paths import (
    RealPaths,
    count_files,
    inside,
    kind_of,
    read_regular,
    under_root,
    unsafe_id,
    within,
)
from citelint.sources.text_cache import TextCache
from citelint.sources.watch import DIR, PATH, Watch

DEFAULT_MAX_SOURCE_BYTES = 64 * 1024 * 1024
DEFAULT_MAX_TOTAL_SOURCE_BYTES = 1024 * 1024 * 1024
DEFAULT_MAX_PDF_PAGES = 500
# Loaders must be total (tests/sources/loaders/test_total.py); should one still trip over
# a shape, the source is unreadable (CL007), never the run.
_LOADER_SLIPS = (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError)


@dataclass
class SourceStore:
    max_bytes: int = DEFAULT_MAX_SOURCE_BYTES
    evidence_roots: tuple[str, ...] = ()  # absolute extra roots for kinds that take them
    custom_kinds: Mapping[str, SourceKind] = field(default_factory=dict)
    display: Callable[[str], str] | None = None  # how messages show a path; default: root-relative
    cache: TextCache | None = None  # persistent PDF text, when caching is on
    trusted: tuple[str, ...] = ()  # real trusted roots; empty: every root is trusted
    max_total_bytes: int = DEFAULT_MAX_TOTAL_SOURCE_BYTES  # of the sources one report cites
    max_pdf_pages: int = DEFAULT_MAX_PDF_PAGES
    watch: Watch = field(default_factory=Watch)  # what each report looked at (result cache)
    _loaded: dict[tuple[str, str, str], Loaded | Failure] = field(default_factory=dict)
    _resolved: dict[tuple[str | None, str, str, str | None], Resolution] = field(
        default_factory=dict
    )
    _channels: dict[str, dict[str, int]] = field(default_factory=dict)
    reads: int = 0  # files read, for tests and benchmarks
    tracked: Callable[[str], bool] | None = None  # --only-tracked: what git's index holds
    # The sources one report cites, charged against max_total_bytes whether this process
    # read them for it or for an earlier report: the verdict never depends on the order
    # of reports, the worker they fell to or the cache (docs/decisions.md: "The total
    # read cap is per report").
    _sizes: dict[str, int] = field(default_factory=dict)
    _charged: set[str] | None = None  # None: not inside a report's analysis
    _report_bytes: int = 0
    _real: dict[str, str] = field(default_factory=dict)  # each span path's real location
    realpath: RealPaths = field(default_factory=RealPaths)  # folders resolved once a run
    _trust: dict[str, bool] = field(default_factory=dict)  # whether a root may be read
    _allowed: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=dict
    )  # a kind's roots under a sources root, and the real ones it may read
    _bases: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)  # its folders

    kinds: Mapping[str, SourceKind] = field(init=False)  # built-in and custom, by type

    def __post_init__(self) -> None:
        self.kinds = {**KINDS_BY_NAME, **self.custom_kinds}

    def release(self, root: str) -> None:
        """Forget what was loaded and resolved under a sources root whose reports are all
        done: a run's memory is the roots in flight, not every root it has seen."""
        under = under_root(root)
        self.watch.forget(self._resolved, [k for k in self._resolved if k[0] == root])
        self.watch.forget(self._loaded, [k for k in self._loaded if under(k[0])])
        self.watch.forget(self._channels, [root])
        for table in (self._sizes, self._real):
            for path in [p for p in table if under(p)]:
                del table[path]
        self.realpath.forget(under)
        for path in [p for p in self._trust if under(p) or p == root]:
            del self._trust[path]
        for keyed in (self._allowed, self._bases):
            for key in [k for k in keyed if k[1] == root]:
                del keyed[key]

    def live_roots(self) -> set[str]:
        """The sources roots something is kept for (tests count them)."""
        return {k[0] for k in self._resolved if k[0] is not None} | set(self._channels)

    def resolve(self, anchor: Anchor, root: str | None) -> Resolution:
        key = (root, anchor.type, anchor.id, anchor.locator)
        found = self.watch.memo(self._resolved, key, lambda: self._resolve(anchor, root))
        return self._charge(found, root)

    def _resolve(self, anchor: Anchor, root: str | None) -> Resolution:
        if root is None:
            return Failure(
                FailureKind.NO_SOURCE,
                "no sources folder found for this report (looked for sources/ beside it and in "
                "its parents); pass --sources DIR",
            )
        kind = self.kinds.get(anchor.type)
        if kind is not None and kind.file_id is not None and "/" in anchor.id:
            # `[doi:10.48550/arXiv.1706.03762]`: a kind whose files are named by a hash
            anchor = Anchor(anchor.type, kind.file_id(anchor.id), anchor.locator, 0, 0)
        reason = unsafe_id(anchor.id)
        if reason:
            return Failure(
                FailureKind.UNSAFE_PATH, f"id {anchor.id!r} {reason}; it is never used as a path"
            )
        if kind is None:
            return Failure(FailureKind.NO_SOURCE, f"no source type '{anchor.type}'")
        if not self.trusted_root(root):
            how = (
                "(a symlink)"
                if os.path.realpath(root) != os.path.abspath(root)
                else "(run citelint from the project that holds it, or name it with --sources)"
            )
            return Failure(
                FailureKind.UNSAFE_PATH,
                f"the sources root {self.display_path(root, root)} leads outside the project "
                f"{how}; nothing under it is read",
                root,
            )
        located = self.locate(kind, anchor.id, root)
        if isinstance(located, Failure):
            return located
        loaded = self._load(kind, anchor.id, located, root)
        if isinstance(loaded, Failure):
            return loaded
        resolution, locator = loaded.resolve(anchor.locator), anchor.locator
        if (
            isinstance(resolution, Failure)
            and resolution.kind is FailureKind.NO_LOCATOR
            and locator
        ):
            found = kind.fallback(loaded, locator) if kind.fallback else None
            return found or unknown_locator(resolution, locator, loaded.locators())
        return resolution

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
                return self._unreadable(path, root, f"cannot be read ({exc.strerror})")
            if stat.S_ISREG(mode):
                return self.untracked(path, root) or path
            if not stat.S_ISDIR(mode):  # a FIFO, socket or device is never opened
                return self._unreadable(path, root, f"is {kind_of(mode)}, not a source file")
            folder = folder or path
        if folder is not None:  # only a folder of that name: say so rather than "no file"
            return self._unreadable(folder, root, "is a folder, not a source file")
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

    def _unreadable(self, path: str, root: str, why: str) -> Failure:
        return Failure(FailureKind.UNREADABLE, f"{self.display_path(path, root)} {why}", path)

    def read(self, path: str) -> bytes:
        """Read one confined regular file under the per-file cap (CL007)."""
        self.watch.note(PATH, path)
        data = read_regular(path, self.max_bytes)
        self.reads += 1
        self._sizes[self.realpath(path)] = len(data)
        return data

    def read_sidecar(self, path: str, beside: str) -> bytes | None:
        """A file that belongs to a source (its toc), read only from the source's folder."""
        self.watch.note(PATH, path)
        here = (os.path.dirname(os.path.realpath(beside)),)
        if not os.path.isfile(path) or not inside(path, here) or self.untracked(path, ""):
            return None
        return self.read(os.path.realpath(path))

    def charging(self, on: bool) -> None:
        """Start (or stop) charging loaded sources to one report's total read cap."""
        self._charged = set() if on else None
        self._report_bytes = 0

    def _charge(self, found: Resolution, root: str | None) -> Resolution:
        """A resolution, or the total read cap's failure when the report's cited files
        (each counted once, however it was served) add up past it."""
        if self._charged is None or not isinstance(found, Span) or not found.path:
            return found
        real = self._real.get(found.path)
        if real is None:
            real = self._real[found.path] = self.realpath(found.path)
        if real in self._charged or real not in self._sizes:
            return found
        self._charged.add(real)
        self._report_bytes += self._sizes[real]
        if self._report_bytes <= self.max_total_bytes:
            return found
        return Failure(
            FailureKind.UNREADABLE,
            f"{self.display_path(found.path, root or '')} is not read: the sources this report "
            f"cites reach max-total-source-bytes ({self.max_total_bytes})",
            found.path,
        )

    def _load(self, kind: SourceKind, ident: str, path: str, root: str) -> Loaded | Failure:
        key = (self.realpath(path), kind.name, ident)
        return self.watch.memo(
            self._loaded, key, lambda: self._read_and_load(kind, path, key, root)
        )

    def _read_and_load(
        self, kind: SourceKind, path: str, key: tuple[str, str, str], root: str
    ) -> Loaded | Failure:
        ext = path.rsplit(".", 1)[-1].lower() if "." in os.path.basename(path) else ""
        try:
            data = self.read(key[0])  # the confined real file, never a final symlink
            return kind.loader(ext)(path, data, key[2], self)
        except _LOADER_SLIPS as exc:
            return Failure(
                FailureKind.UNREADABLE,
                f"{self.display_path(path, root)} has a shape citelint cannot read "
                f"({type(exc).__name__})",
                path,
            )
        except SourceError as exc:
            return Failure(FailureKind.UNREADABLE, f"{self.display_path(path, root)} {exc}", path)
        except OSError as exc:
            return Failure(
                FailureKind.UNREADABLE,
                f"{self.display_path(path, root)} cannot be read ({exc.strerror})",
                path,
            )

    def locators(self, anchor: Anchor, root: str | None) -> tuple[str, ...]:
        """The locators of the source an anchor names (none when it does not load)."""
        kind = self.kinds.get(anchor.type)
        if root is None or kind is None or unsafe_id(anchor.id) or not self.trusted_root(root):
            return ()
        located = self.locate(kind, anchor.id, root)
        if isinstance(located, Failure):
            return ()
        loaded = self._load(kind, anchor.id, located, root)
        return () if isinstance(loaded, Failure) else loaded.locators()

    def channel_files(self, root: str | None) -> Mapping[str, int]:
        """Saved files per channel under a sources root (CL301); listed once per root."""
        if root is None:
            return {}
        return self.watch.memo(self._channels, root, lambda: self._count_channel_files(root))

    def _count_channel_files(self, root: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        if not self.trusted_root(root):
            return counts  # reported as CL006 on the anchors; never listed
        for kind in self.kinds.values():
            for path in self.folders_of(kind, root):
                counts[kind.channel] = counts.get(kind.channel, 0) + count_files(path)
        return counts

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
