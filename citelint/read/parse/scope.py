"""What a citation covers beyond its own sentence: citations closing a paragraph cite the
paragraph (`paragraph_links`), and a note whose body cites nothing cites its source list
for the whole file (`cite_whole_file`). The units a citation covers are decided here;
`lists.py` lends a list's closing citation to its items, `ties.py` a cited neighbour's
to a sentence that refers back to it."""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from citelint.ground.document import Anchor, Block, Reference, Sentence
from citelint.read.citations.styles import spec_of


def paragraph_links(
    sentences: list[Sentence], text: str, anchors: Sequence[tuple[int, int, Anchor]]
) -> list[Sentence]:
    """Citations at the end of a paragraph cite the whole paragraph (docs/decisions.md,
    "Citations at a paragraph's end cover the paragraph"). Deep-research systems cite
    so: `… sentence one. Sentence two. [2]`.
    When every citation of the paragraph stands after its last sentence's words, every
    sentence takes them; closing links also cover the sentences that cite nothing of their
    own when others cite separately. A paragraph whose sentences cite separately keeps
    per-sentence scope."""
    if len(sentences) < 2 or sentences[-1].block.kind not in ("p", "li") or not anchors:
        return sentences
    _, end, last = max(anchors, key=lambda found: found[1])
    if text[end:].strip(" .;。；)）]】"):  # `… 55% (PMC9760859).`: the bracket closes it
        return sentences  # words follow the last citation: it is no paragraph-end citation
    closing = tuple(a for a in sentences[-1].anchors if a.is_citation)
    only_at_end = all(not s.anchors for s in sentences[:-1]) and closing
    if only_at_end:
        return [s if s.anchors else _citing(s, closing) for s in sentences]
    if not _closes_paragraph(last):
        return sentences
    links = tuple(a for a in closing if _closes_paragraph(a))
    return [s if s.anchors else _citing(s, links) for s in sentences]


def _closes_paragraph(anchor: Anchor) -> bool:
    spec = spec_of(anchor.style)
    return spec is not None and spec.closes_paragraph


def _citing(s: Sentence, anchors: tuple[Anchor, ...]) -> Sentence:
    return Sentence(s.text, s.block, s.begin, s.stop, anchors, s.masks)


def cite_whole_file(blocks: Sequence[Block], entries: Sequence[Reference]) -> list[Anchor]:
    """A note whose body cites nothing and whose list is named as its sources: every
    body sentence cites that list's entries (docs/decisions.md, "A note's sources"); a
    note with a `Sources:` list per section cites, in each section, the list that closes
    it (the body after the last list, that last list). Returns the anchors made, one per
    entry, at the entry."""
    body = [b for b in blocks if not b.appendix and b.kind not in ("heading", "header-row")]
    if any(s.anchors for b in body for s in b.sentences):
        return []
    anchors = [
        Anchor("ref", r.key, None, r.start, r.end, style="source-list", written=f"[{r.key}]")
        for r in entries
    ]
    if not anchors:
        return []
    lists = _separate_lists(anchors, [b.start for b in body])
    ends = [group[0].start for group in lists]
    for block in body:  # still being built: the frozen blocks get their sentences here
        at = min(bisect.bisect_left(ends, block.start), len(lists) - 1)
        cited = lists[at]
        object.__setattr__(block, "sentences", tuple(_citing(s, cited) for s in block.sentences))
    return anchors


def _separate_lists(anchors: list[Anchor], body_starts: list[int]) -> list[tuple[Anchor, ...]]:
    """The entries' anchors in runs: a body block between two entries starts a new list."""
    body_starts = sorted(body_starts)
    runs: list[list[Anchor]] = []
    for anchor in sorted(anchors, key=lambda a: a.start):
        if runs:
            previous = runs[-1][-1].start
            between = bisect.bisect_right(body_starts, previous) < bisect.bisect_left(
                body_starts, anchor.start
            )
            if not between:
                runs[-1].append(anchor)
                continue
        runs.append([anchor])
    return [tuple(run) for run in runs]
