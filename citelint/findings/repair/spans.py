"""Spans of saved files by content: resolved once, moved to the file of the root that asks.

Pipelines save one sources folder per report run, and many hold the same files. The
same bytes at the same place under a root (with the same `.toc.json` sidecar) load to
the same spans whatever the root: only the path differs. So a span is resolved in the
first root that asks for it and handed to every other as a copy naming that root's own
file, and a hint always names the file it points at. Held in memory for the run only
(a kept repair piece is an index, never a span: `pieces.py`).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from citelint.findings.repair.pieces import Place
from citelint.ground.document import Anchor
from citelint.sources.model import Span
from citelint.sources.store import SourceStore

MAX_SPANS = 8192  # spans held by their file's content and locator; the oldest go first

Content = tuple[str, ...]  # a saved file's content key: kind, id, place, bytes, sidecar


class SharedSpans:
    def __init__(self, store: SourceStore) -> None:
        self.store = store
        # (content, locator) → the file it was read from and its span (None: no text)
        self._spans: OrderedDict[tuple[Content, str | None], tuple[str, Span | None]]
        self._spans = OrderedDict()
        self._locators: OrderedDict[Content, tuple[str, ...]] = OrderedDict()

    def place(
        self, kind: str, ident: str, locator: str | None, path: str, content: Content, root: str
    ) -> Place | None:
        """A span of the saved file at `path` (under `root`, with this content)."""
        anchor = Anchor(kind, ident, locator, 0, 0)
        key = (content, locator)
        known = self._spans.get(key)
        # a span that names another file than the one it was read from is not moved
        if known is not None and known[1] is not None and known[1].path == known[0]:
            self._spans.move_to_end(key)
            return Place(anchor, replace(known[1], path=path))
        place = self.resolve(anchor, root)
        self._spans[key] = (path, place.span if place is not None else None)
        if len(self._spans) > MAX_SPANS:
            self._spans.popitem(last=False)
        return place

    def resolve(self, anchor: Anchor, root: str) -> Place | None:
        """The anchor's span as the store resolves it in `root`, when it holds text."""
        found = self.store.resolve(anchor, root)
        return Place(anchor, found) if isinstance(found, Span) and found.text.strip() else None

    def locators(self, kind: str, ident: str, content: Content, root: str) -> tuple[str, ...]:
        """The locators of a saved file, read once per content."""
        known = self._locators.get(content)
        if known is None:
            known = self.store.locators(Anchor(kind, ident, None, 0, 0), root)
            self._locators[content] = known
            if len(self._locators) > MAX_SPANS:
                self._locators.popitem(last=False)
        return known
