"""What a citation covers beyond its own sentence: citations closing a paragraph cite the
paragraph (`paragraph_links`), a sentence a display formula cuts in two is one sentence
(`formula_cuts`), and a note whose body cites nothing cites its source list for the
whole file (`cite_whole_file`). The units a citation covers are decided here;
`lists.py` lends a list's closing citation to its items, `ties.py` a cited neighbour's
to a sentence that refers back to it."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from citelint.ground.document import Anchor, Block, Reference, Sentence
from citelint.read.citations.dated import UNNAMED_TYPES
from citelint.read.citations.hits import Style
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
    # a citation that names no source (`[news (2025-06-23)]`, ChatGPT's `citeturn9view0`)
    # lends to no neighbour, but its own paragraph is what it was written after: its
    # sentences are cited by it, unverified, and CL008 asks for the source once
    closing = tuple(a for a in sentences[-1].anchors if a.lends or a.type in UNNAMED_TYPES)
    # a lead-in's citations, borrowed, give way to the item's own at its end
    only_at_end = all(not s.anchors or s.borrowed for s in sentences[:-1]) and closing
    if only_at_end:
        return [_citing(s, closing) if _uncited(s) else s for s in sentences]
    if not _closes_paragraph(last):
        return sentences
    links = tuple(a for a in closing if _closes_paragraph(a))
    return [_citing(s, links) if _uncited(s) else s for s in sentences]


def _uncited(s: Sentence) -> bool:
    return not s.anchors or s.borrowed


def _closes_paragraph(anchor: Anchor) -> bool:
    spec = spec_of(anchor.style)
    return spec is not None and spec.closes_paragraph


def _citing(s: Sentence, anchors: tuple[Anchor, ...]) -> Sentence:
    return Sentence(s.text, s.block, s.begin, s.stop, anchors, s.masks)


# a paragraph holding a display formula only: `$$\[7,1,3$$`, `\[ d = 2t + 1 \]`
_FORMULA = re.compile(r"\$\$.*\$\$|\\\[.*\\\]", re.DOTALL)
_CUT_OFF = re.compile(r"[a-z]\Z")  # no closing mark: `… QCCD system using a`
_CONTINUES = re.compile(r"[\])a-z,;]")  # `] color code …`, `where d is …`


def formula_cuts(blocks: Sequence[Block]) -> None:
    """A text export cuts a sentence at its display formula: `… demonstrated on a 10-qubit
    QCCD system using a` / `$$\\[7,1,3$$` / `] color code with real-time decoding [29]`.
    The paragraph before the formula ends mid-sentence (a lower-case word and no mark)
    and the one after goes on in lower case: its first sentence's citations cover the cut
    sentence (checked against them, as any borrower; the blocks are still being built)."""
    for i, block in enumerate(blocks):
        last = block.sentences[-1] if block.kind == "p" and block.sentences else None
        if last is None or last.anchors or not _CUT_OFF.search(block.text.rstrip()):
            continue
        j = i + 1
        while j < len(blocks) and _formula(blocks[j]):
            j += 1
        after = blocks[j] if i + 1 < j < len(blocks) else None
        if after is None or after.kind != "p" or not after.sentences:
            continue
        if not _CONTINUES.match(after.text.lstrip()):
            continue
        lent = tuple(a for a in after.sentences[0].anchors if a.lends)
        if lent:
            sentences = (*block.sentences[:-1], last.borrowing(lent))
            object.__setattr__(block, "sentences", sentences)


def _formula(block: Block) -> bool:
    return block.kind == "p" and _FORMULA.fullmatch(block.text.strip()) is not None


def cite_whole_file(blocks: Sequence[Block], entries: Sequence[Reference]) -> list[Anchor]:
    """A note whose body cites nothing and whose list is named as its sources: every
    body sentence cites that list's entries (docs/decisions.md, "A note's sources"); a
    note with a `Sources:` list per section cites, in each section, the list that closes
    it (the body after the last list, that last list). A trial's or record's identifier
    written in the body that no entry names (`The EORTC 1559 study (NCT03088059) …`)
    cites its own sentence and leaves the others to the list; any other citation in the
    body (a link, a number, an entry's own PMID) keeps the body's own. Returns the
    anchors made, one per entry, at the entry."""
    body = [b for b in blocks if not b.appendix and b.kind not in ("heading", "header-row")]
    listed = {i for r in entries for i in r.ids}
    for anchor in (a for b in body for s in b.sentences for a in s.anchors):
        if anchor.style != Style.IDENTIFIER or (anchor.type, anchor.id) in listed:
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
        sentences = tuple(s if s.anchors else _citing(s, cited) for s in block.sentences)
        object.__setattr__(block, "sentences", sentences)
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
