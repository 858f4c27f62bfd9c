"""Repair hints for findings: where the evidence is, and the edit that would cite it.

A claim whose cited span lacks some of its tokens (CL101, CL102, CL103), that has no
locator (CL004) or no anchor (CL001) is searched for (`search.py`). The hint is **safe**
— `--fix` applies it — only when it changes or adds the locator of an anchor the claim
already writes, and exactly one span of that record holds all of the claim's tokens.
Another record, or a new anchor, is a hint that `--unsafe-fixes` applies when it is the
only answer. An edit touches only the anchor's own text, and only when that text reads
back exactly as the anchor (an HTML entity or an attribute anchor gets a hint, no edit).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from citelint.findings.records import core, excerpt
from citelint.findings.repair.pieces import Place
from citelint.findings.repair.search import EvidenceSearch, unplaced
from citelint.findings.repair.style import cite_as, edit_at, insert, written
from citelint.ground.anchors import AnchorGrammar, closest_types
from citelint.ground.document import Anchor, Document, Sentence
from citelint.ground.tokens import squash
from citelint.outputs.diagnostic import Edit, SourceRef, Suggestion
from citelint.read.analysis import Analysis
from citelint.read.claims import NO_CLAIM, Claim
from citelint.rules import FAILURE_CODES, MISSPELT_ANCHORS, REPAIRABLE
from citelint.rules.base import Finding
from citelint.sources.kinds import BUILTIN_TYPES
from citelint.sources.locators import closest
from citelint.sources.model import FailureKind, Span

MAX_SHOWN = 3
# an unresolved locator's rule: a typo of a locator the record has gets its fix
TYPO_CODE = FAILURE_CODES[FailureKind.NO_LOCATOR]
_SAFE_LOCATOR = re.compile(r"[^\[\];\n\r]+")  # what an anchor's locator may hold
_TYPE_WORD = re.compile(r"(\[)([A-Za-z][\w-]*)\s*[:：]")  # a bracketed anchor's type


@dataclass(frozen=True, slots=True)
class Hints:
    suggestions: tuple[Suggestion, ...] = ()
    nowhere: tuple[str, ...] = ()  # the claim's tokens no saved source holds


NO_HINTS = Hints()


class Repairer:
    """Hints for one report's findings; the search and its indexes live for the run."""

    def __init__(
        self, search: EvidenceSearch, display: Callable[[str], str], excerpts: bool = True
    ) -> None:
        self.search = search
        self.store = search.store  # hints resolve anchors in the sources the search reads
        self.watch = search.store.watch
        self.display = display
        self.excerpts = excerpts  # only the HTML view shows them: a run keeps none otherwise
        self._held: dict[tuple[str, object], bool] = {}  # whether any saved span holds a token

    def release(self, root: str) -> None:
        """Forget a sources root whose reports are all done (see `SourceStore.release`)."""
        self.search.release(root)
        self.watch.forget(self._held, [k for k in self._held if k[0] == root])

    def hints(self, analysis: Analysis, findings: Sequence[Finding]) -> dict[Finding, Hints]:
        root = analysis.sources_root
        wanted = [f for f in findings if f.code in REPAIRABLE]
        typos = self._typos(analysis, [f for f in findings if f.code == TYPO_CODE], root)
        typos |= self._types(analysis, [f for f in findings if f.code in MISSPELT_ANCHORS], root)
        if root is None or not wanted:
            return typos
        return {**typos, **self._hints(analysis, wanted, root)}

    def _typos(
        self, analysis: Analysis, findings: Sequence[Finding], root: str | None
    ) -> dict[Finding, Hints]:
        """A locator a small edit away from one the record has (`abstarct`): the edit
        that corrects it, safe — the same record, the place its author meant."""
        out: dict[Finding, Hints] = {}
        for finding in findings if root is not None else ():
            anchor = finding.anchors[0] if len(finding.anchors) == 1 else None
            if anchor is None or anchor.locator is None or anchor.is_citation:
                continue
            match = closest(anchor.locator, self.store.locators(anchor, root))
            target = replace(anchor, locator=match)
            span = self.store.resolve(target, root) if match else None
            if not isinstance(span, Span):
                continue
            assert match is not None
            edit = _replace(analysis.doc, anchor, relocated(analysis.doc.text, anchor, match))
            source = SourceRef(
                self.display(span.path), span.locator, span.start_line, span.end_line, span.pointer
            )
            found = Suggestion(written(target), source, (), True, edit is not None, edit)
            out[finding] = Hints((found,))
        return out

    def _types(
        self, analysis: Analysis, findings: Sequence[Finding], root: str | None
    ) -> dict[Finding, Hints]:
        """A misspelt anchor type a small edit from a known one (`[pmd:…]`): the edit
        that writes the known type, unsafe — it changes what the anchor cites — and only
        when the corrected anchor resolves to a saved span."""
        out: dict[Finding, Hints] = {}
        types = (*BUILTIN_TYPES, *analysis.settings.custom_types)
        for finding in findings if root is not None else ():
            raw, doc = finding.subject, analysis.doc
            word = _TYPE_WORD.match(raw)
            close = closest_types(word.group(2), types) if word else []
            if not word or not close or doc.text[finding.start : finding.end] != raw:
                continue
            fixed = raw[: word.start(2)] + close[0] + raw[word.end(2) :]
            hits, misses = AnchorGrammar(types).scan(fixed)
            if len(hits) != 1 or misses:
                continue
            hit = hits[0]
            target = Anchor(hit.type, hit.id, hit.locator, finding.start, finding.end)
            span = self.store.resolve(target, root)
            if not isinstance(span, Span):
                continue
            edit = edit_at(doc, finding.start, finding.end, fixed)
            source = SourceRef(
                self.display(span.path), span.locator, span.start_line, span.end_line, span.pointer
            )
            out[finding] = Hints((Suggestion(fixed, source, (), True, False, edit),))
        return out

    def _hints(
        self, analysis: Analysis, wanted: Sequence[Finding], root: str
    ) -> dict[Finding, Hints]:
        claims = list(analysis.claims)
        starts = [c.sentence.start for c in claims]
        labels = {
            d.block.body_start + label.start: (label, numbers, d)
            for d in analysis.diagrams
            for label, numbers in d.numbers
        }
        out: dict[Finding, Hints] = {}
        done: dict[tuple[str, int], Hints] = {}  # a claim with several findings is searched once
        # a key that names one entry only: lists numbered per section repeat their keys,
        # and a new `[1]` there could mean either entry
        keys = Counter(e.key for e in analysis.doc.references)
        entries = {
            e.key: r.resolution.path
            for e, r in analysis.entry_records()
            if isinstance(r.resolution, Span) and keys[e.key] == 1
        }
        for finding in wanted:
            if finding.start in labels:  # a number in a diagram label
                label, numbers, diagram = labels[finding.start]
                key = ("label", finding.start)
                site = _Site(
                    replace(NO_CLAIM, numbers=numbers),
                    analysis.label_anchors(diagram, label),
                    None,
                    entries,
                )
            else:
                i = bisect.bisect_right(starts, finding.start) - 1
                if i < 0 or not claims[i].sentence.start <= finding.start <= claims[i].sentence.end:
                    continue
                key = ("claim", i)
                site = _Site(claims[i].claim, claims[i].anchors, claims[i].sentence, entries)
            if key not in done:
                done[key] = self._site(analysis.doc, site, root)
            out[finding] = _own(done[key], finding)
        return out

    def _site(self, doc: Document, site: _Site, root: str) -> Hints:
        """The hints of one claim, searched once for all its findings."""
        # the ids the sentence cites by (`PMID: 123`) are citations, not what it states
        cites = {squash(a.id) for a in site.anchors}
        claim = replace(
            site.claim, entities=tuple(e for e in site.claim.entities if e.key not in cites)
        )
        if not (claim.numbers or claim.dates or claim.entities or claim.drugs):
            return NO_HINTS
        site = replace(site, claim=claim)
        cited = [a for a in site.anchors if a.type in self.store.kinds]
        records = list(dict.fromkeys((a.type, a.id) for a in cited))
        same = self.search.in_records(claim, records, root)
        if same:
            return Hints(self._suggest(doc, site, same, cited, same_record=True))
        found = self.search.elsewhere(claim, root, records)
        if found:
            return Hints(self._suggest(doc, site, found, cited, same_record=False))
        return Hints(nowhere=self._nowhere(claim, root))

    def _nowhere(self, claim: Claim, root: str) -> tuple[str, ...]:
        """The claim's tokens that no saved span holds even alone (a claim whose tokens
        are all said somewhere, only not together, names none)."""
        # each token once: a run of `1,` digit groups names one token thousands of times
        numbers = dict(zip(unplaced(claim.numbers), claim.numbers, strict=True)).values()
        entities = dict(zip(unplaced(claim.entities), claim.entities, strict=True)).values()
        alone = [(t.text, replace(NO_CLAIM, numbers=(t,))) for t in numbers]
        alone += [(e.text, replace(NO_CLAIM, entities=(e,))) for e in entities]
        alone += [(d.name, replace(NO_CLAIM, drugs=(d,))) for d in claim.drugs]
        missing = []
        for text, one in alone:
            # Keyed by what the token is (its kind, unit, date parts), not its text: two
            # reports writing `2015` as a year and as a count must not share an answer,
            # or a report's hints would depend on which reports the process saw first.
            key = (root, _placeless(one))
            # a drug has no index key: its scan is done once
            held = self.watch.memo(self._held, key, partial(self._anywhere, one, root))
            if not held:
                missing.append(text)
        return tuple(dict.fromkeys(missing))

    def _anywhere(self, claim: Claim, root: str) -> bool:
        return self.search.anywhere(claim, root)

    def _suggest(
        self,
        doc: Document,
        site: _Site,
        places: list[Place],
        cited: list[Anchor],
        *,
        same_record: bool,
    ) -> tuple[Suggestion, ...]:
        tokens = tuple(_tokens(site.claim))
        out = []
        for place in places[:MAX_SHOWN]:
            edit = None
            safe = False
            if len(places) == 1:
                edit, safe = self._edit(doc, site, place, cited, same_record)
            span = place.span
            source = SourceRef(
                self.display(span.path), span.locator, span.start_line, span.end_line, span.pointer
            )
            shown = excerpt(span.text, [core(t) for t in tokens]) if self.excerpts else ""
            out.append(
                Suggestion(written(place.anchor), source, tokens, same_record, safe, edit, shown)
            )
        return tuple(out)

    def _edit(
        self,
        doc: Document,
        site: _Site,
        place: Place,
        cited: list[Anchor],
        same_record: bool,
    ) -> tuple[Edit | None, bool]:
        target = place.anchor
        if target.locator is None or not _SAFE_LOCATOR.fullmatch(target.locator):
            return None, False
        own = [a for a in cited if not a.in_attribute and not a.is_citation]
        if same_record:
            mine = [a for a in own if (a.type, a.id) == (target.type, target.id)]
            if len(mine) != 1:
                return None, False
            return _replace(doc, mine[0], relocated(doc.text, mine[0], target.locator)), True
        if len(own) == 1 and len(cited) == 1:  # the one anchor cites the wrong record
            return _replace(doc, own[0], _rewrite(doc.text, own[0], target)), False
        if not site.anchors and site.sentence is not None:  # CL001: cite it at the end
            s = site.sentence
            if any(s.start <= m.start < s.end for m in doc.near_misses):
                return None, False  # it cites, misspelled (CL005): a second anchor is no fix
            cite = cite_as(doc, target, place.span.path, site.entries)  # the report's style
            return (insert(doc, s, cite) if cite else None), False
        return None, False


