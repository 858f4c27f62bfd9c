"""CL106 relation-mismatch: a number of the claim is bound to another arm, measure or
population than in the source.

The claim's numbers are all in the cited span — CL101 is quiet — but put together wrongly:
the value the source gives for one arm is stated for the other, or a progression-free
survival figure as the overall survival. citelint finds the source sentence that holds
the claim's numbers (the smallest run of sentences of the cited span), reads each
number's phrase on both sides — the words between it and the nearest separator (`vs`,
`and`, a comma) or other number — and reports a number whose claim words stand, in the
source, beside another number and never beside its own. Order does not matter: "4.8
months with trametinib vs 1.5 with chemotherapy" and "chemotherapy 1.5 months, trametinib
4.8" agree. A sentence copied with its numbers trading places ("81% and 67%,
respectively" turned round) is reported too. The arms, measures and populations are the
source's own words; a claim whose numbers no run of sentences holds is not checked.

A dose is safety-critical: a dose said of a drug must stand with that drug in one
sentence of the cited span. A record that gives the dose in one place and the drug in
another does not support "trametinib 2 mg once daily", however whole the record is.

Fails (the source: "4.8 months in the trametinib group and 1.5 months in the chemotherapy
group"):

    PFS was 1.5 months with trametinib and 4.8 months with chemotherapy [pmid:22663011:abstract].

Passes:

    With chemotherapy PFS was 1.5 months, with trametinib 4.8 months [pmid:22663011:abstract].

Fix: give each number the arm, measure and population the source gives it.
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._relation_findings import finding
from citelint.rules.base import Finding, NoOptions, Rule


class RelationMismatch(Rule[NoOptions]):
    code = "CL106"
    name = "relation-mismatch"
    severity = Severity.CRITICAL
    summary = (
        "a number of the claim is bound to another arm, measure or population than in the source"
    )
    suggestion = "give each number the arm, measure and population its source gives it"
    options_type = NoOptions
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item in analysis.claims:
            if not item.cited.located or item.cited.failed:
                continue
            relations = analysis.relations(item)
            if relations.evidence is not None and relations.moved:
                said = "; ".join(m.says for m in relations.moved)
                yield finding(self.code, item, relations, relations.moved[0].at, said)
            for at, dose, drug in relations.unbound_doses:
                s = item.sentence
                yield Finding(
                    self.code,
                    s.offset_of(at),
                    s.end,
                    f"{dose} is said of {drug}, but no one sentence of the cited span gives "
                    f"{drug} with {dose} (it has both, apart); cite the sentence that does",
                    claim=s.text,
                    anchors=item.anchors,
                    spans=tuple(span for _, span in item.cited.located),
                    subject=s.text + self.code + dose,
                )
