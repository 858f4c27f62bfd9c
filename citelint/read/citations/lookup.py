"""A sources root's saved PubMed records by DOI, PMCID and title: what a reference entry
that names a paper by its DOI or title resolves to. Listed once per root, at most
`MAX_LISTED_RECORDS` records (a root past the cap says so: its look-ups are not checked,
never "not saved")."""

from __future__ import annotations

from citelint.ground.document import Anchor
from citelint.read.citations.urls import title_key
from citelint.sources.listing import saved_ids
from citelint.sources.model import Span
from citelint.sources.store import SourceStore

MAX_LISTED_RECORDS = 5000  # records read to look up a DOI or a title, per sources root


class RecordLookup:
    """DOI, PMCID and title of every saved record of the PubMed kinds, listed once per
    root through the store (its memo notes what was read)."""

    def __init__(self, store: SourceStore, kinds: tuple[str, ...]) -> None:
        self.store = store
        self.watch = store.watch
        self.kinds = kinds  # the source types a PMID names
        self._listed: dict[str, dict[str, tuple[str, str]]] = {}  # key → (type, id)
        # roots with more saved records than are looked up: (records, the cap then)
        self.capped: dict[str, tuple[int, int]] = {}
        self.looked_up = False  # whether the current search consulted the list

    def of(self, root: str | None) -> dict[str, tuple[str, str]]:
        """`doi:…`, `pmcid:…` and `title:…` keys of a root's saved records."""
        if root is None:
            return {}
        self.looked_up = True
        return self.watch.memo(self._listed, root, lambda: self._list(root))

    def begin(self) -> None:
        """A new search: whether it consulted the list is asked at its end."""
        self.looked_up = False

    def release(self, root: str) -> None:
        self.watch.forget(self._listed, [root])
        self.capped.pop(root, None)

    def _list(self, root: str) -> dict[str, tuple[str, str]]:
        records: dict[str, tuple[str, str]] = {}
        listed = [
            (name, ident) for name in self.kinds for ident in saved_ids(self.store, name, root)
        ]
        if len(listed) > MAX_LISTED_RECORDS:
            self.capped[root] = (len(listed), MAX_LISTED_RECORDS)
        for name, ident in listed[:MAX_LISTED_RECORDS]:
            found = self.store.resolve(Anchor(name, ident, "title", 0, 0), root)
            if isinstance(found, Span):
                records.setdefault("title:" + title_key(found.text), (name, ident))
                for other in found.ids:
                    if other.startswith("10."):
                        records.setdefault("doi:" + other.lower(), (name, ident))
                    elif other.upper().startswith("PMC"):
                        records.setdefault("pmcid:" + other.upper(), (name, ident))
        return records
