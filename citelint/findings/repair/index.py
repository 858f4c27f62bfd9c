"""A sources root's repair index: every span of its saved records, by the numbers and
codes it holds, shared by every root whose saved files have the same contents.

The index is assembled from pieces (`pieces.py`, one per saved file, by content) and
names spans by (kind, id, locator) and their file's content key, never by path: each
root keeps where its own files are, and a span is read from the asking root
(`spans.py`). Roots holding the same files (a sources folder per report run) list and
key their files, and share one index with the answers it gave.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from citelint.evidence.spans import field_number
from citelint.findings.repair.pieces import Answers, Piece, Pieces
from citelint.findings.repair.spans import Content, SharedSpans
from citelint.ground.tokens import spelled_numbers, squash, values_in
from citelint.read.claims import Claim
from citelint.sources.listing import saved_files
from citelint.sources.model import Failure, Span
from citelint.sources.paths import unsafe_id
from citelint.sources.store import SourceStore
from citelint.sources.watch import PATH

MAX_RECORDS = 2000  # saved records indexed per sources root
MAX_SCAN = 5000  # spans tried for a claim that has no number or code to look up
MAX_INDEXES = 16  # root indexes held by the content of their files; the oldest go first


@dataclass
class RootIndex:
    """Every span of a root's saved records, found by the numbers it may state (a compiled
    pass per span, no tokens) and by its squashed text (codes); a hit is then checked with
    the span's real tokens, so only the spans a claim could be in are ever tokenized.
    It holds no path: roots whose saved files have the same contents share one, with the
    answers it gave (which of its spans hold a claim's tokens)."""

    refs: list[tuple[str, str, str | None]] = field(default_factory=list)  # kind, id, locator
    contents: list[Content] = field(default_factory=list)  # each ref's file content key
    by_value: dict[Decimal, list[int]] = field(default_factory=dict)
    squashed: list[str] = field(default_factory=list)
    answers: dict[object, tuple[int, ...]] = field(default_factory=dict)
    kept: Answers = field(default_factory=lambda: Answers(None))  # and earlier runs'


@dataclass(frozen=True, slots=True)
class Root:
    """One root's saved records: each one's file in this root, and the shared index."""

    files: dict[tuple[str, str], str]  # (kind, id) → the located file
    index: RootIndex


class RootIndexes:
    """The index of each sources root, built once per set of file contents."""

    def __init__(self, store: SourceStore, spans: SharedSpans, pieces: Pieces) -> None:
        self.store = store
        self.watch = store.watch  # a piece read notes its files where the store does
        self.spans = spans
        self.pieces = pieces
        self._indexes: OrderedDict[tuple[Content, ...], RootIndex] = OrderedDict()

    def file(self, kind: str, ident: str, root: str) -> tuple[str, Content] | None:
        """A saved record's file in this root and its content key; None where the store
        would not read it (an unsafe id, a root that leads out, no such file)."""
        if kind not in self.store.kinds or unsafe_id(ident) or not self.store.trusted_root(root):
            return None
        located = self.store.locate(self.store.kinds[kind], ident, root)
        if isinstance(located, Failure):
            return None
        return located, self._content_key(kind, ident, located, root)

    def of(self, root: str) -> Root:
        saved = (
            (name, ident, located, names)
            for name in self.store.kinds
            for ident, located, names in saved_files(self.store, name, root)
        )
        files: dict[tuple[str, str], str] = {}
        contents: list[tuple[str, str, Content]] = []
        for kind, ident, located, names in itertools.islice(saved, MAX_RECORDS):
            if not isinstance(located, Failure):
                files[(kind, ident)] = located
                key = self._content_key(kind, ident, located, root, names)
                contents.append((kind, ident, key))
        signature = tuple(content for _, _, content in contents)
        index = self._indexes.get(signature)
        if index is None:
            index = self._build_index(contents, files, root)
            index.kept = self.pieces.answers(signature)
            self._indexes[signature] = index
            if len(self._indexes) > MAX_INDEXES:
                self._indexes.popitem(last=False)
        else:
            self._indexes.move_to_end(signature)
        return Root(files, index)

    def _build_index(
        self, contents: list[tuple[str, str, Content]], files: dict[tuple[str, str], str], root: str
    ) -> RootIndex:
        # Workers of one run that keep pieces each take them in an order of their own
        # (seeded by the process): what one built, the other reads back from the folder,
        # so the first index of a run is built about once between them. The index is
        # assembled in the listing's order whoever built what.
        order = list(range(len(contents)))
        if self.pieces.shared:
            random.Random(os.getpid()).shuffle(order)
        pieces: dict[int, Piece] = {}
        for n in order:
            kind, ident, content = contents[n]
            path = files[(kind, ident)]
            build = functools.partial(self._build_piece, kind, ident, path, content, root)
            pieces[n] = self.pieces.piece(content, build)
        index = RootIndex()
        for n, (kind, ident, content) in enumerate(contents):
            piece = pieces[n]
            for locator, values, squashed in zip(
                piece.locators, piece.values, piece.squashed, strict=True
            ):
                at = len(index.refs)
                index.refs.append((kind, ident, locator))
                index.contents.append(content)
                index.squashed.append(squashed)
                for value in values:
                    index.by_value.setdefault(value, []).append(at)
        return index

    def _content_key(
        self, kind: str, ident: str, path: str, root: str, names: Mapping[str, bool] | None = None
    ) -> Content:
        """What a saved file's piece is a function of (the config aside: one `Pieces` per
        linter): its kind, id, place under the root, bytes and `.toc.json` sidecar.
        `names`: the listing of the file's folder, where one was read (a sidecar it
        lacks is absent, and one that appears shows in that listing)."""
        toc = path.rsplit(".", 1)[0] + ".toc.json"
        self.watch.note(PATH, path)  # a reused piece still depends on this file
        folder, _, name = toc.rpartition(os.sep)
        if names is not None and folder == path.rpartition(os.sep)[0]:
            present = name in names
        else:
            present = os.path.lexists(toc)
        cap = self.store.max_bytes
        if present:
            self.watch.note(PATH, toc)
            sidecar = self.pieces.digest(toc, cap)
        else:
            sidecar = "-"  # (what `digest` says of a path with nothing there)
        digests = (self.pieces.digest(path, cap), sidecar)
        under = root.rstrip(os.sep) + os.sep
        place = path[len(under) :] if path.startswith(under) else os.path.relpath(path, root)
        return (kind, ident, place, *digests)

    def _build_piece(self, kind: str, ident: str, path: str, content: Content, root: str) -> Piece:
        places = [
            p
            for p in (
                self.spans.place(kind, ident, loc, path, content, root)
                for loc in self.spans.locators(kind, ident, content, root)
            )
            if p is not None
        ]
        return Piece(
            tuple(p.anchor.locator for p in places),
            tuple(frozenset(_values(p.span)) for p in places),
            tuple(squash(p.span.text) for p in places),
        )


def candidates(claim: Claim, index: RootIndex) -> list[int]:
    """The spans that may hold the claim: those stating all its numbers, or holding
    all its codes; every span (to a cap) for a claim with neither."""
    values = list(dict.fromkeys(abs(t.value) for t in claim.numbers))
    # folded as the index's text is (a DOI key keeps its hyphens): a superset of hits
    codes = list(dict.fromkeys(squash(e.key) for e in claim.entities))
    if values:
        lists = sorted((index.by_value.get(v, []) for v in values), key=len)
        found = sorted(set(lists[0]).intersection(*lists[1:]))
        return [i for i in found if all(c in index.squashed[i] for c in codes)]
    if codes:
        return [i for i, text in enumerate(index.squashed) if all(c in text for c in codes)]
    return list(range(min(len(index.refs), MAX_SCAN)))


def _values(span: Span) -> set[Decimal]:
    """The numbers a span may state: a superset of what its index holds (`values_in` of
    its text, its spelled numbers and its numeric fields)."""
    values = values_in(span.text)
    values.update(v for _, _, v in spelled_numbers(span.text))
    for f in span.fields:
        value = field_number(f.value)
        if value is not None:
            values.add(abs(value))
    return values
