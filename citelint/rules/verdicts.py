"""Three honest verdicts for every claim: supported, unsupported, unchecked.

The claims counted are the fact-bearing sentences (numbers, drugs, markers: cited or
not), the cited statements CL111 can measure (at least four content words, not a
heading, table row or question), and any sentence a finding says its source does not
back.

- **supported**: every citation resolved to a saved span, the claim's evidence window was
  found (`evidence/windows.py`: the run of at most three sentences of the span that
  holds every value of the claim, a year aside, and at least half its content words; for
  a claim with no value, the run that holds at least three quarters of its content
  words; for a structured record, the located group whose fields hold the numbers),
  and every check that applies ran and passed (a CL110 concern does not change this);
- **unsupported**: a finding says the cited source does not back it (a rule whose
  `unsupports` is set: CL101–CL109, CL111, CL114, CL012, CL105, CL202), or a citation
  reaches an entry whose record is retracted;
- **unchecked**: nothing could be checked: no citation, a source not saved or not
  resolved, no window, a check that abstained. Each unchecked claim carries why
  (`Verdicts.why`: "it cites nothing", "the window that holds its numbers holds 25% of
  its words"…), shown in the audit contract and the HTML view.

A finding counts whether or not it is shown: a suppressed or unselected finding still
means its claim is not supported (O7). Mermaid labels that state a number are claims
too: supported when CL202 found the number where the label cites, unsupported when it
did not, unchecked when a citation failed.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from citelint.evidence.windows import why_none
from citelint.read.analysis import Analysis, BodyClaim


class Verdict(StrEnum):
    SUPPORTED = "supported"
    UNSUPPORTED = "unsupported"
    UNCHECKED = "unchecked"


@dataclass(frozen=True, slots=True)
class Verdicts:
    """The counts of one report, and each body claim's verdict by its index."""

    claims: int = 0
    supported: int = 0
    unsupported: int = 0
    unchecked: int = 0
    of: Mapping[int, Verdict] = field(default_factory=dict)
    by_judge: int = 0  # supported by a saved verdict of the judge, not by a window
    why: Mapping[int, str] = field(default_factory=dict)  # why each unchecked claim is


def verdicts(analysis: Analysis, unsupported: Sequence[int], unchecked: Sequence[int]) -> Verdicts:
    """Each fact-bearing claim's verdict; `unsupported` and `unchecked` are the sorted
    starts of the findings of each kind."""
    withdrawn = {r.resolution for r in analysis.records.values() if r.retraction}
    of: dict[int, Verdict] = {}
    why: dict[int, str] = {}
    by_judge = 0
    for i, item in enumerate(analysis.claims):
        start, end = item.sentence.start, item.sentence.end
        # a sentence a finding says its source does not back is a claim, however little
        # it states otherwise (`started in 2019 [1]`: a year alone, and CL101)
        if not item.counted and not _any_within(unsupported, start, end):
            continue
        if _any_within(unsupported, start, end) or any(
            analysis.resolutions.get(a) in withdrawn for a in item.anchors
        ):
            of[i] = Verdict.UNSUPPORTED
        elif _any_within(unchecked, start, end):
            of[i] = Verdict.UNCHECKED
            why[i] = unchecked_because(analysis, item, flagged=True)
        elif _checked(analysis, item):
            of[i] = Verdict.SUPPORTED
        elif _judged_supported(analysis, item):
            of[i] = Verdict.SUPPORTED
            by_judge += 1
        else:
            of[i] = Verdict.UNCHECKED
            why[i] = unchecked_because(analysis, item)
    counts = {v: sum(1 for x in of.values() if x is v) for v in Verdict}
    for diagram in analysis.diagrams:
        for label, _ in diagram.numbers:
            at = diagram.block.body_start + label.start
            anchors = analysis.label_anchors(diagram, label)
            if _any_within(unsupported, at, at + 1):
                counts[Verdict.UNSUPPORTED] += 1
            elif _any_within(unchecked, at, at + 1) or not anchors:
                counts[Verdict.UNCHECKED] += 1
            else:
                counts[Verdict.SUPPORTED] += 1
    return Verdicts(
        sum(counts.values()),
        counts[Verdict.SUPPORTED],
        counts[Verdict.UNSUPPORTED],
        counts[Verdict.UNCHECKED],
        of,
        by_judge,
        why,
    )


def _checked(analysis: Analysis, item: BodyClaim) -> bool:
    """Whether the claim's citations all reached saved spans and its window was found."""
    cited = item.cited
    if not item.anchors or cited.failed or not cited.located:
        return False
    spans = [span for _, span in cited.located]
    if not all(span.path for span in spans):
        return False  # the quote of an unsaved page
    if analysis.relations(item).evidence is not None:
        return True
    # a structured record whose values are fields, not text: the window is the located
    # group (a trial's results), whose fields CL101 read the numbers from
    return bool(item.claim.numbers) and all(span.structured and span.fields for span in spans)


def unchecked_because(analysis: Analysis, item: BodyClaim, *, flagged: bool = False) -> str:
    """Why a claim was not checked, in a reader's words; `flagged`: a finding of its own
    says a check could not run."""
    cited = item.cited
    if not item.anchors:
        return "it cites nothing"
    if cited.failed or not cited.located:
        return "a citation reached no saved source"
    spans = [span for _, span in cited.located]
    if not all(span.path for span in spans):
        return "its source is a quote of a page not saved"
    if flagged:
        return "a check could not run on its citation (see its finding)"
    return why_none(item.said, spans)


def _judged_supported(analysis: Analysis, item: BodyClaim) -> bool:
    """A claim the judge found supported, its verdict replayed (never under --isolated)."""
    judged = analysis.judged.get(item.sentence.start)
    return judged is not None and judged.verdict == "supported"


def _any_within(sorted_offsets: Sequence[int], start: int, end: int) -> bool:
    i = bisect.bisect_left(sorted_offsets, start)
    return i < len(sorted_offsets) and sorted_offsets[i] <= end