@dataclass(frozen=True, slots=True)
class _Site:
    """What a finding stands on: a claim, the anchors that cover it, its sentence."""

    claim: Claim
    anchors: tuple[Anchor, ...]
    sentence: Sentence | None = None
    entries: Mapping[str, str] = field(default_factory=dict)  # reference key → its file


def relocated(text: str, anchor: Anchor, locator: str) -> str | None:
    """The anchor's text as written with its locator changed or added, or None when the
    text does not read back as the anchor."""
    raw = text[anchor.start : anchor.end]
    bracketed = raw.startswith("[") and raw.endswith("]")
    body = raw[1:-1] if bracketed else raw
    core = body.rstrip()
    if anchor.locator is None:
        if core.replace(" ", "") != f"{anchor.type}:{anchor.id}":
            return None
        new = core + ":" + locator + body[len(core) :]
    else:
        if not core.endswith(anchor.locator):
            return None
        new = core[: len(core) - len(anchor.locator)] + locator + body[len(core) :]
    return f"[{new}]" if bracketed else new


def _rewrite(text: str, anchor: Anchor, target: Anchor) -> str | None:
    raw = text[anchor.start : anchor.end]
    if not raw.startswith("[") or not raw.endswith("]") or relocated(text, anchor, "x") is None:
        return None
    return written(target)


