"""A value moved to a claim from another place of its source (CL106): the sentence that
says the claim in its words (at least `MOVED_FLOOR` of them) gives another value of the
same kind where the claim has its own, and the source gives the claim's value elsewhere
(`found in 95% of patients` where the sentence says 50% and 95% is another finding's).
A value the source never gives is CL101's; with a unit or a counted word after it
(`5 months`), the source must give it with that word. The sentence chosen is the one
holding most of the claim's words, then most of its values (`the hazard ratio for
death, 0.54` against the progression sentence's `0.45`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from citelint.evidence.windows import Evidence, acronyms, indexed, values, worded
from citelint.ground.tokens import relation_words as g
from citelint.sources.model import Span

MOVED_FLOOR = 0.75  # of its words the sentence a value was moved from must hold


def moved_value(
    claim: str, spans: Sequence[Span]
) -> tuple[Evidence, list[tuple[int, str, str]]] | None:
    """The sentence that says the claim in its words (at least `MOVED_FLOOR` of them)
    but gives another value of the same kind where the claim has one of its own: the
    window, and each (where in the claim, the claim's value, the sentence's)."""
    tokens = g.words(claim)
    wanted = values(tokens)
    spans = [s for s in spans if not s.fields]  # a record's values are its fields
    if not wanted or not spans:
        return None
    found = worded(
        tokens,
        spans,
        MOVED_FLOOR,
        sizes=1,
        numbers=frozenset(wanted),
        acronyms=acronyms(claim, tokens),
    )
    if found is None:
        return None
    window = g.words(found.text)
    out = []
    for i, word in enumerate(tokens):
        shape = _after(tokens, i)
        if word.kind != "num" or word.text in {w.text for w in window}:
            continue
        if not any(_given(tokens, i, s.text) for s in spans):
            continue  # a value the source never gives is CL101's: moved is given elsewhere

        others = [
            w.text
            for k, w in enumerate(window)
            if w.kind == "num" and w.text not in wanted and _after(window, k) == shape
        ]
        if others:
            out.append((word.start, word.text, others[0]))
    return (found, out) if out else None


def _given(tokens: Sequence[g.Word], at: int, text: str) -> bool:
    """Whether a span gives the claim's number at `at`: with its unit when a unit or a
    counted word follows it (`3 mg`, `5 years`), as a bare number otherwise (`(75%)`)."""
    nxt = tokens[at + 1] if at + 1 < len(tokens) else None
    if nxt is not None and nxt.kind == "word" and nxt.text.isalpha() and nxt.text not in _LINKS:
        return (tokens[at].text, nxt.text) in shaped(text)
    return tokens[at].text in indexed(text).where


# words after a number that link it to what follows rather than say what it counts
_LINKS = frozenset(
    {"of", "in", "to", "and", "or", "the", "a", "an", "with", "for", "at", "from", "vs"}
    | {"versus", "by", "on", "per", "than", "was", "were", "is", "are"}
)


@lru_cache(maxsize=64)
def shaped(text: str) -> frozenset[tuple[str, str]]:
    """Each number of a span with what follows it (`5 years`): a value and its shape."""
    tokens = g.words(text)
    return frozenset((w.text, _after(tokens, i)) for i, w in enumerate(tokens) if w.kind == "num")


def _after(tokens: Sequence[g.Word], at: int) -> str:
    """What follows a number: its unit or the word it counts (its kind)."""
    nxt = tokens[at + 1] if at + 1 < len(tokens) else None
    return nxt.text if nxt is not None and nxt.kind == "word" else (nxt.text if nxt else "")
