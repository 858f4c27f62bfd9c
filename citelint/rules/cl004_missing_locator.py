"""CL004 missing-locator: a claim is cited only by whole sources.

A sentence that states numbers, entity codes or drugs must point at the place in the
source that says them. `[pmid:22663011]` names a whole record; `[pmid:22663011:results]`
names the section where the number can be checked. When every anchor of such a sentence
lacks a locator, CL004 fires at the sentence. Types in `locator-optional-types` (default
`["nmpa-page", "web"]`) are exempt, and so are citations in a report's own style (a
reference number, a link, an identifier): they name a whole record, which is checked as
their span, unless `numbered-locators = "required"`.

A dose of a drug is the exception to every exemption: a claim giving one, cited only as a
whole record (by a reference number, a link or an anchor without a locator), is CL004
whatever `numbered-locators` says, and the message quotes the source sentence that gives
the drug with its dose — the place to cite.

An anchor whose source is not found gets one finding, the unresolved source (CL002 or
CL003), not a second one for its missing locator.

Fails:

    Median PFS was 4.8 months [pmid:22663011].

Passes:

    Median PFS was 4.8 months [pmid:22663011:results].
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.evidence.relations import dose_sentence
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis, BodyClaim, doses_and_drugs
from citelint.rules.base import Finding, NoOptions, Rule


class MissingLocator(Rule[NoOptions]):
    code = "CL004"
    name = "missing-locator"
    severity = Severity.CRITICAL
    summary = "a claim with numbers, codes or drugs is cited only by anchors without a locator"
    suggestion = "add a locator (section, lines or page) to the anchor"
    options_type = NoOptions
    repairable = True
    marks_unverified = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        optional = set(analysis.settings.locator_optional_types)
        lenient = analysis.settings.numbered_locators != "required"
        for item in analysis.claims:
            if not item.anchors or not item.claim.checkable:
                continue
            dosed = _dose_to_cite(item)
            if dosed is not None and all(a.locator is None for a in item.anchors):
                yield self._dose(item, *dosed)
                continue
            if any(
                a.locator is not None or a.type in optional or (a.is_citation and lenient)
                for a in item.anchors
            ):
                continue
            # one anchor, one finding: an anchor whose source is not there is CL002's
            failed = {a for a, _ in item.cited.failed}
            whole = [a for a in item.anchors if a not in failed]
            if not whole:
                continue
            s = item.sentence
            names = ", ".join(a.text for a in whole)
            yield Finding(
                self.code,
                s.start,
                s.end,
                f"claim is cited only by whole sources ({names}); add a locator (section, "
                "lines or page) so its facts can be checked where the source states them",
                claim=s.text,
                anchors=item.anchors,
                subject=s.text + names,
            )

    def _dose(self, item: BodyClaim, dose: str, drug: str, sentence: str) -> Finding:
        s = item.sentence
        quoted = " ".join(sentence.split())[:240]
        return Finding(
            self.code,
            s.start,
            s.end,
            f"a dose ({dose} of {drug}) is cited only as a whole record; cite the place "
            f"that gives it: “{quoted}”",
            claim=s.text,
            anchors=item.anchors,
            subject=s.text + dose,
        )


def _dose_to_cite(item: BodyClaim) -> tuple[str, str, str] | None:
    """(dose, drug, the source sentence giving both) for a claim's first dose whose drug
    a saved, cited span gives with it in one sentence."""
    spans = [span for _, span in (*item.cited.located, *item.cited.whole) if span.path]
    doses, drugs = doses_and_drugs(item.claim)
    for at, written, value in doses if drugs and spans else ():
        drug = min(drugs, key=lambda d: abs(d[0] - at))[1]
        sentence = dose_sentence(value, drug, spans)
        if sentence is not None:
            return written, drug, sentence
    return None
