"""A citation written as the report writes its citations.

A claim with no citation (CL001) whose evidence the repair search found gets an anchor at
the end of its sentence — under `--unsafe-fixes`, as the report cites: citelint's own
`[pmid:22663011:abstract]` in a report that writes those, and in a report that cites by
number or footnote, the key of the reference-list entry that resolved to the record's
file, spelled as the report spells its other citations (`[3]`, `[^3]`). A report that
cites by number and whose list does not name the record (or names it under a key its
per-section lists repeat) gets no edit: a number no entry holds, or an anchor in
citelint's grammar among `[n]` citations, would be a new fault, not a fix.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from citelint.ground.document import Anchor, Document, Sentence
from citelint.outputs.diagnostic import Edit

_KEYED = ("numbered", "footnote")  # styles whose citation is a reference list's key
_CJK_STOP = "。！？；"


def written(anchor: Anchor) -> str:
    """An anchor in citelint's own grammar."""
    loc = "" if anchor.locator is None else f":{anchor.locator}"
    return f"[{anchor.type}:{anchor.id}{loc}]"


def cite_as(doc: Document, target: Anchor, path: str, entries: Mapping[str, str]) -> str | None:
    """How the report would cite `target`, saved at `path`, or None when it cites another
    way and no entry of its list resolved to that file (`entries`: each entry's key and
    the file it resolved to)."""
    styles = Counter(a.style for a in doc.anchors)
    if not styles:
        return written(target)
    style = styles.most_common(1)[0][0]  # ties: the first written (Counter keeps order)
    if style == "anchor":
        return written(target)
    key = next((k for k, p in entries.items() if p == path), None)
    if style not in _KEYED or key is None:
        return None
    # the report's own spelling of one of its citations, its key swapped: `[12]` → `[3]`
    for a in doc.anchors:
        if a.style == style and a.written and a.written.count(a.id) == 1:
            return a.written.replace(a.id, key)
    return None


def insert(doc: Document, s: Sentence, anchor: str) -> Edit | None:
    """The edit that writes `anchor` before the stop that ends a paragraph's or an item's
    sentence; None elsewhere (a heading, a table cell, a sentence with no stop)."""
    if s.block.kind not in ("p", "li", "anon"):
        return None
    end = s.end
    last = doc.text[end - 1 : end]
    if last in ".!?" + _CJK_STOP:
        text = anchor if last in _CJK_STOP else " " + anchor
        return edit_at(doc, end - 1, end - 1, text)
    return None


def edit_at(doc: Document, start: int, end: int, text: str) -> Edit:
    line, column = doc.position(start)
    end_line, end_column = doc.position(end)
    return Edit(start, end, text, line, column, end_line, end_column)
