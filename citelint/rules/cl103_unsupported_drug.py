"""CL103 unsupported-drug: a drug mention has no citation nearby, or its source lacks it.

Drug mentions come from naming rules only, never from a list of drugs: Chinese names of
2–8 Han characters ending in a suffix of `drug-suffixes-zh` (`替尼`, `单抗`, `康唑`, …) or
starting with a prefix of `drug-prefixes-zh` (`头孢`), with the left edge stopping at
grammar words (`首选伏立康唑` names `伏立康唑`); English words of six letters or more ending in
a stem of `drug-stems-en` (`-tinib`, `-mab`, `-platin`, …). A brand is the parenthesis right
after one drug (`奥希替尼（泰瑞沙）`), or `商品名：…`; after a list of n drugs, a
parenthesis of n names assigns them in order. A parenthesis that names the drug in the
other script is a gloss, not a brand: `曲美替尼（trametinib）` is one drug, supported when
the span names it either way. A later suffix that reaches back over an earlier one makes
one name (`度普利尤单抗`, not `度普利`). Class words (`TKI`, `ADC`, `EGFR-TKI`,
`PD-1 单抗`) are not drugs. The naming grammar is the claim model's, set at the top
level of the config (`drug-suffixes-zh`, `drug-prefixes-zh`, `drug-stop-words-zh`,
`drug-stems-en`), so every rule reads drugs the same way.

The nearest anchor is the sentence's, else the paragraph's, list item's or table row's.
A body sentence with no citation at all is CL001's finding alone (one finding per
problem); in a Mermaid label, which CL001 does not read, a drug with no anchor is "no
citation near drug mention". The name and each brand must appear in one of the cited
located spans. Drugs in Mermaid labels take their anchors as CL202's numbers do.

Fails (the METRIC abstract is about trametinib, not osimertinib):

    Osimertinib improved PFS [pmid:22663011:results].

Passes:

    Trametinib improved PFS [pmid:22663011:results].
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.evidence.spans import drug_supported
from citelint.ground.document import Anchor
from citelint.ground.tokens import DrugMention, mask_anchors
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._claims import describe_spans, unverifiable
from citelint.rules.base import Finding, NoOptions, Rule


class UnsupportedDrug(Rule[NoOptions]):
    code = "CL103"
    name = "unsupported-drug"
    severity = Severity.CRITICAL
    summary = "a drug mention has no anchor nearby, or its name or brand is not in the cited span"
    suggestion = "cite a source that names the drug and its brand"
    options_type = NoOptions
    repairable = True
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item in analysis.claims:
            if not item.claim.drugs:
                continue
            s = item.sentence
            anchors = item.anchors or tuple(a for x in s.block.sentences for a in x.anchors)
            if not anchors:
                continue  # a drug makes the sentence fact-bearing: CL001 reports it
            for drug in item.claim.drugs:
                yield from self._judge(
                    drug, s.text, s.offset_of(drug.start), s.end, anchors, analysis
                )
        # Mermaid labels take their anchors by the CL202 placement rule (DECISIONS D5).
        for diagram in analysis.diagrams:
            for label in diagram.diagram.labels:
                at = diagram.block.body_start + label.start
                anchors = analysis.label_anchors(diagram, label)
                for drug in analysis.reader.drugs.mentions(mask_anchors(label.text)):
                    yield from self._judge(
                        drug, label.text, at + drug.start, at + len(label.text), anchors, analysis
                    )

    def _judge(
        self,
        drug: DrugMention,
        claim: str,
        start: int,
        end: int,
        anchors: tuple[Anchor, ...],
        analysis: Analysis,
    ) -> Iterator[Finding]:
        name = drug.name
        subject = claim + name + "".join(a.text for a in anchors)
        if not anchors:
            yield Finding(
                self.code,
                start,
                start + len(name),
                f"no citation near drug mention {name}: cite a source that names it in "
                "this sentence or paragraph",
                claim=claim,
                missing=(name,),
                subject=subject,
            )
            return
        spans = analysis.cite(anchors)
        skip, unavailable = unverifiable(spans, analysis)
        # a quote kept from an unsaved page checks numbers and codes, not names (CL011)
        located = tuple((a, span) for a, span in spans.located if span.path)
        if skip or (not located and not unavailable):
            return  # whole-source anchors are CL004's business, failures CL002-CL007's
        name_ok = False
        brands_missing = set(drug.brands)
        for _, span in located:
            ok, missing_brands = drug_supported(drug, analysis.evidence.index(span))
            name_ok = name_ok or ok
            brands_missing &= set(missing_brands)
        if name_ok and not brands_missing:
            return
        missing = ([] if name_ok else [name]) + sorted(brands_missing)
        what = (
            "unverifiable: source unavailable"
            if unavailable
            else f"not found in the cited span {describe_spans(located, analysis)}"
        )
        kind = "drug" if not name_ok else f"brand of {name}"
        yield Finding(
            self.code,
            start,
            end,
            f"{kind} {', '.join(missing)} {what}",
            claim=claim,
            anchors=anchors,
            missing=tuple(missing),
            spans=tuple(span for _, span in located),
            subject=subject,
        )
