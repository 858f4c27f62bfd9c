"""What registries say of a work after it appeared: retractions (CL105) and expressions of
concern (CL110), read from the saved records a citation reaches.

A PubMed record carries its notices (`RetractionIn`, `ExpressionOfConcernIn`); Crossref
lists the updates against a DOI (`updated-by`), often before PubMed does. A citation's
notice comes from the record it reached and, for a DOI, from the DOI's saved Crossref
record. Only records a registry numbers are asked: a saved page whose text says
"retraction" is no notice.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from citelint.ground.document import Anchor
from citelint.sources.model import Resolution, Span
from citelint.sources.store import SourceStore

NOTICES = ("retraction", "concern")  # the locators of a record's notices


class NoticeReader:
    def __init__(self, store: SourceStore) -> None:
        self.store = store
        self._doi_kinds = [k for k in store.kinds.values() if "DOI" in k.identifies]

    def of_dois(self, ids: Sequence[str], reached: str, root: str | None) -> dict[str, str]:
        """The notices the saved records of the DOIs among `ids` carry, from the kinds
        other than the one the citation reached (each notice's first)."""
        out: dict[str, str] = {}
        if root is None:
            return out
        for ident in ids:
            if not ident.startswith("10."):
                continue
            for kind in self._doi_kinds:
                if kind.name == reached or kind.file_id is None:
                    continue
                for notice in NOTICES:
                    anchor = Anchor(kind.name, kind.file_id(ident), notice, 0, 0)
                    value = self.store.resolve(anchor, root)
                    if isinstance(value, Span) and value.text and notice not in out:
                        out[notice] = value.text
        return out

    def of_citations(
        self,
        anchors: Sequence[Anchor],
        resolutions: Mapping[Anchor, Resolution],
        kinds: Mapping[Anchor, str],
        root: str | None,
    ) -> dict[str, dict[Anchor, str]]:
        """Anchors and inline citations whose record carries a notice, by notice (a
        reference number's notice is its entry's, reported there)."""
        out: dict[str, dict[Anchor, str]] = {name: {} for name in NOTICES}
        for anchor in anchors:
            span = resolutions.get(anchor)
            if anchor.type == "ref" or not isinstance(span, Span) or not span.path:
                continue
            kind = kinds.get(anchor, anchor.type)
            if kind not in self.store.kinds or not self.store.kinds[kind].identifies:
                continue
            record = os.path.splitext(os.path.basename(span.path))[0]
            found = self.of_dois([anchor.id], kind, root)
            for name, notes in out.items():
                notice = self.store.resolve(Anchor(kind, record, name, 0, 0), root)
                text = notice.text if isinstance(notice, Span) else ""
                if text or found.get(name):
                    notes[anchor] = text or found[name]
        return out
