"""Listings of a sources root: the records a kind has saved, read off one listing of its
folders. Repair's index and the resolver's title and DOI lookups ask it; only folders the
store allows are listed, and a file git does not track (under --only-tracked) is absent."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

from citelint.sources.model import Failure, FailureKind
from citelint.sources.paths import unsafe_id
from citelint.sources.store import SourceStore
from citelint.sources.watch import PATH


def saved_ids(store: SourceStore, name: str, root: str) -> list[str]:
    """The ids of the records a kind has saved under `root`, sorted; folders that
    lead out of the allowed roots are not listed."""
    return sorted(_listed(store, name, root)[0])


def saved_files(
    store: SourceStore, name: str, root: str
) -> Iterator[tuple[str, str | Failure, Mapping[str, bool] | None]]:
    """Each saved id of a kind under `root` (sorted) with what `locate` gives for it,
    read off the folders' one listing: a candidate that is not listed is absent, a
    listed plain file is the answer; anything else (a link, a folder, a FIFO, a
    folder not listed) is asked of `locate` itself. Third: the listing of the found
    file's folder (each name: whether it is a plain file), None where none was read."""
    kind = store.kinds[name]
    ids, listings = _listed(store, name, root)
    for ident in sorted(ids):
        reason = unsafe_id(ident)  # a file named `a\\b.json` lists, and is never used
        if reason:
            yield ident, Failure(FailureKind.UNSAFE_PATH, f"id {ident!r} {reason}"), None
            continue
        found: tuple[str, Mapping[str, bool]] | None = None
        for path in store.candidates(kind, ident, root):
            base, _, file = path.rpartition(os.sep)
            names = listings.get(base)
            plain = None if names is None else names.get(file)
            if names is not None and plain is None:
                continue  # not there (its folder's listing is noted): the next one
            if names is not None and plain and not store.untracked(path, root):
                store.watch.note(PATH, path)
                found = (path, names)
            break  # else a link, a folder, a folder not listed: locate decides
        yield (ident, *found) if found else (ident, store.locate(kind, ident, root), None)


def _listed(
    store: SourceStore, name: str, root: str
) -> tuple[set[str], dict[str, dict[str, bool]]]:
    """A kind's saved ids under `root`, and each listed folder's names (True: a plain
    regular file, no link)."""
    kind = store.kinds[name]
    if not store.trusted_root(root):
        return set(), {}
    names: set[str] = set()
    listings: dict[str, dict[str, bool]] = {}
    for path in store.folders_of(kind, root):
        try:
            with os.scandir(path) as entries:
                listing = {e.name: e.is_file(follow_symlinks=False) for e in entries}
        except OSError:
            continue
        listings[path] = listing
        for entry, plain in listing.items():
            stem, _, ext = entry.rpartition(".")
            if stem and ext in kind.extensions and plain:
                names.add(stem)
    return names, listings