def _replace(doc: Document, anchor: Anchor, new: str | None) -> Edit | None:
    if new is None or new == doc.text[anchor.start : anchor.end]:
        return None
    return edit_at(doc, anchor.start, anchor.end, new)


def _tokens(claim: Claim) -> list[str]:
    found = [t.text for t in claim.numbers + claim.dates] + [e.text for e in claim.entities]
    return list(dict.fromkeys(found + [d.name for d in claim.drugs]))


def _placeless(claim: Claim) -> object:
    """A one-token claim's token without its position: the same token in any sentence."""
    if claim.numbers:
        return replace(claim.numbers[0], start=0, end=0)
    if claim.entities:
        return replace(claim.entities[0], start=0, end=0)
    return replace(claim.drugs[0], start=0, end=0)


MAX_NOWHERE = 20  # tokens a finding's "no saved source holds" names


def _own(hints: Hints, finding: Finding) -> Hints:
    """A finding's share of its claim's hints: of the tokens no source holds, those the
    finding is about (when it names any), at most MAX_NOWHERE. A sentence naming N drugs
    gives N findings; each listing all N made the outputs grow with N²."""
    if not hints.nowhere:
        return hints
    missing = frozenset(finding.missing)  # a set: N tokens against N missing cost N, not N²
    own = tuple(t for t in hints.nowhere if t in missing) or hints.nowhere
    if own == hints.nowhere and len(own) <= MAX_NOWHERE:
        return hints
    return replace(hints, nowhere=own[:MAX_NOWHERE])
