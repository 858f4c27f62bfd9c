"""The SourceStore: the only code that lists or opens source files.

It turns `(type, id, locator)` into a `Span` or a typed `Failure`, confines every path to
the allowed roots before anything is opened, and loads and normalises each file once per
run however many anchors cite it. Which folders and endings a type uses, and how each
ending is loaded, is the type's `SourceKind` (sources/kinds.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from citelint.document import Anchor
from citelint.sources.cache import TextCache
from citelint.sources.kinds import KINDS_BY_NAME, Loaded, SourceKind
from citelint.sources.model import Failure, FailureKind, Resolution, SourceError
from citelint.sources.paths import inside, unsafe_id

DEFAULT_MAX_SOURCE_BYTES = 64 * 1024 * 1024


@dataclass
class SourceStore:
    max_bytes: int = DEFAULT_MAX_SOURCE_BYTES
    evidence_roots: tuple[str, ...] = ()  # absolute extra roots for kinds that take them
    custom_kinds: Mapping[str, SourceKind] = field(default_factory=dict)
    display: Callable[[str], str] | None = None  # how messages show a path; default: root-relative
    cache: TextCache | None = None  # persistent PDF text, when caching is on
    _loaded: dict[tuple[str, str, str], Loaded | Failure] = field(default_factory=dict)
    _resolved: dict[tuple[str | None, str, str, str | None], Resolution] = field(
        default_factory=dict
    )
    _channels: dict[str, dict[str, int]] = field(default_factory=dict)
    reads: int = 0  # files opened, for tests and benchmarks

    @property
    def kinds(self) -> dict[str, SourceKind]:
        return {**KINDS_BY_NAME, **self.custom_kinds}

    def resolve(self, anchor: Anchor, root: str | None) -> Resolution:
        key = (root, anchor.type, anchor.id, anchor.locator)
        if key not in self._resolved:
            self._resolved[key] = self._resolve(anchor, root)
        return self._resolved[key]

    def _resolve(self, anchor: Anchor, root: str | None) -> Resolution:
        if root is None:
            return Failure(
                FailureKind.NO_SOURCE,
                "no sources folder found for this report (looked for sources/ beside it and in "
                "its parents); pass --sources DIR",
            )
        reason = unsafe_id(anchor.id)
        if reason:
            return Failure(
                FailureKind.UNSAFE_PATH, f"id {anchor.id!r} {reason}; it is never used as a path"
            )
        kind = self.kinds.get(anchor.type)
        if kind is None:
            return Failure(FailureKind.NO_SOURCE, f"no source type '{anchor.type}'")
        located = self.locate(kind, anchor.id, root)
        if isinstance(located, Failure):
            return located
        loaded = self._load(kind, anchor.id, located, root)
        if isinstance(loaded, Failure):
            return loaded
        resolution = loaded.resolve(anchor.locator)
        if (
            isinstance(resolution, Failure)
            and resolution.kind is FailureKind.NO_LOCATOR
            and kind.fallback is not None
            and anchor.locator
        ):
            return kind.fallback(loaded, anchor.locator) or resolution
        return resolution

    def candidates(self, kind: SourceKind, ident: str, root: str) -> list[str]:
        bases = [os.path.normpath(os.path.join(root, d)) for d in kind.dirs]
        if kind.configured_roots:
            bases += list(self.evidence_roots)
        names = ([ident] if kind.bare_id_first else []) + [f"{ident}.{e}" for e in kind.extensions]
        return [os.path.join(base, name) for base in bases for name in names]

    def allowed_roots(self, kind: SourceKind, root: str) -> tuple[str, ...]:
        roots = [root, *(os.path.join(root, r) for r in kind.outside_roots)]
        if kind.configured_roots:
            roots += self.evidence_roots
        return tuple(os.path.realpath(r) for r in roots)

    def locate(self, kind: SourceKind, ident: str, root: str) -> str | Failure:
        """The first existing candidate file, confined to the allowed roots."""
        tried = self.candidates(kind, ident, root)
        allowed = self.allowed_roots(kind, root)
        for path in tried:
            if not os.path.lexists(path):
                continue
            if not inside(path, allowed):
                return Failure(
                    FailureKind.UNSAFE_PATH,
                    f"{self._show(path, root)} leads outside the sources root (symlink); "
                    "it is not read",
                    path,
                )
            if os.path.isfile(path):
                return path
        shown = ", ".join(self._show(p, root) for p in tried[:4])
        more = f" and {len(tried) - 4} more" if len(tried) > 4 else ""
        return Failure(
            FailureKind.NO_SOURCE,
            f"no source file: tried {shown}{more}",
            tried[0] if tried else None,
        )

    def _show(self, path: str, root: str) -> str:
        return self.display(path) if self.display else _rel(path, root)

    def read(self, path: str) -> bytes:
        """Open one confined file; the size limit is checked before reading (CL007)."""
        size = os.path.getsize(path)
        if size > self.max_bytes:
            raise SourceError(f"is {size} bytes, over max-source-bytes ({self.max_bytes})")
        self.reads += 1
        with open(path, "rb") as handle:
            return handle.read(self.max_bytes + 1)

    def read_sidecar(self, path: str, beside: str) -> bytes | None:
        """A file that belongs to a source (its toc), read only from the source's folder."""
        if not os.path.isfile(path) or not inside(
            path, (os.path.dirname(os.path.realpath(beside)),)
        ):
            return None
        return self.read(path)

    def _load(self, kind: SourceKind, ident: str, path: str, root: str) -> Loaded | Failure:
        key = (os.path.realpath(path), kind.name, ident)
        if key not in self._loaded:
            ext = path.rsplit(".", 1)[-1].lower() if "." in os.path.basename(path) else ""
            try:
                self._loaded[key] = kind.loader(ext)(path, self.read(path), ident, self)
            except SourceError as exc:
                self._loaded[key] = Failure(
                    FailureKind.UNREADABLE, f"{self._show(path, root)} {exc}", path
                )
            except OSError as exc:
                self._loaded[key] = Failure(
                    FailureKind.UNREADABLE,
                    f"{self._show(path, root)} cannot be read ({exc.strerror})",
                    path,
                )
        return self._loaded[key]

    def channel_files(self, root: str | None) -> Mapping[str, int]:
        """Saved files per channel under a sources root (CL301); listed once per root."""
        if root is None:
            return {}
        if root not in self._channels:
            self._channels[root] = self._count_channel_files(root)
        return self._channels[root]

    def _count_channel_files(self, root: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for kind in self.kinds.values():
            for folder in kind.dirs:
                path = os.path.normpath(os.path.join(root, folder))
                if folder != "." and os.path.isdir(path):
                    counts[kind.channel] = counts.get(kind.channel, 0) + sum(
                        1 for e in os.scandir(path) if e.is_file() and not e.name.startswith(".")
                    )
        return counts


def _rel(path: str, root: str) -> str:
    base = os.path.dirname(os.path.normpath(root))
    rel = os.path.relpath(os.path.normpath(path), base) if base else path
    return rel.replace(os.sep, "/")
