"""Tie each citation to a saved source, or say exactly why it cannot be tied.

A reference number goes to its entry, and an entry to a source in this order: a citelint
anchor written in it; an identifier (PMID → `pubmed/`, NCT → `trials/`, PMCID →
`bioc/` or `europepmc/`, DOI → the saved record whose metadata carries it); a URL through
the sources root's web index (`web/index.json`, `{url: file under web/}`) or STORM's
`url_to_info.json` (its snippets are the span); the title → the saved PubMed record with
that title. A `#:~:text=` fragment is a locator: its quote must be in the saved page, and
the claim is checked against the quoted passage; with no saved page the quote is the
writer's own evidence and is checked instead, while the source still counts as unsaved.
Every lookup goes through the `SourceStore`: nothing outside the allowed roots is read.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from citelint.ground.document import Anchor, Document, Reference
from citelint.read.citations import indexes
from citelint.read.citations.dated import (
    DATED_TYPE,
    NAMES_A_TOOLS_ID,
    NAMES_NO_SOURCE,
    SOURCE_ID_TYPE,
)
from citelint.read.citations.indexes import STORM_INDEX, WEB_INDEX, RootIndex, read_index
from citelint.read.citations.lookup import RecordLookup
from citelint.read.citations.naming import dangling, describe, entry_for, show_id
from citelint.read.citations.notices import NOTICES, NoticeReader
from citelint.read.citations.urls import (
    normalize_url,
    quote_in,
    quote_parts,
    quoted,
    squeeze,
    title_key,
    url_ids,
)
from citelint.sources.model import Failure, FailureKind, Resolution, Span
from citelint.sources.store import SourceStore


@dataclass(frozen=True, slots=True)
class Record:
    """What a reference entry resolved to, with the record's own bibliographic fields
    where its format has them (PubMed, Europe PMC), for CL104 and CL105."""

    resolution: Resolution
    target: str = ""  # `PMID 123`, as messages show it; empty when nothing resolved
    fields: Mapping[str, str] = field(default_factory=dict)  # title, year, authors, journal
    retraction: str = ""  # the record's own word that it is retracted
    concern: str = ""  # its expression of concern


@dataclass(frozen=True, slots=True)
class Resolved:
    """What a report's citations resolve to."""

    resolutions: Mapping[Anchor, Resolution]
    unsaved: Mapping[str, tuple[Anchor, ...]]  # each unsaved source → its citations
    records: Mapping[str, Record]  # each reference entry (its `place`) → its record
    kinds: Mapping[Anchor, str] = field(default_factory=dict)  # the source type it reached


_FIELDS = ("title", "year", "authors", "journal")


