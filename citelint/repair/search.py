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
import itertools
import os
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
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
from citelint.repair.spans import Content, SharedSpans
from citelint.sources.model import Failure, Span
from citelint.sources.paths import unsafe_id
from citelint.sources.store import SourceStore
from citelint.sources.watch import PATH
from citelint.tokens import spelled_numbers, squash, values_in

MAX_RECORDS = 2000  # saved records indexed per sources root
MAX_SCAN = 5000  # spans tried for a claim that has no number or code to look up
MAX_FOUND = 50  # spans that hold a claim, kept before the smallest are chosen
MAX_VERDICTS = 200_000  # whether a span holds a claim, kept by content; the oldest go first
MAX_INDEXES = 16  # root indexes held by the content of their files; the oldest go first


@dataclass
class _RootIndex:
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


@dataclass(frozen=True, slots=True)
class _Root:
    """One root's saved records: each one's file in this root, and the shared index."""

    files: dict[tuple[str, str], str]  # (kind, id) → the located file
    index: _RootIndex


class EvidenceSearch:
    def __init__(
        self, store: SourceStore, evidence: Evidence, pieces: Pieces | None = None
    ) -> None:
        self.store = store
        self.evidence = evidence
        self._records: dict[tuple[str, str, str], tuple[Content | None, list[Place]]] = {}
        self._roots: dict[str, _Root] = {}
        # Roots that hold the same files (a sources folder per report run) share by
        # content: the index and its answers, whether a span holds a claim, the spans
        # themselves (each moved to the asking root's own file, so a hint names it).
        self._indexes: OrderedDict[tuple[Content, ...], _RootIndex] = OrderedDict()
        self._verdicts: OrderedDict[tuple[object, Content, str | None], bool] = OrderedDict()
        self.spans = SharedSpans(store)
        # saved files' index pieces: shared by the roots that hold them, kept between runs
        self.pieces = pieces or Pieces()

    def release(self, root: str) -> None:
        """Forget a sources root's records and index (see `SourceStore.release`)."""
        self.store.watch.forget(self._roots, [root])
        self.store.watch.forget(self._records, [k for k in self._records if k[0] == root])

    def live_roots(self) -> set[str]:
        return set(self._roots) | {k[0] for k in self._records}

    def record(self, kind: str, ident: str, root: str) -> list[Place]:
        """Every located span of one saved record, once per run."""
        return self._record(kind, ident, root)[1]

    def _record(self, kind: str, ident: str, root: str) -> tuple[Content | None, list[Place]]:
        key = (root, kind, ident)
        return self.store.watch.memo(self._records, key, lambda: self._places(kind, ident, root))

    def _places(self, kind: str, ident: str, root: str) -> tuple[Content | None, list[Place]]:
        file = self._file(kind, ident, root)
        if file is None:  # not a saved file this root may read: what the store says
            places = []
            for locator in self.store.locators(Anchor(kind, ident, None, 0, 0), root):
                place = self.spans.resolve(Anchor(kind, ident, locator, 0, 0), root)
                if place is not None:
                    places.append(place)
            return None, places
        path, content = file
        found = (
            self.spans.place(kind, ident, loc, path, content, root)
            for loc in self.spans.locators(kind, ident, content, root)
        )
        return content, [place for place in found if place is not None]

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
        tokens = _tokens_of(claim)
        found = []
        for kind, ident in records:
            content, places = self._record(kind, ident, root)
            for place in places:
                if content is None:
                    held = self.holds(claim, place)
                else:
                    held = self._verdict(claim, tokens, content, place.anchor.locator, place)
                if held:
                    found.append(place)
        return smallest(found)

    def elsewhere(self, claim: Claim, root: str, skip: Sequence[tuple[str, str]]) -> list[Place]:
        """The smallest spans of the root's other saved records that hold the claim:
        searched once per claim tokens for every root whose files have the same content."""
        at = self._root(root)
        tokens = _tokens_of(claim)
        key = ("elsewhere", tokens, tuple(skip))
        chosen = at.index.answers.get(key)
        if chosen is None:
            found: dict[int, Place] = {}
            for i in self._candidates(claim, at.index):
                kind, ident, _ = at.index.refs[i]
                if (kind, ident) in skip or not self._verdict_at(claim, tokens, at, i, root):
                    continue
                place = self._at(at, i, root)
                if place is not None:
                    found[i] = place
                    if len(found) == MAX_FOUND:
                        break
            index_of = {id(p): i for i, p in found.items()}
            chosen = tuple(index_of[id(p)] for p in smallest(list(found.values())))
            _keep(at.index.answers, key, chosen)
        return [p for p in (self._at(at, i, root) for i in chosen) if p is not None]

    def anywhere(self, claim: Claim, root: str) -> bool:
        """Whether any saved span of the root holds the claim."""
        at, tokens = self._root(root), _tokens_of(claim)
        key = ("anywhere", tokens)
        known = at.index.answers.get(key)
        if known is None:
            held = any(
                self._verdict_at(claim, tokens, at, i, root)
                for i in self._candidates(claim, at.index)
            )
            known = (1,) if held else ()
            _keep(at.index.answers, key, known)
        return bool(known)

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

    def _verdict_at(self, claim: Claim, tokens: object, at: _Root, i: int, root: str) -> bool:
        """Whether the i-th span of the root's index holds the claim."""
        content, locator = at.index.contents[i], at.index.refs[i][2]
        return self._verdict(claim, tokens, content, locator, lambda: self._at(at, i, root))

    def _verdict(
        self,
        claim: Claim,
        tokens: object,
        content: Content,
        locator: str | None,
        place: Place | Callable[[], Place | None] | None,
    ) -> bool:
        """Whether a span holds the claim: checked once per claim tokens, file content
        and locator, whichever root asks (`place`: the span, or how to read it)."""
        key = (tokens, content, locator)
        known = self._verdicts.get(key)
        if known is None:
            span = place() if callable(place) else place
            known = span is not None and self.holds(claim, span)
            self._verdicts[key] = known
            if len(self._verdicts) > MAX_VERDICTS:
                self._verdicts.popitem(last=False)
        return known

    def _at(self, at: _Root, i: int, root: str) -> Place | None:
        """The i-th span of a root's index, in that root's own file."""
        kind, ident, locator = at.index.refs[i]
        return self.spans.place(
            kind, ident, locator, at.files[(kind, ident)], at.index.contents[i], root
        )

    def _file(self, kind: str, ident: str, root: str) -> tuple[str, Content] | None:
        """A saved record's file in this root and its content key; None where the store
        would not read it (an unsafe id, a root that leads out, no such file)."""
        if kind not in self.store.kinds or unsafe_id(ident) or not self.store.trusted_root(root):
            return None
        located = self.store.locate(self.store.kinds[kind], ident, root)
        if isinstance(located, Failure):
            return None
        return located, self._content_key(kind, ident, located, root)

    def _root(self, root: str) -> _Root:
        return self.store.watch.memo(self._roots, root, lambda: self._index_root(root))

    def _index_root(self, root: str) -> _Root:
        saved = (
            (name, ident, located)
            for name in self.store.kinds
            for ident, located in self.store.saved_files(name, root)
        )
        files: dict[tuple[str, str], str] = {}
        contents: list[tuple[str, str, Content]] = []
        for kind, ident, located in itertools.islice(saved, MAX_RECORDS):
            if not isinstance(located, Failure):
                files[(kind, ident)] = located
                contents.append((kind, ident, self._content_key(kind, ident, located, root)))
        signature = tuple(content for _, _, content in contents)
        index = self._indexes.get(signature)
        if index is None:
            index = self._build_index(contents, files, root)
            self._indexes[signature] = index
            if len(self._indexes) > MAX_INDEXES:
                self._indexes.popitem(last=False)
        else:
            self._indexes.move_to_end(signature)
        return _Root(files, index)

    def _build_index(
        self, contents: list[tuple[str, str, Content]], files: dict[tuple[str, str], str], root: str
    ) -> _RootIndex:
        index = _RootIndex()
        for kind, ident, content in contents:
            piece = self.pieces.piece(
                content,
                functools.partial(
                    self._build_piece, kind, ident, files[(kind, ident)], content, root
                ),
            )
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

    def _content_key(self, kind: str, ident: str, path: str, root: str) -> Content:
        """What a saved file's piece is a function of (the config aside: one `Pieces` per
        linter): its kind, id, place under the root, bytes and `.toc.json` sidecar."""
        toc = path.rsplit(".", 1)[0] + ".toc.json"
        self.store.watch.note(PATH, path)  # a reused piece still depends on this file
        if os.path.lexists(toc):  # (one that appears shows in its folder's listing)
            self.store.watch.note(PATH, toc)
        cap = self.store.max_bytes
        digests = (self.pieces.digest(path, cap), self.pieces.digest(toc, cap))
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


def _keep(answers: dict[object, tuple[int, ...]], key: object, value: tuple[int, ...]) -> None:
    """Keep an index's answer; past the cap the oldest goes (asked again, it is found again)."""
    answers[key] = value
    if len(answers) > MAX_VERDICTS:
        del answers[next(iter(answers))]


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
