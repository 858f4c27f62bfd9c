"""CL112 judged-contradicted: the judge found that the cited source contradicts the claim.

`citelint judge` asks a model, once, whether each unchecked claim's evidence windows
support it, and saves the verdict in the sources root's `judged.jsonl`; the lint replays
it offline. A `contradicted` verdict whose key is the claim's today (the claim, the
windows, the model and the prompt unchanged) and whose quote is in the windows verbatim
is CL112, naming the model and quoting the evidence. A verdict that no longer matches is
stale and ignored; one whose quote is not in the windows is invalid and ignored.

Fails (`judged.jsonl` holds a `contradicted` verdict for the claim, quoting "enrolment
closed early after 60 of 400 patients"):

    The trial completed its planned enrolment of 400 patients [1].

Passes: no verdict, or a `supported` one.

Fix: say what the source says, or cite the source that says what the claim says; then
run `citelint judge` again (the claim's new words make the old verdict stale).
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.evidence.judged import Judgement, of_verdicts
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, NoOptions, Rule

QUOTE = 240  # characters of the judge's quote a message shows


def judged_findings(
    code: str, analysis: Analysis, verdicts: tuple[str, ...], found: str
) -> Iterator[Finding]:
    """A finding at each claim the judge gave one of `verdicts`."""
    claims = {item.sentence.start: item for item in analysis.claims}
    for start, judgement in of_verdicts(analysis.judged, verdicts):
        item = claims[start]
        yield Finding(
            code,
            item.sentence.start,
            item.sentence.end,
            f"{_said(judgement, found)}; the source says: “{_quote(judgement)}”"
            + (f"; {judgement.reason}" if judgement.reason else ""),
            claim=item.sentence.text,
            anchors=item.anchors,
        )


def _said(judgement: Judgement, found: str) -> str:
    return f"the judge ({judgement.model}) found {found} ({judgement.verdict})"


def _quote(judgement: Judgement) -> str:
    text = judgement.quote
    return text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"


class JudgedContradicted(Rule[NoOptions]):
    code = "CL112"
    name = "judged-contradicted"
    severity = Severity.CRITICAL
    summary = "the judge found that the cited source contradicts the claim"
    suggestion = "say what the source says, or cite one that says what the claim says"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        yield from judged_findings(
            self.code, analysis, ("contradicted",), "that the cited source contradicts it"
        )