class CitationResolver:
    def __init__(self, store: SourceStore) -> None:
        self.store = store
        self.watch = store.watch  # the memos here note what they read where the store does
        self._roots: dict[str, RootIndex] = {}
        self._identified: dict[str, list[str]] = {}  # identifier → kinds that take it
        self._written: dict[str, str] = {}  # source type → the identifier it is cited by
        for kind in store.kinds.values():
            for written in kind.identifies:
                self._identified.setdefault(written, []).append(kind.name)
                self._written.setdefault(kind.name, written)
        self.notices = NoticeReader(store)
        self._web = next((k.name for k in store.kinds.values() if k.web_pages), None)
        self._kind_at: dict[str, str] = {}  # the source type of each file a citation reached
        # a URL is resolved once per run, and a saved page folded once for its quotes
        self._urls: dict[tuple[str, str | None, str | None], tuple[str | None, Resolution]] = {}
        self._hay: dict[tuple[str, str | None], str] = {}
        self.lookup = RecordLookup(store, tuple(self._identified.get("PMID", ())))
        self._shown: dict[tuple[str, str], str] = {}  # a hashed file id → the id as written

    def resolve(self, doc: Document, root: str | None) -> Resolved:
        entries: dict[str, list[Reference]] = {}
        for r in doc.references:  # per-section lists number from 1 again: keys repeat
            entries.setdefault(r.key, []).append(r)
        records: dict[str, Record] = {}
        out: dict[Anchor, Resolution] = {}
        unsaved: dict[str, list[Anchor]] = {}
        for anchor in (a for a in doc.anchors if a.is_citation):
            source, resolution = self._one(anchor, doc, entries, records, root)
            out[anchor] = resolution
            if source is not None:
                unsaved.setdefault(source, []).append(anchor)
        for entry in doc.references:  # uncited entries are checked against records too
            if entry.place not in records:
                records[entry.place] = self._entry(entry, root)
        kinds = {
            a: self._kind_at[r.path]
            for a, r in out.items()
            if isinstance(r, Span) and r.path in self._kind_at
        }
        return Resolved(out, {k: tuple(v) for k, v in unsaved.items()}, records, kinds)

    def _one(
        self,
        anchor: Anchor,
        doc: Document,
        entries: Mapping[str, list[Reference]],
        records: dict[str, Record],
        root: str | None,
    ) -> tuple[str | None, Resolution]:
        """The resolution of one citation, and the unsaved source it depends on if any."""
        if anchor.type == DATED_TYPE:  # `[news (2025-06-23)]`: no source to look for
            return None, Failure(FailureKind.DANGLING, NAMES_NO_SOURCE)
        if anchor.type == SOURCE_ID_TYPE:  # `source_id:5666146…`: the tool's, not a source
            return None, Failure(FailureKind.DANGLING, NAMES_A_TOOLS_ID)
        if anchor.type == "ref":
            entry = entry_for(anchor, entries.get(anchor.id, ()))
            if entry is None:
                url = self._index(root).storm_numbers.get(anchor.id) if root else None
                if url is not None:
                    return self._url(url, None, root)
                return None, dangling(anchor, doc)
            if entry.place not in records:
                records[entry.place] = self._entry(entry, root)
            found = records[entry.place].resolution
            if isinstance(found, Failure) and found.kind is FailureKind.UNSAVED:
                return describe(entry), found
            return None, found
        if anchor.type == "url":
            return self._url(anchor.id, anchor.locator, root)
        what = show_id(anchor.type, anchor.id)
        found, _ = self._first(self._id_targets(anchor.type, anchor.id, root), root, what)
        if isinstance(found, Failure) and found.kind is FailureKind.UNSAVED:
            found = self.nonexistent([(anchor.type, anchor.id)], root) or found
        return (
            what if isinstance(found, Failure) and found.kind is FailureKind.UNSAVED else None
        ), found

    # -- what a citation can point at ---------------------------------------------------

    def _entry(self, entry: Reference, root: str | None) -> Record:
        def targets() -> Iterator[tuple[str, str, str | None]]:
            for a in entry.anchors:
                yield a.type, a.id, a.locator
            for kind, ident in entry.ids:
                yield from self._id_targets(kind, ident, root)
            for url in entry.urls:
                for kind, ident in url_ids(url):
                    yield from self._id_targets(kind, ident, root)
            if entry.title and root is not None:
                hit = self.lookup.of(root).get("title:" + title_key(entry.title))
                if hit is not None:
                    yield hit[0], hit[1], None

        found, target = self._first(targets(), root, describe(entry))
        if isinstance(found, Failure) and found.kind is FailureKind.UNSAVED and root is not None:
            for url in entry.urls:  # a saved web page is the last resort
                _, page = self._url(url, None, root)
                if isinstance(page, Span):
                    return Record(page, url)
                if page.kind is not FailureKind.UNSAVED:
                    return Record(page)  # a broken or escaping index: said, not "not saved"
        if isinstance(found, Failure) and found.kind is FailureKind.UNSAVED:
            named = [*entry.ids, *(i for u in entry.urls for i in url_ids(u))]
            named += [(a.type, a.id) for a in entry.anchors]
            found = self.nonexistent(named, root) or found
        if target is None or not isinstance(found, Span):
            return Record(found)
        kind, ident = target
        fields: dict[str, str] = {}
        for name in (*_FIELDS, *NOTICES):
            value = self.store.resolve(Anchor(kind, ident, name, 0, 0), root)
            if isinstance(value, Span):
                fields[name] = value.text
        ids = [i for _, i in (*entry.ids, *(x for u in entry.urls for x in url_ids(u)))]
        for name, notice in self.notices.of_dois(ids, kind, root).items():
            fields[name] = fields.get(name) or notice
        retraction, concern = (fields.pop(name, "") for name in NOTICES)
        shown = self._shown.get((kind, ident)) or show_id(kind, ident)
        return Record(found, shown, fields, retraction, concern)

    def _id_targets(
        self, kind: str, ident: str, root: str | None
    ) -> Iterator[tuple[str, str, str | None]]:
        """The (type, id, locator) targets an identifier written in a report names: for a
        DOI first the saved PubMed record whose metadata carries it, then the kinds that
        declare the identifier; for a PMCID last the PubMed record that carries it (what
        `citelint fetch` saves when PMC has no open full text)."""
        if kind == "DOI" and root is not None:
            hit = self.lookup.of(root).get("doi:" + ident.lower())
            if hit is not None:
                yield hit[0], hit[1], None
        for name in self._identified.get(kind, ()):
            named = self.store.kinds[name].file_id
            if named is None:
                yield name, ident.upper() if kind != "PMID" else ident, None
                continue
            self._shown[(name, named(ident))] = show_id(kind, ident)  # not the file's hash
            yield name, named(ident), None
        if kind == "PMCID" and root is not None:
            hit = self.lookup.of(root).get("pmcid:" + ident.upper())
            if hit is not None:
                yield hit[0], hit[1], None

    def _first(
        self, targets: Iterator[tuple[str, str, str | None]], root: str | None, what: str
    ) -> tuple[Resolution, tuple[str, str] | None]:
        """The first target that resolves, and which it was; a failure other than "no
        file" stops the search."""
        tried = []
        self.lookup.begin()
        for kind, ident, locator in targets:
            if kind not in self.store.kinds:
                continue
            found = self.store.resolve(Anchor(kind, ident, locator, 0, 0), root)
            if isinstance(found, Span):
                self._kind_at[found.path] = kind
            if isinstance(found, Span) or found.kind is not FailureKind.NO_SOURCE:
                return found, (kind, ident)
            tried.append(self._shown.get((kind, ident)) or show_id(kind, ident))
        how = f"tried {', '.join(dict.fromkeys(tried))}" if tried else "no identifier or saved page"
        if root is None:
            how = "no sources folder found for this report; pass --sources DIR"
        elif self.lookup.looked_up and root in self.lookup.capped:  # an honest negative
            records, cap = self.lookup.capped[root]
            return Failure(
                FailureKind.UNREADABLE,
                f"{what} was looked up by DOI or title in only the first {cap} "
                f"of {records} saved records (the look-up cap); it is not checked",
            ), None
        message = f"{what} is not saved under the sources root ({how})"
        return Failure(FailureKind.UNSAVED, message), None

    def _url(
        self, url: str, directive: str | None, root: str | None
    ) -> tuple[str | None, Resolution]:
        if directive is not None and "," not in directive and len(quoted(directive).split()) < 2:
            directive = None  # `#:~:text=Abstract` scrolls to a heading: it quotes no claim
        key = (url, directive, root)
        return self.watch.memo(self._urls, key, lambda: self._resolve_url(url, directive, root))

    def _resolve_url(
        self, url: str, directive: str | None, root: str | None
    ) -> tuple[str | None, Resolution]:
        page: Resolution | None = None
        ids, how = url_ids(url), "no PubMed, PMC, trial or DOI id in it"
        if ids:
            found, _ = self._first(
                (t for k, i in ids for t in self._id_targets(k, i, root)), root, url
            )
            unsaved = isinstance(found, Failure) and found.kind is FailureKind.UNSAVED
            page = None if unsaved else found
            if unsaved and root is not None:
                page = self.nonexistent(ids, root)
            how = "tried " + ", ".join(show_id(k, i) for k, i in ids)
        index = self._index(root) if root is not None else RootIndex()
        key = normalize_url(url)
        if key in index.web and self._web is not None and not isinstance(page, Failure):
            saved = self.store.resolve(Anchor(self._web, index.web[key], None, 0, 0), root)
            if isinstance(saved, Span):  # the linked page itself, over its id's record
                self._kind_at[saved.path] = self._web
            page = saved if isinstance(saved, Span) or page is None else page
        if page is None and key in index.storm:
            snippets, _ = index.storm[key]
            pointer = indexes.storm_pointer(url)
            page = Span(index.storm_path, "snippets", snippets, pointer=pointer, structured=True)
        if page is None and index.broken is not None:
            return None, index.broken
        if page is None:
            where = (
                "no sources folder found for this report; pass --sources DIR"
                if root is None
                else f"{how}, and no entry in {WEB_INDEX} or {STORM_INDEX}"
            ) + (f"; {index.declined[key]}" if key in index.declined else "")
            failure = Failure(FailureKind.UNSAVED, f"{url} is not saved ({where})")
            source = normalize_url(url)
            if directive is None or quote_parts(directive)[2]:
                return source, failure  # a range quote leaves out its middle: nothing to check
            quote = quoted(directive)  # the writer's own evidence, checked in its place
            return source, Span("", f"text={directive}", quote)
        if directive is None or isinstance(page, Failure):
            return None, page
        place = (page.path, page.pointer)
        if place not in self._hay:
            self._hay[place] = squeeze(page.text)
        passage = quote_in(self._hay[place], directive)
        if passage is None:
            return None, Failure(
                FailureKind.NO_LOCATOR,
                f"the quoted text '{quoted(directive)[:80]}' is not in the saved page",
                page.path,
            )
        return None, Span(page.path, f"text={directive}", passage, pointer=page.pointer)

    # -- indexes of a sources root --------------------------------------------------------

    def nonexistent(self, named: Sequence[tuple[str, str]], root: str | None) -> Failure | None:
        """CL012's failure when `citelint fetch` recorded one of the ids as unknown to
        its registry (`PMID`, `NCT`, `DOI`; citelint's `pmid` and `nct` anchors too)."""
        if root is None:
            return None
        missing = self._index(root).missing
        for kind, ident in named:
            written = self._written.get(kind, kind)
            key = f"{written} {ident.lower() if written == 'DOI' else ident}"
            if key in missing:
                return Failure(
                    FailureKind.NONEXISTENT,
                    f"{show_id(written, ident)} does not exist: {missing[key]}",
                )
        return None

    def release(self, root: str) -> None:
        """Forget a sources root whose reports are all done, here and in the store."""
        self.store.release(root)
        prefix = os.path.realpath(root).rstrip(os.sep) + os.sep
        watch = self.store.watch
        watch.forget(self._roots, [root])
        watch.forget(self._urls, [k for k in self._urls if k[2] == root])
        self.lookup.release(root)
        for place in [k for k in self._hay if k[0].startswith(prefix)]:
            del self._hay[place]
        for path in [p for p in self._kind_at if p.startswith(prefix)]:
            del self._kind_at[path]

    def index_of(self, root: str | None) -> RootIndex:
        """The root's indexes: what `citelint fetch` saved, what the judge said."""
        return self._index(root) if root is not None else RootIndex()

    def _index(self, root: str) -> RootIndex:
        return self.watch.memo(self._roots, root, lambda: read_index(self.store, root))
