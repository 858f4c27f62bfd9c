"""CL101 numeric-token-miss: a number of the claim is not in the cited span.

Every numeric token of an anchored body sentence must be supported by one of the located
spans its anchors point at: the same value (exact decimal, `12.0%` = `12%`), the same
scale (`万`, `亿`, `million` are never converted), and a compatible kind (a percentage by
a percentage, a count by a count, `n=` or a bare number, money in the same currency, a
duration, dose or measurement in the same unit). Matching is on whole numbers: `12%` is
not supported by `112%`.

What is a numeric token: a number with a unit, currency, scale, count word, duration,
dose, rate, statistic label (`HR 0.45`, `p < 0.05`) or comparator (`CPS ≥ 1`, `CD4 <
200`); a measurement unit is read by its SI/UCUM shape, not from a list (`200 cells/mm3`,
`5.6 mmol/L`, `60 Gy`, `2 Gy/fraction`, `38.5 °C`, `3 × 10^9/L`) and compared by its unit
text (a superscript minus is the hyphen: `cm⁻¹` is `cm-1`); a unit written by its symbol,
its English name or its Chinese one is one unit (`5 km`, `5 kilometres`, `5公里`; `3.5 kg`,
`3.5 kilograms`, `3.5公斤`; `40 min`, `40分钟`; `2 GB`, `2 gigabytes`), and sizes of other
bases stay apart (`4 MiB` is not `4 MB`). A value and its uncertainty
are two tokens sharing the unit (`1328±2 cm⁻¹`). A count is a number before a plural noun,
with at most one modifier (`52 variants`, `21 healthy volunteers`, `12 countries`) or
before a Chinese measure word (`117个`, `22例`); an age in `岁` is a duration in years. What
is not: a number glued to letters (`HER2`, `CD20`), a subscript (`ν₁`, `Fe₂O₃`), a time
signature (`5/4拍`, `7/8 time`), a section or version (`§5.5.2`, `version 2.1`), a number
naming a phase, grade, stage, type, cycle, cohort, arm, table or figure, or a list of them
(`Phase 1/2a`, `Phase 2, 3`, `Grade 3`), a number in a name of two capitals (`RTOG 9501
trials`), a citation group (`[1]`, `[10, 11]`), a list's enumerator (`3. `, `(2) `), a
time of day, and on the claim side a bare number with nothing that says what it counts. On
a source every other number is indexed, also one glued to `vs.` (`20.8%vs.25.4%`) and one
spelled as a word (`five experiments` supports `5 experiments`); a duration is supported
only by a duration in the same unit, never by a bare number that happens to share its
value.
Structured sources (JSON, XML) support through whole-number fields, judged by
the units their records name. A year is supported by the same year in the span or in the
record's publication or registration date. A year or number that names a work is no
claim token: a publication year (`Singh et al. 2023`, `(Smith, 2015)`: CL104 compares it
with the entry), a year between a determiner and a noun that dates what the sentence
names (`the 2019 report`, `a 2021 meta-analysis`), an arXiv id and `vol(issue):pages`.
Neither is the deadline of the author's own plan (`by 2027` in `Success criterion: >200
qubits by 2027`; CL001 says what a plan is): its figures are checked when it cites (a
forecast cited to its model must be the model's number).

The message names the cited span's closest value of the same kind, unit (or counted
noun) and decimals when one lies within a fifth of the claim's (`the span says 21.4
months where the claim says 22.4 months`): the likeliest fix. Otherwise it recalls that a
derived or converted number (a sum, a growth rate, `371.0398万` from `3710398`) is not in
any source: save the calculation in an evidence/model file and cite it from there.

Fails (`[pmid:22663011:results]` says 4.8 months, not 5.8):

    Median PFS was 5.8 months [pmid:22663011:results].

Passes:

    Median PFS was 4.8 months [pmid:22663011:results].
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from citelint.evidence.nearest import nearest
from citelint.evidence.spans import date_supported, listed_count, token_supported
from citelint.ground.document import Anchor
from citelint.ground.tokens import Kind, NumericToken, distinct
from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules._claims import describe_spans, unverifiable
from citelint.rules.base import Finding, NoOptions, Rule
from citelint.sources.model import Span

HINT = "derived or converted values must be saved in an evidence/model file and cited from there"


def _near(
    missing: list[NumericToken], located: Sequence[tuple[Anchor, Span]], analysis: Analysis
) -> str:
    """`the span says 21.4 months`: the cited span's closest value of a missing token's
    kind, for each token that has one (a misread is the likeliest fix, before a
    derivation)."""
    said = []
    once = {t.text: t for t in missing if t.kind is not Kind.DATE}  # a year is no misread
    for tok in once.values():
        for _, span in located:
            near = nearest(tok, analysis.evidence.index(span))
            if near is not None:
                said.append(f"{near.text} where the claim says {tok.text}")
                break
    return f"the span says {'; '.join(said)}" if said else ""


class NumericTokenMiss(Rule[NoOptions]):
    code = "CL101"
    name = "numeric-token-miss"
    severity = Severity.CRITICAL
    summary = "a numeric token of a sentence is supported by none of its anchors' located spans"
    suggestion = (
        "quote the number as the source states it, or cite an evidence/model file that derives it"
    )
    options_type = NoOptions
    repairable = True
    marks_unverified = True
    unsupports = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for item in analysis.claims:
            tokens = item.claim.numbers + item.claim.dates
            if not tokens or not item.anchors:
                continue
            skip, unavailable = unverifiable(item.cited, analysis)
            located = item.cited.located
            if not located and not unavailable:
                continue  # whole-source anchors are CL004's business
            missing: list[NumericToken] = []
            for tok in tokens:
                ok = False
                for _, span in located:
                    idx = analysis.evidence.index(span)
                    if tok.kind == "date":
                        ok = date_supported(tok, idx)
                    else:
                        ok = token_supported(tok, idx, structured=span.structured)
                        ok = ok or listed_count(tok, item.claim.entities, idx)
                    if ok:
                        break
                if not ok:
                    missing.append(tok)
            if not missing or skip:
                continue
            s = item.sentence
            names = ", ".join(distinct(t.text for t in missing))
            if unavailable:
                message = (
                    f"{names} unverifiable: source unavailable "
                    f"({', '.join(a.text for a, _ in item.cited.failed)})"
                )
            else:
                where = describe_spans(located, analysis)
                near = _near(missing, located, analysis)
                message = f"{names} not found in the cited span {where}; {near or HINT}"
            yield Finding(
                self.code,
                s.offset_of(missing[0].start),
                s.end,
                message,
                claim=s.text,
                anchors=item.anchors,
                missing=tuple(distinct(t.text for t in missing)),
                spans=tuple(span for _, span in located),
                subject=s.text + "".join(a.text for a in item.anchors),
            )
