"""CL102 entity-token-miss: a code named in the claim is not in the cited span.

Entity tokens are alphanumeric codes with an upper-case letter, at least two letters and
a digit (`SHR-A1811`, `DS-8201`, `KEYNOTE-189`, `HER2`, `T790M`, `PD-L1`; not `1L`, `2A`,
`m2`, `Q3W`, `200mg`), `NCT` ids, PMIDs written in text and DOIs; HGVS variants
(`p.V600E` is the code `V600E`, `c.1799T>A`), dbSNP ids (`rs113488022`) and exons
(`exon 19`, `19号外显子`); and one capital with digits (`V600`, `T2`) where the context
makes it a code: after a gene-shaped symbol (`BRAF V600`) or near `mutation`, `variant`,
`stage`, `mapping`, `突变` or `分期`. Trial names (`CheckMate 651`, `KEYNOTE-048`) and
named entities (`COVID-19`, `IL-6`) are codes, never numbers. Each must appear in one
of the sentence's located spans as a whole token, ignoring case, width, spaces and
hyphens (`DS8201` matches `DS-8201`; `HER2` matches `HER2-positive`), or be the id of one
of its anchors or of the cited record.

Fails (the METRIC abstract never mentions `KEYNOTE-189`):

    In KEYNOTE-189 the HR was 0.45 [pmid:22663011:results].

Passes:

    Trametinib improved PFS, HR 0.45 [pmid:22663011:results].
"""

from __future__ import annotations

from collections.abc import Iterator

from citelint.evidence.spans import entity_supported
from citelint.ground.tokens import distinct
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._claims import describe_spans, unverifiable
from citelint.rules.base import Finding, NoOptions, Rule


class EntityTokenMiss(Rule[NoOptions]):
    code = "CL102"
    name = "entity-token-miss"
    severity = Severity.CRITICAL
    summary = "an entity code of a sentence appears in none of its anchors' spans"
    suggestion = "cite a source that names this code, or remove it from the claim"
    options_type = NoOptions
    repairable = True
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item in analysis.claims:
            if not item.claim.entities or not item.anchors:
                continue
            skip, unavailable = unverifiable(item.cited, analysis)
            located = item.cited.located
            if skip or (not located and not unavailable):
                continue
            ids = [a.id for a in item.anchors]
            missing = [
                e
                for e in item.claim.entities
                if not any(
                    entity_supported(e, analysis.evidence.index(span), ids) for _, span in located
                )
            ]
            if not missing:
                continue
            s = item.sentence
            names = ", ".join(distinct(e.text for e in missing))
            where = (
                "unverifiable: source unavailable"
                if unavailable
                else f"not found in the cited span {describe_spans(located, analysis)}"
            )
            yield Finding(
                self.code,
                s.offset_of(missing[0].start),
                s.end,
                f"{names} {where}",
                claim=s.text,
                anchors=item.anchors,
                missing=tuple(distinct(e.text for e in missing)),
                spans=tuple(span for _, span in located),
                subject=s.text + "".join(a.text for a in item.anchors),
            )
