"""CL103 unsupported-drug: a drug mention has no citation nearby, or its source lacks it.

Drug mentions come from naming rules only, never from a list of drugs: Chinese names of
2–8 Han characters ending in a suffix of `drug-suffixes-zh` (`替尼`, `单抗`, `康唑`, …) or
starting with a prefix of `drug-prefixes-zh` (`头孢`), with the left edge stopping at
grammar words (`首选伏立康唑` names `伏立康唑`); English words of six letters or more ending in
a stem of `drug-stems-en` (`-tinib`, `-mab`, `-platin`, …). A brand is the parenthesis right
after one drug (`奥希替尼（泰瑞沙）`), or `商品名：…`; after a list of n drugs, a
parenthesis of n names assigns them in order. Class words (`TKI`, `ADC`, `EGFR-TKI`,
`PD-1 单抗`) are not drugs.

The nearest anchor is the sentence's, else the paragraph's, list item's or table row's;
none is "no citation near drug mention". The name and each brand must appear in one of
the cited located spans. Drugs in Mermaid labels take their anchors as CL202's numbers do.

Fails (the METRIC abstract is about trametinib, not osimertinib):

    Osimertinib improved PFS [pmid:22663011:results].

Passes:

    Trametinib improved PFS [pmid:22663011:results].
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from citelint.diagnostic import Severity
from citelint.document import Anchor, Document
from citelint.evidence import cited, drug_supported
from citelint.rules._claims import body_claims, describe_spans, unverifiable
from citelint.rules._mermaid import analyzed, diagram_anchors, label_anchors
from citelint.rules.base import Context, Finding, Rule
from citelint.tokens import (
    DEFAULT_DRUG_PREFIXES_ZH,
    DEFAULT_DRUG_STEMS_EN,
    DEFAULT_DRUG_STOP_WORDS_ZH,
    DEFAULT_DRUG_SUFFIXES_ZH,
    DrugMention,
    mask_anchors,
)


@dataclass(frozen=True)
class Options:
    drug_suffixes_zh: tuple[str, ...] = DEFAULT_DRUG_SUFFIXES_ZH
    drug_prefixes_zh: tuple[str, ...] = DEFAULT_DRUG_PREFIXES_ZH
    drug_stop_words_zh: tuple[str, ...] = DEFAULT_DRUG_STOP_WORDS_ZH
    drug_stems_en: tuple[str, ...] = DEFAULT_DRUG_STEMS_EN


class UnsupportedDrug(Rule):
    code = "CL103"
    name = "unsupported-drug"
    severity = Severity.CRITICAL
    summary = "a drug mention has no anchor nearby, or its name or brand is not in the cited span"
    suggestion = "cite a source that names the drug and its brand"
    Options = Options

    def check(self, doc: Document, ctx: Context) -> Iterator[Finding]:
        for item in body_claims(doc, ctx):
            if not item.claim.drugs:
                continue
            s = item.sentence
            anchors = item.anchors or tuple(a for x in s.block.sentences for a in x.anchors)
            for drug in item.claim.drugs:
                yield from self._judge(
                    drug.name, drug, s.text, s.offset_of(drug.start), s.end, anchors, ctx
                )
        # Mermaid labels take their anchors by the CL202 placement rule (DECISIONS D5).
        for block, diagram in analyzed(doc):
            covering = diagram_anchors(doc, block, diagram)
            for label in diagram.labels:
                at = block.body_start + label.start
                anchors = label_anchors(doc, label, block) + covering
                for drug in ctx.claims.drugs.mentions(mask_anchors(label.text)):
                    yield from self._judge(
                        drug.name,
                        drug,
                        label.text,
                        at + drug.start,
                        at + len(label.text),
                        anchors,
                        ctx,
                    )

    def _judge(
        self,
        name: str,
        drug: DrugMention,
        claim: str,
        start: int,
        end: int,
        anchors: tuple[Anchor, ...],
        ctx: Context,
    ) -> Iterator[Finding]:
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
        spans = cited(anchors, ctx.resolutions, ctx.settings.locator_optional_types)
        skip, unavailable = unverifiable(spans, ctx)
        located = spans.located
        if skip or (not located and not unavailable):
            return  # whole-source anchors are CL004's business, failures CL002-CL007's
        name_ok = False
        brands_missing = set(drug.brands)
        for _, span in located:
            ok, missing_brands = drug_supported(drug, ctx.evidence.index(span))
            name_ok = name_ok or ok
            brands_missing &= set(missing_brands)
        if name_ok and not brands_missing:
            return
        missing = ([] if name_ok else [name]) + sorted(brands_missing)
        what = (
            "unverifiable: source unavailable"
            if unavailable
            else f"not found in the cited span {describe_spans(located, ctx)}"
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
