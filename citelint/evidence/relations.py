"""What a claim's numbers and words are said about, against the source sentence that
supports it (CL106–CL109, CL114).

**Evidence.** The claim's window is `windows.py`'s: a run of at most three sentences of
the cited span holding its values and enough of its words. A structured record's fields
come first (`grouped.py`); then a value moved from the sentence that says the claim; a
claim with no window is not checked: an abstention, counted, never a pass or a finding.

**Binding (CL106)** is `binding.py`'s: what each number is said of.

**Polarity (CL107).** A negation that governs words both sides share ("did not improve
PFS") stands in one and not the other.

**Direction (CL108).** A comparative or change word in the claim whose opposite, and not
itself, is in the evidence (`lower` where the source says `higher`).

**Strength (CL109).** The evidence hedges (`may`, `associated with`, `trend toward`) and
the claim says it outright: it drops the hedge and states the hedged verb, or a cause.

**Frames (CL114)** are `frames.py`'s: population, comparator, roles, ratio, rank,
direction, absence and measure, slot by slot.

All of it is grammar (`tokens/relation_words.py`); the arms, measures and populations are the
evidence's own words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citelint.evidence import wording
from citelint.evidence.binding import Moved, moved, moved_measure, swapped_group
from citelint.evidence.frames import mismatches
from citelint.evidence.grouped import grouped
from citelint.evidence.moves import moved_value
from citelint.evidence.parties import Mismatch
from citelint.evidence.windows import Evidence, find_evidence, indexed, said_whole
from citelint.ground.tokens import relation_words as g
from citelint.sources.model import Span


@dataclass(frozen=True, slots=True)
class Relations:
    evidence: Evidence | None  # None: not checked (an abstention)
    moved: tuple[Moved, ...] = ()
    polarity: tuple[int, str] | None = None  # (where, "adds" | "drops") a negation
    direction: tuple[int, str, str] | None = None  # (where, the claim's word, the source's)
    overclaim: str = ""  # the hedge the claim drops
    # doses said of a drug that the cited span gives, but never in one sentence with it:
    # (where, the dose, the drug)
    unbound_doses: tuple[tuple[int, str, str], ...] = ()
    # slots of the claim's frame the window says otherwise (CL114, `frames.py`)
    frames: tuple[Mismatch, ...] = ()


ABSTAINED = Relations(None)


def check(
    claim: str,
    spans: Sequence[Span],
    doses: Sequence[tuple[int, str, str]] = (),
    drugs: Sequence[tuple[int, str]] = (),
) -> Relations:
    """`doses` are the claim's (where, as written, value) doses, `drugs` its (where, name)
    drug mentions: a dose must be given with its drug in one source sentence."""
    unbound = _unbound_doses(doses, drugs, spans)
    numbers = [w.text for w in g.words(claim) if w.kind == "num"]
    in_fields: set[str] = set()  # the claim's values some record's fields hold
    for span in spans:  # a structured record whose fields hold the claim's values
        held = {n for n in numbers if span.fields and _field_value(span, n)}
        in_fields |= held
        if held:
            found = grouped(claim, span.fields)
            if found is not None:
                said, wrong = found
                return Relations(Evidence(said, span), wrong, unbound_doses=unbound)
    # values a record's result fields all hold are bound by their fields (`grouped`), not
    # by the prose around them (a measure's description: `scale measuring 1-5`)
    fielded = bool(numbers) and in_fields >= set(numbers)
    evidence = find_evidence(claim, spans)
    # one sentence holding every value and every word: nothing was moved into it
    whole = evidence is not None and said_whole(claim, evidence.text)
    shifted = None if whole else moved_value(claim, spans)
    if shifted is not None:  # the sentence that says it gives another value
        window, values = shifted
        says = "the source's sentence that says this gives {}, not {}"
        wrong = tuple(Moved(at, v, says.format(theirs, v)) for at, v, theirs in values)
        return Relations(window, wrong, unbound_doses=unbound)
    if evidence is None:
        for span in spans:  # a structured record: each value's own result group
            found = grouped(claim, span.fields)
            if found is not None:
                said, wrong = found
                return Relations(Evidence(said, span), wrong, unbound_doses=unbound)
        return Relations(None, unbound_doses=unbound) if unbound else ABSTAINED
    moved, polarity, direction, overclaim = _compare(claim, evidence.text)
    if fielded:
        moved = ()
    if not moved:
        moved = swapped_group(claim, evidence.text, evidence.span.text)
    if not moved:
        moved = moved_measure(claim, evidence.text, evidence.span.text)
    if polarity is not None and polarity[1] == "adds" and _excluded(evidence):
        polarity = None  # a list item under `Exclusion Criteria:` says "not allowed"
    framed = mismatches(claim, evidence.text, evidence.span.text)
    return Relations(evidence, moved, polarity, direction, overclaim, unbound, framed)


# A heading that gives the items under it its polarity (eligibility lists, labels)
_LIST_HEADING = re.compile(
    r"^\W*(?P<kind>exclusion|contraindication|inclusion|indication)s?(?:\s+criteria)?\W*$",
    re.I | re.M,
)


def _excluded(evidence: Evidence) -> bool:
    """Whether the evidence is an item of an exclusion or contraindication list: the
    nearest list heading above it in the span says so."""
    at = evidence.span.text.find(evidence.text)
    if at < 0:
        return False
    kinds = [m.group("kind").lower() for m in _LIST_HEADING.finditer(evidence.span.text, 0, at)]
    return bool(kinds) and kinds[-1] in ("exclusion", "contraindication")


def _field_value(span: Span, value: str) -> bool:
    """Whether one of a structured record's fields holds this value (`12.0` is 12)."""
    try:
        wanted = float(value)
    except ValueError:
        return False
    for f in span.fields:
        try:
            if float(f.value.replace(",", "")) == wanted:
                return True
        except ValueError:
            continue
    return False


