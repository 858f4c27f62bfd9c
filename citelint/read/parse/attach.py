"""Which sentences an anchor covers: each sentence gets the anchors inside it, those of
an element scope around it (`data-cite`) and those its block inherits (a cited lead-in
lends them to its list); a run of anchors that opens a sentence belongs to the sentence
before it; a run that says nothing but anchors covers nothing of its own. Then the
paragraph and back-reference scopes (`scope.py`, `ties.py`) widen what each covers."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

from citelint.ground.anchors import ANCHOR_SHAPE
from citelint.ground.document import Anchor, Block, Sentence
from citelint.ground.tokens import blank
from citelint.read.citations.ranges import masks_within
from citelint.read.parse.raw import ScopedAnchors
from citelint.read.parse.scope import paragraph_links
from citelint.read.parse.ties import back_references


def attach(
    block: Block,
    text: str,
    ranges: list[tuple[int, int]],
    anchors: list[tuple[int, int, Anchor]],
    scoped: Sequence[ScopedAnchors],
    inherited: tuple[Anchor, ...],
    masks: Sequence[tuple[int, int]] = (),
) -> list[Sentence]:
    """Give each sentence its anchors; a leading anchor run belongs to the sentence before."""
    spans = _leading_runs(text, ranges, anchors)
    starts = [s for s, _, _ in anchors]  # anchors come in order of position
    scoped = [
        sc for sc in scoped if sc.start < block.offsets.end(len(text)) and block.start < sc.end
    ]
    sentences: list[Sentence] = []
    plain = not (anchors or masks or scoped or inherited)  # nothing to give any sentence
    for begin, stop in spans:
        begin, stop = _trim(text, begin, stop)
        if stop <= begin:
            continue
        if plain:
            piece = text[begin:stop]
            bare = strip_anchors(piece) if "[" in piece or "【" in piece else piece.strip()
            if bare.strip(_NOTHING_SAID):
                sentences.append(Sentence(piece, block, begin, stop, ()))
            continue
        own = tuple(
            a
            for s, e, a in anchors[
                bisect.bisect_left(starts, begin) : bisect.bisect_right(starts, stop)
            ]
            if e <= stop
        )
        own_masks = masks_within(masks, begin, stop)
        bare = blank(text[begin:stop], own_masks)
        if not strip_anchors(bare).strip(_NOTHING_SAID):
            continue  # an anchor-only run covers nothing
        sentence_start = block.offsets[begin]
        sentence_end = block.offsets.end(stop)
        extra = tuple(
            a
            for sc in scoped
            if sc.start < sentence_end and sentence_start < sc.end
            for a in sc.anchors
        )
        sentences.append(
            Sentence(
                text[begin:stop],
                block,
                begin,
                stop,
                _unique(own + extra + inherited),
                own_masks,
                borrowed=bool(inherited) and not (own or extra),
            )
        )
    return back_references(paragraph_links(sentences, text, anchors))


def _leading_runs(
    text: str, ranges: list[tuple[int, int]], anchors: list[tuple[int, int, Anchor]]
) -> list[list[int]]:
    """Sentence ranges with each leading anchor run (and the stop after it) moved to the
    sentence before: `… 4.8 months. [pmid:1:abstract] Next …` cites the first, and so
    does a bracketed link (`… ($92 m U.S.) [https://…] however, …`: its range is the
    URL's, inside the bracket)."""
    spans = [list(r) for r in ranges]
    run_at: dict[int, tuple[int, int, Anchor]] = {}  # the first anchor group at each offset
    for found in anchors:
        run_at.setdefault(found[0], found)
    for i in range(1, len(spans)):
        begin, stop = spans[i]
        pos = begin
        moved = False
        while True:
            while pos < stop and (text[pos].isspace() or text[pos] in ")]}」』）,，、"):
                pos += 1
            if text[pos : pos + 1] in _OPENERS and pos + 1 in run_at:
                pos += 1  # `[https://…]`: the run starts inside its bracket
            run = run_at.get(pos)
            if run is None:
                break
            pos = run[1]
            moved = True
        if moved:  # the stop after the run, and a link's closing bracket (`…;]`)
            while pos < stop and text[pos] in "。.!?！？;；)]）":
                pos += 1
            spans[i - 1][1] = pos
            spans[i][0] = pos
    return spans


_OPENERS = ("[", "(", "（")


def _trim(text: str, begin: int, stop: int) -> tuple[int, int]:
    while begin < stop and text[begin].isspace():
        begin += 1
    while stop > begin and text[stop - 1].isspace():
        stop -= 1
    return begin, stop


# what is left of an anchor-only run (`([Lab, n.d.](…))` under a table: its brackets too)
_NOTHING_SAID = " .。,，;；:：|!?！？()（）"


def strip_anchors(text: str) -> str:
    return ANCHOR_SHAPE.sub("", text).strip()


def _unique(anchors: Iterable[Anchor]) -> tuple[Anchor, ...]:
    seen: dict[tuple[int, int, str], Anchor] = {}
    for a in anchors:
        seen.setdefault((a.start, a.end, a.text), a)
    return tuple(seen.values())
