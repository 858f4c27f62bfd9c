"""The SourceStore: the only code that lists or opens source files.

It turns `(type, id, locator)` into a `Span` or a typed `Failure`: every path is judged by
the run's `Confinement` (sources/confine.py) before anything is opened, each file is
loaded and normalised once per run however many anchors cite it (a record, once per
distinct content however many roots hold it: sources/by_content.py), and each report's cited
files are charged against its total read cap (sources/charge.py). Which folders and
endings a type uses, and how each ending is loaded, is the type's `SourceKind`
(sources/kinds.py). A file is read only when it is a regular file under the size caps.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import InitVar, dataclass, field

from citelint.ground.document import Anchor
from citelint.sources.by_content import ByContent
from citelint.sources.charge import ReadCharge
from citelint.sources.confine import Confinement
from citelint.sources.kinds import BY_CONTENT, KINDS_BY_NAME, Loaded, SourceKind
from citelint.sources.locators import unknown_locator
from citelint.sources.model import Failure, FailureKind, Resolution, SourceError
from citelint.sources.paths import (
    count_files,
    inside,
    read_regular,
    under_root,
    unsafe_id,
)
from citelint.sources.text_cache import TextCache
from citelint.sources.watch import PATH, Watch

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
    tracked: InitVar[Callable[[str], bool] | None] = None  # --only-tracked: git's index
    _loaded: dict[tuple[str, str, str], Loaded | Failure] = field(default_factory=dict)
    _resolved: dict[tuple[str | None, str, str, str | None], Resolution] = field(
        default_factory=dict
    )
    _channels: dict[tuple[str, str], int] = field(default_factory=dict)  # (root, channel)
    _located: dict[tuple[str, str, str], str | Failure] = field(default_factory=dict)
    reads: int = 0  # files read, for tests and benchmarks
    by_content: ByContent = field(default_factory=ByContent)  # records parsed once per bytes

    kinds: Mapping[str, SourceKind] = field(init=False)  # built-in and custom, by type
    confine: Confinement = field(init=False)
    charge: ReadCharge = field(init=False)

    def __post_init__(self, tracked: Callable[[str], bool] | None) -> None:
        self.kinds = {**KINDS_BY_NAME, **self.custom_kinds}
        self.confine = Confinement(
            self.watch, self.evidence_roots, self.trusted, self.display, tracked
        )
        self.charge = ReadCharge(self.max_total_bytes)
        # the confinement's questions, asked of the store by those that read through it
        self.realpath = self.confine.realpath
        self.trusted_root = self.confine.trusted_root
        self.display_path = self.confine.display_path
        self.untracked = self.confine.untracked
        self.candidates = self.confine.candidates
        self.folders_of = self.confine.folders_of
        self.charging = self.charge.charging

    def release(self, root: str) -> None:
        """Forget what was loaded and resolved under a sources root whose reports are all
        done: a run's memory is the roots in flight, not every root it has seen."""
        under = under_root(root)
        self.watch.forget(self._resolved, [k for k in self._resolved if k[0] == root])
        self.watch.forget(self._loaded, [k for k in self._loaded if under(k[0])])
        self.watch.forget(self._channels, [k for k in self._channels if k[0] == root])
        self.watch.forget(self._located, [k for k in self._located if k[0] == root])
        self.charge.release(under)
        self.confine.release(root)

    def locate(self, kind: SourceKind, ident: str, root: str) -> str | Failure:
        """The confined file of a record under a root (`Confinement.locate`), looked for
        once a run: every locator a report cites it by asks again."""
        return self.watch.memo(
            self._located, (root, kind.name, ident), lambda: self.confine.locate(kind, ident, root)
        )

    def resolve(self, anchor: Anchor, root: str | None) -> Resolution:
        key = (root, anchor.type, anchor.id, anchor.locator)
        found = self.watch.memo(self._resolved, key, lambda: self._resolve(anchor, root))
        return self.charge.charge(
            found, self.realpath, lambda path: self.display_path(path, root or "")
        )

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

    def read(self, path: str) -> bytes:
        """Read one confined regular file under the per-file cap (CL007)."""
        self.watch.note(PATH, path)
        data = read_regular(path, self.max_bytes)
        self.reads += 1
        self.charge.read(self.realpath(path), len(data))
        return data

    def read_sidecar(self, path: str, beside: str) -> bytes | None:
        """A file that belongs to a source (its toc), read only from the source's folder."""
        self.watch.note(PATH, path)
        here = (os.path.dirname(os.path.realpath(beside)),)
        if not os.path.isfile(path) or not inside(path, here) or self.untracked(path, ""):
            return None
        return self.read(os.path.realpath(path))

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
            loader = kind.loader(ext)
            if loader in BY_CONTENT:  # the same bytes under another root: parsed once
                return self.by_content.load(loader, path, data, key[2], self)
            return loader(path, data, key[2], self)
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
        """Saved files per channel under a sources root (CL301). A channel's folders are
        listed when its count is asked for, once per root: CL301 asks only of the channels
        a report leaves uncited, so the folders it cites (often most of the files) are
        never listed."""
        return {} if root is None else _ChannelCounts(self, root)

    def channel_count(self, root: str, channel: str) -> int:
        return self.watch.memo(
            self._channels, (root, channel), lambda: self._count_channel(root, channel)
        )

    def _count_channel(self, root: str, channel: str) -> int:
        if not self.trusted_root(root):
            return 0  # reported as CL006 on the anchors; never listed
        return sum(
            count_files(path)
            for kind in self.kinds.values()
            if kind.channel == channel
            for path in self.folders_of(kind, root)
        )


class _ChannelCounts(Mapping[str, int]):
    """A root's saved files per channel, each counted when it is looked up."""

    def __init__(self, store: SourceStore, root: str) -> None:
        self._store, self._root = store, root
        self._names = sorted({kind.channel for kind in store.kinds.values()})

    def __getitem__(self, channel: str) -> int:
        if channel not in self._names:
            raise KeyError(channel)
        return self._store.channel_count(self._root, channel)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
