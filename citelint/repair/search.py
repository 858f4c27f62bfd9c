"""Where does a saved source say it? The evidence search behind repair hints and `--fix`.

For a claim, find the spans that hold **all** of its tokens under the rules' own support
tests (numbers, dates, codes, drugs): first among the locators of the records it already
cites, then among every saved record of the report's sources root. Each root is indexed
once — every span of every saved record, by the numbers and codes it holds — so a claim
costs one look-up, not a scan. Spans that hold the claim and contain a smaller one that
holds it too are dropped: `abstract` is no answer where `results` is.
"""

from __future__ import annotations

import functools
import os
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from citelint.claims import Claim
from citelint.document import Anchor
from citelint.evidence import (
    Evidence,
    date_supported,
    drug_supported,
    entity_supported,
    field_number,
    token_supported,
)
from citelint.repair.pieces import Piece, Pieces, Place
from citelint.sources.model import Failure, Span
from citelint.sources.store import SourceStore
from citelint.sources.watch import PATH
from citelint.tokens import spelled_numbers, squash, values_in

MAX_RECORDS = 2000  # saved records indexed per sources root
MAX_SCAN = 5000  # spans tried for a claim that has no number or code to look up
MAX_FOUND = 50  # spans that hold a claim, kept before the smallest are chosen
MAX_VERDICTS = 200_000  # whether a span holds a claim, kept by content; the oldest go first


@dataclass
class _RootIndex:
    """Every span of a root's saved records, found by the numbers it may state (a compiled
    pass per span, no tokens) and by its squashed text (codes); a hit is then checked with
    the span's real tokens, so only the spans a claim could be in are ever tokenized."""

    refs: list[tuple[str, str, str | None]] = field(default_factory=list)  # kind, id, locator
    contents: list[tuple[str, ...]] = field(default_factory=list)  # each ref's file content key
    by_value: dict[Decimal, list[int]] = field(default_factory=dict)
    squashed: list[str] = field(default_factory=list)