def dose_sentence(value: str, drug: str, spans: Sequence[Span]) -> str | None:
    """The first sentence of the spans that gives the drug with the dose."""
    for span in spans:
        index, lowered = indexed(span.text), span.text.lower()
        for i in index.where.get(value, ()):
            b, e = index.bounds[i]
            if drug in lowered[b:e]:
                return span.text[b:e]
    return None


def _unbound_doses(
    doses: Sequence[tuple[int, str, str]], drugs: Sequence[tuple[int, str]], spans: Sequence[Span]
) -> tuple[tuple[int, str, str], ...]:
    """Doses whose nearest drug the cited spans name, and the dose too, but never in one
    sentence: a schedule or dose read off the whole record is not said of that drug."""
    out = []
    for at, written, value in doses if drugs else ():
        drug = min(drugs, key=lambda d: abs(d[0] - at))[1]
        together = apart = False
        for span in spans:
            index, lowered = indexed(span.text), span.text.lower()
            places = index.where.get(value, ())
            together = any(drug in lowered[index.bounds[i][0] : index.bounds[i][1]] for i in places)
            apart = apart or (bool(places) and drug in lowered)
            if together:
                break
        if apart and not together:
            out.append((at, written, drug))
    return tuple(out)


@lru_cache(maxsize=2048)
def _compare(
    claim: str, source: str
) -> tuple[tuple[Moved, ...], tuple[int, str] | None, tuple[int, str, str] | None, str]:
    """The four checks of a claim against its evidence (kept: reports repeat sentences).
    Each runs only where its words are: most sentences hold no negation, no comparative
    and no hedge, and a lone number has nothing to be swapped with."""
    tokens = g.words(claim)
    if tokens == g.words(source):
        return (), None, None, ""  # the source's sentence, copied: nothing differs
    both = claim + "\n" + source
    numbers = sum(1 for w in tokens if w.kind == "num")
    return (
        moved(claim, source) if numbers else (),
        wording.polarity(claim, source) if g.negations(both) or wording.prefixed(source) else None,
        wording.direction(claim, source) if g.directions(both) else None,
        wording.overclaim(claim, source) if g.hedged(source) else "",
    )


# -- binding ----------------------------------------------------------------------------
