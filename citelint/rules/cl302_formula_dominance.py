"""CL302 formula-dominance: the report is mostly a model dump dressed as a report.

Among the body's anchors, formula and model anchors are `evidence` anchors whose id holds
one of `formula-patterns` (default `model`, `formula`, `calc`, `测算`, `模型`). When they
number at least `min-formula` (4), the body has at least `min-total` (8) anchors, and their
share exceeds `max-share` (0.30), the report rests on its own calculations more than on
sources: CL302 at the first heading, naming the counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from citelint.outputs.diagnostic import Severity
from citelint.read.analysis import Analysis
from citelint.rules.base import Finding, Rule, RuleOptions


@dataclass(frozen=True)
class Options(RuleOptions):
    formula_patterns: tuple[str, ...] = ("model", "formula", "calc", "测算", "模型")
    min_formula: int = 4
    min_total: int = 8
    max_share: float = 0.30


class FormulaDominance(Rule[Options]):
    code = "CL302"
    name = "formula-dominance"
    severity = Severity.CRITICAL
    summary = "formula/model anchors dominate the body's anchors"
    suggestion = "support the analysis with sources rather than with the report's own calculations"
    options_type = Options
    pipeline_only = True

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        o = self.options
        anchors = {
            a for b in analysis.doc.blocks if not b.appendix for s in b.sentences for a in s.anchors
        }
        patterns = [p.casefold() for p in o.formula_patterns]
        formula = [
            a
            for a in anchors
            if a.type == "evidence" and any(p in a.id.casefold() for p in patterns)
        ]
        total = len(anchors)
        if (
            len(formula) >= o.min_formula
            and total >= o.min_total
            and len(formula) / total > o.max_share
        ):
            at = analysis.doc.first_heading_offset()
            yield Finding(
                self.code,
                at,
                at + 1,
                f"{len(formula)} of {total} body anchors ({len(formula) / total:.0%}) cite "
                f"formula or model files (max-share {o.max_share:.0%}): support the analysis "
                "with sources, not only with the report's own calculations",
                subject="file",
            )
