"""Where does a saved source say it? The evidence search behind repair hints and `--fix`.

For a claim, find the spans that hold **all** of its tokens under the rules' own support
tests (numbers, dates, codes, drugs): first among the locators of the records it already
cites, then among every saved record of the report's sources root. Each root is indexed
once — every span of every saved record, by the numbers and codes it holds — so a claim
costs one look-up, not a scan. Spans that hold the claim and contain a smaller one that
holds it too are dropped: `abstract` is no answer where `results` is.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from enum import Enum
from operator import attrgetter

from citelint.evidence.spans import (
    Evidence,
    date_supported,
    drug_supported,
    entity_supported,
    token_supported,
)
from citelint.findings.repair.index import Root, RootIndexes, candidates
from citelint.findings.repair.pieces import Pieces, Place
from citelint.findings.repair.spans import Content, SharedSpans
from citelint.ground.document import Anchor
from citelint.ground.tokens import DrugMention, EntityToken, NumericToken
from citelint.read.claims import Claim
from citelint.sources.store import SourceStore

MAX_FOUND = 50  # spans that hold a claim, kept before the smallest are chosen
MAX_VERDICTS = 200_000  # whether a span holds a claim, kept by content; the oldest go first


class EvidenceSearch:
    def __init__(
        self, store: SourceStore, evidence: Evidence, pieces: Pieces | None = None
    ) -> None:
        self.store = store
        self.watch = store.watch  # the memos here note what they read where the store does
        self.evidence = evidence
        self._records: dict[tuple[str, str, str], tuple[Content | None, list[Place]]] = {}
        self._roots: dict[str, Root] = {}
        # Roots that hold the same files (a sources folder per report run) share by
        # content: the index and its answers, whether a span holds a claim, the spans
        # themselves (each moved to the asking root's own file, so a hint names it).
        self._verdicts: OrderedDict[tuple[object, Content, str | None], bool] = OrderedDict()
        self.spans = SharedSpans(store)
        # saved files' index pieces: shared by the roots that hold them, kept between runs
        self.pieces = pieces or Pieces()
        self.indexes = RootIndexes(store, self.spans, self.pieces)

    def release(self, root: str) -> None:
        """Forget a sources root's records and index (see `SourceStore.release`)."""
        self.watch.forget(self._roots, [root])
        self.watch.forget(self._records, [k for k in self._records if k[0] == root])

    def record(self, kind: str, ident: str, root: str) -> list[Place]:
        """Every located span of one saved record, once per run."""
        return self._record(kind, ident, root)[1]

    def _record(self, kind: str, ident: str, root: str) -> tuple[Content | None, list[Place]]:
        key = (root, kind, ident)
        return self.watch.memo(self._records, key, lambda: self._places(kind, ident, root))

    def _places(self, kind: str, ident: str, root: str) -> tuple[Content | None, list[Place]]:
        file = self.indexes.file(kind, ident, root)
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
        named = _named(key)
        if chosen is None:
            chosen = self._confirmed(at.index.kept.get(named), claim, tokens, at, root)
        if chosen is None:
            found: dict[int, Place] = {}
            for i in candidates(claim, at.index):
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
            at.index.kept.add(named, chosen)
        _keep(at.index.answers, key, chosen)
        return [p for p in (self._at(at, i, root) for i in chosen) if p is not None]

    def anywhere(self, claim: Claim, root: str) -> bool:
        """Whether any saved span of the root holds the claim (kept: the first that does)."""
        at, tokens = self._root(root), _tokens_of(claim)
        key = ("anywhere", tokens)
        known = at.index.answers.get(key)
        named = _named(key)
        if known is None:
            known = self._confirmed(at.index.kept.get(named), claim, tokens, at, root)
        if known is None:
            tried = candidates(claim, at.index)
            first = next((i for i in tried if self._verdict_at(claim, tokens, at, i, root)), None)
            known = () if first is None else (first,)
            at.index.kept.add(named, known)
        _keep(at.index.answers, key, known)
        return bool(known)

    def _confirmed(
        self,
        kept: tuple[int, ...] | None,
        claim: Claim,
        tokens: object,
        at: Root,
        root: str,
    ) -> tuple[int, ...] | None:
        """A kept answer whose every span is one of this index's and holds the claim when
        read in this root (so no record the claim cites: it would have been answered
        there); None for any other, which is searched again."""
        if not kept:
            return None if kept is None else kept
        for i in kept:
            if i >= len(at.index.refs):
                return None
            if not self._verdict_at(claim, tokens, at, i, root):
                return None
        return kept

    def _root(self, root: str) -> Root:
        return self.watch.memo(self._roots, root, lambda: self.indexes.of(root))

    def _verdict_at(self, claim: Claim, tokens: object, at: Root, i: int, root: str) -> bool:
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

    def _at(self, at: Root, i: int, root: str) -> Place | None:
        """The i-th span of a root's index, in that root's own file."""
        kind, ident, locator = at.index.refs[i]
        return self.spans.place(
            kind, ident, locator, at.files[(kind, ident)], at.index.contents[i], root
        )


def _named(key: object) -> str:
    """An answer's name between runs: the digest of its key's text. A key holds strings,
    numbers, enums and tuples of them (`_tokens_of`), whose repr is the same in every
    process; `stable` would read every token's fields by reflection, the most of a
    claim with thousands of numbers."""
    return hashlib.sha256(repr(key).encode("utf-8", "surrogatepass")).hexdigest()


def _keep(answers: dict[object, tuple[int, ...]], key: object, value: tuple[int, ...]) -> None:
    """Keep an index's answer; past the cap the oldest goes (asked again, it is found again)."""
    answers[key] = value
    if len(answers) > MAX_VERDICTS:
        del answers[next(iter(answers))]


def _tokens_of(claim: Claim) -> object:
    """What `holds` reads of a claim: its tokens without their places in the sentence,
    as plain tuples of their values (a key, compared and named, never read back)."""
    return (
        unplaced(claim.numbers),
        unplaced(claim.dates),
        unplaced(claim.entities),
        unplaced(claim.drugs),
    )


def unplaced(
    tokens: tuple[NumericToken, ...] | tuple[EntityToken, ...] | tuple[DrugMention, ...],
) -> tuple[object, ...]:
    """Each token's values but its place; read in C (a claim may hold thousands)."""
    if not tokens:
        return ()
    kind = type(tokens[0])
    values = _VALUES.get(kind)
    if values is None:  # the fields that say what a token is, not where it stands
        names = [f.name for f in fields(kind) if f.name not in ("start", "end")]
        # an enum by its plain `_value_` (its repr and `.value` run in Python, per token)
        first = tokens[0]
        names = [f"{n}._value_" if isinstance(getattr(first, n), Enum) else n for n in names]
        values = _VALUES[kind] = attrgetter(*names)
    return tuple(map(values, tokens))


_VALUES: dict[type, attrgetter[object]] = {}


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