class EvidenceSearch:
    def __init__(
        self, store: SourceStore, evidence: Evidence, pieces: Pieces | None = None
    ) -> None:
        self.store = store
        self.evidence = evidence
        self._records: dict[tuple[str, str, str], list[Place]] = {}
        self._roots: dict[str, _RootIndex] = {}
        self._located: dict[tuple[str, str, str, str | None], Place | None] = {}
        # whether a span holds a claim, by the claim's tokens and the span's content: roots
        # holding the same files (a sources folder per report run) check a span once
        self._verdicts: OrderedDict[tuple[object, tuple[str, ...], str | None], bool]
        self._verdicts = OrderedDict()
        # saved files' index pieces: shared by the roots that hold them, kept between runs
        self.pieces = pieces or Pieces()

    def release(self, root: str) -> None:
        """Forget a sources root's records and index (see `SourceStore.release`)."""
        self.store.watch.forget(self._roots, [root])
        self.store.watch.forget(self._records, [k for k in self._records if k[0] == root])
        for key in [k for k in self._located if k[0] == root]:
            del self._located[key]

    def live_roots(self) -> set[str]:
        return set(self._roots) | {k[0] for k in self._records}

    def record(self, kind: str, ident: str, root: str) -> list[Place]:
        """Every located span of one saved record, once per run."""
        key = (root, kind, ident)
        return self.store.watch.memo(self._records, key, lambda: self._places(kind, ident, root))

    def _places(self, kind: str, ident: str, root: str) -> list[Place]:
        places = []
        for locator in self.store.locators(Anchor(kind, ident, None, 0, 0), root):
            anchor = Anchor(kind, ident, locator, 0, 0)
            found = self.store.resolve(anchor, root)
            if isinstance(found, Span) and found.text.strip():
                places.append(Place(anchor, found))
        return places

    def holds(self, claim: Claim, place: Place) -> bool:
        """Whether the span supports every token of the claim, as the rules judge it."""
        idx = self.evidence.index(place.span)
        structured = place.span.structured
        for tok in claim.numbers:
            if not token_supported(tok, idx, structured=structured):
                return False
        if not all(date_supported(d, idx) for d in claim.dates):
            return False
        ids = (place.anchor.id,)
        if not all(entity_supported(e, idx, ids) for e in claim.entities):
            return False
        return all(drug_supported(d, idx)[0] for d in claim.drugs)

    def in_records(
        self, claim: Claim, records: Iterable[tuple[str, str]], root: str
    ) -> list[Place]:
        """The smallest spans of these records that hold the claim."""
        found = [
            p
            for kind, ident in records
            for p in self.record(kind, ident, root)
            if self.holds(claim, p)
        ]
        return smallest(found)

    def elsewhere(self, claim: Claim, root: str, skip: Sequence[tuple[str, str]]) -> list[Place]:
        """The smallest spans of the root's other saved records that hold the claim."""
        index = self._index(root)
        tokens = _tokens_of(claim)
        found = []
        for i in self._candidates(claim, index):
            kind, ident, locator = index.refs[i]
            if (kind, ident) in skip or not self._verdict(claim, tokens, index, i, root):
                continue
            place = self._place(kind, ident, locator, root)
            if place is not None:
                found.append(place)
                if len(found) == MAX_FOUND:
                    break
        return smallest(found)

    def anywhere(self, claim: Claim, root: str) -> bool:
        """Whether any saved span of the root holds the claim."""
        index, tokens = self._index(root), _tokens_of(claim)
        return any(
            self._verdict(claim, tokens, index, i, root) for i in self._candidates(claim, index)
        )

    def _candidates(self, claim: Claim, index: _RootIndex) -> list[int]:
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

    def _verdict(self, claim: Claim, tokens: object, index: _RootIndex, i: int, root: str) -> bool:
        """Whether the i-th span of the root's index holds the claim: checked once per
        claim tokens and file content, whichever root asks."""
        kind, ident, locator = index.refs[i]
        key = (tokens, index.contents[i], locator)
        known = self._verdicts.get(key)
        if known is None:
            place = self._place(kind, ident, locator, root)
            known = place is not None and self.holds(claim, place)
            self._verdicts[key] = known
            if len(self._verdicts) > MAX_VERDICTS:
                self._verdicts.popitem(last=False)
        return known

    def _place(self, kind: str, ident: str, locator: str | None, root: str) -> Place | None:
        """A place an index piece points at, read from this root (its own path)."""
        key = (root, kind, ident, locator)
        if key not in self._located:
            anchor = Anchor(kind, ident, locator, 0, 0)
            found = self.store.resolve(anchor, root)
            held = isinstance(found, Span) and found.text.strip()
            self._located[key] = Place(anchor, found) if isinstance(found, Span) and held else None
        return self._located[key]

    def _index(self, root: str) -> _RootIndex:
        return self.store.watch.memo(self._roots, root, lambda: self._index_root(root))

    def _index_root(self, root: str) -> _RootIndex:
        index = _RootIndex()
        listed = [
            (name, ident) for name in self.store.kinds for ident in self.store.saved_ids(name, root)
        ]
        for kind, ident in listed[:MAX_RECORDS]:
            located = self.store.locate(self.store.kinds[kind], ident, root)
            if isinstance(located, Failure):
                continue
            key = self._content_key(kind, ident, located, root)
            piece = self.pieces.piece(
                key,
                functools.partial(self._build_piece, kind, ident, root),
            )
            for locator, values, squashed in zip(
                piece.locators, piece.values, piece.squashed, strict=True
            ):
                at = len(index.refs)
                index.refs.append((kind, ident, locator))
                index.contents.append(key)  # the file's content: kind, id, bytes
                index.squashed.append(squashed)
                for value in values:
                    index.by_value.setdefault(value, []).append(at)
        return index

    def _content_key(self, kind: str, ident: str, path: str, root: str) -> tuple[str, ...]:
        """What a saved file's piece is a function of (the config aside: one `Pieces` per
        linter): its kind, id, place under the root, bytes and `.toc.json` sidecar."""
        toc = path.rsplit(".", 1)[0] + ".toc.json"
        self.store.watch.note(PATH, path)  # a reused piece still depends on this file
        if os.path.lexists(toc):  # (one that appears shows in its folder's listing)
            self.store.watch.note(PATH, toc)
        cap = self.store.max_bytes
        digests = (self.pieces.digest(path, cap), self.pieces.digest(toc, cap))
        return (kind, ident, os.path.relpath(path, root), *digests)

    def _build_piece(self, kind: str, ident: str, root: str) -> Piece:
        places = self.record(kind, ident, root)
        return Piece(
            tuple(p.anchor.locator for p in places),
            tuple(frozenset(_values(p.span)) for p in places),
            tuple(squash(p.span.text) for p in places),
        )


def _tokens_of(claim: Claim) -> object:
    """What `holds` reads of a claim: its tokens without their places in the sentence."""
    return (
        tuple(replace(t, start=0, end=0) for t in claim.numbers),
        tuple(replace(t, start=0, end=0) for t in claim.dates),
        tuple(replace(t, start=0, end=0) for t in claim.entities),
        tuple(replace(t, start=0, end=0) for t in claim.drugs),
    )


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


def smallest(places: list[Place]) -> list[Place]:
    """Drop a span that contains another of the list from the same record (`abstract`
    holds `results`), then order: shortest first, then by record and locator."""
    named: dict[tuple[str, str, str], Place] = {}
    for p in places:  # names of one part (`results`, `outcomes`): the most specific
        key = (p.anchor.type, p.anchor.id, p.span.text)
        if key not in named or len(p.span.pointer or "") > len(named[key].span.pointer or ""):
            named[key] = p
    places = list(named.values())
    kept = [
        p
        for p in places
        if not any(
            q is not p
            and (q.anchor.type, q.anchor.id) == (p.anchor.type, p.anchor.id)
            and len(q.span.text) < len(p.span.text)
            and q.span.text in p.span.text
            for q in places
        )
    ]
    return sorted(
        kept, key=lambda p: (len(p.span.text), p.anchor.type, p.anchor.id, p.anchor.locator or "")
    )
